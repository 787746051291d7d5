"""The one place the UI asks core for answers.

:func:`run_recommendation` calls ``gpupicker.core.recommend.recommend`` when that
module exists. Until it lands, it falls back to a memory-only ranking that only
*calls* ``core.memory.estimate_memory`` for each GPU and count, and says so in
``notes``; no formula lives here.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from ..core.hardware import GpuSpec, PriceOffer
from ..core.memory import estimate_memory
from ..core.results import CostEstimate, Option, Throughput
from ..core.workload import Workload

log = logging.getLogger(__name__)

GOALS = ("cheapest", "fastest", "value", "headroom")
GPU_COUNTS = (1, 2, 4, 8)


@dataclass(frozen=True)
class RecommendationView:
    """What the results page shows: ranked options, advice and notes (all from core)."""

    options: tuple[Option, ...] = ()
    advice: tuple[Any, ...] = ()
    notes: tuple[str, ...] = ()
    error: str = ""
    memory_only: bool = False
    preferred_fits: bool | None = None
    extras: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class CatalogSnapshot:
    """GPUs and prices read once from the repository (refreshed on a catalog edit)."""

    gpus: tuple[GpuSpec, ...]
    prices: tuple[PriceOffer, ...]
    fx_usd_per_unit: dict[str, float] = field(default_factory=dict)
    display_currency: str = "USD"

    @classmethod
    def from_repo(cls, repo: Any) -> CatalogSnapshot:
        """Read the GPUs, prices, exchange rates (USD per unit) and display currency of ``repo``."""
        rates = repo.get_fx_rates() if hasattr(repo, "get_fx_rates") else {}
        shown = repo.get_display_currency() if hasattr(repo, "get_display_currency") else "USD"
        if shown not in rates:
            shown = "USD"
        return cls(tuple(repo.gpus()), tuple(repo.prices()), dict(rates), shown)

    def display_rate(self) -> float:
        """USD per unit of the display currency (1.0 for USD)."""
        return float(self.fx_usd_per_unit.get(self.display_currency, 1.0) or 1.0)


def _core_recommend() -> Any | None:
    try:
        from ..core.recommend import recommend
    except ImportError:
        return None
    return recommend


def _core_advise() -> Any | None:
    try:
        from ..core.advisor import advise
    except ImportError:
        return None
    return advise


def run_recommendation(w: Workload, snap: CatalogSnapshot, *, goal: str = "cheapest",
                       max_gpus: int = 8, hours_per_month: float = 730.0) -> RecommendationView:
    """Rank the catalog for ``w``; never raises for bad input (the error goes in ``error``)."""
    recommend = _core_recommend()
    try:
        if recommend is not None:
            rec = recommend(w, list(snap.gpus), list(snap.prices), goal=goal, max_gpus=max_gpus,
                            fx_rates=snap.fx_usd_per_unit or None, hours_per_month=hours_per_month)
            view = RecommendationView(options=tuple(rec.options),
                                      advice=tuple(getattr(rec, "advice", ()) or ()),
                                      notes=tuple(getattr(rec, "notes", ()) or ()))
        else:
            view = _memory_only(w, snap, max_gpus)
    except (ValueError, ArithmeticError) as exc:
        return RecommendationView(error=str(exc))
    except Exception as exc:  # noqa: BLE001 - a calculator bug must not take the window down
        log.exception("core.recommend failed")
        return RecommendationView(error=f"internal error in the calculator ({type(exc).__name__}: "
                                        f"{exc}); details are in the log")
    preferred = None
    advice = view.advice
    if w.gpu:
        mine = [o for o in view.options if o.gpu_id == w.gpu and o.num_gpus == w.num_gpus]
        preferred = any(o.fits for o in mine) if mine else None
        gpu = next((g for g in snap.gpus if g.id == w.gpu), None)
        advise = _core_advise()
        if preferred is False and not advice and advise is not None and gpu is not None:
            try:
                advice = tuple(advise(w, gpu))
            except (ValueError, ArithmeticError, TypeError):
                advice = ()
    return RecommendationView(options=view.options, advice=advice, notes=view.notes,
                              memory_only=view.memory_only, preferred_fits=preferred)


def _memory_only(w: Workload, snap: CatalogSnapshot, max_gpus: int) -> RecommendationView:
    """Interim ranking while core.recommend is absent: fit first, then price per hour."""
    by_gpu: dict[str, list[PriceOffer]] = {}
    for p in snap.prices:
        if p.currency == "USD":
            by_gpu.setdefault(p.gpu_id, []).append(p)
    options: list[Option] = []
    for g in snap.gpus:
        offers = by_gpu.get(g.id, [])
        wanted = [p for p in offers if p.pricing == w.pricing] or offers
        offer = min(wanted, key=lambda p: p.usd_per_gpu_hour) if wanted else None
        chosen = None
        for n in GPU_COUNTS:
            if n > max_gpus:
                break
            mem = estimate_memory(w, g, n)
            if mem.total_bytes <= g.memory_bytes or chosen is None:
                chosen = (n, mem)
            if mem.total_bytes <= g.memory_bytes:
                break
        if chosen is None:
            continue
        n, mem = chosen
        fits = mem.total_bytes <= g.memory_bytes
        usd_h = offer.usd_per_gpu_hour * n if offer else 0.0
        hours = w.train_hours
        options.append(Option(
            gpu_id=g.id, gpu_name=g.name, num_gpus=n, fits=fits, memory=mem,
            capacity_bytes_per_gpu=g.memory_bytes, headroom_bytes=g.memory_bytes - mem.total_bytes,
            throughput=Throughput(),
            cost=CostEstimate(usd_per_hour=usd_h, hours=hours,
                              usd_total=usd_h * hours if (hours and offer) else None),
            provider=offer.provider if offer else "", pricing=offer.pricing if offer else "",
            price_observed=offer.observed if offer else "",
            limit="vram" if not fits else "", reason=""))
    options.sort(key=lambda o: (not o.fits, o.cost.usd_per_hour == 0, o.cost.usd_per_hour,
                                -o.headroom_bytes))
    ranked = tuple(o.model_copy(update={"rank": i + 1}) for i, o in enumerate(options))
    return RecommendationView(options=ranked, memory_only=True,
                              notes=("memory-only",))
