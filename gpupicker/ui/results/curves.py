"""The results page's curves (data from ``core/report/curves.py``; this module only draws).

* :class:`MemoryCurvePlot` — memory per GPU against batch, context or LoRA rank, one
  line per candidate GPU, its usable capacity as a dashed horizontal line in the same
  colour and the crossing (``gpupicker fit``'s answer) marked.
* :class:`CostCurvePlot` — total cost (solid, left axis) and hours (dashed, right
  axis) against the number of GPUs, per GPU type and pricing kind.

Colours are the Okabe–Ito palette (safe for the common colour-vision deficiencies;
Okabe & Ito 2008, https://jfly.uni-koeln.de/color/). Every plot exports to PNG,
SVG and its data to CSV through pyqtgraph's exporters (:func:`export_plot`).
"""

from __future__ import annotations

import csv
import math
import tempfile
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TypedDict, TypeVar

import pyqtgraph as pg
import pyqtgraph.exporters as pg_exporters
from PySide6.QtCore import QCoreApplication, QPointF, Qt, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget
from typing_extensions import override

from ...core.report.curves import CostCurve, MemoryCurves, spans_decades
from ...core.text.safe_write import open_for_write, writable_target, write_bytes
from ...core.text.text_safety import neutralize
from ..i18n.formatting import display_name, fmt_hours, fmt_money, label_value, unit_bytes
from ..i18n.placeholders import tr_fmt
from ..i18n.texts import pricing_names
from ..widgets.file_dialogs import ask_path

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

EXPORT_FILTER = "PNG image (*.png);;SVG image (*.svg);;CSV data (*.csv)"

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


def dimension_label(dim: str) -> str:
    """Axis / menu name of a fit dimension (translated)."""
    return {
        "batch": translate("Curves", "Batch size (sequences)"),
        "seq_len": translate("Curves", "Context (tokens per sequence)"),
        "lora_r": translate("Curves", "LoRA rank"),
        "concurrency": translate("Curves", "Concurrent sequences"),
    }.get(dim, dim)


DataTable = tuple[list[str], list[list[str | float]]]
"""A plot's data as drawn: column names (units in them) and one row per point."""


def _whole(x: float) -> float:
    """A count or size as an int when it is one (``4``, not ``4.0``, in the CSV)."""
    return int(x) if float(x).is_integer() else x


def export_plot(plot_item: pg.PlotItem, path: str | Path, table: DataTable | None = None) -> Path:
    """Write ``plot_item`` to ``path``: PNG or SVG image, or CSV of the plotted data, by extension.

    CSV: ``table`` (the data as plotted, in linear units, with named columns; text cells a
    spreadsheet would run as a formula are neutralized) when given, else pyqtgraph's own
    export of the items. The file is written by core.safe_write's rules (through a symlink,
    never over a FIFO or device): pyqtgraph writes a temporary file first.

    Raises:
        ValueError: for another extension.
        NotARegularFileError: ``path`` exists and is not a regular file.
        OSError: when the file cannot be written.
    """
    p = Path(path)
    ext = p.suffix.lower()
    cls = {
        ".png": pg_exporters.ImageExporter,
        ".svg": pg_exporters.SVGExporter,
        ".csv": pg_exporters.CSVExporter,
    }.get(ext)
    if cls is None:
        raise ValueError(
            f"cannot export a plot as {ext or 'a file without extension'}; use .png, .svg or .csv"
        )
    target = writable_target(p)
    if ext == ".csv" and table is not None:
        with open_for_write(target, newline="") as f:
            out = csv.writer(f)
            out.writerow([neutralize(h) for h in table[0]])
            out.writerows([neutralize(c) if isinstance(c, str) else c for c in row] for row in table[1])
        return p
    exporter = cls(plot_item)
    if ext == ".png":
        exporter.parameters()["width"] = max(800, int(plot_item.sceneBoundingRect().width()) * 2)
    with tempfile.TemporaryDirectory(prefix="gpupicker-plot-") as folder:
        tmp = Path(folder) / f"plot{ext}"
        try:
            exporter.export(str(tmp))
        except ValueError:
            if ext != ".svg":
                raise
            # pyqtgraph 0.14's SVGExporter cannot parse the path data newer Qt writes
            # (pyqtgraph/pyqtgraph#3485, open): render the same scene with Qt's own SVG writer.
            _svg_with_qt(plot_item, tmp)
        write_bytes(target, tmp.read_bytes())
    return p


def _svg_with_qt(plot_item: pg.PlotItem, path: Path) -> None:
    """The plot's part of the scene as SVG through ``QSvgGenerator`` (vector, same look)."""
    from PySide6.QtCore import QRectF, QSize
    from PySide6.QtGui import QPainter
    from PySide6.QtSvg import QSvgGenerator

    src = plot_item.sceneBoundingRect()
    gen = QSvgGenerator()
    gen.setFileName(str(path))
    gen.setSize(QSize(int(src.width()), int(src.height())))
    gen.setViewBox(QRectF(0, 0, src.width(), src.height()))
    gen.setTitle("gpupicker plot")
    painter = QPainter(gen)
    try:
        plot_item.scene().render(painter, QRectF(0, 0, src.width(), src.height()), src)
    finally:
        painter.end()


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


class _PlotPanel(QWidget):
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


def export_dialog(parent: QWidget, plot_item: pg.PlotItem, table: DataTable | None = None) -> str:
    """Ask for a file and export ``plot_item`` to it (PNG/SVG/CSV); returns the path ('' when
    cancelled). A failure is shown in a message box, nothing else changes."""
    path = ask_path(parent, "save", translate("Curves", "Export plot"), EXPORT_FILTER)
    if path:
        try:
            export_plot(plot_item, path, table)
        except (OSError, ValueError) as exc:
            from PySide6.QtWidgets import QMessageBox

            QMessageBox.warning(parent, translate("Curves", "Export plot"), str(exc))
            return ""
    return path


class MemoryCurvePlot(_PlotPanel):
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
            [s["gpu_id"], s["name"], _whole(x), round(y, 4), round(s["capacity"], 4)]
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
            self.plot_item.setLabel("left", tr_fmt(translate("Curves", "Memory per GPU (%1)"), unit))
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


class CostCurvePlot(_PlotPanel):
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
                _whole(n),
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
