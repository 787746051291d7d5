"""Serving sized by what the engine can hold: concurrency, replicas, TTFT and ITL.

For one replica (``n`` GPUs of one type) serving ``w.requests_per_minute`` requests of
``avg_prompt_tokens`` + ``avg_output_tokens``:

1. **Concurrency cap** — what the engine holds at the request mix: the KV pool of a paged
   engine (vLLM/SGLang/TGI/TensorRT-LLM: ``MemoryEstimate.max_concurrent_seqs``, blocks of
   the whole prompt + output, at most ``max_num_seqs``), or for llama.cpp/Ollama and
   transformers the largest batch whose memory fits (llama.cpp server slots: at most 16;
   Ollama ``OLLAMA_NUM_PARALLEL`` default 4 — Ollama FAQ; transformers at most 64).
2. **Continuous batching** — at ``b`` running sequences a decode step takes ``step(b)``
   (:mod:`.inference` roofline incl. the engine's per-step and per-sequence scheduler
   time); each request's prompt costs ``P`` seconds of prefill, interleaved with the decode
   steps. A replica completes ``X(b) = 1 / (P + out · step(b) / b)`` requests/s.
3. **Replicas** — ``⌈rate / (X(cap) × 0.7)⌉`` (70 % target utilization for queueing headroom,
   as :func:`.cost.gpus_for_serving`).
4. **Operating point** — per replica ``r = rate / replicas``; Little's law
   ``b = r × latency(b)`` with ``latency = TTFT + out × ITL``, ``ITL = step(b) / (1 − r·P)``
   (prefills steal that share of the GPU), ``TTFT = prompt prefill + one step``; three
   fixed-point steps, ``1 ≤ b ≤ cap``. A chunked-prefill engine (vLLM V1) instead runs the
   prompt tokens that arrive during a step inside the next one, up to its token budget
   (:func:`_chunked_latency`, :func:`.throughput.chunked_prefill_budget`): ITL = that step.
5. **Targets** — with ``ttft_target_s`` / ``itl_target_s`` the cap is lowered to the largest
   ``b`` that meets them; an option that misses them at ``b = 1`` does not meet its targets.

``estimate`` and ``recommend`` both call :func:`plan_serving`, so the same option gives the
same concurrency and tokens/s in both.
"""

from __future__ import annotations

import math
from typing import Any

from ..hardware.specs import GpuSpec
from ..memo import by_identity
from ..memory import estimate_memory, fits_on
from ..memory.paged import VLLM_MAX_NUM_SEQS, vllm_settings
from ..messages import Message, join, msg
from ..results import MemoryEstimate, ServingPlan, Throughput
from ..stacks.frameworks import framework_row, speed_engine
from ..workload import Workload
from .chunked_step import mixed_step
from .host_offload import host_prefill_copy_s, host_step
from .roofline import _InferenceSpeed, _Roofline
from .throughput import chunked_prefill_budget, estimate_throughput

TARGET_UTILIZATION = 0.7
"""Share of a replica's request capacity planned for (queueing headroom)."""
SLOT_CAPS = {"llama.cpp": 16, "ollama": 4, "transformers": 64}
"""Most concurrent sequences assumed per replica for engines without a KV pool: llama.cpp
server ``--parallel`` slots, Ollama ``OLLAMA_NUM_PARALLEL`` (default 4), HF batched generate."""
DEFAULT_SLOT_CAP = 64


def request_mix(w: Workload) -> Workload:
    """The workload at one sequence of the request mix: ``prompt_len`` + ``new_tokens``.

    The job's own token fields (:attr:`Workload.avg_prompt_tokens` and
    :attr:`Workload.avg_output_tokens` read them, with the serving defaults), so the mix the
    plan sizes is the one the job shows. Memoized per workload object: the recommender asks
    once per GPU × count.
    """
    return _mix(w)[0]


@by_identity(maxsize=64)
def _mix(w: Workload) -> tuple[Workload, dict[int, Workload]]:
    """:func:`request_mix` of ``w`` and its copies by batch (filled by :func:`_at_batch`)."""
    wl = w.model_copy(
        update={
            "batch": 1,
            "prompt_len": w.avg_prompt_tokens,
            "new_tokens": w.avg_output_tokens,
            "seq_len": None,
        }
    )
    return wl, {1: wl}


def _at_batch(w: Workload, b: int) -> Workload:
    """:func:`request_mix` at ``b`` concurrent sequences (memoized)."""
    wl, by_b = _mix(w)
    wb = by_b.get(b)
    if wb is None:
        wb = by_b[b] = wl.model_copy(update={"batch": b})
    return wb


def concurrency_cap(w: Workload, gpu: GpuSpec, n: int, mem: MemoryEstimate) -> int:
    """Sequences one replica holds at once at the request mix (0 when not even one fits).

    ``w`` is :func:`request_mix` of the workload; ``mem`` its memory estimate on ``n`` × ``gpu``.
    """
    if mem.max_concurrent_seqs is not None:  # paged KV pool
        if mem.engine_fits is False:
            return 0
        r = w.shared_prefix_ratio
        if r and mem.kv_pool_tokens:
            # prefix caching: the shared prefix's blocks once, each sequence its own rest
            shared = r * w.avg_prompt_tokens
            unique = w.context_tokens() - shared
            held = int(max(0.0, mem.kv_pool_tokens - shared) // max(1.0, unique))
            # vLLM's max_num_seqs by its version and GPU (memory.vllm_defaults)
            vllm = speed_engine(w.framework) == "vllm"
            cap = vllm_settings(w, gpu).max_num_seqs if vllm else w.max_num_seqs or VLLM_MAX_NUM_SEQS
            return min(held, cap) if held else 0
        return int(mem.max_concurrent_seqs)
    if not fits_on(mem, gpu):
        return 0
    fw = framework_row(w.framework).name
    hi = SLOT_CAPS.get(fw, DEFAULT_SLOT_CAP)
    if mem.gpu_layers is not None:  # partial offload: one slot
        return 1

    def fits(b: int) -> bool:
        m = estimate_memory(w.model_copy(update={"batch": b}), gpu, n)  # w: the request mix
        return fits_on(m, gpu) and m.gpu_layers is None

    if fits(hi):
        return hi
    lo = 1
    while hi - lo > 1:  # largest b that fits, memory grows with b
        mid = (lo + hi) // 2
        if fits(mid):
            lo = mid
        else:
            hi = mid
    return lo


def _chunked_latency(
    roof: _Roofline, s: _InferenceSpeed, b: int, r: float, prompt: int, budget: int, p_one: float
) -> tuple[float, float]:
    """(TTFT, ITL) at ``b`` running sequences and ``r`` requests/s with chunked prefill.

    Prompt tokens arrive at ``λ = r × prompt`` per second; a step of ``T`` seconds runs the
    ``b`` decodes and the ``c = min(budget − b, λ·T)`` prompt tokens that arrived during the
    previous one, so ``T = mixed_step(b, c)`` (:func:`.chunked_step.mixed_step`, solved by
    bisection; when even a full budget cannot keep up, every step is full). Every running
    sequence gets one token per step: ITL = T. A new prompt is prefilled over
    ``⌈prompt / (budget − b)⌉`` such steps, then one more gives its first token.
    """
    room = max(1, budget - b)
    lam = r * prompt
    mixed_step_s = mixed_step(roof, s, b, prompt)
    lo, hi = s.step_s, mixed_step_s(room)
    if lam * hi <= room:  # not saturated: the step that holds what arrived during it
        for _ in range(40):
            mid = 0.5 * (lo + hi)
            if mixed_step_s(lam * mid) > mid:
                lo = mid
            else:
                hi = mid
    itl = hi
    ttft = max(p_one, math.ceil(prompt / room) * itl) + itl
    return ttft, itl


class _ServingCurve:
    """Step, prefill and latency of one replica as functions of its running sequences ``b``.

    Built once per option by :func:`plan_serving`; every batch is evaluated once on the
    roofline ``roof`` (:meth:`_Roofline.speed`) and kept.
    """

    def __init__(
        self, w: Workload, roof: _Roofline, gpu: GpuSpec, mem: MemoryEstimate, prefix: float
    ) -> None:
        self.roof, self.gpu, self.mem = roof, gpu, mem
        self.prompt, self.out = w.avg_prompt_tokens, w.avg_output_tokens
        self.prefill_prompt = max(1, round(self.prompt * (1.0 - prefix)))
        self.host = mem.placement is not None and mem.placement.host_read_bytes_per_token > 0
        self.copy_s = host_prefill_copy_s(mem, self.prompt) if self.host else 0.0
        self.budget = chunked_prefill_budget(w, gpu)
        self.cache: dict[int, tuple[float, float, float]] = {}
        self.speeds: dict[int, _InferenceSpeed] = {}
        self.latencies: dict[tuple[int, float], tuple[float, float]] = {}

    def at(self, b: int) -> tuple[float, float, float]:
        """(decode step s, prefill seconds per request, prompt prefill of one request s).

        A llama.cpp placement with bytes in host RAM adds the CPU's part of each step and the
        copies of prompt processing (:func:`.host_offload.host_step`).
        """
        hit = self.cache.get(b)
        if hit is None:
            roof, prompt, out = self.roof, self.prompt, self.out
            s = self.speeds[b] = roof.speed(b, prompt, out)
            if self.prefill_prompt != prompt:  # prefix cache hits: only each prompt's own part
                pre = roof.speed(b, self.prefill_prompt, out)
                s = self.speeds[b] = s._replace(prefill_s=pre.prefill_s, prefill_one_s=pre.prefill_one_s)
            step = s.step_s
            if self.host:
                step, gpu_s, host_s = host_step(roof.arch, self.gpu, self.mem, step, roof.eta, b)
                s = self.speeds[b] = s._replace(
                    step_s=step,
                    decode_tokens_per_s=1.0 / step,
                    bound="host-ram-bandwidth" if host_s >= gpu_s else s.bound,
                )
            hit = self.cache[b] = (step, s.prefill_s / b + self.copy_s, s.prefill_one_s + self.copy_s)
        return hit

    def latency(self, b: int, r: float) -> tuple[float, float]:
        """(TTFT, ITL) in seconds at ``b`` running sequences and ``r`` requests/s.

        Kept per (``b``, ``r``): the operating-batch search asks for its last batch again.
        """
        hit = self.latencies.get((b, r))
        if hit is None:
            hit = self.latencies[(b, r)] = self._latency(b, r)
        return hit

    def _latency(self, b: int, r: float) -> tuple[float, float]:
        """:meth:`latency` computed (chunked prefill, or the busy-fraction queue without it)."""
        step, p_req, p_one = self.at(b)
        if self.budget:
            return _chunked_latency(self.roof, self.speeds[b], b, r, self.prompt, self.budget, p_one)
        busy = min(0.9, r * p_req)
        itl = step / (1.0 - busy)
        return p_one + step, itl


def _prefix_note(w: Workload, prefix: float, prompt: int) -> Message:
    """The prefix-cache sentence: the share skipped, or that this engine's cache is not modelled."""
    return join(
        [
            msg("serving.prefix_cache", share=f"{prefix:.0%}", tokens=round(prompt * prefix))
            if prefix
            else msg("serving.prefix_not_modelled", framework=w.framework)
        ]
    )


def _target_cap(w: Workload, curve: _ServingCurve, cap: int, notes: list[Message]) -> tuple[int, bool]:
    """(the cap lowered to the largest batch meeting the TTFT / ITL targets, targets met at b = 1).

    Bisection over ``1 … cap`` at no load; appends the sentence that says why to ``notes``.
    """
    if not (w.itl_target_s or w.ttft_target_s):
        return cap, True

    def ok(b: int) -> bool:
        ttft, itl = curve.latency(b, 0.0)
        return (not w.itl_target_s or itl <= w.itl_target_s) and (
            not w.ttft_target_s or ttft <= w.ttft_target_s
        )

    if not ok(1):
        notes.append(join([msg("serving.misses_at_one")]))
        return 1, False
    if ok(cap):
        return cap, True
    lo, hi = 1, cap
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if ok(mid):
            lo = mid
        else:
            hi = mid
    notes.append(join([msg("serving.latency_cap", n=lo, cap=cap)]))
    return lo, True


def _operating_batch(curve: _ServingCurve, eff_cap: int, r: float) -> tuple[int, float, float]:
    """(running sequences, TTFT s, ITL s) at ``r`` requests/s per replica by Little's law.

    ``b = r × (TTFT + out × ITL)``, three fixed-point steps from the latency at the cap (an
    upper bound of the ITL), ``1 ≤ b ≤ eff_cap``.
    """
    out = curve.out
    ttft, itl = curve.latency(eff_cap, r)
    b = max(1, min(eff_cap, math.ceil(r * (ttft + out * itl))))
    for _ in range(3):
        ttft, itl = curve.latency(b, r)
        b_next = max(1, min(eff_cap, math.ceil(r * (ttft + out * itl))))
        if b_next == b:
            break
        b = b_next
    ttft, itl = curve.latency(b, r)
    return b, ttft, itl


def _plan_sentence(
    b: int, cap: int, curve: _ServingCurve, replicas: int, n: int, ttft: float, itl: float
) -> Message:
    """The "b of cap sequences … replicas …; ITL … ms, TTFT … s" sentence of a plan."""
    return join(
        [
            join(
                [
                    msg(
                        "serving.plan",
                        b=b,
                        cap=cap,
                        prompt=curve.prompt,
                        output=curve.out,
                        replicas=replicas,
                        n=n,
                    ),
                    msg("serving.latency", ms=f"{itl * 1e3:.1f}", s=f"{ttft:.2f}"),
                ],
                "clauses",
            )
        ]
    )


def plan_serving(
    w: Workload, gpu: GpuSpec, n: int
) -> tuple[Workload, Throughput, ServingPlan, MemoryEstimate]:
    """Size one option's serving (see the module docstring).

    Returns the workload at the operating concurrency, its throughput with serving ITL, the
    plan, and the memory estimate at the request mix.

    Raises:
        ValueError: when the model is not resolved or the engine has no inference profile.
    """
    if w.model is None:
        raise ValueError(w.unresolved_model_error())
    wl = request_mix(w)
    mem = estimate_memory(wl, gpu, n)
    cap = concurrency_cap(wl, gpu, n, mem)
    prompt, out = w.avg_prompt_tokens, w.avg_output_tokens
    roof = _Roofline.of(wl, w.model, gpu, n)
    rate = (w.requests_per_minute or 0.0) / 60.0
    notes: list[Message] = []
    # prefix caching (paged-KV servers): a cache hit skips the shared prefix's prefill, decode
    # still attends to the whole context; the pool holds the prefix once (concurrency_cap)
    prefix = w.shared_prefix_ratio if mem.kv_pool_tokens else 0.0
    if w.shared_prefix_ratio:
        notes.append(_prefix_note(w, prefix, prompt))
    curve = _ServingCurve(w, roof, gpu, mem, prefix)

    if cap <= 0:
        t = roof.throughput(wl, roof.speed(1, prompt, out))
        plan = ServingPlan(
            replicas=0, gpus_per_replica=n, max_concurrent_seqs=0, notes=(join([msg("serving.cannot_hold")]),)
        )
        return wl, t, plan, mem

    eff_cap, meets = _target_cap(w, curve, cap, notes)
    step_c, p_req_c, _ = curve.at(eff_cap)
    x_cap = 1.0 / (p_req_c + out * step_c / eff_cap)  # requests/s at the cap
    replicas = max(1, math.ceil(rate / (x_cap * TARGET_UTILIZATION) - 1e-9)) if rate else 1
    b, ttft, itl = _operating_batch(curve, eff_cap, rate / replicas)
    if w.itl_target_s and itl > w.itl_target_s * 1.0001:
        meets = False
    if w.ttft_target_s and ttft > w.ttft_target_s * 1.0001:
        meets = False
    wb = _at_batch(w, b)
    curve.at(b)
    t = roof.throughput(wb, curve.speeds[b])
    replica_tps = b / itl
    t = t.model_copy(
        update={
            "decode_tokens_per_s": 1.0 / itl,
            "aggregate_decode_tokens_per_s": replica_tps,
            "ttft_s": ttft,
            "itl_s": itl,
            "assumptions": (*t.assumptions, _plan_sentence(b, cap, curve, replicas, n, ttft, itl)),
        }
    )
    plan = ServingPlan(
        replicas=replicas,
        gpus_per_replica=n,
        max_concurrent_seqs=cap,
        concurrent_seqs=b,
        replica_decode_tokens_per_s=replica_tps,
        aggregate_decode_tokens_per_s=replica_tps * replicas,
        requests_per_s_capacity=x_cap,
        ttft_s=ttft,
        itl_s=itl,
        meets_targets=meets,
        notes=tuple(notes),
    )
    return wb, t, plan, mem


def serving_dict(p: ServingPlan) -> dict[str, Any]:
    """The JSON contract of a serving plan (``estimate`` and ``recommend --json``)."""
    return {
        "replicas": p.replicas,
        "gpus_per_replica": p.gpus_per_replica,
        "max_concurrent_seqs": p.max_concurrent_seqs,
        "concurrent_seqs": p.concurrent_seqs,
        "replica_decode_tokens_per_s": round(p.replica_decode_tokens_per_s, 2),
        "aggregate_decode_tokens_per_s": round(p.aggregate_decode_tokens_per_s, 2),
        "requests_per_s_capacity": round(p.requests_per_s_capacity, 4),
        "ttft_s": round(p.ttft_s, 4),
        "itl_s": round(p.itl_s, 5),
        "meets_targets": p.meets_targets,
        "notes": list(p.notes),
    }


SERVING_MAX_BATCH = 256
"""Most concurrent sequences per replica the serving search assumes (vLLM ``max_num_seqs``)."""


class ServingSearch:
    """Speed of one replica serving ``w.requests_per_minute``, for any GPU type and count.

    LLM inference delegates to :func:`plan_serving` (concurrency from
    the KV pool, continuous batching, replicas); other tasks keep the search below.
    Concurrent sequences by Little's law: request rate × latency of one request
    (``avg_output_tokens`` / per-sequence decode rate + ``avg_prompt_tokens`` / prefill
    rate), at least ``w.batch`` and at most :data:`SERVING_MAX_BATCH`; two fixed-point steps
    from ``w.batch``. At a new batch each sequence holds ``avg_prompt_tokens +
    avg_output_tokens`` tokens. One search serves every option of a
    recommendation: the workload copies at each batch are shared.

    Raises:
        ValueError: when the model is not resolved.
    """

    def __init__(self, w: Workload) -> None:
        """Prepare the search for ``w`` (its model resolved; see the class docstring)."""
        if w.model is None:
            raise ValueError(w.unresolved_model_error())
        self.w = w
        self.rate_per_s = (w.requests_per_minute or 0.0) / 60.0
        self.llm = not (w.task == "image_gen" or w.model.kind == "diffusion" or w.is_training)
        self._at_batch: dict[int, Workload] = {}

    def at_batch(self, b: int) -> Workload:
        """The workload at ``b`` concurrent sequences of the request mix."""
        wb = self._at_batch.get(b)
        if wb is None:
            wb = self.w.model_copy(
                update={
                    "batch": b,
                    "prompt_len": self.w.avg_prompt_tokens,
                    "new_tokens": self.w.avg_output_tokens,
                    "seq_len": None,
                }
            )
            self._at_batch[b] = wb
        return wb

    def batch_needed(self, decode_tokens_per_s: float | None, prefill_tokens_per_s: float | None) -> int:
        """Little's law: concurrent sequences at these per-sequence decode and prefill rates."""
        w = self.w
        latency = w.avg_output_tokens / (decode_tokens_per_s or 1e-9) + w.avg_prompt_tokens / (
            prefill_tokens_per_s or 1e9
        )
        return max(w.batch, min(SERVING_MAX_BATCH, math.ceil(self.rate_per_s * latency)))

    def __call__(self, gpu: GpuSpec, num_gpus: int | None = None) -> tuple[Workload, Throughput]:
        """The workload at the batch found on ``num_gpus`` × ``gpu``, and its throughput."""
        w = self.w
        n = max(1, num_gpus or w.num_gpus)
        b = w.batch
        if not self.llm:
            wb, t = w, estimate_throughput(w, gpu, n)
            for _ in range(2):  # two fixed-point steps of Little's law
                b_next = self.batch_needed(t.decode_tokens_per_s, t.prefill_tokens_per_s)
                if b_next == b:
                    break
                b = b_next
                wb = self.at_batch(b)
                t = estimate_throughput(wb, gpu, n)
            return wb, t
        # LLM inference: sized by what the engine holds (the same plan recommend uses)
        wb, t, _, _ = plan_serving(w, gpu, n)
        return wb, t


def serving_throughput(w: Workload, gpu: GpuSpec, num_gpus: int | None = None) -> tuple[Workload, Throughput]:
    """Speed of one replica (``num_gpus`` × ``gpu``) serving ``w.requests_per_minute``.

    At the batch Little's law gives (see :class:`ServingSearch`).

    Returns:
        The workload at the batch found, and its :class:`Throughput`.

    Raises:
        ValueError: when the model is not resolved.
    """
    return ServingSearch(w)(gpu, num_gpus)


__all__ = [
    "concurrency_cap",
    "plan_serving",
    "request_mix",
    "serving_dict",
    "serving_throughput",
    "SERVING_MAX_BATCH",
    "ServingSearch",
    "SLOT_CAPS",
    "TARGET_UTILIZATION",
]
