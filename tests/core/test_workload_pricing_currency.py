"""A workload's ``pricing`` and ``currency``: a misspelling is an error naming it, never a
silent change of what is priced (a misspelt pricing once matched no price row at all, so every
option came out unpriced; a ``currency`` of "EUR" was accepted and changed nothing)."""

from __future__ import annotations

from typing import get_args

import pytest
from pydantic import ValidationError

from gpupicker.core.hardware.specs import Pricing
from gpupicker.core.workload import Workload


def _w(**fields):
    return Workload(task="inference", model_id="mistral_7b_v0_1", params=7.24e9, **fields)


@pytest.mark.parametrize("bad", ["spott", "Spot", " spot", "on-demand"])
def test_a_misspelt_pricing_is_an_error_naming_it_and_the_accepted_ones(bad):
    with pytest.raises(ValidationError) as err:
        _w(pricing=bad)
    text = str(err.value)
    assert f"unknown pricing {bad!r}" in text
    assert "choose one of on_demand, spot, reserved_1y" in text and "owned" in text


def test_every_catalog_pricing_kind_is_accepted():
    for kind in get_args(Pricing):
        assert _w(pricing=kind).pricing == kind
    assert _w().pricing == "on_demand"


@pytest.mark.parametrize("bad", ["EUR", "CNY", "USDD", ""])
def test_a_currency_other_than_usd_is_refused_by_name(bad):
    with pytest.raises(ValidationError) as err:
        _w(currency=bad)
    text = str(err.value)
    assert f"currency {bad!r} is not used" in text
    assert "budget_usd, max_usd_per_hour" in text and "gpupicker catalog currency" in text


def test_usd_and_the_default_are_accepted():
    assert _w(currency="USD").currency == "USD" and _w().currency == "USD"
    assert _w(currency=" usd").currency == "USD"
