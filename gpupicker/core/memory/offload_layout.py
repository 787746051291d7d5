"""How llama.cpp lays a job out: ``-ngl`` layers and ``--n-cpu-moe`` experts on the GPU, the rest in host RAM.

llama.cpp places tensors per device: ``-ngl`` repeating layers (the last ones) on the GPU,
the rest and the token embeddings in host RAM, and with ``--n-cpu-moe N`` (``--cpu-moe``: all;
``-ot exps=CPU``) the routed-expert tensors ``ffn_{gate,up,down}_exps`` of the first ``N``
layers in host RAM while their attention, router, shared experts and norms stay on the GPU
(PR ggml-org/llama.cpp#15077 adds those flags as tensor-buffer overrides). ``--no-kv-offload``
keeps the KV cache in host RAM. Since PR #16653 (``--fit``, on by default) llama.cpp moves
weights out of device memory itself when the model does not fit, keeping dense weights on
the GPU first for MoE models, with a 1024 MiB free-memory target per device; gpupicker does
the same but never shortens the context the user asked for. What host RAM and the PCIe link
are worth, and the sentences naming a placement, are in :mod:`.placement`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..hardware.specs import GpuSpec
from ..messages import msg
from ..model_arch import ModelArch
from ..results import Placement
from ..units import GiB, MiB
from ..workload import Workload
from .common import linear_group_params
from .placement import HOST_RESERVE_BYTES, host_ram_bandwidth, pcie_gbps

FIT_TARGET_BYTES = 1024 * MiB
"""Free memory llama.cpp's ``--fit`` leaves on each device (``--fit-target``, default 1024 MiB:
PR ggml-org/llama.cpp#16653 log "cannot fulfill margin of 1024 MiB"); used when gpupicker
chooses ``n_cpu_moe`` itself."""


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


__all__ = [
    "FIT_TARGET_BYTES",
    "LlamaCppParts",
    "expert_bytes",
    "moe_layer_indices",
    "place_llamacpp",
]
