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
    assert sustained_tflops(l40s, "fp8") == pytest.approx(
        l40s.fp8_tflops_dense * FP8_GEMM_FACTOR, rel=1e-6)
