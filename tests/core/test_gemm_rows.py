"""Rows a decode GEMM computes at least: Marlin's 16-row tiles for AWQ / GPTQ (``core.speed.gemm_rows``)."""

from __future__ import annotations

import pytest

from gpupicker.core.speed.gemm_rows import MARLIN_M, MARLIN_M8
from gpupicker.core.speed.throughput import estimate_throughput
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_model, gpu

SGLANG_046 = (
    "SGLang 0.4.6.post1 (mem_fraction_static 0.85, context_length 140000, enable_mixed_chunk, "
    "awq_marlin for AWQ)"
)


def _awq(model_id: str, **kw: object) -> Workload:
    base: dict[str, object] = {
        "task": "inference",
        "model": catalog_model(model_id),
        "framework": "sglang",
        "weights_dtype": "int4",
        "quant_method": "awq",
        "prompt_len": 1,
        "new_tokens": 2048,
        "environment": SGLANG_046,
    }
    base.update(kw)
    return Workload(**base)  # type: ignore[arg-type]


def _e2e(w: Workload, gpu_id: str) -> float:
    """(prompt + generated) / (TTFT + new × ITL): the Qwen speed benchmark's convention."""
    t = estimate_throughput(w, gpu(gpu_id), 1)
    assert t.ttft_s is not None and t.itl_s is not None
    return (w.prompt_len + w.new_tokens) / (t.ttft_s + w.new_tokens * t.itl_s)


@pytest.mark.parametrize(
    "model_id,measured,bound",
    [
        ("qwen3_4b", 199.71, "memory-bandwidth"),
        ("qwen3_8b", 144.11, "compute"),
        ("qwen3_14b", 96.49, "compute"),
        ("qwen3_32b", 47.67, "compute"),
    ],
)
def test_sglang_awq_marlin_on_the_h20_computes_16_rows(model_id: str, measured: float, bound: str) -> None:
    """QwenLM/Qwen2.5 docs speed_benchmark.md (commit 77fb0c1, Qwen3 tables, H20, SGLang
    0.4.6.post1, awq_marlin): AWQ-INT4 at input length 1, 2048 generated tokens. Marlin tiles
    the batch in 16-row ``m16n8k16`` blocks (IST-DASLab/marlin marlin_cuda_kernel.cu): 64 FLOPs
    per byte of int4 weight, above the H20's 37, so from 8B up the step is tensor-bound (the 4B's
    bf16 embedding read still leads); each row stays inside the SGLang profile's ±30 % of the
    measured speed (+39 … +68 % without the rows). The sentence is given where the rows bind."""
    w = _awq(model_id)
    assert _e2e(w, "h20") == pytest.approx(measured, rel=0.30)
    t = estimate_throughput(w, gpu("h20"), 1)
    assert t.bound == bound
    said = any(f"at least {MARLIN_M} rows" in str(a) for a in t.assumptions)
    assert said == (bound == "compute")
    # the same 16 rows hide under the weight stream on an H100 (295 tensor FLOPs per byte)
    h100 = estimate_throughput(w, gpu("h100_sxm"), 1)
    assert h100.bound == "memory-bandwidth"
    assert not any("Marlin int4/int8" in str(a) for a in h100.assumptions)


def test_marlin_rows_follow_the_engine_version() -> None:
    """A build after vLLM PR #16850 computes 8-row tiles at batch ≤ 8, faster on the H20; a
    workload that names no version is taken to run one, and the estimate says so."""
    old = estimate_throughput(_awq("qwen3_32b"), gpu("h20"), 1)
    new = estimate_throughput(_awq("qwen3_32b", environment="SGLang 0.5.2"), gpu("h20"), 1)
    unnamed = estimate_throughput(_awq("qwen3_32b", environment=None), gpu("h20"), 1)
    assert (new.decode_tokens_per_s or 0) > (old.decode_tokens_per_s or 0)
    assert unnamed.decode_tokens_per_s == pytest.approx(new.decode_tokens_per_s)
    assert any("0.5 or newer" in str(a) and "8-row" in str(a) for a in unnamed.assumptions)
    assert not any("8-row" in str(a) for a in new.assumptions)
    vllm = estimate_throughput(_awq("qwen3_32b", framework="vllm", environment="vLLM 0.7.2"), gpu("h20"), 1)
    assert any(f"at least {MARLIN_M} rows" in str(a) for a in vllm.assumptions)
    assert MARLIN_M8 < MARLIN_M


def test_other_quantized_linears_are_not_given_marlin_rows() -> None:
    """FP8 checkpoints run FP8 GEMMs, not Marlin: no rows, no sentence."""
    fp8 = _awq("qwen3_32b", weights_dtype="fp8", quant_method=None)
    t = estimate_throughput(fp8, gpu("h20"), 1)
    assert not any("Marlin" in str(a) for a in t.assumptions)
