"""Rank every catalog GPU × count × price offer for one workload, with a reason for each.

For each GPU type and count (1, 2, 4, 8 up to ``max_gpus``) the memory model
(:func:`~gpupicker.core.memory.estimate_memory`) gives the per-GPU peak and the
fit verdict with headroom, the throughput model the speed, and each price offer
(converted to USD with the user's exchange rates) the cost. Options are ranked
by the user's goal:

* ``cheapest`` — lowest total cost (run cost when the duration is known,
  monthly cost for serving, else $ per 1M tokens, else $ per hour);
* ``fastest`` — highest speed, cheaper first among equals;
* ``value`` — lowest cost + time, each relative to the best option (the knee
  of the cost–time Pareto front);
* ``headroom`` — most free memory per GPU.

Options that do not fit, or break the budget / $-per-hour cap / deadline, sort
after those that do. Every option carries a plain-language ``reason`` naming
what limits it (VRAM, memory bandwidth, compute, interconnect, price). The
seed guide's decision table (``shared/seeds``) is kept as a rule of thumb and
compared with the ranking in ``notes``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from typing import cast

from pydantic import BaseModel, ConfigDict

from .accelerators import fabric_without_bandwidth, link_label, stack_clause, stack_of
from .advisor import Advice
from .calibration import Calibration
from .cost import (
    DEFAULT_UTILIZATION,
    estimate_cost,
    usd_per_unit,
)
from .dtypes import bytes_per_weight
from .hardware import GpuSpec, PriceOffer
from .memory import estimate_memory, fits_on
from .messages import Message, Text, join, msg, verbatim
from .money import USD, Money
from .offer_cache import offers_for_snapshot
from .owned import OwnedGpu, annotate_owned, for_serving, owned_offer
from .price_kind import DEFAULT_STALE_MONTHS, FLAG_NAMES, price_flag, price_kind, trust_notes
from .providers import region_filter, region_notes
from .results import CostEstimate, MemoryEstimate, Option, ServingPlan, Throughput
from .speed.interconnect import GPUS_PER_NODE, link_name
from .speed.serving import plan_serving
from .speed.throughput import estimate_throughput, train_hours
from .units import HOURS_PER_MONTH_DEFAULT, GiB
from .workload import Parallelism, Workload

GOALS = ("cheapest", "fastest", "value", "headroom")
GPU_COUNTS = (1, 2, 4, 8)
GPU_DEPENDENT_FRAMEWORKS = frozenset({"vllm", "tensorrt-llm", "llama.cpp", "ollama"})

SEED_TABLE: tuple[tuple[Message, tuple[str, ...], Message], ...] = tuple(
    (msg(f"recommend.seed.{row}"), ids, msg(f"recommend.seed.why.{row}")) for row, ids in (
        ("large_training", ("h100_sxm",)),
        ("llm_training", ("a100_sxm_80gb",)),
        ("fine_tuning", ("rtx_4090",)),
        ("inference", ("rtx_4090", "l40s")),
        ("development", ("rtx_3090",)),
    ))
"""The seed guide's quick decision table (scenario, GPU ids, why) — a rule of thumb only:
large-model training (70B+) on the H100 (most memory and speed), LLM training (7B–70B) on the
A100 80GB (best balance of cost and performance), fine-tuning / LoRA on the RTX 4090 (24 GB,
good value), inference on the RTX 4090 or L40S (high throughput at a fair price), development /
testing on the RTX 3090 (lowest cost, enough VRAM)."""

PRICE_MISSES = frozenset({"no_price", "cap", "budget"})
"""Kinds of limit misses that make price an option's ``limit`` (the others, the latency target
and the deadline, make it ``deadline``)."""


class Recommendation(BaseModel):
    """Ranked options for one workload.

    Attributes:
        options: every evaluated option in rank order (``rank`` 1 = best).
        goal: the ranking goal used.
        advice: changes that would make the job fit the user's preferred GPU
            (filled by the CLI/GUI with :func:`gpupicker.core.advisor.advise`).
        notes: sentences about the whole result (currency conversion, seed-table
            comparison, quantization assumptions).
    """

    model_config = ConfigDict(frozen=True)

    options: tuple[Option, ...]
    goal: str = "cheapest"
    advice: tuple[Advice, ...] = ()
    notes: tuple[Text, ...] = ()

    def fitting(self) -> tuple[Option, ...]:
        """Options that fit in memory and respect budget, cap and deadline."""
        return tuple(o for o in self.options if o.fits and o.within_budget)

    def best(self) -> Option | None:
        """The top-ranked option (``None`` when there is none)."""
        return self.options[0] if self.options else None


# --------------------------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------------------------
@dataclass(slots=True)
class _Evaluation:
    """One GPU type × count, evaluated once and shared by all its price offers.

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


@dataclass(slots=True)
class _Candidate:
    """One GPU type × count × price offer before ranking (``speed``: the goal's speed figure;
    ``money``: the cost figure ranked on, see :func:`_candidate_money`)."""

    ev: _Evaluation
    offer: PriceOffer | None
    cost: CostEstimate | None
    within: bool
    limit: str
    reason: Message
    speed: float
    money: float


def _instance_fits(offer: PriceOffer | None, total_gpus: int) -> bool:
    """False when ``offer`` rents whole multi-GPU instances that ``total_gpus`` does not fill
    (owned hardware: more GPUs than the user owns)."""
    if offer is not None and offer.pricing == "owned":
        return total_gpus <= (offer.gpus_per_instance or 1)
    return offer is None or not offer.gpus_per_instance or offer.gpus_per_instance <= 1 \
        or not total_gpus % offer.gpus_per_instance


def _gpu_dependent(w: Workload) -> bool:
    from .dtypes import GGUF_TYPES
    # diffusers memory options (offload, slicing) are chosen per card (diffusion.diffusion_plan),
    # so the peak of an image job depends on the GPU like a vLLM pool does (QA F21)
    return (w.framework.lower() in GPU_DEPENDENT_FRAMEWORKS or w.weights_dtype in GGUF_TYPES
            or w.task in ("image_gen", "diffusion_lora"))


def _speed(w: Workload, t: Throughput) -> float:
    """One 'bigger is faster' number: train tokens/s, aggregate decode tokens/s, images/s."""
    if t.train_tokens_per_s:
        return t.train_tokens_per_s
    if t.seconds_per_image:
        return 1.0 / t.seconds_per_image
    return t.aggregate_decode_tokens_per_s or t.decode_tokens_per_s or 0.0


def _offers_for(prices: Iterable[PriceOffer], pricing: str, all_offers: bool,
                fx_rates: dict[str, float] | None) -> tuple[dict[str, list[tuple[PriceOffer, float]]],
                                                             list[Message]]:
    """gpu_id → [(offer, usd per GPU-hour)], best per (provider, pricing) or per pricing type.

    A pricing choice means exactly that pricing: "on_demand" excludes marketplace listings
    (host-set prices, ``price_kind`` ``marketplace``) even where a row calls them on-demand.
    """
    wanted = None if pricing in ("any", "all") else {pricing}
    notes: list[Message] = []
    converted: set[Message] = set()
    best: _Best = {}
    # usd_per_unit once per currency, not per row (issue 17): same rates, same messages
    per_currency: dict[str, tuple[float, bool, Message | None] | Message] = {}
    for p in prices:
        if wanted is not None and p.pricing not in wanted:
            continue
        if pricing != "marketplace" and wanted is not None and price_kind(p) == "marketplace":
            continue
        conv = per_currency.get(p.currency)
        if conv is None:  # one conversion per currency, not per row (issue 17)
            try:
                rate, user = usd_per_unit(p.currency, fx_rates)
                text = None if p.currency == "USD" else msg(
                    "recommend.fx_rate" if user else "recommend.fx_rate.default",
                    rate=f"{1 / rate:.4g}", currency=p.currency)
                conv = per_currency[p.currency] = (rate, user, text)
            except ValueError as exc:
                conv = per_currency[p.currency] = _error_message(exc)
        if isinstance(conv, Message):
            notes.append(conv)
            continue
        rate, user, text = conv
        usd = p.price_per_gpu_hour * rate
        if text is not None:
            converted.add(text)
        key = (p.gpu_id, p.pricing, p.provider, p.gpus_per_instance) if all_offers \
            else (p.gpu_id, p.pricing)
        if key not in best or usd < best[key][1]:
            best[key] = (p, usd)
    dropped = 0
    if all_offers and len(best) > ALL_OFFERS_MAX:
        best, dropped = _cap_offers(best, ALL_OFFERS_MAX)
    out: dict[str, list[tuple[PriceOffer, float]]] = {}
    for (gid, *_), val in best.items():
        out.setdefault(gid, []).append(val)
    if dropped:
        notes.append(_sentence(join([msg("recommend.offers_capped", k=_cap_k(best)),
                                     msg("recommend.offers_dropped", dropped=dropped)],
                                    "clauses")))
    if converted:
        notes.append(_sentence(msg("recommend.prices_converted",
                                   conversions=join(sorted(converted), "list"))))
    return out, notes


def _sentence(m: Message) -> Message:
    """``m`` as a sentence of its own (English: with its full stop)."""
    return join([m], "sentences")


_msg = lru_cache(maxsize=2048)(msg)
"""``msg`` memoized, for the clauses built once per option (thousands per recommendation, again
on every input change): equal ids and parameters give the same Message. Only for parameters
that are formatted text or ints — a nested Message is cached by its English text alone."""


def _as_message(text: str) -> Message:
    """``text`` itself when it is a Message, else kept verbatim: a text another core module
    still writes as a plain string (issue 11), shown as it is."""
    return text if isinstance(text, Message) else verbatim(text)


def _error_message(exc: Exception) -> Message:
    """The Message a ValueError of core carries (``args[0]``), else its text verbatim."""
    first = exc.args[0] if len(exc.args) == 1 else None
    return first if isinstance(first, Message) else verbatim(str(exc))


ALL_OFFERS_MAX = 600
"""Most provider offers "every price offer" ranks (× 1, 2, 4, 8 GPUs ≈ 2,400 options): the
bundled catalog has ~150, a year of imported history 17,500 (56,000 options, 1.3 s to rank and
a table nobody scrolls). Above it, each GPU × pricing × instance size keeps its k cheapest
providers, k as large as the limit allows (issue 17)."""


_AllOffersKey = tuple[str, str, str, int | None]
"""(gpu id, pricing, provider, GPUs per instance): one provider offer of "every price offer"."""
_OfferKey = tuple[str, str] | _AllOffersKey
"""(gpu id, pricing) for the best offer per pricing, or an :data:`_AllOffersKey`."""
_Best = dict[_OfferKey, tuple[PriceOffer, float]]


def _cap_k(best: _Best) -> int:
    """The providers kept per GPU × pricing × instance size after :func:`_cap_offers`."""
    sizes: dict[tuple[str, str, int | None], int] = {}
    for key in best:
        gid, pricing, _provider, gpi = cast(_AllOffersKey, key)
        sizes[(gid, pricing, gpi)] = sizes.get((gid, pricing, gpi), 0) + 1
    return max(sizes.values(), default=0)


def _cap_offers(best: _Best, limit: int) -> tuple[_Best, int]:
    """Keep, per (gpu, pricing, instance size), the k cheapest providers' offers, with the
    largest k whose total stays within ``limit`` (at least 1). Cheaper offers of one group
    always rank above dearer ones for every goal (same GPU, count and speed, lower cost), so
    the top rows of the ranking are unchanged. Returns (kept, number left out)."""
    groups: dict[tuple[str, str, int | None], list[tuple[_OfferKey, tuple[PriceOffer, float]]]] = {}
    for key, val in best.items():
        gid, pricing, _provider, gpi = cast(_AllOffersKey, key)
        groups.setdefault((gid, pricing, gpi), []).append((key, val))
    sizes = sorted(len(g) for g in groups.values())
    k = 1
    while k < sizes[-1] and sum(min(k + 1, n) for n in sizes) <= limit:
        k += 1
    kept: _Best = {}
    for members in groups.values():
        members.sort(key=lambda kv: kv[1][1])  # stable: equal prices keep catalog order
        kept.update(members[:k])
    # catalog order, as without the cap
    kept = {key: val for key, val in best.items() if key in kept}
    return kept, len(best) - len(kept)


_NO_OFFER: tuple[tuple[None, None]] = ((None, None),)
"""The one "offer" of a GPU with no price: the option is still evaluated, unpriced."""

_LIMITS = {"memory-bandwidth": "bandwidth", "compute": "compute", "interconnect": "interconnect",
           "engine-overhead": "engine", "cpu-offload": "offload"}
"""Throughput ``bound`` → the option's ``limit``."""


def _limit_why(limit: str, w: Workload, gpu: GpuSpec, n: int = 1) -> Message | None:
    """Why ``limit`` limits speed, in words (None for an unknown limit)."""
    if limit == "bandwidth":
        return _msg("recommend.limit.bandwidth", bandwidth=f"{gpu.memory_bandwidth_gbps:,.0f}")
    if limit == "compute":
        return _msg("recommend.limit.compute", tflops=f"{gpu.dense_16bit_tflops:,.0f}")
    if limit == "interconnect":
        link = link_name(gpu, n)
        return msg("recommend.limit.interconnect",  # not memoized: ``link`` may be a Message
                   link=link_label(gpu) if link in ("NVLink", "PCIe") else link)
    if limit == "engine":
        return _msg("recommend.limit.engine", framework=w.framework)
    if limit == "offload":
        return _msg("recommend.limit.offload")
    return None


def _fit_and_speed(w: Workload, gpu: GpuSpec, n: int, used: int, cap: int, t: Throughput,
                   fits: bool, replicas: int) -> tuple[str, tuple[Message, ...]]:
    """The limit and the sentences of an option's reason that every price offer of one GPU ×
    count shares (fit verdict, speed and what limits it). A non-fitting option's reason is
    complete here: its single sentence ends with a full stop."""
    used_gib, cap_gib = f"{used / GiB:.1f}", f"{cap / GiB:.0f}"
    if not fits:
        if n == 1:
            reason = join([_msg("recommend.does_not_fit", used=used_gib, gpu=gpu.name,
                               cap=cap_gib), _msg("recommend.use_more_gpus")], "clauses")
        elif w.task in ("image_gen", "diffusion_lora"):
            # diffusers runs the whole pipeline on every GPU (one image / step per GPU)
            reason = _msg("recommend.does_not_fit.pipeline", used=used_gib, gpu=gpu.name,
                         cap=cap_gib, n=n)
        else:
            reason = _msg("recommend.does_not_fit.split", used=used_gib, gpu=gpu.name,
                         cap=cap_gib, n=n)
        return "vram", (_sentence(reason),)
    head = (cap - used) / cap
    parts = [_msg("recommend.fits.tight" if head < 0.05 else "recommend.fits", used=used_gib,
                 cap=cap_gib, headroom=f"{head:.0%}")]
    bound = t.bound
    if w.is_training:
        speed = _msg("recommend.speed.training", rate=f"{t.train_tokens_per_s:,.0f}")
    elif t.seconds_per_image and w.task == "diffusion_lora":
        speed = _msg("recommend.speed.training_image", s=f"{t.seconds_per_image:.2f}")
    elif t.seconds_per_image:
        speed = _msg("recommend.speed.image", seconds=f"{t.seconds_per_image:.1f}")
    elif w.batch > 1 or replicas > 1:
        speed = _msg("recommend.speed.sequence_aggregate_replica" if replicas > 1
                    else "recommend.speed.sequence_aggregate",
                    rate=f"{t.decode_tokens_per_s:,.1f}",
                    aggregate=f"{t.aggregate_decode_tokens_per_s:,.0f}")
    else:
        speed = _msg("recommend.speed.sequence", rate=f"{t.decode_tokens_per_s:,.1f}")
    per_replica = max(1, n // max(1, replicas))
    limit = _LIMITS.get(bound, bound or "compute")
    why = _limit_why(limit, w, gpu, per_replica)
    parts.append(join([speed, why], "clauses") if why else speed)
    stack = stack_clause(gpu)
    if stack:
        parts.append(_as_message(stack))
    if n > 1 and w.is_training and (w.parallelism.fsdp or w.parallelism.zero_stage == 3):
        parts.append(_msg("recommend.fsdp_shards", n=n))
    if n > 1 and t.seconds_per_image and w.task == "diffusion_lora":
        parts.append(_msg("recommend.diffusion_lora_data_parallel", n=n))
    elif n > 1 and t.seconds_per_image:
        parts.append(_msg("recommend.images_per_gpu", n=n))
    elif per_replica > 1 and fabric_without_bandwidth(gpu):
        parts.append(_msg("recommend.fabric_without_bandwidth", n=per_replica,
                         link=link_label(gpu)))
    elif per_replica > 1 and not gpu.has_nvlink:
        parts.append(_msg("recommend.pcie_all_reduce", n=per_replica))
    if t.offload_alternative:  # only sequential CPU offload fits: the quantized alternative
        parts.append(_as_message(t.offload_alternative))
    if replicas > 1:
        parts.append(_msg("recommend.replicas", replicas=replicas,
                         rpm=f"{w.requests_per_minute:g}"))
    return limit, tuple(parts)


def _limit_and_reason(fit_and_speed: tuple[str, tuple[Message, ...]], fits: bool,
                      cost: CostEstimate | None, misses: Sequence[tuple[str, Message]],
                      money: Money = USD) -> tuple[str, Message]:
    """An option's limit and plain-language reason: :func:`_fit_and_speed` plus its price
    in the display currency (``money``) and what breaks the budget, cap or deadline.

    ``misses``: (kind, clause) per limit the option breaks, kind ``no_price``, ``cap``,
    ``budget`` (the limit becomes ``price``), ``latency`` or ``deadline`` (``deadline``).
    """
    limit, shared = fit_and_speed
    if not fits:
        return limit, shared[0]
    parts = list(shared)
    if cost is not None:
        per_hour = money.fmt(cost.usd_per_hour)
        if cost.usd_total is not None and cost.hours is not None:
            price = _msg("recommend.price.total", per_hour=per_hour,
                        hours=_hours_number(cost.hours), total=money.fmt(cost.usd_total))
        elif cost.usd_per_month is not None:
            price = _msg("recommend.price.per_month", per_hour=per_hour,
                        per_month=money.fmt(cost.usd_per_month, 0))
        else:
            price = _msg("recommend.price.per_hour", per_hour=per_hour)
    else:
        price = _msg("recommend.no_price")
    if misses:  # clauses of the price sentence: "= $47.14; over the $5 budget."
        price = join([price, *(clause for _, clause in misses)], "clauses")
        limit = "price" if any(kind in PRICE_MISSES for kind, _ in misses) else "deadline"
    parts.append(price)
    return limit, join(parts, "sentences")


def _hours_number(h: float) -> str:
    """Hours for prose: two significant digits below 1 h (0.021, never "0.0"), one decimal
    below 100, whole hours with separators above."""
    if h < 1:
        return f"{h:.2g}"
    return f"{h:,.1f}" if h < 100 else f"{h:,.0f}"


def _seed_row(w: Workload) -> int | None:
    """Index of the seed decision-table row this workload falls under (None: no row)."""
    if w.model is None:
        return None
    p = w.model.param_count()
    if w.task in ("full_ft", "pretrain"):
        if p >= 65e9:
            return 0
        if p >= 6e9:
            return 1
        return 4
    if w.task in ("lora", "qlora"):
        return 2
    if w.task == "inference":
        return 3
    return None


# --------------------------------------------------------------------------------------------
# main entry point
# --------------------------------------------------------------------------------------------
def recommend(w: Workload, gpus: Sequence[GpuSpec], prices: Sequence[PriceOffer] = (), *,
              goal: str = "cheapest", max_gpus: int = 8, fx_rates: dict[str, float] | None = None,
              hours_per_month: float = HOURS_PER_MONTH_DEFAULT, all_offers: bool = False,
              counts: Sequence[int] = GPU_COUNTS, owned: Sequence[OwnedGpu] = (),
              calibration: Calibration | None = None, today: date | None = None,
              stale_months: int = DEFAULT_STALE_MONTHS,
              money: Money | None = None) -> Recommendation:
    """Evaluate every GPU × count × offer for ``w`` and rank them by ``goal``.

    Args:
        w: the workload, with its ``model`` resolved.
        gpus: catalog GPUs.
        prices: catalog price offers (any currency; converted with ``fx_rates``).
        goal: ``cheapest``, ``fastest``, ``value`` or ``headroom``.
        max_gpus: largest GPU count tried (1, 2, 4, 8 up to this).
        fx_rates: currency → USD per unit (e.g. ``{"CNY": 0.14}``, the catalog's
            ``get_fx_rates()``); defaults are used
            and flagged in ``notes`` for currencies missing here.
        hours_per_month: serving month length (730 default; the seed guide uses 720).
        all_offers: keep the best offer of every provider (default: the best per pricing type).
        counts: GPU counts to try.
        owned: the user's own GPUs (:mod:`gpupicker.core.owned`): ranked at their hourly
            cost of ownership whatever ``w.pricing`` is, with a break-even vs the best rental.
        calibration: the user's recorded runs (:mod:`gpupicker.core.calibration`) that
            correct memory and speed for their engine, task and GPU.
        today, stale_months: for the stale-price mark (default: the system date, 6 months).
        money: the display currency (:class:`~gpupicker.core.money.Money`) every amount in
            reasons and notes is written in (default USD); ranking is in USD either way.

    Returns:
        A :class:`Recommendation`; options without a price appear with no cost.

    Raises:
        ValueError: for an unknown goal or an unresolved model.
    """
    if goal not in GOALS:
        raise ValueError(msg("recommend.unknown_goal", goal=repr(goal), goals=", ".join(GOALS)))
    if w.model is None:
        raise ValueError(w.unresolved_model_error())
    offers, cached_notes = offers_for_snapshot(prices, w.pricing, all_offers, fx_rates,
                                               _offers_for)
    notes: list[str] = list(cached_notes)  # the cache's list stays as it is
    from .checks import engine_hardware_refusal, require_inference_framework, workload_warnings
    require_inference_framework(w)
    notes.extend(workload_warnings(w))  # context window, engine × dtype (QA F3/F4)
    refusals = {g.id: why for g in gpus if (why := engine_hardware_refusal(w, g))}
    if refusals:  # engines on hardware they have no backend for are not options (QA F26)
        gpus = [g for g in gpus if g.id not in refusals]
        first = next(iter(refusals.values()))
        notes.append(_sentence(msg("recommend.gpu_types_left_out", n=len(refusals), why=first)))
    gpu_by_id = {g.id: g for g in gpus}
    serving = w.task == "inference" and bool(w.requests_per_minute)
    for o in owned:
        if o.gpu_id not in gpu_by_id:
            notes.append(_sentence(msg("recommend.owned_not_in_catalog", gpu_id=o.gpu_id)))
            continue
        try:
            offers.setdefault(o.gpu_id, []).append(
                (off := owned_offer(for_serving(o, hours_per_month) if serving else o,
                                    gpu_by_id.get(o.gpu_id), fx_rates), off.price_per_gpu_hour))
        except ValueError as exc:
            notes.append(_error_message(exc))
    serving = w.task == "inference" and bool(w.requests_per_minute)
    gpu_dep = _gpu_dependent(w)
    # memory per (card capacity, count, batch): serving engines size their pools from the
    # card's usable capacity (GpuSpec.usable_memory_bytes) only, so equal cards share an estimate
    mem_cache: dict[tuple[int | None, int, int], tuple[MemoryEstimate, int]] = {}
    tried = [c for c in counts if c <= max_gpus]
    if w.num_gpus > 1 and w.num_gpus <= max_gpus and w.num_gpus not in tried:
        tried.append(w.num_gpus)
    multi_node = _needs_multi_node(w, max_gpus)
    tried += [c for c in MULTI_NODE_COUNTS if c not in tried and c <= max(max_gpus, 64)
              and multi_node]
    evaluations: list[tuple[_Evaluation, list[tuple[PriceOffer | None, float | None]]]] = []
    w, ref_note = _reference_tokens(w, gpus)
    if ref_note is not None:
        notes.append(ref_note)

    sharded = {n: _auto_shard(w, n) for n in tried}
    refused: set[str] = set()
    for gpu in gpus:
        node_fits, node_speed = False, 0.0
        for n in tried:
            st = stack_of(gpu)
            if n > GPUS_PER_NODE and (node_fits or gpu.segment != "datacenter"):
                continue  # multi-node only for datacenter parts the job does not fit in a node
            if n > 1 and w.is_training and st is not None and not st.multi_gpu_training:
                if w.gpu == gpu.id:  # say so when this part was asked for
                    refused.add(gpu.name)
                continue
            wb = sharded[n]
            replicas = 1
            plan = None
            cap = gpu.usable_memory_bytes
            try:
                if serving:
                    wb, t, plan, pool_mem = plan_serving(wb, gpu, n)
                    replicas = max(1, plan.replicas)
                else:
                    t = estimate_throughput(wb, gpu, n)
                    pool_mem = None
                key = (cap if gpu_dep else None, n, wb.batch)
                if pool_mem is not None and pool_mem.max_concurrent_seqs is not None:
                    # a KV pool takes what the card leaves, whatever the batch
                    mem_cache.setdefault(key, (pool_mem, pool_mem.total_bytes))
                if key not in mem_cache:
                    m_est = estimate_memory(wb, gpu, n)
                    mem_cache[key] = (m_est, m_est.total_bytes)
                mem, used = mem_cache[key]
                if mem.gpu_layers is not None:
                    t = estimate_throughput(wb, gpu, n, mem)
                cal_text = ""
                if calibration is not None:
                    t0 = t
                    mem, t, cal_text = calibration.apply(wb, gpu.id, mem, t)
                    used = mem.total_bytes
                    if plan is not None and cal_text and t.decode_tokens_per_s and \
                            t0.decode_tokens_per_s:
                        # replicas from the calibrated speed: the same concurrency per replica
                        # (the pool holds it), each replica faster or slower by the factor
                        f = t.decode_tokens_per_s / t0.decode_tokens_per_s
                        replicas = max(1, math.ceil(plan.replicas / f - 1e-9))
                        per = plan.replica_decode_tokens_per_s * f
                        plan = plan.model_copy(update={
                            "replicas": replicas, "replica_decode_tokens_per_s": per,
                            "aggregate_decode_tokens_per_s": per * replicas,
                            "requests_per_s_capacity": plan.requests_per_s_capacity * f})
            except (ValueError, ZeroDivisionError) as exc:
                notes.append(_sentence(msg("recommend.not_estimated", gpu=gpu.name, n=n,
                                           error=_error_message(exc))))
                continue
            fits = fits_on(mem, gpu) and (plan is None or plan.max_concurrent_seqs > 0)
            if n <= GPUS_PER_NODE:
                node_fits = node_fits or fits
                if n == GPUS_PER_NODE or not node_speed:
                    node_speed = (_speed(w, t) / n) if _speed(w, t) else node_speed
            ev = _Evaluation(gpu=gpu, n=n, replicas=replicas, total_gpus=n * replicas, wb=wb,
                             mem=mem, t=t, used=used, cap=cap, fits=fits,
                             hours=_hours(w, t), calibration=cal_text, plan=plan,
                             scaling=_scaling_text(gpu, n, _speed(w, t), node_speed))
            offer_list = [(offer, usd) for offer, usd in offers.get(gpu.id) or _NO_OFFER
                          if _instance_fits(offer, ev.total_gpus)]
            if offer_list:
                evaluations.append((ev, offer_list))
    asked = w.num_gpus > GPUS_PER_NODE or max_gpus > GPUS_PER_NODE
    if multi_node and not asked and any(ev.fits for ev, _ in evaluations
                                        if ev.total_gpus <= GPUS_PER_NODE):
        # a single node of some part holds the job: clusters are not what it needs
        evaluations = [(ev, o) for ev, o in evaluations if ev.n <= GPUS_PER_NODE]
    elif multi_node and any(ev.n > GPUS_PER_NODE for ev, _ in evaluations):
        notes.append(_sentence(msg("recommend.multi_node_added")))
    if refused:
        notes.append(_sentence(msg("recommend.no_multi_gpu_training",
                                   gpus=", ".join(sorted(refused)))))
    money = money or USD
    region_evals = region_filter(evaluations, w.region)
    options = _build_options(w, region_evals, goal, serving, hours_per_month,
                             today=today, stale_months=stale_months, money=money)
    if w.region:
        notes.extend(region_notes(w, options, _build_options(
            w, evaluations, goal, serving, hours_per_month, today=today,
            stale_months=stale_months, money=money), money))
    if owned:
        options = annotate_owned(options, owned, gpus, fx_rates, hours_per_month, money=money,
                                 serving=serving)
    notes.extend(trust_notes(options, money))
    notes.extend(_summary_notes(w, options))
    return Recommendation(options=tuple(options), goal=goal, notes=tuple(notes))


MULTI_NODE_COUNTS = (16, 32, 64)
"""Multi-node GPU counts (2, 4 and 8 nodes of 8) offered to jobs that need them."""


def _needs_multi_node(w: Workload, max_gpus: int) -> bool:
    """Full fine-tuning / pre-training of a ≥ 30 B-parameter model, or a job asking for more
    than one node: such jobs get 16–64 GPU options (datacenter parts that do not hold the job
    in one node of 8)."""
    if w.num_gpus > GPUS_PER_NODE or max_gpus > GPUS_PER_NODE:
        return w.is_training
    return (w.task in ("full_ft", "pretrain") and w.model is not None
            and w.model.param_count() >= 30e9)


def _scaling_text(gpu: GpuSpec, n: int, speed: float,
                  node_speed_per_gpu: float) -> Message | None:
    """The scaling cost of an ``n``-GPU option beyond one node: per-GPU speed against the
    best single-node estimate (the gradient all-reduce crosses the node network:
    speed.interconnect.link_bandwidth_gbps, ~50 GB/s InfiniBand/RoCE per GPU)."""
    if n <= GPUS_PER_NODE:
        return None
    nodes = math.ceil(n / GPUS_PER_NODE)
    st = stack_of(gpu)
    net = "RoCE" if st is not None and st.stack in ("CANN", "SynapseAI") else "InfiniBand"
    if speed > 0 and node_speed_per_gpu > 0:
        eff = speed / n / node_speed_per_gpu
        text = msg("recommend.scaling.cost", n=n, nodes=nodes, per=GPUS_PER_NODE, net=net,
                   share=f"{eff:.0%}")
    else:
        text = msg("recommend.scaling", n=n, nodes=nodes, per=GPUS_PER_NODE, net=net)
    return _sentence(text)


def _auto_shard(w: Workload, n: int) -> Workload:
    """Full fine-tuning / pre-training on several GPUs uses FSDP (ZeRO-3) unless the user chose a
    parallelism: plain data parallelism would keep a full copy of the states on every GPU."""
    if n > 1 and w.task in ("full_ft", "pretrain") and w.parallelism == Parallelism():
        return w.model_copy(update={"parallelism": Parallelism(fsdp=True, zero_stage=3)})
    return w


def _reference_tokens(w: Workload, gpus: Sequence[GpuSpec]) -> tuple[Workload, Message | None]:
    """A planned run length on a named GPU becomes a dataset size, so that every other option's
    duration follows from its own speed (``train_hours`` on ``gpu`` × ``num_gpus``)."""
    if not (w.is_training and w.train_hours and w.gpu and not w.dataset_tokens):
        return w, None
    ref = next((g for g in gpus if g.id == w.gpu), None)
    if ref is None:
        return w, None
    t = estimate_throughput(w, ref, w.num_gpus)
    tokens = w.train_hours * 3600.0 * (t.train_tokens_per_s or 0.0)
    if tokens <= 0:
        return w, None
    w2 = w.model_copy(update={"dataset_tokens": tokens, "epochs": 1.0, "train_hours": None})
    note = _sentence(join([
        msg("recommend.reference_tokens", hours=f"{w.train_hours:g}", n=w.num_gpus, gpu=ref.name,
            mtokens=f"{tokens / 1e6:,.1f}"),
        msg("recommend.other_hours_follow")], "clauses"))
    if w.task == "pretrain" and w.model is not None:
        optimal = 20.0 * w.model.param_count()
        if tokens < 0.5 * optimal:
            note = join([note, _sentence(msg(
                "recommend.pretrain_share", share=f"{tokens / optimal:.1%}",
                btokens=f"{optimal / 1e9:,.0f}"))], "space")
    return w2, note


def _hours(w: Workload, t: Throughput) -> float | None:
    if w.is_training:
        if w.train_hours:
            return w.train_hours
        return train_hours(w, t.train_tokens_per_s or 0.0)
    if t.seconds_per_image:
        from .diffusion import image_job_hours
        return image_job_hours(w, t.seconds_per_image)
    if w.train_hours:  # a planned rental length for any task
        return w.train_hours
    return None


def _build_options(w: Workload,
                   evaluations: list[tuple[_Evaluation, list[tuple[PriceOffer | None, float | None]]]],
                   goal: str, serving: bool, hours_per_month: float, *,
                   today: date | None = None,
                   stale_months: int = DEFAULT_STALE_MONTHS,
                   money: Money = USD) -> list[Option]:
    prelim: list[_Candidate] = []
    for ev, offer_list in evaluations:
        gpu, t, replicas, total_gpus = ev.gpu, ev.t, ev.replicas, ev.total_gpus
        # what every offer of this GPU × count shares
        shared = _fit_and_speed(ev.wb, gpu, total_gpus, ev.used, ev.cap, t, ev.fits, replicas)
        tokens_out = (_speed(w, t) * replicas) if not t.seconds_per_image else None
        speed = (t.decode_tokens_per_s or 0.0) if serving else _speed(w, t) * replicas
        pcie_note = (ev.n > 1 and not gpu.has_nvlink and gpu.segment == "consumer"
                     and w.is_training and ev.fits and w.task in ("full_ft", "pretrain"))
        for offer, usd in offer_list:
            cost = None
            if offer is not None and usd is not None:
                cost = estimate_cost(
                    usd_per_gpu_hour=usd, num_gpus=total_gpus, throughput=t, hours=ev.hours,
                    serving=serving, hours_per_month=hours_per_month, pricing=offer.pricing,
                    tdp_w=gpu.tdp_w, utilization=DEFAULT_UTILIZATION, tokens_out_per_s=tokens_out,
                    money=money)
            misses: list[tuple[str, Message]] = []  # (kind, clause): see _limit_and_reason
            if cost is None and (w.budget_usd is not None or w.max_usd_per_hour is not None):
                misses.append(("no_price", _msg("recommend.miss.no_price")))
            if cost is not None:
                # limits compare with a relative tolerance: a ¥20 budget converted to USD
                # and back must keep an option costing exactly ¥20
                if w.max_usd_per_hour is not None and \
                        cost.usd_per_hour > w.max_usd_per_hour * (1 + 1e-9) + 1e-12:
                    misses.append(("cap", _msg("recommend.miss.cap",
                                              cap=money.fmt(w.max_usd_per_hour))))
                if w.budget_usd is not None:
                    spend = cost.usd_total if cost.usd_total is not None else cost.usd_per_month
                    if spend is not None and spend > w.budget_usd * (1 + 1e-9) + 1e-12:
                        misses.append(("budget", _msg("recommend.miss.budget",
                                                     budget=money.fmt(w.budget_usd))))
            if ev.plan is not None and not ev.plan.meets_targets:
                misses.append(("latency", _msg("recommend.miss.latency")))
            run_h = cost.hours if cost is not None and cost.hours is not None else ev.hours
            if w.deadline_hours is not None and run_h is not None and run_h > w.deadline_hours:
                misses.append(("deadline", _msg("recommend.miss.deadline",
                                               deadline=f"{w.deadline_hours:g}")))
            limit, reason = _limit_and_reason(shared, ev.fits, cost, misses, money)
            more: list[Message] = []  # sentences after the reason, each with its full stop
            if ev.calibration:
                more.append(_as_message(ev.calibration))
            if ev.scaling is not None and ev.fits:
                more.append(ev.scaling)
            if pcie_note:
                more.append(_sentence(msg("recommend.consumer_no_nvlink")))
            if more:
                reason = join([reason, *more], "space")
            prelim.append(_Candidate(ev=ev, offer=offer, cost=cost, within=not misses,
                                     limit=limit, reason=reason, speed=speed,
                                     money=_candidate_money(cost)))

    from .price_kind import source_doubts
    doubt = {id(p): source_doubts(p.offer) for p in prelim}
    ok = [p for p in prelim if p.ev.fits and p.within and p.cost is not None]
    # labels go to trusted prices when there are any (a "scraper artefact" is never 'cheapest')
    ok_labels = [p for p in ok if not doubt[id(p)]] or ok
    min_money = min((p.money for p in ok), default=1.0) or 1.0
    max_speed = max((p.speed for p in ok), default=1.0) or 1.0

    def value(p: _Candidate) -> float:
        m = p.money
        if not math.isfinite(m):
            return math.inf
        return m / min_money + max_speed / max(p.speed, 1e-12)

    def headroom(p: _Candidate) -> float:
        return (p.ev.cap - p.ev.used) / p.ev.cap

    def key(p: _Candidate) -> tuple[float | str, ...]:
        tier = (0 if p.ev.fits else 2) + (0 if p.within else 1)
        priced = 0 if p.cost is not None else 1
        if goal == "cheapest":
            k: tuple[float, ...] = (p.money, -p.speed)
        elif goal == "fastest":
            k = (-p.speed, p.money)
        elif goal == "value":
            k = (value(p), p.money)
        else:
            k = (-headroom(p), p.money)
        if not p.ev.fits:
            k = (p.ev.used / p.ev.cap, *k)
        # within a tier, offers whose own source doubts the figure rank last (QA F1)
        return (tier, priced, doubt[id(p)], *k, p.ev.total_gpus, p.ev.gpu.id)

    prelim.sort(key=key)
    labels: dict[int, list[str]] = {}
    if ok_labels:
        for name, fn in (("cheapest", lambda p: (p.money, -p.speed)),
                         ("fastest", lambda p: (-p.speed, p.money)),
                         ("best value", lambda p: (value(p), p.money)),
                         ("most headroom", lambda p: (-headroom(p), p.money))):
            labels.setdefault(id(min(ok_labels, key=fn)), []).append(name)
    out = []
    # id(offer) → (kind, flag, why, the "Price marked …" sentence), once per offer
    marks: dict[int, tuple[str, str, Message | str, Message | None]] = {}
    for i, p in enumerate(prelim, start=1):
        ev, offer = p.ev, p.offer
        if offer is not None and id(offer) not in marks:
            flag, why = price_flag(offer, today=today, stale_months=stale_months)
            marks[id(offer)] = (price_kind(offer), flag, why, _sentence(msg(
                "recommend.price_marked", flag=FLAG_NAMES.get(flag, flag), why=why))
                if flag else None)
        kind, flag, why, marked = marks[id(offer)] if offer is not None else ("", "", "", None)
        reason = p.reason
        if marked is not None and ev.fits:
            reason = join([reason, marked], "space")
        # validating nested models that are already instances only checks their type: with
        # pydantic 2 this is faster than model_construct
        out.append(Option(
            gpu_id=ev.gpu.id, gpu_name=ev.gpu.name, num_gpus=ev.total_gpus, fits=ev.fits,
            memory=ev.mem, capacity_bytes_per_gpu=ev.cap, headroom_bytes=ev.cap - ev.used,
            throughput=ev.t,
            cost=p.cost if p.cost is not None else CostEstimate(hours=ev.hours),
            provider=offer.provider if offer else "", pricing=offer.pricing if offer else "",
            price_observed=offer.observed if offer else "", within_budget=p.within,
            price_kind=kind, price_flag=flag,
            price_flag_reason=why, calibration=ev.calibration,
            labels=tuple(labels.get(id(p), ())), reason=reason, limit=p.limit, rank=i,
            serving=ev.plan))
    return out


def _candidate_money(c: CostEstimate | None) -> float:
    """The cost figure options are ranked on: total, else per month, else per 1M tokens, else
    per hour (infinite without a price)."""
    if c is None:
        return math.inf
    if c.usd_total is not None:
        return c.usd_total
    if c.usd_per_month is not None:
        return c.usd_per_month
    if c.usd_per_million_tokens is not None:
        return c.usd_per_million_tokens
    return c.usd_per_hour


def _money(c: CostEstimate) -> float:
    """The cost figure options are compared on: total, else per month, else per 1M tokens, else
    per hour (infinite without a price)."""
    if c.usd_per_hour <= 0:
        return math.inf
    for v in (c.usd_total, c.usd_per_month, c.usd_per_million_tokens):
        if v is not None:
            return v
    return c.usd_per_hour


def _summary_notes(w: Workload, options: list[Option]) -> list[Message]:
    notes: list[Message] = []
    fitting = [o for o in options if o.fits]
    singles = [o for o in options if o.num_gpus == 1]
    if singles and not any(o.fits for o in singles):
        biggest = max(singles, key=lambda o: o.capacity_bytes_per_gpu)
        need = min(o.memory.total_bytes for o in singles)
        notes.append(join([
            msg("recommend.no_single_gpu_fits", need=f"{need / GiB:.0f}", gpu=biggest.gpu_name,
                cap=f"{biggest.capacity_bytes_per_gpu / GiB:.0f}"),
            msg("recommend.needs_several_gpus")], "sentences"))
    if not fitting:
        notes.append(_sentence(join([msg("recommend.nothing_fits"), msg("recommend.see_advice")],
                                    "clauses")))
    if w.model is not None and bytes_per_weight(w.weights_dtype) >= 2.0 and w.task == "inference":
        small = [o for o in options if o.num_gpus == 1 and o.capacity_bytes_per_gpu <= 24 * GiB]
        if small and not any(o.fits for o in small):
            notes.append(_sentence(join([msg("recommend.not_24gb", dtype=w.weights_dtype),
                                         msg("recommend.guides_assume_quantized")], "clauses")))
    row = _seed_row(w)
    if row is not None:
        scen, ids, why = SEED_TABLE[row]
        seed_opts = [o for o in options if o.gpu_id in ids]
        top = options[0] if options else None
        if top is not None and top.gpu_id in ids:
            notes.append(_sentence(msg("recommend.seed_agrees", scenario=scen, gpu=top.gpu_name,
                                       why=why)))
        elif seed_opts and top is not None:
            b = seed_opts[0]
            verdict = msg("recommend.verdict.fits" if b.fits else "recommend.verdict.does_not_fit")
            diff: list[Message] = []
            if b.fits and top.fits:
                tm, bm = _money(top.cost), _money(b.cost)
                if math.isfinite(tm) and math.isfinite(bm) and tm > 0:
                    ts, bs = _speed(w, top.throughput), _speed(w, b.throughput)
                    who: dict[str, str | int | Message] = {
                        "n": top.num_gpus, "gpu": top.gpu_name,
                        "provider": top.provider or msg("recommend.no_price_short")}
                    diff.append(_sentence(
                        msg("recommend.seed_cost_speed", cost=f"{bm / tm:.2f}",
                            speed=f"{bs / ts:.2f}", **who) if ts > 0 and bs > 0
                        else msg("recommend.seed_cost", cost=f"{bm / tm:.2f}", **who)))
            names = {o.gpu_id: o.gpu_name for o in options}  # names in prose, never ids
            head = _sentence(join([
                msg("recommend.seed_suggests", gpus=", ".join(names.get(i, i) for i in ids),
                    scenario=scen, why=why),
                msg("recommend.seed_rank", rank=b.rank, n=b.num_gpus, verdict=verdict)],
                "clauses"))
            notes.append(join([head, *diff, _as_message(b.reason)], "space"))
    return notes


__all__ = ["GOALS", "GPU_COUNTS", "Recommendation", "SEED_TABLE", "recommend"]
