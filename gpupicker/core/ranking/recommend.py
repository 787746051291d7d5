"""Rank every catalog GPU × count × price offer for one workload, with a reason for each.

For each GPU type and count (1, 2, 4, 8 up to ``max_gpus``) the memory model
(:func:`~gpupicker.core.memory.estimate_memory`) gives the per-GPU peak and the
fit verdict with headroom, the throughput model the speed (both in
:func:`~gpupicker.core.ranking.evaluation.evaluate`, memoized per job without its money
fields), and each price offer (converted to USD with the user's exchange rates)
the cost. Options are ranked by the user's goal:

* ``cheapest`` — lowest total cost (run cost when the duration is known,
  monthly cost for serving, else $ per 1M tokens, else $ per hour);
* ``fastest`` — highest speed, cheaper first among equals;
* ``value`` — lowest cost + time, each relative to the best option (the knee
  of the cost–time Pareto front);
* ``headroom`` — most free memory per GPU.

Options that do not fit, or break the budget / $-per-hour cap / deadline, sort
after those that do. Every option carries a plain-language ``reason`` naming
what limits it (VRAM, memory bandwidth, compute, interconnect, price). The
seed guide's decision table (the buying guides gpupicker grew from) is kept as a rule of thumb and
compared with the ranking in ``notes``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from pydantic import BaseModel, ConfigDict

from ..checks import require_inference_framework, workload_warnings
from ..hardware.specs import GpuSpec, PriceOffer
from ..messages import Text, error_message, msg, sentence
from ..planners.advisor import Advice
from ..planners.calibration import Calibration
from ..pricing.money import USD, Money
from ..pricing.offer_cache import offers_for_snapshot
from ..pricing.offers import (
    offers_for,
)
from ..pricing.owned import OwnedGpu, annotate_owned, for_serving, owned_offer
from ..pricing.price_kind import DEFAULT_STALE_MONTHS, trust_notes
from ..pricing.providers import (
    ProviderTerms,
    check_providers,
    check_region,
    in_providers,
    in_region,
    provider_filter,
    providers_note,
    region_filter,
    region_notes,
)
from ..pricing.spot import SpotRate
from ..pricing.stock import (
    stock_notes,
)
from ..results import Option
from ..speed.interconnect import GPUS_PER_NODE
from ..units import HOURS_PER_MONTH_DEFAULT
from ..workload import Workload
from .evaluation import MONEY_DEFAULTS, Evaluated, Evaluation, evaluate
from .mixed_plan import machine_evaluations
from .offer_choice import priced_evaluations
from .options import build_options
from .seed_guide import summary_notes

GOALS = ("cheapest", "fastest", "value", "headroom")
GPU_COUNTS = (1, 2, 4, 8)


class Recommendation(BaseModel):
    """Ranked options for one workload.

    Attributes:
        options: every evaluated option in rank order (``rank`` 1 = best).
        goal: the ranking goal used.
        advice: changes that would make the job fit the user's preferred GPU
            (filled by the CLI/GUI with :func:`gpupicker.core.planners.advisor.advise`).
        notes: sentences about the whole result (currency conversion, seed-table
            comparison, quantization assumptions).
    """

    model_config = ConfigDict(frozen=True)

    options: tuple[Option, ...]
    goal: str = "cheapest"
    advice: tuple[Advice, ...] = ()
    notes: tuple[Text, ...] = ()

    def fitting(self) -> tuple[Option, ...]:
        """Options that fit in memory and respect budget, cap and deadline."""
        return tuple(o for o in self.options if o.fits and o.within_budget)

    def best(self) -> Option | None:
        """The top-ranked option (``None`` when there is none)."""
        return self.options[0] if self.options else None


def recommend(
    w: Workload,
    gpus: Sequence[GpuSpec],
    prices: Sequence[PriceOffer] = (),
    *,
    goal: str = "cheapest",
    max_gpus: int = 8,
    fx_rates: dict[str, float] | None = None,
    hours_per_month: float = HOURS_PER_MONTH_DEFAULT,
    all_offers: bool = False,
    counts: Sequence[int] = GPU_COUNTS,
    owned: Sequence[OwnedGpu] = (),
    calibration: Calibration | None = None,
    today: date | None = None,
    stale_months: int = DEFAULT_STALE_MONTHS,
    money: Money | None = None,
    providers: Sequence[ProviderTerms] = (),
    spot_rates: Sequence[SpotRate] = (),
    now: datetime | None = None,
) -> Recommendation:
    """Evaluate every GPU × count × offer for ``w`` and rank them by ``goal``.

    Args:
        w: the workload, with its ``model`` resolved.
        gpus: catalog GPUs.
        prices: catalog price offers (any currency; converted with ``fx_rates``).
        goal: ``cheapest``, ``fastest``, ``value`` or ``headroom``.
        max_gpus: largest GPU count tried (1, 2, 4, 8 up to this).
        fx_rates: currency → USD per unit (e.g. ``{"CNY": 0.14}``, the catalog's
            ``get_fx_rates()``); defaults are used
            and flagged in ``notes`` for currencies missing here.
        hours_per_month: serving month length (730 default; the seed guide uses 720).
        all_offers: keep the best offer of every provider (default: the best per pricing type).
        counts: GPU counts to try.
        owned: the user's own GPUs (:mod:`gpupicker.core.pricing.owned`): ranked at their hourly
            cost of ownership whatever ``w.pricing`` is, with a break-even vs the best rental.
        calibration: the user's recorded runs (:mod:`gpupicker.core.planners.calibration`) that
            correct memory and speed for their engine, task and GPU.
        today: the date prices are aged against for the stale mark (default: the system date).
        stale_months: age in months from which a price is marked stale (default 6).
        money: the display currency (:class:`~gpupicker.core.pricing.money.Money`) every amount in
            reasons and notes is written in (default USD); ranking is in USD either way.
        providers: the providers' rental terms (the catalog's ``data/providers.csv``): an
            option above one instance is kept only where its provider sells clusters of that
            size, and runs are billed in the provider's steps after the job's start-up
            (:func:`~gpupicker.core.pricing.billing.startup_hours`).
        spot_rates: the providers' published spot interruption rates (the catalog's
            ``data/spot_rates.csv``): a spot option's hours and total include its expected
            interruptions at its provider's rate, or at a wider range where none is published
            (:func:`~gpupicker.core.pricing.spot.spot_run`).
        now: the time ledger snapshots are aged against for their stale mark (default: the
            system clock; :data:`~gpupicker.core.pricing.stock.STALE_SNAPSHOT_DAYS`).

    Returns:
        A :class:`Recommendation`; options without a price appear with no cost.

    Raises:
        ValueError: for an unknown goal or an unresolved model.
    """
    if goal not in GOALS:
        raise ValueError(msg("recommend.unknown_goal", goal=repr(goal), goals=", ".join(GOALS)))
    if w.model is None:
        raise ValueError(w.unresolved_model_error())
    offers, cached_notes = offers_for_snapshot(prices, w.pricing, all_offers, fx_rates, offers_for)
    notes: list[str] = list(cached_notes)  # the cache's list stays as it is
    require_inference_framework(w)
    notes.extend(workload_warnings(w))  # context window, engine × dtype
    # the GPU × count evaluations never read the money fields: one evaluation serves every
    # budget, pricing, currency, region and deadline of the same job
    evald = evaluate(w.model_copy(update=MONEY_DEFAULTS), tuple(gpus), tuple(counts), max_gpus, calibration)
    if evald.refusal_note is not None:
        notes.append(evald.refusal_note)
    gpu_by_id = {g.id: g for g in evald.gpus}
    serving = w.task == "inference" and bool(w.requests_per_minute)
    _add_owned_offers(offers, owned, gpu_by_id, serving, hours_per_month, fx_rates, notes)
    if evald.reference is not None:
        update, ref_note = evald.reference
        w = w.model_copy(update=update)
        notes.append(ref_note)
    notes.extend(evald.notes)
    terms = {t.provider: t for t in providers}
    where = check_region(w.region) if w.region else None
    wanted = check_providers(w.providers, {p.provider for p in prices}) if w.providers else None
    evaluations, not_for_sale = priced_evaluations(
        evald.evaluations,
        offers,
        lambda: offers_for_snapshot(prices, w.pricing, True, fx_rates, offers_for)[0],
        all_offers=all_offers,
        terms=terms if providers else None,
        kept=_filters(where, wanted),
        filtered=bool(where or wanted),
    )
    if not_for_sale:
        notes.append(sentence(msg("recommend.no_cluster_for_sale", n=not_for_sale)))
    job = _Ranking(
        w, goal, serving, hours_per_month, today, stale_months, money or USD, terms, spot_rates, now
    )
    options = _ranked(job, evald, evaluations, wanted, max_gpus, owned, fx_rates, notes)
    return Recommendation(options=tuple(options), goal=goal, notes=tuple(notes))


@dataclass(frozen=True, slots=True)
class _Ranking:
    """What every ranking of one :func:`recommend` call shares.

    Its arguments, the job with a planned run length's dataset size, the provider terms by name.
    """

    w: Workload
    goal: str
    serving: bool
    hours_per_month: float
    today: date | None
    stale_months: int
    money: Money
    terms: dict[str, ProviderTerms]
    spot_rates: Sequence[SpotRate]
    now: datetime | None

    def build(self, evs: list[Any]) -> list[Option]:
        """The ranked options of ``evs`` (GPU × count evaluations with their offers)."""
        return build_options(
            self.w,
            evs,
            self.goal,
            self.serving,
            self.hours_per_month,
            today=self.today,
            stale_months=self.stale_months,
            money=self.money,
            terms=self.terms,
            spot_rates=self.spot_rates,
            now=self.now,
        )


def _filters(where: str | None, wanted: frozenset[str] | None) -> Callable[[PriceOffer], bool]:
    """Whether an offer passes the region (``where``, checked) and provider (``wanted``) filters."""

    def kept(offer: PriceOffer) -> bool:
        return (where is None or in_region(offer, where)) and (wanted is None or in_providers(offer, wanted))

    return kept


def _filter_notes(
    job: _Ranking,
    wanted: frozenset[str] | None,
    options: list[Option],
    everywhere: list[Any],
    in_region: Callable[[], list[Any]],
) -> list[Text]:
    """The notes of a region or provider filter: what the filtered ranking left out.

    ``options`` is the filtered ranking, ``everywhere`` the evaluations without the filters,
    ``in_region`` those in the region only (without the provider filter).
    """
    notes: list[Text] = []
    all_options = job.build(everywhere)
    regional = job.build(in_region()) if job.w.region and wanted else options
    if job.w.region:
        notes.extend(region_notes(job.w, regional, all_options, job.money))
    if wanted:
        notes.append(providers_note(wanted, len(options), len(regional if job.w.region else all_options)))
    return notes


def _ranked(
    job: _Ranking,
    evald: Evaluated,
    evaluations: list[tuple[Evaluation, list[tuple[PriceOffer | None, float | None]]]],
    wanted: frozenset[str] | None,
    max_gpus: int,
    owned: Sequence[OwnedGpu],
    fx_rates: dict[str, float] | None,
    notes: list[Text],
) -> list[Option]:
    """The ranked options of the priced ``evaluations``, with the user's machine and owned GPUs.

    Multi-node options only where no node holds the job (unless asked for); the region, then
    the provider filter; the user's machine of unlike cards and the cards that would make the
    job fit it (:func:`~.mixed_plan.machine_evaluations`); owned GPUs annotated with their
    break-even. Appends the notes of each step to ``notes``.
    """
    multi_node, refused = evald.multi_node, evald.refused
    asked = job.w.num_gpus > GPUS_PER_NODE or max_gpus > GPUS_PER_NODE

    def one_node_first(evs: list[Any]) -> list[Any]:
        """Multi-node options only when no single node of any part holds the job."""
        if multi_node and not asked and any(ev.fits for ev, _ in evs if ev.total_gpus <= GPUS_PER_NODE):
            return [(ev, o) for ev, o in evs if ev.n <= GPUS_PER_NODE]
        return evs

    # the region filter comes first: a node that holds the job abroad says nothing about
    # whether the job needs a cluster in the region
    everywhere = one_node_first(evaluations)
    in_region_evals = region_filter(evaluations, job.w.region)
    region_evals = one_node_first(provider_filter(in_region_evals, wanted))
    if multi_node and any(ev.n > GPUS_PER_NODE for ev, _ in region_evals):
        notes.append(sentence(msg("recommend.multi_node_added")))
    if refused:
        notes.append(sentence(msg("recommend.no_multi_gpu_training", gpus=", ".join(sorted(refused)))))
    # the user's own machine of unlike cards (the job's gpus, or the owned GPUs) and, when the
    # job does not fit it, the cards that would make it fit, priced at their purchase
    machines = machine_evaluations(job.w, evald.gpus, owned, fx_rates)
    region_evals = [*region_evals, *machines.evaluations]
    notes.extend(machines.notes)
    options = job.build(region_evals)
    if job.w.region or wanted:
        notes.extend(_filter_notes(job, wanted, options, everywhere, lambda: one_node_first(in_region_evals)))
    if owned or machines.owned:
        options = annotate_owned(
            options,
            [*owned, *machines.owned],
            [*evald.gpus, *machines.specs],
            fx_rates,
            job.hours_per_month,
            money=job.money,
            serving=job.serving,
        )
    notes.extend(trust_notes(options, job.money))
    notes.extend(stock_notes(options, job.money))
    notes.extend(summary_notes(job.w, options))
    return options


def _add_owned_offers(
    offers: dict[str, list[tuple[PriceOffer, float]]],
    owned: Sequence[OwnedGpu],
    gpu_by_id: dict[str, GpuSpec],
    serving: bool,
    hours_per_month: float,
    fx_rates: dict[str, float] | None,
    notes: list[Text],
) -> None:
    """Add an offer at its hourly cost of ownership for each of the user's own GPUs to ``offers``.

    (:func:`~gpupicker.core.pricing.owned.owned_offer`; a serving job's month of
    ``hours_per_month``.) An owned GPU not in the catalog, or one whose figures are refused,
    gets a note in ``notes`` instead.
    """
    for o in owned:
        if o.gpu_id not in gpu_by_id:
            notes.append(sentence(msg("recommend.owned_not_in_catalog", gpu_id=o.gpu_id)))
            continue
        try:
            offers.setdefault(o.gpu_id, []).append(
                (
                    off := owned_offer(
                        for_serving(o, hours_per_month) if serving else o, gpu_by_id.get(o.gpu_id), fx_rates
                    ),
                    off.price_per_gpu_hour,
                )
            )
        except ValueError as exc:
            notes.append(error_message(exc))


__all__ = ["GOALS", "GPU_COUNTS", "Recommendation", "recommend"]
