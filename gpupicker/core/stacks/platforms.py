"""The software platform of a GPU and the platforms each engine and back-end runs on.

Read by :mod:`gpupicker.core.checks` (engines on hardware they have no backend for), by the
speed model and by the plans of unlike cards.
"""

from __future__ import annotations

from ..hardware.specs import GpuSpec
from ..memo import by_identity


def platform_of(gpu: GpuSpec) -> str:
    """The software platform a GPU's engines build on.

    ``cuda`` (NVIDIA), ``rocm`` (AMD), ``gaudi`` (Intel Gaudi, SynapseAI), ``xpu`` (other Intel
    GPUs, oneAPI), ``metal`` (Apple), ``ascend`` (Huawei, CANN), and the Chinese stacks
    (:data:`CN_PLATFORMS`): ``dcu`` (Hygon, DTK), ``mlu`` (Cambricon, Neuware), ``musa`` (Moore
    Threads), ``maca`` (MetaX MXMACA), ``gcu`` (Enflame TopsRider). Found once per GPU object
    (a frozen catalog row).
    """
    return _platform_of(gpu)


@by_identity(maxsize=4096)
def _platform_of(gpu: GpuSpec) -> str:
    vendor, name = gpu.vendor.lower(), gpu.name.lower()
    if vendor in CN_PLATFORMS:
        return CN_PLATFORMS[vendor]
    if vendor == "huawei" or "ascend" in name:
        return "ascend"
    if vendor == "amd":
        return "rocm"
    if vendor == "intel":
        return "gaudi" if "gaudi" in name else "xpu"
    if vendor == "apple":
        return "metal"
    return "cuda"


CN_PLATFORMS: dict[str, str] = {
    "hygon": "dcu",
    "cambricon": "mlu",
    "moore threads": "musa",
    "metax": "maca",
    "enflame": "gcu",
}
"""Catalog ``vendor`` (lower case) → platform code of the Chinese accelerators."""

ALL_PLATFORMS = frozenset({"cuda", "rocm", "gaudi", "xpu", "metal", "ascend", *CN_PLATFORMS.values()})
ENGINE_PLATFORMS: dict[str, frozenset[str]] = {
    "tensorrt-llm": frozenset({"cuda"}),
    "exllamav2": frozenset({"cuda", "rocm"}),
    "exllama": frozenset({"cuda", "rocm"}),
    "vllm": frozenset({"cuda", "rocm", "xpu", "gaudi", "ascend", "dcu", "mlu", "musa", "maca", "gcu"}),
    "sglang": frozenset({"cuda", "rocm", "dcu"}),
    "tgi": frozenset({"cuda", "rocm", "gaudi"}),
    "lmdeploy": frozenset({"cuda", "ascend", "maca", "mlu"}),
    "llama.cpp": frozenset({"cuda", "rocm", "metal", "xpu", "ascend", "musa"}),
    "mindie": frozenset({"ascend"}),
    "vllm-ascend": frozenset({"ascend"}),
    "mlc-llm": frozenset({"cuda", "rocm", "metal", "xpu"}),
    "ollama": frozenset({"cuda", "rocm", "metal", "xpu"}),
    "unsloth": frozenset({"cuda"}),
    "mindspeed": frozenset({"ascend"}),
    "mindformers": frozenset({"ascend"}),
}
"""Platforms each engine runs on, from its own install documentation.

TensorRT-LLM (NVIDIA GPUs only); ExLlamaV2 README (CUDA and ROCm); vLLM "GPU installation"
(CUDA, ROCm, Intel XPU; Gaudi and Ascend through its hardware plugins vllm-gaudi and
vllm-ascend, which serve with the same ``vllm serve``; on macOS vLLM runs on the CPU only);
SGLang install (CUDA, ROCm); TGI (CUDA, ROCm, Gaudi); LMDeploy (CUDA; Ascend through dlinfer);
MindIE and vllm-ascend (Ascend); MLC-LLM (CUDA, ROCm, Metal, Vulkan); Ollama GPU docs (NVIDIA,
AMD, Apple Metal; Intel GPUs through its Vulkan back-end, experimental behind ``OLLAMA_VULKAN=1``
from 0.12, and IPEX-LLM's SYCL build of Ollama: ollama/ollama issue #13153 runs gemma3:12b on an
Arc B580 both ways); Unsloth (NVIDIA); llama.cpp's ggml backends (CUDA, HIP, Metal, SYCL, CANN,
MUSA: none for Gaudi or the DCU/MLU/MACA/GCU stacks). The Chinese stacks (see
:mod:`.accelerators` for the sources): vLLM's hardware-plugin list names vllm-mlu (Cambricon)
and vLLM-metax; Hygon DCU runs vLLM and SGLang DCU builds; Moore Threads a vLLM MUSA
port; Enflame its vLLM-GCU fork; LMDeploy reaches Ascend, MetaX and Cambricon through dlinfer.
The Ascend trainers: MindSpeed-LLM is Megatron patched onto torch_npu and CANN (its install
guide's version table: MindSpeed, torch_npu, CANN; Atlas 800T A2 training hardware), and
MindFormers' model table gives every training figure on Atlas 800T A2 (mindspore-ai/docs
r2.4.0 docs/mindformers start/models.md): neither runs on a CUDA, ROCm or other card.
Engines not listed (transformers and the PyTorch trainers, through each vendor's PyTorch
plugin: torch_npu, torch_mlu, torch_musa, torch_gcu, the DTK and MACA PyTorch builds) run
everywhere.
"""
BITSANDBYTES_PLATFORMS = frozenset({"cuda", "rocm", "xpu"})
"""bitsandbytes backends (its multi-backend docs: CUDA, ROCm, Intel XPU); none for Metal,
Gaudi or Ascend, so NF4/int8 QLoRA and bitsandbytes inference do not run there."""


PLATFORM_NAMES = {
    "cuda": "CUDA",
    "rocm": "ROCm",
    "gaudi": "Gaudi",
    "xpu": "XPU",
    "metal": "Metal",
    "ascend": "Ascend (CANN)",
    "dcu": "Hygon DCU (DTK)",
    "mlu": "Cambricon MLU (Neuware)",
    "musa": "Moore Threads (MUSA)",
    "maca": "MetaX (MXMACA)",
    "gcu": "Enflame GCU (TopsRider)",
}
"""How the platform codes read in a sentence (the software stack's own spelling)."""


BACKEND_PLATFORMS: dict[str, frozenset[str]] = {
    "cuda": frozenset({"cuda"}),
    "hip": frozenset({"rocm"}),
    "metal": frozenset({"metal"}),
    "vulkan": frozenset({"cuda", "rocm", "xpu"}),
    "sycl": frozenset({"xpu"}),
}
"""Platforms each ggml back-end of llama.cpp runs on (its ``docs/build.md``: CUDA on NVIDIA,
HIP on AMD, Metal on Apple, SYCL on Intel GPUs, Vulkan on NVIDIA, AMD and Intel drivers)."""
NATIVE_BACKEND = {"cuda": "cuda", "rocm": "hip", "metal": "metal", "xpu": "sycl"}
"""The back-end assumed per platform when a workload names none: CUDA on NVIDIA, HIP on AMD,
Metal on Apple, SYCL on Intel GPUs (llama.cpp ``docs/backend/SYCL.md``: the back-end Intel
maintains for its GPUs)."""


__all__ = [
    "ALL_PLATFORMS",
    "BACKEND_PLATFORMS",
    "BITSANDBYTES_PLATFORMS",
    "CN_PLATFORMS",
    "ENGINE_PLATFORMS",
    "NATIVE_BACKEND",
    "PLATFORM_NAMES",
    "platform_of",
]
