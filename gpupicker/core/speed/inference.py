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

import re
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict

from ..hardware.gpu_sustained import (
    bandwidth_factor,
    is_apple,
    sustained_notes,
    sustained_tflops,
)
from ..hardware.specs import GpuSpec
from ..memo import by_identity
from ..messages import Message, Text, join, msg
from ..workload.spellings import build_number


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
    prefill_eff: float = 0.6
    prefill_accumulate: str = "fp32"
    prefill_layer_s: float = 0.0
    ubatch: int = 0
    stage_handoff_s: float = 0.0
    dequant_prefill: bool = False
    tensor_parallel: bool = True
    range_pct: float = 30.0
    evidence: Text = ""


LLAMACPP = EngineSpeed(
    name=msg("speed_inference.engine.llama.cpp"),
    # η: RTX 6000 Ada / A6000 / L40S 70B Q4_K_M tg at 0.75–0.80 of datasheet bandwidth (GDDR);
    # A100 / H100 70B Q4_K_M at 22–25 tok/s = 0.48–0.52 of HBM bandwidth (mmvq kernels keep
    # fewer bytes in flight than HBM latency needs); M3 Max 70B 7.5 tok/s = 0.8 of 400 GB/s.
    eta={"gddr": 0.80, "hbm": 0.50, "unified": 0.82},
    kv_eta=0.5,
    kv_traffic=1.0,  # no flash attention by default: KQ written and re-read
    # host floor per layer: by build era (LLAMACPP_ERAS), this is the oldest era's
    layer_floor_s=0.20e-3,
    gemm_eff=0.5,
    # prefill: cuBLAS F16 GEMM with FP16 compute (ggml-cuda ``CUBLAS_COMPUTE_16F``) over
    # 512-token micro-batches; quantized weights dequantized to F16 first.
    prefill_eff=0.50,
    prefill_accumulate="fp16",
    prefill_layer_s=0.27e-3,
    ubatch=512,
    # -sm layer: each GPU boundary synchronizes the host and copies the hidden state: tg512
    # of 8B Q4_K_M loses 0.2–0.4 ms per boundary (3090 ×1/×2/×4/×6: 115.4/111.7/108.7/104.2;
    # A6000 ×1/×4: 105.4/96.5; H100 PCIe ×1/×4: 145.6/123.1 tok/s)
    stage_handoff_s=0.25e-3,
    dequant_prefill=True,
    tensor_parallel=False,
    range_pct=20.0,
    evidence=msg("speed_inference.evidence.llama.cpp"),
)

LLAMACPP_METAL_FLOOR = (0.66e-3, 14.1)
"""Metal per-layer fixed work of builds before :data:`LLAMACPP_ERAS`' current era: 0.66 ms per
layer on the 14.1-TFLOPS M3 Max, scaled by GPU TFLOPS (M1 Max 35.7, M3 Max 49.0, M2 Ultra
78.8 tok/s for 8B Q4_K_M at equal or double bandwidth: the small kernels are GPU-bound, not
host-bound)."""


@dataclass(frozen=True)
class LlamaCppEra:
    """The fixed decode cost per layer of one range of llama.cpp builds.

    Ollama, LM Studio and llamafile ship these builds too.

    Attributes:
        id: ``"eager"`` or ``"graph_reuse"`` (shown in the assumptions).
        first_build: first ``llama-bench`` build number of the era (``build: … (NNNN)``).
        first_month: the same boundary as a date, ``YYYY-MM``.
        cuda_layer_s: host floor per decoder layer per step on CUDA (seconds).
        metal_layer_s: Metal small-kernel time per layer on the 14.1-TFLOPS M3 Max (seconds;
            scaled by GPU TFLOPS as :data:`LLAMACPP_METAL_FLOOR`).
    """

    id: str
    first_build: int
    first_month: str
    cuda_layer_s: float
    metal_layer_s: float


LLAMACPP_ERAS: tuple[LlamaCppEra, ...] = (
    # every kernel launched by the host and the ggml graph rebuilt per token; CUDA graphs
    # (PR #6766, merged 2024-05) gained +6 % / +10 % tg on RTX 4090 / 3090 — within this
    # era's range, so the era is not split there. 0.20 ms: XiongjieDai/GPU-Benchmarks-on-LLM-
    # Inference tables (Dec 2023, May 2024), 8B tg512 at 130–146 tok/s on A100/H100/4090/6000
    # Ada whatever the bandwidth; Metal 0.66 ms (same tables, M1 Max / M3 Max / M2 Ultra)
    LlamaCppEra("eager", 0, "0000-00", 0.20e-3, LLAMACPP_METAL_FLOOR[0]),
    # compute graphs reused across tokens (PR #14482, merged 2025-07-01, default after
    # LLAMA_SET_ROWS) and fused norm/GEMV kernels (PR #16715 and others): CUDA 0.11 ms from
    # PR #15802's table (2025-09, RTX 3090, llama 8B Q4_0 at micro-batch 1: 155.0 tok/s) and an
    # RTX 5090 run (CambrianTech/continuum PR #1627, 2026-06: Qwen3-8B Q4_K_M 221.7 tok/s);
    # Metal 0.45 ms from M1 Max Llama-3.1-8B Q4_K_M tg128 46.2 tok/s (brand-o/normiebench #40,
    # 2026-03; the same chip ran 35.7 tok/s in the May 2024 table). The boundary build b6100
    # lies between b4696 (2025-02-12, geerlingguy/ai-benchmarks #20) and b6552 (2025-09-22,
    # #23) at their rate of ≈ 250 builds a month.
    LlamaCppEra("graph_reuse", 6100, "2025-08", 0.11e-3, 0.45e-3),
)
"""llama.cpp build eras, oldest first; a workload names its build (``engine_build``) or date
(``engine_date``), else the newest era is assumed (and said)."""


@dataclass(frozen=True)
class LlamaCppBackend:
    """Decode and prefill efficiency of one ggml back-end other than CUDA and Metal.

    Attributes:
        id: ``"hip"``, ``"vulkan"`` or ``"sycl"`` (:data:`.workload.BACKEND_ALIASES`).
        eta: share of datasheet bandwidth reached streaming weights, by memory class
            (``gddr``/``hbm``/``unified``), the per-layer floor included (it adds < 1 % at
            these rates).
        prefill: prompt-processing GEMM rate relative to the CUDA path's model.
        layer_s: host time per decoder layer per decode step (0 = the CUDA build era's).
        range_pct: ± share the estimate is expected within: the spread of the sources (Vulkan
            0.45–0.56 of bandwidth across cards, and −21 % between two builds a week apart on
            the A770 in issue #17628).
    """

    id: str
    eta: dict[str, float]
    prefill: float
    layer_s: float = 0.0
    range_pct: float = 30.0


LLAMACPP_BACKENDS: dict[str, LlamaCppBackend] = {
    # RX 6700 XT (384 GB/s) ROCm Mistral-7B Q4_0 tg128 58.97 tok/s (llama.cpp PR #5835,
    # 2024-03): 4.11 GB × 59 = 242 GB/s = 0.63; MI50 (1,024 GB/s HBM2) HIP llama 8B Q4_0 tg128
    # 91.74 (PR #16715, 2025-10): 0.42. Prompt GEMMs: the ROCm compute factor of gpu_sustained.
    "hip": LlamaCppBackend("hip", {"gddr": 0.65, "hbm": 0.45, "unified": 0.65}, 1.0),
    # Arc A770 (560 GB/s) Llama-3.1-8B Q4_K_M tg 53 tok/s at b7189 (llama.cpp issue #17628,
    # 2025-11): 0.47; RX 5700 XT (448 GB/s) llama 7B Q4_0 tg128 65.2 (PR #13324, 2025-05): 0.56;
    # RX 6700 XT pp512 425 tok/s on Vulkan vs 1,017 on ROCm (PR #5835): 0.42
    "vulkan": LlamaCppBackend("vulkan", {"gddr": 0.50, "hbm": 0.50, "unified": 0.50}, 0.42, range_pct=35.0),
    # Arc B580 (456 GB/s) SYCL (IPEX-LLM build) Qwen2-7B Q4_K_M tg128 66.48 tok/s: 4.68 GB ×
    # 66.5 = 311 GB/s = 0.68; pp512 2,336 tok/s = 35.6 TFLOPS, 0.6 of this model's CUDA-path
    # prefill on the same card; the same run's DeepSeek-R1-Distill-Qwen-1.5B (1.12 GB, 28
    # layers) at 100.7 tok/s leaves 9.8 ms of fixed time a token: 0.35 ms a layer, which also
    # puts the 7B within 8 % (intel/ipex-llm issue #12991, 2025-03)
    "sycl": LlamaCppBackend("sycl", {"gddr": 0.70, "hbm": 0.70, "unified": 0.70}, 0.60, layer_s=0.35e-3),
}
"""ggml back-ends with their own efficiency; CUDA and Metal use the llama.cpp profile itself."""
LLAMACPP_DEFAULT_BACKEND: dict[str, str] = {"cuda": "cuda", "rocm": "hip", "metal": "metal", "xpu": "vulkan"}
"""The back-end assumed per GPU platform when a llama.cpp workload names none (and said): CUDA,
HIP and Metal where the vendor's stack is the build people run; Vulkan on Intel GPUs — the
llama.cpp release binaries and LM Studio's runtime for them (SYCL needs a oneAPI build)."""


def llamacpp_era(build: str | None, date: str | None) -> tuple[LlamaCppEra, bool]:
    """The :data:`LLAMACPP_ERAS` entry of a build (else of a ``YYYY-MM[-DD]`` date).

    Returns ``(era, named)``; ``named`` is False when neither is given (the newest era, assumed).

    Raises:
        ValueError: for a build number that cannot be read (:func:`.workload.build_number`).
    """
    if build:
        n = build_number(build)
        return [e for e in LLAMACPP_ERAS if e.first_build <= n][-1], True
    if date:
        return [e for e in LLAMACPP_ERAS if e.first_month <= date[:7]][-1], True
    return LLAMACPP_ERAS[-1], False


LLAMACPP_MOE_LOOP_S = 16e-6
"""Seconds per expert per ``mul_mat_id`` per prompt micro-batch of llama.cpp's CUDA/HIP builds
before PR #13199 ("CUDA: batched+noncont MMQ, refactor bs>1 MoE code", 2025-04-29): for a
batch of more than one token ``ggml_cuda_mul_mat_id`` looped over every expert on the host —
gather the expert's rows (``k_copy_src1_to_contiguous``, launched once per expert, ik_llama.cpp
PR #283), one GEMM, scatter back. The PR's own table (RTX 4090, DeepSeek-V2-Lite Q4_0 pp2048:
26 MoE layers × 3 matmuls × 64 experts) puts the old path 73–87 ms per micro-batch of 128–2,048
tokens above the new one (3,491.5 → 7,603.3 tok/s at ``-ub 512``): ≈ 16 µs per expert
iteration. Metal and the other back-ends have their own kernels (not this loop)."""

LLAMACPP_MOE_BATCHED_BUILD = 5230
"""First llama.cpp build with PR #13199's batched MoE path (its merge, 2025-04-30; b5215 of
2025-04-29, mlx-lm issue #92, still loops; the build number is bracketed, not read)."""
LLAMACPP_MOE_BATCHED_MONTH = "2025-05"
"""The same boundary as a month (a workload that names a date)."""


def llamacpp_moe_loop_s(build: str | None, date: str | None) -> float:
    """Host-loop seconds per expert per MoE matmul per micro-batch of a llama.cpp build.

    :data:`LLAMACPP_MOE_LOOP_S` for a named build (or ``YYYY-MM[-DD]`` date) before PR #13199,
    else 0 (also when neither is given: the newest build is assumed).

    Raises:
        ValueError: for a build number that cannot be read (:func:`.workload.build_number`).
    """
    if build:
        return LLAMACPP_MOE_LOOP_S if build_number(build) < LLAMACPP_MOE_BATCHED_BUILD else 0.0
    if date:
        return LLAMACPP_MOE_LOOP_S if date[:7] < LLAMACPP_MOE_BATCHED_MONTH else 0.0
    return 0.0


LLAMACPP_METAL_PREFILL_EFF = 0.65
"""Share of the Apple GPU's FP16 rate reached by llama.cpp's Metal ``mul_mm`` prefill kernels:
8B Q4_K_M pp512 on M1 Max 408 tok/s (6.2 of 10.5 TFLOPS, 59 %), M2 Ultra 994 (15.0 of 27.2,
55 %), M3 Max 693 (10.4 of 14.1, 74 %) — XiongjieDai/GPU-Benchmarks-on-LLM-Inference."""

ENGINES: dict[str, EngineSpeed] = {
    "llama.cpp": LLAMACPP,
    "transformers": EngineSpeed(
        name=msg("speed_inference.engine.transformers"),
        eta={"gddr": 0.70, "hbm": 0.70, "unified": 0.60},
        eta_quant=0.75,
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


HF_V5_LAYER_FLOOR_S = 2.25e-3
"""Host seconds per decoder layer per step of transformers 5.x ``generate()`` (H200 cases,
``h200.jsonl``: PyTorch 2.11, transformers 5.17 — 13.54 tok/s for Llama-2-7B at batch 1)."""
_TRANSFORMERS_VERSION = re.compile(r"transformers\s*v?(\d+)(?:\.(\d+))?", re.IGNORECASE)


def transformers_version(environment: str | None) -> tuple[int, int] | None:
    """(major, minor) of the transformers version named in a workload's ``environment``, or None."""
    m = _TRANSFORMERS_VERSION.search(environment or "")
    return (int(m.group(1)), int(m.group(2) or 0)) if m else None


def transformers_major(environment: str | None) -> int | None:
    """The transformers major version named in a workload's ``environment`` text, or None."""
    v = transformers_version(environment)
    return v[0] if v else None


# --------------------------------------------------------------------------------------------
# transformers ``generate()``: host time counted per PyTorch op of the modelling code
# --------------------------------------------------------------------------------------------
HF_LAYER_OPS = 41
"""Kernel-launching PyTorch ops of one transformers Llama-style decoder layer at one decode
step (``modeling_llama.py`` / ``modeling_qwen3.py``): two RMSNorms of 8 (to fp32, pow, mean, add,
rsqrt, mul, to, mul weight), q/k/v/o projections (4), rotary embedding on q and k (mul, neg,
cat, mul, add each: 10), the DynamicCache ``torch.cat`` of k and v (2), the attention kernel with
its layout copies (2), the gated MLP (gate, act, up, mul, down: 5) and two residual adds. The
per-layer host time of the Qwen README calibration (``EngineSpeed.layer_floor_s``, 0.43 ms) is
spread over these ops."""
HF_QK_NORM_OPS = 16
"""Ops added by a per-head RMSNorm on q and k (two more RMSNorms of 8: ``Qwen3Attention.q_norm``
/ ``k_norm`` in ``modeling_qwen3.py`` and ``modeling_qwen3_moe.py``; OLMo-2, Gemma 3)."""
HF_QK_NORM_TYPES = frozenset(
    {"qwen3", "qwen3_moe", "qwen3_next", "olmo2", "olmoe", "gemma3", "gemma3_text", "chameleon"}
)
"""``model_type`` values whose attention normalizes q and k per head."""
HF_EMPTY_OP_FRACTION = 0.6
"""Share of an op's host time still paid on an empty tensor (an expert no token is routed to):
the Python, binding and dispatcher layers (≈ 3–7 µs) but not the backend's algorithm choice and
the driver's ``cudaLaunchKernel`` (≈ 2–8 µs) of the ≈ 5–25 µs an eager op costs (per-layer costs
tabulated in jiahuanglin.xyz gpu_kernel_serving lesson 18, "From PyTorch op to kernel
launch"). UNCERTAIN ±30 %."""
HF_SYNC_S = 10e-6
"""Host time of one device synchronization that returns a small result (``torch.where`` /
``nonzero`` copying its count to the host, ``torch.cuda.synchronize()``): a PCIe round trip
and the wake-up of the waiting thread, ≈ 10 µs (UNCERTAIN ±50 %); the GPU work queued before it
then runs serially with the host."""
TRITON_LAUNCH_S = 18e-6
"""Host time of one launch of an already compiled Triton kernel with ≈ 20 arguments: 18 µs after
triton-lang/triton PR #3638 and #3648 (2024-04: 108 → 49 → 18 µs on the PR's benchmark), the
Triton that PyTorch ≥ 2.4 ships."""
HF_FP8_LINEAR_OPS = 7
"""PyTorch ops around the two Triton kernels of one ``FP8Linear.forward``
(``integrations/finegrained_fp8.py``): the ``contiguous`` of weight and scales, the ``empty``
outputs of ``act_quant`` and of the GEMM, ``nan_to_num``, the cast back and the device context."""
HF_MOE_BLOCK_OPS = 10
"""Ops of an HF sparse-MoE block outside its expert loop (``Qwen3MoeSparseMoeBlock.forward``):
router Linear, softmax, top-k, renormalization (sum, div), cast, ``zeros``, ``one_hot``, the
expert-hit ``sum``/``greater``; they replace the dense MLP's 5."""
HF_EXPERT_ITER_OPS = 13
"""Ops of one iteration of that block's Python loop over experts: the mask row, ``torch.where``
(a ``nonzero``: one :data:`HF_SYNC_S`), the token gather and reshape, the expert MLP (gate, act,
up, mul, down), the routing-weight gather, mul, cast and ``index_add_``."""
HF_LOOP_HIT_EXPERTS = (4, 53)
"""First transformers version whose Qwen2/Qwen3-MoE blocks loop only over the experts a token
was routed to (huggingface/transformers PR #38133, merged 2025-06, released in 4.53); before it
``for expert_idx in range(self.num_experts)`` visited all E experts of every MoE layer at every
step, each with its ``torch.where`` synchronization."""


@dataclass(frozen=True)
class HfEra:
    """Host time of transformers ``generate()`` in one range of versions.

    Attributes:
        id: shown in the assumptions (``speed_inference.hf_era.*``).
        first: first (major, minor) version of the era.
        layer_s: host seconds per Llama-style decoder layer (:data:`HF_LAYER_OPS` ops) per
            decode step.
        serial: host and GPU time add (the figure was measured that way) instead of
            overlapping within a step.
    """

    id: str
    first: tuple[int, int]
    layer_s: float
    serial: bool


HF_ERAS: tuple[HfEra, ...] = (
    # rotary tables and the 4-D causal mask rebuilt inside every layer, remote-code models:
    # Qwen README (C38), A100-SXM4-80GB + FlashAttention 2, Qwen-7B bf16 40.9 tok/s = 24.4 ms
    # per token against ≈ 10.8 ms of weight streaming; with host launches overlapping the GPU
    # within the step that is 0.75 ms of host time per layer (the additive reading gave 0.43)
    HfEra("v4_early", (0, 0), 0.75e-3, False),
    # position embeddings computed once per forward and passed to the layers, fewer ops per
    # layer: Qwen3 speed benchmark (QwenLM/Qwen2.5 docs speed_benchmark.md, H20, transformers
    # 4.51.3, PyTorch 2.6): dense bf16 Qwen3-0.6B to -32B at batch 1 run 58.6 to 26.2 tok/s,
    # host-bound at ≈ 0.60 ms per Qwen3 layer (57 ops) = 0.43 ms per 41-op Llama layer. Set on
    # that source (scripts/accuracy.py HAND_FITTED); the era boundary between the 2023 and
    # 2025 measurements is not measured (4.44 taken, UNCERTAIN)
    HfEra("v4_late", (4, 44), 0.43e-3, False),
    # H200 cases (h200.jsonl, PyTorch 2.11, transformers 5.17): Llama-2-7B 13.54 tok/s, read
    # additively (:data:`HF_V5_LAYER_FLOOR_S`)
    HfEra("v5", (5, 0), HF_V5_LAYER_FLOOR_S, True),
)
"""transformers ``generate()`` host-time eras, oldest first; a workload names its version in
``environment`` ("transformers 4.51.3"), else ``v4_late`` is assumed (and said)."""


def hf_era(version: tuple[int, int] | None) -> tuple[HfEra, bool]:
    """The :data:`HF_ERAS` entry of a transformers version.

    Returns ``(era, named)``: ``v4_late`` and False when the workload names no version.
    """
    if version is None:
        return HF_ERAS[1], False
    return [e for e in HF_ERAS if e.first <= version][-1], True


HF_LONG_PROMPT_TOKENS = 8192
"""Prompt length above which transformers ``generate()`` speed is not modelled to its range."""
HF_LONG_PROMPT_RANGE_PCT = 300.0
"""± share for longer prompts: the Qwen3 speed benchmark's 30,720-token rows (H20,
transformers 4.51.3) run 1.3× to 4.8× slower end to end than this roofline's prefill plus
decode (p90 of their leave-one-source-out |error| in ``make accuracy``); what costs the time
is not known here, so the estimate says so instead of a fitted factor."""
HF_FP8_QUANT_METHODS = frozenset({"fp8", "finegrained_fp8"})
"""``quant_method`` values that transformers runs as block-scaled ``FP8Linear`` (Qwen3-FP8,
DeepSeek-V3 checkpoints: ``quant_method: fp8``, ``weight_block_size [128, 128]``); with no
quant_method an FP8 checkpoint under transformers is taken to be one of these (and said)."""


@dataclass(frozen=True)
class HfHost:
    """Host time of one transformers ``generate()`` decode step, from the op counts above.

    Attributes:
        base_s: seconds per step outside the MoE expert loops (every layer's ops, the FP8
            Linears' Triton launches and synchronizations).
        active_iter_s: seconds per expert-loop iteration of an expert with tokens.
        idle_iter_s: seconds per iteration of an expert without tokens (loops over all E).
        loops_all_experts: the MoE blocks visit all E experts (before 4.53), else the hit ones.
        moe_layers: MoE layers of the model.
        serial: the step synchronizes the device inside the forward (MoE ``torch.where``,
            ``FP8Linear``'s ``torch.cuda.synchronize``), so host and GPU time add; else the
            host enqueues ahead of the GPU within a step and the two overlap.
        fp8_linears: FP8Linear modules run per step (outside the expert loops).
    """

    base_s: float
    active_iter_s: float
    idle_iter_s: float
    loops_all_experts: bool
    moe_layers: int
    serial: bool
    fp8_linears: int

    def step_s(self, arch_experts: int, touched: float) -> float:
        """Host seconds of one decode step with ``touched`` experts hit per MoE layer."""
        if not self.moe_layers:
            return self.base_s
        idle = float(arch_experts) - touched if self.loops_all_experts else 0.0
        return self.base_s + self.moe_layers * (touched * self.active_iter_s + idle * self.idle_iter_s)


def hf_generate_host(
    arch_model_type: str,
    n_layers: int,
    moe_layers: int,
    routed_experts: int,
    fp8: bool,
    era: HfEra,
    version: tuple[int, int] | None,
    quant_factor: float = 1.0,
) -> HfHost:
    """Host time of transformers ``generate()`` per decode step, counted per PyTorch op.

    ``era.layer_s`` is the host time of a Llama-style layer (:data:`HF_LAYER_OPS` ops) in the
    version's era (:data:`HF_ERAS`), so one op costs ``layer_s / 41`` (10.5 µs for 4.44+, 18 µs
    before: inside the 5–25 µs an eager op is documented to cost). A layer of this model adds
    :data:`HF_QK_NORM_OPS` for q/k norms; an MoE layer replaces the MLP's 5 ops by
    :data:`HF_MOE_BLOCK_OPS` plus its expert loop (:data:`HF_EXPERT_ITER_OPS` each, one
    synchronization each; all E experts before :data:`HF_LOOP_HIT_EXPERTS`); a block-FP8
    checkpoint runs every Linear as ``FP8Linear``: two Triton launches
    (:data:`TRITON_LAUNCH_S`), :data:`HF_FP8_LINEAR_OPS` ops and a ``torch.cuda.synchronize()``
    (:data:`HF_SYNC_S`). Checked on the Qwen3 speed benchmark (QwenLM/Qwen2.5 docs
    speed_benchmark.md, H20, transformers 4.51.3), whose dense bf16 rows set the 4.44+ era:
    the MoE and FP8 rows it predicts — Qwen3-30B-A3B bf16 1.61 vs 1.89 tok/s and FP8 0.35 vs
    0.44 at batch 1 (128 experts visited per layer), Qwen3-0.6B to -32B FP8 −2 % to +25 %.

    Args:
        arch_model_type: the model's ``model_type``.
        n_layers: decoder layers.
        moe_layers: how many of them are sparse-MoE blocks.
        routed_experts: routed experts per MoE block.
        fp8: weights are a block-scaled FP8 checkpoint run by ``FP8Linear``.
        era: the version's host-time era (:func:`hf_era`).
        version: (major, minor) of transformers named by the workload, or None (current).
        quant_factor: multiplier on the per-op time for bitsandbytes layers (extra launches).
    """
    op = era.layer_s / HF_LAYER_OPS * quant_factor
    per_layer = HF_LAYER_OPS + (HF_QK_NORM_OPS if arch_model_type in HF_QK_NORM_TYPES else 0)
    dense_layers = n_layers - moe_layers
    ops = dense_layers * per_layer + moe_layers * (per_layer - 5 + HF_MOE_BLOCK_OPS)
    fp8_linear_s = 2 * TRITON_LAUNCH_S + HF_FP8_LINEAR_OPS * op + HF_SYNC_S if fp8 else 0.0
    fp8_linears = (7 * dense_layers + 5 * moe_layers) if fp8 else 0  # q,k,v,o (+ router) + MLP
    base = ops * op + fp8_linears * fp8_linear_s + (moe_layers * HF_SYNC_S)
    iter_fp8 = 3 * fp8_linear_s
    active = HF_EXPERT_ITER_OPS * op + HF_SYNC_S + iter_fp8
    idle = HF_EXPERT_ITER_OPS * op * HF_EMPTY_OP_FRACTION + HF_SYNC_S + iter_fp8
    loops_all = version is not None and version < HF_LOOP_HIT_EXPERTS
    return HfHost(
        base_s=base,
        active_iter_s=active,
        idle_iter_s=idle,
        loops_all_experts=loops_all,
        moe_layers=moe_layers if routed_experts > 1 else 0,
        serial=bool(fp8 or moe_layers or era.serial),
        fp8_linears=fp8_linears,
    )


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
    "EngineSpeed",
    "LLAMACPP",
    "LLAMACPP_ERAS",
    "LLAMACPP_METAL_PREFILL_EFF",
    "LLAMACPP_BACKENDS",
    "LLAMACPP_DEFAULT_BACKEND",
    "LlamaCppBackend",
    "LlamaCppEra",
    "engine_notes",
    "llamacpp_era",
    "llamacpp_moe_loop_s",
    "LLAMACPP_MOE_LOOP_S",
    "floor_per_layer",
    "gemm_tflops",
    "transformers_major",
    "transformers_version",
    "HF_V5_LAYER_FLOOR_S",
    "HF_FP8_QUANT_METHODS",
    "HF_LONG_PROMPT_RANGE_PCT",
    "HF_LONG_PROMPT_TOKENS",
    "HF_ERAS",
    "HfEra",
    "HfHost",
    "hf_era",
    "hf_generate_host",
    "memory_class",
    "pnorm",
    "weight_eta",
]
