"""The catalog editor: a tab per table, filter, inline edit, undo/redo, CSV import/export."""

from __future__ import annotations

import datetime as dt
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence, QUndoStack
from PySide6.QtWidgets import (
    QInputDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QTabWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from ...catalog import CatalogRepository
from ...catalog.prices import LARGE_CATALOG_PRICES
from ...core.messages import error_message
from ...core.text.safe_write import file_error_message
from ...typing_override import override
from ..catalog_access import (
    corrupt_or_unavailable_types,
    is_read_only,
    is_read_only_error,
    write_error_message,
)
from ..i18n.core_messages import tr_message
from ..i18n.formatting import fmt_number
from ..i18n.placeholders import tr_fmt
from ..settings.preferences import Preferences
from ..widgets.file_dialogs import ask_path
from .catalog_tab import CatalogTab
from .owned_tab import OwnedGpusTab
from .tables import GpuTableModel, ModelsTableModel, PriceTableModel

if TYPE_CHECKING:  # the dialogs load when first opened
    from .csv_import_dialog import CsvImportDialog
    from .fx_rates_dialog import FxRatesDialog
    from .price_history_dialog import PriceHistoryDialog  # pyqtgraph and numpy


class CatalogWindow(QMainWindow):
    """Tabs for GPUs, prices and models over the repository, sharing one undo stack.

    Signals:
        catalogChanged(): any table was written (the results recompute).
    """

    catalogChanged = Signal()

    def __init__(
        self, repo: CatalogRepository, prefs: Preferences | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window, True)
        self.repo = repo
        self.prefs = prefs or Preferences()
        self.setWindowTitle(self.tr("gpupicker — catalog"))
        self.undo_stack = QUndoStack(self)
        self.gpu_model = GpuTableModel(repo, self)
        self.price_model = PriceTableModel(repo, self.prefs.staleness_months, self)
        self.models_model = ModelsTableModel(repo, self)
        for m in (self.gpu_model, self.price_model, self.models_model):
            m.undo_stack = self.undo_stack
        self.tabs = QTabWidget()
        self.price_tab = CatalogTab(self.price_model)
        self.gpu_tab = CatalogTab(self.gpu_model)
        self.models_tab = CatalogTab(self.models_model)
        self.tabs.addTab(self.price_tab, self.tr("&Prices"))
        self.tabs.addTab(self.gpu_tab, self.tr("&GPUs"))
        self.tabs.addTab(self.models_tab, self.tr("&Models"))
        self.owned_tab = OwnedGpusTab(repo)
        self.tabs.addTab(self.owned_tab, self.tr("&Owned GPUs"))
        self.read_only_banner = QLabel()
        self.read_only_banner.setTextFormat(Qt.TextFormat.PlainText)  # names are data, not markup
        self.read_only_banner.setObjectName("readOnlyBanner")
        self.read_only_banner.setWordWrap(True)
        self.read_only_banner.setStyleSheet(
            "QLabel#readOnlyBanner { background: #fff1c2; color: #5c3b00; padding: 6px; "
            "border: 1px solid #e0c060; }"
        )
        self.read_only_banner.setVisible(False)
        central = QWidget()
        cl = QVBoxLayout(central)
        cl.setContentsMargins(0, 0, 0, 0)
        cl.addWidget(self.read_only_banner)
        cl.addWidget(self.tabs, 1)
        self.setCentralWidget(central)
        self.undo_action = self.undo_stack.createUndoAction(self, self.tr("&Undo"))
        self.undo_action.setShortcut(QKeySequence("Ctrl+Z"))
        self.redo_action = self.undo_stack.createRedoAction(self, self.tr("&Redo"))
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.import_action = QAction(self.tr("&Import CSV…"), self)
        self.export_action = QAction(self.tr("&Export CSV…"), self)
        self.fx_action = QAction(self.tr("E&xchange rates…"), self)
        self.reset_all_action = QAction(self.tr("Reset &all to defaults…"), self)
        self.reset_all_action.setToolTip(
            self.tr(
                "Make GPUs, models and prices exactly the bundled catalog again. Your rows and price "
                "history are removed; a backup is written first and exchange rates are kept."
            )
        )
        self.backup_action = QAction(self.tr("&Back up now"), self)
        self.restore_action = QAction(self.tr("Restore a &backup…"), self)
        self.restore_action.setToolTip(
            self.tr(
                "Replace the catalog with one of its backups (the last 10 are kept); the current "
                "catalog is backed up first."
            )
        )
        self.stale_label = QLabel()
        self.stale_label.setTextFormat(Qt.TextFormat.PlainText)  # names are data, not markup
        tb = QToolBar(self.tr("Catalog"))
        tb.setMovable(False)
        for a in (self.undo_action, self.redo_action):
            tb.addAction(a)
        tb.addSeparator()
        tb.addAction(self.import_action)
        tb.addAction(self.export_action)
        tb.addSeparator()
        tb.addAction(self.fx_action)
        self.addToolBar(tb)
        menu = self.menuBar().addMenu(self.tr("&Edit"))
        menu.addAction(self.undo_action)
        menu.addAction(self.redo_action)
        menu.addSeparator()
        menu.addAction(self.import_action)
        menu.addAction(self.export_action)
        menu.addAction(self.fx_action)
        menu.addSeparator()
        menu.addAction(self.backup_action)
        menu.addAction(self.restore_action)
        menu.addAction(self.reset_all_action)
        self._add_close_action(menu)
        self.statusBar().addPermanentWidget(self.stale_label)
        self.import_dialog: CsvImportDialog | None = None
        self.read_only = False
        self.resize(1180, 640)
        self._refusal = ""  # the last "Not saved — …" line shown, until a write succeeds
        self._connect()
        self.set_read_only(is_read_only(repo))
        self._update_stale_label()

    def _add_close_action(self, menu: QMenu) -> None:
        """Close the window from the keyboard: the platform's Close keys (QKeySequence.Close:
        Ctrl+W or Ctrl+F4) and Ctrl+W everywhere, and Esc when no cell editor took it (real
        window: no key closed it). A menu item shows the keys."""
        self.close_action = QAction(self.tr("&Close"), self)
        keys = [QKeySequence(QKeySequence.StandardKey.Close), QKeySequence("Ctrl+W")]
        self.close_action.setShortcuts(list(dict.fromkeys(k for k in keys if not k.isEmpty())))
        self.close_action.triggered.connect(self.close)
        menu.addSeparator()
        menu.addAction(self.close_action)

    @override
    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        """Esc that no field took (an open cell editor cancels its edit first) closes."""
        if event.key() == Qt.Key.Key_Escape and event.modifiers() == Qt.KeyboardModifier.NoModifier:
            event.accept()
            self.close()
            return
        super().keyPressEvent(event)

    def set_read_only(self, read_only: bool, reason: str = "") -> None:
        """Show or hide the read-only banner and turn every editing action off or on."""
        self.read_only = read_only
        text = tr_fmt(
            self.tr(
                "This catalog is read-only (%1): you can browse and export it, but "
                "edits cannot be saved. Make the file and its folder writable, or set "
                "GPUPICKER_HOME to a writable folder, and restart."
            ),
            str(self.repo.path),
        )
        if reason:
            text += "\n" + reason
        self.read_only_banner.setText(text)
        self.read_only_banner.setVisible(read_only)
        for tab in (self.price_tab, self.gpu_tab, self.models_tab):
            tab.set_read_only(read_only)
        self.owned_tab.set_read_only(read_only)
        for a in (self.import_action, self.undo_action, self.redo_action):
            a.setEnabled(
                not read_only
                and (
                    a is self.import_action
                    or (self.undo_stack.canUndo() if a is self.undo_action else self.undo_stack.canRedo())
                )
            )
        self.fx_action.setEnabled(not read_only)
        self.reset_all_action.setEnabled(not read_only)
        self.restore_action.setEnabled(not read_only)
        if read_only:
            self.undo_stack.clear()

    def reload_all(self) -> None:
        """Re-read every table (another program changed the catalog)."""
        for m in (self.gpu_model, self.price_model, self.models_model):
            m.reload()
        self.owned_tab.reload()
        self._update_stale_label()

    def _connect(self) -> None:
        for m in (self.gpu_model, self.price_model, self.models_model):
            m.validationFailed.connect(self._on_validation_failed)
            m.writeFailed.connect(self._on_write_failed)
            m.catalogChanged.connect(self.catalogChanged)
            m.catalogChanged.connect(self._on_saved)
        self.price_model.catalogChanged.connect(self._update_stale_label)
        self.owned_tab.changed.connect(self.catalogChanged)
        for tab in (self.price_tab, self.gpu_tab, self.models_tab):
            tab.reset_button.clicked.connect(lambda _=False, t=tab: self.reset_selected(t))
        self.price_tab.history_button.clicked.connect(self._on_history)
        self.import_action.triggered.connect(self._on_import)
        self.export_action.triggered.connect(self._on_export)
        self.fx_action.triggered.connect(self.open_fx_rates)
        self.reset_all_action.triggered.connect(self.reset_all)
        self.backup_action.triggered.connect(self.backup_now)
        self.restore_action.triggered.connect(self._on_restore)

    def current_tab(self) -> CatalogTab:
        """The visible tab."""
        w = self.tabs.currentWidget()
        return w if isinstance(w, CatalogTab) else self.price_tab

    def set_prefs(self, prefs: Preferences) -> None:
        """Apply a new staleness threshold."""
        self.prefs = prefs
        self.price_model.set_staleness(prefs.staleness_months)
        self._update_stale_label()

    @Slot()
    def _update_stale_label(self) -> None:
        n = self.price_model.stale_count()
        self.stale_label.setText(
            tr_fmt(
                self.tr("⚠ %1 prices older than %2 months or undated"),
                fmt_number(n),
                str(self.prefs.staleness_months),
            )
        )

    @Slot(str)
    def _on_validation_failed(self, msg: str) -> None:
        self._refusal = msg
        self.statusBar().showMessage(msg, 10000)

    @Slot()
    def _on_saved(self) -> None:
        """A later write went through: a refusal still on the status bar is no longer true
        (it said an edit was not saved; the table now holds a saved value)."""
        if self._refusal and self.statusBar().currentMessage() == self._refusal:
            self.statusBar().clearMessage()
        self._refusal = ""

    @Slot(str)
    def _on_write_failed(self, msg: str) -> None:
        """A write error (read-only file, full disk): message, and read-only mode."""
        self.statusBar().showMessage(msg, 15000)
        self.set_read_only(True, msg)

    def reset_selected(self, tab: CatalogTab) -> int:
        """Reset the selected rows of ``tab`` to the bundled values; returns how many."""
        done, errors = 0, []
        for row in tab.selected_source_rows():
            try:
                self.repo.reset_row(tab.table_name, tab.model.key(row))
                done += 1
            except (ValueError, KeyError) as exc:  # a row the user added: catalog.reset.* ids
                errors.append(tr_message(error_message(exc)))
            except (sqlite3.Error, OSError) as exc:
                if is_read_only_error(exc):
                    self._on_write_failed(write_error_message(exc))
                    break
                errors.append(tr_message(error_message(exc)))
        if done:
            tab.model.reload()
            self.undo_stack.clear()
            self._update_stale_label()
            self.catalogChanged.emit()
        msg = tr_fmt(self.tr("Reset %1 rows to the bundled values."), str(done))
        if errors:
            msg += " " + tr_fmt(self.tr("Not reset: %1"), "; ".join(errors[:3]))
        self.statusBar().showMessage(msg, 10000)
        return done

    def ask_reset_all(self) -> bool:
        """Ask before a factory reset (modal; tests replace this method)."""
        answer = QMessageBox.question(
            self,
            self.tr("Reset the whole catalog?"),
            self.tr(
                "Every GPU, model and price goes back to the bundled values; your own rows "
                "and the price history are removed. A backup is written first (restore it "
                "with 'gpupicker catalog restore'). Continue?"
            ),
            QMessageBox.StandardButton.Reset | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        return answer == QMessageBox.StandardButton.Reset

    @Slot()
    def reset_all(self) -> bool:
        """Factory-reset the catalog after asking; True when it was reset."""
        if self.read_only or not self.ask_reset_all():
            return False
        try:
            backup = self.repo.reset_all()
        except (sqlite3.Error, OSError) as exc:
            if is_read_only_error(exc):
                self._on_write_failed(write_error_message(exc))
            else:
                self.statusBar().showMessage(str(exc), 15000)
            return False
        self.undo_stack.clear()
        self.reload_all()
        self.catalogChanged.emit()
        self.statusBar().showMessage(
            tr_fmt(self.tr("Catalog reset to the bundled defaults; backup: %1"), str(backup)), 15000
        )
        return True

    # ---- backups (were CLI-only: gpupicker catalog backup / restore) --------------------
    @Slot()
    def backup_now(self) -> Path | None:
        """Write a backup of the catalog now; returns it (None when it failed, with a message)."""
        try:
            path = self.repo.backup()
        except (sqlite3.Error, OSError) + corrupt_or_unavailable_types() as exc:
            self.statusBar().showMessage(tr_message(file_error_message(exc)), 15000)
            return None
        self.statusBar().showMessage(tr_fmt(self.tr("Backup written: %1"), str(path)), 15000)
        return path

    def ask_backup(self, backups: list[Path]) -> Path | None:
        """Let the user pick one of ``backups`` (newest first); None = cancel. Modal; tests
        replace it."""
        labels = []
        for b in reversed(backups):
            when = dt.datetime.fromtimestamp(b.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
            labels.append(f"{when}  —  {b.name}  ({b.stat().st_size // 1024} KiB)")
        label, ok = QInputDialog.getItem(
            self,
            self.tr("Restore a backup"),
            self.tr("Replace the catalog with this backup (the current catalog is backed up first):"),
            labels,
            0,
            False,
        )
        return list(reversed(backups))[labels.index(label)] if ok and label in labels else None

    @Slot()
    def _on_restore(self) -> None:
        backups = self.repo.list_backups()
        if not backups:
            self.statusBar().showMessage(self.tr("No backups yet: use Back up now first."), 10000)
            return
        chosen = self.ask_backup(backups)
        if chosen is not None:
            self.restore_backup(chosen)

    def restore_backup(self, path: Path) -> bool:
        """Replace the catalog with backup ``path`` (the current state is backed up first);
        every table and the results reload. True on success; a message either way."""
        if self.read_only:
            return False
        try:
            before = self.repo.restore_backup(path)
        except (sqlite3.Error, OSError) + corrupt_or_unavailable_types() as exc:
            if is_read_only_error(exc):
                self._on_write_failed(write_error_message(exc))
            else:
                reason = tr_message(file_error_message(exc))
                self.statusBar().showMessage(tr_fmt(self.tr("Not restored — %1"), reason), 15000)
            return False
        self.undo_stack.clear()
        self.reload_all()
        self.catalogChanged.emit()
        msg = tr_fmt(self.tr("Restored the backup %1."), path.name)
        if before is not None:
            msg += " " + tr_fmt(self.tr("The catalog before it was saved as %1."), before.name)
        self.statusBar().showMessage(msg, 20000)
        return True

    @Slot()
    def _on_history(self) -> None:
        rows = self.price_tab.selected_source_rows()
        if rows:
            self.show_history(int(self.price_model.key(rows[-1])))  # a price row's id

    def show_history(self, row_id: int) -> PriceHistoryDialog:
        """Non-modal dialog with the price history of one price row (table + step plot)."""
        from .price_history_dialog import PriceHistoryDialog

        history = self.repo.price_history(row_id)
        gpu = self.repo.get_gpu(history[-1][1].gpu_id) if history else None
        dlg = PriceHistoryDialog(history, self, gpu_name=gpu.name if gpu is not None else "")
        dlg.show()
        return dlg

    @Slot()
    def open_fx_rates(self) -> FxRatesDialog | None:
        """Non-modal exchange-rate dialog; saving re-ranks the results."""
        from .fx_rates_dialog import FxRatesDialog

        if self.read_only:
            return None
        dlg = FxRatesDialog(self.repo, self)
        dlg.ratesChanged.connect(self.catalogChanged)
        dlg.show()
        return dlg

    def export_table(self, table: str, path: str) -> None:
        """Export ``table`` (gpus, prices, models) to ``path``."""
        try:
            self.repo.export_csv(table, path)
        except OSError as exc:
            self.statusBar().showMessage(tr_fmt(self.tr("Not exported — %1"), str(exc)), 10000)
            return
        self.statusBar().showMessage(tr_fmt(self.tr("Exported %1 to %2"), table, path), 8000)

    @Slot()
    def _on_export(self) -> None:
        table = self.current_tab().table_name
        path = ask_path(
            self, "save", tr_fmt(self.tr("Export %1"), table), self.tr("CSV files (*.csv)"), f"{table}.csv"
        )
        if path:
            self.export_table(table, path)

    def start_import(self, path: str, table: str | None = None) -> CsvImportDialog | None:
        """Open the import preview for ``path`` (non-modal); returns the dialog."""
        from .csv_import_dialog import CsvImportDialog

        if self.read_only:
            return None
        dlg = CsvImportDialog(self.repo, path, table or self.current_tab().table_name, self)
        dlg.imported.connect(self._on_imported)
        self.import_dialog = dlg
        dlg.show()
        return dlg

    @Slot()
    def _on_import(self) -> None:
        path = ask_path(
            self,
            "open",
            self.tr("Import CSV"),
            self.tr("CSV files and price ledgers (*.csv *.json);;All files (*)"),
        )
        if path:
            self.start_import(path)

    @Slot(str, int)
    def _on_imported(self, table: str, count: int) -> None:
        model = {"gpus": self.gpu_model, "prices": self.price_model}.get(table, self.models_model)
        model.reload()
        self.undo_stack.clear()
        text = tr_fmt(self.tr("Imported %1 rows into %2"), fmt_number(count), table)
        held = self.repo.price_count() if table == "prices" else 0
        if held > LARGE_CATALOG_PRICES:  # what a huge catalog costs, said once
            QMessageBox.information(
                self,
                self.tr("A large price catalog"),
                tr_fmt(
                    self.tr(
                        "The catalog now holds %1 current prices. Every ranking reads them all: about "
                        "%2 s at each start and after each catalog change. Delete the providers you do "
                        "not use, or keep them in a catalog of their own."
                    ),
                    fmt_number(held),
                    fmt_number(held / 100_000),
                ),
            )
        self.statusBar().showMessage(text, 8000)
        self._update_stale_label()
        self.catalogChanged.emit()
