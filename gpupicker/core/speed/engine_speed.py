"""The speed behaviour of one inference engine (:class:`EngineSpeed`) and the roofline's 3-norm.

The profiles themselves are in :mod:`.inference` (``ENGINES``), :mod:`.llamacpp_engine`
(llama.cpp's build eras and back-ends) and :mod:`.hf_generate` (transformers ``generate()``).
"""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict

from ..hardware.gpu_sustained import (
    is_apple,
)
from ..hardware.specs import GpuSpec
from ..messages import Text


def pnorm(a: float, b: float) -> float:
    """``(a³ + b³)^(1/3)`` of two non-negative times (seconds): the smooth maximum of a step."""
    if a <= 0.0 or b <= 0.0:
        return max(a, b, 0.0)
    return float((a * a * a + b * b * b) ** (1.0 / 3.0))  # float ** float is typed Any


def memory_class(gpu: GpuSpec) -> str:
    """``"hbm"``, ``"unified"`` (Apple/Jetson LPDDR) or ``"gddr"`` from the catalog memory type."""
    mt = gpu.memory_type.lower()
    if "hbm" in mt:
        return "hbm"
    if "unified" in mt or "lpddr" in mt or is_apple(gpu):
        return "unified"
    return "gddr"


class EngineSpeed(BaseModel):
    """Speed behaviour of one inference engine (times in seconds, efficiencies as fractions).

    Attributes:
        name: the engine as shown to users (a ``speed_inference.engine.*`` Message).
        eta: weight-streaming share of sustained bandwidth by memory class
            (``hbm``/``gddr``/``unified``), for 16-bit weights.
        eta_quant: multiplier on ``eta`` for ≤ 8-bit weights (dequantizing kernels).
        eta_arch: multiplier on ``eta`` by GPU architecture (the catalog's ``architecture``),
            for kernels whose streaming rate differs between generations of the same memory
            class (absent: 1).
        kv_eta: attention kernels' share of bandwidth when reading the KV cache, relative
            to ``eta``.
        kv_traffic: KV bytes moved per step in units of the cache (HF DynamicCache copies: 3).
        gqa_kv_per_query_head: the decode attention kernel reads each KV head once per query
            head of its group (×``heads / kv_heads`` KV traffic for GQA models).
        layer_floor_s: host launch time per decoder layer per step (0 with CUDA graphs).
        layer_floor_tflops: when > 0, the floor is GPU work instead: ``layer_floor_s`` at
            this many TFLOPS, scaled by the GPU's (Metal command encoding + small kernels).
        quant_floor_factor: multiplier on the floor for bitsandbytes NF4/int8 (extra launches).
        floor_overlaps: host launches overlap GPU work (3-norm); False adds them (eager
            PyTorch whose DynamicCache updates synchronize every step).
        s_per_linear: tail per Linear kernel inside a graph (ramp-up of small matvecs).
        s_per_step: fixed time per decode step (sampling, detokenizer, scheduler).
        s_per_seq_step: scheduler/input-preparation time per running sequence per step.
        gemm_eff: share of sustained tensor TFLOPS reached by decode GEMMs.
        gemm_min_rows: by GPU architecture, the rows (tokens) a 16-bit decode GEMM computes
            at least: the engine runs its dense Linears through cuBLAS tensor-core tiles, and on
            Hopper those issue warpgroup MMAs whose M is fixed at 64 (absent: no padding).
        gemm_min_rows_before: the engine version (major, minor) from which it no longer pays
            them; they apply to versions before it named in the workload's ``environment``
            (``"SGLang 0.4.6"``), and a workload that names none is taken to run a newer one.
        marlin_m16_before: the engine runs AWQ / GPTQ Linears through Marlin, whose versions
            before this one compute 16-row tensor-core tiles at small batch, and newer ones 8
            (:mod:`.gemm_rows`); ``(0, 0)``: the engine does not run Marlin.
        prefill_eff: share of sustained tensor TFLOPS reached by prefill GEMMs.
        prefill_accumulate: ``"fp16"`` when 16-bit prefill GEMMs accumulate in FP16.
        prefill_layer_s: fixed time per layer per micro-batch of prefill (norms, rope,
            softmax kernels that do not scale with the GEMM rate).
        ubatch: prefill micro-batch in tokens (0 = whole prompt at once).
        stage_handoff_s: host synchronization per stage boundary per step with a layer split.
        dequant_prefill: quantized weights are dequantized to F16 per micro-batch.
        tensor_parallel: the engine splits each layer over GPUs (else layer split).
        range_pct: ± share the estimate is expected to be within (from the evidence).
        evidence: the published cases the profile was checked against (a
            ``speed_inference.evidence.*`` Message; the sources are named in its template).
    """

    model_config = ConfigDict(frozen=True)

    name: Text
    eta: dict[str, float]
    eta_quant: float = 1.0
    eta_arch: dict[str, float] = {}
    kv_eta: float = 1.0
    kv_traffic: float = 1.0
    gqa_kv_per_query_head: bool = False
    layer_floor_s: float = 0.0
    layer_floor_tflops: float = 0.0
    quant_floor_factor: dict[str, float] = {}
    floor_overlaps: bool = True
    s_per_linear: float = 0.0
    s_per_step: float = 0.0
    s_per_seq_step: float = 0.0
    gemm_eff: float = 0.6
    gemm_min_rows: dict[str, int] = {}
    gemm_min_rows_before: tuple[int, int] = (0, 0)
    marlin_m16_before: tuple[int, int] = (0, 0)
    prefill_eff: float = 0.6
    prefill_accumulate: str = "fp32"
    prefill_layer_s: float = 0.0
    ubatch: int = 0
    stage_handoff_s: float = 0.0
    dequant_prefill: bool = False
    tensor_parallel: bool = True
    range_pct: float = 30.0
    evidence: Text = ""


def engine_version(environment: str | None, engine: str) -> tuple[int, int] | None:
    """(major, minor) of ``engine`` as the workload's ``environment`` names it ("SGLang 0.4.6"), or None."""
    m = re.search(rf"{re.escape(engine)}\s*v?(\d+)\.(\d+)", environment or "", re.IGNORECASE)
    return (int(m.group(1)), int(m.group(2))) if m else None


__all__ = [
    "EngineSpeed",
    "engine_version",
    "memory_class",
    "pnorm",
]
