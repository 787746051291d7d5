"""Per-snapshot cache of the price offers per GPU, in USD.

``recommend`` needs, for every catalog GPU, its price offers converted to USD (best per
pricing type, or best per provider for "every offer"). That table depends only on the
catalog's price rows, the pricing choice and the exchange rates — not on the workload — so a
GUI recomputing on every keystroke, or a fit solver calling ``recommend`` hundreds of times,
should not walk every price row each time (17,500 rows: 60 % of one recommendation).

The cache keys on the *identity* of an immutable ``tuple`` of frozen
:class:`~gpupicker.core.hardware.specs.PriceOffer` rows (the GUI's catalog snapshot), the pricing
choice, ``all_offers`` and the exchange rates' values. A list (mutable: the CLI's one-off
call) is never cached, so an edited list can never be answered from a stale table. The
cached entry holds a reference to its tuple, so its ``id`` cannot be reused while cached.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

from ..hardware.specs import PriceOffer
from ..messages import Message

OffersTable = dict[str, list[tuple[PriceOffer, float]]]

MAX_ENTRIES = 8
"""Snapshots × pricing choices × offer modes kept (a few KB to a few MB each)."""

_cache: OrderedDict[tuple[Any, ...], tuple[Sequence[PriceOffer], OffersTable, list[Message]]] = OrderedDict()


def _fx_key(fx_rates: dict[str, float] | None) -> tuple[tuple[str, float], ...]:
    return tuple(sorted((str(k), float(v)) for k, v in (fx_rates or {}).items()))


def offers_for_snapshot(
    prices: Sequence[PriceOffer],
    pricing: str,
    all_offers: bool,
    fx_rates: dict[str, float] | None,
    compute: Callable[..., tuple[OffersTable, list[Message]]],
) -> tuple[OffersTable, list[Message]]:
    """``compute(prices, pricing, all_offers, fx_rates)``, memoized per immutable snapshot.

    Returns:
        (gpu_id → [(offer, USD per GPU-hour)], notes) — fresh lists each call, so the caller
        may append (owned GPUs) without touching the cache.
    """
    if type(prices) is not tuple:
        return compute(prices, pricing, all_offers, fx_rates)
    key = (id(prices), pricing, bool(all_offers), _fx_key(fx_rates))
    hit = _cache.get(key)
    if hit is None or hit[0] is not prices:
        table, notes = compute(prices, pricing, all_offers, fx_rates)
        hit = (prices, table, list(notes))
        _cache[key] = hit
        while len(_cache) > MAX_ENTRIES:
            _cache.popitem(last=False)
    else:
        _cache.move_to_end(key)
    _, table, notes = hit
    return {gid: list(v) for gid, v in table.items()}, list(notes)


def clear() -> None:
    """Forget every cached table (tests; a catalog edit makes a new snapshot tuple anyway)."""
    _cache.clear()


def cache_info() -> dict[str, Any]:
    """Number of cached tables (for tests and the bench)."""
    return {"entries": len(_cache)}


__all__ = ["MAX_ENTRIES", "cache_info", "clear", "offers_for_snapshot"]
