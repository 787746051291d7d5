"""One table of the catalog editor: filter box, sortable view, add / duplicate / delete."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Slot
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ..i18n.formatting import fmt_number
from ..i18n.placeholders import tr_fmt
from ..widgets.number_input import NumberDelegate
from .models import RecordTableModel
from .proxy import CatalogProxy


class CatalogTab(QWidget):
    """One table: filter box, sortable view, add / duplicate / delete buttons."""

    def __init__(self, model: RecordTableModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table_name = model.table_name
        self.model = model
        self.proxy = CatalogProxy(model, self)
        self.filter = QLineEdit()
        self.filter.setPlaceholderText(self.tr("Filter rows (any column)…"))
        self.filter.setClearButtonEnabled(True)
        self.view = QTableView()
        self.view.setModel(self.proxy)
        self.view.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.view.setSortingEnabled(True)  # catalog order until a header is clicked
        self.view.setAlternatingRowColors(True)
        self.view.verticalHeader().hide()
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.view.horizontalHeader().setStretchLastSection(True)
        self.view.verticalHeader().setDefaultSectionSize(24)
        self.view.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.number_delegate = NumberDelegate(self.view)
        for c, name in enumerate(model.columns):
            if name in model.numeric:
                self.view.setItemDelegateForColumn(c, self.number_delegate)
        self.add_button = QPushButton(self.tr("&Add"))
        self.duplicate_button = QPushButton(self.tr("D&uplicate"))
        self.delete_button = QPushButton(self.tr("&Delete"))
        self.reset_button = QPushButton(self.tr("&Reset to default"))
        self.reset_button.setToolTip(
            self.tr(
                "Put the selected rows back to the bundled values "
                "(rows you added have no default). Bold rows are "
                "yours."
            )
        )
        self.history_button = QPushButton(self.tr("&History…"))
        self.history_button.setVisible(self.table_name == "prices")
        self.count_label = QLabel()
        self.count_label.setTextFormat(Qt.TextFormat.PlainText)  # names are data, not markup
        top = QHBoxLayout()
        top.addWidget(self.filter, 1)
        top.addWidget(self.count_label)
        top.addWidget(self.add_button)
        top.addWidget(self.duplicate_button)
        top.addWidget(self.delete_button)
        top.addWidget(self.reset_button)
        top.addWidget(self.history_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.view, 1)
        # the filter's row texts are built in idle steps after the window opens, so the first
        # keystroke does not wait for them (20,285 prices: 259 → ~25 ms)
        self.prepare_timer = QTimer(self)
        self.prepare_timer.setInterval(0)
        self.prepare_timer.timeout.connect(self._prepare_step)
        self._connect()
        self.set_read_only(model.read_only)
        self._fit_columns()
        self._update_count()
        self.prepare_timer.start()

    def set_read_only(self, read_only: bool) -> None:
        """Enable or disable the editing buttons (and cell editing through the model)."""
        self.model.read_only = read_only
        editable = bool(self.model.editable) and not read_only
        self.add_button.setEnabled(editable)
        self.duplicate_button.setEnabled(editable)
        self.delete_button.setEnabled(editable)
        self.reset_button.setEnabled(not read_only)

    def _connect(self) -> None:
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        self.filter.textChanged.connect(self._update_count)
        self.model.modelReset.connect(self._update_count)
        self.model.modelReset.connect(self._prepare_again)
        self.model.dataChanged.connect(self._prepare_again)  # a new staleness threshold
        self.model.rowsInserted.connect(self._update_count)
        self.model.rowsRemoved.connect(self._update_count)
        self.add_button.clicked.connect(self.add_row)
        self.duplicate_button.clicked.connect(self.duplicate_selected)
        self.delete_button.clicked.connect(self.delete_selected)

    @Slot()
    def _prepare_step(self) -> None:
        if self.model.prepare_filter_texts():
            self.prepare_timer.stop()

    @Slot()
    def _prepare_again(self) -> None:
        if self.model._filter_texts is None and not self.prepare_timer.isActive():
            self.prepare_timer.start()

    def _fit_columns(self) -> None:
        self.view.resizeColumnsToContents()
        hh = self.view.horizontalHeader()
        for c in range(self.model.columnCount()):
            if hh.sectionSize(c) > 260:
                hh.resizeSection(c, 260)

    @Slot()
    def _update_count(self) -> None:
        self.count_label.setText(
            tr_fmt(
                self.tr("%1 of %2 rows"), fmt_number(self.proxy.rowCount()), fmt_number(self.model.rowCount())
            )
        )  # "20,285 of 20,285"

    def selected_source_rows(self) -> list[int]:
        """Source rows of the selected view rows, descending."""
        rows = {self.proxy.mapToSource(i).row() for i in self.view.selectionModel().selectedRows()}
        return sorted(rows, reverse=True)

    @Slot()
    def add_row(self) -> None:
        """Add a template row and scroll to it."""
        self.model.add_row(self.model.new_record())
        idx = self.proxy.mapFromSource(self.model.index(self.model.rowCount() - 1, 1))
        self.view.scrollTo(idx)
        self.view.setCurrentIndex(idx)

    @Slot()
    def duplicate_selected(self) -> None:
        """Duplicate each selected row."""
        for row in self.selected_source_rows():
            self.model.duplicate_row(row)

    @Slot()
    def delete_selected(self) -> None:
        """Delete each selected row (undoable)."""
        for row in self.selected_source_rows():
            self.model.delete_row(row)
