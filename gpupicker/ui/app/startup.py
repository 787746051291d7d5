"""How the window starts: its first page is painted before pydantic, core, the
catalog, pyqtgraph and the other pages are imported; they are built right after, one step
per event-loop turn (:class:`StagedStart`); then the start-up heap is frozen
(:func:`.heap.settle_heap`).

Kept free of pydantic, core and catalog imports: it runs before the first page is painted.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QWidget

from ...typing_override import override

if TYPE_CHECKING:  # imported after the first paint (cold start)
    from argparse import Namespace
    from collections.abc import Callable, Iterator
    from pathlib import Path
    from types import ModuleType

    from ..main_window import MainWindow


# ---- the window's start: first page painted, then the rest ---------------------

MILESTONES: list[Callable[[str], None]] = []
"""Called with ``"painted"`` once the first page is on screen, then with the name of each
start step (``"logging"``, ``"menus"``, ``"pydantic"``, ``"core"``, ``"imports"``, ``"catalog"``,
``"controller"``, ``"pages"``, ``"ready"``, ``"plots"``, ``"settled"``);
``scripts/coldstart.py`` times them. Empty in the app."""


def _milestone(name: str) -> None:
    for callback in list(MILESTONES):
        callback(name)


class _FirstPaint(QObject):
    """Calls ``callback`` on the event-loop turn after ``widget`` first painted (the frame
    is flushed to the screen by then)."""

    def __init__(self, widget: QWidget, callback: Callable[[], None]) -> None:
        super().__init__(widget)
        self.callback = callback
        widget.installEventFilter(self)

    @override
    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.Paint:
            obj.removeEventFilter(self)
            QTimer.singleShot(0, self.callback)
        return False


_ENTER_KEYS = (0x01000004, 0x01000005)
"""``Qt.Key_Return`` and ``Qt.Key_Enter`` (qnamespace.h), as numbers: the ``Qt`` namespace's
enums are not built before the first paint."""


class _EarlyKeys(QObject):
    """Keeps the keys typed on the first page before the input pages exist, from the first
    Enter on, and types them again once Next works: Enter moves on to the model page and what
    follows lands in its search box (a real window lost them: Next was disabled while the
    catalog opened). Keys before the first Enter reach the first page as they come (its task
    buttons and their Alt+letter work from the first paint); shortcuts are not held."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window = window
        self.held: list[QKeyEvent] = []
        QApplication.instance().installEventFilter(self)  # type: ignore[union-attr]

    @override
    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        kind = event.type()
        if kind not in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease) or not isinstance(obj, QWidget):
            return False
        if obj is not self.window and not self.window.isAncestorOf(obj):
            return False
        assert isinstance(event, QKeyEvent)
        enter = event.key() in _ENTER_KEYS
        if not self.held and not (enter and kind == QEvent.Type.KeyPress):
            return False
        self.held.append(QKeyEvent(kind, event.key(), event.modifiers(), event.text(), event.isAutoRepeat()))
        return True

    def release(self) -> None:
        """Stop holding keys and send the held ones, in order, to the widget with the focus
        at each one's turn (Enter changes the page, and the focus with it)."""
        QApplication.instance().removeEventFilter(self)  # type: ignore[union-attr]
        held, self.held = self.held, []
        for event in held:
            target = QApplication.focusWidget() or self.window
            QApplication.sendEvent(target, event)


class StagedStart(QObject):
    """Builds what the first page does not need, one step per event-loop turn, after that
    page is painted: a click on the page between two steps is handled in between.

    A step that fails the way a start-up can (the catalog folder cannot be written, the
    catalog is damaged and the user keeps it, an unusable ``--workload`` file) prints one
    line, shows it, closes the window and ends the event loop with status 1 or 2, as the
    start did before the window was shown first.
    """

    def __init__(self, window: MainWindow, args: Namespace, app: QApplication, launcher: ModuleType) -> None:
        super().__init__(window)
        self.window, self.args, self.app = window, args, app
        self.launcher = launcher
        """:mod:`gpupicker.ui.app.launch` (catalog opening, start-up errors, fonts)."""
        self.crashes: list[Path] = []
        self.log_file: Path | None = None
        self.exit_code: int | None = None
        self._steps = self._run_steps()
        self._first = _FirstPaint(window.wizard.task_page, self._painted)
        self.early_keys: _EarlyKeys | None = _EarlyKeys(window)

    def _painted(self) -> None:
        _milestone("painted")
        # paused by the launcher until the frame is on screen; its first collection, of all
        # that start-up made, runs now (1.2 ms), not before the first paint
        self.launcher.resume_gc()
        self._next()

    def _next(self) -> None:
        launch = self.launcher
        if self.window.isHidden():  # closed while starting: build nothing more
            return
        try:
            name = next(self._steps)
        except StopIteration:
            return
        except launch._startup_error_types() as exc:
            msg = launch.startup_error_message(exc)
            print(msg, file=sys.stderr)
            if launch.has_display():
                from ..settings.dialogs import StartupErrorDialog

                StartupErrorDialog.ask(msg)
            self._stop(1)
            return
        _milestone(name)
        if name == "pages" and self.early_keys is not None:  # Next works: the held keys now
            self.early_keys.release()
            self.early_keys = None
        QTimer.singleShot(0, self._next)

    def _offer_crash_log(self) -> None:
        from .crash import offer_crash_log

        if not self.window.isHidden():
            offer_crash_log(self.crashes, self.log_file, self.window)

    def _stop(self, code: int) -> None:
        if self.early_keys is not None:
            QApplication.instance().removeEventFilter(self.early_keys)  # type: ignore[union-attr]
            self.early_keys = None
        self.exit_code = code
        self.window.hide()
        self.app.exit(code)

    def _run_steps(self) -> Iterator[str]:
        from ... import paths
        from ..settings.dialogs import install_excepthook, setup_logging
        from .crash import collect_crashes

        self.log_file = setup_logging()  # first: collect_crashes logs what it found
        from .fault_log import log_early_messages

        log_early_messages()  # Qt's messages from before the log file, into it
        self.crashes = collect_crashes(paths.user_log_dir())
        install_excepthook(self.log_file)
        if self.crashes:  # asked while the rest is built
            QTimer.singleShot(0, self.window, self._offer_crash_log)
        yield "logging"
        # the menus' shortcuts, File › Export report… (16 ms) and the CJK font: a turn of their own
        self.window.finish_menus()
        self.launcher.ensure_cjk_font(self.app)
        yield "menus"
        # the catalog's imports (pydantic, core, sqlite-utils: ~190 ms) a few per turn, so a
        # click on the first page waits for one of them, not for all
        import pydantic  # noqa: F401

        yield "pydantic"
        from ...core import workload  # noqa: F401

        yield "core"
        from ... import catalog  # noqa: F401

        yield "imports"
        from .headless import _open_repo

        repo = _open_repo(self.args.catalog, interactive=True)
        if repo is None:
            self._stop(1)
            return
        yield "catalog"
        controller = None
        path = getattr(self.args, "gui_workload", None)
        if path:
            from ..controller import WorkloadController
            from ..settings.preferences import Preferences
            from ..wizard.workload_files import read_workload

            try:
                w = read_workload(path, repo)
            except (OSError, ValueError) as exc:
                print(f"gpupicker: cannot use workload {path}: {exc}", file=sys.stderr)
                self._stop(2)
                return
            controller = WorkloadController(repo, w, Preferences.load(), parent=self.window)
        yield from self.window.start_steps(repo, controller)
        from ..settings.heap import settle_heap

        settle_heap()
        import logging

        logging.getLogger(__name__).info("window ready: every page built")
        yield "settled"


def run_window(args: Namespace, app: QApplication, launcher: ModuleType) -> int:
    """Show the main window with its first page, build the rest after its first paint
    (:class:`StagedStart`; ``launcher`` is :mod:`gpupicker.ui.app.launch`) and run the event
    loop; returns the exit status."""
    from ..main_window import MainWindow

    window = MainWindow()
    start = StagedStart(window, args, app, launcher)
    window.show()
    code = int(app.exec())
    return start.exit_code if start.exit_code is not None else code
