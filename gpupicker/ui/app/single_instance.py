"""Say so when another gpupicker window already runs on the same catalog.

A second instance used to open without a word. Both windows may run (the catalog is shared
safely: field-level writes with conflict checks, data_version polling), but the user should
know. :func:`claim` takes a ``QLockFile`` beside the catalog (``catalog.sqlite.lock``; Qt
removes a stale one left by a crash, since the owner's process id is checked); the launcher
keeps it for the life of the app and asks before opening a second window.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QLockFile

from ..i18n.placeholders import tr_fmt

if TYPE_CHECKING:  # QtWidgets is imported when the dialog is needed
    from PySide6.QtWidgets import QWidget


def lock_path(catalog: Path) -> Path:
    """The lock file of ``catalog`` (beside it)."""
    return catalog.with_name(catalog.name + ".lock")


def claim(path: Path) -> tuple[QLockFile, int | None]:
    """Try to take the lock at ``path``; returns ``(lock, other)``.

    ``other`` is the process id of the instance holding it (-1 when unknown), or None when
    this process now holds it — or when nothing can be said (the folder is not writable: no
    lock, no claim). Keep ``lock`` alive as long as the app runs.
    """
    lock = QLockFile(str(path))
    lock.setStaleLockTime(0)  # stale = its process is gone (checked by pid), never by age
    if lock.tryLock(0):
        return lock, None
    if lock.error() != QLockFile.LockError.LockFailedError:
        return lock, None
    # object: PySide versions return (pid, host, app) or (ok, pid, host, app); checked below
    info: object = lock.getLockInfo()
    if isinstance(info, tuple) and info and isinstance(info[0], bool):  # (ok, pid, host, app)
        info = info[1:] if info[0] else ()
    pid = info[0] if isinstance(info, tuple) and info and isinstance(info[0], int) else -1
    return lock, pid


def message(pid: int) -> str:
    """What the user is told (also printed on stderr)."""
    who = (
        tr_fmt(QCoreApplication.translate("SingleInstance", "process %1"), str(pid))
        if pid > 0
        else QCoreApplication.translate("SingleInstance", "another process")
    )
    return tr_fmt(
        QCoreApplication.translate(
            "SingleInstance",
            "gpupicker is already running on this catalog (%1). A second window "
            "works on the same catalog: each shows the other's edits within a few seconds, and an "
            "edit to a row the other changed is refused, never lost.",
        ),
        who,
    )


def ask_open_anyway(pid: int, parent: QWidget | None = None) -> bool:
    """Ask whether to open a second window; True = open it."""
    from PySide6.QtWidgets import QMessageBox  # only when another window holds the lock

    box = QMessageBox(
        QMessageBox.Icon.Information,
        QCoreApplication.translate("SingleInstance", "gpupicker is already running"),
        message(pid),
        parent=parent,
    )
    open_button = box.addButton(
        QCoreApplication.translate("SingleInstance", "Open &anyway"), QMessageBox.ButtonRole.AcceptRole
    )
    box.addButton(QCoreApplication.translate("SingleInstance", "&Quit"), QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(open_button)
    box.exec()
    return box.clickedButton() is open_button
