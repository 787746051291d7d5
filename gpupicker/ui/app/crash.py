"""Crashes leave a trace: faulthandler output in the log folder, and an offer on the next start.

A Python exception reaches :func:`gpupicker.ui.settings.dialogs.install_excepthook` (log + dialog), but a
hard crash (segfault in a Qt library, ``abort()`` from ``qFatal``, a bus error) kills the
process before any Python code runs. :func:`start_fault_log` therefore points
:mod:`faulthandler` at ``fault-<pid>.log`` in the user log folder (it writes the Python stack of
every thread on SIGSEGV, SIGFPE, SIGABRT, SIGBUS and SIGILL), and routes Qt's own messages
(``qWarning``/``qCritical``/``qFatal``) into ``gpupicker.log``, so the reason of a ``qFatal``
abort is on disk too. CPython's own fatal errors (``Fatal Python error: …``, e.g. a reference-count
underflow in an extension) are written to file descriptor 2 and switch faulthandler off before
aborting, so when stderr is not a terminal (the app started from a desktop entry or a file
manager) descriptor 2 is pointed at the fault file as well. A clean exit deletes the (empty)
fault file and gives descriptor 2 back.

On the next start :func:`collect_crashes` finds any non-empty ``fault-*.log``, appends it to
``gpupicker.log``, keeps it as ``crash-<time>.log`` (the newest ``KEEP_CRASH_FILES``) and returns
the kept paths; :class:`CrashReportDialog` then offers to open the log. Qt-dependent only in the
dialog and the message handler. The fault file itself (:func:`start_fault_log`,
:func:`stop_fault_log`) is :mod:`.fault_log`'s, re-exported here.
"""

from __future__ import annotations

import contextlib
import logging
import time
from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QMessageBox, QWidget

from ..i18n.placeholders import tr_fmt

# the fault file is started before the first paint: its module is small (cold start)
from .fault_log import fault_log_path, start_fault_log, stop_fault_log

log = logging.getLogger("gpupicker")
FAULT_GLOB = "fault-*.log"
KEEP_CRASH_FILES = 5
#: Empty fault files of processes that were killed (SIGKILL, power loss) go after this long.
STALE_EMPTY_SECONDS = 7 * 24 * 3600


def collect_crashes(log_dir: Path, now: float | None = None) -> list[Path]:
    """Keep the fault files a crashed session left (non-empty), oldest first; see module doc.

    Our own process's file is skipped; empty files older than ``STALE_EMPTY_SECONDS`` are removed.
    Never raises for an unreadable folder (returns what it could collect).
    """
    now = time.time() if now is None else now
    own = fault_log_path(log_dir).name
    kept: list[Path] = []
    try:
        candidates = sorted(log_dir.glob(FAULT_GLOB), key=lambda p: p.stat().st_mtime)
    except OSError:
        return kept
    for path in candidates:
        if path.name == own:
            continue
        try:
            st = path.stat()
            if st.st_size == 0:
                if now - st.st_mtime > STALE_EMPTY_SECONDS:
                    path.unlink()
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(st.st_mtime))
            target = log_dir / f"crash-{stamp}-{path.stem.split('-', 1)[1]}.log"
            path.replace(target)
        except OSError:
            continue
        log.error(
            "the previous gpupicker session crashed; faulthandler wrote (kept as %s):\n%s",
            target,
            text.rstrip(),
        )
        kept.append(target)
    crashes = sorted(log_dir.glob("crash-*.log"))
    for old in crashes[:-KEEP_CRASH_FILES]:
        with contextlib.suppress(OSError):
            old.unlink()
    return [p for p in kept if p.exists()]


class CrashReportDialog(QMessageBox):
    """ "gpupicker quit unexpectedly last time" with Open log / Close."""

    def __init__(self, crash_file: Path, log_file: Path | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setIcon(QMessageBox.Icon.Warning)
        self.setWindowTitle(self.tr("gpupicker quit unexpectedly"))
        self.setText(
            tr_fmt(
                self.tr("The last gpupicker session crashed. What it left is in %1."),
                str(log_file or crash_file),
            )
        )
        self.setInformativeText(self.tr("Please attach the log to a bug report. Open it now?"))
        self.open_button = self.addButton(self.tr("&Open log"), QMessageBox.ButtonRole.AcceptRole)
        self.addButton(QMessageBox.StandardButton.Close)
        self.setDefaultButton(self.open_button)

    @classmethod
    def ask(cls, crash_file: Path, log_file: Path | None, parent: QWidget | None = None) -> bool:
        """Show modally; True when the user wants the log opened."""
        dlg = cls(crash_file, log_file, parent)
        dlg.exec()
        return dlg.clickedButton() is dlg.open_button


def offer_crash_log(crashes: list[Path], log_file: Path | None, parent: QWidget | None = None) -> bool:
    """Ask about the newest crash; open the log (or the crash file) when wanted. True = opened."""
    if not crashes:
        return False
    target = log_file if log_file is not None and log_file.is_file() else crashes[-1]
    if not CrashReportDialog.ask(crashes[-1], target, parent):
        return False
    return bool(QDesktopServices.openUrl(QUrl.fromLocalFile(str(target))))


__all__ = [
    "CrashReportDialog",
    "collect_crashes",
    "fault_log_path",
    "offer_crash_log",
    "start_fault_log",
    "stop_fault_log",
]
