"""The wizard's budget page: budget, price cap, region and providers, pricing kind, ranking
goal, the preferred or owned GPU and its count, deadline and run length.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QStringListModel, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QCompleter,
    QFormLayout,
    QGroupBox,
    QLineEdit,
    QWidget,
)
from typing_extensions import override

from ...core.pricing.money import SYMBOLS
from ...core.pricing.providers import check_providers
from ...core.workload import Workload
from ..controller import WorkloadController
from ..i18n.core_messages import tr_message
from ..i18n.formatting import display_name, large_count_unit, ui_is_chinese
from ..i18n.placeholders import tr_fmt
from ..i18n.texts import glossary, goal_names, pricing_names
from ..widgets.number_input import IntSpinBox, NumberSpinBox
from ..widgets.table_model import ModelIndex
from .page_base import (
    NO_LIMIT,
    Page,
    buddy,
    form_column,
    money_spin,
    scroll_page,
    set_combo,
    set_spin,
)

_NAME_SEPARATORS = re.compile(r"\s*[,，、;；]\s*")
"""What separates provider names typed in one line: commas, 、 and semicolons, either width."""


def split_provider_names(text: str) -> list[str]:
    """The provider names typed in ``text`` (empty parts dropped)."""
    return [n for n in _NAME_SEPARATORS.split(text.strip()) if n]


class _LastNameCompleter(QCompleter):
    """Completes the name after the last separator of a provider list, keeping the ones
    before it."""

    @override
    def splitPath(self, path: str) -> list[str]:  # noqa: N802 (Qt override)
        return [_NAME_SEPARATORS.split(path)[-1].lstrip()]

    @override
    def pathFromIndex(self, index: ModelIndex) -> str:  # noqa: N802
        edit = self.widget()
        done = edit.text() if isinstance(edit, QLineEdit) else ""
        cut = [m.end() for m in _NAME_SEPARATORS.finditer(done)]
        return done[: cut[-1]] + super().pathFromIndex(index) if cut else super().pathFromIndex(index)


class BudgetPage(Page):
    """Money, time, pricing type and the ranking goal."""

    controller: WorkloadController  # built with the controller (Page allows None)

    def __init__(self, controller: WorkloadController, parent: QWidget | None = None) -> None:
        super().__init__(controller, parent)
        self.setTitle(self.tr("Budget and time"))
        self.setSubTitle(self.tr("Limits are optional: leave a field at “No limit” to see every option."))
        self._build_money_fields(controller)
        self._build_time_fields()
        self._build_boxes()
        layout, outer = scroll_page(self)
        form_column(layout, self.money_box, self.time_box)
        layout.addStretch(1)
        outer.addWidget(self.live)
        self._connect()

    def _build_money_fields(self, controller: WorkloadController) -> None:
        """The money limits, region and provider filters, pricing, goal and preferred GPU."""
        tips = glossary()
        # money is entered in the display currency (snapshot.money) and stored in USD
        self.budget_usd = money_spin(1e9, "", self.tr("No limit"))
        self.max_usd_per_hour = money_spin(1e7, self.tr(" / hour"), self.tr("No limit"))
        self.region = QComboBox()
        self.region.addItem(self.tr("Anywhere"), None)
        self.region.addItem(self.tr("China (CN) only"), "CN")
        self.region.addItem(self.tr("United States (US) only"), "US")
        self.region.addItem(self.tr("EU only"), "EU")
        self.region.setToolTip(
            self.tr(
                "Keep only offers of providers in this country or region; "
                "the results say when an option elsewhere is cheaper."
            )
        )
        self.providers = QLineEdit()
        self.providers.setPlaceholderText(self.tr("All providers"))
        self.providers.setToolTip(
            self.tr(
                "Keep only offers of these providers, separated by commas (e.g. AutoDL); the "
                "catalog's or the Chinese names, in any case."
            )
        )
        self.providers.setCompleter(
            _LastNameCompleter(
                QStringListModel(self._provider_names(controller), self.providers), self.providers
            )
        )
        self.providers.completer().setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self._providers_shown: tuple[str, ...] = ()  # the workload providers the text shows
        self.deadline_hours = NumberSpinBox()
        self.deadline_hours.setRange(0.0, 100_000.0)
        self.deadline_hours.setDecimals(1)
        self.deadline_hours.setSuffix(self.tr(" h"))
        self.deadline_hours.setSpecialValueText(self.tr("No deadline"))
        self.pricing = QComboBox()
        names = pricing_names()
        for key in ("on_demand", "spot", "marketplace", "reserved_1y", "monthly", "yearly"):
            self.pricing.addItem(names[key], key)
        self.pricing.setToolTip(tips["spot"])
        self.goal = QComboBox()
        for key, text in goal_names().items():
            self.goal.addItem(text, key)
        self.preferred_gpu = QComboBox()
        self.preferred_gpu.addItem(self.tr("Any GPU"), None)
        for g in sorted(controller.snapshot.gpus, key=lambda g: g.name):
            self.preferred_gpu.addItem(display_name(g.name), g.id)
        # 100+ GPUs: typed text filters them (any part of the name, any case) instead of
        # jumping to the first item that starts with the first letter typed (real window:
        # "NVIDIA GeForce RTX 4090" typed selected an A100)
        self.preferred_gpu.setEditable(True)
        self.preferred_gpu.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        gpu_completer = QCompleter(self.preferred_gpu.model(), self.preferred_gpu)
        gpu_completer.setFilterMode(Qt.MatchFlag.MatchContains)
        gpu_completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        gpu_completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        self.preferred_gpu.setCompleter(gpu_completer)
        self._gpu_completer = gpu_completer
        self.preferred_gpu.setToolTip(
            self.tr("A GPU you own or prefer: if the job does not fit it, the results list what to change.")
        )
        self.gpu_count = IntSpinBox()  # Workload.num_gpus: the count the fit check and advice use
        self.gpu_count.setRange(1, 64)
        self.gpu_count.setToolTip(
            self.tr(
                "How many of the preferred GPU you have or want: the "
                "fit check and the advice are for this many."
            )
        )

    def _build_time_fields(self) -> None:
        """The time fields: deadline, dataset size, epochs, request rate, planned run length."""
        # tokens per step of the input: millions, or 万 (10,000) in Chinese ("1500 万 token",
        # not "15.0 百万 token")
        self.dataset_unit, suffix = large_count_unit()
        self.dataset_mtokens = NumberSpinBox()
        self.dataset_mtokens.setRange(0.0, 1e14 / self.dataset_unit)
        self.dataset_mtokens.setDecimals(1)
        self.dataset_mtokens.setSuffix(suffix)
        self.dataset_mtokens.setGroupSeparatorShown(not ui_is_chinese())
        self.dataset_mtokens.setSpecialValueText(self.tr("Unknown"))
        self.epochs = NumberSpinBox()
        self.epochs.setRange(0.1, 1000.0)
        self.epochs.setDecimals(1)
        self.requests_per_minute = NumberSpinBox()
        self.requests_per_minute.setRange(0.0, 1e7)
        self.requests_per_minute.setDecimals(1)
        self.requests_per_minute.setGroupSeparatorShown(True)
        self.requests_per_minute.setSuffix(self.tr(" / min"))
        self.requests_per_minute.setSpecialValueText(self.tr("Not serving (one batch)"))
        self.requests_per_minute.setToolTip(
            self.tr(
                "Serving load: with a request rate the results size replicas for it and show the "
                "monthly cost and the cost per million tokens."
            )
        )
        self.train_hours = NumberSpinBox()
        self.train_hours.setRange(0.0, 100_000.0)
        self.train_hours.setDecimals(1)
        self.train_hours.setSuffix(self.tr(" h"))
        self.train_hours.setSpecialValueText(self.tr("From dataset size"))
        self.train_hours.setToolTip(
            self.tr(
                "With a preferred GPU: the work that GPU does in these hours, and every other "
                "option's hours from its own speed. Without one: every option runs these hours, "
                "so they do different amounts of work; give the dataset size to compare the same work."
            )
        )

    def _build_boxes(self) -> None:
        """The Money and Time groups with their labelled rows."""
        self.money_box = QGroupBox(self.tr("Money"))
        mf = QFormLayout(self.money_box)
        self.budget_label = buddy(self.tr("&Total budget:"), self.budget_usd)
        mf.addRow(self.budget_label, self.budget_usd)
        self.rate_label = buddy(self.tr("Max &price per hour:"), self.max_usd_per_hour)
        mf.addRow(self.rate_label, self.max_usd_per_hour)
        mf.addRow(buddy(self.tr("Pro&viders in:"), self.region), self.region)
        mf.addRow(buddy(self.tr("Onl&y providers:"), self.providers), self.providers)
        mf.addRow(buddy(self.tr("P&ricing:"), self.pricing), self.pricing)
        mf.addRow(buddy(self.tr("G&oal:"), self.goal), self.goal)
        mf.addRow(buddy(self.tr("Preferred or owned GP&U:"), self.preferred_gpu), self.preferred_gpu)
        mf.addRow(buddy(self.tr("GPU &count:"), self.gpu_count), self.gpu_count)
        self.time_box = QGroupBox(self.tr("Time"))
        tf = QFormLayout(self.time_box)
        tf.addRow(buddy(self.tr("&Deadline:"), self.deadline_hours), self.deadline_hours)
        self.dataset_label = buddy(self.tr("Data&set size:"), self.dataset_mtokens)
        tf.addRow(self.dataset_label, self.dataset_mtokens)
        self.epochs_label = buddy(self.tr("&Epochs:"), self.epochs)
        tf.addRow(self.epochs_label, self.epochs)
        self.rpm_label = buddy(self.tr("Re&quests per minute:"), self.requests_per_minute)
        tf.addRow(self.rpm_label, self.requests_per_minute)
        self.hours_label = buddy(self.tr("…or planned run &length:"), self.train_hours)
        tf.addRow(self.hours_label, self.train_hours)

    def _connect(self) -> None:
        c = self.controller
        for spin in (
            self.budget_usd,
            self.max_usd_per_hour,
            self.deadline_hours,
            self.dataset_mtokens,
            self.epochs,
            self.requests_per_minute,
            self.train_hours,
            self.gpu_count,
        ):
            spin.rejected.connect(c.inputRejected)
        self.budget_usd.valueChanged.connect(
            lambda v: c.update(budget_usd=c.snapshot.money.to_usd(v) if v else None)
        )
        self.max_usd_per_hour.valueChanged.connect(
            lambda v: c.update(max_usd_per_hour=c.snapshot.money.to_usd(v) if v else None)
        )
        self.region.currentIndexChanged.connect(lambda: c.update(region=self.region.currentData()))
        self.region.activated.connect(lambda: c.remember_region(self.region.currentData()))
        self.providers.editingFinished.connect(self._on_providers_edited)
        c.modelsChanged.connect(lambda: self.sync_from(c.workload))
        self.deadline_hours.valueChanged.connect(lambda v: c.update(deadline_hours=v or None))
        self.pricing.currentIndexChanged.connect(lambda: c.update(pricing=self.pricing.currentData()))
        self.goal.currentIndexChanged.connect(lambda: c.set_goal(self.goal.currentData()))
        self.preferred_gpu.currentIndexChanged.connect(lambda: c.update(gpu=self.preferred_gpu.currentData()))
        self._gpu_completer.activated.connect(self._pick_gpu)
        edit = self.preferred_gpu.lineEdit()
        assert edit is not None  # the combo is editable
        edit.editingFinished.connect(lambda: self._pick_gpu(edit.text()))
        self.gpu_count.valueChanged.connect(lambda v: c.update(num_gpus=v))
        self.dataset_mtokens.valueChanged.connect(
            lambda v: c.update(dataset_tokens=v * self.dataset_unit if v else None)
        )
        self.epochs.valueChanged.connect(lambda v: c.update(epochs=v))
        self.train_hours.valueChanged.connect(lambda v: c.update(train_hours=v or None))
        self.requests_per_minute.valueChanged.connect(lambda v: c.update(requests_per_minute=v or None))
        self._connect_sync()

    @override
    def sync_from(self, w: Workload) -> None:
        money = self.controller.snapshot.money
        for spin in (self.budget_usd, self.max_usd_per_hour):
            spin.setPrefix(SYMBOLS.get(money.currency, money.currency) + " ")
        self.budget_label.setText(tr_fmt(self.tr("&Total budget (%1):"), money.currency))
        self.rate_label.setText(tr_fmt(self.tr("Max &price per hour (%1):"), money.currency))
        set_spin(
            self.budget_usd, round(w.budget_usd * money.per_usd, 2) if w.budget_usd else NO_LIMIT
        )  # = money.from_usd, which is typed float | None
        set_spin(
            self.max_usd_per_hour,
            round(w.max_usd_per_hour * money.per_usd, 2) if w.max_usd_per_hour else NO_LIMIT,
        )
        set_combo(self.region, w.region)
        if w.providers != self._providers_shown:  # a rejected name stays as typed
            self._providers_shown = w.providers
            sep = "、" if ui_is_chinese() else ", "
            self.providers.setText(sep.join(display_name(n) for n in w.providers))
        set_spin(self.deadline_hours, w.deadline_hours or 0.0)
        set_combo(self.pricing, w.pricing)
        set_combo(self.goal, self.controller.goal)
        set_combo(self.preferred_gpu, w.gpu)
        set_spin(self.gpu_count, min(w.num_gpus, self.gpu_count.maximum()))
        set_spin(self.dataset_mtokens, (w.dataset_tokens or 0.0) / self.dataset_unit)
        set_spin(self.epochs, w.epochs)
        set_spin(self.train_hours, w.train_hours or 0.0)
        set_spin(self.requests_per_minute, w.requests_per_minute or 0.0)
        for wid in (self.rpm_label, self.requests_per_minute):
            wid.setVisible(w.task == "inference")
        training = w.is_training
        for wid in (self.dataset_label, self.dataset_mtokens, self.epochs_label, self.epochs):
            wid.setVisible(training)
        self.hours_label.setText(
            self.tr("…or planned run &length:") if training else self.tr("Planned run &length:")
        )
        # without a dataset (inference, images) "from dataset size" means nothing
        self.train_hours.setSpecialValueText(self.tr("From dataset size") if training else self.tr("Not set"))

    def gpu_matches(self, text: str) -> list[int]:
        """The preferred-GPU combo's rows whose name holds ``text`` (any case), in list order."""
        needle = text.strip().casefold()
        combo = self.preferred_gpu
        return [i for i in range(combo.count()) if needle in combo.itemText(i).casefold()]

    def _pick_gpu(self, text: str) -> None:
        """Select the GPU the typed ``text`` names: the item of that name, else the first of
        the names holding it (the combo then shows its full name). Text that names no GPU is
        reported and the combo goes back to the GPU in use."""
        combo = self.preferred_gpu
        exact = [i for i in range(combo.count()) if combo.itemText(i).casefold() == text.strip().casefold()]
        rows = exact or self.gpu_matches(text)
        if rows and text.strip():
            combo.setCurrentIndex(rows[0])
        elif text.strip():
            self.controller.inputRejected.emit(
                tr_fmt(self.tr("No GPU in the catalog matches “%1”."), text.strip())
            )
        combo.setEditText(combo.itemText(combo.currentIndex()))

    @staticmethod
    def _provider_names(controller: WorkloadController) -> list[str]:
        """Every provider of the catalog's prices, as the UI writes it, for completion."""
        names = {p.provider for p in controller.snapshot.prices if not p.provider.startswith("(seed text")}
        return sorted({display_name(n) for n in names} | names, key=str.lower)

    def _on_providers_edited(self) -> None:
        """Apply the typed providers; a name the catalog does not know is reported and the
        text stays as typed, the filter unchanged."""
        c = self.controller
        names = split_provider_names(self.providers.text())
        try:
            wanted = check_providers(names, {p.provider for p in c.snapshot.prices})
        except ValueError as exc:
            c.inputRejected.emit(tr_message(exc.args[0]))
            return
        self._providers_shown = tuple(sorted(wanted, key=str.lower))
        c.update(providers=self._providers_shown)
