"""Speed of llama.cpp's layer split over unlike cards: a pipeline, set by its slowest parts.

With ``-sm layer`` one token passes the cards in turn (llama.cpp PR #6017: the layer split is a
pipeline; decode of one sequence keeps one card busy at a time), so the time per token is the
sum over cards of the time each spends on its own layers:

    t_token = Σ_cards (layers on the card / n_layer) × t_layerwise(card) + (cards − 1) × hand-over

where ``t_layerwise(card)`` is the engine roofline's time per token of the whole model on that
card alone (:func:`~gpupicker.core.speed.throughput.inference_throughput`: the card's bytes
over its bandwidth × η, the per-layer host floor, the launches), and the hand-over is one
host synchronization and hidden-state copy per card boundary (``LLAMACPP.stage_handoff_s`` +
the PCIe latency, :mod:`.interconnect`). A slow card therefore slows the whole token by its
share of the layers: it is never hidden behind the fast one.

Prompt processing runs ``n_ubatch``-token micro-batches through the same stages; with several
micro-batches they overlap (PR #6017's pipeline parallelism), so the prefill takes the sum of
the stage times for the first micro-batch and the slowest stage for each further one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..hardware.specs import GpuSpec
from ..messages import Message, join, msg
from ..model_arch import ModelArch
from ..results import CardMemory, Throughput
from ..workload import Workload
from .interconnect import link_bandwidth_gbps, link_latency_s
from .llamacpp_engine import LLAMACPP
from .throughput import inference_throughput
from .weight_reads import decode_weight_bytes

CPU_OFFLOAD_BYTES_PER_S = 50e9
"""Layers left in system RAM (``-ngl`` below the layer count) stream at ≈50 GB/s, as
:func:`~gpupicker.core.speed.throughput.estimate_throughput` assumes for one card."""


def _pipelined_prefill_s(
    used: Sequence[tuple[GpuSpec, CardMemory]],
    per_type: dict[str, Throughput],
    n_layers: int,
    tokens: int,
    handoff: float,
) -> float:
    """Seconds to prefill ``tokens`` over the cards: each card's stage per micro-batch, pipelined.

    A stage is the card's layer share of one micro-batch (``n_ubatch`` 512) at its own prefill
    rate; ``Σ stages + (chunks − 1) × the slowest`` (llama.cpp PR #6017), plus one hand-over per
    micro-batch.
    """
    chunks = max(1, math.ceil(tokens / (LLAMACPP.ubatch or tokens)))
    stage = [
        c.layers / n_layers * tokens / max(1e-9, per_type[g.id].prefill_tokens_per_s or 1e-9) / chunks
        for g, c in used
    ]
    return sum(stage) + (chunks - 1) * max(stage, default=0.0) + handoff * chunks


def _split_notes(
    step_parts: Sequence[tuple[GpuSpec, CardMemory, float]],
    handoff: float,
    step: float,
    n_layers: int,
    gpu_layers: int | None,
) -> list[Message]:
    """The sentences of a layer split: each card's time per token, the slowest card, CPU layers."""
    slowest = max(step_parts, key=lambda x: x[2])
    shares = join(
        [
            msg(
                "mixed.card_time",
                index=c.index,
                gpu=g.name,
                layers=c.layers,
                ms=f"{p * 1e3:.1f}",
                bw=f"{g.memory_bandwidth_gbps:g}",
            )
            for g, c, p in step_parts
        ],
        "clauses",
    )
    notes: list[Message] = [
        join(
            [
                msg(
                    "mixed.speed_pipeline",
                    cards=shares,
                    handoff=f"{handoff * 1e3:.2f}",
                    ms=f"{step * 1e3:.1f}",
                )
            ]
        ),
        join(
            [
                msg(
                    "mixed.speed_slowest",
                    gpu=slowest[0].name,
                    index=slowest[1].index,
                    share=f"{slowest[2] / step:.0%}",
                )
            ]
        ),
    ]
    if gpu_layers is not None and gpu_layers < n_layers:
        notes.append(
            join(
                [
                    join(
                        [
                            msg("mixed.offload_layers", layers=gpu_layers, total=n_layers),
                            msg("mixed.offload_rest"),
                        ],
                        "clauses",
                    )
                ]
            )
        )
    return notes


def split_throughput(
    w: Workload,
    arch: ModelArch,
    specs: Sequence[GpuSpec],
    cards: Sequence[CardMemory],
    gpu_layers: int | None = None,
) -> Throughput:
    """Decode and prefill speed of ``w`` split by layers over ``cards`` (module docstring).

    Args:
        w: the workload (batch, prompt and new tokens as for one card).
        arch: its resolved architecture.
        specs: the catalog entry of each card, in device order.
        cards: the per-card split (:func:`gpupicker.core.memory.mixed.llamacpp_split_memory`).
        gpu_layers: layers on the GPUs when some stay on the CPU (None: all on the GPUs).

    Returns:
        A :class:`Throughput` whose ``assumptions`` give each card's share of a token's time.

    Raises:
        ValueError: an unresolved model, or ``specs`` and ``cards`` of different lengths.
    """
    if len(specs) != len(cards):
        raise ValueError(msg("mixed.no_machine"))
    L = max(1, arch.num_hidden_layers)
    per_type: dict[str, Throughput] = {}
    for g in specs:
        if g.id not in per_type:
            one = w.model_copy(update={"num_gpus": 1, "gpus": None, "tensor_split": None, "gpu": g.id})
            per_type[g.id] = inference_throughput(one, arch, g, 1)
    used = [(g, c) for g, c in zip(specs, cards, strict=True) if c.layers or c.output_layer]
    step_parts = [(g, c, c.layers / L * (per_type[g.id].itl_s or 0.0)) for g, c in used]
    boundaries = max(0, len(used) - 1)
    handoff = sum(
        link_latency_s(g)
        + LLAMACPP.stage_handoff_s
        + w.batch * arch.hidden_size * 2 / (link_bandwidth_gbps(g) * 1e9)
        for g, _ in used[:boundaries]
    )
    step = sum(p for _, _, p in step_parts) + handoff
    bound = "memory-bandwidth"
    if gpu_layers is not None and gpu_layers < L:
        cpu = (
            decode_weight_bytes(arch, w.weights_dtype, w.batch, w.quantized_group_set)
            * (1.0 - gpu_layers / L)
            / CPU_OFFLOAD_BYTES_PER_S
        )
        step += cpu
        bound = "cpu-offload"
    prompt = w.prompt_len or w.seq_len or w.avg_prompt_tokens
    tokens = max(1, w.batch * prompt)
    pre_s = _pipelined_prefill_s(used, per_type, L, tokens, handoff)
    notes = _split_notes(step_parts, handoff, step, L, gpu_layers)
    first = per_type[specs[0].id]
    ranges = [t.range_pct or 0.0 for t in per_type.values()]
    new = w.new_tokens if w.new_tokens is not None else w.avg_output_tokens
    out_tps = w.batch * new / (pre_s + new * step) if new else None
    return Throughput(
        decode_tokens_per_s=1.0 / step,
        aggregate_decode_tokens_per_s=w.batch / step,
        prefill_tokens_per_s=tokens / pre_s if pre_s > 0 else None,
        output_tokens_per_s=out_tps,
        ttft_s=pre_s / max(1, w.batch) + step,
        itl_s=step,
        bound=bound,
        efficiency=first.efficiency,
        # the cards' own spread, widened by 5 points for the hand-overs no single-card case
        # measures; on the published splits (validation MX05-MX08) the dense models came out
        # -3.0 to -5.6 % and the MoE one (GLM-4.7-Flash) +44 %, as llama.cpp MoE does on one card
        range_pct=max(ranges, default=20.0) + 5.0,
        evidence=first.evidence,
        assumptions=(*notes, *first.assumptions[:1]),
    )


__all__ = ["split_throughput"]
