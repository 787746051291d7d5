"""The last wizard page: ranked options, reasons, advisor and the two plots."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeAlias

from PySide6.QtCore import (
    QEvent,
    QObject,
    Qt,
    Slot,
)
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QSplitter,
    QStyle,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)
from typing_extensions import override

from ...core.messages import as_message, error_message, join
from ...core.results import Option
from ...core.workload import Workload
from ..compute import RecommendationView
from ..controller import WorkloadController
from ..i18n.core_messages import tr_message
from ..i18n.formatting import display_name, fmt_bytes, fmt_money, fmt_number
from ..i18n.placeholders import tr_fmt
from ..i18n.texts import glossary, task_short
from .fit_filter import FitFilter
from .options_model import FIT_COLOR, OptionsDelegate, OptionsTableModel

if TYPE_CHECKING:  # pyqtgraph, numpy and core.launch_config load on first use
    import pyqtgraph as pg

    from .curves import CostCurvePlot, MemoryCurvePlot
    from .launch_dialog import LaunchDialog
    from .plots import CostPlot, VramFitPlot

_PlotData: TypeAlias = tuple[list[Option], str, tuple[Option, ...], str, float]
"""What the first tab's plots draw: (options shown as bars, byte unit, every option, display
currency, USD per display unit)."""

MIN_VISIBLE_ROWS = 6
"""The results table never gets smaller than this many rows."""
ABSURD_FACTOR = 10
"""A job needing this many times the largest GPU's memory gets a sanity note."""
ABSURD_PARAMS = 10_000_000_000_000
"""Models above 10 T parameters are far beyond any published model."""


def _join(text: str, sentence: str) -> str:
    """``text`` and ``sentence`` as one paragraph: a space after Latin punctuation, none after
    a Chinese full stop (a translated text)."""
    return text + ("" if text.endswith(("。", "！", "？")) else " ") + sentence


SHRINKABLE_COLUMNS = frozenset(
    ("rank", "fits", "vram", "headroom", "speed", "usd_per_hour", "usd_total", "provider", "observed")
)
"""Columns that give room (down to their cells' or title's width) so the provider column
stays in view in a narrow window (:meth:`ResultsPage._fit_to_provider`)."""
HEADER_PADDING_PX = 16
"""A header section's room around its title: ``style.qss`` pads sections 6 px each side,
plus the frame."""


class ResultsPage(QWizardPage):
    """Shows the controller's latest recommendation; never computes.

    Public: ``table`` / ``options_model`` / ``proxy``, ``summary``, ``notes``,
    ``advisor_box`` / ``advisor_list``, ``vram_plot``, ``cost_plot``, ``only_fitting``,
    ``all_offers``.
    """

    def __init__(self, controller: WorkloadController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.setTitle(self.tr("Recommended GPUs"))
        self.setSubTitle(
            self.tr(
                "Ranked for your job. Hover a row for the memory breakdown and "
                "assumptions; change any earlier page and this updates."
            )
        )
        self.summary = QLabel()
        self.summary.setTextFormat(Qt.TextFormat.PlainText)  # names are data, not markup
        self.summary.setObjectName("summary")
        self.summary.setWordWrap(True)
        self.notes = QLabel()
        self._result_notes: list[str] = []  # the notes of the shown results (without a launch line)
        self.notes.setTextFormat(Qt.TextFormat.PlainText)  # names are data, not markup
        self.notes.setObjectName("notes")
        self.notes.setWordWrap(True)
        self.nothing_fits = QLabel()
        self.nothing_fits.setTextFormat(Qt.TextFormat.PlainText)  # names are data, not markup
        self.nothing_fits.setObjectName("nothingFits")
        self.nothing_fits.setWordWrap(True)
        self.nothing_fits.setVisible(False)
        self.only_fitting = QCheckBox(self.tr("&Show only options that fit"))
        self.only_fitting.setChecked(True)
        self.one_per_gpu = QCheckBox(self.tr("One row per GPU &type"))
        self.one_per_gpu.setChecked(True)
        self.one_per_gpu.setToolTip(
            self.tr(
                "Each GPU type once, at its best GPU count and offer for the goal. Untick to see the "
                "other counts and offers."
            )
        )
        self.launch_button = QPushButton(self.tr("&Launch config…"))
        self.launch_button.setToolTip(
            self.tr("The command line and SkyPilot / dstack task for the selected option (or the top one)")
        )
        self.launch_dialog: LaunchDialog | None = None
        self.all_offers = QCheckBox(self.tr("Every price &offer"))
        self.all_offers.setToolTip(
            self.tr(
                "Rank every provider's price for each GPU, not only the cheapest offer per pricing "
                "type (on-demand, spot …)."
            )
        )

        self.options_model = OptionsTableModel(self)
        self.proxy = FitFilter(self)
        self.proxy.setSourceModel(self.options_model)
        self.proxy.setSortRole(Qt.ItemDataRole.UserRole)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setItemDelegate(OptionsDelegate(self.proxy, self.options_model, self.table))
        self.table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.table.setSortingEnabled(True)  # unsorted (= rank order) until a header is clicked
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().hide()
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        hh = self.table.horizontalHeader()
        hh.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        hh.setResizeContentsPrecision(25)
        hh.setStretchLastSection(True)
        self.table.verticalHeader().setDefaultSectionSize(24)
        self._columns_sized = False
        self._grown_for: frozenset[tuple[object, ...]] = frozenset()
        self._advice_heading = ""
        self.table.setToolTip(glossary()["headroom"])
        self.table.viewport().installEventFilter(self)  # its width decides the columns

        self.advisor_box = QGroupBox(self.tr("What to change to fit your GPU"))
        self.advisor_list = QListWidget()
        self.advisor_list.setWordWrap(True)
        al = QVBoxLayout(self.advisor_box)
        al.addWidget(self.advisor_list)
        self.advisor_box.setVisible(False)

        # the plots (pyqtgraph + numpy: ~170 ms to import) are built by the window's last
        # start step (build_plots), or when the page is shown or a plot asked for before it
        self._vram_plot: VramFitPlot | None = None
        self._cost_plot: CostPlot | None = None
        self._pending_plots: _PlotData | None = None
        plots = QSplitter(Qt.Orientation.Horizontal)
        self.plots_splitter = plots
        # what-fits and cost curves on a second tab (data from core.curves); built
        # with the other plots in _ensure_plots
        self.memory_curves: MemoryCurvePlot | None = None
        self.cost_curves: CostCurvePlot | None = None
        self.curves_splitter = QSplitter(Qt.Orientation.Horizontal)
        self.plot_tabs = QTabWidget()
        # Export… for the two plots of the first tab (PNG/SVG/CSV through pyqtgraph's exporters)
        self.export_plot_button = QPushButton(self.tr("Export plot…"))
        export_menu = QMenu(self.export_plot_button)
        export_menu.addAction(self.tr("VRAM fit…"), lambda: self._export(self.vram_plot.plot_item))
        export_menu.addAction(self.tr("Cost vs time…"), lambda: self._export(self.cost_plot.plot_item))
        self.export_plot_button.setMenu(export_menu)
        self.plot_tabs.setCornerWidget(self.export_plot_button)
        self.plot_tabs.currentChanged.connect(lambda i: self.export_plot_button.setVisible(i == 0))
        self.plot_tabs.addTab(plots, self.tr("Fit and price"))
        self.plot_tabs.addTab(self.curves_splitter, self.tr("Curves"))
        self._view: RecommendationView | None = None
        self._curves_stale = True
        self.plot_tabs.currentChanged.connect(lambda _i: self._show_curves())

        top = QWidget()
        tl = QVBoxLayout(top)
        tl.setContentsMargins(0, 0, 0, 0)
        head = QHBoxLayout()
        head.addWidget(self.summary, 1)
        head.addWidget(self.launch_button)
        head.addWidget(self.one_per_gpu)
        head.addWidget(self.all_offers)
        head.addWidget(self.only_fitting)
        tl.addLayout(head)
        tl.addWidget(self.nothing_fits)
        tl.addWidget(self.notes)
        tl.addWidget(self.table, 1)
        self.table.setMinimumHeight(self.table_height_for(MIN_VISIBLE_ROWS))
        self.advisor_box.setMaximumHeight(150)
        # 190: with the two-line column titles the page still fits a 1000 × 640 window
        self.plot_tabs.setMinimumHeight(190)
        split = QSplitter(Qt.Orientation.Vertical)
        split.setChildrenCollapsible(False)
        split.addWidget(top)
        split.addWidget(self.advisor_box)
        split.addWidget(self.plot_tabs)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 0)
        split.setStretchFactor(2, 2)
        split.setSizes([460, 110, 300])
        self.splitter = split
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(split)
        self._connect()
        self.show_results(controller.results)

    def _connect(self) -> None:
        self.controller.resultsChanged.connect(self.show_results)
        self.only_fitting.toggled.connect(self._on_only_fitting)
        self.one_per_gpu.toggled.connect(self.proxy.set_one_per_gpu)
        self.one_per_gpu.toggled.connect(lambda _on: self.show_results(self.controller.results))
        self.launch_button.clicked.connect(self.show_launch_config)
        self.all_offers.toggled.connect(self.controller.set_all_offers)
        self.advisor_list.itemActivated.connect(self._on_advice_activated)

    @Slot(bool)
    def _on_only_fitting(self, on: bool) -> None:
        self.proxy.set_only_fitting(on)

    def table_height_for(self, rows: int) -> int:
        """Height of the table showing ``rows`` rows (header, frame and scroll bar included)."""
        row_h = self.table.verticalHeader().defaultSectionSize()
        head = self.table.horizontalHeader().sizeHint().height()
        bar = self.table.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        return head + rows * row_h + 2 * self.table.frameWidth() + bar + 2

    def _size_columns(self) -> None:
        """Fit columns to their contents once, then cap the wide ones (names elide)."""
        self.table.resizeColumnsToContents()
        hh = self.table.horizontalHeader()
        cols = OptionsTableModel.COLUMNS
        for c, name in enumerate(cols):
            cap = {"gpu": 260, "provider": 150, "reason": 10_000, **self.GROWING_COLUMNS}.get(name, 180)
            hh.resizeSection(c, min(hh.sectionSize(c) + 8, cap))
        self._gpu_width = hh.sectionSize(cols.index("gpu"))
        # the least each column can take when the window is narrow: its cells' width, or its
        # title's longest line with the header's padding, without the sort arrow's room
        fm = self.table.fontMetrics()
        model = self.options_model
        self._natural = {c: hh.sectionSize(c) for c, name in enumerate(cols) if name in SHRINKABLE_COLUMNS}
        self._floors = {
            c: min(
                self._natural[c],
                max(
                    self.table.sizeHintForColumn(c),
                    max(
                        fm.horizontalAdvance(line)
                        for line in str(model.headerData(c, Qt.Orientation.Horizontal) or "").split("\n")
                    )
                    + HEADER_PADDING_PX,
                ),
            )
            for c in self._natural
        }
        self.fit_columns()

    GROWING_COLUMNS = {"count": 220, "label": 200, "vram": 320}
    """Columns whose texts depend on the job (a serving row's "× 2 (2 replicas × 1)", several
    labels, a llama.cpp row's "+ 13.5 GiB RAM"): sized once, they clipped a later job's texts;
    they widen up to these caps (px) when a new result needs it, and never narrow."""

    def _grow_columns(self, options: Sequence[Option]) -> None:
        """Widen :data:`GROWING_COLUMNS` to this result's texts (never narrower).

        The texts come from one option per distinct GPU count / serving layout and label set
        (a few), not from every row: reading all rows' cells cost ~2 ms per change.
        """
        samples: dict[tuple[object, ...], int] = {}
        for row, o in enumerate(options):
            plan = o.serving
            samples.setdefault(
                ("count", o.num_gpus, plan.replicas if plan else 0, plan.gpus_per_replica if plan else 0), row
            )
            samples.setdefault(("label", o.labels), row)
            p = o.memory.placement
            samples.setdefault(
                (
                    "vram",
                    o.memory.gpu_layers is not None
                    or (p is not None and bool(p.moe_layers_on_host or p.kv_on_host)),
                ),
                row,
            )
        key = frozenset(samples)
        if key == self._grown_for:
            return
        self._grown_for = key
        cols = OptionsTableModel.COLUMNS
        hh = self.table.horizontalHeader()
        fm = self.table.fontMetrics()
        model = self.options_model
        grown = False
        for name, cap in self.GROWING_COLUMNS.items():
            c = cols.index(name)
            texts = {str(model.data(model.index(row, c)) or "") for k, row in samples.items() if k[0] == name}
            need = min(cap, max((fm.horizontalAdvance(t) for t in texts), default=0) + 16)
            if need > hh.sectionSize(c):
                hh.resizeSection(c, need)
                grown = True
        if grown:
            self.fit_columns()

    def fit_columns(self) -> None:
        """Narrow the GPU column (names elide in the middle, full name in the tooltip) so the
        cost and provider columns stay in view at the window's width; widen it back when
        there is room."""
        cols = OptionsTableModel.COLUMNS
        natural = getattr(self, "_gpu_width", 0)
        if not natural:
            return
        hh = self.table.horizontalHeader()
        g = cols.index("gpu")
        others = sum(
            hh.sectionSize(c)
            for c, name in enumerate(cols)
            if name not in ("gpu", "reason") and not hh.isSectionHidden(c)
        )
        room = self.table.viewport().width() - others
        least = self.table.fontMetrics().horizontalAdvance("NVIDIA GeForce RTX 4090") + 24
        hh.resizeSection(g, max(min(least, natural), min(natural, room)))
        self._fit_to_provider()

    def _fit_to_provider(self) -> None:
        """Where the GPU column at its least still leaves the provider column (the last one a
        user needs to pick an offer) partly out of view, take the rest from the other
        columns' room above their cells' or title's width (:attr:`_floors`), the roomiest
        first; each starts from its natural width, so a wider window gives it back."""
        cols = OptionsTableModel.COLUMNS
        hh = self.table.horizontalHeader()
        natural: dict[int, int] = getattr(self, "_natural", {})
        floors: dict[int, int] = getattr(self, "_floors", {})
        for c, size in natural.items():
            hh.resizeSection(c, size)
        last = cols.index("provider")
        spare = self.table.viewport().width() - sum(
            hh.sectionSize(c) for c in range(last + 1) if not hh.isSectionHidden(c)
        )
        for c in sorted(natural, key=lambda c: natural[c] - floors[c], reverse=True):
            if spare >= 0:
                break
            take = min(-spare, natural[c] - floors[c])
            hh.resizeSection(c, natural[c] - take)
            spare += take

    @override
    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Fit the columns when the table's viewport changes width (a window resize, a
        vertical scroll bar coming or going, the splitter): :meth:`fit_columns`."""
        if event.type() == QEvent.Type.Resize and obj is self.table.viewport():
            self.fit_columns()
        return super().eventFilter(obj, event)

    @override
    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        """Keep the cost columns in view when the window is resized (:meth:`fit_columns`)."""
        super().resizeEvent(event)
        self.fit_columns()

    def selected_option(self) -> Option | None:
        """The option of the selected row, else the first fitting one shown (None if none)."""
        rows = self.table.selectionModel().selectedRows() if self.table.selectionModel() else []
        if rows:
            o = self.proxy.data(rows[0], OptionsTableModel.OptionRole)
            return o if isinstance(o, Option) else None
        return next((o for o in self.visible_options() if o.fits), None)

    def show_launch_config(self) -> LaunchDialog | None:
        """Open the launch config of :meth:`selected_option`; returns the dialog."""
        from .launch_dialog import LaunchDialog, config_for

        o = self.selected_option()
        if o is None:
            self._launch_note(self.tr("No option fits, so there is nothing to launch."))
            return None
        try:
            cfg = config_for(self.controller.repo, self.controller.workload, o)
        except ValueError as exc:  # core's Message in args[0], shown in the UI's language
            self._launch_note(tr_fmt(self.tr("No launch config: %1"), tr_message(error_message(exc))))
            return None
        dlg = LaunchDialog(cfg, f"{o.num_gpus} × {o.gpu_name}", self)
        self.launch_dialog = dlg
        dlg.show()
        return dlg

    def _launch_note(self, line: str) -> None:
        """Show why there is no launch config on its own line under the result notes (the
        region, exchange-rate and guide notes stay)."""
        self.notes.setText("\n".join([*self._result_notes, line]))
        self.notes.setVisible(True)

    def visible_options(self) -> list[Option]:
        """Options in the table's current (filtered, sorted) order."""
        return [
            self.proxy.data(self.proxy.index(r, 0), OptionsTableModel.OptionRole)
            for r in range(self.proxy.rowCount())
        ]

    @Slot(object)
    def show_results(self, view: RecommendationView) -> None:
        """Render a recommendation (table, notes, advisor, plots)."""
        w = self.controller.workload
        unit = self.controller.prefs.byte_unit
        self.summary.setText(self._summary(w))
        self.summary.setToolTip(self.tie_break_text(self.controller.goal))
        snap = self.controller.snapshot
        per_image = w.task in ("image_gen", "diffusion_lora")
        self.proxy.set_preferred((w.gpu, w.num_gpus) if w.gpu else None)
        self.options_model.set_options(
            view.options,
            unit,
            training=w.is_training or per_image,
            currency=snap.display_currency,
            usd_per_unit=snap.display_rate(),
            sort_column=self.proxy.sortColumn(),
        )
        if not self._columns_sized and view.options:
            self._size_columns()
            self._columns_sized = True
        elif view.options:
            self._grow_columns(view.options)
        notes: list[str] = []
        if view.error:
            notes.append(tr_fmt(self.tr("Cannot estimate this job: %1"), tr_message(view.error)))
        notes += [tr_message(n) for n in view.notes]
        fitting = [o for o in view.options if o.fits]
        self._result_notes = notes
        self.notes.setText("\n".join(notes))
        self.notes.setVisible(bool(notes))
        self._show_advice(view)
        absurd = self._absurd_note(view)
        self._show_nothing_fits(view, fitting, absurd)
        shown = fitting if self.only_fitting.isChecked() and fitting else list(view.options)
        if self.one_per_gpu.isChecked():  # the bars follow the table: one per GPU type
            firsts: dict[str, Option] = {}
            for o in shown:
                firsts.setdefault(o.gpu_id, o)
            shown = list(firsts.values())
        self._pending_plots = (
            [] if absurd else shown,
            unit,
            view.options,
            snap.display_currency,
            snap.display_rate(),
        )
        if self._vram_plot is not None or self.isVisible():
            self._apply_plots()
        self._view = view
        self._curves_stale = True
        self._show_curves()
        if self.isVisible():  # lay the rows out now, so the table paints in the same pass as
            self.table.executeDelayedItemsLayout()  # the plots, not on a later timer (17)

    def tie_break_text(self, goal: str) -> str:
        """The stated tie-break of the ranking: core's own sentence (core.report.tie_break_rule,
        as core.recommend sorts: a price its own source doubts ranks after the trusted prices
        of its fit/budget tier), in the UI language (ui.i18n.core_messages)."""
        from ...core.report.tables import tie_break_rule

        return tr_message(tie_break_rule(goal))

    def curves_visible(self) -> bool:
        """True when the Curves tab is the one shown."""
        return self.plot_tabs.currentIndex() == 1

    def _show_curves(self, force: bool = False) -> None:
        """Draw the curves of the last view; the dimension chooser picks one. A
        hidden Curves tab is drawn when it is opened, not on every recompute."""
        view = self._view
        if view is None or not (force or (self.curves_visible() and self._curves_stale)):
            return
        self._ensure_plots()
        mem_plot, cost_plot = self.memory_curves, self.cost_curves
        assert mem_plot is not None and cost_plot is not None  # built by _ensure_plots
        self._curves_stale = False
        mem = view.extras.get("memory_curves")
        if not isinstance(mem, dict):  # absent (an error view): no curves
            mem = {}
        mem_plot.set_dimensions(list(mem), mem_plot.selected_dimension() or next(iter(mem), None))
        dim = mem_plot.selected_dimension()
        mem_plot.set_curves(mem.get(dim), self.controller.prefs.byte_unit)
        cost_plot.color_order = [x["gpu_id"] for x in mem_plot.series]
        snap = self.controller.snapshot
        costs = view.extras.get("cost_curves")
        cost_plot.set_curves(
            costs if isinstance(costs, tuple) else (), snap.display_currency, snap.display_rate()
        )

    # ---- lazily built plots ---------------------------------------------------
    @property
    def vram_plot(self) -> VramFitPlot:
        """The VRAM-fit plot (:class:`~gpupicker.ui.results.plots.VramFitPlot`), built on first use."""
        self._ensure_plots()
        assert self._vram_plot is not None
        return self._vram_plot

    @property
    def cost_plot(self) -> CostPlot:
        """The cost plot (:class:`~gpupicker.ui.results.plots.CostPlot`), built on first use."""
        self._ensure_plots()
        assert self._cost_plot is not None
        return self._cost_plot

    def build_plots(self) -> None:
        """Import pyqtgraph and build the plots now (the window's last start step), drawing
        the latest results if there are any; nothing when they exist."""
        self._ensure_plots()

    def plots_built(self) -> bool:
        """True once the plots exist (pyqtgraph imported)."""
        return self._vram_plot is not None

    def _ensure_plots(self) -> None:
        if self._vram_plot is not None:
            return
        from .curves import CostCurvePlot, MemoryCurvePlot
        from .plots import CostPlot, VramFitPlot

        self._vram_plot = VramFitPlot()
        self._cost_plot = CostPlot()
        self.plots_splitter.addWidget(self._vram_plot)
        self.plots_splitter.addWidget(self._cost_plot)
        self.plots_splitter.setStretchFactor(0, 3)
        self.plots_splitter.setStretchFactor(1, 2)
        self.memory_curves = mem_plot = MemoryCurvePlot()
        self.cost_curves = cost_plot = CostCurvePlot()
        mem_plot.dimensionChanged.connect(lambda _d: self._show_curves(force=True))
        self.curves_splitter.addWidget(mem_plot)
        self.curves_splitter.addWidget(cost_plot)
        self._apply_plots()

    def _export(self, plot_item: pg.PlotItem) -> None:
        from .curves import export_dialog

        export_dialog(self, plot_item)

    def _apply_plots(self) -> None:
        """Draw the latest results in the plots (building them first if needed)."""
        self._ensure_plots()
        pending, self._pending_plots = self._pending_plots, None
        if pending is None:
            return
        shown, unit, options, currency, rate = pending
        assert self._vram_plot is not None and self._cost_plot is not None  # built above
        self._vram_plot.set_options(shown, unit)
        self._cost_plot.set_options(options, unit, currency, rate)

    @override
    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt override
        """Build and fill the plots the first time the page is shown."""
        if self._vram_plot is None or self._pending_plots is not None:
            self._apply_plots()
        super().showEvent(event)

    def _absurd_note(self, view: RecommendationView) -> str:
        """A sanity note when the job needs far more memory than any GPU has (e.g. 1e15
        parameters); empty otherwise."""
        if not view.options:
            return ""
        need = min(o.memory.total_bytes for o in view.options)
        biggest = max(o.capacity_bytes_per_gpu for o in view.options)
        w = self.controller.workload
        params = w.model.param_count() if w.model is not None else 0
        if biggest <= 0 or (need < ABSURD_FACTOR * biggest and params <= ABSURD_PARAMS):
            return ""
        unit = self.controller.prefs.byte_unit
        text = tr_fmt(
            self.tr(
                "This job needs at least %1 per GPU; the largest GPU in the catalog has "
                "%2. Check the model size and the settings: the memory chart is hidden "
                "because its scale would be meaningless."
            ),
            fmt_bytes(need, unit),
            fmt_bytes(biggest, unit),
        )
        if params > ABSURD_PARAMS:
            text += " " + tr_fmt(
                self.tr(
                    "The model has %1 billion parameters; the largest published "
                    "models have a few thousand billion."
                ),
                fmt_number(params / 1e9),
            )
        return text

    def _show_nothing_fits(self, view: RecommendationView, fitting: list[Option], absurd: str) -> None:
        none_fit = bool(view.options) and not fitting
        if none_fit:
            text = tr_fmt(
                self.tr(
                    "Nothing fits: none of the %1 GPU options in the catalog can hold "
                    "this job, even with up to 8 GPUs. The table lists them anyway, "
                    "closest first. Try a lower precision, LoRA/QLoRA, a smaller batch or "
                    "shorter sequences."
                ),
                str(len(view.options)),
            )
            causes = view.extras.get("nothing_fits_causes")  # core.advisor's ids
            if not isinstance(causes, list):
                causes = []
            if "grad_ckpt" in causes:
                text = _join(
                    text,
                    self.tr(
                        "Activations are the largest part of the memory: "
                        "turn on gradient checkpointing first."
                    ),
                )
            if "multi_node" in causes:
                text = _join(
                    text,
                    self.tr(
                        "One node of 8 GPUs is not enough: the job needs "
                        "more GPUs across several nodes (multi-node FSDP / "
                        "ZeRO-3)."
                    ),
                )
            if self.advisor_list.count():
                # the heading is built from the GPU name, not cut from a title
                text = _join(
                    text, tr_fmt(self.tr("See “%1” below for changes that would help."), self._advice_heading)
                )
            if absurd:
                text += "\n" + absurd
        else:
            text = self._over_limits_text(view) or absurd
        self.nothing_fits.setText(text)
        self.nothing_fits.setVisible(bool(text))
        self.only_fitting.setEnabled(not none_fit)
        self.only_fitting.setToolTip(self.tr("No option fits, so every option is shown.") if none_fit else "")

    def _over_limits_text(self, view: RecommendationView) -> str:
        """Options fit in memory but none within the budget / cap / deadline — say what
        the cheapest fitting one would cost and which limits rejected the rest ('' otherwise)."""
        from ...core.ranking.summary import limits_summary

        s = limits_summary(self.controller.workload, view.options)
        if s is None:
            return ""
        w = self.controller.workload
        snap = self.controller.snapshot
        k = 1.0 / (snap.display_rate() or 1.0)
        amount = fmt_money(s.money * k, snap.display_currency)
        if s.money_kind == "per_month":
            amount = tr_fmt(self.tr("%1 per month"), amount)
        elif s.money_kind == "per_hour":
            amount = tr_fmt(self.tr("%1 per hour"), amount)
        limits = []
        if "budget" in s.rejected:
            limits.append(
                tr_fmt(
                    self.tr("the %1 budget rejected %2"),
                    fmt_money((w.budget_usd or 0) * k, snap.display_currency),
                    str(s.rejected["budget"]),
                )
            )
        if "cap" in s.rejected:
            limits.append(
                tr_fmt(
                    self.tr("the %1 per hour cap rejected %2"),
                    fmt_money((w.max_usd_per_hour or 0) * k, snap.display_currency),
                    str(s.rejected["cap"]),
                )
            )
        if "deadline" in s.rejected:
            limits.append(
                tr_fmt(
                    self.tr("the %1 h deadline rejected %2"),
                    fmt_number(w.deadline_hours or 0),
                    str(s.rejected["deadline"]),
                )
            )
        o = s.cheapest
        return tr_fmt(
            self.tr(
                "Nothing is within your limits. The cheapest option that fits costs %1: "
                "%2 × %3 (%4). Of the %5 options that fit, %6."
            ),
            amount,
            str(o.num_gpus),
            o.gpu_name,
            o.provider,
            str(s.fitting),
            "; ".join(limits),
        )

    def _summary(self, w: Workload) -> str:
        name = (w.model.name if w.model is not None else "") or w.model_id or ""
        parts = [task_short(w.task), name, w.weights_dtype.upper()]
        if w.is_training:
            parts.append(tr_fmt(self.tr("batch %1 × %2 tokens"), str(w.batch), str(w.training_seq_len())))
        elif w.task == "inference":
            tokens = tr_fmt(
                self.tr("in %1 / out %2 tokens"), str(w.avg_prompt_tokens), str(w.avg_output_tokens)
            )
            if w.requests_per_minute:  # a request rate: the plan sizes the batch, not w.batch
                parts.append(tokens)
            else:
                parts.append(tr_fmt(self.tr("batch %1, %2"), str(w.batch), tokens))
        return " · ".join(p for p in parts if p)

    def _show_advice(self, view: RecommendationView) -> None:
        self.advisor_list.clear()
        w = self.controller.workload
        show = bool(w.gpu) and view.preferred_fits is False
        largest = view.extras.get("advice_gpu")  # nothing fits: the largest card
        gpu_id = w.gpu or (largest if isinstance(largest, str) else None)
        gpu_name = display_name(
            next((g.name for g in self.controller.snapshot.gpus if g.id == gpu_id), gpu_id or "")
        )
        self.advisor_box.setTitle(
            tr_fmt(self.tr("What to change to fit %1 (double-click to apply)"), gpu_name)
        )
        self._advice_heading = tr_fmt(self.tr("What to change to fit %1"), gpu_name)
        if show and not view.advice:
            self.advisor_list.addItem(
                tr_fmt(
                    self.tr(
                        "Your preferred GPU (%1) does not fit this job and no single change makes it fit."
                    ),
                    gpu_name,
                )
            )
        unit = self.controller.prefs.byte_unit
        for i, a in enumerate(view.advice, start=1):
            what = tr_message(a.description or "") or a.action or str(a)
            saves, new_total = a.saves_bytes, a.new_total_bytes
            fits = a.fits
            text = f"{i}. {what}"
            if saves is not None and new_total is not None:
                text += "  —  " + tr_fmt(
                    self.tr("saves %1, new peak %2"), fmt_bytes(saves, unit), fmt_bytes(new_total, unit)
                )
            if fits is not None:
                text += "  " + (self.tr("(fits)") if fits else self.tr("(still too big)"))
            costs = [as_message(c) for c in (a.speed_cost, a.quality_cost) if c]
            if costs:
                text += "  ·  " + tr_message(join(costs, "clauses"))
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, a.changes or {})
            if fits:
                item.setForeground(FIT_COLOR)
            self.advisor_list.addItem(item)
        self.advisor_box.setVisible(show or bool(view.advice))

    @Slot(QListWidgetItem)
    def _on_advice_activated(self, item: QListWidgetItem) -> None:
        changes = item.data(Qt.ItemDataRole.UserRole)
        if changes:
            self.apply_advice(dict(changes))

    def apply_advice(self, changes: dict[str, object]) -> bool:
        """Apply an advisor suggestion's workload changes (``Advice.changes``: Workload field
        → value; the wizard pages follow)."""
        return self.controller.update(**changes)
