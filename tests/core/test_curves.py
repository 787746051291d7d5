"""Curves' data (core/report/curves.py, no Qt): memory curve vs ``fit``, axes, dimensions, cost curve."""

from __future__ import annotations

import pytest

from gpupicker.core.planners.fit import solve_fit
from gpupicker.core.ranking.recommend import recommend
from gpupicker.core.report.curves import (
    available_dimensions,
    candidate_gpus,
    cost_curves,
    memory_curves,
)
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_gpus, catalog_model, catalog_prices, gpu
from tests.support.curves import crosses_at as _crosses_at

QLORA = Workload(
    task="qlora", model=catalog_model("mistral_7b_v0_1"), batch=4, seq_len=2048, train_hours=6, gpu="rtx_4090"
)


@pytest.mark.parametrize("dim", ["batch", "seq_len", "lora_r"])
def test_memory_curve_crosses_capacity_at_the_fit_value(dim):
    gpus = [gpu(g) for g in ("rtx_4090", "a100_sxm_40gb", "l40s", "rtx_3090")]
    data = memory_curves(QLORA, gpus, dim)
    assert [c.gpu_id for c in data.curves] == [g.id for g in gpus]
    for c, g in zip(data.curves, gpus, strict=True):
        fit = solve_fit(QLORA, g, dim)
        assert c.fit.value == fit.value
        last_ok, first_bad = _crosses_at(c.xs, c.ys, g.usable_memory_bytes)
        assert last_ok == fit.value
        if not fit.at_limit:
            assert first_bad == fit.value + 1
        assert c.crossing == (fit.value, fit.total_bytes)
        assert list(c.xs) == sorted(c.xs)
    # the RTX 4090 runs the seed's batch 4 at 2048 tokens: the grid reaches past it
    assert data.current == {"batch": 4, "seq_len": 2048, "lora_r": 16}[dim]


def test_log_axis_when_the_range_spans_decades():
    data = memory_curves(QLORA, [gpu("h200_sxm")], "seq_len")
    assert data.log_x
    assert max(data.curves[0].xs) / min(data.curves[0].xs) > 10


def test_dimensions_per_task():
    assert available_dimensions(QLORA) == ("batch", "seq_len", "lora_r")
    full = Workload(task="full_ft", model=catalog_model("llama3_2_1b"))
    assert available_dimensions(full) == ("batch", "seq_len")


def test_cost_curve_is_the_cheapest_fitting_offer_per_count():
    rec = recommend(QLORA, catalog_gpus(), catalog_prices())
    curves = cost_curves(rec)
    assert curves
    for c in curves:
        assert list(c.counts) == sorted(set(c.counts))
        for n, money in zip(c.counts, c.money, strict=True):
            opts = [
                o
                for o in rec.options
                if o.gpu_id == c.gpu_id
                and o.num_gpus == n
                and o.pricing == c.pricing
                and o.fits
                and o.cost.usd_total is not None
            ]
            assert money == pytest.approx(min(o.cost.usd_total for o in opts))
    # train_hours = 6 on the named RTX 4090: more GPUs take fewer hours, and since scaling is
    # below 100 % the total cost never falls with the count
    c4090 = next(c for c in curves if c.gpu_id == "rtx_4090")
    assert c4090.counts[0] == 1 and c4090.hours[0] == pytest.approx(6.0)
    assert list(c4090.hours) == sorted(c4090.hours, reverse=True)
    assert all(b >= a - 1e-9 for a, b in zip(c4090.money, c4090.money[1:], strict=False))
    assert candidate_gpus(rec, catalog_gpus(), "rtx_4090")[0].id == "rtx_4090"
