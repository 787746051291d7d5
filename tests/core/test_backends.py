"""llama.cpp back-ends other than CUDA and Metal: each with its own efficiency and source."""

from __future__ import annotations

import pytest

from gpupicker.core.checks import engine_hardware_refusal
from gpupicker.core.speed.throughput import estimate_throughput
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_model, gpu


def _w(model: str = "llama3_1_8b", **kw) -> Workload:
    return Workload(
        task="inference",
        model=catalog_model(model),
        framework="llama.cpp",
        weights_dtype="q4_k_m",
        prompt_len=1,
        new_tokens=128,
        **kw,
    )


def test_intel_arc_runs_vulkan_not_cuda_rates():
    """Arc A770, Llama-3.1-8B Q4_K_M: 53 tok/s on Vulkan at b7189 (llama.cpp issue #17628),
    0.47 of its 560 GB/s; the CUDA profile's 0.80 gave 1.7× that. Vulkan is the back-end
    assumed on Intel GPUs, and the assumptions say which back-end and its source."""
    t = estimate_throughput(_w(), gpu("arc_a770_16gb"), 1)
    assert t.decode_tokens_per_s == pytest.approx(53, rel=0.20)
    assert any("VULKAN back-end" in a and "#17628" in a for a in t.assumptions)
    assert (
        estimate_throughput(_w(backend="vk"), gpu("arc_a770_16gb"), 1).decode_tokens_per_s
        == t.decode_tokens_per_s
    )


def test_sycl_on_battlemage():
    """Arc B580 SYCL (IPEX-LLM build) Qwen2-7B Q4_K_M tg128 66.48 tok/s (intel/ipex-llm #12991)."""
    t = estimate_throughput(_w("qwen2_5_7b", backend="sycl"), gpu("arc_b580"), 1)
    assert t.decode_tokens_per_s == pytest.approx(66.48, rel=0.15)


def test_back_ends_that_cannot_run_are_refused():
    assert "does not run on" in engine_hardware_refusal(_w(backend="metal"), gpu("rtx_4090"))
    assert "host CPU" in engine_hardware_refusal(_w(backend="cpu"), gpu("rtx_4090"))
    assert engine_hardware_refusal(_w(backend="vulkan"), gpu("rtx_4090")) == ""
    vllm = _w().model_copy(update={"framework": "vllm", "weights_dtype": "bf16", "backend": "vulkan"})
    assert "no VULKAN back-end" in engine_hardware_refusal(vllm, gpu("h100_sxm"))
    with pytest.raises(ValueError, match="'opencl'"):
        _w(backend="opencl")


def test_sycl_host_time_per_layer():
    """The same IPEX-LLM SYCL run: DeepSeek-R1-Distill-Qwen-1.5B Q4_K_M tg128 100.7 tok/s — a
    1.1 GB model that the bandwidth alone would run at ≈ 285 tok/s: 0.35 ms of host time per
    layer (28 layers)."""
    t = estimate_throughput(_w("deepseek_r1_distill_qwen_1_5b", backend="sycl"), gpu("arc_b580"), 1)
    assert t.decode_tokens_per_s == pytest.approx(100.7, rel=0.15)


@pytest.mark.parametrize(
    "model_id,dtype,build,measured",
    [
        # llama.cpp PR #10171 (slaren, 2024-11-08, master column): Llama-3.2-1B Q8_0 tg128
        ("llama3_2_1b", "q8_0", "2024-11", 169.28),
        # ml-explore/mlx-lm #92 (llama.cpp 5215, 2025-04): Qwen3-30B-A3B Q4_K_M, 680 + 1255 tokens
        ("qwen3_30b_a3b", "q4_k_m", "2025-04", 57.26),
    ],
)
def test_metal_fixed_work_shrinks_with_narrow_layers(model_id, dtype, build, measured):
    """On an M3 Max the fixed per-layer work of the 2024 builds is 0.66 ms for 4096-wide
    layers (Llama-3-8B); 2048-wide layers do half (a constant 0.66 ms made both 45 % slow)."""
    w = Workload(
        task="inference",
        model=catalog_model(model_id),
        framework="llama.cpp",
        weights_dtype=dtype,
        prompt_len=1,
        new_tokens=128,
        engine_date=build,
    )
    t = estimate_throughput(w, gpu("apple_m3_max"), 1)
    assert t.decode_tokens_per_s == pytest.approx(measured, rel=0.15)


def test_mlx_lm_is_not_given_a_llama_cpp_build_era_by_its_date():
    """mlx-lm is costed on the llama.cpp profile, but it ships no llama.cpp build: a 2025-02
    date must not give it the per-token graph-rebuild time of llama.cpp builds before b6100.
    LM Studio MLX Qwen2.5-7B 4-bit on an M4 Max: 101 tok/s (NexVeridian/llm-inference-
    benchmarks README, 2025); the eager era's 14 ms a step had made it 64. A llama.cpp
    workload of the same date keeps its era."""

    def w(framework: str, dtype: str, date: str | None) -> Workload:
        return Workload(
            task="inference",
            model=catalog_model("qwen2_5_7b"),
            framework=framework,
            weights_dtype=dtype,
            prompt_len=64,
            new_tokens=512,
            engine_date=date,
        )

    m4 = gpu("apple_m4_max")
    dated = estimate_throughput(w("mlx-lm", "int4", "2025-02-20"), m4, 1)
    assert dated.decode_tokens_per_s == pytest.approx(
        estimate_throughput(w("mlx-lm", "int4", None), m4, 1).decode_tokens_per_s
    )
    assert dated.decode_tokens_per_s == pytest.approx(101, rel=0.25)
    assert any("mlx-lm is not a llama.cpp build" in a for a in dated.assumptions)
    old = estimate_throughput(w("llama.cpp", "q4_k_m", "2025-02-20"), m4, 1)
    new = estimate_throughput(w("llama.cpp", "q4_k_m", None), m4, 1)
    assert old.decode_tokens_per_s < 0.9 * new.decode_tokens_per_s
