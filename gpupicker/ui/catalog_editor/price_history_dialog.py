"""A price row's history: every edit as a table and a step plot."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...core.hardware.specs import PriceOffer
from ...core.pricing.price_moves import price_move
from ..i18n.core_messages import tr_message
from ..i18n.formatting import fmt_number
from ..i18n.placeholders import tr_fmt


class PriceHistoryDialog(QDialog):
    """Shows ``[(changed_at, PriceOffer), …]`` oldest first. Public: ``table``, ``plot_item``."""

    def __init__(
        self, history: list[tuple[str, PriceOffer]], parent: QWidget | None = None, gpu_name: str = ""
    ) -> None:
        super().__init__(parent)
        self.history = history
        first = history[-1][1] if history else None
        title = self.tr("Price history")
        if first is not None:  # the GPU's name, not its catalog id
            title += f" — {gpu_name or first.gpu_id} · {first.provider}"
        self.setWindowTitle(title)
        self.table = QTableWidget(len(history), 3)
        self.table.setHorizontalHeaderLabels(
            [self.tr("Changed (UTC)"), self.tr("Price / GPU-hour"), self.tr("Observed")]
        )
        self.table.verticalHeader().hide()
        for r, (when, offer) in enumerate(history):
            self.table.setItem(r, 0, QTableWidgetItem(when[:19].replace("T", " ")))
            self.table.setItem(
                r, 1, QTableWidgetItem(f"{fmt_number(offer.price_per_gpu_hour, 2)} {offer.currency}")
            )
            self.table.setItem(r, 2, QTableWidgetItem(offer.observed))
        self.table.resizeColumnsToContents()
        self.plot = pg.PlotWidget()
        self.plot_item = self.plot.getPlotItem()
        self.plot_item.setLabel("bottom", self.tr("Edit number"))
        currency = first.currency if first is not None else "USD"
        self.plot_item.setLabel("left", tr_fmt(self.tr("Price per GPU-hour (%1)"), currency))
        if history:
            ys = np.array([o.price_per_gpu_hour for _, o in history], dtype=float)
            xs = np.arange(len(ys) + 1, dtype=float)
            self.curve = pg.PlotDataItem(xs, ys, stepMode="center", pen=pg.mkPen("#4e79a7", width=2))
            self.plot_item.addItem(self.curve)
        self.summary = QLabel(self._summary())
        """How the price moved and, where the history supports one, the rent-now-or-wait note
        (core.price_moves states the rule)."""
        self.summary.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(self.summary)
        layout.addWidget(self.plot, 1)
        layout.addWidget(buttons)
        self.resize(560, 480)

    def _summary(self) -> str:
        """The movement line (and the advice) of the history; '' when it never moved."""
        move = price_move(self.history)
        if move is None or move.low == move.high:
            return ""
        line = (
            self.tr("%1 % over %2 days; low %3, high %4 (%5 observations)")
            .replace("%1", ("+" if move.change_pct > 0 else "") + fmt_number(move.change_pct, 1))
            .replace("%2", fmt_number(move.days, 0))
            .replace("%3", fmt_number(move.low, 2))
            .replace("%4", fmt_number(move.high, 2))
            .replace("%5", str(len(move.points)))
        )
        return line + ("\n" + tr_message(move.advice) if move.advice is not None else "")
