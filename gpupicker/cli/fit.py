"""``gpupicker fit``: the largest batch, context, LoRA rank or concurrency that fits a GPU.

``gpupicker fit --workload FILE|- --gpu ID --max seq_len|batch|lora_r|concurrency
[--num-gpus N] [--json]``

Prints the value and the peak memory per GPU at that point (and one step
above); ``--json`` prints :func:`gpupicker.core.planners.fit.fit_dict`. Exit status 1
when the workload cannot be estimated or nothing fits, 2 when the input
cannot be read.
"""

from __future__ import annotations

import argparse
from typing import Any

from pydantic import ValidationError

from ..core.planners.fit import FIT_DIMENSIONS, FitResult, fit_dict, solve_fit
from ..core.units import GiB
from ..core.workload import Workload

_UNITS = {
    "batch": ("sequence per step", "sequences per step"),
    "seq_len": ("token per sequence", "tokens per sequence"),
    "lora_r": ("", ""),
    "concurrency": ("sequence served at once", "sequences served at once"),
}
"""What one unit of each :data:`~gpupicker.core.planners.fit.FIT_DIMENSIONS` counts (singular, plural)."""


def _counted(dimension: str, value: int) -> str:
    """``value`` with its unit: "106 sequences served at once", "LoRA rank 64"."""
    if dimension == "lora_r":
        return f"LoRA rank {value}"
    one, many = _UNITS[dimension]
    return f"{value} {one if value == 1 else many}"


def format_fit(r: FitResult, context_tokens: int | None = None) -> str:
    """Two to four plain lines: the value with its unit, the memory there and one step above.

    ``context_tokens``: the context each sequence holds (prompt + new tokens) for a batch or
    concurrency of an inference job, said beside the value (None: not said).
    """
    cap = r.capacity_bytes / GiB
    if r.value is None:
        return (
            f"{r.dimension}: nothing fits on {r.gpu_id} × {r.num_gpus} — at "
            f"{_counted(r.dimension, r.minimum)} the peak is {r.total_bytes / GiB:.3f} GiB "
            f"per GPU of {cap:.3f} GiB usable"
        )
    limit_note = " (search limit: memory is not what stops it)" if r.at_limit else ""
    each = f" (each with a {context_tokens}-token context)" if context_tokens else ""
    lines = [
        f"{r.dimension}: largest that fits in memory: {_counted(r.dimension, r.value)}{each}{limit_note}",
        f"memory at {r.value}: {r.total_bytes / GiB:.3f} GiB per GPU of {cap:.3f} GiB usable "
        f"on {r.gpu_id} × {r.num_gpus}",
    ]
    if r.next_total_bytes is not None:
        why = (
            f"over the {cap:.3f} GiB usable"
            if r.next_total_bytes > r.capacity_bytes
            else "does not fit: more sequences than the engine's KV pool holds"
            if r.max_concurrent_seqs is not None
            else "does not fit"
        )
        lines.append(f"at {r.value + 1}: {r.next_total_bytes / GiB:.3f} GiB per GPU — {why}")
    if r.max_concurrent_seqs is not None:
        lines.append(f"engine KV pool holds {r.max_concurrent_seqs} sequence(s) at this context")
    return "\n".join(lines)


def cmd_fit(args: argparse.Namespace) -> int:
    """``gpupicker fit``: solve one workload (the first of the input) for ``--max``."""
    from ..service.resolve import resolve_gpu, resolve_model
    from .common import json_line, open_repo, print_error, read_workload_texts

    texts = read_workload_texts(args.workload, "fit")
    if texts is None:
        return 2
    repo = open_repo(getattr(args, "catalog", None))
    status = 0
    for text in texts:
        try:
            if repo is None:
                raise ValueError("the catalog could not be opened; fit needs the GPU's memory")
            w, _unknown = Workload.from_json_text(text)
            if w.gpus and not args.gpu:
                # the job's own machine of cards: every card within its memory
                from ..core.ranking.machine_report import solve_machine_fit
                from ..service.resolve import resolve_machine

                r = solve_machine_fit(resolve_model(w, repo), resolve_machine(w, repo), args.max)
                if r.value is None:
                    status = 1
                print(json_line(fit_dict(r)) if args.json else format_fit(r), flush=True)
                continue
            gpu_id = args.gpu or w.gpu
            if not gpu_id:
                raise ValueError("name the GPU: --gpu ID (or 'gpu' in the workload)")
            gpu = resolve_gpu(gpu_id, repo)
            w = resolve_model(w, repo)
            r = solve_fit(w, gpu, args.max, args.num_gpus)
        except (ValidationError, ValueError) as exc:
            status = 1
            print_error("fit", exc, args.json, text)
            continue
        if r.value is None:
            status = 1
        context = (
            w.context_tokens() if w.task == "inference" and args.max in ("batch", "concurrency") else None
        )
        print(json_line(fit_dict(r)) if args.json else format_fit(r, context), flush=True)
    return status


def add_fit_parser(sub: Any) -> argparse.ArgumentParser:
    """Register ``fit`` on the ``gpupicker`` subparsers."""
    from .common import int_in

    f: argparse.ArgumentParser = sub.add_parser(
        "fit", help="largest batch / context / LoRA rank / concurrency that fits a GPU"
    )
    f.add_argument(
        "--workload",
        required=True,
        metavar="FILE",
        help="workload JSON object (or JSON Lines: one answer each); '-' = stdin",
    )
    f.add_argument(
        "--gpu",
        metavar="ID",
        help="catalog GPU id (default: the workload's 'gpu', or its machine of cards 'gpus')",
    )
    f.add_argument("--max", required=True, choices=FIT_DIMENSIONS, help="what to maximise")
    f.add_argument(
        "--num-gpus",
        type=int_in(1, 4096),
        default=None,
        metavar="N",
        help="GPUs the job is split over (default: the workload's num_gpus)",
    )
    f.add_argument("--json", action="store_true", help="print JSON")
    f.set_defaults(func=cmd_fit)
    return f
