"""What ``gpupicker recommend`` prints: JSON, the text table and the ``--launch`` block.

An option and an advice as JSON, the ``--json`` object, the text table and the ``--launch``
block.

Shared by ``recommend`` and the MCP ``recommend`` tool; :mod:`.recommend` runs the ranking and
parses the arguments.
"""

from __future__ import annotations

from typing import Any

from ..core.planners.advisor import Advice
from ..core.pricing.money import SYMBOLS, USD, Money, amount_decimals
from ..core.pricing.price_kind import PRICE_KINDS
from ..core.ranking.machine_report import cards_json
from ..core.ranking.recommend import Recommendation
from ..core.ranking.shown_rows import (
    hidden_rows_message,
    one_per_gpu_options,
    preferred_option,
    preferred_rank_message,
)
from ..core.results import Option
from ..core.speed.serving import serving_dict
from ..core.text.text_safety import terminal_text
from ..core.units import GiB


def option_dict(o: Option, money: Money = USD) -> dict[str, Any]:
    """One option as the JSON contract's dict (bytes per GPU, USD, hours, tokens/s).

    ``price_per_hour``, ``total`` and ``per_month`` are in the display currency named by
    ``currency`` (the same conversion as the UI, core.money).
    """
    t, c = o.throughput, o.cost

    def shown(usd: float | None) -> float | None:
        amount = money.from_usd(usd)
        return None if amount is None else round(amount, 4)

    return {
        "rank": o.rank,
        "gpu_id": o.gpu_id,
        "gpu_name": o.gpu_name,
        "num_gpus": o.num_gpus,
        "fits": o.fits,
        "within_budget": o.within_budget,
        "total_bytes_per_gpu": o.total_bytes_per_gpu,
        "capacity_bytes_per_gpu": o.capacity_bytes_per_gpu,
        "headroom_bytes": o.headroom_bytes,
        "breakdown": o.memory.breakdown(),
        "provider": o.provider or None,
        "pricing": o.pricing or None,
        "price_observed": o.price_observed or None,
        "price_kind": o.price_kind or None,
        "price_kind_label": PRICE_KINDS.get(o.price_kind) if o.price_kind else None,
        "price_flag": o.price_flag or None,
        "price_flag_reason": o.price_flag_reason or None,
        "break_even_months": None if o.break_even_months is None else round(o.break_even_months, 2),
        "calibration": o.calibration or None,
        "currency": money.currency,
        "price_per_hour": shown(c.usd_per_hour) if o.provider else None,
        "total": shown(c.usd_total),
        "per_month": shown(c.usd_per_month),
        "usd_per_hour": round(c.usd_per_hour, 4) if o.provider else None,
        "usd_total": None if c.usd_total is None else round(c.usd_total, 2),
        "usd_per_month": None if c.usd_per_month is None else round(c.usd_per_month, 2),
        "usd_per_million_tokens": None
        if c.usd_per_million_tokens is None
        else round(c.usd_per_million_tokens, 4),
        "hours": None if c.hours is None else round(c.hours, 3),
        "energy_kwh": None if c.energy_kwh is None else round(c.energy_kwh, 2),
        "kwh_per_million_tokens": None
        if c.kwh_per_million_tokens is None
        else round(c.kwh_per_million_tokens, 4),
        # spot: hours and total with the expected interruptions, and both ends of the rate range
        "spot_interruptions": None if c.spot_interruptions is None else round(c.spot_interruptions, 3),
        "hours_low": None if c.hours_low is None else round(c.hours_low, 3),
        "hours_high": None if c.hours_high is None else round(c.hours_high, 3),
        "usd_total_low": None if c.usd_total_low is None else round(c.usd_total_low, 2),
        "usd_total_high": None if c.usd_total_high is None else round(c.usd_total_high, 2),
        # a ledger snapshot's stock (core.stock)
        "in_stock": o.in_stock or None,
        "stock_gpus": o.stock_gpus,
        "snapshot_at": o.snapshot_at or None,
        "snapshot_stale": o.snapshot_stale,
        "decode_tokens_per_s": t.decode_tokens_per_s,
        "aggregate_decode_tokens_per_s": t.aggregate_decode_tokens_per_s,
        "prefill_tokens_per_s": t.prefill_tokens_per_s,
        "train_tokens_per_s": t.train_tokens_per_s,
        "seconds_per_image": t.seconds_per_image,
        "limit": o.limit,
        "labels": list(o.labels),
        "reason": o.reason,
        "speed_range_pct": t.range_pct,
        "speed_evidence": t.evidence or None,
        "serving": serving_dict(o.serving) if o.serving is not None else None,
        "assumptions": list(t.assumptions) + list(c.assumptions),
        # a machine of unlike cards: each card's share of its layer split (core.mixed_plan)
        **cards_json(o.memory),
    }


def advice_dict(a: Advice) -> dict[str, Any]:
    """One advisor suggestion as a JSON dict."""
    return {
        "action": a.action,
        "description": a.description,
        "changes": a.changes,
        "saves_bytes": a.saves_bytes,
        "new_total_bytes": a.new_total_bytes,
        "fits": a.fits,
        "num_gpus": a.num_gpus,
        "speed_factor": None if a.speed_factor is None else round(a.speed_factor, 3),
        "speed_cost": a.speed_cost,
        "quality_cost": a.quality_cost,
    }


def _fmt_speed(o: Option) -> str:
    t = o.throughput
    if t.train_tokens_per_s:
        return f"{t.train_tokens_per_s:,.0f} tok/s"
    if t.seconds_per_image and o.memory.trainable_params:  # diffusion LoRA: a training image
        return f"{t.seconds_per_image:.2f} s/train-img"
    if t.seconds_per_image:
        return f"{t.seconds_per_image:.1f} s/img"
    if t.decode_tokens_per_s:
        return f"{t.decode_tokens_per_s:,.1f} tok/s"
    return "-"


def _total_cell(usd_total: float | None, usd_per_month: float | None, money: Money) -> str:
    """The total column of the text table, in ``money``'s currency (symbol in the header).

    The money rule of the GUI table, the report and the reasons
    (:func:`~gpupicker.core.pricing.money.amount_decimals`): ``1.17``, ``0.0412``, ``47.14``,
    ``1,234``; a monthly cost ends in ``/mo``; ``-`` when neither is known.
    """
    usd, suffix = (usd_total, "") if usd_total is not None else (usd_per_month, "/mo")
    v = money.from_usd(usd)
    if v is None:
        return "-"
    return f"{v:,.{amount_decimals(v)}f}{suffix}"


def format_table(
    rec: Recommendation,
    top: int | None,
    money: Money = USD,
    *,
    every_count: bool = True,
    preferred: tuple[str, int] | None = None,
) -> str:
    """A readable text table of the ranked options, reasons, notes and advice.

    Money is in the display currency ``money``.

    ``every_count=False`` lists each GPU type once (:func:`one_per_gpu_options`), says how many
    rows that hides, and where the job's own GPU × count (``preferred``) ranks when hidden.
    Catalog text (GPU and provider names, reasons naming them) is shown with its control
    characters escaped (core.text_safety.terminal_text): an escape sequence in a name cannot
    retitle or clear the terminal, a newline cannot split a row.
    """
    shown = list(rec.options) if every_count else one_per_gpu_options(rec.options)
    hidden = len(rec.options) - len(shown)
    opts = shown[:top] if top else shown
    s = terminal_text
    mine = preferred_option(rec.options, preferred)
    sym = SYMBOLS.get(money.currency, money.currency)
    per_h, tot = f"{sym}/h all", f"total {sym}"
    head = (
        f"{'#':>3}  {'GPU':<34} {'n':>2}  {'fits':<4} {'GiB/GPU':>8}  {'provider':<18} "
        f"{'pricing':<11} {per_h:>7} {'hours':>8} {tot:>9}  {'speed':>13}  labels"
    )
    lines = [f"goal: {rec.goal}", head, "-" * len(head)]
    for o in opts:
        c = o.cost
        lines.append(
            f"{o.rank:>3}  {s(o.gpu_name)[:34]:<34} {o.num_gpus:>2}  {'yes' if o.fits else 'NO':<4} "
            f"{o.total_bytes_per_gpu / GiB:>8.1f}  {s(o.provider or '-')[:18]:<18} "
            f"{(o.pricing or '-') + ('!' if o.price_flag else ''):<11} "
            f"{(f'{money.from_usd(c.usd_per_hour):.2f}' if o.provider else '-'):>7} "
            f"{_fmt_hours(c.hours):>8} "
            f"{_total_cell(c.usd_total, c.usd_per_month, money):>9}  "
            f"{_fmt_speed(o):>13}  {s(', '.join(o.labels))}"
        )
        lines.append(f"       {s(o.reason)}")
    if any(o.price_flag for o in opts):
        lines.append("")
        lines.append("! after the pricing: a low-trust or stale price (the reason says why)")
    if hidden:
        lines.append("")
        lines.append(f"{hidden_rows_message(hidden)} (--every-count lists them).")
    if mine is not None and mine not in opts:  # hidden or past --top: its rank, said once
        if not hidden:
            lines.append("")
        lines.append(f"{s(preferred_rank_message(mine))}.")
        if not mine.fits:  # why: its VRAM, or the machine's RAM
            lines.append(f"       {s(mine.reason)}")
    if rec.notes:
        lines.append("")
        lines.extend(f"note: {s(n)}" for n in rec.notes)
    if rec.advice:
        lines.append("")
        lines.append("To make it fit:")
        for a in rec.advice:
            lines.append(
                f"  {'fits' if a.fits else 'no  '}  {a.new_total_bytes / GiB:6.1f} GiB  "
                f"(saves {a.saves_bytes / GiB:5.1f})  {s(a.description)}"
                + (f"  [speed ×{a.speed_factor:.2f}]" if a.speed_factor else "")
            )
    return "\n".join(lines)


def recommend_json(
    rec: Recommendation,
    money: Money,
    *,
    top: int | None = None,
    warning: str = "",
    launch: dict[str, Any] | None = None,
    one_per_gpu: bool = False,
) -> dict[str, Any]:
    """What ``recommend --json`` prints for one workload (also the MCP ``recommend`` answer).

    The goal, the first ``top`` options (all when None; with ``one_per_gpu`` each GPU type
    once, :func:`one_per_gpu_options`), the display currency, the notes, and the warnings,
    advice and launch configs when there are any.
    """
    listed = one_per_gpu_options(rec.options) if one_per_gpu else list(rec.options)
    opts = listed[:top] if top else listed
    out: dict[str, Any] = {
        "goal": rec.goal,
        "options": [option_dict(o, money) for o in opts],
        "currency": money.currency,
        "notes": list(rec.notes),
    }
    if warning:
        out["warnings"] = [warning]
    if rec.advice:
        out["advice"] = [advice_dict(a) for a in rec.advice]
    if launch is not None:
        out["launch"] = launch
    return out


def format_launch(d: dict[str, Any]) -> str:
    """The ``--launch`` block of the text output.

    Control characters are escaped line by line (core.text_safety.terminal_text), as in
    :func:`format_table`.
    """
    if "error" in d:
        return f"launch: {terminal_text(str(d['error']))}"
    where = (
        f"{d['replicas']} replicas × {d['gpus_per_replica']} × {d['gpu_id']}"
        if d.get("replicas", 1) > 1
        else f"{d['num_gpus']} × {d['gpu_id']}"
    )
    # prose lines are escaped whole (a newline in a catalog name must not start a line); the
    # command and the YAML are multi-line by design and escaped line by line
    lines = [terminal_text(f"Launch ({d['engine']}) on {where}:")]
    lines += [terminal_text(line) for line in d["command"].split("\n")] + [""]
    if d.get("download"):
        lines += ["Download the weights:"]
        lines += [terminal_text(line) for line in d["download"].split("\n")] + [""]
    lines += [terminal_text(f"assumes: {a}") for a in d["assumptions"]]
    lines += [terminal_text(f"warning: {x}") for x in d["warnings"]]
    lines += ["", "--- SkyPilot (task.yaml) ---"]
    lines += [terminal_text(line) for line in d["skypilot_yaml"].rstrip().split("\n")]
    lines += ["--- dstack (.dstack.yml) ---"]
    lines += [terminal_text(line) for line in d["dstack_yaml"].rstrip().split("\n")]
    return "\n".join(lines)


def _fmt_hours(h: float | None) -> str:
    """Hours for the table: two significant digits below 1 h (0.037, not 0.0)."""
    if h is None:
        return "-"
    return f"{h:.2g}" if h < 1 else f"{h:,.1f}"
