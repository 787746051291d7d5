"""Which quantization formats each engine runs on each platform: a data table with sources.

Each :data:`SUPPORT_TABLE` row is a refusal — an engine × weight (or KV) format × platform
that the engine rejects at start-up or has no kernels for — with its reason and its source.
Anything no row names runs. :func:`quant_refusal` is the lookup; it is part of
:func:`gpupicker.core.checks.engine_hardware_refusal`, so a refused option never ranks and
``recommend`` says why it was left out.

NVIDIA compute capability (CUDA programming guide, "Compute capabilities" table) comes from the
GPU's architecture: Pascal 6.x, Volta 7.0, Turing 7.5, Ampere 8.0/8.6/8.7, Ada 8.9, Hopper 9.0,
Blackwell 10.0 (datacenter) / 12.0 (RTX); the table only compares against 7.5, 8.0 and 8.9.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..dtypes import GGUF_TYPES
from ..hardware.specs import GpuSpec
from ..memo import by_identity
from ..messages import TEMPLATES, Message, msg, placeholders

_CC_BY_ARCHITECTURE: tuple[tuple[str, float], ...] = (
    ("blackwell", 10.0),
    ("hopper", 9.0),
    ("ada", 8.9),
    ("ampere", 8.0),
    ("turing", 7.5),
    ("volta", 7.0),
    ("pascal", 6.0),
)


def compute_capability(gpu: GpuSpec) -> float | None:
    """The lowest CUDA compute capability of ``gpu``'s architecture.

    None for a GPU that is not NVIDIA, or whose architecture the table does not name. Found
    once per GPU object (a frozen catalog row; the checks and the memory model ask for it on
    every estimate).
    """
    return _compute_capability(gpu)


@by_identity(maxsize=4096)
def _compute_capability(gpu: GpuSpec) -> float | None:
    if not gpu.is_cuda:
        return None
    arch = gpu.architecture.lower()
    return next((cc for name, cc in _CC_BY_ARCHITECTURE if name in arch), None)


BF16_MIN_COMPUTE_CAPABILITY = 8.0
"""bf16 arithmetic is native on NVIDIA from compute capability 8.0 (Ampere): torch's
``torch.cuda.is_bf16_supported`` returns True for ``major >= 8``; below it only its emulation
probe (``including_emulation=True`` allocates one bf16 tensor, no arithmetic) passes. Older
transformers' ``is_torch_bf16_gpu_available`` refused ``major < 8`` outright ("You need Ampere+
GPU"); newer ones call torch's probe, so ``bf16: true`` on a V100 (7.0) or T4 (7.5) starts and
then runs emulated or stops in a kernel without bf16. fp16 with loss scaling is what those cards
train in."""


def lacks_bf16(gpu: GpuSpec) -> bool:
    """True for an NVIDIA GPU older than Ampere (Volta, Turing, Pascal): no bf16 training.

    Other vendors' bf16 support is not decided here (False: the trainers' own checks apply).
    """
    cc = compute_capability(gpu)
    return cc is not None and cc < BF16_MIN_COMPUTE_CAPABILITY


def weight_format(weights_dtype: str, quant_method: str | None) -> str:
    """The checkpoint format a weights dtype stands for, as the support table names it.

    ``int4`` is an AWQ checkpoint unless ``quant_method`` says GPTQ (the serving engines'
    common int4 format, as :mod:`.launch_config` assumes); GGUF types are ``gguf``; the Ascend
    ModelSlim formats are ``w8a8`` / ``w4a8``; others keep their dtype name.
    """
    method = (quant_method or "").lower().replace("_marlin", "")
    if weights_dtype == "int4":
        return {"gptq": "gptq", "w4a8": "w4a8", "modelslim": "w4a8"}.get(method, "awq")
    if weights_dtype == "int8" and method in ("w8a8", "modelslim", "smoothquant"):
        return "w8a8"
    if weights_dtype in GGUF_TYPES:
        return "gguf"
    return weights_dtype


@dataclass(frozen=True)
class SupportRow:
    """One refused engine × format × platform combination.

    Attributes:
        engines: canonical engine names (:mod:`.frameworks`) the row applies to.
        formats: weight formats (:func:`weight_format`), or KV formats when ``kv`` is True.
        platforms: :func:`gpupicker.core.stacks.platforms.platform_of` codes.
        cc_below: on CUDA, refused only below this compute capability (None: on every GPU of
            the platform that ``unless`` does not exempt).
        unless: a GPU feature that exempts the GPU: ``"fp8"`` / ``"fp4"`` tensor cores.
        kv: the row is about the KV-cache dtype, not the weights.
        reason: message id of the sentence shown (parameters engine, fmt, gpu).
        source: where the refusal is documented.
    """

    engines: frozenset[str]
    formats: frozenset[str]
    platforms: frozenset[str]
    reason: str
    source: str
    cc_below: float | None = None
    unless: str = ""
    kv: bool = False


_SERVERS = frozenset({"vllm", "sglang"})
_ANY_PLATFORM = frozenset({"cuda", "rocm", "gaudi", "xpu", "metal", "ascend"})

SUPPORT_TABLE: tuple[SupportRow, ...] = (
    SupportRow(
        _SERVERS,
        frozenset({"awq"}),
        frozenset({"cuda"}),
        "quant_support.awq_volta",
        "vLLM docs, Quantization → Supported Hardware (AWQ: Turing 7.5 and later, not "
        "Volta); SGLang uses vLLM's AWQ kernels",
        cc_below=7.5,
    ),
    SupportRow(
        _SERVERS,
        frozenset({"fp8", "nvfp4", "mxfp4"}),
        frozenset({"cuda"}),
        "quant_support.needs_ampere",
        "vLLM docs, Quantization → Supported Hardware (FP8 W8A8 on Ada/Hopper; FP8, "
        "NVFP4 and MXFP4 weight-only through Marlin kernels need compute capability 8.0)",
        cc_below=8.0,
    ),
    SupportRow(
        frozenset({"tensorrt-llm"}),
        frozenset({"fp8"}),
        frozenset({"cuda"}),
        "quant_support.fp8_ada",
        "TensorRT-LLM support matrix (FP8: Ada Lovelace, Hopper, Blackwell)",
        cc_below=8.9,
    ),
    SupportRow(
        frozenset({"tensorrt-llm"}),
        frozenset({"nvfp4", "mxfp4"}),
        frozenset({"cuda"}),
        "quant_support.fp4_blackwell",
        "TensorRT-LLM support matrix (NVFP4 / MXFP4: Blackwell)",
        unless="fp4",
    ),
    SupportRow(
        _SERVERS,
        frozenset({"fp8"}),
        frozenset({"rocm"}),
        "quant_support.fp8_rocm",
        "vLLM ROCm docs (FP8 on MI300 / CDNA 3 and later; MI200 has no FP8)",
        unless="fp8",
    ),
    SupportRow(
        frozenset({"vllm", "vllm-ascend", "mindie", "lmdeploy"}),
        frozenset({"awq", "gptq", "fp8", "nvfp4", "mxfp4"}),
        frozenset({"ascend"}),
        "quant_support.ascend_modelslim",
        "vllm-ascend docs, Quantization guide (ModelSlim W8A8 / W4A8 only); MindIE "
        "quantization docs (W8A8, W4A16 ModelSlim); Ascend 910B has no FP8 units",
    ),
    SupportRow(
        _SERVERS,
        frozenset({"w8a8"}),
        frozenset({"cuda"}),
        "quant_support.w8a8_turing",
        "vLLM docs, Quantization → Supported Hardware (INT8 W8A8: Turing 7.5 and later, not Volta)",
        cc_below=7.5,
    ),
    SupportRow(
        frozenset({"transformers", "mlc-llm"}),
        frozenset({"awq", "gptq", "fp8", "nvfp4", "mxfp4", "w8a8", "w4a8"}),
        frozenset({"metal"}),
        "quant_support.apple_formats",
        "AutoAWQ / GPTQModel / FP8 and FP4 kernels are CUDA/ROCm only; on Apple GPUs the "
        "engines load GGUF (llama.cpp, Ollama) or MLX formats (mlx-lm docs)",
    ),
    SupportRow(
        _SERVERS | frozenset({"tensorrt-llm"}),
        frozenset({"nvfp4", "mxfp4"}),
        _ANY_PLATFORM,
        "quant_support.fp4_kv",
        unless="fp4",
        kv=True,
        source="vLLM --kv-cache-dtype nvfp4 (PR #46329) and SGLang NVFP4 KV (PR #38646) "
        "run on FP4 tensor cores (Blackwell) only",
    ),
    SupportRow(
        frozenset({"llama.cpp", "ollama"}),
        frozenset({"nvfp4", "mxfp4", "fp8", "int4"}),
        _ANY_PLATFORM,
        "quant_support.llamacpp_kv",
        kv=True,
        source="llama.cpp --cache-type-k/-v accepts f32, f16, bf16, q8_0, q4_0, q4_1, "
        "iq4_nl, q5_0, q5_1 (common/arg.cpp kv_cache_types)",
    ),
)
"""Refused engine × format × platform rows (everything else runs); see :class:`SupportRow`."""


def _exempt(row: SupportRow, gpu: GpuSpec, cc: float | None) -> bool:
    if row.unless == "fp8" and gpu.has_fp8:
        return True
    if row.unless == "fp4" and gpu.has_fp4:
        return True
    return row.cc_below is not None and (cc is None or cc >= row.cc_below)


def quant_refusal(
    engine: str,
    platform: str,
    gpu: GpuSpec,
    weights_dtype: str,
    quant_method: str | None,
    kv_cache_dtype: str,
) -> Message | None:
    """Why ``engine`` refuses these weights or this KV dtype on ``gpu`` (None when it runs).

    Args:
        engine: canonical engine name (:mod:`.frameworks`).
        platform: ``stacks.platforms.platform_of(gpu)``.
        gpu: the GPU.
        weights_dtype: the workload's weights dtype.
        quant_method: the workload's quantization method (AWQ / GPTQ …), if given.
        kv_cache_dtype: the workload's KV-cache dtype.
    """
    fmt = weight_format(weights_dtype, quant_method)
    cc = compute_capability(gpu)
    for row in SUPPORT_TABLE:
        if engine not in row.engines or platform not in row.platforms:
            continue
        asked = kv_cache_dtype if row.kv else fmt
        if asked in row.formats and not _exempt(row, gpu, cc):
            params = {"engine": engine, "fmt": asked.upper(), "gpu": gpu.name}
            wanted = placeholders(TEMPLATES[row.reason])
            return msg(row.reason, **{k: v for k, v in params.items() if k in wanted})
    return None


MODELSLIM_FORMATS: tuple[str, ...] = ("w8a8", "w4a8")
"""The Ascend ModelSlim weight formats (``weight_format`` names): W8A8 (INT8 weights and
activations) and W4A8 (INT4 weights, INT8 activations), vllm-ascend quantization guide."""


def modelslim_formats(engine: str) -> tuple[str, ...]:
    """The ModelSlim formats (:data:`MODELSLIM_FORMATS`) ``engine`` loads on Ascend NPUs.

    By :data:`SUPPORT_TABLE`: an engine whose Ascend row (``quant_support.ascend_modelslim``)
    refuses every other quantized format there loads these, less any that a row refuses on
    Ascend. Empty for an engine that row does not name (its Ascend support is not modelled).

    Args:
        engine: canonical engine name (:mod:`.frameworks`).
    """
    ascend = next(r for r in SUPPORT_TABLE if r.reason == "quant_support.ascend_modelslim")
    if engine not in ascend.engines:
        return ()
    refused = {
        f
        for r in SUPPORT_TABLE
        if not r.kv and engine in r.engines and "ascend" in r.platforms and r.cc_below is None
        for f in r.formats
    }
    return tuple(f for f in MODELSLIM_FORMATS if f not in refused)


__all__ = [
    "BF16_MIN_COMPUTE_CAPABILITY",
    "MODELSLIM_FORMATS",
    "SUPPORT_TABLE",
    "SupportRow",
    "compute_capability",
    "lacks_bf16",
    "modelslim_formats",
    "quant_refusal",
    "weight_format",
]
