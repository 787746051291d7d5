"""CSV import: preview the file, check columns and rows, then import all-or-nothing with progress."""

from __future__ import annotations

import csv
from typing import Any

from pydantic import BaseModel, ValidationError
from PySide6.QtCore import QCoreApplication, Qt, Signal, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QProgressDialog,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ..core.hardware import GpuSpec, PriceOffer
from .catalog_models import validation_message

PREVIEW_ROWS = 50
CHECK_ROWS = 2000
RECORD_TYPES: dict[str, type[BaseModel]] = {"gpus": GpuSpec, "prices": PriceOffer}


class CsvImportDialog(QDialog):
    """Non-modal preview + import. Tests call :meth:`run_import` directly.

    Signals:
        imported(str, int): table name and number of rows imported.
    """

    imported = Signal(str, int)

    def __init__(self, repo: Any, path: str, table: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.repo = repo
        self.path = path
        self.setWindowTitle(self.tr("Import CSV"))
        self.table = QComboBox()
        for name, text in (("prices", self.tr("Prices")), ("gpus", self.tr("GPUs")),
                           ("models", self.tr("Models"))):
            self.table.addItem(text, name)
        self.table.setCurrentIndex(max(0, self.table.findData(table)))
        self.file_label = QLabel(path)
        self.file_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.info = QLabel()
        self.info.setWordWrap(True)
        self.preview = QTableWidget()
        self.preview.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.errors = QLabel()
        self.errors.setWordWrap(True)
        self.errors.setObjectName("errors")
        self.import_button = QPushButton(self.tr("&Import all rows"))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        buttons.addButton(self.import_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.rejected.connect(self.reject)
        self.import_button.clicked.connect(self.run_import)
        self.table.currentIndexChanged.connect(self._check)
        form = QFormLayout()
        form.addRow(self.tr("File:"), self.file_label)
        form.addRow(self.tr("&Into table:"), self.table)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.info)
        layout.addWidget(self.preview, 1)
        layout.addWidget(self.errors)
        layout.addWidget(buttons)
        self.header: list[str] = []
        self.rows: list[dict[str, str]] = []
        self.row_count = 0
        self.bad_rows: list[str] = []
        self.progress: QProgressDialog | None = None
        self.progress_values: list[int] = []
        self.resize(900, 520)
        self._read()
        self._check()

    def _read(self) -> None:
        try:
            with open(self.path, encoding="utf-8-sig", newline="") as f:
                reader = csv.DictReader(f)
                self.header = list(reader.fieldnames or [])
                for i, row in enumerate(reader):
                    if i < CHECK_ROWS:
                        self.rows.append(row)
                    self.row_count = i + 1
        except (OSError, UnicodeDecodeError, csv.Error) as exc:
            self.info.setText(self.tr("Cannot read the file: %1").replace("%1", str(exc)))
            self.import_button.setEnabled(False)
            return
        self.preview.setColumnCount(len(self.header))
        self.preview.setHorizontalHeaderLabels(self.header)
        shown = self.rows[:PREVIEW_ROWS]
        self.preview.setRowCount(len(shown))
        for r, row in enumerate(shown):
            for c, name in enumerate(self.header):
                self.preview.setItem(r, c, QTableWidgetItem(row.get(name) or ""))
        self.preview.resizeColumnsToContents()

    @Slot()
    def _check(self) -> None:
        """Match columns and validate the first rows against the target table."""
        rtype = RECORD_TYPES.get(self.table.currentData())
        self.bad_rows = []
        if rtype is None:
            self.info.setText(self.tr("%1 rows, %2 columns.").replace("%1", str(self.row_count))
                              .replace("%2", str(len(self.header))))
            self.errors.clear()
            return
        known = set(rtype.model_fields)
        matched = [h for h in self.header if h in known]
        ignored = [h for h in self.header if h not in known]
        required = [n for n, f in rtype.model_fields.items() if f.is_required()]
        missing = [n for n in required if n not in self.header]
        parts = [self.tr("%1 rows. Columns used: %2.").replace("%1", str(self.row_count))
                 .replace("%2", ", ".join(matched) or "—")]
        if ignored:
            parts.append(self.tr("Ignored: %1.").replace("%1", ", ".join(ignored)))
        if missing:
            parts.append(self.tr("Missing required: %1.").replace("%1", ", ".join(missing)))
        self.info.setText(" ".join(parts))
        self.bad_rows = self._dry_run_errors(rtype)
        if self.bad_rows:
            self.errors.setText(self.tr("%1 bad rows (nothing will be imported until they are "
                                        "fixed):\n").replace("%1", str(len(self.bad_rows)))
                                + "\n".join(self.bad_rows[:8]))
        else:
            self.errors.setText(self.tr("No problems found in the checked rows."))
        self.import_button.setEnabled(not missing and not self.bad_rows)
        self.import_button.setFocus()

    def _dry_run_errors(self, rtype: type[BaseModel]) -> list[str]:
        """Every bad row named: the repository's dry run when it has one, else a local check."""
        line = QCoreApplication.translate("Import", "line %1: %2")
        try:
            result = self.repo.import_csv(self.table.currentData(), self.path, dry_run=True)
        except TypeError:
            result = None
        except (OSError, ValueError) as exc:
            return [str(exc)]
        if result is not None and hasattr(result, "errors"):
            return [line.replace("%1", str(n)).replace("%2", str(why))
                    for n, why in result.errors]
        bad = []
        for i, row in enumerate(self.rows, start=2):
            try:
                rtype.model_validate(row)
            except ValidationError as exc:
                bad.append(line.replace("%1", str(i)).replace("%2", validation_message(exc)))
        return bad

    def _on_progress(self, done: int, total: int | None = None, *_: Any) -> None:
        if self.progress is None:
            return
        if total:
            self.progress.setMaximum(int(total))
        self.progress.setValue(int(done))
        self.progress_values.append(int(done))
        QCoreApplication.processEvents()

    @Slot()
    def run_import(self) -> bool:
        """Back up, import all-or-nothing with a progress dialog; True on success."""
        table = self.table.currentData()
        self.progress = QProgressDialog(self.tr("Importing %1…").replace("%1", table),
                                        self.tr("Cancel"), 0, max(1, self.row_count), self)
        self.progress.setWindowModality(Qt.WindowModality.WindowModal)
        self.progress.setMinimumDuration(0)
        self.progress.setValue(0)
        try:
            result = self.repo.import_csv(table, self.path, self._on_progress)
        except (OSError, ValueError) as exc:
            self.progress.close()
            self.errors.setText(self.tr("Nothing imported: %1").replace("%1", str(exc)))
            return False
        self.progress.setValue(self.progress.maximum())
        self.progress.close()
        if getattr(result, "ok", True) is False:
            line = QCoreApplication.translate("Import", "line %1: %2")
            self.bad_rows = [line.replace("%1", str(n)).replace("%2", str(why))
                             for n, why in result.errors]
            self.errors.setText(self.tr("Nothing imported: %1 bad rows:\n").replace(
                "%1", str(len(self.bad_rows))) + "\n".join(self.bad_rows[:8]))
            return False
        count = (result.inserted + result.updated) if hasattr(result, "inserted") else \
            (result if isinstance(result, int) else self.row_count)
        self.imported.emit(table, count)
        self.accept()
        return True
