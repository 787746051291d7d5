"""torchtitan ``train_configs/*.toml`` read into a Workload.

torchtitan (pytorch/torchtitan) pre-trains with FSDP2 + TP + PP + CP + EP from one TOML file
per model (``torchtitan/models/<model>/train_configs/*.toml`` up to commit 238fa99, before the
move to Python config registries); the sections and their defaults are
``torchtitan/config/job_config.py`` at that commit. Every key is read, said to change neither
memory nor speed (logging, profiling, checkpoint folders, the LR schedule), or named as not
modelled.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from ..core.messages import msg
from .job_model import JobRead, JobReadError, ModelLookup, _is_empty, _optimizer, _short

_NO_EFFECT_SECTIONS = frozenset(
    {"job", "profiling", "metrics", "lr_scheduler", "checkpoint", "validation", "comm", "fault_tolerance"}
)
"""Sections that set logging, profiling, checkpoint folders and intervals, the LR schedule,
evaluation and collective time-outs: none of them changes the memory or speed of a step."""

_NO_EFFECT = {
    "model": frozenset({"name", "flavor", "hf_assets_path", "tokenizer_path"}),
    "optimizer": frozenset({"lr", "eps", "weight_decay", "beta1", "beta2", "implementation"}),
    "training": frozenset(
        {"max_norm", "dataset", "dataset_path", "seed", "deterministic", "mixed_precision_reduce"}
    ),
}
"""Keys of a read section that change neither memory nor speed (the model's name and flavor are
read together with ``hf_assets_path``; the optimizer's hyper-parameters and kernel choice;
gradient clipping, the dataset's name, fp32 gradient reduction)."""


def looks_like_toml(text: str) -> bool:
    """True for text with a TOML table header line (``[training]``) and no YAML ``key:`` line."""
    return bool(re.search(r"(?m)^\[[A-Za-z0-9_.]+\]\s*(#.*)?$", text)) and not re.search(
        r"(?m)^[A-Za-z_][\w.-]*:\s", text
    )


def load_toml(text: str) -> dict[str, Any] | None:
    """``text`` as TOML data (Python's ``tomllib``), or None when it is not TOML."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return None


def is_torchtitan(data: dict[str, Any]) -> bool:
    """True for a torchtitan train config.

    That is a ``[model]`` table with ``name`` and ``flavor``, and a ``[training]`` or
    ``[parallelism]`` table.
    """
    model = data.get("model")
    return (
        isinstance(model, dict)
        and "name" in model
        and "flavor" in model
        and bool({"training", "parallelism"} & set(data))
    )


def _model(job: JobRead, model: dict[str, Any], lookup: ModelLookup) -> None:
    """The catalog model of the config's ``[model]`` table.

    It is the Hugging Face folder ``hf_assets_path`` names (``Llama-3.1-8B``), else
    ``name_flavor`` (``llama3_8b``); refused naming ``model.hf_assets_path`` when neither is in
    the catalog.
    """
    folder = Path(str(model.get("hf_assets_path") or "").rstrip("/")).name
    guess = f"{model.get('name')}_{model.get('flavor')}".lower()
    for key, name in (("model.hf_assets_path", folder), ("model.flavor", guess)):
        model_id = lookup(name) if name and name not in ("tokenizer", "assets") else None
        if model_id is not None:
            job.set(key, "model_id", model_id)
            other = "model.flavor" if key == "model.hf_assets_path" else "model.hf_assets_path"
            if other.split(".")[1] in model:
                job.read.append((other, f"(the model is read from {key})"))
            return
    raise JobReadError(msg("job.unknown_model", key="model.hf_assets_path", name=_short(folder or guess)))


def _degree(par: dict[str, Any], key: str) -> int:
    value = par.get(key, 1)
    return value if isinstance(value, int) else 1


def _parallelism(job: JobRead, par: dict[str, Any]) -> None:
    """The ``[parallelism]`` degrees of a torchtitan config.

    FSDP2 over ``data_parallel_shard_degree`` ranks (-1: every rank the other degrees leave,
    job_config.py), TP, PP, EP; the GPU count is the product of the degrees given.
    """
    shard = par.get("data_parallel_shard_degree", -1)
    done = {"data_parallel_shard_degree"}
    if shard == -1 or (isinstance(shard, int) and shard > 1):
        job.set("parallelism.data_parallel_shard_degree", "parallelism.fsdp", True)
    for key, target in (
        ("tensor_parallel_degree", "parallelism.tensor_parallel"),
        ("pipeline_parallel_degree", "parallelism.pipeline_parallel"),
        ("expert_parallel_degree", "parallelism.expert_parallel"),
    ):
        done.add(key)
        if _degree(par, key) > 1:
            job.set(f"parallelism.{key}", target, par[key])
        elif key in par:
            job.unused.append((f"parallelism.{key}", msg("job.unused.off")))
    n = _degree(par, "tensor_parallel_degree") * _degree(par, "pipeline_parallel_degree")
    n *= _degree(par, "context_parallel_degree") * _degree(par, "data_parallel_replicate_degree")
    if isinstance(shard, int) and shard > 1:
        n *= shard
    if n > 1:
        job.set("parallelism (degrees multiplied)", "num_gpus", n)
    if shard == -1:
        job.read.append(
            ("parallelism.data_parallel_shard_degree", "(-1: FSDP over every GPU the plan gives)")
        )
    for key, value in par.items():
        if key in done:
            continue
        if key in (
            "context_parallel_degree",
            "data_parallel_replicate_degree",
            "expert_tensor_parallel_degree",
        ):
            if value == 1:
                job.unused.append((f"parallelism.{key}", msg("job.unused.off")))
            else:
                job.not_modelled(f"parallelism.{key}", value)
        elif key in ("enable_async_tensor_parallel", "enable_compiled_autograd") and value is False:
            job.unused.append((f"parallelism.{key}", msg("job.unused.off")))
        elif key == "fsdp_reshard_after_forward" and value == "default":
            job.no_effect(f"parallelism.{key}")  # resharded after forward except the last PP stage
        elif key == "pipeline_parallel_schedule" and _degree(par, "pipeline_parallel_degree") == 1:
            job.unused.append((f"parallelism.{key}", msg("job.unused.off")))
        else:
            job.not_modelled(f"parallelism.{key}", value)


def _training(job: JobRead, tr: dict[str, Any], sharded_over_all: bool) -> None:
    for key, value in tr.items():
        k = f"training.{key}"
        if key == "local_batch_size":
            job.set(k, "batch", value)
        elif key == "seq_len":
            job.set(k, "seq_len", value)
        elif key == "mixed_precision_param" and str(value) in ("bfloat16", "float32"):
            job.set(k, "compute_dtype", "bf16" if value == "bfloat16" else "fp32")
        elif key == "steps" and sharded_over_all:
            job.not_modelled(k, value)  # tokens = steps × batch × seq_len × the FSDP ranks, not given
        elif key in _NO_EFFECT["training"]:
            job.no_effect(k)
        else:
            job.not_modelled(k, value)


def _activation_checkpoint(job: JobRead, ac: dict[str, Any]) -> None:
    """The ``[activation_checkpoint]`` table.

    ``mode = "full"`` is gradient checkpointing of every block; ``"none"`` none; torchtitan's
    ``"selective"`` (every N-th block, or its op policy that keeps the matmul outputs) is
    between the two: named as not modelled.
    """
    mode = str(ac.get("mode", "selective"))
    if mode in ("full", "none"):
        job.set("activation_checkpoint.mode", "grad_ckpt", mode == "full")
    else:
        job.not_modelled("activation_checkpoint.mode", mode)
    for key in ac:
        if key == "selective_ac_option":
            if mode == "selective":
                job.read.append(
                    ("activation_checkpoint.selective_ac_option", f"(with mode selective: {ac[key]})")
                )
            else:
                job.unused.append(("activation_checkpoint.selective_ac_option", msg("job.unused.off")))
        elif key != "mode":
            job.not_modelled(f"activation_checkpoint.{key}", ac[key])


def _quantize(job: JobRead, data: dict[str, Any], converters: list[str]) -> None:
    """The ``[quantize.*]`` / ``[float8]`` tables.

    They configure the converters ``model.converters`` turns on; without one they do nothing
    (torchtitan's model converters).
    """
    for top in ("quantize", "float8", "mx"):
        section = data.get(top)
        if not isinstance(section, dict):
            continue
        for key, value in _flatten(section, f"{top}."):
            if converters:
                job.not_modelled(key, value)
            else:
                job.unused.append((key, msg("job.unused.off")))


def _table(data: dict[str, Any], key: str) -> dict[str, Any]:
    """``data[key]`` when it is a table, else an empty one."""
    value = data.get(key)
    return value if isinstance(value, dict) else {}


def _flatten(d: dict[str, Any], prefix: str) -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    for k, v in d.items():
        if isinstance(v, dict) and v:
            out += _flatten(v, f"{prefix}{k}.")
        else:
            out.append((f"{prefix}{k}", v))
    return out


def read_torchtitan(data: dict[str, Any], job: JobRead, lookup: ModelLookup) -> None:
    """Read a torchtitan train config (see the module docstring) into ``job``.

    Raises:
        JobReadError: when the model it names is not in the catalog.
    """
    model = data["model"]
    _model(job, model, lookup)
    job.set("model.name", "task", "pretrain")  # train.py: from random weights, unless a checkpoint loads
    job.set("model.name", "framework", "torchtitan")
    converters = [str(c) for c in model.get("converters") or []]
    for key, value in model.items():
        if key == "converters":
            if converters:
                job.not_modelled("model.converters", value)  # float8 / MX linears: not modelled
            else:
                job.unused.append(("model.converters", msg("job.unused.empty")))
        elif key not in _NO_EFFECT["model"]:
            job.not_modelled(f"model.{key}", value)
        elif key not in ("name", "flavor", "hf_assets_path"):
            job.no_effect(f"model.{key}")
    par = _table(data, "parallelism")
    _parallelism(job, par)
    _training(job, _table(data, "training"), par.get("data_parallel_shard_degree", -1) == -1)
    opt = _table(data, "optimizer")
    for key, value in opt.items():
        if key == "name":
            _optimizer(job, "optimizer.name", value)
        elif key in _NO_EFFECT["optimizer"]:
            job.no_effect(f"optimizer.{key}")
        else:
            job.not_modelled(f"optimizer.{key}", value)
    _activation_checkpoint(job, _table(data, "activation_checkpoint"))
    comp = _table(data, "compile")
    for key, value in comp.items():
        if comp.get("enable") is True:
            job.not_modelled(f"compile.{key}", value)  # torch.compile's fused kernels: speed not modelled
        else:
            job.unused.append((f"compile.{key}", msg("job.unused.off")))
    _quantize(job, data, converters)
    read = {"model", "parallelism", "training", "optimizer", "activation_checkpoint", "compile"}
    for top, value in data.items():
        if top in read or top in ("quantize", "float8", "mx"):
            continue
        pairs = _flatten(value, f"{top}.") if isinstance(value, dict) else [(top, value)]
        for key, v in pairs:
            if top in _NO_EFFECT_SECTIONS:
                job.no_effect(key)
            elif _is_empty(v) or v is False:
                job.unused.append((key, msg("job.unused.off")))
            else:
                job.not_modelled(key, v)


__all__ = ["is_torchtitan", "load_toml", "looks_like_toml", "read_torchtitan"]
