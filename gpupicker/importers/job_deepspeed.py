"""DeepSpeed configs a job names, read into the workload key by key.

The ZeRO stage, offload and AutoTP size set fields; every other key is without effect or named
as not modelled.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from .job_model import MAX_JOB_BYTES, JobRead


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
    if isinstance(cfg, dict):
        _deepspeed_keys(job, key, cfg)


_DS_NO_EFFECT = frozenset(
    {
        "train_batch_size",
        "train_micro_batch_size_per_gpu",
        "gradient_accumulation_steps",
        "gradient_clipping",
        "zero_allow_untested_optimizer",
        "zero_force_ds_cpu_optimizer",
        "fp16",
        "bf16",
        "steps_per_print",
        "wall_clock_breakdown",
        "comms_config",
        "monitor_config",
        "scheduler",
        "optimizer",
        "_comment",
        "zero_optimization",
        "flops_profiler",
        "tensorboard",
        "wandb",
    }
)
"""DeepSpeed config keys that change neither memory nor speed as gpupicker models them: batch
sizes (the trainer's ``per_device_train_batch_size`` is read), precision switches set to the
trainer's ``auto``, logging and profiling, the optimizer and scheduler blocks (the trainer's
``optim`` is read), and ``zero_optimization`` itself, whose keys are accounted one by one."""

_DS_ZERO_NO_EFFECT = frozenset(
    {
        "stage",
        "offload_optimizer",
        "offload_param",
        "allgather_partitions",
        "allgather_bucket_size",
        "overlap_comm",
        "reduce_scatter",
        "reduce_bucket_size",
        "contiguous_gradients",
        "round_robin_gradients",
        "sub_group_size",
        "stage3_prefetch_bucket_size",
        "stage3_param_persistence_threshold",
        "stage3_max_live_parameters",
        "stage3_max_reuse_distance",
        "stage3_gather_16bit_weights_on_model_save",
        "load_from_fp32_weights",
        "elastic_checkpoint",
        "ignore_unused_parameters",
    }
)
"""``zero_optimization`` keys read above (stage, offload) or that tune buckets, prefetch and
checkpoint saving — communication overlap, not the sharded bytes gpupicker counts (DeepSpeed
config JSON docs, "ZeRO Optimizations for FP16 Training")."""


def _deepspeed_keys(job: JobRead, key: str, cfg: dict[str, Any]) -> None:
    """Account for every key of a DeepSpeed config.

    AutoTP's ``tensor_parallel.autotp_size`` is read, the keys of :data:`_DS_NO_EFFECT` /
    :data:`_DS_ZERO_NO_EFFECT` have no effect, any other (ZeRO++ ``zero_hpz_partition_size``,
    ``zero_quantized_weights`` …) is named as not modelled.
    """
    for k, v in cfg.items():
        if k == "tensor_parallel" and isinstance(v, dict) and isinstance(v.get("autotp_size"), int):
            job.set(f"{key}: tensor_parallel.autotp_size", "parallelism.tensor_parallel", v["autotp_size"])
        elif k not in _DS_NO_EFFECT:
            job.not_modelled(f"{key}: {k}", v)
    zero = cfg.get("zero_optimization")
    for k, v in (zero if isinstance(zero, dict) else {}).items():
        if k not in _DS_ZERO_NO_EFFECT:
            job.not_modelled(f"{key}: zero_optimization.{k}", v)
