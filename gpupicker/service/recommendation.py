"""Running a recommendation on a catalog snapshot.

What ``gpupicker recommend`` / ``report`` and the UI's results page both do.
:class:`CatalogSnapshot` reads the catalog once (GPUs, prices, exchange rates, display
currency, owned GPUs, calibration runs); :func:`rank_on_snapshot` ranks a workload on it with
``gpupicker.core.ranking.recommend.recommend`` and adds ``gpupicker.core.planners.advisor``'s advice: for the
workload's own GPU when the job does not fit it, else — when no option fits at all — for the
largest card ranked. No formula lives here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from ..core.hardware.specs import GpuSpec, PriceOffer
from ..core.memory import estimate_memory, fits_on
from ..core.planners.advisor import Advice, advise, largest_card, nothing_fits_causes
from ..core.planners.calibration import Calibration
from ..core.pricing.money import USD, Money
from ..core.pricing.owned import OwnedGpu
from ..core.pricing.providers import ProviderTerms
from ..core.pricing.spot import SpotRate
from ..core.ranking.recommend import Recommendation, recommend
from ..core.results import Option
from ..core.units import HOURS_PER_MONTH_DEFAULT
from ..core.workload import Workload


class SnapshotSource(Protocol):
    """The catalog reads a snapshot needs.

    ``gpupicker.catalog.CatalogRepository`` has them; ``owned_gpus()`` and
    ``calibration_runs()`` are read when present.
    """

    def gpus(self) -> Sequence[GpuSpec]:
        """Every catalog GPU."""

    def prices(self) -> Sequence[PriceOffer]:
        """Every catalog price offer."""

    def get_fx_rates(self) -> dict[str, float]:
        """USD per unit of each currency."""

    def get_display_currency(self) -> str:
        """The currency amounts are shown in."""


def display_money(currency: str, usd_rates: dict[str, float] | None) -> Money:
    """The display currency ``currency`` at the catalog's rate, USD when it has none.

    ``usd_rates``: USD per unit (the catalog's ``get_fx_rates()``); core.money.Money.for_display.
    """
    try:
        return Money.for_display(currency, usd_rates)
    except ValueError:
        return USD


def gpu_counts(max_gpus: int) -> tuple[int, ...]:
    """The GPU counts ranked: every power of two up to ``max_gpus``, and ``max_gpus`` itself.

    ``gpu_counts(8) == (1, 2, 4, 8)`` (core.recommend.GPU_COUNTS); ``gpu_counts(12) ==
    (1, 2, 4, 8, 12)``. Core models counts above 8 as several 8-GPU nodes joined by the node
    network (core.speed.interconnect.link_name, GPUS_PER_NODE).
    """
    counts = tuple(c for c in (2**k for k in range(13)) if c <= max_gpus)
    if max_gpus not in counts:
        counts += (max_gpus,)
    return counts


@dataclass(frozen=True)
class CatalogSnapshot:
    """GPUs and prices read once from the repository (refreshed on a catalog edit)."""

    gpus: tuple[GpuSpec, ...]
    prices: tuple[PriceOffer, ...]
    fx_usd_per_unit: dict[str, float] = field(default_factory=dict)
    display_currency: str = "USD"
    owned: tuple[OwnedGpu, ...] = ()
    """The user's own GPUs (core.owned.OwnedGpu), ranked alongside the rentals."""
    calibration: Calibration | None = None
    """core.calibration.Calibration from the user's recorded runs (None: none)."""
    providers: tuple[ProviderTerms, ...] = ()
    """The providers' rental terms (core.providers.ProviderTerms, data/providers.csv)."""
    spot_rates: tuple[SpotRate, ...] = ()
    """The providers' published spot interruption rates (core.spot.SpotRate,
    data/spot_rates.csv)."""

    @classmethod
    def from_repo(cls, repo: SnapshotSource) -> CatalogSnapshot:
        """Read the GPUs, prices, exchange rates (USD per unit) and display currency of ``repo``."""
        rates = repo.get_fx_rates()
        shown = repo.get_display_currency()
        if shown not in rates:
            shown = "USD"
        gpus = tuple(repo.gpus())
        owned_gpus = getattr(repo, "owned_gpus", None)
        owned = tuple(owned_gpus()) if owned_gpus is not None else ()
        calibration_runs = getattr(repo, "calibration_runs", None)
        runs = list(calibration_runs()) if calibration_runs is not None else []
        cal = Calibration.from_runs(runs, gpus) if runs else None
        terms = getattr(repo, "provider_terms", None)
        providers = tuple(terms()) if terms is not None else ()
        rates_of = getattr(repo, "spot_rates", None)
        spot = tuple(rates_of()) if rates_of is not None else ()
        return cls(gpus, tuple(repo.prices()), dict(rates), shown, owned, cal, providers, spot)

    @property
    def money(self) -> Money:
        """The display currency and its rate (core.money.Money).

        The one conversion every amount the UI shows goes through.
        """
        return display_money(self.display_currency, self.fx_usd_per_unit)

    def display_rate(self) -> float:
        """USD per unit of the display currency (1.0 for USD).

        The same rate the ranking converts with (``1 / money.per_usd``).
        """
        return 1.0 / self.money.per_usd

    def gpu(self, gpu_id: str) -> GpuSpec | None:
        """The snapshot's GPU ``gpu_id`` (None when the catalog has none)."""
        return next((g for g in self.gpus if g.id == gpu_id), None)


@dataclass(frozen=True)
class Ranking:
    """A ranked recommendation with the advice both front ends show.

    Attributes:
        recommendation: core's ranking; its ``advice`` is filled as :func:`rank_on_snapshot`
            says.
        gpu: the workload's own GPU (``w.gpu``) from the snapshot; None when it names none or
            one the catalog does not have.
        preferred_fits: whether the ranked option for ``gpu`` × ``w.num_gpus`` fits; None when
            no such option is ranked.
        advice_gpu: the card ``recommendation.advice`` is for (None: no advice).
        nothing_fits_causes: when no option fits and the advice is for the largest card, the
            causes core.advisor.nothing_fits_causes names (ids); else None.
    """

    recommendation: Recommendation
    gpu: GpuSpec | None = None
    preferred_fits: bool | None = None
    advice_gpu: GpuSpec | None = None
    nothing_fits_causes: tuple[str, ...] | None = None


def preferred_fit(w: Workload, options: Sequence[Option]) -> bool | None:
    """Whether the ranked option of the workload's GPU at ``w.num_gpus`` fits (None: not ranked)."""
    mine = [o for o in options if o.gpu_id == w.gpu and o.num_gpus == w.num_gpus]
    return any(o.fits for o in mine) if mine else None


def rank_on_snapshot(
    w: Workload,
    snap: CatalogSnapshot,
    *,
    goal: str = "cheapest",
    max_gpus: int = 8,
    hours_per_month: float = HOURS_PER_MONTH_DEFAULT,
    all_offers: bool = False,
    money: Money | None = None,
) -> Ranking:
    """Rank ``snap`` for ``w`` (model resolved) and add the advice.

    The ranking is ``core.recommend.recommend`` over :func:`gpu_counts` of ``max_gpus``, with
    the snapshot's prices, rates, owned GPUs and calibration; reasons and notes write amounts
    in ``money`` (default: the snapshot's display currency).

    Advice (core.advisor.advise): for the workload's GPU when the job does not fit it — as the
    ranked option for ``w.num_gpus`` says, or the memory estimate when that count is not
    ranked (advice that helps nothing counts as none); otherwise, when options are ranked and
    none fits, for the largest card (core.advisor.largest_card) with its
    :func:`~gpupicker.core.planners.advisor.nothing_fits_causes`. Advice that cannot be computed (a
    ValueError, ArithmeticError or TypeError from the advisor) is left out, never raised:
    the ranking stands without it.

    Raises:
        ValueError: an unknown goal, an unresolved model or a workload core cannot estimate.
        ArithmeticError: from core, for inputs it cannot compute.
    """
    rec = recommend(
        w,
        list(snap.gpus),
        snap.prices,
        goal=goal,
        max_gpus=max_gpus,
        fx_rates=snap.fx_usd_per_unit or None,
        hours_per_month=hours_per_month,
        all_offers=all_offers,
        counts=gpu_counts(max_gpus),
        owned=snap.owned,
        calibration=snap.calibration,
        money=money or snap.money,
        providers=snap.providers,
        spot_rates=snap.spot_rates,
    )
    gpu = snap.gpu(w.gpu) if w.gpu else None
    preferred = preferred_fit(w, rec.options) if gpu is not None else None
    if gpu is not None:
        fits = preferred if preferred is not None else fits_on(estimate_memory(w, gpu, w.num_gpus), gpu)
        if not fits:
            advice = _advice(w, gpu)
            if advice:
                return Ranking(rec.model_copy(update={"advice": advice}), gpu, preferred, gpu)
    if rec.options and not any(o.fits for o in rec.options):
        big = largest_card(list(snap.gpus), {o.gpu_id for o in rec.options})
        if big is not None:
            try:
                advice = tuple(advise(w, big))
                causes = tuple(nothing_fits_causes(w, big, list(advice)))
            except (ValueError, ArithmeticError, TypeError):
                return Ranking(rec, gpu, preferred)
            return Ranking(rec.model_copy(update={"advice": advice}), gpu, preferred, big, causes)
    return Ranking(rec, gpu, preferred)


def _advice(w: Workload, gpu: GpuSpec) -> tuple[Advice, ...]:
    try:
        return tuple(advise(w, gpu))
    except (ValueError, ArithmeticError, TypeError):
        return ()


__all__ = [
    "CatalogSnapshot",
    "Ranking",
    "SnapshotSource",
    "display_money",
    "gpu_counts",
    "preferred_fit",
    "rank_on_snapshot",
]
