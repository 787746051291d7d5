"""What reading a job gives (:class:`JobRead`, :class:`JobReadError`), its bounds, and the key
mappings every job reader shares (keys with no effect on memory or speed, LoRA keys, the model,
DeepSpeed, optimizer and precision keys).
"""

from __future__ import annotations

import json
import reprlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, get_args

from ..core.messages import Message, msg
from ..core.workload import Optimizer
from ..core.workload.spellings import OPTIMIZER_ALIASES, attention_spelling

MAX_JOB_BYTES = 1024 * 1024
"""Largest job file read (the biggest axolotl/LLaMA-Factory/torchtune examples are ~5 KB)."""

MAX_YAML_ALIASES = 10
"""Most YAML aliases (``*name``) accepted. Job configs of axolotl, LLaMA-Factory and torchtune use
none; each alias can double what the document expands to (a nine-level "billion laughs" needs
only 81), so ten bound the expansion to 2**10 of the file's own size."""

MAX_YAML_DEPTH = 40
"""Deepest YAML nesting accepted (a torchtune recipe nests 3 levels)."""

ModelLookup = Callable[[str], str | None]
"""Maps a model name as a job writes it (``NousResearch/Meta-Llama-3-8B``, ``llama3_1_8b``,
``llama3.1:8b``) to a catalog model id, or None."""

ALL_LINEAR = ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj")
"""peft's ``all-linear`` / axolotl's ``lora_target_linear`` / LLaMA-Factory's ``lora_target: all``
on a Llama-style decoder."""


class JobReadError(ValueError):
    """A job file or command line that cannot be read (too big, not YAML/JSON, an alias bomb, no
    model, a kind gpupicker does not know). ``message`` is the core Message.
    """

    def __init__(self, message: Message) -> None:
        """Carry ``message`` (its English text is the exception's text)."""
        super().__init__(str(message))
        self.message = message


@dataclass
class JobRead:
    """What a job file said, as a Workload and an account of every key.

    Attributes:
        kind: the format read (``axolotl``, ``llama-factory``, ``torchtune``, ``hf-trainer``,
            ``vllm``, ``sglang``, ``llama.cpp``, ``ollama``, ``mlx-lm``, ``trl``, ``ms-swift``,
            ``skypilot``).
        workload: the Workload JSON object (validate it with ``Workload.model_validate``).
        read: (source key, the Workload field it set and the value), in file order.
        unused: (source key, why it was not used: a Message).
        warnings: what the estimate does not reflect (Messages).
    """

    kind: str
    workload: dict[str, Any] = field(default_factory=dict)
    read: list[tuple[str, str]] = field(default_factory=list)
    unused: list[tuple[str, Message]] = field(default_factory=list)
    warnings: list[Message] = field(default_factory=list)

    def set(self, key: str, target: str, value: Any) -> None:
        """Record that ``key`` set ``target`` (a dotted Workload path) to ``value``."""
        node = self.workload
        parts = target.split(".")
        for p in parts[:-1]:
            node = node.setdefault(p, {})
        node[parts[-1]] = value
        self.read.append((key, f"{target} = {json.dumps(value)}"))

    def no_effect(self, key: str) -> None:
        """``key`` does not change memory or speed."""
        self.unused.append((key, msg("job.unused.no_effect")))

    def unknown_flag(self, flag: str, engine: str) -> None:
        """``flag`` is none of the ``engine``'s flags that gpupicker knows (a typo, or a flag
        newer than gpupicker): named as a warning, never said to be an unmodelled real flag."""
        self.unused.append((flag, msg("job.unused.unknown_flag", engine=engine)))
        self.warnings.append(msg("job.warning.unknown_flag", flag=flag, engine=engine))

    def not_modelled(self, key: str, value: Any) -> None:
        """``key`` changes the job in a way gpupicker does not model: named as a warning too."""
        self.unused.append((key, msg("job.unused.not_modelled")))
        self.warnings.append(msg("job.warning.not_modelled", key=key, value=_short(value)))


def set_int(job: JobRead, key: str, value: str | None, target: str) -> None:
    """Set ``target`` to the whole number a command-line flag ``key`` gives, or name the flag
    as not modelled when ``value`` is not one (e.g. vLLM's ``--max-model-len auto``)."""
    try:
        job.set(key, target, int(str(value)))
    except ValueError:
        job.not_modelled(key, value)


def set_quant(
    job: JobRead, key: str, value: str | None, formats: Mapping[str, tuple[str, str | None]]
) -> None:
    """Set ``weights_dtype`` (and ``quant_method`` where given) from an engine's quantization
    flag ``key``: ``formats`` maps its lower-cased values to (weights dtype, quant method or
    None); a value not in it is named as not modelled."""
    q = formats.get(str(value).lower())
    if q is None:
        job.not_modelled(key, value)
        return
    job.set(key, "weights_dtype", q[0])
    if q[1]:
        job.set(key, "quant_method", q[1])


def set_float(job: JobRead, key: str, value: str | None, target: str) -> None:
    """Set ``target`` to the number a command-line flag ``key`` gives, or name the flag as not
    modelled when ``value`` is not a number."""
    try:
        job.set(key, target, float(str(value)))
    except ValueError:
        job.not_modelled(key, value)


_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxlist, _REPR.maxdict, _REPR.maxstring, _REPR.maxother = 3, 6, 6, 80, 80


def _short(value: Any) -> str:
    """``value`` in at most ~80 printable characters, without walking a large structure."""
    text = value if isinstance(value, str) else _REPR.repr(value)
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return text[:80] + ("…" if len(text) > 80 else "")


# --- shared mappings ----------------------------------------------------------------------------


_NO_EFFECT_TRAINING = frozenset(
    {
        "datasets",
        "dataset",
        "dataset_prepared_path",
        "val_set_size",
        "val_size",
        "output_dir",
        "learning_rate",
        "lr",
        "lr_scheduler",
        "lr_scheduler_type",
        "warmup_steps",
        "warmup_ratio",
        "weight_decay",
        "logging_steps",
        "log_every_n_steps",
        "save_steps",
        "saves_per_epoch",
        "evals_per_epoch",
        "eval_steps",
        "eval_strategy",
        "eval_table_size",
        "special_tokens",
        "tokenizer_type",
        "model_type",
        "strict",
        "train_on_inputs",
        "group_by_length",
        "resume_from_checkpoint",
        "local_rank",
        "early_stopping_patience",
        "debug",
        "hub_model_id",
        "chat_template",
        "template",
        "lora_model_dir",
        "lora_fan_in_fan_out",
        "eval_sample_packing",
        "trust_remote_code",
        "seed",
        "shuffle",
        "max_samples",
        "overwrite_cache",
        "preprocessing_num_workers",
        "plot_loss",
        "overwrite_output_dir",
        "ddp_timeout",
        "per_device_eval_batch_size",
        "do_train",
        "report_to",
        "save_only_model",
        "run_name",
        "gradient_accumulation_steps",
        "gradient_checkpointing_kwargs",
        "wandb_project",
        "wandb_entity",
        "wandb_watch",
        "wandb_name",
        "wandb_log_model",
        "metric_logger",
        "profiler",
        "checkpointer",
        "tokenizer",
        "loss",
        "device",
        "max_steps_per_epoch",
        "clip_grad_norm",
        "save_adapter_weights_only",
        "low_cpu_ram",
        "log_peak_memory_stats",
        "log_level",
        "save_every_n_steps",
        "max_grad_norm",
        "save_strategy",
        "save_total_limit",
        "logging_dir",
        "logging_strategy",
        "dataloader_num_workers",
        "remove_unused_columns",
        "push_to_hub",
        "warmup",
        "adam_beta1",
        "adam_beta2",
        "adam_epsilon",
        "label_smoothing_factor",
        "num_warmup_steps",
        "dataset_text_field",
        "max_steps",
        "include_tokens_per_second",
        "hub_strategy",
        "hub_private_repo",
        "loss_watchdog_threshold",
        "loss_watchdog_patience",
        "eot_tokens",
        "tokens",
        "dataset_val",
        "batch_size_val",
        "eval_batch_size",
        "eval_max_new_tokens",
        "eval_causal_lm_metrics",
        "do_causal_lm_eval",
        "tokenizer_use_fast",
        "tokenizer_legacy",
        "hf_use_auth_token",
        "lr_quadratic_warmup",
        "ddp_find_unused_parameters",
        "dataset_num_proc",
        "dataset_name",
        "eos_token",
        "packing_strategy",
        "completion_only_loss",
        "assistant_only_loss",
        "dataloader_pin_memory",
        "save_safetensors",
        "system",
        "model_author",
        "model_name",
        "split_dataset_ratio",
        "streaming",
        "bnb_4bit_compute_dtype",
        "bnb_4bit_quant_type",
    }
)
"""Training keys that change neither memory nor tokens/s (what is trained on, how often it is
logged or saved, the learning-rate schedule; gradient accumulation changes the effective batch,
not the step's memory or tokens/s)."""


_LORA_KEYS_R = (("lora_r", "lora.r"), ("lora_alpha", "lora.alpha"), ("lora_dropout", "lora.dropout"))
_LORA_KEYS_RANK = (("lora_rank", "lora.r"), ("lora_alpha", "lora.alpha"), ("lora_dropout", "lora.dropout"))


def _section(data: dict[str, Any], key: str) -> dict[str, Any]:
    """``data[key]`` when it is a mapping, else an empty one (a missing or damaged section)."""
    value = data.get(key)
    return value if isinstance(value, dict) else {}


def _is_empty(v: Any) -> bool:
    return v is None or v == "" or v == [] or v == {}


def _model(job: JobRead, key: str, name: Any, lookup: ModelLookup, base: Path | None) -> None:
    text = str(name).strip()
    folder = (base / text) if base is not None and not Path(text).is_absolute() else Path(text)
    if text and folder.is_dir() and (folder / "config.json").is_file():
        from .inspect import inspect_path

        imported = inspect_path(folder)
        if imported.arch is not None:
            job.set(key, "model", imported.arch.model_dump(mode="json", exclude_none=True))
            return
    model_id = lookup(text) if text else None
    if model_id is None:
        raise JobReadError(msg("job.unknown_model", key=key, name=_short(text)))
    job.set(key, "model_id", model_id)
    from .job_flags import name_weights_dtype

    named = name_weights_dtype(text)
    if named is not None:  # Qwen2.5-7B-Instruct-AWQ: the base the adapter trains on is 4-bit
        job.set(f"{key} (checkpoint name)", "weights_dtype", named)


def _lora_targets(job: JobRead, key: str, value: Any) -> None:
    if value in ("all", "all-linear", "all_linear") or value == ["all-linear"]:
        job.set(key, "lora.targets", list(ALL_LINEAR))
        return
    items = value if isinstance(value, list) else str(value).split(",")
    names = [str(t).strip().split(".")[-1] for t in items if str(t).strip()]
    names = ["o_proj" if n == "output_proj" else n for n in names]
    job.set(key, "lora.targets", names)


def _optimizer(job: JobRead, key: str, value: Any) -> None:
    """The optimizer as the Workload spells it (core.workload.spellings.OPTIMIZER_ALIASES: HF
    ``TrainingArguments.optim``, axolotl and torchtune names), or named as not modelled.
    """
    name = str(value).strip().lower()
    mapped = OPTIMIZER_ALIASES.get(name, name if name in get_args(Optimizer) else None)
    if mapped is None:
        job.not_modelled(key, value)
        return
    job.set(key, "optimizer", mapped)


def _precision(job: JobRead, data: dict[str, Any]) -> None:
    if data.get("fp16") is True:
        job.set("fp16", "compute_dtype", "fp16")
    elif data.get("bf16") in (True, "auto", "true"):
        job.set("bf16", "compute_dtype", "bf16")


def axolotl_precision(job: JobRead, data: dict[str, Any]) -> None:
    """axolotl's training dtype, as its ``resolve_dtype`` decides it
    (axolotl-ai-cloud/axolotl src/axolotl/utils/config/__init__.py, commit 00ce888).

    ``fp16: true`` → fp16; ``bf16: true`` or ``auto`` (the schema's default) → bf16.
    ``bf16: false`` without ``fp16``, ``load_in_8bit``, ``bfloat16`` or ``float16`` →
    ``torch_dtype = torch.float32`` and no autocast: an **fp32** run (fp32 weights, gradients
    and Adam states, no master copy; a QLoRA run computes in fp32,
    ``bnb_4bit_compute_dtype = torch_dtype``). fp32 matmuls are not timed at their own rate
    (core.speed.training uses the 16-bit peak), so a warning says so. ``bf16: false`` with
    ``load_in_8bit`` (float16 weights without autocast) is named as not modelled.
    """
    bf16 = data.get("bf16")
    if data.get("fp16") is True or bf16 is not False:
        _precision(job, data)
        return
    if any(data.get(k) is True for k in ("load_in_8bit", "bfloat16", "float16")):
        job.not_modelled("bf16", bf16)
        return
    if job.workload.get("task") != "qlora" and "weights_dtype" not in job.workload:  # not quantized
        job.set("bf16", "weights_dtype", "fp32")
    job.set("bf16", "compute_dtype", "fp32")
    job.warnings.append(msg("job.warning.fp32_training"))


_ROW_KEYS = frozenset({"sample_packing", "pad_to_sequence_len"})
"""axolotl's packing / padding keys: how full a row of ``sequence_len`` tokens is. The memory
and speed models take every row as ``seq_len`` tokens (formulas.md §2, §4), which packing
(several samples per row) and padding to ``sequence_len`` make true; unpacked, unpadded rows
are as long as their samples."""


def _tf32(job: JobRead, key: str, value: Any) -> None:
    """``tf32`` (HF ``TrainingArguments.tf32``, axolotl's key: PyTorch's
    ``torch.backends.cuda.matmul.allow_tf32``) decides how **fp32** matmuls run. A bf16/fp16
    run's matmuls are in that 16-bit type and timed at its rate, so the key changes nothing
    estimated; for an fp32 run the TF32-vs-fp32 rate is not modelled (the 16-bit peak is used,
    core.speed.training), so it is named as not modelled.
    """
    dtype = job.workload.get("compute_dtype")
    if dtype in ("bf16", "fp16"):
        job.unused.append((key, msg("job.unused.tf32_16bit", dtype=dtype)))
    else:
        job.not_modelled(key, value)


def _account_rest(job: JobRead, data: dict[str, Any], handled: Iterable[str], prefix: str = "") -> None:
    done = set(handled)
    named = {k for k, _ in job.read} | {k for k, _ in job.unused}
    for k, v in data.items():
        key = f"{prefix}{k}"
        if key in named:
            continue
        if k in done and not _is_empty(v):
            # read, and used to decide fields recorded under another key (load_in_4bit → task)
            job.read.append((key, f"(read: {_short(v)})"))
            continue
        if k in _ROW_KEYS and not _is_empty(v):
            job.unused.append((key, msg("job.unused.full_rows" if v is not False else "job.unused.unpacked")))
        elif k == "tf32" and not _is_empty(v):
            _tf32(job, key, v)
        elif _is_empty(v):
            job.unused.append((key, msg("job.unused.empty")))
        elif k in _NO_EFFECT_TRAINING:
            job.no_effect(key)
        elif v is False:
            job.unused.append((key, msg("job.unused.off")))
        else:
            job.not_modelled(key, v)


def _attn_implementation(job: JobRead, key: str, value: Any) -> None:
    """transformers ``attn_implementation`` as the workload's ``attention``, or named as not
    modelled.

    ``flash_attention_2`` / ``sdpa`` / ``eager`` / ``flex_attention``
    (:data:`~gpupicker.core.workload.spellings.ATTENTION_ALIASES`) and a Hub kernel repo
    (``kernels-community/vllm-flash-attn3``, transformers' ``kernels`` integration) whose name
    says flash attention: a tiled kernel that never holds the score matrix.
    """
    mapped = attention_spelling(str(value))
    if mapped not in ("flash", "sdpa", "eager"):
        job.not_modelled(key, value)
        return
    job.set(key, "attention", mapped)


_FSDP_NO_EFFECT = frozenset(
    {
        "state_dict_type",
        "auto_wrap_policy",
        "transformer_layer_cls_to_wrap",
        "cpu_ram_efficient_loading",
        "sync_module_states",
        "use_orig_params",
        "limit_all_gathers",
        "forward_prefetch",
        "backward_prefetch",
        "min_num_params",
        "version",
        "reshard_after_forward",
        "sharding_strategy",
        "offload_params",
        "activation_checkpointing",
    }
)
"""FSDP config keys (accelerate's ``fsdp_config``, with or without the ``fsdp_`` prefix) that
change neither memory nor speed as gpupicker models FSDP (wrapping, state-dict format, loading,
prefetch), and the ones read below (``offload_params``, ``activation_checkpointing``,
``reshard_after_forward``, ``sharding_strategy``)."""


def _fsdp_config(job: JobRead, key: str, cfg: dict[str, Any]) -> None:
    """Every key of an FSDP ``fsdp_config`` accounted for (accelerate / axolotl spellings).

    ``offload_params`` → ``parallelism.cpu_offload``, ``activation_checkpointing`` →
    ``grad_ckpt`` (FSDP's own activation checkpointing: the same memory as transformers'),
    ``reshard_after_forward: false`` / ``sharding_strategy: SHARD_GRAD_OP`` / ``HYBRID_SHARD``
    named as not modelled (gpupicker models FULL_SHARD), the wrapping and state-dict keys as
    having no effect, any other key as not modelled.
    """
    for k, v in cfg.items():
        name = str(k).removeprefix("fsdp_")
        where = f"{key}.{k}"
        if name == "offload_params" and v is True:
            job.set(where, "parallelism.cpu_offload", True)
        elif name == "activation_checkpointing" and v is True:
            job.set(where, "grad_ckpt", True)
        elif (name == "reshard_after_forward" and v is False) or (
            name == "sharding_strategy" and str(v).upper() not in ("FULL_SHARD", "1")
        ):
            job.not_modelled(where, v)
        elif name in _FSDP_NO_EFFECT or _is_empty(v):
            job.no_effect(where)
        else:
            job.not_modelled(where, v)


def _plugins(job: JobRead, key: str, plugins: Any) -> bool:
    """axolotl ``plugins``: True when one is Liger's (the ``liger`` stack profile); every other
    plugin (Cut Cross Entropy, expert parallel, KD …) is named as not modelled.
    """
    liger = False
    for p in plugins if isinstance(plugins, list) else [plugins]:
        if "liger" in str(p).lower():
            liger = True
        elif not _is_empty(p):
            job.not_modelled(key, p)
    return liger
