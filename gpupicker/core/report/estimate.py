"""Turn core results into the plain dict that ``gpupicker estimate`` prints (JSON Lines contract)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..checks import require_engine_runs_on
from ..hardware.specs import GpuSpec
from ..memory import estimate_memory, fits_on
from ..messages import msg
from ..results import MemoryEstimate
from ..speed.throughput import estimate_throughput, train_hours
from ..units import GiB
from ..workload import Workload


def estimate_report(w: Workload, gpu: GpuSpec | None, cards: Sequence[GpuSpec] = ()) -> dict[str, Any]:
    """Memory (and, when a GPU is known, speed) for one resolved workload as a JSON-able dict.

    Keys: ``total_bytes`` (expected peak per GPU incl. CUDA context, bytes),
    ``total_gib``, ``breakdown`` (component → bytes per GPU), ``num_gpus``,
    ``trainable_params``, ``assumptions``; plus ``decode_tokens_per_s``,
    ``prefill_tokens_per_s`` (inference) or ``train_tokens_per_s`` (training)
    when the throughput model is available for the GPU.

    A workload with ``gpus`` (a machine of cards) is answered by
    :func:`gpupicker.core.ranking.mixed_plan.machine_report` on ``cards``, the catalog entries of its
    card types (:func:`gpupicker.service.resolve.resolve_machine`).

    Raises:
        ValueError: when the workload cannot be estimated, or its engine has no backend for
            ``gpu`` (:func:`gpupicker.core.checks.engine_hardware_refusal`), or ``gpus`` is
            given without ``cards``.
    """
    if w.gpus:
        # a machine of cards (core.mixed_plan): per card, never sized as one card type
        from ..ranking.machine_report import machine_report

        if not cards:
            raise ValueError(msg("mixed.cards_not_resolved"))
        return machine_report(w, cards)
    require_engine_runs_on(w, gpu)
    dp = w.parallelism.data_parallel or 1
    if w.task == "inference" and dp > 1:
        return _data_parallel_report(w, gpu, dp)
    mem = estimate_memory(w, gpu)
    total = mem.total_bytes
    out: dict[str, Any] = {
        "task": w.task,
        "total_bytes": total,
        "total_gib": round(total / GiB, 3),
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
    out.update(mem.engine_keys())
    if mem.placement is not None:
        out["placement"] = placement_dict(mem)
    if gpu is not None:
        out["gpu"] = gpu.id
        out["fits"] = fits_on(mem, gpu)
        out["capacity_bytes"] = gpu.usable_memory_bytes
        out.update(speed_report(w, gpu, mem))
        if w.task == "inference" and w.requests_per_minute:
            out["serving"] = serving_report(w, gpu)
    return out


def placement_dict(mem: MemoryEstimate) -> dict[str, Any]:
    """A llama.cpp placement as plain data: what is on the GPU and in host RAM (bytes).

    ``gpu_model_bytes`` / ``host_model_bytes`` are what llama.cpp logs as ``CUDA0 model buffer
    size`` and ``CPU_Mapped model buffer size``; ``host_total_bytes`` adds host KV, buffers
    and the operating system's reserve; ``host_fits`` is None when no ``host_ram_gb`` was given.
    """
    p = mem.placement
    assert p is not None
    return {
        "n_cpu_moe": p.n_cpu_moe,
        "moe_layers_on_host": p.moe_layers_on_host,
        "moe_layers": p.moe_layers,
        "auto": p.auto,
        "kv_on_host": p.kv_on_host,
        "gpu_model_bytes": mem.weights_bytes,
        "gpu_kv_bytes": mem.kv_cache_bytes,
        "gpu_compute_bytes": mem.engine_reserve_bytes,
        "host_model_bytes": p.host_model_bytes,
        "host_expert_bytes": p.host_expert_bytes,
        "host_kv_bytes": p.host_kv_bytes,
        "host_buffers_bytes": p.host_buffers_bytes,
        "host_reserve_bytes": p.host_reserve_bytes,
        "host_total_bytes": p.host_total_bytes,
        "host_ram_bytes": p.host_ram_bytes,
        "unified_memory": p.unified,
        "host_fits": p.host_fits,
        "ram_short_bytes": p.ram_short_bytes,
        "host_ram_bandwidth_gbps": p.host_ram_bandwidth_gbps,
    }


DP_AGGREGATE_KEYS = ("output_tokens_per_s", "aggregate_decode_tokens_per_s")
"""Throughput figures of one replica that ``data_parallel`` replicas multiply."""


def _data_parallel_report(w: Workload, gpu: GpuSpec | None, dp: int) -> dict[str, Any]:
    """The report of ``dp`` serving replicas (vLLM/SGLang ``--data-parallel-size``).

    Each replica is an independent engine on ``num_gpus / dp`` GPUs serving ``batch / dp``
    (rounded up) of the sequences, with requests load-balanced over the replicas (vLLM docs,
    "Data Parallel Deployment"): memory per GPU and per-sequence speed are one replica's, the
    batch throughput (:data:`DP_AGGREGATE_KEYS`) is ``dp`` times it.

    Raises:
        ValueError: when ``num_gpus`` is not a multiple of ``dp``.
    """
    if w.num_gpus % dp:
        raise ValueError(msg("inputs.data_parallel_gpus", dp=dp, n=w.num_gpus))
    replica = w.model_copy(
        update={
            "num_gpus": w.num_gpus // dp,
            "batch": -(-w.batch // dp),
            "parallelism": w.parallelism.model_copy(update={"data_parallel": None}),
        }
    )
    out = estimate_report(replica, gpu)
    for key in DP_AGGREGATE_KEYS:
        if out.get(key) is not None:
            out[key] = round(out[key] * dp, 2)
    out["num_gpus"] = w.num_gpus
    out["data_parallel"] = dp
    out["assumptions"] = [
        *out.get("assumptions", []),
        msg("inputs.data_parallel_replicas", dp=dp, gpus=replica.num_gpus, batch=replica.batch),
    ]
    return out


def serving_report(w: Workload, gpu: GpuSpec) -> dict[str, Any] | None:
    """The serving plan of ``w.requests_per_minute`` on replicas of ``w.num_gpus`` × ``gpu``.

    The same as ``recommend``'s (:func:`~gpupicker.core.speed.serving.plan_serving`), or None.
    """
    from ..speed.serving import plan_serving, serving_dict

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
    out.update(t.decode_keys())
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
        from ..speed.image import image_job_hours

        out["hours"] = round(image_job_hours(w, t.seconds_per_image), 4)
    out["speed_bound"] = t.bound
    out["speed_assumptions"] = list(t.assumptions)
    return out


# --------------------------------------------------------------------------------------------
# the whole answer as a report: job, assumptions, ranked options, plots, prices


__all__ = ["estimate_report", "serving_report", "speed_report"]
