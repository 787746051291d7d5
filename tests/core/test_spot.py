"""Spot options cost what they cost: hours and totals with the expected interruptions (core.spot).

The rates are stated in each test (and the bundled ``data/spot_rates.csv`` is checked to
load with its sources); the formula is ``T = W / (1 − λ·(R + τ/2))`` of core.spot.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from gpupicker.core.hardware.specs import PriceOffer
from gpupicker.core.pricing.billing import startup_hours
from gpupicker.core.pricing.spot import WARMUP_HOURS, SpotRate
from gpupicker.core.ranking.recommend import recommend
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_gpus, catalog_model

DATA = Path(__file__).resolve().parents[2] / "data" / "spot_rates.csv"

ONE_PER_20_H = SpotRate(
    provider="GCP",
    interruptions_per_hour_low=0.05,
    interruptions_per_hour_high=0.05,
    published="one per 20 h (stated)",
    source="this test",
    as_of="2026-12-01",
)


def _offers() -> list[PriceOffer]:
    common = {
        "gpu_id": "a100_sxm_80gb",
        "gpus_per_instance": 1,
        "observed": "2026-11-30",
        "source": "test prices",
    }
    return [
        PriceOffer(provider="GCP", pricing="spot", price_per_gpu_hour=1.0, **common),
        PriceOffer(provider="RunPod", pricing="spot", price_per_gpu_hour=1.0, **common),
    ]


def _workload(**kw: object) -> Workload:
    return Workload(
        task="lora",
        model=catalog_model("llama2_7b"),
        batch=2,
        seq_len=2048,
        grad_ckpt=True,
        dataset_tokens=2e8,
        pricing="spot",
        **kw,
    )


def _spot_options(w: Workload, rates: list[SpotRate]):
    a100 = [g for g in catalog_gpus() if g.id == "a100_sxm_80gb"]
    rec = recommend(w, a100, _offers(), counts=(1,), max_gpus=1, all_offers=True, spot_rates=rates)
    return {o.provider: o for o in rec.options if o.provider}


def test_a_spot_option_includes_its_interruptions_at_a_stated_rate():
    w = _workload(checkpoint_interval_hours=1.0)
    opts = _spot_options(w, [ONE_PER_20_H])
    gcp = opts["GCP"]
    tps = gcp.throughput.train_tokens_per_s
    assert tps and w.dataset_tokens
    work = w.dataset_tokens / tps / 3600
    restart = startup_hours(w)[0] + WARMUP_HOURS
    expected = work / (1 - 0.05 * (restart + 0.5))
    assert gcp.cost.hours == pytest.approx(expected, rel=1e-6)
    assert gcp.cost.usd_total == pytest.approx(expected * 1.0, rel=1e-6)
    assert gcp.cost.spot_interruptions == pytest.approx(0.05 * expected, rel=1e-6)
    note = next(a for a in gcp.cost.assumptions if a.id == "join.sentences" and "interruptions included" in a)
    assert "one per 20 h (stated) (this test, read 2026-12-01)" in note
    assert "every 1 h" in note
    # a longer checkpoint interval loses more per interruption: more hours, more money
    longer = _spot_options(_workload(checkpoint_interval_hours=4.0), [ONE_PER_20_H])["GCP"]
    assert longer.cost.usd_total > gcp.cost.usd_total


def test_no_published_rate_widens_the_range_and_names_the_provider():
    opts = _spot_options(_workload(), [ONE_PER_20_H])
    runpod, gcp = opts["RunPod"], opts["GCP"]
    assert runpod.cost.hours_high - runpod.cost.hours_low > gcp.cost.hours_high - gcp.cost.hours_low
    assert any(
        "RunPod publishes no interruption rate, so the range is wide" in a for a in runpod.cost.assumptions
    )


def test_an_on_demand_option_is_not_interrupted():
    w = _workload().model_copy(update={"pricing": "on_demand"})
    a100 = [g for g in catalog_gpus() if g.id == "a100_sxm_80gb"]
    offer = PriceOffer(
        gpu_id="a100_sxm_80gb",
        provider="GCP",
        pricing="on_demand",
        price_per_gpu_hour=3.0,
        observed="2026-11-30",
    )
    o = next(
        o
        for o in recommend(w, a100, [offer], counts=(1,), max_gpus=1, spot_rates=[ONE_PER_20_H]).options
        if o.provider
    )
    assert o.cost.spot_interruptions is None and o.cost.hours_high is None


def test_the_bundled_rates_load_with_their_sources():
    with DATA.open(encoding="utf-8", newline="") as f:
        rates = [SpotRate.model_validate(r) for r in csv.DictReader(f)]
    assert {r.provider for r in rates} >= {"AWS", "GCP"}
    aws = next(r for r in rates if r.provider == "AWS")
    # AWS Spot Advisor bands: <5 % … >20 % per trailing month → −ln(1 − p) / 730 h
    assert aws.interruptions_per_hour_low == pytest.approx(0.0000703, rel=1e-2)
    assert aws.interruptions_per_hour_high == pytest.approx(0.000306, rel=1e-2)
    assert all(r.source and r.as_of for r in rates)
