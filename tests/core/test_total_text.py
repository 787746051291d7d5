"""One money rule for the table, the report and the reasons, and a price sentence that adds up
as printed (the new-user test: "$0.27/h × 6.0 h = $1.64" while 0.27 × 6 = 1.62)."""

from __future__ import annotations

import re

import pytest

from gpupicker.core.pricing.money import USD, Money, amount_decimals, format_amount
from gpupicker.core.pricing.total_text import total_params
from gpupicker.core.report.tables import money_text
from gpupicker.core.results import CostEstimate


@pytest.mark.parametrize(
    ("value", "shown"),
    [(1.17368, "$1.17"), (1.6348, "$1.63"), (0.0412, "$0.0412"), (0.2704, "$0.270"), (47.139, "$47.14")],
)
def test_one_rule_three_significant_digits_under_10_cents_above(value, shown):
    """The table ($1.174), the report ($1.1737) and the reason ($1.64) each had their own rule."""
    assert format_amount(value, "USD", None) == shown
    assert money_text(value, None) == shown
    assert USD.fmt(value, None) == shown
    assert amount_decimals(1234.5) == 0 and money_text(1234.5, None) == "$1,234"


def test_the_rtx_4090_reason_adds_up_with_its_start_up():
    """The seed 4090 row at UCloud Compshare's $0.2704/h: 6 h of work + 2.8 min of billed
    start-up (billing.startup_hours) = 6.046 h, $1.6349."""
    start = 2.8 / 60
    cost = CostEstimate(
        usd_per_hour=0.2704, hours=6 + start, usd_total=0.2704 * (6 + start), startup_hours=start
    )
    p = total_params(cost, USD)
    assert p == {"per_hour": "$0.2704", "hours": "6.05", "total": "$1.64", "minutes": "2.8"}


@pytest.mark.parametrize("per_hour", [0.16, 0.2704, 0.3944, 0.66, 1.99, 2.39, 12.29, 98.32])
@pytest.mark.parametrize("hours", [0.021, 0.6, 2.52, 6.046, 47.3, 730.0, 2117.5])
def test_the_printed_product_rounds_to_the_printed_total(per_hour, hours):
    for money in (USD, Money("CNY", 7.1)):
        p = total_params(CostEstimate(usd_per_hour=per_hour, hours=hours, usd_total=per_hour * hours), money)
        price = float(re.sub(r"[^0-9.]", "", p["per_hour"]))
        total = re.sub(r"[^0-9.]", "", p["total"])
        decimals = len(total.split(".")[1]) if "." in total else 0
        assert round(price * float(p["hours"].replace(",", "")), decimals) == pytest.approx(float(total)), p
        assert p["total"] == money.fmt(per_hour * hours, None)


def test_billed_hours_are_the_total_over_the_price():
    """A billing step rounds the run up: the sentence shows the hours billed, not the run's."""
    cost = CostEstimate(usd_per_hour=2.0, hours=1.01, usd_total=2.0 * 2)  # whole hours billed
    assert total_params(cost, USD)["hours"] == "2.0"
