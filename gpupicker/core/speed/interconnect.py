"""GPU-to-GPU links: bandwidth, latency and the ring all-reduce within and between nodes.

NVLink (half the bidirectional figure per direction), achieved PCIe per generation (halved for
consumer cards, which go via the host), and beyond :data:`GPUS_PER_NODE` GPUs the node network
(InfiniBand/RoCE on datacenter servers, Ethernet otherwise). The ring all-reduce cost
``latency + 2(N−1)/N · bytes / bandwidth`` is the NCCL ring model (Patarasuk & Yuan 2009).
"""

from __future__ import annotations

import math

from ..hardware.accelerators import link_label
from ..hardware.specs import GpuSpec
from ..messages import Message, msg, verbatim

_PCIE_GBPS = {3: 12.0, 4: 25.0, 5: 50.0, 6: 100.0}
"""Achieved one-direction PCIe bandwidth per GPU in GB/s (x16, ~80 % of the link rate)."""


GPUS_PER_NODE = 8
"""GPUs in one server (HGX/DGX and most rental nodes); more GPUs span several nodes."""
_NODE_NETWORK_GBPS = {"datacenter": 50.0, "workstation": 3.0, "consumer": 1.5}
"""Inter-node bandwidth per GPU in GB/s, one direction: one 400 Gb/s InfiniBand/RoCE NIC per
GPU on HGX-class servers (NVIDIA DGX H100 reference design); one shared 100 GbE NIC per
8-GPU workstation or consumer node (12.5 GB/s ÷ 8 ≈ 1.5 GB/s)."""


HCCS_RING_GBPS: tuple[tuple[int, float], ...] = ((2, 18.0), (4, 45.0), (8, 126.0))
"""Ring-equivalent one-direction bandwidth (GB/s) of Ascend 910B NPUs on their HCCS full mesh,
by NPUs in the job (at most): gameofdimension/limulidae README (commit 7c5ff29, CANN
8.0.0.beta1, torch_npu 2.4.0.post2, ``bench_collective.py``: bytes / time of
``dist.all_reduce``) measured 18 / 30 / 72 GB/s on 2 / 4 / 8 NPUs, which the ring model's
``2(N−1)/N`` factor turns into these link figures. A full mesh adds a link per NPU, so
bandwidth grows with the count; the same benchmark gave an A800 node 89 GB/s at 8 GPUs."""


def is_hccs(gpu: GpuSpec) -> bool:
    """True for Ascend NPUs joined by HCCS (the catalog's interconnect names it)."""
    return "hccs" in gpu.interconnect.lower()


def has_device_link(gpu: GpuSpec) -> bool:
    """True when GPUs talk over a direct device link (NVLink class or HCCS), not over PCIe."""
    return gpu.has_nvlink or is_hccs(gpu)


def link_bandwidth_gbps(gpu: GpuSpec, n: int = 1) -> float:
    """One-direction GPU-to-GPU bandwidth in GB/s for a job on ``n`` GPUs.

    Within a node: half the bidirectional NVLink figure, HCCS by NPU count
    (:data:`HCCS_RING_GBPS`; a full node when ``n`` is not given), else achieved PCIe
    (halved for consumer cards without peer-to-peer, which go via the host).
    Beyond :data:`GPUS_PER_NODE` GPUs a ring crosses the node network, so the
    slower of the two links sets the pace.
    """
    if is_hccs(gpu) and not gpu.has_nvlink:
        m = n if n > 1 else GPUS_PER_NODE
        bw = next((b for k, b in HCCS_RING_GBPS if m <= k), HCCS_RING_GBPS[-1][1])
    elif gpu.has_nvlink and gpu.nvlink_bandwidth_gbps:
        bw = gpu.nvlink_bandwidth_gbps / 2.0
    else:
        bw = _PCIE_GBPS.get(gpu.pcie_gen or 4, 25.0)
        if gpu.segment == "consumer":
            bw *= 0.5
    if n > GPUS_PER_NODE:
        bw = min(bw, _NODE_NETWORK_GBPS.get(gpu.segment, 1.5))
    return bw


def link_latency_s(gpu: GpuSpec, n: int = 1) -> float:
    """Latency in seconds of one small all-reduce.

    NVLink ≈ 8 µs, PCIe P2P ≈ 20 µs, consumer via host 40 µs; + 10 µs when the ring leaves the
    node.
    """
    base = 8e-6 if gpu.has_nvlink else (40e-6 if gpu.segment == "consumer" else 20e-6)
    return base + (10e-6 if n > GPUS_PER_NODE else 0.0)


def link_name(gpu: GpuSpec, n: int = 1) -> Message:
    """The in-node link by its name; the node network beyond it ("InfiniBand between 2 nodes").

    Within a node: the vendor fabric the catalog's ``interconnect`` names (Infinity Fabric on AMD
    Instinct, HCCS on Ascend …: :func:`..hardware.accelerators.link_label`), else NVLink or PCIe.
    A Message; the link names themselves are verbatim (not translated).
    """
    if n > GPUS_PER_NODE:
        datacenter, nodes = gpu.segment == "datacenter", math.ceil(n / GPUS_PER_NODE)
        key: tuple[object, ...] = ("nodes", datacenter, nodes)
        hit = _LINKS.get(key)
        if hit is None:
            net = verbatim("InfiniBand") if datacenter else msg("throughput.ethernet")
            hit = _LINKS[key] = msg("throughput.nodes", net=net, nodes=nodes)
        return hit
    if is_hccs(gpu) and not gpu.has_nvlink:
        return _HCCS
    label = link_label(gpu)
    hit = _LINKS.get(label)
    if hit is None:
        hit = _LINKS[label] = verbatim(label)
    return hit


_HCCS = verbatim("HCCS")
_LINKS: dict[object, Message] = {}


def allreduce_seconds(gpu: GpuSpec, n: int, nbytes: float) -> float:
    """Ring all-reduce of ``nbytes`` over ``n`` GPUs: latency + 2(N−1)/N · bytes / bandwidth."""
    if n <= 1:
        return 0.0
    return ring_allreduce_s(link_latency_s(gpu, n), link_bandwidth_gbps(gpu, n) * 1e9, n, nbytes)


def ring_allreduce_s(latency_s: float, bytes_per_s: float, n: int, nbytes: float) -> float:
    """:func:`allreduce_seconds` with the link's latency and bandwidth (bytes/s) given."""
    return latency_s + 2.0 * (n - 1) / n * nbytes / bytes_per_s
