"""The report written out: Markdown, HTML (and, through ``ui.results.report_pdf``, PDF).

:func:`gpupicker.core.report.build.build_report` computes a :class:`~gpupicker.core.report.build.Report`
whose texts are Messages; the functions here lay it out, each text written by a
:class:`TextRenderer` — English as core wrote it by default (the CLI), or the UI's language
(File › Export report…, ``ui.i18n.core_messages.message_renderer``). The charts' titles,
axis labels and legends go through the same renderer (:func:`chart_svg`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from ..messages import Message, Translate, msg, verbatim
from ..pricing.money import format_amount
from ..text.safe_write import write_text
from ..text.text_safety import md_text
from .build import PriceSource, Report
from .charts import ReportChart
from .tables import currency_symbol, named


@dataclass(frozen=True)
class TextRenderer:
    """How a report's texts are written: English (the default) or a UI's language.

    ``translate`` and ``name`` are what :meth:`~gpupicker.core.messages.Message.render` takes
    (English template or joiner separator → the language's; a GPU or provider display name →
    its localized name; ``gpupicker.ui.i18n.core_messages.message_renderer`` gives the UI's).
    Call it on any report text; a text that is not a Message (a user's own name) is written as
    it is.
    """

    translate: Translate | None = None
    name: Callable[[str], str] | None = None
    prepare: Callable[[Message], Message] | None = None
    """Rewrites a message's parameters before rendering (a Chinese report: counts in 万 / 亿,
    display names for stored codes; ``gpupicker.ui.i18n.core_messages.zh_params``)."""

    def __call__(self, text: str) -> str:
        """``text`` in this renderer's language (a Message by its id, other text as it is)."""
        if isinstance(text, Message):
            m = self.prepare(text) if self.prepare is not None else text
            return m.render(self.translate, self.name)
        return str(text)

    @property
    def english(self) -> bool:
        """True when every text is written as core wrote it (the CLI's report)."""
        return self.translate is None and self.name is None and self.prepare is None


ENGLISH = TextRenderer()
"""The report as core writes it (the CLI's ``gpupicker report``)."""


FIT_HEADS = ("report.fits.gpu", "report.fits.largest", "report.fits.value", "report.fits.gib")
"""Message ids of the what-fits table's columns."""
PRICE_HEADS = (
    "report.prices.gpu",
    "report.prices.provider",
    "report.prices.pricing",
    "report.prices.per_gpu_hour",
    "report.prices.observed",
    "report.prices.source",
)
"""Message ids of the price table's columns."""


def chart_svg(c: ReportChart, render: TextRenderer | None = None) -> str:
    """The SVG text of chart ``c``, titles, axis labels and legend in ``render``'s language.

    ``c.svg`` itself in English.
    """
    if render is None or render.english or not c.plots:
        return c.svg
    from dataclasses import replace

    from .svg_chart import render_svg

    return "\n".join(
        render_svg(
            replace(
                p,
                title=render(p.title),
                x_label=render(p.x_label),
                y_label=render(p.y_label),
                series=[replace(s, label=render(s.label)) for s in p.series],
            )
        )
        for p in c.plots
    )


_COLUMN_IDS = (
    ("rank", "report.col.rank"),
    ("gpu", "report.col.gpu"),
    ("count", "report.col.count"),
    ("fits", "report.col.fits"),
    ("memory", "report.col.memory"),
    ("provider", "report.col.provider"),
    ("pricing", "report.col.pricing"),
    ("per_hour", "report.col.per_hour"),
    ("hours", "report.col.hours"),
    ("total", "report.col.total"),
    ("others", "report.col.others"),
)


def _per_gpu_hour(p: PriceSource, currency: str) -> str:
    """The source's price in its own currency, two decimals from 1 up and four below.

    In the report's ``currency`` with its symbol (``¥2.80``; was ``2.8 CNY``), another
    currency by its code (``0.1600 USD``: a ¥ report shows no $).
    """
    digits = 2 if p.amount_per_gpu_hour >= 1 else 4
    if (p.currency or "USD").upper() == (currency or "USD").upper():
        return format_amount(p.amount_per_gpu_hour, p.currency, digits)
    return f"{p.amount_per_gpu_hour:,.{digits}f} {p.currency}"


def option_columns(currency: str = "USD") -> tuple[tuple[str, Message], ...]:
    """(row key, header) of the ranked-options table, prices per hour in ``currency``."""
    return tuple(
        (k, msg(i, symbol=currency_symbol(currency).strip()) if k == "per_hour" else msg(i))
        for k, i in _COLUMN_IDS
    )


def _fence(body: str, lang: str) -> list[str]:
    """``body`` as a fenced code block that nothing in it can close.

    Its fence is longer than any backtick run in ``body`` (CommonMark §4.5).
    """
    runs = [len(m) for m in re.findall(r"`+", body)]
    fence = "`" * max(3, max(runs, default=0) + 1)
    return [fence + lang, body, fence]


def render_markdown(
    r: Report, chart_links: dict[str, str] | None = None, render: TextRenderer | None = None
) -> str:
    """The report as Markdown.

    ``chart_links`` maps chart name → image path (written beside the file by the caller);
    without it the charts are listed by title only. ``render`` writes the texts (default:
    English, as core wrote them). Every text is escaped by :func:`~.text_safety.md_text`
    (a GPU, model or provider name is shown as typed: no raw HTML, no link, one line);
    commands and YAML go in fenced blocks that their content cannot close.
    """
    r_ = render or ENGLISH

    def t(text: str) -> str:
        return md_text(r_(text))

    def say(id: str, **params: str | Message) -> str:
        return t(msg(id, **params))

    out = [
        f"# {t(r.title)}",
        "",
        say("report.written", date=r.generated),
        "",
        f"## {say('report.h.job')}",
        "",
        "| | |",
        "|---|---|",
    ]
    out += [f"| {t(k)} | {t(v)} |" for k, v in r.job]
    columns = option_columns(r.currency)
    out += [
        "",
        f"## {say('report.h.options')}",
        "",
        say("report.tie_break_label", rule=r_(r.tie_break)),
        "",
        "| " + " | ".join(r_(h).replace("|", "\\|") for _, h in columns) + " |",
        "|" + "---|" * len(columns),
    ]
    for o in r.options:
        out.append("| " + " | ".join(t(o[k]) for k, _ in columns) + " |")
    out += [""] + [
        f"{i + 1}. "
        + say(
            "report.option_line",
            option=verbatim(r_(o["gpu"])),
            count=verbatim(r_(o["count"])),
            reason=verbatim(r_(o["reason"])),
        )
        for i, o in enumerate(r.options[:5])
    ]
    if r.fits:
        out += [
            "",
            f"## {say('report.h.fits')}",
            "",
            "| " + " | ".join(say(k) for k in FIT_HEADS) + " |",
            "|---|---|---|---|",
        ]
        out += [f"| {t(g)} | {t(d)} | {t(v)} | {t(m)} |" for g, d, v, m in r.fits]
    if r.charts:
        out += ["", f"## {say('report.h.plots')}", ""]
        for c in r.charts:
            link = (chart_links or {}).get(c.name)
            out.append(f"![{t(c.title)}]({quote(link)})" if link else f"- {t(c.title)}")
    out += ["", f"## {say('report.h.assumptions')}", ""] + [f"- {t(a)}" for a in r.assumptions]
    if r.notes:
        out += ["", f"## {say('report.h.notes')}", ""] + [f"- {t(n)}" for n in r.notes]
    heads = PRICE_HEADS
    out += [
        "",
        f"## {say('report.h.prices')}",
        "",
        "| " + " | ".join(say(k) for k in heads) + " |",
        "|---|---|---|---|---|---|",
    ]
    out += [
        f"| {say('report.gpu', gpu=p.gpu_name or p.gpu_id)} | "
        f"{say('report.provider', provider=p.provider)} | "
        f"{t(named('pricing', p.pricing))} | {md_text(_per_gpu_hour(p, r.currency))} | "
        f"{t(p.observed)} | {t(p.source)} |"
        for p in r.prices
    ]
    out += _markdown_launch(r, r_, t, say)
    return "\n".join(out) + "\n"


def render_html(
    r: Report, image_src: dict[str, str] | None = None, render: TextRenderer | None = None
) -> str:
    """The report as one self-contained HTML page (charts inline as SVG).

    ``image_src`` maps chart name → an ``<img>`` source to use instead of the inline SVG
    (the PDF writer passes Qt resource names, since QTextDocument does not render inline SVG).
    ``render`` writes the texts, the charts' too (default: English, as core wrote them).
    """
    from html import escape as e

    t = render or ENGLISH

    def say(id: str, **params: str | Message) -> str:
        return e(t(msg(id, **params)))

    css = (
        "body{font-family:sans-serif;max-width:1000px;margin:auto;font-size:9pt}"
        "table{border-collapse:collapse;margin:6px 0}td,th{border:1px solid #bbb;padding:3px 6px;"
        "text-align:left;vertical-align:top}th{background:#eef}pre{background:#f6f6f6;padding:6px;"
        "white-space:pre-wrap}"
    )
    title = e(t(r.title))
    h = [
        f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{title}</title>"
        f"<style>{css}</style></head><body>",
        f"<h1>{title}</h1>",
        f"<p>{say('report.written', date=r.generated)}</p>",
        f"<h2>{say('report.h.job')}</h2><table>",
    ]
    h += [f"<tr><th>{e(t(k))}</th><td>{e(t(v))}</td></tr>" for k, v in r.job]
    columns = option_columns(r.currency)
    h += [
        "</table>",
        f"<h2>{say('report.h.options')}</h2>",
        f"<p>{say('report.tie_break_label', rule=t(r.tie_break))}</p>",
        "<table><tr>" + "".join(f"<th>{e(t(c))}</th>" for _, c in columns) + "</tr>",
    ]
    for o in r.options:
        h.append("<tr>" + "".join(f"<td>{e(t(o[k]))}</td>" for k, _ in columns) + "</tr>")
    h.append(
        "</table><ol>"
        + "".join(
            "<li>"
            + say("report.option_line", option=t(o["gpu"]), count=t(o["count"]), reason=t(o["reason"]))
            + "</li>"
            for o in r.options[:5]
        )
        + "</ol>"
    )
    if r.fits:
        h.append(
            f"<h2>{say('report.h.fits')}</h2><table><tr>"
            + "".join(f"<th>{say(k)}</th>" for k in FIT_HEADS)
            + "</tr>"
        )
        h += [
            f"<tr><td>{e(t(g))}</td><td>{e(t(d))}</td><td>{e(t(v))}</td><td>{e(t(m))}</td></tr>"
            for g, d, v, m in r.fits
        ]
        h.append("</table>")
    if r.charts:
        h.append(f"<h2>{say('report.h.plots')}</h2>")
        for c in r.charts:
            src = (image_src or {}).get(c.name)
            h.append(f"<p><img src='{e(src)}' width='600'></p>" if src else f"<div>{chart_svg(c, t)}</div>")
    h.append(
        f"<h2>{say('report.h.assumptions')}</h2><ul>"
        + "".join(f"<li>{e(t(a))}</li>" for a in r.assumptions)
        + "</ul>"
    )
    if r.notes:
        h.append(
            f"<h2>{say('report.h.notes')}</h2><ul>"
            + "".join(f"<li>{e(t(n))}</li>" for n in r.notes)
            + "</ul>"
        )
    heads = PRICE_HEADS
    h.append(
        f"<h2>{say('report.h.prices')}</h2><table><tr>"
        + "".join(f"<th>{say(k)}</th>" for k in heads)
        + "</tr>"
    )
    h += [
        f"<tr><td>{say('report.gpu', gpu=p.gpu_name or p.gpu_id)}</td>"
        f"<td>{say('report.provider', provider=p.provider)}</td>"
        f"<td>{e(t(named('pricing', p.pricing)))}</td>"
        f"<td>{e(_per_gpu_hour(p, r.currency))}</td><td>{e(t(p.observed))}</td>"
        f"<td>{e(t(p.source))}</td></tr>"
        for p in r.prices
    ]
    h.append(f"</table><h2>{say('report.h.launch')}</h2>")
    h += _html_launch(r, t, say, e)
    h.append("</body></html>")
    return "\n".join(h)


def _markdown_launch(
    r: Report, r_: TextRenderer, t: Callable[[str], str], say: Callable[..., str]
) -> list[str]:
    """The Markdown launch section, or the sentence why there is none.

    The engine, its command and download in fenced blocks, what it assumes and warns, and the
    SkyPilot and dstack YAML. ``r_`` renders a text, ``t`` renders and escapes it, ``say``
    renders a message id.
    """
    out = ["", f"## {say('report.h.launch')}", ""]
    if r.launch:
        out += [
            say("report.launch.engine", engine=verbatim(r.launch["engine"])),
            "",
            *_fence(r.launch["command"], "sh"),
            "",
        ]
        if r.launch.get("download"):
            out += [say("report.launch.download"), "", *_fence(r.launch["download"], "sh"), ""]
        out += [f"- {say('report.launch.assumes', text=r_(a))}" for a in r.launch["assumptions"]]
        out += [f"- {say('report.launch.warning', text=r_(x))}" for x in r.launch["warnings"]]
        out += [
            "",
            say("report.launch.skypilot_md"),
            "",
            *_fence(r.launch["skypilot_yaml"].rstrip(), "yaml"),
            "",
            say("report.launch.dstack_md"),
            "",
            *_fence(r.launch["dstack_yaml"].rstrip(), "yaml"),
        ]
    else:
        out.append(t(r.launch_note))
    return out


def _html_launch(r: Report, t: TextRenderer, say: Callable[..., str], e: Callable[[str], str]) -> list[str]:
    """The HTML launch section after its heading, or the sentence why there is none.

    The engine, command, download, assumptions, warnings and the SkyPilot and dstack YAML;
    ``t``, ``say`` and the escape ``e`` are :func:`render_html`'s.
    """
    h: list[str] = []
    if r.launch:
        h.append(
            f"<p>{say('report.launch.engine', engine=verbatim(r.launch['engine']))}</p>"
            f"<pre>{e(r.launch['command'])}</pre>"
            + (
                f"<p>{say('report.launch.download')}</p><pre>{e(r.launch['download'])}</pre>"
                if r.launch.get("download")
                else ""
            )
            + "<ul>"
            + "".join(f"<li>{say('report.launch.assumes', text=t(a))}</li>" for a in r.launch["assumptions"])
            + "".join(f"<li>{say('report.launch.warning', text=t(x))}</li>" for x in r.launch["warnings"])
            + "</ul>"
        )
        h.append(f"<p>{say('report.launch.skypilot')}</p><pre>{e(r.launch['skypilot_yaml'])}</pre>")
        h.append(f"<p>{say('report.launch.dstack')}</p><pre>{e(r.launch['dstack_yaml'])}</pre>")
    else:
        h.append(f"<p>{e(t(r.launch_note))}</p>")
    return h


def write_text_report(r: Report, path: str | Path, render: TextRenderer | None = None) -> list[Path]:
    """Write ``r`` as Markdown or HTML by the extension of ``path``; returns the files written.

    Markdown charts go beside it as ``<stem>-<chart>.svg`` (and their data as ``.csv``).
    ``render`` writes the texts, the charts' too (default: English, as core wrote them).

    Raises:
        ValueError: for an extension other than ``.md`` / ``.html`` (PDF: ``ui.report_pdf``);
            ``args[0]`` is the ``report.format_*`` Message.
        NotARegularFileError: a path exists and is not a regular file (core.safe_write).
        OSError: when a file cannot be written.
    """
    p = Path(path)
    ext = p.suffix.lower()
    written = [p]
    if ext == ".md":
        links = {}
        for c in r.charts:
            svg = p.with_name(f"{p.stem}-{c.name}.svg")
            write_text(svg, _first_svg_or_all(chart_svg(c, render)))
            write_text(p.with_name(f"{p.stem}-{c.name}.csv"), c.csv)
            links[c.name] = svg.name
            written += [svg, p.with_name(f"{p.stem}-{c.name}.csv")]
        write_text(p, render_markdown(r, links, render))
    elif ext in (".html", ".htm"):
        write_text(p, render_html(r, render=render))
    else:
        raise ValueError(msg("report.format_unknown", ext=ext) if ext else msg("report.format_none"))
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
