"""A money-only change reuses the GPU × count evaluations and ranks as a fresh run.

``recommend`` evaluates memory, speed and serving plans on the job without its money fields
(``evaluation.MONEY_DEFAULTS``) and memoizes that evaluation (``evaluation.evaluate``). Every
option and note must be exactly what a fresh evaluation gives, for budgets, caps, deadlines,
pricing types, regions, providers and currencies, and for the jobs whose evaluation has notes of its own
(a planned run length on a named GPU, engines refused on some hardware).
"""

from __future__ import annotations

import sys

import pytest

from tests.support.paths import SCRIPTS

sys.path.insert(0, str(SCRIPTS))

import bench  # noqa: E402

from gpupicker.core.pricing.money import Money  # noqa: E402
from gpupicker.core.ranking import evaluation  # noqa: E402
from gpupicker.core.ranking.evaluation import MONEY_DEFAULTS  # noqa: E402
from gpupicker.core.ranking.recommend import recommend  # noqa: E402
from gpupicker.core.workload import Workload  # noqa: E402

MONEY_CHANGES = (
    {"budget_usd": 50.0},
    {"max_usd_per_hour": 3.0, "deadline_hours": 10.0},
    {"pricing": "spot"},
    {"region": "CN", "currency": "CNY"},
    {"region": "CN", "providers": ("AutoDL",)},
    {"providers": ("runpod", "Lambda")},
)


def _jobs(models) -> list[Workload]:
    jobs = [w for _, w in bench.workloads(models)]
    base = jobs[1]
    # a run length on a named GPU (the evaluation's reference note) and an engine
    # that refuses some GPU types (its refusal note)
    jobs.append(base.model_copy(update={"train_hours": 5.0, "gpu": "h100_sxm", "dataset_tokens": None}))
    jobs.append(
        Workload.model_validate({"task": "inference", "model": models["llama3_8b"], "framework": "vllm"})
    )
    return jobs


def _dump(rec) -> tuple:
    # the reason is built when read (not a field model_dump gives)
    return tuple((o.model_dump(), o.reason) for o in rec.options), rec.notes


@pytest.mark.parametrize("change", MONEY_CHANGES)
def test_money_only_change_ranks_as_a_fresh_evaluation(change):
    gpus, prices, models, _ = bench.load_catalog()
    snap = tuple(prices)
    for w in _jobs(models):
        changed = w.model_copy(update=change)
        recommend(w, gpus, snap)  # fills the memo with this job's evaluation
        before = evaluation.evaluate.cache_info().hits
        reused = recommend(changed, gpus, snap, money=Money("CNY", 7.1))
        assert evaluation.evaluate.cache_info().hits == before + 1
        evaluation.evaluate.cache_clear()
        fresh = recommend(changed, gpus, snap, money=Money("CNY", 7.1))
        assert _dump(reused) == _dump(fresh), (w.task, w.framework, change)


def test_a_job_change_is_evaluated_again():
    gpus, prices, models, _ = bench.load_catalog()
    w = bench.workloads(models)[1][1]
    a = recommend(w, gpus, tuple(prices))
    misses = evaluation.evaluate.cache_info().misses
    b = recommend(w.model_copy(update={"batch": w.batch + 1}), gpus, tuple(prices))
    assert evaluation.evaluate.cache_info().misses == misses + 1
    assert a.options[0].throughput != b.options[0].throughput


def test_money_defaults_are_the_workload_defaults():
    # the evaluated job is the user's with these fields at their defaults: a new money field
    # belongs here, a field the evaluation reads must not be here
    assert set(MONEY_DEFAULTS) == {
        "pricing",
        "budget_usd",
        "max_usd_per_hour",
        "deadline_hours",
        "currency",
        "region",
        "providers",
        "startup_minutes",
        "checkpoint_interval_hours",
        "prefer_in_stock",
    }
    _, _, models, _ = bench.load_catalog()
    w = Workload.model_validate({"task": "inference", "model": models["llama3_8b"]})
    assert w.model_copy(update=MONEY_DEFAULTS) == w


@pytest.mark.parametrize("pricing", ["on_demand", "spot"])
def test_costs_reused_across_money_changes_are_those_of_a_fresh_ranking(pricing):
    # an offer's cost is kept on its evaluation and reused while the arguments of the cost stay
    # the same (a budget, cap or deadline change): with provider terms (billing steps, clusters)
    # and spot rates, each ranking after the first must still be a fresh one's
    from gpupicker.catalog.bundle import load_providers, load_spot_rates
    from tests.support.paths import REPO

    gpus, prices, models, _ = bench.load_catalog()
    snap = tuple(prices)
    terms = load_providers(REPO / "data")
    rates = load_spot_rates(REPO / "data")
    for w in _jobs(models)[:3]:
        w = w.model_copy(update={"pricing": pricing})
        recommend(w, gpus, snap, providers=terms, spot_rates=rates)
        for change in ({"budget_usd": 50.0}, {"budget_usd": 5000.0, "deadline_hours": 10.0}, {}):
            changed = w.model_copy(update=change)
            reused = recommend(changed, gpus, snap, providers=terms, spot_rates=rates)
            evaluation.evaluate.cache_clear()
            fresh = recommend(changed, gpus, snap, providers=terms, spot_rates=rates)
            assert _dump(reused) == _dump(fresh), (w.task, pricing, change)
