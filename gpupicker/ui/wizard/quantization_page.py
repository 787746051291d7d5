"""The wizard's precision page: weights and KV-cache formats, training method and framework
(precision, sharding), server settings for paged-KV engines, batch and sequence lengths.
"""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt, Slot
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QWidget,
)
from typing_extensions import override

from ...core.memory import PAGED_KV_ENGINES
from ...core.memory.fraction_pool import FRACTION_POOL_ENGINES, pool_fraction
from ...core.memory.paged import VLLM_MAX_NUM_SEQS
from ...core.memory.training_states import uses_master_weights
from ...core.stacks.frameworks import framework_row
from ...core.stacks.quant_support import MODELSLIM_FORMATS, modelslim_formats, weight_format
from ...core.stacks.training_frameworks import modelled_training_frameworks, training_framework
from ...core.workload import Workload
from ...core.workload.spellings import QUANT_FORMAT_DTYPES
from ..controller import WorkloadController
from ..i18n.placeholders import tr_fmt
from ..i18n.texts import glossary
from ..i18n.zh_counts import code_name
from ..widgets.number_input import IntSpinBox, NumberSpinBox
from .engine_choices import inference_engines
from .page_base import (
    Page,
    buddy,
    form_column,
    scroll_page,
    set_combo,
    set_spin,
)
from .serving_flags_text import label_serving_box

WEIGHT_FORMATS: tuple[tuple[str, str], ...] = (
    ("fp32", "FP32"),
    ("bf16", "BF16"),
    ("fp16", "FP16"),
    ("fp8", "FP8"),
    ("int8", "INT8"),
    ("nf4", "NF4 (4-bit, bitsandbytes)"),
    ("int4", "INT4 (GPTQ / AWQ)"),
    ("q4_k_m", "GGUF Q4_K_M"),
    ("q5_k_m", "GGUF Q5_K_M"),
    ("q8_0", "GGUF Q8_0"),
)
OPTIMIZERS: tuple[tuple[str, str], ...] = (
    ("adamw", "AdamW"),
    ("adamw8bit", "AdamW 8-bit"),
    ("paged_adamw8bit", "Paged AdamW 8-bit"),
    ("adafactor", "Adafactor"),
    ("lion", "Lion"),
    ("sgd", "SGD"),
)


class QuantizationPage(Page):
    """Precision, adapters, memory savers, batch and lengths."""

    controller: WorkloadController  # built with the controller (Page allows None)

    def __init__(self, controller: WorkloadController, parent: QWidget | None = None) -> None:
        super().__init__(controller, parent)
        self.setTitle(self.tr("Precision and batch"))
        self.setSubTitle(
            self.tr("How the weights are stored and how much data goes through the GPU at once.")
        )
        tips = glossary()
        self.weights = QComboBox()
        for value, text in WEIGHT_FORMATS:
            self.weights.addItem(text, value)
        self.weights.setToolTip(tips["weights_dtype"])
        self._weights_shown = ""  # the format the combo shows (a dtype, or w8a8 / w4a8)

        self._build_training_box()
        self._build_inference_box()
        self._build_serving_box()
        self._build_image_box()

        layout, outer = scroll_page(self)
        top_box = QWidget()
        top = QFormLayout(top_box)
        top.setContentsMargins(0, 0, 0, 0)
        wl = buddy(self.tr("&Weights format:"), self.weights)
        wl.setToolTip(tips["weights_dtype"])
        top.addRow(wl, self.weights)
        form_column(layout, top_box, self.train_box, self.infer_box, self.serving_box, self.image_box)
        layout.addStretch(1)
        outer.addWidget(self.live)
        self._connect()

    def _build_training_box(self) -> None:
        """The Training group: LoRA rank, checkpointing, optimizer, framework, precision,
        sharding, batch and sequence length."""
        tips = glossary()
        self.train_box = QGroupBox(self.tr("Training"))
        self.lora_rank = IntSpinBox()
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
        self.framework.setToolTip(
            self.tr(
                "The training stack: it decides the logits/loss "
                "memory, checkpoint offload, master weights and speed"
            )
        )
        self.precision = QComboBox()
        self.precision.addItem(self.tr("Framework default"), None)
        self.precision.addItem(self.tr("Mixed precision (fp32 master weights, 16 B/param)"), True)
        self.precision.addItem(self.tr("Pure 16-bit (8 B/param with AdamW)"), False)
        self.precision.setToolTip(
            self.tr(
                "Full fine-tuning and pre-training: mixed precision keeps fp32 master weights and Adam states"
            )
        )
        self.precision_used = QLabel()
        self.precision_used.setTextFormat(Qt.TextFormat.PlainText)  # names are data, not markup
        self.precision_used.setObjectName("hint")
        self.precision_used.setWordWrap(True)
        self.sharding = QComboBox()
        self.sharding.addItem(
            self.tr("Automatic (FSDP full shard on several GPUs for full fine-tuning and pre-training)"),
            "none",
        )
        self.sharding.addItem(self.tr("ZeRO-1 (optimizer states)"), "zero1")
        self.sharding.addItem(self.tr("ZeRO-2 (+ gradients)"), "zero2")
        self.sharding.addItem(self.tr("ZeRO-3 (+ parameters)"), "zero3")
        self.sharding.addItem(self.tr("FSDP full shard"), "fsdp")
        self.sharding.setToolTip(tips["zero"])
        self.batch = IntSpinBox()
        self.batch.setRange(1, 4096)
        self.batch.setToolTip(tips["batch"])
        self.seq_len = IntSpinBox()
        self.seq_len.setRange(16, 1_048_576)
        self.seq_len.setSingleStep(256)
        self.seq_len.setGroupSeparatorShown(True)
        self.seq_len.setToolTip(tips["seq_len"])
        tf = QFormLayout(self.train_box)
        self.lora_label = buddy(self.tr("LoRA &rank:"), self.lora_rank)
        self.lora_label.setToolTip(tips["lora_rank"])
        tf.addRow(self.lora_label, self.lora_rank)
        tf.addRow("", self.grad_ckpt)
        tf.addRow(buddy(self.tr("&Optimizer:"), self.optimizer), self.optimizer)
        tf.addRow(buddy(self.tr("Training fra&mework:"), self.framework), self.framework)
        self.precision_label = buddy(self.tr("Pr&ecision:"), self.precision)
        tf.addRow(self.precision_label, self.precision)
        tf.addRow(buddy(self.tr("Multi-GPU &sharding:"), self.sharding), self.sharding)
        tf.addRow("", self.precision_used)
        tf.addRow(buddy(self.tr("Ba&tch size (per GPU):"), self.batch), self.batch)
        tf.addRow(buddy(self.tr("Se&quence length (tokens):"), self.seq_len), self.seq_len)

    def _build_inference_box(self) -> None:
        """The Inference group: prompt and output tokens, concurrent sequences, engine."""
        tips = glossary()
        self.infer_box = QGroupBox(self.tr("Inference"))
        self.prompt_tokens = IntSpinBox()
        self.prompt_tokens.setRange(1, 2_000_000)
        self.prompt_tokens.setGroupSeparatorShown(True)
        self.output_tokens = IntSpinBox()
        self.output_tokens.setRange(1, 1_000_000)
        self.output_tokens.setGroupSeparatorShown(True)
        self.infer_batch = IntSpinBox()
        self.infer_batch.setRange(1, 4096)
        self.infer_batch.setToolTip(tips["batch"])
        self.engine = QComboBox()
        for value, text, tip in inference_engines():
            self.engine.addItem(text, value)
            self.engine.setItemData(self.engine.count() - 1, tip, Qt.ItemDataRole.ToolTipRole)
        self.engine.setToolTip(tips["engine"])
        inf = QFormLayout(self.infer_box)
        inf.addRow(buddy(self.tr("&Prompt tokens:"), self.prompt_tokens), self.prompt_tokens)
        inf.addRow(buddy(self.tr("O&utput tokens:"), self.output_tokens), self.output_tokens)
        inf.addRow(buddy(self.tr("Concurrent se&quences (batch):"), self.infer_batch), self.infer_batch)
        inf.addRow(buddy(self.tr("&Engine:"), self.engine), self.engine)

    def _build_image_box(self) -> None:
        """The Image generation group: resolution, steps, images."""
        self.image_box = QGroupBox(self.tr("Image generation"))
        self.resolution = IntSpinBox()
        self.resolution.setRange(64, 8192)
        self.resolution.setSingleStep(64)
        self.resolution.setSuffix(self.tr(" px"))
        self.steps = IntSpinBox()
        self.steps.setRange(1, 1000)
        self.images = IntSpinBox()
        self.images.setRange(1, 10_000_000)
        imf = QFormLayout(self.image_box)
        imf.addRow(buddy(self.tr("&Resolution:"), self.resolution), self.resolution)
        self.steps_label = buddy(self.tr("S&teps:"), self.steps)
        imf.addRow(self.steps_label, self.steps)
        imf.addRow(buddy(self.tr("I&mages:"), self.images), self.images)

    def _build_serving_box(self) -> None:
        """A paged-KV server's settings (Workload fields; 0 = the engine's default, as core);
        the title names the job's engine (:meth:`_sync_serving`)."""
        self.serving_box = QGroupBox()
        self.max_model_len = IntSpinBox()
        self.max_model_len.setRange(0, 10_000_000)
        self.max_model_len.setSingleStep(1024)
        self.max_model_len.setGroupSeparatorShown(True)
        self.max_model_len.setSpecialValueText(self.tr("Request length (default)"))
        self.gpu_memory_utilization = NumberSpinBox()
        self.gpu_memory_utilization.setRange(0.05, 1.0)
        self.gpu_memory_utilization.setDecimals(2)
        self.gpu_memory_utilization.setSingleStep(0.05)
        self.max_num_seqs = IntSpinBox()
        self.max_num_seqs.setRange(0, 65_536)
        self.max_num_seqs.setSpecialValueText(tr_fmt(self.tr("%1 (default)"), str(VLLM_MAX_NUM_SEQS)))
        self.ttft_target = NumberSpinBox()
        self.ttft_target.setRange(0.0, 3600.0)
        self.ttft_target.setDecimals(2)
        self.ttft_target.setSuffix(self.tr(" s"))
        self.ttft_target.setSpecialValueText(self.tr("No target"))
        self.ttft_target.setToolTip(
            self.tr(
                "Time to first token (TTFT): how long a user waits before the answer starts "
                "(queueing + prompt processing). With a target, each replica serves fewer requests "
                "at once so the target holds, and more replicas are sized."
            )
        )
        self.itl_target = NumberSpinBox()
        self.itl_target.setRange(0.0, 60.0)
        self.itl_target.setDecimals(3)
        self.itl_target.setSingleStep(0.01)
        self.itl_target.setSuffix(self.tr(" s"))
        self.itl_target.setSpecialValueText(self.tr("No target"))
        self.itl_target.setToolTip(
            self.tr(
                "Inter-token latency (ITL): the time between two generated tokens of one answer "
                "(0.05 s = 20 tokens/s per user). With a target, each replica serves fewer requests "
                "at once so the target holds."
            )
        )
        sf = QFormLayout(self.serving_box)
        # labels and tooltips name the job's engine's flags (serving_flags_text, on each sync)
        self.max_model_len_label = buddy("", self.max_model_len)
        sf.addRow(self.max_model_len_label, self.max_model_len)
        self.memory_label = buddy("", self.gpu_memory_utilization)
        sf.addRow(self.memory_label, self.gpu_memory_utilization)
        self.max_num_seqs_label = buddy("", self.max_num_seqs)
        sf.addRow(self.max_num_seqs_label, self.max_num_seqs)
        label_serving_box(self, "vllm")
        self.ttft_label = buddy(self.tr("&TTFT target (p50):"), self.ttft_target)
        sf.addRow(self.ttft_label, self.ttft_target)
        self.itl_label = buddy(self.tr("&ITL target:"), self.itl_target)
        sf.addRow(self.itl_label, self.itl_target)
        self.targets_hint = QLabel(
            self.tr("Latency targets apply when a request rate is set on the budget page.")
        )
        self.targets_hint.setObjectName("hint")
        self.targets_hint.setWordWrap(True)
        sf.addRow("", self.targets_hint)

    def _connect_serving(self) -> None:
        c = self.controller
        self.max_model_len.valueChanged.connect(lambda v: c.update(max_model_len=v or None))
        self.gpu_memory_utilization.valueChanged.connect(
            lambda v: c.update(gpu_memory_utilization=round(v, 2))
        )
        self.max_num_seqs.valueChanged.connect(lambda v: c.update(max_num_seqs=v or None))
        self.ttft_target.valueChanged.connect(lambda v: c.update(ttft_target_s=v or None))
        self.itl_target.valueChanged.connect(lambda v: c.update(itl_target_s=v or None))

    def _sync_serving(self, w: Workload) -> None:
        paged = w.task == "inference" and w.framework.lower() in PAGED_KV_ENGINES
        self.serving_box.setVisible(paged)
        self.serving_box.setTitle(tr_fmt(self.tr("Server settings (%1)"), code_name(w.framework.lower())))
        label_serving_box(self, w.framework)
        serving = w.requests_per_minute is not None
        for wid in (self.ttft_label, self.ttft_target, self.itl_label, self.itl_target):
            wid.setVisible(serving)
        self.targets_hint.setVisible(not serving)
        set_spin(self.max_model_len, w.max_model_len or 0)
        fw = w.framework.lower()
        # SGLang, LMDeploy, TensorRT-LLM: their own default fraction while the job sets none
        frac = pool_fraction(w, fw, w.num_gpus) if fw in FRACTION_POOL_ENGINES else w.gpu_memory_utilization
        set_spin(self.gpu_memory_utilization, frac)
        set_spin(self.max_num_seqs, w.max_num_seqs or 0)
        set_spin(self.ttft_target, w.ttft_target_s or 0.0)
        set_spin(self.itl_target, w.itl_target_s or 0.0)

    def spin_boxes(self) -> list[IntSpinBox | NumberSpinBox]:
        """Every number box of the page (each applies on commit and reports bad text)."""
        return [*self.findChildren(IntSpinBox), *self.findChildren(NumberSpinBox)]

    def _connect(self) -> None:
        c = self.controller
        for spin in self.spin_boxes():
            spin.rejected.connect(c.inputRejected)
        self._connect_serving()
        self.weights.currentIndexChanged.connect(self._on_weights)
        self.lora_rank.valueChanged.connect(self._on_lora_rank)
        self.grad_ckpt.toggled.connect(lambda on: c.update(grad_ckpt=on))
        self.optimizer.currentIndexChanged.connect(lambda: c.update(optimizer=self.optimizer.currentData()))
        self.sharding.currentIndexChanged.connect(self._on_sharding)
        self.framework.currentIndexChanged.connect(lambda: c.update(framework=self.framework.currentData()))
        self.precision.currentIndexChanged.connect(
            lambda: c.update(master_weights=self.precision.currentData())
        )
        self.batch.valueChanged.connect(lambda v: c.update(batch=v))
        self.seq_len.valueChanged.connect(lambda v: c.update(seq_len=v))
        self.prompt_tokens.valueChanged.connect(lambda v: c.update(prompt_len=v))
        self.output_tokens.valueChanged.connect(lambda v: c.update(new_tokens=v))
        self.infer_batch.valueChanged.connect(lambda v: c.update(batch=v))
        self.engine.currentIndexChanged.connect(lambda: c.update(framework=self.engine.currentData()))
        self.resolution.valueChanged.connect(lambda v: c.update(resolution=v))
        self.steps.valueChanged.connect(lambda v: c.update(steps=v))
        self.images.valueChanged.connect(lambda v: c.update(images=v))
        self._connect_sync()

    def modelslim_items(self) -> dict[str, tuple[str, str]]:
        """The Ascend ModelSlim entries of the weights list: format → (label, tooltip)."""
        return {
            "w8a8": (
                self.tr("W8A8 (INT8 weights and activations)"),
                self.tr(
                    "W8A8: weights and activations in INT8 (8-bit integers), multiplied on the "
                    "INT8 units; about half the memory of BF16 weights. The Ascend ModelSlim "
                    "format vLLM-Ascend and MindIE load on Ascend 910B / 910C, whose engines load "
                    "no AWQ, GPTQ or FP8."
                ),
            ),
            "w4a8": (
                self.tr("W4A8 (INT4 weights, INT8 activations)"),
                self.tr(
                    "W4A8: weights in INT4 (4-bit integers), activations in INT8; about a quarter "
                    "of the memory of BF16 weights. The Ascend ModelSlim 4-bit format "
                    "vLLM-Ascend loads on Ascend 910B / 910C."
                ),
            ),
        }

    def _sync_weights(self, w: Workload) -> None:
        """Offer W8A8 / W4A8 where the support table says the engine loads them
        (``core.stacks.quant_support.modelslim_formats``; inference only), and always the
        format the workload uses; select it."""
        fmt = weight_format(w.weights_dtype, w.quant_method)
        shown = fmt if fmt in MODELSLIM_FORMATS else w.weights_dtype
        try:
            engine = framework_row(w.framework).name
        except ValueError:  # an engine core does not know: no ModelSlim entries
            engine = ""
        inference = w.is_text_inference
        offered = set(modelslim_formats(engine)) if inference else set()
        offered |= {shown} & set(MODELSLIM_FORMATS)
        with QSignalBlocker(self.weights):
            for value, (text, tip) in self.modelslim_items().items():
                i = self.weights.findData(value)
                if value in offered and i < 0:
                    self.weights.addItem(text, value)
                    self.weights.setItemData(self.weights.count() - 1, tip, Qt.ItemDataRole.ToolTipRole)
                elif value not in offered and i >= 0:
                    self.weights.removeItem(i)
            if self.weights.findData(shown) < 0:
                self.weights.addItem(shown.upper(), shown)
        set_combo(self.weights, shown)
        self._weights_shown = shown

    @Slot()
    def _on_weights(self) -> None:
        """A ModelSlim entry sets the width and the method (int8 + w8a8, int4 + w4a8);
        leaving one for a plain format drops its method too."""
        value = self.weights.currentData()
        if value in QUANT_FORMAT_DTYPES:
            dtype, method = QUANT_FORMAT_DTYPES[value]
            self.controller.update(weights_dtype=dtype, quant_method=method)
        elif self._weights_shown in MODELSLIM_FORMATS:
            self.controller.update(weights_dtype=value, quant_method=None)
        else:
            self.controller.update(weights_dtype=value)

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
        if w.is_adapter_training:
            prec = self.tr("frozen base, fp32 adapters")
        elif mixed:
            prec = self.tr("mixed precision (fp32 master weights)")
        else:
            prec = tr_fmt(self.tr("pure %1"), w.weights_dtype)
        par = w.parallelism
        if par.fsdp:
            shard = self.tr("FSDP full shard")
        elif par.zero_stage:
            shard = tr_fmt(self.tr("ZeRO-%1"), str(par.zero_stage))
        elif w.is_full_training:
            shard = self.tr("FSDP full shard on 2+ GPUs, none on one")
        else:
            shard = self.tr("plain data parallel")
        return tr_fmt(self.tr("The ranking uses: %1; %2; %3."), name, prec, shard)

    @Slot()
    def _on_sharding(self) -> None:
        v = self.sharding.currentData()
        par = self.controller.workload.parallelism.model_dump()
        par.update(zero_stage={"zero1": 1, "zero2": 2, "zero3": 3}.get(v, 0), fsdp=v == "fsdp")
        self.controller.update(parallelism=par)

    @override
    def sync_from(self, w: Workload) -> None:
        training = w.is_training
        inference = w.is_text_inference
        self.train_box.setVisible(training)
        self.infer_box.setVisible(inference)
        self.image_box.setVisible(w.is_image)
        self.steps.setVisible(w.task == "image_gen")
        self.steps_label.setVisible(w.task == "image_gen")
        lora = w.is_adapter_training
        self.lora_rank.setVisible(lora)
        self.lora_label.setVisible(lora)
        self._sync_weights(w)
        set_spin(self.lora_rank, w.lora.r if w.lora else 16)
        if self.grad_ckpt.isChecked() != w.grad_ckpt:
            with QSignalBlocker(self.grad_ckpt):
                self.grad_ckpt.setChecked(w.grad_ckpt)
        set_combo(self.optimizer, w.optimizer)
        par = w.parallelism
        set_combo(
            self.sharding,
            "fsdp" if par.fsdp else {1: "zero1", 2: "zero2", 3: "zero3"}.get(par.zero_stage, "none"),
        )
        if training and self.framework.findData(w.framework) >= 0:
            set_combo(self.framework, w.framework)
        full = w.is_full_training
        self.precision.setVisible(full)
        self.precision_label.setVisible(full)
        if self.precision.currentData() != w.master_weights:
            with QSignalBlocker(self.precision):
                self.precision.setCurrentIndex(max(0, self.precision.findData(w.master_weights)))
        self.precision_used.setText(self._used_text(w) if training else "")
        self.precision_used.setVisible(training)
        set_spin(self.batch, w.batch)
        set_spin(self.infer_batch, w.batch)
        set_spin(self.seq_len, w.training_seq_len())
        set_spin(self.prompt_tokens, w.avg_prompt_tokens)
        set_spin(self.output_tokens, w.avg_output_tokens)
        if inference and self.engine.findData(w.framework) < 0:
            # a framework core accepts for inference but no engine row lists: shown as itself
            with QSignalBlocker(self.engine):
                self.engine.addItem(w.framework, w.framework)
        set_combo(self.engine, w.framework)
        set_spin(self.resolution, w.resolution)
        set_spin(self.steps, w.steps)
        set_spin(self.images, w.images)
        self._sync_serving(w)
