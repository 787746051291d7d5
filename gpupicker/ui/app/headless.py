"""What the launcher runs without showing the window: ``--screenshot`` and ``--selftest``,
and the helpers that build a whole window over a catalog (:func:`build_window`) or open the
catalog (:func:`_open_repo`, also a step of the window's start after the first paint).

Apart from :mod:`.launch` so that the window's start compiles and imports none of it before
its first page is painted (cold start); :mod:`.launch` still answers to the old
names.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from argparse import Namespace

    from PySide6.QtWidgets import QApplication

    from ...catalog import CatalogCorruptError, CatalogRepository
    from ..main_window import MainWindow


def _open_repo(catalog: str | None, interactive: bool) -> CatalogRepository | None:
    """Open the catalog; on corruption ask (GUI) or fail (headless). None = give up."""
    from ... import paths
    from ..catalog_access import corrupt_error_types, open_repository, recover_repository
    from ..settings.dialogs import CorruptCatalogDialog

    try:
        return open_repository(catalog)
    except corrupt_error_types() as exc:
        where = str(paths.catalog_path(catalog))
        if interactive and CorruptCatalogDialog.ask(where, str(exc)):
            return recover_repository(catalog)
        detail = cast("CatalogCorruptError", exc).detail  # the only corrupt-error type
        print(
            f"gpupicker: the catalog {where} is damaged ({detail}); run `gpupicker "
            "catalog recover` (or `gpupicker` with a display) to move it aside and recreate "
            "it, then `gpupicker catalog restore NAME` to bring back a backup.",
            file=sys.stderr,
        )
        return None


def build_window(repo: CatalogRepository, workload_path: str | None = None) -> MainWindow:
    """The main window over ``repo``, optionally starting from a workload JSON file."""
    from ..controller import WorkloadController
    from ..main_window import MainWindow
    from ..settings.preferences import Preferences
    from ..wizard.workload_files import read_workload

    prefs = Preferences.load()
    w = read_workload(workload_path, repo) if workload_path else None
    controller = WorkloadController(repo, w, prefs)
    window = MainWindow(repo, controller)
    controller.setParent(window)
    return window


def render_page(window: MainWindow, page: str, path: str) -> bool:
    """Show ``page`` ("task" … "results", "curves" = results with the Curves tab, or "catalog")
    and save it as PNG at ``path``."""
    from PySide6.QtWidgets import QApplication, QWidget

    from ..main_window import DEFAULT_SIZE

    size = os.environ.get("GPUPICKER_SCREENSHOT_SIZE", "")  # e.g. 1000x640 (layout checks)
    if "x" in size:
        wpx, hpx = (int(v) for v in size.lower().split("x", 1))
        window.resize(wpx, hpx)
    else:
        window.resize(DEFAULT_SIZE)
    window.show()
    window.live.recompute()
    target: QWidget
    if page == "catalog":
        target = window.open_catalog_editor()
        target.resize(1280, 700)
    else:
        window.wizard.show_page("results" if page == "curves" else page)
        if page == "curves":  # the results page with its Curves tab in front
            window.wizard.results_page.plot_tabs.setCurrentIndex(1)
        target = window
    for _ in range(3):
        QApplication.processEvents()
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    return bool(target.grab().save(str(path), "PNG"))


def screenshot(args: Namespace) -> int:
    """``--screenshot``: render ``args.page`` of a window over the catalog to ``args.screenshot``
    (PNG); returns the exit status."""
    repo = _open_repo(args.catalog, interactive=False)
    if repo is None:
        return 1
    try:
        window = build_window(repo, getattr(args, "gui_workload", None))
    except (OSError, ValueError) as exc:
        print(f"gpupicker: cannot use workload {args.gui_workload}: {exc}", file=sys.stderr)
        return 2
    ok = render_page(window, getattr(args, "page", None) or "results", args.screenshot)
    window.remember_geometry = False
    window.close()
    if not ok:
        print(f"gpupicker: could not write {args.screenshot}", file=sys.stderr)
        return 1
    print(f"gpupicker: wrote {args.screenshot}")
    return 0


def selftest(args: Namespace, app: QApplication) -> int:
    """``--selftest`` in ``app`` (made for zh_CN): window offscreen + catalog + zh_CN translator
    + one recommendation → one line; returns the exit status."""
    loaded = getattr(app, "_gpupicker_i18n", {})
    repo = _open_repo(args.catalog, interactive=False)
    if repo is None:
        return 1
    window = build_window(repo, getattr(args, "gui_workload", None))
    window.remember_geometry = False
    window.resize(1280, 860)
    window.show()
    view = window.live.recompute()
    session = ""
    changes = int(getattr(args, "selftest_changes", 0) or 0)
    if changes > 0 and not view.error:
        from .long_session import problems, run_session

        report = run_session(window, changes)
        found = problems(report)
        if found:
            window.close()
            print(
                f"gpupicker selftest FAILED after {report.changes} input changes: " + "; ".join(found),
                file=sys.stderr,
            )
            return 1
        session = (
            f", {report.changes} input changes in {report.seconds:.1f} s "
            f"(refcount(None) {report.none_drift_per_change:+.1f}/change, "
            f"traced memory {report.traced_growth_bytes / 1024:+.0f} KiB)"
        )
    window.close()
    if view.error or not view.options:
        print(f"gpupicker selftest FAILED: {view.error or 'no options'}", file=sys.stderr)
        return 1
    if not loaded.get("gpupicker"):
        print(
            "gpupicker selftest FAILED: zh_CN translation not found (run python -m gpupicker.ui.i18n.build)",
            file=sys.stderr,
        )
        return 1
    from .fonts import cjk_render_check

    cjk = cjk_render_check()
    if not cjk.ok:
        status = getattr(app, "_gpupicker_cjk", None)
        print(
            f"gpupicker selftest FAILED: Chinese text renders as boxes ({cjk.missing!r} with "
            f"{', '.join(cjk.families)}); bundled CJK font: "
            f"{getattr(status, 'error', None) or getattr(status, 'family', None)}",
            file=sys.stderr,
        )
        return 1
    top = view.options[0]
    print(
        f"gpupicker selftest ok: {len(view.options)} options, top {top.gpu_id} x{top.num_gpus} "
        f"({'fits' if top.fits else 'does not fit'}), zh_CN translator loaded, "
        f"qtbase_zh_CN {'loaded' if loaded.get('qtbase') else 'missing'}, "
        f"CJK glyphs ok ({', '.join(cjk.families)}){session}"
    )
    return 0
