"""LLM inference speed per engine: decode, prefill, end-to-end output throughput, TTFT and ITL.

A roofline per step with the engines' documented behaviour (``docs/formulas.md`` §7):

* **Decode step** at batch ``b``: weights read once (MoE: the experts the batch touches) plus
  the KV cache of the batch, over *sustained* bandwidth (:mod:`core.hardware.gpu_sustained`) × the engine's
  weight-streaming efficiency η for that memory class × (attention-kernel efficiency for the
  KV part); the matmul FLOPs ``2·P_active·b`` over sustained tensor TFLOPS × the engine's GEMM
  efficiency. The two are combined as a 3-norm ``(m³ + c³)^(1/3)`` — near the ridge point the
  weight stream and the GEMMs contend for the same SMs, so a step is slower than the larger of
  the two (a hard ``max`` is the limit of large exponents). Engines that launch every kernel
  from the host each step (llama.cpp without CUDA graphs, HF ``generate``) have a host floor
  per decoder layer; it is combined the same way: a kernel costs the longer of its launch and
  its execution, so small models on fast GPUs become launch-bound (llama-bench: 8B Q4_K_M at
  130–146 tok/s on RTX 4090, RTX 6000 Ada, A100 and H100 alike).
* **Prefill**: ``2·P_active·s + 2·L·a·d_h·s²/2`` FLOPs per sequence over sustained tensor TFLOPS
  at the accumulate precision the engine's kernels use (llama.cpp's cuBLAS path accumulates
  F16 in FP16: twice the GeForce datasheet rate) × prefill efficiency, + a fixed cost per layer
  per micro-batch; llama.cpp dequantizes quantized weights to F16 per micro-batch
  (``n_ubatch`` 512) for the cuBLAS GEMM, which adds the quantized read and F16 write.
* **Output throughput** (``trtllm-bench``/``gptSessionBenchmark``, vLLM
  ``benchmark_throughput``): ``b·new / (prefill of b·prompt + Σ decode steps)``.
* **TTFT / ITL** of one request: prompt prefill (+ one step) and one decode step at the batch.

Every result carries a range and the evidence behind it (:data:`EVIDENCE`).
"""

from __future__ import annotations

from ..dtypes import GGUF_TYPES
from ..hardware.gpu_sustained import (
    bandwidth_factor,
    is_apple,
    sustained_notes,
    sustained_tflops,
)
from ..hardware.specs import GpuSpec
from ..memo import by_identity
from ..messages import Message, join, msg
from ..stacks.frameworks import known_frameworks, speed_engine
from ..workload import Workload
from .engine_speed import EngineSpeed, memory_class
from .hf_generate import HF_V5_LAYER_FLOOR_S, transformers_major
from .llamacpp_engine import LLAMACPP, LLAMACPP_ERAS, LLAMACPP_METAL_FLOOR, LlamaCppEra

WGMMA_M = 64
"""Rows of one Hopper warpgroup matrix multiply: PTX ``wgmma.mma_async`` has the shapes
``.m64nNk16`` (16-bit inputs) — M is 64 whatever N (PTX ISA 8.0, "Asynchronous Warpgroup Level
Matrix Multiply-Accumulate", sm_90a), so a cuBLAS / CUTLASS sm90 tensor-core GEMM of fewer
tokens still computes 64 rows. Where a GPU's tensor FLOPs per byte of bandwidth exceed 64 (H100
SXM 989 TFLOPS / 3.35 TB/s = 295) the padded rows hide under the weight stream; on the H20 (148 /
4.0 = 37) they do not: a batch-1 decode step is bound by 64 rows of GEMM. SGLang and vLLM run
unquantized Linears as ``torch.nn.functional.linear`` (cuBLAS: SGLang and
vLLM ``UnquantizedLinearMethod.apply``), which at small batch stays far below the bandwidth
(vllm-project/vllm issue #27173, flashinfer-ai/flashinfer #1974: "F.linear is not optimal for
small batch sizes ... Torch just calls cuBLAS"; SGLang later added a Hopper M = 1 bf16 GEMV
backend, sgl-project/sglang #34859, opt-in). Checked on the Qwen3 speed benchmark's SGLang 0.4.6
dense BF16 rows on the H20 (Qwen3-1.7B to -32B at batch 1: 30–57 % too fast without it)."""
SGLANG_GEMV_VERSION = (0, 5)
"""First SGLang version taken to run batch-1 16-bit GEMMs at the bandwidth on Hopper: SGLang
0.4.6.post1 (PyTorch 2.6, cuBLAS 12.4; May 2025) paid the 64 rows on the H20, a September 2026
build streams Qwen3.8-27B bf16 at 17.13 ms a token there (3.15 TB/s; bytedance-iaas/sglang PR
#753, whose cuBLAS picks its sm_90 GEMV algorithms at M = 1). The boundary between the two is
not measured (0.5 taken, UNCERTAIN); vLLM is not given the rows (no measurement)."""
SGLANG_MARLIN_M8_VERSION = (0, 5)
"""First SGLang version taken to run Marlin with 8-row tiles at batch ≤ 8 (vLLM PR #16850,
:data:`.gemm_rows.MARLIN_M8`): 0.4.6.post1 takes its AWQ Marlin kernel from vLLM 0.7.2 (the
Qwen3 speed benchmark's environment: "vLLM 0.7.2 (Required by SGLang for AWQ quantization)"),
which predates it; when SGLang's own kernels took the change is not known (0.5 taken, UNCERTAIN)."""
VLLM_MARLIN_M8_VERSION = (0, 9)
"""First vLLM release taken to carry PR #16850's 8-row Marlin tiles (opened 2025-04-18, after
0.8.4; 0.9 taken, UNCERTAIN)."""


ENGINES: dict[str, EngineSpeed] = {
    "llama.cpp": LLAMACPP,
    "transformers": EngineSpeed(
        name=msg("speed_inference.engine.transformers"),
        eta={"gddr": 0.70, "hbm": 0.70, "unified": 0.60},
        eta_quant=0.75,
        # DynamicCache.update re-concatenates each layer's K and V every step (read + write of
        # the cache: transformers v4.51.3 src/transformers/cache_utils.py lines 446-447; at
        # commit 004999d DynamicLayer.update still concatenates), then FlashAttention 2 reads it once
        # (flash_attn_func at batch 1 without padding: modeling_qwen3.py _update_causal_mask
        # returns None, so _upad_input's gathers are not run; FA 2.7.4 mha_fwd folds the GQA
        # groups into the query rows and splits the KV: each KV head read once)
        kv_traffic=3.0,
        # host time per decoder layer of eager generate(): by transformers version and op
        # count (HF_ERAS, hf_generate_host); this is the v4_late era's Llama-style layer
        layer_floor_s=0.43e-3,
        quant_floor_factor={"nf4": 1.75, "fp4": 1.75, "int8": 3.0},
        floor_overlaps=False,
        s_per_step=1.0e-3,
        gemm_eff=0.45,
        prefill_eff=0.45,
        tensor_parallel=False,
        # ±: prompts up to HF_LONG_PROMPT_TOKENS (their LOSO p90 |error| ≈ 30 %); longer: below
        range_pct=40.0,
        evidence=msg("speed_inference.evidence.transformers"),
    ),
    "pytorch": EngineSpeed(
        name=msg("speed_inference.engine.pytorch"),
        eta={"gddr": 0.80, "hbm": 0.80, "unified": 0.65},
        eta_quant=0.7,
        layer_floor_s=0.65e-3,
        quant_floor_factor={"nf4": 1.8, "int4": 1.8, "int8": 2.0},
        floor_overlaps=False,
        s_per_step=0.5e-3,
        gemm_eff=0.5,
        prefill_eff=0.5,
        tensor_parallel=False,
        range_pct=30.0,
        evidence=msg("speed_inference.evidence.pytorch"),
    ),
    "vllm": EngineSpeed(
        name=msg("speed_inference.engine.vllm"),
        eta={"gddr": 0.80, "hbm": 0.80, "unified": 0.6},
        eta_quant=0.85,
        kv_eta=0.75,
        s_per_linear=5.2e-6,
        s_per_step=2.0e-3,
        s_per_seq_step=12e-6,
        marlin_m16_before=VLLM_MARLIN_M8_VERSION,
        # ±: the class's leave-one-source-out p90 |error| (make accuracy)
        gemm_eff=0.6,
        prefill_eff=0.6,
        range_pct=35.0,
        evidence=msg("speed_inference.evidence.vllm"),
    ),
    "sglang": EngineSpeed(
        name=msg("speed_inference.engine.sglang"),
        eta={"gddr": 0.82, "hbm": 0.82, "unified": 0.6},
        eta_quant=0.85,
        kv_eta=0.8,
        s_per_linear=5.2e-6,
        s_per_step=0.8e-3,
        s_per_seq_step=4e-6,
        # ±: the class's leave-one-source-out p90 |error| (make accuracy; H20 dense rows)
        gemm_eff=0.62,
        gemm_min_rows={"Hopper": WGMMA_M},
        gemm_min_rows_before=SGLANG_GEMV_VERSION,
        marlin_m16_before=SGLANG_MARLIN_M8_VERSION,
        prefill_eff=0.62,
        range_pct=45.0,
        evidence=msg("speed_inference.evidence.sglang"),
    ),
    "tensorrt-llm": EngineSpeed(
        name=msg("speed_inference.engine.tensorrt-llm"),
        eta={"gddr": 0.85, "hbm": 0.85, "unified": 0.6},
        eta_quant=0.9,
        kv_eta=1.0,
        # generation-phase masked MHA of v0.5/v0.6 runs one thread block per query head, so a
        # GQA model's KV is read once per query head (the XQA kernels of v0.7+ read each KV
        # head once: docs/source/advanced/gpt-attention.md "XQA optimization")
        gqa_kv_per_query_head=True,
        # context phase: per-layer plugin launches outside CUDA graphs (first-token latency
        # of 7 ms for LLaMA-7B at 128 tokens on H100 vs ≈4 ms of GEMMs)
        prefill_layer_s=0.1e-3,
        s_per_linear=4e-6,
        s_per_step=0.3e-3,
        gemm_eff=0.65,
        prefill_eff=0.68,
        range_pct=20.0,
        evidence=msg("speed_inference.evidence.tensorrt-llm"),
    ),
    "mlc-llm": EngineSpeed(
        name=msg("speed_inference.engine.mlc-llm"),
        eta={"gddr": 0.80, "hbm": 0.70, "unified": 0.75},
        eta_quant=0.95,
        kv_eta=0.8,
        s_per_linear=5e-6,
        s_per_step=0.5e-3,
        gemm_eff=0.5,
        prefill_eff=0.5,
        range_pct=30.0,
        evidence=msg("speed_inference.evidence.mlc-llm"),
    ),
    "exllamav2": EngineSpeed(
        name=msg("speed_inference.engine.exllamav2"),
        eta={"gddr": 0.85, "hbm": 0.65, "unified": 0.6},
        eta_quant=0.95,
        layer_floor_s=0.10e-3,
        s_per_step=0.3e-3,
        gemm_eff=0.5,
        prefill_eff=0.55,
        # ±: the class's leave-one-source-out p90 |error| in make accuracy (ExLlama v1 rows)
        tensor_parallel=False,
        range_pct=60.0,
        evidence=msg("speed_inference.evidence.exllamav2"),
    ),
    # ExLlama v1 (turboderp/exllama, superseded by V2 in 2023-08), from its README at commit
    # 30d8051: Llama GPTQ 4-bit 128g "Best" (first 128 tokens) on an RTX 4090 — 7B 173, 13B
    # 102, 33B 47 tok/s — give 0.80 of GDDR bandwidth and 0.13 ms per layer (7B −1 %, 13B
    # +1 %, 33B −5 %); its dual-GPU rows (4090 + 3090 Ti, ``-gs 17.2,24``: 65B 20, 70B 17
    # tok/s) leave the 3090 Ti's share of the weights streaming at 0.79 / 0.66 of the Ada
    # rate: Ampere × 0.72, their mean. V1's kernels are not V2's (V2's README: 7B 177 tok/s
    # on a 3090 Ti where V1 runs 113).
    "exllama": EngineSpeed(
        name=msg("speed_inference.engine.exllama"),
        eta={"gddr": 0.80, "hbm": 0.65, "unified": 0.6},
        eta_arch={"Ampere": 0.72},
        layer_floor_s=0.13e-3,
        s_per_step=0.3e-3,
        gemm_eff=0.5,
        prefill_eff=0.55,
        # ±: the two dual-GPU rows' Ampere factors differ by ±10 %, plus the 4090 fit's 5 %
        tensor_parallel=False,
        range_pct=30.0,
        evidence=msg("speed_inference.evidence.exllama"),
    ),
    # engines Chinese users run; no published speed case of either is checked, so
    # they carry wider ranges than the measured profiles
    "lmdeploy": EngineSpeed(
        name=msg("speed_inference.engine.lmdeploy"),
        eta={"gddr": 0.82, "hbm": 0.82, "unified": 0.6},
        eta_quant=0.95,
        kv_eta=0.8,
        s_per_linear=4e-6,
        s_per_step=0.5e-3,
        s_per_seq_step=4e-6,
        gemm_eff=0.62,
        prefill_eff=0.62,
        range_pct=35.0,
        evidence=msg("speed_inference.evidence.lmdeploy"),
    ),
    "mindie": EngineSpeed(
        name=msg("speed_inference.engine.mindie"),
        eta={"gddr": 0.65, "hbm": 0.65, "unified": 0.6},
        eta_quant=0.8,
        kv_eta=0.7,
        s_per_linear=6e-6,
        s_per_step=2.0e-3,
        s_per_seq_step=12e-6,
        gemm_eff=0.5,
        prefill_eff=0.5,
        range_pct=40.0,
        evidence=msg("speed_inference.evidence.mindie"),
    ),
    "decode_ceiling": EngineSpeed(
        name=msg("speed_inference.engine.decode_ceiling"),
        eta={"gddr": 0.92, "hbm": 0.92, "unified": 0.85},
        eta_quant=0.93,
        s_per_linear=5.2e-6,
        gemm_eff=0.75,
        prefill_eff=0.75,
        range_pct=15.0,
        evidence=msg("speed_inference.evidence.decode_ceiling"),
    ),
}
"""Inference engines by canonical framework name (see :mod:`gpupicker.core.stacks.frameworks` for aliases)."""


def engine_profile(w: Workload) -> EngineSpeed:
    """The speed profile for a workload.

    ``decode_ceiling`` tasks use the ideal engine; GGUF weights run on llama.cpp (the only engine
    modelled for GGUF files; an assumption says so).

    Raises:
        ValueError: for a framework with no LLM inference profile (diffusers, megatron …).
    """
    if w.task == "decode_ceiling":
        return ENGINES["decode_ceiling"]
    fw = speed_engine(w.framework)
    if w.weights_dtype in GGUF_TYPES and w.weights_dtype != "f16":
        fw = "llama.cpp"
    if fw is None:
        raise ValueError(
            msg(
                "throughput.no_speed_model",
                framework=repr(w.framework),
                choices=", ".join(known_frameworks("inference")),
            )
        )
    return ENGINES[fw]


METAL_FLOOR_REF_HIDDEN = 4096
"""Hidden size of the models the Metal floors were measured on (Llama-3-8B / 3.1-8B)."""


def floor_per_layer(
    e: EngineSpeed,
    gpu: GpuSpec,
    dtype: str,
    environment: str | None = None,
    era: LlamaCppEra | None = None,
    hidden: int = 0,
) -> float:
    """Host (or, on Metal, small-kernel GPU) seconds per decoder layer per decode step.

    For transformers the host time of the version the ``environment`` names (5.x: the H200
    measurement), else of a typical 4.x host; for llama.cpp that of its build ``era``
    (:data:`LLAMACPP_ERAS`; default the newest). On Metal the fixed work is GPU time that
    shrinks with narrower layers: × ``min(1, hidden / 4096)`` (0 = not scaled). Checked on three
    sources of the same build era: M3 Max Llama-3.2-1B Q8_0 (h 2048, 16 layers) tg128
    169.3 tok/s (llama.cpp PR #10171, 2024-11) and Qwen3-30B-A3B (h 2048, 48 layers) 57.3 tok/s
    (ml-explore/mlx-lm #92, llama.cpp 5215) — a constant per-layer time made both 45 % too slow —
    while Llama-3-70B (h 8192) at 7.65 tok/s (XiongjieDai tables) streams its weights at the
    bandwidth with no room for more fixed time than the 8B's, hence the cap at 1.
    """
    layer = e.layer_floor_s
    if e is ENGINES.get("transformers") and (transformers_major(environment) or 0) >= 5:
        layer = HF_V5_LAYER_FLOOR_S
    if e is LLAMACPP:
        era = era or LLAMACPP_ERAS[-1]
        if is_apple(gpu):
            ref_tf = LLAMACPP_METAL_FLOOR[1]
            tf = sustained_tflops(gpu) or ref_tf
            width = min(1.0, hidden / METAL_FLOOR_REF_HIDDEN) if hidden else 1.0
            return era.metal_layer_s * ref_tf / tf * width
        layer = era.cuda_layer_s
    return layer * e.quant_floor_factor.get(dtype, 1.0)


def weight_eta(e: EngineSpeed, gpu: GpuSpec, bytes_per_weight: float) -> float:
    """Share of *datasheet* bandwidth reached streaming weights of this width."""
    eta = e.eta.get(memory_class(gpu), 0.7)
    if bytes_per_weight < 2.0:
        eta *= e.eta_quant
    return eta * e.eta_arch.get(gpu.architecture, 1.0) * bandwidth_factor(gpu)


def gemm_tflops(e: EngineSpeed, gpu: GpuSpec, precision: str, prefill: bool) -> float:
    """Sustained TFLOPS × the engine's decode or prefill GEMM efficiency (FLOP/s × 1e-12)."""
    acc = e.prefill_accumulate if prefill else "fp32"
    prec = "fp16" if (acc == "fp16" and precision in ("bf16", "fp16", "f16")) else precision
    tf = sustained_tflops(gpu, prec, acc)  # type: ignore[arg-type]
    if tf <= 0:  # no compute figure: gpu_sustained.bandwidth_derived_tflops (20 FLOP per byte/s)
        tf = gpu.memory_bandwidth_gbps * 20.0 / 1000.0
    return tf * (e.prefill_eff if prefill else e.gemm_eff)


@by_identity(maxsize=4096, objects=2)
def engine_notes(e: EngineSpeed, gpu: GpuSpec, precision: str) -> tuple[Message, ...]:
    """Assumption sentences (Messages) of the engine and the GPU factors that apply.

    Memoized per engine profile, GPU row and precision: the recommender asks for every option.
    """
    return (
        join([msg("speed_inference.expected_within", pct=f"{e.range_pct:.0f}")]),
        join([msg("speed_inference.calibration", source=e.evidence)]),
        *sustained_notes(gpu, precision, e.prefill_accumulate),  # type: ignore[arg-type]
    )


__all__ = [
    "ENGINES",
    "engine_profile",
    "SGLANG_GEMV_VERSION",
    "SGLANG_MARLIN_M8_VERSION",
    "VLLM_MARLIN_M8_VERSION",
    "WGMMA_M",
    "engine_notes",
    "floor_per_layer",
    "gemm_tflops",
    "weight_eta",
]
