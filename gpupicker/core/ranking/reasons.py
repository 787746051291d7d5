"""An option's plain-language reason: fit verdict, speed and what limits it, price and misses.

Every option of :func:`gpupicker.core.ranking.recommend.recommend` carries a ``reason`` (a Message) and
a ``limit`` (what to change first): :func:`fit_and_speed` gives the part every price offer of
one GPU × count shares (memory fit, speed, the bound that limits it, the software stack, the
replicas serving needs), :func:`limit_and_reason` adds the price in the display currency and
the budget, cap, latency or deadline the option misses. The sentences are built from the
templates of ``recommend.*`` ids (core/messages/templates/recommend.py).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..hardware.accelerators import fabric_without_bandwidth, link_label, stack_clause, stack_of
from ..hardware.specs import GpuSpec
from ..memo import KeyedMemo
from ..memory.placement import host_ram_bandwidth, placement_clause, ram_limit_message
from ..messages import Message, as_message, join, msg, sentence
from ..pricing.money import USD, Money
from ..pricing.total_text import total_params
from ..results import CostEstimate, Placement, Throughput
from ..speed.interconnect import GPUS_PER_NODE, link_name
from ..units import GiB
from ..workload import Workload

PRICE_MISSES = frozenset({"no_price", "cap", "budget"})


"""Kinds of limit misses that make price an option's ``limit`` (the others, the latency target
and the deadline, make it ``deadline``)."""


_CLAUSES: KeyedMemo[tuple[object, ...], Message] = KeyedMemo(maxsize=2048)


def memo_msg(id: str, **params: str | int) -> Message:
    """``msg(id, **params)`` memoized: equal ids and parameters give the same Message.

    For the clauses built once per option (thousands per recommendation, again on every input
    change).

    Raises:
        TypeError: for a nested Message parameter (its English text would be the key, and a
            Message with the same words under another id would be shared): use :func:`msg`.
        KeyError, ValueError: as :func:`msg`.
    """
    key = (id, *params.items())
    hit = _CLAUSES.peek(key)
    if hit is None:
        if any(type(v) is Message for v in params.values()):
            raise TypeError(f"memo_msg({id!r}): a nested Message is not memoized; use msg()")
        hit = _CLAUSES.put(key, msg(id, **params))
    return hit


LIMIT_OF_BOUND = {
    "memory-bandwidth": "bandwidth",
    "compute": "compute",
    "interconnect": "interconnect",
    "engine-overhead": "engine",
    "host-ram-bandwidth": "host_ram_bandwidth",
}


"""Throughput ``bound`` → the option's ``limit``."""


def limit_why(limit: str, w: Workload, gpu: GpuSpec, n: int = 1) -> Message | None:
    """Why ``limit`` limits speed, in words (None for an unknown limit)."""
    if limit == "bandwidth":
        return memo_msg("recommend.limit.bandwidth", bandwidth=f"{gpu.memory_bandwidth_gbps:,.0f}")
    if limit == "compute":
        return memo_msg("recommend.limit.compute", tflops=f"{gpu.dense_16bit_tflops:,.0f}")
    if limit == "interconnect":
        # within a node the card's own link (NVLink, HCCS …), beyond it the node network
        link = link_label(gpu) if n <= GPUS_PER_NODE else link_name(gpu, n)
        return msg("recommend.limit.interconnect", link=link)
    if limit == "engine":
        return memo_msg("recommend.limit.engine", framework=w.framework)
    if limit == "host_ram_bandwidth":
        bw, _ = host_ram_bandwidth(w, gpu)
        return memo_msg("recommend.limit.host_ram_bandwidth", gbps=f"{bw:,.0f}")
    return None


def speed_figure(w: Workload, t: Throughput) -> float:
    """One 'bigger is faster' number: train tokens/s, aggregate decode tokens/s, images/s."""
    if t.train_tokens_per_s:
        return t.train_tokens_per_s
    if t.seconds_per_image:
        return 1.0 / t.seconds_per_image
    return t.aggregate_decode_tokens_per_s or t.decode_tokens_per_s or 0.0


def fit_limit(used: int, cap: int, t: Throughput, fits: bool, placement: Placement | None = None) -> str:
    """What limits one GPU × count before any price: the limit :func:`fit_and_speed` gives.

    ``ram`` (llama.cpp's host side does not fit the machine's RAM), ``vram`` (the job does not
    fit), else the throughput's bound (:data:`LIMIT_OF_BOUND`).

    ``used`` / ``cap``: peak and capacity bytes per GPU.
    """
    if not fits:
        if placement is not None and placement.host_fits is False and used <= cap:
            return "ram"
        return "vram"
    return LIMIT_OF_BOUND.get(t.bound, t.bound or "compute")


def fit_and_speed(
    w: Workload,
    gpu: GpuSpec,
    n: int,
    used: int,
    cap: int,
    t: Throughput,
    fits: bool,
    replicas: int,
    placement: Placement | None = None,
) -> tuple[str, tuple[Message, ...]]:
    """The limit and the sentences of an option's reason shared by one GPU × count's offers.

    The fit verdict, speed and what limits it. A non-fitting option's reason is
    complete here: its single sentence ends with a full stop. ``placement`` (llama.cpp): what
    is in host RAM, said in the reason; an option whose host side does not fit the machine's
    RAM is limited by ``"ram"`` and says how much more RAM it needs.
    """
    used_gib, cap_gib = f"{used / GiB:.1f}", f"{cap / GiB:.0f}"
    if not fits and placement is not None and placement.host_fits is False and used <= cap:
        return "ram", (sentence(ram_limit_message(placement)),)
    if not fits:
        if n == 1:
            reason = join(
                [
                    memo_msg("recommend.does_not_fit", used=used_gib, gpu=gpu.name, cap=cap_gib),
                    memo_msg("recommend.use_more_gpus"),
                ],
                "clauses",
            )
        elif w.is_image:
            # diffusers runs the whole pipeline on every GPU (one image / step per GPU)
            reason = memo_msg(
                "recommend.does_not_fit.pipeline", used=used_gib, gpu=gpu.name, cap=cap_gib, n=n
            )
        else:
            reason = memo_msg("recommend.does_not_fit.split", used=used_gib, gpu=gpu.name, cap=cap_gib, n=n)
        return "vram", (sentence(reason),)
    head = (cap - used) / cap
    parts = [
        memo_msg(
            "recommend.fits.tight" if head < 0.05 else "recommend.fits",
            used=used_gib,
            cap=cap_gib,
            headroom=f"{head:.0%}",
        )
    ]
    if w.is_training:
        speed = memo_msg("recommend.speed.training", rate=f"{t.train_tokens_per_s:,.0f}")
    elif t.seconds_per_image and w.task == "diffusion_lora":
        speed = memo_msg("recommend.speed.training_image", s=f"{t.seconds_per_image:.2f}")
    elif t.seconds_per_image:
        speed = memo_msg("recommend.speed.image", seconds=f"{t.seconds_per_image:.1f}")
    elif w.batch > 1 or replicas > 1:
        speed = memo_msg(
            "recommend.speed.sequence_aggregate_replica"
            if replicas > 1
            else "recommend.speed.sequence_aggregate",
            rate=f"{t.decode_tokens_per_s:,.1f}",
            aggregate=f"{t.aggregate_decode_tokens_per_s:,.0f}",
        )
    else:
        speed = memo_msg("recommend.speed.sequence", rate=f"{t.decode_tokens_per_s:,.1f}")
    per_replica = max(1, n // max(1, replicas))
    limit = fit_limit(used, cap, t, fits, placement)
    why = limit_why(limit, w, gpu, per_replica)
    parts.append(join([speed, why], "clauses") if why else speed)
    if placement is not None and (
        placement.host_model_bytes > placement.host_weights_bytes or placement.kv_on_host
    ):
        parts.append(placement_clause(placement))
    stack = stack_clause(gpu)
    if stack:
        parts.append(stack)
    if n > 1 and w.is_training and (w.parallelism.fsdp or w.parallelism.zero_stage == 3):
        parts.append(memo_msg("recommend.fsdp_shards", n=n))
    if n > 1 and t.seconds_per_image and w.task == "diffusion_lora":
        parts.append(memo_msg("recommend.diffusion_lora_data_parallel", n=n))
    elif n > 1 and t.seconds_per_image:
        parts.append(memo_msg("recommend.images_per_gpu", n=n))
    elif per_replica > 1 and fabric_without_bandwidth(gpu):
        parts.append(memo_msg("recommend.fabric_without_bandwidth", n=per_replica, link=link_label(gpu)))
    elif per_replica > 1 and not gpu.has_nvlink:
        parts.append(memo_msg("recommend.pcie_all_reduce", n=per_replica))
    if t.offload_alternative:  # only sequential CPU offload fits: the quantized alternative
        parts.append(as_message(t.offload_alternative))
    if replicas > 1:
        parts.append(memo_msg("recommend.replicas", replicas=replicas, rpm=f"{w.requests_per_minute:g}"))
    return limit, tuple(parts)


def limit_and_reason(
    fit_and_speed: tuple[str, tuple[Message, ...]],
    fits: bool,
    cost: CostEstimate | None,
    misses: Sequence[tuple[str, Message]],
    money: Money = USD,
) -> tuple[str, Message]:
    """An option's limit and plain-language reason.

    :func:`fit_and_speed` plus its price in the display currency (``money``) and what breaks
    the budget, cap or deadline.

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
            params = total_params(cost, money)  # printed so that it adds up
            key = "recommend.price.total_startup" if "minutes" in params else "recommend.price.total"
            price = memo_msg(key, **params)
        elif cost.usd_per_month is not None:
            price = memo_msg(
                "recommend.price.per_month", per_hour=per_hour, per_month=money.fmt(cost.usd_per_month, 0)
            )
        else:
            price = memo_msg("recommend.price.per_hour", per_hour=per_hour)
    else:
        price = memo_msg("recommend.no_price")
    if misses:  # clauses of the price sentence: "= $47.14; over the $5 budget."
        price = join([price, *(clause for _, clause in misses)], "clauses")
        limit = "price" if any(kind in PRICE_MISSES for kind, _ in misses) else "deadline"
    parts.append(price)
    return limit, join(parts, "sentences")


def hours_number(h: float) -> str:
    """Hours for prose.

    Two significant digits below 1 h (0.021, never "0.0"; 0.00007, never "7e-05"), one
    decimal below 100, whole hours with separators above.
    """
    if h < 1:
        text = f"{h:.2g}"
        if "e" in text and h > 0:  # below 1e-4: positional digits, two significant
            text = f"{h:.{1 - math.floor(math.log10(h))}f}".rstrip("0")
        return text
    return f"{h:,.1f}" if h < 100 else f"{h:,.0f}"


def scaling_text(gpu: GpuSpec, n: int, speed: float, node_speed_per_gpu: float) -> Message | None:
    """The scaling cost of an ``n``-GPU option beyond one node.

    Per-GPU speed against the best single-node estimate (the gradient all-reduce crosses the
    node network:
    speed.interconnect.link_bandwidth_gbps, ~50 GB/s InfiniBand/RoCE per GPU).
    """
    if n <= GPUS_PER_NODE:
        return None
    nodes = math.ceil(n / GPUS_PER_NODE)
    st = stack_of(gpu)
    net = "RoCE" if st is not None and st.stack in ("CANN", "SynapseAI") else "InfiniBand"
    if speed > 0 and node_speed_per_gpu > 0:
        eff = speed / n / node_speed_per_gpu
        text = msg("recommend.scaling.cost", n=n, nodes=nodes, per=GPUS_PER_NODE, net=net, share=f"{eff:.0%}")
    else:
        text = msg("recommend.scaling", n=n, nodes=nodes, per=GPUS_PER_NODE, net=net)
    return sentence(text)
