"""Rows a decode GEMM computes at least: the tensor-core tile's M, whatever the batch.

At batch ``b`` below a kernel's M tile the padded rows cost tensor time; on a GPU with few
tensor FLOPs per byte of bandwidth (the H20: 148 TFLOPS / 4.0 TB/s = 37) that time exceeds the
weight stream. Two kernels are counted: cuBLAS 16-bit GEMMs on Hopper (``wgmma`` M = 64,
:data:`.inference.WGMMA_M`) and the Marlin int4 / int8 kernels vLLM and SGLang run AWQ and GPTQ
checkpoints with (:data:`MARLIN_M`).
"""

from __future__ import annotations

from ..dtypes import bytes_per_weight
from ..hardware.specs import GpuSpec
from ..messages import Message
from ..workload import Workload
from .common import memo_sentence
from .engine_speed import EngineSpeed, engine_version

MARLIN_M = 16
"""Rows of one Marlin tensor-core tile: the kernel issues ``mma.sync.aligned.m16n8k16`` and
tiles the batch in "16x16 blocks in the m dimension (batchsize)", ``ceildiv(tot_m, 16)`` of them
(IST-DASLab/marlin ``marlin/marlin_cuda_kernel.cu`` at commit 2f6d7c1, lines 98, 191 and 749),
so a batch-1 step computes 16 rows — 32 FLOPs per int4 weight, 64 per byte. Its README (same
commit) counts on "FLOP to byte ratios of around 100-200" for that to hide under the weight
stream; the H20 has 37. Checked on the Qwen3 speed benchmark's SGLang 0.4.6.post1 AWQ-INT4 rows
on the H20 (``awq_marlin``; Qwen3-4B to -32B at input length 1: +39 … +68 % too fast without
it, +27 … +30 % with it)."""
MARLIN_M8 = 8
"""Rows of the Marlin kernels after vLLM PR #16850 ("[Kernel] some optimizations for dense
marlin and moe marlin", 2025-04): "Simulated the ``m8n16k16`` MMA instruction using the
``m16n8k16`` instruction via transposition. This optimize the performance for m <= 8"."""
MARLIN_QUANT_METHODS = frozenset({"awq", "gptq", "awq_marlin", "gptq_marlin"})
"""``quant_method`` values vLLM and SGLang run through Marlin on NVIDIA GPUs (vLLM converts
``awq`` / ``gptq`` checkpoints to ``awq_marlin`` / ``gptq_marlin`` where the kernel supports
them; SGLang 0.4.6 takes vLLM's AWQ Marlin layers: the Qwen3 benchmark's "awq_marlin backend")."""


def gemm_min_rows(p: EngineSpeed, w: Workload, gpu: GpuSpec, prec: str) -> tuple[int, Message | None]:
    """(rows ``w``'s decode GEMMs compute at least on ``gpu``, the assumption said about them).

    16-bit weights: :attr:`.engine_speed.EngineSpeed.gemm_min_rows` for the GPU's architecture,
    for versions before ``gemm_min_rows_before`` named in ``environment``. AWQ / GPTQ weights of
    an engine that runs Marlin (``marlin_m16_before`` set): :data:`MARLIN_M` rows for versions
    before it, :data:`MARLIN_M8` from it. Where the version would matter but the workload names
    none, the newer behaviour is taken and a sentence says so. Other quantized Linears (FP8
    GEMMs, GGUF, bitsandbytes) are not padded here: 0 rows.
    """
    version = engine_version(w.environment, w.framework)
    if bytes_per_weight(w.weights_dtype) < 2.0:
        marlin = (w.quant_method or "").lower() in MARLIN_QUANT_METHODS and p.marlin_m16_before > (0, 0)
        if not marlin or not gpu.is_cuda:
            return 0, None
        before = p.marlin_m16_before
        note = None if version else memo_sentence("throughput.marlin_rows_version_assumed", since=_v(before))
        return (MARLIN_M if version and version < before else MARLIN_M8), note
    rows = p.gemm_min_rows.get(gpu.architecture, 0) if prec in ("bf16", "fp16") else 0
    if not rows:
        return 0, None
    if version is None:
        return 0, memo_sentence("throughput.gemm_rows_version_assumed", since=_v(p.gemm_min_rows_before))
    return (rows if version < p.gemm_min_rows_before else 0), None


def _v(version: tuple[int, int]) -> str:
    """``(0, 5)`` as ``"0.5"``."""
    return ".".join(map(str, version))


__all__ = ["MARLIN_M", "MARLIN_M8", "MARLIN_QUANT_METHODS", "gemm_min_rows"]
