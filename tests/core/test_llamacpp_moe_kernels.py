"""llama.cpp CUDA MoE decode: the small kernels of ``build_moe_ffn`` per build era."""

from __future__ import annotations

import pytest

from gpupicker.core.speed.llamacpp_moe import (
    LLAMACPP_MOE_ERAS,
    LLAMACPP_MOE_KERNEL_S,
    llamacpp_moe_era,
    llamacpp_moe_kernel_s,
    llamacpp_moe_kernels,
)
from gpupicker.core.speed.throughput import estimate_throughput
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_model, gpu

ERAS = {e.id: e for e in LLAMACPP_MOE_ERAS}


def _w(model: str = "qwen3_30b_a3b", **kw: object) -> Workload:
    base: dict[str, object] = dict(
        task="inference",
        model=catalog_model(model),
        framework="llama.cpp",
        weights_dtype="q4_k_m",
        prompt_len=1,
        new_tokens=128,
    )
    return Workload(**{**base, **kw})


@pytest.mark.parametrize(
    "model,counts",
    [
        # k = 8, no shared expert: 6 routing + mul + 7 adds (+ 21 per-expert mat-vecs before
        # PR #13014); topk-moe and the fused adds leave router, topk-moe, mul, one add
        ("qwen3_30b_a3b", (35, 14, 4, 4)),
        # k = 4 and one shared expert (its FFN and an add; 2 kernels once PR #16715 fuses GLU)
        ("glm_4_7_flash", (24, 15, 9, 7)),
    ],
)
def test_kernels_per_moe_layer_by_era_as_the_code_of_each_era_counts(model, counts):
    arch = catalog_model(model)
    assert tuple(llamacpp_moe_kernels(arch, e) for e in LLAMACPP_MOE_ERAS) == counts


@pytest.mark.parametrize(
    "kw,era",
    [
        (dict(engine_build="b5169"), "mmid_host"),
        (dict(engine_build="b5170"), "mmid_batched"),  # PR #13014's merge, tag b5170
        (dict(engine_build="b5215"), "mmid_batched"),
        (dict(engine_build="b6646"), "fused_routing"),
        (dict(engine_build="b7108"), "fused_gemv"),
        (dict(engine_date="2025-04"), "mmid_host"),
        (dict(engine_date="2026-02"), "fused_gemv"),
        ({}, "fused_gemv"),
        # Ollama runs the llama.cpp its release vendored: v0.11.5 … v0.12.3 carry e54d41b
        (dict(framework="ollama", engine_date="2025-09-06"), "mmid_batched"),
        (dict(framework="ollama", engine_date="2025-10-09"), "fused_routing"),
        (dict(framework="ollama", engine_date="2025-05-02"), "mmid_host"),
    ],
)
def test_era_from_build_date_or_ollama_release(kw, era):
    assert llamacpp_moe_era(_w(**kw)).id == era


def test_kernel_time_per_token_and_none_for_dense_or_host_experts():
    s, note = llamacpp_moe_kernel_s(_w(engine_build="b5215"), catalog_model("qwen3_30b_a3b"))
    assert s == pytest.approx(14 * LLAMACPP_MOE_KERNEL_S * 48)
    assert note is not None and "13014" in str(note)
    assert llamacpp_moe_kernel_s(_w("llama3_8b"), catalog_model("llama3_8b")) == (0.0, None)
    assert llamacpp_moe_kernel_s(_w(n_cpu_moe=36), catalog_model("qwen3_30b_a3b")) == (0.0, None)


def test_build_5215_moe_decode_matches_the_published_2x3090_run():
    """ml-explore/mlx-lm issue #92 (2025-04-29): llama.cpp 5215 on 2× RTX 3090 decoded
    Qwen3-30B-A3B (Q4_K_M assumed) at 82.68 tok/s after a 680-token prompt."""
    w = _w(engine_build="b5215", prompt_len=680, new_tokens=1087, attention="flash", num_gpus=2)
    t = estimate_throughput(w, gpu("rtx_3090"), 2)
    assert t.decode_tokens_per_s == pytest.approx(82.68, rel=0.20)
    assert any("13014" in str(a) for a in t.assumptions)


def test_dense_models_and_metal_have_no_moe_kernel_term():
    for model, g in (("llama3_8b", "rtx_4090"), ("qwen3_30b_a3b", "apple_m3_max")):
        t = estimate_throughput(_w(model, engine_build="b5215"), gpu(g), 1)
        assert not any("small kernels" in str(a) for a in t.assumptions)


def test_kernel_time_is_the_mean_of_the_two_topk_fusions_tables():
    """Each fusion replaced 3 kernels per MoE layer by 1 on an RTX 4090: PR #16130 Qwen3-30B-A3B
    Q4_K_M tg128 194.63 → 207.75 tok/s (48 layers), PR #16649 gpt-oss-20B 167.01 → 173.33 (24)."""
    qwen = (1 / 194.63 - 1 / 207.75) / (48 * 2)
    oss = (1 / 167.01 - 1 / 173.33) / (24 * 2)
    assert qwen == pytest.approx(3.4e-6, rel=0.02)
    assert oss == pytest.approx(4.55e-6, rel=0.02)
    assert (qwen + oss) / 2 == pytest.approx(LLAMACPP_MOE_KERNEL_S, rel=0.02)


def test_fused_routing_build_gpt_oss_decode_on_a_4090():
    """PR #16649 ("Performance on a 4090", 2025-10-18): gpt-oss-20B MXFP4 tg128 173.33 tok/s
    with the fused top-k of builds since PR #16130."""
    w = _w("gpt_oss_20b", weights_dtype="mxfp4", engine_date="2025-10")
    assert llamacpp_moe_era(w).id == "fused_routing"
    assert estimate_throughput(w, gpu("rtx_4090"), 1).decode_tokens_per_s == pytest.approx(173.33, rel=0.20)
