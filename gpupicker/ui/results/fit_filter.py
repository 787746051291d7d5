"""The results table's filter: only options that fit, one row per GPU type (its best option).

A ``QSortFilterProxyModel`` over :class:`~.options_model.OptionsTableModel`; the results page
toggles it from its "one row per GPU" and "only options that fit" check boxes.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractItemModel,
    QObject,
    QSortFilterProxyModel,
)
from typing_extensions import override

from ..widgets.table_model import ModelIndex
from .options_model import OptionsTableModel


class FitFilter(QSortFilterProxyModel):
    """Hides options that do not fit when ``only_fitting`` is on (unless none fit); with
    ``one_per_gpu`` shows each GPU type once, at its best-ranked row."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.only_fitting = True
        self.one_per_gpu = True
        self.preferred: tuple[str, int] | None = None
        """The job's own GPU × count (the budget page's preferred GPU and count): its best row
        stays in the one-per-GPU view beside the GPU type's best (a fitting 4 ×
        A100 the user asked about was hidden behind 8 × A100)."""
        self._firsts: set[int] | None = None

    @override
    def setSourceModel(self, model: QAbstractItemModel) -> None:  # noqa: N802 - Qt override
        # connected before the proxy's own handlers, so it re-filters on fresh rows: an edit
        # that keeps the row count (OptionsTableModel signals dataChanged then) and a reset
        # (a new row count; connected after, the proxy re-filtered with the last job's first
        # rows — a GPU type shown three times, others hidden)
        model.dataChanged.connect(self._forget)
        model.modelAboutToBeReset.connect(self._forget)
        model.modelReset.connect(self._forget)
        super().setSourceModel(model)

    def _forget(self) -> None:
        self._firsts = None

    def set_preferred(self, preferred: tuple[str, int] | None) -> None:
        """The job's own GPU × count (None: none chosen); re-filters when it changes."""
        if preferred != self.preferred:
            self.beginFilterChange()
            self.preferred = preferred
            self._firsts = None
            self.endFilterChange()

    def set_one_per_gpu(self, on: bool) -> None:
        """Show one row per GPU type (its best count and offer) or every row."""
        self.beginFilterChange()
        self.one_per_gpu = on
        self._firsts = None
        self.endFilterChange()

    def _first_rows(self, model: OptionsTableModel) -> set[int]:
        if self._firsts is None:
            seen: set[str] = set()
            firsts: set[int] = set()
            preferred_seen = self.preferred is None
            for row in range(model.rowCount()):
                o = model.option(row)
                if self.only_fitting and model.any_fits and not o.fits:
                    continue
                if o.gpu_id not in seen:
                    seen.add(o.gpu_id)
                    firsts.add(row)
                if not preferred_seen and (o.gpu_id, o.num_gpus) == self.preferred:
                    preferred_seen = True
                    firsts.add(row)
            self._firsts = firsts
        return self._firsts

    def set_only_fitting(self, on: bool) -> None:
        """Turn the filter on or off and re-filter."""
        self.beginFilterChange()
        self.only_fitting = on
        self._firsts = None
        self.endFilterChange()

    @override
    def filterAcceptsRow(self, source_row: int, source_parent: ModelIndex) -> bool:
        model = self.sourceModel()
        if not isinstance(model, OptionsTableModel):
            return True
        if self.one_per_gpu and source_row not in self._first_rows(model):
            return False
        if not self.only_fitting:
            return True
        if not model.any_fits:
            return True
        return model.option(source_row).fits
