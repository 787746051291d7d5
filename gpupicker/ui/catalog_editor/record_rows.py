"""Rows of frozen pydantic records keyed by an id, as Qt's item model reads them: what each
cell shows per role (display strings with units, ``EditRole`` raw values, ``UserRole`` sort
values, ``ToolTipRole`` source/notes). :class:`~.models.RecordTableModel` adds the edits and
the caches."""

from __future__ import annotations

from pydantic import BaseModel
from PySide6.QtCore import QAbstractTableModel, QLocale, QModelIndex, QObject, Qt
from PySide6.QtGui import QFont, QUndoStack
from typing_extensions import override

from ...catalog import CatalogRepository
from ..i18n.formatting import fmt_number
from ..widgets.plain_text import plain_tooltip
from ..widgets.table_model import ModelIndex as _Index
from .undo import RecordKey


class RecordRows(QAbstractTableModel):
    """The rows of one repository table (a subclass loads them: ``_load``) and Qt's read API."""

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

    def is_user_row(self, row: int) -> bool:
        """True when the user added or changed ``row`` (shown in bold)."""
        return self._user[row]
