"""What the results page says when nothing is within the user's limits.

:func:`limits_summary` finds the cheapest option that fits in memory and counts which
limit — budget, $/hour cap, deadline — rejected the fitting options, from the same
numbers the recommender checked (``Option.cost`` against the workload's limits).
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from ..results import Option
from ..workload import Workload


class LimitsSummary(BaseModel):
    """Why no option is within the limits, and what the cheapest fitting one would cost.

    Attributes:
        cheapest: the fitting, priced option with the lowest run / monthly / hourly cost.
        money: its cost in USD; ``money_kind`` ``total``, ``per_month`` or ``per_hour``.
        hours: its run length (``None`` when open-ended).
        rejected: limit → fitting options it rejected (``budget``, ``cap``, ``deadline``).
        fitting: options that fit in memory.
    """

    model_config = ConfigDict(frozen=True)

    cheapest: Option
    money: float
    money_kind: str
    hours: float | None
    rejected: dict[str, int]
    fitting: int


def _money(o: Option) -> tuple[float, str]:
    c = o.cost
    if c.usd_total is not None:
        return c.usd_total, "total"
    if c.usd_per_month is not None:
        return c.usd_per_month, "per_month"
    return c.usd_per_hour, "per_hour"


def limits_summary(w: Workload, options: Sequence[Option]) -> LimitsSummary | None:
    """The summary when options fit in memory but none is within the limits.

    ``None`` when some option is within them, or when nothing fits in memory (the advisor
    speaks then).
    """
    fitting = [o for o in options if o.fits and o.provider]
    if not fitting or any(o.within_budget for o in fitting):
        return None
    cheapest = min(fitting, key=lambda o: _money(o)[0])
    rejected = {"budget": 0, "cap": 0, "deadline": 0}
    for o in fitting:
        c = o.cost
        if w.budget_usd is not None:
            spend = c.usd_total if c.usd_total is not None else c.usd_per_month
            if spend is not None and spend > w.budget_usd + 1e-9:
                rejected["budget"] += 1
        if w.max_usd_per_hour is not None and c.usd_per_hour > w.max_usd_per_hour + 1e-9:
            rejected["cap"] += 1
        if w.deadline_hours is not None and c.hours is not None and c.hours > w.deadline_hours:
            rejected["deadline"] += 1
    money, kind = _money(cheapest)
    return LimitsSummary(
        cheapest=cheapest,
        money=money,
        money_kind=kind,
        hours=cheapest.cost.hours,
        rejected={k: v for k, v in rejected.items() if v},
        fitting=len(fitting),
    )


__all__ = ["LimitsSummary", "limits_summary"]
