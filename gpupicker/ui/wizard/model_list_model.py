"""Table model of the catalog's models for the wizard's model page."""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractTableModel,
    QLocale,
    QModelIndex,
    QObject,
    Qt,
)
from typing_extensions import override

from ...catalog import CatalogModel
from ..i18n.placeholders import tr_fmt
from ..widgets.plain_text import plain_tooltip
from ..widgets.table_model import ModelIndex as _Index


class ModelListModel(QAbstractTableModel):
    """Read-only rows of catalog models: name, family, parameters, context.

    ``Qt.UserRole`` gives the raw value for sorting; ``Qt.UserRole + 1`` the model id.
    """

    COLUMNS = ("name", "family", "params", "context")
    IdRole = Qt.ItemDataRole.UserRole + 1

    def __init__(self, models: list[CatalogModel] | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._models: list[CatalogModel] = list(models or [])

    def set_models(self, models: list[CatalogModel]) -> None:
        """Replace all rows."""
        self.beginResetModel()
        self._models = list(models)
        self.endResetModel()

    def model_at(self, row: int) -> CatalogModel:
        """The catalog model record of ``row``."""
        return self._models[row]

    def row_of(self, model_id: str) -> int:
        """Row of ``model_id``, or -1."""
        for i, m in enumerate(self._models):
            if m.id == model_id:
                return i
        return -1

    @override
    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._models)

    @override
    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.COLUMNS)

    @override
    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if role != Qt.ItemDataRole.DisplayRole or orientation != Qt.Orientation.Horizontal:
            return None
        if not 0 <= section < len(self.COLUMNS):
            return None
        return (self.tr("Model"), self.tr("Family"), self.tr("Parameters"), self.tr("Context (tokens)"))[
            section
        ]

    @override
    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._models):
            return None
        m = self._models[index.row()]
        col = self.COLUMNS[index.column()]
        params_b = float(m.params_b or 0.0)
        ctx = m.max_context
        if ctx is None:
            ctx = m.arch.max_position_embeddings
        if role == Qt.ItemDataRole.DisplayRole:
            loc = QLocale()
            if col == "name":
                return m.name
            if col == "family":
                return m.family
            if col == "params":
                return tr_fmt(self.tr("%1 B"), loc.toString(params_b, "f", 1))
            if col == "context":
                return loc.toString(int(ctx)) if ctx else "—"
        if role == Qt.ItemDataRole.UserRole:
            return {"name": m.name, "family": m.family, "params": params_b, "context": int(ctx or 0)}[col]
        if role == self.IdRole:
            return m.id
        if role == Qt.ItemDataRole.TextAlignmentRole and col in ("params", "context"):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            return plain_tooltip(m.source) if m.source else None
        return None
