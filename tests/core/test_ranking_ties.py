"""Cost ties under goal "cheapest": the same figure to the cent and to four significant
digits (core.ranking.options), so a job costing cents is ranked by its cost, not by speed
inside a one-cent bucket that spans a quarter of its price."""

from __future__ import annotations

from gpupicker.core.ranking.recommend import recommend
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_gpus, catalog_model, catalog_prices


def test_a_job_costing_cents_ranks_by_cost_not_by_speed():
    # SDXL, 100 images at 1024 px: every option costs $0.02-$0.10 on the bundled catalog;
    # before, H800 ($0.0297), RTX PRO 6000 ($0.0319) and RTX 5090 ($0.0300) ranked above
    # RTX 4090 D ($0.0274) and RTX A4000 ($0.0257) because all rounded to $0.03
    w = Workload(task="image_gen", model=catalog_model("sdxl_base"), images=100)
    rec = recommend(w, catalog_gpus(), catalog_prices(), goal="cheapest")
    ok = [
        o
        for o in rec.fitting()
        if o.provider and o.within_budget and not o.price_flag_reason.startswith("its source says")
    ]
    totals = [o.cost.usd_total for o in ok]
    assert len(totals) > 20 and max(totals) < 1.0
    # ascending to four significant digits (equal figures then rank fewer GPUs first)
    assert [float(f"{t:.4g}") for t in totals] == sorted(float(f"{t:.4g}") for t in totals)
    assert ok[0].gpu_id == "rtx_4090" and ok[0].num_gpus == 1


def test_equal_totals_still_rank_fewer_gpus_first():
    # image batches split over n cards cost the same (per-second billing): one card first
    w = Workload(task="image_gen", model=catalog_model("sdxl_base"), images=100)
    rec = recommend(w, catalog_gpus(), catalog_prices(), goal="cheapest")
    same = [o for o in rec.options if o.gpu_id == "rtx_4090" and o.provider == rec.options[0].provider]
    counts = [o.num_gpus for o in same if o.cost.usd_total == same[0].cost.usd_total]
    assert len(counts) > 1 and counts == sorted(counts)
