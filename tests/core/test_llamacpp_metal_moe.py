"""llama.cpp's Metal MoE prompt processing before PR #13388 (the old ``MUL_MAT_ID`` kernel)."""

from __future__ import annotations

import pytest

from gpupicker.core.speed.llamacpp_engine import LLAMACPP_METAL_MMID_SLOWDOWN, llamacpp_metal_mmid_factor
from gpupicker.core.speed.throughput import estimate_throughput
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_model, gpu


@pytest.mark.parametrize(
    "build,date,width,factor",
    [
        ("b5215", None, 0.56, LLAMACPP_METAL_MMID_SLOWDOWN["quantized"]),
        ("b5215", None, 2.0, LLAMACPP_METAL_MMID_SLOWDOWN["16-bit"]),
        ("b5299", None, 0.56, 1.0),
        (None, "2025-04-29", 1.06, LLAMACPP_METAL_MMID_SLOWDOWN["quantized"]),
        (None, "2025-05", 1.06, 1.0),
        (None, None, 0.56, 1.0),
    ],
)
def test_metal_mmid_factor_by_build_and_width(build, date, width, factor):
    assert llamacpp_metal_mmid_factor(build, date, width) == factor


def _qwen3_moe(dtype: str, build: str, prompt: int, model: str = "qwen3_30b_a3b") -> Workload:
    return Workload(
        task="inference",
        model=catalog_model(model),
        framework="llama.cpp",
        weights_dtype=dtype,
        prompt_len=prompt,
        new_tokens=1,
        attention="flash",
        engine_build=build,
    )


def test_old_metal_moe_prefill_matches_the_published_build_5215_run():
    """ml-explore/mlx-lm issue #92 (2025-04-29): llama.cpp 5215 on an M3 Max prefilled 680
    prompt tokens of Qwen3-30B-A3B at 320.66 tok/s; the estimate names the old kernel."""
    t = estimate_throughput(_qwen3_moe("q4_k_m", "b5215", 680), gpu("apple_m3_max"), 1)
    assert t.prefill_tokens_per_s == pytest.approx(320.66, rel=0.30)
    assert any("13388" in str(a) for a in t.assumptions)


def test_metal_moe_prefill_speedup_of_pr_13388_and_dense_unchanged():
    """PR #13388's table (M2 Ultra, pp512): Qwen3-30B-A3B Q4_0 759.53 → 1359.49 tok/s (1.79×);
    the same model on the M3 Max gains the same share. A dense model's prefill is unchanged."""
    m3 = gpu("apple_m3_max")
    old = estimate_throughput(_qwen3_moe("q4_0", "b5215", 512), m3, 1).prefill_tokens_per_s
    new = estimate_throughput(_qwen3_moe("q4_0", "b5300", 512), m3, 1).prefill_tokens_per_s
    assert old and new
    assert new / old == pytest.approx(1359.49 / 759.53, rel=0.15)
    dense_old = estimate_throughput(_qwen3_moe("q4_0", "b5215", 512, "llama3_8b"), m3, 1)
    dense_new = estimate_throughput(_qwen3_moe("q4_0", "b5300", 512, "llama3_8b"), m3, 1)
    assert dense_old.prefill_tokens_per_s == dense_new.prefill_tokens_per_s
