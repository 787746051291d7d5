"""CSV import: preview the file, check columns and rows, then import all-or-nothing with progress."""

from __future__ import annotations

import csv
import sqlite3
from pathlib import Path

from pydantic import BaseModel
from PySide6.QtCore import QCoreApplication, Qt, Signal, Slot
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QProgressDialog,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...catalog import CatalogRepository
from ...catalog.csv_read import semicolon_header
from ...catalog.ledgers import detect_ledger, import_ledger
from ...catalog.records import column_for_header
from ...catalog.trackers import TrackerImport, detect_format, import_tracker_csv
from ...core.hardware.specs import GpuSpec, PriceOffer
from ...core.messages import msg
from ...core.text.safe_write import file_error_message
from ..i18n.core_messages import tr_message
from ..i18n.placeholders import tr_fmt
from .messages import refusal_text

PREVIEW_ROWS = 50
RECORD_TYPES: dict[str, type[BaseModel]] = {"gpus": GpuSpec, "prices": PriceOffer}


class CsvImportDialog(QDialog):
    """Non-modal preview + import. Tests call :meth:`run_import` directly.

    Signals:
        imported(str, int): table name and number of rows imported.
    """

    imported = Signal(str, int)

    def __init__(self, repo: CatalogRepository, path: str, table: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.repo = repo
        self.path = path
        self.setWindowTitle(self.tr("Import CSV"))
        self.table = QComboBox()
        for name, text in (
            ("prices", self.tr("Prices")),
            ("gpus", self.tr("GPUs")),
            ("models", self.tr("Models")),
        ):
            self.table.addItem(text, name)
        self.table.setCurrentIndex(max(0, self.table.findData(table)))
        self.file_label = QLabel(path)
        self.file_label.setTextFormat(Qt.TextFormat.PlainText)  # names are data, not markup
        self.file_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.info = QLabel()
        self.info.setTextFormat(Qt.TextFormat.PlainText)  # names are data, not markup
        self.info.setWordWrap(True)
        self.preview = QTableWidget()
        self.preview.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.errors = QLabel()
        self.errors.setTextFormat(Qt.TextFormat.PlainText)  # names are data, not markup
        self.errors.setWordWrap(True)
        self.errors.setObjectName("errors")
        self.skip_duplicates = QCheckBox()
        self.skip_duplicates.setChecked(True)
        self.skip_duplicates.setVisible(False)
        self.duplicates = 0
        self.import_button = QPushButton(self.tr("&Import all rows"))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        buttons.addButton(self.import_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.rejected.connect(self.reject)
        self.import_button.clicked.connect(self.run_import)
        self.table.currentIndexChanged.connect(self._on_table_changed)
        self.mapping_table = QTableWidget(0, 2)
        self.mapping_table.setHorizontalHeaderLabels([self.tr("CSV column"), self.tr("Catalog column")])
        self.mapping_table.verticalHeader().hide()
        self.mapping_table.horizontalHeader().setStretchLastSection(True)
        self.mapping_table.setMaximumWidth(380)
        self.mapping: dict[str, QComboBox] = {}
        form = QFormLayout()
        form.addRow(self.tr("File:"), self.file_label)
        form.addRow(self.tr("&Into table:"), self.table)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.info)
        body = QHBoxLayout()
        body.addWidget(self.mapping_table)
        body.addWidget(self.preview, 1)
        layout.addLayout(body, 1)
        layout.addWidget(self.errors)
        layout.addWidget(self.skip_duplicates)
        layout.addWidget(buttons)
        self.header: list[str] = []
        self.rows: list[dict[str, str]] = []
        self.row_count = 0
        self.unreadable = ""
        """Why the file cannot be read ("" when it can)."""
        self.bad_rows: list[str] = []
        self.progress: QProgressDialog | None = None
        self.progress_values: list[int] = []
        self.resize(1100, 560)
        self.ledger = self._ledger_format()  # shadeform/vastai/ledger-csv: a ledger with stock
        if not self.ledger or self.ledger == "ledger-csv":
            self._read()  # a JSON ledger has no CSV to preview
        # skypilot/gpuhunt: a tracker's file; a ledger goes the same way (catalog.ledgers)
        self.tracker = detect_format(self.header) or self.ledger
        self._build_mapping()
        self._check()

    def _ledger_format(self) -> str | None:
        """The ledger format of the file (catalog.ledgers.detect_ledger), None when not one."""
        try:
            return detect_ledger(Path(self.path))
        except OSError:
            return None  # the CSV read says why

    def _read(self) -> None:
        try:
            with open(self.path, encoding="utf-8-sig", newline="") as f:
                reader = csv.DictReader(f)
                self.header = list(reader.fieldnames or [])
                for i, row in enumerate(reader):
                    if i < PREVIEW_ROWS:
                        self.rows.append(row)
                    self.row_count = i + 1
        except (OSError, UnicodeDecodeError, csv.Error) as exc:
            self.header, self.rows, self.row_count = [], [], 0
            self.unreadable = self._unreadable_reason(exc)
            return
        self.preview.setColumnCount(len(self.header))
        self.preview.setHorizontalHeaderLabels(self.header)
        shown = self.rows[:PREVIEW_ROWS]
        self.preview.setRowCount(len(shown))
        for r, row in enumerate(shown):
            for c, name in enumerate(self.header):
                self.preview.setItem(r, c, QTableWidgetItem(row.get(name) or ""))
        self.preview.resizeColumnsToContents()

    def _unreadable_reason(self, exc: BaseException) -> str:
        """Why the file cannot be read, as ``gpupicker catalog import`` says it (not UTF-8 text
        … save the file as UTF-8 CSV; binary data), from the repository's own scan."""
        if isinstance(exc, OSError):  # no such file, a folder, no permission: the path and why
            return tr_message(file_error_message(exc))
        try:
            result = self.repo.import_csv(self.table.currentData() or "prices", self.path, dry_run=True)
        except (OSError, ValueError) as again:
            return tr_message(file_error_message(again))
        if not result.errors:
            return str(exc)
        return _error_lines(result.errors[:1], self.table.currentData() or "prices")[0]

    @Slot()
    def _columns(self) -> tuple[str, ...]:
        from ...catalog import COLUMNS

        return tuple(COLUMNS.get(self.table.currentData(), ()))

    def _build_mapping(self) -> None:
        """One combo per CSV column: the catalog column it fills, or (ignore)."""
        columns = self._columns()
        self.mapping_table.setRowCount(len(self.header))
        self.mapping = {}
        for r, name in enumerate(self.header):
            self.mapping_table.setItem(r, 0, QTableWidgetItem(name))
            combo = QComboBox()
            combo.addItem(self.tr("(ignore)"), None)
            for col in columns:
                combo.addItem(col, col)
            combo.setCurrentIndex(
                max(0, combo.findData(column_for_header(self.table.currentData(), name)))
            )  # old headers too
            combo.currentIndexChanged.connect(self._check)
            self.mapping_table.setCellWidget(r, 1, combo)
            self.mapping[name] = combo
        self.mapping_table.resizeColumnsToContents()

    def column_map(self) -> dict[str, str | None]:
        """CSV header → catalog column (None = ignored), as chosen in the mapping table."""
        return {name: combo.currentData() for name, combo in self.mapping.items()}

    @Slot()
    def _on_table_changed(self) -> None:
        self._build_mapping()
        self._check()

    @Slot()
    def _check(self) -> None:
        """Apply the mapping, then validate every row with the repository's dry run."""
        self.bad_rows = []
        if self.unreadable:  # nothing to map or check: say why, keep Import off
            self.mapping_table.setVisible(False)
            self.info.setText(tr_fmt(self.tr("Cannot read the file: %1"), self.unreadable))
            self.errors.setText("")
            self.import_button.setEnabled(False)
            return
        if semicolon_header(self.table.currentData(), self.header, {}):  # Excel's ';' CSV
            self.mapping_table.setVisible(False)
            self.info.setText(
                tr_fmt(self.tr("Cannot read the file: %1"), tr_message(msg("catalog.csv.semicolons")))
            )
            self.errors.setText("")
            self.import_button.setEnabled(False)
            return
        self.mapping_table.setVisible(not self._is_tracker())
        if self._is_tracker():
            self._check_tracker()
            return
        cmap = self.column_map()
        targets = [t for t in cmap.values() if t]
        rtype = RECORD_TYPES.get(self.table.currentData())
        required = [n for n, f in rtype.model_fields.items() if f.is_required()] if rtype else ["id", "name"]
        missing = [n for n in required if n not in targets]
        ignored = [h for h, t in cmap.items() if not t]
        doubled = sorted({t for t in targets if targets.count(t) > 1})
        parts = [
            tr_fmt(self.tr("%1 rows. Columns used: %2."), str(self.row_count), ", ".join(targets) or "—")
        ]
        if ignored:
            parts.append(tr_fmt(self.tr("Ignored: %1."), ", ".join(ignored)))
        if missing:
            parts.append(tr_fmt(self.tr("Missing required: %1."), ", ".join(missing)))
        if doubled:
            parts.append(tr_fmt(self.tr("Mapped twice: %1."), ", ".join(doubled)))
        self.info.setText(" ".join(parts))
        if not missing and not doubled:
            self.bad_rows = self._dry_run_errors(cmap)
        if self.bad_rows:
            self.errors.setText(
                tr_fmt(
                    self.tr("%1 bad rows (nothing will be imported until they are fixed):\n"),
                    str(len(self.bad_rows)),
                )
                + "\n".join(self.bad_rows[:8])
            )
        elif missing or doubled:
            self.errors.setText(self.tr("Map the required columns to continue."))
        else:
            self.errors.setText(self.tr("No problems found: every row is valid."))
        self.import_button.setEnabled(not missing and not doubled and not self.bad_rows)

    def _dry_run_errors(self, cmap: dict[str, str | None]) -> list[str]:
        """Every bad row named, from the repository's dry run of the whole file (which also
        counts rows that repeat an earlier one exactly: the user is offered to skip them)."""
        self.duplicates = 0
        self.skip_duplicates.setVisible(False)
        try:
            result = self.repo.import_csv(self.table.currentData(), self.path, dry_run=True, column_map=cmap)
        except (OSError, ValueError) as exc:
            return [tr_message(file_error_message(exc))]
        self.duplicates = result.duplicates
        if result.duplicates and result.ok:
            self.skip_duplicates.setText(
                tr_fmt(
                    self.tr(
                        "Skip the %1 rows that repeat an earlier row of the file exactly "
                        "(otherwise each is added as another offer)"
                    ),
                    str(result.duplicates),
                )
            )
            self.skip_duplicates.setVisible(True)
        return _error_lines(result.errors, self.table.currentData())

    def _on_progress(self, done: int, total: int | None = None, *_: object) -> None:
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
        if self._is_tracker():
            return self._run_tracker_import()
        self.progress = QProgressDialog(
            tr_fmt(self.tr("Importing %1…"), table), self.tr("Cancel"), 0, max(1, self.row_count), self
        )
        self.progress.setWindowModality(Qt.WindowModality.WindowModal)
        self.progress.setMinimumDuration(0)
        self.progress.setValue(0)
        try:
            result = self.repo.import_csv(
                table,
                self.path,
                self._on_progress,
                column_map=self.column_map(),
                skip_duplicates=bool(self.duplicates) and self.skip_duplicates.isChecked(),
            )
        except (OSError, ValueError, sqlite3.Error) as exc:  # read-only file, bad rows
            self.progress.close()
            self.errors.setText(tr_fmt(self.tr("Nothing imported: %1"), tr_message(file_error_message(exc))))
            return False
        self.progress.setValue(self.progress.maximum())
        self.progress.close()
        if not result.ok:
            self.bad_rows = _error_lines(result.errors, table)
            self.errors.setText(
                tr_fmt(self.tr("Nothing imported: %1 bad rows:\n"), str(len(self.bad_rows)))
                + "\n".join(self.bad_rows[:8])
            )
            return False
        self.imported.emit(table, result.inserted + result.updated)
        self.accept()
        return True

    # ---- price tracker files (SkyPilot vms.csv, gpuhunt) ---------------------------------
    def _is_tracker(self) -> bool:
        return bool(getattr(self, "tracker", None)) and self.table.currentData() == "prices"

    def _tracker(self, dry_run: bool) -> TrackerImport:
        if self.ledger:
            return import_ledger(self.repo, self.path, self.ledger, dry_run=dry_run)
        return import_tracker_csv(self.repo, self.path, self.tracker, dry_run=dry_run)

    def _check_tracker(self) -> None:
        """Dry run of a tracker file: its accelerator names mapped to catalog GPU ids."""
        try:
            t = self._tracker(dry_run=True)
        except (OSError, ValueError) as exc:  # not a tracker or ledger file: its ``tracker.*`` message
            self.info.setText(tr_message(file_error_message(exc)))
            self.errors.setText("")
            self.import_button.setEnabled(False)
            return
        if self.ledger:
            self.info.setText(
                tr_fmt(
                    self.tr(
                        "%1 ledger from %2: %3 price rows with stock and snapshot time; %4 rows left "
                        "out (no GPU, no price, an older snapshot). GPU names are mapped to catalog "
                        "GPU ids."
                    ),
                    {"shadeform": "Shadeform", "vastai": "Vast.ai"}.get(
                        t.format, self.tr("Daily ledger CSV")
                    ),
                    t.provider or "—",
                    str(t.result.rows),
                    str(len(t.skipped)),
                )
            )
        else:
            self.info.setText(
                tr_fmt(
                    self.tr(
                        "%1 file from %2: %3 price rows; %4 rows left out (no "
                        "GPU or no price). Accelerator names are mapped to "
                        "catalog GPU ids."
                    ),
                    "SkyPilot" if t.format == "skypilot" else "gpuhunt",
                    t.provider,
                    str(t.result.rows),
                    str(len(t.skipped)),
                )
            )
        self.bad_rows = _error_lines(t.result.errors, "prices")
        if self.bad_rows:
            self.errors.setText(
                tr_fmt(
                    self.tr("%1 bad rows (nothing will be imported until they are fixed):\n"),
                    str(len(self.bad_rows)),
                )
                + "\n".join(self.bad_rows[:8])
            )
        else:
            self.errors.setText(self.tr("No problems found: every row is valid."))
        self.import_button.setEnabled(not self.bad_rows)

    def _run_tracker_import(self) -> bool:
        try:
            t = self._tracker(dry_run=False)
        except (OSError, ValueError, sqlite3.Error) as exc:
            self.errors.setText(tr_fmt(self.tr("Nothing imported: %1"), tr_message(file_error_message(exc))))
            return False
        if not t.result.ok:
            self.bad_rows = _error_lines(t.result.errors, "prices")
            self.errors.setText(
                tr_fmt(self.tr("Nothing imported: %1 bad rows:\n"), str(len(self.bad_rows)))
                + "\n".join(self.bad_rows[:8])
            )
            return False
        self.imported.emit("prices", t.result.inserted + t.result.updated)
        self.accept()
        return True


def _error_lines(errors: list[tuple[int, str]], table: str = "prices") -> list[str]:
    """``(line_number, reason)`` pairs as translated "line N: why" texts, the reasons with
    column headers and translated sentences."""
    from .tables import column_header

    line = QCoreApplication.translate("Import", "line %1: %2")
    return [tr_fmt(line, str(n), refusal_text(why, lambda f: column_header(table, f))) for n, why in errors]
