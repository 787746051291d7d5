"""Non-CUDA accelerators said right: the software stack, engines and links each one runs.

gpupicker's speed and memory models are built on CUDA engines' documented behaviour;
for other accelerators an option states which stack the estimate stands for, the
engines that actually run there, the chip-to-chip link by its name, and how far to
trust the figures (no measurement of these stacks is modelled).

Sources:
* Huawei Ascend: CANN + torch_npu; inference MindIE (hiascend.com MindIE docs) or
  vllm-ascend (github.com/vllm-project/vllm-ascend); training MindSpeed
  (gitee.com/ascend/MindSpeed); 8 NPUs of an Atlas 800T A2 node linked by HCCS
  (hiascend.com MindCluster affinity docs), nodes by RoCE.
* AMD Instinct: ROCm; vLLM and SGLang ROCm builds, llama.cpp HIP; Infinity Fabric.
* Intel Gaudi: SynapseAI (Intel Gaudi software); vLLM Gaudi fork (HabanaAI/vllm-fork),
  Optimum Habana, DeepSpeed; on-chip RoCE ports. Intel Arc: oneAPI / IPEX-LLM.
* Apple silicon: Metal; MLX (ml-explore/mlx), llama.cpp Metal, Ollama; one unified-memory
  machine — not a multi-GPU training cluster (no collective-communication fabric).
* Chinese accelerators, each with its vendor runtime and the engine ports that name it:
  Hygon DCU — DTK (a ROCm-like HIP stack), PyTorch DTK builds, vLLM and SGLang DCU builds
  (github.com/wangzy0327/hblas-bench and a public K100-AI benchmark repo running vLLM, SGLang
  and Xinference); Cambricon MLU — Neuware (torch_mlu), vllm-mlu (listed among vLLM's hardware
  plugins, docs/getting_started/installation), LMDeploy through dlinfer; Moore Threads — MUSA
  (github.com/MooreThreads/torch_musa), a vLLM MUSA port, llama.cpp's MUSA backend; MetaX —
  MXMACA, vLLM-metax (github.com/MetaX-MACA/vLLM-metax, a vLLM hardware plugin), LMDeploy
  through dlinfer; Enflame — TopsRider (torch_gcu), vLLM-GCU
  (github.com/EnflameTechnology/vllm-gcu, written for the S60). None of these is measured here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..messages import Message, msg, verbatim
from .specs import GpuSpec


@dataclass(frozen=True)
class Stack:
    """The software stack of one accelerator family.

    Attributes:
        label: how the option names the family (``"Ascend NPU"``, a Message).
        stack: runtime (``"CANN"``).
        engines: engines that run there, inference then training.
        link: chip-to-chip link inside a node (``""``: PCIe).
        uncertainty: how far to trust a speed estimate (a stated, not measured, range).
        multi_gpu_training: False where a multi-device training job is not offered.
    """

    label: Message
    stack: str
    engines: tuple[str, ...]
    link: str = ""
    uncertainty: str = "±30 %"
    multi_gpu_training: bool = True


ASCEND = Stack(
    msg("accelerators.label.ascend"), "CANN", ("MindIE", "vllm-ascend", "MindSpeed", "torch_npu"), link="HCCS"
)
ROCM = Stack(
    msg("accelerators.label.amd"),
    "ROCm",
    ("vLLM (ROCm)", "SGLang (ROCm)", "llama.cpp (HIP)", "PyTorch ROCm"),
    link="Infinity Fabric",
    uncertainty="±25 %",
)
GAUDI = Stack(
    msg("accelerators.label.gaudi"),
    "SynapseAI",
    ("vLLM (Gaudi)", "Optimum Habana", "DeepSpeed"),
    link="RoCE",
    uncertainty="±30 %",
)
ARC = Stack(msg("accelerators.label.arc"), "oneAPI", ("IPEX-LLM", "llama.cpp (SYCL)"), uncertainty="±40 %")
APPLE = Stack(
    msg("accelerators.label.apple"),
    "Metal",
    ("MLX", "llama.cpp (Metal)", "Ollama"),
    uncertainty="±30 %",
    multi_gpu_training=False,
)
DCU = Stack(
    msg("accelerators.label.dcu"), "DTK", ("vLLM (DCU)", "SGLang (DCU)", "PyTorch DTK"), uncertainty="±40 %"
)
MLU = Stack(
    msg("accelerators.label.mlu"),
    "Neuware",
    ("vllm-mlu", "LMDeploy (dlinfer)", "torch_mlu"),
    link="MLU-Link",
    uncertainty="±40 %",
)
MUSA = Stack(
    msg("accelerators.label.musa"),
    "MUSA",
    ("vLLM (MUSA)", "llama.cpp (MUSA)", "torch_musa"),
    link="MTLink",
    uncertainty="±40 %",
)
MACA = Stack(
    msg("accelerators.label.maca"),
    "MXMACA",
    ("vLLM-metax", "LMDeploy (dlinfer)", "PyTorch (MACA)"),
    link="MetaXLink",
    uncertainty="±40 %",
)
GCU = Stack(msg("accelerators.label.gcu"), "TopsRider", ("vLLM-GCU", "torch_gcu"), uncertainty="±40 %")

_CN_STACKS: dict[str, Stack] = {
    "hygon": DCU,
    "cambricon": MLU,
    "moore threads": MUSA,
    "metax": MACA,
    "enflame": GCU,
}
"""Vendor (the catalog's ``vendor`` column, lower case) → stack of the Chinese accelerators.

Kunlunxin (昆仑芯 P800, vLLM-Kunlun) has no catalog row: no public P800 memory or bandwidth
figure was found (data/README.md), so a user's Kunlunxin row reads as an unmodelled stack."""


def stack_of(gpu: GpuSpec) -> Stack | None:
    """The non-CUDA stack of ``gpu`` (None for NVIDIA/CUDA, and for a vendor not modelled)."""
    vendor, name = gpu.vendor.lower(), gpu.name.lower()
    if vendor == "huawei" or "ascend" in name:
        return ASCEND
    if vendor == "amd":
        return ROCM
    if vendor == "intel":
        return GAUDI if "gaudi" in name else ARC
    if vendor == "apple":
        return APPLE
    return _CN_STACKS.get(vendor)


def link_label(gpu: GpuSpec) -> str:
    """The in-node link by its name.

    The vendor fabric of :func:`stack_of` when the catalog's ``interconnect`` names it, else
    NVLink or PCIe.
    """
    s = stack_of(gpu)
    if s is not None and s.link and s.link.lower() in gpu.interconnect.lower():
        return s.link
    return "NVLink" if gpu.has_nvlink else "PCIe"


def stack_clause(gpu: GpuSpec) -> Message | None:
    """The option clause (a Message) for a non-CUDA accelerator (None for CUDA).

    E.g. "Ascend NPU: no CUDA; the estimate stands for CANN with MindIE, vllm-ascend,
    MindSpeed, torch_npu (not measured here: ±30 %)".
    """
    return _stack_clause(gpu)


@lru_cache(maxsize=1024)  # per catalog GPU row: the recommender asks once per option
def _stack_clause(gpu: GpuSpec) -> Message | None:
    s = stack_of(gpu)
    if s is None:
        if gpu.is_cuda:
            return None
        vendor = verbatim(gpu.vendor) if gpu.vendor else msg("accelerators.non_nvidia")
        return msg("accelerators.unmodelled", vendor=vendor, range="±50 %")
    return msg(
        "accelerators.stack",
        accelerator=s.label,
        stack=s.stack,
        engines=", ".join(s.engines),
        range=s.uncertainty,
    )


def fabric_without_bandwidth(gpu: GpuSpec) -> bool:
    """True when a vendor fabric links the cards but the catalog has no bandwidth for it.

    (Ascend HCCS): the speed model then uses PCIe-class bandwidth, a lower bound.
    """
    s = stack_of(gpu)
    return bool(s and s.link and s.link.lower() in gpu.interconnect.lower() and not gpu.nvlink_bandwidth_gbps)


__all__ = [
    "APPLE",
    "ARC",
    "ASCEND",
    "DCU",
    "GAUDI",
    "GCU",
    "MACA",
    "MLU",
    "MUSA",
    "ROCM",
    "Stack",
    "fabric_without_bandwidth",
    "link_label",
    "stack_clause",
    "stack_of",
]
