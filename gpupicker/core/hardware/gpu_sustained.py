"""GPUs as they run, not as the datasheet says: per-GPU and per-class sustained-throughput factors.

The catalog holds datasheet figures (``GpuSpec``). Kernels see less, or more, in a few
well-documented ways; each factor here is a function of the catalog row with its source, so
inference, training and diffusion estimates can all apply the same ones:

* **FP16 accumulate on GeForce** — NVIDIA's GeForce datasheets list tensor TFLOPS with FP32
  accumulate at *half* the FP16-accumulate rate (Ampere GA102 whitepaper Table 9 / Ada
  whitepaper v2.02 Table 2: RTX 3090 71 vs 142, RTX 4090 165 vs 330 dense TFLOPS). Workstation
  and datacenter parts run both at the same rate. The catalog lists the FP32-accumulate rate;
  GEMMs that accumulate in FP16 (cuBLAS ``CUBLAS_COMPUTE_16F``, which llama.cpp's CUDA backend
  uses for F16 matrices: ``ggml-cuda.cu`` ``ggml_cuda_op_mul_mat_cublas``) get twice that.
* **Power-limited SKUs** — a part sold with little board power for its compute cannot hold
  the boost clock the datasheet TFLOPS assume under a long dense tensor load. The energy a
  tensor core spends per FLOP is a property of the architecture (process and design), so the
  sustainable rate is bounded by ``TDP / energy per FLOP``: each part is bounded by its watts
  per datasheet TFLOPS relative to its architecture's un-throttled reference part (the one
  the MFU tables calibrate), ``min(1, (W/TFLOPS) / (W/TFLOPS)_ref)`` — linear, the bound at
  the voltage floor where a power-capped GPU runs (NVIDIA H100 PCIe product brief PB-11133:
  350 W; H100 SXM 700 W). References: V100 SXM2 300 W / 125, A100 SXM 400 W / 312, L40S
  350 W / 362, H100 SXM 700 W / 989, B200 1,000 W / 2,250 (GeForce rows list the half
  FP32-accumulate rate, so they come out un-throttled). Examples: T4 ≈ 45 %, L4 ≈ 60 %,
  H100 PCIe ≈ 65 %. An upper bound from power alone (UNCERTAIN ±20 %); cooling and user
  power-limit settings are not modelled.
* **Measured parts** — where a published measurement of a part's sustained dense-GEMM rate
  exists, it replaces the power bound (:data:`MEASURED_TENSOR_FACTOR`): the RTX 6000 Ada
  sustains ≈ 63 % of its 364 TFLOPS (the power bound against the L40S said 85 %).
* **ECC on GDDR** — datacenter GDDR6 cards (A10, A40, L4, L40S) run with inline ECC enabled,
  which reserves 1/16 of the memory (``GpuSpec.usable_memory_bytes``) and fetches the check
  bits with the data: sustained bandwidth is taken as 90 % of the datasheet figure.
* **Apple silicon** — Apple publishes no TFLOPS. The GPU's FP32/FP16 rate is cores × 128 ALUs
  × 2 FLOP × clock (Apple GPU core: 128 FP32 ALUs; clocks per generation from Apple's
  M1/M2/M3/M4 keynote figures as measured by notebookcheck/AnandTech: M1 Max 32-core
  10.4 TFLOPS, M2 Ultra 76-core 27.2 TFLOPS), from the core count in the catalog name.
* **ROCm** — AMD Instinct GEMMs reach a smaller share of datasheet peak than cuBLAS on
  NVIDIA (SemiAnalysis MI300X vs H100 training benchmarks, Dec 2024: MI300X BF16 GEMM
  ≈ 600–650 of 1,307 TFLOPS; H100 ≈ 700 of 989): factor 0.70 on AMD compute.

Nothing here is fitted to a validation case; see :data:`FACTOR_SOURCES`.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Literal

from ..messages import Message, join, msg
from .specs import GpuSpec

Accumulate = Literal["fp32", "fp16"]

ECC_GDDR_BANDWIDTH_FACTOR = 0.90
"""Sustained share of datasheet bandwidth on datacenter GDDR cards with inline ECC on."""
FP8_GEMM_FACTOR = 0.65
"""Share of the datasheet FP8 rate sustained by FP8 GEMMs relative to the BF16 share: FP8
tensor cores double the peak but the per-tensor scaling, the higher-precision epilogue and
the unchanged BF16/FP16 attention do not (NVIDIA Transformer Engine benchmarks: H100 SXM FP8
GEMM ≈ 1,300 of 1,979 TFLOPS while BF16 reaches ≈ 750 of 989)."""
ROCM_COMPUTE_FACTOR = 0.70
"""Share of NVIDIA-equivalent GEMM efficiency reached on AMD Instinct with ROCm."""

POWER_REFERENCE_W_PER_TFLOPS: dict[str, float] = {
    "Volta": 300 / 125,
    "Turing": 300 / 125,
    "Ampere": 400 / 312,
    "Ada Lovelace": 350 / 362.05,
    "Hopper": 700 / 989.4,
    "Blackwell": 1000 / 2250,
}
"""Watts per dense 16-bit TFLOPS of each architecture's un-throttled reference part (V100
SXM2, A100 SXM4, L40S, H100 SXM5, B200; NVIDIA datasheets). Ada's reference is the L40S,
the family's full-power datacenter part: TensorRT-LLM's published L40S FP8 prefill
(performance.md v0.5, 28,055 tokens/s on Llama-2-7B, public-speed TR07) is not reachable
under a tighter bound."""

MEASURED_TENSOR_FACTOR: dict[str, float] = {"rtx_6000_ada": 0.63}
"""Sustained share of the datasheet dense 16-bit tensor rate measured for a catalog part (by
``GpuSpec.id``); replaces :func:`power_limit_factor`'s power bound for that part.

``rtx_6000_ada`` 0.63 (±10 %), two independent dense-GEMM measurements:

* XiongjieDai/GPU-Benchmarks-on-LLM-Inference README (commit 00dd2bd, llama.cpp llama-bench,
  LLaMA 3 tables): Llama-3-8B F16 prompt processing, cuBLAS GEMMs with FP16 accumulate,
  RTX 6000 Ada 6,663 vs RTX 4090 9,382 tokens/s at pp512 (0.71), 6,205 vs 9,056 at pp1024
  (0.685): 0.71 × 330.3 / 364 = 0.64 and 0.685 × 330.3 / 364 = 0.62 of the datasheet with
  the 4090 at its full FP16-accumulate rate (as this module models it; its LC09 prefill
  case is within 3 %). Both AD102 cards run at their power cap there: 300 W / 450 W = 0.67.
* zzc0721/torch-performance-test-data database.md (torch matmul, 8192², bf16, FP32
  accumulate): the L40S, the same AD102 chip at 350 W, sustains 269 of 362 TFLOPS; at the
  RTX 6000 Ada's 300 W that is 269 × 300 / 350 = 231 TFLOPS = 0.63 of 364 (the RTX 4090 rows
  there: 160–173 TFLOPS of its 165.2 FP32-accumulate rate, un-throttled as modelled).

Training: the same factor makes the RTX 6000 Ada ≈ 1.4× an RTX 4090 on GEMM-bound LLM
fine-tuning (364 × 0.63 / 165.2). Lambda's end-to-end PyTorch AMP training benchmark
(lambdal/deeplearning-benchmark ``pytorch/pytorch-train-throughput-fp16.csv``, 1 GPU) measures
0.85–1.11× on BERT-base/large SQuAD and Transformer-XL base/large (geometric mean 0.93):
models of ≤ 340 M parameters whose steps are far from GEMM-bound (the non-GEMM kernels run
at the two cards' similar bandwidth, 960 vs 1,008 GB/s), which the MFU model does not
separate — there the ratio is an upper bound."""

MEASURED_16BIT_TENSOR_FACTOR: dict[str, float] = {"l40s": 269.0 / 362.05}
"""Sustained share of the datasheet dense 16-bit rate measured for a part, applied to BF16/FP16
GEMMs only (by ``GpuSpec.id``; replaces :func:`power_limit_factor`'s bound for them).

``l40s`` 0.74: zzc0721/torch-performance-test-data database.md (torch matmul 8192², bf16, FP32
accumulate) — 269 of 362 TFLOPS, the measurement :data:`MEASURED_TENSOR_FACTOR` scales to the
RTX 6000 Ada. Its FP8 GEMMs keep the power bound (1.0) × :data:`FP8_GEMM_FACTOR`:
TensorRT-LLM's L40S FP8 prefill (performance.md v0.5, public-speed TR07) already runs faster
than that predicts, so the 16-bit measurement is not carried over to FP8."""

APPLE_GPU_CLOCK_GHZ: dict[str, float] = {
    "m1": 1.278,
    "m2": 1.398,
    "m3": 1.380,
    "m4": 1.578,
}
"""Apple GPU clocks per generation (GHz): 10.4 TFLOPS for the M1 Max 32-core =
32 × 128 × 2 × 1.278 GHz; M2 Ultra 76-core 27.2 TFLOPS; M3/M4 from Apple's launch figures."""

FACTOR_SOURCES: dict[str, str] = {
    "fp16_accumulate": "NVIDIA GA102 whitepaper Table 9; Ada whitepaper v2.02 Table 2",
    "power_limit": (
        "NVIDIA datasheets: board power per dense TFLOPS vs the architecture's "
        "reference part (H100 PCIe product brief PB-11133, 350 W)"
    ),
    "measured_tensor": (
        "XiongjieDai/GPU-Benchmarks-on-LLM-Inference (llama.cpp F16 prefill, "
        "RTX 6000 Ada vs RTX 4090); zzc0721/torch-performance-test-data (L40S "
        "bf16 GEMM)"
    ),
    "ecc_gddr": "GDDR6 inline ECC (1/16 of capacity reserved; nvidia-smi on A10/L4/L40S)",
    "apple": "Apple GPU core = 128 FP32 ALUs; M1 Max 10.4 TFLOPS, M2 Ultra 27.2 TFLOPS",
    "rocm": "SemiAnalysis MI300X vs H100/H200 benchmark (Dec 2024): achieved BF16 GEMM TFLOPS",
    "sm_stream": (
        "SM count (H20: 78, Geekbench 6 via zangshuxian.com) against the H200's 132 "
        "SMs streaming 4.8 TB/s (h200.jsonl decode-ceiling cases)"
    ),
}
"""Where each factor comes from (shown in assumptions)."""


def is_geforce(gpu: GpuSpec) -> bool:
    """True for NVIDIA consumer (GeForce) cards, modified boards ("consumer (modified)") too.

    Their datasheet tensor figures are FP32-accumulate, at half the FP16-accumulate rate.
    """
    return gpu.is_cuda and gpu.segment.lower().startswith("consumer")


def is_apple(gpu: GpuSpec) -> bool:
    """True for Apple silicon (Metal backend, unified memory)."""
    return gpu.vendor.lower() == "apple"


def is_rocm(gpu: GpuSpec) -> bool:
    """True for AMD GPUs (ROCm/HIP software stack)."""
    return gpu.vendor.lower() == "amd"


def apple_gpu_tflops(gpu: GpuSpec) -> float | None:
    """FP32 (= FP16) TFLOPS of an Apple GPU from the core count in its name, or None.

    ``"Apple M3 Max (40-core GPU, 128GB)"`` → 40 × 128 × 2 × 1.38 GHz = 14.1 TFLOPS.
    """
    if not is_apple(gpu):
        return None
    cores = re.search(r"(\d+)\s*-?\s*core\s+gpu", gpu.name, re.IGNORECASE)
    gen = re.search(r"\bm(\d)\b", f"{gpu.architecture} {gpu.name}".lower())
    if not cores or not gen:
        return None
    clock = APPLE_GPU_CLOCK_GHZ.get(f"m{gen.group(1)}")
    if clock is None:
        return None
    return int(cores.group(1)) * 128 * 2 * clock / 1000.0


def power_limit_factor(gpu: GpuSpec, precision: str = "bf16") -> float:
    """Sustained share of the datasheet dense tensor rate within the board power.

    1.0 for un-throttled parts, rows without TDP/TFLOPS, non-CUDA parts and unknown
    architectures; a part with a published measurement takes it
    (:data:`MEASURED_TENSOR_FACTOR`: RTX 6000 Ada → 0.63; for 16-bit GEMMs
    :data:`MEASURED_16BIT_TENSOR_FACTOR`: L40S → 0.74). ``precision``: the GEMM's input
    precision (``bf16``/``fp16``/``fp8``/``int8``).

    ``min(1, (TDP / TFLOPS) / (TDP / TFLOPS)_reference)``: H100 PCIe (350 W, 756 TFLOPS)
    → 0.65; T4 (70 W, 65) → 0.45; A100, H100 SXM, L40S and GeForce cards → 1.
    """
    measured = MEASURED_TENSOR_FACTOR.get(gpu.id)
    if precision not in ("fp8", "int8"):
        measured = MEASURED_16BIT_TENSOR_FACTOR.get(gpu.id, measured)
    if measured is not None and gpu.is_cuda:
        return measured
    ref = POWER_REFERENCE_W_PER_TFLOPS.get(gpu.architecture or "")
    tf = gpu.dense_16bit_tflops
    if ref is None or not tf or not gpu.tdp_w or not gpu.is_cuda:
        return 1.0
    return min(1.0, gpu.tdp_w / tf / ref)


SM_COUNT: dict[str, int] = {"h20": 78}
"""Streaming multiprocessors of cut-down parts whose memory system outruns their SMs (by
``GpuSpec.id``): H20 78 SMs (Geekbench 6 listing, reported by zangshuxian.com — the catalog
row's FP16/FP32 source; the full GH100 has 144, the H100 SXM enables 132)."""
SM_STREAM_REFERENCE: dict[str, tuple[int, float]] = {"Hopper": (132, 4800.0)}
"""(SMs, datasheet GB/s) of the architecture's part whose full-rate weight streaming is
measured: the H200 SXM, 132 SMs at 4.8 TB/s — its decode-ceiling cases (``h200.jsonl``) stream
the weights at the ideal engine's share of that bandwidth, so each SM sustains at least
4.8 TB/s / 132 of it."""


def sm_stream_factor(gpu: GpuSpec) -> float:
    """Share of datasheet bandwidth the part's SMs can stream, from its SM count.

    Memory-bound kernels keep a bounded number of bytes in flight per SM, so a part with fewer
    SMs than its memory system needs cannot reach the datasheet figure:
    ``min(1, (SMs / SMs_ref) × (GB/s_ref / GB/s))`` against :data:`SM_STREAM_REFERENCE`. H20:
    78/132 × 4.8/4.0 = 0.71 (UNCERTAIN ±15 %: the per-SM rate of the reference is a lower
    bound). 1.0 for parts not in :data:`SM_COUNT`.
    """
    sms = SM_COUNT.get(gpu.id)
    ref = SM_STREAM_REFERENCE.get(gpu.architecture or "")
    if not sms or ref is None or not gpu.memory_bandwidth_gbps:
        return 1.0
    return min(1.0, sms / ref[0] * ref[1] / gpu.memory_bandwidth_gbps)


def bandwidth_factor(gpu: GpuSpec) -> float:
    """Sustained share of datasheet memory bandwidth.

    From the memory system (ECC GDDR: 0.90) and the SMs that stream it
    (:func:`sm_stream_factor`).
    """
    mt = gpu.memory_type.lower()
    f = sm_stream_factor(gpu)
    if "gddr" in mt and gpu.segment.lower() == "datacenter":
        f *= ECC_GDDR_BANDWIDTH_FACTOR
    return f


def tensor_tflops(gpu: GpuSpec, precision: str = "bf16", accumulate: Accumulate = "fp32") -> float:
    """Datasheet-based dense TFLOPS for a GEMM in ``precision``, before power/ROCm factors.

    ``precision`` is ``bf16``/``fp16``/``fp8``/``fp4``/``int8``; the GeForce FP16-accumulate
    doubling applies.

    Apple GPUs: :func:`apple_gpu_tflops`; a GPU without any compute figure returns 0.
    """
    apple = apple_gpu_tflops(gpu)
    if apple:
        return apple
    if precision == "fp8" and gpu.fp8_tflops_dense:
        return gpu.fp8_tflops_dense
    if precision == "fp4" and gpu.fp4_tflops_dense:
        return gpu.fp4_tflops_dense
    if precision == "int8" and gpu.int8_tops_dense:
        return gpu.int8_tops_dense
    tf = gpu.dense_16bit_tflops
    if (
        accumulate == "fp16"
        and precision in ("fp16", "f16")
        and is_geforce(gpu)
        and gpu.architecture in ("Ampere", "Ada Lovelace", "Turing", "Blackwell")
    ):
        tf *= 2.0
    return tf


def sustained_tflops(gpu: GpuSpec, precision: str = "bf16", accumulate: Accumulate = "fp32") -> float:
    """Sustained dense TFLOPS of ``gpu`` for a GEMM in ``precision``.

    :func:`tensor_tflops` × (:data:`FP8_GEMM_FACTOR` for FP8) × :func:`power_limit_factor`
    × (ROCm factor on AMD); memoized per GPU row, precision and accumulate type.
    """
    return _sustained_tflops(gpu, precision, accumulate)


@lru_cache(maxsize=4096)  # behind a typed function: lru_cache's wrapper checks no argument types
def _sustained_tflops(gpu: GpuSpec, precision: str, accumulate: Accumulate) -> float:
    tf = tensor_tflops(gpu, precision, accumulate)
    if (
        (precision == "fp8" and gpu.fp8_tflops_dense) or (precision == "fp4" and gpu.fp4_tflops_dense)
    ) and not apple_gpu_tflops(gpu):
        # block-scaled FP4 GEMMs carry the same scaling / epilogue / attention overheads
        tf *= FP8_GEMM_FACTOR
    tf *= power_limit_factor(gpu, precision)
    if is_rocm(gpu):
        tf *= ROCM_COMPUTE_FACTOR
    return tf


def sustained_notes(
    gpu: GpuSpec, precision: str = "bf16", accumulate: Accumulate = "fp32"
) -> tuple[Message, ...]:
    """Assumption sentences (Messages) for the factors that apply to ``gpu`` (none for a plain part).

    The sources are in :data:`FACTOR_SOURCES` and the module docstring. Memoized per GPU row,
    precision and accumulate type (the recommender asks once per GPU × count).
    """
    return _sustained_notes(gpu, precision, accumulate)


@lru_cache(maxsize=4096)
def _sustained_notes(gpu: GpuSpec, precision: str, accumulate: Accumulate) -> tuple[Message, ...]:
    notes = []
    if apple_gpu_tflops(gpu):
        notes.append(msg("gpu_sustained.apple", gpu=gpu.name, tflops=f"{apple_gpu_tflops(gpu):.1f}"))
    if accumulate == "fp16" and tensor_tflops(gpu, precision, "fp16") > tensor_tflops(gpu, precision, "fp32"):
        notes.append(msg("gpu_sustained.fp16_accumulate"))
    f = power_limit_factor(gpu, precision)
    if f < 0.999:
        which = (
            "gpu_sustained.measured"
            if gpu.id in MEASURED_TENSOR_FACTOR or gpu.id in MEASURED_16BIT_TENSOR_FACTOR
            else "gpu_sustained.power_limited"
        )
        notes.append(msg(which, watts=f"{gpu.tdp_w:.0f}", share=f"{f:.0%}"))
    if sm_stream_factor(gpu) < 1.0:
        notes.append(
            msg("gpu_sustained.sm_limited", sms=SM_COUNT[gpu.id], share=f"{sm_stream_factor(gpu):.0%}")
        )
    if "gddr" in gpu.memory_type.lower() and gpu.segment.lower() == "datacenter":
        notes.append(msg("gpu_sustained.ecc", share=f"{ECC_GDDR_BANDWIDTH_FACTOR:.0%}"))
    if is_rocm(gpu):
        notes.append(msg("gpu_sustained.rocm", share=f"{ROCM_COMPUTE_FACTOR:.0%}"))
    return tuple(join([n]) for n in notes)


FLOP_PER_BYTE_UNKNOWN = 20.0
"""For a GPU whose catalog row has no compute figure (Apple silicon: Apple publishes none),
dense TFLOPS are assumed to be 20 FLOP per byte/s of memory bandwidth — the ratio of shader
FP32 throughput to bandwidth of M-series Max chips (≈ 14–16 TFLOPS at 400–546 GB/s)."""


def bandwidth_derived_tflops(gpu: GpuSpec) -> float:
    """Assumed dense TFLOPS for a GPU with no compute figure: bandwidth (GB/s) × 20 / 1000."""
    return gpu.memory_bandwidth_gbps * FLOP_PER_BYTE_UNKNOWN / 1000.0


__all__ = [
    "FLOP_PER_BYTE_UNKNOWN",
    "MEASURED_16BIT_TENSOR_FACTOR",
    "MEASURED_TENSOR_FACTOR",
    "apple_gpu_tflops",
    "bandwidth_derived_tflops",
    "bandwidth_factor",
    "is_apple",
    "is_geforce",
    "is_rocm",
    "power_limit_factor",
    "sm_stream_factor",
    "SM_COUNT",
    "sustained_notes",
    "sustained_tflops",
    "tensor_tflops",
    "FACTOR_SOURCES",
]
