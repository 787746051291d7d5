"""Dated CNY prices of the Chinese clouds, folded in by the app's own rules.

The rows (``data/prices.csv``, ``source`` and ``notes`` name each one) come from public
material read for this issue:

- AutoDL list prices read 2026-10-04 ('libtv 技术调研 03' §5.4, the AutoDL homepage's
  ``originalPrice`` table): Ascend 910B2 64G ¥3.87/h, RTX 4090 ¥1.98/h, L20 ¥3.87/h …;
- AutoDL ``vGPU-48GB`` (a GeForce RTX 4090 with 49,140 MiB) ≈ ¥3.03/h, a deployment report
  of 2026-09-16;
- 共绩算力 (RTX 4090 ¥1.98/h, 抢占 ¥1.19/h, 8-GPU 30-day package ¥8,314.10), 矩池云 and
  优云智算 price pages and AutoDL / 腾讯云 包月 prices read 2026-10-04 ('libtv 04' §5.2.1).

The tests read them through ``load_bundle`` (row checks + observation merge), as the app does.
"""

from __future__ import annotations

from datetime import date

import pytest

from gpupicker import paths
from gpupicker.catalog import load_bundle, open_catalog
from gpupicker.catalog.record_checks import PRICING_TYPES, observed_start
from gpupicker.core.hardware.specs import PriceOffer
from gpupicker.core.pricing.cost import estimate_cost
from gpupicker.core.pricing.price_kind import price_flag
from gpupicker.core.pricing.providers import PROVIDERS, offer_country
from gpupicker.core.ranking.recommend import recommend
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_gpus, catalog_model
from tests.support.seed_cases import CNY, FX, SEED_CASES

TODAY = date(2026, 12, 1)  # the session's date: a price older than 2026-06-01 is stale


def bundle_prices() -> tuple[PriceOffer, ...]:
    """The current prices of the bundled data (newest observation of each offer)."""
    b = load_bundle(paths.data_dir())
    return tuple(PriceOffer.model_validate(d) for d in b.prices.values())


def _offer(gpu_id: str, provider: str, pricing: str = "on_demand") -> PriceOffer:
    found = [p for p in bundle_prices() if (p.gpu_id, p.provider, p.pricing) == (gpu_id, provider, pricing)]
    assert len(found) == 1, found
    return found[0]


def test_every_current_cny_offer_is_a_dated_chinese_cloud_price():
    cny = [p for p in bundle_prices() if p.currency == "CNY"]
    assert len(cny) == 36  # 2026-12: the 2022-07, 2023Q3, 2026-01 and year-only rows retired
    for p in cny:
        assert PROVIDERS[p.provider].country == "CN" and PROVIDERS[p.provider].zh_name, p
        assert offer_country(p) == "CN"
        assert p.pricing in PRICING_TYPES and observed_start(p.observed) is not None, p
    fresh = [p for p in cny if not price_flag(p, today=TODAY)[0]]
    assert len(fresh) >= 35  # observed 2026-08 … 2026-10, neither stale nor doubted


@pytest.mark.parametrize(
    ("gpu_id", "price", "observed"),
    [
        ("ascend_910b", 3.87, "2026-10-04"),  # 'Ascend 910B2（国产）64G' at AutoDL
        ("rtx_4090_48gb", 3.03, "2026-09-16"),  # AutoDL 'vGPU-48GB', the modified 48 GB card
    ],
)
def test_910b_and_4090_48gb_have_a_dated_cny_list_price(gpu_id, price, observed):
    p = _offer(gpu_id, "AutoDL")
    assert (p.price_per_gpu_hour, p.currency, p.observed, p.gpus_per_instance) == (price, "CNY", observed, 1)
    assert price_flag(p, today=TODAY) == ("", "")


def test_newer_observations_supersede_the_old_chinese_rows():
    # AutoDL L20 ¥3.68 (2026-03) → ¥3.87 (2026-10-04); 共绩算力 RTX 4090 ¥1.68 (2025) → ¥1.98
    assert (_offer("l20", "AutoDL").price_per_gpu_hour, _offer("l20", "AutoDL").observed) == (
        3.87,
        "2026-10-04",
    )
    gongji = "Gongji Compute (共绩算力)"
    assert _offer("rtx_4090", gongji).price_per_gpu_hour == 1.98
    with open_catalog() as repo:
        rid = next(
            rid
            for rid, p, _ in repo.price_rows()
            if (p.gpu_id, p.provider, p.pricing) == ("rtx_4090", gongji, "on_demand")
        )
        history = [(p.price_per_gpu_hour, p.observed) for _, p in repo.price_history(rid)]
    assert history[0] == (1.68, "2025") and history[-1] == (1.98, "2026-10-04")


def _cn_options(case: str, **extra):
    w = Workload(
        model=catalog_model(SEED_CASES[case]["model_id"]), **{**SEED_CASES[case], "region": "CN", **extra}
    )
    return recommend(w, catalog_gpus(), bundle_prices(), fx_rates=FX, money=CNY, all_offers=True).options


def _yuan_per_hour(option) -> float:
    return round(CNY.from_usd(option.cost.usd_per_hour), 2)


NEW_OFFERS = {"ascend_910b": (3.87, "2026-10-04"), "rtx_4090_48gb": (3.03, "2026-09-16")}


@pytest.mark.parametrize(
    ("case", "gpu_ids"),
    [
        # QLoRA needs bitsandbytes NF4, which has no Ascend backend: no 910B option (core/checks.py)
        ("qlora_mistral_7b", ("rtx_4090_48gb",)),
        ("pretrain_13b_4xa100", ("ascend_910b", "rtx_4090_48gb")),
        # AWQ int4 does not run on Ascend (vllm-ascend loads ModelSlim W8A8 / W4A8): no 910B offer
        ("serve_llama2_13b", ("rtx_4090_48gb",)),
    ],
)
def test_region_cn_ranks_the_new_offers_with_dated_cny_prices(case, gpu_ids):
    options = _cn_options(case)
    priced = [o for o in options if o.provider]
    in_cn = {(p.gpu_id, p.provider, p.pricing) for p in bundle_prices() if offer_country(p) == "CN"}
    assert all((o.gpu_id, o.provider, o.pricing) in in_cn for o in priced)
    best = next(o for o in options if o.fits and o.within_budget and o.provider)
    assert best.price_observed >= "2026-08" and not best.price_flag  # a fresh dated price
    assert {o.gpu_id for o in priced} >= set(gpu_ids)
    for gpu_id in gpu_ids:
        yuan, observed = NEW_OFFERS[gpu_id]
        ranked = [o for o in priced if o.gpu_id == gpu_id and o.fits]
        assert ranked, gpu_id
        for o in ranked:
            assert o.provider == "AutoDL" and o.price_observed == observed
            assert _yuan_per_hour(o) == pytest.approx(yuan * o.num_gpus, abs=0.01)
            assert f"¥{yuan * o.num_gpus:,.2f}/h" in o.reason and "$" not in o.reason


def test_4x_910b_for_the_13b_pretraining_seed_case_names_cann_and_hccs():
    """Seed case 2 in China: 4 × Ascend 910B at AutoDL, ¥3.87 × 4 = ¥15.48/h (2026-10-04)."""
    o = next(o for o in _cn_options("pretrain_13b_4xa100") if o.gpu_id == "ascend_910b" and o.num_gpus == 4)
    assert o.fits and _yuan_per_hour(o) == 15.48
    assert "CANN" in o.reason and "HCCS" in o.reason and "ROCm" not in o.reason
    assert "¥15.48/h × 72.0 h = ¥1,115" in o.reason  # whole from ¥1,000 (the money rule)


def test_spot_choice_keeps_the_chinese_spot_offers():
    """竞价: 共绩算力 RTX 4090 抢占 ¥1.19/h (6 折 of ¥1.98), 优云智算 ¥1.31/h, AutoDL ≈¥1.40/h."""
    options = [o for o in _cn_options("qlora_mistral_7b", pricing="spot") if o.provider]
    assert options and all(o.pricing == "spot" for o in options)
    by_provider = {
        o.provider: _yuan_per_hour(o) for o in options if o.gpu_id == "rtx_4090" and o.num_gpus == 1
    }
    assert by_provider["Gongji Compute (共绩算力)"] == 1.19
    assert by_provider["UCloud Compshare (优云智算)"] == 1.31


def test_monthly_packages_bill_the_published_monthly_price():
    """包月: 共绩算力 8-GPU 30-day package ¥8,314.10; AutoDL RTX 4090 ¥1,052 per GPU-month."""
    gongji = _offer("rtx_4090", "Gongji Compute (共绩算力)", "monthly")
    assert gongji.gpus_per_instance == 8
    c = estimate_cost(
        usd_per_gpu_hour=CNY.to_usd(gongji.price_per_gpu_hour),
        num_gpus=8,
        hours=72,
        pricing="monthly",
        money=CNY,
    )
    assert CNY.from_usd(c.usd_total) == pytest.approx(8314.10, abs=0.02)
    autodl = _offer("rtx_4090", "AutoDL", "monthly")
    assert autodl.price_per_gpu_hour * 730 == pytest.approx(1052, abs=0.05)
    # 腾讯云's SCF GPU 函数 包月 (T4 ¥2,750, A10 ¥5,644.98 per card) is serverless-function
    # pricing, not a server: those rows were removed in 2026-12 (data/README.md)
    assert not [p for p in bundle_prices() if p.provider == "Tencent Cloud"]


def test_seed_guide_price_is_compared_with_the_newest_domestic_price():
    """Seed case 1: the guide's $0.44/h against the cheapest fresh domestic RTX 4090 (bundle)."""
    w = Workload(model=catalog_model("mistral_7b_v0_1"), **{**SEED_CASES["qlora_mistral_7b"], "region": "CN"})
    rec = recommend(w, catalog_gpus(), bundle_prices(), fx_rates=FX, money=CNY, all_offers=True)
    note = next(n for n in rec.notes if n.startswith("The seed guide prices"))
    # 优云智算 RTX 4090 '1.92 起' (compshare.cn, 2026-10-04); 共绩算力's ¥1.68 (2025) is history
    assert "at UCloud Compshare (优云智算) today: ¥1.92/h × 6.0 h = ¥11.52" in note
