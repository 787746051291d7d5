"""Turn core results into the plain dict that ``gpupicker estimate`` prints (JSON Lines contract)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from .hardware import GpuSpec, PriceOffer
from .memory import estimate_memory, fits_on
from .messages import Message, join, msg
from .results import MemoryEstimate, Option
from .speed.throughput import estimate_throughput, train_hours
from .units import GiB
from .workload import Workload


def estimate_report(w: Workload, gpu: GpuSpec | None) -> dict[str, Any]:
    """Memory (and, when a GPU is known, speed) for one resolved workload as a JSON-able dict.

    Keys: ``total_bytes`` (expected peak per GPU incl. CUDA context, bytes),
    ``total_gib``, ``breakdown`` (component → bytes per GPU), ``num_gpus``,
    ``trainable_params``, ``assumptions``; plus ``decode_tokens_per_s``,
    ``prefill_tokens_per_s`` (inference) or ``train_tokens_per_s`` (training)
    when the throughput model is available for the GPU.

    Raises:
        ValueError: when the workload cannot be estimated, or its engine has no backend for
            ``gpu`` (:func:`gpupicker.core.checks.engine_hardware_refusal`).
    """
    from .checks import require_engine_runs_on

    require_engine_runs_on(w, gpu)
    mem = estimate_memory(w, gpu)
    out: dict[str, Any] = {
        "task": w.task,
        "total_bytes": mem.total_bytes,
        "total_gib": round(mem.total_bytes / GiB, 3),
        "breakdown": mem.breakdown(),
        "unit": "bytes per GPU",
        "num_gpus": mem.num_gpus,
        "trainable_params": mem.trainable_params,
        "total_params": mem.total_params,
        "assumptions": list(mem.assumptions),
    }
    if mem.max_concurrent_seqs is not None:
        out["max_concurrent_seqs"] = mem.max_concurrent_seqs
    if mem.kv_pool_tokens is not None:
        out["kv_pool_tokens"] = mem.kv_pool_tokens
    if mem.engine_fits is False:
        out["engine_starts"] = False
        if mem.engine_message:
            out["engine_error"] = mem.engine_message
    if mem.gpu_layers is not None:
        out["gpu_layers"] = mem.gpu_layers
    if gpu is not None:
        out["gpu"] = gpu.id
        out["fits"] = fits_on(mem, gpu)
        out["capacity_bytes"] = gpu.usable_memory_bytes
        out.update(speed_report(w, gpu, mem))
        if w.task == "inference" and w.requests_per_minute:
            out["serving"] = serving_report(w, gpu)
    return out


def serving_report(w: Workload, gpu: GpuSpec) -> dict[str, Any] | None:
    """The serving plan of ``w.requests_per_minute`` on replicas of ``w.num_gpus`` × ``gpu``.

    The same as ``recommend``'s (:func:`~gpupicker.core.speed.serving.plan_serving`), or None.
    """
    from .speed.serving import plan_serving, serving_dict
    try:
        _, _, plan, _ = plan_serving(w, gpu, w.num_gpus)
    except (ValueError, ZeroDivisionError):
        return None
    return serving_dict(plan)


def speed_report(w: Workload, gpu: GpuSpec, mem: MemoryEstimate | None = None) -> dict[str, Any]:
    """Throughput keys for one workload on ``gpu`` × ``w.num_gpus`` (empty on failure).

    Inference and ``decode_ceiling``: ``decode_tokens_per_s`` (per sequence),
    ``aggregate_decode_tokens_per_s``, ``prefill_tokens_per_s``. Training:
    ``train_tokens_per_s`` and, with ``dataset_tokens``, ``hours``. Image
    generation: ``seconds_per_image`` (and ``hours`` for ``images``). Plus
    ``speed_bound`` and ``speed_assumptions``.
    """
    try:
        t = estimate_throughput(w, gpu, mem.num_gpus if mem is not None else w.num_gpus, mem)
    except (ValueError, ZeroDivisionError):
        return {}
    out: dict[str, Any] = {}
    if t.train_tokens_per_s is not None:
        out["train_tokens_per_s"] = round(t.train_tokens_per_s, 1)
        hours = train_hours(w, t.train_tokens_per_s)
        if hours is not None:
            out["hours"] = round(hours, 4)
    if t.decode_tokens_per_s is not None:
        out["decode_tokens_per_s"] = round(t.decode_tokens_per_s, 2)
        out["aggregate_decode_tokens_per_s"] = round(t.aggregate_decode_tokens_per_s or 0.0, 2)
    if t.prefill_tokens_per_s is not None:
        out["prefill_tokens_per_s"] = round(t.prefill_tokens_per_s, 1)
    if t.output_tokens_per_s is not None:
        out["output_tokens_per_s"] = round(t.output_tokens_per_s, 1)
    if t.ttft_s is not None:
        out["ttft_s"] = round(t.ttft_s, 4)
        out["itl_s"] = round(t.itl_s or 0.0, 5)
    if t.range_pct is not None:
        out["speed_range_pct"] = t.range_pct
        out["speed_evidence"] = t.evidence
    if t.seconds_per_image is not None:
        out["seconds_per_image"] = round(t.seconds_per_image, 3)
        from .diffusion import image_job_hours
        out["hours"] = round(image_job_hours(w, t.seconds_per_image), 4)
    out["speed_bound"] = t.bound
    out["speed_assumptions"] = list(t.assumptions)
    return out


# --------------------------------------------------------------------------------------------
# the whole answer as a report (issue 14): job, assumptions, ranked options, plots, prices
# --------------------------------------------------------------------------------------------
REPORT_FORMATS = (".md", ".html", ".pdf")
"""Report formats by file extension (PDF needs Qt: ``gpupicker.ui.results.report_pdf``)."""


class PriceSource(BaseModel):
    """One catalog price a listed option used: who, what, how much, when and where from."""

    model_config = ConfigDict(frozen=True)

    gpu_id: str
    provider: str
    pricing: str
    amount_per_gpu_hour: float
    currency: str
    observed: str
    source: str


class ReportChart(BaseModel):
    """A chart of the report: ``name`` (file stem), ``title``, the SVG text and its data rows."""

    model_config = ConfigDict(frozen=True)

    name: str
    title: str
    svg: str
    csv: str


class Report(BaseModel):
    """Everything a report shows, computed in core; renderers only lay it out.

    Attributes:
        title, generated: heading and the date it was written (ISO).
        job: (field, value) rows describing the workload.
        assumptions: memory, speed and cost assumptions of the top option, plus notes.
        options: ranked rows (dicts of display strings), one per GPU type with its best count
            (``others``: the other counts and their cost) — at most ``top``.
        fits: (GPU, dimension, largest value, GiB at it) rows from ``core.fit``.
        charts: memory and cost curves as SVG (+ CSV data).
        prices: every price the listed options used, with source and observed date.
        launch: the launch config of the top option (``None`` when not available) and
            ``launch_note`` the reason when not.
        tie_break: the stated rule that orders equal options.
    """

    model_config = ConfigDict(frozen=True)

    title: str
    generated: str
    job: tuple[tuple[str, str], ...]
    assumptions: tuple[str, ...]
    options: tuple[dict[str, str], ...]
    fits: tuple[tuple[str, str, str, str], ...] = ()
    charts: tuple[ReportChart, ...] = ()
    prices: tuple[PriceSource, ...] = ()
    launch: dict[str, Any] | None = None
    launch_note: str = ""
    tie_break: str = ""
    notes: tuple[str, ...] = ()


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
    return join([join([msg(f"report.ranked_by.{goal}"), msg(TIE_BREAKS[goal]),
                       msg("report.doubted_price_last")], "clauses")])


def _job_rows(w: Workload, model_name: str) -> list[tuple[str, str]]:
    rows = [("task", w.task), ("model", model_name), ("weights", w.weights_dtype)]
    if w.is_training:
        rows += [("micro-batch", str(w.batch)), ("sequence length", str(w.training_seq_len())),
                 ("optimizer", w.optimizer), ("gradient checkpointing", "on" if w.grad_ckpt else "off")]
        if w.lora is not None:
            rows.append(("LoRA rank", str(w.lora.r)))
    elif w.task != "image_gen":
        rows += [("batch", str(w.batch)), ("context tokens", str(w.context_tokens())),
                 ("KV cache", w.kv_cache_dtype)]
    rows.append(("framework", w.framework))
    for label, value in (("GPUs", w.num_gpus if w.num_gpus > 1 else None),
                         ("preferred GPU", w.gpu), ("run length (h)", w.train_hours),
                         ("dataset tokens", w.dataset_tokens),
                         ("requests per minute", w.requests_per_minute),
                         ("pricing", w.pricing), ("budget", w.budget_usd),
                         ("max per hour", w.max_usd_per_hour), ("deadline (h)", w.deadline_hours)):
        if value is not None:
            rows.append((label, f"{value:g}" if isinstance(value, float) else str(value)))
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


def _money_text(v: float | None, decimals: int = 2) -> str:
    if v is None:
        return "-"
    if abs(v) >= 1000:
        return f"${v:,.0f}"
    if 0 < abs(v) < 10 ** -decimals:
        return f"${v:.2g}"
    return f"${v:,.{decimals}f}"


def _total(o: Option) -> float | None:
    c = o.cost
    return c.usd_total if c.usd_total is not None else c.usd_per_month


def _option_row(o: Option, others: Sequence[Option], d: int) -> dict[str, str]:
    c = o.cost
    monthly = c.usd_total is None and c.usd_per_month is not None
    total = _money_text(_total(o), d) + ("/month" if monthly else "")
    more = ", ".join(f"×{x.num_gpus} {_money_text(_total(x), d)}" for x in others
                     if _total(x) is not None)
    return {"rank": str(o.rank), "gpu": o.gpu_name, "count": str(o.num_gpus),
            "fits": "yes" if o.fits else "no",
            "memory": f"{o.total_bytes_per_gpu / GiB:.1f} / {o.capacity_bytes_per_gpu / GiB:.1f} GiB",
            "provider": o.provider or "-", "pricing": o.pricing or "-",
            "per_hour": _money_text(c.usd_per_hour, 2 if c.usd_per_hour >= 0.1 else 4)
            if o.provider else "-",
            "hours": "-" if c.hours is None else f"{c.hours:,.2f}",
            "total": total if _total(o) is not None else "-",
            "others": more or "-", "reason": o.reason}


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


def _curve_chart(mc: Any, dim_label: str) -> ReportChart:
    from .svg_chart import Chart, Series, render_svg

    series = []
    rows = ["gpu,value,bytes_per_gpu,capacity_bytes"]
    shared = mc.shared_curve()
    if shared is not None:
        series.append(Series(label="peak memory per GPU (the same on every card)", color="#444444",
                             points=[(x, y / GiB) for x, y in zip(*shared, strict=True)]))
    for c in mc.curves:
        cross = c.crossing
        series.append(Series(label=f"{c.gpu_name} ({c.capacity_bytes / GiB:.1f} GiB usable)",
                             points=[] if shared is not None else
                             [(x, y / GiB) for x, y in zip(c.xs, c.ys, strict=True)],
                             hline=c.capacity_bytes / GiB,
                             mark=None if cross is None else (cross[0], cross[1] / GiB),
                             mark_label="" if cross is None else f"{cross[0]:,}"))
        rows += [f"{c.gpu_id},{x},{y},{c.capacity_bytes}" for x, y in zip(c.xs, c.ys, strict=True)]
    chart = Chart(title=f"What fits: memory per GPU against {dim_label}", x_label=dim_label,
                  y_label="GiB per GPU", series=series, log_x=mc.log_x)
    return ReportChart(name=f"memory-{mc.dimension}", title=chart.title, svg=render_svg(chart),
                       csv="\n".join(rows) + "\n")


def _cost_chart(curves: Sequence[Any]) -> ReportChart | None:
    from .curves import spans_decades
    from .svg_chart import OKABE_ITO, Chart, Series, render_svg

    shown = list(curves)[:4]
    if not shown:
        return None
    kind = shown[0].money_kind
    series = []
    rows = ["gpu,pricing,num_gpus,money_usd,hours"]
    for k, c in enumerate(shown):
        color = OKABE_ITO[k % len(OKABE_ITO)]
        series.append(Series(label=f"{c.gpu_name} · {c.pricing}",
                             points=list(zip(c.counts, c.money, strict=True)), color=color))
        rows += [f"{c.gpu_id},{c.pricing},{n},{m:.4f},{'' if h is None else f'{h:.4f}'}"
                 for n, m, h in zip(c.counts, c.money, c.hours, strict=True)]
    y_label = {"total": "total cost (USD)", "per_month": "cost per month (USD)",
               "per_hour": "price per hour (USD)"}[kind]
    chart = Chart(title="Cost by number of GPUs", x_label="number of GPUs", y_label=y_label,
                  series=series, log_y=spans_decades([m for c in shown for m in c.money]))
    svg = render_svg(chart)
    charts_h = []
    for k, c in enumerate(shown):
        if all(h is not None for h in c.hours):
            charts_h.append(Series(label=f"{c.gpu_name} · {c.pricing}", dashed=True,
                                   points=list(zip(c.counts, c.hours, strict=True)),
                                   color=OKABE_ITO[k % len(OKABE_ITO)]))
    if charts_h:
        hchart = Chart(title="Hours by number of GPUs", x_label="number of GPUs",
                       y_label="hours", series=charts_h,
                       log_y=spans_decades([p[1] for s in charts_h for p in s.points]))
        svg = svg + "\n" + render_svg(hchart)
    return ReportChart(name="cost-by-gpus", title="Cost and hours by number of GPUs", svg=svg,
                       csv="\n".join(rows) + "\n")


def price_sources(options: Sequence[Any], prices: Sequence[PriceOffer]) -> list[PriceSource]:
    """The catalog offers behind ``options``, each once, in the options' order.

    Matched by GPU, provider, pricing and observed date.
    """
    out: list[PriceSource] = []
    seen: set[tuple[str, str, str, str]] = set()
    for o in options:
        if not o.provider:
            continue
        matches = [p for p in prices if p.gpu_id == o.gpu_id and p.provider == o.provider
                   and p.pricing == o.pricing]
        exact = [p for p in matches if p.observed == o.price_observed] or matches
        for p in exact[:1]:
            key = (p.gpu_id, p.provider, p.pricing, p.observed)
            if key in seen:
                continue
            seen.add(key)
            out.append(PriceSource(gpu_id=p.gpu_id, provider=p.provider, pricing=p.pricing,
                                   amount_per_gpu_hour=p.price_per_gpu_hour, currency=p.currency,
                                   observed=p.observed or "unknown",
                                   source=p.source or "(no source recorded)"))
    return out


def build_report(w: Workload, options: Sequence[Any], gpus: Sequence[GpuSpec],
                 prices: Sequence[PriceOffer], *, notes: Sequence[str] = (), top: int = 10,
                 model_name: str = "", model_ref: str | None = None,
                 generated: str | None = None, goal: str = "cheapest") -> Report:
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
        generated: ISO date written on the report (default: today).
        goal: the ranking goal (for the stated tie-break).

    Raises:
        ValueError: when the workload cannot be estimated.
    """
    import datetime as _dt

    from .curves import available_dimensions, candidate_gpus, cost_curves, memory_curves
    from .fit import solve_fit
    from .launch_config import launch_config

    rec_like = _RecLike(tuple(options))
    groups = one_row_per_gpu(options, top)
    listed = [g[0] for g in groups]
    best = listed[0] if listed and listed[0].fits else None
    decimals = money_decimals([t for g in groups for t in map(_total, [g[0], *g[1]])
                               if t is not None])
    assumptions: list[str] = []
    if best is not None:
        assumptions += [*best.memory.assumptions, *best.throughput.assumptions,
                        *best.cost.assumptions]
    cands = candidate_gpus(rec_like, gpus, w.gpu)  # type: ignore[arg-type]
    dim_names = {"batch": "batch size", "seq_len": "context (tokens)", "lora_r": "LoRA rank"}
    charts: list[ReportChart] = []
    fits: list[tuple[str, str, str, str]] = []
    for dim in available_dimensions(w):
        try:
            mc = memory_curves(w, cands, dim)
        except ValueError:
            continue
        charts.append(_curve_chart(mc, dim_names[dim]))
        for c in mc.curves:
            f = c.fit
            fits.append((c.gpu_name, dim_names[dim],
                         "none" if f.value is None else f"{f.value:,}"
                         + (" (limit)" if f.at_limit else ""),
                         f"{f.total_bytes / GiB:.2f} of {f.capacity_bytes / GiB:.2f}"))
    if w.task == "inference" and w.framework.lower() in ("vllm", "sglang") and cands:
        for g in cands:
            f = solve_fit(w, g, "concurrency")
            fits.append((g.name, "concurrent sequences", "none" if f.value is None
                         else f"{f.value:,}", f"{f.total_bytes / GiB:.2f} of "
                         f"{f.capacity_bytes / GiB:.2f}"))
    cost = _cost_chart(cost_curves(rec_like))  # type: ignore[arg-type]
    if cost is not None:
        charts.append(cost)
    launch, launch_note = None, ""
    if best is not None:
        card = next((g for g in gpus if g.id == best.gpu_id), None)
        try:
            cfg = launch_config(w, best, model_ref,
                                gpu_memory_gb=card.memory_gb if card is not None else None)
            launch = cfg.model_dump()
        except ValueError as exc:
            launch_note = str(exc)
    else:
        launch_note = "No option fits, so there is nothing to launch."
    name = model_name or (w.model.name if w.model is not None and w.model.name else w.model_id or "")
    return Report(
        title=f"GPU plan: {w.task} {name}".strip(),
        generated=generated or _dt.date.today().isoformat(),
        job=tuple(_job_rows(w, name)), assumptions=tuple(dict.fromkeys(assumptions)),
        options=tuple(_option_row(o, others, decimals) for o, others in groups), fits=tuple(fits),
        charts=tuple(charts), prices=tuple(price_sources(listed, prices)), launch=launch,
        launch_note=launch_note,
        tie_break=tie_break_rule(goal), notes=tuple(notes))


@dataclass(frozen=True)
class _RecLike:
    """The part of a Recommendation the curve helpers read (``options``)."""

    options: tuple[Any, ...]


OPTION_COLUMNS = (("rank", "#"), ("gpu", "GPU"), ("count", "n"), ("fits", "fits"),
                  ("memory", "memory per GPU"), ("provider", "provider"), ("pricing", "pricing"),
                  ("per_hour", "$/h (all GPUs)"), ("hours", "hours"), ("total", "total"),
                  ("others", "other counts"))
"""Columns of the ranked-options table: one row per GPU type, its best count first."""


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def render_markdown(r: Report, chart_links: dict[str, str] | None = None) -> str:
    """The report as Markdown.

    ``chart_links`` maps chart name → image path (written beside the file by the caller);
    without it the charts are listed by title only.
    """
    out = [f"# {r.title}", "", f"Written by gpupicker on {r.generated}. Offline estimate: check "
           "the assumptions below before you rent.", "", "## Job", "", "| | |", "|---|---|"]
    out += [f"| {k} | {_md_cell(v)} |" for k, v in r.job]
    out += ["", "## Ranked options", "", f"Tie-break: {r.tie_break}", "",
            "| " + " | ".join(h for _, h in OPTION_COLUMNS) + " |",
            "|" + "---|" * len(OPTION_COLUMNS)]
    for o in r.options:
        out.append("| " + " | ".join(_md_cell(o[k]) for k, _ in OPTION_COLUMNS) + " |")
    out += [""] + [f"{i + 1}. {_md_cell(o['gpu'])} × {o['count']}: {o['reason']}"
                   for i, o in enumerate(r.options[:5])]
    if r.fits:
        out += ["", "## What fits", "", "| GPU | largest | value | GiB per GPU at it |",
                "|---|---|---|---|"]
        out += [f"| {_md_cell(g)} | {d} | {v} | {m} |" for g, d, v, m in r.fits]
    if r.charts:
        out += ["", "## Plots", ""]
        for c in r.charts:
            link = (chart_links or {}).get(c.name)
            out.append(f"![{c.title}]({link})" if link else f"- {c.title}")
    out += ["", "## Assumptions", ""] + [f"- {a}" for a in r.assumptions]
    if r.notes:
        out += ["", "## Notes", ""] + [f"- {n}" for n in r.notes]
    out += ["", "## Prices used", "", "| GPU | provider | pricing | per GPU-hour | observed | source |",
            "|---|---|---|---|---|---|"]
    out += [f"| {p.gpu_id} | {_md_cell(p.provider)} | {p.pricing} | {p.amount_per_gpu_hour:g} "
            f"{p.currency} | {p.observed} | {_md_cell(p.source)} |" for p in r.prices]
    out += ["", "## Launch", ""]
    if r.launch:
        out += [f"Engine: {r.launch['engine']}", "", "```sh", r.launch["command"], "```", ""]
        out += [f"- assumes: {a}" for a in r.launch["assumptions"]]
        out += [f"- warning: {x}" for x in r.launch["warnings"]]
        out += ["", "SkyPilot `task.yaml`:", "", "```yaml", r.launch["skypilot_yaml"].rstrip(), "```",
                "", "dstack `.dstack.yml`:", "", "```yaml", r.launch["dstack_yaml"].rstrip(), "```"]
    else:
        out.append(r.launch_note)
    return "\n".join(out) + "\n"


def render_html(r: Report, image_src: dict[str, str] | None = None) -> str:
    """The report as one self-contained HTML page (charts inline as SVG).

    ``image_src`` maps chart name → an ``<img>`` source to use instead of the inline SVG
    (the PDF writer passes Qt resource names, since QTextDocument does not render inline SVG).
    """
    from html import escape as e

    css = ("body{font-family:sans-serif;max-width:1000px;margin:auto;font-size:9pt}"
           "table{border-collapse:collapse;margin:6px 0}td,th{border:1px solid #bbb;padding:3px 6px;"
           "text-align:left;vertical-align:top}th{background:#eef}pre{background:#f6f6f6;padding:6px;"
           "white-space:pre-wrap}")
    h = [f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{e(r.title)}</title>"
         f"<style>{css}</style></head><body>", f"<h1>{e(r.title)}</h1>",
         f"<p>Written by gpupicker on {e(r.generated)}. Offline estimate: check the assumptions "
         "below before you rent.</p>", "<h2>Job</h2><table>"]
    h += [f"<tr><th>{e(k)}</th><td>{e(v)}</td></tr>" for k, v in r.job]
    h += ["</table>", "<h2>Ranked options</h2>", f"<p>Tie-break: {e(r.tie_break)}</p>",
          "<table><tr>" + "".join(f"<th>{e(t)}</th>" for _, t in OPTION_COLUMNS) + "</tr>"]
    for o in r.options:
        h.append("<tr>" + "".join(f"<td>{e(o[k])}</td>" for k, _ in OPTION_COLUMNS) + "</tr>")
    h.append("</table><ol>" + "".join(f"<li>{e(o['gpu'])} × {e(o['count'])}: {e(o['reason'])}</li>"
                                      for o in r.options[:5]) + "</ol>")
    if r.fits:
        h.append("<h2>What fits</h2><table><tr><th>GPU</th><th>largest</th><th>value</th>"
                 "<th>GiB per GPU at it</th></tr>")
        h += [f"<tr><td>{e(g)}</td><td>{e(d)}</td><td>{e(v)}</td><td>{e(m)}</td></tr>"
              for g, d, v, m in r.fits]
        h.append("</table>")
    if r.charts:
        h.append("<h2>Plots</h2>")
        for c in r.charts:
            src = (image_src or {}).get(c.name)
            h.append(f"<p><img src='{e(src)}' width='600'></p>" if src else f"<div>{c.svg}</div>")
    h.append("<h2>Assumptions</h2><ul>" + "".join(f"<li>{e(a)}</li>" for a in r.assumptions)
             + "</ul>")
    if r.notes:
        h.append("<h2>Notes</h2><ul>" + "".join(f"<li>{e(n)}</li>" for n in r.notes) + "</ul>")
    h.append("<h2>Prices used</h2><table><tr><th>GPU</th><th>provider</th><th>pricing</th>"
             "<th>per GPU-hour</th><th>observed</th><th>source</th></tr>")
    h += [f"<tr><td>{e(p.gpu_id)}</td><td>{e(p.provider)}</td><td>{e(p.pricing)}</td>"
          f"<td>{p.amount_per_gpu_hour:g} {e(p.currency)}</td><td>{e(p.observed)}</td>"
          f"<td>{e(p.source)}</td></tr>" for p in r.prices]
    h.append("</table><h2>Launch</h2>")
    if r.launch:
        h.append(f"<p>Engine: {e(r.launch['engine'])}</p><pre>{e(r.launch['command'])}</pre><ul>"
                 + "".join(f"<li>assumes: {e(a)}</li>" for a in r.launch["assumptions"])
                 + "".join(f"<li>warning: {e(x)}</li>" for x in r.launch["warnings"]) + "</ul>")
        h.append(f"<p>SkyPilot task.yaml</p><pre>{e(r.launch['skypilot_yaml'])}</pre>")
        h.append(f"<p>dstack .dstack.yml</p><pre>{e(r.launch['dstack_yaml'])}</pre>")
    else:
        h.append(f"<p>{e(r.launch_note)}</p>")
    h.append("</body></html>")
    return "\n".join(h)


def write_text_report(r: Report, path: str | Path) -> list[Path]:
    """Write ``r`` as Markdown or HTML by the extension of ``path``; returns the files written.

    Markdown charts go beside it as ``<stem>-<chart>.svg`` (and their data as ``.csv``).

    Raises:
        ValueError: for an extension other than ``.md`` / ``.html`` (PDF: ``ui.report_pdf``).
        OSError: when a file cannot be written.
    """
    p = Path(path)
    ext = p.suffix.lower()
    written = [p]
    if ext == ".md":
        links = {}
        for c in r.charts:
            svg = p.with_name(f"{p.stem}-{c.name}.svg")
            svg.write_text(_first_svg_or_all(c.svg), encoding="utf-8")
            p.with_name(f"{p.stem}-{c.name}.csv").write_text(c.csv, encoding="utf-8")
            links[c.name] = svg.name
            written += [svg, p.with_name(f"{p.stem}-{c.name}.csv")]
        p.write_text(render_markdown(r, links), encoding="utf-8")
    elif ext in (".html", ".htm"):
        p.write_text(render_html(r), encoding="utf-8")
    else:
        raise ValueError(f"report format {ext or '(none)'} is not known; use .md, .html or .pdf")
    return written


def split_svgs(svg: str) -> list[str]:
    """The standalone SVG documents in a chart's ``svg`` text (a cost chart holds two)."""
    parts = [s.strip() for s in svg.split("</svg>") if s.strip()]
    return [s + "\n</svg>" for s in parts]


def _first_svg_or_all(svg: str) -> str:
    """One file per chart: several SVGs are stacked into one outer SVG."""
    docs = split_svgs(svg)
    if len(docs) == 1:
        return docs[0]
    import re as _re

    heights = [int(_re.search(r'height="(\d+)"', d).group(1)) for d in docs]  # type: ignore[union-attr]
    widths = [int(_re.search(r'width="(\d+)"', d).group(1)) for d in docs]  # type: ignore[union-attr]
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{max(widths)}" height="{sum(heights)}">']
    y = 0
    for d, hgt in zip(docs, heights, strict=True):
        out.append(d.replace("<svg ", f'<svg y="{y}" ', 1))
        y += hgt
    out.append("</svg>")
    return "\n".join(out)
