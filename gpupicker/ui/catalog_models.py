"""Table models over the catalog repository (GPUs, prices, models) with undoable edits.

``data()`` renders per role (display strings with units, ``EditRole`` raw values,
``ToolTipRole`` source/notes); ``setData()`` validates a new frozen record with
pydantic, and on success pushes an undo command that writes only that field through
the repository's conflict-checked ``update_*_fields`` and re-reads the row. A
validation error returns False and emits ``validationFailed(message)`` for the
status bar.
"""

from __future__ import annotations

import datetime as dt
import re
import typing
from typing import Any

from pydantic import BaseModel, ValidationError
from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QLocale,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFont, QUndoCommand, QUndoStack

from ..catalog import ModelRecord
from ..catalog.csv_io import validation_message
from ..core.hardware import GpuSpec, PriceOffer
from ..core.price_kind import is_user_kind, price_kind
from .catalog_access import (
    conflict_error_types,
    is_read_only_error,
    write_error_message,
    write_error_types,
)
from .formatting import error_messages, fmt_number
from .number_input import parse_bounded
from .texts import pricing_names

translate = QCoreApplication.translate

_Index = QModelIndex | QPersistentModelIndex
STALE_BRUSH = QBrush(QColor("#fff1c2"))


def months_since(observed: str, today: dt.date | None = None) -> float | None:
    """Age in months of an ``observed`` date (YYYY, YYYY-MM or YYYY-MM-DD); None if unknown."""
    m = re.match(r"^\s*(\d{4})(?:-(\d{1,2}))?(?:-(\d{1,2}))?", observed or "")
    if not m:
        return None
    year, month, day = int(m.group(1)), int(m.group(2) or 7), int(m.group(3) or 15)
    if m.group(2) is None:
        month, day = 7, 1
    try:
        when = dt.date(year, month, day)
    except ValueError:
        return None
    today = today or dt.date.today()
    return (today - when).days / 30.44


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

    def __init__(self, repo: Any, parent: Any = None) -> None:
        super().__init__(parent)
        self.repo = repo
        self.undo_stack: QUndoStack | None = None
        self.read_only = False
        self._keys: list[Any] = []
        self._rows: list[BaseModel] = []
        self._user: list[bool] = []
        self.reload()

    # ---- to implement -----------------------------------------------------------------
    def _load(self) -> list[tuple[Any, BaseModel, bool]]:
        raise NotImplementedError

    def _insert(self, record: BaseModel) -> Any:
        raise NotImplementedError

    def _remove(self, key: Any) -> None:
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

    def key(self, row: int) -> Any:
        """The repository key of ``row``."""
        return self._keys[row]

    def row_of_key(self, key: Any) -> int:
        """Row of ``key`` or -1."""
        try:
            return self._keys.index(key)
        except ValueError:
            return -1

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.columns)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return self.header(self.columns[section]) if 0 <= section < len(self.columns) else None
        return str(section + 1)

    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        f = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if self.columns[index.column()] in self.editable and self.undo_stack is not None \
                and not self.read_only:
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

    def extra_data(self, row: int, column: str, role: int) -> Any:
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        rec = self._rows[index.row()]
        col = self.columns[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return self.display(rec, col)
        if role == Qt.ItemDataRole.EditRole:
            v = getattr(rec, col)
            return "" if v is None else v
        if role == Qt.ItemDataRole.UserRole:
            v = getattr(rec, col)
            if v is None:
                return -1.0 if col in self.numeric else ""
            return v
        if role == Qt.ItemDataRole.TextAlignmentRole and col in self.numeric:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            extra = self.extra_data(index.row(), col, role)
            if extra:
                return extra
            src = getattr(rec, "source", "")
            notes = getattr(rec, "notes", "")
            return "\n".join(x for x in (src, notes) if x) or None
        if role == Qt.ItemDataRole.FontRole and index.column() == 0 and self._user[index.row()]:
            f = QFont()
            f.setBold(True)
            return f
        return self.extra_data(index.row(), col, role)

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

    def _coerce(self, col: str, value: Any) -> Any:
        """Typed text → the field's value (numbers parsed, never mangled); raises ValueError."""
        if not isinstance(value, str) or col not in self.numeric:
            return value
        if not value.strip():
            if self._is_optional(col):
                return None
            raise ValueError(translate("Numbers", "Enter a number."))
        return parse_bounded(value, integer=self._is_integer(col))

    def _message(self, col: str, text: str) -> str:
        return translate("Catalog", "Not saved — %1").replace(
            "%1", f"{self.header(col)}: {text}" if col else text)

    def setData(self, index: _Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
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
            msgs = error_messages(exc)
            bad = {str(e.get("loc", ("",))[0]) for e in exc.errors()}
            if bad == {col}:
                self.validationFailed.emit(self._message(col, msgs))
            else:
                self.validationFailed.emit(self._message("", validation_message(exc)))
            return False
        except ValueError as exc:
            self.validationFailed.emit(self._message("", str(exc)))
            return False
        cmd = EditRecordCommand(self, self._keys[index.row()], old, new, (col, *implied),
                                translate("Catalog", "Edit %1").replace("%1", self.header(col)))
        self._push(cmd)
        return True

    def _push(self, cmd: QUndoCommand) -> None:
        if self.undo_stack is not None:
            self.undo_stack.push(cmd)
        else:
            cmd.redo()

    def implied_changes(self, col: str, old: BaseModel) -> dict[str, Any]:
        """Other fields an edit of ``col`` changes too (written and undone with it)."""
        return {}

    # ---- operations used by commands --------------------------------------------------
    def apply_field(self, key: Any, changes: dict[str, Any], expected: BaseModel) -> None:
        """Write some fields of ``key`` (one edit), checking nobody else changed them since
        ``expected``.

        Goes through the repository's field-level update (``fields_method``), which
        raises a conflict error (see :func:`conflict_error_types`) when the row changed.
        """
        getattr(self.repo, self.fields_method)(key, changes, expected=expected)
        self.refresh_key(key)
        self.catalogChanged.emit()

    def _fetch(self, key: Any) -> BaseModel | None:
        """The repository's current copy of ``key`` (None when gone)."""
        for k, rec, _user in self._load():
            if k == key:
                return rec
        return None

    def refresh_key(self, key: Any) -> None:
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

    def _user_flag(self, key: Any, default: bool) -> bool:
        try:
            return bool(self.repo.is_user_row(self.table_name, key))
        except Exception:  # noqa: BLE001 - a display flag only
            return default

    def report_failure(self, exc: BaseException, key: Any = None) -> None:
        """A write failed: say why (status bar) and show the repository's current row."""
        if isinstance(exc, conflict_error_types()):
            self.validationFailed.emit(translate(
                "Catalog", "Not saved — another program changed this row (%1). The table now "
                           "shows the current values; edit again if needed.").replace(
                "%1", str(exc)))
            if key is not None:
                self.refresh_key(key)
            return
        if is_read_only_error(exc):
            self.writeFailed.emit(write_error_message(exc))  # the window turns read-only
        else:
            self.validationFailed.emit(write_error_message(exc))

    def insert_record(self, record: BaseModel, row: int | None = None) -> Any:
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

    def remove_key(self, key: Any) -> int:
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
        self._push(DeleteRecordCommand(self, self._keys[row], self._rows[row], row,
                                       translate("Catalog", "Delete row")))


class _GuardedCommand(QUndoCommand):
    """Base: a write that fails (conflict, read-only file) is reported, not raised.

    A new edit whose first write fails is marked obsolete, so the stack never holds it.
    A refused Undo (or Redo) of a command already on the stack keeps it there: right after
    the stack has moved its index, the index is moved back without writing, so the command
    is again the one Undo (Redo) offers and can be retried (it used to be dropped).
    """

    model: RecordTableModel
    key: Any = None
    _done_once = False
    _skip_next = False

    def _guard(self, fn: Any, undoing: bool) -> None:
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

    def redo(self) -> None:
        self._guard(self._redo, undoing=False)

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

    def __init__(self, model: RecordTableModel, key: Any, old: BaseModel, new: BaseModel,
                 fields: tuple[str, ...], text: str) -> None:
        super().__init__(text)
        self.model, self.key, self.old, self.new, self.fields = model, key, old, new, fields

    def _redo(self) -> None:
        self.model.apply_field(self.key, {f: getattr(self.new, f) for f in self.fields},
                               expected=self.old)

    def _undo(self) -> None:
        self.model.apply_field(self.key, {f: getattr(self.old, f) for f in self.fields},
                               expected=self.new)


class AddRecordCommand(_GuardedCommand):
    """Add a row; undo deletes it."""

    def __init__(self, model: RecordTableModel, record: BaseModel, text: str) -> None:
        super().__init__(text)
        self.model, self.record, self.key = model, record, None

    def _redo(self) -> None:
        self.key = self.model.insert_record(self.record)

    def _undo(self) -> None:
        self.model.remove_key(self.key)


class DeleteRecordCommand(_GuardedCommand):
    """Delete a row; undo re-adds it at the same place."""

    def __init__(self, model: RecordTableModel, key: Any, record: BaseModel, row: int,
                 text: str) -> None:
        super().__init__(text)
        self.model, self.key, self.record, self.row = model, key, record, row

    def _redo(self) -> None:
        self.row = self.model.remove_key(self.key)

    def _undo(self) -> None:
        self.key = self.model.insert_record(self.record, self.row)


class _IdKeyedTableModel(RecordTableModel):
    """Base of tables keyed by the record's own ``id`` (GPUs, models), written by upsert."""

    upsert_method = ""
    """Name of the repository's add-or-replace (``upsert_gpu``…)."""

    def _insert(self, record: BaseModel) -> Any:
        getattr(self.repo, self.upsert_method)(record)
        return record.id  # type: ignore[attr-defined]

    def _free_id(self, base: str) -> str:
        """``base``, or ``base_2``, ``base_3``… whichever no row uses yet."""
        n, candidate = 2, base
        while candidate in self._keys:
            candidate = f"{base}_{n}"
            n += 1
        return candidate

    def duplicate_of(self, record: BaseModel) -> BaseModel:
        rid = self._free_id(f"{record.id}_copy")  # type: ignore[attr-defined]
        return record.model_copy(update={"id": rid, "name": f"{record.name} (copy)"})  # type: ignore[attr-defined]


def price_kind_names() -> dict[str, str]:
    """Kind code (core.price_kind.PRICE_KINDS) → translated label."""
    return {
        "list": translate("Catalog", "provider list price"),
        "marketplace": translate("Catalog", "marketplace listing"),
        "aggregate": translate("Catalog", "scraped aggregate"),
        "guide": translate("Catalog", "quoted in a guide"),
        "user": translate("Catalog", "your own price"),
        "owned": translate("Catalog", "your own hardware"),
    }


class PriceTableModel(RecordTableModel):
    """Price offers; ``observed`` older than ``staleness_months`` gets a badge."""

    record_type = PriceOffer
    fields_method = "update_price_fields"
    table_name = "prices"
    columns = ("gpu_id", "provider", "region", "pricing", "price_per_gpu_hour", "currency",
               "gpus_per_instance", "observed", "source", "notes", "price_kind")
    editable = frozenset(columns) - {"price_kind"}
    numeric = frozenset({"price_per_gpu_hour", "gpus_per_instance"})

    def __init__(self, repo: Any, staleness_months: int = 6, parent: Any = None) -> None:
        self.staleness_months = staleness_months
        self.today = dt.date.today()
        super().__init__(repo, parent)

    def header(self, column: str) -> str:
        return {
            "gpu_id": translate("Catalog", "GPU id"),
            "provider": translate("Catalog", "Provider"),
            "region": translate("Catalog", "Region"),
            "pricing": translate("Catalog", "Pricing"),
            "price_per_gpu_hour": translate("Catalog", "Price / GPU-hour"),
            "currency": translate("Catalog", "Currency"),
            "gpus_per_instance": translate("Catalog", "GPUs / instance"),
            "observed": translate("Catalog", "Observed"),
            "source": translate("Catalog", "Source"),
            "notes": translate("Catalog", "Notes"),
            "price_kind": translate("Catalog", "Kind of price"),
        }[column]

    def kind(self, row: int) -> str:
        """Kind code of the price in ``row`` (core.price_kind; the user's rows are ``user``)."""
        rec = self._rows[row]
        if self._user[row] and is_user_kind(rec):  # type: ignore[arg-type]
            return "user"
        return price_kind(rec)  # type: ignore[arg-type]

    def data(self, index: Any, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if index.isValid() and 0 <= index.row() < len(self._rows) \
                and self.columns[index.column()] == "price_kind" \
                and role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.UserRole,
                             Qt.ItemDataRole.EditRole):
            code = self.kind(index.row())
            return price_kind_names().get(code, code) if role == Qt.ItemDataRole.DisplayRole \
                else code
        return super().data(index, role)

    def _load(self) -> list[tuple[Any, BaseModel, bool]]:
        return [(rid, p, bool(user)) for rid, p, user in self.repo.price_rows()]

    def _insert(self, record: BaseModel) -> Any:
        return self.repo.add_price(record)

    def _fetch(self, key: Any) -> BaseModel | None:
        return self.repo.get_price(key)

    def _remove(self, key: Any) -> None:
        self.repo.delete_price(key)

    def set_staleness(self, months: int) -> None:
        """New threshold; repaint the badges."""
        self.staleness_months = months
        if self._rows:
            col = self.columns.index("observed")
            self.dataChanged.emit(self.index(0, col), self.index(len(self._rows) - 1, col))

    def age_months(self, row: int) -> float | None:
        """Months since the price in ``row`` was observed (None when unknown)."""
        return months_since(getattr(self._rows[row], "observed", ""), self.today)

    def is_stale(self, row: int) -> bool:
        """True when the price is older than the threshold or its date is unknown."""
        age = self.age_months(row)
        return age is None or age > self.staleness_months

    def display(self, record: BaseModel, column: str) -> str:
        text = super().display(record, column)
        if column == "pricing":
            return pricing_names().get(text, text)
        if column == "observed":
            age = months_since(text, self.today)
            if age is None:
                return f"{text or '—'}  ⚠ " + translate("Catalog", "date unknown")
            if age > self.staleness_months:
                return f"{text}  ⚠ " + translate("Catalog", "%1 mo old").replace("%1", str(int(age)))
        return text

    def extra_data(self, row: int, column: str, role: int) -> Any:
        if column != "observed" or not self.is_stale(row):
            return None
        if role == Qt.ItemDataRole.BackgroundRole:
            return STALE_BRUSH
        if role == Qt.ItemDataRole.ForegroundRole:
            return QBrush(QColor("#7a4b00"))
        if role == Qt.ItemDataRole.ToolTipRole:
            age = self.age_months(row)
            if age is None:
                return translate("Catalog", "When this price was seen is unknown: check the "
                                            "provider's current price.")
            return translate("Catalog", "Observed %1 months ago (older than %2): check the "
                                        "provider's current price.").replace("%1", str(int(age))).replace(
                "%2", str(self.staleness_months))
        return None

    #: Columns whose edit is not a new observation of the price (annotations, the date itself).
    NOT_AN_OBSERVATION = frozenset({"observed", "source", "notes"})

    def implied_changes(self, col: str, old: BaseModel) -> dict[str, Any]:
        """Editing an offer (price, provider, pricing …) observes it today unless the user
        edits the Observed date itself; undo restores the old date with the old value."""
        today = dt.date.today().isoformat()
        if col in self.NOT_AN_OBSERVATION or getattr(old, "observed", "") == today:
            return {}
        return {"observed": today}

    def new_record(self) -> PriceOffer:
        """A template row for "Add"."""
        gpu = self._rows[0].gpu_id if self._rows else "rtx_4090"  # type: ignore[attr-defined]
        return PriceOffer(gpu_id=gpu, provider=translate("Catalog", "My provider"), price_per_gpu_hour=1.0,
                          observed=dt.date.today().isoformat())


class GpuTableModel(_IdKeyedTableModel):
    """GPU specifications; the id is fixed once created."""

    record_type = GpuSpec
    fields_method = "update_gpu_fields"
    upsert_method = "upsert_gpu"
    table_name = "gpus"
    columns = ("id", "name", "vendor", "memory_gb", "memory_bandwidth_gbps",
               "bf16_tflops_dense", "fp8_tflops_dense", "tdp_w", "interconnect", "release_year",
               "source")
    editable = frozenset(columns) - {"id"}
    numeric = frozenset({"memory_gb", "memory_bandwidth_gbps", "bf16_tflops_dense",
                         "fp8_tflops_dense", "tdp_w", "release_year"})

    def header(self, column: str) -> str:
        return {
            "id": translate("Catalog", "Id"),
            "name": translate("Catalog", "Name"),
            "vendor": translate("Catalog", "Vendor"),
            "memory_gb": translate("Catalog", "Memory (GB)"),
            "memory_bandwidth_gbps": translate("Catalog", "Bandwidth (GB/s)"),
            "bf16_tflops_dense": translate("Catalog", "BF16 TFLOPS"),
            "fp8_tflops_dense": translate("Catalog", "FP8 TFLOPS"),
            "tdp_w": translate("Catalog", "Power (W)"),
            "interconnect": translate("Catalog", "Interconnect"),
            "release_year": translate("Catalog", "Year"), "source": translate("Catalog", "Source"),
        }[column]

    def _load(self) -> list[tuple[Any, BaseModel, bool]]:
        return [(g.id, g, bool(user)) for g, user in self.repo.gpu_rows()]

    def _fetch(self, key: Any) -> BaseModel | None:
        return self.repo.get_gpu(key)

    def _remove(self, key: Any) -> None:
        self.repo.delete_gpu(key)

    def new_record(self) -> GpuSpec:
        """A template row for "Add"."""
        return GpuSpec(id=self._free_id("my_gpu"), name=translate("Catalog", "My GPU"), memory_gb=24,
                       memory_bandwidth_gbps=1000)


class ModelsTableModel(_IdKeyedTableModel):
    """Catalog models as flat ``models.csv`` rows (:class:`ModelRecord`).

    An edit must still describe a valid architecture (checked with ``to_arch()``).
    """

    record_type = ModelRecord

    columns = ("id", "name", "family", "params_b", "num_layers", "hidden_size",
               "intermediate_size", "num_attention_heads", "num_key_value_heads", "vocab_size",
               "max_context", "license")
    numeric = frozenset({"params_b", "num_layers", "hidden_size", "intermediate_size",
                         "num_attention_heads", "num_key_value_heads", "vocab_size",
                         "max_context"})

    editable = frozenset(columns) - {"id"}
    table_name = "models"
    fields_method = "update_model_fields"
    upsert_method = "upsert_model"

    def header(self, column: str) -> str:
        return {
            "id": translate("Catalog", "Id"),
            "name": translate("Catalog", "Name"),
            "family": translate("Catalog", "Family"),
            "params_b": translate("Catalog", "Parameters (B)"),
            "num_layers": translate("Catalog", "Layers"),
            "hidden_size": translate("Catalog", "Hidden size"),
            "intermediate_size": translate("Catalog", "MLP size"),
            "num_attention_heads": translate("Catalog", "Heads"),
            "num_key_value_heads": translate("Catalog", "KV heads"),
            "vocab_size": translate("Catalog", "Vocabulary"),
            "max_context": translate("Catalog", "Context (tokens)"),
            "license": translate("Catalog", "Licence"),
        }[column]

    def _load(self) -> list[tuple[Any, BaseModel, bool]]:
        return [(r.id, r, bool(user)) for r, user in self.repo.model_rows()]

    def check(self, record: BaseModel) -> None:
        try:
            record.to_arch()  # type: ignore[attr-defined]
        except ValidationError as exc:
            raise ValueError(validation_message(exc)) from exc

    def _remove(self, key: Any) -> None:
        self.repo.delete_model(key)

    def new_record(self) -> BaseModel:
        """A template row for "Add" (a Llama-2-7B shape to edit)."""
        return self.record_type.model_validate(dict(
            id=self._free_id("my_model"), name=translate("Catalog", "My model"), family="custom",
            params_b=6.74, num_layers=32, hidden_size=4096, intermediate_size=11008,
            num_attention_heads=32, num_key_value_heads=32, vocab_size=32000, max_context=4096))
