"""Dialogs: corrupt catalog, crash report, preferences, about.

Modal questions go through ``ask()`` classmethods so tests can monkeypatch them;
nothing here calls ``exec()`` except those ``ask()`` methods.
"""

from __future__ import annotations

import logging
import logging.handlers
import sys
import traceback
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal, Slot
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)
from typing_extensions import override

from ... import paths
from ..i18n.placeholders import tr_fmt

if TYPE_CHECKING:  # pydantic: not needed to start the window
    from .preferences import Preferences

LOG_FILE = "gpupicker.log"
log = logging.getLogger("gpupicker")


class CorruptCatalogDialog(QMessageBox):
    """Tells the user the catalog is damaged and offers to recreate it (keeping the bad file)."""

    def __init__(self, path: str, error: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setIcon(QMessageBox.Icon.Warning)
        self.setWindowTitle(self.tr("Catalog damaged"))
        self.setText(tr_fmt(self.tr("The catalog file cannot be read:\n%1"), path))
        self.setInformativeText(
            self.tr(
                "gpupicker can recreate it from the bundled defaults. The damaged file is kept "
                "next to it (renamed), never deleted. Your own rows can then be brought back from "
                "a backup: `gpupicker catalog backups` lists them, `gpupicker catalog restore "
                "NAME` restores one. (`gpupicker catalog recover` does the same from the command "
                "line.)"
            )
        )
        self.setDetailedText(error)
        self.recreate_button = self.addButton(
            self.tr("&Recreate from defaults"), QMessageBox.ButtonRole.AcceptRole
        )
        self.quit_button = self.addButton(self.tr("&Quit"), QMessageBox.ButtonRole.RejectRole)
        self.setDefaultButton(self.recreate_button)

    @classmethod
    def ask(cls, path: str, error: str) -> bool:
        """Show the dialog modally; True when the user chose to recreate."""
        dlg = cls(path, error)
        dlg.exec()
        return dlg.clickedButton() is dlg.recreate_button


class StartupErrorDialog(QMessageBox):
    """gpupicker cannot start (e.g. its folder is not writable); says what to do."""

    def __init__(self, message: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setIcon(QMessageBox.Icon.Critical)
        self.setWindowTitle(self.tr("gpupicker cannot start"))
        self.setText(message)

    @classmethod
    def ask(cls, message: str) -> None:
        """Show the message modally (creates a QApplication if needed)."""
        app = QApplication.instance() or QApplication([])
        dlg = cls(message)
        dlg.exec()
        del app


class ErrorDialog(QDialog):
    """Shows an unexpected error with the log path and a "Copy details" button."""

    def __init__(
        self, summary: str, details: str, log_path: Path | None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("gpupicker hit an unexpected error"))
        self.details = details
        self.message = QLabel(tr_fmt(self.tr("Something went wrong: %1"), summary))
        self.message.setWordWrap(True)
        where = str(log_path) if log_path else self.tr("(no log file)")
        self.log_label = QLabel(
            tr_fmt(self.tr("The details were written to %1. Please attach them to a bug report."), where)
        )
        self.log_label.setWordWrap(True)
        self.text = QPlainTextEdit(details)
        self.text.setReadOnly(True)
        self.copy_button = QPushButton(self.tr("&Copy details"))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        self.copy_button.clicked.connect(self.copy_details)
        layout = QVBoxLayout(self)
        layout.addWidget(self.message)
        layout.addWidget(self.log_label)
        layout.addWidget(self.text, 1)
        layout.addWidget(buttons)
        self.resize(640, 420)

    @Slot()
    def copy_details(self) -> None:
        """Put the traceback on the clipboard."""
        QGuiApplication.clipboard().setText(self.details)


def setup_logging() -> Path | None:
    """Rotating log file in the user log folder; returns its path (None if unwritable)."""
    try:
        path = paths.user_log_dir() / LOG_FILE
        handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=1_000_000, backupCount=3, encoding="utf-8"
        )
    except OSError:
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    if not any(isinstance(h, logging.handlers.RotatingFileHandler) for h in root.handlers):
        root.addHandler(handler)
    root.setLevel(logging.INFO)
    return path


_open_dialogs: list[ErrorDialog] = []


def install_excepthook(log_path: Path | None) -> None:
    """Route uncaught exceptions to the log and a non-modal :class:`ErrorDialog`."""

    def hook(exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        details = "".join(traceback.format_exception(exc_type, exc, tb))
        log.error("uncaught exception\n%s", details)
        if QApplication.instance() is None:
            sys.__excepthook__(exc_type, exc, tb)
            return
        dlg = ErrorDialog(f"{exc_type.__name__}: {exc}", details, log_path)
        _open_dialogs.append(dlg)
        dlg.finished.connect(lambda _r, d=dlg: _open_dialogs.remove(d))
        dlg.show()

    sys.excepthook = hook


class PreferencesDialog(QDialog):
    """Edits :class:`Preferences`; emits ``prefsAccepted(Preferences)`` on OK.

    Signals:
        prefsAccepted(object): the new preferences.
    """

    prefsAccepted = Signal(object)

    def __init__(self, prefs: Preferences, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Preferences"))
        self.prefs = prefs
        self.byte_unit = QComboBox()
        self.byte_unit.addItem(self.tr("GiB (2^30 bytes, as PyTorch / nvidia-smi)"), "GiB")
        self.byte_unit.addItem(self.tr("GB (10^9 bytes, as datasheets)"), "GB")
        self.byte_unit.setCurrentIndex(self.byte_unit.findData(prefs.byte_unit))
        self.hours = QComboBox()
        self.hours.addItem(self.tr("730 hours (365 days / 12)"), 730)
        self.hours.addItem(self.tr("720 hours (30 days)"), 720)
        self.hours.setCurrentIndex(self.hours.findData(prefs.hours_per_month))
        self.staleness = QSpinBox()
        self.staleness.setRange(1, 120)
        self.staleness.setValue(prefs.staleness_months)
        self.staleness.setSuffix(self.tr(" months"))
        self.lang = QComboBox()
        self.lang.addItem(self.tr("System language"), None)
        self.lang.addItem("English", "en_US")
        self.lang.addItem("简体中文", "zh_CN")
        self.lang.setCurrentIndex(max(0, self.lang.findData(prefs.lang)))
        self.lang.setToolTip(self.tr("Takes effect the next time gpupicker starts."))
        # the translator is installed once at start-up: say so where the choice is made
        self.lang_notice = QLabel(self.tr("Restart gpupicker to see the new language."))
        self.lang_notice.setWordWrap(True)
        self.lang_notice.setHidden(True)
        self.lang.currentIndexChanged.connect(self._show_lang_notice)
        form = QFormLayout()
        form.addRow(self.tr("&Language:"), self.lang)
        form.addRow("", self.lang_notice)
        form.addRow(self.tr("&Memory unit:"), self.byte_unit)
        form.addRow(self.tr("&Hours per month:"), self.hours)
        form.addRow(self.tr("Mark prices &older than:"), self.staleness)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)

    @Slot()
    def _show_lang_notice(self) -> None:
        """Show the restart notice while the chosen language differs from the running one."""
        self.lang_notice.setHidden(self.lang.currentData() == self.prefs.lang)

    def value(self) -> Preferences:
        """The preferences as currently edited."""
        return self.prefs.model_copy(
            update={
                "byte_unit": self.byte_unit.currentData(),
                "hours_per_month": self.hours.currentData(),
                "staleness_months": self.staleness.value(),
                "lang": self.lang.currentData(),
            }
        )

    @override
    def accept(self) -> None:
        self.prefsAccepted.emit(self.value())
        super().accept()


def show_about(parent: QWidget) -> QMessageBox:
    """Non-modal About box (version, commit, data date, Qt/PySide6, paths): see ``about.py``."""
    from .about import show_about as _show_about

    return _show_about(parent)
