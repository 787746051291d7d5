"""Which price offers of a GPU type an evaluated GPU × count is priced with.

The offer table (:func:`~gpupicker.core.pricing.offers.offers_for`, memoized per snapshot) keeps
the best offer per pricing type; above one node only providers that sell clusters of that size
can rent the GPUs together (:func:`best_cluster_offers`), and with a region or provider filter
the best offer inside the filters is kept beside the best overall (:func:`best_per_pricing`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..hardware.specs import PriceOffer
from ..pricing.offers import NO_OFFER, doubted_price, instance_fits
from ..pricing.providers import ProviderTerms, offer_available
from ..pricing.stock import out_of_stock
from ..speed.interconnect import GPUS_PER_NODE
from .evaluation import Evaluation


def best_cluster_offers(
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


def best_per_pricing(
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


def priced_evaluations(
    evaluations: Sequence[Evaluation],
    offers: dict[str, list[tuple[PriceOffer, float]]],
    every_offer: Callable[[], dict[str, list[tuple[PriceOffer, float]]]],
    *,
    all_offers: bool,
    terms: dict[str, ProviderTerms] | None,
    kept: Callable[[PriceOffer], bool],
    filtered: bool,
) -> tuple[list[tuple[Evaluation, list[tuple[PriceOffer | None, float | None]]]], int]:
    """Each GPU × count with the offers it is priced with, and how many were not for sale.

    ``offers`` is the offer table per GPU id (USD per GPU-hour), ``every_offer`` gives every
    provider's offers (called once, when needed). With provider ``terms`` (None: none known),
    GPUs above one node take the best offers of providers that sell such clusters and offers
    that cannot rent that many GPUs together are dropped and counted; with a region or
    provider filter (``filtered``; ``kept`` says whether an offer passes it) the best offer
    inside the filters is kept beside the best overall. A GPU × count with no offer left is
    dropped; one without any price keeps :data:`~gpupicker.core.pricing.offers.NO_OFFER`.
    """
    out: list[tuple[Evaluation, list[tuple[PriceOffer | None, float | None]]]] = []
    not_for_sale = 0
    every: dict[str, list[tuple[PriceOffer, float]]] | None = None
    for ev in evaluations:
        offer_list: list[tuple[PriceOffer | None, float | None]] = []
        candidates: Sequence[tuple[PriceOffer | None, float | None]] = offers.get(ev.gpu.id) or NO_OFFER
        # one replica is one job: replicas of a serving plan are separate instances, so only the
        # GPUs of one replica must be rented together (one instance, or a cluster)
        together = ev.n
        if terms is not None and not all_offers and together > GPUS_PER_NODE:
            # the best offer per pricing may come from a provider that sells no cluster:
            # above one node, the best offer per pricing among the providers that do
            if every is None:
                every = every_offer()
            candidates = best_cluster_offers(every.get(ev.gpu.id, []), together, terms, kept) or candidates
        elif filtered and not all_offers:
            # the best offer per pricing may be outside the filters: the best inside them too,
            # or a GPU sold in the region (or by the provider) only dearer would vanish
            if every is None:
                every = every_offer()
            inside = best_per_pricing(every.get(ev.gpu.id, []), kept)
            inside.extend((o, u) for o, u in offers.get(ev.gpu.id, []) if o.pricing == "owned")
            candidates = inside or candidates
        for offer, usd in candidates:
            if not instance_fits(offer, ev.total_gpus):
                continue
            if (
                terms is not None
                and offer is not None
                and not offer_available(offer, together, terms.get(offer.provider))
            ):
                not_for_sale += 1  # more GPUs than one instance, and no cluster for sale
                continue
            offer_list.append((offer, usd))
        if offer_list:
            out.append((ev, offer_list))
    return out, not_for_sale


__all__ = ["best_cluster_offers", "best_per_pricing", "priced_evaluations"]
