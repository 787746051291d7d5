"""One engine step that runs the running decodes and a prefill chunk together (chunked prefill).

Kept apart from :mod:`.roofline` (which it reads) because the serving search and the continuous
batching speed evaluate it ~40 times per batch (a bisection on the chunk): :func:`mixed_step`
computes what does not depend on the chunk once and returns a function of the chunk.
"""

from __future__ import annotations

from collections.abc import Callable

from .engine_speed import pnorm
from .roofline import _InferenceSpeed, _Roofline
from .weight_reads import _attention_flops_per_token


def mixed_step(roof: _Roofline, s: _InferenceSpeed, b: int, prompt: int) -> Callable[[float], float]:
    """Chunk tokens → seconds of one step of ``b`` decodes and the chunk (bisected ~40×/batch).

    Chunked prefill (vLLM V1: one forward over the running decodes and the prefill chunks the
    token budget leaves room for) reads the weights once; the chunk's ``2·P_active`` FLOPs per
    token (+ attention over half the prompt) run at the prefill rate on top of the decode
    compute, tensor parallelism all-reduces ``b + chunk`` tokens, and the chunk fills the rows
    a 64-row GEMM tile padded (:attr:`_Roofline.gemm_rows`). ``s`` is :meth:`_Roofline.speed` at ``b``.
    """
    step, mem_s, comp_s, tp, padded = s.step_s, s.mem_s, s.comp_s, roof.tp, roof.padded_params
    per_token = 2.0 * roof.p_act + _attention_flops_per_token(roof.arch, prompt / 2.0)
    prefill_flops, decode_flops, linked = roof.prefill_flops, roof.decode_flops, tp > 1 or roof.n > 1
    rows_left, base, comm_b = max(0, roof.gemm_rows - b), pnorm(mem_s, comp_s), roof._comm(b)
    comms: dict[int, float] = {}  # link time by tokens: the late bisection steps share them

    def at(chunk: float) -> float:
        if chunk <= 0:
            return step
        extra = chunk * per_token / prefill_flops / tp
        if rows_left:
            extra -= min(chunk, rows_left) * 2.0 * padded / decode_flops / tp
        grow = pnorm(mem_s, comp_s + extra) - base
        if not linked:
            return step + grow
        comm = comms[t] if (t := b + int(chunk)) in comms else comms.setdefault(t, roof._comm(t))
        return step + grow + comm - comm_b

    return at


__all__ = ["mixed_step"]
