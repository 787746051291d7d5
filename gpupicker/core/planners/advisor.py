"""What to change to fit: ranked changes to a workload, each re-estimated by the memory model.

Every suggestion is applied to a copy of the workload and re-run through
:func:`~gpupicker.core.memory.estimate_memory` (and the throughput model for
its speed cost), so ``new_total_bytes`` and ``fits`` are the calculator's own
verdict, not a rule of thumb. When no single change fits, cumulative
combinations are added (each step the change that saves most), the way an
engineer stacks them.

The changes tried, and the sources of their speed and quality costs, are in
:mod:`~gpupicker.core.planners.changes`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict

from ..hardware.specs import GpuSpec
from ..memory import estimate_memory, fits_on
from ..messages import Message, Text, join, msg
from ..speed.throughput import estimate_throughput
from ..tasks import ADAPTER_TASKS
from ..workload import Workload
from .changes import Change, candidates


class Advice(BaseModel):
    """One suggested change and its re-estimated effect on one GPU type.

    Attributes:
        action: short id (``qlora``, ``grad_ckpt``, ``adamw8bit``, ``more_gpus_4`` …),
            ``+``-joined for combinations.
        description: the change in plain words.
        changes: workload fields to set (what the GUI applies on click).
        saves_bytes: per-GPU bytes saved vs the current workload.
        new_total_bytes: per-GPU peak after the change.
        fits: the calculator's verdict (``memory.fits_on``: within the GPU's usable memory
            and accepted by the engine).
        num_gpus: GPUs after the change.
        speed_factor: new speed / old speed on this GPU (None when unknown).
        speed_cost / quality_cost: the price of the change in words.
    """

    model_config = ConfigDict(frozen=True)

    action: str
    description: Text
    changes: dict[str, Any]
    saves_bytes: int
    new_total_bytes: int
    fits: bool
    num_gpus: int = 1
    speed_factor: float | None = None
    speed_cost: Text = ""
    quality_cost: Text = ""
    penalty: float = 0.0


def _apply(w: Workload, changes: dict[str, Any]) -> Workload:
    data = w.model_dump()
    data.update(changes)
    data["model"] = w.model  # keep the resolved architecture object
    if changes.get("task") in ADAPTER_TASKS and not w.lora:
        data["lora"] = changes.get("lora", {})
    return Workload.model_validate(data)


def advise(
    w: Workload, gpu: GpuSpec, *, max_combination: int = 4, include_speed: bool = True
) -> list[Advice]:
    """Ranked changes that reduce the per-GPU memory of ``w`` on ``gpu``.

    Order: suggestions that fit first (least speed/quality cost first, then most
    memory saved), then those that do not fit (most memory saved first).
    Combinations (``a+b+…``) are added greedily when no single change fits.

    Args:
        w: the workload (model resolved).
        gpu: the GPU the user wants to use.
        max_combination: most changes stacked in one combined suggestion.
        include_speed: also estimate ``speed_factor`` with the throughput model.

    Raises:
        ValueError: when the model is not resolved.
    """
    if w.model is None:
        raise ValueError(w.unresolved_model_error())
    cap = gpu.usable_memory_bytes
    base = _memory(w, gpu).total_bytes
    base_speed = _speed(w, gpu) if include_speed else None
    results: list[Advice] = []
    cands = candidates(w)
    for action, desc, changes, sc, qc, pen in cands:
        a = _evaluate(w, gpu, cap, base, base_speed, action, desc, changes, sc, qc, pen)
        if a is not None:
            results.append(a)
    if w.task == "image_gen":
        results.extend(_sequential_offload_advice(w, gpu, base, base_speed))
    if not any(a.fits for a in results):
        results.extend(_combinations(w, gpu, cap, base, base_speed, cands, max_combination))
    fit = sorted((a for a in results if a.fits), key=lambda a: (a.penalty, -a.saves_bytes))
    rest = sorted((a for a in results if not a.fits), key=lambda a: -a.saves_bytes)
    return fit + rest


def _memory(w: Workload, gpu: GpuSpec) -> Any:
    """The memory the advice compares.

    For a diffusers pipeline the plain pipeline with only the options the user chose (the
    memory options are themselves the advice), else the estimate.
    """
    if w.is_image:
        return estimate_memory(w, None, w.num_gpus)
    return estimate_memory(w, gpu, w.num_gpus)


def _sequential_offload_advice(
    w: Workload, gpu: GpuSpec, base: int, base_speed: float | None
) -> list[Advice]:
    """Sequential CPU offload (diffusers ``enable_sequential_cpu_offload``).

    It fits almost any card, at :data:`~gpupicker.core.speed.image.SEQUENTIAL_OFFLOAD_SLOWDOWN`
    × the step time (C59).
    """
    from ..memory.diffusion import _memory as diff_memory
    from ..speed.image import SEQUENTIAL_OFFLOAD_SLOWDOWN

    opts = ("vae_tiling", "attention_slicing", "sequential_cpu_offload")
    try:
        mem = diff_memory(w, w.model, w.num_gpus, opts)  # type: ignore[arg-type]
    except ValueError:
        return []
    return [
        Advice(
            action="sequential_cpu_offload",
            description=msg("advisor.sequential_cpu_offload"),
            changes={},
            saves_bytes=base - mem.total_bytes,
            new_total_bytes=mem.total_bytes,
            fits=fits_on(mem, gpu),
            num_gpus=w.num_gpus,
            speed_factor=None,
            speed_cost=join(
                [
                    msg("advisor.cost.sequential_offload", x=f"{SEQUENTIAL_OFFLOAD_SLOWDOWN:g}"),
                    msg("advisor.cost.applied_automatically"),
                ],
                "clauses",
            ),
            quality_cost=msg("advisor.cost.none"),
            penalty=8.0,
        )
    ]


def _speed(w: Workload, gpu: GpuSpec) -> float | None:
    try:
        # a llama.cpp placement's host-resident bytes cost decode time: read its memory first
        mem = (
            estimate_memory(w, gpu, w.num_gpus)
            if w.framework.lower() == "llama.cpp" and w.task == "inference"
            else None
        )
        t = estimate_throughput(w, gpu, w.num_gpus, mem)
    except (ValueError, ZeroDivisionError):
        return None
    return (
        t.train_tokens_per_s
        or t.aggregate_decode_tokens_per_s
        or (1.0 / t.seconds_per_image if t.seconds_per_image else None)
    )


def _evaluate(
    w: Workload,
    gpu: GpuSpec,
    cap: int,
    base: int,
    base_speed: float | None,
    action: str,
    desc: Message,
    changes: dict[str, Any],
    sc: Message,
    qc: Message | None,
    pen: float,
) -> Advice | None:
    try:
        w2 = _apply(w, changes)
        mem = _memory(w2, gpu)
    except (ValueError, ImportError):
        return None
    new = mem.total_bytes
    factor = None
    if base_speed:
        s2 = _speed(w2, gpu)
        factor = s2 / base_speed if s2 else None
    return Advice(
        action=action,
        description=desc,
        changes=changes,
        saves_bytes=base - new,
        new_total_bytes=new,
        fits=fits_on(mem, gpu),
        num_gpus=w2.num_gpus,
        speed_factor=factor,
        speed_cost=sc,
        quality_cost=qc if qc is not None else msg("advisor.cost.none"),
        penalty=pen,
    )


def _compatible(combo: tuple[Change, ...]) -> bool:
    names = [c[0] for c in combo]
    keys = [tuple(sorted(c[2])) for c in combo]
    return not ("lora" in names and "qlora" in names) and len(set(keys)) == len(keys)


def _combo_advice(
    w: Workload, gpu: GpuSpec, cap: int, base: int, base_speed: float | None, combo: tuple[Change, ...]
) -> Advice | None:
    changes: dict[str, Any] = {}
    for c in combo:
        changes.update(c[2])
    return _evaluate(
        w,
        gpu,
        cap,
        base,
        base_speed,
        "+".join(x[0] for x in combo),
        *_combined_texts(combo, changes),
        sum(x[5] for x in combo),
    )


def _combined_texts(
    combo: Sequence[Change], changes: dict[str, Any]
) -> tuple[Message, dict[str, Any], Message, Message | None]:
    """(description, changes, speed cost, quality cost) of stacked changes.

    Each text is joined as clauses ("a; b"); the quality cost is ``None`` when no change has one.
    """
    quality = [x[4] for x in combo if x[4] is not None]
    return (
        join([x[1] for x in combo], "clauses"),
        changes,
        join([x[3] for x in combo if x[3]], "clauses"),
        join(quality, "clauses") if quality else None,
    )


def _combinations(
    w: Workload, gpu: GpuSpec, cap: int, base: int, base_speed: float | None, cands: list[Change], max_k: int
) -> list[Advice]:
    """Pairs and triples of single-GPU changes (minimal fitting sets only).

    When none fits: greedy stacks that may add GPUs, each step taking the change that saves the
    most bytes per unit of cost.
    """
    from itertools import combinations

    single = [c for c in cands if not c[0].startswith(("more_gpus", "cpu_offload"))]
    found: list[Advice] = []
    fitting_sets: list[set[str]] = []
    for k in (2, 3):
        for combo in combinations(single, k):
            names = {c[0] for c in combo}
            if not _compatible(combo) or any(f <= names for f in fitting_sets):
                continue
            a = _combo_advice(w, gpu, cap, base, base_speed, combo)
            if a is not None and a.fits:
                found.append(a)
                fitting_sets.append(names)
    if found:
        return found
    return _greedy(w, gpu, cap, base, base_speed, cands, max_k)


def _greedy(
    w: Workload, gpu: GpuSpec, cap: int, base: int, base_speed: float | None, cands: list[Change], max_k: int
) -> list[Advice]:
    out: list[Advice] = []
    chosen: list[Change] = []
    changes: dict[str, Any] = {}
    current = base
    pool = [c for c in cands if not c[0].startswith(("more_gpus", "cpu_offload"))]
    pool += [c for c in cands if c[0].startswith(("more_gpus", "cpu_offload"))]
    for _ in range(max_k):
        best = None
        for c in pool:
            if any(c[0] == x[0] for x in chosen):
                continue
            if c[0] == "lora" and any(x[0] == "qlora" for x in chosen):
                continue
            if c[0] == "qlora" and any(x[0] == "lora" for x in chosen):
                continue
            merged = {**changes, **c[2]}
            try:
                new = _memory(_apply(w, merged), gpu).total_bytes
            except (ValueError, ImportError):
                continue
            saved = current - new
            if saved <= 0:
                continue
            # prefer changes that fit; else most bytes saved per unit of penalty
            score = (0 if new <= cap else 1, -saved / c[5] if new > cap else c[5])
            if best is None or score < best[0]:
                best = (score, c, merged, new)
        if best is None:
            break
        _, c, changes, current = best
        chosen.append(c)
        if len(chosen) >= 2:
            a = _evaluate(
                w,
                gpu,
                cap,
                base,
                base_speed,
                "+".join(x[0] for x in chosen),
                *_combined_texts(chosen, dict(changes)),
                sum(x[5] for x in chosen),
            )
            if a is not None:
                out.append(a)
        if current <= cap:
            break
    return out


__all__ = ["Advice", "advise"]


def largest_card(gpus: list[GpuSpec], ranked_ids: set[str]) -> GpuSpec | None:
    """The card the "nothing fits" advice is for (as the CLI's ``recommend``).

    Of the GPUs in ``ranked_ids`` (ids of the ranked options), the one with most usable
    memory, NVIDIA/CUDA first; ``None`` when none is ranked.
    """
    cands = [g for g in gpus if g.id in ranked_ids]
    return max(cands, key=lambda g: (g.is_cuda, g.usable_memory_bytes)) if cands else None


def nothing_fits_causes(w: Workload, gpu: GpuSpec, advice: list[Advice]) -> list[str]:
    """The plain causes to name when no option fits in memory.

    From ``advice`` for ``gpu`` (:func:`advise`) and the memory model.

    Returns a list of ids, in this order:

    * ``"grad_ckpt"`` — training with gradient checkpointing off, and activations (with the
      logits) are the largest part of the per-GPU peak on ``gpu`` (Chen et al. 2016: keeping
      only layer inputs cuts them to about one layer's worth);
    * ``"multi_node"`` — the advice shards over counts above one node
      (``speed.interconnect.GPUS_PER_NODE`` = 8; full fine-tuning / pre-training, or 4+ GPUs already)
      and no suggested count within one node fits: the job needs several nodes.

    Raises:
        ValueError: when the model is not resolved (as :func:`advise`).
    """
    from ..speed.interconnect import GPUS_PER_NODE

    out: list[str] = []
    est = _memory(w, gpu)
    parts = {
        "activations": est.activations_bytes + est.logits_bytes,
        "weights": est.weights_bytes,
        "kv_cache": est.kv_cache_bytes,
        "gradients": est.gradients_bytes,
        "optimizer": est.optimizer_bytes,
    }
    if w.is_training and not w.grad_ckpt and max(parts, key=lambda k: parts[k]) == "activations":
        out.append("grad_ckpt")
    counts = [(a.num_gpus, a.fits) for a in advice if a.action.startswith("more_gpus_")]
    if any(n > GPUS_PER_NODE for n, _ in counts) and not any(f for n, f in counts if n <= GPUS_PER_NODE):
        out.append("multi_node")
    return out
