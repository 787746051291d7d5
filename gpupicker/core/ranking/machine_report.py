"""A job on the user's own machine of unlike cards, answered outside the ranking.

``gpupicker estimate``'s JSON for the machine (:func:`machine_report`), the per-card layer split
as JSON keys (:func:`cards_json`, also in ``recommend --json``), and the largest batch, sequence
or context that fits the machine (:func:`solve_machine_fit`, ``gpupicker fit``). The machine
itself, its memory and speed are :mod:`.mixed_plan`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..hardware.specs import GpuSpec
from ..memory.mixed import unlike_cards_refusal
from ..messages import msg
from ..planners.fit import FitResult, solve_fit
from ..results import MemoryEstimate
from ..units import GiB
from ..workload import Workload
from .mixed_plan import machine_memory, machine_workload, workload_machine


def cards_json(mem: MemoryEstimate) -> dict[str, Any]:
    """The JSON keys of a layer split: ``cards`` and ``tensor_split`` (empty without one).

    Per card: ``index``, ``gpu``, ``name``, ``layers``, ``output_layer``, bytes of ``weights``,
    ``kv_cache``, ``compute_buffer``, ``cuda_context`` and ``total``, ``capacity_bytes``,
    ``fits``.
    """
    if not mem.cards:
        return {}
    return {
        "cards": [
            {
                "index": c.index,
                "gpu": c.gpu_id,
                "name": c.gpu_name,
                "layers": c.layers,
                "output_layer": c.output_layer,
                "weights_bytes": c.weights_bytes,
                "kv_cache_bytes": c.kv_cache_bytes,
                "compute_buffer_bytes": c.compute_buffer_bytes,
                "cuda_context_bytes": c.cuda_context_bytes,
                "total_bytes": c.total_bytes,
                "total_gib": round(c.total_bytes / GiB, 3),
                "capacity_bytes": c.capacity_bytes,
                "fits": c.fits,
            }
            for c in mem.cards
        ],
        "tensor_split": [int(x) if float(x).is_integer() else x for x in mem.tensor_split],
    }


def machine_report(w: Workload, gpus: Sequence[GpuSpec]) -> dict[str, Any]:
    """``gpupicker estimate``'s answer for a job on its machine (``w.gpus``), as a JSON dict.

    The keys of :func:`gpupicker.core.report.estimate.estimate_report` for the card closest to full
    (``total_bytes``, ``breakdown``, ``fits``, ``capacity_bytes``, the speed keys) plus
    ``machine`` (the cards' names), ``cards`` (per card: ``index``, ``gpu``, ``name``,
    ``layers``, ``output_layer``, ``weights_bytes``, ``kv_cache_bytes``,
    ``compute_buffer_bytes``, ``cuda_context_bytes``, ``total_bytes``, ``capacity_bytes``,
    ``fits``) and ``tensor_split``; a refused engine gives ``engine_starts`` False with the
    reason in ``engine_error``.

    Raises:
        ValueError: a card id not in the catalog, an unresolved model or a job that cannot be
            estimated.
    """
    m = workload_machine(w, gpus)
    if m is None:
        raise ValueError(msg("mixed.no_machine"))
    wm = machine_workload(w, m, keep_split=True)
    mem, t, used, cap, fits = machine_memory(wm, m)
    out: dict[str, Any] = {
        "task": w.task,
        "total_bytes": mem.total_bytes,
        "total_gib": round(mem.total_bytes / GiB, 3),
        "breakdown": mem.breakdown(),
        "unit": "bytes per GPU (the card closest to full)",
        "num_gpus": len(m.cards),
        "trainable_params": mem.trainable_params,
        "total_params": mem.total_params,
        "assumptions": list(mem.assumptions),
        "gpus": m.id,
        "machine": m.name,
        "fits": fits,
        "capacity_bytes": cap,
    }
    out.update(cards_json(mem))
    if mem.engine_fits is False:
        out["engine_starts"] = False
        if mem.engine_message:
            out["engine_error"] = mem.engine_message
    if mem.gpu_layers is not None:
        out["gpu_layers"] = mem.gpu_layers
    if t.decode_tokens_per_s is not None:
        out["decode_tokens_per_s"] = round(t.decode_tokens_per_s, 2)
        out["aggregate_decode_tokens_per_s"] = round(t.aggregate_decode_tokens_per_s or 0.0, 2)
        if t.prefill_tokens_per_s is not None:
            out["prefill_tokens_per_s"] = round(t.prefill_tokens_per_s, 1)
        if t.output_tokens_per_s is not None:
            out["output_tokens_per_s"] = round(t.output_tokens_per_s, 1)
        out["ttft_s"] = round(t.ttft_s or 0.0, 4)
        out["itl_s"] = round(t.itl_s or 0.0, 5)
        out["speed_range_pct"] = t.range_pct
        out["speed_evidence"] = t.evidence
        out["speed_bound"] = t.bound
        out["speed_assumptions"] = list(t.assumptions)
    return out


def solve_machine_fit(w: Workload, gpus: Sequence[GpuSpec], dimension: str) -> FitResult:
    """The largest ``dimension`` of ``w`` that fits its machine (``w.gpus``).

    Every card within its capacity and every layer on the cards
    (:func:`gpupicker.core.planners.fit.solve_fit`). The result's memory figures are those of
    the card closest to full.

    Raises:
        ValueError: no machine, a card id not in the catalog, a dimension the task does not
            have, or an engine that cannot run on the cards (the refusal's reason).
    """
    m = workload_machine(w, gpus)
    if m is None:
        raise ValueError(msg("mixed.no_machine"))
    wm = machine_workload(w, m, keep_split=True)
    refusal = unlike_cards_refusal(wm, m.cards)
    if refusal is not None:
        raise ValueError(refusal)

    def point(wv: Workload) -> tuple[MemoryEstimate, bool]:
        mem, _, _, _, fits = machine_memory(wv, m)
        return mem, fits and mem.gpu_layers is None

    first, _, _, cap, _ = machine_memory(wm, m)
    worst = next((c for c in first.cards if c.capacity_bytes == cap), None)
    spec = m.cards[worst.index if worst is not None else 0].spec
    spec = spec.model_copy(update={"id": m.id, "name": m.name})
    return solve_fit(wm, spec, dimension, len(m.cards), point=point)


__all__ = ["cards_json", "machine_report", "solve_machine_fit"]
