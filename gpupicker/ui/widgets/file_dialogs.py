"""The one place gpupicker runs a modal file dialog (tests replace these functions).

Every "Open…", "Save…", "Import…", "Export…" and folder choice of the window, the catalog
editor, the model import dialog and the plots asks here, so a test that must not block on a
dialog patches :func:`ask_path` / :func:`ask_folder` once instead of each caller's
``QFileDialog`` call.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from PySide6.QtWidgets import QFileDialog, QWidget

_last_folder: Path | None = None
"""The folder of the last file or folder chosen in this session (None: none yet)."""


def start_folder() -> Path:
    """Where a dialog opens: the folder last chosen in this session, else the user's home
    folder — not the working directory, which for a desktop start is wherever the launcher
    ran (real window: the dialog opened in the source checkout)."""
    if _last_folder is not None and _last_folder.is_dir():
        return _last_folder
    return Path.home()


def _remember(chosen: str, *, is_folder: bool = False) -> None:
    global _last_folder
    if chosen:
        _last_folder = Path(chosen) if is_folder else Path(chosen).parent


def ask_path(
    parent: QWidget | None, kind: Literal["open", "save"], title: str, name_filter: str, default: str = ""
) -> str:
    """A file name from a modal open (``kind="open"``) or save dialog; "" when cancelled.

    ``name_filter`` is Qt's (``"CSV files (*.csv)"``), ``default`` the starting file name (a
    bare name starts in :func:`start_folder`, an absolute path where it says).
    """
    start = str(Path(default) if Path(default).is_absolute() else start_folder() / default)
    if kind == "open":
        path, _ = QFileDialog.getOpenFileName(parent, title, start, name_filter)
    else:
        path, _ = QFileDialog.getSaveFileName(parent, title, start, name_filter)
    _remember(path)
    return path


def ask_folder(parent: QWidget | None, title: str) -> str:
    """A folder from a modal dialog, starting in :func:`start_folder`; "" when cancelled."""
    folder = QFileDialog.getExistingDirectory(parent, title, str(start_folder()))
    _remember(folder, is_folder=True)
    return folder


__all__ = ["ask_folder", "ask_path", "start_folder"]
