"""Weights counted per tensor group at each group's own dtype (memory and MoE decode reads).

gpt-oss keeps attention, router, embeddings and lm_head in BF16 and only its experts in MXFP4
(OpenAI's model card; ``modules_to_not_convert`` in its config); Meta's Llama-3.1-405B-FP8
quantizes the feed-forward layers only (Llama 3 paper §6.2: no FP8 in self-attention).
"""

from __future__ import annotations

import pytest

from gpupicker.core.memory import estimate_memory
from gpupicker.core.memory.common import linear_group_params, weights_bytes
from gpupicker.core.speed.throughput import estimate_throughput
from gpupicker.core.speed.weight_reads import decode_weight_bytes, moe_decode_reads
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_model, gpu


def test_gpt_oss_decode_reads_each_group_at_its_dtype():
    """gpt-oss-20b at batch 1: 24 layers × 26.5 M attention weights in BF16 (1.27 GB), 4 of 32
    experts × 3 × 2880² in MXFP4 at 4.25 bits (1.27 GB), the untied 201088 × 2880 lm_head in
    BF16 (1.16 GB): 3.7 GB a token, within the 2.8–3.8 GB that published decode speeds imply —
    not the 1.4 GB of an average bytes-per-weight over the whole model."""
    m = catalog_model("gpt_oss_20b")
    r = moe_decode_reads(m, "mxfp4", 1)
    assert r["attention"] == pytest.approx(24 * (2880 * 64 * (64 + 16) + 64 * 64 * 2880) * 2, rel=1e-6)
    assert r["experts"] == pytest.approx(24 * 4 * 3 * 2880 * 2880 * 4.25 / 8, rel=1e-6)
    assert r["lm_head"] == pytest.approx(201088 * 2880 * 2, rel=1e-6)
    assert decode_weight_bytes(m, "mxfp4", 1) == pytest.approx(3.71e9, rel=0.01)
    # a batch touches more experts: at 64 sequences nearly all 32 of each layer
    assert moe_decode_reads(m, "mxfp4", 64)["experts"] > 7 * r["experts"]


def test_gpt_oss_checkpoint_size_keeps_attention_bf16():
    """gpt-oss-20b's MXFP4 checkpoint is 13.8 GB (Hugging Face file list): experts 19.1 B at
    4.25 bits + 0.64 B attention and 1.16 B embeddings at 16 bits; quantizing attention too
    would give 12.8 GB."""
    m = catalog_model("gpt_oss_20b")
    assert weights_bytes(m, "mxfp4") == pytest.approx(13.75e9, rel=0.01)
    assert weights_bytes(
        m, "mxfp4", frozenset({"attention", "experts", "shared_experts", "dense_mlp"})
    ) == pytest.approx(12.8e9, rel=0.01)


def test_a_workload_names_the_quantized_groups():
    """Llama-3.1-405B-FP8 (FFN in FP8, attention BF16): 330 B MLP weights at 1 byte + 72 B
    attention and 4.2 B embeddings at 2 bytes = 482 GB, where all-FP8 would be 410 GB (−15 %)."""
    m = catalog_model("llama3_1_405b")
    groups = linear_group_params(m)
    assert groups["dense_mlp"] == pytest.approx(126 * 3 * 16384 * 53248, rel=1e-6)
    w = Workload(task="inference", model=m, weights_dtype="fp8", quantized_groups=["mlp"], num_gpus=8)
    assert w.quantized_groups == ("dense_mlp", "experts", "shared_experts")
    ffn_only = estimate_memory(w, gpu("h200_sxm"), 8).weights_bytes * 8
    all_fp8 = (
        estimate_memory(w.model_copy(update={"quantized_groups": None}), gpu("h200_sxm"), 8).weights_bytes * 8
    )
    assert ffn_only == pytest.approx(482e9, rel=0.01)
    assert all_fp8 == pytest.approx(410e9, rel=0.01)
    # the decode step reads the BF16 attention too
    t = estimate_throughput(w, gpu("h200_sxm"), 8)
    t_all = estimate_throughput(w.model_copy(update={"quantized_groups": None}), gpu("h200_sxm"), 8)
    assert t.decode_tokens_per_s < t_all.decode_tokens_per_s


def test_an_unknown_group_is_refused_with_the_names_known():
    with pytest.raises(ValueError, match="'q_proj'.*attention"):
        Workload(task="inference", params=7_000_000_000, quantized_groups=["q_proj"])


def test_mxfp4_on_llama_cpp_is_a_gguf_type():
    """MXFP4 is a GGUF tensor type (gguf ``GGMLQuantizationType.MXFP4``, 17 bytes per 32
    weights): gpt-oss GGUF files are not told to convert to GGUF."""
    import gguf

    from gpupicker.core.checks import workload_warnings
    from gpupicker.core.dtypes import bytes_per_weight

    block = gguf.GGML_QUANT_SIZES[gguf.GGMLQuantizationType.MXFP4]
    assert bytes_per_weight("mxfp4") == pytest.approx(block[1] / block[0])
    w = Workload(
        task="inference", model=catalog_model("gpt_oss_20b"), framework="llama.cpp", weights_dtype="mxfp4"
    )
    assert not any("not a GGUF type" in str(m) for m in workload_warnings(w))


def test_llamacpp_moe_prefill_gemms_see_few_rows_per_expert():
    """A 512-token micro-batch of Qwen3-30B-A3B (8 of 128 experts) gives each expert 32 rows,
    where llama.cpp's quantized GEMM runs at 0.33 of its 512-row rate (PR #7676's RTX 4090
    table: 3,428 vs 10,359 tokens/s at micro-batch 32 vs 512); the dense layers keep their rate."""
    from gpupicker.core.speed.weight_reads import expert_gemm_slowdown

    assert 1 / expert_gemm_slowdown(32) == pytest.approx(3428 / 10359, rel=0.15)
    assert expert_gemm_slowdown(512) == 1.0
    w = Workload(
        task="inference",
        model=catalog_model("qwen3_30b_a3b"),
        framework="llama.cpp",
        weights_dtype="q4_k_m",
        prompt_len=512,
        new_tokens=1,
    )
    dense = w.model_copy(update={"model": catalog_model("qwen3_8b")})
    moe_pp = estimate_throughput(w, gpu("rtx_4090"), 1).prefill_tokens_per_s
    dense_pp = estimate_throughput(dense, gpu("rtx_4090"), 1).prefill_tokens_per_s
    assert moe_pp < dense_pp  # 3.3 B active parameters prefill slower than a dense 8 B
