"""The catalog tab's sort and filter: QSortFilterProxyModel's row bookkeeping, over Python lists.

Qt's proxy asks the source's data() for every comparison and every filtered cell: at 20,285
prices a header click made ~730,000 data() calls (2–3 s) and a filter keystroke ~220,000
(0.2–0.9 s); even with ``lessThan`` answered from a Python list a sort took 0.6–1.1 s (the
calls from C++ into Python are the cost). :class:`CatalogProxy` keeps the same two lists Qt
keeps for a flat model (proxy row → source row, source row → proxy row) and changes them the
way Qt 6's ``QSortFilterProxyModel`` does (dynamic sort and filter), so the rows and their order
— ties included, which keep their previous order — are the ones the Qt proxy showed, but it
sorts with Python's stable sort over the model's cached keys and filters on its cached
case-folded row texts (:meth:`RecordTableModel.sort_keys`, :meth:`RecordTableModel.row_matches`).

Changes of many rows at once (a filter keystroke, a re-sort) are announced as one layout change
with the persistent indexes (selection, current cell) moved, instead of one remove or insert
signal per interval.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    Qt,
    Slot,
)
from typing_extensions import override

from ..widgets.table_model import ModelIndex as _Index
from .models import RecordTableModel
from .text_keys import fold_text

#: More separate intervals than this are applied as one layout change, not one signal each.
_MAX_INTERVAL_SIGNALS = 8


class CatalogProxy(QAbstractTableModel):
    """Sorted, filtered rows of one :class:`RecordTableModel` for the tab's view.

    The API the tab and its tests use of ``QSortFilterProxyModel``: ``sourceModel``,
    ``mapToSource``, ``mapFromSource``, ``setFilterFixedString`` (any column containing the
    text, case-insensitively), ``sort`` / ``sortColumn`` / ``sortOrder`` (by the model's
    ``UserRole`` values).
    """

    def __init__(self, model: RecordTableModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._model = model
        self._needle = ""
        self._column = -1
        self._order = Qt.SortOrder.AscendingOrder
        self._rows: list[int] = []  # proxy row → source row
        self._pos: list[int] = []  # source row → proxy row (-1: filtered out)
        self._saved: list[tuple[QModelIndex, int, int]] = []
        model.dataChanged.connect(self._on_data_changed)
        model.headerDataChanged.connect(self.headerDataChanged)
        model.rowsInserted.connect(self._on_rows_inserted)
        model.rowsAboutToBeRemoved.connect(self._on_rows_about_to_be_removed)
        model.rowsRemoved.connect(self._on_rows_removed)
        model.modelAboutToBeReset.connect(self.beginResetModel)
        model.modelReset.connect(self._on_reset)
        model.layoutAboutToBeChanged.connect(self._on_layout_about_to_be_changed)
        model.layoutChanged.connect(self._on_layout_changed)
        self._create_mapping()

    # ---- QSortFilterProxyModel's API --------------------------------------------------
    def sourceModel(self) -> RecordTableModel:  # noqa: N802 - Qt's name
        """The catalog table model."""
        return self._model

    def mapToSource(self, index: _Index) -> QModelIndex:  # noqa: N802
        """The model's index of a proxy index (invalid for an invalid one)."""
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return QModelIndex()
        return self._model.index(self._rows[index.row()], index.column())

    def mapFromSource(self, index: _Index) -> QModelIndex:  # noqa: N802
        """The proxy's index of a model index (invalid when filtered out)."""
        if not index.isValid() or not 0 <= index.row() < len(self._pos):
            return QModelIndex()
        p = self._pos[index.row()]
        return self.createIndex(p, index.column()) if p >= 0 else QModelIndex()

    def sortColumn(self) -> int:  # noqa: N802
        """The column sorted by (-1: the model's order)."""
        return self._column

    def sortOrder(self) -> Qt.SortOrder:  # noqa: N802
        """Ascending or descending."""
        return self._order

    @Slot(str)
    def setFilterFixedString(self, pattern: str) -> None:  # noqa: N802
        """Show the rows with a column containing ``pattern`` (any case)."""
        self._needle = fold_text(pattern)
        remove = [s for s in self._rows if not self._accepts(s)]
        insert = [s for s, p in enumerate(self._pos) if p < 0 and self._accepts(s)]
        if not remove and not insert:
            return
        self._sort_rows(insert)
        removing = self._remove_intervals(remove)
        kept = self._without(removing)
        adding = self._add_intervals(kept, insert)
        if len(removing) + len(adding) <= _MAX_INTERVAL_SIGNALS:
            self._remove_with_signals(removing)
            self._insert_with_signals(adding)
        else:
            self._relayout(lambda: self._merged(kept, adding))

    @override
    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort by ``column`` (-1: the model's order), ties in their current order."""
        if column == self._column and order == self._order:
            return
        self._order = order
        self._column = column if column < len(self._model.columns) else -1

        def resorted() -> list[int]:
            rows = list(self._rows)
            self._sort_rows(rows)
            return rows

        self._relayout(resorted)

    # ---- Qt model API -----------------------------------------------------------------
    @override
    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._rows)

    @override
    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._model.columns)

    @override
    def index(self, row: int, column: int, parent: _Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        if parent.isValid() or not (0 <= row < len(self._rows) and 0 <= column < len(self._model.columns)):
            return QModelIndex()
        return self.createIndex(row, column)

    @override
    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        return self._model.data_at(self._rows[index.row()], index.column(), role)

    @override
    def setData(
        self,
        index: _Index,
        value: object,  # noqa: N802
        role: int = Qt.ItemDataRole.EditRole,
    ) -> bool:
        source = self.mapToSource(index)
        return source.isValid() and self._model.setData(source, value, role)

    @override
    def flags(self, index: _Index) -> Qt.ItemFlag:
        return self._model.flags(self.mapToSource(index))

    @override
    def headerData(
        self,
        section: int,
        orientation: Qt.Orientation,  # noqa: N802
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> object:
        if orientation == Qt.Orientation.Vertical:
            if not 0 <= section < len(self._rows):
                return None
            section = self._rows[section]  # the model's row number, as Qt's proxy
        return self._model.headerData(section, orientation, role)

    # ---- the bookkeeping (QSortFilterProxyModelPrivate, one level) ----------------------
    def _accepts(self, source_row: int) -> bool:
        return not self._needle or self._model.row_matches(source_row, self._needle)

    def _sort_rows(self, rows: list[int]) -> None:
        """``rows`` in sort order, stable (as std::stable_sort with lessThan / greater)."""
        descending = self._order == Qt.SortOrder.DescendingOrder
        if self._column < 0:
            rows.sort(reverse=descending)
            return
        keys = self._model.sort_keys(self._column)
        rows.sort(key=keys.__getitem__, reverse=descending)  # type: ignore[arg-type]

    def _less(self, a: int, b: int) -> bool:
        """``a`` goes before ``b`` (the comparison Qt's binary search uses)."""
        keys = self._model.sort_keys(self._column)
        if self._order == Qt.SortOrder.AscendingOrder:
            return bool(keys[a] < keys[b])  # type: ignore[operator]
        return bool(keys[b] < keys[a])  # type: ignore[operator]

    def _rebuild_pos(self, start: int = 0) -> None:
        if start == 0:
            self._pos = [-1] * len(self._pos)
        pos, rows = self._pos, self._rows
        for i in range(start, len(rows)):
            pos[rows[i]] = i

    def _create_mapping(self) -> None:
        n = self._model.rowCount()
        self._rows = [s for s in range(n) if self._accepts(s)]
        self._sort_rows(self._rows)
        self._pos = [-1] * n
        self._rebuild_pos()

    def _remove_intervals(self, source_items: Sequence[int]) -> list[tuple[int, int]]:
        """Proxy (first, last) intervals of ``source_items``, ascending and merged."""
        positions = sorted(self._pos[s] for s in source_items)
        intervals: list[tuple[int, int]] = []
        for p in positions:
            if intervals and p == intervals[-1][1] + 1:
                intervals[-1] = (intervals[-1][0], p)
            else:
                intervals.append((p, p))
        return intervals

    def _without(self, intervals: list[tuple[int, int]]) -> list[int]:
        """The proxy rows once ``intervals`` are removed."""
        if not intervals:
            return self._rows
        gone = {p for first, last in intervals for p in range(first, last + 1)}
        return [s for p, s in enumerate(self._rows) if p not in gone]

    def _add_intervals(self, rows: list[int], source_items: list[int]) -> list[tuple[int, list[int]]]:
        """Where each of ``source_items`` (sorted) goes into ``rows``: Qt's
        ``proxy_intervals_for_source_items_to_add`` (binary search for the first item of an
        interval, then the following items while not after the row there)."""
        intervals: list[tuple[int, list[int]]] = []
        compare = self._column >= 0
        low, i, n = 0, 0, len(source_items)
        while i < n:
            first = source_items[i]
            items = [first]
            i += 1
            high = len(rows) - 1
            while low <= high:
                mid = (low + high) // 2
                if self._less(first, rows[mid]) if compare else first < rows[mid]:
                    high = mid - 1
                else:
                    low = mid + 1
            at = low
            if at >= len(rows):
                items.extend(source_items[i:])
                i = n
            else:
                there = rows[at]
                while i < n:
                    new = source_items[i]
                    if self._less(there, new) if compare else there < new:
                        break
                    items.append(new)
                    i += 1
            intervals.append((at, items))
        return intervals

    @staticmethod
    def _merged(rows: list[int], intervals: list[tuple[int, list[int]]]) -> list[int]:
        out: list[int] = []
        prev = 0
        for at, items in intervals:
            out.extend(rows[prev:at])
            out.extend(items)
            prev = at
        out.extend(rows[prev:])
        return out

    def _remove_with_signals(self, intervals: list[tuple[int, int]]) -> None:
        for first, last in reversed(intervals):
            self.beginRemoveRows(QModelIndex(), first, last)
            for p in range(first, last + 1):
                self._pos[self._rows[p]] = -1
            del self._rows[first : last + 1]
            self._rebuild_pos(first)
            self.endRemoveRows()

    def _insert_with_signals(self, intervals: list[tuple[int, list[int]]]) -> None:
        for at, items in reversed(intervals):
            self.beginInsertRows(QModelIndex(), at, at + len(items) - 1)
            self._rows[at:at] = items
            self._rebuild_pos(at)
            self.endInsertRows()

    def _save_persistent(self) -> list[tuple[QModelIndex, int, int]]:
        rows = self._rows
        return [
            (i, rows[i.row()] if 0 <= i.row() < len(rows) else -1, i.column())
            for i in self.persistentIndexList()
        ]

    def _restore_persistent(self, saved: list[tuple[QModelIndex, int, int]]) -> None:
        if not saved:
            return
        old, new = [], []
        for index, source_row, column in saved:
            p = self._pos[source_row] if 0 <= source_row < len(self._pos) else -1
            old.append(index)
            new.append(self.createIndex(p, column) if p >= 0 else QModelIndex())
        self.changePersistentIndexList(old, new)

    def _relayout(self, new_rows: Callable[[], list[int]]) -> None:
        """Replace the proxy rows by ``new_rows()`` as one layout change (PySide emits it
        without Qt's sort hint, a hint only)."""
        self.layoutAboutToBeChanged.emit()
        saved = self._save_persistent()
        self._rows = new_rows()
        self._rebuild_pos()
        self._restore_persistent(saved)
        self.layoutChanged.emit()

    # ---- the model's signals ----------------------------------------------------------
    @Slot(QModelIndex, QModelIndex, list)
    def _on_data_changed(
        self, top_left: QModelIndex, bottom_right: QModelIndex, roles: list[int] | None = None
    ) -> None:
        if not top_left.isValid() or not bottom_right.isValid():
            return
        remove: list[int] = []
        insert: list[int] = []
        change: list[int] = []
        resort: list[int] = []
        sorted_here = top_left.column() <= self._column <= bottom_right.column()
        for s in range(top_left.row(), min(bottom_right.row(), len(self._pos) - 1) + 1):
            if self._pos[s] != -1:
                if not self._accepts(s):
                    remove.append(s)
                elif sorted_here:
                    resort.append(s)
                else:
                    change.append(s)
            elif self._accepts(s):
                insert.append(s)
        if remove:
            intervals = self._remove_intervals(remove)
            if len(intervals) <= _MAX_INTERVAL_SIGNALS:
                self._remove_with_signals(intervals)
            else:
                kept = self._without(intervals)
                self._relayout(lambda: kept)
        if resort:
            if self._needs_reorder(resort):

                def resorted() -> list[int]:
                    kept = self._without(self._remove_intervals(resort))
                    items = list(resort)
                    self._sort_rows(items)
                    return self._merged(kept, self._add_intervals(kept, items))

                self._relayout(resorted)
            change += resort
        if change:
            positions = [self._pos[s] for s in change]
            self.dataChanged.emit(
                self.createIndex(min(positions), top_left.column()),
                self.createIndex(max(positions), bottom_right.column()),
                roles or [],
            )
        if insert:
            self._sort_rows(insert)
            intervals2 = self._add_intervals(self._rows, insert)
            if len(intervals2) <= _MAX_INTERVAL_SIGNALS:
                self._insert_with_signals(intervals2)
            else:
                rows = self._rows
                self._relayout(lambda: self._merged(rows, intervals2))

    def _needs_reorder(self, source_rows: list[int]) -> bool:
        """Qt's ``needsReorder``: a changed row is out of order with a neighbour."""
        rows, last = self._rows, len(self._rows) - 1
        for s in source_rows:
            p = self._pos[s]
            if p > 0 and self._less(s, rows[p - 1]):
                return True
            if p < last and self._less(rows[p + 1], s):
                return True
        return False

    @Slot(QModelIndex, int, int)
    def _on_rows_inserted(self, parent: QModelIndex, start: int, end: int) -> None:
        if parent.isValid():
            return
        delta = end - start + 1
        old_count = len(self._pos)
        self._pos[start:start] = [-1] * delta
        if start < old_count:
            self._rows = [s + delta if s >= start else s for s in self._rows]
            self._rebuild_pos()
        items = [s for s in range(start, end + 1) if self._accepts(s)]
        self._sort_rows(items)
        self._insert_with_signals(self._add_intervals(self._rows, items))

    @Slot(QModelIndex, int, int)
    def _on_rows_about_to_be_removed(self, parent: QModelIndex, start: int, end: int) -> None:
        if parent.isValid():
            return
        items = [s for s in self._rows if start <= s <= end]
        self._remove_with_signals(self._remove_intervals(items))

    @Slot(QModelIndex, int, int)
    def _on_rows_removed(self, parent: QModelIndex, start: int, end: int) -> None:
        if parent.isValid():
            return
        delta = end - start + 1
        del self._pos[start : end + 1]
        self._rows = [s - delta if s >= start else s for s in self._rows]
        self._rebuild_pos()

    @Slot()
    def _on_reset(self) -> None:
        self._create_mapping()
        self.endResetModel()

    @Slot()
    def _on_layout_about_to_be_changed(self) -> None:
        self.layoutAboutToBeChanged.emit()
        rows = self._rows
        self._saved = [
            (i, rows[i.row()] if 0 <= i.row() < len(rows) else -1, i.column())
            for i in self.persistentIndexList()
        ]

    @Slot()
    def _on_layout_changed(self) -> None:
        self._create_mapping()
        self._restore_persistent(self._saved)
        self._saved = []
        self.layoutChanged.emit()
