"""Speed: decode/prefill tokens/s, training tokens/s and seconds per image, per GPU type × count.

A roofline with engine profiles (``docs/formulas.md`` §7):

* **Decode / prefill** (LLM inference): the roofline of :mod:`.inference` — sustained
  bandwidth and TFLOPS per GPU class (:mod:`core.hardware.gpu_sustained`), each engine's weight-streaming
  efficiency by memory class, host-launch floor, per-step and per-sequence scheduler time,
  prefill at the accumulate precision its kernels use, a smooth 3-norm between memory and
  compute time; checked against the llama-bench tables, TensorRT-LLM's performance tables,
  the ExLlamaV2 README and the H200 cases (``make accuracy``). Serving is sized in
  :mod:`.serving`.
* **Tensor parallel** decode splits weights and KV over N GPUs and adds two
  all-reduces of ``b·h`` 16-bit values per layer (Megatron-LM, Shoeybi et al.
  2019) over the links of :mod:`.interconnect`.
* **Training**: :mod:`.training` (FLOPs per token over sustained peak × MFU × data-parallel
  scaling).
* **Image generation**: :mod:`diffusion` (per-architecture denoiser FLOPs, a
  fixed time per step, batch effects, memory options).
"""

from __future__ import annotations

import math

from ..hardware.specs import GpuSpec
from ..memory.vllm_defaults import chunked_step_budget
from ..messages import join, msg
from ..model_arch import ModelArch
from ..results import MemoryEstimate, Throughput
from ..speculative import DEFAULT_ACCEPTANCE, draft_arch, expected_tokens_per_step
from ..stacks.frameworks import speed_engine
from ..workload import Workload
from ..workload.plan import parallel_plan
from .chunked_step import mixed_step
from .common import memo_sentence
from .host_offload import (
    host_offload_speed,
)
from .image import diffusion_throughput
from .roofline import _InferenceSpeed, _prompt_and_new, _Roofline
from .training import training_throughput

CHUNKED_PREFILL_ENGINES = frozenset({"vllm"})
"""Engines whose steps mix decodes with prefill chunks: vLLM V1 "always uses chunked
prefills" (``_set_default_args_v1``), V0 only above a 32K context (:mod:`..memory.vllm_defaults`).
SGLang mixes them only with ``--enable-mixed-chunk`` and otherwise runs prefill batches between
decode steps (the time-sharing model below), as vLLM V0 does below 32K."""


def chunked_prefill_budget(w: Workload, gpu: GpuSpec) -> int:
    """Token budget per engine step of a chunked-prefill engine, or 0 where prefills run alone.

    The workload's ``max_num_batched_tokens``, else the default of the vLLM version its
    ``environment`` names (:func:`..memory.vllm_defaults.chunked_step_budget`: V1's 8,192 on
    ≥ 70 GiB parts other than the A100, else 2,048; 0 under V0 below a 32K context).
    """
    if speed_engine(w.framework) not in CHUNKED_PREFILL_ENGINES:
        return 0
    return chunked_step_budget(w, gpu)


def _continuous_batching_speed(
    w: Workload, roof: _Roofline, s: _InferenceSpeed, t: Throughput, budget: int, prompt: int, new: int
) -> Throughput:
    """``t`` with the ITL and TTFT of ``w.batch`` sequences under continuous batching.

    A chunked-prefill engine (:data:`CHUNKED_PREFILL_ENGINES`) keeps ``b`` sequences running by
    admitting a new request whenever one finishes: ``b / new`` requests a step, whose prompts
    (``b × prompt / new`` tokens, at most ``budget − b``) run in the same forward as the
    decodes (:func:`.chunked_step.mixed_step`). Every sequence's token then waits for that longer
    step; a new prompt takes ``⌈prompt / (budget − b)⌉`` of them. The whole-batch output rate
    (``output_tokens_per_s``, prompts processed up front as a throughput benchmark does) is
    unchanged.
    """
    b = w.batch
    room = max(1, budget - b)
    chunk = min(float(room), b * prompt / new)
    step = mixed_step(roof, s, b, prompt)(chunk)
    ttft = max(s.prefill_one_s, math.ceil(prompt / room) * step) + step
    note = memo_sentence(
        "throughput.chunked_prefill",
        b=b,
        chunk=f"{chunk:,.0f}",
        budget=f"{budget:,}",
        ms=f"{step * 1e3:.1f}",
        plain=f"{s.step_s * 1e3:.1f}",
    )
    return t.model_copy(
        update={
            "decode_tokens_per_s": 1.0 / step,
            "aggregate_decode_tokens_per_s": b / step,
            "itl_s": step,
            "ttft_s": ttft,
            "assumptions": (*t.assumptions, note),
        }
    )


def inference_throughput(w: Workload, arch: ModelArch, gpu: GpuSpec, n: int) -> Throughput:
    """Decode and prefill speed of LLM inference on ``n`` × ``gpu`` (see module docstring)."""
    roof = _Roofline.of(w, arch, gpu, n)
    prompt, new = _prompt_and_new(w)
    s = roof.speed(w.batch, prompt, new)
    t = roof.throughput(w, s)
    budget = chunked_prefill_budget(w, gpu) if w.task == "inference" else 0
    if budget and w.batch > 1 and new and prompt:
        t = _continuous_batching_speed(w, roof, s, t, budget, prompt, new)
    if w.speculative is not None and w.task == "inference":
        t = _speculative_speed(w, arch, gpu, n, roof, s, t, new)
    return t


def _speculative_speed(
    w: Workload,
    arch: ModelArch,
    gpu: GpuSpec,
    n: int,
    roof: _Roofline,
    s: _InferenceSpeed,
    t: Throughput,
    new: int,
) -> Throughput:
    """``t`` with speculative decoding: ``E`` accepted tokens per verify + draft time.

    ``E`` is :func:`gpupicker.core.speculative.expected_tokens_per_step`.

    Verify: the plain decode step plus the GEMM FLOPs of the ``k`` extra tokens per sequence
    (weights and KV are read once for all ``k + 1``). Draft: ``k`` decode steps of a separate
    draft model on the same GPUs (its own roofline), or ``k`` × the share of the target's step
    that its MTP / EAGLE layers are (layers / target layers); n-gram lookup costs no GPU time.
    """
    spec = w.speculative
    assert spec is not None
    k, alpha = spec.tokens, spec.alpha
    expected = expected_tokens_per_step(alpha, k)
    b = w.batch
    verify_s = s.step_s + b * k * 2.0 * roof.p_act / (roof.decode_flops * roof.tp)
    draft = draft_arch(spec, arch, w.framework)
    if draft is None:
        draft_s = 0.0
    elif spec.draft is not None:
        wd = w.model_copy(update={"model": draft, "speculative": None})
        draft_s = k * (inference_throughput(wd, draft, gpu, n).itl_s or 0.0)
    else:
        draft_s = k * s.step_s * draft.num_hidden_layers / max(1, arch.num_hidden_layers)
    step = (verify_s + draft_s) / expected
    _, lo, hi = DEFAULT_ACCEPTANCE[spec.method]
    note = join(
        [
            join(
                [
                    msg(
                        "throughput.speculative",
                        method=spec.method,
                        k=k,
                        alpha=f"{alpha:.2f}",
                        tokens=f"{expected:.2f}",
                        speedup=f"{s.step_s / step:.2f}",
                    ),
                    msg(
                        "throughput.speculative_range",
                        lo=f"{lo:.2f}",
                        hi=f"{hi:.2f}",
                        low=f"{expected_tokens_per_step(lo, k):.2f}",
                        high=f"{expected_tokens_per_step(hi, k):.2f}",
                    ),
                ],
                "clauses",
            )
        ]
    )
    out_tps = b * new / (s.prefill_s + new * step) if new else 0.0
    return t.model_copy(
        update={
            "decode_tokens_per_s": 1.0 / step,
            "aggregate_decode_tokens_per_s": b / step,
            "itl_s": step,
            "ttft_s": s.prefill_one_s + verify_s + draft_s,
            "output_tokens_per_s": out_tps or None,
            "assumptions": (*t.assumptions, note),
        }
    )


# --------------------------------------------------------------------------------------------
# image generation
# --------------------------------------------------------------------------------------------
def image_throughput(w: Workload, arch: ModelArch, gpu: GpuSpec, n: int) -> Throughput:
    """Seconds per image (or per LoRA training image): :func:`.image.diffusion_throughput`.

    Per-architecture denoiser FLOPs, a fixed time per step, batch effects, sustained rates.
    """
    return diffusion_throughput(w, arch, gpu, n)


# --------------------------------------------------------------------------------------------
# public entry point
# --------------------------------------------------------------------------------------------
def estimate_throughput(
    w: Workload, gpu: GpuSpec, num_gpus: int | None = None, memory: MemoryEstimate | None = None
) -> Throughput:
    """Speed of workload ``w`` on ``num_gpus`` × ``gpu``.

    Args:
        w: the workload with a resolved ``model``.
        gpu: the GPU type.
        num_gpus: GPUs used (default ``w.num_gpus``).
        memory: the memory estimate for the same option (used for llama.cpp
            partial offload: layers left in system RAM run at PCIe speed).

    Returns:
        A :class:`Throughput` whose ``assumptions`` name engine, η/MFU and scaling.

    Raises:
        ValueError: when the model is not resolved.
    """
    if w.model is None:
        raise ValueError(w.unresolved_model_error())
    arch = w.model
    n = max(1, num_gpus or w.num_gpus)
    if w.is_image or arch.kind == "diffusion":
        return image_throughput(w, arch, gpu, n)
    if w.is_training:
        return training_throughput(parallel_plan(w, n), arch, gpu, n, memory)
    held = kv_held_batch(w, memory)
    if held < w.batch:
        t = inference_throughput(w.model_copy(update={"batch": held}), arch, gpu, n)
        note = msg("throughput.kv_queue", held=held, b=w.batch)
        t = t.model_copy(update={"assumptions": (*t.assumptions, note)})
    else:
        t = inference_throughput(w, arch, gpu, n)
    if (
        memory is not None
        and memory.placement is not None
        and (memory.placement.host_read_bytes_per_token > 0)
    ):
        t = host_offload_speed(w, arch, gpu, t, memory)
    return t


def kv_held_batch(w: Workload, memory: MemoryEstimate | None) -> int:
    """Sequences of ``w.batch`` a paged-KV engine runs at once (``memory.max_concurrent_seqs``).

    All of them, or as many as its KV pool and ``max_num_seqs`` hold when fewer. A paged
    engine admits a waiting request only while fewer than ``max_num_seqs`` run and its KV
    blocks can be allocated; the others wait in the queue (vLLM V1
    ``vllm/v1/core/sched/scheduler.py`` ``Scheduler.schedule``: ``if len(self.running) ==
    self.max_num_running_reqs: break`` and ``kv_cache_manager.allocate_slots`` returning
    None; SGLang ``python/sglang/srt/managers/schedule_policy.py`` ``PrefillAdder`` admits by
    the pool's ``rem_total_tokens`` and ``max_running_requests``). A request-rate-inf
    benchmark of 1,000 prompts therefore runs at that concurrency, not at 1,000: the weights
    are shared by the sequences held, not by the batch asked for. ``w.batch`` when no memory
    estimate is given, the engine has no KV pool, or not even one sequence fits (the fit
    verdict says so).
    """
    if memory is None or w.task != "inference" or memory.max_concurrent_seqs is None:
        return w.batch
    held = int(memory.max_concurrent_seqs)
    return held if 0 < held < w.batch else w.batch


def train_hours(w: Workload, tokens_per_s: float) -> float | None:
    """Hours to process ``dataset_tokens × epochs`` at ``tokens_per_s`` (None without a size)."""
    if not w.dataset_tokens or tokens_per_s <= 0:
        return None
    return w.dataset_tokens * w.epochs / tokens_per_s / 3600.0


__all__ = [
    "chunked_prefill_budget",
    "estimate_throughput",
    "inference_throughput",
    "kv_held_batch",
    "train_hours",
]
