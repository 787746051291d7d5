"""A small, dependency-free SVG line chart for reports (HTML, Markdown, and PDF through Qt).

The GUI draws with pyqtgraph; a report written from the command line has no Qt
widgets, so its charts are drawn here from the same ``core.curves`` data: series of
(x, y) points, optional horizontal reference lines (capacity), marked points
(crossings), linear or log-10 axes. Colours are the Okabe–Ito palette
(https://jfly.uni-koeln.de/color/), safe for the common colour-vision deficiencies.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape

OKABE_ITO: tuple[str, ...] = (
    "#0072B2",
    "#E69F00",
    "#009E73",
    "#CC79A7",
    "#D55E00",
    "#56B4E9",
    "#000000",
    "#F0E442",
)


@dataclass
class Series:
    """One line of a chart.

    ``points`` (x, y) in data units, a legend ``label``, optional ``dashed``, horizontal
    ``hline`` (a y value, e.g. capacity) and ``mark`` (one (x, y) point).
    """

    label: str
    points: Sequence[tuple[float, float]]
    dashed: bool = False
    hline: float | None = None
    mark: tuple[float, float] | None = None
    mark_label: str = ""
    color: str = ""


@dataclass
class Chart:
    """A chart: title, axis labels, series, log axes; ``width``/``height`` in px."""

    title: str
    x_label: str
    y_label: str
    series: list[Series] = field(default_factory=list)
    log_x: bool = False
    log_y: bool = False
    width: int = 640
    height: int = 360


def _ticks(lo: float, hi: float, log: bool) -> list[float]:
    if log:
        a, b = math.floor(math.log10(lo)), math.ceil(math.log10(hi))
        return [10.0**k for k in range(a, b + 1)]
    span = hi - lo or 1.0
    step = 10 ** math.floor(math.log10(span / 5))
    for m in (1, 2, 5, 10):
        if span / (step * m) <= 6:
            step *= m
            break
    start = math.ceil(lo / step) * step
    out, v = [], start
    while v <= hi + 1e-9 * span:
        out.append(round(v, 10))
        v += step
    return out


def _fmt(v: float) -> str:
    if v == 0:
        return "0"
    a = abs(v)
    if a >= 1e6:
        return f"{v / 1e6:g}M"
    if a >= 1e4:
        return f"{v / 1e3:g}k"
    return f"{v:g}" if a >= 0.01 else f"{v:.1e}"


def _width(text: str) -> int:
    """Width of ``text`` in Latin characters: a wide or full-width one (Chinese) counts 2."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def render_svg(chart: Chart) -> str:
    """The chart as a standalone SVG document (UTF-8 text)."""
    W, H = chart.width, chart.height
    left, right, top = 70, 20, 30
    cols = 1 if any(_width(x.label) > 38 for x in chart.series) else 2
    bottom = 58 + 14 * ((len(chart.series) + cols - 1) // cols)
    H = max(H, top + bottom + 160)
    pw, ph = W - left - right, H - top - bottom
    xs = [p[0] for s in chart.series for p in s.points] + [s.mark[0] for s in chart.series if s.mark]
    ys = [p[1] for s in chart.series for p in s.points] + [
        s.hline for s in chart.series if s.hline is not None
    ]
    if chart.log_x:
        xs = [x for x in xs if x > 0]
    if chart.log_y:
        ys = [y for y in ys if y > 0]
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
        f'viewBox="0 0 {W} {H}" font-family="sans-serif" font-size="11">',
        f'<rect width="{W}" height="{H}" fill="white"/>',
        f'<text x="{W / 2}" y="18" text-anchor="middle" font-size="13">{escape(chart.title)}</text>',
    ]
    if not xs or not ys:
        out.append(f'<text x="{W / 2}" y="{H / 2}" text-anchor="middle">no data</text></svg>')
        return "\n".join(out)
    x0, x1 = min(xs), max(xs)
    y0, y1 = min(ys), max(ys)
    if not chart.log_y:
        y0 = min(0.0, y0)
        y1 = y1 * 1.05 if y1 > 0 else 1.0
    if x1 == x0:
        x1 = x0 * 2 if chart.log_x else x0 + 1
    if y1 == y0:
        y1 = y0 * 2 if chart.log_y else y0 + 1

    def tx(v: float) -> float:
        if chart.log_x:
            return left + pw * (math.log10(v) - math.log10(x0)) / (math.log10(x1) - math.log10(x0))
        return left + pw * (v - x0) / (x1 - x0)

    def ty(v: float) -> float:
        if chart.log_y:
            return top + ph * (1 - (math.log10(v) - math.log10(y0)) / (math.log10(y1) - math.log10(y0)))
        return top + ph * (1 - (v - y0) / (y1 - y0))

    out.append(f'<rect x="{left}" y="{top}" width="{pw}" height="{ph}" fill="none" stroke="#888"/>')
    for t in _ticks(x0, x1, chart.log_x):
        if x0 <= t <= x1:
            X = tx(t)
            out.append(f'<line x1="{X:.1f}" y1="{top}" x2="{X:.1f}" y2="{top + ph}" stroke="#eee"/>')
            out.append(f'<text x="{X:.1f}" y="{top + ph + 14}" text-anchor="middle">{_fmt(t)}</text>')
    for t in _ticks(y0, y1, chart.log_y):
        if y0 <= t <= y1:
            Y = ty(t)
            out.append(f'<line x1="{left}" y1="{Y:.1f}" x2="{left + pw}" y2="{Y:.1f}" stroke="#eee"/>')
            out.append(f'<text x="{left - 6}" y="{Y + 4:.1f}" text-anchor="end">{_fmt(t)}</text>')
    out.append(
        f'<text x="{left + pw / 2}" y="{top + ph + 32}" text-anchor="middle">{escape(chart.x_label)}</text>'
    )
    out.append(
        f'<text transform="translate(16 {top + ph / 2}) rotate(-90)" text-anchor="middle">'
        f"{escape(chart.y_label)}</text>"
    )
    for k, s in enumerate(chart.series):
        color = s.color or OKABE_ITO[k % len(OKABE_ITO)]
        pts = [
            (tx(x), ty(y)) for x, y in s.points if (x > 0 or not chart.log_x) and (y > 0 or not chart.log_y)
        ]
        dash = ' stroke-dasharray="6 4"' if s.dashed else ""
        if len(pts) > 1:
            d = " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)
            out.append(f'<polyline points="{d}" fill="none" stroke="{color}" stroke-width="2"{dash}/>')
        for x, y in pts if len(pts) <= 12 else ():
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{color}"/>')
        if s.hline is not None and y0 <= s.hline <= y1:
            Y = ty(s.hline)
            out.append(
                f'<line x1="{left}" y1="{Y:.1f}" x2="{left + pw}" y2="{Y:.1f}" '
                f'stroke="{color}" stroke-dasharray="4 3"/>'
            )
        if s.mark is not None:
            mx, my = tx(s.mark[0]), ty(s.mark[1])
            out.append(f'<circle cx="{mx:.1f}" cy="{my:.1f}" r="5" fill="{color}" stroke="black"/>')
            if s.mark_label:
                dy = -8 if k % 2 == 0 else 16
                out.append(
                    f'<text x="{mx + 6:.1f}" y="{my + dy:.1f}" fill="{color}">{escape(s.mark_label)}</text>'
                )
        # legend under the plot, one or two columns
        lx = left + (k % cols) * (pw / 2)
        ly = top + ph + 54 + (k // cols) * 14
        out.append(
            f'<line x1="{lx:.1f}" y1="{ly - 4}" x2="{lx + 18:.1f}" y2="{ly - 4}" '
            f'stroke="{color}" stroke-width="2"{dash}/>'
        )
        out.append(f'<text x="{lx + 24:.1f}" y="{ly}">{escape(s.label)}</text>')
    out.append("</svg>")
    return "\n".join(out)


__all__ = ["OKABE_ITO", "Chart", "Series", "render_svg"]
