"""What the ranking plans is what estimate, fit, advice and the page use; every option is rentable.

One set of token fields per job (the serving plan sizes what the page shows), one parallel plan
for a job on N GPUs (``workload.parallel_plan``), advice per task kind, options above one
instance only where the provider sells such clusters (``data/providers.csv``), start-up and
billing steps costed, ties toward fewer GPUs.
"""

from __future__ import annotations

import csv
import json

import pytest

from gpupicker.core.checks import engine_hardware_refusal
from gpupicker.core.memory import estimate_memory
from gpupicker.core.memory.common import weights_bytes
from gpupicker.core.planners.advisor import advise
from gpupicker.core.planners.fit import solve_fit
from gpupicker.core.pricing.billing import (
    IMAGE_PULL_S,
    MODEL_DOWNLOAD_BYTES_PER_S,
    MODEL_LOAD_BYTES_PER_S,
    billed_hours,
    startup_hours,
)
from gpupicker.core.pricing.providers import PROVIDERS, offer_available
from gpupicker.core.ranking.recommend import recommend
from gpupicker.core.report.estimate import estimate_report
from gpupicker.core.units import GiB
from gpupicker.core.workload import Workload
from gpupicker.service.recommendation import CatalogSnapshot, rank_on_snapshot
from gpupicker.service.resolve import resolve_model
from tests.support.paths import REPO


@pytest.fixture(scope="module")
def snap(cat):
    return CatalogSnapshot.from_repo(cat)


def job(cat, **fields) -> Workload:
    return resolve_model(Workload.model_validate(fields), cat)


# ---- one set of token fields ----------------------------------------------------------------
SERVE = {
    "task": "inference",
    "model_id": "llama2_13b",
    "weights_dtype": "int4",
    "framework": "vllm",
    "requests_per_minute": 100,
}


def _plan(rec):
    best = rec.best()
    return best.gpu_id, best.num_gpus, round(best.cost.usd_per_month, 2), best.serving


def test_serving_is_sized_for_the_tokens_the_job_shows(cat, snap):
    """Llama-2-13B int4 on vLLM, 100 requests/min, 1024 prompt + 512 output tokens.

    The serving plan's own note names the counts it used, and they are the job's fields (the
    results page shows ``avg_prompt_tokens`` / ``avg_output_tokens``, which read them).
    """
    w = job(cat, **SERVE, prompt_len=1024, new_tokens=512)
    assert (w.avg_prompt_tokens, w.avg_output_tokens) == (1024, 512)
    rec = recommend(w, snap.gpus, snap.prices, fx_rates=snap.fx_usd_per_unit)
    plans = [
        m for o in rec.options[:20] for m in _messages(o.throughput.assumptions) if m.id == "serving.plan"
    ]
    assert plans and all((p.params["prompt"], p.params["output"]) == ("1024", "512") for p in plans)
    # measured on the bundled catalog: 6 × RTX A5000 (3 replicas of 2) at $701/month; the
    # hidden 512 / 256 defaults gave 2 × at $234 before the fields were one
    gpu, n, monthly, _ = _plan(rec)
    assert (gpu, n) == ("rtx_a5000", 6)
    assert monthly == pytest.approx(700.8, abs=1.0)
    # replicas are separate instances: a plan of 3 × 2 GPUs needs no cluster for sale
    ranked = rank_on_snapshot(w, snap).recommendation
    assert "recommend.no_cluster_for_sale" not in {m.id for m in _messages(ranked.notes)}
    assert max(o.num_gpus for o in ranked.options) > 8


def test_old_token_spellings_are_the_same_fields(cat, snap):
    """``avg_prompt_tokens`` / ``avg_output_tokens`` give the same plan; retyping changes nothing."""
    a = job(cat, **SERVE, prompt_len=1024, new_tokens=512)
    b = job(cat, **SERVE, avg_prompt_tokens=1024, avg_output_tokens=512)
    retyped = Workload.model_validate({**dict(a), "prompt_len": 1024, "new_tokens": 512})
    plans = [
        _plan(recommend(x, snap.gpus, snap.prices, fx_rates=snap.fx_usd_per_unit)) for x in (a, b, retyped)
    ]
    assert plans[0] == plans[1] == plans[2]
    assert Workload.unknown_fields({**SERVE, "avg_prompt_tokens": 1}) == []


def test_disagreeing_token_spellings_are_refused():
    with pytest.raises(ValueError, match="avg_prompt_tokens 512 disagrees with prompt_len 1024"):
        Workload.model_validate({**SERVE, "prompt_len": 1024, "avg_prompt_tokens": 512})


def _messages(texts):
    """Every Message in ``texts``, nested joins included."""
    out = []
    stack = list(texts)
    while stack:
        m = stack.pop()
        if hasattr(m, "id"):
            out.append(m)
            for v in m.params.values():
                stack.extend(v if isinstance(v, tuple | list) else [v])
    return out


# ---- one parallel plan --------------------------------------------------------------------------
TASK_JOBS = [
    {"task": "inference", "model_id": "llama2_7b", "batch": 4, "prompt_len": 512, "new_tokens": 128},
    {"task": "inference", "model_id": "llama2_7b", "framework": "vllm"},
    {"task": "lora", "model_id": "llama2_7b", "dataset_tokens": 1e7},
    {"task": "qlora", "model_id": "mistral_7b_v0_1", "batch": 4, "dataset_tokens": 1e7},
    {"task": "full_ft", "model_id": "qwen2_5_1_5b", "dataset_tokens": 1e7},
    {"task": "pretrain", "model_id": "llama2_13b", "dataset_tokens": 1e8},
    {"task": "image_gen", "model_id": "sdxl_base", "images": 10},
    {"task": "diffusion_lora", "model_id": "sd1_5_unet", "images": 100},
]


@pytest.mark.parametrize("fields", TASK_JOBS, ids=lambda f: f"{f['task']}-{f['model_id']}")
def test_estimate_gives_the_ranked_bytes_for_every_gpu_and_count(cat, snap, fields):
    """``estimate_memory`` with ``num_gpus: N`` = the ranking's option for N GPUs of that type."""
    w = job(cat, **fields)
    rec = recommend(w, snap.gpus, (), counts=(1, 2, 4, 8))
    by_id = {g.id: g for g in snap.gpus}
    seen = 0
    for o in rec.options:
        if o.serving is not None:
            continue
        planned = w.model_copy(update={"gpu": o.gpu_id, "num_gpus": o.num_gpus})
        est = estimate_memory(planned, by_id[o.gpu_id])
        assert est.total_bytes == o.total_bytes_per_gpu, (o.gpu_id, o.num_gpus)
        seen += 1
    assert seen >= 40


def test_estimate_fit_and_advice_follow_the_ranking_on_four_a100(cat, snap):
    """13B pre-training on the user's 4 × A100 80GB (FSDP, as the ranking plans it).

    ``fit``: micro-batch 7 at 76.6 GiB; the estimate at micro-batch 8 is the ranked option's
    bytes; the advice's half micro-batch fits (it said 201 GiB on one unsharded GPU).
    """
    w = job(
        cat,
        task="pretrain",
        model_id="llama2_13b",
        gpu="a100_sxm_80gb",
        num_gpus=4,
        batch=8,
        seq_len=4096,
        grad_ckpt=True,
        dataset_tokens=2e9,
    )
    gpu = snap.gpu("a100_sxm_80gb")
    fit = solve_fit(w, gpu, "batch")
    assert fit.value == 7 and fit.total_bytes / GiB == pytest.approx(77.057, abs=5e-4)
    report = estimate_report(w, gpu)
    ranked = rank_on_snapshot(w, snap)
    mine = [o for o in ranked.recommendation.options if (o.gpu_id, o.num_gpus) == ("a100_sxm_80gb", 4)]
    assert mine and report["total_bytes"] == mine[0].total_bytes_per_gpu
    assert ranked.preferred_fits is False  # 81.2 GiB at micro-batch 8
    half = next(a for a in ranked.recommendation.advice if a.action == "batch_4")
    assert half.fits and half.new_total_bytes < gpu.usable_memory_bytes


def test_no_advice_when_the_ranking_fits_the_preferred_gpus(cat, snap):
    """7B pre-training on 8 × A800 SXM: fits at 42.4 GiB with FSDP, so nothing to change."""
    w = job(
        cat,
        task="pretrain",
        model_id="llama2_7b",
        gpu="a800_sxm_80gb",
        num_gpus=8,
        batch=8,
        seq_len=4096,
        grad_ckpt=True,
        dataset_tokens=2e9,
    )
    ranked = rank_on_snapshot(w, snap)
    assert ranked.recommendation.advice == ()
    est = estimate_memory(w, snap.gpu("a800_sxm_80gb"))
    assert est.total_bytes / GiB == pytest.approx(42.782, abs=5e-3)
    assert any(m.id == "memory.auto_sharding" for m in _messages(est.assumptions))


# ---- advice per task kind -----------------------------------------------------------------------
def test_qlora_advice_is_micro_batch_and_fused_loss_not_more_gpus(cat, snap):
    w = job(cat, task="qlora", model_id="llama3_8b", batch=16, seq_len=4096, gpu="rtx_4090")
    actions = [a.action for a in advise(w, snap.gpu("rtx_4090"), include_speed=False)]
    assert not any(a.startswith("more_gpus") for x in actions for a in x.split("+"))
    assert "batch_8" in actions and "batch_1" in actions and "fused_ce" in actions


def test_qlora_on_hardware_without_bitsandbytes_is_not_sent_to_llama_cpp(cat, snap):
    w = job(cat, task="qlora", model_id="mistral_7b_v0_1")
    why = [engine_hardware_refusal(w, g) for g in snap.gpus if not g.is_cuda]
    why = [m for m in why if m]
    assert why and all(m.id == "checks.bitsandbytes_training" for m in why)
    assert not any("llama.cpp" in str(m) for m in why)


# ---- providers: clusters, billing, start-up -------------------------------------------------------
def test_every_bundled_provider_has_terms_with_a_source_and_date(snap):
    text = (REPO / "data" / "providers.csv").read_text(encoding="utf-8")
    rows = list(csv.DictReader(text.splitlines()))
    assert {r["provider"] for r in rows} >= set(PROVIDERS)
    assert all(r["source"] and len(r["as_of"]) == 10 for r in rows)
    assert {t.provider for t in snap.providers} == {r["provider"] for r in rows}
    priced = {p.provider for p in snap.prices}
    assert priced <= {t.provider for t in snap.providers}


def test_no_option_has_more_gpus_than_its_provider_rents(cat, snap):
    """70B pre-training up to 2,048 GPUs: above one instance only where clusters are sold."""
    w = job(cat, task="pretrain", model_id="llama2_70b", dataset_tokens=2e10)
    rec = recommend(
        w,
        snap.gpus,
        snap.prices,
        fx_rates=snap.fx_usd_per_unit,
        max_gpus=2048,
        counts=(1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048),
        providers=snap.providers,
    )
    terms = {t.provider: t for t in snap.providers}
    offers = {(p.gpu_id, p.provider, p.pricing): p for p in snap.prices}
    assert "recommend.no_cluster_for_sale" in {m.id for m in _messages(rec.notes)}
    big = [o for o in rec.options if o.provider and o.num_gpus > 8]
    assert big  # clusters are still planned where they are sold
    for o in big:
        t = terms[o.provider]
        assert t.sells_clusters and o.num_gpus <= (t.max_cluster_gpus or 0), o
        assert offer_available(offers[(o.gpu_id, o.provider, o.pricing)], o.num_gpus, t)


def test_a_region_gets_its_own_clusters(cat, snap):
    """China-only 72B full fine-tune: domestic multi-node options, not "no offer in China fits".

    The bundled CN prices are single machines (AutoDL …); one CN cloud row of a provider that
    sells clusters (Alibaba Cloud, data/providers.csv) is enough for a domestic cluster option,
    though a cheaper provider abroad has the same GPU.
    """
    from gpupicker.core.hardware.specs import PriceOffer

    # 1,536 tokens: more than one node of 96 GB H20s holds, less than 2,048 tokens without
    # checkpointing (~60 GiB of saved activations per GPU), which with FSDP's unsharded root
    # unit (152k-vocabulary embeddings and lm_head) fits no A100 at any count
    w = job(cat, task="full_ft", model_id="qwen2_5_72b", dataset_tokens=1e8, region="CN", seq_len=1536)
    row = PriceOffer(
        gpu_id="a100_sxm_80gb",
        provider="Alibaba Cloud",
        region="CN",
        price_per_gpu_hour=35.0,
        currency="CNY",
        gpus_per_instance=8,
        observed="2026-11",
        source="test row",
    )
    rec = recommend(
        w, snap.gpus, (*snap.prices, row), fx_rates=snap.fx_usd_per_unit, providers=snap.providers
    )
    best = rec.best()
    assert best is not None and best.fits and best.num_gpus > 8
    assert best.provider == "Alibaba Cloud" and best.gpu_id == "a100_sxm_80gb"
    ids = {m.id for m in _messages(rec.notes)}
    assert "providers.none_in_region" not in ids and "recommend.multi_node_added" in ids


def test_start_up_and_ties_favour_one_gpu_for_a_short_job(cat, snap):
    """SD 1.5 LoRA on 1,000 images: a minute on 8 cards costs 8 start-ups; one card wins."""
    w = job(cat, task="diffusion_lora", model_id="sd1_5_unet", images=1000)
    rec = rank_on_snapshot(w, snap).recommendation
    assert rec.best().num_gpus == 1
    assert "cheapest" in rec.best().labels
    hours, _ = startup_hours(w)
    weights = weights_bytes(w.model, w.weights_dtype)
    assert hours * 3600 == pytest.approx(
        IMAGE_PULL_S + weights / MODEL_DOWNLOAD_BYTES_PER_S + weights / MODEL_LOAD_BYTES_PER_S
    )
    given = w.model_copy(update={"startup_minutes": 10.0})
    assert startup_hours(given)[0] == pytest.approx(10 / 60)


def test_billing_steps_round_up():
    assert billed_hours(0.01, 3600) == 1.0
    assert billed_hours(61 / 3600, 60) == pytest.approx(2 / 60)
    assert billed_hours(0.5, None) == 0.5 and billed_hours(0.5, 1) == 0.5


def test_cli_table_lists_each_gpu_type_once(monkeypatch, capsys, tmp_path):
    from gpupicker import cli

    path = tmp_path / "lora.json"
    path.write_text(json.dumps({"task": "lora", "model_id": "llama2_7b", "dataset_tokens": 2e7}))
    assert cli.main(["recommend", "--workload", str(path), "--top", "30"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line[:5].strip().isdigit()]
    names = [line[5:40].strip() for line in rows]
    assert len(names) == 30 and len(set(names)) == len(names)
    assert cli.main(["recommend", "--workload", str(path), "--top", "30", "--every-count"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line[:5].strip().isdigit()]
    assert len({line[5:40].strip() for line in rows}) < len(rows)
    assert cli.main(["recommend", "--workload", str(path), "--json"]) == 0
    every = json.loads(capsys.readouterr().out)["options"]
    assert cli.main(["recommend", "--workload", str(path), "--json", "--one-per-gpu"]) == 0
    one = json.loads(capsys.readouterr().out)["options"]
    assert len({o["gpu_id"] for o in every}) == len(one) < len(every)


@pytest.mark.slow
@pytest.mark.parametrize(
    "fields",
    [
        {"task": "full_ft", "model_id": "llama2_7b", "seq_len": 2048, "dataset_tokens": 1e8},
        {"task": "qlora", "model_id": "llama2_13b", "seq_len": 4096, "batch": 4},
        {
            "task": "pretrain",
            "model_id": "llama2_13b",
            "seq_len": 2048,
            "batch": 4,
            "grad_ckpt": True,
            "dataset_tokens": 5e9,
        },
    ],
    ids=["full_ft-7b", "qlora-13b", "pretrain-13b"],
)
def test_advice_only_where_the_ranking_shows_the_job_does_not_fit(cat, snap, fields):
    """Over the catalog (every priced GPU, 1 of it or 4, alternating down the sorted ids, so
    each job sees both counts and every GPU once: one ranking per GPU): "What to change"
    appears for the user's own GPU × count exactly when the ranking's option for it does not
    fit — never a change the ranking shows is unnecessary."""
    priced = sorted({p.gpu_id for p in snap.prices})
    checked, fits = 0, set()
    for i, gpu_id in enumerate(priced):
        n = (1, 4)[i % 2]
        w = job(cat, **fields, gpu=gpu_id, num_gpus=n)
        ranking = rank_on_snapshot(w, snap)
        own_fits = ranking.preferred_fits
        if own_fits is None:
            continue
        checked += 1
        fits.add(own_fits)
        advice = ranking.recommendation.advice
        if own_fits:
            assert not advice, (gpu_id, n, [str(a) for a in advice][:2])
        elif advice:
            assert ranking.advice_gpu is not None and ranking.advice_gpu.id == gpu_id
    assert checked >= 30 and fits == {True, False}, (checked, fits)
