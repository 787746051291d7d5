"""The table model over one catalog repository table, with undoable, validated edits.

``data()`` renders per role (display strings with units, ``EditRole`` raw values,
``ToolTipRole`` source/notes); ``setData()`` validates a new frozen record with
pydantic, and on success pushes an undo command that writes only that field through
the repository's conflict-checked ``update_*_fields`` and re-reads the row. A
validation error returns False and emits ``validationFailed(message)`` for the
status bar.
"""

from __future__ import annotations

import typing

from pydantic import BaseModel, ValidationError
from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QLocale,
    QModelIndex,
    QObject,
    Qt,
    Signal,
    Slot,
)
from PySide6.QtGui import QFont, QUndoCommand, QUndoStack
from typing_extensions import override

from ...catalog import CatalogRepository
from ...catalog.csv_io import validation_message
from ...catalog.errors import field_errors
from ...core.messages import error_message, join
from ..catalog_access import (
    conflict_error_types,
    is_read_only_error,
    write_error_message,
)
from ..i18n.formatting import fmt_number
from ..i18n.placeholders import tr_fmt
from ..widgets.number_input import parse_bounded
from ..widgets.plain_text import plain_tooltip
from ..widgets.table_model import ModelIndex as _Index
from .messages import refusal_text
from .undo import AddRecordCommand, DeleteRecordCommand, EditRecordCommand, RecordKey

translate = QCoreApplication.translate


#: A change of more rows than this drops the per-row caches (rebuilt when next read) instead
#: of recomputing each row at once (``set_staleness`` repaints a whole column).
_REBUILD_ROWS = 64

_FOLD: dict[int, str] = {}
_FOLD_SEEN: set[str] = set()
_LOWER_FOLDS: set[str] = set()
"""Characters whose ``lower()`` is their simple case folding (most: ⚠, CJK, é…)."""


def _simple_fold(ch: str) -> str:
    """One character's simple case folding (one character), as a case-insensitive regular
    expression compares it: ``casefold`` where it gives one character, else ``lower``
    where that does (ẞ → ß), else the character itself (İ, ligatures)."""
    f = ch.casefold()
    if len(f) == 1:
        return f
    low = ch.lower()
    return low if len(low) == 1 else ch


def fold_text(text: str) -> str:
    """``text`` case-folded character by character (length kept), for a case-insensitive
    "contains" that matches what Qt's case-insensitive fixed-string filter accepts."""
    if text.isascii() or _LOWER_FOLDS.issuperset(text):
        return text.lower()
    new = set(text) - _FOLD_SEEN
    for ch in new:
        f = _simple_fold(ch)
        if f != ch:
            _FOLD[ord(ch)] = f
        if ch != "Σ" and ch.lower() == f:  # Σ: lower() depends on the next character
            _LOWER_FOLDS.add(ch)
    _FOLD_SEEN.update(new)
    if _LOWER_FOLDS.issuperset(text):
        return text.lower()
    return text.translate(_FOLD)


def _sort_key(value: object) -> object:
    """A Python key ordering as Qt's proxy compares the sort role's values: numbers by value,
    text by UTF-16 code unit (QString::compare; Python compares code points)."""
    if isinstance(value, str):
        return value.encode("utf-16-be")
    if isinstance(value, bool):
        return int(value)
    return value


class RecordTableModel(QAbstractTableModel):
    """Base: rows of frozen pydantic records keyed by an id, edited through commands.

    Signals:
        validationFailed(str): an edit was rejected; the message names the field.
        catalogChanged(): the repository was written.
    """

    validationFailed = Signal(str)
    catalogChanged = Signal()
    writeFailed = Signal(str)

    fields_method = ""
    """Name of the repository's field-level update (``update_price_fields``…)."""
    table_name = ""
    """The repository's table (``is_user_row``, ``reset_row``)."""

    record_type: type[BaseModel] = BaseModel
    columns: tuple[str, ...] = ()
    editable: frozenset[str] = frozenset()
    numeric: frozenset[str] = frozenset()

    def __init__(self, repo: CatalogRepository, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.repo = repo
        self.undo_stack: QUndoStack | None = None
        self.read_only = False
        self._keys: list[RecordKey] = []
        self._rows: list[BaseModel] = []
        self._user: list[bool] = []
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

    # ---- to implement -----------------------------------------------------------------
    def _load(self) -> list[tuple[RecordKey, BaseModel, bool]]:
        raise NotImplementedError

    def _insert(self, record: BaseModel) -> RecordKey:
        raise NotImplementedError

    def _remove(self, key: RecordKey) -> None:
        raise NotImplementedError

    def header(self, column: str) -> str:
        return column

    def new_record(self) -> BaseModel:
        """A template row for "Add"."""
        raise NotImplementedError

    def check(self, record: BaseModel) -> None:
        """Extra validation beyond the record type (raise ValueError with a plain message)."""

    # ---- Qt model API -----------------------------------------------------------------
    def reload(self) -> None:
        """Re-read every row from the repository (import, external change)."""
        self.beginResetModel()
        rows = self._load()
        self._keys = [k for k, _, _ in rows]
        self._rows = [r for _, r, _ in rows]
        self._user = [u for _, _, u in rows]
        self.endResetModel()

    def record(self, row: int) -> BaseModel:
        """The record in ``row``."""
        return self._rows[row]

    def key(self, row: int) -> RecordKey:
        """The repository key of ``row``."""
        return self._keys[row]

    def row_of_key(self, key: RecordKey) -> int:
        """Row of ``key`` or -1."""
        try:
            return self._keys.index(key)
        except ValueError:
            return -1

    @override
    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    @override
    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.columns)

    @override
    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return self.header(self.columns[section]) if 0 <= section < len(self.columns) else None
        return str(section + 1)

    @override
    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        f = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if (
            self.columns[index.column()] in self.editable
            and self.undo_stack is not None
            and not self.read_only
        ):
            f |= Qt.ItemFlag.ItemIsEditable
        return f

    def display(self, record: BaseModel, column: str) -> str:
        v = getattr(record, column)
        if v is None:
            return ""
        if isinstance(v, float):
            if 0 < abs(v) < 0.01:
                return QLocale().toString(v, "g", 3)
            return fmt_number(v, 2 if v < 100 else 0)
        return str(v)

    def extra_data(self, row: int, column: str, role: int) -> object:
        return None

    def display_text(self, row: int, column: str) -> str:
        """What ``data(DisplayRole)`` shows in ``row``, ``column``."""
        return self.display(self._rows[row], column)

    def sort_value(self, row: int, column: str) -> object:
        """What ``data(UserRole)`` answers in ``row``, ``column`` (the tab sorts by it)."""
        v = getattr(self._rows[row], column)
        if v is None:
            return -1.0 if column in self.numeric else ""
        return v

    @override
    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        return self.data_at(index.row(), index.column(), role)

    def data_at(self, row: int, column: int, role: int) -> object:
        """``data()`` of the cell ``row``, ``column`` (the tab's proxy asks this directly)."""
        if not 0 <= row < len(self._rows) or not 0 <= column < len(self.columns):
            return None
        rec = self._rows[row]
        col = self.columns[column]
        if role == Qt.ItemDataRole.DisplayRole:
            return self.display_text(row, col)
        if role == Qt.ItemDataRole.EditRole:
            v = getattr(rec, col)
            return "" if v is None else v
        if role == Qt.ItemDataRole.UserRole:
            return self.sort_value(row, col)
        if role == Qt.ItemDataRole.TextAlignmentRole and col in self.numeric:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            extra = self.extra_data(row, col, role)
            if extra:
                return extra
            src = getattr(rec, "source", "")
            notes = getattr(rec, "notes", "")
            return plain_tooltip("\n".join(x for x in (src, notes) if x)) or None
        if role == Qt.ItemDataRole.FontRole and column == 0 and self._user[row]:
            f = QFont()
            f.setBold(True)
            return f
        return self.extra_data(row, col, role)

    # ---- per-row caches ---------------------------------------------------------------
    def sort_keys(self, column: int) -> list[object]:
        """Sort key of every row in ``column`` (``data(UserRole)`` as Qt compares it), built
        once per load and column, updated per changed row."""
        keys = self._sort_keys.get(column)
        if keys is None:
            name = self.columns[column]
            keys = [_sort_key(self.sort_value(r, name)) for r in range(len(self._rows))]
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
                k = _sort_key(self.sort_value(r, name))
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

    def is_user_row(self, row: int) -> bool:
        """True when the user added or changed ``row`` (shown in bold)."""
        return self._user[row]

    def _is_integer(self, col: str) -> bool:
        field = getattr(self.record_type, "model_fields", {}).get(col)
        if field is None:
            return False
        ann = field.annotation
        args = typing.get_args(ann) or (ann,)
        return int in args and float not in args

    def _is_optional(self, col: str) -> bool:
        field = getattr(self.record_type, "model_fields", {}).get(col)
        return field is None or not field.is_required()

    def _coerce(self, col: str, value: object) -> object:
        """Typed text → the field's value (numbers parsed, never mangled); raises ValueError."""
        if not isinstance(value, str) or col not in self.numeric:
            return value
        if not value.strip():
            if self._is_optional(col):
                return None
            raise ValueError(translate("Numbers", "Enter a number."))
        return parse_bounded(value, integer=self._is_integer(col))

    def explain(self, text: str) -> str:
        """A refusal of the catalog (a ``catalog.field`` message …) with column headers and
        translated sentences (:func:`.messages.refusal_text`)."""
        return refusal_text(text, self._header_or_none)

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
            value = self._coerce(col, value)
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
            if bad == {col}:  # the reasons alone: the column is named once
                reasons = join([reason for _, reason in field_errors(exc)], "clauses")
                self.validationFailed.emit(self._message(col, self.explain(reasons)))
            else:
                self.validationFailed.emit(self._message("", self.explain(validation_message(exc))))
            return False
        except ValueError as exc:
            self.validationFailed.emit(self._message("", self.explain(error_message(exc))))
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
            self.validationFailed.emit(self._message("", self.explain(error_message(exc))))
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


class IdKeyedTableModel(RecordTableModel):
    """Base of tables keyed by the record's own ``id`` (GPUs, models), written by upsert."""

    upsert_method = ""
    """Name of the repository's add-or-replace (``upsert_gpu``…)."""

    @override
    def _insert(self, record: BaseModel) -> RecordKey:
        getattr(self.repo, self.upsert_method)(record)
        key: RecordKey = record.id  # type: ignore[attr-defined]  # GpuSpec / ModelRecord
        return key

    def _free_id(self, base: str) -> str:
        """``base``, or ``base_2``, ``base_3``… whichever no row uses yet."""
        n, candidate = 2, base
        while candidate in self._keys:
            candidate = f"{base}_{n}"
            n += 1
        return candidate

    @override
    def duplicate_of(self, record: BaseModel) -> BaseModel:
        rid = self._free_id(f"{record.id}_copy")  # type: ignore[attr-defined]
        return record.model_copy(update={"id": rid, "name": f"{record.name} (copy)"})  # type: ignore[attr-defined]
