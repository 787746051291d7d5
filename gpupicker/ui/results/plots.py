"""pyqtgraph plots of the results: VRAM fit (stacked bars) and cost vs time (Pareto)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import QGraphicsItem, QWidget

from ...core.results import BREAKDOWN_COMPONENTS, Option
from ..i18n.formatting import display_name, unit_bytes
from ..i18n.placeholders import tr_fmt
from ..i18n.texts import component_label
from .plot_settle import SettleAfterResize, settle

if TYPE_CHECKING:  # annotations only: numpy.typing is not needed at run time
    import numpy.typing as npt

translate = QCoreApplication.translate

pg.setConfigOptions(antialias=True, background="w", foreground="#202020")

COMPONENT_COLORS: dict[str, str] = {
    "weights": "#4e79a7",
    "kv_cache": "#f28e2b",
    "activations": "#59a14f",
    "logits": "#edc948",
    "gradients": "#e15759",
    "optimizer": "#b07aa1",
    "adapters": "#76b7b2",
    "quant_workspace": "#ff9da7",
    "optimizer_temp": "#d4a6c8",
    "engine_reserve": "#9c755f",
    "allocator_overhead": "#bab0ac",
    "cuda_context": "#7f7f7f",
}
BAR_WIDTH = 0.6


def _style_axes(plot: pg.PlotItem) -> None:
    font = QFont()
    font.setPointSize(9)
    for name in ("left", "bottom"):
        ax = plot.getAxis(name)
        ax.setTickFont(font)
        ax.enableAutoSIPrefix(False)
        # an axis with its grid spans the whole plot, so any bar or point that changes
        # repainted it (replaying its QPicture of tick texts, ~0.7 ms); cached as a pixmap it
        # is redrawn only when its ticks or range change
        ax.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
    plot.showGrid(x=False, y=True, alpha=0.25)


def distinct_options(options: Sequence[Option], limit: int) -> list[Option]:
    """First option of each (GPU, count) in rank order, at most ``limit``."""
    seen: set[tuple[str, int]] = set()
    out: list[Option] = []
    for o in options:
        key = (o.gpu_id, o.num_gpus)
        if key in seen:
            continue
        seen.add(key)
        out.append(o)
        if len(out) >= limit:
            break
    return out


class VramFitPlot(pg.GraphicsLayoutWidget):  # type: ignore[misc]  # pyqtgraph: no type hints
    """Stacked memory breakdown per option (horizontal bars) with a capacity marker for each.

    Public after :meth:`set_options`: ``bar_items`` (component → BarGraphItem; bar lengths
    in the display unit are ``opts["width"]``, starts ``opts["x0"]``, rows ``opts["y"]``),
    ``capacity_item`` (PlotDataItem: two points per option at x = capacity),
    ``options`` (those plotted).
    """

    MAX_BARS = 8

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumHeight(150)
        self.plot_item: pg.PlotItem = self.addPlot(row=0, col=0)
        _style_axes(self.plot_item)
        self.plot_item.setMenuEnabled(False)
        self.legend = pg.LegendItem(labelTextSize="8pt", verSpacing=-4)
        self.addItem(self.legend, row=0, col=1)
        self.ci.layout.setColumnStretchFactor(0, 5)
        self.bar_items: dict[str, pg.BarGraphItem] = {}
        self._bars: dict[str, pg.BarGraphItem] = {}
        self._legend_key: tuple[str, ...] = ()
        self._legends: dict[tuple[str, ...], pg.LegendItem] = {(): self.legend}
        self.capacity_item = pg.PlotDataItem(
            [],
            [],
            connect="pairs",
            pen=pg.mkPen("#c00000", width=2.5),
            name=translate("Plots", "Capacity per GPU"),
        )
        self.capacity_item.setZValue(10)
        self.plot_item.addItem(self.capacity_item)
        self.plot_item.invertY(True)
        # said on the plot when there is nothing to draw (an empty 0–1 grid)
        self.empty_label = pg.TextItem("", color="#606060", anchor=(0.5, 0.5))
        self.plot_item.addItem(self.empty_label, ignoreBounds=True)
        self.options: list[Option] = []
        self._ticks: list[tuple[float, str]] | None = None
        self._data_key: object = None
        """What the bars were last drawn from (see :meth:`set_options`)."""
        self.unit = ""
        self._set_labels("GiB")
        SettleAfterResize(self, self.settle)

    def _set_labels(self, unit: str) -> None:
        if unit == self.unit:
            return
        self.unit = unit
        self.plot_item.setTitle(translate("Plots", "VRAM fit: expected peak per GPU vs capacity"), size="9pt")
        self.plot_item.setLabel("bottom", tr_fmt(translate("Plots", "Memory per GPU (%1)"), unit))
        self.plot_item.setLabel("left", translate("Plots", "Option (GPU × count)"))

    def _bar(self, comp: str) -> pg.BarGraphItem:
        item = self._bars.get(comp)
        if item is None:
            color = QColor(COMPONENT_COLORS.get(comp, "#999999"))
            item = pg.BarGraphItem(
                y=[0.0],
                width=[0.0],
                x0=[0.0],
                height=BAR_WIDTH,
                brush=color,
                pen=pg.mkPen(color.darker(130), width=0.5),
                name=component_label(comp),
            )
            self.plot_item.addItem(item)
            self._bars[comp] = item
        return item

    def set_options(self, options: Sequence[Option], unit: str = "GiB") -> None:
        """Plot the first :attr:`MAX_BARS` distinct (GPU, count) options as horizontal bars.

        Items are reused between calls (only their data changes), so a recompute is cheap.
        """
        self._set_labels(unit)
        self.options = distinct_options(options, self.MAX_BARS)
        n = len(self.options)
        breakdowns = [o.memory.breakdown() for o in self.options]
        ticks = [
            (float(i), f"{_short(display_name(o.gpu_name))} ×{o.num_gpus}")
            for i, o in enumerate(self.options)
        ]
        key = (
            unit,
            tuple(ticks),
            tuple(o.capacity_bytes_per_gpu for o in self.options),
            tuple(tuple(bd.get(c, 0) for c in BREAKDOWN_COMPONENTS) for bd in breakdowns),
        )
        if key == self._data_key:
            # the same bars (a money-only edit): setting them again repainted the plot and
            # its axes, ~2 ms per change
            return
        self._data_key = key
        self.bar_items = {}
        scale = float(unit_bytes(unit))
        ys = np.arange(n, dtype=float)
        lefts = np.zeros(n)
        for comp in BREAKDOWN_COMPONENTS:
            widths = np.array([bd.get(comp, 0) for bd in breakdowns], dtype=float) / scale
            if not n or not widths.any():
                if comp in self._bars:
                    self._bars[comp].hide()
                continue
            item = self._bar(comp)
            item.setOpts(y=ys, width=widths, x0=lefts.copy(), height=BAR_WIDTH)
            item.show()
            self.bar_items[comp] = item
            lefts = lefts + widths
        caps = np.array([o.capacity_bytes_per_gpu for o in self.options], dtype=float) / scale
        self.capacity_item.setData(np.repeat(caps, 2), np.repeat(ys, 2) + np.tile([-0.42, 0.42], n))
        self._show_legend(tuple(self.bar_items))
        if ticks != self._ticks:  # a set repaints the axis and its grid (~1 ms)
            self._ticks = ticks
            self.plot_item.getAxis("left").setTicks([ticks])
        if n:
            right = float(max(lefts.max(), caps.max()))
            self.plot_item.setYRange(-0.6, n - 0.4, padding=0)
            self.plot_item.setXRange(0, right * 1.08, padding=0)
            _set_label_text(self.empty_label, "")
        else:
            self.plot_item.setRange(xRange=(0, 1), yRange=(0, 1), padding=0)
            _set_label_text(self.empty_label, translate("Plots", "No option to draw"))
            self.empty_label.setPos(0.5, 0.5)
        self.settle()

    def settle(self) -> None:
        """Fit the auto range, apply the view matrix, the layout and the axes' tick labels now
        rather than when the view paints: done there, they move the items after the paint
        began and the plot paints a second time (:func:`.plot_settle.settle`)."""
        settle(self, self.plot_item, self.ci.layout)

    def _show_legend(self, key: tuple[str, ...]) -> None:
        """Show the legend for the components ``key``; one LegendItem per distinct key is made
        once and swapped in. Rebuilding a legend creates new graphics items, and PySide6 keeps
        a reference to ``None`` for every item ever added to a scene (3 per item on 6.11.3),
        so a rebuild per task switch made ``sys.getrefcount(None)`` climb all session long."""
        if key == self._legend_key:
            return
        legend = self._legends.get(key)
        if legend is None:
            legend = pg.LegendItem(labelTextSize="8pt", verSpacing=-4)
            for comp in key:
                legend.addItem(self._bars[comp], component_label(comp))
            legend.addItem(self.capacity_item, translate("Plots", "Capacity per GPU"))
            self._legends[key] = legend
        if legend is not self.legend:
            self.removeItem(self.legend)
            self.addItem(legend, row=0, col=1)
            self.legend = legend
        self._legend_key = key

    def stacked_heights(self) -> dict[str, list[float]]:
        """Component → bar heights in the display unit (for tests and CSV export)."""
        return {c: [float(h) for h in item.opts["width"]] for c, item in self.bar_items.items()}


def _short(name: str) -> str:
    for prefix in ("NVIDIA ", "AMD ", "Intel ", "GeForce "):
        name = name.removeprefix(prefix)
    name = re.sub(r"\s*\([^)]*\)", "", name)
    for word in (" Generation", " Tensor Core GPU"):
        name = name.replace(word, "")
    return name if len(name) <= 18 else name[:17] + "…"


def pareto_front(points: Sequence[tuple[float, float]]) -> list[int]:
    """Indices of points not dominated in (x, y), both minimized, sorted by x."""
    order = sorted(range(len(points)), key=lambda i: (points[i][0], points[i][1]))
    front: list[int] = []
    best_y = float("inf")
    for i in order:
        if points[i][1] < best_y:
            front.append(i)
            best_y = points[i][1]
    return front


class CostPlot(pg.PlotWidget):  # type: ignore[misc]  # pyqtgraph has no type hints
    """Scatter of fitting options: total cost against run time, Pareto front highlighted.

    When no run time is known, plots price per hour against speed instead. Public:
    ``scatter_item``, ``front_item``, ``mode`` ("time" or "rate"), ``points`` (option, x, y).
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        from .curves import PlainLogAxis  # plain tick numbers on log axes

        super().__init__(parent, axisItems={"bottom": PlainLogAxis("bottom"), "left": PlainLogAxis("left")})
        self.setMinimumHeight(150)
        self.plot_item: pg.PlotItem = self.getPlotItem()
        _style_axes(self.plot_item)
        self.plot_item.setMenuEnabled(False)
        self.plot_item.showGrid(x=True, y=True, alpha=0.25)
        self.scatter_item = pg.PlotDataItem(
            [],
            [],
            pen=None,
            symbol="o",
            symbolSize=8,
            symbolBrush=pg.mkBrush(78, 121, 167, 150),
            symbolPen=pg.mkPen("#2f4b6e"),
        )
        # Symbol pens/brushes are QPen/QBrush objects made once: given a colour, pyqtgraph makes
        # a new one per setData, and its symbol atlas (keyed by object id) grows on every redraw.
        self.front_item = pg.PlotDataItem(
            [],
            [],
            pen=pg.mkPen("#c00000", width=2),
            symbol="o",
            symbolSize=10,
            symbolBrush=pg.mkBrush("#c00000"),
            symbolPen=pg.mkPen(200, 200, 200),
        )
        self.plot_item.addItem(self.scatter_item)
        self.plot_item.addItem(self.front_item)
        self.labels = [pg.TextItem("", color="#202020") for _ in range(3)]
        for label in self.labels:
            self.plot_item.addItem(label, ignoreBounds=True)
        # said in the plot when there is nothing to plot, instead of an empty 0–1 grid
        self.empty_label = pg.TextItem("", color="#606060", anchor=(0.5, 0.5))
        self.plot_item.addItem(self.empty_label, ignoreBounds=True)
        self.points: list[tuple[Option, float, float]] = []
        self._data_key: object = None
        """What the points and labels were last drawn from (see :meth:`set_options`)."""
        self.label_anchors: list[tuple[float, float]] = []
        self.log_xy = (False, False)
        self.mode = ""
        self.currency = "USD"
        self.unit = "GiB"
        SettleAfterResize(self, self.settle)

    MAX_POINTS = 40

    def _set_mode(self, mode: str, currency: str) -> None:
        if (mode, currency) == (self.mode, self.currency):
            return
        self.mode, self.currency = mode, currency
        if mode == "time":
            self.plot_item.setTitle(translate("Plots", "Cost vs time (Pareto front in red)"), size="9pt")
            self.plot_item.setLabel("bottom", translate("Plots", "Run time (hours)"))
            self.plot_item.setLabel("left", tr_fmt(translate("Plots", "Total cost (%1)"), currency))
        else:
            self.plot_item.setTitle(translate("Plots", "Price vs speed (Pareto front in red)"), size="9pt")
            self.plot_item.setLabel("bottom", translate("Plots", "Speed (tokens/s, all GPUs)"))
            self.plot_item.setLabel("left", tr_fmt(translate("Plots", "Price (%1 per hour)"), currency))

    def set_options(
        self, options: Sequence[Option], unit: str = "GiB", currency: str = "USD", usd_per_unit: float = 1.0
    ) -> None:
        """Plot the fitting, priced options (best offer per GPU × count); items are reused.

        Money is converted from USD to ``currency`` (``usd_per_unit`` USD per unit).
        """
        self.unit = unit
        k = 1.0 / (usd_per_unit or 1.0)
        priced = [o for o in options if o.fits and o.within_budget and o.provider and o.cost.usd_per_hour > 0]
        priced = distinct_options(priced, self.MAX_POINTS)
        timed = [o for o in priced if o.cost.hours and o.cost.usd_total is not None]
        if timed:
            self._set_mode("time", currency)
            self.points = [(o, float(o.cost.hours or 0), float(o.cost.usd_total or 0) * k) for o in timed]
            minimize = [(x, y) for _, x, y in self.points]
        else:
            self._set_mode("rate", currency)
            self.points = [(o, _speed(o), o.cost.usd_per_hour * k) for o in priced if _speed(o) > 0]
            minimize = [(-x, y) for _, x, y in self.points]
        empty_text = ""
        if not self.points:
            over_limits = any(
                o.fits and o.provider and o.cost.usd_per_hour > 0 and not o.within_budget for o in options
            )
            # options that fit and have a price but break the budget, $/h cap or
            # deadline are not "no option that fits and has a price"
            empty_text = (
                translate("Plots", "No option within the budget, $/h cap and deadline to plot")
                if over_limits
                else translate("Plots", "No option that fits and has a price to plot")
            )
        key = (
            self.mode,
            self.currency,
            empty_text,
            tuple((display_name(o.gpu_name), o.num_gpus, x, y) for o, x, y in self.points),
        )
        if key == self._data_key:
            # the same points (a money-only edit far from every limit): setting them again
            # repainted the plot and its axes, ~2 ms per change
            return
        self._data_key = key
        if not self.points:
            for label in self.labels:
                _set_label_text(label, "")
            self.scatter_item.setData([], [])
            self.front_item.setData([], [])
            if self.log_xy != (False, False):
                self.plot_item.setLogMode(x=False, y=False)
                self.log_xy = (False, False)
            self.plot_item.setRange(xRange=(0, 1), yRange=(0, 1), padding=0)
            _set_label_text(self.empty_label, empty_text)
            self.empty_label.setPos(0.5, 0.5)
            self.settle()
            return
        _set_label_text(self.empty_label, "")
        xs = np.array([p[1] for p in self.points])
        ys = np.array([p[2] for p in self.points])
        self.scatter_item.setData(xs, ys)
        # the red front leaves out doubted prices, as the table's labels do (a
        # doubted MI300X ×8 on the front while the table called an A6000 ×8 'Cheapest')
        trusted = [i for i, (o, _, _) in enumerate(self.points) if not o.price_doubted]
        front = [trusted[j] for j in pareto_front([minimize[i] for i in trusted])]
        if self.mode == "rate":
            front = sorted(front, key=lambda i: xs[i])
        self.front_item.setData(xs[front], ys[front])
        # log axes where the values span more than a decade; labels live in view
        # coordinates, which are log10 then
        log_x, log_y = _decades(xs), _decades(ys)
        if (log_x, log_y) != self.log_xy:
            self.plot_item.setLogMode(x=log_x, y=log_y)
            self.log_xy = (log_x, log_y)
        vx = np.log10(xs) if log_x else xs
        vy = np.log10(ys) if log_y else ys
        labelled = list(dict.fromkeys([front[0], front[-1]]))
        for label in self.labels[len(labelled) :]:
            _set_label_text(label, "")
        placed: list[tuple[float, float, float, float]] = []
        for k, i in enumerate(labelled):
            o = self.points[i][0]
            label = self.labels[k]
            text = f"{_short(display_name(o.gpu_name))} ×{o.num_gpus}"
            _set_label_text(label, text)
            anchor = label_anchor(float(vx[i]), float(vy[i]), vx, vy, len(text), placed)
            label.setAnchor(anchor)
            label.setPos(float(vx[i]), float(vy[i]))
        self.label_anchors = [lb.anchor for lb in self.labels[: len(labelled)]]
        self.plot_item.enableAutoRange()
        self.settle()

    def settle(self) -> None:
        """Fit the auto range, apply the view matrix, the layout and the axes' tick labels now
        rather than when the view paints (:func:`.plot_settle.settle`)."""
        settle(self, self.plot_item)


def _set_label_text(label: pg.TextItem, text: str) -> None:
    """Set a TextItem's text only when it differs (a set re-lays the text out, ~0.3 ms)."""
    if label.toPlainText() != text:
        label.setText(text)


def _decades(values: npt.NDArray[np.float64]) -> bool:
    """True when the positive values span more than one decade (→ log axis)."""
    pos = values[values > 0]
    return bool(pos.size) and bool(np.all(values > 0)) and float(pos.max() / pos.min()) > 10.0


LABEL_CHAR_FRACTION = 0.018
"""Approximate width of one label character as a share of the plot width (9 pt on ~400 px)."""
LABEL_HEIGHT_FRACTION = 0.08
"""Approximate label height as a share of the plot height."""


def label_anchor(
    x: float,
    y: float,
    xs: npt.ArrayLike,
    ys: npt.ArrayLike,
    chars: int,
    placed: list[tuple[float, float, float, float]],
) -> tuple[float, float]:
    """The TextItem anchor (up-right, up-left, down-right, down-left of the point) whose label
    box covers the fewest other points and earlier labels and stays inside the data range
    (Pareto labels must not cover points). The chosen box is appended to ``placed``
    (normalised 0–1 coordinates)."""
    x0, x1 = float(np.min(xs)), float(np.max(xs))
    y0, y1 = float(np.min(ys)), float(np.max(ys))
    sx, sy = (x1 - x0) or 1.0, (y1 - y0) or 1.0
    px, py = (x - x0) / sx, (y - y0) / sy
    nx, ny = (np.asarray(xs) - x0) / sx, (np.asarray(ys) - y0) / sy
    w, h = chars * LABEL_CHAR_FRACTION, LABEL_HEIGHT_FRACTION
    best: tuple[float, tuple[float, float], tuple[float, float, float, float]] | None = None
    # anchor (ax, ay): the point sits at that fraction of the text box (y grows upward here)
    for anchor in ((0.0, 1.0), (1.0, 1.0), (0.0, 0.0), (1.0, 0.0)):
        left = px - anchor[0] * w
        bottom = py if anchor[1] == 1.0 else py - h  # anchor y 1 = the text's bottom edge
        box = (left, bottom, left + w, bottom + h)
        covered = int(np.sum((nx > box[0]) & (nx < box[2]) & (ny > box[1]) & (ny < box[3])))
        clash = sum(
            1 for b in placed if not (box[2] <= b[0] or b[2] <= box[0] or box[3] <= b[1] or b[3] <= box[1])
        )
        outside = (
            max(0.0, -box[0]) + max(0.0, box[2] - 1.05) + max(0.0, -box[1] - 0.05) + max(0.0, box[3] - 1.05)
        )
        score = covered + 3 * clash + 10 * outside
        if best is None or score < best[0]:
            best = (score, anchor, box)
    assert best is not None
    placed.append(best[2])
    return best[1]


def _speed(o: Option) -> float:
    t = o.throughput
    if o.serving is not None and o.serving.aggregate_decode_tokens_per_s:
        return float(o.serving.aggregate_decode_tokens_per_s)  # all replicas
    return float(t.train_tokens_per_s or t.aggregate_decode_tokens_per_s or t.decode_tokens_per_s or 0.0)
