"""File › Compare with…: the current job beside saved workloads or job files, differences marked.

The table is :func:`gpupicker.core.report.compare.compare`'s rows (metrics down, scenarios across); a
cell that differs from the first scenario (the job in the wizard) is bold on a highlighted
background with its change ("+35 %"), and its tooltip says so. Export writes the same table as
Markdown (``core.compare.comparison_markdown``), for a report. Nothing here computes.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, Slot
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ..catalog import CatalogRepository
from ..core.report.compare import Comparison, compare, comparison_markdown
from ..core.text.safe_write import write_text
from ..core.workload import Workload
from ..service.compare import scenarios
from ..service.recommendation import CatalogSnapshot
from .i18n.core_messages import tr_message
from .i18n.placeholders import tr_fmt

AskPath = Callable[[str, str, str, str], str]
"""The main window's ``ask_path(kind, title, filter, default)`` (the one modal file dialog)."""


class CompareDialog(QDialog):
    """The comparison of the current job with added scenarios.

    Attributes:
        comparison: what the table shows (None until there are two scenarios).
    """

    def __init__(
        self,
        repo: CatalogRepository,
        current: Workload,
        ask_path: AskPath,
        read_file: Callable[[str], tuple[Workload, list[str]]],
        parent: QWidget | None = None,
    ) -> None:
        """``read_file`` turns a path into a workload and the warnings reading it gave (a job
        file's keys not modelled, a workload's unknown fields), raising ValueError with the
        reason when it cannot."""
        super().__init__(parent)
        self.setWindowTitle(self.tr("Compare scenarios"))
        self.repo = repo
        self._ask_path = ask_path
        self._read_file = read_file
        self._named: list[tuple[str, Workload]] = [(self.tr("This job"), current)]
        self.comparison: Comparison | None = None
        self.hint = QLabel(
            self.tr(
                "The job in the wizard beside saved workloads or job files (axolotl, LLaMA-Factory, "
                "torchtune, a vllm serve line …). Values that differ from the first column are bold."
            )
        )
        self.hint.setWordWrap(True)
        self.table = QTableWidget(0, 0)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.warnings = QLabel()
        """What reading each added file left out, per file (as ``gpupicker compare`` prints)."""
        self.warnings.setWordWrap(True)
        self.warnings.setTextFormat(Qt.TextFormat.PlainText)
        self.warnings.setVisible(False)
        self._warnings: list[tuple[str, str]] = []
        self.add_button = QPushButton(self.tr("&Add scenario…"))
        self.export_button = QPushButton(self.tr("&Export Markdown…"))
        self.export_button.setEnabled(False)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.addButton(self.add_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.export_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        self.add_button.clicked.connect(self.add_from_file)
        self.export_button.clicked.connect(self.export_markdown)
        layout = QVBoxLayout(self)
        layout.addWidget(self.hint)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.warnings)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        self.resize(900, 520)

    @Slot()
    def add_from_file(self) -> None:
        """Ask for a workload or job file and add it as a scenario."""
        path = self._ask_path(
            "open",
            self.tr("Add a scenario"),
            self.tr("Workload and job files (*.json *.yml *.yaml *.sh *.txt);;All files (*)"),
            "",
        )
        if path:
            self.add_file(path)

    def add_file(self, path: str) -> bool:
        """Add the workload in ``path``; False (with the reason shown) when it cannot be read."""
        try:
            w, warnings = self._read_file(path)
        except ValueError as exc:
            self.message.setText(tr_fmt(self.tr("Not added — %1"), str(exc)))
            return False
        name = Path(path).name
        self._warnings += [(name, text) for text in warnings]
        self.warnings.setText("\n".join(tr_fmt(self.tr("%1: warning: %2"), n, t) for n, t in self._warnings))
        self.warnings.setVisible(bool(self._warnings))
        self.add_workload(name, w)
        return True

    def add_workload(self, name: str, w: Workload) -> None:
        """Add a scenario and recompute the table."""
        self._named.append((name, w))
        self.message.setText("")
        self.refresh()

    def refresh(self) -> None:
        """Rank every scenario on the catalog and show the table."""
        if len(self._named) < 2:
            return
        snap = CatalogSnapshot.from_repo(self.repo)
        money = snap.money
        self.comparison = c = compare(scenarios(self._named, snap, money), money)
        self.table.clear()
        self.table.setColumnCount(len(c.names))
        self.table.setRowCount(len(c.rows))
        self.table.setHorizontalHeaderLabels(list(c.names))
        self.table.setVerticalHeaderLabels(
            [
                tr_fmt(self.tr("%1 (%2)"), tr_message(r.metric), r.unit) if r.unit else tr_message(r.metric)
                for r in c.rows
            ]
        )
        marked = QColor(self.palette().highlight().color())
        marked.setAlpha(60)
        bold = QFont(self.font())
        bold.setBold(True)
        for i, r in enumerate(c.rows):
            for j, cell in enumerate(r.cells):
                text = tr_message(cell.text)
                item = QTableWidgetItem(f"{text} ({cell.change})" if cell.differs else text)
                if cell.differs:
                    item.setFont(bold)
                    item.setBackground(marked)
                    item.setToolTip(tr_fmt(self.tr("Differs from %1: %2"), c.names[0], cell.change))
                self.table.setItem(i, j, item)
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setStretchLastSection(True)
        self.message.setText("\n".join(tr_message(n) for n in c.notes))
        self.export_button.setEnabled(True)

    @Slot()
    def export_markdown(self) -> None:
        """Write the table as Markdown (for a report)."""
        if self.comparison is None:
            return
        path = self._ask_path(
            "save", self.tr("Export comparison"), self.tr("Markdown (*.md)"), "comparison.md"
        )
        if not path:
            return
        try:
            write_text(path, comparison_markdown(self.comparison))
        except OSError as exc:  # NotARegularFileError (a FIFO, a device) says which in its text
            self.message.setText(tr_message(getattr(exc, "message", None) or str(exc)))
            return
        self.message.setText(tr_fmt(self.tr("Saved %1"), path))
