"""The same job on two or more plans, side by side: memory, speed, time and cost, differences marked.

A scenario is a named workload and the option gpupicker would pick for it (the first of its
ranking, or the one for the GPU × count the workload names). :func:`compare` lays them out as
rows of one metric each; a cell that differs from the first scenario's carries its change
("+35 %", "fits → does not fit"), so the CLI, the window and the report highlight the same cells.
Pure: the ranking itself is ``core.recommend``'s (through ``service.recommendation``).
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from ..messages import Message, Text, msg
from ..pricing.money import USD, Money
from ..results import Option
from ..tasks import TRAINING_TASKS
from ..units import GiB
from ..workload import Workload

SAME_WITHIN = 0.01
"""Two figures within 1 % of each other are shown as the same (speeds and costs are estimates
whose ranges are wider than that)."""


class Scenario(BaseModel):
    """One column of a comparison.

    Attributes:
        name: what the user calls it (the file name).
        workload: the job as compared.
        option: the option picked for it; None when nothing was ranked (then ``why`` says why).
        why: the reason no option exists (a Message), empty otherwise.
    """

    model_config = ConfigDict(frozen=True)

    name: str
    workload: Workload
    option: Option | None = None
    why: Text = ""


class Cell(BaseModel):
    """One value: its text, its number (None for text rows) and its change from the first.

    Attributes:
        text: the value as shown (units included).
        value: the number compared (GiB, tokens/s, hours, USD …), None for text.
        change: "" for the first scenario and for equal values; else "+35 %", "−12 %" (numbers),
            "≠" (text), or "— → 3.2" where only one of the two has a value.
    """

    model_config = ConfigDict(frozen=True)

    text: Text
    value: float | None = None
    change: str = ""

    @property
    def differs(self) -> bool:
        """True when this cell differs from the first scenario's."""
        return bool(self.change)


class Row(BaseModel):
    """One metric over all scenarios.

    Attributes:
        metric: the row's label (a Message, translated by the UI).
        unit: its unit as shown (``GiB``, ``tokens/s``, ``h``, the currency), "" for text.
        cells: one per scenario, in order.
    """

    model_config = ConfigDict(frozen=True)

    metric: Text
    unit: str = ""
    cells: tuple[Cell, ...]


class Comparison(BaseModel):
    """Scenarios and their rows.

    Attributes:
        names: the scenarios' names, in order.
        rows: the metrics.
        notes: a Message per scenario that has no option.
    """

    model_config = ConfigDict(frozen=True)

    names: tuple[str, ...]
    rows: tuple[Row, ...]
    notes: tuple[Text, ...] = ()


def _pct(base: float, value: float) -> str:
    if base == 0:
        return "" if value == 0 else "+∞"
    rel = value / base - 1
    if abs(rel) < SAME_WITHIN:
        return ""
    return f"{'+' if rel > 0 else '−'}{abs(rel) * 100:.0f} %"


def _speed(w: Workload, o: Option) -> tuple[float | None, str]:
    t = o.throughput
    if w.task in TRAINING_TASKS:
        return t.train_tokens_per_s, "tokens/s"
    if t.seconds_per_image is not None:
        return t.seconds_per_image, "s/image"
    if t.output_tokens_per_s is not None:
        return t.output_tokens_per_s, "tokens/s"
    return t.aggregate_decode_tokens_per_s or t.decode_tokens_per_s, "tokens/s"


def compare(scenarios: Sequence[Scenario], money: Money = USD) -> Comparison:
    """Rows of memory, speed, time and cost for ``scenarios`` (at least two), in ``money``.

    Raises:
        ValueError: for fewer than two scenarios.
    """
    if len(scenarios) < 2:
        raise ValueError("compare needs at least two scenarios")
    opts = [s.option for s in scenarios]

    def text_row(metric: Message, texts: list[str] | list[Message | str]) -> Row:
        first = texts[0]
        cells = tuple(Cell(text=t, change="" if i == 0 or t == first else "≠") for i, t in enumerate(texts))
        return Row(metric=metric, cells=cells)

    def num_row(metric: Message, unit: str, values: list[float | None], fmt: str) -> Row:
        base = values[0]
        cells = []
        for i, v in enumerate(values):
            text = "—" if v is None else format(v, fmt)
            change = ""
            if i and v is not None and base is not None:
                change = _pct(base, v)
            elif i and (v is None) != (base is None):
                change = f"{'—' if base is None else format(base, fmt)} → {text}"
            cells.append(Cell(text=text, value=v, change=change))
        return Row(metric=metric, unit=unit, cells=tuple(cells))

    def plan(o: Option | None) -> str:
        if o is None:
            return "—"
        where = f", {o.provider}" if o.provider else ""
        return f"{o.num_gpus} × {o.gpu_name}{where}"

    rows = [
        text_row(msg("compare.metric.model"), [_model_name(s.workload) for s in scenarios]),
        text_row(msg("compare.metric.task"), [s.workload.task for s in scenarios]),
        text_row(msg("compare.metric.engine"), [s.workload.framework for s in scenarios]),
        text_row(msg("compare.metric.weights"), [s.workload.weights_dtype for s in scenarios]),
        text_row(msg("compare.metric.plan"), [plan(o) for o in opts]),
        text_row(
            msg("compare.metric.fits"),
            ["—" if o is None else msg("compare.yes" if o.fits else "compare.no") for o in opts],
        ),
        num_row(
            msg("compare.metric.memory"),
            "GiB",
            [None if o is None else o.memory.total_bytes / GiB for o in opts],
            ".1f",
        ),
    ]
    speeds = [
        (None, "tokens/s") if o is None else _speed(s.workload, o)
        for s, o in zip(scenarios, opts, strict=True)
    ]
    unit = next((u for v, u in speeds if v is not None), "tokens/s")
    speed_fmt = ",.0f" if unit == "tokens/s" else ".2f"
    rows.append(
        num_row(msg("compare.metric.speed"), unit, [v if u == unit else None for v, u in speeds], speed_fmt)
    )
    rows.append(
        num_row(msg("compare.metric.hours"), "h", [None if o is None else o.cost.hours for o in opts], ",.2f")
    )
    per_hour = [None if o is None else money.from_usd(o.cost.usd_per_hour) for o in opts]
    rows.append(num_row(msg("compare.metric.per_hour"), money.currency, per_hour, ",.2f"))
    serving = any(o is not None and o.cost.usd_per_month is not None for o in opts)
    if serving:
        rows.append(
            num_row(
                msg("compare.metric.per_month"),
                money.currency,
                [None if o is None else money.from_usd(o.cost.usd_per_month) for o in opts],
                ",.0f",
            )
        )
    rows.append(
        num_row(
            msg("compare.metric.total"),
            money.currency,
            [None if o is None else money.from_usd(o.cost.usd_total) for o in opts],
            ",.2f",
        )
    )
    notes = tuple(
        msg("compare.no_option", name=s.name, why=s.why or msg("compare.nothing_ranked"))
        for s in scenarios
        if s.option is None
    )
    return Comparison(names=tuple(s.name for s in scenarios), rows=tuple(rows), notes=notes)


def _model_name(w: Workload) -> str:
    if w.model_id:
        return w.model_id
    name = getattr(w.model, "name", "") if w.model is not None else ""
    return str(name) or "—"


def comparison_markdown(c: Comparison) -> str:
    """``c`` as a Markdown table; differing cells in bold with their change (for reports)."""
    head = "| | " + " | ".join(_md(n) for n in c.names) + " |"
    lines = [head, "|---" * (len(c.names) + 1) + "|"]
    for r in c.rows:
        label = str(r.metric) + (f" ({r.unit})" if r.unit else "")
        cells = [(f"**{_md(x.text)}** ({_md(x.change)})" if x.differs else _md(x.text)) for x in r.cells]
        lines.append(f"| {_md(label)} | " + " | ".join(cells) + " |")
    lines += [f"\n{n}" for n in c.notes]
    return "\n".join(lines) + "\n"


def _md(text: str) -> str:
    """Text safe inside a Markdown table cell: no pipes, newlines or raw HTML."""
    return (
        text.replace("\\", "\\\\")
        .replace("|", "\\|")
        .replace("\n", " ")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
    )


__all__ = ["SAME_WITHIN", "Cell", "Comparison", "Row", "Scenario", "compare", "comparison_markdown"]
