"""llama.cpp decode of Gated DeltaNet hybrids: the recurrent state a step moves.

Qwen3.8-27B (48 Gated DeltaNet + 16 full-attention layers) as the sudoingX/qwen38-mtp community
table measured it (README @c7bc415, Baseline column, spec decoding off).
"""

from __future__ import annotations

import pytest

from gpupicker.core.speed.llamacpp_engine import LLAMACPP_GDN_STATE_PASSES, llamacpp_state_step_bytes
from gpupicker.core.speed.throughput import estimate_throughput
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_model, gpu


def test_gated_deltanet_state_is_gathered_then_rewritten_in_f32_each_step():
    """48 layers × (48 value heads × 128 × 128 delta-rule values + 3 × (2·16·128 + 48·128) conv
    values) = 39,223,296 F32 values (llama.cpp ``type_r``/``type_s`` F32): 156.9 MB, read and
    written by the ``build_rs`` gather and again by the fused op."""
    arch = catalog_model("qwen3_8_27b")
    values = 48 * (48 * 128 * 128 + 3 * (2 * 16 * 128 + 48 * 128))
    assert values == 39_223_296
    assert LLAMACPP_GDN_STATE_PASSES == 2
    assert llamacpp_state_step_bytes(arch, 1) == 2 * 2 * 4 * values
    assert llamacpp_state_step_bytes(arch, 3) == 3 * llamacpp_state_step_bytes(arch, 1)
    dense = catalog_model("llama3_8b")
    assert llamacpp_state_step_bytes(dense, 1) == 0.0


@pytest.mark.parametrize(
    "gpu_id,kv,build,measured",
    [
        # row 'RTX 3090 24GB (b10450) | 41.3': Q4_K_M, 131K, q8_0 KV, llama.cpp b10450
        ("rtx_3090", "q8_0", "b10450", 41.3),
        # row 'RTX 5090 32GB (Q4_K_M, 131K) | 76.9': Q4_K_M, q4_0 KV (build not stated)
        ("rtx_5090", "q4_0", None, 76.9),
    ],
)
def test_qwen38_27b_decode_on_stock_cards_of_current_builds(gpu_id, kv, build, measured):
    """probe.py: about 50 prompt tokens, 400 new, --parallel 1, all layers on the GPU."""
    w = Workload(
        task="inference",
        model=catalog_model("qwen3_8_27b"),
        framework="llama.cpp",
        weights_dtype="q4_k_m",
        kv_cache_dtype=kv,
        prompt_len=50,
        new_tokens=400,
        engine_build=build,
        engine_date="2026-08-16",
    )
    t = estimate_throughput(w, gpu(gpu_id), 1)
    assert t.decode_tokens_per_s == pytest.approx(measured, rel=0.08)
