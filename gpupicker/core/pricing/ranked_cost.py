"""The one cost figure an option is ranked on, compared on and labelled by.

A run of known length is ranked on its total, an always-on service on its month, an open-ended
inference job on its price per 1M output tokens, anything else on its price per hour (all in
USD, formulas.md §8). An option without a price has no figure: infinity, so it sorts after
every priced one. A price of 0 (an owned GPU whose cost of ownership is nil) is a real figure
and ranks first. The ranking (:mod:`gpupicker.core.ranking.options`), the seed-guide comparison,
the region note and the results table's cost column all read this figure.
"""

from __future__ import annotations

import math

from ..results import CostEstimate, Option


def ranked_cost(c: CostEstimate | None) -> float:
    """USD figure of a cost estimate as ranked; ``math.inf`` for ``None`` (no price).

    The total, else per month, else per 1M tokens, else per hour.
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


def option_cost(o: Option) -> float:
    """:func:`ranked_cost` of a ranked option (USD); ``math.inf`` when it has no price.

    An option without a price offer has no provider and a cost estimate with its hours only.
    """
    return ranked_cost(o.cost if o.provider else None)


def ranked_cost_kind(c: CostEstimate) -> str:
    """What :func:`ranked_cost` of ``c`` is: ``"total"``, ``"month"``, ``"mtok"`` or ``"hour"``."""
    if c.usd_total is not None:
        return "total"
    if c.usd_per_month is not None:
        return "month"
    if c.usd_per_million_tokens is not None:
        return "mtok"
    return "hour"


__all__ = ["option_cost", "ranked_cost", "ranked_cost_kind"]
