"""Every GPU × count of one job, evaluated before any price: memory, speed, serving plan, hours.

:func:`evaluate` is the first half of :func:`gpupicker.core.ranking.recommend.recommend`: for each catalog
GPU type and count (1, 2, 4, 8 up to ``max_gpus``, and 16–64 for jobs that need a cluster) the
memory model gives the per-GPU peak and the fit verdict, the throughput model (or the serving
search) the speed and :func:`.reasons.fit_limit` what limits it; the sentences every price offer
of that GPU × count shares (:mod:`.reasons`) are built when an option's reason is first read.
It reads no money field of the job (:data:`MONEY_DEFAULTS`), so one evaluation serves every
budget, pricing, currency, region and deadline: ``recommend`` memoizes it per job.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from ..checks import engine_hardware_refusal
from ..dtypes import GGUF_TYPES
from ..hardware.accelerators import stack_of
from ..hardware.specs import GpuSpec
from ..memory import estimate_memory, fits_on
from ..memory.vllm_defaults import vllm_era
from ..messages import Message, error_message, join, msg, sentence
from ..planners.calibration import Calibration
from ..results import CostEstimate, MemoryEstimate, ServingPlan, Throughput
from ..speed.image import image_job_hours
from ..speed.interconnect import GPUS_PER_NODE
from ..speed.serving import plan_serving
from ..speed.throughput import estimate_throughput, train_hours
from ..stacks.frameworks import speed_engine
from ..stacks.quant_support import lacks_bf16
from ..workload import Workload
from ..workload.plan import parallel_plan
from .reasons import fit_and_speed, fit_limit, scaling_text, speed_figure

GPU_DEPENDENT_FRAMEWORKS = frozenset({"vllm", "tensorrt-llm", "llama.cpp", "ollama"})
EVALUATIONS_KEPT = 4
"""Jobs whose GPU × count evaluations :func:`evaluate` keeps: the current one and the few
before it (an edit and its undo, a toggle back and forth). Each is a few hundred KB; more
entries were not used by the long-session script (20 jobs in a cycle) but grew its traced
memory toward its limit (16 entries: 93 KiB over the last 20 changes, 4: 55 KiB)."""


@dataclass(slots=True)
class Evaluation:
    """One GPU type × count, evaluated once and shared by all its price offers.

    Never changed once made (but for the memo of its offers' costs, :attr:`costs`):
    :func:`evaluate` memoizes them for later rankings of the same job (not frozen: a frozen
    dataclass took 1 µs more to build, ~250 per ranking).

    ``n`` GPUs per replica, ``total_gpus`` = ``n`` × ``replicas``; ``wb`` is the workload as
    evaluated (sharding, serving batch); ``used`` / ``cap`` are peak and capacity bytes per GPU.
    """

    gpu: GpuSpec
    n: int
    replicas: int
    total_gpus: int
    wb: Workload
    mem: MemoryEstimate
    t: Throughput
    used: int
    cap: int
    fits: bool
    hours: float | None
    calibration: str = ""
    plan: ServingPlan | None = None
    scaling: Message | None = None
    """Multi-node options: the scaling cost against one node (``None`` within a node)."""
    limit: str = ""
    """What limits this GPU × count before any price (:func:`fit_limit`)."""
    shared: tuple[str, tuple[Message, ...]] | None = None
    """The limit and reason sentences every price offer shares (:func:`fit_and_speed`); None
    until :meth:`shared_reason` first builds them (only for options whose reason is read)."""
    costs: dict[int, tuple[object, tuple[object, ...], CostEstimate]] = field(default_factory=dict)
    """The cost of each offer of this GPU × count as last computed, by ``id`` of the offer: (the
    offer, the other arguments of the cost, the cost). A money-only change of the job (its
    budget, cap, deadline) reuses it; one entry per offer, so it does not grow
    (:func:`~gpupicker.core.ranking.candidates.candidates`)."""

    def shared_reason(self) -> tuple[str, tuple[Message, ...]]:
        """The limit and the reason sentences every offer of this GPU × count shares.

        :func:`fit_and_speed`'s, built on the first call.
        """
        if self.shared is None:
            self.shared = fit_and_speed(
                self.wb,
                self.gpu,
                self.total_gpus,
                self.used,
                self.cap,
                self.t,
                self.fits,
                self.replicas,
                self.mem.placement,
            )
        return self.shared


def gpu_dependent(w: Workload) -> bool:
    """True when the job's peak depends on the card's size, not only on the job.

    Serving engines size their KV pool from the card (vLLM, TensorRT-LLM, llama.cpp, Ollama;
    GGUF weights run on llama.cpp); diffusers memory options (offload, slicing) are chosen per
    card (diffusion.diffusion_plan), so an image job's peak does too.
    """
    return w.framework.lower() in GPU_DEPENDENT_FRAMEWORKS or w.weights_dtype in GGUF_TYPES or w.is_image


MONEY_DEFAULTS: dict[str, object] = {
    name: Workload.model_fields[name].default
    for name in (
        "pricing",
        "budget_usd",
        "max_usd_per_hour",
        "deadline_hours",
        "currency",
        "region",
        "providers",
        "startup_minutes",
        "checkpoint_interval_hours",
        "prefer_in_stock",
    )
}
"""The Workload fields only prices and limits read (offers, costs, misses, the region and
provider filters),
at their defaults: :func:`evaluate` sees the job without them, so a money-only change of the
inputs reuses the evaluations (tests/core/test_evaluation_cache.py checks that every option
is the same as a fresh evaluation's)."""


@dataclass(frozen=True, slots=True)
class Evaluated:
    """What :func:`recommend` evaluates before prices: every GPU × count, and its notes.

    ``gpus`` are the GPUs left after engine-on-hardware refusals; ``reference`` the dataset
    size a planned run length on a named GPU stands for (a Workload update) and its note;
    ``refused`` the GPU names refused multi-GPU training because the user asked for them.
    """

    gpus: tuple[GpuSpec, ...]
    evaluations: tuple[Evaluation, ...]
    refusal_note: Message | None
    reference: tuple[dict[str, object], Message] | None
    notes: tuple[Message, ...]
    multi_node: bool
    refused: frozenset[str]


@lru_cache(maxsize=EVALUATIONS_KEPT)
def evaluate(
    w: Workload,
    gpus: tuple[GpuSpec, ...],
    counts: tuple[int, ...],
    max_gpus: int,
    calibration: Calibration | None,
) -> Evaluated:
    """Memory, speed, serving plan and hours of ``w`` on every GPU × count (no prices).

    Memoized on its arguments (a frozen Workload and GPUs compare by value, a Calibration by
    identity): the last :data:`EVALUATIONS_KEPT` jobs are evaluated once however often their
    budget or pricing changes.
    """
    notes: list[Message] = []
    refusal_note = None
    refusals = {g.id: why for g in gpus if (why := engine_hardware_refusal(w, g))}
    if refusals:  # engines on hardware they have no backend for are not options
        gpus = tuple(g for g in gpus if g.id not in refusals)
        first = next(iter(refusals.values()))
        refusal_note = sentence(msg("recommend.gpu_types_left_out", n=len(refusals), why=first))
    serving = w.task == "inference" and bool(w.requests_per_minute)
    gpu_dep = gpu_dependent(w)
    placed = w.framework.lower() in ("llama.cpp", "ollama") or w.weights_dtype in GGUF_TYPES
    # memory per (card capacity, count, batch): serving engines size their pools from the
    # card's usable capacity and its raw size (memory.paged.torch_total_bytes reads both), and
    # a llama.cpp placement its segment (host RAM class) and PCIe link, so cards equal in all
    # of these share an estimate
    mem_cache: dict[_MemKey, tuple[MemoryEstimate, int]] = {}
    tried = [c for c in counts if c <= max_gpus]
    if w.num_gpus > 1 and w.num_gpus <= max_gpus and w.num_gpus not in tried:
        tried.append(w.num_gpus)
    multi_node = _needs_multi_node(w, max_gpus)
    tried += [c for c in MULTI_NODE_COUNTS if c not in tried and c <= max(max_gpus, 64) and multi_node]
    evaluations: list[Evaluation] = []
    w, reference = _reference_tokens(w, gpus)

    sharded = {n: parallel_plan(w, n) for n in tried}
    refused: set[str] = set()
    for gpu in gpus:  # what does not depend on the count: once per GPU type
        node_fits, node_speed = False, 0.0
        st = stack_of(gpu)
        cap, no_bf16 = gpu.usable_memory_bytes, lacks_bf16(gpu)
        card_key = (
            (
                cap,
                gpu.memory_bytes,
                *((gpu.segment, gpu.pcie_gen, gpu.interconnect) if placed else ("", None, "")),
            )
            if gpu_dep
            else None
        )
        for n in tried:
            if n > GPUS_PER_NODE and (node_fits or gpu.segment != "datacenter"):
                continue  # multi-node only for datacenter parts the job does not fit in a node
            if n > 1 and w.is_training and st is not None and not st.multi_gpu_training:
                if w.gpu == gpu.id:  # say so when this part was asked for
                    refused.add(gpu.name)
                continue
            try:
                wb, t, plan, mem, used, replicas, cal_text = _memory_and_speed(
                    sharded[n], gpu, n, serving, calibration, mem_cache, card_key, no_bf16
                )
            except (ValueError, ZeroDivisionError) as exc:
                notes.append(
                    sentence(msg("recommend.not_estimated", gpu=gpu.name, n=n, error=error_message(exc)))
                )
                continue
            fits = fits_on(mem, gpu) and (plan is None or plan.max_concurrent_seqs > 0)
            speed = speed_figure(w, t)
            if n <= GPUS_PER_NODE:
                node_fits = node_fits or fits
                if n == GPUS_PER_NODE or not node_speed:
                    node_speed = (speed / n) if speed else node_speed
            ev = Evaluation(
                gpu=gpu,
                n=n,
                replicas=replicas,
                total_gpus=n * replicas,
                wb=wb,
                mem=mem,
                t=t,
                used=used,
                cap=cap,
                fits=fits,
                hours=_hours(w, t),
                calibration=cal_text,
                plan=plan,
                scaling=scaling_text(gpu, n, speed, node_speed) if n > GPUS_PER_NODE else None,
                limit=fit_limit(used, cap, t, fits, mem.placement),
            )
            evaluations.append(ev)
    return Evaluated(
        gpus=gpus,
        evaluations=tuple(evaluations),
        refusal_note=refusal_note,
        reference=reference,
        notes=tuple(notes),
        multi_node=multi_node,
        refused=frozenset(refused),
    )


_MemKey = tuple[tuple[int, int, str, int | None, str] | None, int, int, bool, tuple[int, int] | None]


def _memory_and_speed(
    wb: Workload,
    gpu: GpuSpec,
    n: int,
    serving: bool,
    calibration: Calibration | None,
    mem_cache: dict[_MemKey, tuple[MemoryEstimate, int]],
    card_key: tuple[int, int, str, int | None, str] | None,
    no_bf16: bool,
) -> tuple[Workload, Throughput, ServingPlan | None, MemoryEstimate, int, int, str]:
    """Memory and speed of the sharded job ``wb`` on ``n`` × ``gpu``, calibrated.

    Returns (the workload as evaluated, throughput, serving plan, memory estimate, peak bytes
    per GPU, replicas, calibration sentence). The memory estimate is shared through
    ``mem_cache`` by cards equal in ``card_key`` (None: the peak does not depend on the card,
    :func:`gpu_dependent`) and in ``no_bf16`` (the card lacks native bf16:
    :func:`~gpupicker.core.stacks.quant_support.lacks_bf16`, found once per GPU type) at the
    same count and batch.

    Raises:
        ValueError, ZeroDivisionError: a job the memory or speed model cannot estimate.
    """
    replicas = 1
    plan = None
    if serving:
        wb, t, plan, pool_mem = plan_serving(wb, gpu, n)
        replicas = max(1, plan.replicas)
    else:
        t = estimate_throughput(wb, gpu, n)
        pool_mem = None
    # a card without bf16 has its own texts (KV cache in fp16: memory.fp16_kv_without_bf16)
    # vLLM's scheduler defaults differ between cards of one size (A100 / H100: memory.vllm_defaults)
    era = vllm_era(wb, gpu) if card_key is not None and speed_engine(wb.framework) == "vllm" else None
    key = (card_key, n, wb.batch, no_bf16, (era.default_seqs, era.default_budget) if era else None)
    if pool_mem is not None and pool_mem.max_concurrent_seqs is not None:
        # a KV pool takes what the card leaves, whatever the batch
        mem_cache.setdefault(key, (pool_mem, pool_mem.total_bytes))
    if key not in mem_cache:
        m_est = estimate_memory(wb, gpu, n)
        mem_cache[key] = (m_est, m_est.total_bytes)
    mem, used = mem_cache[key]
    if mem.gpu_layers is not None or (mem.placement is not None and mem.placement.host_read_bytes_per_token):
        t = estimate_throughput(wb, gpu, n, mem)
    cal_text = ""
    if calibration is not None:
        t0 = t
        mem, t, cal_text = calibration.apply(wb, gpu.id, mem, t)
        used = mem.total_bytes
        if plan is not None and cal_text and t.decode_tokens_per_s and t0.decode_tokens_per_s:
            # replicas from the calibrated speed: the same concurrency per replica
            # (the pool holds it), each replica faster or slower by the factor
            f = t.decode_tokens_per_s / t0.decode_tokens_per_s
            replicas = max(1, math.ceil(plan.replicas / f - 1e-9))
            per = plan.replica_decode_tokens_per_s * f
            plan = plan.model_copy(
                update={
                    "replicas": replicas,
                    "replica_decode_tokens_per_s": per,
                    "aggregate_decode_tokens_per_s": per * replicas,
                    "requests_per_s_capacity": plan.requests_per_s_capacity * f,
                }
            )
    return wb, t, plan, mem, used, replicas, cal_text


MULTI_NODE_COUNTS = (16, 32, 64)
"""Multi-node GPU counts (2, 4 and 8 nodes of 8) offered to jobs that need them."""


def _needs_multi_node(w: Workload, max_gpus: int) -> bool:
    """True for jobs that get 16–64 GPU options.

    Full fine-tuning / pre-training of a ≥ 30 B-parameter model, or a job asking for more than
    one node (datacenter parts that do not hold the job in one node of 8).
    """
    if w.num_gpus > GPUS_PER_NODE or max_gpus > GPUS_PER_NODE:
        return w.is_training
    return w.is_full_training and w.model is not None and w.model.param_count() >= 30e9


def _reference_tokens(
    w: Workload, gpus: Sequence[GpuSpec]
) -> tuple[Workload, tuple[dict[str, object], Message] | None]:
    """A planned run length on a named GPU as a dataset size, and the note that says so.

    Returns ``w`` with that dataset size and (the Workload update, the note); ``w`` and
    ``None`` when the job names no run length; ``w`` and (no update, the note that every
    option runs those hours) when it names no GPU (or one not in ``gpus``) to measure it on.

    Every other option's duration then follows from its own speed (``train_hours`` on ``gpu``
    × ``num_gpus``).
    """
    if not (w.is_training and w.train_hours and not w.dataset_tokens):
        return w, None
    ref = next((g for g in gpus if g.id == w.gpu), None) if w.gpu else None
    if ref is None:  # no GPU to measure the work on: each option is rented the planned hours
        return w, ({}, sentence(msg("recommend.same_hours", hours=f"{w.train_hours:g}")))
    t = estimate_throughput(w, ref, w.num_gpus)
    tokens = w.train_hours * 3600.0 * (t.train_tokens_per_s or 0.0)
    if tokens <= 0:
        return w, None
    update: dict[str, object] = {"dataset_tokens": tokens, "epochs": 1.0, "train_hours": None}
    note = sentence(
        join(
            [
                msg(
                    "recommend.reference_tokens",
                    hours=f"{w.train_hours:g}",
                    n=w.num_gpus,
                    gpu=ref.name,
                    mtokens=f"{tokens / 1e6:,.1f}",
                ),
                msg("recommend.other_hours_follow"),
            ],
            "clauses",
        )
    )
    if w.task == "pretrain" and w.model is not None:
        optimal = 20.0 * w.model.param_count()
        if tokens < 0.5 * optimal:
            note = join(
                [
                    note,
                    sentence(
                        msg(
                            "recommend.pretrain_share",
                            share=f"{tokens / optimal:.1%}",
                            btokens=f"{optimal / 1e9:,.0f}",
                        )
                    ),
                ],
                "space",
            )
    return w.model_copy(update=update), (update, note)


def _hours(w: Workload, t: Throughput) -> float | None:
    if w.is_training:
        if w.train_hours:
            return w.train_hours
        return train_hours(w, t.train_tokens_per_s or 0.0)
    if t.seconds_per_image:
        return image_job_hours(w, t.seconds_per_image)
    if w.train_hours:  # a planned rental length for any task
        return w.train_hours
    return None


__all__ = [
    "EVALUATIONS_KEPT",
    "Evaluated",
    "Evaluation",
    "GPU_DEPENDENT_FRAMEWORKS",
    "MONEY_DEFAULTS",
    "MULTI_NODE_COUNTS",
    "evaluate",
    "gpu_dependent",
]
