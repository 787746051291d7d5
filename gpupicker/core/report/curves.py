"""Data for the results page's curves, computed here; the UI (``ui/results/curves.py``) only draws them.

Memory against batch / context / LoRA rank, and cost and hours against the number of GPUs.

* :func:`memory_curves` — peak memory per GPU (``estimate_memory``) at a grid of
  values of one dimension, per candidate GPU, with the card's usable capacity and
  the crossing from :func:`gpupicker.core.planners.fit.solve_fit` (the grid always holds the
  fit value and the value one above, so the plotted curve crosses the capacity line
  exactly where ``gpupicker fit`` says).
* :func:`cost_curves` — from a :class:`~gpupicker.core.ranking.recommend.Recommendation`,
  per GPU type and pricing kind: the cheapest fitting offer's total cost (run cost,
  or monthly cost for serving, or $/h when the run length is open) and hours
  against the GPU count, so the scaling efficiency shows as a rising cost line.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from ..hardware.specs import GpuSpec
from ..memory import estimate_memory
from ..planners.fit import DIMENSION_LIMITS, FitResult, current_value, solve_fit, with_dimension
from ..ranking.evaluation import GPU_DEPENDENT_FRAMEWORKS
from ..ranking.recommend import Recommendation
from ..results import Option
from ..workload import Workload

CURVE_DIMENSIONS: tuple[str, ...] = ("batch", "seq_len", "lora_r")
"""Dimensions the memory plot offers (``lora_r`` only for LoRA / QLoRA)."""
CURVE_POINTS = 28
"""Grid points per memory curve (geometric), before the fit points are added."""
MAX_CURVE_GPUS = 4
"""Candidate GPU types drawn on the memory plot (the best distinct types + the preferred card)."""
LOG_DECADES = 1.0
"""An axis whose values span more than this many decades is drawn logarithmic."""


class MemoryCurve(BaseModel):
    """One candidate's memory curve.

    Attributes:
        gpu_id, gpu_name: the card.
        capacity_bytes: usable memory per GPU (the horizontal line), bytes.
        xs: values of the dimension (ascending ints); ys: peak bytes per GPU at each.
        fit: the solver's answer; ``fit.value`` is the crossing (``None``: nothing fits).
    """

    model_config = ConfigDict(frozen=True)

    gpu_id: str
    gpu_name: str
    capacity_bytes: int
    xs: tuple[int, ...]
    ys: tuple[int, ...]
    fit: FitResult

    @property
    def crossing(self) -> tuple[int, int] | None:
        """(value, bytes) of the largest value that fits, or ``None``."""
        if self.fit.value is None:
            return None
        return self.fit.value, self.fit.total_bytes


class MemoryCurves(BaseModel):
    """Memory curves of one dimension for the candidate GPUs.

    Attributes:
        dimension: ``batch``, ``seq_len`` or ``lora_r``.
        current: the workload's own value (a vertical marker).
        num_gpus: GPUs the job is split over.
        curves: one per candidate GPU.
        log_x: True when the values span more than :data:`LOG_DECADES` decades.
    """

    model_config = ConfigDict(frozen=True)

    dimension: str
    current: int
    num_gpus: int
    curves: tuple[MemoryCurve, ...] = ()
    log_x: bool = False

    def shared_curve(self) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
        """The shared curve ``(xs, ys)`` when every candidate has the same one, else ``None``.

        Memory that does not depend on the card (e.g. training) is then drawn once.
        """
        if not self.curves:
            return None
        first = self.curves[0]
        if all(c.xs == first.xs and c.ys == first.ys for c in self.curves[1:]):
            return first.xs, first.ys
        return None


class CostCurve(BaseModel):
    """Cost and hours against the GPU count for one GPU type and pricing kind.

    Attributes:
        gpu_id, gpu_name, pricing: the series.
        counts: GPU counts with a fitting, priced option (ascending).
        money: cost at each count in the display currency unit of ``money_kind``.
        hours: run hours at each count (``None`` entries when open-ended).
        money_kind: ``total`` (run), ``per_month`` (serving) or ``per_hour``.
    """

    model_config = ConfigDict(frozen=True)

    gpu_id: str
    gpu_name: str
    pricing: str
    counts: tuple[int, ...]
    money: tuple[float, ...]
    hours: tuple[float | None, ...]
    money_kind: str


def _grid(lo: int, hi: int, points: int) -> list[int]:
    if hi <= lo:
        return [lo]
    ratio = (hi / lo) ** (1.0 / max(1, points - 1))
    out = {lo, hi}
    v = float(lo)
    for _ in range(points):
        v *= ratio
        out.add(min(hi, max(lo, int(round(v)))))
    return sorted(out)


def candidate_gpus(
    rec: Recommendation | None, gpus: Sequence[GpuSpec], preferred: str | None, limit: int = MAX_CURVE_GPUS
) -> list[GpuSpec]:
    """The GPU types drawn, ``limit`` in all.

    The preferred card first, then the best-ranked distinct fitting types, then the best-ranked
    others.
    """
    by_id = {g.id: g for g in gpus}
    order: list[str] = []
    if preferred and preferred in by_id:
        order.append(preferred)
    opts: Sequence[Option] = rec.options if rec is not None else ()
    for o in [o for o in opts if o.fits] + [o for o in opts if not o.fits]:
        if o.gpu_id not in order and o.gpu_id in by_id:
            order.append(o.gpu_id)
        if len(order) >= limit:
            break
    if not order:
        order = [g.id for g in sorted(gpus, key=lambda g: -g.memory_bytes)[:limit]]
    return [by_id[i] for i in order[:limit]]


def memory_curves(
    w: Workload,
    gpus: Sequence[GpuSpec],
    dimension: str,
    num_gpus: int | None = None,
    points: int = CURVE_POINTS,
) -> MemoryCurves:
    """Peak memory per GPU against ``dimension`` for each of ``gpus``.

    The grid runs from the dimension's minimum to twice the largest fit value (or the
    workload's own value), geometric, plus every fit value and fit value + 1. For
    engines whose memory depends on the card (vLLM, llama.cpp) each GPU has its
    own curve; otherwise one estimate per value is shared.

    Raises:
        ValueError: a dimension the task does not have (``lora_r`` without LoRA) or a
            workload the memory model cannot estimate.
    """
    n = num_gpus or w.num_gpus
    cur = max(1, current_value(w, dimension))
    fits = [solve_fit(w, g, dimension, n) for g in gpus]
    lo = min((f.minimum for f in fits), default=1)
    top = max([cur] + [f.value for f in fits if f.value is not None])
    limit = min([DIMENSION_LIMITS[dimension]] + [f.value for f in fits if f.at_limit and f.value])
    hi = min(limit, max(lo + 1, 2 * top))
    grid_lo = lo
    if dimension == "seq_len":  # contexts of a few tokens say nothing: start a decade below
        smallest = min([cur] + [f.value for f in fits if f.value is not None])
        grid_lo = max(lo, min(smallest // 16, 256))
    base = _grid(grid_lo, hi, points)
    gpu_dep = w.framework.lower() in GPU_DEPENDENT_FRAMEWORKS or w.framework.lower() == "sglang"
    shared: dict[int, int] = {}
    curves = []
    for g, f in zip(gpus, fits, strict=True):
        xs = set(base)
        for other in fits:
            if other.value is not None:
                xs.add(other.value)
                if other.value + 1 <= limit:
                    xs.add(other.value + 1)
        xs_sorted = sorted(x for x in xs if x >= lo)
        ys = []
        for x in xs_sorted:
            if not gpu_dep and x in shared:
                ys.append(shared[x])
                continue
            total = estimate_memory(with_dimension(w, dimension, x), g, n).total_bytes
            if not gpu_dep:
                shared[x] = total
            ys.append(total)
        curves.append(
            MemoryCurve(
                gpu_id=g.id,
                gpu_name=g.name,
                capacity_bytes=g.usable_memory_bytes,
                xs=tuple(xs_sorted),
                ys=tuple(ys),
                fit=f,
            )
        )
    span = math.log10(max(hi, 1) / max(grid_lo, 1))
    return MemoryCurves(
        dimension=dimension, current=cur, num_gpus=n, curves=tuple(curves), log_x=span > LOG_DECADES
    )


def available_dimensions(w: Workload) -> tuple[str, ...]:
    """The :data:`CURVE_DIMENSIONS` that apply to ``w``.

    No LoRA rank without LoRA; image jobs only the batch; a decode ceiling none.
    """
    if w.task == "decode_ceiling":
        return ()
    if w.task == "image_gen":
        return ("batch",)
    return tuple(d for d in CURVE_DIMENSIONS if d != "lora_r" or w.lora is not None)


def _money(o: Option) -> tuple[float | None, str]:
    c = o.cost
    if c.usd_total is not None:
        return c.usd_total, "total"
    if c.usd_per_month is not None:
        return c.usd_per_month, "per_month"
    if o.provider:
        return c.usd_per_hour, "per_hour"
    return None, ""


def cost_curves(rec: Recommendation) -> tuple[CostCurve, ...]:
    """Per GPU type and pricing kind: the cheapest fitting priced option at each GPU count.

    Money is in the recommendation's currency (USD after conversion, like ``Option.cost``).
    Series are ordered by the rank of their best option; series with one count are kept
    (a single point).
    """
    best: dict[tuple[str, str], dict[int, tuple[float, float | None, str]]] = {}
    names: dict[str, str] = {}
    first_rank: dict[tuple[str, str], int] = {}
    for o in rec.options:
        if not o.fits:
            continue
        money, kind = _money(o)
        if money is None:
            continue
        key = (o.gpu_id, o.pricing)
        names[o.gpu_id] = o.gpu_name
        first_rank.setdefault(key, o.rank or len(first_rank) + 1)
        row = best.setdefault(key, {})
        if o.num_gpus not in row or money < row[o.num_gpus][0]:
            row[o.num_gpus] = (money, o.cost.hours, kind)
    out = []
    for key in sorted(best, key=lambda k: first_rank[k]):
        row = best[key]
        counts = sorted(row)
        out.append(
            CostCurve(
                gpu_id=key[0],
                gpu_name=names[key[0]],
                pricing=key[1],
                counts=tuple(counts),
                money=tuple(row[c][0] for c in counts),
                hours=tuple(row[c][1] for c in counts),
                money_kind=row[counts[0]][2],
            )
        )
    return tuple(out)


def spans_decades(values: Sequence[float], decades: float = LOG_DECADES) -> bool:
    """True when the positive ``values`` span more than ``decades`` decades (→ log axis)."""
    pos = [v for v in values if v and v > 0]
    return bool(pos) and math.log10(max(pos) / min(pos)) > decades


__all__ = [
    "CURVE_DIMENSIONS",
    "CostCurve",
    "MemoryCurve",
    "MemoryCurves",
    "available_dimensions",
    "candidate_gpus",
    "cost_curves",
    "memory_curves",
    "spans_decades",
]
