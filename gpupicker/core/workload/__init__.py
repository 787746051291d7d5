"""The ``Workload``: one description of a job, shared by the wizard, the CLI and tests.

It accepts, as they are, the input fields of the validation cases in
``validation/h200.jsonl`` (extra fields such as ``id`` and ``measured``
are ignored), a ``model`` given as a dict of Hugging Face ``config.json``
fields, or a ``model_id`` resolved against the catalog by the caller.
"""

from __future__ import annotations

from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ..dtypes import bytes_per_kv_element, bytes_per_weight, expand_weight_groups
from ..hardware.specs import Pricing
from ..messages import Message, join, msg
from ..model_arch import ModelArch
from ..speculative import Speculative
from ..tasks import (
    ADAPTER_TASKS,
    FULL_TRAINING_TASKS,
    IMAGE_TASKS,
    TEXT_INFERENCE_TASKS,
    TRAINING_TASKS,
    Task,
)
from .parts import (
    PACKED_DOC_HELP,
    GpuPart,
    LoraConfig,
    Parallelism,
    check_machine,
    currency_spelling,
    pricing_spelling,
)
from .spellings import (
    attention_spelling,
    backend_spelling,
    build_number,
    n_cpu_moe_spelling,
    normalize_input,
    optimizer_spelling,
    unknown_keys,
    weights_dtype_spelling,
)

SERVING_PROMPT_TOKENS_DEFAULT = 512
SERVING_OUTPUT_TOKENS_DEFAULT = 256
"""Request mix of a serving job that names no token counts: 512 prompt + 256 output tokens,
the mix of the vLLM ``benchmark_serving`` random-dataset examples this default was taken from;
the serving plan says which counts it used (``serving.plan``)."""


def nested_models() -> dict[str, type[BaseModel]]:
    """Workload field name → the pydantic model of each field that takes a nested object.

    ``lora``, ``parallelism``, ``model``: found from the annotations, so that a new nested
    model is walked by :meth:`Workload.unknown_fields` without being listed anywhere.
    """
    out: dict[str, type[BaseModel]] = {}
    for name, field in Workload.model_fields.items():
        for t in (field.annotation, *get_args(field.annotation)):
            if isinstance(t, type) and issubclass(t, BaseModel):
                out[name] = t
    return out


Optimizer = Literal["adamw", "adamw8bit", "paged_adamw8bit", "sgd", "adafactor", "lion"]


DEFAULT_CHECKPOINT_INTERVAL_HOURS = 0.5
"""Hours between checkpoints when the job does not say (``Workload.checkpoint_interval_hours``):
gpupicker's default, half an hour; trainers count in steps (Hugging Face ``save_steps``,
default 500), so set the job's own interval in hours."""


class Workload(BaseModel):
    """One job to plan. Every field but ``task`` and the model has a default.

    Sizes are tokens, counts or pixels; money in USD (or the catalog currency);
    time in hours.
    """

    model_config = ConfigDict(frozen=True, extra="ignore", allow_inf_nan=False)

    task: Task
    model: ModelArch | None = None
    model_id: str | None = None
    params: int | None = Field(
        default=None, ge=1, le=100_000_000_000_000, description="exact parameter count"
    )

    weights_dtype: str = "bf16"
    compute_dtype: Literal["bf16", "fp16", "fp32", "fp8"] = "bf16"
    quant_method: str | None = None
    kv_cache_dtype: str = "bf16"

    batch: int = Field(default=1, ge=1, le=1_000_000)
    seq_len: int | None = Field(default=None, ge=1, le=10_000_000)
    prompt_len: int | None = Field(
        default=None,
        ge=1,
        le=10_000_000,
        description="prompt tokens per request (batch inference and serving alike; "
        "'avg_prompt_tokens' is read as this field)",
    )
    new_tokens: int | None = Field(
        default=None,
        ge=0,
        le=10_000_000,
        description="generated tokens per request ('avg_output_tokens' is read as this field)",
    )
    packed_doc_tokens: int | None = Field(default=None, ge=1, le=10_000_000, description=PACKED_DOC_HELP)
    grad_ckpt: bool = False
    grad_ckpt_offload: bool = Field(
        default=False,
        description="checkpointed layer inputs kept in host RAM (Unsloth "
        "'unsloth' / 'offload' gradient checkpointing); set by grad_ckpt: \"offload\"",
    )
    lora: LoraConfig | None = None
    speculative: Speculative | None = Field(
        default=None,
        description="speculative decoding: {method: mtp | draft | ngram | eagle, "
        "draft_model, num_speculative_tokens, acceptance_rate}; vLLM speculative_config and "
        "SGLang speculative_* spellings accepted",
    )
    optimizer: Optimizer = "adamw"
    framework: str = "transformers"
    prepare_kbit: bool = Field(
        default=False,
        description="peft prepare_model_for_kbit_training (fp32 embeddings, "
        "lm_head and norms); on for QLoRA unless grad_ckpt is given explicitly",
    )
    master_weights: bool | None = Field(
        default=None,
        description="fp32 master weights (mixed precision) for 16-bit full "
        "fine-tuning/pre-training; None = the framework's default (training_frameworks.py)",
    )
    optimizer_in_bwd: bool | None = Field(
        default=None,
        description="optimizer step fused into the backward pass (torchtune "
        "optimizer_in_bwd: each gradient is applied and freed as soon as it is computed); "
        "None = the framework's default (torchtune single-GPU full fine-tuning: on)",
    )
    attention: Literal["sdpa", "flash", "eager"] = "sdpa"
    gpu_memory_utilization: float = Field(default=0.9, gt=0.0, le=1.0)
    max_model_len: int | None = Field(
        default=None,
        ge=16,
        le=10_000_000,
        description="vLLM/SGLang context length the server is started with (default: the request)",
    )
    max_num_seqs: int | None = Field(
        default=None, ge=1, le=65_536, description="vLLM/SGLang most running sequences (256)"
    )
    max_num_batched_tokens: int | None = Field(
        default=None, ge=1, le=10_000_000, description="vLLM tokens per scheduler step"
    )
    environment: str | None = Field(
        default=None,
        max_length=2000,
        description="software stack as text, e.g. 'PyTorch 2.11, "
        "transformers 5.17' (version-dependent engine "
        "behaviour)",
    )
    # engine build (llama.cpp / Ollama speed: core.speed.llamacpp_engine.LLAMACPP_ERAS)
    engine_build: str | None = Field(
        default=None,
        max_length=80,
        description="llama.cpp build as llama-bench prints it ('b4500', '4500' or 'build: e598697d (4696)')",
    )
    engine_date: str | None = Field(
        default=None,
        pattern=r"^\d{4}-(0[1-9]|1[0-2])(-\d{2})?$",
        description="date of the engine build, YYYY-MM[-DD], when the build number is not known",
    )
    backend: str | None = Field(
        default=None,
        description="llama.cpp / ggml back-end: cuda, hip (rocm), metal, vulkan, sycl; None = the GPU's own",
    )
    # which weight groups a partly quantized checkpoint holds in weights_dtype
    # (core.memory.common.quantized_weight_groups; e.g. Meta's Llama-3.1-405B-FP8: ["mlp"])
    quantized_groups: tuple[str, ...] | None = Field(
        default=None,
        description="Linear groups held in weights_dtype, the rest 16-bit: "
        "attention, dense_mlp, experts, shared_experts (aliases mlp, linear …); None = the "
        "format's convention",
    )
    n_cpu_moe: int | Literal["auto", "all"] | None = Field(
        default=None,
        description="llama.cpp --n-cpu-moe: routed experts of the first N layers "
        'in host RAM (attention, shared experts and the rest on the GPU); "all" = --cpu-moe; '
        '"auto" = the fewest N that fit, as llama.cpp --fit does; None = llama.cpp\'s default '
        "(--fit places an MoE model that does not fit the same way)",
    )
    n_gpu_layers: int | None = Field(
        default=None,
        ge=0,
        le=100_000,
        description="llama.cpp -ngl: repeating layers on the "
        "GPU (the last ones; the rest and their KV in host RAM); None = as many as fit",
    )
    kv_on_host: bool = Field(
        default=False,
        description="llama.cpp --no-kv-offload: the KV cache in host RAM and attention on the CPU",
    )
    host_ram_gb: float | None = Field(
        default=None,
        gt=0,
        le=100_000,
        description="RAM of the machine in GB as sold "
        "(binary: 32 GB = 32 GiB, /proc/meminfo MemTotal); offloaded experts, layers and KV "
        "must fit in it; None = not checked",
    )
    host_ram_bandwidth_gbps: float | None = Field(
        default=None,
        gt=0,
        le=10_000,
        description="peak host RAM bandwidth in GB/s "
        "(channels × MT/s × 8 bytes); None = the machine class default "
        "(core.memory.placement.HOST_RAM_CLASSES)",
    )
    shared_prefix_ratio: float = Field(
        default=0.0,
        ge=0.0,
        lt=1.0,
        description="serving with prefix caching (vLLM, SGLang, "
        "TensorRT-LLM and the other paged-KV servers): share of each prompt that is a prefix "
        "all requests share (system prompt, few-shot examples); its KV blocks are held once "
        "and its prefill is skipped on a cache hit",
    )
    ttft_target_s: float | None = Field(
        default=None, gt=0, le=3600, description="serving: p50 time-to-first-token target"
    )
    itl_target_s: float | None = Field(
        default=None, gt=0, le=60, description="serving: inter-token latency target"
    )

    gpu: str | None = None
    num_gpus: int = Field(default=1, ge=1, le=4096)
    gpus: tuple[GpuPart, ...] | None = Field(
        default=None,
        min_length=1,
        max_length=16,
        description="the cards of the job's one machine, in device order, when they are not "
        'all one type: [{"gpu": "rtx_4090"}, {"gpu": "rtx_3090", '
        '"count": 1, "free_gib": 23.0}] (core.memory.mixed); num_gpus is '
        "their total",
    )
    tensor_split: tuple[float, ...] | None = Field(
        default=None,
        min_length=2,
        max_length=64,
        description="llama.cpp --tensor-split: the share of layers per card of gpus, in device "
        "order (any scale: 3,2 = 60 %/40 %); None = llama.cpp's default, "
        "proportional to each card's free memory",
    )
    parallelism: Parallelism = Parallelism()

    dataset_tokens: float | None = Field(default=None, ge=0, le=1e15)
    epochs: float = Field(default=1.0, gt=0, le=10_000)
    train_hours: float | None = Field(
        default=None, gt=0, le=1_000_000, description="planned run length in hours"
    )
    startup_minutes: float | None = Field(
        default=None,
        ge=0,
        le=24 * 60,
        description="start-up billed per rental before the run (image pull, model download "
        "and load); None: estimated from the model's size (core.cost.startup_hours)",
    )
    requests_per_minute: float | None = Field(default=None, ge=0, le=1e9)
    checkpoint_interval_hours: float = Field(
        default=DEFAULT_CHECKPOINT_INTERVAL_HOURS,
        gt=0,
        le=10_000,
        description="hours between the job's checkpoints: a spot interruption loses the work "
        "since the last one (core.spot); default 0.5",
    )

    pricing: Pricing = "on_demand"
    prefer_in_stock: bool = Field(
        default=False,
        description="rank offers a ledger snapshot lists as out of stock after "
        "those in stock or of unknown stock (core.stock)",
    )
    budget_usd: float | None = Field(default=None, ge=0, le=1e12)
    max_usd_per_hour: float | None = Field(default=None, ge=0, le=1e9)
    deadline_hours: float | None = Field(default=None, gt=0, le=1_000_000)
    currency: Literal["USD"] = Field(default="USD", description="budget_usd's currency: always USD")
    region: str | None = Field(
        default=None,
        max_length=16,
        description="keep only offers of providers in this country/region "
        '(ISO code, e.g. "CN"; core.providers); None: all',
    )
    providers: tuple[str, ...] = Field(
        default=(),
        max_length=64,
        description="keep only offers of these providers (catalog or Chinese names, any case, "
        'e.g. ["AutoDL"]; core.providers.check_providers); empty: all',
    )

    resolution: int = Field(default=1024, ge=64, le=8192)
    images: int = Field(default=1, ge=1, le=1_000_000_000)
    steps: int = Field(default=30, ge=1, le=1000)
    cfg: bool = Field(default=True, description="classifier-free guidance (2 latents per image)")
    vae_slicing: bool = False
    vae_tiling: bool = False

    @field_validator("weights_dtype", mode="before")
    @classmethod
    def _known_weights(cls, v: object) -> object:
        return weights_dtype_spelling(v)

    @field_validator("optimizer", mode="before")
    @classmethod
    def _optimizer_spelling(cls, v: object) -> object:
        return optimizer_spelling(v)

    @field_validator("pricing", mode="before")
    @classmethod
    def _known_pricing(cls, v: object) -> object:
        return pricing_spelling(v)

    @field_validator("currency", mode="before")
    @classmethod
    def _usd_only(cls, v: object) -> object:
        return currency_spelling(v)

    @field_validator("engine_build", mode="after")
    @classmethod
    def _known_build(cls, v: str | None) -> str | None:
        if v is not None:
            build_number(v)
        return v

    @field_validator("backend", mode="after")
    @classmethod
    def _known_backend(cls, v: str | None) -> str | None:
        return backend_spelling(v)

    @field_validator("quantized_groups", mode="after")
    @classmethod
    def _known_groups(cls, v: tuple[str, ...] | None) -> tuple[str, ...] | None:
        return None if v is None else tuple(sorted(expand_weight_groups(v)))

    @field_validator("n_cpu_moe", mode="before")
    @classmethod
    def _n_cpu_moe(cls, v: object) -> object:
        return n_cpu_moe_spelling(v)

    @field_validator("framework", mode="after")
    @classmethod
    def _known_framework(cls, v: str) -> str:
        from ..stacks.frameworks import normalize_framework

        return normalize_framework(v)

    @field_validator("attention", mode="before")
    @classmethod
    def _attention_spelling(cls, v: object) -> object:
        return attention_spelling(v)

    @field_validator("kv_cache_dtype", mode="after")
    @classmethod
    def _known_kv(cls, v: str) -> str:
        bytes_per_kv_element(v)
        return v.lower()

    @model_validator(mode="before")
    @classmethod
    def _normalize(cls, data: Any) -> Any:
        return normalize_input(data)

    @model_validator(mode="after")
    def _check(self) -> Workload:
        if self.model is None and not self.model_id:
            raise ValueError(msg("workload.needs_model"))
        if self.task == "qlora" and bytes_per_weight(self.weights_dtype) > 1.0:
            raise ValueError(msg("workload.qlora_weights"))
        check_machine(self.num_gpus, self.gpus, self.tensor_split)
        return self

    @property
    def machine_cards(self) -> tuple[str, ...]:
        """The catalog ids of ``gpus``, one per card in device order (empty without ``gpus``)."""
        return tuple(p.gpu for p in self.gpus or () for _ in range(p.count))

    @property
    def quantized_group_set(self) -> frozenset[str] | None:
        """``quantized_groups`` as a set (None: the weight format's convention)."""
        return None if self.quantized_groups is None else frozenset(self.quantized_groups)

    @property
    def is_training(self) -> bool:
        """True for LoRA, QLoRA, full fine-tuning and pre-training (``core.tasks``)."""
        return self.task in TRAINING_TASKS

    @property
    def is_adapter_training(self) -> bool:
        """True for LoRA and QLoRA: an adapter trained on a frozen base (``core.tasks``)."""
        return self.task in ADAPTER_TASKS

    @property
    def is_full_training(self) -> bool:
        """True for full fine-tuning and pre-training: every weight trained (``core.tasks``)."""
        return self.task in FULL_TRAINING_TASKS

    @property
    def is_image(self) -> bool:
        """True for the diffusers tasks: image generation and its LoRA training (``core.tasks``)."""
        return self.task in IMAGE_TASKS

    @property
    def is_text_inference(self) -> bool:
        """True for text generation: inference and the decode ceiling (``core.tasks``)."""
        return self.task in TEXT_INFERENCE_TASKS

    def training_seq_len(self) -> int:
        """Tokens per training sequence (default 2048)."""
        return self.seq_len or 2048

    def context_tokens(self) -> int:
        """Tokens held in the KV cache per sequence at the end of generation.

        ``prompt_len + new_tokens`` when given, else ``seq_len``, else the
        serving averages.
        """
        if self.prompt_len is not None or self.new_tokens is not None:
            return (self.prompt_len or 1) + (self.new_tokens or 0)
        if self.seq_len:
            return self.seq_len
        return self.avg_prompt_tokens + self.avg_output_tokens

    @property
    def avg_prompt_tokens(self) -> int:
        """Prompt tokens per request of the serving mix: ``prompt_len``, else 512.

        The same field the wizard's "Prompt tokens" box edits and the results page shows
        (default :data:`SERVING_PROMPT_TOKENS_DEFAULT`).
        """
        return self.prompt_len if self.prompt_len is not None else SERVING_PROMPT_TOKENS_DEFAULT

    @property
    def avg_output_tokens(self) -> int:
        """Output tokens per request of the serving mix: ``new_tokens`` (at least 1), else 256.

        Default :data:`SERVING_OUTPUT_TOKENS_DEFAULT`; a request generates at least one token.
        """
        if self.new_tokens is None:
            return SERVING_OUTPUT_TOKENS_DEFAULT
        return max(1, self.new_tokens)

    @classmethod
    def unknown_fields(cls, data: object) -> list[str]:
        """Keys of a workload dict, at every depth, that no field reads.

        ``foo`` at the top (besides :data:`ANNOTATION_FIELDS`), ``lora.foo``,
        ``parallelism.foo``, ``model.foo`` (besides the ``config.json`` spellings
        :class:`ModelArch` reads and :data:`.model_keys.MODEL_KEYS_NOT_NEEDED`).

        Shown as a warning, since pydantic drops them (``extra="ignore"``).
        """
        return unknown_keys(data, cls.model_fields, nested_models())

    @classmethod
    def from_json_text(cls, text: str | bytes) -> tuple[Workload, list[str]]:
        """A workload from JSON text and the top-level keys it ignores (:meth:`unknown_fields`).

        The text is first parsed within the bounds of :mod:`gpupicker.core.text.json_limits`
        (nesting depth, number length), so a hostile line is refused with a sentence, never a
        ``RecursionError`` or Python's 4,300-digit ``ValueError``.

        Raises:
            gpupicker.core.text.json_limits.JsonLimitError: beyond those bounds.
            ValueError: not JSON (``json.JSONDecodeError``).
            pydantic.ValidationError: JSON that is not a valid workload.
        """
        from ..text.json_limits import loads_bounded

        data = loads_bounded(text)
        return cls.model_validate_json(text), cls.unknown_fields(data)

    def unresolved_model_error(self) -> Message:
        """The error for a workload whose model is not resolved (``model`` is None).

        "model 'x' is not resolved; look it up in the catalog first" (two clauses).
        """
        return join(
            [msg("workload.model_not_resolved", model=repr(self.model_id)), msg("workload.look_it_up")],
            "clauses",
        )

    def with_model(self, arch: ModelArch) -> Workload:
        """Return a copy whose ``model`` is the resolved architecture."""
        return self.model_copy(update={"model": arch})
