"""Turn core results into the plain dict that ``gpupicker estimate`` prints (JSON Lines contract)."""

from __future__ import annotations

from typing import Any

from .hardware import GpuSpec
from .memory import estimate_memory
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
    if mem.gpu_layers is not None:
        out["gpu_layers"] = mem.gpu_layers
    if gpu is not None:
        out["gpu"] = gpu.id
        out["fits"] = mem.total_bytes <= gpu.memory_bytes
    return out
