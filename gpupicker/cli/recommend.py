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

from ..core.pricing.money import USD, Money
from ..core.ranking.recommend import GOALS, Recommendation
from ..core.units import HOURS_PER_MONTH_DEFAULT, GiB
from ..core.workload import Workload
from ..service.recommendation import CatalogSnapshot, rank_on_snapshot
from ..service.recommendation import display_money as service_display_money
from ..service.resolve import resolve_gpu, resolve_model
from .common import cli_currency, int_in
from .recommend_output import format_launch, format_table, recommend_json


def display_money(repo: Any) -> Money:
    """The catalog's display currency and its rate.

    USD when the catalog has none, no rate for it, or none the user chose
    (:func:`~.common.cli_currency`).
    """
    try:
        return service_display_money(cli_currency(repo), repo.get_fx_rates())
    except AttributeError:  # a catalog object without settings
        return USD


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
    """Resolve the model from the catalog, rank the options and advise on a named GPU.

    The ranking is service.recommendation.rank_on_snapshot, as the UI's; reasons and notes
    write amounts in ``money`` (default: the catalog's display currency).

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


def _amount(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 <= value <= 1e12:
        raise argparse.ArgumentTypeError("must be between 0 and 1e12")
    return value


def _limit(text: str) -> float:
    """A budget or $/h cap: a positive amount.

    0 would rule out every priced option, while the GUI's 0 means "no limit": the CLI
    refuses it rather than read it either way.
    """
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
