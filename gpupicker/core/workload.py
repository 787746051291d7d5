"""The ``Workload``: one description of a job, shared by the wizard, the CLI and tests.

It accepts, as they are, the input fields of the validation cases in
``validation/h200.jsonl`` (extra fields such as ``id`` and ``measured``
are ignored), a ``model`` given as a dict of Hugging Face ``config.json``
fields, or a ``model_id`` resolved against the catalog by the caller.
"""

from __future__ import annotations

import re
from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .dtypes import bytes_per_kv_element, bytes_per_weight, exl2_bits, expand_weight_groups
from .hardware.specs import Pricing
from .messages import Message, join, msg
from .model_arch import ModelArch
from .speculative import Speculative
from .task_defaults import implied_fields

WEIGHT_DTYPE_ALIASES = {
    "awq": "int4",
    "gptq": "int4",
    "int4_awq": "int4",
    "w4a16": "int4",
    "bnb4": "nf4",
    "4bit": "nf4",
    "bnb8": "int8",
    "8bit": "int8",
    "w8a16": "int8",
    "float16": "fp16",
    "half": "fp16",
    "bfloat16": "bf16",
    "float32": "fp32",
    "float": "fp32",
    "fp8_e4m3": "fp8",
    "fp8_e5m2": "fp8",
    "q4_k": "q4_k_m",
    "q5_k": "q5_k_m",
    "q3_k": "q3_k_m",
    "f32": "fp32",
}
"""Common spellings of weight formats (AWQ/GPTQ are 4-bit with group scales → ``int4``).
A ``gguf:`` prefix (``gguf:Q4_K_M``) names a llama.cpp file type and is dropped."""

QUANT_FORMAT_DTYPES: dict[str, tuple[str, str]] = {
    "w8a8": ("int8", "w8a8"),
    "w4a8": ("int4", "w4a8"),
    "modelslim_w8a8": ("int8", "modelslim"),
    "modelslim_w4a8": ("int4", "w4a8"),
}
"""Weight formats that name a quantization method as well as a width: Ascend ModelSlim
W8A8 (int8 weights and activations) and W4A8 (int4 weights, int8 activations), the formats
vLLM-Ascend and MindIE load (vllm-ascend quantization guide; MindIE quantization docs).
``weights_dtype: w8a8`` is int8 weights with ``quant_method`` ``w8a8`` unless the workload
names a method (``quant_support.weight_format`` reads the pair back as W8A8 / W4A8)."""

ATTENTION_ALIASES = {
    "flash_attention_2": "flash",
    "flash_attention_3": "flash",
    "flash_attention": "flash",
    "flash-attn": "flash",
    "flash_attn": "flash",
    "flashattention": "flash",
    "fa2": "flash",
    "fa3": "flash",
    "fa": "flash",
    "flashinfer": "flash",
    "sdpa": "sdpa",
    "eager": "eager",
    "flash": "flash",
    "torch_sdpa": "sdpa",
    "math": "eager",
    "flex": "flash",
    "flex_attention": "flash",
}
"""Spellings of ``attn_implementation`` (transformers ``flash_attention_2``, vLLM/llama.cpp
``-fa``) mapped to the three attention memory models. FlexAttention (transformers
``attn_implementation="flex_attention"``, torchtune/torchtitan ``flex``) is a fused, tiled
kernel that never materializes the score matrix (PyTorch ``torch.nn.attention.flex_attention``
docs), so it takes the ``flash`` memory model."""

OPTIMIZER_ALIASES = {
    # Hugging Face TrainingArguments.optim (transformers.training_args.OptimizerNames)
    "adamw_torch": "adamw",
    "adamw_torch_fused": "adamw",
    "adamw_hf": "adamw",
    "adamw_apex_fused": "adamw",
    "adamw_torch_xla": "adamw",
    "adamw_torch_npu_fused": "adamw",
    "adam": "adamw",
    "adamw_bnb_8bit": "adamw8bit",
    "adamw_8bit": "adamw8bit",
    "adam8bit": "adamw8bit",
    "adamw_8bit_bnb": "adamw8bit",
    "bnb_adamw8bit": "adamw8bit",
    "paged_adamw_8bit": "paged_adamw8bit",
    "paged_adamw8bit": "paged_adamw8bit",
    "pagedadamw8bit": "paged_adamw8bit",
    "paged_adamw_32bit": "adamw",
    "paged_adamw": "adamw",
    "lion_32bit": "lion",
    "paged_lion_32bit": "lion",
    "sgd": "sgd",
    "adafactor": "adafactor",
    # torchtune / torchao spellings
    "torch.optim.adamw": "adamw",
    "adamw8bit": "adamw8bit",
    "bitsandbytes.optim.pagedadamw8bit": "paged_adamw8bit",
    "bitsandbytes.optim.adamw8bit": "adamw8bit",
}
"""Optimizer names of public recipes → the optimizer whose state bytes gpupicker models:
torch AdamW (fused or not, apex, XLA: two states in the parameter dtype), bitsandbytes 8-bit
AdamW (two 8-bit states + block scales), its paged variant (same bytes; pages move to host RAM
only under memory pressure), paged 32-bit AdamW (torch AdamW's bytes), 32-bit Lion (one state).
Names whose state bytes gpupicker does not model — torchao 4-bit AdamW (``adamw_torch_4bit``),
8-bit Lion, GaLore, APOLLO, schedule-free — are refused with this list, never mapped to a
neighbour."""

GRAD_CKPT_MODES = {"offload": "offload", "unsloth": "offload", "true": "on", "false": "off"}
"""String values of ``grad_ckpt``: Unsloth's ``use_gradient_checkpointing="unsloth"`` and
``"offload"`` checkpoint every layer and move the saved layer inputs to host RAM (Unsloth
README, "unsloth" gradient checkpointing)."""

TOKEN_ALIASES = {"avg_prompt_tokens": "prompt_len", "avg_output_tokens": "new_tokens"}
"""Older spellings of the per-request token counts (the serving fields of the architecture
contract). A job has one set of token fields: an alias is read into its field, and a workload
giving both spellings with different values is refused (:meth:`Workload._normalize`)."""

SERVING_PROMPT_TOKENS_DEFAULT = 512
SERVING_OUTPUT_TOKENS_DEFAULT = 256
"""Request mix of a serving job that names no token counts: 512 prompt + 256 output tokens,
the mix of the vLLM ``benchmark_serving`` random-dataset examples this default was taken from;
the serving plan says which counts it used (``serving.plan``)."""

NATIVE_WEIGHTS = {
    "gpt_oss_20b": "mxfp4",
    "gpt_oss_120b": "mxfp4",
    "deepseek_v3": "fp8",
    "deepseek_r1": "fp8",
    "deepseek_v3_1": "fp8",
    "deepseek_v3_2_exp": "fp8",
    "kimi_k2": "fp8",
    "deepseek_v4_flash": "mxfp4",
}
"""Catalog models whose released checkpoint is not 16-bit, by the ``quantization_config`` of
their ``config.json``: openai/gpt-oss-20b and -120b ship MXFP4 MoE experts (``quant_method:
mxfp4``); deepseek-ai/DeepSeek-V3, -R1, -V3.1, -V3.2-Exp and moonshotai/Kimi-K2-Instruct ship
block-scaled FP8 (``quant_method: fp8``, ``weight_block_size [128, 128]``);
deepseek-ai/DeepSeek-V4-Flash ships its routed experts in FP4 (``expert_dtype: fp4``: e2m1
values with a ue8m0 scale per 32, the MXFP4 layout, ``I8 [2048, 2048]`` + ``F8_E8M0 [2048,
128]`` per expert matrix) and the rest in that FP8, sized as MXFP4 experts with the rest
16-bit (about 6 GB over its checkpoint, which holds the rest in 8 bits). An inference
workload that names one of them and no ``weights_dtype`` is sized in that format, as the engines
load it; a 16-bit estimate needs ``weights_dtype: bf16`` said."""

ANNOTATION_FIELDS = frozenset(
    {
        "id",
        "measured",
        "notes",
        "note",
        "source",
        "engine",
        "comment",
        "description",
        "name",
        "label",
        "source_id",
    }
)
"""Keys a workload file may carry for people (validation cases' ``id``/``measured`` …):
ignored without a warning; any other unknown key is named by :func:`unknown_fields`."""

SPECULATIVE_SPELLINGS = frozenset(
    {
        "speculative_config",
        "speculative_algorithm",
        "speculative_draft_model_path",
        "speculative_num_steps",
        "model_draft",
        "draft_max",
    }
)
"""Engine spellings of :attr:`Workload.speculative` read into it (vLLM, SGLang, llama.cpp)."""

MODEL_KEYS_NOT_NEEDED = frozenset(
    {
        "architectures",
        "auto_map",
        "bos_token_id",
        "eos_token_id",
        "pad_token_id",
        "transformers_version",
        "torch_dtype",
        "dtype",
        "_name_or_path",
        "initializer_range",
        "rms_norm_eps",
        "layer_norm_eps",
        "layer_norm_epsilon",
        "norm_eps",
        "rope_theta",
        "rope_scaling",
        "rope_parameters",
        "partial_rotary_factor",
        "hidden_act",
        "activation_function",
        "attention_dropout",
        "hidden_dropout",
        "resid_pdrop",
        "embd_pdrop",
        "attn_pdrop",
        "use_cache",
        "pretraining_tp",
        "mlp_bias",
        "router_aux_loss_coef",
        "output_router_logits",
        "router_jitter_noise",
        "norm_topk_prob",
        "routed_scaling_factor",
        "scoring_func",
        "topk_method",
        "n_group",
        "topk_group",
        "use_sliding_window",
        "layer_types",
        "sliding_window_pattern",
        "full_attention_interval",
        "mlp_only_layers",
        "multi_query",
        "intermediate_size_mlp",
        "qk_layernorm",
        "use_qk_norm",
        "bias",
        "quantization_config",
        "hybrid_override_pattern",
        "n_groups",
        "conv_kernel",
        "conv_L_cache",
        "mtp_num_hidden_layers",
        "num_mtp_modules",
        "mamba_d_conv",
    }
)
"""``config.json`` keys a ``model`` dict may carry that do not change memory or speed
(token ids, norms' epsilon, RoPE base and scaling, dropout, router loss settings) or that
:class:`ModelArch` reads while building another field (``layer_types``, ``multi_query`` …):
accepted without a warning. ``quantization_config`` is named here because the workload's
``weights_dtype`` / ``quant_method`` say the format."""


def model_keys_read() -> set[str]:
    """Every key of a ``model`` dict that is read.

    The :class:`ModelArch` fields, their ``config.json`` aliases and
    :data:`MODEL_KEYS_NOT_NEEDED`.
    """
    from .model_config import CONFIG_ALIASES

    return {
        *ModelArch.model_fields,
        *(n for names in CONFIG_ALIASES.values() for n in names),
        *MODEL_KEYS_NOT_NEEDED,
    }


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


_BUILD_NUMBER = re.compile(r"^\s*(?:build:?\s*)?(?:[0-9a-f]{7,40}\s+)?\(?b?(\d{1,6})\)?\s*$", re.IGNORECASE)


def build_number(text: str) -> int:
    """The number of an engine build as people write it (llama.cpp / Ollama's bundled ggml).

    ``"b4500"``, ``"4500"`` or ``llama-bench``'s ``"build: e598697d (4696)"``.

    Raises:
        ValueError: for any other text (named in the message).
    """
    m = _BUILD_NUMBER.match(text)
    if m is None:
        raise ValueError(msg("workload.bad_engine_build", build=repr(text)))
    return int(m.group(1))


BACKEND_ALIASES = {
    "cuda": "cuda",
    "hip": "hip",
    "rocm": "hip",
    "metal": "metal",
    "mps": "metal",
    "vulkan": "vulkan",
    "vk": "vulkan",
    "sycl": "sycl",
    "oneapi": "sycl",
    "cpu": "cpu",
}
"""Spellings of the ggml back-ends (llama.cpp ``-DGGML_<NAME>=ON``, ``llama-bench``'s
``backend`` column) mapped to the back-ends the speed model knows."""


Task = Literal[
    "inference", "lora", "qlora", "full_ft", "pretrain", "decode_ceiling", "image_gen", "diffusion_lora"
]
TRAINING_TASKS: frozenset[str] = frozenset({"lora", "qlora", "full_ft", "pretrain"})
Optimizer = Literal["adamw", "adamw8bit", "paged_adamw8bit", "sgd", "adafactor", "lion"]
Framework = Literal[
    "transformers",
    "vllm",
    "llama.cpp",
    "ollama",
    "tensorrt-llm",
    "deepspeed",
    "fsdp",
    "diffusers",
    "litgpt",
    "torchtune",
]


class LoraConfig(BaseModel):
    """LoRA adapter settings (peft names).

    Attributes:
        r: LoRA rank.
        targets: adapted module names (``q_proj``, ``v_proj``, ``gate_proj`` …).
        adapter_dtype: dtype of the adapter weights (peft keeps them fp32 by default).
        trainable_params: exact count when known (peft ``print_trainable_parameters``);
            else computed as Σ r·(d_in + d_out) over targets and layers.
    """

    model_config = ConfigDict(frozen=True, extra="ignore", allow_inf_nan=False)

    r: int = Field(default=16, ge=1, le=4096)
    alpha: float = 32.0
    targets: tuple[str, ...] = ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj")
    adapter_dtype: Literal["fp32", "bf16", "fp16"] = "fp32"
    dropout: float = Field(default=0.0, ge=0.0, lt=1.0)
    trainable_params: int | None = Field(default=None, ge=0)
    use_dora: bool = Field(
        default=False,
        description="peft DoRA: a trainable magnitude "
        "vector per adapted module and the weight norm of W + s·B·A "
        "in every forward (core.dora)",
    )

    @field_validator("targets", mode="before")
    @classmethod
    def _module_names(cls, v: object) -> object:
        """Module paths to module names: peft matches ``target_modules`` on the path's end.

        ``self_attn.q_proj`` and ``model.layers.0.mlp.up_proj`` mean ``q_proj`` / ``up_proj``
        (peft ``check_target_module_exists``); a single string is one target.
        """
        if isinstance(v, str):
            v = [v]
        if isinstance(v, (list, tuple)):
            return tuple(t.strip().rsplit(".", 1)[-1] if isinstance(t, str) else t for t in v)
        return v


class Parallelism(BaseModel):
    """How the job is split over ``num_gpus``.

    Attributes:
        zero_stage: DeepSpeed ZeRO stage 0–3 (0 = plain data parallel).
        fsdp: PyTorch FSDP FULL_SHARD (memory like ZeRO-3).
        tensor_parallel: tensor-parallel degree (weights and KV split over GPUs).
        pipeline_parallel: pipeline stages (layers split over GPUs).
        cpu_offload: optimizer states (and for ZeRO-3 parameters) offloaded to CPU RAM.
        data_parallel: replicas (serving) or data-parallel degree (training); None = the
            GPUs left over by tensor × pipeline parallelism.
        expert_parallel: ranks the routed experts of an MoE model are split over (each rank
            holds 1/EP of them); None or 1 = every rank holds every expert.
    """

    model_config = ConfigDict(frozen=True, extra="ignore", allow_inf_nan=False)

    zero_stage: Literal[0, 1, 2, 3] = 0
    fsdp: bool = False
    tensor_parallel: int = Field(default=1, ge=1, le=4096)
    pipeline_parallel: int = Field(default=1, ge=1, le=4096)
    cpu_offload: bool = False
    data_parallel: int | None = Field(
        default=None,
        ge=1,
        le=4096,
        description="serving: "
        "model replicas (vLLM/SGLang --data-parallel-size); "
        "training: the data-parallel degree",
    )
    expert_parallel: int | None = Field(
        default=None, ge=1, le=4096, description="MoE: ranks the routed experts are split over"
    )


class GpuPart(BaseModel):
    """Cards of one type in the job's machine (one item of :attr:`Workload.gpus`).

    Attributes:
        gpu: catalog GPU id (``rtx_4090``).
        count: how many cards of this type (1–64).
        free_gib: memory free on each of these cards when the engine loads, GiB (what
            ``nvidia-smi --query-gpu=memory.free`` shows; a card that drives a display has
            less); None = the card's usable capacity. llama.cpp's default ``--tensor-split``
            is proportional to it (``llama-model.cpp`` ``load_tensors``: "default split, by
            free memory").
    """

    model_config = ConfigDict(frozen=True, extra="ignore", allow_inf_nan=False)

    gpu: str = Field(min_length=1, max_length=100)
    count: int = Field(default=1, ge=1, le=64)
    free_gib: float | None = Field(default=None, gt=0, le=100_000)

    @model_validator(mode="before")
    @classmethod
    def _from_id(cls, data: Any) -> Any:
        """A bare catalog id (``"rtx_3090"``) is one card of that type."""
        return {"gpu": data} if isinstance(data, str) else data


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
    currency: Literal["USD"] = Field(
        default="USD",
        description="the currency of budget_usd and max_usd_per_hour: always USD; amounts are "
        "shown in the catalog's display currency (gpupicker catalog currency CODE)",
    )
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
        if not isinstance(v, str):
            return v
        v = v.strip()
        if v.lower().startswith("gguf:"):
            v = v[5:]
        key = WEIGHT_DTYPE_ALIASES.get(v.lower(), v.lower())
        bits = exl2_bits(key)
        if bits is not None:
            return f"{bits:g}bpw"  # one spelling per EXL2 width: 4.0bpw, exl2_4bpw → 4bpw
        bytes_per_weight(key)
        return key

    @field_validator("optimizer", mode="before")
    @classmethod
    def _optimizer_spelling(cls, v: object) -> object:
        if isinstance(v, str):
            return OPTIMIZER_ALIASES.get(v.strip().lower(), v.strip())
        return v

    @field_validator("pricing", mode="before")
    @classmethod
    def _known_pricing(cls, v: object) -> object:
        if isinstance(v, str) and v not in get_args(Pricing):
            choices = ", ".join(get_args(Pricing))
            raise ValueError(msg("workload.unknown_pricing", pricing=repr(v), choices=choices))
        return v

    @field_validator("currency", mode="before")
    @classmethod
    def _usd_only(cls, v: object) -> object:
        if isinstance(v, str) and v.strip().upper() == "USD":
            return "USD"  # an ISO 4217 code in any case: one spelling, not a guess
        raise ValueError(msg("workload.currency_not_usd", currency=repr(v)))

    @field_validator("engine_build", mode="after")
    @classmethod
    def _known_build(cls, v: str | None) -> str | None:
        if v is not None:
            build_number(v)
        return v

    @field_validator("backend", mode="after")
    @classmethod
    def _known_backend(cls, v: str | None) -> str | None:
        if v is None:
            return v
        key = BACKEND_ALIASES.get(v.strip().lower())
        if key is None:
            raise ValueError(
                msg(
                    "workload.unknown_backend",
                    backend=repr(v),
                    choices=", ".join(sorted(set(BACKEND_ALIASES.values()))),
                )
            )
        return key

    @field_validator("quantized_groups", mode="after")
    @classmethod
    def _known_groups(cls, v: tuple[str, ...] | None) -> tuple[str, ...] | None:
        return None if v is None else tuple(sorted(expand_weight_groups(v)))

    @field_validator("n_cpu_moe", mode="before")
    @classmethod
    def _n_cpu_moe(cls, v: object) -> object:
        if isinstance(v, str):
            key = v.strip().lower()
            if key.isdigit():
                return int(key)
            if key not in ("auto", "all"):
                raise ValueError(msg("workload.n_cpu_moe", value=repr(v)))
            return key
        if isinstance(v, bool) or (isinstance(v, int) and not 0 <= v <= 100_000):
            raise ValueError(msg("workload.n_cpu_moe", value=repr(v)))
        return v

    @field_validator("framework", mode="after")
    @classmethod
    def _known_framework(cls, v: str) -> str:
        from .stacks.frameworks import normalize_framework

        return normalize_framework(v)

    @field_validator("attention", mode="before")
    @classmethod
    def _attention_spelling(cls, v: object) -> object:
        if isinstance(v, str):
            return ATTENTION_ALIASES.get(v.strip().lower(), v)
        return v

    @field_validator("kv_cache_dtype", mode="after")
    @classmethod
    def _known_kv(cls, v: str) -> str:
        bytes_per_kv_element(v)
        return v.lower()

    @model_validator(mode="before")
    @classmethod
    def _normalize(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        d = dict(data)
        fmt = d.get("weights_dtype")
        if isinstance(fmt, str) and fmt.strip().lower() in QUANT_FORMAT_DTYPES:
            dtype, method = QUANT_FORMAT_DTYPES[fmt.strip().lower()]
            d["weights_dtype"] = dtype
            if not d.get("quant_method"):
                d["quant_method"] = method
        for alias, field in TOKEN_ALIASES.items():
            if alias not in d:
                continue
            value = d.pop(alias)
            if d.get(field) is None:
                d[field] = value
            elif value is not None and d[field] != value:
                raise ValueError(
                    msg(
                        "workload.token_alias_disagrees",
                        alias=alias,
                        field=field,
                        alias_value=repr(value),
                        value=repr(d[field]),
                    )
                )
        ckpt = d.get("grad_ckpt")
        if isinstance(ckpt, str):
            mode = GRAD_CKPT_MODES.get(ckpt.strip().lower())
            if mode is None:
                raise ValueError(
                    msg("workload.grad_ckpt_mode", value=repr(ckpt), known=", ".join(sorted(GRAD_CKPT_MODES)))
                )
            d["grad_ckpt"] = mode != "off"
            if mode == "offload":
                d["grad_ckpt_offload"] = True
        parts = d.get("gpus")
        if isinstance(parts, (list, tuple)) and "num_gpus" not in d:
            # num_gpus is the machine's card count (an item the part check refuses counts 1)
            d["num_gpus"] = (
                sum(
                    int(c)
                    if isinstance(c := p.get("count", 1) if isinstance(p, dict) else 1, int) and c > 0
                    else 1
                    for p in parts
                )
                or 1
            )
        # a task's implied values (QLoRA: NF4 base, peft's k-bit recipe; LoRA: an adapter;
        # full fine-tuning: bf16), defined with the wizard's starting values in task_defaults
        d.update(implied_fields(d))
        native = NATIVE_WEIGHTS.get(str(d.get("model_id") or ""))
        if native and "weights_dtype" not in d and d.get("task") in ("inference", "decode_ceiling"):
            d["weights_dtype"] = native
        if d.get("task") in ("lora", "qlora", "full_ft", "pretrain") and "grad_ckpt" not in d:
            from .stacks.training_frameworks import grad_ckpt_default

            fw = d.get("framework")  # not text: the field's own check names it below
            if isinstance(fw, str) and grad_ckpt_default(fw):  # LLaMA-Factory, ms-swift: on
                d["grad_ckpt"] = True
        if isinstance(d.get("model"), dict) and d.get("params") and "params" not in d["model"]:
            d["model"] = {**d["model"], "params": d["params"]}
        if d.get("params") and d.get("model") is None and not d.get("model_id"):
            d["model"] = {"params": d["params"]}  # params-only workload (README): sizes assumed
        if d.get("speculative") is None:
            # vLLM's speculative_config object; SGLang's flat --speculative-* server arguments;
            # llama.cpp's --model-draft / --draft-max
            if isinstance(d.get("speculative_config"), dict):
                d["speculative"] = d["speculative_config"]
            else:
                flat = {
                    k: d[k]
                    for k in (
                        "speculative_algorithm",
                        "speculative_draft_model_path",
                        "speculative_num_steps",
                        "model_draft",
                        "draft_max",
                    )
                    if d.get(k) is not None
                }
                if flat:
                    d["speculative"] = flat
        return d

    @model_validator(mode="after")
    def _check(self) -> Workload:
        if self.model is None and not self.model_id:
            raise ValueError(msg("workload.needs_model"))
        if self.task == "qlora" and bytes_per_weight(self.weights_dtype) > 1.0:
            raise ValueError(msg("workload.qlora_weights"))
        if self.gpus is not None:
            total = sum(p.count for p in self.gpus)
            if self.num_gpus != total:
                raise ValueError(msg("workload.gpus_count_disagrees", num_gpus=self.num_gpus, total=total))
            if total > 64:
                raise ValueError(msg("workload.gpus_too_many", total=total))
            if self.tensor_split is not None and len(self.tensor_split) != total:
                raise ValueError(
                    msg("workload.tensor_split_length", given=len(self.tensor_split), total=total)
                )
        elif self.tensor_split is not None:
            raise ValueError(msg("workload.tensor_split_needs_gpus"))
        if self.tensor_split is not None and (
            any(x < 0 for x in self.tensor_split) or sum(self.tensor_split) <= 0
        ):
            raise ValueError(msg("workload.tensor_split_values"))
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
        """True for LoRA, QLoRA, full fine-tuning and pre-training."""
        return self.task in TRAINING_TASKS

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
        :class:`ModelArch` reads and :data:`MODEL_KEYS_NOT_NEEDED`).

        Shown as a warning, since pydantic drops them (``extra="ignore"``).
        """
        if not isinstance(data, dict):
            return []
        out = [
            k
            for k in data
            if isinstance(k, str)
            and k not in cls.model_fields
            and k not in ANNOTATION_FIELDS
            and k not in TOKEN_ALIASES
            and k not in SPECULATIVE_SPELLINGS
        ]
        parts = data.get("gpus")
        if isinstance(parts, list):
            known_part = set(GpuPart.model_fields)
            out += [
                f"gpus[{i}].{k}"
                for i, part in enumerate(parts)
                if isinstance(part, dict)
                for k in part
                if isinstance(k, str) and k not in known_part
            ]
        for key, model in nested_models().items():
            nested = data.get(key)
            if isinstance(nested, dict):
                known = model_keys_read() if model is ModelArch else set(model.model_fields)
                out += [f"{key}.{k}" for k in nested if isinstance(k, str) and k not in known]
        return sorted(out)

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
        from .text.json_limits import loads_bounded

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


AUTO_SHARDING = Parallelism(fsdp=True, zero_stage=3)
"""The sharding a full fine-tune or pre-training on several GPUs gets when the job names none:
FSDP FULL_SHARD (ZeRO-3). Plain data parallelism would keep a full copy of the weights,
gradients and optimizer states on every GPU (ZeRO paper, Rajbhandari et al. 2020, Table 1),
which no practitioner runs for full training on several GPUs."""


def parallel_plan(w: Workload, num_gpus: int) -> Workload:
    """``w`` as it runs on ``num_gpus`` GPUs: the one place that decides the parallel plan.

    Full fine-tuning and pre-training on more than one GPU with no parallelism given get
    :data:`AUTO_SHARDING` (FSDP / ZeRO-3); every other job keeps what it names (tensor
    parallelism of the serving engines follows the engine profile, replicas the serving
    plan). The memory model, the throughput model and the ranking all call this, so
    ``estimate``, ``fit``, the advice, the curves, the report and the ranking size the same
    job on N GPUs alike. Returns ``w`` itself when nothing changes.
    """
    if num_gpus > 1 and w.task in ("full_ft", "pretrain") and w.parallelism == Parallelism():
        return w.model_copy(update={"parallelism": AUTO_SHARDING})
    return w
