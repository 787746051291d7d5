"""The price sentence of an option's reason, printed so that it adds up.

"$0.2704/h × 6.046 h (incl. 2.8 min start-up) = $1.63": the total is shown by the one money
rule (:func:`~gpupicker.core.pricing.money.amount_decimals`, as in the table and the report),
and the price per hour and the billed hours get the digits that make their printed product
round to the printed total. The hours are the billed ones (``usd_total / usd_per_hour``: the
run, its billed start-up and any rounding up to the provider's billing step). Pure.
"""

from __future__ import annotations

import math

from ..results import CostEstimate
from .money import Money, amount_decimals

EXTRA_DIGITS = 3
"""Most digits added to the price and the hours (beyond the money rule's and one decimal of
hours) while their printed product does not round to the printed total."""


def _hours_decimals(h: float) -> int:
    """One decimal from 1 h to 100 h, whole above, two significant digits below 1 h."""
    if h >= 100:
        return 0
    if h >= 1 or h <= 0:
        return 1
    return 1 - math.floor(math.log10(h))


def total_params(cost: CostEstimate, money: Money) -> dict[str, str]:
    """``per_hour``, ``hours`` and ``total`` texts of ``recommend.price.total``, adding up.

    ``cost`` must have ``usd_total`` and ``hours``. ``minutes`` (the billed start-up, one
    decimal) is added when ``cost.startup_hours`` is set.

    >>> total_params(CostEstimate(usd_per_hour=0.2704, hours=6.046, usd_total=1.63484), Money())
    {'per_hour': '$0.270', 'hours': '6.05', 'total': '$1.63'}
    """
    total_usd = cost.usd_total or 0.0
    per_hour = cost.usd_per_hour * money.per_usd
    hours = total_usd / cost.usd_per_hour if cost.usd_per_hour > 0 else (cost.hours or 0.0)
    total = total_usd * money.per_usd
    td = amount_decimals(total) if abs(total) < 1000 else 0
    target = round(total, td)
    # a price given in cents stays in cents ($0.66, not $0.660); else the money rule
    pd0 = next((d for d in (2, 3) if math.isclose(round(per_hour, d), per_hour)), amount_decimals(per_hour))
    hd0 = _hours_decimals(hours)
    tries = [
        (pd0 + p, hd0 + h)
        for n in range(2 * EXTRA_DIGITS + 1)
        for p in range(n + 1)
        if (h := n - p) <= EXTRA_DIGITS
    ]
    pd, hd = pd0, hd0
    for pd, hd in tries:  # fewest added digits first, the hours' before the price's
        if math.isclose(round(round(per_hour, pd) * round(hours, hd), td), target, abs_tol=10**-td / 10):
            break
    out = {
        "per_hour": money.fmt_native(per_hour, pd),
        "hours": f"{hours:,.{hd}f}",
        "total": money.fmt_native(total, td),
    }
    if cost.startup_hours:
        out["minutes"] = f"{cost.startup_hours * 60:.1f}"
    return out


__all__ = ["EXTRA_DIGITS", "total_params"]
