"""The results page's curves (data from ``core/report/curves.py``; this module only draws).

* :class:`MemoryCurvePlot` — memory per GPU against batch, context or LoRA rank, one
  line per candidate GPU, its usable capacity as a dashed horizontal line in the same
  colour and the crossing (``gpupicker fit``'s answer) marked.
* :class:`~.cost_curves.CostCurvePlot` (its own module) — total cost (solid, left axis)
  and hours (dashed, right axis) against the number of GPUs, per GPU type and pricing kind.

Colours are the Okabe–Ito palette (safe for the common colour-vision deficiencies;
Okabe & Ito 2008, https://jfly.uni-koeln.de/color/). Every plot exports to PNG,
SVG and its data to CSV through pyqtgraph's exporters (:func:`~.plot_export.export_plot`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TypedDict, TypeVar

import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QPointF, Qt, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget
from typing_extensions import override

from ...core.report.curves import MemoryCurves
from ..i18n.formatting import display_name, label_value, unit_bytes
from ..i18n.placeholders import tr_fmt
from .plot_export import DataTable, export_dialog, export_plot, whole_number

translate = QCoreApplication.translate

OKABE_ITO: tuple[str, ...] = (
    "#0072B2",
    "#E69F00",
    "#009E73",
    "#CC79A7",
    "#D55E00",
    "#56B4E9",
    "#000000",
    "#F0E442",
)
"""Okabe–Ito colour-blind-safe palette (blue, orange, green, purple, vermilion, sky, black, yellow)."""

SHARED_COLOR = "#444444"
"""The one memory line drawn when every card has the same curve."""

_Item = TypeVar("_Item")
"""A plot item kind reused across redraws (pyqtgraph's PlotDataItem, InfiniteLine …)."""


class MemorySeries(TypedDict):
    """One line of :class:`MemoryCurvePlot` as drawn (``MemoryCurvePlot.series``).

    ``xs``: the dimension's values; ``ys`` and ``capacity``: memory per GPU in the display
    unit; ``crossing``: (value, memory in the display unit) of the largest value that fits,
    ``None`` when none does; ``color``: ``#rrggbb``.
    """

    gpu_id: str
    name: str
    xs: list[float]
    ys: list[float]
    capacity: float
    color: str
    crossing: tuple[int, float] | None


def dimension_label(dim: str) -> str:
    """Axis / menu name of a fit dimension (translated)."""
    return {
        "batch": translate("Curves", "Batch size (sequences)"),
        "seq_len": translate("Curves", "Context (tokens per sequence)"),
        "lora_r": translate("Curves", "LoRA rank"),
        "concurrency": translate("Curves", "Concurrent sequences"),
    }.get(dim, dim)


class PlainLogAxis(pg.AxisItem):  # type: ignore[misc]  # pyqtgraph has no type hints
    """An axis whose log-mode ticks read as plain numbers (2, 5, 10, 2,000) instead of
    pyqtgraph's ``2·10¹`` — people read batch sizes and token counts, not exponents."""

    @override
    def logTickStrings(
        self,
        values: Iterable[float],
        scale: float,  # noqa: N802
        spacing: float,
    ) -> list[str]:
        out = []
        for v in values:
            x = 10.0 ** float(v) * scale
            lead = round(x / 10.0 ** math.floor(math.log10(x))) if x > 0 else 0
            if lead not in (1, 2, 5, 10):  # 1-2-5 labels only: minor ticks stay unlabelled
                out.append("")
            else:
                out.append(f"{x:,.0f}" if x >= 1 else f"{x:.2g}")
        return out


class PlotPanel(QWidget):
    """A title row (optional chooser + Export… button) above one pyqtgraph plot."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.plot_widget = pg.PlotWidget(
            axisItems={"bottom": PlainLogAxis("bottom"), "left": PlainLogAxis("left")}
        )
        self.plot_widget.setMinimumHeight(150)
        self.plot_item: pg.PlotItem = self.plot_widget.getPlotItem()
        self.plot_item.setMenuEnabled(False)
        self.plot_item.showGrid(x=True, y=True, alpha=0.25)
        for name in ("left", "bottom"):
            self.plot_item.getAxis(name).enableAutoSIPrefix(False)
        # the legend is a label under the plot, not a pyqtgraph LegendItem: LegendItem.clear()
        # hits a PySide6 refcount crash on repeated redraws (scripts/pyside_refcount_check.py), and a QLabel
        # wraps long (and CJK) GPU names
        self.legend = QLabel()
        self.legend.setObjectName("curveLegend")
        self.legend.setWordWrap(True)
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        self._legend_rows: list[tuple[str, str, bool]] = []
        self.export_button = QPushButton(translate("Curves", "Export…"))
        self.export_button.setToolTip(translate("Curves", "Save this plot as PNG or SVG, or its data as CSV"))
        self.export_button.clicked.connect(self._export_dialog)
        self.head = QHBoxLayout()
        self.head.setContentsMargins(0, 0, 0, 0)
        self.title = QLabel()
        self.head.addWidget(self.title, 1)
        self.head.addWidget(self.export_button)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addLayout(self.head)
        lay.addWidget(self.plot_widget, 1)
        lay.addWidget(self.legend)
        # hover read-out with units, top-left inside the plot
        self.readout = pg.TextItem("", color="#202020", anchor=(0, 0), fill=pg.mkBrush(255, 255, 255, 220))
        self.plot_item.addItem(self.readout, ignoreBounds=True)
        self.readout.setZValue(100)
        self.plot_item.scene().sigMouseMoved.connect(self._on_mouse_moved)

    def readout_at(self, x: float) -> str:
        """The read-out text for data x (linear units); '' when there is nothing there."""
        return ""

    def _on_mouse_moved(self, pos: QPointF) -> None:
        vb = self.plot_item.vb
        if not vb.sceneBoundingRect().contains(pos):
            self.readout.setText("")
            return
        pt = vb.mapSceneToView(pos)
        x = 10 ** pt.x() if self.plot_item.ctrl.logXCheck.isChecked() else pt.x()
        text = self.readout_at(x)
        self.readout.setText(text)
        if text:
            (x0, _x1), (_y0, y1) = vb.viewRange()
            self.readout.setPos(x0, y1)

    def set_legend(self, rows: Sequence[tuple[str, str, bool]]) -> None:
        """Legend rows (colour, text, dashed); the label is rebuilt only when they change."""
        rows = list(rows)
        if rows == self._legend_rows:
            return
        self._legend_rows = rows
        from html import escape

        # no break inside an entry: a GPU name never wraps in the middle
        parts = [
            f"<span style='color:{c}'>{'┅' if dashed else '━'}</span>&nbsp;{escape(t).replace(' ', '&nbsp;')}"
            for c, t, dashed in rows
        ]
        self.legend.setText("&nbsp;&nbsp; ".join(parts))

    def data_table(self) -> DataTable | None:
        """The plotted data with named columns for the CSV export (``None``: pyqtgraph's)."""
        return None

    def export(self, path: str | Path) -> Path:
        """Export the plot (PNG/SVG) or its data (CSV, :meth:`data_table`) to ``path``."""
        return export_plot(self.plot_item, path, self.data_table())

    def _export_dialog(self) -> None:
        export_dialog(self, self.plot_item, self.data_table())


class MemoryCurvePlot(PlotPanel):
    """Memory per GPU against one dimension, capacity lines and crossings.

    Public after :meth:`set_curves`: ``series`` — one dict per candidate with ``gpu_id``,
    ``xs`` (values), ``ys`` (memory in the display unit), ``capacity`` (display unit) and
    ``crossing`` (``(value, memory)`` or ``None``); ``dimension``; ``log_x``. The chooser
    (``chooser``) emits ``dimensionChanged(str)``.
    """

    dimensionChanged = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.chooser = QComboBox()
        self.chooser.setToolTip(translate("Curves", "What to vary along the horizontal axis"))
        self.head.insertWidget(1, self.chooser)
        self.chooser.currentIndexChanged.connect(self._on_choice)
        self._lines: list[pg.PlotDataItem] = []
        self._caps: list[pg.InfiniteLine] = []
        self._marks: list[pg.ScatterPlotItem] = []
        self._labels: list[pg.TextItem] = []
        self.series: list[MemorySeries] = []
        self.dimension = ""
        self.unit = "GiB"
        self.log_x = False
        self._dims: tuple[str, ...] = ()
        self._axes_key: tuple[str, str] | None = None
        self.shared_line = pg.PlotDataItem([], [], pen=pg.mkPen(SHARED_COLOR, width=2))
        self.plot_item.addItem(self.shared_line)
        self.title.setText(translate("Curves", "What fits: memory per GPU"))

    @override
    def data_table(self) -> DataTable | None:
        """One row per GPU × value as drawn: the value in its own unit (never log10, whatever
        the axis), memory per GPU and usable capacity in the display unit."""
        if not self.series:
            return None
        head = [
            translate("Curves", "GPU id"),
            translate("Curves", "GPU"),
            dimension_label(self.dimension),
            tr_fmt(translate("Curves", "Memory per GPU (%1)"), self.unit),
            tr_fmt(translate("Curves", "Usable memory per GPU (%1)"), self.unit),
        ]
        rows: list[list[str | float]] = [
            [s["gpu_id"], s["name"], whole_number(x), round(y, 4), round(s["capacity"], 4)]
            for s in self.series
            for x, y in zip(s["xs"], s["ys"], strict=True)
        ]
        return head, rows

    @override
    def readout_at(self, x: float) -> str:
        """'batch 9: 23.1 GiB — fits RTX 4090, …' at the grid value nearest ``x``."""
        if not self.series:
            return ""
        xs = self.series[0]["xs"]
        i = min(range(len(xs)), key=lambda j: abs(xs[j] - x))
        value = xs[i]
        lines = [label_value(dimension_label(self.dimension), f"{value:,.0f}")]
        for s in self.series:
            j = min(range(len(s["xs"])), key=lambda k: abs(s["xs"][k] - value))
            y = s["ys"][j]
            ok = y <= s["capacity"]
            lines.append(
                label_value(s["name"], f"{y:.1f} {self.unit} / {s['capacity']:.1f} {self.unit} ")
                + (translate("Curves", "fits") if ok else translate("Curves", "too big"))
            )
        return "\n".join(lines)

    def set_dimensions(self, dims: Sequence[str], current: str | None = None) -> None:
        """Offer ``dims`` in the chooser (no signal); select ``current`` when given."""
        dims = tuple(dims)
        if dims != self._dims:
            self.chooser.blockSignals(True)
            self.chooser.clear()
            for d in dims:
                self.chooser.addItem(dimension_label(d), d)
            self._dims = dims
            self.chooser.blockSignals(False)
        if current in dims:
            self.chooser.blockSignals(True)
            self.chooser.setCurrentIndex(dims.index(current))
            self.chooser.blockSignals(False)

    def selected_dimension(self) -> str:
        """The dimension the chooser shows ('' when none)."""
        return str(self.chooser.currentData() or "")

    def _on_choice(self, _index: int) -> None:
        self.dimensionChanged.emit(self.selected_dimension())

    def _item(self, pool: list[_Item], k: int, make: Callable[..., _Item]) -> _Item:
        """Item ``k`` of ``pool``, made by ``make()`` (and added to the plot) when missing."""
        while len(pool) <= k:
            item = make()
            self.plot_item.addItem(item)
            pool.append(item)
        return pool[k]

    def set_curves(self, data: MemoryCurves | None, unit: str = "GiB") -> None:
        """Draw ``data`` (``None`` or no curves: an empty plot). Items are reused across calls."""
        scale = unit_bytes(unit)
        self.unit = unit
        self.series = []
        legend: list[tuple[str, str, bool]] = []
        curves = data.curves if data is not None else ()
        self.dimension = data.dimension if data is not None else ""
        log_x = bool(data is not None and data.log_x)
        if log_x != self.log_x or not self._axes_key:
            self.plot_item.setLogMode(x=log_x, y=False)
        self.log_x = log_x
        axes_key = (self.dimension, unit)
        if axes_key != self._axes_key:
            self.plot_item.setLabel("bottom", dimension_label(self.dimension))
            # short: "Memory per GPU (GiB)" was cut at the plot's default height (~130 px)
            self.plot_item.setLabel("left", tr_fmt(translate("Curves", "%1 per GPU"), unit))
            self._axes_key = axes_key
        shared = data.shared_curve() if data is not None else None
        if shared is not None:  # the same memory on every card: one dark line, coloured capacities
            self.shared_line.setData([float(x) for x in shared[0]], [y / scale for y in shared[1]])
            legend.append(
                (SHARED_COLOR, translate("Curves", "Memory per GPU (the same on every card)"), False)
            )
        else:
            self.shared_line.setData([], [])
        self.shared_line.setVisible(shared is not None)
        for k, c in enumerate(curves):
            color = OKABE_ITO[k % len(OKABE_ITO)]
            xs = [float(x) for x in c.xs]
            ys = [y / scale for y in c.ys]
            cap = c.capacity_bytes / scale
            # items are styled once, when their slot is created (colour = slot), then reused
            line = self._item(
                self._lines, k, lambda color=color: pg.PlotDataItem([], [], pen=pg.mkPen(color, width=2))
            )
            line.setData(xs, ys)
            line.setVisible(shared is None)
            legend.append((color, f"{display_name(c.gpu_name)} ({cap:.1f} {unit})", shared is not None))
            capline = self._item(
                self._caps,
                k,
                lambda color=color: pg.InfiniteLine(
                    angle=0, movable=False, pen=pg.mkPen(color, width=1, style=Qt.PenStyle.DashLine)
                ),
            )
            capline.setValue(cap)
            capline.setVisible(True)
            mark = self._item(
                self._marks,
                k,
                lambda color=color: pg.ScatterPlotItem(
                    size=10, symbol="o", brush=pg.mkBrush(color), pen=pg.mkPen("#000000")
                ),
            )
            # alternate above / below so labels of close crossings do not cover each other
            label = self._item(
                self._labels,
                k,
                lambda color=color, k=k: pg.TextItem(
                    "", color=color, anchor=(0, 1) if k % 2 == 0 else (0, 0)
                ),
            )
            crossing = c.crossing
            if crossing is not None:
                cx = math.log10(crossing[0]) if self.log_x else float(crossing[0])
                mark.setData([cx], [crossing[1] / scale])
                label.setText(f"{crossing[0]:,}")
                label.setPos(cx, crossing[1] / scale)
            else:
                mark.setData([], [])
                label.setText("")
            mark.setVisible(crossing is not None)
            label.setVisible(crossing is not None)
            self.series.append(
                {
                    "gpu_id": c.gpu_id,
                    "name": c.gpu_name,
                    "xs": xs,
                    "ys": ys,
                    "capacity": cap,
                    "color": color,
                    "crossing": None if crossing is None else (crossing[0], crossing[1] / scale),
                }
            )
        for pool in (self._lines, self._caps, self._marks, self._labels):
            for item in pool[len(curves) :]:
                item.setVisible(False)
        self.set_legend(legend)
        self.plot_item.enableAutoRange()
