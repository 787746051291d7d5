"""What the UI's item models share: the index type Qt passes to their overridden methods.

Qt calls ``rowCount``, ``data``, ``flags`` … with a ``QModelIndex`` or a
``QPersistentModelIndex``; PySide6's stubs type the parameter as their union, so every model's
override takes :data:`ModelIndex` (one alias instead of a copy per model module).
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex

ModelIndex = QModelIndex | QPersistentModelIndex
"""The index a Qt item-model method receives."""

__all__ = ["ModelIndex"]
