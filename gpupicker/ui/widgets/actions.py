"""QAction helpers that stay clear of PySide's slow overload resolution (cold start)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction

if TYPE_CHECKING:
    from PySide6.QtCore import QObject
    from PySide6.QtGui import QKeySequence


def set_shortcut(action: QAction, keys: QKeySequence) -> None:
    """``action.setShortcut(keys)``, the way Qt implements it (no shortcut for an empty
    sequence), through ``setShortcuts``: PySide's ``setShortcut`` overloads accept a
    ``Qt.Key`` too, and telling them apart builds every enum of Qt's ``Qt`` namespace, 11 ms
    before the first paint (cold start; measured, ``scripts/coldstart.py``)."""
    action.setShortcuts([keys] if not keys.isEmpty() else [])


def new_action(text: str, parent: QObject) -> QAction:
    """``QAction(text, parent)`` as ``QAction(parent)`` + ``setText``: PySide tries the
    ``QAction(QIcon, text, parent)`` overload first, and that alone builds QIcon's Python type
    (its 151 theme-icon names), 1 ms before the first paint (cold start)."""
    action = QAction(parent)
    action.setText(text)
    return action
