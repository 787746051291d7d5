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
from ..messages import TEMPLATES, Message, Text, join, msg, verbatim
from ..pricing.money import SYMBOLS, USD, Money
from ..results import Option
from ..text.text_safety import csv_text
from ..units import GiB
from ..workload import Workload

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


class ReportChart(BaseModel):
    """A chart of the report: ``name`` (file stem), ``title``, the SVG text and its data rows.

    ``svg`` is the English rendering; ``plots`` the ``core.svg_chart.Chart`` values it was
    drawn from (titles and labels as Messages), which ``core.report_render.chart_svg`` draws in another
    language.
    """

    model_config = ConfigDict(frozen=True)

    name: str
    title: Text
    svg: str
    csv: str
    plots: tuple[Any, ...] = ()


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


TIE_BREAKS: dict[str, str] = {
    "cheapest": "report.tie_break.cheapest",
    "fastest": "report.tie_break.fastest",
    "value": "report.tie_break.value",
    "headroom": "report.tie_break.headroom",
}
"""The message id of each goal's tie-break, as ``recommend._build_options``' sort key applies it
(fitting and within-budget options always come first)."""


def tie_break_rule(goal: str) -> Message:
    """The stated ranking rule for ``goal`` (see :data:`TIE_BREAKS`; unknown goals: cheapest's)."""
    goal = goal if goal in TIE_BREAKS else "cheapest"
    return join(
        [
            join(
                [msg(f"report.ranked_by.{goal}"), msg(TIE_BREAKS[goal]), msg("report.doubted_price_last")],
                "clauses",
            )
        ]
    )


def named(group: str, code: str) -> Message:
    """A task (group ``report.task``) or pricing kind (``pricing``) by its code.

    The message ``<group>.<code>``.
    A code without an id (a pricing kind the user typed) is shown as the catalog spells it.
    """
    key = f"{group}.{code}"
    return msg(key) if key in TEMPLATES else verbatim(code)


def _job_rows(w: Workload, model_name: str, money: Money = USD) -> list[tuple[Message, Message]]:
    v = verbatim
    rows = [
        (msg("report.job.task"), named("report.task", w.task)),
        (msg("report.job.model"), v(model_name)),
        (msg("report.job.weights"), v(w.weights_dtype)),
    ]
    if w.is_training:
        rows += [
            (msg("report.job.micro_batch"), v(str(w.batch))),
            (msg("report.job.seq_len"), v(str(w.training_seq_len()))),
            (msg("report.job.optimizer"), v(w.optimizer)),
            (msg("report.job.grad_ckpt"), msg("report.on" if w.grad_ckpt else "report.off")),
        ]
        if w.lora is not None:
            rows.append((msg("report.job.lora_rank"), v(str(w.lora.r))))
    elif w.task != "image_gen":
        rows += [
            (msg("report.job.batch"), v(str(w.batch))),
            (msg("report.job.context"), v(str(w.context_tokens()))),
            (msg("report.job.kv_cache"), v(w.kv_cache_dtype)),
        ]
    rows.append((msg("report.job.framework"), v(w.framework)))
    # money rows: a USD report keeps the workload file's bare number; another display
    # currency shows the amount in it (the workload holds USD, core.money)
    for label, value, money_row in (
        ("gpus", w.num_gpus if w.num_gpus > 1 else None, False),
        ("preferred_gpu", w.gpu, False),
        ("run_hours", w.train_hours, False),
        ("dataset_tokens", w.dataset_tokens, False),
        ("rpm", w.requests_per_minute, False),
        ("pricing", w.pricing, False),
        ("budget", w.budget_usd, True),
        ("max_per_hour", w.max_usd_per_hour, True),
        ("deadline", w.deadline_hours, False),
    ):
        if value is None:
            continue
        if label == "pricing":
            shown = named("pricing", str(value))
        elif label == "dataset_tokens":  # 1.5e+07 was written by :g
            shown = msg("report.job.mtokens", mtokens=f"{float(value) / 1e6:,.1f}")
        elif money_row and money.currency != "USD":
            shown = v(money.fmt(float(value)))
        else:
            shown = v(f"{value:g}" if isinstance(value, float) else str(value))
        rows.append((msg(f"report.job.{label}"), shown))
    return rows


def money_decimals(values: Sequence[float], lo: int = 2, hi: int = 4) -> int:
    """Decimals (``lo``–``hi``) that keep distinct amounts distinct when printed.

    $1.204 and $1.206 need three, not two. Amounts of 1000 and more are always whole.
    """
    vals = sorted({round(v, 6) for v in values if v is not None and abs(v) < 1000})
    for d in range(lo, hi + 1):
        shown = [round(v, d) for v in vals]
        if len(set(shown)) == len(shown):
            return d
    return hi


def currency_symbol(currency: str) -> str:
    """The symbol of ``currency`` in money texts (``core.money.SYMBOLS``; else ``"XYZ "``)."""
    cur = (currency or "USD").upper()
    return SYMBOLS.get(cur, cur + " ")


def _money_text(usd: float | None, decimals: int = 2, money: Money = USD) -> str:
    """A USD amount in the display currency: its symbol, whole from 1000 on.

    Two significant digits below ``10 ** -decimals``.
    """
    if usd is None:
        return "-"
    v = usd * money.per_usd
    sym = currency_symbol(money.currency)
    if abs(v) >= 1000:
        return f"{sym}{v:,.0f}"
    if 0 < abs(v) < 10**-decimals:
        return f"{sym}{v:.2g}"
    return f"{sym}{v:,.{decimals}f}"


def _total(o: Option) -> float | None:
    c = o.cost
    return c.usd_total if c.usd_total is not None else c.usd_per_month


def _option_row(o: Option, others: Sequence[Option], d: int, money: Money = USD) -> dict[str, Message | str]:
    c = o.cost
    v = verbatim
    monthly = c.usd_total is None and c.usd_per_month is not None
    shown = _money_text(_total(o), d, money)
    total = msg("report.per_month", total=shown) if monthly else v(shown)
    more = [
        msg("report.other_count", n=x.num_gpus, total=_money_text(_total(x), d, money))
        for x in others
        if _total(x) is not None
    ]
    per_hour = c.usd_per_hour * money.per_usd
    return {
        "rank": v(str(o.rank)),
        "gpu": msg("report.gpu", gpu=o.gpu_name),
        "count": v(str(o.num_gpus)),
        "fits": msg("report.yes" if o.fits else "report.no"),
        "memory": msg(
            "report.memory",
            used=f"{o.total_bytes_per_gpu / GiB:.1f}",
            cap=f"{o.capacity_bytes_per_gpu / GiB:.1f}",
        ),
        "provider": msg("report.provider", provider=o.provider) if o.provider else v("-"),
        "pricing": named("pricing", o.pricing) if o.pricing else v("-"),
        "per_hour": v(_money_text(c.usd_per_hour, 2 if per_hour >= 0.1 else 4, money) if o.provider else "-"),
        "hours": v("-" if c.hours is None else f"{c.hours:,.2f}"),
        "total": total if _total(o) is not None else v("-"),
        "others": join(more, "list") if more else v("-"),
        "reason": o.reason,
    }


def one_row_per_gpu(options: Sequence[Any], top: int) -> list[tuple[Any, list[Any]]]:
    """``(best option, the same GPU type's other counts)`` per GPU type, in rank order.

    Fitting, within-budget options only (all options when none fits), ``top`` types.
    """
    pool = [o for o in options if o.fits and o.within_budget] or list(options)
    groups: dict[str, list[Any]] = {}
    for o in pool:
        groups.setdefault(o.gpu_id, []).append(o)
    out = []
    for gid in list(groups)[:top]:
        best, *rest = groups[gid]
        seen = {best.num_gpus}
        others = []
        for x in rest:
            if x.num_gpus not in seen:
                seen.add(x.num_gpus)
                others.append(x)
        out.append((best, sorted(others, key=lambda x: x.num_gpus)))
    return out


def _curve_chart(mc: Any, dim_label: Message) -> ReportChart:
    from .svg_chart import Chart, Series, render_svg

    series = []
    rows: list[tuple[str, str, int | float, int, int]] = []
    shared = mc.shared_curve()
    if shared is not None:
        series.append(
            Series(
                label=msg("report.chart.shared"),
                color="#444444",
                points=[(x, y / GiB) for x, y in zip(*shared, strict=True)],
            )
        )
    for c in mc.curves:
        cross = c.crossing
        series.append(
            Series(
                label=msg("report.chart.capacity", gpu=c.gpu_name, cap=f"{c.capacity_bytes / GiB:.1f}"),
                points=[] if shared is not None else [(x, y / GiB) for x, y in zip(c.xs, c.ys, strict=True)],
                hline=c.capacity_bytes / GiB,
                mark=None if cross is None else (cross[0], cross[1] / GiB),
                mark_label="" if cross is None else f"{cross[0]:,}",
            )
        )
        rows += [(c.gpu_id, c.gpu_name, x, y, c.capacity_bytes) for x, y in zip(c.xs, c.ys, strict=True)]
    chart = Chart(
        title=msg("report.chart.memory_title", dimension=dim_label),
        x_label=dim_label,
        y_label=msg("report.chart.gib_per_gpu"),
        series=series,
        log_x=mc.log_x,
    )
    return ReportChart(
        name=f"memory-{mc.dimension}",
        title=chart.title,
        svg=render_svg(chart),
        csv=csv_text(("gpu", "gpu_name", "value", "bytes_per_gpu", "capacity_bytes"), rows),
        plots=(chart,),
    )


def _cost_chart(curves: Sequence[Any], money: Money = USD) -> ReportChart | None:
    """Cost (in the display currency) and hours against the GPU count; the CSV keeps USD."""
    from .curves import spans_decades
    from .svg_chart import OKABE_ITO, Chart, Series, render_svg

    shown = list(curves)[:4]
    if not shown:
        return None
    kind = shown[0].money_kind
    series = []
    rows: list[tuple[str, str, str, int, str, str]] = []
    for k, c in enumerate(shown):
        color = OKABE_ITO[k % len(OKABE_ITO)]
        series.append(
            Series(
                label=msg("report.chart.series", gpu=c.gpu_name, pricing=named("pricing", c.pricing)),
                points=[(n, m * money.per_usd) for n, m in zip(c.counts, c.money, strict=True)],
                color=color,
            )
        )
        rows += [
            (c.gpu_id, c.gpu_name, c.pricing, n, f"{m:.4f}", "" if h is None else f"{h:.4f}")
            for n, m, h in zip(c.counts, c.money, c.hours, strict=True)
        ]
    y_label = msg(f"report.chart.{kind}", currency=(money.currency or "USD").upper())
    chart = Chart(
        title=msg("report.chart.cost_title"),
        x_label=msg("report.chart.n_gpus"),
        y_label=y_label,
        series=series,
        log_y=spans_decades([m for c in shown for m in c.money]),
    )
    svg = render_svg(chart)
    plots = [chart]
    charts_h = []
    for k, c in enumerate(shown):
        if all(h is not None for h in c.hours):
            charts_h.append(
                Series(
                    label=msg("report.chart.series", gpu=c.gpu_name, pricing=named("pricing", c.pricing)),
                    dashed=True,
                    points=list(zip(c.counts, c.hours, strict=True)),
                    color=OKABE_ITO[k % len(OKABE_ITO)],
                )
            )
    if charts_h:
        hchart = Chart(
            title=msg("report.chart.hours_title"),
            x_label=msg("report.chart.n_gpus"),
            y_label=msg("report.chart.hours"),
            series=charts_h,
            log_y=spans_decades([p[1] for s in charts_h for p in s.points]),
        )
        svg = svg + "\n" + render_svg(hchart)
        plots.append(hchart)
    return ReportChart(
        name="cost-by-gpus",
        title=msg("report.chart.cost_hours_title"),
        svg=svg,
        csv=csv_text(("gpu", "gpu_name", "pricing", "num_gpus", "money_usd", "hours"), rows),
        plots=tuple(plots),
    )


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

    from ..planners.fit import solve_fit
    from ..planners.launch_config import launch_config
    from .curves import available_dimensions, candidate_gpus, cost_curves, memory_curves

    rec_like = _RecLike(tuple(options))
    groups = one_row_per_gpu(options, top)
    listed = [g[0] for g in groups]
    best = listed[0] if listed and listed[0].fits else None
    decimals = money_decimals(
        [t * money.per_usd for g in groups for t in map(_total, [g[0], *g[1]]) if t is not None]
    )
    assumptions: list[str] = []
    if best is not None:
        assumptions += [*best.memory.assumptions, *best.throughput.assumptions, *best.cost.assumptions]
    cands = candidate_gpus(rec_like, gpus, w.gpu)  # type: ignore[arg-type]
    dim_names = {"batch": "report.dim.batch", "seq_len": "report.dim.seq_len", "lora_r": "report.dim.lora_r"}
    charts: list[ReportChart] = []
    fits: list[tuple[Message, Message, Message, Message]] = []
    for dim in available_dimensions(w):
        try:
            mc = memory_curves(w, cands, dim)
        except ValueError:
            continue
        charts.append(_curve_chart(mc, msg(dim_names[dim])))
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
    cost = _cost_chart(cost_curves(rec_like), money)  # type: ignore[arg-type]
    if cost is not None:
        charts.append(cost)
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
    name = model_name or (w.model.name if w.model is not None and w.model.name else w.model_id or "")
    task = named("report.task", w.task)
    return Report(
        title=msg("report.title", task=task, model=verbatim(name.rstrip()))
        if name.strip()
        else msg("report.title_bare", task=task),
        generated=generated or _dt.date.today().isoformat(),
        job=tuple(_job_rows(w, name, money)),
        assumptions=tuple(dict.fromkeys(assumptions)),
        options=tuple(_option_row(o, others, decimals, money) for o, others in groups),
        fits=tuple(fits),
        charts=tuple(charts),
        prices=tuple(price_sources(listed, prices)),
        launch=launch,
        launch_note=launch_note,
        tie_break=tie_break_rule(goal),
        notes=tuple(notes),
        currency=(money.currency or "USD").upper(),
    )


@dataclass(frozen=True)
class _RecLike:
    """The part of a Recommendation the curve helpers read (``options``)."""

    options: tuple[Any, ...]
