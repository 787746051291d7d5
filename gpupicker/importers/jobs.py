"""The job the user already has, read into a Workload: training configs and engine command lines.

Reads, without running anything:

* **axolotl** YAML (``base_model``, ``adapter``, ``load_in_4bit`` …; axolotl's ``examples/``),
* **LLaMA-Factory** YAML (``model_name_or_path``, ``finetuning_type``, ``quantization_bit``,
  ``cutoff_len`` …; LLaMA-Factory's ``examples/``),
* **torchtune** recipe configs (``model._component_: torchtune.models.llama3_1.qlora_llama3_1_8b``
  …; torchtune's ``recipes/configs/``),
* Hugging Face / TRL ``TrainingArguments`` JSON (``per_device_train_batch_size``, ``optim`` …),
* engine command lines: ``vllm serve``, ``python -m sglang.launch_server``, ``llama-server`` /
  ``llama-cli``, ``ollama run`` (flags as each engine's ``--help`` documents them),
* **SkyPilot** task YAML (``resources.accelerators`` and the ``run:`` command, read as above).

Every key is accounted for: it is *read* (it set a Workload field, shown as ``key → field``),
or *not used* with the reason — it does not change memory or speed (a learning rate, a dataset
path, a logger), it was left empty, or gpupicker does not model it (named, so the user can judge).
Nothing is dropped silently.

YAML is parsed with PyYAML's ``SafeLoader`` (no Python objects, no custom tags) after a size cap
(:data:`MAX_JOB_BYTES`) and an alias cap (:data:`MAX_YAML_ALIASES`) that refuses alias bombs
("billion laughs") before anything is built.
"""

from __future__ import annotations

import json
import os
import re
import reprlib
import shlex
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, get_args

import yaml
from typing_extensions import override

from ..core.messages import Message, msg
from ..core.text.json_limits import loads_bounded
from ..core.workload import OPTIMIZER_ALIASES, Optimizer

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
    model, a kind gpupicker does not know). ``message`` is the core Message."""

    def __init__(self, message: Message) -> None:
        """Carry ``message`` (its English text is the exception's text)."""
        super().__init__(str(message))
        self.message = message


@dataclass
class JobRead:
    """What a job file said, as a Workload and an account of every key.

    Attributes:
        kind: the format read (``axolotl``, ``llama-factory``, ``torchtune``, ``hf-trainer``,
            ``vllm``, ``sglang``, ``llama.cpp``, ``ollama``, ``skypilot``).
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

    def not_modelled(self, key: str, value: Any) -> None:
        """``key`` changes the job in a way gpupicker does not model: named as a warning too."""
        self.unused.append((key, msg("job.unused.not_modelled")))
        self.warnings.append(msg("job.warning.not_modelled", key=key, value=_short(value)))


_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxlist, _REPR.maxdict, _REPR.maxstring, _REPR.maxother = 3, 6, 6, 80, 80


def _short(value: Any) -> str:
    """``value`` in at most ~80 printable characters, without walking a large structure."""
    text = value if isinstance(value, str) else _REPR.repr(value)
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return text[:80] + ("…" if len(text) > 80 else "")


# --- parsing ------------------------------------------------------------------------------------


class _KeyCountingLoader(yaml.SafeLoader):
    """PyYAML's SafeLoader that records the keys a mapping repeats: PyYAML keeps the last
    value of a repeated key silently (YAML 1.2 section 3.2.1.1 requires keys to be unique).
    Keys brought in by a ``<<`` merge are not counted: overriding them is what a merge is for.
    """

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.duplicates: list[str] = []

    @override
    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[str] = set()
        for key_node, _value in node.value:
            if isinstance(key_node, yaml.ScalarNode) and key_node.tag != "tag:yaml.org,2002:merge":
                key = str(key_node.value)
                if key in seen and key not in self.duplicates:
                    self.duplicates.append(key)
                seen.add(key)
        return super().construct_mapping(node, deep=deep)


def _load_yaml(text: str) -> tuple[Any, list[str]]:
    """``text`` as YAML data and the keys it repeats (each once, in the order met), refusing
    alias bombs and deep nesting before anything is built."""
    aliases = depth = 0
    try:
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            if isinstance(event, yaml.AliasEvent):
                aliases += 1
                if aliases > MAX_YAML_ALIASES:
                    raise JobReadError(msg("job.yaml_aliases", n=str(MAX_YAML_ALIASES)))
            elif isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_YAML_DEPTH:
                    raise JobReadError(msg("job.yaml_depth", n=str(MAX_YAML_DEPTH)))
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
        loader = _KeyCountingLoader(text)
        try:
            return loader.get_single_data(), loader.duplicates
        finally:
            loader.dispose()
    except yaml.YAMLError as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise JobReadError(msg("job.not_yaml", why=_short(first))) from None


def read_job_text(text: str, model_lookup: ModelLookup, *, base: Path | None = None) -> JobRead:
    """Read a job from its text: a YAML/JSON config or an engine command line.

    ``base`` is the folder relative paths in the job (a DeepSpeed config, a model folder) are
    read against (the job file's folder; None: not read).

    Raises:
        JobReadError: for text that is too big, not YAML/JSON/a known command line, an alias
            bomb, or a job of a kind gpupicker does not read.
    """
    if len(text.encode("utf-8", errors="replace")) > MAX_JOB_BYTES:
        raise JobReadError(msg("job.too_big", mib=str(MAX_JOB_BYTES // (1024 * 1024))))
    stripped = _strip_shell(text)
    if _command_kind(stripped):
        return read_command(stripped, model_lookup)
    data, duplicates = _load_yaml(text)
    if not isinstance(data, dict):
        first = text.strip().splitlines()[0] if text.strip() else ""
        raise JobReadError(msg("job.unknown_kind", head=_short(first)))
    kind = sniff_config(data)
    if kind is None:
        raise JobReadError(msg("job.unknown_kind", head=_short(", ".join(list(map(str, data))[:6]))))
    reader = {
        "axolotl": _axolotl,
        "llama-factory": _llama_factory,
        "torchtune": _torchtune,
        "hf-trainer": _hf_trainer,
        "skypilot": _skypilot,
    }[kind]
    job = JobRead(kind)
    reader(data, job, model_lookup, base)
    if duplicates:
        job.warnings.append(msg("job.warning.duplicate_keys", keys=", ".join(duplicates)))
    if "model_id" not in job.workload and "model" not in job.workload:
        job.warnings.append(msg("job.no_model"))
    return job


def read_job_file(path: Path, model_lookup: ModelLookup) -> JobRead:
    """Read the job in the file ``path`` (a regular file of at most :data:`MAX_JOB_BYTES`).

    Raises:
        JobReadError: for a path that is not a regular file, is too big, is not text, or whose
            text :func:`read_job_text` refuses.
    """
    if not path.is_file():
        raise JobReadError(msg("job.not_a_file", path=str(path)))
    with open(path, "rb") as f:
        data = f.read(MAX_JOB_BYTES + 1)
    if len(data) > MAX_JOB_BYTES:
        raise JobReadError(msg("job.too_big", mib=str(MAX_JOB_BYTES // (1024 * 1024))))
    try:
        text = data.decode("utf-8-sig")  # a file saved by Excel or Notepad starts with a BOM
    except UnicodeDecodeError:
        raise JobReadError(msg("job.not_text", path=str(path))) from None
    return read_job_text(text, model_lookup, base=path.parent)


def is_job_file(path: str | os.PathLike[str]) -> bool:
    """True for a file that is a job config or command line rather than workload JSON.

    A ``.yml`` / ``.yaml`` / ``.sh`` / ``.txt`` name, or a regular JSON file of at most
    :data:`MAX_JOB_BYTES` holding an object with no ``task`` that another tool's config reader
    recognises (a TrainingArguments JSON). Used by ``gpupicker compare`` and File › Open.
    """
    p = Path(path)
    if p.suffix.lower() in (".yml", ".yaml", ".sh", ".txt"):
        return True
    try:
        if not p.is_file() or p.stat().st_size > MAX_JOB_BYTES:
            return False
        data = loads_bounded(p.read_bytes().decode("utf-8-sig"))
    except (OSError, ValueError):  # UnicodeDecodeError and JsonLimitError are ValueErrors
        return False
    return isinstance(data, dict) and "task" not in data and sniff_config(data) is not None


def _section(data: dict[str, Any], key: str) -> dict[str, Any]:
    """``data[key]`` when it is a mapping, else an empty one (a missing or damaged section)."""
    value = data.get(key)
    return value if isinstance(value, dict) else {}


def sniff_config(data: dict[str, Any]) -> str | None:
    """Which tool's config ``data`` is (None when none of those gpupicker reads)."""
    keys = set(map(str, data))
    model = data.get("model")
    if isinstance(model, dict) and str(model.get("_component_", "")).startswith("torchtune."):
        return "torchtune"
    if "resources" in keys and ("run" in keys or "setup" in keys or "service" in keys):
        return "skypilot"
    if "model_name_or_path" in keys and keys & {"finetuning_type", "stage", "cutoff_len", "template"}:
        return "llama-factory"
    if "base_model" in keys and keys & {"adapter", "micro_batch_size", "sequence_len", "datasets"}:
        return "axolotl"
    if keys & {"per_device_train_batch_size", "optim", "gradient_accumulation_steps"}:
        return "hf-trainer"
    return None


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
        "sample_packing",
        "pad_to_sequence_len",
        "tf32",
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
    }
)
"""Training keys that change neither memory nor tokens/s (what is trained on, how often it is
logged or saved, the learning-rate schedule; gradient accumulation changes the effective batch,
not the step's memory or tokens/s)."""


_LORA_KEYS_R = (("lora_r", "lora.r"), ("lora_alpha", "lora.alpha"), ("lora_dropout", "lora.dropout"))
_LORA_KEYS_RANK = (("lora_rank", "lora.r"), ("lora_alpha", "lora.alpha"), ("lora_dropout", "lora.dropout"))


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


def _deepspeed(job: JobRead, key: str, value: Any, base: Path | None) -> None:
    """ZeRO stage and offload from a DeepSpeed config (the file when readable, else its name)."""
    stage: int | None = None
    offload = False
    cfg: Any = value if isinstance(value, dict) else None
    if cfg is None and isinstance(value, str):
        p = Path(value) if Path(value).is_absolute() or base is None else base / value
        if p.is_file() and p.stat().st_size < MAX_JOB_BYTES:
            try:
                cfg = json.loads(p.read_text(encoding="utf-8-sig"))
            except (ValueError, OSError):
                cfg = None
    if isinstance(cfg, dict) and isinstance(cfg.get("zero_optimization"), dict):
        zo = cfg["zero_optimization"]
        s = zo.get("stage")
        stage = s if s in (0, 1, 2, 3) else None
        for part in ("offload_optimizer", "offload_param"):
            if isinstance(zo.get(part), dict) and zo[part].get("device") in ("cpu", "nvme"):
                offload = True
    if stage is None and isinstance(value, str):
        m = re.search(r"(?:zero|_z|ds_z)([0-3])", Path(value).name.lower())
        stage = int(m.group(1)) if m else None
        offload = offload or "offload" in value.lower()
    if stage is None:
        job.not_modelled(key, value)
        return
    job.set(key, "parallelism.zero_stage", stage)
    if offload:
        job.set(key, "parallelism.cpu_offload", True)


def _lora_targets(job: JobRead, key: str, value: Any) -> None:
    if value in ("all", "all-linear", "all_linear") or value == ["all-linear"]:
        job.set(key, "lora.targets", list(ALL_LINEAR))
        return
    items = value if isinstance(value, list) else str(value).split(",")
    names = [str(t).strip().split(".")[-1] for t in items if str(t).strip()]
    names = ["o_proj" if n == "output_proj" else n for n in names]
    job.set(key, "lora.targets", names)


def _optimizer(job: JobRead, key: str, value: Any) -> None:
    """The optimizer as the Workload spells it (core.workload.OPTIMIZER_ALIASES: HF
    ``TrainingArguments.optim``, axolotl and torchtune names), or named as not modelled."""
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
        if _is_empty(v) or v is False:
            job.unused.append((key, msg("job.unused.empty")))
        elif k in _NO_EFFECT_TRAINING:
            job.no_effect(key)
        else:
            job.not_modelled(key, v)


# --- training configs ---------------------------------------------------------------------------


def _axolotl(data: dict[str, Any], job: JobRead, lookup: ModelLookup, base: Path | None) -> None:
    handled = {
        "base_model",
        "adapter",
        "load_in_4bit",
        "load_in_8bit",
        "lora_r",
        "lora_alpha",
        "lora_dropout",
        "lora_target_modules",
        "lora_target_linear",
        "sequence_len",
        "micro_batch_size",
        "num_epochs",
        "optimizer",
        "gradient_checkpointing",
        "bf16",
        "fp16",
        "flash_attention",
        "sdp_attention",
        "attention",
        "deepspeed",
        "fsdp",
        "fsdp_config",
        "plugins",
        "liger_rope",
        "liger_rms_norm",
        "liger_glu_activation",
        "liger_fused_linear_cross_entropy",
        "liger_layer_norm",
        "liger_cross_entropy",
        "peft_use_dora",
    }
    _model(job, "base_model", data.get("base_model"), lookup, base)
    adapter = str(data.get("adapter") or "").lower()
    four, eight = data.get("load_in_4bit") is True, data.get("load_in_8bit") is True
    if adapter == "qlora" or (adapter == "lora" and four):
        job.set("adapter", "task", "qlora")
    elif adapter == "lora":
        job.set("adapter", "task", "lora")
        if eight:
            job.set("load_in_8bit", "weights_dtype", "int8")
    elif adapter:
        job.not_modelled("adapter", adapter)
        job.workload.setdefault("task", "lora")
    else:
        job.set("adapter", "task", "full_ft")
    for k, target in _LORA_KEYS_R:
        if not _is_empty(data.get(k)) and adapter:
            job.set(k, target, data[k])
    if data.get("peft_use_dora") is True and adapter:
        job.set("peft_use_dora", "lora.use_dora", True)
    if data.get("lora_target_linear") is True and adapter:
        _lora_targets(job, "lora_target_linear", "all-linear")
    elif not _is_empty(data.get("lora_target_modules")) and adapter:
        _lora_targets(job, "lora_target_modules", data["lora_target_modules"])
    for k, target in (("sequence_len", "seq_len"), ("micro_batch_size", "batch"), ("num_epochs", "epochs")):
        if not _is_empty(data.get(k)):
            job.set(k, target, data[k])
    if not _is_empty(data.get("optimizer")):
        _optimizer(job, "optimizer", data["optimizer"])
    gc = data.get("gradient_checkpointing")
    if gc in (True, "unsloth", "offload"):
        job.set("gradient_checkpointing", "grad_ckpt", True)
        if gc != True:  # noqa: E712 - a string mode, not the bool
            job.warnings.append(msg("job.warning.ckpt_offload", mode=str(gc)))
    _precision(job, data)
    attention = str(data.get("attention", "")).lower()
    if data.get("flash_attention") is True or attention in ("flash", "flash_attention_2"):
        job.set("flash_attention" if data.get("flash_attention") else "attention", "attention", "flash")
    elif data.get("sdp_attention") is True:
        job.set("sdp_attention", "attention", "sdpa")
    if not _is_empty(data.get("deepspeed")):
        _deepspeed(job, "deepspeed", data["deepspeed"], base)
    fsdp = data.get("fsdp")
    if isinstance(fsdp, list) and any("shard" in str(x) for x in fsdp):
        job.set("fsdp", "parallelism.fsdp", True)
        cfg = _section(data, "fsdp_config")
        if cfg.get("fsdp_offload_params") is True:
            job.set("fsdp_config.fsdp_offload_params", "parallelism.cpu_offload", True)
    liger = data.get("liger_fused_linear_cross_entropy") is True or any(
        "liger" in str(p).lower() for p in (data.get("plugins") or [])
    )
    job.set("plugins" if liger else "base_model", "framework", "liger" if liger else "axolotl")
    _account_rest(job, data, handled)


def _llama_factory(data: dict[str, Any], job: JobRead, lookup: ModelLookup, base: Path | None) -> None:
    handled = {
        "model_name_or_path",
        "stage",
        "finetuning_type",
        "quantization_bit",
        "quantization_method",
        "lora_rank",
        "lora_alpha",
        "lora_dropout",
        "lora_target",
        "cutoff_len",
        "per_device_train_batch_size",
        "num_train_epochs",
        "bf16",
        "fp16",
        "deepspeed",
        "optim",
        "flash_attn",
        "use_unsloth",
        "enable_liger_kernel",
        "disable_gradient_checkpointing",
        "use_dora",
    }
    _model(job, "model_name_or_path", data.get("model_name_or_path"), lookup, base)
    stage = str(data.get("stage") or "sft").lower()
    ft = str(data.get("finetuning_type") or "lora").lower()
    bits = data.get("quantization_bit")
    if ft == "lora":
        job.set("finetuning_type", "task", "qlora" if bits == 4 else "lora")
        if bits == 8:
            job.set("quantization_bit", "weights_dtype", "int8")
        elif bits not in (None, 4):
            job.not_modelled("quantization_bit", bits)
    elif ft == "full":
        job.set("finetuning_type", "task", "pretrain" if stage == "pt" else "full_ft")
    else:
        job.not_modelled("finetuning_type", ft)
        job.workload.setdefault("task", "lora")
    if stage not in ("sft", "pt"):
        job.warnings.append(msg("job.warning.stage", stage=stage))
    if data.get("quantization_method") not in (None, "bitsandbytes", "bnb"):
        job.not_modelled("quantization_method", data["quantization_method"])
    if ft == "lora":
        for k, target in _LORA_KEYS_RANK:
            if not _is_empty(data.get(k)):
                job.set(k, target, data[k])
        if not _is_empty(data.get("lora_target")):
            _lora_targets(job, "lora_target", data["lora_target"])
        if data.get("use_dora") is True:
            job.set("use_dora", "lora.use_dora", True)
    for k, target in (
        ("cutoff_len", "seq_len"),
        ("per_device_train_batch_size", "batch"),
        ("num_train_epochs", "epochs"),
    ):
        if not _is_empty(data.get(k)):
            job.set(k, target, data[k])
    _precision(job, data)
    if not _is_empty(data.get("deepspeed")):
        _deepspeed(job, "deepspeed", data["deepspeed"], base)
    if not _is_empty(data.get("optim")):
        _optimizer(job, "optim", data["optim"])
    # LLaMA-Factory turns gradient checkpointing on unless told not to (disable_gradient_checkpointing)
    ckpt_key = (
        "disable_gradient_checkpointing" if "disable_gradient_checkpointing" in data else "finetuning_type"
    )
    job.set(ckpt_key, "grad_ckpt", data.get("disable_gradient_checkpointing") is not True)
    if str(data.get("flash_attn", "")).lower() == "fa2":
        job.set("flash_attn", "attention", "flash")
    elif str(data.get("flash_attn", "")).lower() in ("sdpa", "disabled"):
        job.set("flash_attn", "attention", "sdpa" if data["flash_attn"] == "sdpa" else "eager")
    framework = (
        "unsloth"
        if data.get("use_unsloth") is True
        else ("liger" if data.get("enable_liger_kernel") is True else "llama-factory")
    )
    job.set(
        "use_unsloth"
        if framework == "unsloth"
        else ("enable_liger_kernel" if framework == "liger" else "stage"),
        "framework",
        framework,
    )
    _account_rest(job, data, handled)


_TORCHTUNE_MODEL = re.compile(r"^torchtune\.models\.[a-z0-9_]+\.(?:(q?lora)_)?([a-z0-9_]+)$")


def _torchtune(data: dict[str, Any], job: JobRead, lookup: ModelLookup, base: Path | None) -> None:
    model = data["model"]
    comp = str(model.get("_component_", ""))
    m = _TORCHTUNE_MODEL.match(comp)
    if not m:
        raise JobReadError(msg("job.unknown_model", key="model._component_", name=_short(comp)))
    kind, name = m.group(1), m.group(2)
    model_id = lookup(name) or lookup(re.sub(r"_(instruct|base)$", "", name))
    if model_id is None:
        raise JobReadError(msg("job.unknown_model", key="model._component_", name=name))
    job.set("model._component_", "model_id", model_id)
    task = {"qlora": "qlora", "lora": "lora"}.get(kind or "", "full_ft")
    job.set("model._component_", "task", task)
    if task != "full_ft":
        for k, target in _LORA_KEYS_RANK:
            if not _is_empty(model.get(k)):
                job.set(f"model.{k}", target, model[k])
        targets = [str(t) for t in model.get("lora_attn_modules") or []]
        if model.get("apply_lora_to_mlp") is True:
            targets += ["gate_proj", "up_proj", "down_proj"]
        if model.get("apply_lora_to_output") is True:
            targets.append("lm_head")
        if targets:
            _lora_targets(job, "model.lora_attn_modules", targets)
    for k in model:
        if k not in {
            "_component_",
            "lora_rank",
            "lora_alpha",
            "lora_dropout",
            "lora_attn_modules",
            "apply_lora_to_mlp",
            "apply_lora_to_output",
        }:
            job.not_modelled(f"model.{k}", model[k])
    tok = _section(data, "tokenizer")
    if not _is_empty(tok.get("max_seq_len")):
        job.set("tokenizer.max_seq_len", "seq_len", tok["max_seq_len"])
    else:
        job.warnings.append(msg("job.warning.no_seq_len"))
    for k, target in (("batch_size", "batch"), ("epochs", "epochs")):
        if not _is_empty(data.get(k)):
            job.set(k, target, data[k])
    opt = _section(data, "optimizer")
    if opt.get("_component_"):
        _optimizer(job, "optimizer._component_", opt["_component_"])
    if isinstance(data.get("optimizer_in_bwd"), bool):
        job.set("optimizer_in_bwd", "optimizer_in_bwd", data["optimizer_in_bwd"])
    if str(data.get("dtype", "")).lower() in ("bf16", "fp16", "fp32"):
        job.set("dtype", "compute_dtype", str(data["dtype"]).lower())
    job.set(
        "enable_activation_checkpointing", "grad_ckpt", data.get("enable_activation_checkpointing") is True
    )
    if data.get("enable_activation_offloading") is True:
        job.not_modelled("enable_activation_offloading", True)
    job.set("model._component_", "framework", "torchtune")
    _account_rest(
        job,
        data,
        {
            "model",
            "batch_size",
            "epochs",
            "optimizer",
            "optimizer_in_bwd",
            "dtype",
            "enable_activation_checkpointing",
            "enable_activation_offloading",
        },
    )


def _hf_trainer(data: dict[str, Any], job: JobRead, lookup: ModelLookup, base: Path | None) -> None:
    handled = {
        "model_name_or_path",
        "per_device_train_batch_size",
        "num_train_epochs",
        "optim",
        "gradient_checkpointing",
        "bf16",
        "fp16",
        "deepspeed",
        "fsdp",
        "max_seq_length",
        "max_length",
        "use_peft",
        "lora_r",
        "lora_alpha",
        "lora_dropout",
        "lora_target_modules",
        "load_in_4bit",
        "load_in_8bit",
    }
    if not _is_empty(data.get("model_name_or_path")):
        _model(job, "model_name_or_path", data["model_name_or_path"], lookup, base)
    peft = data.get("use_peft") is True
    job.set(
        "use_peft" if "use_peft" in data else "per_device_train_batch_size",
        "task",
        ("qlora" if data.get("load_in_4bit") else "lora") if peft else "full_ft",
    )
    if peft:
        for k, target in _LORA_KEYS_R:
            if not _is_empty(data.get(k)):
                job.set(k, target, data[k])
        if not _is_empty(data.get("lora_target_modules")):
            _lora_targets(job, "lora_target_modules", data["lora_target_modules"])
    for k, target in (
        ("per_device_train_batch_size", "batch"),
        ("num_train_epochs", "epochs"),
        ("max_seq_length", "seq_len"),
        ("max_length", "seq_len"),
    ):
        if not _is_empty(data.get(k)):
            job.set(k, target, data[k])
    if not _is_empty(data.get("optim")):
        _optimizer(job, "optim", data["optim"])
    if "gradient_checkpointing" in data:
        job.set("gradient_checkpointing", "grad_ckpt", data["gradient_checkpointing"] is True)
    _precision(job, data)
    if not _is_empty(data.get("deepspeed")):
        _deepspeed(job, "deepspeed", data["deepspeed"], base)
    if not _is_empty(data.get("fsdp")):
        if "shard" in str(data["fsdp"]):
            job.set("fsdp", "parallelism.fsdp", True)
            if "offload" in str(data["fsdp"]):
                job.set("fsdp", "parallelism.cpu_offload", True)
        else:
            job.not_modelled("fsdp", data["fsdp"])
    _account_rest(job, data, handled)


# --- engine command lines -----------------------------------------------------------------------


def _strip_shell(text: str) -> str:
    """One command line from ``text``: comments dropped, ``\\`` continuations joined."""
    lines = [
        ln for ln in text.replace("\\\n", " ").splitlines() if ln.strip() and not ln.lstrip().startswith("#")
    ]
    return " ".join(lines).strip()


def _command_kind(line: str) -> str | None:
    try:
        words = shlex.split(line)
    except ValueError:
        return None
    words = [w for w in words if "=" not in w or w.startswith("-")]  # FOO=bar env prefixes
    exe = [Path(w).name for w in words[:4]]
    joined = " ".join(words[:4])
    if exe and exe[0] == "vllm" and len(words) > 1 and words[1] == "serve":
        return "vllm"
    if "vllm.entrypoints.openai.api_server" in joined:
        return "vllm"
    if "sglang.launch_server" in joined:
        return "sglang"
    if exe and exe[0] in ("llama-server", "llama-cli", "server", "main") and "-m" in words + ["-hf"]:
        return "llama.cpp"
    if exe and exe[0] in ("llama-server", "llama-cli"):
        return "llama.cpp"
    if len(exe) >= 2 and exe[0] == "ollama" and words[1] in ("run", "serve", "pull"):
        return "ollama"
    return None


def _speculative(job: JobRead, text: str | None) -> None:
    """vLLM's ``--speculative-config '{"method": …}'`` as the workload's ``speculative``, when the
    Workload models that method; else named as not modelled."""
    from ..core.workload import Workload

    try:
        cfg = json.loads(text or "")
        Workload.model_validate({"task": "inference", "model": {"params": 1_000_000_000}, "speculative": cfg})
    except (ValueError, TypeError):
        job.not_modelled("--speculative-config", text)
        return
    job.set("--speculative-config", "speculative", cfg)


def _is_flag(word: str) -> bool:
    """``--x`` / ``-x``, not a negative number."""
    return word.startswith("-") and len(word) > 1 and not re.fullmatch(r"-\d+(\.\d+)?", word)


def _flags(words: list[str]) -> tuple[list[str], list[tuple[str, str | None]]]:
    """Positional words and (flag, value) pairs; ``--flag=value`` and ``--flag value`` both."""
    pos: list[str] = []
    flags: list[tuple[str, str | None]] = []
    i = 0
    while i < len(words):
        w = words[i]
        if _is_flag(w):
            if "=" in w:
                k, v = w.split("=", 1)
                flags.append((k, v))
            elif i + 1 < len(words) and not _is_flag(words[i + 1]):
                flags.append((w, words[i + 1]))
                i += 1
            else:
                flags.append((w, None))
        else:
            pos.append(w)
        i += 1
    return pos, flags


def _int(job: JobRead, key: str, value: str | None, target: str) -> None:
    try:
        job.set(key, target, int(str(value)))
    except ValueError:
        job.not_modelled(key, value)


def _float(job: JobRead, key: str, value: str | None, target: str) -> None:
    try:
        job.set(key, target, float(str(value)))
    except ValueError:
        job.not_modelled(key, value)


_VLLM_QUANT = {
    "awq": ("int4", "awq"),
    "awq_marlin": ("int4", "awq"),
    "gptq": ("int4", "gptq"),
    "gptq_marlin": ("int4", "gptq"),
    "fp8": ("fp8", None),
    "bitsandbytes": ("nf4", None),
    "mxfp4": ("mxfp4", None),
}
"""vLLM/SGLang ``--quantization`` methods → (weights dtype, quant method)."""

_NO_EFFECT_SERVE = frozenset(
    {
        "--host",
        "--port",
        "--served-model-name",
        "--api-key",
        "--trust-remote-code",
        "--tokenizer",
        "--chat-template",
        "--tool-call-parser",
        "--enable-auto-tool-choice",
        "--reasoning-parser",
        "--log-level",
        "--uvicorn-log-level",
        "--disable-log-requests",
        "--disable-log-stats",
        "--download-dir",
        "--seed",
        "--revision",
        "--generation-config",
        "--tokenizer-mode",
        "--alias",
        "-a",
        "--api-key-file",
        "--jinja",
        "--no-webui",
        "--metrics",
        "--log-file",
        "--threads",
        "-t",
        "--timeout",
        "--path",
    }
)
"""Server flags that change neither memory nor speed (addresses, names, parsers, logging)."""


def read_command(line: str, lookup: ModelLookup) -> JobRead:
    """Read an engine command line (``vllm serve …``, ``python -m sglang.launch_server …``,
    ``llama-server …``, ``ollama run …``).

    Raises:
        JobReadError: for a line that is not one of those, or names no model gpupicker knows.
    """
    kind = _command_kind(line)
    if kind is None:
        raise JobReadError(msg("job.unknown_kind", head=_short(line)))
    words = shlex.split(line)
    while words and "=" in words[0] and not words[0].startswith("-"):
        words = words[1:]  # leading environment assignments (CUDA_VISIBLE_DEVICES=0 …)
    job = JobRead(kind)
    job.set(kind, "task", "inference")
    job.set(kind, "framework", {"llama.cpp": "llama.cpp"}.get(kind, kind))
    if kind == "ollama":
        return _ollama(words, job, lookup)
    pos, flags = _flags(words)
    model: str | None = None
    if kind == "vllm" and "serve" in pos:
        after = pos[pos.index("serve") + 1 :]
        model = after[0] if after else None
    for flag, value in flags:
        f = flag
        if f in ("--model", "--model-path", "-m", "--hf-repo", "-hf", "-hfr"):
            model = value
        elif f in ("--tensor-parallel-size", "-tp", "--tp", "--tp-size"):
            _int(job, f, value, "parallelism.tensor_parallel")
            _int(job, f, value, "num_gpus")
        elif f in ("--pipeline-parallel-size", "-pp", "--pp", "--pp-size"):
            _int(job, f, value, "parallelism.pipeline_parallel")
        elif f in ("--max-model-len", "--context-length"):
            _int(job, f, value, "max_model_len")
        elif f in ("-c", "--ctx-size"):
            _int(job, f, value, "seq_len")
        elif f in ("--gpu-memory-utilization", "--mem-fraction-static"):
            _float(job, f, value, "gpu_memory_utilization")
        elif f in ("--max-num-seqs", "--max-running-requests"):
            _int(job, f, value, "max_num_seqs")
        elif f in ("-np", "--parallel"):
            _int(job, f, value, "batch")
        elif f in ("--max-num-batched-tokens", "--chunked-prefill-size"):
            _int(job, f, value, "max_num_batched_tokens")
        elif f in ("--kv-cache-dtype", "-ctk", "--cache-type-k"):
            dt = str(value).lower()
            job.set(
                f,
                "kv_cache_dtype",
                {"fp8_e4m3": "fp8", "fp8_e5m2": "fp8", "auto": "bf16", "f16": "fp16"}.get(dt, dt),
            )
        elif f in ("-ctv", "--cache-type-v"):
            job.no_effect(f)  # the K and V types are one kv_cache_dtype (set by -ctk)
        elif f in ("--quantization", "-q"):
            q = _VLLM_QUANT.get(str(value).lower())
            if q is None:
                job.not_modelled(f, value)
            else:
                job.set(f, "weights_dtype", q[0])
                if q[1]:
                    job.set(f, "quant_method", q[1])
        elif f in ("-fa", "--flash-attn"):
            job.set(f, "attention", "flash" if value in (None, "on", "auto") else "sdpa")
        elif f in ("-ngl", "--n-gpu-layers", "--gpu-layers"):
            v = str(value).lower()
            if v in ("all", "auto") or (v.isdigit() and int(v) >= 99):
                job.no_effect(f)  # every layer on the GPU: what gpupicker places first
            elif v.isdigit() and kind == "llama.cpp":
                _int(job, f, value, "n_gpu_layers")
            else:
                job.not_modelled(f, value)
        elif f in ("--n-cpu-moe", "-ncmoe") and kind == "llama.cpp":
            _int(job, f, value, "n_cpu_moe")
        elif f in ("--cpu-moe", "-cmoe") and kind == "llama.cpp":
            job.set(f, "n_cpu_moe", "all")
        elif (
            f in ("-ot", "--override-tensor")
            and kind == "llama.cpp"
            and re.fullmatch(r"[.\\]*(?:ffn_\.\*_)?exps[.\\]*=CPU", str(value or ""), re.I)
        ):
            job.set(f, "n_cpu_moe", "all")  # every layer's routed experts in host RAM
        elif f in ("--no-kv-offload", "-nkvo") and kind == "llama.cpp":
            job.set(f, "kv_on_host", True)
        elif f == "--speculative-config":
            pass  # read below, once the model is known
        elif f in _NO_EFFECT_SERVE:
            job.no_effect(f)
        else:
            job.not_modelled(f, value)
    if kind == "llama.cpp" and job.workload.get("batch", 1) > 1 and "seq_len" in job.workload:
        # llama-server's -c is the context of all -np slots together (each slot gets c / np)
        slots = job.workload["batch"]
        job.set("-c / -np", "seq_len", max(1, job.workload["seq_len"] // slots))
    spec = next((v for f, v in flags if f == "--speculative-config"), None)
    if spec is not None:
        _speculative(job, spec)
    if not model:
        raise JobReadError(msg("job.no_model_flag", kind=kind))
    name = model
    if kind == "llama.cpp":
        name = _gguf_name(job, model)
    model_id = lookup(name)
    if model_id is None:
        raise JobReadError(msg("job.unknown_model", key="model", name=_short(model)))
    job.set("model" if kind != "vllm" else "serve", "model_id", model_id)
    return job


_GGUF_TYPE = re.compile(r"(?i)(?:^|[-_.])(i?q\d_[a-z0-9_]*|q8_0|f16|bf16|f32)(?=$|[-.])")


def _gguf_name(job: JobRead, model: str) -> str:
    """The model name in a llama.cpp ``-m file.gguf`` or ``-hf org/repo[:quant]``, recording the
    GGUF type as ``weights_dtype`` (``-hf`` without one: Q4_K_M, llama.cpp's documented default)."""
    if model.lower().endswith(".gguf"):
        stem = Path(model).stem
        m = _GGUF_TYPE.search(stem)
        if m:
            job.set("-m", "weights_dtype", m.group(1).lower())
            stem = stem[: m.start()] + stem[m.end() :]
        else:
            job.not_modelled("-m", model)
        return re.sub(r"(?i)[-_.]gguf$", "", stem)
    repo, _, quant = model.partition(":")
    if quant:
        job.set("-hf", "weights_dtype", quant.lower())
    else:
        job.set("-hf", "weights_dtype", "q4_k_m")
        job.warnings.append(msg("job.warning.default_quant", quant="Q4_K_M", why="llama.cpp -hf"))
    return re.sub(r"(?i)[-_.]gguf$", "", repo)


def _ollama(words: list[str], job: JobRead, lookup: ModelLookup) -> JobRead:
    pos, flags = _flags(words[1:])
    tag = pos[1] if len(pos) > 1 else ""
    if not tag:
        raise JobReadError(msg("job.no_model_flag", kind="ollama"))
    name, _, variant = tag.partition(":")
    size = re.match(r"(\d+(?:\.\d+)?[bm])", variant.lower()) if variant else None
    quant = re.search(r"(q\d_[a-z0-9_]+|fp16|q8_0)", variant.lower()) if variant else None
    candidate = f"{name}:{size.group(1)}" if size else name
    model_id = lookup(candidate)
    if model_id is None:
        raise JobReadError(msg("job.unknown_model", key="model", name=_short(tag)))
    job.set("model", "model_id", model_id)
    job.set("model", "weights_dtype", quant.group(1) if quant else "q4_k_m")
    if not quant:
        job.warnings.append(msg("job.warning.default_quant", quant="Q4_K_M", why="ollama"))
    for flag, value in flags:
        job.not_modelled(flag, value)
    return job


# --- SkyPilot -----------------------------------------------------------------------------------


def _skypilot(data: dict[str, Any], job: JobRead, lookup: ModelLookup, base: Path | None) -> None:
    res = _section(data, "resources")
    run = data.get("run")
    inner = None
    if isinstance(run, str):
        for piece in re.split(r"\n(?!\s)", run.replace("\\\n", " ")):
            cmd = _strip_shell(piece)
            if _command_kind(cmd):
                inner = read_command(cmd, lookup)
                break
    if inner is None:
        raise JobReadError(msg("job.skypilot_no_engine"))
    job.kind = f"skypilot+{inner.kind}"
    job.workload.update(inner.workload)
    job.read += [(f"run: {k}", v) for k, v in inner.read]
    job.unused += [(f"run: {k}", v) for k, v in inner.unused]
    job.warnings += inner.warnings
    acc = res.get("accelerators")
    if isinstance(acc, str) and ":" in acc:
        gpu, _, n = acc.partition(":")
        job.read.append(("resources.accelerators", f"(GPU type {gpu}, as the catalog names it)"))
        if n.isdigit():
            job.set("resources.accelerators", "num_gpus", int(n))
    elif acc is not None:
        job.not_modelled("resources.accelerators", acc)
    for k in res:
        if k != "accelerators":
            job.no_effect(f"resources.{k}")
    for k in data:
        if k not in ("resources", "run"):
            job.no_effect(k)


# --- catalog lookup ---------------------------------------------------------------------------


_DROP = frozenset(
    {
        "meta",
        "instruct",
        "chat",
        "hf",
        "it",
        "base",
        "gguf",
        "awq",
        "gptq",
        "fp8",
        "int4",
        "int8",
        "bnb",
        "4bit",
        "8bit",
        "w4a16",
        "w8a8",
    }
)


def name_words(name: str) -> frozenset[str]:
    """The words of a model name that identify it: the org, ``Instruct``/``chat``/``hf`` and
    quantized-export suffixes (``AWQ``, ``GPTQ``, ``FP8``…: the same architecture) and punctuation
    dropped. ``NousResearch/Meta-Llama-3.1-8B-Instruct`` → {llama, 3, 1, 8b}."""
    tail = name.strip().rstrip("/").split("/")[-1].lower()
    tail = re.sub(r"(\d)[._](\d)", r"\1 \2", tail)  # 3.1 / 3_1 → 3 1
    tail = re.sub(r"([a-z])(\d)", r"\1 \2", tail)  # llama3 → llama 3, qwen2 → qwen 2
    words = {w for w in re.split(r"[^a-z0-9]+", tail) if w}
    return frozenset(words - _DROP)


def catalog_lookup(models: Iterable[tuple[str, str, str]]) -> ModelLookup:
    """A :data:`ModelLookup` over catalog models given as (id, name, Hugging Face repo or "").

    A name matches a model whose id, repo or display name has the same :func:`name_words`
    (an ``-Instruct`` checkpoint maps to its base row: the same architecture); two models with
    the same words make the name ambiguous (None).
    """
    rows = list(models)
    by_id = {i: i for i, _, _ in rows}
    by_repo = {r.lower(): i for i, _, r in rows if r}
    by_words: dict[frozenset[str], set[str]] = {}
    for i, n, r in rows:
        for text in (i, n, r):
            if text:
                by_words.setdefault(name_words(text), set()).add(i)

    def lookup(name: str) -> str | None:
        key = name.strip()
        if key in by_id:
            return key
        if key.lower() in by_repo:
            return by_repo[key.lower()]
        hits = by_words.get(name_words(key), set())
        return next(iter(hits)) if len(hits) == 1 else None

    return lookup


class _CatalogModelLike(Protocol):
    """What a lookup reads of a catalog model (``catalog.records.CatalogModel``)."""

    @property
    def id(self) -> str: ...  # noqa: D102

    @property
    def name(self) -> str: ...  # noqa: D102

    @property
    def hf_repo(self) -> str: ...  # noqa: D102


def catalog_models_lookup(models: Iterable[_CatalogModelLike]) -> ModelLookup:
    """:func:`catalog_lookup` over the catalog's models (``CatalogRepository.models()``)."""
    return catalog_lookup((m.id, m.name, m.hf_repo) for m in models)


__all__ = [
    "ALL_LINEAR",
    "MAX_JOB_BYTES",
    "MAX_YAML_ALIASES",
    "JobRead",
    "JobReadError",
    "ModelLookup",
    "catalog_lookup",
    "catalog_models_lookup",
    "is_job_file",
    "name_words",
    "read_command",
    "read_job_file",
    "read_job_text",
    "sniff_config",
]
