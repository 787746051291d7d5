"""Exchange rates (1 USD = N units, dated, sourced) and the display currency of the catalog."""

from __future__ import annotations

import sqlite3

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ...catalog import CatalogRepository
from ...catalog.migrations import FX_DEFAULT_SOURCE
from ...core.messages import error_message
from ...core.pricing.money import rate_looks_inverted
from ..i18n.core_messages import tr_message
from ..i18n.placeholders import tr_fmt
from ..widgets.number_input import NumberSpinBox


class FxRatesDialog(QDialog):
    """Edit the catalog's exchange rates the way people quote them ("1 USD = 7.10 CNY"),
    each with its date and source; non-modal. Public: ``spins``, ``dates``, ``sources``,
    ``display``, ``ask_inverted`` (replaceable in tests).

    A rate that looks upside down (core.money.rate_looks_inverted, e.g. CNY 0.14) is a
    question to the user, never flipped: :meth:`save` asks, and keeps the dialog open
    when the answer is no.

    Signals:
        ratesChanged(): rates or the display currency were saved.
    """

    ratesChanged = Signal()

    def __init__(self, repo: CatalogRepository, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.repo = repo
        self.setWindowTitle(self.tr("Exchange rates"))
        self.form = QFormLayout()
        self.spins: dict[str, QDoubleSpinBox] = {}
        self.dates: dict[str, QLineEdit] = {}
        self.sources: dict[str, QLineEdit] = {}
        self._saved: dict[str, tuple[float, str, str]] = {}
        self._shown_source: dict[str, tuple[str, str]] = {}  # code → (as shown, as stored)
        quotes = dict(repo.get_fx_quotes())
        used = {p.currency for p in repo.prices()}
        for cur in sorted((set(quotes) | used) - {"USD"}):
            q = quotes.get(cur)
            self._add_row(cur, q.per_usd if q else 0.0, q.date if q else "", q.source if q else "")
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
        self.message.setTextFormat(Qt.TextFormat.PlainText)  # names are data, not markup
        self.message.setWordWrap(True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        self.add_button.clicked.connect(self._on_add)
        layout = QVBoxLayout(self)
        layout.addWidget(
            QLabel(
                self.tr(
                    "Units of each currency one US dollar buys, as banks "
                    "quote them (1 USD = 7.10 CNY), with the date and "
                    "source. Each price keeps its own currency; rankings "
                    "compare in USD and every amount is shown in the "
                    "currency chosen below."
                )
            )
        )
        layout.addLayout(self.form)
        layout.addLayout(add_row)
        shown = QFormLayout()
        shown.addRow(self.tr("&Show money in:"), self.display)
        layout.addLayout(shown)
        layout.addWidget(self.message)
        layout.addWidget(buttons)

    def _add_row(self, code: str, per_usd: float, date: str = "", source: str = "") -> NumberSpinBox:
        spin = NumberSpinBox()
        spin.rejected.connect(lambda m: self.message.setText(m))
        spin.setDecimals(4)
        spin.setRange(0.0, 1e7)
        spin.setSpecialValueText(self.tr("not set"))
        spin.setValue(per_usd)
        spin.setSuffix(f" {code}")
        when = QLineEdit(date)
        when.setPlaceholderText(self.tr("date, e.g. 2026-12-01"))
        when.setMaxLength(10)
        # gpupicker's own default is shown in the UI's language and stays stored as it was
        shown = (
            self.tr("gpupicker's rounded default (not a quote): set today's rate")
            if source == FX_DEFAULT_SOURCE
            else source
        )
        self._shown_source[code] = (shown, source)
        src = QLineEdit(shown)
        src.setPlaceholderText(self.tr("source, e.g. bank quote"))
        self.spins[code] = spin
        self.dates[code] = when
        self.sources[code] = src
        self._saved[code] = (per_usd, date, source)
        row = QHBoxLayout()
        row.addWidget(spin, 2)
        row.addWidget(when, 1)
        row.addWidget(src, 2)
        self.form.addRow(self.tr("1 USD ="), row)
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

    def ask_inverted(self, code: str, per_usd: float) -> bool:
        """Ask whether ``1 USD = per_usd code`` (which looks upside down) is meant."""
        answer = QMessageBox.question(
            self,
            self.tr("Exchange rate"),
            tr_fmt(
                self.tr(
                    "1 USD = %1 %2 looks upside down: did you mean 1 USD = %3 %2?\n\nKeep %1 as entered?"
                ),
                f"{per_usd:g}",
                code,
                f"{1 / per_usd:.4g}",
            ),
        )
        return answer == QMessageBox.StandardButton.Yes

    @Slot()
    def save(self) -> bool:
        """Write every changed rate (dated today unless a date is given) and the display
        currency; False (and a message) on error or when an upside-down rate is not
        confirmed."""
        try:
            for code, spin in self.spins.items():
                rate = spin.value()
                when = self.dates[code].text().strip()
                src = self.sources[code].text().strip() or "user"
                shown, stored = self._shown_source.get(code, ("", ""))
                if shown and src == shown.strip():
                    src = stored
                if rate <= 0 or (rate, when, src) == self._saved[code]:
                    continue
                confirm = False
                if rate_looks_inverted(code, rate):
                    if not self.ask_inverted(code, rate):
                        self.message.setText(tr_fmt(self.tr("Enter units of %1 per US dollar."), code))
                        spin.setFocus()
                        return False
                    confirm = True
                same_rate = rate == self._saved[code][0]
                date = when if (when and same_rate) or (when and when != self._saved[code][1]) else None
                q = self.repo.set_fx_rate(code, rate, date=date, source=src, confirm_inverted=confirm)
                self._saved[code] = (q.per_usd, q.date, q.source)
            self.repo.set_display_currency(self.display.currentData())
        except (ValueError, OSError, sqlite3.Error) as exc:  # bad rate, read-only file
            self.message.setText(tr_message(error_message(exc)))
            return False
        self.ratesChanged.emit()
        self.accept()
        return True
