"""Engines and spellings people write, per-engine speed against published figures.

Sources: ``validation/public-speed.jsonl`` (llama-bench tables of
XiongjieDai/GPU-Benchmarks-on-LLM-Inference, TensorRT-LLM performance.md) and the vLLM logs
of vllm issue #10517.
"""

from __future__ import annotations

import json
import statistics
import sys

import pytest

from gpupicker.cli.estimate import estimate_one
from gpupicker.core.speed.throughput import estimate_throughput
from gpupicker.core.stacks.frameworks import FRAMEWORKS, known_frameworks, normalize_framework
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_model, gpu
from tests.support.paths import REPO, SCRIPTS

sys.path.insert(0, str(SCRIPTS))

from accuracy import with_source_date  # noqa: E402 - the build dates `make accuracy` gives

SPEED = REPO / "validation" / "public-speed.jsonl"
LLM_KINDS = {
    "decode_tokens_per_s": "decode_tokens_per_s",
    "prefill_tokens_per_s": "prefill_tokens_per_s",
    "output_tokens_per_s": "output_tokens_per_s",
}


def test_unknown_framework_is_refused_listing_the_known_ones():
    with pytest.raises(ValueError, match="unknown framework 'mlc-llama'.*vllm.*llama.cpp"):
        Workload(task="inference", model_id="llama2_7b", framework="mlc-llama")
    out = estimate_one(
        json.dumps({"task": "inference", "model_id": "llama2_7b", "framework": "my-engine"}), None
    )
    assert "unknown framework 'my-engine'" in out["error"]


def test_framework_table_has_a_task_kind_column_and_aliases():
    assert {"inference", "training", "diffusion"} >= set().union(*(r.kinds for r in FRAMEWORKS))
    assert "vllm" in known_frameworks("inference") and "vllm" not in known_frameworks("training")
    assert normalize_framework("TensorRT_LLM") == "tensorrt-llm"
    assert normalize_framework("MLC") == "mlc-llm"
    assert Workload(task="inference", model_id="x", framework="ExLlamaV2").framework == "exllamav2"


@pytest.mark.parametrize(
    "spelling,canonical",
    [("flash_attention_2", "flash"), ("flash_attention_3", "flash"), ("sdpa", "sdpa"), ("eager", "eager")],
)
def test_attention_spellings(spelling, canonical):
    assert Workload(task="inference", model_id="x", attention=spelling).attention == canonical


@pytest.mark.parametrize(
    "spelling,canonical",
    [
        ("gguf:Q4_K_M", "q4_k_m"),
        ("Q5_K_S", "q5_k_s"),
        ("IQ4_XS", "iq4_xs"),
        ("gguf:IQ2_XXS", "iq2_xxs"),
        ("Q3_K_L", "q3_k_l"),
        ("Q4_K_S", "q4_k_s"),
        ("IQ3_M", "iq3_m"),
    ],
)
def test_gguf_spellings(spelling, canonical):
    assert Workload(task="inference", model_id="x", weights_dtype=spelling).weights_dtype == canonical


def test_gguf_types_order_by_size():
    from gpupicker.core.dtypes import bytes_per_weight

    order = [
        "iq1_s",
        "iq2_xxs",
        "q2_k",
        "iq3_xxs",
        "q3_k_s",
        "q3_k_m",
        "iq4_xs",
        "q4_k_s",
        "q4_k_m",
        "q5_k_s",
        "q5_k_m",
        "q6_k",
        "q8_0",
    ]
    sizes = [bytes_per_weight(t) for t in order]
    assert sizes == sorted(sizes)


def test_unknown_workload_fields_give_a_named_warning():
    out = estimate_one(
        json.dumps(
            {
                "task": "inference",
                "model": {"params": 7_000_000_000},
                "max_tokens": 100,
                "temprature": 0.2,
                "id": "case-1",
            }
        ),
        None,
    )
    assert out["warnings"] == ["unknown workload fields ignored: max_tokens, temprature"]


def _cases():
    if not SPEED.exists():
        return []
    rows = [json.loads(x) for x in SPEED.read_text(encoding="utf-8").splitlines() if x.strip()]
    return [c for c in rows if c["measured"]["kind"] in LLM_KINDS]


def _error(case) -> float:
    w = Workload.model_validate(with_source_date(case))
    w = w.with_model(catalog_model(w.model_id))
    t = estimate_throughput(w, gpu(w.gpu), w.num_gpus)
    pred = getattr(t, LLM_KINDS[case["measured"]["kind"]])
    return pred / case["measured"]["value"] - 1.0


@pytest.mark.skipif(not SPEED.exists(), reason="shared validation files not present")
def test_llm_inference_speed_targets_on_the_public_cases():
    """Median |error| ≤ 12 %, every engine ≤ 20 %, ≥ 85 % within ±30 %."""
    errs = [(c["engine"], _error(c)) for c in _cases()]
    assert len(errs) >= 20
    a = [abs(e) for _, e in errs]
    assert statistics.median(a) <= 0.12
    assert sum(x <= 0.30 for x in a) / len(a) >= 0.85
    for engine in {e for e, _ in errs}:
        assert statistics.median(abs(x) for e, x in errs if e == engine) <= 0.20, engine


def test_every_inference_speed_carries_a_range_and_its_evidence():
    w = Workload(
        task="inference",
        model=catalog_model("llama3_8b"),
        framework="llama.cpp",
        weights_dtype="q4_k_m",
        prompt_len=1,
        new_tokens=512,
    )
    t = estimate_throughput(w, gpu("rtx_3090"), 1)
    assert t.range_pct and "llama-bench" in t.evidence
    out = estimate_one(
        json.dumps({"task": "inference", "model": {"params": 7_000_000_000}, "framework": "sglang"}), None
    )
    assert "speed_range_pct" not in out  # no GPU, no speed
    for fw in known_frameworks("inference"):
        t = estimate_throughput(
            w.model_copy(update={"framework": fw, "weights_dtype": "bf16"}), gpu("a100_sxm_80gb"), 1
        )
        assert t.range_pct and t.evidence and t.ttft_s and t.itl_s


def test_llamacpp_small_model_is_launch_bound_on_fast_gpus():
    """llama-bench 8B Q4_K_M tg512 (XiongjieDai tables, May 2024 builds): A100 PCIe 140.6, H100
    PCIe 145.6, RTX 4090 130.6 tok/s — bandwidth differs 2×, speed by 10 %: a fixed per-token
    cost dominates."""
    w = Workload(
        task="inference",
        model=catalog_model("llama3_8b"),
        framework="llama.cpp",
        weights_dtype="q4_k_m",
        prompt_len=1,
        new_tokens=512,
        engine_date="2024-05",
    )
    a100 = estimate_throughput(w, gpu("a100_pcie_80gb"), 1).decode_tokens_per_s
    h100 = estimate_throughput(w, gpu("h100_pcie"), 1).decode_tokens_per_s
    r4090 = estimate_throughput(w, gpu("rtx_4090"), 1).decode_tokens_per_s
    assert a100 == pytest.approx(140.6, rel=0.15) and h100 == pytest.approx(145.6, rel=0.15)
    assert max(a100, h100, r4090) / min(a100, h100, r4090) < 1.3


@pytest.mark.parametrize(
    "model_id,dtype,gpu_id,tokens,measured",
    [
        # PR #15802 (2025-09): RTX 3090, llama 8B Q4_0, micro-batch 1 pp512 (one token a step)
        ("llama3_8b", "q4_0", "rtx_3090", 512, 155.02),
        # CambrianTech/continuum PR #1627 (2026-06): RTX 5090, Qwen3-8B Q4_K_M, 221.7 tok/s
        ("qwen3_8b", "q4_k_m", "rtx_5090", 128, 221.7),
    ],
)
def test_llamacpp_current_builds_reuse_graphs(model_id, dtype, gpu_id, tokens, measured):
    """Builds from b6100 (2025-08: graphs reused across tokens, fused kernels) decode small
    models far faster than the 2024 tables: a current build is the default, the era is said,
    and a 2024 date gives the old per-layer time back."""
    w = Workload(
        task="inference",
        model=catalog_model(model_id),
        framework="llama.cpp",
        weights_dtype=dtype,
        prompt_len=1,
        new_tokens=tokens,
    )
    now = estimate_throughput(w, gpu(gpu_id), 1)
    assert now.decode_tokens_per_s == pytest.approx(measured, rel=0.10)
    assert any("current build is assumed" in a for a in now.assumptions)
    old = estimate_throughput(w.model_copy(update={"engine_build": "b2800"}), gpu(gpu_id), 1)
    assert old.decode_tokens_per_s < 0.9 * now.decode_tokens_per_s
    assert any("before b6100" in a and "(b2800)" in a for a in old.assumptions)


def test_engine_build_spellings_and_errors():
    """llama-bench prints 'build: e598697d (4696)'; people write b4696 or 4696; anything else is
    refused with its text named, and a build given to an engine that is no llama.cpp build is a
    warning (it changes nothing there)."""
    from gpupicker.core.checks import workload_warnings
    from gpupicker.core.speed.llamacpp_engine import llamacpp_era
    from gpupicker.core.workload.spellings import build_number

    assert {build_number(t) for t in ("b4696", "4696", "build: e598697d (4696)")} == {4696}
    assert llamacpp_era("b6552", None)[0].id == "graph_reuse"
    assert llamacpp_era(None, "2024-05-13")[0].id == "eager"
    assert llamacpp_era(None, None) == (llamacpp_era("b9999", None)[0], False)
    with pytest.raises(ValueError, match="'v1.2'"):
        Workload(task="inference", params=7_000_000_000, engine_build="v1.2")
    with pytest.raises(ValueError):
        Workload(task="inference", params=7_000_000_000, engine_date="May 2024")
    vllm = Workload(
        task="inference", model=catalog_model("llama3_8b"), framework="vllm", engine_build="b4696"
    )
    assert any("does not use them" in str(m) for m in workload_warnings(vllm))
    gguf = vllm.model_copy(update={"framework": "ollama", "weights_dtype": "q4_k_m"})
    assert not any("does not use them" in str(m) for m in workload_warnings(gguf))


def test_moe_decode_reads_the_active_experts_not_a_remainder():
    """DeepSeek-V3 (37.6 B active of 671 B, FP8): one token reads ≈ 37 GB of weights. The
    catalog's total and layer shapes disagree for this row, so the bytes come from the
    published active count. SGLang v0.4.1 measured 30.3 tok/s at batch 1 on 8 × H200
    (sglang PR #2643): the estimate must not be several times that any more (was 196)."""
    from gpupicker.core.speed.weight_reads import decode_weight_bytes

    m = catalog_model("deepseek_v3")
    assert decode_weight_bytes(m, "fp8", 1) == pytest.approx(m.active_param_count() * 1.0, rel=0.1)
    w = Workload(
        task="inference", model=m, framework="sglang", weights_dtype="fp8", prompt_len=128, new_tokens=256
    )
    t = estimate_throughput(w, gpu("h200_sxm"), 8)
    assert t.decode_tokens_per_s < 130
    # a batch touches more experts: more bytes, never more than the whole model
    assert decode_weight_bytes(m, "fp8", 1) < decode_weight_bytes(m, "fp8", 64) <= 1.01 * 671e9


def test_hf_generate_host_time_follows_the_named_environment():
    """Qwen README (C38, A100-80GB, transformers 4.3x): Qwen-7B bf16 40.9 tok/s, Int4 50.1;
    the H200 cases (transformers 5.17, environment given) run 13.5 tok/s for Llama-2-7B — the
    host time of one environment does not carry over to another."""
    m = catalog_model("qwen_7b")
    w = Workload(
        task="inference",
        model=m,
        framework="transformers",
        prompt_len=1,
        new_tokens=2048,
        environment="transformers 4.32",
    )
    a100 = gpu("a100_sxm_80gb")
    assert estimate_throughput(w, a100, 1).decode_tokens_per_s == pytest.approx(40.9, rel=0.3)
    int4 = w.model_copy(update={"weights_dtype": "int4"})
    assert estimate_throughput(int4, a100, 1).decode_tokens_per_s == pytest.approx(50.1, rel=0.3)
    v5 = w.model_copy(update={"environment": "PyTorch 2.11 (CUDA 13.0), transformers 5.17"})
    assert (
        estimate_throughput(v5, a100, 1).decode_tokens_per_s
        < 0.5 * estimate_throughput(w, a100, 1).decode_tokens_per_s
    )


def _e2e_tokens_per_s(w: Workload, gpu_id: str) -> float:
    """(prompt + generated) / (TTFT + new × ITL): the Qwen speed benchmark's convention."""
    t = estimate_throughput(w, gpu(gpu_id), 1)
    assert t.ttft_s is not None and t.itl_s is not None
    return (w.prompt_len + w.new_tokens) / (t.ttft_s + w.new_tokens * t.itl_s)


@pytest.mark.parametrize("dtype,measured", [("bf16", 1.89), ("fp8", 0.44)])
def test_hf_moe_generate_loops_over_every_expert_before_4_53(dtype, measured):
    """QwenLM/Qwen2.5 docs speed_benchmark.md (Qwen3 tables, H20, transformers 4.51.3): Qwen3-
    30B-A3B at batch 1 runs 1.89 tok/s in bf16 and 0.44 in FP8 — 4.51's MoE block visits all
    128 experts of each of 48 layers with a ``torch.where`` synchronization each, and every
    FP8Linear synchronizes the device; neither is fitted (the dense rows set the per-op time).
    From 4.53 (transformers PR #38133) only the routed experts are visited."""
    w = Workload(
        task="inference",
        model=catalog_model("qwen3_30b_a3b"),
        framework="transformers",
        weights_dtype=dtype,
        prompt_len=1,
        new_tokens=2048,
        environment="transformers 4.51.3, PyTorch 2.6.0",
    )
    assert _e2e_tokens_per_s(w, "h20") == pytest.approx(measured, rel=0.3)
    t = estimate_throughput(w, gpu("h20"), 1)
    assert any("all 128 experts" in str(a) for a in t.assumptions)
    newer = w.model_copy(update={"environment": "transformers 4.57"})
    assert _e2e_tokens_per_s(newer, "h20") > 5 * measured


def test_hf_dense_fp8_pays_two_triton_launches_and_a_sync_per_linear():
    """Same benchmark: Qwen3-0.6B bf16 58.57 tok/s, FP8 24.60 (FP8Linear: act_quant and the
    block-FP8 GEMM are Triton kernels, then ``torch.cuda.synchronize()``)."""
    base = dict(
        task="inference",
        model=catalog_model("qwen3_0_6b"),
        framework="transformers",
        prompt_len=1,
        new_tokens=2048,
        environment="transformers 4.51.3",
    )
    bf16 = _e2e_tokens_per_s(Workload(weights_dtype="bf16", **base), "h20")
    fp8 = _e2e_tokens_per_s(Workload(weights_dtype="fp8", **base), "h20")
    assert bf16 == pytest.approx(58.57, rel=0.15)
    assert fp8 == pytest.approx(24.60, rel=0.15)


@pytest.mark.parametrize(
    "model_id,gpu_id,ref",
    [
        ("llama2_7b", "rtx_3090_ti", 177),
        ("llama2_7b", "rtx_4090", 198),
        ("llama2_13b", "rtx_3090_ti", 109),
        ("llama2_13b", "rtx_4090", 111),
    ],
)
def test_exllamav2_decode_matches_its_readme_table(model_id, gpu_id, ref):
    """turboderp/exllamav2 README 'Performance': Llama GPTQ 4-bit (group size 128)."""
    w = Workload(
        task="inference",
        model=catalog_model(model_id),
        framework="exllamav2",
        weights_dtype="int4",
        prompt_len=128,
        new_tokens=128,
    )
    assert estimate_throughput(w, gpu(gpu_id), 1).decode_tokens_per_s == pytest.approx(ref, rel=0.15)


@pytest.mark.parametrize(
    "model_id,gpu_id,ref",
    [
        ("llama2_7b", "rtx_4090", 173),
        ("llama2_13b", "rtx_4090", 102),
        # mlc-ai/llm-perf-bench PR #1 (ExLlama c16cf49, single-stream decode): Ampere at V1's rate
        ("llama2_7b", "rtx_3090_ti", 112.72),
        ("llama2_13b", "rtx_3090_ti", 69.31),
    ],
)
def test_exllama_v1_decode_matches_its_own_tables(model_id, gpu_id, ref):
    """turboderp/exllama README (commit 30d8051) 'Best' column, Llama GPTQ 4-bit 128g on an
    RTX 4090; V1 is its own framework, not V2 (whose README has 177 tok/s on the 3090 Ti)."""
    w = Workload(
        task="inference",
        model=catalog_model(model_id),
        framework="exllama",
        weights_dtype="int4",
        quant_method="gptq",
        prompt_len=1,
        new_tokens=128,
    )
    assert w.framework == "exllama"
    assert estimate_throughput(w, gpu(gpu_id), 1).decode_tokens_per_s == pytest.approx(ref, rel=0.25)


def test_llamacpp_moe_prefill_before_the_batched_moe_path_loops_over_experts():
    """llama.cpp PR #13199's table (RTX 4090, DeepSeek-V2-Lite Q4_0, pp2048 at ``-ub 512``):
    3,491.5 tok/s before, 7,603.3 after; the dense llama 8B Q4_0 row is unchanged (1.01×)."""
    base = dict(
        task="inference",
        model=catalog_model("deepseek_v2_lite"),
        framework="llama.cpp",
        weights_dtype="q4_0",
        prompt_len=2048,
        new_tokens=1,
    )
    old = estimate_throughput(Workload(engine_build="b5215", **base), gpu("rtx_4090"), 1)
    new = estimate_throughput(Workload(engine_build="b5300", **base), gpu("rtx_4090"), 1)
    assert old.prefill_tokens_per_s == pytest.approx(3491.5, rel=0.30)
    assert new.prefill_tokens_per_s / old.prefill_tokens_per_s == pytest.approx(7603.3 / 3491.5, rel=0.30)
    assert any("13199" in str(a) for a in old.assumptions)
    dense = dict(base, model=catalog_model("llama3_8b"))
    assert (
        estimate_throughput(Workload(engine_build="b5215", **dense), gpu("rtx_4090"), 1).prefill_tokens_per_s
        == estimate_throughput(
            Workload(engine_build="b5300", **dense), gpu("rtx_4090"), 1
        ).prefill_tokens_per_s
    )


@pytest.mark.parametrize(
    "model_id,measured", [("qwen3_1_7b", 227.80), ("qwen3_8b", 81.73), ("qwen3_32b", 20.72)]
)
def test_sglang_bf16_decode_on_the_h20_pays_64_row_wgmma_tiles(model_id, measured):
    """QwenLM/Qwen2.5 docs speed_benchmark.md (Qwen3 tables, H20, SGLang 0.4.6.post1): BF16 at
    input length 1, 2048 generated tokens. cuBLAS's Hopper GEMMs issue ``wgmma`` of M = 64, and
    the H20 has 37 tensor FLOPs per byte of bandwidth, so batch 1 is bound by 64 rows of GEMM;
    the same models stream at the bandwidth on an H100 (295 FLOPs per byte). A workload that
    names no SGLang version is taken to run a newer one, whose GEMMs stream at the bandwidth."""
    w = Workload(
        task="inference",
        model=catalog_model(model_id),
        framework="sglang",
        weights_dtype="bf16",
        prompt_len=1,
        new_tokens=2048,
        environment="SGLang 0.4.6.post1",
    )
    assert _e2e_tokens_per_s(w, "h20") == pytest.approx(measured, rel=0.15)
    t = estimate_throughput(w, gpu("h20"), 1)
    assert t.bound == "compute"
    assert any("at least 64 rows" in str(a) for a in t.assumptions)
    h100 = estimate_throughput(w, gpu("h100_sxm"), 1)
    assert h100.bound == "memory-bandwidth"
    fp8 = estimate_throughput(w.model_copy(update={"weights_dtype": "fp8"}), gpu("h20"), 1)
    assert not any("at least 64 rows" in str(a) for a in fp8.assumptions)
    unnamed = estimate_throughput(w.model_copy(update={"environment": None}), gpu("h20"), 1)
    assert unnamed.bound == "memory-bandwidth"
    assert any("0.5 or newer" in str(a) for a in unnamed.assumptions)
    assert (unnamed.decode_tokens_per_s or 0) > (t.decode_tokens_per_s or 0)


def test_vulkan_prompt_processing_on_nvidia_uses_the_cooperative_matrix_rate():
    """llama.cpp PR #13506 (2025-05): RTX 3090 llama 8B Q4_0 pp512 3,156.8 tok/s on Vulkan
    with VK_KHR_cooperative_matrix, 0.84 of the CUDA path's model; an Intel card keeps the
    vendor-neutral 0.42 of PR #5835."""
    base = dict(
        task="inference",
        model=catalog_model("llama3_1_8b"),
        framework="llama.cpp",
        weights_dtype="q4_0",
        prompt_len=512,
        new_tokens=1,
        engine_build="b5400",
    )
    cuda = estimate_throughput(Workload(**base), gpu("rtx_3090"), 1).prefill_tokens_per_s
    vulkan = estimate_throughput(Workload(backend="vulkan", **base), gpu("rtx_3090"), 1)
    assert vulkan.prefill_tokens_per_s == pytest.approx(3156.8, rel=0.15)
    assert cuda and vulkan.prefill_tokens_per_s < cuda
    assert any("84%" in str(a) for a in vulkan.assumptions)
    arc = estimate_throughput(Workload(backend="vulkan", **base), gpu("arc_a770_16gb"), 1)
    assert any("42%" in str(a) for a in arc.assumptions)


def test_mla_latent_is_read_whole_on_every_tensor_parallel_rank():
    """DeepSeek-V3 on 8 × H200 under vLLM: the MLA latent (kv_lora 512 + rope 64 = 576 values
    per token per layer, 61 layers; its config.json) is held whole on every rank (vLLM
    ``ModelConfig.get_num_kv_heads``: MLA decodes as MQA, one KV head), so each rank reads all
    of it every step while the weights are split eight ways."""
    from gpupicker.core.speed.roofline import _Roofline

    m = catalog_model("deepseek_v3")
    w = Workload(
        task="inference",
        model=m,
        framework="vllm",
        weights_dtype="fp8",
        batch=64,
        prompt_len=8192,
        new_tokens=512,
    )
    r = _Roofline.of(w, m, gpu("h200_sxm"), 8)
    assert r.tp == 8 and r.kv_shards == 1
    s = r.speed(64, 8192, 512)
    ctx = 8192 + 512 / 2
    assert s.kv_bytes == pytest.approx(64 * ctx * 61 * 576 * 2, rel=0.01)  # bf16 latent
    p = r.profile
    per_rank = s.weight_bytes / 8 + p.kv_traffic * s.kv_bytes / p.kv_eta
    assert s.mem_s == pytest.approx(per_rank / (r.bw * r.eta), rel=1e-9)
    # 38 GB of latent per rank per step (it was counted as 4.7 GB, split eight ways), and the
    # estimate says the cache is not split
    assert p.kv_traffic * s.kv_bytes / p.kv_eta > 0.4 * s.weight_bytes / 8
    said = " ".join(r.throughput(w, s).assumptions)
    assert "the KV cache is not split over the 8 tensor-parallel ranks: every rank holds 8×" in said


def test_gqa_kv_heads_fewer_than_ranks_are_replicated_in_the_decode_reads():
    """Qwen3-30B-A3B has 4 KV heads (its config.json): on 8 ranks each rank holds one whole
    head (vLLM ``get_num_kv_heads``: ``max(1, kv_heads // tp)``), so the cache divides by 4."""
    from gpupicker.core.speed.roofline import _Roofline

    m = catalog_model("qwen3_30b_a3b")
    w = Workload(task="inference", model=m, framework="vllm", batch=32, prompt_len=4096, new_tokens=256)
    assert _Roofline.of(w, m, gpu("h100_sxm"), 8).kv_shards == 4
    assert _Roofline.of(w, m, gpu("h100_sxm"), 4).kv_shards == 4
