"""How an offer's price moved (its price history), and when that says rent now or wait. No I/O.

The history of a price row (``CatalogRepository.price_history``: every version, oldest first)
becomes one point per observation — its ledger ``snapshot_at``, else its ``observed`` date,
else the time the version was written — with versions of the same date and price merged.

The advice rule, stated so a reader can check it (:func:`price_move`): a note only where the
history has at least :data:`MIN_POINTS` observations spanning at least :data:`MIN_DAYS` days;
then

* **rent now** when the latest price is the lowest of them all (and the price has moved);
* **falling** when each of the last :data:`MIN_POINTS` observations was cheaper than the one
  before and together they fell by at least :data:`FALL_PCT` percent: waiting may pay if the
  job can wait (a trend, not a forecast);

otherwise nothing: the history does not support a call either way.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, date, datetime

from pydantic import BaseModel, ConfigDict

from ..hardware.specs import PriceOffer
from ..messages import Text, msg
from .price_kind import observed_date

MIN_POINTS = 3
"""Fewest observations a rent-now-or-wait note needs."""
MIN_DAYS = 14.0
"""Fewest days those observations must span."""
FALL_PCT = 5.0
"""Smallest total fall, in percent, over the last :data:`MIN_POINTS` observations that counts
as "falling"."""


class PriceMove(BaseModel):
    """An offer's price over its history (amounts per GPU-hour in ``currency``).

    Attributes:
        points: ``(when, price)`` oldest first; ``when`` an ISO date or UTC time.
        first / last / low / high: prices.
        change_pct: last against first, percent (0 with one point).
        days: days from the first observation to the last.
        advice: the rent-now-or-wait note where the rule (module docstring) supports one.
    """

    model_config = ConfigDict(frozen=True)

    currency: str
    points: tuple[tuple[str, float], ...]
    first: float
    last: float
    low: float
    high: float
    change_pct: float
    days: float
    advice: Text | None = None


def _when(changed_at: str, offer: PriceOffer) -> tuple[datetime, str]:
    """The observation time of one version, and how it is written."""
    if offer.snapshot_at:
        try:
            ts = datetime.fromisoformat(offer.snapshot_at.replace("Z", "+00:00"))
            return (ts if ts.tzinfo else ts.replace(tzinfo=UTC)), offer.snapshot_at
        except ValueError:
            pass
    d = observed_date(offer.observed)
    if d is not None:
        return datetime(d.year, d.month, d.day, tzinfo=UTC), offer.observed
    try:
        ts = datetime.fromisoformat(changed_at.replace("Z", "+00:00"))
        return (ts if ts.tzinfo else ts.replace(tzinfo=UTC)), changed_at[:10]
    except ValueError:
        return datetime.combine(date.min, datetime.min.time(), UTC), changed_at


def price_move(history: Sequence[tuple[str, PriceOffer]]) -> PriceMove | None:
    """The movement of one offer's price over ``history`` (oldest first); None when empty.

    Versions in another currency than the latest are left out (no conversion: a move is in
    the offer's own money).
    """
    if not history:
        return None
    currency = history[-1][1].currency
    raw = sorted(
        (_when(c, o) + (o.price_per_gpu_hour,) for c, o in history if o.currency == currency),
        key=lambda t: t[0],
    )
    pts: list[tuple[datetime, str, float]] = []
    for ts, label, price in raw:
        if pts and pts[-1][2] == price and pts[-1][0].date() == ts.date():
            continue  # the same observation written twice (an edit of another column)
        pts.append((ts, label, price))
    prices = [p for _, _, p in pts]
    first, last = prices[0], prices[-1]
    days = (pts[-1][0] - pts[0][0]).total_seconds() / 86400.0
    advice = None
    if len(pts) >= MIN_POINTS and days >= MIN_DAYS:
        tail = prices[-MIN_POINTS:]
        fall = (tail[0] - tail[-1]) / tail[0] * 100.0
        if last <= min(prices[:-1]) and last < max(prices):
            advice = msg("price_moves.rent_now", n=str(len(pts)), days=f"{days:.0f}")
        elif all(b < a for a, b in zip(tail, tail[1:], strict=False)) and fall >= FALL_PCT:
            advice = msg(
                "price_moves.falling",
                pct=f"{fall:.0f}",
                n=str(MIN_POINTS),
                days=f"{(pts[-1][0] - pts[-MIN_POINTS][0]).days}",
            )
    return PriceMove(
        currency=currency,
        points=tuple((label, p) for _, label, p in pts),
        first=first,
        last=last,
        low=min(prices),
        high=max(prices),
        change_pct=(last - first) / first * 100.0 if first else 0.0,
        days=days,
        advice=advice,
    )


__all__ = ["FALL_PCT", "MIN_DAYS", "MIN_POINTS", "PriceMove", "price_move"]
