"""Stock from the daily ledgers: in stock, out of stock, and how old the snapshot is. No I/O.

A price row imported from a ledger with stock (``gpupicker.catalog.ledgers``) carries
``in_stock`` (``yes`` / ``no``), ``stock_gpus`` and ``snapshot_at``. Stock moves by the hour,
so a snapshot older than :data:`STALE_SNAPSHOT_DAYS` says little about today: such an
option's stock sentence says the snapshot is stale. With ``Workload.prefer_in_stock`` the
ranking puts offers listed out of stock after the others of their tier; either way, when the
top pick is listed out of stock, :func:`stock_notes` names the best option in stock.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from ..hardware.specs import PriceOffer
from ..messages import Message, join, msg
from ..results import Option
from .money import USD, Money

STALE_SNAPSHOT_DAYS = 2.0
"""Days after which a ledger snapshot's stock is marked stale: the ledgers publish daily, so
an older snapshot has missed at least one update (prices stay valid longer:
core.price_kind's months-based stale mark)."""


def snapshot_time(text: str) -> datetime | None:
    """``snapshot_at`` as an aware UTC datetime (None when blank or unreadable)."""
    if not text:
        return None
    try:
        ts = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return ts if ts.tzinfo is not None else ts.replace(tzinfo=UTC)


def snapshot_age_days(offer: PriceOffer | Option, now: datetime | None = None) -> float | None:
    """Days since the offer's ledger snapshot (None without one)."""
    ts = snapshot_time(offer.snapshot_at)
    if ts is None:
        return None
    return ((now or datetime.now(UTC)) - ts).total_seconds() / 86400.0


def out_of_stock(offer: PriceOffer | None) -> bool:
    """True when the offer's ledger snapshot listed it as not available."""
    return offer is not None and offer.in_stock == "no"


def stock_sentence(offer: PriceOffer, now: datetime | None = None) -> Message | None:
    """The sentence an option with ledger stock carries; None for an offer without stock data.

    "Out of stock at Shadeform in the snapshot of 2026-11-30 14:00 UTC" / "In stock (12 GPUs
    free) …", and, past :data:`STALE_SNAPSHOT_DAYS`, that the snapshot is stale.
    """
    if not offer.in_stock:
        return None
    when = offer.snapshot_at.replace("T", " ").replace("Z", " UTC") or offer.observed
    if offer.in_stock == "no":
        first = msg("recommend.stock.out", provider=offer.provider, when=when)
    elif offer.stock_gpus:
        first = msg("recommend.stock.in_count", provider=offer.provider, when=when, n=str(offer.stock_gpus))
    else:
        first = msg("recommend.stock.in", provider=offer.provider, when=when)
    parts = [first]
    age = snapshot_age_days(offer, now)
    if age is not None and age > STALE_SNAPSHOT_DAYS:
        parts.append(msg("recommend.stock.stale", days=f"{age:.0f}", limit=f"{STALE_SNAPSHOT_DAYS:g}"))
    return join([join(parts, "clauses")], "sentences")


def stock_notes(options: Sequence[Option], money: Money | None = None) -> list[Message]:
    """A note when the top pick (first fitting option in budget) is listed out of stock.

    It names the best option that is not (in stock, or no stock data), by rank.
    """
    ok = (o for o in options if o.fits and o.within_budget and o.pricing)  # read as far as needed
    top = next(ok, None)
    if top is None or top.in_stock != "no":
        return []
    alt = next((o for o in ok if o.in_stock != "no"), None)
    parts = [
        msg("recommend.stock.top_out", rank=top.rank, n=top.num_gpus, gpu=top.gpu_name, provider=top.provider)
    ]
    if alt is not None:
        parts.append(
            msg(
                "recommend.stock.take_next",
                rank=alt.rank,
                n=alt.num_gpus,
                gpu=alt.gpu_name,
                provider=alt.provider,
                per_hour=(money or USD).fmt(alt.cost.usd_per_hour),
                stock=msg("recommend.stock.listed_in")
                if alt.in_stock == "yes"
                else msg("recommend.stock.not_listed"),
            )
        )
    else:
        parts.append(msg("recommend.stock.none_in_stock"))
    return [join([join(parts, "clauses")], "sentences")]


__all__ = [
    "STALE_SNAPSHOT_DAYS",
    "out_of_stock",
    "snapshot_age_days",
    "snapshot_time",
    "stock_notes",
    "stock_sentence",
]
