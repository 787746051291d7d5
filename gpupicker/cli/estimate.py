"""``gpupicker estimate``: memory (and speed) for workloads, one JSON line each.

``gpupicker estimate --workload FILE|-`` reads a JSON object, a JSON array or JSON Lines and
prints one result object per workload, in order (``{"error": …}`` for a bad one).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from pydantic import ValidationError

from ..core.messages import Message
from ..core.text.json_limits import JsonLimitError, loads_bounded
from ..core.workload import Workload
from ..service.resolve import resolve_gpu, resolve_machine, resolve_model
from .common import (
    MAX_LINE_CHARS,
    TooLong,
    WorkloadInputError,
    error_text,
    json_line,
    open_repo,
    open_workloads,
    where,
    workload_text_warnings,
)


def estimate_one(line: str, repo: Any | None) -> dict[str, Any]:
    """Estimate one workload JSON text; returns the result dict or ``{"error": …}``."""
    from ..core.report.estimate import estimate_report

    if isinstance(line, TooLong):
        return {"error": f"{where(line)}workload line longer than {MAX_LINE_CHARS} characters; skipped"}
    try:
        w, unknown = Workload.from_json_text(line)
        if w.model is None:
            if repo is None:
                raise ValueError(f"model_id {w.model_id!r} needs the catalog, which could not be opened")
            w = resolve_model(w, repo)
        if w.gpus:
            return _machine_estimate(w, workload_text_warnings(line, unknown), repo)
        gpu = resolve_gpu(w.gpu, repo) if w.gpu and repo is not None else None
        report = estimate_report(w, gpu)
        if gpu is not None:
            from .calibrate import calibrated

            report = calibrated(report, w, gpu, repo)
        from ..core.checks import workload_warnings

        warnings: list[str | Message] = [*workload_warnings(w, gpu), *workload_text_warnings(line, unknown)]
        if warnings:
            report["warnings"] = warnings
        if w.gpu and repo is None:
            report["warning"] = f"catalog unavailable: gpu {w.gpu!r} not checked (no fit, no speed)"
        return report
    except (ValidationError, ValueError) as exc:
        return {"error": where(line) + error_text(exc)}


def _machine_estimate(w: Workload, text_warnings: list[str], repo: Any | None) -> dict[str, Any]:
    """The estimate of a job on its own machine (``gpus``), per card (core.mixed_plan).

    ``text_warnings`` are :func:`~.common.workload_text_warnings` of its JSON text.

    Raises:
        ValueError: without the catalog (the cards cannot be looked up), or from the model.
    """
    from ..core.checks import workload_warnings
    from ..core.report.estimate import estimate_report

    if repo is None:
        raise ValueError("gpus needs the catalog, which could not be opened")
    report = estimate_report(w, None, resolve_machine(w, repo))
    warnings = workload_warnings(w) + text_warnings
    if warnings:
        report["warnings"] = warnings
    return report


JUNK_LINES_BEFORE_GIVING_UP = 1000
"""Non-JSON lines read before any JSON one after which the input is called "not JSON"."""


def _is_json(line: str) -> bool:
    if isinstance(line, TooLong):
        return True  # answered per line; says nothing about the input's format
    try:
        loads_bounded(line)
    except JsonLimitError:
        return True  # JSON beyond the bounds: answered per line with the reason
    except ValueError:  # json.JSONDecodeError
        return False
    return True


def cmd_estimate(args: argparse.Namespace) -> int:
    """``gpupicker estimate``: one JSON result per input workload, in order.

    Exit 0 when the input is JSON (an object, an array or JSON Lines), even if some lines are
    answered ``{"error": …}``; 1 with a message on stderr when the input is empty or no line
    of it is JSON (the first :data:`JUNK_LINES_BEFORE_GIVING_UP` non-JSON lines are held back
    until a JSON line shows the input is JSON Lines) or is a malformed JSON array; 2 when it
    cannot be read at all (missing, not UTF-8).
    """
    repo = None
    held: list[str] = []  # non-JSON lines seen before the first JSON one
    seen_json = False
    try:
        with open_workloads(args.workload) as lines:
            for line in lines:
                if not seen_json:
                    if not _is_json(line):
                        held.append(line)
                        if len(held) >= JUNK_LINES_BEFORE_GIVING_UP:
                            break
                        continue
                    seen_json = True
                    repo = open_repo(args.catalog)
                    for junk in held:
                        print(json_line(estimate_one(junk, repo)), flush=True)
                    held = []
                print(json_line(estimate_one(line, repo)), flush=True)
    except WorkloadInputError as exc:
        print(f"gpupicker estimate: {exc}", file=sys.stderr)
        return 2
    if not seen_json:
        if not held:
            print(
                "gpupicker estimate: no workload in the input (expected a JSON object, a JSON "
                "array or JSON Lines)",
                file=sys.stderr,
            )
        else:
            first = held[0].strip()
            shown = first[:60] + ("…" if len(first) > 60 else "")
            print(
                f"gpupicker estimate: the input is not JSON or JSON Lines (line 1: {shown!r}); "
                'give workloads such as {"task": "qlora", "model_id": "mistral_7b_v0_1"}',
                file=sys.stderr,
            )
        return 1
    return 0


def add_estimate_parser(sub: Any) -> argparse.ArgumentParser:
    """Register ``estimate`` on the ``gpupicker`` subparsers."""
    e: argparse.ArgumentParser = sub.add_parser(
        "estimate", help="memory (and speed) for workloads, one JSON line each"
    )
    e.add_argument(
        "--workload", required=True, metavar="FILE", help="JSON object, JSON array or JSON Lines; '-' = stdin"
    )
    e.set_defaults(func=cmd_estimate)
    return e
