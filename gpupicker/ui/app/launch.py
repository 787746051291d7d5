"""Start the GUI (or render a screenshot, or run the self-test) from parsed CLI arguments.

``gpupicker.cli`` calls :func:`launch` when no subcommand is given.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:  # imported when used: the CLI imports this module without Qt or the catalog
    from argparse import Namespace

    from PySide6.QtWidgets import QApplication


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
    registered now, or with ``defer_fonts`` (the window's start) only when the UI
    language is Chinese and the system has no Chinese font — else right after the first paint
    (:mod:`.startup`): listing the system's fonts and loading the 0.8 MB subset took 70 ms of
    a cold start."""
    if os.environ.get("GPUPICKER_QT_GUI_THREADPOOL") != "1":
        # Qt's raster engine hands each polygon fill (every axis tick and grid line of the
        # plots) to its GUI thread pool and waits on a latch: for fills this small the
        # hand-off costs more than it saves — an input change painted in 27 ms instead of
        # 31 (median of 30, bench_gui.py, 2 cores; py-spy: half of the axes' paint time was
        # QThreadPool::start and QLatch::wait). Read once by Qt, so set before the first
        # paint; GPUPICKER_QT_GUI_THREADPOOL=1 keeps Qt's pool.
        os.environ.setdefault("QT_NO_GUI_THREADPOOL", "1")
    from PySide6.QtWidgets import QApplication

    from ... import paths
    from ..i18n.translators import install_translators

    # instance(): the one application of this process, always a QApplication (made here)
    app = cast(
        QApplication, QApplication.instance() or QApplication([sys.argv[0] if sys.argv else "gpupicker"])
    )
    app.setApplicationName("gpupicker")
    app.setOrganizationName("gpupicker")
    app.setDesktopFileName("gpupicker")  # Wayland: match gpupicker.desktop (icon, grouping)
    qss = paths.resources_dir() / "style.qss"
    if qss.exists():
        app.setStyleSheet(qss.read_text(encoding="utf-8"))
    app._gpupicker_i18n = install_translators(app, lang)  # type: ignore[attr-defined]
    if not defer_fonts or (ui_is_chinese(lang) and not system_has_cjk_font()):
        ensure_cjk_font(app)
    return app


def system_has_cjk_font() -> bool:
    """True when the system lists a font for Simplified Chinese: a Chinese first page then
    paints with it, and the bundled font (a fallback only where there is none, :mod:`.fonts`)
    is registered after the first paint like an English one's — its module, dataclasses and
    the 0.8 MB file cost 5 ms of a zh_CN cold start. Needs the application; the
    font database this lists is the one the first page's text needs anyway."""
    from PySide6.QtGui import QFontDatabase

    return bool(QFontDatabase.families(QFontDatabase.WritingSystem.SimplifiedChinese))


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


def startup_error_message(exc: BaseException) -> str:
    """One line for a folder or catalog that cannot be created or written at start-up."""
    from ...catalog import CatalogError

    if isinstance(exc, CatalogError):  # already says what to do
        return f"gpupicker: {exc}"
    where = getattr(exc, "filename", None) or os.environ.get("GPUPICKER_HOME") or ""
    why = getattr(exc, "strerror", None) or str(exc)
    return (
        f"gpupicker: cannot use the folder {where} ({why}); make it writable, or set "
        "GPUPICKER_HOME to a writable folder."
    )


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
    if not headless:
        pause_gc()
    try:
        return _launch(args, headless)
    except _startup_error_types() as exc:
        msg = startup_error_message(exc)
        print(msg, file=sys.stderr)
        if not headless and has_display():
            from ..settings.dialogs import StartupErrorDialog

            StartupErrorDialog.ask(msg)
        return 1
    finally:
        resume_gc()


_gc_paused = False


def pause_gc() -> None:
    """Switch CPython's cyclic garbage collector off until the first page is painted
    (:func:`resume_gc`, called by :mod:`.startup` then): the imports and widgets before it
    triggered 7 collections, 1.6 ms of a cold start (measured with
    ``gc.callbacks``). Nothing is lost: objects are still freed by reference counting, and
    the first collection after the paint finds any cycle made before it."""
    global _gc_paused
    import gc

    if gc.isenabled():
        gc.disable()
        _gc_paused = True


def resume_gc() -> None:
    """Switch the collector back on if :func:`pause_gc` switched it off (else nothing)."""
    global _gc_paused
    if _gc_paused:
        import gc

        gc.enable()
        _gc_paused = False


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
        from .headless import selftest

        return selftest(args, _app("zh_CN"))
    from ..settings.user_files import saved_lang

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
    if not headless:  # the first page paints first, the rest is built right after
        from .startup import run_window

        # this module is handed over, not imported back there (no import cycle)
        return run_window(args, app, sys.modules[__name__])
    from .headless import screenshot

    return screenshot(args)


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
