"""Price offers per GPU for one ranking: best per pricing type (or every offer), in USD.

:func:`offers_for` walks the catalog's price rows once per catalog snapshot
(:mod:`gpupicker.core.pricing.offer_cache` keeps the result): it keeps the pricing asked for, converts
each currency once with the user's exchange rates (:func:`gpupicker.core.pricing.cost.usd_per_unit`) and
keeps the cheapest offer per GPU × pricing type — or every provider's, capped at
:data:`ALL_OFFERS_MAX` for "every price offer".
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from ..hardware.specs import PriceOffer
from ..messages import Message, error_message, join, msg, sentence
from .cost import usd_per_unit
from .price_kind import doubted_source, price_kind, source_doubts


def instance_fits(offer: PriceOffer | None, total_gpus: int) -> bool:
    """False when ``offer`` rents whole multi-GPU instances that ``total_gpus`` does not fill.

    (Owned hardware: more GPUs than the user owns.)
    """
    if offer is not None and offer.pricing == "owned":
        return total_gpus <= (offer.gpus_per_instance or 1)
    return (
        offer is None
        or not offer.gpus_per_instance
        or offer.gpus_per_instance <= 1
        or not total_gpus % offer.gpus_per_instance
    )


IMPLAUSIBLE_USD_PER_GPU_HOUR = 0.01
"""A price per GPU-hour below this is a unit or currency mistake, whoever entered it: the
cheapest real rentals (marketplace GeForce cards of 2016–2020) ask $0.03–0.10. Such a price is
marked low-trust and ranks after the trusted ones of its tier (a 1e-9 price
imported from a CSV ranked first at "$0.00/h × 20.5 h = $0.00")."""


def doubted_price(offer: PriceOffer, usd_per_gpu_hour: float) -> bool:
    """True for a rented price its source doubts or one too low to be real.

    Doubted by :func:`~.price_kind.source_doubts`, or below :data:`IMPLAUSIBLE_USD_PER_GPU_HOUR`:
    such prices rank after the trusted ones.
    """
    return source_doubts(offer) or too_low_price(offer, usd_per_gpu_hour)


def too_low_price(offer: PriceOffer, usd_per_gpu_hour: float) -> bool:
    """A rented price (not owned hardware) below :data:`IMPLAUSIBLE_USD_PER_GPU_HOUR`."""
    return offer.pricing != "owned" and usd_per_gpu_hour < IMPLAUSIBLE_USD_PER_GPU_HOUR


def offers_for(
    prices: Iterable[PriceOffer], pricing: str, all_offers: bool, fx_rates: dict[str, float] | None
) -> tuple[dict[str, list[tuple[PriceOffer, float]]], list[Message]]:
    """gpu_id → [(offer, usd per GPU-hour)], best per (provider, pricing) or per pricing type.

    A pricing choice means exactly that pricing: "on_demand" excludes marketplace listings
    (host-set prices, ``price_kind`` ``marketplace``) even where a row calls them on-demand.

    Where the best offer of a key is listed out of stock in its ledger snapshot
    (``in_stock`` ``no``, core.stock), the best offer of that key not listed out of stock is
    kept too: the ranking then shows the alternative to take.
    """
    wanted = None if pricing in ("any", "all") else {pricing}
    notes: list[Message] = []
    converted: set[Message] = set()
    best: _Best = {}
    available: _Best = {}  # the best offer per key not listed out of stock, and its doubt
    available_doubts: dict[_OfferKey, bool] = {}
    # usd_per_unit once per currency, not per row: same rates, same messages
    per_currency: dict[str, tuple[float, bool, Message | None] | Message] = {}
    # each row's kind and doubt once per walk (the walk is memoized per snapshot by
    # core.offer_cache), computed directly: price_kind's per-object memo holds 16,384 offers
    # and thrashed on 28,500 rows, and comparing two offers asked for both doubts every time
    doubts: dict[_OfferKey, bool] = {}
    for p in prices:
        if wanted is not None and p.pricing not in wanted:
            continue
        kind = price_kind.fn(p)
        if pricing != "marketplace" and wanted is not None and kind == "marketplace":
            continue
        conv = per_currency.get(p.currency)
        if conv is None:  # one conversion per currency, not per row
            try:
                rate, user = usd_per_unit(p.currency, fx_rates)
                text = (
                    None
                    if p.currency == "USD"
                    else msg(
                        "recommend.fx_rate" if user else "recommend.fx_rate.default",
                        rate=f"{1 / rate:.4g}",
                        currency=p.currency,
                    )
                )
                conv = per_currency[p.currency] = (rate, user, text)
            except ValueError as exc:
                conv = per_currency[p.currency] = error_message(exc)
        if isinstance(conv, Message):
            notes.append(conv)
            continue
        rate, user, text = conv
        usd = p.price_per_gpu_hour * rate
        if text is not None:
            converted.add(text)
        key = (p.gpu_id, p.pricing, p.provider, p.gpus_per_instance) if all_offers else (p.gpu_id, p.pricing)
        cur = best.get(key)
        # a trusted price beats a cheaper one its own source doubts (or one too low to be
        # real): the doubted one would rank after every trusted option and hide the GPU's
        # trusted offers with it (2 × RTX 4090 ranked #154 behind a Featurize "low
        # reliability" price, #20 on UCloud's a few % dearer); doubted_price, row by row
        doubt = (kind not in ("owned", "user") and doubted_source(p.source, p.notes)) or too_low_price(p, usd)
        if cur is None or (doubt, usd) < (doubts[key], cur[1]):
            best[key] = (p, usd)
            doubts[key] = doubt
        if p.in_stock != "no":
            alt = available.get(key)
            if alt is None or (doubt, usd) < (available_doubts[key], alt[1]):
                available[key] = (p, usd)
                available_doubts[key] = doubt
    dropped = 0
    if all_offers and len(best) > ALL_OFFERS_MAX:
        best, dropped = cap_offers(best, ALL_OFFERS_MAX)
    out: dict[str, list[tuple[PriceOffer, float]]] = {}
    for key, val in best.items():
        offers = out.setdefault(key[0], [])
        offers.append(val)
        alt = available.get(key) if val[0].in_stock == "no" else None
        if alt is not None:
            offers.append(alt)
    if dropped:
        notes.append(
            sentence(
                join(
                    [
                        msg("recommend.offers_capped", k=cap_k(best)),
                        msg("recommend.offers_dropped", dropped=f"{dropped:,}"),
                    ],
                    "clauses",
                )
            )
        )
    if converted:
        notes.append(sentence(msg("recommend.prices_converted", conversions=join(sorted(converted), "list"))))
    return out, notes


ALL_OFFERS_MAX = 600


"""Most provider offers "every price offer" ranks (× 1, 2, 4, 8 GPUs ≈ 2,400 options): the
bundled catalog has ~150, a year of imported history 17,500 (56,000 options, 1.3 s to rank and
a table nobody scrolls). Above it, each GPU × pricing × instance size keeps its k cheapest
providers, k as large as the limit allows."""


_AllOffersKey = tuple[str, str, str, int | None]


"""(gpu id, pricing, provider, GPUs per instance): one provider offer of "every price offer"."""


_OfferKey = tuple[str, str] | _AllOffersKey


"""(gpu id, pricing) for the best offer per pricing, or an :data:`_AllOffersKey`."""


_Best = dict[_OfferKey, tuple[PriceOffer, float]]


def cap_k(best: _Best) -> int:
    """The providers kept per GPU × pricing × instance size after :func:`cap_offers`."""
    sizes: dict[tuple[str, str, int | None], int] = {}
    for key in best:
        gid, pricing, _provider, gpi = cast(_AllOffersKey, key)
        sizes[(gid, pricing, gpi)] = sizes.get((gid, pricing, gpi), 0) + 1
    return max(sizes.values(), default=0)


def cap_offers(best: _Best, limit: int) -> tuple[_Best, int]:
    """Keep, per (gpu, pricing, instance size), the k cheapest providers' offers.

    k is the largest whose total stays within ``limit`` (at least 1). Cheaper offers of one group
    always rank above dearer ones for every goal (same GPU, count and speed, lower cost), so
    the top rows of the ranking are unchanged. Returns (kept, number left out).
    """
    groups: dict[tuple[str, str, int | None], list[tuple[_OfferKey, tuple[PriceOffer, float]]]] = {}
    for key, val in best.items():
        gid, pricing, _provider, gpi = cast(_AllOffersKey, key)
        groups.setdefault((gid, pricing, gpi), []).append((key, val))
    sizes = sorted(len(g) for g in groups.values())
    k = 1
    while k < sizes[-1] and sum(min(k + 1, n) for n in sizes) <= limit:
        k += 1
    kept: _Best = {}
    for members in groups.values():
        members.sort(key=lambda kv: kv[1][1])  # stable: equal prices keep catalog order
        kept.update(members[:k])
    # catalog order, as without the cap
    kept = {key: val for key, val in best.items() if key in kept}
    return kept, len(best) - len(kept)


NO_OFFER: tuple[tuple[None, None]] = ((None, None),)


"""The one "offer" of a GPU with no price: the option is still evaluated, unpriced."""
