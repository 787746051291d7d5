"""Turn core results into the plain dict that ``gpupicker estimate`` prints (JSON Lines contract)."""

from __future__ import annotations

from typing import Any

from .hardware import GpuSpec
from .memory import estimate_memory, fits_on
from .results import MemoryEstimate
from .throughput import estimate_throughput, train_hours
from .units import GiB
from .workload import Workload


def estimate_report(w: Workload, gpu: GpuSpec | None) -> dict[str, Any]:
    """Memory (and, when a GPU is known, speed) for one resolved workload as a JSON-able dict.

    Keys: ``total_bytes`` (expected peak per GPU incl. CUDA context, bytes),
    ``total_gib``, ``breakdown`` (component → bytes per GPU), ``num_gpus``,
    ``trainable_params``, ``assumptions``; plus ``decode_tokens_per_s``,
    ``prefill_tokens_per_s`` (inference) or ``train_tokens_per_s`` (training)
    when the throughput model is available for the GPU.

    Raises:
        ValueError: when the workload cannot be estimated.
    """
    mem = estimate_memory(w, gpu)
    out: dict[str, Any] = {
        "task": w.task,
        "total_bytes": mem.total_bytes,
        "total_gib": round(mem.total_bytes / GiB, 3),
        "breakdown": mem.breakdown(),
        "unit": "bytes per GPU",
        "num_gpus": mem.num_gpus,
        "trainable_params": mem.trainable_params,
        "total_params": mem.total_params,
        "assumptions": list(mem.assumptions),
    }
    if mem.max_concurrent_seqs is not None:
        out["max_concurrent_seqs"] = mem.max_concurrent_seqs
    if mem.kv_pool_tokens is not None:
        out["kv_pool_tokens"] = mem.kv_pool_tokens
    if mem.engine_fits is False:
        out["engine_starts"] = False
        if mem.engine_message:
            out["engine_error"] = mem.engine_message
    if mem.gpu_layers is not None:
        out["gpu_layers"] = mem.gpu_layers
    if gpu is not None:
        out["gpu"] = gpu.id
        out["fits"] = fits_on(mem, gpu)
        out["capacity_bytes"] = gpu.usable_memory_bytes
        out.update(speed_report(w, gpu, mem))
        if w.task == "inference" and w.requests_per_minute:
            out["serving"] = serving_report(w, gpu)
    return out


def serving_report(w: Workload, gpu: GpuSpec) -> dict[str, Any] | None:
    """The serving plan of ``w.requests_per_minute`` on replicas of ``w.num_gpus`` × ``gpu``
    (:func:`~gpupicker.core.serving.plan_serving`, the same as ``recommend``'s), or None."""
    from .serving import plan_serving, serving_dict
    try:
        _, _, plan, _ = plan_serving(w, gpu, w.num_gpus)
    except (ValueError, ZeroDivisionError):
        return None
    return serving_dict(plan)


def speed_report(w: Workload, gpu: GpuSpec, mem: MemoryEstimate | None = None) -> dict[str, Any]:
    """Throughput keys for one workload on ``gpu`` × ``w.num_gpus`` (empty on failure).

    Inference and ``decode_ceiling``: ``decode_tokens_per_s`` (per sequence),
    ``aggregate_decode_tokens_per_s``, ``prefill_tokens_per_s``. Training:
    ``train_tokens_per_s`` and, with ``dataset_tokens``, ``hours``. Image
    generation: ``seconds_per_image`` (and ``hours`` for ``images``). Plus
    ``speed_bound`` and ``speed_assumptions``.
    """
    try:
        t = estimate_throughput(w, gpu, mem.num_gpus if mem is not None else w.num_gpus, mem)
    except (ValueError, ZeroDivisionError):
        return {}
    out: dict[str, Any] = {}
    if t.train_tokens_per_s is not None:
        out["train_tokens_per_s"] = round(t.train_tokens_per_s, 1)
        hours = train_hours(w, t.train_tokens_per_s)
        if hours is not None:
            out["hours"] = round(hours, 4)
    if t.decode_tokens_per_s is not None:
        out["decode_tokens_per_s"] = round(t.decode_tokens_per_s, 2)
        out["aggregate_decode_tokens_per_s"] = round(t.aggregate_decode_tokens_per_s or 0.0, 2)
    if t.prefill_tokens_per_s is not None:
        out["prefill_tokens_per_s"] = round(t.prefill_tokens_per_s, 1)
    if t.output_tokens_per_s is not None:
        out["output_tokens_per_s"] = round(t.output_tokens_per_s, 1)
    if t.ttft_s is not None:
        out["ttft_s"] = round(t.ttft_s, 4)
        out["itl_s"] = round(t.itl_s or 0.0, 5)
    if t.range_pct is not None:
        out["speed_range_pct"] = t.range_pct
        out["speed_evidence"] = t.evidence
    if t.seconds_per_image is not None:
        out["seconds_per_image"] = round(t.seconds_per_image, 3)
        out["hours"] = round(w.images * t.seconds_per_image / 3600.0, 4)
    out["speed_bound"] = t.bound
    out["speed_assumptions"] = list(t.assumptions)
    return out
