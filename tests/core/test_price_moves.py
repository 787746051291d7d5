"""How an offer's price moved, and the rent-now-or-wait rule of core.price_moves (its module
docstring states the rule: at least 3 observations over at least 14 days)."""

from __future__ import annotations

from gpupicker.core.hardware.specs import PriceOffer
from gpupicker.core.pricing.price_moves import price_move


def _hist(*points: tuple[str, float]) -> list[tuple[str, PriceOffer]]:
    return [
        (
            f"{when}T00:00:00Z",
            PriceOffer(gpu_id="h100_pcie", provider="Hyperstack", price_per_gpu_hour=price, observed=when),
        )
        for when, price in points
    ]


def test_the_movement_is_first_to_last_with_low_and_high():
    m = price_move(_hist(("2026-11-01", 2.0), ("2026-11-10", 2.5), ("2026-11-20", 1.5)))
    assert m is not None
    assert m.points == (("2026-11-01", 2.0), ("2026-11-10", 2.5), ("2026-11-20", 1.5))
    assert (m.first, m.last, m.low, m.high) == (2.0, 1.5, 1.5, 2.5)
    assert m.change_pct == -25.0 and m.days == 19


def test_rent_now_at_the_lowest_of_enough_history():
    m = price_move(_hist(("2026-11-01", 2.1), ("2026-11-10", 2.3), ("2026-11-20", 1.9)))
    assert m is not None and m.advice is not None
    assert str(m.advice) == "Rent now: this is the lowest price of its 3 observations over 19 days"


def test_falling_three_times_by_five_percent_says_waiting_may_pay():
    m = price_move(_hist(("2026-10-01", 1.5), ("2026-11-01", 2.4), ("2026-11-10", 2.2), ("2026-11-20", 2.0)))
    assert m is not None and m.advice is not None
    # 2.4 → 2.0 over the last three observations is −17 %; 1.5 earlier keeps it from "lowest"
    assert str(m.advice).startswith("Falling: 17 % cheaper over its last 3 observations (19 days)")


def test_no_call_where_the_history_does_not_support_one():
    short = price_move(_hist(("2026-11-01", 2.0), ("2026-11-05", 1.9), ("2026-11-10", 1.8)))
    assert short is not None and short.advice is None  # 9 days < 14
    few = price_move(_hist(("2026-10-01", 2.0), ("2026-11-20", 1.5)))
    assert few is not None and few.advice is None  # 2 observations < 3
    flat = price_move(_hist(("2026-10-01", 2.0), ("2026-10-20", 2.0), ("2026-11-20", 2.0)))
    assert flat is not None and flat.advice is None  # never moved
    mixed = price_move(_hist(("2026-10-01", 1.0), ("2026-10-20", 2.0), ("2026-11-20", 1.5)))
    assert mixed is not None and mixed.advice is None  # up then down: no trend, not the low
    assert price_move([]) is None
