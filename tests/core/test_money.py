"""Money formatting and inverted-rate detection (core/pricing/money.py)."""

from __future__ import annotations

import pytest

from gpupicker.core.pricing.money import Money, format_amount, rate_looks_inverted


def test_money_formats_and_inverted_rates_are_questions():
    cny = Money("CNY", 7.10)
    assert cny.fmt(1.98 / 7.10) == "¥1.98"
    assert cny.to_usd(20) == pytest.approx(20 / 7.10)
    assert format_amount(1234.5, "USD") == "$1,234.50"
    assert rate_looks_inverted("CNY", 0.14) and not rate_looks_inverted("CNY", 7.1)
    assert not rate_looks_inverted("XBT", 0.00001)  # unknown currency: no opinion
