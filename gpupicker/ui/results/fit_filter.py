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
        self._accepted: set[int] | None = None
        """The source rows shown, worked out once per change of the rows or the filter:
        ``filterAcceptsRow`` runs for every source row (344 for the default job) each time
        the source signals a change."""
        self._options_model: OptionsTableModel | None = None

    @override
    def setSourceModel(self, model: QAbstractItemModel) -> None:  # noqa: N802 - Qt override
        # connected before the proxy's own handlers, so it re-filters on fresh rows: an edit
        # that keeps the row count (OptionsTableModel signals dataChanged then) and a reset
        # (a new row count; connected after, the proxy re-filtered with the last job's first
        # rows — a GPU type shown three times, others hidden)
        model.dataChanged.connect(self._forget)
        model.modelAboutToBeReset.connect(self._forget)
        model.modelReset.connect(self._forget)
        self._options_model = model if isinstance(model, OptionsTableModel) else None
        self._forget()
        super().setSourceModel(model)

    def _forget(self) -> None:
        self._firsts = None
        self._accepted = None

    def set_preferred(self, preferred: tuple[str, int] | None) -> None:
        """The job's own GPU × count (None: none chosen); re-filters when it changes."""
        if preferred != self.preferred:
            self.beginFilterChange()
            self.preferred = preferred
            self._forget()
            self.endFilterChange()

    def set_one_per_gpu(self, on: bool) -> None:
        """Show one row per GPU type (its best count and offer) or every row."""
        self.beginFilterChange()
        self.one_per_gpu = on
        self._forget()
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
        self._forget()
        self.endFilterChange()

    def _accepted_rows(self, model: OptionsTableModel) -> set[int]:
        if self._accepted is None:
            if self.one_per_gpu:
                self._accepted = self._first_rows(model)
            elif self.only_fitting and model.any_fits:
                self._accepted = {row for row in range(model.rowCount()) if model.option(row).fits}
            else:
                self._accepted = set(range(model.rowCount()))
        return self._accepted

    @override
    def filterAcceptsRow(self, source_row: int, source_parent: ModelIndex) -> bool:
        model = self._options_model
        if model is None:
            return True
        return source_row in self._accepted_rows(model)
