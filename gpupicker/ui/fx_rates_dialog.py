"""Exchange rates (USD per unit of each currency) and the display currency of the catalog."""

from __future__ import annotations

import sqlite3
from typing import Any

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from .number_input import NumberSpinBox


class FxRatesDialog(QDialog):
    """Edit the catalog's exchange rates; non-modal. Public: ``spins``, ``display``.

    Signals:
        ratesChanged(): rates or the display currency were saved.
    """

    ratesChanged = Signal()

    def __init__(self, repo: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.repo = repo
        self.setWindowTitle(self.tr("Exchange rates"))
        self.form = QFormLayout()
        self.spins: dict[str, QDoubleSpinBox] = {}
        rates = dict(repo.get_fx_rates())
        used = {p.currency for p in repo.prices()}
        for cur in sorted((set(rates) | used) - {"USD"}):
            self._add_row(cur, rates.get(cur, 0.0))
        self.new_code = QLineEdit()
        self.new_code.setPlaceholderText(self.tr("e.g. EUR"))
        self.new_code.setMaxLength(3)
        self.add_button = QPushButton(self.tr("&Add currency"))
        add_row = QHBoxLayout()
        add_row.addWidget(self.new_code)
        add_row.addWidget(self.add_button)
        self.display = QComboBox()
        self._fill_display()
        self.message = QLabel()
        self.message.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        self.add_button.clicked.connect(self._on_add)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(self.tr("US dollars per unit of each currency. Each price keeps "
                                        "its own currency; rankings compare in USD.")))
        layout.addLayout(self.form)
        layout.addLayout(add_row)
        shown = QFormLayout()
        shown.addRow(self.tr("&Show money in:"), self.display)
        layout.addLayout(shown)
        layout.addWidget(self.message)
        layout.addWidget(buttons)

    def _add_row(self, code: str, rate: float) -> NumberSpinBox:
        spin = NumberSpinBox()
        spin.rejected.connect(lambda m: self.message.setText(m))
        spin.setDecimals(6)
        spin.setRange(0.0, 1e6)
        spin.setSpecialValueText(self.tr("not set"))
        spin.setValue(rate)
        spin.setSuffix(self.tr(" USD"))
        self.spins[code] = spin
        self.form.addRow(f"1 {code} =", spin)
        return spin

    def _fill_display(self) -> None:
        current = self.repo.get_display_currency()
        self.display.clear()
        for code in ["USD", *sorted(self.spins)]:
            self.display.addItem(code, code)
        self.display.setCurrentIndex(max(0, self.display.findData(current)))

    @Slot()
    def _on_add(self) -> None:
        code = self.new_code.text().strip().upper()
        if len(code) != 3 or not code.isalpha() or code == "USD" or code in self.spins:
            self.message.setText(self.tr("Enter a new 3-letter currency code."))
            return
        self._add_row(code, 0.0).setFocus()
        self.new_code.clear()
        self._fill_display()

    @Slot()
    def save(self) -> bool:
        """Write every set rate and the display currency; False (and a message) on error."""
        try:
            for code, spin in self.spins.items():
                if spin.value() > 0:
                    self.repo.set_fx_rate(code, spin.value())
            self.repo.set_display_currency(self.display.currentData())
        except (ValueError, OSError, sqlite3.Error) as exc:  # bad rate, read-only file
            self.message.setText(str(exc))
            return False
        self.ratesChanged.emit()
        self.accept()
        return True
