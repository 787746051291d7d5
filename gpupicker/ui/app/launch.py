"""Start the GUI (or render a screenshot, or run the self-test) from parsed CLI arguments.

``gpupicker.cli`` calls :func:`launch` when no subcommand is given.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:  # imported when used: the CLI imports this module without Qt or the catalog
    from argparse import Namespace

    from PySide6.QtWidgets import QApplication

    from ...catalog import CatalogCorruptError, CatalogRepository
    from ..main_window import MainWindow

NO_DISPLAY_MESSAGE = (
    "gpupicker: no display found (DISPLAY/WAYLAND_DISPLAY unset), so the window cannot open; "
    "use the command line instead (gpupicker estimate --workload FILE, gpupicker recommend "
    "--workload FILE) or render a page with gpupicker --screenshot out.png --page results."
)


def has_display() -> bool:
    """False on Linux/BSD without DISPLAY, WAYLAND_DISPLAY or an explicit QT_QPA_PLATFORM."""
    if not sys.platform.startswith(("linux", "freebsd", "openbsd")):
        return True
    return any(os.environ.get(v) for v in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"))


def _app(lang: str | None, defer_fonts: bool = False) -> QApplication:
    """The QApplication with the style sheet and translators; the bundled CJK fallback font is
    registered now, or with ``defer_fonts`` (the window's start, issue 17) only when the UI
    language is Chinese — else right after the first paint (:mod:`.startup`): listing the
    system's fonts and loading the 0.8 MB subset took 70 ms of a cold start."""
    if os.environ.get("GPUPICKER_QT_GUI_THREADPOOL") != "1":
        # Qt's raster engine hands each polygon fill (every axis tick and grid line of the
        # plots) to its GUI thread pool and waits on a latch: for fills this small the
        # hand-off costs more than it saves — an input change painted in 27 ms instead of
        # 31 (median of 30, bench_gui.py, 2 cores; py-spy: half of the axes' paint time was
        # QThreadPool::start and QLatch::wait). Read once by Qt, so set before the first
        # paint; GPUPICKER_QT_GUI_THREADPOOL=1 keeps Qt's pool (issue 17).
        os.environ.setdefault("QT_NO_GUI_THREADPOOL", "1")
    from PySide6.QtWidgets import QApplication

    from ... import paths
    from ..i18n.translators import install_translators

    # instance(): the one application of this process, always a QApplication (made here)
    app = cast(QApplication, QApplication.instance()
               or QApplication([sys.argv[0] if sys.argv else "gpupicker"]))
    app.setApplicationName("gpupicker")
    app.setOrganizationName("gpupicker")
    app.setDesktopFileName("gpupicker")  # Wayland: match gpupicker.desktop (icon, grouping)
    qss = paths.resources_dir() / "style.qss"
    if qss.exists():
        app.setStyleSheet(qss.read_text(encoding="utf-8"))
    app._gpupicker_i18n = install_translators(app, lang)  # type: ignore[attr-defined]
    if not defer_fonts or ui_is_chinese(lang):
        ensure_cjk_font(app)
    return app


def ui_is_chinese(lang: str | None) -> bool:
    """True when the UI shows Chinese: ``lang`` (or, when None, the system locale) is zh_*."""
    if lang:
        return lang.lower().startswith("zh")
    from PySide6.QtCore import QLocale

    return QLocale.system().name().lower().startswith("zh")


def ensure_cjk_font(app: QApplication) -> None:
    """Register the bundled CJK fallback font once per process (``app._gpupicker_cjk``)."""
    if not hasattr(app, "_gpupicker_cjk"):
        from .fonts import register_cjk_fallback

        app._gpupicker_cjk = register_cjk_fallback()  # type: ignore[attr-defined]


def _open_repo(catalog: str | None, interactive: bool) -> CatalogRepository | None:
    """Open the catalog; on corruption ask (GUI) or fail (headless). None = give up."""
    from ... import paths
    from ..catalog_access import corrupt_error_types, open_repository, recover_repository
    from .dialogs import CorruptCatalogDialog

    try:
        return open_repository(catalog)
    except corrupt_error_types() as exc:
        where = str(paths.catalog_path(catalog))
        if interactive and CorruptCatalogDialog.ask(where, str(exc)):
            return recover_repository(catalog)
        detail = cast("CatalogCorruptError", exc).detail  # the only corrupt-error type
        print(f"gpupicker: the catalog {where} is damaged ({detail}); run `gpupicker "
              "catalog recover` (or `gpupicker` with a display) to move it aside and recreate "
              "it, then `gpupicker catalog restore NAME` to bring back a backup.",
              file=sys.stderr)
        return None


def build_window(repo: CatalogRepository, workload_path: str | None = None) -> MainWindow:
    """The main window over ``repo``, optionally starting from a workload JSON file."""
    from ..controller import WorkloadController
    from ..main_window import MainWindow
    from ..wizard.workload_files import read_workload
    from .preferences import Preferences

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
        if page == "curves":  # the results page with its Curves tab in front (issue 14)
            window.wizard.results_page.plot_tabs.setCurrentIndex(1)
        target = window
    for _ in range(3):
        QApplication.processEvents()
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    return bool(target.grab().save(str(path), "PNG"))


def startup_error_message(exc: BaseException) -> str:
    """One line for a folder or catalog that cannot be created or written at start-up."""
    from ...catalog import CatalogError

    if isinstance(exc, CatalogError):  # already says what to do
        return f"gpupicker: {exc}"
    where = getattr(exc, "filename", None) or os.environ.get("GPUPICKER_HOME") or ""
    why = getattr(exc, "strerror", None) or str(exc)
    return (f"gpupicker: cannot use the folder {where} ({why}); make it writable, or set "
            "GPUPICKER_HOME to a writable folder.")


def _startup_error_types() -> tuple[type[BaseException], ...]:
    import sqlite3

    from ..catalog_access import read_only_error_types

    return (OSError, sqlite3.Error) + read_only_error_types()


def launch(args: Namespace) -> int:
    """Run the GUI, ``--screenshot`` or ``--selftest`` per ``args``; returns the exit status.

    An unwritable GPUPICKER_HOME (or catalog folder) gives one clear line on stderr (and a
    dialog in GUI mode), never a traceback.
    """
    headless = bool(getattr(args, "screenshot", None)) or bool(getattr(args, "selftest", False))
    try:
        return _launch(args, headless)
    except _startup_error_types() as exc:
        msg = startup_error_message(exc)
        print(msg, file=sys.stderr)
        if not headless and has_display():
            from .dialogs import StartupErrorDialog

            StartupErrorDialog.ask(msg)
        return 1


def _launch(args: Namespace, headless: bool) -> int:
    if not has_display():
        if not headless:
            print(NO_DISPLAY_MESSAGE, file=sys.stderr)
            return 2
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from .qt_platform import check_xcb_libraries

    missing_xcb = check_xcb_libraries()
    if missing_xcb:  # instead of Qt's abort, which names the wrong library
        print(missing_xcb, file=sys.stderr)
        return 2
    lang = getattr(args, "lang", None)
    if getattr(args, "selftest", False):
        return _selftest(args)
    from .user_files import saved_lang

    app = _app(lang or saved_lang(), defer_fonts=not headless)
    if not headless and not _second_instance_ok(app, args.catalog):
        return 0
    if not headless:  # a hard crash leaves fault-<pid>.log; the next start offers the log
        from ... import paths
        from .fault_log import start_fault_log

        # the log file, the excepthook and the crashes of earlier sessions (collected:
        # this process's own fault file is skipped) come right after the first paint
        # (ui.app.startup: logging.handlers, the dialogs and the folder scan cost 12 ms)
        start_fault_log(paths.user_log_dir())
    try:
        return _run(args, app, headless)
    finally:
        if not headless:
            from .fault_log import stop_fault_log

            stop_fault_log()


def _run(args: Namespace, app: QApplication, headless: bool) -> int:
    if not headless:  # the first page paints first, the rest is built right after (issue 17)
        from .startup import run_window

        # this module is handed over, not imported back there (no import cycle)
        return run_window(args, app, sys.modules[__name__])
    repo = _open_repo(args.catalog, interactive=False)
    if repo is None:
        return 1
    try:
        window = build_window(repo, getattr(args, "gui_workload", None))
    except (OSError, ValueError) as exc:
        print(f"gpupicker: cannot use workload {args.gui_workload}: {exc}", file=sys.stderr)
        return 2
    ok = render_page(window, getattr(args, "page", None) or "results", args.screenshot)
    window.close()
    if not ok:
        print(f"gpupicker: could not write {args.screenshot}", file=sys.stderr)
        return 1
    print(f"gpupicker: wrote {args.screenshot}")
    return 0


def _second_instance_ok(app: QApplication, catalog: str | None) -> bool:
    """Hold this catalog's instance lock on ``app``; when another window holds it, say so
    (stderr and a dialog) and return whether the user opens a second one anyway."""
    from ... import paths
    from .single_instance import ask_open_anyway, claim, lock_path, message

    path = paths.catalog_path(catalog)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError:
        return True  # cannot tell; opening the catalog reports the folder problem
    lock, other = claim(lock_path(path))
    app._gpupicker_instance_lock = lock  # type: ignore[attr-defined]
    if other is None:
        return True
    print(f"gpupicker: {message(other)}", file=sys.stderr)
    return ask_open_anyway(other)


def _selftest(args: Namespace) -> int:
    """Window offscreen + catalog + zh_CN translator + one recommendation → one line."""
    app = _app("zh_CN")
    loaded = getattr(app, "_gpupicker_i18n", {})
    repo = _open_repo(args.catalog, interactive=False)
    if repo is None:
        return 1
    window = build_window(repo, getattr(args, "gui_workload", None))
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
            print(f"gpupicker selftest FAILED after {report.changes} input changes: "
                  + "; ".join(found), file=sys.stderr)
            return 1
        session = (f", {report.changes} input changes in {report.seconds:.1f} s "
                   f"(refcount(None) {report.none_drift_per_change:+.1f}/change, "
                   f"traced memory {report.traced_growth_bytes / 1024:+.0f} KiB)")
    window.close()
    if view.error or not view.options:
        print(f"gpupicker selftest FAILED: {view.error or 'no options'}", file=sys.stderr)
        return 1
    if not loaded.get("gpupicker"):
        print("gpupicker selftest FAILED: zh_CN translation not found (run "
              "python -m gpupicker.ui.i18n.build)", file=sys.stderr)
        return 1
    from .fonts import cjk_render_check

    cjk = cjk_render_check()
    if not cjk.ok:
        status = getattr(app, "_gpupicker_cjk", None)
        print(f"gpupicker selftest FAILED: Chinese text renders as boxes ({cjk.missing!r} with "
              f"{', '.join(cjk.families)}); bundled CJK font: "
              f"{getattr(status, 'error', None) or getattr(status, 'family', None)}",
              file=sys.stderr)
        return 1
    top = view.options[0]
    print(f"gpupicker selftest ok: {len(view.options)} options, top {top.gpu_id} x{top.num_gpus} "
          f"({'fits' if top.fits else 'does not fit'}), zh_CN translator loaded, "
          f"qtbase_zh_CN {'loaded' if loaded.get('qtbase') else 'missing'}, "
          f"CJK glyphs ok ({', '.join(cjk.families)}){session}")
    return 0
