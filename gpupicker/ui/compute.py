"""The one place the UI asks core for answers.

:func:`run_recommendation` calls ``gpupicker.core.recommend.recommend`` (and
``core.advisor.advise`` when the preferred GPU does not fit); no formula lives here.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core.advisor import advise, largest_card, nothing_fits_causes
from ..core.hardware import GpuSpec, PriceOffer
from ..core.messages import Message
from ..core.money import USD, Money
from ..core.recommend import recommend
from ..core.results import Option
from ..core.workload import Workload

log = logging.getLogger(__name__)



@dataclass(frozen=True)
class RecommendationView:
    """What the results page shows: ranked options, advice and notes (all from core)."""

    options: tuple[Option, ...] = ()
    advice: tuple[Any, ...] = ()
    notes: tuple[str, ...] = ()
    error: str = ""
    preferred_fits: bool | None = None
    extras: Mapping[str, Any] = field(default_factory=dict)
    """``memory_curves`` / ``cost_curves`` (:class:`LazyCurveExtras`: computed on first read)."""


@dataclass(frozen=True)
class CatalogSnapshot:
    """GPUs and prices read once from the repository (refreshed on a catalog edit)."""

    gpus: tuple[GpuSpec, ...]
    prices: tuple[PriceOffer, ...]
    fx_usd_per_unit: dict[str, float] = field(default_factory=dict)
    display_currency: str = "USD"
    owned: tuple[Any, ...] = ()
    """The user's own GPUs (core.owned.OwnedGpu), ranked alongside the rentals."""
    calibration: Any = None
    """core.calibration.Calibration from the user's recorded runs (None: none)."""

    @classmethod
    def from_repo(cls, repo: Any) -> CatalogSnapshot:
        """Read the GPUs, prices, exchange rates (USD per unit) and display currency of ``repo``."""
        rates = repo.get_fx_rates()
        shown = repo.get_display_currency()
        if shown not in rates:
            shown = "USD"
        gpus = tuple(repo.gpus())
        owned = tuple(repo.owned_gpus()) if hasattr(repo, "owned_gpus") else ()
        runs = list(repo.calibration_runs()) if hasattr(repo, "calibration_runs") else []
        from ..core.calibration import Calibration

        cal = Calibration.from_runs(runs, gpus) if runs else None
        return cls(gpus, tuple(repo.prices()), dict(rates), shown, owned, cal)

    @property
    def money(self) -> Money:
        """The display currency and its rate (core.money.Money): the one conversion every
        amount the UI shows goes through."""
        try:
            return Money.for_display(self.display_currency, self.fx_usd_per_unit)
        except ValueError:
            return USD

    def display_rate(self) -> float:
        """USD per unit of the display currency (1.0 for USD), the same rate the ranking
        converts with (``1 / money.per_usd``)."""
        return 1.0 / self.money.per_usd


def run_recommendation(w: Workload, snap: CatalogSnapshot, *, goal: str = "cheapest",
                       max_gpus: int = 8, hours_per_month: float = 730.0,
                       all_offers: bool = False) -> RecommendationView:
    """Rank the catalog for ``w``; never raises for bad input (the error goes in ``error``).

    ``all_offers`` ranks every provider's price (else the cheapest per pricing type).
    """
    try:
        rec = recommend(w, list(snap.gpus), snap.prices, goal=goal, max_gpus=max_gpus,
                        fx_rates=snap.fx_usd_per_unit or None, hours_per_month=hours_per_month,
                        all_offers=all_offers, owned=snap.owned, calibration=snap.calibration,
                        money=snap.money)
        view = RecommendationView(options=tuple(rec.options), advice=tuple(rec.advice),
                                  notes=tuple(rec.notes))
    except (ValueError, ArithmeticError) as exc:
        # core's errors carry a Message (rendered in the UI's language by tr_message)
        first = exc.args[0] if len(exc.args) == 1 else None
        return RecommendationView(error=first if isinstance(first, Message) else str(exc))
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
        if preferred is False and not advice and gpu is not None:
            try:
                advice = tuple(advise(w, gpu))
            except (ValueError, ArithmeticError, TypeError):
                advice = ()
    extras = LazyCurveExtras(w, snap, rec)
    if view.options and not any(o.fits for o in view.options) and not advice:
        # nothing fits anywhere: core's advice for the largest card and the causes it names
        # (QA F19, as the CLI's recommend)
        big = largest_card(list(snap.gpus), {o.gpu_id for o in view.options})
        if big is not None:
            try:
                advice = tuple(advise(w, big))
                extras["nothing_fits_causes"] = nothing_fits_causes(w, big, list(advice))
                extras["advice_gpu"] = big.id
            except (ValueError, ArithmeticError, TypeError):
                advice = ()
    return RecommendationView(options=view.options, advice=advice, notes=view.notes,
                              preferred_fits=preferred, extras=extras)


class LazyCurveExtras(Mapping[str, Any]):
    """:func:`curve_extras` of one recommendation, computed on first read and kept.

    The curves cost about as much as the ranking itself (one memory estimate per GPU and
    sample point, e.g. 15 ms of 35 ms for a QLoRA job), but only the Curves tab shows them;
    a recompute for every input change no longer pays for them while that tab is hidden
    (issue 17). Read it in the GUI thread (the results page does); ``computed`` says whether
    it has been.
    """

    KEYS = ("memory_curves", "cost_curves")
    """The keys :func:`curve_extras` fills (reading any other key computes nothing)."""

    def __init__(self, w: Workload, snap: CatalogSnapshot, rec: Any) -> None:
        self._args: tuple[Workload, CatalogSnapshot, Any] | None = (w, snap, rec)
        self._data: dict[str, Any] | None = None
        self._eager: dict[str, Any] = {}

    def __setitem__(self, key: str, value: Any) -> None:
        """Other results the page reads beside the curves (e.g. ``nothing_fits_causes``)."""
        self._eager[key] = value

    @property
    def computed(self) -> bool:
        """True once the curves were computed."""
        return self._data is not None

    def _get(self) -> dict[str, Any]:
        if self._data is None:
            assert self._args is not None
            self._data = curve_extras(*self._args)
            self._args = None  # the workload, snapshot and recommendation are no longer held
        return self._data

    def __getitem__(self, key: str) -> Any:
        if key in self._eager:
            return self._eager[key]
        if key not in self.KEYS:
            raise KeyError(key)
        return self._get()[key]

    def __iter__(self) -> Iterator[str]:
        return iter([*self._eager, *self.KEYS])

    def __len__(self) -> int:
        return len(self._eager) + len(self.KEYS)


def curve_extras(w: Workload, snap: CatalogSnapshot, rec: Any) -> dict[str, Any]:
    """The curves' data from ``core.curves`` for the results page: ``memory_curves`` (dimension →
    MemoryCurves for the candidate GPUs) and ``cost_curves``; a dimension that cannot be
    computed is left out (its error logged), never raised."""
    from ..core.curves import available_dimensions, candidate_gpus, cost_curves, memory_curves

    out: dict[str, Any] = {"memory_curves": {}, "cost_curves": ()}
    try:
        out["cost_curves"] = cost_curves(rec)
        gpus = candidate_gpus(rec, snap.gpus, w.gpu)
        for dim in available_dimensions(w):
            try:
                out["memory_curves"][dim] = memory_curves(w, gpus, dim)
            except (ValueError, ArithmeticError) as exc:
                log.info("no %s curve: %s", dim, exc)
    except Exception:  # noqa: BLE001 - a curve bug must not hide the ranking
        log.exception("core.curves failed")
    return out
