"""The ``Workload``: one description of a job, shared by the wizard, the CLI and tests.

It accepts, as they are, the input fields of the validation cases in
``shared/validation/h200.jsonl`` (extra fields such as ``id`` and ``measured``
are ignored), a ``model`` given as a dict of Hugging Face ``config.json``
fields, or a ``model_id`` resolved against the catalog by the caller.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .dtypes import bytes_per_kv_element, bytes_per_weight
from .messages import Message, join, msg
from .model_arch import ModelArch
from .task_defaults import implied_fields

WEIGHT_DTYPE_ALIASES = {
    "awq": "int4", "gptq": "int4", "int4_awq": "int4", "w4a16": "int4", "bnb4": "nf4",
    "4bit": "nf4", "bnb8": "int8", "8bit": "int8", "w8a16": "int8", "float16": "fp16",
    "half": "fp16", "bfloat16": "bf16", "float32": "fp32", "float": "fp32", "fp8_e4m3": "fp8",
    "fp8_e5m2": "fp8", "q4_k": "q4_k_m", "q5_k": "q5_k_m", "q3_k": "q3_k_m", "f32": "fp32",
}
"""Common spellings of weight formats (AWQ/GPTQ are 4-bit with group scales → ``int4``).
A ``gguf:`` prefix (``gguf:Q4_K_M``) names a llama.cpp file type and is dropped."""

ATTENTION_ALIASES = {
    "flash_attention_2": "flash", "flash_attention_3": "flash", "flash_attention": "flash",
    "flash-attn": "flash", "flash_attn": "flash", "flashattention": "flash", "fa2": "flash",
    "fa3": "flash", "fa": "flash", "flashinfer": "flash", "sdpa": "sdpa", "eager": "eager",
    "flash": "flash", "torch_sdpa": "sdpa", "math": "eager",
}
"""Spellings of ``attn_implementation`` (transformers ``flash_attention_2``, vLLM/llama.cpp
``-fa``) mapped to the three attention memory models."""

ANNOTATION_FIELDS = frozenset({"id", "measured", "notes", "note", "source", "engine",
                               "comment", "description", "name", "label"})
"""Keys a workload file may carry for people (validation cases' ``id``/``measured`` …):
ignored without a warning; any other unknown key is named by :func:`unknown_fields`."""

Task = Literal["inference", "lora", "qlora", "full_ft", "pretrain", "decode_ceiling", "image_gen",
               "diffusion_lora"]
TRAINING_TASKS: frozenset[str] = frozenset({"lora", "qlora", "full_ft", "pretrain"})
Optimizer = Literal["adamw", "adamw8bit", "paged_adamw8bit", "sgd", "adafactor", "lion"]
Framework = Literal["transformers", "vllm", "llama.cpp", "ollama", "tensorrt-llm", "deepspeed",
                    "fsdp", "diffusers", "litgpt", "torchtune"]


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
    targets: tuple[str, ...] = ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj",
                                "down_proj")
    adapter_dtype: Literal["fp32", "bf16", "fp16"] = "fp32"
    dropout: float = Field(default=0.0, ge=0.0, lt=1.0)
    trainable_params: int | None = Field(default=None, ge=0)


class Parallelism(BaseModel):
    """How the job is split over ``num_gpus``.

    Attributes:
        zero_stage: DeepSpeed ZeRO stage 0–3 (0 = plain data parallel).
        fsdp: PyTorch FSDP FULL_SHARD (memory like ZeRO-3).
        tensor_parallel: tensor-parallel degree (weights and KV split over GPUs).
        pipeline_parallel: pipeline stages (layers split over GPUs).
        cpu_offload: optimizer states (and for ZeRO-3 parameters) offloaded to CPU RAM.
    """

    model_config = ConfigDict(frozen=True, extra="ignore", allow_inf_nan=False)

    zero_stage: Literal[0, 1, 2, 3] = 0
    fsdp: bool = False
    tensor_parallel: int = Field(default=1, ge=1, le=4096)
    pipeline_parallel: int = Field(default=1, ge=1, le=4096)
    cpu_offload: bool = False


class Workload(BaseModel):
    """One job to plan. Every field but ``task`` and the model has a default.

    Sizes are tokens, counts or pixels; money in USD (or the catalog currency);
    time in hours.
    """

    model_config = ConfigDict(frozen=True, extra="ignore", allow_inf_nan=False)

    task: Task
    model: ModelArch | None = None
    model_id: str | None = None
    params: int | None = Field(default=None, ge=1, le=100_000_000_000_000,
                               description="exact parameter count")

    weights_dtype: str = "bf16"
    compute_dtype: Literal["bf16", "fp16", "fp32", "fp8"] = "bf16"
    quant_method: str | None = None
    kv_cache_dtype: str = "bf16"

    batch: int = Field(default=1, ge=1, le=1_000_000)
    seq_len: int | None = Field(default=None, ge=1, le=10_000_000)
    prompt_len: int | None = Field(default=None, ge=1, le=10_000_000)
    new_tokens: int | None = Field(default=None, ge=0, le=10_000_000)
    grad_ckpt: bool = False
    lora: LoraConfig | None = None
    optimizer: Optimizer = "adamw"
    framework: str = "transformers"
    prepare_kbit: bool = Field(
        default=False, description="peft prepare_model_for_kbit_training (fp32 embeddings, "
        "lm_head and norms); on for QLoRA unless grad_ckpt is given explicitly")
    master_weights: bool | None = Field(
        default=None, description="fp32 master weights (mixed precision) for 16-bit full "
        "fine-tuning/pre-training; None = the framework's default (training_frameworks.py)")
    attention: Literal["sdpa", "flash", "eager"] = "sdpa"
    gpu_memory_utilization: float = Field(default=0.9, gt=0.0, le=1.0)
    max_model_len: int | None = Field(default=None, ge=16, le=10_000_000,
                                      description="vLLM/SGLang context length the server "
                                                  "is started with (default: the request)")
    max_num_seqs: int | None = Field(default=None, ge=1, le=65_536,
                                     description="vLLM/SGLang most running sequences (256)")
    max_num_batched_tokens: int | None = Field(default=None, ge=1, le=10_000_000,
                                               description="vLLM tokens per scheduler step")
    environment: str | None = Field(default=None, max_length=2000,
                                    description="software stack as text, e.g. 'PyTorch 2.11, "
                                                "transformers 5.17' (version-dependent engine "
                                                "behaviour)")
    ttft_target_s: float | None = Field(default=None, gt=0, le=3600,
                                        description="serving: p50 time-to-first-token target")
    itl_target_s: float | None = Field(default=None, gt=0, le=60,
                                       description="serving: inter-token latency target")

    gpu: str | None = None
    num_gpus: int = Field(default=1, ge=1, le=4096)
    parallelism: Parallelism = Parallelism()

    dataset_tokens: float | None = Field(default=None, ge=0, le=1e15)
    epochs: float = Field(default=1.0, gt=0, le=10_000)
    train_hours: float | None = Field(default=None, gt=0, le=1_000_000,
                                      description="planned run length in hours")
    requests_per_minute: float | None = Field(default=None, ge=0, le=1e9)
    avg_prompt_tokens: int = Field(default=512, ge=1, le=10_000_000)
    avg_output_tokens: int = Field(default=256, ge=1, le=10_000_000)

    pricing: str = "on_demand"
    budget_usd: float | None = Field(default=None, ge=0, le=1e12)
    max_usd_per_hour: float | None = Field(default=None, ge=0, le=1e9)
    deadline_hours: float | None = Field(default=None, gt=0, le=1_000_000)
    currency: str = "USD"
    region: str | None = Field(default=None, max_length=16,
                               description="keep only offers of providers in this country/region "
                                           "(ISO code, e.g. \"CN\"; core.providers); None: all")

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
        bytes_per_weight(key)
        return key

    @field_validator("framework", mode="after")
    @classmethod
    def _known_framework(cls, v: str) -> str:
        from .frameworks import normalize_framework
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
        # a task's implied values (QLoRA: NF4 base, peft's k-bit recipe; LoRA: an adapter;
        # full fine-tuning: bf16), defined with the wizard's starting values in task_defaults
        d.update(implied_fields(d))
        if d.get("task") in ("lora", "qlora", "full_ft", "pretrain") and "grad_ckpt" not in d:
            from .training_frameworks import grad_ckpt_default

            if grad_ckpt_default(d.get("framework")):  # LLaMA-Factory, ms-swift: on by default
                d["grad_ckpt"] = True
        if isinstance(d.get("model"), dict) and d.get("params") and "params" not in d["model"]:
            d["model"] = {**d["model"], "params": d["params"]}
        if d.get("params") and d.get("model") is None and not d.get("model_id"):
            d["model"] = {"params": d["params"]}  # params-only workload (README): sizes assumed
        return d

    @model_validator(mode="after")
    def _check(self) -> Workload:
        if self.model is None and not self.model_id:
            raise ValueError(msg("workload.needs_model"))
        if self.task == "qlora" and bytes_per_weight(self.weights_dtype) > 1.0:
            raise ValueError(msg("workload.qlora_weights"))
        return self

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

    @classmethod
    def unknown_fields(cls, data: object) -> list[str]:
        """Top-level keys of a workload dict that no field reads (besides :data:`ANNOTATION_FIELDS`).

        Shown as a warning, since they are ignored.
        """
        if not isinstance(data, dict):
            return []
        return sorted(k for k in data if isinstance(k, str) and k not in cls.model_fields
                      and k not in ANNOTATION_FIELDS)

    def unresolved_model_error(self) -> Message:
        """The error for a workload whose model is not resolved (``model`` is None).

        "model 'x' is not resolved; look it up in the catalog first" (two clauses).
        """
        return join([msg("workload.model_not_resolved", model=repr(self.model_id)),
                     msg("workload.look_it_up")], "clauses")

    def with_model(self, arch: ModelArch) -> Workload:
        """Return a copy whose ``model`` is the resolved architecture."""
        return self.model_copy(update={"model": arch})
