"""Throughput model against measurements.

Sources: validation/h200.jsonl (decode ceilings, HF generate speeds, training
tokens/s on one H200) and validation/public-cases.md (C42, C43 llama.cpp decode;
C64, C65 llm-foundry MPT-7B training; C59 SDXL).
"""

from __future__ import annotations

import statistics

import pytest

from gpupicker.core.report.estimate import estimate_report
from gpupicker.core.speed.inference import ENGINES
from gpupicker.core.speed.interconnect import allreduce_seconds
from gpupicker.core.speed.throughput import estimate_throughput, train_hours
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_model, gpu
from tests.support.validation import load_validation_cases
from tests.support.workloads import resolved_workload as _w

CASES = load_validation_cases()
LLAMA2_7B_ARCH = dict(
    hidden_size=4096,
    intermediate_size=11008,
    num_hidden_layers=32,
    num_attention_heads=32,
    vocab_size=32016,
    model_type="llama",
)
MPT_7B_ARCH = dict(
    hidden_size=4096,
    intermediate_size=16384,
    num_hidden_layers=32,
    num_attention_heads=32,
    vocab_size=50432,
    tie_word_embeddings=True,
    model_type="mpt",
)


def _err(est: float, ref: float) -> float:
    return (est - ref) / ref


@pytest.mark.parametrize("case", [c for c in CASES if c["task"] == "decode_ceiling"], ids=lambda c: c["id"])
def test_decode_ceiling_within_15_percent(case):
    """±15 % of max_decode_tokens_per_s (measured 233.0 / 140.1)."""
    w = Workload.model_validate(case)
    t = estimate_throughput(w, gpu("h200_sxm"), 1)
    assert abs(_err(t.decode_tokens_per_s, case["measured"]["max_decode_tokens_per_s"])) < 0.15
    assert t.bound == "memory-bandwidth"
    assert any("ideal" in a for a in t.assumptions)


NEEDS_CASES = pytest.mark.skipif(not CASES, reason="validation/ not present")


@NEEDS_CASES
def test_decode_ceiling_through_estimate_report():
    case = next(c for c in CASES if c["task"] == "decode_ceiling")
    out = estimate_report(Workload.model_validate(case), gpu("h200_sxm"))
    ref = case["measured"]["max_decode_tokens_per_s"]
    assert abs(_err(out["decode_tokens_per_s"], ref)) < 0.15
    assert "prefill_tokens_per_s" in out


@pytest.mark.parametrize(
    "case",
    [c for c in CASES if "hf_generate_decode_tokens_per_s_per_seq" in c["measured"]],
    ids=lambda c: c["id"],
)
def test_hf_generate_speed_is_overhead_bound_and_close(case):
    """transformers generate ran at 8–14 tok/s on the H200 (launch/CPU bound): ±20 %."""
    w = Workload.model_validate(case)
    t = estimate_throughput(w, gpu("h200_sxm"), 1)
    ref = case["measured"]["hf_generate_decode_tokens_per_s_per_seq"]
    assert abs(_err(t.decode_tokens_per_s, ref)) < 0.20
    assert t.bound == "engine-overhead"


@NEEDS_CASES
def test_h200_training_speeds():
    """All H200 training cases: median |error| < 10 %, every case within ±35 %."""
    errs = []
    for case in CASES:
        if "train_tokens_per_s" not in case["measured"]:
            continue
        w = Workload.model_validate(case)
        t = estimate_throughput(w, gpu("h200_sxm"), 1)
        errs.append(_err(t.train_tokens_per_s, case["measured"]["train_tokens_per_s"]))
    assert len(errs) >= 20
    assert statistics.median(abs(e) for e in errs) < 0.10
    assert max(abs(e) for e in errs) < 0.35


@pytest.mark.parametrize("case_id,gpu_id,ref", [("C64", "a100_sxm_80gb", 4641), ("C65", "h100_sxm", 10643)])
def test_mpt7b_training_speed_public_cases(case_id, gpu_id, ref):
    """llm-foundry MPT-7B, 8 GPUs, FSDP, seq 2048, micro-batch 6: tokens/s per GPU ±25 %."""
    w = Workload(
        task="pretrain",
        model=MPT_7B_ARCH,
        batch=6,
        seq_len=2048,
        framework="fsdp",
        parallelism={"fsdp": True},
        num_gpus=8,
    )
    t = estimate_throughput(w, gpu(gpu_id), 8)
    assert abs(_err(t.train_tokens_per_s / 8, ref)) < 0.25
    assert any("MFU" in a for a in t.assumptions)


@pytest.mark.parametrize(
    "case_id,gpu_id,dtype,ref",
    [
        ("C42 F16", "rtx_4090", "f16", 61.03),
        ("C42 Q8_0", "rtx_4090", "q8_0", 98.13),
        ("C43 Q4_0", "rtx_3090_ti", "q4_0", 127.43),
    ],
)
def test_llamacpp_decode_public_cases(case_id, gpu_id, dtype, ref):
    """llama.cpp PR #4766 / #4812 tg128 on 7B (2023-12 / 2024-01 builds): ±25 % with the
    llama.cpp profile of that build era."""
    w = Workload(
        task="inference",
        model=LLAMA2_7B_ARCH,
        batch=1,
        prompt_len=512,
        new_tokens=128,
        framework="llama.cpp",
        weights_dtype=dtype,
        kv_cache_dtype="fp16",
        engine_date="2024-01",
    )
    t = estimate_throughput(w, gpu(gpu_id), 1)
    assert abs(_err(t.decode_tokens_per_s, ref)) < 0.25


def test_sdxl_seconds_per_image_public_case():
    """C59: SDXL fp16 + SDPA, A100 40GB, 4 images × 50 steps in 11.41 s: ±25 %."""
    w = Workload(
        task="image_gen",
        model=catalog_model("sdxl_base"),
        resolution=1024,
        steps=50,
        images=4,
        weights_dtype="fp16",
        compute_dtype="fp16",
    )
    t = estimate_throughput(w, gpu("a100_sxm_40gb"), 1)
    assert abs(_err(t.seconds_per_image, 11.41 / 4)) < 0.25


def test_tensor_parallel_nvlink_beats_pcie():
    w = Workload(
        task="inference",
        model=catalog_model("llama3_70b"),
        weights_dtype="bf16",
        framework="vllm",
        batch=8,
        prompt_len=1024,
        new_tokens=256,
    )
    one = estimate_throughput(w, gpu("h100_sxm"), 1)
    four = estimate_throughput(w, gpu("h100_sxm"), 4)
    assert four.decode_tokens_per_s > 2.5 * one.decode_tokens_per_s
    assert any("tensor parallel over NVLink" in a for a in four.assumptions)
    nbytes = 8 * 8192 * 2
    assert allreduce_seconds(gpu("rtx_4090"), 4, nbytes) > 3 * allreduce_seconds(gpu("h100_sxm"), 4, nbytes)
    # HF device_map splits layers: more memory, no more speed
    hf = w.model_copy(update={"framework": "transformers"})
    assert (
        estimate_throughput(hf, gpu("h100_sxm"), 4).decode_tokens_per_s
        <= estimate_throughput(hf, gpu("h100_sxm"), 1).decode_tokens_per_s * 1.01
    )


def test_engines_order_and_assumptions():
    base = dict(task="inference", model=catalog_model("llama2_7b"), batch=1, prompt_len=512, new_tokens=128)
    speeds = {}
    for fw in ("transformers", "llama.cpp", "vllm", "tensorrt-llm"):
        t = estimate_throughput(Workload(framework=fw, **base), gpu("a100_sxm_80gb"), 1)
        speeds[fw] = t.decode_tokens_per_s
        assert t.prefill_tokens_per_s and t.prefill_tokens_per_s > t.decode_tokens_per_s
        assert any(ENGINES[fw].name in a for a in t.assumptions)
    # plain generate is the slowest; with a 2023 transformers (Qwen README: Qwen-7B bf16
    # 40.9 tok/s with HF vs llama-bench 7–8B F16 on A100 ≈ 55 tok/s) by more than 20 %
    assert speeds["transformers"] < min(speeds["llama.cpp"], speeds["vllm"])
    old = Workload(framework="transformers", environment="transformers 4.32", **base)
    assert estimate_throughput(old, gpu("a100_sxm_80gb"), 1).decode_tokens_per_s < 0.8 * min(
        speeds["llama.cpp"], speeds["vllm"]
    )
    assert speeds["vllm"] < speeds["tensorrt-llm"]
    ideal = estimate_throughput(
        Workload(**{**base, "task": "decode_ceiling"}), gpu("a100_sxm_80gb"), 1
    ).decode_tokens_per_s
    assert max(speeds.values()) < ideal


def test_batching_raises_aggregate_and_moe_reads_active_experts():
    w1 = Workload(
        task="inference",
        model=catalog_model("llama2_7b"),
        framework="vllm",
        batch=1,
        prompt_len=512,
        new_tokens=128,
    )
    w32 = w1.model_copy(update={"batch": 32})
    t1 = estimate_throughput(w1, gpu("h100_sxm"), 1)
    t32 = estimate_throughput(w32, gpu("h100_sxm"), 1)
    assert t32.aggregate_decode_tokens_per_s > 10 * t1.aggregate_decode_tokens_per_s
    assert t32.decode_tokens_per_s < t1.decode_tokens_per_s
    moe = Workload(
        task="inference",
        model=catalog_model("mixtral_8x7b"),
        framework="vllm",
        batch=1,
        prompt_len=512,
        new_tokens=128,
    )
    dense = Workload(
        task="inference",
        model=catalog_model("llama2_70b"),
        framework="vllm",
        batch=1,
        prompt_len=512,
        new_tokens=128,
    )
    assert (
        estimate_throughput(moe, gpu("h200_sxm"), 1).decode_tokens_per_s
        > 2 * estimate_throughput(dense, gpu("h200_sxm"), 1).decode_tokens_per_s
    )


def test_training_flops_rules_and_hours():
    base = dict(model=catalog_model("llama2_7b"), batch=4, seq_len=2048, framework="fsdp")
    full = estimate_throughput(Workload(task="full_ft", **base), gpu("a100_sxm_80gb"), 1)
    ckpt = estimate_throughput(Workload(task="full_ft", grad_ckpt=True, **base), gpu("a100_sxm_80gb"), 1)
    lora = estimate_throughput(Workload(task="lora", **base), gpu("a100_sxm_80gb"), 1)
    assert ckpt.train_tokens_per_s == pytest.approx(full.train_tokens_per_s * 6 / 8, rel=0.05)
    assert lora.train_tokens_per_s > full.train_tokens_per_s * 1.3
    w = Workload(task="full_ft", dataset_tokens=1e9, epochs=2, **base)
    assert train_hours(w, 1e9 / 3600) == pytest.approx(2.0)
    out = estimate_report(w, gpu("a100_sxm_80gb"))
    assert out["train_tokens_per_s"] > 0 and out["hours"] > 0


def test_the_tensor_parallel_link_is_named_after_the_vendor_fabric():
    """MI300X GPUs talk over Infinity Fabric (the catalog's interconnect), not NVLink."""
    from gpupicker.core.speed.interconnect import link_name

    assert link_name(gpu("mi300x"), 8) == "Infinity Fabric"
    assert link_name(gpu("h100_sxm"), 8) == "NVLink"
    w = Workload(
        task="inference",
        model=catalog_model("llama3_70b"),
        weights_dtype="fp8",
        framework="vllm",
        num_gpus=8,
        batch=1,
        prompt_len=128,
        new_tokens=128,
    )
    notes = " ".join(estimate_throughput(w, gpu("mi300x"), 8).assumptions)
    assert "tensor parallel over Infinity Fabric" in notes and "NVLink" not in notes


def test_rings_beyond_one_node_run_at_the_node_network_speed():
    """16 H100s span 2 HGX nodes: the ring runs over InfiniBand (50 GB/s per GPU), not NVLink."""
    from gpupicker.core.speed.interconnect import link_bandwidth_gbps, link_name

    h100 = gpu("h100_sxm")
    assert link_bandwidth_gbps(h100, 8) == pytest.approx(450.0)
    assert link_bandwidth_gbps(h100, 16) == pytest.approx(50.0)
    assert link_name(h100, 16) == "InfiniBand between 2 nodes"
    assert allreduce_seconds(h100, 16, 1e9) > 5 * allreduce_seconds(h100, 8, 1e9)
    w = Workload(
        task="full_ft",
        model=catalog_model("llama3_70b"),
        seq_len=2048,
        num_gpus=16,
        parallelism={"fsdp": True},
    )
    t = estimate_throughput(w, h100, 16)
    assert any("InfiniBand between 2 nodes" in a for a in t.assumptions)


def test_gpu_without_a_compute_figure_gets_a_stated_assumption_not_a_placeholder():
    """Apple silicon rows have no TFLOPS (Apple publishes none): derive from bandwidth, say so."""
    m3 = gpu("apple_m3_max")
    assert not m3.dense_16bit_tflops and not m3.fp32_tflops
    w = Workload(task="lora", model=catalog_model("llama3_8b"), seq_len=1024)
    t = estimate_throughput(w, m3, 1)
    note = next(a for a in t.assumptions if a.startswith("No TFLOPS figure"))
    assert f"{m3.memory_bandwidth_gbps * 20 / 1000:,.0f} TFLOPS" in note
    assert not any(" of 1 TFLOPS" in a for a in t.assumptions)


# ----------------------------------------------------------------------------------------------
def test_fabric_bandwidths_filled_and_mi325x_not_slower_than_mi300x(cat):
    """gpus.csv: MI325X has MI300X's 7 Infinity Fabric links (896 GB/s); Gaudi 2/3 scale-up =
    21 RoCE ports × 100/200 Gb/s = 525/1050 GB/s bidirectional (docs.habana.ai Network
    Configuration); MI210 with its bridge 300 GB/s (AMD brochure). Same compute, more HBM
    bandwidth: MI325X × 8 FSDP is at least as fast as MI300X × 8."""
    bw = {g: cat.get_gpu(g).nvlink_bandwidth_gbps for g in ("mi300x", "mi325x", "gaudi2", "gaudi3", "mi210")}
    assert bw == {"mi300x": 896, "mi325x": 896, "gaudi2": 525, "gaudi3": 1050, "mi210": 300}
    speeds = {}
    for g in ("mi300x", "mi325x"):
        w = _w(
            cat,
            task="full_ft",
            model_id="llama3_1_8b",
            batch=4,
            seq_len=2048,
            grad_ckpt=True,
            num_gpus=8,
            parallelism={"fsdp": True},
        )
        speeds[g] = estimate_throughput(w, cat.get_gpu(g), 8).train_tokens_per_s
    assert speeds["mi325x"] >= speeds["mi300x"]


def test_ollama_says_its_go_engine_is_not_modelled_for_the_models_it_runs_there():
    """Ollama ran gpt-oss on its own Go engine from 0.11.0 (ollama ``fs/ggml/ggml.go``
    ``OllamaEngineRequired`` at v0.11.0), not on its llama.cpp runner: gpt-oss-120b on an A100
    80GB decoded 53.7 tok/s (gparemsky/48gb4090 README, Ollama 2025-09) where the llama.cpp
    figure is about 3x that, so the estimate names the engine it does not model, with the
    releases; a llama.cpp run of the same model does not say it."""

    def notes(model_id: str, framework: str) -> str:
        w = Workload(
            task="inference",
            model=catalog_model(model_id),
            framework=framework,
            batch=1,
            engine_date="2025-09-04",
        )
        return " ".join(str(a) for a in estimate_throughput(w, gpu("a100_sxm_80gb"), 1).assumptions)

    assert "Ollama 0.11.0 to before 0.30.0 runs gpt-oss models (gpt-oss GGUF) on its own Go engine" in notes(
        "gpt_oss_120b", "ollama"
    )
    assert "own Go engine" not in notes("gpt_oss_120b", "llama.cpp")
    # its trust range is the measured 3.1x (+210 %), not the llama.cpp profile's ±20 %
    w = Workload(
        task="inference",
        model=catalog_model("gpt_oss_120b"),
        framework="ollama",
        batch=1,
        engine_date="2025-09-04",
    )
    assert estimate_throughput(w, gpu("a100_sxm_80gb"), 1).range_pct == pytest.approx(210.0)


def test_ollama_go_engine_follows_the_releases_that_listed_each_architecture():
    """qwen3moe joined ``OllamaEngineRequired`` in Ollama 0.12.2 (ollama PR #12374, 2025-09-24)
    and dense qwen3 in 0.12.0 (PR #12310, 2025-09-18): Qwen3-Coder-30B-A3B run on 2025-09-06
    (gparemsky/48gb4090, Ollama 0.11.10 then current) went to the llama.cpp runner, one run in
    October to the Go engine; gemma3 (there since 0.6.0) on 0.12.11 (ollama issue #13153) too.
    Ollama 0.30.0 runs every GGUF model on llama-server (PR #16031, 2026-06-01), and a workload
    without a date is a current Ollama: no Go engine."""
    from gpupicker.core.speed.ollama_engine import ollama_go_engine

    def arch(model_id: str, date: str | None) -> str | None:
        w = Workload(
            task="inference",
            model=catalog_model(model_id),
            model_id=model_id,
            framework="ollama",
            batch=1,
            engine_date=date,
        )
        go = ollama_go_engine(w)
        return None if go is None else go.arch

    assert arch("qwen3_coder_30b_a3b", "2025-09-06") is None
    assert arch("qwen3_coder_30b_a3b", "2025-09-24") == "qwen3moe"
    assert arch("qwen3_30b_a3b", "2025-10") == "qwen3moe"
    assert arch("qwen3_30b_a3b", "2025-09-20") is None  # 0.12.0 / 0.12.1: dense qwen3 only
    assert arch("qwen3_8b", "2025-09-20") == "qwen3"
    assert arch("qwen3_8b", "2025-09-17") is None
    assert arch("gemma3_12b", "2025-11-16") == "gemma3"
    assert arch("gpt_oss_120b", "2025-08-04") is None
    assert arch("gpt_oss_120b", "2026-05-31") == "gpt-oss"
    assert arch("gpt_oss_120b", "2026-06-01") is None
    assert arch("gpt_oss_120b", None) is None
    assert arch("llama3_8b", "2025-11-16") is None
    # a model read from its config.json carries Hugging Face's model_type
    hf = Workload(
        task="inference",
        model=catalog_model("qwen3_30b_a3b").model_copy(update={"model_type": "qwen3_moe"}),
        framework="ollama",
        batch=1,
        engine_date="2025-10",
    )
    assert ollama_go_engine(hf) is not None and ollama_go_engine(hf).arch == "qwen3moe"
    # Mistral Small 3.1 / 3.2 is mistral3 (0.6.5, commit 6bd0a983c); 2409 is a llama model
    assert arch("mistral_small_3_1_24b", "2025-09-06") == "mistral3"
    assert arch("mistral_small_2409", "2025-09-06") is None


def test_ollama_llama_runner_samples_every_token_on_the_host():
    """Ollama's llama.cpp runner samples each token on the CPU between decode steps with its
    default repeat penalty on (ollama runner/llamarunner/runner.go, api/types.go DefaultOptions):
    4 ns per vocabulary entry (llama.cpp PR #25262's CPU-against-GPU sampler table), 0.61 ms a
    token for Qwen3's 151,936 entries, on top of the llama.cpp figure; not for llama.cpp itself
    (llama-bench samples nothing) nor on Ollama's Go engine (its own sampler, not modelled)."""
    from gpupicker.core.speed.ollama_engine import ollama_sample_s

    def wl(model_id: str, framework: str, date: str) -> Workload:
        return Workload(
            task="inference", model=catalog_model(model_id), framework=framework, batch=1, engine_date=date
        )

    qwen = catalog_model("qwen3_coder_30b_a3b")
    assert ollama_sample_s(wl("qwen3_coder_30b_a3b", "ollama", "2025-09-06"), qwen) == pytest.approx(
        151936 * 4e-9
    )
    assert ollama_sample_s(wl("qwen3_coder_30b_a3b", "llama.cpp", "2025-09-06"), qwen) == 0.0
    assert ollama_sample_s(wl("qwen3_coder_30b_a3b", "ollama", "2025-10-01"), qwen) == 0.0  # Go engine

    def itl(framework: str) -> float:
        w = wl("qwen3_coder_30b_a3b", framework, "2025-09-06")
        return 1.0 / estimate_throughput(w, gpu("rtx_4090"), 1).decode_tokens_per_s

    assert itl("ollama") - itl("llama.cpp") == pytest.approx(151936 * 4e-9, rel=0.02)
