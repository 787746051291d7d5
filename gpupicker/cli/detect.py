"""``gpupicker owned detect``: this computer's GPUs and RAM as owned hardware.

Usage: ``gpupicker owned detect [--from FILE …] [--dry-run] [--json]``.

Without ``--from`` it runs ``nvidia-smi`` / ``rocm-smi`` and reads ``/proc/meminfo`` (Linux), or
``system_profiler`` and ``sysctl`` (macOS) — only because the user typed the command. With
``--from`` it reads saved outputs of those tools instead (any number, any order; each one's tool
is recognised from its text), so it works, and is tested, on any machine. Parsing is
:mod:`gpupicker.core.hardware.tool_output`'s, matching :mod:`gpupicker.core.hardware.gpu_match`'s,
both put together by :mod:`gpupicker.core.hardware.detect`; running and saving
:mod:`gpupicker.service.this_computer`'s.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..core.units import GiB


def add_detect_parser(owned_sub: Any) -> None:
    """Register ``detect`` on the ``gpupicker owned`` subparsers."""
    d = owned_sub.add_parser(
        "detect",
        help="read this computer's GPUs and RAM (nvidia-smi, rocm-smi, macOS "
        "system_profiler, /proc/meminfo) and save them as owned GPUs",
    )
    d.add_argument(
        "--from",
        dest="from_files",
        action="append",
        default=[],
        metavar="FILE",
        help="a saved output of nvidia-smi --query-gpu=name,memory.total,memory.used "
        "--format=csv, rocm-smi --showproductname --showmeminfo vram --json, "
        "system_profiler SPDisplaysDataType -json, sysctl hw.memsize or "
        "/proc/meminfo, instead of running the tools ('-' = stdin; repeat for "
        "several)",
    )
    d.add_argument("--dry-run", action="store_true", help="print what was found, save nothing")
    d.add_argument("--json", action="store_true", help="JSON instead of text")
    d.set_defaults(func=cmd_owned_detect)


def _gib(n: int | None) -> str:
    return "?" if n is None else f"{n / GiB:.1f} GiB"


def cmd_owned_detect(args: argparse.Namespace) -> int:
    """Detect this computer, print it and (unless --dry-run) save it as owned GPUs."""
    from ..service.this_computer import SavedOutputError, detect, save_machine
    from .common import error_text, json_line, open_catalog_or_say

    repo = open_catalog_or_say(args)
    if repo is None:
        return 2
    with repo:
        try:
            machine = detect(repo.gpus(), args.from_files)
        except SavedOutputError as exc:
            print(f"gpupicker owned detect: {exc}", file=sys.stderr)
            return 2
        saved = None
        if not args.dry_run and machine.counts():
            try:
                saved = save_machine(repo, machine)
            except Exception as exc:  # noqa: BLE001 - a read-only or damaged catalog: said, not raised
                print(f"gpupicker owned detect: not saved: {error_text(exc)}", file=sys.stderr)
                return 1
    notes = list(machine.notes) + (saved.notes if saved else [])
    if args.json:
        print(
            json_line(
                {
                    "machine": machine.model_dump(mode="json"),
                    "saved": [{"gpu_id": g, "count": n} for g, n in (saved.added if saved else [])],
                    "notes": notes,
                }
            )
        )
        return 0 if machine.gpus else 1
    src = ", ".join(machine.sources) or "nothing readable"
    print(f"This computer ({src}):")
    for i, m in enumerate(machine.gpus):
        g = m.gpu
        free = g.memory_free_bytes
        mem = _gib(g.memory_total_bytes) + (f", {_gib(free)} free" if free is not None else "")
        where = m.gpu_id or "not mapped"
        print(f"  GPU {i}  {g.name}  → {where}  ({mem}{', shared with the CPU' if g.unified else ''})")
    if machine.ram_total_bytes is not None:
        avail = (
            f" ({_gib(machine.ram_available_bytes)} available)"
            if machine.ram_available_bytes is not None
            else ""
        )
        print(
            f"  RAM    {_gib(machine.ram_total_bytes)}{avail}"
            f"{' — one pool with the GPU' if machine.unified_memory else ''}"
        )
    for n in notes:
        print(f"  note: {n}")
    if saved and saved.added:
        print("saved as owned GPUs: " + ", ".join(f"{n} × {g}" for g, n in saved.added))
    elif args.dry_run:
        print("(--dry-run: nothing saved)")
    return 0 if machine.gpus else 1
