"""``gpupicker compare A B [C …] [--json | --markdown]``: the same job on two or more plans.

Each argument is a workload JSON file or a job file ``gpupicker job read`` reads (axolotl /
LLaMA-Factory / torchtune YAML, a SkyPilot task, an engine command line). Each is ranked on the
catalog; the table shows the plan picked for each (its own GPU × count when it names one, else
the cheapest), memory, speed, time and cost, and marks every value that differs from the first
scenario with its change. ``--markdown`` prints the table for a report.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any


def add_compare_parser(sub: Any) -> None:
    """Register ``compare`` on the ``gpupicker`` subparsers."""
    c = sub.add_parser(
        "compare",
        help="the same job on two or more plans: memory, speed, time "
        "and cost side by side, differences marked",
    )
    c.add_argument("files", nargs="+", metavar="FILE", help="workload JSON or job files (two or more)")
    out = c.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="JSON instead of a table")
    out.add_argument("--markdown", action="store_true", help="a Markdown table (for reports)")
    c.set_defaults(func=cmd_compare)


def _workload(path: str, repo: Any) -> tuple[Any, list[str]]:
    """The workload in ``path`` (model resolved) and the warnings reading it gave.

    A job file's keys that are not modelled, a workload JSON's unknown fields — said, never
    dropped.
    """
    from ..core.workload import Workload
    from ..importers.job_lookup import catalog_models_lookup
    from ..importers.jobs import is_job_file, read_job_file
    from ..service.resolve import resolve_model
    from .common import workload_text_warnings

    p = Path(path)
    if is_job_file(p):
        job = read_job_file(p, catalog_models_lookup(repo.models()))
        w, warnings = Workload.model_validate(job.workload), [str(m) for m in job.warnings]
    else:
        if not p.is_file():
            raise ValueError(f"{path} is not a regular file")
        text = p.read_bytes()[: 10 * 1024 * 1024]
        w, unknown = Workload.from_json_text(text)  # bounded JSON
        warnings = workload_text_warnings(text, unknown)
    return resolve_model(w, repo), warnings


def cmd_compare(args: argparse.Namespace) -> int:
    """Compare the files' scenarios; exit 2 when fewer than two can be read."""
    from pydantic import ValidationError

    from ..core.report.compare import compare, comparison_markdown
    from ..importers.job_model import JobReadError
    from ..service.compare import scenarios
    from ..service.recommendation import CatalogSnapshot
    from .common import error_text, json_line, open_catalog_or_say
    from .recommend import display_money

    if len(args.files) < 2:
        print("gpupicker compare: give two or more workload or job files", file=sys.stderr)
        return 2
    repo = open_catalog_or_say(args)
    if repo is None:
        return 2
    with repo:
        named = []
        for f in args.files:
            try:
                w, warnings = _workload(f, repo)
            except (JobReadError, ValidationError, ValueError, OSError) as exc:
                print(
                    f"gpupicker compare: {f}: {error_text(exc) if not isinstance(exc, OSError) else exc}",
                    file=sys.stderr,
                )
                return 2
            for warning in warnings:
                print(f"gpupicker compare: {f}: warning: {warning}", file=sys.stderr)
            named.append((Path(f).name, w))
        money = display_money(repo)
        c = compare(scenarios(named, CatalogSnapshot.from_repo(repo), money), money)
    if args.json:
        print(json_line(c.model_dump(mode="json")))
    elif args.markdown:
        print(comparison_markdown(c), end="")
    else:
        print(format_comparison(c))
    return 0


def format_comparison(c: Any) -> str:
    """A plain-text table: a ``*`` marks a value that differs from the first scenario."""
    label_w = max(len(str(r.metric)) + (len(r.unit) + 3 if r.unit else 0) for r in c.rows)
    cols = []
    for i, name in enumerate(c.names):
        cells = [(f"*{x.text} ({x.change})" if x.differs else x.text) for x in (r.cells[i] for r in c.rows)]
        cols.append((name, cells, max(len(name), *(len(t) for t in cells))))
    lines = [" " * label_w + "  " + "  ".join(n.ljust(w) for n, _, w in cols)]
    for j, r in enumerate(c.rows):
        label = str(r.metric) + (f" ({r.unit})" if r.unit else "")
        lines.append(label.ljust(label_w) + "  " + "  ".join(cells[j].ljust(w) for _, cells, w in cols))
    lines += [str(n) for n in c.notes]
    lines.append("* differs from the first scenario")
    return "\n".join(lines)
