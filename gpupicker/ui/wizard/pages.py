"""The four input pages of the wizard: task → model → quantization → budget.

Pages build their layouts in code, show the controller's Workload and send edits
back through :class:`~gpupicker.ui.controller.WorkloadController`. A page never
computes; children that tests drive are public attributes.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import QSignalBlocker, QSortFilterProxyModel, Qt, Slot
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ...core.memory import PAGED_KV_ENGINES
from ...core.memory.paged import VLLM_MAX_NUM_SEQS
from ...core.memory.training import uses_master_weights
from ...core.model_arch import ModelArch
from ...core.money import SYMBOLS
from ...core.training_frameworks import modelled_training_frameworks, training_framework
from ...core.workload import Workload
from ...core.zh_names import expand_model_alias
from ..controller import WorkloadController
from ..i18n.formatting import display_name, error_messages
from ..i18n.texts import glossary, goal_names, pricing_names
from ..widgets.file_drop import accept_url_drag, dropped_local_file
from ..widgets.number_input import NumberSpinBox
from .model_list_model import ModelListModel
from .task_page import LiveSummary, TaskPage, _form_column, _Page, _scroll_page  # noqa: F401

NO_LIMIT = 0.0


def _set_combo(combo: QComboBox, value: Any) -> None:
    i = combo.findData(value)
    if i >= 0 and i != combo.currentIndex():
        with QSignalBlocker(combo):
            combo.setCurrentIndex(i)


def _set_spin(spin: QSpinBox | QDoubleSpinBox, value: float) -> None:
    if spin.value() != value:
        with QSignalBlocker(spin):
            spin.setValue(value)  # type: ignore[arg-type]


def _money_spin(maximum: float, suffix: str, special: str) -> NumberSpinBox:
    """A money amount (the page sets the display currency's symbol as prefix) where 0 shows
    ``special`` (e.g. "No limit").

    Typed text is parsed with the locale's decimal point or '.', never mangled.
    """
    s = NumberSpinBox()
    s.setRange(0.0, maximum)
    s.setDecimals(2)
    s.setSuffix(suffix)
    s.setGroupSeparatorShown(True)
    s.setSpecialValueText(special)
    return s


def _buddy(text: str, widget: QWidget) -> QLabel:
    label = QLabel(text)
    label.setBuddy(widget)
    return label


class ModelFilter(QSortFilterProxyModel):
    """Text filter over all columns plus a model-kind filter (LLM vs diffusion per task)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.kind = "llm"

    def set_kind(self, kind: str) -> None:
        """Show only models of ``kind``."""
        if kind != self.kind:
            self.beginFilterChange()
            self.kind = kind
            self.endFilterChange()

    def filterAcceptsRow(self, source_row: int, source_parent: Any) -> bool:
        model = self.sourceModel()
        if isinstance(model, ModelListModel) and \
                getattr(model.model_at(source_row), "kind", "llm") != self.kind:
            return False
        return super().filterAcceptsRow(source_row, source_parent)


class ModelPage(_Page):
    """Pick a catalog model (searchable) or describe a custom one."""

    def __init__(self, controller: WorkloadController, parent: QWidget | None = None) -> None:
        super().__init__(controller, parent)
        self.setTitle(self.tr("Which model?"))
        self.setSubTitle(self.tr("Search the catalog, or enter a custom parameter count or "
                                 "config.json fields."))
        self.list_model = ModelListModel(self._models(), self)
        self.proxy = ModelFilter(self)
        self.proxy.setSourceModel(self.list_model)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.proxy.setFilterKeyColumn(-1)
        self.proxy.setSortRole(Qt.ItemDataRole.UserRole)

        self.catalog_radio = QRadioButton(self.tr("&Catalog model"))
        self.custom_radio = QRadioButton(self.tr("C&ustom model"))
        self.search = QLineEdit()
        self.search.setPlaceholderText(self.tr("Search by name or family, e.g. mistral, qwen, 70b"))
        self.search.setClearButtonEnabled(True)
        self.view = QTableView()
        self.view.setModel(self.proxy)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.view.verticalHeader().hide()
        self.view.setAlternatingRowColors(True)
        hh = self.view.horizontalHeader()
        hh.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for c in (1, 2, 3):
            hh.setSectionResizeMode(c, QHeaderView.ResizeMode.ResizeToContents)

        self.custom_box = QGroupBox(self.tr("Custom model"))
        self.params_b = NumberSpinBox()
        self.params_b.setRange(0.0, 5000.0)
        self.params_b.setDecimals(2)
        self.params_b.setSuffix(self.tr(" B"))
        self.params_b.setSpecialValueText(self.tr("from the fields below"))
        self.params_b.setToolTip(self.tr("Exact parameter count in billions (optional: computed "
                                         "from the architecture fields when 0)."))
        self.fields: dict[str, QSpinBox] = {}
        form = QGridLayout(self.custom_box)
        form.addWidget(_buddy(self.tr("&Parameters:"), self.params_b), 0, 0)
        form.addWidget(self.params_b, 0, 1)
        field_names = {
            "num_hidden_layers": self.tr("Layers:"),
            "hidden_size": self.tr("Hidden size:"),
            "num_attention_heads": self.tr("Attention heads:"),
            "num_key_value_heads": self.tr("KV heads (GQA):"),
            "intermediate_size": self.tr("MLP size:"),
            "vocab_size": self.tr("Vocabulary:"),
        }
        for i, (name, text) in enumerate(field_names.items()):
            spin = QSpinBox()
            spin.setRange(0, 10_000_000)
            spin.setGroupSeparatorShown(True)
            self.fields[name] = spin
            row, col = 1 + i // 2, (i % 2) * 2
            label = _buddy(text, spin)
            if name == "num_key_value_heads":
                label.setToolTip(glossary()["gqa"])
            form.addWidget(label, row, col)
            form.addWidget(spin, row, col + 1)
        self.load_config_button = QPushButton(self.tr("Load config.&json…"))
        self.apply_custom_button = QPushButton(self.tr("Use &these values"))
        buttons = QHBoxLayout()
        buttons.addWidget(self.load_config_button)
        buttons.addStretch(1)
        buttons.addWidget(self.apply_custom_button)
        form.addLayout(buttons, 5, 0, 1, 4)

        self.selected_label = QLabel()
        self.selected_label.setObjectName("selection")
        self.import_button = QPushButton(self.tr("&Import model files…"))
        self.import_button.setToolTip(self.tr("Read a model folder, .safetensors, .gguf, "
                                              "config.json or the Hugging Face cache (or drop "
                                              "a file or folder on this page)"))
        self.import_dialog: Any = None
        self.setAcceptDrops(True)
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        top.addWidget(self.catalog_radio)
        top.addWidget(self.custom_radio)
        top.addWidget(self.import_button)
        top.addStretch(1)
        top.addWidget(self.selected_label)
        layout.addLayout(top)
        layout.addWidget(self.search)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.custom_box)
        layout.addWidget(self.live)
        self._connect()

    def _models(self) -> list[Any]:
        return list(self.controller.repo.models())

    def _connect(self) -> None:
        self.search.textChanged.connect(self._on_search)
        self.view.selectionModel().currentRowChanged.connect(self._on_row_changed)
        self.catalog_radio.toggled.connect(self._on_mode_changed)
        self.apply_custom_button.clicked.connect(self.apply_custom)
        self.load_config_button.clicked.connect(self._on_load_config)
        self.import_button.clicked.connect(lambda: self.open_import())
        self.controller.modelsChanged.connect(self._on_models_changed)
        self._connect_sync()

    @Slot()
    def _on_models_changed(self) -> None:
        self.list_model.set_models(self._models())
        self.sync_from(self.controller.workload)

    @Slot(bool)
    def _on_mode_changed(self, catalog: bool) -> None:
        self.search.setEnabled(catalog)
        self.view.setEnabled(catalog)
        self.custom_box.setEnabled(not catalog)
        if catalog:
            self._on_row_changed(self.view.currentIndex())

    @Slot(str)
    def _on_search(self, text: str) -> None:
        """Filter the table; the selected model changes only when the user picks a row (Qt moves
        the current row when the filter hides it, which used to select another model)."""
        self._filtering = True
        try:
            with QSignalBlocker(self.view.selectionModel()):
                # Chinese names people search with (千问, 深度求索 …) map to the catalog's words
                self.proxy.setFilterFixedString(expand_model_alias(text))
                self.view.selectionModel().clearCurrentIndex()
                self.view.clearSelection()
            self.sync_from(self.controller.workload)  # re-select it if still listed
        finally:
            self._filtering = False

    @Slot()
    def _on_row_changed(self, current: Any, _previous: Any = None) -> None:
        if getattr(self, "_filtering", False) or not current.isValid() \
                or not self.catalog_radio.isChecked():
            return
        m = self.list_model.model_at(self.proxy.mapToSource(current).row())
        self.controller.set_model(m.id, m.arch)

    @Slot()
    def apply_custom(self) -> bool:
        """Build a ModelArch from the custom fields and use it."""
        data: dict[str, Any] = {k: s.value() for k, s in self.fields.items() if s.value() > 0}
        if self.params_b.value() > 0:
            data["params"] = int(round(self.params_b.value() * 1e9))
        data["name"] = self.tr("Custom model")
        try:
            arch = ModelArch.model_validate(data)
        except ValidationError as exc:
            self.controller.inputRejected.emit(error_messages(exc))
            return False
        return self.controller.set_model(None, arch)

    def load_config(self, path: str) -> bool:
        """Fill the custom fields from a Hugging Face config.json (read as JSON only)."""
        try:
            with open(path, encoding="utf-8") as f:
                cfg = json.load(f)
            arch = ModelArch.from_config(cfg)
        except (OSError, ValueError, ValidationError) as exc:
            self.controller.inputRejected.emit(self.tr("Cannot read %1: %2")
                                               .replace("%1", path).replace("%2", str(exc)))
            return False
        self.custom_radio.setChecked(True)
        self._fill_fields(arch)
        return self.apply_custom()

    @Slot()
    def _on_load_config(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open config.json"), "",
                                              self.tr("JSON files (*.json)"))
        if path:
            self.load_config(path)

    def open_import(self, path: str | None = None) -> Any:
        """Open the import dialog (non-blocking), reading ``path`` first when given."""
        from .model_import_dialog import ModelImportDialog

        if self.import_dialog is None:
            self.import_dialog = ModelImportDialog(self.controller.repo, self)
            self.import_dialog.imported.connect(self._on_imported)
        if path:
            self.import_dialog.inspect(path)
        self.import_dialog.open()
        return self.import_dialog

    @Slot(str)
    def _on_imported(self, model_id: str) -> None:
        self.controller.on_catalog_changed()
        arch = self.controller.repo.get_model(model_id)
        if arch is not None:
            self.catalog_radio.setChecked(True)
            self.controller.set_model(model_id, arch)
        # a quantized checkpoint (GGUF file type, GPTQ/AWQ/bnb/fp8 config) sets the weights
        # format of an inference plan; training tasks keep their own (QLoRA: NF4)
        from ...core.dtypes import known_weight_dtypes

        model = self.import_dialog.model if self.import_dialog is not None else None
        dtype = (model.quantization.get("weights_dtype") if model is not None else None)
        if dtype in known_weight_dtypes() and self.controller.workload.task in (
                "inference", "decode_ceiling"):
            self.controller.update(weights_dtype=dtype)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: D102 - Qt override
        accept_url_drag(event)

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: D102 - Qt override
        path = dropped_local_file(event)
        if path is not None:
            self.open_import(path)

    def _fill_fields(self, arch: ModelArch) -> None:
        for k, spin in self.fields.items():
            _set_spin(spin, int(getattr(arch, k) or 0))
        _set_spin(self.params_b, (arch.params or 0) / 1e9)

    def sync_from(self, w: Workload) -> None:
        self.proxy.set_kind("diffusion" if w.task in ("image_gen", "diffusion_lora") else "llm")
        catalog = w.model_id is not None
        radio = self.catalog_radio if catalog else self.custom_radio
        if not radio.isChecked():
            with QSignalBlocker(radio):
                radio.setChecked(True)
            self.search.setEnabled(catalog)
            self.view.setEnabled(catalog)
            self.custom_box.setEnabled(not catalog)
        if catalog and w.model_id is not None:
            row = self.list_model.row_of(w.model_id)
            cur = self.view.currentIndex()
            if row >= 0 and (not cur.isValid() or self.proxy.mapToSource(cur).row() != row):
                idx = self.proxy.mapFromSource(self.list_model.index(row, 0))
                if idx.isValid():
                    with QSignalBlocker(self.view.selectionModel()):
                        self.view.setCurrentIndex(idx)
        if w.model is not None:
            if catalog:
                self._fill_fields(w.model)
            n = w.model.param_count() if w.model.kind == "llm" else (w.model.params or 0)
            self.selected_label.setText(self.tr("Selected: %1 (%2 B parameters)")
                                        .replace("%1", w.model.name or w.model_id or "")
                                        .replace("%2", f"{n / 1e9:.2f}"))


WEIGHT_FORMATS: tuple[tuple[str, str], ...] = (
    ("fp32", "FP32"), ("bf16", "BF16"), ("fp16", "FP16"), ("fp8", "FP8"), ("int8", "INT8"),
    ("nf4", "NF4 (4-bit, bitsandbytes)"), ("int4", "INT4 (GPTQ / AWQ)"),
    ("q4_k_m", "GGUF Q4_K_M"), ("q5_k_m", "GGUF Q5_K_M"), ("q8_0", "GGUF Q8_0"),
)
OPTIMIZERS: tuple[tuple[str, str], ...] = (
    ("adamw", "AdamW"), ("adamw8bit", "AdamW 8-bit"), ("paged_adamw8bit", "Paged AdamW 8-bit"),
    ("adafactor", "Adafactor"), ("lion", "Lion"), ("sgd", "SGD"),
)
ENGINES: tuple[tuple[str, str], ...] = (
    ("transformers", "transformers"), ("vllm", "vLLM"), ("sglang", "SGLang"),
    ("llama.cpp", "llama.cpp"),
)


class QuantizationPage(_Page):
    """Precision, adapters, memory savers, batch and lengths."""

    def __init__(self, controller: WorkloadController, parent: QWidget | None = None) -> None:
        super().__init__(controller, parent)
        self.setTitle(self.tr("Precision and batch"))
        self.setSubTitle(self.tr("How the weights are stored and how much data goes through "
                                 "the GPU at once."))
        tips = glossary()
        self.weights = QComboBox()
        for value, text in WEIGHT_FORMATS:
            self.weights.addItem(text, value)
        self.weights.setToolTip(tips["weights_dtype"])

        # training
        self.train_box = QGroupBox(self.tr("Training"))
        self.lora_rank = QSpinBox()
        self.lora_rank.setRange(1, 1024)
        self.lora_rank.setToolTip(tips["lora_rank"])
        self.grad_ckpt = QCheckBox(self.tr("Gradient &checkpointing"))
        self.grad_ckpt.setToolTip(tips["grad_ckpt"])
        self.optimizer = QComboBox()
        for value, text in OPTIMIZERS:
            self.optimizer.addItem(text, value)
        self.optimizer.setToolTip(tips["optimizer"])
        self.framework = QComboBox()
        for fw_id in modelled_training_frameworks():
            self.framework.addItem(training_framework(fw_id).name, fw_id)
        self.framework.setToolTip(self.tr("The training stack: it decides the logits/loss "
                                          "memory, checkpoint offload, master weights and speed"))
        self.precision = QComboBox()
        self.precision.addItem(self.tr("Framework default"), None)
        self.precision.addItem(self.tr("Mixed precision (fp32 master weights, 16 B/param)"), True)
        self.precision.addItem(self.tr("Pure 16-bit (8 B/param with AdamW)"), False)
        self.precision.setToolTip(self.tr("Full fine-tuning and pre-training: mixed precision "
                                          "keeps fp32 master weights and Adam states"))
        self.precision_used = QLabel()
        self.precision_used.setObjectName("hint")
        self.precision_used.setWordWrap(True)
        self.sharding = QComboBox()
        self.sharding.addItem(self.tr("Automatic (FSDP full shard on several GPUs for full "
                                      "fine-tuning and pre-training)"), "none")
        self.sharding.addItem(self.tr("ZeRO-1 (optimizer states)"), "zero1")
        self.sharding.addItem(self.tr("ZeRO-2 (+ gradients)"), "zero2")
        self.sharding.addItem(self.tr("ZeRO-3 (+ parameters)"), "zero3")
        self.sharding.addItem(self.tr("FSDP full shard"), "fsdp")
        self.sharding.setToolTip(tips["zero"])
        self.batch = QSpinBox()
        self.batch.setRange(1, 4096)
        self.batch.setToolTip(tips["batch"])
        self.seq_len = QSpinBox()
        self.seq_len.setRange(16, 1_048_576)
        self.seq_len.setSingleStep(256)
        self.seq_len.setGroupSeparatorShown(True)
        self.seq_len.setToolTip(tips["seq_len"])
        tf = QFormLayout(self.train_box)
        self.lora_label = _buddy(self.tr("LoRA &rank:"), self.lora_rank)
        self.lora_label.setToolTip(tips["lora_rank"])
        tf.addRow(self.lora_label, self.lora_rank)
        tf.addRow("", self.grad_ckpt)
        tf.addRow(_buddy(self.tr("&Optimizer:"), self.optimizer), self.optimizer)
        tf.addRow(_buddy(self.tr("Training fra&mework:"), self.framework), self.framework)
        self.precision_label = _buddy(self.tr("Pr&ecision:"), self.precision)
        tf.addRow(self.precision_label, self.precision)
        tf.addRow(_buddy(self.tr("Multi-GPU &sharding:"), self.sharding), self.sharding)
        tf.addRow("", self.precision_used)
        tf.addRow(_buddy(self.tr("Ba&tch size (per GPU):"), self.batch), self.batch)
        tf.addRow(_buddy(self.tr("Se&quence length (tokens):"), self.seq_len), self.seq_len)

        # inference
        self.infer_box = QGroupBox(self.tr("Inference"))
        self.prompt_tokens = QSpinBox()
        self.prompt_tokens.setRange(1, 2_000_000)
        self.prompt_tokens.setGroupSeparatorShown(True)
        self.output_tokens = QSpinBox()
        self.output_tokens.setRange(1, 1_000_000)
        self.output_tokens.setGroupSeparatorShown(True)
        self.infer_batch = QSpinBox()
        self.infer_batch.setRange(1, 4096)
        self.infer_batch.setToolTip(tips["batch"])
        self.engine = QComboBox()
        for value, text in ENGINES:
            self.engine.addItem(text, value)
        self.engine.setToolTip(tips["engine"])
        inf = QFormLayout(self.infer_box)
        inf.addRow(_buddy(self.tr("&Prompt tokens:"), self.prompt_tokens), self.prompt_tokens)
        inf.addRow(_buddy(self.tr("O&utput tokens:"), self.output_tokens), self.output_tokens)
        inf.addRow(_buddy(self.tr("Concurrent se&quences (batch):"), self.infer_batch),
                   self.infer_batch)
        inf.addRow(_buddy(self.tr("&Engine:"), self.engine), self.engine)
        self._build_serving_box()

        # image generation
        self.image_box = QGroupBox(self.tr("Image generation"))
        self.resolution = QSpinBox()
        self.resolution.setRange(64, 8192)
        self.resolution.setSingleStep(64)
        self.resolution.setSuffix(self.tr(" px"))
        self.steps = QSpinBox()
        self.steps.setRange(1, 1000)
        self.images = QSpinBox()
        self.images.setRange(1, 10_000_000)
        imf = QFormLayout(self.image_box)
        imf.addRow(_buddy(self.tr("&Resolution:"), self.resolution), self.resolution)
        self.steps_label = _buddy(self.tr("S&teps:"), self.steps)
        imf.addRow(self.steps_label, self.steps)
        imf.addRow(_buddy(self.tr("I&mages:"), self.images), self.images)

        layout, outer = _scroll_page(self)
        top_box = QWidget()
        top = QFormLayout(top_box)
        top.setContentsMargins(0, 0, 0, 0)
        wl = _buddy(self.tr("&Weights format:"), self.weights)
        wl.setToolTip(tips["weights_dtype"])
        top.addRow(wl, self.weights)
        _form_column(layout, top_box, self.train_box, self.infer_box, self.serving_box,
                     self.image_box)
        layout.addStretch(1)
        outer.addWidget(self.live)
        self._connect()

    def _build_serving_box(self) -> None:
        """vLLM/SGLang server settings (Workload fields; 0 = the engine's default, as core)."""
        self.serving_box = QGroupBox(self.tr("Server settings (vLLM / SGLang)"))
        self.max_model_len = QSpinBox()
        self.max_model_len.setRange(0, 10_000_000)
        self.max_model_len.setSingleStep(1024)
        self.max_model_len.setGroupSeparatorShown(True)
        self.max_model_len.setSpecialValueText(self.tr("Request length (default)"))
        self.max_model_len.setToolTip(self.tr(
            "max_model_len: the longest context the server accepts. vLLM reserves KV-cache room "
            "for at least one sequence this long and refuses to start if it does not fit. "
            "Default: prompt + output tokens."))
        self.gpu_memory_utilization = QDoubleSpinBox()
        self.gpu_memory_utilization.setRange(0.05, 1.0)
        self.gpu_memory_utilization.setDecimals(2)
        self.gpu_memory_utilization.setSingleStep(0.05)
        self.gpu_memory_utilization.setToolTip(self.tr(
            "gpu_memory_utilization (SGLang: mem_fraction_static): the share of each GPU's "
            "memory the server takes for weights and the KV cache pool; the rest stays free "
            "for other programs. Default 0.90."))
        self.max_num_seqs = QSpinBox()
        self.max_num_seqs.setRange(0, 65_536)
        self.max_num_seqs.setSpecialValueText(
            self.tr("%1 (default)").replace("%1", str(VLLM_MAX_NUM_SEQS)))
        self.max_num_seqs.setToolTip(self.tr(
            "max_num_seqs: the most requests the server runs at once; more wait in its queue. "
            "It caps the throughput per replica."))
        self.ttft_target = QDoubleSpinBox()
        self.ttft_target.setRange(0.0, 3600.0)
        self.ttft_target.setDecimals(2)
        self.ttft_target.setSuffix(self.tr(" s"))
        self.ttft_target.setSpecialValueText(self.tr("No target"))
        self.ttft_target.setToolTip(self.tr(
            "Time to first token (TTFT): how long a user waits before the answer starts "
            "(queueing + prompt processing). With a target, each replica serves fewer requests "
            "at once so the target holds, and more replicas are sized."))
        self.itl_target = QDoubleSpinBox()
        self.itl_target.setRange(0.0, 60.0)
        self.itl_target.setDecimals(3)
        self.itl_target.setSingleStep(0.01)
        self.itl_target.setSuffix(self.tr(" s"))
        self.itl_target.setSpecialValueText(self.tr("No target"))
        self.itl_target.setToolTip(self.tr(
            "Inter-token latency (ITL): the time between two generated tokens of one answer "
            "(0.05 s = 20 tokens/s per user). With a target, each replica serves fewer requests "
            "at once so the target holds."))
        sf = QFormLayout(self.serving_box)
        sf.addRow(_buddy(self.tr("Max model &length (tokens):"), self.max_model_len),
                  self.max_model_len)
        sf.addRow(_buddy(self.tr("GPU &memory utilization:"), self.gpu_memory_utilization),
                  self.gpu_memory_utilization)
        sf.addRow(_buddy(self.tr("Max &running sequences:"), self.max_num_seqs),
                  self.max_num_seqs)
        self.ttft_label = _buddy(self.tr("&TTFT target (p50):"), self.ttft_target)
        sf.addRow(self.ttft_label, self.ttft_target)
        self.itl_label = _buddy(self.tr("&ITL target:"), self.itl_target)
        sf.addRow(self.itl_label, self.itl_target)
        self.targets_hint = QLabel(self.tr("Latency targets apply when a request rate is set on "
                                           "the budget page."))
        self.targets_hint.setObjectName("hint")
        self.targets_hint.setWordWrap(True)
        sf.addRow("", self.targets_hint)

    def _connect_serving(self) -> None:
        c = self.controller
        self.max_model_len.valueChanged.connect(lambda v: c.update(max_model_len=v or None))
        self.gpu_memory_utilization.valueChanged.connect(
            lambda v: c.update(gpu_memory_utilization=round(v, 2)))
        self.max_num_seqs.valueChanged.connect(lambda v: c.update(max_num_seqs=v or None))
        self.ttft_target.valueChanged.connect(lambda v: c.update(ttft_target_s=v or None))
        self.itl_target.valueChanged.connect(lambda v: c.update(itl_target_s=v or None))

    def _sync_serving(self, w: Workload) -> None:
        paged = w.task == "inference" and w.framework.lower() in PAGED_KV_ENGINES
        self.serving_box.setVisible(paged)
        serving = w.requests_per_minute is not None
        for wid in (self.ttft_label, self.ttft_target, self.itl_label, self.itl_target):
            wid.setVisible(serving)
        self.targets_hint.setVisible(not serving)
        _set_spin(self.max_model_len, w.max_model_len or 0)
        _set_spin(self.gpu_memory_utilization, w.gpu_memory_utilization)
        _set_spin(self.max_num_seqs, w.max_num_seqs or 0)
        _set_spin(self.ttft_target, w.ttft_target_s or 0.0)
        _set_spin(self.itl_target, w.itl_target_s or 0.0)

    def _connect(self) -> None:
        c = self.controller
        self._connect_serving()
        self.weights.currentIndexChanged.connect(
            lambda: c.update(weights_dtype=self.weights.currentData()))
        self.lora_rank.valueChanged.connect(self._on_lora_rank)
        self.grad_ckpt.toggled.connect(lambda on: c.update(grad_ckpt=on))
        self.optimizer.currentIndexChanged.connect(
            lambda: c.update(optimizer=self.optimizer.currentData()))
        self.sharding.currentIndexChanged.connect(self._on_sharding)
        self.framework.currentIndexChanged.connect(
            lambda: c.update(framework=self.framework.currentData()))
        self.precision.currentIndexChanged.connect(
            lambda: c.update(master_weights=self.precision.currentData()))
        self.batch.valueChanged.connect(lambda v: c.update(batch=v))
        self.seq_len.valueChanged.connect(lambda v: c.update(seq_len=v))
        self.prompt_tokens.valueChanged.connect(
            lambda v: c.update(prompt_len=v, avg_prompt_tokens=v))
        self.output_tokens.valueChanged.connect(
            lambda v: c.update(new_tokens=v, avg_output_tokens=v))
        self.infer_batch.valueChanged.connect(lambda v: c.update(batch=v))
        self.engine.currentIndexChanged.connect(
            lambda: c.update(framework=self.engine.currentData()))
        self.resolution.valueChanged.connect(lambda v: c.update(resolution=v))
        self.steps.valueChanged.connect(lambda v: c.update(steps=v))
        self.images.valueChanged.connect(lambda v: c.update(images=v))
        self._connect_sync()

    @Slot(int)
    def _on_lora_rank(self, r: int) -> None:
        lora = self.controller.workload.lora
        data = lora.model_dump() if lora is not None else {}
        self.controller.update(lora={**data, "r": r})

    def _used_text(self, w: Workload) -> str:
        """What the ranking will use: precision, framework and sharding (from core)."""
        try:
            mixed = uses_master_weights(w)
            name = training_framework(w.framework).name
        except ValueError as exc:
            return str(exc)
        if w.task in ("lora", "qlora"):
            prec = self.tr("frozen base, fp32 adapters")
        elif mixed:
            prec = self.tr("mixed precision (fp32 master weights)")
        else:
            prec = self.tr("pure %1").replace("%1", w.weights_dtype)
        par = w.parallelism
        if par.fsdp:
            shard = self.tr("FSDP full shard")
        elif par.zero_stage:
            shard = self.tr("ZeRO-%1").replace("%1", str(par.zero_stage))
        elif w.task in ("full_ft", "pretrain"):
            shard = self.tr("FSDP full shard on 2+ GPUs, none on one")
        else:
            shard = self.tr("plain data parallel")
        return self.tr("The ranking uses: %1; %2; %3.").replace("%1", name).replace(
            "%2", prec).replace("%3", shard)

    @Slot()
    def _on_sharding(self) -> None:
        v = self.sharding.currentData()
        par = self.controller.workload.parallelism.model_dump()
        par.update(zero_stage={"zero1": 1, "zero2": 2, "zero3": 3}.get(v, 0), fsdp=v == "fsdp")
        self.controller.update(parallelism=par)

    def sync_from(self, w: Workload) -> None:
        training = w.is_training
        inference = w.task in ("inference", "decode_ceiling")
        self.train_box.setVisible(training)
        self.infer_box.setVisible(inference)
        self.image_box.setVisible(w.task in ("image_gen", "diffusion_lora"))
        self.steps.setVisible(w.task == "image_gen")
        self.steps_label.setVisible(w.task == "image_gen")
        lora = w.task in ("lora", "qlora")
        self.lora_rank.setVisible(lora)
        self.lora_label.setVisible(lora)
        if self.weights.findData(w.weights_dtype) < 0:
            self.weights.addItem(w.weights_dtype.upper(), w.weights_dtype)
        _set_combo(self.weights, w.weights_dtype)
        _set_spin(self.lora_rank, w.lora.r if w.lora else 16)
        if self.grad_ckpt.isChecked() != w.grad_ckpt:
            with QSignalBlocker(self.grad_ckpt):
                self.grad_ckpt.setChecked(w.grad_ckpt)
        _set_combo(self.optimizer, w.optimizer)
        par = w.parallelism
        _set_combo(self.sharding, "fsdp" if par.fsdp else
                   {1: "zero1", 2: "zero2", 3: "zero3"}.get(par.zero_stage, "none"))
        if training and self.framework.findData(w.framework) >= 0:
            _set_combo(self.framework, w.framework)
        full = w.task in ("full_ft", "pretrain")
        self.precision.setVisible(full)
        self.precision_label.setVisible(full)
        if self.precision.currentData() != w.master_weights:
            with QSignalBlocker(self.precision):
                self.precision.setCurrentIndex(max(0, self.precision.findData(w.master_weights)))
        self.precision_used.setText(self._used_text(w) if training else "")
        self.precision_used.setVisible(training)
        _set_spin(self.batch, w.batch)
        _set_spin(self.infer_batch, w.batch)
        _set_spin(self.seq_len, w.training_seq_len())
        _set_spin(self.prompt_tokens, w.prompt_len or w.avg_prompt_tokens)
        _set_spin(self.output_tokens, w.new_tokens or w.avg_output_tokens)
        if self.engine.findData(w.framework) >= 0:
            _set_combo(self.engine, w.framework)
        _set_spin(self.resolution, w.resolution)
        _set_spin(self.steps, w.steps)
        _set_spin(self.images, w.images)
        self._sync_serving(w)


class BudgetPage(_Page):
    """Money, time, pricing type and the ranking goal."""

    def __init__(self, controller: WorkloadController, parent: QWidget | None = None) -> None:
        super().__init__(controller, parent)
        self.setTitle(self.tr("Budget and time"))
        self.setSubTitle(self.tr("Limits are optional: leave a field at “No limit” to see every "
                                 "option."))
        tips = glossary()

        # money is entered in the display currency (snapshot.money) and stored in USD
        self.budget_usd = _money_spin(1e9, "", self.tr("No limit"))
        self.max_usd_per_hour = _money_spin(1e7, self.tr(" / hour"), self.tr("No limit"))
        self.region = QComboBox()
        self.region.addItem(self.tr("Anywhere"), None)
        self.region.addItem(self.tr("China (CN) only"), "CN")
        self.region.addItem(self.tr("United States (US) only"), "US")
        self.region.addItem(self.tr("EU only"), "EU")
        self.region.setToolTip(self.tr("Keep only offers of providers in this country or region; "
                                       "the results say when an option elsewhere is cheaper."))
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
        self.preferred_gpu.setToolTip(self.tr("A GPU you own or prefer: if the job does not fit "
                                              "it, the results list what to change."))
        self.gpu_count = QSpinBox()  # Workload.num_gpus: the count the fit check and advice use
        self.gpu_count.setRange(1, 64)
        self.gpu_count.setToolTip(self.tr("How many of the preferred GPU you have or want: the "
                                          "fit check and the advice are for this many."))

        self.dataset_mtokens = NumberSpinBox()
        self.dataset_mtokens.setRange(0.0, 100_000_000.0)
        self.dataset_mtokens.setDecimals(1)
        self.dataset_mtokens.setSuffix(self.tr(" M tokens"))
        self.dataset_mtokens.setGroupSeparatorShown(True)
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
        self.requests_per_minute.setToolTip(self.tr(
            "Serving load: with a request rate the results size replicas for it and show the "
            "monthly cost and the cost per million tokens."))
        self.train_hours = NumberSpinBox()
        self.train_hours.setRange(0.0, 100_000.0)
        self.train_hours.setDecimals(1)
        self.train_hours.setSuffix(self.tr(" h"))
        self.train_hours.setSpecialValueText(self.tr("From dataset size"))

        money_box = QGroupBox(self.tr("Money"))
        mf = QFormLayout(money_box)
        self.budget_label = _buddy(self.tr("&Total budget:"), self.budget_usd)
        mf.addRow(self.budget_label, self.budget_usd)
        self.rate_label = _buddy(self.tr("Max &price per hour:"), self.max_usd_per_hour)
        mf.addRow(self.rate_label, self.max_usd_per_hour)
        mf.addRow(_buddy(self.tr("Pro&viders in:"), self.region), self.region)
        mf.addRow(_buddy(self.tr("P&ricing:"), self.pricing), self.pricing)
        mf.addRow(_buddy(self.tr("G&oal:"), self.goal), self.goal)
        mf.addRow(_buddy(self.tr("Preferred GP&U:"), self.preferred_gpu), self.preferred_gpu)
        mf.addRow(_buddy(self.tr("GPU &count:"), self.gpu_count), self.gpu_count)
        self.time_box = QGroupBox(self.tr("Time"))
        tf = QFormLayout(self.time_box)
        tf.addRow(_buddy(self.tr("&Deadline:"), self.deadline_hours), self.deadline_hours)
        self.dataset_label = _buddy(self.tr("Data&set size:"), self.dataset_mtokens)
        tf.addRow(self.dataset_label, self.dataset_mtokens)
        self.epochs_label = _buddy(self.tr("&Epochs:"), self.epochs)
        tf.addRow(self.epochs_label, self.epochs)
        self.rpm_label = _buddy(self.tr("Re&quests per minute:"), self.requests_per_minute)
        tf.addRow(self.rpm_label, self.requests_per_minute)
        self.hours_label = _buddy(self.tr("…or planned run &length:"), self.train_hours)
        tf.addRow(self.hours_label, self.train_hours)

        layout, outer = _scroll_page(self)
        _form_column(layout, money_box, self.time_box)
        layout.addStretch(1)
        outer.addWidget(self.live)
        self._connect()

    def _connect(self) -> None:
        c = self.controller
        for spin in (self.budget_usd, self.max_usd_per_hour, self.deadline_hours,
                     self.dataset_mtokens, self.epochs, self.requests_per_minute,
                     self.train_hours):
            spin.rejected.connect(c.inputRejected)
        self.budget_usd.valueChanged.connect(
            lambda v: c.update(budget_usd=c.snapshot.money.to_usd(v) if v else None))
        self.max_usd_per_hour.valueChanged.connect(
            lambda v: c.update(max_usd_per_hour=c.snapshot.money.to_usd(v) if v else None))
        self.region.currentIndexChanged.connect(
            lambda: c.update(region=self.region.currentData()))
        c.modelsChanged.connect(lambda: self.sync_from(c.workload))
        self.deadline_hours.valueChanged.connect(lambda v: c.update(deadline_hours=v or None))
        self.pricing.currentIndexChanged.connect(lambda: c.update(pricing=self.pricing.currentData()))
        self.goal.currentIndexChanged.connect(lambda: c.set_goal(self.goal.currentData()))
        self.preferred_gpu.currentIndexChanged.connect(
            lambda: c.update(gpu=self.preferred_gpu.currentData()))
        self.gpu_count.valueChanged.connect(lambda v: c.update(num_gpus=v))
        self.dataset_mtokens.valueChanged.connect(
            lambda v: c.update(dataset_tokens=v * 1e6 if v else None))
        self.epochs.valueChanged.connect(lambda v: c.update(epochs=v))
        self.train_hours.valueChanged.connect(lambda v: c.update(train_hours=v or None))
        self.requests_per_minute.valueChanged.connect(
            lambda v: c.update(requests_per_minute=v or None))
        self._connect_sync()

    def sync_from(self, w: Workload) -> None:
        money = self.controller.snapshot.money
        for spin in (self.budget_usd, self.max_usd_per_hour):
            spin.setPrefix(SYMBOLS.get(money.currency, money.currency) + " ")
        self.budget_label.setText(self.tr("&Total budget (%1):").replace("%1", money.currency))
        self.rate_label.setText(self.tr("Max &price per hour (%1):").replace("%1",
                                                                           money.currency))
        _set_spin(self.budget_usd, round(money.from_usd(w.budget_usd), 2) if w.budget_usd
                  else NO_LIMIT)
        _set_spin(self.max_usd_per_hour, round(money.from_usd(w.max_usd_per_hour), 2)
                  if w.max_usd_per_hour else NO_LIMIT)
        _set_combo(self.region, w.region)
        _set_spin(self.deadline_hours, w.deadline_hours or 0.0)
        _set_combo(self.pricing, w.pricing)
        _set_combo(self.goal, self.controller.goal)
        _set_combo(self.preferred_gpu, w.gpu)
        _set_spin(self.gpu_count, min(w.num_gpus, self.gpu_count.maximum()))
        _set_spin(self.dataset_mtokens, (w.dataset_tokens or 0.0) / 1e6)
        _set_spin(self.epochs, w.epochs)
        _set_spin(self.train_hours, w.train_hours or 0.0)
        _set_spin(self.requests_per_minute, w.requests_per_minute or 0.0)
        for wid in (self.rpm_label, self.requests_per_minute):
            wid.setVisible(w.task == "inference")
        training = w.is_training
        for wid in (self.dataset_label, self.dataset_mtokens, self.epochs_label, self.epochs):
            wid.setVisible(training)
        self.hours_label.setText(self.tr("…or planned run &length:") if training
                                 else self.tr("Planned run &length:"))
        # without a dataset (inference, images) "from dataset size" means nothing
        self.train_hours.setSpecialValueText(self.tr("From dataset size") if training
                                             else self.tr("Not set"))
