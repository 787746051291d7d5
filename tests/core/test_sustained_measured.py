"""Measured sustained GEMM rates replace the datasheet where a part has a published measurement."""

from __future__ import annotations

import pytest

from gpupicker.core.hardware.gpu_sustained import FP8_GEMM_FACTOR, power_limit_factor, sustained_tflops
from tests.support.catalog_data import gpu


def test_l40s_16bit_gemms_at_the_measured_rate():
    """zzc0721/torch-performance-test-data: torch bf16 matmul 8192² on an L40S sustains 269 of
    its 362 datasheet TFLOPS (0.74); FP8 GEMMs keep the FP8 factor on the full datasheet rate
    (TensorRT-LLM's L40S FP8 prefill runs above even that)."""
    l40s = gpu("l40s")
    assert sustained_tflops(l40s, "bf16") == pytest.approx(269.0, rel=0.01)
    assert power_limit_factor(l40s) == pytest.approx(0.743, abs=0.002)
    assert power_limit_factor(l40s, "fp8") == 1.0
    assert sustained_tflops(l40s, "fp8") == pytest.approx(l40s.fp8_tflops_dense * FP8_GEMM_FACTOR, rel=1e-6)


def test_h20_streams_what_its_78_sms_can_hold():
    """H20: 78 SMs (Geekbench 6, zangshuxian.com) behind 4.0 TB/s of HBM3; an H200's 132 SMs
    stream 4.8 TB/s (h200.jsonl decode-ceiling cases), so the H20 streams at most
    78/132 × 4.8 = 2.84 TB/s = 0.71 of its datasheet; parts with their full SM count keep 1.0."""
    from gpupicker.core.hardware.gpu_sustained import bandwidth_factor, sm_stream_factor

    assert sm_stream_factor(gpu("h20")) == pytest.approx(78 / 132 * 4.8 / 4.0, rel=1e-6)
    assert bandwidth_factor(gpu("h20")) == pytest.approx(0.709, abs=0.001)
    for full in ("h100_sxm", "h200_sxm", "a100_sxm_80gb"):
        assert sm_stream_factor(gpu(full)) == 1.0
    assert bandwidth_factor(gpu("l40s")) == pytest.approx(0.90)  # ECC GDDR only
