"""What kind of price an offer is, and how far to trust it. No Qt, no SQL.

Kinds (``PriceOffer.price_kind``; blank → derived here from provider, pricing and source):

* ``list`` — the provider's own list price (price page, API, a tracker that reads them:
  SkyPilot's catalog, gpuhunt);
* ``marketplace`` — a host-set marketplace listing that fluctuates (Vast.ai, TensorDock,
  Akash, or ``pricing: marketplace``); not an on-demand price;
* ``aggregate`` — a figure from a price aggregator or scrape (price indexes, trackers that
  copy other sites): indicative, not a quote (``data/README.md``);
* ``guide`` — a figure quoted in a guide or article with no provider named;
* ``user`` — a price the user entered, imported or changed;
* ``owned`` — the hourly cost of the user's own hardware (:mod:`gpupicker.core.pricing.owned`).

A price is *low-trust* when it is a guide figure, or its source or notes say the figure is
doubtful (:data:`DOUBT_MARKERS`, phrases of the bundled data's notes), and *stale* when its
``observed`` date is unknown or older than the staleness threshold (6 months by default,
the catalog window's setting).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date
from functools import lru_cache

from ..hardware.specs import PriceOffer
from ..memo import by_identity
from ..messages import Message, join, msg
from ..results import Option
from .money import USD, Money

PRICE_KINDS: dict[str, Message] = {
    "list": msg("price_kind.list"),
    "marketplace": msg("price_kind.marketplace"),
    "aggregate": msg("price_kind.aggregate"),
    "guide": msg("price_kind.guide"),
    "user": msg("price_kind.user"),
    "owned": msg("price_kind.owned"),
}
"""Kind code → label (the CLI table and JSON ``price_kind_label``): "provider list price",
"marketplace listing", "scraped aggregate", "quoted in a guide", "your own price", "your own
hardware"."""

FLAG_NAMES: dict[str, Message] = {
    "low-trust": msg("price_kind.flag.low_trust"),
    "stale": msg("price_kind.flag.stale"),
}
"""Flag code (``Option.price_flag``) → its name in prose (the code itself in English)."""

MARKETPLACE_PROVIDERS = frozenset({"vast.ai", "tensordock", "akash", "clore.ai", "salad"})
"""Providers whose prices are set by the hosts renting out the GPUs (marketplaces)."""

AGGREGATE_MARKERS = (
    "aggregat",
    "price-index",
    "price index",
    "price-tracker",
    "price tracker",
    "price-feed",
    "scrape",
    "price data",
    "pricing-matrix",
    "snapshot",
)
"""Words in ``source`` that name an aggregator or a scrape rather than the provider."""

GUIDE_MARKERS = ("seed text", "seed guide", "brief seed")
"""Words in ``provider``/``source`` of figures quoted in a guide without a provider."""

TRACKER_SOURCES = ("skypilot catalog", "gpuhunt")
"""Source prefixes written by the tracker imports (:mod:`gpupicker.catalog.trackers`):
those rows are provider list prices even though the user imported them."""

DOUBT_MARKERS = (
    "groups these gpus under one price",
    "low reliability",
    "scrape error",
    "scraper artefact",
    "verify before use",
    "possibly stale",
    "weakest",
    "order-of-magnitude",
)
"""Phrases in ``source``/``notes`` that flag a figure as doubtful (from the bundled notes)."""

DEFAULT_STALE_MONTHS = 6
"""A price older than this many months is stale (the catalog window's default threshold)."""


@by_identity(maxsize=16384)
def price_kind(offer: PriceOffer) -> str:
    """The kind code of ``offer`` (see the module docstring).

    Its ``price_kind`` when set, else derived from ``pricing``, ``provider`` and ``source``.
    Memoized per offer object (a snapshot's rows are frozen; the recommender asks for each
    option's offer several times per ranking).
    """
    if offer.price_kind:
        return offer.price_kind
    if offer.pricing == "owned":
        return "owned"
    provider = offer.provider.lower()
    if offer.pricing == "marketplace" or provider in MARKETPLACE_PROVIDERS:
        return "marketplace"
    if any(m in provider for m in GUIDE_MARKERS):
        return "guide"
    return _source_kind(offer.source)


@lru_cache(maxsize=4096)
def _source_kind(source: str) -> str:
    """The kind :func:`price_kind` reads from a row's ``source`` alone: guide, list or aggregate.

    Once per distinct text: a year of imported history has 28,500 rows and some tens of
    sources, and the marker search was most of the offer table's walk.
    """
    source = source.lower()
    if any(m in source for m in GUIDE_MARKERS):
        return "guide"
    if source.startswith(TRACKER_SOURCES):
        return "list"
    if any(m in source for m in AGGREGATE_MARKERS):
        return "aggregate"
    return "list"


def is_user_source(source: str) -> bool:
    """False for a row a tracker import wrote, by its ``source`` text (a list price)."""
    return not source.lower().startswith(TRACKER_SOURCES)


_QUARTER = re.compile(r"^(\d{4})-?Q([1-4])$", re.I)
_PART = re.compile(r"^(early|mid|late)\s+(\d{4})$", re.I)
_DATE = re.compile(r"^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$")


def observed_date(observed: str) -> date | None:
    """The first day an ``observed`` value can mean; None when unknown.

    The catalog's forms: ``YYYY``, ``YYYY-MM``, ``YYYY-MM-DD``, ``YYYYQn``,
    ``early|mid|late YYYY``.
    """
    s = observed.strip()
    try:
        if m := _DATE.match(s):
            return date(int(m.group(1)), int(m.group(2) or 1), int(m.group(3) or 1))
        if m := _QUARTER.match(s):
            return date(int(m.group(1)), 3 * int(m.group(2)) - 2, 1)
        if m := _PART.match(s):
            return date(int(m.group(2)), {"early": 1, "mid": 5, "late": 9}[m.group(1).lower()], 1)
    except ValueError:
        return None
    return None


def _months_old(observed: str, today: date) -> float | None:
    d = observed_date(observed)
    return None if d is None else (today - d).days / 30.44


def price_flag(
    offer: PriceOffer, *, today: date | None = None, stale_months: int = DEFAULT_STALE_MONTHS
) -> tuple[str, Message | str]:
    """``(flag, why)``: flag ``""`` (trusted), ``"low-trust"`` or ``"stale"``.

    ``why`` is a :class:`~gpupicker.core.messages.Message` ("observed 2024-01, over 6 months
    ago"; ``""`` when trusted). Owned hardware and the user's own prices are never flagged (the
    user vouches for them).
    """
    kind = price_kind(offer)
    if kind in ("owned", "user"):
        return "", ""
    text = f"{offer.source} {offer.notes}".lower()
    doubt = next((m for m in DOUBT_MARKERS if m in text), None)
    if kind == "guide":
        return "low-trust", msg("price_kind.why.guide")
    if doubt:
        # the marker is a phrase of the price row's own notes (data, not a template)
        return "low-trust", msg("price_kind.why.doubt", marker=doubt)
    age = _months_old(offer.observed, today or date.today())
    if age is None:
        return "stale", msg("price_kind.why.no_date")
    if age > stale_months:
        return "stale", msg("price_kind.why.old", observed=offer.observed, months=stale_months)
    return "", ""


def source_doubts(offer: PriceOffer | None) -> bool:
    """True when the offer's own ``source``/``notes`` call the figure doubtful.

    That is a :data:`DOUBT_MARKERS` phrase such as "scraper artefact"): the recommender ranks such offers
    after every other priced option of the same fit/budget tier. Guide figures and stale
    dates are flagged but not demoted; owned hardware and the user's prices never are.
    """
    if offer is None or price_kind(offer) in ("owned", "user"):
        return False
    return doubted_source(offer.source, offer.notes)


@lru_cache(maxsize=4096)
def doubted_source(source: str, notes: str) -> bool:
    """True when a price row's ``source`` or ``notes`` holds a :data:`DOUBT_MARKERS` phrase.

    Whatever the row's kind: :func:`source_doubts` exempts owned and user prices.
    """
    text = f"{source} {notes}".lower()
    return any(m in text for m in DOUBT_MARKERS)


def trust_notes(options: Sequence[Option], money: Money | None = None) -> list[Message]:
    """A note when the top pick (first fitting option in budget) rests on a flagged price.

    The note names the best option with an unflagged price.
    """
    ok = (o for o in options if o.fits and o.within_budget and o.pricing)  # read as far as needed
    top = next(ok, None)
    if top is None or not top.price_flag:
        return []
    label = PRICE_KINDS.get(top.price_kind, top.price_kind)
    note = join(
        [
            join(
                [
                    msg(
                        "price_kind.top_pick_flagged",
                        flag=FLAG_NAMES.get(top.price_flag, top.price_flag),
                        provider=top.provider,
                        kind=label,
                        observed=top.price_observed or msg("price_kind.observed_unknown"),
                        why=top.price_flag_reason,
                    ),
                    msg("price_kind.check_it"),
                ],
                "clauses",
            )
        ],
        "sentences",
    )
    alt = next((o for o in ok if not o.price_flag), None)
    if alt is not None:
        note = join(
            [
                note,
                join(
                    [
                        msg(
                            "price_kind.best_unflagged",
                            rank=alt.rank,
                            n=alt.num_gpus,
                            gpu=alt.gpu_name,
                            provider=alt.provider,
                            per_hour=(money or USD).fmt(alt.cost.usd_per_hour),
                        )
                    ],
                    "sentences",
                ),
            ],
            "space",
        )
    return [note]


__all__ = [
    "DEFAULT_STALE_MONTHS",
    "FLAG_NAMES",
    "PRICE_KINDS",
    "doubted_source",
    "is_user_source",
    "observed_date",
    "price_flag",
    "price_kind",
    "source_doubts",
    "trust_notes",
]
