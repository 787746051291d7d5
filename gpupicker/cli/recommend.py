"""``gpupicker recommend``: ranked GPU options for one workload, as a table or JSON.

``gpupicker recommend --workload FILE|- [--json [--message-ids]] [--top N]
[--goal cheapest|fastest|value|headroom] [--every-count] [--one-per-gpu]``

The table lists each GPU type once, at its best option (``--every-count``: every GPU count and
offer); the JSON keeps every option (``--one-per-gpu``: one per GPU type).

The JSON output is one object: ``options`` in rank order (each with at least
``gpu_id``, ``num_gpus``, ``fits``, ``total_bytes_per_gpu``, ``provider``,
``pricing``, ``usd_per_hour``, ``usd_total``, ``hours``, ``reason``,
``labels``), ``notes``, and — when the workload names a ``gpu`` that the job
does not fit — ``advice``: changes with ``action``, ``saves_bytes``,
``new_total_bytes`` and ``fits``.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from pydantic import ValidationError

from ..core.planners.advisor import Advice
from ..core.pricing.money import SYMBOLS, USD, Money
from ..core.pricing.price_kind import PRICE_KINDS
from ..core.ranking.mixed_plan import cards_json
from ..core.ranking.recommend import GOALS, Recommendation
from ..core.results import Option
from ..core.speed.serving import serving_dict
from ..core.text.text_safety import terminal_text
from ..core.units import HOURS_PER_MONTH_DEFAULT, GiB
from ..core.workload import Workload
from ..service.recommendation import CatalogSnapshot, rank_on_snapshot
from ..service.recommendation import display_money as service_display_money
from ..service.resolve import resolve_gpu, resolve_model
from .common import cli_currency, int_in


def display_money(repo: Any) -> Money:
    """The catalog's display currency and rate (USD when it has none, no rate, or none the
    user chose: :func:`~.common.cli_currency`)."""
    try:
        return service_display_money(cli_currency(repo), repo.get_fx_rates())
    except AttributeError:  # a catalog object without settings
        return USD


def option_dict(o: Option, money: Money = USD) -> dict[str, Any]:
    """One option as the JSON contract's dict (bytes per GPU, USD, hours, tokens/s), with
    ``price_per_hour``, ``total`` and ``per_month`` in the display currency named by
    ``currency`` (the same conversion as the UI, core.money)."""
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


def run_recommend(
    w: Workload,
    repo: Any,
    *,
    goal: str = "cheapest",
    max_gpus: int = 8,
    hours_per_month: float = HOURS_PER_MONTH_DEFAULT,
    all_offers: bool = False,
    money: Money | None = None,
) -> Recommendation:
    """Resolve the model from the catalog, rank the options, add advice for a named GPU
    (service.recommendation.rank_on_snapshot, as the UI); reasons and notes write amounts
    in ``money`` (default: the catalog's display currency).

    Raises:
        ValueError: unknown model id, gpu id or goal, or no catalog.
    """
    if repo is None:
        raise ValueError("the catalog could not be opened; recommend needs its GPUs and prices")
    if w.gpu:
        resolve_gpu(w.gpu, repo)
    w = resolve_model(w, repo)
    snap = CatalogSnapshot.from_repo(repo)
    ranked = rank_on_snapshot(
        w,
        snap,
        goal=goal,
        max_gpus=max_gpus,
        hours_per_month=hours_per_month,
        all_offers=all_offers,
        money=money or display_money(repo),
    )
    rec = ranked.recommendation
    extra: list[str] = []
    if max_gpus > 8:
        extra.append(
            f"Counts up to {max_gpus} GPUs tried; above 8 an option spans several "
            "8-GPU nodes joined by InfiniBand/RoCE (one 400 Gb/s NIC per GPU assumed)."
        )
    big = ranked.advice_gpu
    if big is not None and ranked.nothing_fits_causes is not None:
        extra.append(
            f"No option fits in memory; the changes below are for the {big.name} "
            f"({big.usable_memory_bytes / GiB:.0f} GiB usable), the largest NVIDIA card."
        )
    if extra:
        rec = rec.model_copy(update={"notes": (*rec.notes, *extra)})
    return rec


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


def one_per_gpu_options(options: tuple[Option, ...] | list[Option]) -> list[Option]:
    """Each GPU type once, at its best-ranked option (the window's "one row per GPU type").

    Ranks stay those of the full ranking.
    """
    seen: set[str] = set()
    out: list[Option] = []
    for o in options:
        if o.gpu_id not in seen:
            seen.add(o.gpu_id)
            out.append(o)
    return out


def format_table(
    rec: Recommendation,
    top: int | None,
    money: Money = USD,
    *,
    every_count: bool = True,
    preferred: tuple[str, int] | None = None,
) -> str:
    """A readable text table of the ranked options, reasons, notes and advice; money in
    the display currency ``money``.

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
    mine = next(
        (o for o in rec.options if preferred is not None and (o.gpu_id, o.num_gpus) == preferred), None
    )
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
            f"{(f'{money.from_usd(c.usd_total):,.2f}' if c.usd_total is not None else (f'{money.from_usd(c.usd_per_month):,.0f}/mo' if c.usd_per_month is not None else '-')):>9}  "  # noqa: E501
            f"{_fmt_speed(o):>13}  {s(', '.join(o.labels))}"
        )
        lines.append(f"       {s(o.reason)}")
    if any(o.price_flag for o in opts):
        lines.append("")
        lines.append("! after the pricing: a low-trust or stale price (the reason says why)")
    if hidden:
        lines.append("")
        lines.append(
            f"One row per GPU type: {hidden:,} other GPU counts and offers of the same "
            "types are not shown (--every-count lists them)."
        )
        if mine is not None and mine not in opts:
            lines.append(
                f"Your {mine.gpu_name} × {mine.num_gpus}: #{mine.rank}, "
                f"{'fits' if mine.fits else 'does not fit'} "
                f"({mine.total_bytes_per_gpu / GiB:.1f} GiB per GPU)."
            )
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
    """What ``recommend --json`` prints for one workload (also the MCP ``recommend`` tool's
    answer): the goal, the first ``top`` options (all when None; with ``one_per_gpu`` each GPU
    type once, :func:`one_per_gpu_options`), the display currency, the notes, and the warnings, advice
    and launch configs when there are any."""
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


def cmd_recommend(args: argparse.Namespace) -> int:
    """``gpupicker recommend``: print ranked options (table or ``--json``)."""
    from .common import (
        json_line,
        open_repo,
        print_error,
        read_workload_texts,
        workload_text_warnings,
    )

    texts = read_workload_texts(args.workload, "recommend")
    if texts is None:
        return 2
    repo = open_repo(getattr(args, "catalog", None))
    status = 0
    for text in texts:
        try:
            w, unknown = Workload.from_json_text(text)
            money = display_money(repo) if repo is not None else USD
            limits: dict[str, object] = {}
            if getattr(args, "budget", None) is not None:
                limits["budget_usd"] = money.to_usd(args.budget)
            if getattr(args, "max_per_hour", None) is not None:
                limits["max_usd_per_hour"] = money.to_usd(args.max_per_hour)
            if getattr(args, "region", None):
                limits["region"] = args.region
            if getattr(args, "provider", None):
                limits["providers"] = tuple(args.provider)
            if getattr(args, "prefer_in_stock", False):
                limits["prefer_in_stock"] = True
            if limits:
                w = w.model_copy(update=limits)
            rec = run_recommend(
                w,
                repo,
                goal=args.goal,
                max_gpus=args.max_gpus,
                hours_per_month=args.hours_per_month,
                all_offers=args.all_offers,
                money=money,
            )
        except (ValidationError, ValueError) as exc:
            status = 1
            print_error("recommend", exc, args.json, text)
            continue
        warning = "; ".join(workload_text_warnings(text, unknown))
        if warning and not args.json:
            print(f"gpupicker recommend: warning: {warning}", file=sys.stderr)
        launch = _launch(w, rec, repo) if getattr(args, "launch", False) else None
        preferred = (w.gpu, w.num_gpus) if w.gpu else None
        if args.json:
            print(
                json_line(
                    recommend_json(
                        rec, money, top=args.top, warning=warning, launch=launch, one_per_gpu=args.one_per_gpu
                    ),
                    ids=getattr(args, "message_ids", False),
                ),
                flush=True,
            )
        else:
            print(
                format_table(rec, args.top or 15, money, every_count=args.every_count, preferred=preferred),
                flush=True,
            )
            if launch is not None:
                print("\n" + format_launch(launch), flush=True)
    return status


def _launch(w: Workload, rec: Recommendation, repo: Any) -> dict[str, Any]:
    """``--launch``: the launch config of the best fitting option, as a dict (or an ``error``)."""
    from ..core.planners.launch_config import launch_config, model_repo

    best = rec.best()
    if best is None:
        return {"error": "no option fits, so there is nothing to launch"}
    ref = ms_id = family = None
    if w.model_id and repo is not None:
        cm = repo.get_catalog_model(w.model_id)
        if cm is not None:
            ref = model_repo(cm.hf_repo, cm.source)
            ms_id, family = cm.modelscope_id or None, cm.family
    arch = w.model if w.model is not None else repo.get_model(w.model_id)
    try:
        card = repo.get_gpu(best.gpu_id) if repo is not None else None
        cfg = launch_config(
            w.with_model(arch),
            best,
            ref,
            gpu_memory_gb=card.memory_gb if card is not None else None,
            modelscope_id=ms_id,
            family=family,
            gpu=card,
        )
    except ValueError as exc:
        return {"error": str(exc)}
    return {"gpu_id": best.gpu_id, "num_gpus": best.num_gpus, **cfg.model_dump()}


def format_launch(d: dict[str, Any]) -> str:
    """The ``--launch`` block of the text output; control characters escaped line by line
    (core.text_safety.terminal_text), as in :func:`format_table`."""
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


def _amount(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 <= value <= 1e12:
        raise argparse.ArgumentTypeError("must be between 0 and 1e12")
    return value


def _limit(text: str) -> float:
    """A budget or $/h cap: a positive amount (0 would rule out every priced option; the GUI's
    0 means "no limit", so the CLI refuses it rather than read it either way)."""
    value = _amount(text)
    if value == 0:
        raise argparse.ArgumentTypeError("must be above 0 (leave the option out for no limit)")
    return value


def _hours_per_month(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 1 <= value <= 744:
        raise argparse.ArgumentTypeError("must be between 1 and 744 hours")
    return value


def add_recommend_parser(sub: Any) -> argparse.ArgumentParser:
    """Register ``recommend`` on the ``gpupicker`` subparsers."""
    r: argparse.ArgumentParser = sub.add_parser(
        "recommend", help="rank GPUs × counts × prices for a workload"
    )
    r.add_argument(
        "--workload",
        required=True,
        metavar="FILE",
        help="workload JSON object (or JSON Lines: one result each); '-' = stdin",
    )
    r.add_argument("--json", action="store_true", help="print JSON instead of a table")
    r.add_argument(
        "--message-ids",
        action="store_true",
        help="JSON: beside each text its message id and parameters "
        "(<key>_message / <key>_messages; the MCP tool always has them)",
    )
    r.add_argument(
        "--top",
        type=int_in(1, 100_000),
        default=None,
        metavar="N",
        help="show the first N options (table default 15; JSON default all)",
    )
    r.add_argument("--goal", choices=GOALS, default="cheapest", help="ranking goal")
    r.add_argument(
        "--budget",
        type=_limit,
        default=None,
        metavar="AMOUNT",
        help="total budget in the display currency (`catalog currency`); overrides the workload's budget_usd",
    )
    r.add_argument(
        "--max-per-hour",
        type=_limit,
        default=None,
        metavar="AMOUNT",
        help="price cap per hour (all GPUs) in the display currency",
    )
    r.add_argument(
        "--region",
        default=None,
        metavar="CODE",
        help="only offers of providers in this country/region (e.g. CN)",
    )
    r.add_argument(
        "--provider",
        action="append",
        default=None,
        metavar="NAME",
        help="only offers of this provider (repeat for several; any case, catalog "
        "or Chinese name, e.g. AutoDL); overrides the workload's providers",
    )
    r.add_argument(
        "--prefer-in-stock",
        action="store_true",
        help="rank offers an imported ledger snapshot lists as out of stock after "
        "the others (workload prefer_in_stock)",
    )
    r.add_argument("--max-gpus", type=int_in(1, 4096), default=8, metavar="N", help="most GPUs per option")
    r.add_argument(
        "--hours-per-month",
        type=_hours_per_month,
        default=HOURS_PER_MONTH_DEFAULT,
        help="serving month length in hours (730 default; 720 as the seed guide)",
    )
    r.add_argument(
        "--all-offers",
        action="store_true",
        help="keep every provider's best offer (default: best per pricing type)",
    )
    r.add_argument(
        "--every-count",
        action="store_true",
        help="table: every GPU count and offer (default: one row per GPU type, its "
        "best option, as the window shows)",
    )
    r.add_argument(
        "--one-per-gpu", action="store_true", help="JSON: one option per GPU type (default: every option)"
    )
    r.add_argument(
        "--launch",
        action="store_true",
        help="also print the launch command and SkyPilot/dstack YAML for the best option",
    )
    r.set_defaults(func=cmd_recommend)
    return r
