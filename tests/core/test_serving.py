"""Serving is sized by what the engine can hold.

Seed serving case: Llama-2-13B int4 on vLLM at 100 requests/min (512 + 256 tokens). Every
option's concurrency must fit its KV pool, and ``estimate`` of the same workload on
``gpus_per_replica`` cards must give the same concurrency and per-replica tokens/s.
"""

from __future__ import annotations

import json

import pytest

from gpupicker.cli.recommend_output import option_dict
from gpupicker.core.ranking.recommend import recommend
from gpupicker.core.report.estimate import estimate_report
from gpupicker.core.speed.serving import plan_serving
from gpupicker.core.speed.throughput import estimate_throughput
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_gpus, catalog_model, catalog_prices, gpu

SEED = dict(
    task="inference",
    model_id="llama2_13b",
    weights_dtype="int4",
    framework="vllm",
    requests_per_minute=100,
    avg_prompt_tokens=512,
    avg_output_tokens=256,
)


def _seed(**kw) -> Workload:
    return Workload(**{**SEED, **kw}).with_model(catalog_model("llama2_13b"))


@pytest.fixture(scope="module")
def seed_options():
    return recommend(_seed(), catalog_gpus(), catalog_prices()).options


def test_serving_options_fit_their_kv_pool_and_give_the_json_fields(seed_options):
    fitting = [o for o in seed_options if o.fits]
    assert fitting
    for o in fitting:
        d = option_dict(o)["serving"]
        assert set(d) >= {
            "replicas",
            "gpus_per_replica",
            "max_concurrent_seqs",
            "aggregate_decode_tokens_per_s",
        }
        assert d["replicas"] * d["gpus_per_replica"] == o.num_gpus
        assert 1 <= d["concurrent_seqs"] <= d["max_concurrent_seqs"]
        # the pool holds the concurrency: blocks of 512 + 256 tokens per sequence
        pool = o.memory.kv_pool_tokens
        assert pool is not None and d["concurrent_seqs"] * 768 <= pool
        assert d["aggregate_decode_tokens_per_s"] == pytest.approx(
            d["replica_decode_tokens_per_s"] * d["replicas"], rel=1e-3
        )


def test_the_issue_3080_case_no_longer_serves_with_a_batch_the_pool_cannot_hold(seed_options):
    for o in seed_options:
        if o.gpu_id == "rtx_3080" and o.serving and o.serving.gpus_per_replica == 1:
            # 10 GB: the pool holds 2 sequences of 768 tokens, so several replicas are needed
            assert o.serving.max_concurrent_seqs <= 3
            assert o.serving.replicas >= 4
            assert o.serving.replica_decode_tokens_per_s < 150


@pytest.mark.parametrize(
    "engine",
    [
        {},
        {"framework": "sglang"},
        {"framework": "llama.cpp", "weights_dtype": "q4_k_m"},
        {"framework": "tensorrt-llm"},
    ],
)
def test_estimate_gives_the_same_concurrency_and_tokens_per_s_as_recommend(engine, seed_options):
    """Over the whole catalog: each option's replica, estimated alone."""
    checked = 0
    seen = set()
    options = (
        seed_options if not engine else recommend(_seed(**engine), catalog_gpus(), catalog_prices()).options
    )
    for o in options:
        s = o.serving
        if s is None or not o.fits or (o.gpu_id, s.gpus_per_replica) in seen:
            continue
        seen.add((o.gpu_id, s.gpus_per_replica))
        w = _seed(gpu=o.gpu_id, num_gpus=s.gpus_per_replica, **engine)
        out = estimate_report(w, gpu(o.gpu_id))["serving"]
        assert out["max_concurrent_seqs"] == s.max_concurrent_seqs
        assert out["concurrent_seqs"] == s.concurrent_seqs
        assert out["replica_decode_tokens_per_s"] == pytest.approx(s.replica_decode_tokens_per_s, rel=1e-3)
        assert out["replicas"] == s.replicas
        checked += 1
    assert checked >= 15


def test_latency_targets_reject_options_that_miss_them():
    w = _seed(itl_target_s=0.015)
    _, _, slow, _ = plan_serving(w, gpu("t4"), 1)
    _, _, fast, _ = plan_serving(w, gpu("h100_sxm"), 1)
    assert not slow.meets_targets and fast.meets_targets and fast.itl_s <= 0.015
    rec = recommend(w, catalog_gpus(), catalog_prices())
    t4 = next(o for o in rec.options if o.gpu_id == "t4" and o.fits and o.serving.gpus_per_replica == 1)
    assert not t4.within_budget and "latency target" in t4.reason
    # tensor parallel over 8 T4s shortens each step enough
    assert any(
        o.gpu_id == "t4" and o.serving.gpus_per_replica == 8 and o.serving.meets_targets for o in rec.options
    )
    assert json.dumps(option_dict(t4)["serving"])  # JSON-able


def test_vllm_token_budget_follows_its_engine_arguments():
    """vllm/engine/arg_utils.py ``EngineArgs.get_batch_defaults``: the OpenAI server runs 8,192
    tokens a step on GPUs of ≥ 70 GiB other than the A100, 2,048 elsewhere; a workload's
    ``max_num_batched_tokens`` wins; engines without mixed chunked prefill have none."""
    from gpupicker.core.speed.throughput import chunked_prefill_budget

    base = dict(task="inference", model=catalog_model("llama3_8b"), framework="vllm")
    assert chunked_prefill_budget(Workload(**base), gpu("h100_sxm")) == 8192
    assert chunked_prefill_budget(Workload(**base), gpu("a100_sxm_80gb")) == 2048
    assert chunked_prefill_budget(Workload(**base), gpu("l40s")) == 2048
    assert chunked_prefill_budget(Workload(max_num_batched_tokens=512, **base), gpu("h100_sxm")) == 512
    assert chunked_prefill_budget(Workload(**{**base, "framework": "sglang"}), gpu("h100_sxm")) == 0
    # V0 (vLLM 0.6) chunks only above a 32K context: its prefills run as steps of their own
    v0 = {**base, "environment": "vLLM 0.6.6"}
    assert chunked_prefill_budget(Workload(**v0), gpu("h100_sxm")) == 0
    assert chunked_prefill_budget(Workload(max_model_len=65536, **v0), gpu("h100_sxm")) == 512


def test_continuous_batching_itl_pays_for_the_prompts_mixed_into_each_step():
    """vLLM V1 always runs chunked prefill: with 64 sequences of 1,024 + 128 tokens kept
    running, each step also prefills 64 × 1,024 / 128 = 512 prompt tokens, which on an A100 is
    compute the memory-bound decode step cannot hide (ITL at full continuous batching is 2–3×
    the decode-only step); at batch 1 nearly nothing is mixed in."""
    base = dict(
        task="inference", model=catalog_model("llama3_8b"), framework="vllm", prompt_len=1024, new_tokens=128
    )
    a100 = gpu("a100_sxm_80gb")
    t = estimate_throughput(Workload(batch=64, **base), a100, 1)
    sglang = estimate_throughput(Workload(batch=64, **{**base, "framework": "sglang"}), a100, 1)
    assert t.itl_s is not None and sglang.itl_s is not None
    assert 2.0 * sglang.itl_s < t.itl_s < 3.5 * sglang.itl_s
    assert any("512 prompt tokens" in str(a) for a in t.assumptions)
    one = estimate_throughput(Workload(batch=1, **base), a100, 1)
    assert not any("chunked prefill" in str(a) for a in one.assumptions)
    # larger budget, same mix: the same tokens per step, so the same ITL
    big = estimate_throughput(Workload(batch=64, max_num_batched_tokens=8192, **base), a100, 1)
    assert big.itl_s == pytest.approx(t.itl_s, rel=0.01)


def test_a_batch_beyond_the_kv_pool_runs_at_what_the_pool_holds():
    """GPUStack's performance lab (validation case GSQ32H1): ``vllm serve Qwen/Qwen3-32B`` on one
    H100 given 1,000 ShareGPT prompts at once (217 + 201 tokens each). vLLM admits a request only
    while its KV blocks can be allocated (``vllm/v1/core/sched/scheduler.py``), so the run goes at
    the concurrency the pool holds, not at 1,000: the speed is that of the held batch (measured
    1,131.55 output tokens/s; the held batch predicts about half of what 1,000 running would)."""
    from gpupicker.core.memory import estimate_memory
    from gpupicker.core.speed.throughput import kv_held_batch

    w = Workload(
        task="inference",
        model=catalog_model("qwen3_32b"),
        framework="vllm",
        batch=1000,
        prompt_len=217,
        new_tokens=201,
    )
    h100 = gpu("h100_sxm")
    mem = estimate_memory(w, h100, 1)
    held = kv_held_batch(w, mem)
    assert mem.max_concurrent_seqs is not None and held == mem.max_concurrent_seqs and 1 < held < 1000
    t = estimate_throughput(w, h100, 1, mem)
    at_held = estimate_throughput(w.model_copy(update={"batch": held}), h100, 1)
    assert t.output_tokens_per_s == at_held.output_tokens_per_s
    assert any(f"only {held} of the 1000 sequences" in str(a) for a in t.assumptions)
    unheld = estimate_throughput(w, h100, 1)  # no memory estimate: the batch as asked
    assert unheld.output_tokens_per_s is not None and t.output_tokens_per_s is not None
    assert t.output_tokens_per_s < 0.7 * unheld.output_tokens_per_s
    # a batch the pool holds is unchanged
    small = w.model_copy(update={"batch": 8})
    assert kv_held_batch(small, estimate_memory(small, h100, 1)) == 8
