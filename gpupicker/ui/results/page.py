"""The last wizard page: ranked options, reasons, advisor and the two plots."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, TypeAlias

from PySide6.QtCore import (
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
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)
from typing_extensions import override

from ...core.results import Option
from ..compute import RecommendationView
from ..controller import WorkloadController
from ..i18n.core_messages import tr_message
from ..i18n.formatting import display_name
from ..i18n.placeholders import tr_fmt
from ..i18n.texts import glossary
from .column_sizing import OptionsColumnSizer
from .fit_filter import FitFilter
from .launch_control import close_launch_dialog, open_launch_config, refresh_launch_button
from .options_delegate import FIT_COLOR, OptionsDelegate
from .options_model import OptionsTableModel
from .shown_rows_text import shown_rows_lines
from .verdict_texts import absurd_note, advice_text, nothing_fits_text, over_limits_text, summary_text

if TYPE_CHECKING:  # pyqtgraph, numpy and core.launch_config load on first use
    import pyqtgraph as pg

    from .cost_curves import CostCurvePlot
    from .curves import MemoryCurvePlot
    from .launch_dialog import LaunchDialog
    from .plots import CostPlot, VramFitPlot

_PlotData: TypeAlias = tuple[list[Option], str, tuple[Option, ...], str, float]
"""What the first tab's plots draw: (options shown as bars, byte unit, every option, display
currency, USD per display unit)."""

MIN_VISIBLE_ROWS = 6
"""The results table never gets smaller than this many rows."""


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
        self._build_head()
        self._build_table()
        self._build_plot_tabs()
        self._lay_out()
        self._connect()
        self.show_results(controller.results)

    def _build_head(self) -> None:
        """The summary line, the notes, the nothing-fits text and the buttons above the table."""
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

    def _build_table(self) -> None:
        """The ranked-options table (model, fit filter, delegate) and the advisor box."""
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
        self.columns = OptionsColumnSizer(self.table, self.options_model)
        self._advice_heading = ""
        self.table.setToolTip(glossary()["headroom"])

        self.advisor_box = QGroupBox(self.tr("What to change to fit your GPU"))
        self.advisor_list = QListWidget()
        self.advisor_list.setWordWrap(True)
        al = QVBoxLayout(self.advisor_box)
        al.addWidget(self.advisor_list)
        self.advisor_box.setVisible(False)

    def _build_plot_tabs(self) -> None:
        """The two plot tabs (fit and price; curves); their plots are built on first use."""
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

    def _lay_out(self) -> None:
        """The head and table above, the advisor box and the plot tabs below, in one splitter."""
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
        self.table.setMinimumHeight(self.columns.table_height_for(MIN_VISIBLE_ROWS))
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

    def _connect(self) -> None:
        self.controller.resultsChanged.connect(self.show_results)
        self.only_fitting.toggled.connect(self._on_only_fitting)
        self.one_per_gpu.toggled.connect(self.proxy.set_one_per_gpu)
        self.one_per_gpu.toggled.connect(lambda _on: self.show_results(self.controller.results))
        self.launch_button.clicked.connect(self.show_launch_config)
        self.controller.workloadChanged.connect(lambda _w: close_launch_dialog(self))
        self.only_fitting.toggled.connect(lambda _on: self.show_results(self.controller.results))
        self.all_offers.toggled.connect(self.controller.set_all_offers)
        self.advisor_list.itemActivated.connect(self._on_advice_activated)

    @Slot(bool)
    def _on_only_fitting(self, on: bool) -> None:
        self.proxy.set_only_fitting(on)

    def fit_columns(self) -> None:
        """Keep the cost and provider columns in view at the table's width
        (:meth:`OptionsColumnSizer.fit_columns`)."""
        self.columns.fit_columns()

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
        return next((o for o in self._shown_options() if o.fits), None)

    def show_launch_config(self) -> LaunchDialog | None:
        """Open the launch config of :meth:`selected_option`; returns the dialog."""
        return open_launch_config(self)

    def visible_options(self) -> list[Option]:
        """Options in the table's current (filtered, sorted) order."""
        return list(self._shown_options())

    def _shown_options(self) -> Iterator[Option]:
        """:meth:`visible_options` one row at a time: the top fitting option, asked for on
        every recompute (the launch button's state), is read without the other ~60 rows."""
        proxy, role = self.proxy, OptionsTableModel.OptionRole
        for r in range(proxy.rowCount()):
            yield proxy.data(proxy.index(r, 0), role)

    @Slot(object)
    def show_results(self, view: RecommendationView) -> None:
        """Render a recommendation (table, notes, advisor, plots)."""
        w = self.controller.workload
        unit = self.controller.prefs.byte_unit
        self.summary.setText(summary_text(w))
        self.summary.setToolTip(self.tie_break_text(self.controller.goal))
        snap = self.controller.snapshot
        per_image = w.is_image
        self.proxy.set_preferred((w.gpu, w.num_gpus) if w.gpu else None)
        self.options_model.set_options(
            view.options,
            unit,
            training=w.is_training or per_image,
            currency=snap.display_currency,
            usd_per_unit=snap.display_rate(),
            sort_column=self.proxy.sortColumn(),
        )
        if not self.columns.sized and view.options:
            self.columns.size_columns()
            self.columns.sized = True
        elif view.options:
            self.columns.grow_columns(view.options)
        notes: list[str] = []
        if view.error:
            notes.append(tr_fmt(self.tr("Cannot estimate this job: %1"), tr_message(view.error)))
        notes += [tr_message(n) for n in view.notes]
        notes += shown_rows_lines(
            view.options,
            (w.gpu, w.num_gpus) if w.gpu else None,
            one_per_gpu=self.one_per_gpu.isChecked(),
            only_fitting=self.only_fitting.isChecked(),
        )
        fitting = [o for o in view.options if o.fits]
        self._result_notes = notes
        self.notes.setText("\n".join(notes))
        self.notes.setVisible(bool(notes))
        self._show_advice(view)
        refresh_launch_button(self)
        absurd = absurd_note(w, view.options, unit)
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
        from .cost_curves import CostCurvePlot
        from .curves import MemoryCurvePlot
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
        from .plot_export import export_dialog

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

    def _show_nothing_fits(self, view: RecommendationView, fitting: list[Option], absurd: str) -> None:
        none_fit = bool(view.options) and not fitting
        if none_fit:
            causes = view.extras.get("nothing_fits_causes")  # core.advisor's ids
            text = nothing_fits_text(
                len(view.options),
                causes if isinstance(causes, list) else [],
                self._advice_heading if self.advisor_list.count() else "",
                absurd,
            )
        else:
            text = (
                over_limits_text(self.controller.workload, view.options, self.controller.snapshot) or absurd
            )
        self.nothing_fits.setText(text)
        self.nothing_fits.setVisible(bool(text))
        self.only_fitting.setEnabled(not none_fit)
        self.only_fitting.setToolTip(self.tr("No option fits, so every option is shown.") if none_fit else "")

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
            item = QListWidgetItem(advice_text(i, a, unit))
            item.setData(Qt.ItemDataRole.UserRole, a.changes or {})
            if a.fits:
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
