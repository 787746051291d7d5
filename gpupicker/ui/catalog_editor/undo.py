"""Undoable catalog edits: one QUndoCommand per cell edit, added row and deleted row.

A write the repository refuses (a conflict with another program's change, a read-only
file) is reported through the table model, never raised out of the undo stack.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from pydantic import BaseModel
from PySide6.QtCore import QTimer
from PySide6.QtGui import QUndoCommand, QUndoStack
from typing_extensions import override

from ..catalog_access import write_error_types

RecordKey = str | int
"""A catalog row's key in the editor: a GPU or model id, or a price row id."""


def text_key(key: RecordKey) -> str:
    """``key`` as the GPU or model id it is in an id-keyed table.

    Raises:
        TypeError: for a price row id (an int).
    """
    if not isinstance(key, str):
        raise TypeError(f"not a GPU or model id: {key!r}")
    return key


def row_key(key: RecordKey) -> int:
    """``key`` as the price row id it is in the prices table.

    Raises:
        TypeError: for a GPU or model id (a str).
    """
    if not isinstance(key, int):
        raise TypeError(f"not a price row id: {key!r}")
    return key


class RecordStore(Protocol):
    """What the commands need of a table model (``models.RecordTableModel``)."""

    undo_stack: QUndoStack | None

    def apply_field(self, key: RecordKey, changes: dict[str, object], expected: BaseModel) -> None: ...
    def insert_record(self, record: BaseModel, row: int | None = None) -> RecordKey: ...
    def remove_key(self, key: RecordKey) -> int: ...
    def report_failure(self, exc: BaseException, key: RecordKey | None = None) -> None: ...


class _GuardedCommand(QUndoCommand):
    """Base: a write that fails (conflict, read-only file) is reported, not raised.

    A new edit whose first write fails is marked obsolete, so the stack never holds it.
    A refused Undo (or Redo) of a command already on the stack keeps it there: right after
    the stack has moved its index, the index is moved back without writing, so the command
    is again the one Undo (Redo) offers and can be retried (it used to be dropped).
    """

    model: RecordStore
    key: RecordKey | None = None
    _done_once = False
    _skip_next = False

    def _guard(self, fn: Callable[[], None], undoing: bool) -> None:
        if self._skip_next:  # the stack being put back after a refused step: nothing to write
            self._skip_next = False
            return
        try:
            fn()
        except write_error_types() as exc:
            self.model.report_failure(exc, self.key)
            if not self._done_once:
                self.setObsolete(True)
            else:
                QTimer.singleShot(0, lambda: self._step_back(undoing))
            return
        self._done_once = True

    def _step_back(self, undoing: bool) -> None:
        stack = self.model.undo_stack
        if stack is None:
            return
        at = stack.index() if undoing else stack.index() - 1  # where this command should be
        if not 0 <= at < stack.count() or stack.command(at) is not self:
            return  # the user moved on meanwhile
        self._skip_next = True
        if undoing:
            stack.redo()
        else:
            stack.undo()
        self._skip_next = False

    @override
    def redo(self) -> None:
        self._guard(self._redo, undoing=False)

    @override
    def undo(self) -> None:
        self._guard(self._undo, undoing=True)

    def _redo(self) -> None:
        raise NotImplementedError

    def _undo(self) -> None:
        raise NotImplementedError


class EditRecordCommand(_GuardedCommand):
    """One cell edit: redo writes the new value of that field, undo the old one.

    Only the edited field is written, and only if the repository still holds the value
    the editor showed (another program's changes are never overwritten).
    """

    def __init__(
        self,
        model: RecordStore,
        key: RecordKey,
        old: BaseModel,
        new: BaseModel,
        fields: tuple[str, ...],
        text: str,
    ) -> None:
        super().__init__(text)
        self.model, self.key, self.old, self.new, self.fields = model, key, old, new, fields
        self.edited: RecordKey = key

    @override
    def _redo(self) -> None:
        self.model.apply_field(self.edited, {f: getattr(self.new, f) for f in self.fields}, expected=self.old)

    @override
    def _undo(self) -> None:
        self.model.apply_field(self.edited, {f: getattr(self.old, f) for f in self.fields}, expected=self.new)


class AddRecordCommand(_GuardedCommand):
    """Add a row; undo deletes it."""

    def __init__(self, model: RecordStore, record: BaseModel, text: str) -> None:
        super().__init__(text)
        self.model, self.record, self.key = model, record, None

    @override
    def _redo(self) -> None:
        self.key = self.model.insert_record(self.record)

    @override
    def _undo(self) -> None:
        if self.key is not None:  # None: the add never reached the catalog
            self.model.remove_key(self.key)


class DeleteRecordCommand(_GuardedCommand):
    """Delete a row; undo re-adds it at the same place."""

    def __init__(self, model: RecordStore, key: RecordKey, record: BaseModel, row: int, text: str) -> None:
        super().__init__(text)
        self.model, self.key, self.record, self.row = model, key, record, row

    @override
    def _redo(self) -> None:
        if self.key is not None:
            self.row = self.model.remove_key(self.key)

    @override
    def _undo(self) -> None:
        self.key = self.model.insert_record(self.record, self.row)
