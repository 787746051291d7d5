"""The last wizard page: ranked options, reasons, advisor and the two plots."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSortFilterProxyModel, Qt, Slot
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QStyle,
    QTableView,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from ..core.workload import Workload
from .compute import RecommendationView
from .controller import WorkloadController
from .core_text import translate_core_text
from .formatting import fmt_bytes, fmt_number
from .options_model import FIT_COLOR, OptionsTableModel
from .texts import glossary, task_short

MIN_VISIBLE_ROWS = 6
"""The results table never gets smaller than this many rows."""
ABSURD_FACTOR = 10
"""A job needing this many times the largest GPU's memory gets a sanity note."""
ABSURD_PARAMS = 10_000_000_000_000
"""Models above 10 T parameters are far beyond any published model."""


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
        self.setSubTitle(self.tr("Ranked for your job. Hover a row for the memory breakdown and "
                                 "assumptions; change any earlier page and this updates."))
        self.summary = QLabel()
        self.summary.setObjectName("summary")
        self.summary.setWordWrap(True)
        self.notes = QLabel()
        self.notes.setObjectName("notes")
        self.notes.setWordWrap(True)
        self.nothing_fits = QLabel()
        self.nothing_fits.setObjectName("nothingFits")
        self.nothing_fits.setWordWrap(True)
        self.nothing_fits.setVisible(False)
        self.only_fitting = QCheckBox(self.tr("Show only options that &fit"))
        self.only_fitting.setChecked(True)
        self.all_offers = QCheckBox(self.tr("Every price &offer"))
        self.all_offers.setToolTip(self.tr(
            "Rank every provider's price for each GPU, not only the cheapest offer per pricing "
            "type (on-demand, spot …)."))

        self.options_model = OptionsTableModel(self)
        self.proxy = _FitFilter(self)
        self.proxy.setSourceModel(self.options_model)
        self.proxy.setSortRole(Qt.ItemDataRole.UserRole)
        self.table = QTableView()
        self.table.setModel(self.proxy)
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
        self.table.setToolTip(glossary()["headroom"])

        self.advisor_box = QGroupBox(self.tr("What to change to fit your GPU"))
        self.advisor_list = QListWidget()
        self.advisor_list.setWordWrap(True)
        al = QVBoxLayout(self.advisor_box)
        al.addWidget(self.advisor_list)
        self.advisor_box.setVisible(False)

        # the plots (pyqtgraph + numpy: ~170 ms to import) are built when the page is first
        # shown or a plot is asked for (issue 17), see _ensure_plots
        self._vram_plot: Any = None
        self._cost_plot: Any = None
        self._pending_plots: tuple[Any, ...] | None = None
        plots = QSplitter(Qt.Orientation.Horizontal)
        self.plots_splitter = plots

        top = QWidget()
        tl = QVBoxLayout(top)
        tl.setContentsMargins(0, 0, 0, 0)
        head = QHBoxLayout()
        head.addWidget(self.summary, 1)
        head.addWidget(self.all_offers)
        head.addWidget(self.only_fitting)
        tl.addLayout(head)
        tl.addWidget(self.nothing_fits)
        tl.addWidget(self.notes)
        tl.addWidget(self.table, 1)
        self.table.setMinimumHeight(self.table_height_for(MIN_VISIBLE_ROWS))
        self.advisor_box.setMaximumHeight(150)
        plots.setMinimumHeight(170)
        split = QSplitter(Qt.Orientation.Vertical)
        split.setChildrenCollapsible(False)
        split.addWidget(top)
        split.addWidget(self.advisor_box)
        split.addWidget(plots)
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
            cap = {"gpu": 260, "label": 120, "provider": 150, "reason": 10_000}.get(name, 180)
            hh.resizeSection(c, min(hh.sectionSize(c) + 8, cap))

    def visible_options(self) -> list[Any]:
        """Options in the table's current (filtered, sorted) order."""
        return [self.proxy.data(self.proxy.index(r, 0), OptionsTableModel.OptionRole)
                for r in range(self.proxy.rowCount())]

    @Slot(object)
    def show_results(self, view: RecommendationView) -> None:
        """Render a recommendation (table, notes, advisor, plots)."""
        w = self.controller.workload
        unit = self.controller.prefs.byte_unit
        self.summary.setText(self._summary(w))
        snap = self.controller.snapshot
        per_image = w.task in ("image_gen", "diffusion_lora")
        self.options_model.set_options(view.options, unit, training=w.is_training or per_image,
                                       currency=snap.display_currency,
                                       usd_per_unit=snap.display_rate())
        if not self._columns_sized and view.options:
            self._size_columns()
            self._columns_sized = True
        notes: list[str] = []
        if view.error:
            notes.append(self.tr("Cannot estimate this job: %1").replace(
                "%1", translate_core_text(view.error)))
        notes += [translate_core_text(n) for n in view.notes]
        fitting = [o for o in view.options if o.fits]
        self.notes.setText("\n".join(notes))
        self.notes.setVisible(bool(notes))
        self._show_advice(view)
        absurd = self._absurd_note(view)
        self._show_nothing_fits(view, fitting, absurd)
        shown = fitting if self.only_fitting.isChecked() and fitting else list(view.options)
        self._pending_plots = ([] if absurd else shown, unit, view.options,
                               snap.display_currency, snap.display_rate())
        if self._vram_plot is not None or self.isVisible():
            self._apply_plots()

    # ---- lazily built plots (issue 17) ---------------------------------------------------
    @property
    def vram_plot(self) -> Any:
        """The VRAM-fit plot (:class:`~gpupicker.ui.plots.VramFitPlot`), built on first use."""
        self._ensure_plots()
        return self._vram_plot

    @property
    def cost_plot(self) -> Any:
        """The cost plot (:class:`~gpupicker.ui.plots.CostPlot`), built on first use."""
        self._ensure_plots()
        return self._cost_plot

    def plots_built(self) -> bool:
        """True once the plots exist (pyqtgraph imported)."""
        return self._vram_plot is not None

    def _ensure_plots(self) -> None:
        if self._vram_plot is not None:
            return
        from .plots import CostPlot, VramFitPlot

        self._vram_plot = VramFitPlot()
        self._cost_plot = CostPlot()
        self.plots_splitter.addWidget(self._vram_plot)
        self.plots_splitter.addWidget(self._cost_plot)
        self.plots_splitter.setStretchFactor(0, 3)
        self.plots_splitter.setStretchFactor(1, 2)
        self._apply_plots()

    def _apply_plots(self) -> None:
        """Draw the latest results in the plots (building them first if needed)."""
        self._ensure_plots()
        pending, self._pending_plots = self._pending_plots, None
        if pending is None:
            return
        shown, unit, options, currency, rate = pending
        self._vram_plot.set_options(shown, unit)
        self._cost_plot.set_options(options, unit, currency, rate)

    def showEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
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
        text = self.tr("This job needs at least %1 per GPU; the largest GPU in the catalog has "
                       "%2. Check the model size and the settings: the memory chart is hidden "
                       "because its scale would be meaningless.").replace(
            "%1", fmt_bytes(need, unit)).replace("%2", fmt_bytes(biggest, unit))
        if params > ABSURD_PARAMS:
            text += " " + self.tr("The model has %1 billion parameters; the largest published "
                                  "models have a few thousand billion.").replace(
                "%1", fmt_number(params / 1e9))
        return text

    def _show_nothing_fits(self, view: RecommendationView, fitting: list[Any],
                           absurd: str) -> None:
        none_fit = bool(view.options) and not fitting
        if none_fit:
            text = self.tr("Nothing fits: none of the %1 GPU options in the catalog can hold "
                           "this job, even with up to 8 GPUs. The table lists them anyway, "
                           "closest first. Try a lower precision, LoRA/QLoRA, a smaller batch or "
                           "shorter sequences.").replace("%1", str(len(view.options)))
            if self.advisor_list.count():
                text += " " + self.tr("See “%1” below for changes that would help.").replace(
                    "%1", self.advisor_box.title().split(" (")[0])
            if absurd:
                text += "\n" + absurd
        else:
            text = absurd
        self.nothing_fits.setText(text)
        self.nothing_fits.setVisible(bool(text))
        self.only_fitting.setEnabled(not none_fit)
        self.only_fitting.setToolTip(self.tr("No option fits, so every option is shown.")
                                     if none_fit else "")

    def _summary(self, w: Workload) -> str:
        name = (w.model.name if w.model is not None else "") or w.model_id or ""
        parts = [task_short(w.task), name, w.weights_dtype.upper()]
        if w.is_training:
            parts.append(self.tr("batch %1 × %2 tokens").replace("%1", str(w.batch))
                         .replace("%2", str(w.training_seq_len())))
        elif w.task == "inference":
            parts.append(self.tr("batch %1, %2 + %3 tokens").replace("%1", str(w.batch))
                         .replace("%2", str(w.prompt_len or w.avg_prompt_tokens))
                         .replace("%3", str(w.new_tokens or w.avg_output_tokens)))
        return " · ".join(p for p in parts if p)

    def _show_advice(self, view: RecommendationView) -> None:
        self.advisor_list.clear()
        w = self.controller.workload
        show = bool(w.gpu) and view.preferred_fits is False
        gpu_name = next((g.name for g in self.controller.snapshot.gpus if g.id == w.gpu),
                        w.gpu or "")
        self.advisor_box.setTitle(self.tr("What to change to fit %1 (double-click to apply)")
                                  .replace("%1", gpu_name))
        if show and not view.advice:
            self.advisor_list.addItem(self.tr("Your preferred GPU (%1) does not fit this job "
                                              "and no single change makes it fit.")
                                      .replace("%1", gpu_name))
        unit = self.controller.prefs.byte_unit
        for i, a in enumerate(view.advice, start=1):
            what = translate_core_text(_field(a, "description") or "") or _field(a, "action") \
                or str(a)
            saves, new_total = _field(a, "saves_bytes"), _field(a, "new_total_bytes")
            fits = _field(a, "fits")
            text = f"{i}. {what}"
            if saves is not None and new_total is not None:
                text += "  —  " + self.tr("saves %1, new peak %2").replace(
                    "%1", fmt_bytes(saves, unit)).replace("%2", fmt_bytes(new_total, unit))
            if fits is not None:
                text += "  " + (self.tr("(fits)") if fits else self.tr("(still too big)"))
            costs = [c for c in (_field(a, "speed_cost"), _field(a, "quality_cost")) if c]
            if costs:
                text += "  ·  " + translate_core_text("; ".join(costs))
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, _field(a, "changes") or {})
            if fits:
                item.setForeground(FIT_COLOR)
            self.advisor_list.addItem(item)
        self.advisor_box.setVisible(show or bool(view.advice))

    @Slot(QListWidgetItem)
    def _on_advice_activated(self, item: QListWidgetItem) -> None:
        changes = item.data(Qt.ItemDataRole.UserRole)
        if changes:
            self.apply_advice(dict(changes))

    def apply_advice(self, changes: dict[str, Any]) -> bool:
        """Apply an advisor suggestion's workload changes (the wizard pages follow)."""
        return self.controller.update(**changes)


def _field(item: Any, key: str) -> Any:
    """``key`` of an advice item (a dict or an object)."""
    return item.get(key) if isinstance(item, dict) else getattr(item, key, None)


class _FitFilter(QSortFilterProxyModel):
    """Hides options that do not fit when ``only_fitting`` is on (unless none fit)."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.only_fitting = True

    def set_only_fitting(self, on: bool) -> None:
        """Turn the filter on or off and re-filter."""
        self.beginFilterChange()
        self.only_fitting = on
        self.endFilterChange()

    def filterAcceptsRow(self, source_row: int, source_parent: Any) -> bool:
        if not self.only_fitting:
            return True
        model = self.sourceModel()
        if not isinstance(model, OptionsTableModel):
            return True
        if not model.any_fits:
            return True
        return model.option(source_row).fits
