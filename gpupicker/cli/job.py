"""``gpupicker job read FILE|- [--json]``: the job the user already has, as a Workload.

Reads an axolotl / LLaMA-Factory / torchtune YAML, a TrainingArguments JSON, a SkyPilot task or
an engine command line (``gpupicker.importers.jobs``), prints each key it read and what it set,
names each key it did not use and why, and the Workload JSON to give ``estimate`` /
``recommend`` / ``fit``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any


def add_job_parser(sub: Any) -> None:
    """Register ``job`` on the ``gpupicker`` subparsers."""
    j = sub.add_parser(
        "job",
        help="read the job you already have (axolotl, LLaMA-Factory, "
        "torchtune, torchtitan, TrainingArguments, SkyPilot, a vllm/sglang/llama-server/ollama/TGI "
        "command line) into a workload",
    )
    js = j.add_subparsers(dest="job_command", metavar="COMMAND")
    js.required = True
    r = js.add_parser("read", help="print the workload, every key read and every key not used")
    r.add_argument(
        "file", metavar="FILE", help="the config file or a file holding the command line ('-' = stdin)"
    )
    r.add_argument("--json", action="store_true", help="JSON instead of text")
    r.set_defaults(func=cmd_job_read)


def cmd_job_read(args: argparse.Namespace) -> int:
    """Read one job and print it (exit 1 when it cannot be read or does not validate)."""
    from pydantic import ValidationError

    from ..core.workload import Workload
    from ..importers.job_lookup import catalog_models_lookup
    from ..importers.job_model import MAX_JOB_BYTES, JobReadError
    from ..importers.jobs import read_job_file, read_job_text
    from .common import error_text, json_line, open_repo

    repo = open_repo(getattr(args, "catalog", None))
    lookup = catalog_models_lookup(repo.models() if repo is not None else [])
    if repo is not None:
        repo.close()
    try:
        if args.file == "-":
            job = read_job_text(sys.stdin.read(MAX_JOB_BYTES + 1), lookup)
        else:
            job = read_job_file(Path(args.file), lookup)
        Workload.model_validate(job.workload)
    except JobReadError as exc:
        print(f"gpupicker job read: {exc}", file=sys.stderr)
        return 1
    except (ValidationError, ValueError) as exc:
        print(f"gpupicker job read: the workload read does not validate: {error_text(exc)}", file=sys.stderr)
        return 1
    if args.json:
        print(
            json_line(
                {
                    "kind": job.kind,
                    "workload": job.workload,
                    "read": [{"key": k, "set": v} for k, v in job.read],
                    "unused": [{"key": k, "why": w} for k, w in job.unused],
                    "warnings": job.warnings,
                }
            )
        )
        return 0
    print(f"{job.kind} job read from {args.file}")
    print("read:")
    for k, v in job.read:
        print(f"  {k} → {v}")
    if job.unused:
        print("not used:")
        for k, w in job.unused:
            print(f"  {k} — {w}")
    for w in job.warnings:
        print(f"warning: {w}")
    print("workload:")
    print(json.dumps(job.workload, indent=2))
    return 0
