"""Prose a new user read (issue 10): GPU names not ids, no stray '.', no '0.0 h'."""

from __future__ import annotations

from gpupicker.core.recommend import _hours_number, recommend
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_gpus, catalog_model, catalog_prices


def _rec(**fields):
    w = Workload(task="qlora", model=catalog_model("mistral_7b_v0_1"), model_id="mistral_7b_v0_1",
                 batch=4, seq_len=2048, **fields)
    return recommend(w, catalog_gpus(), catalog_prices(), fx_rates={"CNY": 0.14})


def test_the_seed_guide_note_names_gpus_not_ids():
    notes = [n for n in _rec(dataset_tokens=1e9, budget_usd=5).notes if "seed guide" in n]
    assert notes and "NVIDIA GeForce RTX 4090" in notes[0]
    assert "rtx_4090" not in notes[0]


def test_over_budget_is_a_clause_of_the_price_not_a_sentence_after_a_stray_full_stop():
    over = [o for o in _rec(dataset_tokens=1e9, budget_usd=5).options if o.fits and o.provider]
    assert over and all("; over the $5.00 budget." in o.reason for o in over[:5])
    assert not any(". over the" in o.reason for o in over)


def test_short_runs_are_not_zero_hours():
    assert _hours_number(0.037) == "0.037" and _hours_number(3.25) == "3.2"
    assert _hours_number(366.04) == "366" and _hours_number(12_345.6) == "12,346"
    short = [o for o in _rec(dataset_tokens=1e5).options if o.cost.hours]
    assert short and not any("× 0.0 h" in o.reason for o in short)
