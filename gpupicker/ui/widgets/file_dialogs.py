"""The one place gpupicker runs a modal file dialog (tests replace these functions).

Every "Open…", "Save…", "Import…", "Export…" and folder choice of the window, the catalog
editor, the model import dialog and the plots asks here, so a test that must not block on a
dialog patches :func:`ask_path` / :func:`ask_folder` once instead of each caller's
``QFileDialog`` call.
"""

from __future__ import annotations

from typing import Literal

from PySide6.QtWidgets import QFileDialog, QWidget


def ask_path(
    parent: QWidget | None, kind: Literal["open", "save"], title: str, name_filter: str, default: str = ""
) -> str:
    """A file name from a modal open (``kind="open"``) or save dialog; "" when cancelled.

    ``name_filter`` is Qt's (``"CSV files (*.csv)"``), ``default`` the starting file name.
    """
    if kind == "open":
        path, _ = QFileDialog.getOpenFileName(parent, title, default, name_filter)
    else:
        path, _ = QFileDialog.getSaveFileName(parent, title, default, name_filter)
    return path


def ask_folder(parent: QWidget | None, title: str) -> str:
    """A folder from a modal dialog; "" when cancelled."""
    return QFileDialog.getExistingDirectory(parent, title)


__all__ = ["ask_folder", "ask_path"]
