"""FP4 weights and KV: NVFP4 / MXFP4 accepted, FP4 GEMMs at the FP4 tensor rate only where the
GPU has one (B200 dense FP4 9,000 TFLOPS = 2 × its FP8 4,500: glennklockwood HGX B200 page),
weight-only W4A16 elsewhere (H100)."""

from __future__ import annotations

import pytest

from gpupicker.core.dtypes import bytes_per_kv_element, bytes_per_weight
from gpupicker.core.speed.throughput import estimate_throughput
from gpupicker.core.workload import Workload
from tests.importers.test_layer_patterns import SNAP


def _speed(dtype: str, gpu: str):
    w = Workload(
        task="inference",
        model=SNAP.get_model("llama3_3_70b"),
        weights_dtype=dtype,
        framework="vllm",
        prompt_len=8192,
        new_tokens=256,
    )
    return estimate_throughput(w, SNAP.get_gpu(gpu), 1)


def test_nvfp4_and_mxfp4_sizes():
    assert bytes_per_weight("nvfp4") == 4.5 / 8  # E2M1 + one E4M3 scale per 16
    assert bytes_per_weight("mxfp4") == 4.25 / 8  # E2M1 + one E8M0 scale per 32
    assert bytes_per_kv_element("nvfp4") == 4.5 / 8
    w = Workload(task="inference", model_id="qwen3_8b", weights_dtype="NVFP4", kv_cache_dtype="nvfp4")
    assert (w.weights_dtype, w.kv_cache_dtype) == ("nvfp4", "nvfp4")


@pytest.mark.parametrize("dtype", ["nvfp4", "mxfp4"])
def test_fp4_prefill_on_b200_is_faster_than_fp8(dtype: str):
    fp8, fp4 = _speed("fp8", "b200"), _speed(dtype, "b200")
    assert fp4.prefill_tokens_per_s > 1.8 * fp8.prefill_tokens_per_s
    assert any("W4A4" in str(a) for a in fp4.assumptions)


def test_mxfp4_on_h100_is_weight_only_and_says_so():
    fp8, fp4, bf16 = _speed("fp8", "h100_sxm"), _speed("mxfp4", "h100_sxm"), _speed("bf16", "h100_sxm")
    assert fp4.prefill_tokens_per_s < fp8.prefill_tokens_per_s
    assert fp4.prefill_tokens_per_s == pytest.approx(bf16.prefill_tokens_per_s, rel=0.1)
    assert fp4.decode_tokens_per_s > fp8.decode_tokens_per_s  # fewer weight bytes to read
    assert any("weight-only" in str(a) and "W4A16" in str(a) for a in fp4.assumptions)
