"""The whole answer as a report: the job, its assumptions, the ranked options, charts and prices.

:func:`build_report` makes the :class:`Report` that :mod:`.render` writes as Markdown or HTML
(and the UI as PDF); what ``gpupicker estimate`` prints is :mod:`.estimate`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict

from ..hardware.specs import GpuSpec, PriceOffer
from ..messages import Message, Text, msg, verbatim
from ..pricing.money import USD, Money
from ..units import GiB
from ..workload import Workload
from .charts import ReportChart, cost_chart, memory_chart
from .tables import (
    job_rows,
    named,
    one_row_per_gpu,
    option_row,
    tie_break_rule,
)

# --------------------------------------------------------------------------------------------
REPORT_FORMATS = (".md", ".html", ".pdf")
"""Report formats by file extension (PDF needs Qt: ``gpupicker.ui.results.report_pdf``)."""


class PriceSource(BaseModel):
    """One catalog price a listed option used: who, what, how much, when and where from.

    ``amount_per_gpu_hour`` is in the offer's own ``currency`` (the source's figure, not
    converted); ``observed`` and ``source`` are the catalog's words (or a message when unknown).
    """

    model_config = ConfigDict(frozen=True)

    gpu_id: str
    gpu_name: str = ""
    """The GPU's display name (the option's; the table shows it, not the catalog id)."""
    provider: str
    pricing: str
    amount_per_gpu_hour: float
    currency: str
    observed: Text
    source: Text


class Report(BaseModel):
    """Everything a report shows, computed in core; renderers only lay it out.

    Every text is a :class:`~gpupicker.core.messages.Message` (names, numbers and catalog
    words as :func:`~gpupicker.core.messages.verbatim` ones), so a renderer can write the
    report in any language (``core.report_render.TextRenderer``).

    Attributes:
        title, generated: heading and the date it was written (ISO).
        job: (field, value) rows describing the workload.
        assumptions: memory, speed and cost assumptions of the top option, plus notes.
        options: ranked rows (dicts of display texts), one per GPU type with its best count
            (``others``: the other counts and their cost) — at most ``top``.
        fits: (GPU, dimension, largest value, GiB at it) rows from ``core.fit``.
        charts: memory and cost curves as SVG (+ CSV data).
        prices: every price the listed options used, with source and observed date.
        launch: the launch config of the top option (``None`` when not available) and
            ``launch_note`` the reason when not.
        tie_break: the stated rule that orders equal options.
        currency: the display currency of every amount (ISO code; the price sources keep
            their own).
    """

    model_config = ConfigDict(frozen=True)

    title: Text
    generated: str
    job: tuple[tuple[Text, Text], ...]
    assumptions: tuple[Text, ...]
    options: tuple[dict[str, Text], ...]
    fits: tuple[tuple[Text, Text, Text, Text], ...] = ()
    charts: tuple[ReportChart, ...] = ()
    prices: tuple[PriceSource, ...] = ()
    launch: dict[str, Any] | None = None
    launch_note: Text = ""
    tie_break: Text = ""
    notes: tuple[Text, ...] = ()
    currency: str = "USD"


def price_sources(options: Sequence[Any], prices: Sequence[PriceOffer]) -> list[PriceSource]:
    """The catalog offers behind ``options``, each once, in the options' order.

    Matched by GPU, provider, pricing and observed date.
    """
    out: list[PriceSource] = []
    seen: set[tuple[str, str, str, str]] = set()
    for o in options:
        if not o.provider:
            continue
        matches = [
            p for p in prices if p.gpu_id == o.gpu_id and p.provider == o.provider and p.pricing == o.pricing
        ]
        exact = [p for p in matches if p.observed == o.price_observed] or matches
        for p in exact[:1]:
            key = (p.gpu_id, p.provider, p.pricing, p.observed)
            if key in seen:
                continue
            seen.add(key)
            out.append(
                PriceSource(
                    gpu_id=p.gpu_id,
                    gpu_name=o.gpu_name,
                    provider=p.provider,
                    pricing=p.pricing,
                    amount_per_gpu_hour=p.price_per_gpu_hour,
                    currency=p.currency,
                    observed=verbatim(p.observed) if p.observed else msg("report.prices.unknown_date"),
                    source=verbatim(p.source) if p.source else msg("report.prices.no_source"),
                )
            )
    return out


def build_report(
    w: Workload,
    options: Sequence[Any],
    gpus: Sequence[GpuSpec],
    prices: Sequence[PriceOffer],
    *,
    notes: Sequence[str] = (),
    top: int = 10,
    model_name: str = "",
    model_ref: str | None = None,
    generated: str | None = None,
    goal: str = "cheapest",
    money: Money = USD,
    modelscope_id: str | None = None,
    family: str | None = None,
) -> Report:
    """The report of one recommendation.

    Job, assumptions, ranked options, fit answers and curves for the candidate GPUs, price
    sources and the top option's launch config.

    Args:
        w: the workload (model resolved).
        options: ranked options (``Recommendation.options``).
        gpus: the catalog's GPUs (for the curves' candidate cards).
        prices: the catalog's price offers (for the price sources listed).
        notes: the recommendation's notes.
        top: rows listed (the fitting options first, in rank order).
        model_name: display name of the model.
        model_ref: its Hugging Face repo (for the launch config), None when unknown.
        modelscope_id: its ModelScope id (the launch config's download step and the
            ModelScope-first tools), None when it has none.
        family: its catalog family (LLaMA-Factory's chat template).
        generated: ISO date written on the report (default: today).
        goal: the ranking goal (for the stated tie-break).
        money: the display currency every amount is shown in (``core.money``, the one money
            path: the same conversion the options' reasons used).

    Raises:
        ValueError: when the workload cannot be estimated.
    """
    import datetime as _dt

    from .curves import candidate_gpus, cost_curves

    rec_like = _RecLike(tuple(options))
    groups = one_row_per_gpu(options, top)
    listed = [g[0] for g in groups]
    best = listed[0] if listed and listed[0].fits else None
    assumptions: list[str] = []
    if best is not None:
        assumptions += [*best.memory.assumptions, *best.throughput.assumptions, *best.cost.assumptions]
    cands = candidate_gpus(rec_like, gpus, w.gpu)  # type: ignore[arg-type]
    charts, fits = _fit_answers(w, cands)
    cost = cost_chart(cost_curves(rec_like), money)  # type: ignore[arg-type]
    if cost is not None:
        charts.append(cost)
    launch, launch_note = _launch(w, best, gpus, model_ref, modelscope_id, family)
    name = model_name or (w.model.name if w.model is not None and w.model.name else w.model_id or "")
    task = named("report.task", w.task)
    return Report(
        title=msg("report.title", task=task, model=verbatim(name.rstrip()))
        if name.strip()
        else msg("report.title_bare", task=task),
        generated=generated or _dt.date.today().isoformat(),
        job=tuple(job_rows(w, name, money)),
        assumptions=tuple(dict.fromkeys(assumptions)),
        options=tuple(option_row(o, others, None, money) for o, others in groups),
        fits=tuple(fits),
        charts=tuple(charts),
        prices=tuple(price_sources(listed, prices)),
        launch=launch,
        launch_note=launch_note,
        tie_break=tie_break_rule(goal),
        notes=tuple(notes),
        currency=(money.currency or "USD").upper(),
    )


def _fit_answers(
    w: Workload, cands: Sequence[GpuSpec]
) -> tuple[list[ReportChart], list[tuple[Message, Message, Message, Message]]]:
    """The memory chart of each dimension the task has, and the fit answers of every candidate.

    One row per (card, dimension): the largest value that fits (``fit.solve_fit``) and the GiB
    it takes of the card's capacity; a vLLM or SGLang inference job also gets its concurrency.
    """
    from ..planners.fit import solve_fit
    from .curves import available_dimensions, memory_curves

    dim_names = {"batch": "report.dim.batch", "seq_len": "report.dim.seq_len", "lora_r": "report.dim.lora_r"}
    charts: list[ReportChart] = []
    fits: list[tuple[Message, Message, Message, Message]] = []
    for dim in available_dimensions(w):
        try:
            mc = memory_curves(w, cands, dim)
        except ValueError:
            continue
        charts.append(memory_chart(mc, msg(dim_names[dim])))
        for c in mc.curves:
            f = c.fit
            value = (
                msg("report.fit.none")
                if f.value is None
                else msg("report.fit.at_limit", value=f"{f.value:,}")
                if f.at_limit
                else verbatim(f"{f.value:,}")
            )
            fits.append(
                (
                    msg("report.gpu", gpu=c.gpu_name),
                    msg(dim_names[dim]),
                    value,
                    msg(
                        "report.fit.gib",
                        used=f"{f.total_bytes / GiB:.2f}",
                        cap=f"{f.capacity_bytes / GiB:.2f}",
                    ),
                )
            )
    if w.task == "inference" and w.framework.lower() in ("vllm", "sglang") and cands:
        for g in cands:
            f = solve_fit(w, g, "concurrency")
            fits.append(
                (
                    msg("report.gpu", gpu=g.name),
                    msg("report.dim.concurrency"),
                    msg("report.fit.none") if f.value is None else verbatim(f"{f.value:,}"),
                    msg(
                        "report.fit.gib",
                        used=f"{f.total_bytes / GiB:.2f}",
                        cap=f"{f.capacity_bytes / GiB:.2f}",
                    ),
                )
            )
    return charts, fits


def _launch(
    w: Workload,
    best: Any,
    gpus: Sequence[GpuSpec],
    model_ref: str | None,
    modelscope_id: str | None,
    family: str | None,
) -> tuple[dict[str, Any] | None, str]:
    """The top option's launch config as a dict, or None and the sentence that says why not."""
    from ..planners.launch_config import launch_config

    launch: dict[str, Any] | None = None
    launch_note: str = ""
    if best is not None:
        card = next((g for g in gpus if g.id == best.gpu_id), None)
        try:
            cfg = launch_config(
                w,
                best,
                model_ref,
                modelscope_id=modelscope_id,
                family=family,
                gpu_memory_gb=card.memory_gb if card is not None else None,
                gpu=card,
            )
            launch = cfg.model_dump()
        except ValueError as exc:  # its Message is args[0]
            one = len(exc.args) == 1 and isinstance(exc.args[0], str)
            launch_note = exc.args[0] if one else str(exc)
    else:
        launch_note = msg("report.launch.nothing")
    return launch, launch_note


@dataclass(frozen=True)
class _RecLike:
    """The part of a Recommendation the curve helpers read (``options``)."""

    options: tuple[Any, ...]
