"""``region: CN`` keeps only offers in China; each seed case has a
domestic answer with a dated CNY price and its kind; subscriptions (包月 / 包年) bill whole
periods.

Prices: data/prices.csv (AutoDL RTX 4090 ¥1.98 and A100 SXM 80GB ¥6.68 per GPU-hour,
github.com/zjw49246/gpu-hire @0821bfa6, researched 2026-03; 8-GPU 包月 / 包年 machines of
Alibaba, Huawei, Tencent and Baidu clouds, github.com/JunweiLiang/awesome_lists, 2022-07).
"""

from __future__ import annotations

import pytest

from gpupicker.core.pricing.cost import estimate_cost
from gpupicker.core.pricing.providers import PROVIDERS, offer_country
from gpupicker.core.ranking.recommend import recommend
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_gpus, catalog_model, catalog_prices
from tests.support.seed_cases import CNY, FX, SEED_CASES


def _workload(spec: dict, **extra) -> Workload:
    return Workload(model=catalog_model(spec["model_id"]), **{**spec, **extra})


def test_every_bundled_provider_has_a_country():
    missing = {p.provider for p in catalog_prices()} - set(PROVIDERS)
    assert not missing
    cn = {p.provider for p in catalog_prices() if p.region == "CN"}
    assert all(PROVIDERS[name].country == "CN" and PROVIDERS[name].zh_name for name in cn)


@pytest.mark.parametrize("case", sorted(SEED_CASES))
def test_region_cn_keeps_only_chinese_offers_and_answers_each_seed_case(case):
    w = _workload(SEED_CASES[case], region="CN")
    rec = recommend(w, catalog_gpus(), catalog_prices(), fx_rates=FX, money=CNY, all_offers=True)
    priced = [o for o in rec.options if o.provider]
    assert priced
    by_key = {(p.gpu_id, p.provider, p.pricing) for p in catalog_prices() if offer_country(p) == "CN"}
    for o in priced:
        assert (o.gpu_id, o.provider, o.pricing) in by_key, o
    best = next(o for o in rec.options if o.fits and o.within_budget and o.provider)
    # a dated CNY price and its kind
    offer = next(
        p
        for p in catalog_prices()
        if (p.gpu_id, p.provider, p.pricing) == (best.gpu_id, best.provider, best.pricing)
        and p.currency == "CNY"
    )
    assert offer.observed and best.price_observed and best.price_kind
    assert "¥" in best.reason and "$" not in best.reason
    assert any(n.startswith("Only offers in China (CN)") for n in rec.notes)


def test_results_say_when_the_best_option_elsewhere_is_cheaper():
    w = _workload(SEED_CASES["pretrain_13b_4xa100"], region="CN")
    rec = recommend(w, catalog_gpus(), catalog_prices(), fx_rates=FX, money=CNY)
    everywhere = recommend(
        w.model_copy(update={"region": None}), catalog_gpus(), catalog_prices(), fx_rates=FX, money=CNY
    )

    def cheapest(r):
        return min(o.cost.usd_total for o in r.options if o.fits and o.within_budget and o.cost.usd_total)

    if cheapest(everywhere) < cheapest(rec) * 0.999:
        assert any(n.startswith("Cheaper outside China") and "¥" in n for n in rec.notes)


def test_unknown_region_is_an_error():
    w = _workload(SEED_CASES["qlora_mistral_7b"], region="XX")
    with pytest.raises(ValueError, match="unknown region"):
        recommend(w, catalog_gpus(), catalog_prices(), fx_rates=FX)


def test_monthly_and_yearly_subscriptions_bill_whole_periods():
    # 8 GPUs at ¥12.16 per GPU-hour equivalent of a ¥71,000 包月 machine (Alibaba Cloud 2022-07)
    usd = 12.16 / 7.10
    c = estimate_cost(usd_per_gpu_hour=usd, num_gpus=8, hours=72, pricing="monthly", money=CNY)
    assert CNY.from_usd(c.usd_total) == pytest.approx(12.16 * 8 * 730)
    assert any("billed 1 × 730 h" in a for a in c.assumptions)
    c2 = estimate_cost(usd_per_gpu_hour=usd, num_gpus=8, hours=800, pricing="monthly")
    assert c2.usd_total == pytest.approx(usd * 8 * 1460)
    y = estimate_cost(usd_per_gpu_hour=usd, num_gpus=8, hours=72, pricing="yearly")
    assert y.usd_total == pytest.approx(usd * 8 * 8760)
    # a monthly choice on the budget page keeps only 包月 offers
    w = _workload(SEED_CASES["pretrain_13b_4xa100"], region="CN", pricing="monthly", num_gpus=8)
    rec = recommend(w, catalog_gpus(), catalog_prices(), fx_rates=FX, money=CNY)
    assert rec.options and all(o.pricing == "monthly" for o in rec.options if o.provider)


def test_seed_guide_price_is_compared_with_todays_domestic_price():
    """Seed case 1: the guide's $0.44/h × 6 h against a domestic RTX 4090 today, in ¥."""
    w = _workload(SEED_CASES["qlora_mistral_7b"], region="CN")
    rec = recommend(w, catalog_gpus(), catalog_prices(), fx_rates=FX, money=CNY, all_offers=True)
    note = next(n for n in rec.notes if n.startswith("The seed guide prices"))
    assert "RTX 4090 at ¥3.12/h × 6.0 h = ¥18.74" in note  # $0.44 × 7.10
    assert "today: ¥1.68/h × 6.0 h = ¥10.08" in note  # 共绩算力 ¥1.68 (data/prices.csv)


def test_ui_framework_choice_turns_on_llama_factory_checkpointing(qtbot):
    from gpupicker.catalog import open_catalog
    from gpupicker.ui.controller import WorkloadController

    c = WorkloadController(open_catalog())
    c.set_task("lora")
    c.update(grad_ckpt=False)
    assert c.update(framework="llama-factory")
    assert c.workload.grad_ckpt


def test_a_region_without_offers_says_so_not_that_nothing_fits():
    """monthly pricing in the US leaves no option (the bundled monthly offers are
    Chinese clouds'); the notes said "No option fits in memory; see the advice" (there was no
    advice). Now the region notes alone say why, and a cheaper-elsewhere price has its unit."""
    w = Workload(
        task="qlora",
        model=catalog_model("mistral_7b_v0_1"),
        batch=2,
        seq_len=2048,
        grad_ckpt=True,
        pricing="monthly",
        region="US",
    )
    rec = recommend(w, catalog_gpus(), catalog_prices())
    assert rec.options == ()
    assert not any("fits in memory" in n for n in rec.notes)
    assert any(n.startswith("Only offers in the United States (US): 0 of ") for n in rec.notes)
    assert any(
        n.startswith("No offer in the United States fits; the cheapest elsewhere is") and n.endswith("/h.")
        for n in rec.notes
    )
    infer = Workload(
        task="inference", model=catalog_model("llama3_70b"), prompt_len=1024, new_tokens=256, region="US"
    )
    cheaper = [
        n
        for n in recommend(infer, catalog_gpus(), catalog_prices()).notes
        if n.startswith("Cheaper outside the United States")
    ]
    # open-ended inference is ranked on its price per 1M output tokens, and the note compares that
    assert cheaper and all(n.endswith(" per 1M tokens here.") for n in cheaper)
