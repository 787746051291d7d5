"""The Curves tab's cost plot: total cost and run time by number of GPUs, per GPU type and
pricing (data from ``core.report.curves``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget
from typing_extensions import override

from ...core.report.curves import CostCurve, spans_decades
from ..i18n.formatting import display_name, fmt_hours, fmt_money, label_value
from ..i18n.placeholders import tr_fmt
from ..i18n.texts import pricing_names
from .curves import OKABE_ITO, PlotPanel, translate
from .plot_export import DataTable, whole_number


class CostSeries(TypedDict):
    """One GPU type × pricing of :class:`CostCurvePlot` as drawn (``CostCurvePlot.series``).

    ``counts``: GPU counts; ``money``: cost in the display currency per count; ``hours``: run
    time per count (``None`` where unknown); ``color``: ``#rrggbb``.
    """

    gpu_id: str
    name: str
    pricing: str
    counts: list[float]
    money: list[float]
    hours: list[float | None]
    color: str


class CostCurvePlot(PlotPanel):
    """Cost (left axis, solid) and hours (right axis, dashed) against the GPU count.

    Public after :meth:`set_curves`: ``series`` — one dict per GPU type × pricing with
    ``gpu_id``, ``pricing``, ``counts``, ``money`` (display currency), ``hours``;
    ``log_y`` when money spans decades.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title.setText(translate("Curves", "Cost and hours by number of GPUs"))
        self.hours_view = pg.ViewBox()
        self.plot_item.showAxis("right")
        self.plot_item.scene().addItem(self.hours_view)
        self.plot_item.getAxis("right").linkToView(self.hours_view)
        self.plot_item.getAxis("right").enableAutoSIPrefix(False)
        self.hours_view.setXLink(self.plot_item)
        self.plot_item.vb.sigResized.connect(self._sync_views)
        self.plot_item.setLabel("bottom", translate("Curves", "Number of GPUs"))
        self.plot_item.setLabel("right", translate("Curves", "Hours (dashed)"))
        self._money: list[pg.PlotDataItem] = []
        self._hours: list[pg.PlotDataItem] = []
        self.series: list[CostSeries] = []
        self.log_y = False
        self.currency = "USD"
        self._axes_key: tuple[str, str] | None = None
        self._slot_colors: list[str] = []
        self.color_order: list[str] = []
        """GPU ids in the memory plot's colour order: the same card gets the same colour."""

    def _color_for(self, gpu_id: str, k: int, taken: set[str]) -> str:
        if gpu_id in self.color_order:
            return OKABE_ITO[self.color_order.index(gpu_id) % len(OKABE_ITO)]
        free = [c for i, c in enumerate(OKABE_ITO) if c not in taken and i >= len(self.color_order)] or [
            c for c in OKABE_ITO if c not in taken
        ]
        return free[0] if free else OKABE_ITO[k % len(OKABE_ITO)]

    @override
    def data_table(self) -> DataTable | None:
        """One row per GPU type × pricing × count as drawn: total cost in the display
        currency and run time in hours (empty where unknown)."""
        if not self.series:
            return None
        names = pricing_names()
        head = [
            translate("Curves", "GPU id"),
            translate("Curves", "GPU"),
            translate("Curves", "Pricing"),
            translate("Curves", "GPUs"),
            tr_fmt(translate("Curves", "Total cost (%1)"), self.currency),
            translate("Curves", "Run time (h)"),
        ]
        rows: list[list[str | float]] = [
            [
                s["gpu_id"],
                s["name"],
                names.get(s["pricing"], s["pricing"]),
                whole_number(n),
                round(m, 4),
                "" if h is None else round(h, 4),
            ]
            for s in self.series
            for n, m, h in zip(s["counts"], s["money"], s["hours"], strict=False)
        ]
        return head, rows

    @override
    def readout_at(self, x: float) -> str:
        """'4 GPUs: RTX 4090 $1.52, 0.8 h; …' at the GPU count nearest ``x``."""
        counts = sorted({n for s in self.series for n in s["counts"]})
        if not counts:
            return ""
        n = min(counts, key=lambda c: abs(c - x))
        lines = [tr_fmt(translate("Curves", "%1 GPUs"), f"{n:g}")]
        for s in self.series:
            if n in s["counts"]:
                i = s["counts"].index(n)
                h = s["hours"][i]
                money = fmt_money(s["money"][i], self.currency, 2 if s["money"][i] >= 1 else 4)
                lines.append(label_value(s["name"], money) + ("" if h is None else f", {fmt_hours(h)}"))
        return "\n".join(lines)

    def _sync_views(self) -> None:
        self.hours_view.setGeometry(self.plot_item.vb.sceneBoundingRect())
        self.hours_view.linkedViewChanged(self.plot_item.vb, self.hours_view.XAxis)

    def set_curves(
        self, curves: Sequence[CostCurve], currency: str = "USD", usd_per_unit: float = 1.0, limit: int = 4
    ) -> None:
        """Draw at most ``limit`` series; money converted from USD to ``currency``."""
        k_fx = 1.0 / (usd_per_unit or 1.0)
        self.currency = currency
        shown = list(curves)[:limit]
        self.series = []
        legend: list[tuple[str, str, bool]] = []
        kind = shown[0].money_kind if shown else "total"
        what = {
            "total": translate("Curves", "Total cost (%1)"),
            "per_month": translate("Curves", "Cost per month (%1)"),
            "per_hour": translate("Curves", "Price per hour (%1)"),
        }.get(kind, "%1")
        if (kind, currency) != self._axes_key:
            self.plot_item.setLabel("left", tr_fmt(what, currency))
            self._axes_key = (kind, currency)
        all_money = [m * k_fx for c in shown for m in c.money]
        log_y = spans_decades(all_money)
        if log_y != self.log_y:
            self.plot_item.setLogMode(x=False, y=log_y)
        self.log_y = log_y
        wanted = [c.gpu_id for c in shown if c.gpu_id in self.color_order]
        taken = {OKABE_ITO[self.color_order.index(g) % len(OKABE_ITO)] for g in wanted}
        for k, c in enumerate(shown):
            color = self._color_for(c.gpu_id, k, taken)
            taken.add(color)
            counts = [float(n) for n in c.counts]
            money = [m * k_fx for m in c.money]
            line = self._money[k] if k < len(self._money) else None
            if line is None:
                line = pg.PlotDataItem([], [], symbol="o", symbolSize=7)
                self.plot_item.addItem(line)
                self._money.append(line)
                self._slot_colors.append("")
            line.setData(counts, money)
            line.setVisible(True)
            legend.append(
                (color, f"{display_name(c.gpu_name)} · {pricing_names().get(c.pricing, c.pricing)}", False)
            )
            hrs = [h for h in c.hours if h is not None]
            hline = self._hours[k] if k < len(self._hours) else None
            if hline is None:
                hline = pg.PlotDataItem([], [])
                self.hours_view.addItem(hline)
                self._hours.append(hline)
            if self._slot_colors[k] != color:  # restyle a slot only when its colour changes
                line.setPen(pg.mkPen(color, width=2))
                line.setSymbolBrush(pg.mkBrush(color))
                hline.setPen(pg.mkPen(color, width=1, style=Qt.PenStyle.DashLine))
                self._slot_colors[k] = color
            if len(hrs) == len(c.hours):
                hline.setData(counts, hrs)
            else:
                hline.setData([], [])
            hline.setVisible(True)
            self.series.append(
                {
                    "gpu_id": c.gpu_id,
                    "name": c.gpu_name,
                    "pricing": c.pricing,
                    "counts": counts,
                    "money": money,
                    "hours": list(c.hours),
                    "color": color,
                }
            )
        for pool in (self._money, self._hours):
            for item in pool[len(shown) :]:
                item.setVisible(False)
        self.set_legend(legend)
        self.plot_item.enableAutoRange()
        self.hours_view.enableAutoRange()
