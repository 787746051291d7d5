"""Command line: the same engine without a window.

``gpupicker`` alone opens the GUI; ``gpupicker estimate|recommend|catalog …``
run headless. See ``gpupicker --help``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from typing import IO, Any

from pydantic import ValidationError

from .core.workload import Workload


def _read_workload_lines(stream: IO[str]) -> Iterator[str]:
    """Yield one JSON text per workload: a whole-file JSON object/array, or JSON Lines."""
    text = stream.read()
    stripped = text.strip()
    if not stripped:
        return
    if stripped.startswith("["):
        for item in json.loads(stripped):
            yield json.dumps(item)
        return
    if "\n" not in stripped:
        yield stripped
        return
    try:
        obj = json.loads(stripped)
    except json.JSONDecodeError:
        obj = None
    if isinstance(obj, dict):  # a pretty-printed single object
        yield stripped
        return
    for line in text.splitlines():
        if line.strip():
            yield line


def _error_text(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        parts = []
        for e in exc.errors():
            loc = ".".join(str(p) for p in e.get("loc", ()))
            parts.append(f"{loc}: {e['msg']}" if loc else e["msg"])
        return "; ".join(parts)
    return str(exc)


def estimate_one(line: str, repo: Any | None) -> dict[str, Any]:
    """Estimate one workload JSON text; returns the result dict or ``{"error": …}``."""
    from .core.report import estimate_report

    try:
        w = Workload.model_validate_json(line)
        if w.model is None:
            if repo is None:
                raise ValueError(f"model_id {w.model_id!r} needs the catalog, which could not be opened")
            arch = repo.get_model(w.model_id)
            if arch is None:
                raise ValueError(f"unknown model_id {w.model_id!r} (not in the catalog)")
            w = w.with_model(arch)
        gpu = repo.get_gpu(w.gpu) if (repo is not None and w.gpu) else None
        return estimate_report(w, gpu)
    except (ValidationError, ValueError) as exc:
        return {"error": _error_text(exc)}


def _open_repo(catalog: str | None) -> Any | None:
    try:
        from .catalog import open_catalog
        return open_catalog(catalog)
    except Exception as exc:  # noqa: BLE001 - catalog problems must not stop memory estimates
        print(f"gpupicker: warning: catalog unavailable ({exc}); model_id and gpu lookups disabled",
              file=sys.stderr)
        return None


def _open_input(path: str) -> IO[str]:
    if path == "-":
        return sys.stdin
    return open(path, encoding="utf-8")  # noqa: SIM115 - closed by caller


def cmd_estimate(args: argparse.Namespace) -> int:
    """``gpupicker estimate``: one JSON result per input workload, in order."""
    try:
        stream = _open_input(args.workload)
        lines = list(_read_workload_lines(stream))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        print(f"gpupicker estimate: cannot read {args.workload}: {exc}", file=sys.stderr)
        return 2
    repo = _open_repo(args.catalog)
    for line in lines:
        print(json.dumps(estimate_one(line, repo)), flush=True)
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for ``gpupicker`` and its subcommands."""
    p = argparse.ArgumentParser(
        prog="gpupicker",
        description="Which GPU for an AI job, how much VRAM, how fast, and what it costs — offline.",
    )
    p.add_argument("--catalog", metavar="PATH", help="catalog SQLite file (default: user data dir; "
                   "or $GPUPICKER_CATALOG)")
    p.add_argument("--screenshot", metavar="PATH", help="render a page offscreen to PNG and exit")
    p.add_argument("--page", default="results",
                   choices=["task", "model", "quantization", "budget", "results", "catalog"],
                   help="page for --screenshot (default: results)")
    p.add_argument("--workload", dest="gui_workload", metavar="FILE",
                   help="with --screenshot or the GUI: start from this workload JSON")
    p.add_argument("--lang", metavar="LOCALE", help="UI language, e.g. zh_CN (default: system)")
    p.add_argument("--selftest", action="store_true",
                   help="build the window offscreen, load catalog and translations, compute one "
                        "recommendation, print one line and exit")
    sub = p.add_subparsers(dest="command")

    e = sub.add_parser("estimate", help="memory (and speed) for workloads, one JSON line each")
    e.add_argument("--workload", required=True, metavar="FILE",
                   help="JSON object, JSON array or JSON Lines; '-' = stdin")
    e.set_defaults(func=cmd_estimate)

    try:
        from .cli_recommend import add_recommend_parser
        add_recommend_parser(sub)
    except ImportError:
        pass
    try:
        from .cli_catalog import add_catalog_parser
        add_catalog_parser(sub)
    except ImportError:
        pass
    return p


def main(argv: list[str] | None = None) -> int:
    """Entry point: parse ``argv`` and run a subcommand, a screenshot, or the GUI."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "func", None):
        return int(args.func(args))
    from .ui.launch import launch
    return launch(args)
