"""Where a llama.cpp job's bytes live: the GPU, host RAM, or one unified pool.

llama.cpp places tensors per device: ``-ngl`` repeating layers (the last ones) on the GPU,
the rest and the token embeddings in host RAM, and with ``--n-cpu-moe N`` (``--cpu-moe``: all;
``-ot exps=CPU``) the routed-expert tensors ``ffn_{gate,up,down}_exps`` of the first ``N``
layers in host RAM while their attention, router, shared experts and norms stay on the GPU
(PR ggml-org/llama.cpp#15077 adds those flags as tensor-buffer overrides). ``--no-kv-offload``
keeps the KV cache in host RAM. Since PR #16653 (``--fit``, on by default) llama.cpp moves
weights out of device memory itself when the model does not fit, keeping dense weights on
the GPU first for MoE models, with a 1024 MiB free-memory target per device; gpupicker does
the same but never shortens the context the user asked for; that layout search is in
:mod:`.offload_layout`, this module holds what host RAM and the PCIe link are worth and the
sentences naming a placement.

Where the work runs (ggml's scheduler): a matrix multiplication whose weights are in host
RAM runs on the CPU when the batch is under 32 rows (decode), and is copied to the GPU for
larger batches (prompt processing: ``ggml_backend_cuda_device_offload_op``,
``min_batch_size = 32``; PR #6083 "offload large batches to GPU", which also notes that the
copied weights go into the compute buffer). So:

* decode time per token = GPU time for the bytes the GPU reads + CPU time for the expert
  (and CPU-layer) bytes read from host RAM, one after the other (the graph alternates
  between the two devices every offloaded layer);
* prompt processing adds one PCIe copy of the host-resident weights per micro-batch.

Host RAM needed = host-resident weights (used in place from the mmap, or loaded with
``--no-mmap``) + KV in host RAM + CPU buffers + what the operating system keeps
(:data:`HOST_RESERVE_BYTES`). On a unified-memory machine (GPU rows with
``gpu_memory_limit_gb``: Apple, DGX Spark, Ryzen AI Max) the GPU's share and host RAM are one
pool: both sides together must fit in it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..hardware.specs import GpuSpec
from ..messages import Message, join, msg
from ..model_arch import ModelArch
from ..results import Placement
from ..units import GiB
from ..workload import Workload

HOST_RESERVE_BYTES = int(3.0 * GiB)
"""Host RAM the operating system, desktop and the engine process itself keep (bytes).

A desktop Linux or Windows 11 session holds 2–4 GB before any model is loaded; the figure
is stated in every placement so a user with a leaner machine can raise ``host_ram_gb``."""

OP_OFFLOAD_MIN_BATCH = 32
"""Rows from which ggml copies host-resident weights to the GPU instead of multiplying on the
CPU (``ggml_backend_cuda_device_offload_op``: ``min_batch_size = 32``)."""


@dataclass(frozen=True)
class HostRamClass:
    """A default host RAM configuration for a class of machine.

    Attributes:
        gbps: peak bandwidth in GB/s (channels × MT/s × 8 bytes).
        source: where the configuration comes from.
    """

    gbps: float
    source: str


HOST_RAM_CLASSES: dict[str, HostRamClass] = {
    "desktop": HostRamClass(
        89.6,
        "dual-channel DDR5-5600 (JEDEC JESD79-5: 5600 MT/s × 8 B × 2 "
        "channels), the common 2024–2026 desktop and laptop",
    ),
    "workstation": HostRamClass(
        153.6,
        "quad-channel DDR5-4800 (Xeon W-2400 / Threadripper 7000 non-PRO: 4 channels × 4800 MT/s × 8 B)",
    ),
    "server": HostRamClass(
        307.2, "eight-channel DDR5-4800 (Xeon Sapphire Rapids: 8 channels × 4800 MT/s × 8 B)"
    ),
}
"""Peak host RAM bandwidth per machine class (GB/s); the class follows the GPU's segment
(consumer → desktop, workstation, datacenter → server). ``host_ram_bandwidth_gbps`` overrides."""

SEGMENT_CLASS = {"consumer": "desktop", "workstation": "workstation", "datacenter": "server"}

CLASS_MESSAGE = {
    "desktop": "memory.placement.class.desktop",
    "workstation": "memory.placement.class.workstation",
    "server": "memory.placement.class.server",
}
"""Machine class (:data:`HOST_RAM_CLASSES`) → the message id naming its default configuration."""

HOST_DECODE_EFFICIENCY = 0.40
"""Share of peak host RAM bandwidth llama.cpp's CPU expert matmuls reach at decode.

Fitted with :data:`HOST_LAYER_SWITCH_S` on the five published ``--n-cpu-moe`` decode runs in
validation/cases.jsonl (OF10–OF14, two sources; log errors least-squared): the CPU threads
stream quantized expert rows and dequantize them on the fly, well below a STREAM copy."""

HOST_LAYER_SWITCH_S = 0.3e-3
"""Seconds each decode step loses per layer whose experts run on the CPU: the hand-over of the
hidden state between the GPU and CPU graph splits and the thread-pool wake-up (fitted with
:data:`HOST_DECODE_EFFICIENCY` on OF10–OF14)."""

HOST_RANGE_PCT = 35.0
"""± percent a decode speed with host-resident experts or KV is expected to be within: the
thread count, NUMA layout and RAM timings it depends on are not in the workload (OF10–OF14 fit
within −17 % … +31 %)."""

_PCIE_LANE_GBPS = {3: 0.985, 4: 1.969, 5: 3.938, 6: 7.563}
"""PCIe payload rate per lane and direction in GB/s (PCI-SIG: 8, 16, 32, 64 GT/s, 128b/130b)."""
PCIE_EFFICIENCY = 0.8
"""Share of the link rate a pinned host-to-device copy reaches (CUDA ``bandwidthTest``: about
13 of 15.75 GB/s on PCIe 3.0 x16, 25–26 of 31.5 GB/s on 4.0 x16)."""

PINNED_COPY_SPEEDUP = 1.36
"""How much faster llama.cpp's prompt processing runs when the host-resident experts it copies
to the GPU every micro-batch sit in pinned (``CUDA_Host``) buffers rather than pageable memory.

Measured in PR ggml-org/llama.cpp#14990 (Qwen3-30B-A3B Q4_0, ``-ot exps=CPU``, pp512 227.41 →
309.59 tokens/s; 1.36–1.56 over pp32 … pp1024, the lowest taken: the ratio is of whole prompt
times, of which the GPU's own compute does not change). llama.cpp uses pinned host buffers
only with ``--no-mmap``; with its default mmap the experts stay in the mapped file (the
``CPU_Mapped`` buffer) and every copy is a staged pageable one, so prompt processing divides
:func:`pcie_gbps` by this factor."""


def host_ram_bandwidth(w: Workload, gpu: GpuSpec | None) -> tuple[float, Message]:
    """Peak host RAM bandwidth (GB/s) for ``w`` on ``gpu``'s machine, and its source.

    The workload's ``host_ram_bandwidth_gbps``; on a unified-memory machine the GPU's own
    memory bandwidth (one pool); else the machine class default (:data:`HOST_RAM_CLASSES`).
    """
    if w.host_ram_bandwidth_gbps is not None:
        return w.host_ram_bandwidth_gbps, msg("memory.placement.bw_given")
    if gpu is not None and gpu.gpu_memory_limit_gb is not None:
        return gpu.memory_bandwidth_gbps, msg("memory.placement.bw_unified")
    cls = SEGMENT_CLASS.get(gpu.segment if gpu is not None else "", "desktop")
    row = HOST_RAM_CLASSES[cls]
    return row.gbps, msg(CLASS_MESSAGE[cls])


def pcie_gbps(gpu: GpuSpec | None) -> float:
    """Achieved host-to-GPU copy bandwidth in GB/s: lanes × rate per lane × 0.8.

    x8 when the catalog's interconnect says so (RTX 4060 / 4060 Ti, 5060 / 5060 Ti), else x16;
    PCIe 4.0 when the generation is not known.
    """
    if gpu is None:
        return _PCIE_LANE_GBPS[4] * 16 * PCIE_EFFICIENCY
    lanes = 8 if "x8" in gpu.interconnect.lower() else 16
    return _PCIE_LANE_GBPS.get(gpu.pcie_gen or 4, _PCIE_LANE_GBPS[4]) * lanes * PCIE_EFFICIENCY


def placement_notes(p: Placement, arch: ModelArch, gpu_layers: int) -> tuple[Message, ...]:
    """The assumptions naming a placement: what is in host RAM, the RAM verdict, the bandwidth."""
    notes: list[Message] = []
    if p.moe_layers_on_host:
        notes.append(
            join(
                [
                    msg(
                        "memory.placement.experts_on_host",
                        layers=p.moe_layers_on_host,
                        total=p.moe_layers,
                        n=p.n_cpu_moe,
                        gib=f"{p.host_expert_bytes / GiB:.2f}",
                        how=msg("memory.placement.auto" if p.auto else "memory.placement.given"),
                    )
                ]
            )
        )
    if p.kv_on_host:
        notes.append(join([msg("memory.placement.kv_on_host", gib=f"{p.host_kv_bytes / GiB:.2f}")]))
    if p.moe_layers_on_host or p.kv_on_host or gpu_layers < arch.num_hidden_layers:
        notes.append(
            join(
                [
                    msg(
                        "memory.placement.host_bandwidth",
                        gbps=f"{p.host_ram_bandwidth_gbps:,.1f}",
                        eff=f"{HOST_DECODE_EFFICIENCY:.0%}",
                        source=p.host_bandwidth_source,
                    )
                ]
            )
        )
    if p.host_ram_bytes is None:
        notes.append(join([msg("memory.placement.ram_not_checked", gib=f"{p.host_total_bytes / GiB:.1f}")]))
    else:
        key = "memory.placement.ram_pool" if p.unified else "memory.placement.ram_need"
        notes.append(
            join(
                [
                    msg(
                        key,
                        need=f"{p.host_total_bytes / GiB:.1f}",
                        ram=f"{p.host_ram_bytes / GiB:.0f}",
                        reserve=f"{p.host_reserve_bytes / GiB:.1f}",
                    )
                ]
            )
        )
    return tuple(notes)


RAM_USD_PER_GB = 374.97 / 32
"""Retail price of desktop DDR5 in USD per GB: the cheapest 32 GB (2 × 16 GB) DDR5-6000 kit,
$374.97 (PCPartPicker price floor reported by Tom's Hardware on 2026-06-03; TechTimes
2026-06-04). For the "add RAM" alternative when RAM is the limit; prices moved 3–4× within a
year, so the figure is dated in the message."""


def placement_clause(p: Placement) -> Message:
    """One sentence of an option's reason: what llama.cpp keeps in host RAM."""
    if p.moe_layers_on_host:
        return msg(
            "recommend.placement_experts",
            layers=p.moe_layers_on_host,
            total=p.moe_layers,
            gib=f"{p.host_model_bytes / GiB:.1f}",
            n=p.n_cpu_moe,
        )
    return msg("recommend.placement_kv", gib=f"{p.host_kv_bytes / GiB:.1f}")


def ram_limit_message(p: Placement) -> Message:
    """Why a placement does not fit the machine's RAM, with how much more it needs."""
    more = math.ceil(p.ram_short_bytes / GiB)
    if p.unified:  # soldered memory: a machine with a larger pool, not more modules
        return msg(
            "recommend.ram_short_unified",
            need=f"{p.ram_need_bytes / GiB:.1f}",
            ram=f"{(p.host_ram_bytes or 0) / GiB:.0f}",
            more=more,
        )
    return msg(
        "recommend.ram_short",
        need=f"{p.ram_need_bytes / GiB:.1f}",
        ram=f"{(p.host_ram_bytes or 0) / GiB:.0f}",
        more=more,
        usd=f"{more * RAM_USD_PER_GB:,.0f}",
        per_gb=f"{RAM_USD_PER_GB:.1f}",
    )


__all__ = [
    "HOST_DECODE_EFFICIENCY",
    "HOST_LAYER_SWITCH_S",
    "HOST_RAM_CLASSES",
    "HOST_RANGE_PCT",
    "HOST_RESERVE_BYTES",
    "OP_OFFLOAD_MIN_BATCH",
    "RAM_USD_PER_GB",
    "PINNED_COPY_SPEEDUP",
    "host_ram_bandwidth",
    "pcie_gbps",
    "placement_clause",
    "placement_notes",
    "ram_limit_message",
]
