"""This computer: run the vendors' tools (only when the user asks), read saved outputs, save.

Saves the machine as owned GPUs. Qt-free; the CLI's ``owned detect`` and the window's "This
computer" button both use it. The parsing and the catalog matching are
:mod:`gpupicker.core.hardware.detect`'s.

Nothing here runs at start-up or in the background: :func:`run_tools` starts a local program
(never a network call) only when a person asked for detection. A tool that is missing or fails
is a note, never an exception.
"""

from __future__ import annotations

import datetime as _dt
import shutil
import stat
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ..core.hardware.detect import DetectedMachine, detect_machine
from ..core.hardware.specs import GpuSpec
from ..core.hardware.tool_output import MAX_TOOL_OUTPUT_BYTES, ToolKind
from ..core.messages import Message, msg
from ..core.pricing.owned import OwnedGpu

THIS_COMPUTER_SETTING = "this_computer"
"""Catalog setting holding the last saved detection (RAM, free VRAM per GPU, when, from what)."""

TOOL_TIMEOUT_S = 15.0
"""Longest a tool may run (``system_profiler`` takes 1–3 s on a Mac; ``nvidia-smi`` under
1 s unless the driver hangs)."""

_COMMANDS: dict[ToolKind, list[str]] = {
    "nvidia-smi": ["nvidia-smi", "--query-gpu=name,memory.total,memory.used", "--format=csv"],
    "rocm-smi": ["rocm-smi", "--showproductname", "--showmeminfo", "vram", "--json"],
    "system_profiler": ["system_profiler", "SPDisplaysDataType", "-json"],
    "sysctl": ["sysctl", "hw.memsize"],
}


def tools_for_platform(platform: str = sys.platform) -> list[ToolKind]:
    """The tools that apply on ``platform`` (``sys.platform``), in the order they run."""
    if platform == "darwin":
        return ["system_profiler", "sysctl"]
    if platform.startswith("linux"):
        return ["nvidia-smi", "rocm-smi", "meminfo"]
    return ["nvidia-smi"]


@dataclass
class ToolOutputs:
    """What the tools printed, and what could not be run.

    Attributes:
        outputs: (tool, stdout) for every tool that ran and printed something.
        notes: a Message per tool that is missing, failed or timed out.
    """

    outputs: list[tuple[ToolKind | None, str]] = field(default_factory=list)
    notes: list[Message] = field(default_factory=list)


def run_tools(
    tools: Sequence[ToolKind] | None = None, *, meminfo: Path = Path("/proc/meminfo")
) -> ToolOutputs:
    """Run each tool once (``TOOL_TIMEOUT_S`` each) and collect its output.

    Only called when the user asks for detection. ``meminfo`` is read, not run.
    """
    out = ToolOutputs()
    for tool in tools if tools is not None else tools_for_platform():
        if tool == "meminfo":
            try:
                text = meminfo.read_text(encoding="ascii", errors="replace")[:65536]
            except OSError as exc:
                why = exc.strerror or type(exc).__name__
                out.notes.append(msg("detect.tool_failed", tool=str(meminfo), why=why))
                continue
            out.outputs.append(("meminfo", text))
            continue
        cmd = _COMMANDS[tool]
        exe = shutil.which(cmd[0])
        if exe is None:
            out.notes.append(msg("detect.tool_missing", tool=cmd[0]))
            continue
        try:
            done = subprocess.run(
                [exe, *cmd[1:]],
                capture_output=True,
                timeout=TOOL_TIMEOUT_S,
                check=False,
                stdin=subprocess.DEVNULL,
            )
        except subprocess.TimeoutExpired:
            out.notes.append(msg("detect.tool_failed", tool=cmd[0], why=f"no answer in {TOOL_TIMEOUT_S:g} s"))
            continue
        except OSError as exc:
            out.notes.append(msg("detect.tool_failed", tool=cmd[0], why=exc.strerror or type(exc).__name__))
            continue
        text = done.stdout[:MAX_TOOL_OUTPUT_BYTES].decode("utf-8", errors="replace")
        if done.returncode != 0 or not text.strip():
            err = done.stderr[:300].decode("utf-8", errors="replace").strip().splitlines()
            out.notes.append(
                msg(
                    "detect.tool_failed",
                    tool=cmd[0],
                    why=(err[0] if err else f"exit status {done.returncode}"),
                )
            )
            continue
        out.outputs.append((tool, text))
    return out


class SavedOutputError(ValueError):
    """A ``--from`` file that cannot be read (missing, not a regular file, too big, binary)."""


def read_saved_output(path: str) -> str:
    """Text of a saved tool output (``-`` = standard input).

    At most :data:`~gpupicker.core.hardware.tool_output.MAX_TOOL_OUTPUT_BYTES` are read.

    Raises:
        SavedOutputError: for a path that is missing, is not a regular file (a FIFO, a
            device), is larger than the cap or is not text.
    """
    if path == "-":
        data = sys.stdin.buffer.read(MAX_TOOL_OUTPUT_BYTES + 1)
    else:
        p = Path(path)
        try:
            st = p.stat()
        except OSError as exc:
            raise SavedOutputError(f"{path}: {exc.strerror or 'cannot be read'}") from None
        if not stat.S_ISREG(st.st_mode):
            raise SavedOutputError(f"{path}: not a regular file")
        try:
            with open(p, "rb") as f:
                data = f.read(MAX_TOOL_OUTPUT_BYTES + 1)
        except OSError as exc:
            raise SavedOutputError(f"{path}: {exc.strerror or 'cannot be read'}") from None
    if len(data) > MAX_TOOL_OUTPUT_BYTES:
        raise SavedOutputError(
            f"{path}: larger than {MAX_TOOL_OUTPUT_BYTES // (1024 * 1024)} MiB, not a tool's output"
        )
    if b"\x00" in data:
        raise SavedOutputError(f"{path}: binary data, not a tool's output")
    return data.decode("utf-8", errors="replace")


class OwnedStore(Protocol):
    """The catalog calls saving needs (``CatalogRepository`` has them)."""

    def owned_gpus(self) -> list[OwnedGpu]:
        """The owned GPUs stored now."""
        ...

    def add_owned_gpu(self, owned: OwnedGpu) -> int:
        """Store one owned set; its id."""
        ...

    def set_setting(self, key: str, value: Any) -> None:
        """Store a JSON setting."""
        ...


@dataclass
class SaveResult:
    """What :func:`save_machine` stored.

    Attributes:
        added: (gpu_id, count) per new owned-GPU row.
        notes: Messages (already owned, purchase price 0).
    """

    added: list[tuple[str, int]] = field(default_factory=list)
    notes: list[Message] = field(default_factory=list)


def save_machine(
    store: OwnedStore, machine: DetectedMachine, *, now: _dt.datetime | None = None
) -> SaveResult:
    """Save the mapped GPUs as owned GPUs, and RAM and free VRAM as a setting.

    Owned rows get purchase price 0 (already paid); the machine's RAM and free VRAM go to the
    :data:`THIS_COMPUTER_SETTING` setting.

    A GPU type already among the owned GPUs is left as it is (a note says so).

    Raises:
        ValueError / CatalogReadOnlyError: from the catalog's writes.
    """
    res = SaveResult()
    have = {o.gpu_id: o for o in store.owned_gpus()}
    for gpu_id, count in machine.counts().items():
        if gpu_id in have:
            res.notes.append(msg("detect.already_owned", gpu_id=gpu_id, count=str(have[gpu_id].count)))
            continue
        store.add_owned_gpu(OwnedGpu(gpu_id=gpu_id, count=count, purchase_price=0.0))
        res.added.append((gpu_id, count))
    if res.added:
        res.notes.append(msg("detect.purchase_unknown"))
    when = (now or _dt.datetime.now(_dt.UTC)).isoformat(timespec="seconds")
    store.set_setting(
        THIS_COMPUTER_SETTING,
        {
            "detected_at": when,
            "sources": list(machine.sources),
            "ram_total_bytes": machine.ram_total_bytes,
            "ram_available_bytes": machine.ram_available_bytes,
            "unified_memory": machine.unified_memory,
            "gpus": [
                {
                    "name": m.gpu.name,
                    "gpu_id": m.gpu_id,
                    "memory_total_bytes": m.gpu.memory_total_bytes,
                    "memory_free_bytes": m.gpu.memory_free_bytes,
                }
                for m in machine.gpus
            ],
        },
    )
    return res


def detect(catalog_gpus: Sequence[GpuSpec], saved: Sequence[str] = ()) -> DetectedMachine:
    """This computer from saved outputs (``saved`` paths) or, with none, by running the tools.

    Raises:
        SavedOutputError: for a saved output that cannot be read.
    """
    if saved:
        outputs: list[tuple[ToolKind | None, str]] = [(None, read_saved_output(p)) for p in saved]
        notes: list[Message] = []
    else:
        ran = run_tools()
        outputs, notes = ran.outputs, ran.notes
    machine = detect_machine(outputs, catalog_gpus)
    extra = list(notes)
    if not machine.gpus:
        extra.append(msg("detect.no_gpu"))
    return machine.model_copy(update={"notes": tuple(extra) + machine.notes})


__all__ = [
    "THIS_COMPUTER_SETTING",
    "TOOL_TIMEOUT_S",
    "OwnedStore",
    "SaveResult",
    "SavedOutputError",
    "ToolOutputs",
    "detect",
    "read_saved_output",
    "run_tools",
    "save_machine",
    "tools_for_platform",
]
