"""llama.cpp's speed profile: efficiencies, build eras, ggml back-ends and the old MoE loop.

Ollama, LM Studio and llamafile ship these builds too (``docs/formulas.md`` §7).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..memory.common import recurrent_state_bytes
from ..messages import msg
from ..model_arch import ModelArch
from ..workload.spellings import build_number
from .engine_speed import EngineSpeed

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
        prefill_vendor: the same by GPU vendor (the catalog's ``vendor``) where the back-end's
            matrix kernels differ by vendor (absent: ``prefill``).
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
    prefill_vendor: dict[str, float] = field(default_factory=dict)

    def prefill_on(self, vendor: str) -> float:
        """Prompt-processing rate relative to the CUDA path's model on a GPU of ``vendor``."""
        return self.prefill_vendor.get(vendor, self.prefill)


LLAMACPP_BACKENDS: dict[str, LlamaCppBackend] = {
    # RX 6700 XT (384 GB/s) ROCm Mistral-7B Q4_0 tg128 58.97 tok/s (llama.cpp PR #5835,
    # 2024-03): 4.11 GB × 59 = 242 GB/s = 0.63; MI50 (1,024 GB/s HBM2) HIP llama 8B Q4_0 tg128
    # 91.74 (PR #16715, 2025-10): 0.42. Prompt GEMMs: the ROCm compute factor of gpu_sustained.
    "hip": LlamaCppBackend("hip", {"gddr": 0.65, "hbm": 0.45, "unified": 0.65}, 1.0),
    # Arc A770 (560 GB/s) Llama-3.1-8B Q4_K_M tg 53 tok/s at b7189 (llama.cpp issue #17628,
    # 2025-11): 0.47; RX 5700 XT (448 GB/s) llama 7B Q4_0 tg128 65.2 (PR #13324, 2025-05): 0.56;
    # RX 6700 XT pp512 425 tok/s on Vulkan vs 1,017 on ROCm (PR #5835): 0.42. NVIDIA cards run
    # the matmul shaders on their tensor cores through VK_KHR_cooperative_matrix ("works on
    # Nvidia RTX 2000 and newer", PR #10597, 2024-12): RTX 3090 llama 8B Q4_0 pp512 3,156.8
    # tok/s with coopmat1 (4,278.9 with NV_cooperative_matrix2; PR #13506, 2025-05) against
    # 3,738 for the CUDA path's model of a May 2025 build on that card: 0.84 (the coopmat1
    # figure: coopmat2 needs a driver the workload does not name)
    "vulkan": LlamaCppBackend(
        "vulkan",
        {"gddr": 0.50, "hbm": 0.50, "unified": 0.50},
        0.42,
        range_pct=35.0,
        prefill_vendor={"NVIDIA": 0.84},
    ),
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


LLAMACPP_METAL_MMID_SLOWDOWN = {"quantized": 2.15, "16-bit": 4.85}
"""How many times longer the prompt-processing expert GEMMs take on Metal in llama.cpp builds
before PR #13388 ("metal : optimize MoE for large batches", merged by 2025-05-09: ollama issue
#10630 of that day names it merged), whose ``MUL_MAT_ID`` mat-mat path maps each expert's rows
into a regular ``mul_mm`` GEMM. The PR's M2 Ultra pp512 table (before → after tok/s: Mixtral
8x7B Q4_0 295.20 → 651.44, Qwen3-30B-A3B Q4_0 759.53 → 1359.49, Q8_0 707.46 → 1350.71, F16
344.46 → 1400.07), with the new time split between expert GEMMs and the rest by their FLOPs
(each expert's GEMM at :func:`.weight_reads.expert_gemm_slowdown` of its rows: 128 for Mixtral,
32 for Qwen3), puts the old expert GEMMs at 2.32×, 1.99× and 2.14× (quantized: mean 2.15) and
4.85× (F16) the new ones. Keyed by weight width: ≤ 8-bit or 16-bit."""

LLAMACPP_METAL_MMID_BUILD = 5299
"""First llama.cpp build that may have PR #13388: b5298 existed on 2025-05-07, before the PR was
opened (AOSC-Dev/aosc-os-abbs PR #10794 packages it that day); the merge build is bracketed, not
read, so builds b5299 … the merge build are taken to have it."""
LLAMACPP_METAL_MMID_MONTH = "2025-05"
"""The same boundary as a month (a workload that names a date; May 2025 is taken to have it)."""


def llamacpp_metal_mmid_factor(build: str | None, date: str | None, bytes_per_weight: float) -> float:
    """Multiplier on the Metal prompt-processing expert GEMM time of a llama.cpp build.

    :data:`LLAMACPP_METAL_MMID_SLOWDOWN` for a named build (or ``YYYY-MM[-DD]`` date) before
    PR #13388 — its ``"16-bit"`` entry for weights of 2 bytes or more, else ``"quantized"`` —
    and 1 otherwise (also when neither is given: the newest build is assumed).

    Raises:
        ValueError: for a build number that cannot be read (:func:`.workload.build_number`).
    """
    if build:
        old = build_number(build) < LLAMACPP_METAL_MMID_BUILD
    elif date:
        old = date[:7] < LLAMACPP_METAL_MMID_MONTH
    else:
        old = False
    if not old:
        return 1.0
    return LLAMACPP_METAL_MMID_SLOWDOWN["16-bit" if bytes_per_weight >= 2.0 else "quantized"]


LLAMACPP_GDN_STATE_PASSES = 2
"""Times a llama.cpp decode step reads and writes each Gated DeltaNet layer's recurrent state
(conv window and delta-rule matrix, F32): ``llm_graph_context::build_rs`` first gathers the
sequence's state rows into a contiguous tensor (``ggml_get_rows``, ``src/llama-graph.cpp``),
then the fused ``GGML_OP_GATED_DELTA_NET`` reads that copy and writes the new state
(``build_delta_net_fused``, ``src/models/delta-net-base.cpp`` @156ce1c; ``fused_gdn_ar`` is on
by default, ``src/llama-context.cpp`` @001d906). The CUDA and Metal back-ends write that new
state straight into the cache slot instead of through the graph's ``ggml_cpy`` (PR #23940,
"Remove redundant CUDA copies after gated_delta_net", 2026-07; PR #28976 names the same check
for Metal), so two passes. Builds before that copy back once more (three passes), and builds
before the fused op (PR #19504, opened 2026-02) expand the update into elementwise nodes over
the whole state (``build_delta_net_autoregressive``: about nine passes; the unmerged PR #20091
counts 12 nodes a layer saved by fusing): neither older era is modelled, the current one is
assumed for every build (sources of 2026-08 found builds b10435 … b10472 equal within 1.2 %)."""


def llamacpp_state_step_bytes(arch: ModelArch, batch: int) -> float:
    """Recurrent-state bytes a llama.cpp decode step reads and writes, whole model, unsharded.

    The state in llama.cpp's F32 (:func:`.memory.common.recurrent_state_bytes`), read and
    written once; Gated DeltaNet layers :data:`LLAMACPP_GDN_STATE_PASSES` times. Qwen3.8-27B
    (48 Gated DeltaNet layers, 48 value heads × 128², 16 key heads × 128, kernel 4): 39.2 M
    values, 156.9 MB a sequence, 627.6 MB moved a step. Mamba-2 and short-conv layers keep the
    single pass (their llama.cpp graphs are not modelled further). 0 for a model without
    recurrent layers.
    """
    state = recurrent_state_bytes(arch, batch, "llama.cpp")
    if not state:
        return 0.0
    conv, temporal = arch.recurrent_state_elements("L")
    gdn = 4 * (conv + temporal) * max(1, batch)  # F32, as recurrent_state_bytes
    return 2.0 * state + 2.0 * (LLAMACPP_GDN_STATE_PASSES - 1) * gdn


LLAMACPP_METAL_PREFILL_EFF = 0.65
"""Share of the Apple GPU's FP16 rate reached by llama.cpp's Metal ``mul_mm`` prefill kernels:
8B Q4_K_M pp512 on M1 Max 408 tok/s (6.2 of 10.5 TFLOPS, 59 %), M2 Ultra 994 (15.0 of 27.2,
55 %), M3 Max 693 (10.4 of 14.1, 74 %) — XiongjieDai/GPU-Benchmarks-on-LLM-Inference."""

__all__ = [
    "LLAMACPP",
    "LLAMACPP_BACKENDS",
    "LLAMACPP_DEFAULT_BACKEND",
    "LLAMACPP_ERAS",
    "LLAMACPP_GDN_STATE_PASSES",
    "LLAMACPP_METAL_FLOOR",
    "LLAMACPP_METAL_MMID_BUILD",
    "LLAMACPP_METAL_MMID_MONTH",
    "LLAMACPP_METAL_MMID_SLOWDOWN",
    "LLAMACPP_METAL_PREFILL_EFF",
    "LLAMACPP_MOE_LOOP_S",
    "LlamaCppBackend",
    "LlamaCppEra",
    "llamacpp_era",
    "llamacpp_state_step_bytes",
    "llamacpp_metal_mmid_factor",
    "llamacpp_moe_loop_s",
]
