"""The user's own machine in the ranking, and the cards that would make a job fit it.

A *machine* is the cards of one computer, in device order: the job's ``gpus``
(:attr:`~gpupicker.core.workload.Workload.gpus`), or — when the job names none — every owned
GPU together (the Owned GPUs list, which ``gpupicker owned detect`` fills from one computer;
the ranking's notes say this assumption). A machine of unlike cards is one option beside the
rentals, sized per card (:mod:`gpupicker.core.memory.mixed`) and timed as a pipeline
(:mod:`gpupicker.core.speed.mixed`); a machine of one card type is already ranked as owned
GPUs of that type.

When the job does not fit the machine, the ranking adds **priced alternatives**:
adding one card, or replacing one card, bought at the catalog's purchase price (``msrp_usd``,
the launch list price), each evaluated as a new machine and ranked at its hourly cost of
ownership with the break-even against the best rental (:mod:`gpupicker.core.pricing.owned`). Only
the purchase of the new card is written off (the cards already owned are paid for); the power
is that of every card in the machine. Candidates are the catalog cards with a purchase price of
the machine's own vendor and platform (a llama.cpp split runs one back-end), at most
:data:`MAX_CARDS` cards; per kind (add, replace) the cheapest purchase that fits is kept, and
the fastest fitting one when it is another.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..hardware.specs import GpuSpec, PriceOffer
from ..memory import estimate_memory
from ..memory.mixed import (
    MachineCard,
    card_names,
    llamacpp_split_memory,
    machine_cards,
    unlike,
    unlike_cards_refusal,
)
from ..messages import Message, as_message, join, msg, sentence
from ..pricing.cost import to_usd
from ..pricing.owned import OwnedGpu, owned_offer
from ..results import MemoryEstimate, Throughput
from ..speed.mixed import split_throughput
from ..speed.throughput import estimate_throughput
from ..stacks.platforms import platform_of
from ..workload import Workload
from ..workload.parts import GpuPart
from .evaluation import MONEY_DEFAULTS, Evaluation, _hours
from .reasons import fit_and_speed, speed_figure

PURCHASE_PROVIDER = "Purchase"
"""``provider`` of an alternative's offer: a card to buy (its pricing stays ``owned``: once
bought it is the user's hardware, costed as owned GPUs are)."""
MAX_CARDS = 8
"""Most cards an alternative machine may hold (one workstation board)."""
DEFAULT_KWH_USD = 0.15
"""Electricity price for an alternative when no owned GPU gives one: the ``OwnedGpu`` default."""


@dataclass(frozen=True, slots=True)
class Machine:
    """The cards of one computer (device order) and how it differs from the user's.

    ``kind``: ``yours`` (the job's ``gpus`` or the owned GPUs), ``add`` (``bought`` added) or
    ``replace`` (``removed`` replaced by ``bought``).
    """

    cards: tuple[MachineCard, ...]
    kind: str = "yours"
    bought: GpuSpec | None = None
    removed: GpuSpec | None = None

    @property
    def id(self) -> str:
        """``rtx_4090+rtx_3090`` (``2x`` for repeats): the option's GPU id."""
        parts: list[tuple[str, int]] = []
        for c in self.cards:
            if parts and parts[-1][0] == c.spec.id:
                parts[-1] = (c.spec.id, parts[-1][1] + 1)
            else:
                parts.append((c.spec.id, 1))
        return "+".join(f"{n}x{i}" if n > 1 else i for i, n in parts)

    @property
    def name(self) -> str:
        """``RTX 4090 + RTX 3090``: the option's GPU name."""
        return card_names(self.cards)

    def parts(self) -> tuple[GpuPart, ...]:
        """The machine as ``Workload.gpus`` items (free memory kept)."""
        out: list[GpuPart] = []
        for c in self.cards:
            free = c.free_bytes / 2**30 if c.free_bytes is not None else None
            if out and out[-1].gpu == c.spec.id and out[-1].free_gib == free:
                out[-1] = out[-1].model_copy(update={"count": out[-1].count + 1})
            else:
                out.append(GpuPart(gpu=c.spec.id, free_gib=free))
        return tuple(out)


def workload_machine(w: Workload, gpus: Sequence[GpuSpec]) -> Machine | None:
    """The machine the job names (``gpus``), or None.

    Raises:
        ValueError: a card id not in the catalog.
    """
    return Machine(machine_cards(w, gpus)) if w.gpus else None


def owned_machine(owned: Sequence[OwnedGpu], gpus: Sequence[GpuSpec]) -> Machine | None:
    """Every owned GPU in the catalog as one machine, in the list's order (None: none owned)."""
    by_id = {g.id: g for g in gpus}
    cards = [
        MachineCard(by_id[o.gpu_id])
        for o in owned
        if o.gpu_id in by_id
        for _ in range(min(o.count, MAX_CARDS))
    ]
    return Machine(tuple(cards[:MAX_CARDS])) if cards else None


def machine_workload(w: Workload, m: Machine, keep_split: bool = False) -> Workload:
    """``w`` run on machine ``m`` (its ``gpus``, ``num_gpus``; ``tensor_split`` only if kept)."""
    return w.model_copy(
        update={
            "gpus": m.parts(),
            "num_gpus": len(m.cards),
            "tensor_split": w.tensor_split if keep_split else None,
        }
    )


def machine_memory(w: Workload, m: Machine) -> tuple[MemoryEstimate, Throughput, int, int, bool]:
    """(memory, speed, used, capacity, fits) of ``w`` on ``m``.

    One card type: the engine's own model for that many cards; unlike cards: llama.cpp's layer
    split, or a refusal (``engine_fits`` False with the reason) for the engines that need equal
    cards. ``used`` / ``capacity`` are bytes of the card closest to full.

    Raises:
        ValueError: an unresolved model or a job that cannot be estimated.
    """
    if w.model is None:
        raise ValueError(w.unresolved_model_error())
    arch = w.model
    if arch.kind == "llm" and not arch.has_architecture:
        arch = arch.with_inferred_architecture()
        w = w.with_model(arch)
    cards, n = m.cards, len(m.cards)
    if not unlike(cards):
        g = cards[0].spec
        one = w.model_copy(update={"gpus": None, "tensor_split": None, "gpu": g.id, "num_gpus": n})
        mem = estimate_memory(one, g, n)
        t = estimate_throughput(one, g, n, mem)
        cap = min(c.capacity_bytes for c in cards)
        return mem, t, mem.total_bytes, cap, mem.total_bytes <= cap and mem.engine_fits is not False
    refusal = unlike_cards_refusal(w, cards)
    if refusal is not None:
        mem = MemoryEstimate(
            num_gpus=n,
            engine_fits=False,
            engine_message=refusal,
            total_params=arch.param_count(),
            assumptions=(join([refusal]),),
        )
        return mem, Throughput(), 0, min(c.capacity_bytes for c in cards), False
    mem = llamacpp_split_memory(w, arch, cards)
    t = split_throughput(w, arch, [c.spec for c in cards], mem.cards, mem.gpu_layers)
    worst = max(mem.cards, key=lambda c: (c.total_bytes / max(1, c.capacity_bytes), -c.index))
    fits = all(c.fits for c in mem.cards) and mem.engine_fits is not False
    return mem, t, worst.total_bytes, worst.capacity_bytes, fits


def evaluate_machine(w: Workload, m: Machine) -> Evaluation:
    """``w`` on machine ``m`` as one ranking :class:`~gpupicker.core.ranking.evaluation.Evaluation`.

    Its GPU is the card closest to full renamed to the machine (``m.id``, ``m.name``), so the
    reasons and the table name the machine; an alternative's reason starts with what to buy.

    Raises:
        ValueError: an unresolved model or a job that cannot be estimated.
    """
    wm = machine_workload(w, m, keep_split=m.kind == "yours")
    mem, t, used, cap, fits = machine_memory(wm, m)
    worst = m.cards[0].spec
    if mem.cards:
        worst = m.cards[
            max(mem.cards, key=lambda c: (c.total_bytes / max(1, c.capacity_bytes), -c.index)).index
        ].spec
    spec = worst.model_copy(update={"id": m.id, "name": m.name})
    n = len(m.cards)
    if mem.engine_fits is False and not mem.cards and unlike(m.cards):
        shared: tuple[str, tuple[Message, ...]] = (
            "engine",
            (
                sentence(
                    join(
                        [msg("recommend.machine_refused", gpus=m.name), as_message(mem.engine_message)],
                        "clauses",
                    )
                ),
            ),
        )
    else:
        shared = fit_and_speed(wm, spec, n, used, cap, t, fits, 1)
        if mem.cards and fits and t.decode_tokens_per_s:
            # a layer split: no all-reduce; the slowest card's share of each token sets the pace
            share = {c.index: c.layers / max(1e-9, c.bandwidth_gbps) for c in mem.cards}
            slow = max(mem.cards, key=lambda c: share[c.index])
            speed = join(
                [
                    msg("recommend.speed.sequence", rate=f"{t.decode_tokens_per_s:,.1f}"),
                    msg(
                        "recommend.split_reason",
                        gpu=slow.gpu_name,
                        index=slow.index,
                        share=f"{share[slow.index] / sum(share.values()):.0%}",
                    ),
                ],
                "clauses",
            )
            shared = (shared[0], (shared[1][0], speed))
        buy = buy_clause(m)
        if buy is not None and fits:
            shared = (shared[0], (buy, *shared[1]))
    return Evaluation(
        gpu=spec,
        n=n,
        replicas=1,
        total_gpus=n,
        wb=wm,
        mem=mem,
        t=t,
        used=used,
        cap=cap,
        fits=fits,
        hours=_hours(wm, t),
        limit=shared[0],
        shared=shared,
    )


def buy_clause(m: Machine) -> Message | None:
    """What to buy for an alternative machine; None for the user's own machine.

    "buy 1 × RTX 3090 ($1,499 list price) and add it to your machine", or "… to replace the
    RTX 3080".
    """
    if m.bought is None:
        return None
    price = f"${m.bought.msrp_usd:,.0f}" if m.bought.msrp_usd else "?"
    if m.kind == "replace" and m.removed is not None:
        return msg("recommend.buy_replace", gpu=m.bought.name, price=price, gpus=m.removed.name)
    return msg("recommend.buy_add", gpu=m.bought.name, price=price)


def machine_owned(
    m: Machine, owned: Sequence[OwnedGpu], fx_rates: dict[str, float] | None
) -> tuple[OwnedGpu, bool]:
    """``m`` as one owned set priced for the ranking, and whether every card's purchase is known.

    The user's machine: the purchase prices of its owned cards (each row's price × the share
    of its cards in the machine, in USD); a card the owned GPUs do not list counts as paid
    (purchase 0, as ``owned detect`` saves cards: electricity only) and the flag is False.
    Power: the row's draw or the card's TDP; the first row's electricity price, write-off years
    and utilization (else the :class:`OwnedGpu` defaults). An alternative: only the bought
    card's list price is written off (the others are paid), the power of every card.

    Raises:
        ValueError: a currency without exchange rate.
    """
    by_id = {o.gpu_id: o for o in owned}
    first = next(iter(owned), None)
    kwh = (
        to_usd(first.electricity_per_kwh, first.electricity_currency or first.currency, fx_rates)
        if first is not None
        else DEFAULT_KWH_USD
    )
    watts = []
    purchase = 0.0
    need: dict[str, int] = {}
    for c in m.cards:
        need[c.spec.id] = need.get(c.spec.id, 0) + 1
    for c in m.cards:
        o = by_id.get(c.spec.id)
        watts.append(o.power_w if o is not None and o.power_w is not None else c.spec.tdp_w or 0.0)
    known = True
    if m.kind == "yours":
        for gpu_id, k in need.items():
            o = by_id.get(gpu_id)
            if o is None:
                known = False
                continue
            purchase += to_usd(o.purchase_price, o.currency, fx_rates) * min(k, o.count) / o.count
            known = known and o.count >= k
    else:
        purchase = float(m.bought.msrp_usd or 0.0) if m.bought is not None else 0.0
    return OwnedGpu(
        gpu_id=m.id,
        count=len(m.cards),
        purchase_price=purchase,
        currency="USD",
        power_w=sum(watts) / len(watts),
        electricity_per_kwh=kwh,
        electricity_currency="USD",
        years=first.years if first else 3.0,
        utilization=first.utilization if first else 0.5,
        label=m.name,
    ), known


def alternatives(m: Machine, gpus: Sequence[GpuSpec]) -> tuple[Machine, ...]:
    """Every machine one purchase away from ``m``: one card added, or one card replaced.

    Candidates: catalog cards with a purchase price, of ``m``'s vendor and platform (module
    docstring), not unified-memory parts.
    """
    base = m.cards[0].spec
    cand = [
        g
        for g in gpus
        if g.msrp_usd
        and g.vendor == base.vendor
        and platform_of(g) == platform_of(base)
        and not g.gpu_memory_limit_gb
        and g.segment in ("consumer", "workstation")
    ]
    out: list[Machine] = []
    if len(m.cards) < MAX_CARDS:
        out += [Machine((*m.cards, MachineCard(g)), "add", bought=g) for g in cand]
    seen: set[str] = set()
    for i, c in enumerate(m.cards):
        if c.spec.id in seen:
            continue
        seen.add(c.spec.id)
        for g in cand:
            if g.id != c.spec.id and (
                g.memory_gb > c.spec.memory_gb or g.memory_bandwidth_gbps > c.spec.memory_bandwidth_gbps
            ):
                cards = (*m.cards[:i], MachineCard(g), *m.cards[i + 1 :])
                out.append(Machine(cards, "replace", bought=g, removed=c.spec))
    return tuple(out)


def on_cards(ev: Evaluation) -> bool:
    """True when the job fits the machine with every layer on its cards (no ``-ngl`` offload)."""
    return ev.fits and ev.mem.gpu_layers is None


@lru_cache(maxsize=4)
def _machine_evaluations(
    w: Workload, machine: Machine, gpus: tuple[GpuSpec, ...]
) -> tuple[Evaluation, tuple[tuple[Machine, Evaluation], ...], tuple[Message, ...]]:
    """(the machine's evaluation, the chosen alternatives' evaluations, notes); memoized."""
    notes: list[Message] = []
    own = evaluate_machine(w, machine)
    if on_cards(own):
        return own, (), ()
    fitting: list[tuple[Machine, Evaluation]] = []
    for alt in alternatives(machine, gpus):
        try:
            ev = evaluate_machine(w, alt)
        except (ValueError, ZeroDivisionError):
            continue  # a candidate the job cannot be estimated on is not an alternative
        if on_cards(ev):
            fitting.append((alt, ev))
    chosen: dict[int, tuple[Machine, Evaluation]] = {}
    for kind in ("add", "replace"):
        same = [(a, e) for a, e in fitting if a.kind == kind]
        if same:
            pick = min(
                same,
                key=lambda x: (x[0].bought.msrp_usd or 0.0 if x[0].bought else 0.0, -speed_figure(w, x[1].t)),
            )
            chosen[id(pick[1])] = pick
    if fitting:
        pick = max(fitting, key=lambda x: speed_figure(w, x[1].t))
        chosen[id(pick[1])] = pick
    if not fitting:
        notes.append(sentence(msg("recommend.no_alternative", gpus=machine.name)))
    return own, tuple(chosen.values()), tuple(notes)


@dataclass(frozen=True, slots=True)
class MachineOptions:
    """What :func:`machine_evaluations` adds to a ranking.

    ``evaluations``: (evaluation, [(offer, usd)]) like ``recommend``'s; ``owned`` / ``specs``:
    the owned sets and renamed GPUs the break-even annotation needs; ``notes``: sentences.
    """

    evaluations: tuple[tuple[Evaluation, list[tuple[PriceOffer | None, float | None]]], ...]
    owned: tuple[OwnedGpu, ...]
    specs: tuple[GpuSpec, ...]
    notes: tuple[Message, ...]


def machine_evaluations(
    w: Workload, gpus: Sequence[GpuSpec], owned: Sequence[OwnedGpu], fx_rates: dict[str, float] | None
) -> MachineOptions:
    """The user's machine and its priced alternatives, ready for the ranking.

    The machine is ``w.gpus``, else the owned GPUs when they are of more than one type (one
    type is already ranked as owned GPUs) — or of one type when the job does not fit them, for
    the alternatives. Its option is priced from the owned GPUs (no price when a card of it is
    not owned); each alternative at its purchase (module docstring).

    Raises:
        ValueError: a ``gpus`` id not in the catalog.
    """
    notes: list[Message] = []
    machine = workload_machine(w, gpus)
    if machine is None:
        machine = owned_machine(owned, gpus)
        if machine is None:
            return MachineOptions((), (), (), ())
        notes.append(sentence(msg("recommend.owned_one_machine", gpus=machine.name)))
    rank_own = w.gpus is not None or unlike(machine.cards)
    if w.model is None or not w.is_text_inference and unlike(machine.cards):
        if rank_own:
            ev = evaluate_machine(w.model_copy(update=MONEY_DEFAULTS), machine)
            return MachineOptions(((ev, [(None, None)]),), (), (ev.gpu,), (*notes,))
        return MachineOptions((), (), (), ())
    own, alts, alt_notes = _machine_evaluations(w.model_copy(update=MONEY_DEFAULTS), machine, tuple(gpus))
    if not rank_own and on_cards(own):
        return MachineOptions((), (), (), ())
    notes.extend(alt_notes)
    evs: list[tuple[Evaluation, list[tuple[PriceOffer | None, float | None]]]] = []
    owned_sets: list[OwnedGpu] = []
    machines = [(machine, own)] if rank_own else []
    machines += list(alts)
    for mach, ev in machines:
        o, known = machine_owned(mach, owned, fx_rates)
        off = owned_offer(o, None, fx_rates)
        if mach.kind != "yours":
            off = off.model_copy(update={"provider": PURCHASE_PROVIDER})
        evs.append((ev, [(off, off.price_per_gpu_hour)]))
        owned_sets.append(o)
        if not known:
            notes.append(sentence(msg("recommend.machine_not_owned", gpus=machine.name)))
    return MachineOptions(tuple(evs), tuple(owned_sets), tuple(e.gpu for e, _ in evs), tuple(notes))


__all__ = [
    "MAX_CARDS",
    "PURCHASE_PROVIDER",
    "Machine",
    "MachineOptions",
    "alternatives",
    "evaluate_machine",
    "machine_evaluations",
    "machine_memory",
    "machine_owned",
    "owned_machine",
    "workload_machine",
]
