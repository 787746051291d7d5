"""The fault file of this process (:mod:`.crash` has the whole story): faulthandler's output,
CPython's fatal errors and Qt's messages go to ``fault-<pid>.log`` in the log folder from the
start of the window until a clean exit.

Started before the first page is painted, so a module of its own without :mod:`.crash`'s
dialog, Qt Widgets classes and crash-collection code (cold start).
"""

from __future__ import annotations

import contextlib
import faulthandler
import os
from pathlib import Path
from typing import IO

from PySide6.QtCore import QtMsgType, qInstallMessageHandler

_fault_stream: IO[str] | None = None
_fault_path: Path | None = None


def fault_log_path(log_dir: Path, pid: int | None = None) -> Path:
    """``<log_dir>/fault-<pid>.log``."""
    return log_dir / f"fault-{pid if pid is not None else os.getpid()}.log"


_early: list[tuple[QtMsgType, str]] | None = None
"""Qt's messages while the log file is not set up yet (:func:`log_early_messages`)."""


def _log(mode: QtMsgType, message: str) -> None:
    import logging  # when Qt says something, not before the first paint

    level = {
        QtMsgType.QtDebugMsg: logging.DEBUG,
        QtMsgType.QtInfoMsg: logging.INFO,
        QtMsgType.QtWarningMsg: logging.WARNING,
        QtMsgType.QtCriticalMsg: logging.ERROR,
    }.get(mode, logging.CRITICAL)
    logging.getLogger("gpupicker.qt").log(level, "%s", message)


def _qt_message(mode: QtMsgType, context: object, message: str) -> None:
    if _early is not None:  # no log file yet: see log_early_messages
        _early.append((mode, message))
        return
    _log(mode, message)


def log_early_messages() -> None:
    """Log the Qt messages kept since :func:`start_fault_log`, then each one as it comes.

    The window sets its log file up after the first paint (:mod:`.startup`); a message Qt
    gave before (a platform plugin's warning while the window is shown) went to logging's
    last-resort handler, i.e. descriptor 2, i.e. the fault file, and the next start offered a
    crash report for a session that ended cleanly. Kept until the log exists, it lands in
    ``gpupicker.log`` as it did before the staged start.
    """
    global _early
    early, _early = _early or [], None
    for mode, message in early:
        _log(mode, message)


def start_fault_log(log_dir: Path) -> Path | None:
    """Enable faulthandler into ``fault-<pid>.log`` and log Qt messages; None if unwritable."""
    global _fault_stream, _fault_path
    path = fault_log_path(log_dir)
    try:
        stream = open(path, "w", encoding="utf-8")  # noqa: SIM115 - open for the process's life
    except OSError:
        return None
    faulthandler.enable(stream, all_threads=True)
    _fault_stream, _fault_path = stream, path
    global _early
    _early = []  # until log_early_messages(): the log file comes after the first paint
    _redirect_stderr(stream)
    qInstallMessageHandler(_qt_message)
    return path


_saved_stderr_fd: int | None = None


def _redirect_stderr(stream: IO[str]) -> None:
    """Point descriptor 2 at ``stream`` when it is not a terminal (see the module docstring)."""
    global _saved_stderr_fd
    try:
        if os.isatty(2):
            return
        _saved_stderr_fd = os.dup(2)
        os.dup2(stream.fileno(), 2)
    except OSError:  # no descriptor 2 at all (pythonw): faulthandler's file still works
        _saved_stderr_fd = None


def stop_fault_log() -> None:
    """Clean exit: disable faulthandler and delete this process's fault file.

    Text the session wrote to stderr (the fault file is descriptor 2) goes to the log first; a
    fault file is left behind only by a process that did not exit cleanly — the next start's
    crash marker.
    """
    global _fault_stream, _fault_path
    if _fault_stream is None:
        return
    global _saved_stderr_fd
    faulthandler.disable()
    qInstallMessageHandler(None)
    if _saved_stderr_fd is not None:
        with contextlib.suppress(OSError):
            os.dup2(_saved_stderr_fd, 2)
            os.close(_saved_stderr_fd)
        _saved_stderr_fd = None
    log_early_messages()  # a start that ended before its log file: to stderr, not lost
    _fault_stream.close()
    try:
        if _fault_path is not None:
            if _fault_path.stat().st_size:
                # A clean exit is no crash, whatever reached stderr on the way (a library's
                # warning, a print): the text goes to the log and the file goes, so only a
                # process that never got here leaves a fault file for the next start.
                import logging

                text = _fault_path.read_text(encoding="utf-8", errors="replace")
                logging.getLogger("gpupicker.stderr").warning(
                    "written to stderr during the session:\n%s", text[-20000:].rstrip()
                )
            _fault_path.unlink()
    except OSError:
        pass
    _fault_stream = _fault_path = None


__all__ = ["fault_log_path", "log_early_messages", "start_fault_log", "stop_fault_log"]
