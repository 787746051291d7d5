"""Where a llama.cpp job's bytes live: the GPU, host RAM, or one unified pool.

llama.cpp places tensors per device: ``-ngl`` repeating layers (the last ones) on the GPU,
the rest and the token embeddings in host RAM, and with ``--n-cpu-moe N`` (``--cpu-moe``: all;
``-ot exps=CPU``) the routed-expert tensors ``ffn_{gate,up,down}_exps`` of the first ``N``
layers in host RAM while their attention, router, shared experts and norms stay on the GPU
(PR ggml-org/llama.cpp#15077 adds those flags as tensor-buffer overrides). ``--no-kv-offload``
keeps the KV cache in host RAM. Since PR #16653 (``--fit``, on by default) llama.cpp moves
weights out of device memory itself when the model does not fit, keeping dense weights on
the GPU first for MoE models, with a 1024 MiB free-memory target per device; gpupicker does
the same but never shortens the context the user asked for.

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
from ..units import GiB, MiB
from ..workload import Workload
from .common import linear_group_params

FIT_TARGET_BYTES = 1024 * MiB
"""Free memory llama.cpp's ``--fit`` leaves on each device (``--fit-target``, default 1024 MiB:
PR ggml-org/llama.cpp#16653 log "cannot fulfill margin of 1024 MiB"); used when gpupicker
chooses ``n_cpu_moe`` itself."""

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
    return row.gbps, msg(f"memory.placement.class.{cls}")


def pcie_gbps(gpu: GpuSpec | None) -> float:
    """Achieved host-to-GPU copy bandwidth in GB/s: lanes × rate per lane × 0.8.

    x8 when the catalog's interconnect says so (RTX 4060 / 4060 Ti, 5060 / 5060 Ti), else x16;
    PCIe 4.0 when the generation is not known.
    """
    if gpu is None:
        return _PCIE_LANE_GBPS[4] * 16 * PCIE_EFFICIENCY
    lanes = 8 if "x8" in gpu.interconnect.lower() else 16
    return _PCIE_LANE_GBPS.get(gpu.pcie_gen or 4, _PCIE_LANE_GBPS[4]) * lanes * PCIE_EFFICIENCY


def moe_layer_indices(arch: ModelArch) -> tuple[int, ...]:
    """Indices of the layers that hold routed experts (the rule of :meth:`ModelArch._moe_layers`)."""
    if not arch.is_moe:
        return ()
    if arch.block_layout:
        return tuple(i for i, k in enumerate(arch.layers) if k == "E")
    first = min(arch.first_k_dense_replace or 0, arch.num_hidden_layers)
    step = arch.moe_layer_step or 1
    return tuple(i for i in range(first, arch.num_hidden_layers) if (i + 1) % step == 0)


@dataclass(frozen=True)
class LlamaCppParts:
    """The sizes llama.cpp places, from :mod:`.llamacpp` (bytes, whole model, unsharded).

    Attributes:
        layers: repeating layers.
        layer_bytes: weights of one repeating layer (mean).
        output_bytes: ``output.weight`` and the final norm (on the GPU with every layer).
        embedding_bytes: ``token_embd`` (always in host RAM).
        kv_bytes: the whole ``n_ctx`` KV cache and recurrent state.
        compute_bytes: the GPU compute buffer of one micro-batch.
        context_bytes: the CUDA context of the process.
        expert_layer_bytes: routed-expert weights of one MoE layer at the file type.
        decode_expert_layer_bytes: routed-expert bytes one decode step reads per MoE layer
            (the experts the batch touches).
        decode_layer_bytes: bytes one decode step reads per whole layer.
        host_buffer_bytes: CPU compute and output buffers when anything runs on the CPU.
        decode_kv_bytes: KV bytes one decode step reads (the mean context of the batch).
    """

    layers: int
    layer_bytes: float
    output_bytes: float
    embedding_bytes: float
    kv_bytes: float
    compute_bytes: int
    context_bytes: int
    expert_layer_bytes: float
    decode_expert_layer_bytes: float
    decode_layer_bytes: float
    host_buffer_bytes: int
    decode_kv_bytes: float


def expert_bytes(arch: ModelArch, bpw: float, batch: int) -> tuple[float, float]:
    """(routed-expert bytes of one MoE layer, bytes one decode step at ``batch`` reads of them).

    Parameters per layer from the layer shapes (:func:`.common.linear_group_params`); a step
    reads the experts its tokens touch, ``E·(1 − (1 − k/E)^b)`` under uniform routing.
    """
    moe_l = len(moe_layer_indices(arch))
    if not moe_l:
        return 0.0, 0.0
    per_layer = linear_group_params(arch)["experts"] / moe_l * bpw
    e = float(arch.num_local_experts or 1)
    k = float(arch.num_experts_per_tok or 1)
    touched = e * (1.0 - (1.0 - k / e) ** max(1, batch))
    return per_layer, per_layer * touched / e


@dataclass(frozen=True)
class _Layout:
    gpu_layers: int
    n_cpu_moe: int
    gpu_total: int
    weights_gpu: float
    kv_gpu: float
    compute: int
    placement: Placement


def _gpu_total(w: Workload, arch: ModelArch, n: int, parts: LlamaCppParts, ngl: int, n_cpu: int) -> int:
    """Bytes per GPU of :func:`_layout`, without building the placement.

    The same sums; what the searches of :func:`place_llamacpp` compare, many times per option.
    """
    L = parts.layers
    on_host_moe = sum(1 for i in moe_layer_indices(arch) if L - ngl <= i < n_cpu)
    weights_gpu = (
        ngl * parts.layer_bytes
        - on_host_moe * parts.expert_layer_bytes
        + (parts.output_bytes if ngl == L else 0.0)
    )
    kv_gpu = 0.0 if w.kv_on_host else parts.kv_bytes / max(1, L) * ngl
    compute = parts.compute_bytes
    if on_host_moe or ngl < L:
        compute = int(compute + (parts.expert_layer_bytes / 3 if on_host_moe else parts.layer_bytes / 4))
    return int((weights_gpu + kv_gpu) / max(1, n)) + compute + parts.context_bytes


def _layout(
    w: Workload,
    arch: ModelArch,
    gpu: GpuSpec | None,
    n: int,
    parts: LlamaCppParts,
    ngl: int,
    n_cpu: int,
    auto: bool,
) -> _Layout:
    """GPU and host bytes with ``ngl`` layers on the GPU and the experts of the first ``n_cpu``."""
    L = parts.layers
    moe_idx = moe_layer_indices(arch)
    first_gpu = L - ngl  # llama.cpp offloads the last ngl layers
    on_host_moe = sum(1 for i in moe_idx if first_gpu <= i < n_cpu)
    cpu_layers = L - ngl
    per_layer_kv = parts.kv_bytes / max(1, L)
    weights_gpu = (
        ngl * parts.layer_bytes
        - on_host_moe * parts.expert_layer_bytes
        + (parts.output_bytes if ngl == L else 0.0)
    )
    kv_gpu = 0.0 if w.kv_on_host else per_layer_kv * ngl
    host_experts = on_host_moe * parts.expert_layer_bytes
    host_weights = (
        parts.embedding_bytes + cpu_layers * parts.layer_bytes + (parts.output_bytes if ngl < L else 0.0)
    )
    host_kv = parts.kv_bytes if w.kv_on_host else per_layer_kv * cpu_layers
    compute = parts.compute_bytes
    if on_host_moe or cpu_layers:
        # prompt processing copies host weights into the compute buffer one op at a time
        # (PR #6083): the largest of a layer's three expert tensors, or a dense layer's largest
        # matrix (one of its three MLP projections, about a quarter of the layer)
        copied = parts.expert_layer_bytes / 3 if on_host_moe else parts.layer_bytes / 4
        compute = int(compute + copied)
    gpu_total = int((weights_gpu + kv_gpu) / max(1, n)) + compute + parts.context_bytes
    host_read = on_host_moe * parts.decode_expert_layer_bytes + cpu_layers * parts.decode_layer_bytes
    if w.kv_on_host:  # attention runs on the CPU over the cache in host RAM
        host_read += parts.decode_kv_bytes
    elif cpu_layers:
        host_read += parts.decode_kv_bytes / max(1, L) * cpu_layers
    unified = gpu is not None and gpu.gpu_memory_limit_gb is not None
    host_buffers = parts.host_buffer_bytes if (on_host_moe or cpu_layers or w.kv_on_host) else 0
    ram = _host_ram_bytes(w, gpu)
    bw, source = host_ram_bandwidth(w, gpu)
    p = Placement(
        n_cpu_moe=n_cpu if on_host_moe else 0,
        moe_layers_on_host=on_host_moe,
        moe_layers=len(moe_idx),
        auto=auto,
        kv_on_host=w.kv_on_host,
        host_expert_bytes=int(host_experts),
        host_weights_bytes=int(host_weights),
        host_kv_bytes=int(host_kv),
        host_buffers_bytes=host_buffers,
        host_reserve_bytes=HOST_RESERVE_BYTES,
        host_ram_bytes=ram,
        unified=unified,
        host_read_bytes_per_token=host_read,
        host_ram_bandwidth_gbps=bw,
        host_bandwidth_source=source,
        pcie_gbps=pcie_gbps(gpu),
    )
    return _Layout(ngl, n_cpu, gpu_total, weights_gpu, kv_gpu, compute, _with_ram_verdict(p, gpu_total))


def _host_ram_bytes(w: Workload, gpu: GpuSpec | None) -> int | None:
    """RAM of the machine in bytes (None: not known).

    The workload's ``host_ram_gb``; on a unified-memory machine its whole pool
    (``memory_gb``) when the workload gives none.
    """
    if w.host_ram_gb is not None:
        return int(w.host_ram_gb * GiB)
    if gpu is not None and gpu.gpu_memory_limit_gb is not None:
        return gpu.memory_bytes
    return None


def _with_ram_verdict(p: Placement, gpu_total: int) -> Placement:
    """``p`` with ``host_fits`` and ``ram_short_bytes`` (one pool on a unified machine)."""
    if p.host_ram_bytes is None:
        return p
    pool_gpu = gpu_total if p.unified else 0
    short = max(0, p.host_total_bytes + pool_gpu - p.host_ram_bytes)
    return p.model_copy(
        update={"host_fits": short == 0, "ram_short_bytes": short, "pool_gpu_bytes": pool_gpu}
    )


def _requested(w: Workload, arch: ModelArch) -> tuple[int | None, bool]:
    """(layers from the first whose experts go to host RAM, chosen automatically).

    ``None`` for "choose": ``"auto"``, or llama.cpp's default ``--fit`` on an MoE model
    (Ollama has no such option and only moves whole layers).

    Raises:
        ValueError: ``n_cpu_moe`` with Ollama or an engine other than llama.cpp.
    """
    v = w.n_cpu_moe
    fw = w.framework
    if v is not None and fw == "ollama":
        raise ValueError(msg("engines.ollama_no_cpu_moe"))
    if v is None:
        return (None, True) if (arch.is_moe and fw != "ollama") else (0, False)
    if v == "auto":
        return None, True
    if v == "all":
        return arch.num_hidden_layers, False
    assert isinstance(v, int)
    return min(v, arch.num_hidden_layers), False


def place_llamacpp(
    w: Workload, arch: ModelArch, gpu: GpuSpec | None, n: int, parts: LlamaCppParts
) -> tuple[int, int, float, float, int, Placement]:
    """Choose ``-ngl`` and ``--n-cpu-moe`` for ``w`` and size both sides.

    ``n_gpu_layers`` given: exactly those layers on the GPU (with the given ``n_cpu_moe``, else
    none). With a GPU: the given ``n_cpu_moe`` (``"all"``: every layer), or for ``"auto"`` — and for an
    MoE model with no value, as llama.cpp's default ``--fit`` does — the fewest layers whose
    experts in host RAM leave :data:`FIT_TARGET_BYTES` free on the GPU (0 when the model
    fits as it is). When even every expert in host RAM leaves the GPU short, whole layers come
    off the GPU too (``-ngl`` below the layer count), the fewest that fit.

    Returns:
        (layers on the GPU, ``n_cpu_moe``, weight bytes per GPU, KV bytes per GPU, compute
        buffer bytes, the :class:`Placement`).

    Raises:
        ValueError: ``n_cpu_moe`` with Ollama.
    """
    L = parts.layers
    want, auto = _requested(w, arch)
    ngl, n_cpu = L, want or 0
    if w.n_gpu_layers is not None:  # -ngl given: llama.cpp places exactly that
        ngl, auto = min(L, w.n_gpu_layers), False
    elif gpu is None:
        auto = False
    else:
        cap = gpu.usable_memory_bytes

        def total(layers: int, k: int) -> int:
            return _gpu_total(w, arch, n, parts, layers, k)

        if want is None:
            # the fewest layers (from the first) whose experts leave the fit target free; the
            # margin only applies when moving experts is needed at all
            n_cpu = 0
            if total(L, 0) > cap:
                for k in sorted({i + 1 for i in moe_layer_indices(arch)}):
                    n_cpu = k
                    if total(L, k) <= cap - FIT_TARGET_BYTES:
                        break
                if total(L, n_cpu) > cap:
                    n_cpu = L
        while total(ngl, n_cpu) > cap and ngl > 0:
            ngl -= 1
    lay = _layout(w, arch, gpu, n, parts, ngl, n_cpu, auto)
    return (
        lay.gpu_layers,
        lay.placement.n_cpu_moe,
        lay.weights_gpu / max(1, n),
        lay.kv_gpu / max(1, n),
        lay.compute,
        lay.placement,
    )


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
    "FIT_TARGET_BYTES",
    "HOST_DECODE_EFFICIENCY",
    "HOST_LAYER_SWITCH_S",
    "HOST_RAM_CLASSES",
    "HOST_RANGE_PCT",
    "HOST_RESERVE_BYTES",
    "OP_OFFLOAD_MIN_BATCH",
    "RAM_USD_PER_GB",
    "PINNED_COPY_SPEEDUP",
    "LlamaCppParts",
    "expert_bytes",
    "host_ram_bandwidth",
    "moe_layer_indices",
    "pcie_gbps",
    "place_llamacpp",
    "placement_clause",
    "placement_notes",
    "ram_limit_message",
]
