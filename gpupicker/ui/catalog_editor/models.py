"""The table model over one catalog repository table, with undoable, validated edits.

``data()`` renders per role (:class:`~.record_rows.RecordRows`); ``setData()`` validates
a new frozen record with pydantic, and on success pushes an undo command that writes only that field through
the repository's conflict-checked ``update_*_fields`` and re-reads the row. A
validation error returns False and emits ``validationFailed(message)`` for the
status bar.
"""

from __future__ import annotations

from pydantic import BaseModel, ValidationError
from PySide6.QtCore import (
    QCoreApplication,
    QModelIndex,
    QObject,
    Qt,
    Signal,
    Slot,
)
from PySide6.QtGui import QUndoCommand
from typing_extensions import override

from ...catalog import CatalogRepository
from ...catalog.csv_io import validation_message
from ...catalog.errors import validation_text
from ..catalog_access import (
    conflict_error_types,
    is_read_only_error,
    write_error_message,
)
from ..i18n.core_messages import tr_message
from ..i18n.placeholders import tr_fmt
from ..widgets.table_model import ModelIndex as _Index
from .field_values import coerce_value
from .messages import fields_text, reason_text
from .record_rows import RecordRows
from .text_keys import fold_text, sort_key
from .undo import AddRecordCommand, DeleteRecordCommand, EditRecordCommand, RecordKey

translate = QCoreApplication.translate


#: A change of more rows than this drops the per-row caches (rebuilt when next read) instead
#: of recomputing each row at once (``set_staleness`` repaints a whole column).
_REBUILD_ROWS = 64


class RecordTableModel(RecordRows):
    """Base: rows of frozen pydantic records keyed by an id, edited through commands, with the
    per-row caches the tab's filter and sort read.

    Signals:
        validationFailed(str): an edit was rejected; the message names the field.
        catalogChanged(): the repository was written.
    """

    validationFailed = Signal(str)
    catalogChanged = Signal()
    writeFailed = Signal(str)

    def __init__(self, repo: CatalogRepository, parent: QObject | None = None) -> None:
        super().__init__(repo, parent)
        # Per-row caches read by the tab's proxy (filter, sort) and the stale count instead of
        # data(): kept up to date from the model's own signals, connected before any view's.
        self._sort_keys: dict[int, list[object]] = {}
        self._mixed: set[int] = set()
        self._filter_texts: list[str] | None = None
        self._text_columns: list[list[str]] = []  # a build of _filter_texts under way
        self.dataChanged.connect(self._on_data_changed)
        self.rowsInserted.connect(self._on_rows_inserted)
        self.rowsRemoved.connect(self._on_rows_removed)
        self.modelReset.connect(self._clear_caches)
        self.reload()

    # ---- per-row caches ---------------------------------------------------------------
    def sort_keys(self, column: int) -> list[object]:
        """Sort key of every row in ``column`` (``data(UserRole)`` as Qt compares it), built
        once per load and column, updated per changed row."""
        keys = self._sort_keys.get(column)
        if keys is None:
            name = self.columns[column]
            keys = [sort_key(self.sort_value(r, name)) for r in range(len(self._rows))]
            if bytes in {type(k) for k in keys} and {type(k) for k in keys} - {bytes}:
                # text and numbers in one column (no catalog table has one): numbers first
                self._mixed.add(column)
                keys = [(isinstance(k, bytes), k) for k in keys]
            self._sort_keys[column] = keys
        return keys

    def _row_text(self, row: int) -> str:
        return fold_text("\x00".join(self.display_text(row, c) for c in self.columns))

    def filter_texts(self) -> list[str]:
        """Every row's displayed texts, case-folded and joined by NUL (a typed filter holds
        no NUL, so a match never spans two columns), built once per load."""
        while self._filter_texts is None:
            self.prepare_filter_texts()
        return self._filter_texts

    def prepare_filter_texts(self) -> bool:
        """One step of building the row texts (one column, or the last join), so the tab can
        build them in idle time before the first filter keystroke; True once built.

        A column's text depends on its value only: each distinct value is rendered once.
        At 20,285 prices the whole build takes ~250 ms, each step ≤ ~40 ms."""
        if self._filter_texts is not None:
            return True
        done = self._text_columns
        if len(done) < len(self.columns):
            name = self.columns[len(done)]
            memo: dict[object, str] = {}
            texts = []
            for r, k in enumerate(self.display_keys(name)):
                t = memo.get(k)
                if t is None:
                    t = memo[k] = self.display_text(r, name)
                texts.append(t)
            done.append(texts)
            return False
        self._filter_texts = [fold_text("\x00".join(parts)) for parts in zip(*done, strict=True)]
        self._text_columns = []
        return True

    def display_keys(self, column: str) -> list[object]:
        """What :meth:`display_text` of each row in ``column`` depends on (equal keys, equal
        texts within one load)."""
        return [(type(v), v) for v in [getattr(r, column) for r in self._rows]]

    def row_matches(self, row: int, needle: str) -> bool:
        """True when a column of ``row`` shows ``needle`` (already folded by fold_text)."""
        if "\x00" in needle:  # cannot be typed; compare column by column
            return any(needle in fold_text(self.display_text(row, c)) for c in self.columns)
        return needle in self.filter_texts()[row]

    @Slot()
    def _clear_caches(self) -> None:
        self._sort_keys = {}
        self._mixed = set()
        self._filter_texts = None
        self._text_columns = []

    def _refresh_cached_rows(self, first: int, last: int) -> None:
        """Recompute the cached values of rows ``first``…``last`` (already in ``_rows``)."""
        self._text_columns = []  # a build under way starts again
        for column, keys in self._sort_keys.items():
            name = self.columns[column]
            for r in range(first, last + 1):
                k = sort_key(self.sort_value(r, name))
                keys[r] = (isinstance(k, bytes), k) if column in self._mixed else k
        if self._filter_texts is not None:
            for r in range(first, last + 1):
                self._filter_texts[r] = self._row_text(r)

    @Slot(QModelIndex, QModelIndex, list)
    def _on_data_changed(
        self, top_left: QModelIndex, bottom_right: QModelIndex, roles: list[int] | None = None
    ) -> None:
        first, last = top_left.row(), bottom_right.row()
        if last - first >= _REBUILD_ROWS:
            self._clear_caches()
        else:
            self._refresh_cached_rows(first, last)

    @Slot(QModelIndex, int, int)
    def _on_rows_inserted(self, parent: QModelIndex, first: int, last: int) -> None:
        n = last - first + 1
        for keys in self._sort_keys.values():
            keys[first:first] = [None] * n
        if self._filter_texts is not None:
            self._filter_texts[first:first] = [""] * n
        self._refresh_cached_rows(first, last)

    @Slot(QModelIndex, int, int)
    def _on_rows_removed(self, parent: QModelIndex, first: int, last: int) -> None:
        self._text_columns = []
        for keys in self._sort_keys.values():
            del keys[first : last + 1]
        if self._filter_texts is not None:
            del self._filter_texts[first : last + 1]

    def explain(self, text: str) -> str:
        """A refusal of the catalog or pydantic (``field: reason``) with column headers and
        translated sentences (:func:`.messages.fields_text`)."""
        return fields_text(text, self._header_or_none)

    def _header_or_none(self, field: str) -> str | None:
        if field not in self.columns:
            return None
        try:
            return self.header(field)
        except KeyError:
            return None

    def _message(self, col: str, text: str) -> str:
        return tr_fmt(translate("Catalog", "Not saved — %1"), f"{self.header(col)}: {text}" if col else text)

    @override
    def setData(self, index: _Index, value: object, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or not index.isValid():
            return False
        col = self.columns[index.column()]
        if col not in self.editable or self.read_only:
            return False
        old = self._rows[index.row()]
        try:
            value = coerce_value(self.record_type, col, value, numeric=col in self.numeric)
        except ValueError as exc:
            self.validationFailed.emit(self._message(col, str(exc)))
            return False
        if getattr(old, col, None) == value:
            return True
        data = old.model_dump()
        if value is None or (isinstance(value, str) and not value.strip()):
            data.pop(col, None)
        else:
            data[col] = value
        implied = self.implied_changes(col, old)
        data.update(implied)
        try:
            new = self.record_type.model_validate(data)
            self.check(new)
        except ValidationError as exc:
            bad = {str(e.get("loc", ("",))[0]) for e in exc.errors()}
            if bad == {col}:  # pydantic's sentences translated
                msgs = validation_text(exc, fields=False, render=tr_message, sep="\n")
                self.validationFailed.emit(
                    self._message(col, "; ".join(reason_text(m) for m in msgs.split("\n")))
                )
            else:
                self.validationFailed.emit(self._message("", self.explain(validation_message(exc))))
            return False
        except ValueError as exc:
            self.validationFailed.emit(self._message("", self.explain(str(exc))))
            return False
        cmd = EditRecordCommand(
            self,
            self._keys[index.row()],
            old,
            new,
            (col, *implied),
            tr_fmt(translate("Catalog", "Edit %1"), self.header(col)),
        )
        self._push(cmd)
        return True

    def _push(self, cmd: QUndoCommand) -> None:
        if self.undo_stack is not None:
            self.undo_stack.push(cmd)
        else:
            cmd.redo()

    def implied_changes(self, col: str, old: BaseModel) -> dict[str, object]:
        """Other fields an edit of ``col`` changes too (written and undone with it)."""
        return {}

    # ---- operations used by commands --------------------------------------------------
    def apply_field(self, key: RecordKey, changes: dict[str, object], expected: BaseModel) -> None:
        """Write some fields of ``key`` (one edit), checking nobody else changed them since
        ``expected``.

        Goes through the repository's field-level update (``fields_method``), which
        raises a conflict error (see :func:`conflict_error_types`) when the row changed.
        """
        getattr(self.repo, self.fields_method)(key, changes, expected=expected)
        self.refresh_key(key)
        self.catalogChanged.emit()

    def _fetch(self, key: RecordKey) -> BaseModel | None:
        """The repository's current copy of ``key`` (None when gone)."""
        for k, rec, _user in self._load():
            if k == key:
                return rec
        return None

    def refresh_key(self, key: RecordKey) -> None:
        """Re-read one row from the repository (after a write or a conflict)."""
        row = self.row_of_key(key)
        if row < 0:
            return
        fresh = self._fetch(key)
        if fresh is None:
            self.beginRemoveRows(QModelIndex(), row, row)
            del self._keys[row], self._rows[row], self._user[row]
            self.endRemoveRows()
            return
        self._rows[row] = fresh
        self._user[row] = self._user_flag(key, self._user[row])
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(self.columns) - 1))

    def _user_flag(self, key: RecordKey, default: bool) -> bool:
        try:
            return bool(self.repo.is_user_row(self.table_name, key))
        except Exception:  # noqa: BLE001 - a display flag only
            return default

    def report_failure(self, exc: BaseException, key: RecordKey | None = None) -> None:
        """A write failed: say why (status bar) and show the repository's current row."""
        if isinstance(exc, conflict_error_types()):
            self.validationFailed.emit(
                tr_fmt(
                    translate(
                        "Catalog",
                        "Not saved — another program changed this row (%1). The table now "
                        "shows the current values; edit again if needed.",
                    ),
                    str(exc),
                )
            )
            if key is not None:
                self.refresh_key(key)
            return
        if is_read_only_error(exc):
            self.writeFailed.emit(write_error_message(exc))  # the window turns read-only
        elif isinstance(exc, ValueError):  # the catalog's own check (a date, a currency …)
            self.validationFailed.emit(self._message("", self.explain(str(exc))))
        else:
            self.validationFailed.emit(write_error_message(exc))

    def insert_record(self, record: BaseModel, row: int | None = None) -> RecordKey:
        """Add a record (repository + rows); returns its key."""
        key = self._insert(record)
        row = len(self._rows) if row is None else min(row, len(self._rows))
        self.beginInsertRows(QModelIndex(), row, row)
        self._keys.insert(row, key)
        self._rows.insert(row, record)
        self._user.insert(row, True)
        self.endInsertRows()
        self.catalogChanged.emit()
        return key

    def remove_key(self, key: RecordKey) -> int:
        """Delete the row of ``key`` (repository + rows); returns the row it had."""
        row = self.row_of_key(key)
        if row < 0:
            return -1
        self._remove(key)
        self.beginRemoveRows(QModelIndex(), row, row)
        del self._keys[row], self._rows[row], self._user[row]
        self.endRemoveRows()
        self.catalogChanged.emit()
        return row

    # ---- user actions (undoable) ------------------------------------------------------
    def add_row(self, record: BaseModel) -> None:
        """Undoable add."""
        self._push(AddRecordCommand(self, record, translate("Catalog", "Add row")))

    def duplicate_row(self, row: int) -> None:
        """Undoable copy of ``row`` (GPU ids get a "_copy" suffix)."""
        self.add_row(self.duplicate_of(self._rows[row]))

    def duplicate_of(self, record: BaseModel) -> BaseModel:
        return record

    def delete_row(self, row: int) -> None:
        """Undoable delete."""
        self._push(
            DeleteRecordCommand(
                self, self._keys[row], self._rows[row], row, translate("Catalog", "Delete row")
            )
        )
