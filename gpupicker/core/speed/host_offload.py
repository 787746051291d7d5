"""llama.cpp speed with weights, experts or KV in host RAM (``--n-cpu-moe``, ``-ngl`` below all).

Decode runs the host-resident matmuls on the CPU; prompt processing copies the host weights
to the GPU per micro-batch (:func:`host_offload_speed`).
"""

from __future__ import annotations

import math

from ..hardware.specs import GpuSpec
from ..memory.placement import (
    HOST_DECODE_EFFICIENCY,
    HOST_LAYER_SWITCH_S,
    HOST_RANGE_PCT,
    OP_OFFLOAD_MIN_BATCH,
    PINNED_COPY_SPEEDUP,
)
from ..messages import join, msg
from ..model_arch import ModelArch
from ..results import MemoryEstimate, Throughput
from ..units import GiB
from ..workload import Workload
from .roofline import _prompt_and_new
from .weight_reads import (
    experts_touched,
)


def host_step(
    arch: ModelArch, gpu: GpuSpec, memory: MemoryEstimate, step: float, eta: float, batch: int
) -> tuple[float, float, float]:
    """(decode step, its GPU part, its CPU part) in seconds with ``memory``'s host-resident bytes.

    ``step`` is the roofline's step with every byte on the GPU at weight-streaming efficiency
    ``eta``; the placement's host bytes per token are at its own batch, and a batch of
    ``batch`` touches more experts (``E·(1 − (1 − k/E)^b)`` under uniform routing).
    """
    p = memory.placement
    assert p is not None
    host_bytes = p.host_read_bytes_per_token
    if arch.is_moe and batch != 1 and p.moe_layers_on_host:
        host_bytes *= experts_touched(arch, batch) / experts_touched(arch, 1)
    gpu_s = max(step - host_bytes / (gpu.memory_bandwidth_gbps * 1e9 * eta), 0.2 * step)
    cpu_layers = arch.num_hidden_layers - (memory.gpu_layers or arch.num_hidden_layers)
    host_s = host_bytes / (p.host_ram_bandwidth_gbps * 1e9 * HOST_DECODE_EFFICIENCY) + HOST_LAYER_SWITCH_S * (
        p.moe_layers_on_host + cpu_layers
    )
    return gpu_s + host_s, gpu_s, host_s


def host_prefill_copy_s(memory: MemoryEstimate, tokens: int) -> float:
    """Seconds prompt processing of ``tokens`` spends copying host-resident weights to the GPU.

    One copy of the placement's host weights per 512-token micro-batch, from
    :data:`~gpupicker.core.memory.placement.OP_OFFLOAD_MIN_BATCH` rows on (below that the
    CPU multiplies them; not counted), at :func:`host_copy_gbps`.
    """
    p = memory.placement
    if p is None or tokens < OP_OFFLOAD_MIN_BATCH or not p.host_model_bytes:
        return 0.0
    return (
        math.ceil(tokens / LLAMACPP_UBATCH_TOKENS) * p.host_model_bytes / (host_copy_gbps(p.pcie_gbps) * 1e9)
    )


def host_copy_gbps(pcie_gbps: float) -> float:
    """GB/s at which llama.cpp copies host-resident weights to the GPU during prompt processing.

    The pinned-copy PCIe rate ``pcie_gbps`` over
    :data:`~gpupicker.core.memory.placement.PINNED_COPY_SPEEDUP`: with llama.cpp's default
    mmap the weights are pageable (PR ggml-org/llama.cpp#14990), ``--no-mmap`` is not modelled.
    """
    return pcie_gbps / PINNED_COPY_SPEEDUP


def host_offload_speed(
    w: Workload, arch: ModelArch, gpu: GpuSpec, t: Throughput, memory: MemoryEstimate
) -> Throughput:
    """``t`` with the bytes llama.cpp reads from host RAM: experts, CPU layers, KV.

    Decode (batch under 32 rows): ggml runs the matmuls whose weights are in host RAM on the
    CPU, one offloaded layer after the other with the GPU's, so a step is the GPU's time for
    the bytes it still reads (the roofline's step less those bytes at the GPU's bandwidth)
    plus the CPU's time for the host bytes at the host RAM bandwidth ×
    :data:`~gpupicker.core.memory.placement.HOST_DECODE_EFFICIENCY` and
    :data:`~gpupicker.core.memory.placement.HOST_LAYER_SWITCH_S` per layer computed on the CPU
    (fitted on the published ``--n-cpu-moe`` runs OF10–OF14); the bound is whichever
    of the two is longer. Prompt processing (micro-batches of ≥ 32 rows) copies the
    host-resident weights to the GPU once per micro-batch of 512 over PCIe
    (``ggml_backend_cuda_device_offload_op``, PR ggml-org/llama.cpp#6083), from pageable
    memory under llama.cpp's default mmap (:func:`host_copy_gbps`), and runs there.
    The range widens to ±:data:`~gpupicker.core.memory.placement.HOST_RANGE_PCT` %.
    """
    p = memory.placement
    assert p is not None
    host_bytes = p.host_read_bytes_per_token
    step = t.itl_s or 1.0 / (t.decode_tokens_per_s or 1.0)
    eta = t.efficiency or 0.8
    new_step, gpu_s, host_s = host_step(arch, gpu, memory, step, eta, w.batch)
    bound = "host-ram-bandwidth" if host_s >= gpu_s else t.bound
    b = w.batch
    update: dict[str, object] = {
        "decode_tokens_per_s": 1.0 / new_step,
        "aggregate_decode_tokens_per_s": b / new_step,
        "itl_s": new_step,
        "bound": bound,
        "range_pct": max(t.range_pct or 0.0, HOST_RANGE_PCT),
    }
    notes = [
        join(
            [
                msg(
                    "throughput.host_decode_split",
                    gpu_ms=f"{gpu_s * 1e3:.1f}",
                    host_ms=f"{host_s * 1e3:.1f}",
                    gb=f"{host_bytes / 1e9:.2f}",
                    gbps=f"{p.host_ram_bandwidth_gbps:,.1f}",
                    eff=f"{HOST_DECODE_EFFICIENCY:.0%}",
                )
            ]
        )
    ]
    prompt, new = _prompt_and_new(w)
    if t.prefill_tokens_per_s and prompt * b >= OP_OFFLOAD_MIN_BATCH:
        tokens = prompt * b
        pre_s = tokens / t.prefill_tokens_per_s
        chunks = math.ceil(tokens / LLAMACPP_UBATCH_TOKENS)
        copy_s = host_prefill_copy_s(memory, tokens)
        update["prefill_tokens_per_s"] = tokens / (pre_s + copy_s)
        if t.ttft_s is not None:
            update["ttft_s"] = t.ttft_s - step + new_step + copy_s / b
        key = "throughput.host_prefill_experts" if p.moe_layers_on_host else "throughput.host_prefill_copy"
        notes.append(
            join(
                [
                    msg(
                        key,
                        gib=f"{p.host_model_bytes / GiB:.2f}",
                        gbps=f"{host_copy_gbps(p.pcie_gbps):.1f}",
                        chunks=chunks,
                    )
                ]
            )
        )
        if new:
            update["output_tokens_per_s"] = b * new / (pre_s + copy_s + new * new_step)
    if p.kv_on_host:
        notes.append(join([msg("throughput.host_kv_prefill")]))
    update["assumptions"] = (*t.assumptions, *notes)
    return t.model_copy(update=update)


LLAMACPP_UBATCH_TOKENS = 512
"""llama.cpp's default ``n_ubatch``: prompt tokens per micro-batch."""

__all__ = [
    "LLAMACPP_UBATCH_TOKENS",
    "host_copy_gbps",
    "host_offload_speed",
    "host_prefill_copy_s",
    "host_step",
]
