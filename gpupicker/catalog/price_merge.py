"""Fold several observation files of the bundled prices into current offers + history. No SQL.

The bundle ships ``data/prices.csv`` and newer observation files ``data/prices-YYYY-MM.csv``
(same columns). A row is one *observation* of an *offer*; an offer is identified by
(``gpu_id``, ``provider``, ``pricing``) — the rule of ``data/README.md`` ("76 rows
share GPU, provider and pricing with a row of prices.csv: they are newer observations of
the same offer") — refined so that distinct offers of one provider stay distinct:

1. Observations are taken oldest first (undated ones first). Rows of one file with the same
   ``observed`` value are distinct offers (a 1-GPU and an 8-GPU instance, RunPod's
   Community and Secure tiers): each can extend at most one offer.
2. A row extends an earlier offer when their ``gpus_per_instance`` agree (or one is blank)
   and their regions agree (or one is blank, or one contains the other). Among several
   candidates the one with the same instance size, then the same region, then the
   nearest price (smallest ``|log(p1/p2)|``) wins; otherwise the row starts a new offer.
3. For a provider that a newer observation file covers, an offer whose latest observation
   is older than that file's month minus :data:`STALE_MONTHS` months (or undated) is
   folded into the newest offer of the same (gpu, provider, pricing) with the nearest
   price — the provider's newer listing supersedes it — or, when there is none, *retired*
   (left out of the current prices: the provider no longer lists it).

The latest observation of each offer is its current price; the older ones are its
history, oldest first.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from .record_checks import observed_start

STALE_MONTHS = 5
"""An offer of a provider covered by a newer observation file is stale when its latest
observation is more than this many months older than that file (2026-10 → before 2026-05)."""


@dataclass
class Offer:
    """One offer: its observations oldest first (each ``(seed_key, dump, file_index)``)."""

    observations: list[tuple[str, dict[str, Any], int]] = field(default_factory=list)

    @property
    def current(self) -> tuple[str, dict[str, Any], int]:
        """The latest observation (the current price)."""
        return self.observations[-1]


@dataclass(frozen=True)
class MergedPrices:
    """Current offers and their history.

    Attributes:
        current: seed key → price dump of each offer's latest observation (CSV order of
            the current rows: prices.csv order first, then the newer files').
        history: seed key of a current row → older observations ``[(seed_key, dump)]``,
            oldest first.
        retired: seed key → dump of stale offers no newer file lists (not current).
    """

    current: dict[str, dict[str, Any]]
    history: dict[str, list[tuple[str, dict[str, Any]]]]
    retired: dict[str, dict[str, Any]]


def _start(dump: dict[str, Any]) -> date:
    try:
        d = observed_start(str(dump.get("observed") or ""))
    except ValueError:
        d = None
    return d or date(1900, 1, 1)


def _gpi_ok(a: Any, b: Any) -> bool:
    return a in (None, "") or b in (None, "") or int(a) == int(b)


def _region_ok(a: str, b: str) -> bool:
    a, b = (a or "").lower(), (b or "").lower()
    return not a or not b or a in b or b in a


def _score(row: dict[str, Any], offer_row: dict[str, Any]) -> tuple[int, int, float]:
    same_gpi = 0 if row.get("gpus_per_instance") == offer_row.get("gpus_per_instance") else 1
    same_region = 0 if (row.get("region") or "") == (offer_row.get("region") or "") else 1
    p1, p2 = float(row["price_per_gpu_hour"]), float(offer_row["price_per_gpu_hour"])
    return same_gpi, same_region, abs(math.log(p1 / p2)) if p1 > 0 and p2 > 0 else math.inf


def _months_before(d: date, months: int) -> date:
    y, m = d.year, d.month - months
    while m <= 0:
        y, m = y - 1, m + 12
    return date(y, m, 1)


def merge_observations(files: list[list[tuple[str, dict[str, Any]]]]) -> MergedPrices:
    """Fold observation files (oldest file first) into current offers and their history.

    Args:
        files: per file, ``(seed_key, PriceOffer dump)`` in CSV order; ``files[0]`` is
            ``prices.csv``, later entries the newer ``prices-YYYY-MM.csv`` files.

    Returns:
        A :class:`MergedPrices`.
    """
    order = {key: i for i, key in enumerate(k for f in files for k, _ in f)}
    groups: dict[tuple[str, str, str], list[tuple[str, dict[str, Any], int]]] = {}
    for fi, rows in enumerate(files):
        for key, dump in rows:
            g = (dump["gpu_id"], dump["provider"], dump["pricing"])
            groups.setdefault(g, []).append((key, dump, fi))
    # what each newer file covers: provider → cutoff date
    cutoff: dict[str, date] = {}
    for rows in files[1:]:
        if not rows:
            continue
        first = min(_start(d) for _, d in rows)
        limit = _months_before(first, STALE_MONTHS)
        for _, d in rows:
            cutoff[d["provider"]] = max(cutoff.get(d["provider"], limit), limit)
    current: dict[str, dict[str, Any]] = {}
    history: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    retired: dict[str, dict[str, Any]] = {}
    for (_, provider, _), obs in groups.items():
        obs.sort(key=lambda o: (_start(o[1]), o[2], order[o[0]]))
        offers: list[Offer] = []
        i = 0
        while i < len(obs):  # batches: same file and same observed value
            j = i
            while (
                j < len(obs)
                and obs[j][2] == obs[i][2]
                and obs[j][1].get("observed") == obs[i][1].get("observed")
            ):
                j += 1
            batch = obs[i:j]
            pairs = sorted(
                (
                    (_score(row[1], off.current[1]), bi, oi)
                    for bi, row in enumerate(batch)
                    for oi, off in enumerate(offers)
                    if _gpi_ok(row[1].get("gpus_per_instance"), off.current[1].get("gpus_per_instance"))
                    and _region_ok(row[1].get("region") or "", off.current[1].get("region") or "")
                ),
                key=lambda t: t[0],
            )
            used_rows: set[int] = set()
            used_offers: set[int] = set()
            for _, bi, oi in pairs:
                if bi in used_rows or oi in used_offers:
                    continue
                offers[oi].observations.append(batch[bi])
                used_rows.add(bi)
                used_offers.add(oi)
            offers.extend(Offer([row]) for bi, row in enumerate(batch) if bi not in used_rows)
            i = j
        newer_from = cutoff.get(provider)
        if newer_from is not None:
            fresh = [o for o in offers if _start(o.current[1]) >= newer_from]
            for o in [o for o in offers if _start(o.current[1]) < newer_from]:
                offers.remove(o)
                if not fresh:
                    retired[o.current[0]] = o.current[1]
                    continue
                price = float(o.current[1]["price_per_gpu_hour"])
                target = min(
                    fresh, key=lambda f: abs(math.log(float(f.current[1]["price_per_gpu_hour"]) / price))
                )
                target.observations = sorted(
                    target.observations + o.observations, key=lambda x: (_start(x[1]), x[2], order[x[0]])
                )
        for o in offers:
            key, dump, _ = o.current
            current[key] = dump
            history[key] = [(k, d) for k, d, _ in o.observations[:-1]]
    ordered = dict(sorted(current.items(), key=lambda kv: order[kv[0]]))
    return MergedPrices(current=ordered, history=history, retired=retired)
