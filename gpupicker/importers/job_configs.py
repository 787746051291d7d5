"""Training configs read into a Workload: axolotl, LLaMA-Factory and torchtune YAML, Hugging Face
``TrainingArguments`` JSON and SkyPilot task YAML (its ``run:`` command read by
:mod:`.job_commands`).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ..core.messages import msg
from .job_commands import _command_kind, _strip_shell, read_command
from .job_deepspeed import _deepspeed
from .job_model import (
    _LORA_KEYS_R,
    _LORA_KEYS_RANK,
    JobRead,
    JobReadError,
    ModelLookup,
    _account_rest,
    _attn_implementation,
    _fsdp_config,
    _is_empty,
    _lora_targets,
    _model,
    _optimizer,
    _plugins,
    _precision,
    _section,
    _short,
    axolotl_precision,
)

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
        "flex_attention",
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
        "attn_implementation",
        "fsdp_version",
        "tensor_parallel_size",
        "expert_parallel_size",
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
    axolotl_precision(job, data)
    attention = str(data.get("attention", "")).lower()
    if data.get("flash_attention") is True or attention in ("flash", "flash_attention_2"):
        job.set("flash_attention" if data.get("flash_attention") else "attention", "attention", "flash")
    elif data.get("sdp_attention") is True:
        job.set("sdp_attention", "attention", "sdpa")
    elif data.get("flex_attention") is True:
        job.set("flex_attention", "attention", "flash")  # tiled: no score matrix held
    elif not _is_empty(data.get("attn_implementation")):
        _attn_implementation(job, "attn_implementation", data["attn_implementation"])
    if not _is_empty(data.get("deepspeed")):
        _deepspeed(job, "deepspeed", data["deepspeed"], base)
    _axolotl_sharding(job, data)
    liger = _plugins(job, "plugins", data.get("plugins") or [])
    liger = liger or data.get("liger_fused_linear_cross_entropy") is True
    job.set("plugins" if liger else "base_model", "framework", "liger" if liger else "axolotl")
    _account_rest(job, data, handled)


def _axolotl_sharding(job: JobRead, data: dict[str, Any]) -> None:
    """axolotl's FSDP and tensor-parallel keys: ``fsdp: [full_shard, …]`` (FSDP1) or
    ``fsdp_version: 2`` with an ``fsdp_config`` (FSDP2, axolotl's current examples) →
    ``parallelism.fsdp``, each ``fsdp_config`` key accounted for; ``tensor_parallel_size`` /
    ``expert_parallel_size`` → ``parallelism.tensor_parallel`` / ``expert_parallel``.
    """
    fsdp = data.get("fsdp")
    fsdp1 = isinstance(fsdp, list) and any("shard" in str(x) for x in fsdp)
    fsdp2 = data.get("fsdp_version") in (2, "2") and "fsdp_config" in data
    if fsdp1 or fsdp2:
        job.set("fsdp" if fsdp1 else "fsdp_version", "parallelism.fsdp", True)
        _fsdp_config(job, "fsdp_config", _section(data, "fsdp_config"))
    elif data.get("fsdp_version") is not None:
        job.not_modelled("fsdp_version", data["fsdp_version"])
    for key, target in (
        ("tensor_parallel_size", "parallelism.tensor_parallel"),
        ("expert_parallel_size", "parallelism.expert_parallel"),
    ):
        n = data.get(key)
        if isinstance(n, int) and not isinstance(n, bool) and n >= 1:
            job.set(key, target, n)
        elif not _is_empty(n):
            job.not_modelled(key, n)


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
        "pure_bf16",
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
    if data.get("pure_bf16") is True:  # bf16 weights and optimizer states, no fp32 master copy
        job.set("pure_bf16", "master_weights", False)
        job.set("pure_bf16", "compute_dtype", "bf16")
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
    folder = str(_section(data, "checkpointer").get("checkpoint_dir") or "").strip().rstrip("/")
    if model_id is None and folder:
        # the builder names a family (mistral_7b, phi3_mini); the checkpoint folder names the
        # release the recipe downloads (/tmp/Mistral-7B-v0.1)
        model_id = lookup(Path(folder).name)
        if model_id is not None:
            job.read.append(("checkpointer.checkpoint_dir", f"(model {model_id}, with model._component_)"))
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
        if model.get("use_dora") is True:
            job.set("model.use_dora", "lora.use_dora", True)
        elif "use_dora" in model:
            job.unused.append(("model.use_dora", msg("job.unused.empty")))
    for k in model:
        if k not in {
            "use_dora",
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
    for k, v in opt.items():
        if k in ("lr", "weight_decay", "betas", "eps", "fused", "foreach", "amsgrad", "momentum"):
            job.no_effect(f"optimizer.{k}")  # the schedule and kernel, not the state bytes
        elif k != "_component_":
            job.not_modelled(f"optimizer.{k}", v)
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
        "model_init_kwargs",
        "attn_implementation",
        "use_liger_kernel",
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
    init = _section(data, "model_init_kwargs")
    for k, v in init.items():
        if k == "attn_implementation":
            _attn_implementation(job, "model_init_kwargs.attn_implementation", v)
        elif k in ("torch_dtype", "dtype") and str(v).lower() in ("bfloat16", "bf16", "auto"):
            job.no_effect(f"model_init_kwargs.{k}")  # bf16 weights: the workload's default
        else:
            job.not_modelled(f"model_init_kwargs.{k}", v)
    if not _is_empty(data.get("attn_implementation")):
        _attn_implementation(job, "attn_implementation", data["attn_implementation"])
    for k in ("torch_dtype", "dtype"):  # TRL ModelConfig / ms-swift: the weights' dtype
        dt = str(data.get(k, "")).lower()
        if dt in ("bfloat16", "bf16", "auto"):
            job.no_effect(k)  # bf16 weights: the workload's default
        elif dt in ("float16", "fp16"):
            job.set(k, "compute_dtype", "fp16")
    if data.get("use_liger_kernel") is True:
        job.set("use_liger_kernel", "framework", "liger")
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
