"""The one place the UI asks core for answers.

:func:`run_recommendation` calls ``gpupicker.service.recommendation.rank_on_snapshot`` (core's
ranking and advice, shared with the CLI's ``recommend``) on a :class:`CatalogSnapshot`; no
formula lives here.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeAlias

from typing_extensions import override

from ..core.messages import Message
from ..core.planners.advisor import Advice
from ..core.ranking.recommend import Recommendation
from ..core.results import Option
from ..core.workload import Workload
from ..service.recommendation import CatalogSnapshot, rank_on_snapshot

if TYPE_CHECKING:  # core.curves is imported when the Curves tab first needs it
    from ..core.report.curves import CostCurve, MemoryCurves

log = logging.getLogger(__name__)

ExtraValue: TypeAlias = "dict[str, MemoryCurves] | tuple[CostCurve, ...] | list[str] | str"
"""A value of :attr:`RecommendationView.extras`: ``memory_curves`` (dimension →
:class:`~gpupicker.core.report.curves.MemoryCurves`), ``cost_curves`` (core.curves' cost curves),
``nothing_fits_causes`` (core.advisor's cause ids) or ``advice_gpu`` (a catalog GPU id)."""


@dataclass(frozen=True)
class RecommendationView:
    """What the results page shows: ranked options, advice and notes (all from core)."""

    options: tuple[Option, ...] = ()
    advice: tuple[Advice, ...] = ()
    notes: tuple[str, ...] = ()
    error: str = ""
    preferred_fits: bool | None = None
    extras: Mapping[str, ExtraValue] = field(default_factory=dict)
    """``memory_curves`` / ``cost_curves`` (:class:`LazyCurveExtras`: computed on first read)."""

    def fit_count(self) -> tuple[int, int]:
        """(options whose memory fits their GPUs, options ranked): the one pair of figures the
        input pages' live summary and the status bar both show."""
        return sum(1 for o in self.options if o.fits), len(self.options)


def run_recommendation(
    w: Workload,
    snap: CatalogSnapshot,
    *,
    goal: str = "cheapest",
    max_gpus: int = 8,
    hours_per_month: float = 730.0,
    all_offers: bool = False,
) -> RecommendationView:
    """Rank the catalog for ``w``; never raises for bad input (the error goes in ``error``).

    ``all_offers`` ranks every provider's price (else the cheapest per pricing type).
    """
    try:
        ranked = rank_on_snapshot(
            w, snap, goal=goal, max_gpus=max_gpus, hours_per_month=hours_per_month, all_offers=all_offers
        )
    except (ValueError, ArithmeticError) as exc:
        # core's Message stays one: the results page renders it in the UI's language
        cause = exc.args[0] if len(exc.args) == 1 else None
        return RecommendationView(error=cause if isinstance(cause, Message) else str(exc))
    except Exception as exc:  # noqa: BLE001 - a calculator bug must not take the window down
        log.exception("core.recommend failed")
        return RecommendationView(
            error=f"internal error in the calculator ({type(exc).__name__}: {exc}); details are in the log"
        )
    rec = ranked.recommendation
    extras = LazyCurveExtras(w, snap, rec)
    if ranked.nothing_fits_causes is not None and ranked.advice_gpu is not None:
        # nothing fits anywhere: core's advice for the largest card and the causes it names
        # (as the CLI's recommend)
        extras["nothing_fits_causes"] = list(ranked.nothing_fits_causes)
        extras["advice_gpu"] = ranked.advice_gpu.id
    return RecommendationView(
        options=tuple(rec.options),
        advice=tuple(rec.advice),
        notes=tuple(rec.notes),
        preferred_fits=ranked.preferred_fits,
        extras=extras,
    )


class LazyCurveExtras(Mapping[str, "ExtraValue"]):
    """:func:`curve_extras` of one recommendation, computed on first read and kept.

    The curves cost about as much as the ranking itself (one memory estimate per GPU and
    sample point, e.g. 15 ms of 35 ms for a QLoRA job), but only the Curves tab shows them;
    a recompute for every input change no longer pays for them while that tab is hidden.
    Read it in the GUI thread (the results page does); ``computed`` says whether
    it has been.
    """

    KEYS = ("memory_curves", "cost_curves")
    """The keys :func:`curve_extras` fills (reading any other key computes nothing)."""

    def __init__(self, w: Workload, snap: CatalogSnapshot, rec: Recommendation) -> None:
        self._args: tuple[Workload, CatalogSnapshot, Recommendation] | None = (w, snap, rec)
        self._data: dict[str, ExtraValue] | None = None
        self._eager: dict[str, ExtraValue] = {}

    def __setitem__(self, key: str, value: ExtraValue) -> None:
        """Other results the page reads beside the curves (e.g. ``nothing_fits_causes``)."""
        self._eager[key] = value

    @property
    def computed(self) -> bool:
        """True once the curves were computed."""
        return self._data is not None

    def _get(self) -> dict[str, ExtraValue]:
        if self._data is None:
            assert self._args is not None
            self._data = curve_extras(*self._args)
            self._args = None  # the workload, snapshot and recommendation are no longer held
        return self._data

    @override
    def __getitem__(self, key: str) -> ExtraValue:
        if key in self._eager:
            return self._eager[key]
        if key not in self.KEYS:
            raise KeyError(key)
        return self._get()[key]

    @override
    def __iter__(self) -> Iterator[str]:
        return iter([*self._eager, *self.KEYS])

    @override
    def __len__(self) -> int:
        return len(self._eager) + len(self.KEYS)


def curve_extras(w: Workload, snap: CatalogSnapshot, rec: Recommendation) -> dict[str, ExtraValue]:
    """The curves' data from ``core.curves`` for the results page: ``memory_curves`` (dimension →
    MemoryCurves for the candidate GPUs) and ``cost_curves``; a dimension that cannot be
    computed is left out (its error logged), never raised."""
    from ..core.report.curves import available_dimensions, candidate_gpus, cost_curves, memory_curves

    memory: dict[str, MemoryCurves] = {}
    out: dict[str, ExtraValue] = {"memory_curves": memory, "cost_curves": ()}
    try:
        out["cost_curves"] = cost_curves(rec)
        gpus = candidate_gpus(rec, snap.gpus, w.gpu)
        for dim in available_dimensions(w):
            try:
                memory[dim] = memory_curves(w, gpus, dim)
            except (ValueError, ArithmeticError) as exc:
                log.info("no %s curve: %s", dim, exc)
    except Exception:  # noqa: BLE001 - a curve bug must not hide the ranking
        log.exception("core.curves failed")
    return out
