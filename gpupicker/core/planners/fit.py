"""What fits: the largest batch, context, LoRA rank or serving concurrency on a GPU.

The solver has no memory formula of its own. It changes one field of the
:class:`~gpupicker.core.workload.Workload`, asks :func:`~gpupicker.core.memory.estimate_memory`
for the peak per GPU and :func:`~gpupicker.core.memory.fits_on` for the verdict,
and bisects. That is exact (the answer fits, one step above does not) as long as
the memory model is non-decreasing in the field, which every term of
``docs/formulas.md`` is (weights are constant, KV cache, activations,
logits and adapters grow with batch, tokens and rank); the solver checks the two
neighbouring points it returns, so a non-monotone model would show as a failed
invariant in the tests rather than a wrong number.

Dimensions (:data:`FIT_DIMENSIONS`):

* ``batch`` — micro-batch (training) or sequences generated together (inference);
* ``seq_len`` — tokens per training sequence, or for inference the whole context
  per sequence (prompt + new tokens; the ``max_model_len`` of vLLM, ``n_ctx`` per
  sequence of llama.cpp);
* ``lora_r`` — LoRA rank (LoRA and QLoRA only);
* ``concurrency`` — sequences served at once (inference only). For the paged-KV
  servers (vLLM, SGLang, TGI, TensorRT-LLM) the pool is pre-allocated from
  ``gpu_memory_utilization`` whatever the batch, so a concurrency fits when the
  estimate fits *and* is within the estimate's ``max_concurrent_seqs``.

"Fits" also requires the whole model on the GPU: a llama.cpp / Ollama estimate
that offloads layers to the CPU (``gpu_layers`` set) counts as not fitting here,
because the solver answers "what runs on the card", and says so in its assumptions.
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import BaseModel, ConfigDict

from ..hardware.specs import GpuSpec
from ..memory import PAGED_KV_ENGINES, estimate_memory, fits_on
from ..messages import Message, Text, join, msg
from ..results import MemoryEstimate
from ..workload import Workload

FIT_DIMENSIONS: tuple[str, ...] = ("batch", "seq_len", "lora_r", "concurrency")
"""What the solver can maximise (the ``--max`` choices of ``gpupicker fit``)."""

DIMENSION_LIMITS: dict[str, int] = {
    "batch": 1_000_000,
    "seq_len": 10_000_000,
    "lora_r": 4096,
    "concurrency": 1_000_000,
}
"""Largest value tried per dimension: the Workload's own field limits (workload.py)."""


class FitResult(BaseModel):
    """The largest value of one dimension that fits, and the memory there.

    Attributes:
        dimension: one of :data:`FIT_DIMENSIONS`.
        gpu_id: the card; ``num_gpus`` the count the job is split over.
        value: the largest value that fits; ``None`` when even ``minimum`` does not.
        minimum: the smallest value tried (1, or ``new_tokens + 1`` for an
            inference context).
        at_limit: True when ``value`` is the search limit (:data:`DIMENSION_LIMITS`, or the
            model's ``max_position_embeddings`` for a context): memory is not what stops it.
        total_bytes: peak per GPU at ``value`` (bytes; at ``minimum`` when nothing fits).
        next_total_bytes: peak per GPU at ``value + 1`` (bytes), ``None`` at the limit.
        capacity_bytes: the card's usable memory (``GpuSpec.usable_memory_bytes``).
        max_concurrent_seqs: for paged-KV servers, the engine's concurrent sequences at
            ``value``.
        evaluations: memory estimates the search made.
        assumptions: the memory model's assumptions at ``value`` plus the solver's own.
    """

    model_config = ConfigDict(frozen=True)

    dimension: str
    gpu_id: str
    num_gpus: int
    value: int | None
    minimum: int
    at_limit: bool = False
    total_bytes: int
    next_total_bytes: int | None = None
    capacity_bytes: int
    max_concurrent_seqs: int | None = None
    evaluations: int = 0
    assumptions: tuple[Text, ...] = ()


def _base_context(w: Workload) -> int:
    return w.context_tokens()


def with_dimension(w: Workload, dimension: str, value: int) -> Workload:
    """A copy of ``w`` with one dimension set to ``value``.

    ``seq_len`` on an inference job sets the whole context: ``prompt_len = value −
    new_tokens`` when the job names its prompt or new tokens, else ``seq_len``.

    Raises:
        ValueError: unknown dimension, ``lora_r`` on a job without LoRA,
            ``concurrency`` on a training job, anything on a ``decode_ceiling`` job or
            other than ``batch`` on image generation, or a value out of the field's range.
    """
    if dimension not in FIT_DIMENSIONS:
        raise ValueError(
            msg("fit.unknown_dimension", dimension=repr(dimension), choices=", ".join(FIT_DIMENSIONS))
        )
    if w.task == "decode_ceiling":
        raise ValueError(msg("fit.decode_ceiling"))
    if w.task == "image_gen" and dimension != "batch":
        raise ValueError(msg("fit.image_gen_batch_only", dimension=dimension))
    if value < 1 or value > DIMENSION_LIMITS[dimension]:
        raise ValueError(
            msg("fit.out_of_range", dimension=dimension, value=value, limit=DIMENSION_LIMITS[dimension])
        )
    if dimension == "lora_r":
        if w.lora is None:
            raise ValueError(msg("fit.lora_r_needs_lora", task=repr(w.task)))
        return w.model_copy(update={"lora": w.lora.model_copy(update={"r": value})})
    if dimension == "concurrency":
        if w.is_training or w.task != "inference":
            raise ValueError(msg("fit.concurrency_serving_only", task=repr(w.task)))
        return w.model_copy(update={"batch": value})
    if dimension == "batch":
        return w.model_copy(update={"batch": value})
    # seq_len
    if w.task == "inference" and (w.prompt_len is not None or w.new_tokens is not None):
        new = w.new_tokens or 0
        if value <= new:
            raise ValueError(msg("fit.no_prompt_left", value=value, new=new))
        return w.model_copy(update={"prompt_len": value - new})
    return w.model_copy(update={"seq_len": value})


def current_value(w: Workload, dimension: str) -> int:
    """The workload's own value of ``dimension`` (batch, context tokens or LoRA rank)."""
    if dimension in ("batch", "concurrency"):
        return w.batch
    if dimension == "lora_r":
        return w.lora.r if w.lora is not None else 0
    return w.training_seq_len() if w.is_training else _base_context(w)


def _minimum(w: Workload, dimension: str) -> int:
    if (
        dimension == "seq_len"
        and w.task == "inference"
        and (w.prompt_len is not None or w.new_tokens is not None)
    ):
        return (w.new_tokens or 0) + 1
    return 1


def point_fits(mem: MemoryEstimate, gpu: GpuSpec, dimension: str = "batch", value: int | None = None) -> bool:
    """The solver's verdict for one estimate.

    :func:`fits_on`, the whole model on the GPU, and — for ``concurrency`` on a paged-KV
    server — ``value ≤ max_concurrent_seqs``.
    """
    if not fits_on(mem, gpu) or mem.gpu_layers is not None:
        return False
    if dimension in ("batch", "concurrency") and mem.max_concurrent_seqs is not None and value is not None:
        return value <= mem.max_concurrent_seqs
    return True


def _search_limit(w: Workload, gpu: GpuSpec, dimension: str, n: int, lo_v: int) -> tuple[int, list[Message]]:
    """The largest value the search tries, and the notes that say how the solver searched.

    The dimension's limit (:data:`DIMENSION_LIMITS`), for ``seq_len`` at most the model's
    ``max_position_embeddings``; llama.cpp and Ollama are sized with every layer on the GPU,
    and a paged-KV engine's pool does not grow with the concurrency.
    """
    limit = DIMENSION_LIMITS[dimension]
    solver_notes: list[Message] = [join([msg("fit.bisection", dimension=dimension, gpu_id=gpu.id, n=n)])]
    max_pos = w.model.max_position_embeddings if w.model is not None else None
    if dimension == "seq_len" and max_pos and max_pos >= lo_v:
        limit = min(limit, max_pos)
        solver_notes.append(join([msg("fit.context_cap", limit=max_pos)]))
    if w.framework.lower() in ("llama.cpp", "ollama"):
        solver_notes.append(join([msg("fit.all_layers")]))
    if dimension == "concurrency" and w.framework.lower() in PAGED_KV_ENGINES:
        solver_notes.append(join([msg("fit.pool_flat")]))
    return limit, solver_notes


def _largest_fitting(ok: Callable[[int], bool], lo_v: int, limit: int, step: int) -> int:
    """The largest value in ``[lo_v, limit]`` for which ``ok`` holds, ``ok(lo_v)`` being true.

    Gallops upward from ``step`` (the workload's current value), doubling until a value does
    not fit or the limit is reached, then bisects between the last fit and the first miss:
    about 2·log2(answer) calls of ``ok``.
    """
    good, bad = lo_v, None
    probe = max(lo_v + 1, min(limit, step))
    while True:  # gallop upward
        if probe > limit:
            probe = limit
        if ok(probe):
            good = probe
            if probe == limit:
                break
            probe = probe * 2
        else:
            bad = probe
            break
    if bad is not None:
        while bad - good > 1:
            mid = (good + bad) // 2
            if ok(mid):
                good = mid
            else:
                bad = mid
    return good


def solve_fit(
    w: Workload,
    gpu: GpuSpec,
    dimension: str,
    num_gpus: int | None = None,
    *,
    point: Callable[[Workload], tuple[MemoryEstimate, bool]] | None = None,
) -> FitResult:
    """The largest ``dimension`` of ``w`` that fits on ``gpu`` × ``num_gpus``.

    Doubling from the minimum until a value does not fit (or the limit), then
    bisection between the last fit and the first miss: about 2·log2(answer)
    memory estimates.

    Args:
        w: the workload, model resolved.
        gpu: the card.
        dimension: one of :data:`FIT_DIMENSIONS`.
        num_gpus: overrides ``w.num_gpus``.
        point: the memory and verdict of ``w`` at one value, for jobs the one-card model does
            not size (a machine of unlike cards: :func:`gpupicker.core.ranking.mixed_plan.solve_machine_fit`);
            default :func:`estimate_memory` and :func:`point_fits` on ``gpu`` × ``num_gpus``.

    Returns:
        A :class:`FitResult`; ``value`` is ``None`` when the minimum does not fit.

    Raises:
        ValueError: unknown dimension, a dimension the task does not have, or a
            workload the memory model cannot estimate.
    """
    n = num_gpus or w.num_gpus
    cache: dict[int, tuple[MemoryEstimate, bool]] = {}

    def at(v: int) -> tuple[MemoryEstimate, bool]:
        if v not in cache:
            wv = with_dimension(w, dimension, v)
            if point is not None:
                cache[v] = point(wv)
            else:
                m = estimate_memory(wv, gpu, n)
                cache[v] = (m, point_fits(m, gpu, dimension, v))
        return cache[v]

    def mem_at(v: int) -> MemoryEstimate:
        return at(v)[0]

    ok: Callable[[int], bool] = lambda v: at(v)[1]  # noqa: E731
    lo_v = _minimum(w, dimension)
    limit, solver_notes = _search_limit(w, gpu, dimension, n, lo_v)
    if not ok(lo_v):
        m = mem_at(lo_v)
        return FitResult(
            dimension=dimension,
            gpu_id=gpu.id,
            num_gpus=n,
            value=None,
            minimum=lo_v,
            total_bytes=m.total_bytes,
            capacity_bytes=gpu.usable_memory_bytes,
            max_concurrent_seqs=m.max_concurrent_seqs,
            evaluations=len(cache),
            assumptions=(
                *m.assumptions,
                *solver_notes,
                join([msg("fit.none_fits", dimension=dimension, value=lo_v)]),
            ),
        )
    good = _largest_fitting(ok, lo_v, limit, max(1, current_value(w, dimension)))
    m = mem_at(good)
    nxt = mem_at(good + 1).total_bytes if good < limit else None
    return FitResult(
        dimension=dimension,
        gpu_id=gpu.id,
        num_gpus=n,
        value=good,
        minimum=lo_v,
        at_limit=good == limit,
        total_bytes=m.total_bytes,
        next_total_bytes=nxt,
        capacity_bytes=gpu.usable_memory_bytes,
        max_concurrent_seqs=m.max_concurrent_seqs,
        evaluations=len(cache),
        assumptions=(*m.assumptions, *solver_notes),
    )


def fit_dict(r: FitResult) -> dict[str, object]:
    """The JSON object ``gpupicker fit --json`` prints (bytes per GPU)."""
    from ..units import GiB

    return {
        "dimension": r.dimension,
        "gpu": r.gpu_id,
        "num_gpus": r.num_gpus,
        "value": r.value,
        "minimum": r.minimum,
        "at_limit": r.at_limit,
        "total_bytes": r.total_bytes,
        "total_gib": round(r.total_bytes / GiB, 3),
        "next_total_bytes": r.next_total_bytes,
        "capacity_bytes": r.capacity_bytes,
        "capacity_gib": round(r.capacity_bytes / GiB, 3),
        "max_concurrent_seqs": r.max_concurrent_seqs,
        "evaluations": r.evaluations,
        "unit": "bytes per GPU",
        "assumptions": list(r.assumptions),
    }


__all__ = [
    "DIMENSION_LIMITS",
    "FIT_DIMENSIONS",
    "FitResult",
    "current_value",
    "fit_dict",
    "point_fits",
    "solve_fit",
    "with_dimension",
]
