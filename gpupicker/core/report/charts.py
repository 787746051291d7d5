"""The report's charts: memory against a dimension, cost and hours against the GPU count.

Each is drawn as SVG (:mod:`.svg_chart`) with its data rows as CSV.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict

from ..messages import Message, Text, msg
from ..pricing.money import USD, Money
from ..text.text_safety import csv_text
from ..units import GiB
from .tables import named


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


MONEY_AXIS_IDS: dict[str, str] = {
    "total": "report.chart.total",
    "per_month": "report.chart.per_month",
    "per_hour": "report.chart.per_hour",
}
"""The cost axis label of each ``money_kind`` (core.ranking.summary)."""


def memory_chart(mc: Any, dim_label: Message) -> ReportChart:
    """GiB per GPU against one dimension for the candidate cards, each with its capacity line."""
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


def cost_chart(curves: Sequence[Any], money: Money = USD) -> ReportChart | None:
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
    y_label = msg(MONEY_AXIS_IDS[kind], currency=(money.currency or "USD").upper())
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
