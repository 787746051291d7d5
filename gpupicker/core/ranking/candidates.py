"""Every price offer of every evaluated GPU × count, costed, before ranking.

For each offer :func:`candidates` gives the cost (:func:`~gpupicker.core.pricing.cost.estimate_cost`
with the provider's start-up, billing step and spot interruption rate), the limits the option
misses (no price, $/h cap, budget, latency target, deadline) and its reason (:mod:`.reasons`),
with the sentences a cluster, a spot run, a calibration or a consumer card without NVLink add.
:mod:`.options` ranks them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from ..hardware.specs import PriceOffer
from ..lazy_text import LazyText
from ..messages import Message, as_message, join, msg, sentence
from ..pricing.billing import startup_hours
from ..pricing.cost import DEFAULT_UTILIZATION, SpotTerms, estimate_cost
from ..pricing.money import USD, Money
from ..pricing.price_kind import price_kind
from ..pricing.providers import ProviderTerms
from ..pricing.ranked_cost import ranked_cost
from ..pricing.spot import SpotRate, rate_for
from ..results import CostEstimate
from ..speed.interconnect import GPUS_PER_NODE
from ..workload import Workload
from .evaluation import Evaluation
from .reasons import PRICE_MISSES, limit_and_reason, memo_msg, speed_figure

OFFER_MEMO_LIMIT = 512
"""Offers whose cost one evaluation keeps (:attr:`.evaluation.Evaluation.costs`): more than any
ranking prices one GPU × count with (every provider's offer at 100× the bundled prices is at
most 48), so only the offers of earlier price snapshots, which a catalog edit leaves behind, are
ever dropped."""


@dataclass(slots=True)
class Candidate:
    """One GPU type × count × price offer before ranking.

    ``speed``: the goal's speed figure; ``money``: the cost figure ranked on, see
    :func:`~gpupicker.core.pricing.ranked_cost.ranked_cost`.
    """

    ev: Evaluation
    offer: PriceOffer | None
    cost: CostEstimate | None
    within: bool
    limit: str
    reason: LazyText
    """Built when first read (:func:`_reason`)."""
    speed: float
    money: float


def candidates(
    w: Workload,
    evaluations: list[tuple[Evaluation, list[tuple[PriceOffer | None, float | None]]]],
    serving: bool,
    hours_per_month: float,
    *,
    money: Money = USD,
    terms: dict[str, ProviderTerms] | None = None,
    spot_rates: Sequence[SpotRate] = (),
) -> list[Candidate]:
    """Every offer of every evaluated GPU × count, costed, with its misses and reason.

    ``evaluations`` pairs each GPU × count with its offers (offer, USD per GPU-hour; None,
    None for no price); ``terms`` the providers' rental terms (start-up and billing step,
    clusters), ``spot_rates`` their spot interruption rates; amounts in the reasons are
    written in ``money``.
    """
    prelim: list[Candidate] = []
    startup = startup_hours(w) if terms else None
    reload_h: float | None = None  # a spot restart reloads the job: the start-up, once known
    # a job without a budget, $/h cap or deadline misses a limit only where a serving plan
    # misses its latency target (_misses): the others need no look
    no_limits = w.budget_usd is None and w.max_usd_per_hour is None and w.deadline_hours is None
    full_training = w.is_training and w.is_full_training
    for ev, offer_list in evaluations:
        gpu, t, replicas = ev.gpu, ev.t, ev.replicas
        figure = speed_figure(w, t) * replicas
        tokens_out = figure if not t.seconds_per_image else None
        speed = (t.decode_tokens_per_s or 0.0) if serving else figure
        misses_none = no_limits and (ev.plan is None or ev.plan.meets_targets)
        # several consumer cards without NVLink that fit a full fine-tune: the PCIe note
        pcie_note = (
            full_training and ev.n > 1 and ev.fits and gpu.segment == "consumer" and not gpu.has_nvlink
        )
        for offer, usd in offer_list:
            cost = None
            spot = None
            if offer is not None:
                if offer.pricing == "spot" and ev.hours is not None:
                    if reload_h is None:
                        reload_h = startup_hours(w)[0]
                    spot = SpotTerms(
                        rate=rate_for(offer.provider, "spot", spot_rates),
                        checkpoint_interval_hours=w.checkpoint_interval_hours,
                        reload_hours=reload_h,
                        provider=offer.provider,
                    )
                if usd is not None:
                    args = (
                        usd,
                        serving,
                        hours_per_month,
                        tokens_out,
                        money,
                        _startup(offer, startup),
                        _billing(offer, terms),
                        spot,
                    )
                    cost = _offer_cost(ev, offer, args)
            misses = _NO_MISSES if misses_none else _misses(w, ev, cost, money)
            limit = _limit(ev, misses)
            # the whole reason is built when first read (_reason)
            reason = LazyText(partial(_reason, ev, offer, cost, misses, money, spot, pcie_note, terms))
            # ev, offer, cost, within, limit, reason, speed, money
            prelim.append(Candidate(ev, offer, cost, not misses, limit, reason, speed, ranked_cost(cost)))
    return prelim


_NO_MISSES: tuple[tuple[str, Message], ...] = ()
"""The misses of an option that misses no limit (shared: never changed)."""


def _offer_cost(ev: Evaluation, offer: PriceOffer, args: tuple[Any, ...]) -> CostEstimate:
    """The cost of ``offer`` on ``ev``, reused while its arguments stay the same.

    The one kept on ``ev`` when it was computed from the same ``args`` (USD per GPU-hour,
    serving, hours per month, tokens/s out, display currency, start-up, billing, spot terms),
    else :func:`~gpupicker.core.pricing.cost.estimate_cost`'s, then kept.
    """
    hit = ev.costs.get(id(offer))
    if hit is not None and hit[0] is offer and hit[1] == args:
        return hit[2]
    usd, serving, hours_per_month, tokens_out, money, startup, billing, spot = args
    cost = estimate_cost(
        usd_per_gpu_hour=usd,
        num_gpus=ev.total_gpus,
        throughput=ev.t,
        hours=ev.hours,
        serving=serving,
        hours_per_month=hours_per_month,
        pricing=offer.pricing,
        tdp_w=ev.gpu.tdp_w,
        utilization=DEFAULT_UTILIZATION,
        tokens_out_per_s=tokens_out,
        money=money,
        startup=startup,
        billing=billing,
        spot=spot,
    )
    if len(ev.costs) >= OFFER_MEMO_LIMIT:  # offers of earlier snapshots
        ev.costs.clear()
    ev.costs[id(offer)] = (offer, args, cost)
    return cost


def _limit(ev: Evaluation, misses: Sequence[tuple[str, Message]]) -> str:
    """The limit of an option of ``ev`` that misses ``misses``: what :func:`.reasons.limit_and_reason` says.

    The evaluation's own limit, or for one that fits, ``price`` or ``deadline`` when it misses
    a limit. (The reason is not kept on ``ev``: it refers to ``ev``, and ``ev`` holding it
    would make every evaluation a reference cycle, freed by the cyclic collector only.)
    """
    if ev.fits and misses:
        return "price" if any(kind in PRICE_MISSES for kind, _ in misses) else "deadline"
    return ev.limit


def _reason(
    ev: Evaluation,
    offer: PriceOffer | None,
    cost: CostEstimate | None,
    misses: Sequence[tuple[str, Message]],
    money: Money,
    spot: SpotTerms | None,
    pcie_note: bool,
    terms: dict[str, ProviderTerms] | None,
) -> Message:
    """The whole reason of ``offer`` on ``ev``.

    :func:`.reasons.limit_and_reason` and :func:`_more_sentences`.
    """
    _, reason = limit_and_reason(ev.shared_reason(), ev.fits, cost, misses, money)
    more = _more_sentences(ev, offer, cost, spot, pcie_note, terms)
    if more:
        reason = join([reason, *more], "space")
    return reason


def _misses(
    w: Workload, ev: Evaluation, cost: CostEstimate | None, money: Money
) -> list[tuple[str, Message]]:
    """The limits an option misses, as (kind, clause): see :func:`.reasons.limit_and_reason`.

    No price under a budget or cap, the $/h cap, the budget (the total, else the month), the
    serving latency target and the deadline.
    """
    misses: list[tuple[str, Message]] = []  # (kind, clause): see limit_and_reason
    if cost is None and (w.budget_usd is not None or w.max_usd_per_hour is not None):
        misses.append(("no_price", memo_msg("recommend.miss.no_price")))
    if cost is not None:
        # limits compare with a relative tolerance: a ¥20 budget converted to USD
        # and back must keep an option costing exactly ¥20
        if w.max_usd_per_hour is not None and cost.usd_per_hour > w.max_usd_per_hour * (1 + 1e-9) + 1e-12:
            misses.append(("cap", memo_msg("recommend.miss.cap", cap=money.fmt(w.max_usd_per_hour))))
        if w.budget_usd is not None:
            spend = cost.usd_total if cost.usd_total is not None else cost.usd_per_month
            if spend is not None and spend > w.budget_usd * (1 + 1e-9) + 1e-12:
                misses.append(("budget", memo_msg("recommend.miss.budget", budget=money.fmt(w.budget_usd))))
    if ev.plan is not None and not ev.plan.meets_targets:
        misses.append(("latency", memo_msg("recommend.miss.latency")))
    run_h = cost.hours if cost is not None and cost.hours is not None else ev.hours
    if w.deadline_hours is not None and run_h is not None and run_h > w.deadline_hours:
        misses.append(("deadline", memo_msg("recommend.miss.deadline", deadline=f"{w.deadline_hours:g}")))
    return misses


def _more_sentences(
    ev: Evaluation,
    offer: PriceOffer | None,
    cost: CostEstimate | None,
    spot: SpotTerms | None,
    pcie_note: bool,
    terms: dict[str, ProviderTerms] | None,
) -> list[Message]:
    """The sentences after an option's reason.

    Calibration, multi-node scaling, no NVLink on a consumer card, the cluster network, the
    spot interruptions.
    """
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
    return more


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


__all__ = ["NETWORK_NAMES", "OFFER_MEMO_LIMIT", "Candidate", "candidates"]
