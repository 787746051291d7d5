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

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from pydantic import BaseModel, ConfigDict

from ..checks import require_inference_framework, workload_warnings
from ..hardware.specs import GpuSpec, PriceOffer
from ..messages import Message, Text, as_message, error_message, join, msg, sentence
from ..planners.advisor import Advice
from ..planners.calibration import Calibration
from ..pricing.cost import (
    DEFAULT_UTILIZATION,
    SpotTerms,
    estimate_cost,
    startup_hours,
)
from ..pricing.money import USD, Money
from ..pricing.offer_cache import offers_for_snapshot
from ..pricing.offers import (
    IMPLAUSIBLE_USD_PER_GPU_HOUR,
    NO_OFFER,
    doubted_price,
    instance_fits,
    offers_for,
    too_low_price,
)
from ..pricing.owned import OwnedGpu, annotate_owned, for_serving, owned_offer
from ..pricing.price_kind import DEFAULT_STALE_MONTHS, FLAG_NAMES, price_flag, price_kind, trust_notes
from ..pricing.providers import (
    ProviderTerms,
    check_providers,
    check_region,
    in_providers,
    in_region,
    offer_available,
    provider_filter,
    providers_note,
    region_filter,
    region_notes,
)
from ..pricing.spot import SpotRate, rate_for
from ..pricing.stock import (
    STALE_SNAPSHOT_DAYS,
    out_of_stock,
    snapshot_age_days,
    stock_notes,
    stock_sentence,
)
from ..results import CostEstimate, Option
from ..speed.interconnect import GPUS_PER_NODE
from ..units import HOURS_PER_MONTH_DEFAULT
from ..workload import Workload
from .evaluation import MONEY_DEFAULTS, Evaluation, evaluate
from .mixed_plan import machine_evaluations
from .reasons import (
    limit_and_reason,
    memo_msg,
    speed_figure,
)
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


# --------------------------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------------------------
@dataclass(slots=True)
class _Candidate:
    """One GPU type × count × price offer before ranking.

    ``speed``: the goal's speed figure; ``money``: the cost figure ranked on, see
    :func:`_candidate_money`.
    """

    ev: Evaluation
    offer: PriceOffer | None
    cost: CostEstimate | None
    within: bool
    limit: str
    reason: Message
    speed: float
    money: float


# --------------------------------------------------------------------------------------------
# main entry point
# --------------------------------------------------------------------------------------------
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
            (:func:`~gpupicker.core.pricing.cost.startup_hours`).
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
    gpus = evald.gpus
    if evald.refusal_note is not None:
        notes.append(evald.refusal_note)
    gpu_by_id = {g.id: g for g in gpus}
    serving = w.task == "inference" and bool(w.requests_per_minute)
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
    if evald.reference is not None:
        update, ref_note = evald.reference
        w = w.model_copy(update=update)
        notes.append(ref_note)
    notes.extend(evald.notes)
    terms = {t.provider: t for t in providers}
    where = check_region(w.region) if w.region else None
    wanted = check_providers(w.providers, {p.provider for p in prices}) if w.providers else None

    def kept(offer: PriceOffer) -> bool:
        """Whether ``offer`` passes the region and provider filters."""
        return (where is None or in_region(offer, where)) and (wanted is None or in_providers(offer, wanted))

    evaluations: list[tuple[Evaluation, list[tuple[PriceOffer | None, float | None]]]] = []
    not_for_sale = 0
    every: dict[str, list[tuple[PriceOffer, float]]] | None = None
    for ev in evald.evaluations:
        offer_list = []
        candidates = offers.get(ev.gpu.id) or NO_OFFER
        # one replica is one job: replicas of a serving plan are separate instances, so only the
        # GPUs of one replica must be rented together (one instance, or a cluster)
        together = ev.n
        if providers and not all_offers and together > GPUS_PER_NODE:
            # the best offer per pricing may come from a provider that sells no cluster:
            # above one node, the best offer per pricing among the providers that do
            if every is None:
                every, _ = offers_for_snapshot(prices, w.pricing, True, fx_rates, offers_for)
            candidates = _best_cluster_offers(every.get(ev.gpu.id, []), together, terms, kept) or candidates
        elif (where or wanted) and not all_offers:
            # the best offer per pricing may be outside the filters: the best inside them too,
            # or a GPU sold in the region (or by the provider) only dearer would vanish
            if every is None:
                every, _ = offers_for_snapshot(prices, w.pricing, True, fx_rates, offers_for)
            inside = _best_per_pricing(every.get(ev.gpu.id, []), kept)
            inside.extend((o, u) for o, u in offers.get(ev.gpu.id, []) if o.pricing == "owned")
            candidates = inside or candidates
        for offer, usd in candidates:
            if not instance_fits(offer, ev.total_gpus):
                continue
            if (
                providers
                and offer is not None
                and not offer_available(offer, together, terms.get(offer.provider))
            ):
                not_for_sale += 1  # more GPUs than one instance, and no cluster for sale
                continue
            offer_list.append((offer, usd))
        if offer_list:
            evaluations.append((ev, offer_list))
    if not_for_sale:
        notes.append(sentence(msg("recommend.no_cluster_for_sale", n=not_for_sale)))
    multi_node, refused = evald.multi_node, evald.refused
    asked = w.num_gpus > GPUS_PER_NODE or max_gpus > GPUS_PER_NODE

    def one_node_first(evs: list[Any]) -> list[Any]:
        """Multi-node options only when no single node of any part holds the job."""
        if multi_node and not asked and any(ev.fits for ev, _ in evs if ev.total_gpus <= GPUS_PER_NODE):
            return [(ev, o) for ev, o in evs if ev.n <= GPUS_PER_NODE]
        return evs

    # the region filter comes first: a node that holds the job abroad says nothing about
    # whether the job needs a cluster in the region
    everywhere = one_node_first(evaluations)
    in_region_evals = region_filter(evaluations, w.region)
    region_evals = one_node_first(provider_filter(in_region_evals, wanted))
    if multi_node and any(ev.n > GPUS_PER_NODE for ev, _ in region_evals):
        notes.append(sentence(msg("recommend.multi_node_added")))
    if refused:
        notes.append(sentence(msg("recommend.no_multi_gpu_training", gpus=", ".join(sorted(refused)))))
    # the user's own machine of unlike cards (the job's gpus, or the owned GPUs) and, when the
    # job does not fit it, the cards that would make it fit, priced at their purchase
    machines = machine_evaluations(w, gpus, owned, fx_rates)
    region_evals = [*region_evals, *machines.evaluations]
    notes.extend(machines.notes)
    money = money or USD
    options = _build_options(
        w,
        region_evals,
        goal,
        serving,
        hours_per_month,
        today=today,
        stale_months=stale_months,
        money=money,
        terms=terms,
        spot_rates=spot_rates,
        now=now,
    )
    if w.region or wanted:

        def build(evs: list[Any]) -> list[Option]:
            return _build_options(
                w,
                evs,
                goal,
                serving,
                hours_per_month,
                today=today,
                stale_months=stale_months,
                money=money,
                terms=terms,
                spot_rates=spot_rates,
                now=now,
            )

        all_options = build(everywhere)
        regional = build(one_node_first(in_region_evals)) if w.region and wanted else options
        if w.region:
            notes.extend(region_notes(w, regional, all_options, money))
        if wanted:
            notes.append(providers_note(wanted, len(options), len(regional if w.region else all_options)))
    if owned or machines.owned:
        options = annotate_owned(
            options,
            [*owned, *machines.owned],
            [*gpus, *machines.specs],
            fx_rates,
            hours_per_month,
            money=money,
            serving=serving,
        )
    notes.extend(trust_notes(options, money))
    notes.extend(stock_notes(options, money))
    notes.extend(summary_notes(w, options))
    return Recommendation(options=tuple(options), goal=goal, notes=tuple(notes))


def _build_options(
    w: Workload,
    evaluations: list[tuple[Evaluation, list[tuple[PriceOffer | None, float | None]]]],
    goal: str,
    serving: bool,
    hours_per_month: float,
    *,
    today: date | None = None,
    stale_months: int = DEFAULT_STALE_MONTHS,
    money: Money = USD,
    terms: dict[str, ProviderTerms] | None = None,
    spot_rates: Sequence[SpotRate] = (),
    now: datetime | None = None,
) -> list[Option]:
    prelim: list[_Candidate] = []
    startup = startup_hours(w) if terms else None
    reload_h: float | None = None  # a spot restart reloads the job: the start-up, once known
    for ev, offer_list in evaluations:
        gpu, t, replicas, total_gpus = ev.gpu, ev.t, ev.replicas, ev.total_gpus
        shared = ev.shared  # what every offer of this GPU × count shares
        tokens_out = (speed_figure(w, t) * replicas) if not t.seconds_per_image else None
        speed = (t.decode_tokens_per_s or 0.0) if serving else speed_figure(w, t) * replicas
        pcie_note = (
            ev.n > 1
            and not gpu.has_nvlink
            and gpu.segment == "consumer"
            and w.is_training
            and ev.fits
            and w.task in ("full_ft", "pretrain")
        )
        for offer, usd in offer_list:
            cost = None
            spot = None
            if offer is not None and offer.pricing == "spot" and ev.hours is not None:
                if reload_h is None:
                    reload_h = startup_hours(w)[0]
                spot = SpotTerms(
                    rate=rate_for(offer.provider, "spot", spot_rates),
                    checkpoint_interval_hours=w.checkpoint_interval_hours,
                    reload_hours=reload_h,
                    provider=offer.provider,
                )
            if offer is not None and usd is not None:
                cost = estimate_cost(
                    usd_per_gpu_hour=usd,
                    num_gpus=total_gpus,
                    throughput=t,
                    hours=ev.hours,
                    serving=serving,
                    hours_per_month=hours_per_month,
                    pricing=offer.pricing,
                    tdp_w=gpu.tdp_w,
                    utilization=DEFAULT_UTILIZATION,
                    tokens_out_per_s=tokens_out,
                    money=money,
                    startup=_startup(offer, startup),
                    billing=_billing(offer, terms),
                    spot=spot,
                )
            misses: list[tuple[str, Message]] = []  # (kind, clause): see limit_and_reason
            if cost is None and (w.budget_usd is not None or w.max_usd_per_hour is not None):
                misses.append(("no_price", memo_msg("recommend.miss.no_price")))
            if cost is not None:
                # limits compare with a relative tolerance: a ¥20 budget converted to USD
                # and back must keep an option costing exactly ¥20
                if (
                    w.max_usd_per_hour is not None
                    and cost.usd_per_hour > w.max_usd_per_hour * (1 + 1e-9) + 1e-12
                ):
                    misses.append(("cap", memo_msg("recommend.miss.cap", cap=money.fmt(w.max_usd_per_hour))))
                if w.budget_usd is not None:
                    spend = cost.usd_total if cost.usd_total is not None else cost.usd_per_month
                    if spend is not None and spend > w.budget_usd * (1 + 1e-9) + 1e-12:
                        misses.append(
                            ("budget", memo_msg("recommend.miss.budget", budget=money.fmt(w.budget_usd)))
                        )
            if ev.plan is not None and not ev.plan.meets_targets:
                misses.append(("latency", memo_msg("recommend.miss.latency")))
            run_h = cost.hours if cost is not None and cost.hours is not None else ev.hours
            if w.deadline_hours is not None and run_h is not None and run_h > w.deadline_hours:
                misses.append(
                    ("deadline", memo_msg("recommend.miss.deadline", deadline=f"{w.deadline_hours:g}"))
                )
            limit, reason = limit_and_reason(shared, ev.fits, cost, misses, money)
            more: list[Message] = []  # sentences after the reason, each with its full stop
            if ev.calibration:
                more.append(as_message(ev.calibration))
            if ev.scaling is not None and ev.fits:
                more.append(ev.scaling)
            if pcie_note:
                more.append(sentence(msg("recommend.consumer_no_nvlink")))
            if terms and offer is not None and ev.n > GPUS_PER_NODE:
                more.append(_cluster_note(offer, terms))
            if cost is not None and (cost.spot_interruptions is not None or cost.spot_unfinishable):
                more.append(_spot_sentence(cost, spot))
            if more:
                reason = join([reason, *more], "space")
            prelim.append(
                _Candidate(
                    ev=ev,
                    offer=offer,
                    cost=cost,
                    within=not misses,
                    limit=limit,
                    reason=reason,
                    speed=speed,
                    money=_candidate_money(cost),
                )
            )

    doubt = {
        id(p): p.offer is not None and p.cost is not None and doubted_price(p.offer, _usd_per_gpu_hour(p))
        for p in prelim
    }
    # prefer_in_stock: an offer its ledger snapshot lists out of stock ranks after the others of
    # its tier and takes no label
    gone = {id(p): w.prefer_in_stock and out_of_stock(p.offer) for p in prelim}
    ok = [p for p in prelim if p.ev.fits and p.within and p.cost is not None]
    # labels go to trusted prices only: a "scraper artefact" is never 'cheapest', not even when
    # it is the only offer within the budget (it took all four labels then); the
    # trust note says the top pick rests on a doubted price
    ok_labels = [p for p in ok if not doubt[id(p)] and not gone[id(p)]]
    min_money = min((p.money for p in ok), default=1.0) or 1.0
    max_speed = max((p.speed for p in ok), default=1.0) or 1.0

    def value(p: _Candidate) -> float:
        m = p.money
        if not math.isfinite(m):
            return math.inf
        return m / min_money + max_speed / max(p.speed, 1e-12)

    def headroom(p: _Candidate) -> float:
        return (p.ev.cap - p.ev.used) / p.ev.cap

    def key(p: _Candidate) -> tuple[float | str, ...]:
        tier = (0 if p.ev.fits else 2) + (0 if p.within else 1)
        priced = 0 if p.cost is not None else 1
        if goal == "cheapest":
            # equal cost (to the cent, or four digits of a rate): fewer GPUs first (fewer to
            # rent, nothing to shard), then the faster
            k: tuple[float, ...] = (_tie(p), p.ev.total_gpus, -p.speed)
        elif goal == "fastest":
            k = (-p.speed, p.money)
        elif goal == "value":
            k = (value(p), p.money)
        else:
            k = (-headroom(p), p.money)
        if not p.ev.fits:
            k = (p.ev.used / p.ev.cap, *k)
        # within a tier, offers whose own source doubts the figure rank last
        return (tier, priced, doubt[id(p)], gone[id(p)], *k, p.ev.total_gpus, p.ev.gpu.id)

    prelim.sort(key=key)
    labels: dict[int, list[str]] = {}
    if ok_labels:
        for name, fn in (
            ("cheapest", lambda p: (_tie(p), p.ev.total_gpus, -p.speed)),
            ("fastest", lambda p: (-p.speed, p.money)),
            ("best value", lambda p: (value(p), p.money)),
            ("most headroom", lambda p: (-headroom(p), p.money)),
        ):
            labels.setdefault(id(min(ok_labels, key=fn)), []).append(name)
    out = []
    # id(offer) → (kind, flag, why, the "Price marked …" sentence), once per offer
    marks: dict[int, tuple[str, str, Message | str, Message | None]] = {}
    for i, p in enumerate(prelim, start=1):
        ev, offer = p.ev, p.offer
        if offer is not None and id(offer) not in marks:
            flag, why = price_flag(offer, today=today, stale_months=stale_months)
            if p.cost is not None and too_low_price(offer, _usd_per_gpu_hour(p)):
                flag, why = (
                    "low-trust",
                    msg(
                        "price_kind.why.too_low",
                        price=money.fmt(_usd_per_gpu_hour(p)),
                        floor=money.fmt(IMPLAUSIBLE_USD_PER_GPU_HOUR),
                    ),
                )
            marks[id(offer)] = (
                price_kind(offer),
                flag,
                why,
                sentence(msg("recommend.price_marked", flag=FLAG_NAMES.get(flag, flag), why=why))
                if flag
                else None,
            )
        kind, flag, why, marked = marks[id(offer)] if offer is not None else ("", "", "", None)
        reason = p.reason
        if marked is not None and ev.fits:
            reason = join([reason, marked], "space")
        stock = stock_sentence(offer, now) if offer is not None and offer.in_stock else None
        if stock is not None:
            reason = join([reason, stock], "space")
        age = snapshot_age_days(offer, now) if offer is not None and offer.snapshot_at else None
        # validating nested models that are already instances only checks their type: with
        # pydantic 2 this is faster than model_construct
        out.append(
            Option(
                gpu_id=ev.gpu.id,
                gpu_name=ev.gpu.name,
                num_gpus=ev.total_gpus,
                fits=ev.fits,
                memory=ev.mem,
                capacity_bytes_per_gpu=ev.cap,
                headroom_bytes=ev.cap - ev.used,
                throughput=ev.t,
                cost=p.cost if p.cost is not None else CostEstimate(hours=ev.hours),
                provider=offer.provider if offer else "",
                pricing=offer.pricing if offer else "",
                price_observed=offer.observed if offer else "",
                within_budget=p.within,
                price_kind=kind,
                price_flag=flag,
                price_flag_reason=why,
                price_doubted=doubt[id(p)],
                calibration=ev.calibration,
                in_stock=offer.in_stock if offer else "",
                stock_gpus=offer.stock_gpus if offer else None,
                snapshot_at=offer.snapshot_at if offer else "",
                snapshot_stale=age is not None and age > STALE_SNAPSHOT_DAYS,
                labels=tuple(labels.get(id(p), ())),
                reason=reason,
                limit=p.limit,
                rank=i,
                serving=ev.plan,
            )
        )
    return out


def _best_cluster_offers(
    offers: list[tuple[PriceOffer, float]],
    total_gpus: int,
    terms: dict[str, ProviderTerms],
    kept: Callable[[PriceOffer], bool],
) -> list[tuple[PriceOffer, float]]:
    """The cheapest offer per pricing type whose provider rents ``total_gpus`` of it.

    (And the cheapest not listed out of stock, beside an out-of-stock cheapest.)

    (:func:`~gpupicker.core.pricing.providers.offer_available`: one instance or a cluster for sale.)
    The cheapest one that passes the region and provider filters (``kept``) too: those
    filters run after this choice and must not be left with an offer outside them only.
    """
    best: dict[tuple[str, bool, bool], tuple[PriceOffer, float]] = {}
    for offer, usd in offers:
        if not offer_available(offer, total_gpus, terms.get(offer.provider)):
            continue
        # and the cheapest not listed out of stock (core.stock), beside an out-of-stock best
        for key in (
            ((offer.pricing, kept(offer), False), (offer.pricing, kept(offer), True))
            if not out_of_stock(offer)
            else ((offer.pricing, kept(offer), False),)
        ):
            cur = best.get(key)
            if cur is None or usd < cur[1]:
                best[key] = (offer, usd)
    return list({id(v[0]): v for v in best.values()}.values())


def _best_per_pricing(
    offers: list[tuple[PriceOffer, float]], kept: Callable[[PriceOffer], bool]
) -> list[tuple[PriceOffer, float]]:
    """The best offer per pricing type, and the best one per type that ``kept`` keeps.

    For each, the best not listed out of stock is kept too.

    "Best" as :func:`~gpupicker.core.pricing.offers.offers_for` chooses (a trusted price before a
    doubted one, then the lower price), so the options outside the filters stay those of an
    unfiltered ranking.
    """
    best: dict[tuple[str, bool, bool], tuple[PriceOffer, float]] = {}
    for offer, usd in offers:
        # per pricing: the best, the best the filters keep, and of each the best not listed out
        # of stock (core.stock), so an out-of-stock best keeps its in-stock alternative
        places = (False, True) if kept(offer) else (False,)
        stock = (False, True) if not out_of_stock(offer) else (False,)
        for key in ((offer.pricing, k, a) for k in places for a in stock):
            cur = best.get(key)
            if cur is None or (doubted_price(offer, usd), usd) < (doubted_price(cur[0], cur[1]), cur[1]):
                best[key] = (offer, usd)
    return list({id(v[0]): v for v in best.values()}.values())


NETWORK_NAMES = {"infiniband": "InfiniBand", "roce": "RoCE", "efa": "AWS EFA", "ethernet": "Ethernet"}
"""How ``providers.csv``'s ``cluster_network`` codes are written (product names, verbatim)."""


def _cluster_note(offer: PriceOffer, terms: dict[str, ProviderTerms]) -> Message:
    """The network a multi-node option's provider joins its nodes over, against the speed model.

    The scaling model assumes one 400 Gb/s NIC per GPU between nodes
    (``speed.interconnect``; DGX H100 reference design), which InfiniBand, RoCE and EFA
    clusters offer; a plain-Ethernet cluster (GCP A3: 200 Gb/s per GPU) is slower than that.
    """
    t = terms.get(offer.provider)
    net = t.cluster_network if t is not None and t.cluster_network else ""
    parts = [
        memo_msg("recommend.cluster_network", provider=offer.provider, network=NETWORK_NAMES.get(net, net))
    ]
    if net == "ethernet":
        parts.append(memo_msg("recommend.cluster_ethernet_slower"))
    return sentence(join(parts, "clauses"))


def _spot_sentence(cost: CostEstimate, spot: SpotTerms | None) -> Message:
    """The reason's sentence for a spot option: its interruptions are in its hours and total.

    At a published rate or a wide assumed one (the cost assumptions give the figures).
    """
    known = spot is not None and spot.rate is not None
    if cost.spot_unfinishable:
        return sentence(msg("recommend.spot.unfinishable"))
    return sentence(
        msg(
            "recommend.spot.included" if known else "recommend.spot.included_wide",
            n=f"{cost.spot_interruptions or 0:.1f}",
            low=f"{cost.hours_low or 0:,.1f}",
            high=f"{cost.hours_high:,.1f}" if cost.hours_high is not None else "∞",
        )
    )


def _tie(p: _Candidate) -> float:
    """The cost figure of ``p`` as compared for a tie.

    A total or a monthly amount to the cent; a rate ($ per 1M tokens, $ per hour) to four
    significant digits, so that ties are equal figures whatever their size. Infinity (no
    price) stays infinite.
    """
    m, c = p.money, p.cost
    if not math.isfinite(m) or m == 0:
        return m
    if c is not None and (c.usd_total is not None or c.usd_per_month is not None):
        return round(m, 2)
    return float(f"{m:.4g}")


def _startup(offer: PriceOffer, startup: tuple[float, Message] | None) -> tuple[float, Message] | None:
    """The start-up billed with ``offer`` (None: none).

    None on the user's own hardware, and none on a price quoted in a guide (the guide's figure
    is its own price × hours, e.g. "$0.44/h × 6 h").
    """
    if startup is None or offer.pricing == "owned" or price_kind(offer) == "guide":
        return None
    return startup


def _billing(offer: PriceOffer, terms: dict[str, ProviderTerms] | None) -> tuple[str, int | None] | None:
    """(provider, billing step in seconds) of a rented offer; None without provider terms."""
    if not terms or offer.pricing == "owned":
        return None
    t = terms.get(offer.provider)
    return offer.provider, t.billing_increment_s if t is not None else None


def _usd_per_gpu_hour(p: _Candidate) -> float:
    return p.cost.usd_per_hour / max(1, p.ev.total_gpus) if p.cost is not None else 0.0


def _candidate_money(c: CostEstimate | None) -> float:
    """The cost figure options are ranked on.

    The total, else per month, else per 1M tokens, else per hour (infinite without a price).
    """
    if c is None:
        return math.inf
    if c.usd_total is not None:
        return c.usd_total
    if c.usd_per_month is not None:
        return c.usd_per_month
    if c.usd_per_million_tokens is not None:
        return c.usd_per_million_tokens
    return c.usd_per_hour


__all__ = ["GOALS", "GPU_COUNTS", "Recommendation", "recommend"]
