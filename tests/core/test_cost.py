"""Cost arithmetic (formulas.md §8) with the seed guide's figures."""

from __future__ import annotations

import pytest

from gpupicker.core.pricing.cost import (
    SpotTerms,
    buy_vs_rent,
    energy_kwh,
    estimate_cost,
    gpus_for_serving,
    kwh_per_million_tokens,
    monthly_serving_usd,
    run_cost_usd,
    to_usd,
    tokens_per_joule,
    usd_per_million_tokens,
    usd_per_unit,
)
from gpupicker.core.pricing.spot import UNKNOWN_RATE_PER_HOUR, SpotRate, spot_run
from gpupicker.core.ranking.recommend import recommend
from tests.support.workloads import resolved_workload as _w


def test_seed_run_costs():
    # Case 1: RTX 4090 $0.44/h × 6 h = $2.64 ("约$3")
    assert run_cost_usd(0.44, 1, 6) == pytest.approx(2.64)
    # Case 2: 4 × A100 80GB, $7.56/h in total, 72 h ≈ $545
    assert run_cost_usd(7.56 / 4, 4, 72) == pytest.approx(544.32)
    # Fine-tuning example: RTX 4090 4–8 h = $2–4; A100 80GB $1.89/h × 2–4 h = $4–8
    assert run_cost_usd(0.44, 1, 4) >= 1.7 and run_cost_usd(0.44, 1, 8) <= 4.0
    assert run_cost_usd(1.89, 1, 2) == pytest.approx(3.78)
    assert run_cost_usd(1.89, 1, 4) == pytest.approx(7.56)


def test_seed_monthly_serving_720_and_730_hours():
    # Case 3: 2 × RTX 4090, $0.88/h in total, ≈ $635 per month (0.88 × 720 = 633.6)
    assert monthly_serving_usd(0.44, 2, 720) == pytest.approx(633.6)
    assert abs(monthly_serving_usd(0.44, 2, 720) - 635) < 2
    assert monthly_serving_usd(0.44, 2) == pytest.approx(0.88 * 730)


def test_per_million_tokens_energy_and_joules():
    assert usd_per_million_tokens(2.0, 1, 1000) == pytest.approx(1e6 * 2.0 / 3600 / 1000)
    assert usd_per_million_tokens(1.0, 2, 0) == float("inf")
    assert energy_kwh(450, 2, 10, utilization=1.0) == pytest.approx(9.0)
    assert kwh_per_million_tokens(700, 1, 1000, utilization=1.0) == pytest.approx(0.7 * 1e6 / 1000 / 3600)
    assert tokens_per_joule(500, 1, 1000, utilization=1.0) == pytest.approx(2.0)


def test_spot_run_at_a_stated_rate():
    # one interruption per 10 h (a stated rate), checkpoints every hour, a 15 min reload and
    # the 5 min warm-up: each interruption costs 15 + 5 + 30 (half an interval) = 50 min, so
    # T = W / (1 − λ·c) = 10 / (1 − 0.1 × 50/60) = 10.909 h and λ·T = 1.09 interruptions
    rate = SpotRate(
        provider="X",
        interruptions_per_hour_low=0.1,
        interruptions_per_hour_high=0.1,
        published="one per 10 h",
        source="a stated rate",
        as_of="2026-12-01",
    )
    run = spot_run(10, checkpoint_interval_hours=1, reload_hours=0.25, rate=rate)
    assert run.hours == pytest.approx(10 / (1 - 0.1 * 50 / 60))
    assert run.interruptions == pytest.approx(0.1 * run.hours)
    assert run.rate_known
    c = estimate_cost(
        usd_per_gpu_hour=2.0,
        num_gpus=4,
        hours=10,
        pricing="spot",
        spot=SpotTerms(rate=rate, checkpoint_interval_hours=1, reload_hours=0.25, provider="X"),
    )
    assert c.hours == pytest.approx(10.909, abs=1e-3)
    assert c.usd_total == pytest.approx(8.0 * 10.909, abs=1e-2)
    assert c.spot_interruptions == pytest.approx(1.09, abs=1e-2)
    note = c.assumptions[1]
    assert "one per 10 h (a stated rate" in note and "every 1 h" in note
    assert "50 min" not in note and "20 min restart" in note and "30 min of work" in note
    # a spot that is 60 % cheaper stays cheaper after its interruptions (seed: 50–70 % savings)
    od = estimate_cost(usd_per_gpu_hour=2.5, num_gpus=1, hours=10)
    sp = estimate_cost(
        usd_per_gpu_hour=1.0,
        num_gpus=1,
        hours=10,
        pricing="spot",
        spot=SpotTerms(rate=rate, checkpoint_interval_hours=1, reload_hours=0.25),
    )
    assert 0.5 < 1 - sp.usd_total / od.usd_total < 0.6


def test_spot_without_a_rate_widens_the_range_and_says_why():
    rate = SpotRate(
        provider="X",
        interruptions_per_hour_low=0.1,
        interruptions_per_hour_high=0.1,
        published="one per 10 h",
        source="a stated rate",
        as_of="2026-12-01",
    )
    known = estimate_cost(
        usd_per_gpu_hour=1.0,
        num_gpus=1,
        hours=10,
        pricing="spot",
        spot=SpotTerms(rate=rate, reload_hours=0.25, provider="X"),
    )
    unknown = estimate_cost(
        usd_per_gpu_hour=1.0,
        num_gpus=1,
        hours=10,
        pricing="spot",
        spot=SpotTerms(rate=None, reload_hours=0.25, provider="Vast.ai"),
    )
    assert known.hours_low == pytest.approx(known.hours_high)
    assert unknown.hours_high - unknown.hours_low > 1.0
    lo, hi = UNKNOWN_RATE_PER_HOUR  # one per 72 h … one per 3 h
    c = 0.25 + 5 / 60 + 0.25
    assert unknown.hours_low == pytest.approx(10 / (1 - lo * c))
    assert unknown.hours_high == pytest.approx(10 / (1 - hi * c))
    assert unknown.usd_total_low < unknown.usd_total < unknown.usd_total_high
    assert "Vast.ai publishes no interruption rate, so the range is wide" in unknown.assumptions[1]


def test_spot_that_restarts_faster_than_it_progresses_never_finishes():
    rate = SpotRate(
        provider="X",
        interruptions_per_hour_low=2.0,
        interruptions_per_hour_high=2.0,
        published="two per hour",
        source="a stated rate",
        as_of="2026-12-01",
    )
    c = estimate_cost(
        usd_per_gpu_hour=1.0,
        num_gpus=1,
        hours=10,
        pricing="spot",
        spot=SpotTerms(rate=rate, checkpoint_interval_hours=1, reload_hours=0.5),
    )
    assert c.spot_unfinishable and c.usd_total is None and c.hours is None
    with pytest.raises(ValueError):
        spot_run(10, checkpoint_interval_hours=0, reload_hours=0, rate=None)


def test_buy_vs_rent_break_even():
    r = buy_vs_rent(1599, 0.44, 1, hours_used_per_month=730, tdp_w=450, utilization=1.0, usd_per_kwh=0.15)
    assert r.rent_usd_per_month == pytest.approx(0.44 * 730)
    assert r.power_usd_per_month == pytest.approx(0.45 * 730 * 0.15)
    assert r.break_even_months == pytest.approx(1599 / (0.44 * 730 - 0.45 * 730 * 0.15))
    never = buy_vs_rent(1599, 0.01, 1, tdp_w=450, usd_per_kwh=0.5)
    assert never.break_even_months is None


def test_currency_conversion_uses_user_rates_first():
    assert to_usd(1.98, "CNY", {"CNY": 0.14}) == pytest.approx(0.2772)
    assert usd_per_unit("cny", {"CNY": 0.2}) == (0.2, True)
    rate, user = usd_per_unit("CNY")
    assert not user and 0.1 < rate < 0.2
    assert to_usd(5, "USD") == 5
    # a rate is used as given, never flipped (entry asks the user instead)
    assert to_usd(7.1, "CNY", {"CNY": 7.1}) == pytest.approx(50.41)
    assert to_usd(1, "GBP", {"GBP": 1.27}) == pytest.approx(1.27)
    with pytest.raises(ValueError, match="exchange rate"):
        to_usd(1, "XYZ")


def test_serving_capacity():
    # 100 requests/min, 256 output tokens each, replica does 400 tok/s aggregate at 70 % load
    replicas, gpus = gpus_for_serving(100, 512, 256, 400.0, 4000.0, gpus_per_replica=2)
    load = 100 / 60 * (256 / 400 + 512 / 4000)
    assert replicas == int(-(-load // 0.7)) and gpus == 2 * replicas
    assert gpus_for_serving(0, 512, 256, 400, 4000) == (1, 1)


# ----------------------------------------------------------------------------------------------
def test_owned_gpus_for_serving_cost_24_7_and_one_break_even(cat):
    """2 × RTX 4090 bought for $3,600, 450 W each at $0.30/kWh, 3 years, 50 % use
    entered. Serving runs 24/7: $3,600 / 36 months = $100/month write-off + 0.9 kW × 730 h ×
    $0.30 = $197.1/month power → ≈ $297/month (not the 50 %-use write-off × 730 h = $397)."""
    from gpupicker.core.pricing.owned import OwnedGpu

    o = OwnedGpu(
        gpu_id="rtx_4090",
        count=2,
        purchase_price=3600,
        power_w=450,
        electricity_per_kwh=0.30,
        years=3,
        utilization=0.5,
    )
    w = _w(
        cat,
        task="inference",
        model_id="llama2_13b",
        framework="vllm",
        weights_dtype="int4",
        requests_per_minute=100,
        num_gpus=2,
        gpu="rtx_4090",
    )
    rec = recommend(
        w, cat.gpus(), cat.prices(), owned=[o], hours_per_month=730, fx_rates=dict(cat.get_fx_rates())
    )
    mine = [x for x in rec.options if x.pricing == "owned" and x.fits and x.num_gpus == 2]
    assert mine
    for x in mine:
        assert x.cost.usd_per_month == pytest.approx(100 + 0.9 * 730 * 0.30, rel=0.01)
    assert len({x.break_even_months for x in mine}) == 1
