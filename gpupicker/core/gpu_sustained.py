"""Sustained (not datasheet) tensor throughput of a GPU under a long dense load.

A datasheet TFLOPS figure is the boost clock × units; under a sustained GEMM/conv load a
card whose board power is small for its compute runs at a lower clock. The energy a tensor
core spends per FLOP is a property of the architecture (process node and design), so the
sustainable rate is bounded by ``TDP / energy per FLOP``. We take each architecture's
un-throttled reference part — the one whose training/inference MFU tables calibrate
gpupicker — and bound every other part of that architecture by its watts per datasheet
TFLOPS relative to the reference:

``sustained = datasheet × min(1, (TDP / datasheet) / (TDP / datasheet)_reference)``

References (W per dense 16-bit TFLOPS at full tensor rate): Volta/Turing V100 SXM2
300 W / 125 = 2.40; Ampere A100 SXM 400 W / 312 = 1.28; Ada RTX 4090 450 W / 330
(FP16-accumulate full rate; GeForce catalog rows give the half FP32-accumulate rate, so
they come out un-throttled) = 1.36; Hopper H100 SXM 700 W / 989 = 0.71; Blackwell B200
1,000 W / 2,250 = 0.44 (NVIDIA datasheets, catalog ``data/gpus.csv``). Examples: T4 (70 W,
65 TFLOPS) sustains ≈ 45 % of its datasheet figure, RTX 6000 Ada (300 W, 364) ≈ 60 %,
L40S ≈ 71 %, H100 PCIe ≈ 65 %; A100, H100/H200 SXM and GeForce cards 100 %.

This is an upper bound from power alone (UNCERTAIN ±20 %); cooling, power-limit settings
and memory-bound kernels are not modelled.
"""

from __future__ import annotations

from .hardware import GpuSpec

REFERENCE_W_PER_TFLOPS: dict[str, float] = {
    "Volta": 300 / 125, "Turing": 300 / 125, "Ampere": 400 / 312, "Ada Lovelace": 450 / 330.3,
    "Hopper": 700 / 989.4, "Blackwell": 1000 / 2250,
}
"""Watts per dense 16-bit TFLOPS of each architecture's un-throttled reference part."""


def sustained_clock_factor(gpu: GpuSpec) -> float:
    """Share of the datasheet dense 16-bit tensor rate sustainable within the board power.

    1.0 when the catalog row has no TDP or TFLOPS figure, or its architecture has no reference.
    """
    tf = gpu.dense_16bit_tflops
    ref = REFERENCE_W_PER_TFLOPS.get(gpu.architecture or "")
    tdp = getattr(gpu, "tdp_w", None)
    if not tf or not ref or not tdp:
        return 1.0
    return min(1.0, (tdp / tf) / ref)


def sustained_tensor_tflops(gpu: GpuSpec, dtype: str = "bf16", accumulate: str = "fp32") -> float:
    """Sustained dense tensor TFLOPS of ``gpu`` for ``dtype`` inputs.

    Args:
        gpu: the catalog GPU.
        dtype: ``bf16``/``fp16`` (16-bit tensor rate) or ``fp8`` (FP8 rate when the GPU has one).
        accumulate: ``fp32`` (what PyTorch uses) or ``fp16``: GeForce cards run FP16 with FP16
            accumulation at twice their FP32-accumulate catalog rate.

    Returns:
        TFLOPS (0.0 when the catalog row has no compute figure).
    """
    base = gpu.dense_16bit_tflops or 0.0
    if dtype == "fp8" and gpu.fp8_tflops_dense:
        base = gpu.fp8_tflops_dense
    elif accumulate == "fp16" and dtype == "fp16" and (gpu.segment or "").startswith("consumer"):
        base *= 2.0
    return base * sustained_clock_factor(gpu)


def sustained_note(gpu: GpuSpec) -> tuple[str, ...]:
    """An assumption sentence when the power bound lowers the datasheet rate (else none)."""
    f = sustained_clock_factor(gpu)
    if f >= 0.995:
        return ()
    return (f"{gpu.name}: {f:.0%} of the datasheet tensor rate sustained within "
            f"{gpu.tdp_w:g} W (power per FLOP of its architecture's reference part).",)


__all__ = ["REFERENCE_W_PER_TFLOPS", "sustained_clock_factor", "sustained_note",
           "sustained_tensor_tflops"]
