"""``gpupicker calibrate …`` (recorded runs) and ``gpupicker owned …`` (the user's own GPUs).

``gpupicker calibrate add --workload FILE --gpu ID [--peak-gib X] [--tokens-per-s Y] [--log FILE]``
stores what a job really used; ``calibrate list`` shows the runs with today's estimate and
its error; ``calibrate remove ID`` deletes one. Estimates (``estimate``, ``recommend``, the
GUI) for the same engine, task and GPU are then corrected (core/planners/calibration.py).

``gpupicker owned add --gpu ID --count N --purchase PRICE …``, ``owned list``,
``owned remove ID``: GPUs the user owns, ranked at their hourly cost (core/pricing/owned.py).

No Qt. Exit codes: 0 done; 1 refused (bad input, unknown id, read-only catalog); 2 the
catalog or a file could not be opened.
"""

from __future__ import annotations

import argparse
import errno
import json
import sys
from typing import Any

from pydantic import ValidationError

from ..core.units import GiB
from ..service.resolve import resolve_gpu, resolve_model


def add_calibrate_parser(sub: Any) -> None:
    """Register ``calibrate`` and ``owned`` on the ``gpupicker`` subparsers."""
    c = sub.add_parser(
        "calibrate",
        help="record what your own runs used; estimates for that engine and GPU are corrected from them",
    )
    cs = c.add_subparsers(dest="calibrate_command", metavar="COMMAND")
    cs.required = True
    a = cs.add_parser("add", help="record one run")
    a.add_argument(
        "--workload", required=True, metavar="FILE", help="the run's workload JSON object ('-' = stdin)"
    )
    a.add_argument("--gpu", required=True, metavar="ID", help="catalog GPU id the run used")
    a.add_argument(
        "--peak-gib", type=_positive, metavar="X", help="peak memory per GPU in GiB (nvidia-smi 'used')"
    )
    a.add_argument(
        "--tokens-per-s",
        type=_positive,
        metavar="Y",
        help="measured tokens/s (training: over all GPUs; inference: summed over the batch)",
    )
    a.add_argument(
        "--log", metavar="FILE", help="a vLLM / llama.cpp start-up log or nvidia-smi output ('-' = stdin)"
    )
    a.set_defaults(func=cmd_calibrate_add)
    ls = cs.add_parser("list", help="the recorded runs with today's estimate and its error")
    ls.add_argument("--json", action="store_true", help="JSON instead of a table")
    ls.set_defaults(func=cmd_calibrate_list)
    rm = cs.add_parser("remove", help="delete a run (estimates go back to the model)")
    rm.add_argument("id", type=int)
    rm.set_defaults(func=cmd_calibrate_remove)

    o = sub.add_parser(
        "owned", help="GPUs you own: ranked at their hourly cost with a break-even against renting"
    )
    os_ = o.add_subparsers(dest="owned_command", metavar="COMMAND")
    os_.required = True
    oa = os_.add_parser("add", help="add owned GPUs")
    oa.add_argument("--gpu", required=True, metavar="ID")
    oa.add_argument("--count", type=int, default=1)
    oa.add_argument(
        "--purchase",
        type=float,
        required=True,
        metavar="PRICE",
        help="what all the cards cost together (plus any host share)",
    )
    oa.add_argument("--currency", default="USD")
    oa.add_argument(
        "--power-w", type=float, metavar="W", help="draw per GPU while working (default: the GPU's TDP)"
    )
    oa.add_argument(
        "--kwh",
        type=float,
        default=0.15,
        metavar="PRICE",
        help="electricity price per kWh (in --kwh-currency, default --currency)",
    )
    oa.add_argument("--kwh-currency", default="")
    oa.add_argument("--years", type=float, default=3.0, help="write-off period (3)")
    oa.add_argument(
        "--utilization", type=float, default=0.5, help="share of all hours the cards work, 0-1 (0.5)"
    )
    oa.add_argument("--label", default="")
    oa.set_defaults(func=cmd_owned_add)
    ol = os_.add_parser("list", help="list owned GPUs with their hourly cost")
    ol.set_defaults(func=cmd_owned_list)
    orm = os_.add_parser("remove", help="delete owned GPUs")
    orm.add_argument("id", type=int)
    orm.set_defaults(func=cmd_owned_remove)
    from .detect import add_detect_parser

    add_detect_parser(os_)


def calibrated(report: dict[str, Any], w: Any, gpu: Any, repo: Any) -> dict[str, Any]:
    """``gpupicker estimate``'s report corrected by the catalog's recorded runs.

    The :class:`~gpupicker.core.planners.calibration.Calibration` is built once per open catalog
    (kept on the repository object for the lines of one ``estimate`` run), not per line.
    """
    from ..core.planners.calibration import Calibration, calibrate_report

    if not hasattr(repo, "calibration_runs"):
        return report
    cal: Calibration | None
    if hasattr(repo, "_estimate_calibration"):
        cal = repo._estimate_calibration
    else:
        runs = repo.calibration_runs()
        cal = Calibration.from_runs(runs, repo.gpus()) if runs else None
        repo._estimate_calibration = cal
    return calibrate_report(report, w, gpu, cal)


def _positive(text: str) -> float:
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not v > 0 or v != v or v == float("inf"):
        raise argparse.ArgumentTypeError("must be a positive number")
    return v


def _open(args: argparse.Namespace) -> Any:
    from .common import open_catalog_or_say

    return open_catalog_or_say(args)


MAX_INPUT_CHARS = 16 * 1024 * 1024
"""Most characters read from a workload or log file (a start-up log is a few hundred KB)."""


def _read(path: str) -> str:
    """The text of ``path`` (``-`` = stdin), read up to :data:`MAX_INPUT_CHARS` so a link to
    /dev/zero cannot fill memory.

    Raises:
        OSError: it cannot be read, or is longer than that (``EFBIG``, with a sentence).
    """
    if path == "-":
        text = sys.stdin.read(MAX_INPUT_CHARS + 1)
    else:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read(MAX_INPUT_CHARS + 1)
    if len(text) > MAX_INPUT_CHARS:
        raise OSError(
            errno.EFBIG,
            f"longer than {MAX_INPUT_CHARS // 2**20} MiB, so not a workload or an engine's start-up log",
            path,
        )
    return text


def _resolve(text: str, repo: Any) -> Any:
    from ..core.workload import Workload

    return resolve_model(Workload.from_json_text(text)[0], repo)


def _estimates(w: Any, gpu: Any, cal: Any) -> tuple[Any, Any, Any, Any]:
    """(memory, throughput) before and after calibration for ``w`` on ``gpu``."""
    from ..core.memory import estimate_memory
    from ..core.speed.throughput import estimate_throughput

    m = estimate_memory(w, gpu, w.num_gpus)
    t = estimate_throughput(w, gpu, w.num_gpus, m if m.gpu_layers is not None else None)
    if cal is None:
        return m, t, m, t
    m2, t2, _ = cal.apply(w, gpu.id, m, t)
    return m, t, m2, t2


def cmd_calibrate_add(args: argparse.Namespace) -> int:
    """Store one run and print the estimate before and after calibration."""
    from ..core.planners.calibration import Calibration, _measured_speed, check_plausible, make_run

    repo = _open(args)
    if repo is None:
        return 2
    with repo:
        try:
            text = _read(args.workload)
            log = _read(args.log) if args.log else ""
        except OSError as exc:
            print(f"gpupicker calibrate add: cannot read {exc.filename}: {exc.strerror}", file=sys.stderr)
            return 2
        try:
            w = _resolve(text, repo)
            gpu = resolve_gpu(args.gpu, repo)
            run = make_run(w, gpu.id, peak_gib=args.peak_gib, tokens_per_s=args.tokens_per_s, log_text=log)
            m0, t0, _, _ = _estimates(w, gpu, None)
            check_plausible(run, gpu, m0.total_bytes, _measured_speed(w, t0))
            rid = repo.add_calibration_run(run)
        except (ValidationError, ValueError) as exc:
            from .common import error_text

            print(f"gpupicker calibrate add: {error_text(exc)}", file=sys.stderr)
            return 1
        except Exception as exc:  # noqa: BLE001 - read-only catalog and the like
            print(f"gpupicker calibrate add: {exc}", file=sys.stderr)
            return 1
        gpus = repo.gpus()
        cal = Calibration.from_runs(repo.calibration_runs(), gpus)
        m, t, m2, t2 = _estimates(w, gpu, cal)
        print(f"run {rid} stored ({run.key()[0]}, {w.task}, {gpu.id})")
        if run.peak_bytes:
            print(
                f"  peak memory: recorded {run.peak_bytes / GiB:.2f} GiB, estimate "
                f"{m.total_bytes / GiB:.2f} GiB ({m.total_bytes / run.peak_bytes - 1:+.1%}) "
                f"→ calibrated {m2.total_bytes / GiB:.2f} GiB "
                f"({m2.total_bytes / run.peak_bytes - 1:+.1%})"
            )
        if run.tokens_per_s:
            before, after = _measured_speed(w, t), _measured_speed(w, t2)
            print(
                f"  speed: recorded {run.tokens_per_s:,.1f} tokens/s, estimate {before:,.1f} "
                f"({before / run.tokens_per_s - 1:+.1%}) → calibrated {after:,.1f} "
                f"({after / run.tokens_per_s - 1:+.1%})"
            )
        estimated = {"weights_bytes": m.weights_bytes, "kv_bytes": m.kv_cache_bytes}
        for name in ("kv_blocks", "kv_tokens", "weights_bytes", "kv_bytes", "n_ctx"):
            v = getattr(run, name)
            if v is not None:
                shown = f"{v / GiB:.2f} GiB" if name.endswith("bytes") else f"{v:,}"
                est = estimated.get(name)
                vs = f" (estimate {est / GiB:.2f} GiB, {est / v - 1:+.1%})" if est and v else ""
                print(f"  from the log: {name.replace('_', ' ')} = {shown}{vs}")
    return 0


def run_rows(repo: Any) -> list[dict[str, Any]]:
    """Every run with today's estimate (uncalibrated) and its error, as JSON-able dicts."""
    from ..core.planners.calibration import _measured_speed

    gpus = {g.id: g for g in repo.gpus()}
    out = []
    for run in repo.calibration_runs():
        row: dict[str, Any] = {
            "id": run.id,
            "created_at": run.created_at,
            "gpu_id": run.gpu_id,
            "engine": run.key()[0],
            "task": run.key()[1],
            "model": run.workload.get("model_id") or "",
            "peak_bytes": run.peak_bytes,
            "tokens_per_s": run.tokens_per_s,
            "kv_blocks": run.kv_blocks,
            "kv_tokens": run.kv_tokens,
        }
        gpu = gpus.get(run.gpu_id)
        try:
            if gpu is None:
                raise ValueError(f"GPU {run.gpu_id!r} is not in the catalog")
            w = run.workload_model()
            m, t, _, _ = _estimates(w, gpu, None)
            row["estimated_peak_bytes"] = m.total_bytes
            row["estimated_tokens_per_s"] = round(_measured_speed(w, t), 2)
            if run.peak_bytes:
                row["peak_error"] = round(m.total_bytes / run.peak_bytes - 1, 4)
            if run.tokens_per_s:
                row["speed_error"] = round(_measured_speed(w, t) / run.tokens_per_s - 1, 4)
        except ValueError as exc:
            row["error"] = str(exc)
        out.append(row)
    return out


def cmd_calibrate_list(args: argparse.Namespace) -> int:
    """Print the runs (table or JSON)."""
    repo = _open(args)
    if repo is None:
        return 2
    with repo:
        rows = run_rows(repo)
    if args.json:
        print(json.dumps(rows))
        return 0
    if not rows:
        print("no recorded runs (add one with 'gpupicker calibrate add')")
        return 0
    print(
        f"{'id':>4}  {'gpu':<16} {'engine':<12} {'task':<10} {'model':<22} {'peak GiB':>9} "
        f"{'est.':>7} {'err':>7}  {'tok/s':>9} {'est.':>9} {'err':>7}  kv blocks"
    )
    for r in rows:

        def gib(v: Any) -> str:
            return f"{v / GiB:.2f}" if v else "-"

        def pct(v: Any) -> str:
            return f"{v:+.1%}" if v is not None else "-"

        def num(v: Any) -> str:
            return f"{v:,.1f}" if v else "-"

        print(
            f"{r['id']:>4}  {r['gpu_id'][:16]:<16} {r['engine'][:12]:<12} {r['task'][:10]:<10} "
            f"{r['model'][:22]:<22} {gib(r['peak_bytes']):>9} "
            f"{gib(r.get('estimated_peak_bytes')):>7} {pct(r.get('peak_error')):>7}  "
            f"{num(r['tokens_per_s']):>9} {num(r.get('estimated_tokens_per_s')):>9} "
            f"{pct(r.get('speed_error')):>7}  {r['kv_blocks'] or '-'}"
            + (f"  ({r['error']})" if r.get("error") else "")
        )
    return 0


def cmd_calibrate_remove(args: argparse.Namespace) -> int:
    """Delete one run."""
    repo = _open(args)
    if repo is None:
        return 2
    with repo:
        try:
            repo.remove_calibration_run(args.id)
        except KeyError:
            print(
                f"gpupicker calibrate remove: no run {args.id} (see 'gpupicker calibrate list')",
                file=sys.stderr,
            )
            return 1
        except Exception as exc:  # noqa: BLE001 - read-only catalog
            print(f"gpupicker calibrate remove: {exc}", file=sys.stderr)
            return 1
    print(f"run {args.id} removed")
    return 0


# The flag of `owned add` that sets each OwnedGpu field: a rejected value is named as the
# user typed it (``--purchase``), not by the model's field name (``purchase_price``).
_OWNED_FLAGS = {
    "gpu_id": "--gpu",
    "count": "--count",
    "purchase_price": "--purchase",
    "currency": "--currency",
    "power_w": "--power-w",
    "electricity_per_kwh": "--kwh",
    "electricity_currency": "--kwh-currency",
    "years": "--years",
    "utilization": "--utilization",
    "label": "--label",
}


def _owned_error_text(exc: Exception) -> str:
    """One line for a rejected ``owned add``: each pydantic error as ``--flag: message``
    (:data:`_OWNED_FLAGS`; pydantic's own message, "Value error, " kept as ``error_text``
    does), joined with "; "; any other exception as ``cli.common.error_text`` gives it."""
    from .common import error_text

    if not isinstance(exc, ValidationError):
        return error_text(exc)
    parts = []
    for e in exc.errors():
        field = str(e["loc"][0]) if e["loc"] else ""
        parts.append(f"{_OWNED_FLAGS.get(field, field)}: {e['msg']}")
    return "; ".join(parts)


def cmd_owned_add(args: argparse.Namespace) -> int:
    """Store owned GPUs and print their hourly cost."""
    from ..core.pricing.owned import OwnedGpu, owned_cost

    repo = _open(args)
    if repo is None:
        return 2
    with repo:
        try:
            o = OwnedGpu(
                gpu_id=args.gpu,
                count=args.count,
                purchase_price=args.purchase,
                currency=args.currency.upper(),
                power_w=args.power_w,
                electricity_per_kwh=args.kwh,
                electricity_currency=args.kwh_currency.upper(),
                years=args.years,
                utilization=args.utilization,
                label=args.label,
            )
            gpu = resolve_gpu(o.gpu_id, repo)
            c = owned_cost(o, gpu, repo.get_fx_rates())
            oid = repo.add_owned_gpu(o)
            from .recommend import display_money

            m = display_money(repo)
        except (ValidationError, ValueError) as exc:
            print(f"gpupicker owned add: {_owned_error_text(exc)}", file=sys.stderr)
            return 1
        except Exception as exc:  # noqa: BLE001 - read-only catalog
            print(f"gpupicker owned add: {exc}", file=sys.stderr)
            return 1
    print(
        f"owned {oid}: {o.count} × {o.gpu_id}, {m.fmt(c.usd_per_gpu_hour, 4)} per GPU-hour of "
        f"use (write-off {m.fmt(c.capital_usd_per_gpu_hour, 4)} + power "
        f"{m.fmt(c.power_usd_per_gpu_hour, 4)})"
    )
    return 0


def cmd_owned_list(args: argparse.Namespace) -> int:
    """List owned GPUs with their hourly cost."""
    from ..core.pricing.owned import owned_cost

    repo = _open(args)
    if repo is None:
        return 2
    with repo:
        rates = repo.get_fx_rates()
        from .recommend import display_money

        m = display_money(repo)
        owned = repo.owned_gpus()
        if not owned:
            print("no owned GPUs (add them with 'gpupicker owned add')")
        for o in owned:
            try:
                c = f"{m.fmt(owned_cost(o, repo.get_gpu(o.gpu_id), rates).usd_per_gpu_hour, 4)}/GPU-h"
            except ValueError as exc:
                c = str(exc)
            print(
                f"{o.id:>4}  {o.count} × {o.gpu_id}  {o.purchase_price:,.2f} {o.currency}, "
                f"{o.years:g} years, {o.utilization:.0%} use  {c}"
            )
    return 0


def cmd_owned_remove(args: argparse.Namespace) -> int:
    """Delete owned GPUs."""
    repo = _open(args)
    if repo is None:
        return 2
    with repo:
        try:
            repo.remove_owned_gpu(args.id)
        except KeyError:
            print(f"gpupicker owned remove: no owned row {args.id}", file=sys.stderr)
            return 1
    print(f"owned {args.id} removed")
    return 0
