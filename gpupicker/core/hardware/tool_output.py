"""The outputs of the vendors' own tools read as GPUs, their memory and host RAM.

Pure functions of text: nothing here runs a program (``gpupicker.service.this_computer`` does,
only when the user asks). Each parser reads one tool's documented output:

* ``nvidia-smi --query-gpu=name,memory.total,memory.used --format=csv`` — a CSV header
  ``name, memory.total [MiB], memory.used [MiB]`` and one row per GPU (``nvidia-smi
  --help-query-gpu`` documents the fields; ``,noheader`` / ``,nounits`` variants are read too);
* ``rocm-smi --showproductname --showmeminfo vram --json`` — ``{"card0": {"Card Series": …,
  "VRAM Total Memory (B)": …, "VRAM Total Used Memory (B)": …}}`` (key case differs between
  ROCm releases: "Card series" in 5.x, "Card Series" in 6.x; the ``--csv`` form is read too);
* macOS ``system_profiler SPDisplaysDataType -json`` (``{"SPDisplaysDataType": [{"_name":
  "Apple M3 Max", "sppci_cores": "40", …}]}``) with ``sysctl hw.memsize`` (``hw.memsize:
  68719476736``) for the unified memory;
* Linux ``/proc/meminfo`` (``MemTotal:  65843964 kB``, ``MemAvailable: …``) for host RAM.
"""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Literal

from pydantic import BaseModel, ConfigDict

from ..messages import Message, msg
from ..units import GiB, MiB

ToolKind = Literal["nvidia-smi", "rocm-smi", "system_profiler", "sysctl", "meminfo"]

MAX_TOOL_OUTPUT_BYTES = 4 * 1024 * 1024
"""Largest tool output read (a 64-GPU ``rocm-smi --json`` is ~60 KB; anything bigger is not
one of these tools' outputs)."""


class DetectedGpu(BaseModel):
    """One GPU a tool reported.

    Attributes:
        name: the name as the tool printed it (``NVIDIA GeForce RTX 4090``).
        memory_total_bytes: total memory in bytes (None when the tool gave none).
        memory_used_bytes: memory in use when the tool ran, bytes (None when not given).
        gpu_cores: GPU core count (Apple's ``sppci_cores``), None elsewhere.
        unified: True for a GPU sharing the host's memory (Apple silicon).
        tool: which tool reported it.
    """

    model_config = ConfigDict(frozen=True)

    name: str
    memory_total_bytes: int | None = None
    memory_used_bytes: int | None = None
    gpu_cores: int | None = None
    unified: bool = False
    tool: ToolKind

    @property
    def memory_free_bytes(self) -> int | None:
        """Total less used, bytes (None when either is unknown)."""
        if self.memory_total_bytes is None or self.memory_used_bytes is None:
            return None
        return max(0, self.memory_total_bytes - self.memory_used_bytes)


class ToolOutputError(ValueError):
    """A text that is none of the tools' outputs, or one that is damaged.

    Attributes:
        message: what is wrong, as a core Message (``detect.unreadable``).
    """

    def __init__(self, message: Message) -> None:
        """Carry ``message`` (its English text is the exception's text)."""
        super().__init__(str(message))
        self.message = message


# --- parsers ----------------------------------------------------------------------------------

_MEM_UNITS = {"b": 1, "kib": 1024, "kb": 1024, "mib": MiB, "mb": MiB, "gib": GiB, "gb": GiB}
_AMOUNT = re.compile(r"^\s*([0-9]+(?:\.[0-9]+)?)\s*([A-Za-z]*)\s*$")


def _amount(text: str, default_unit: str) -> int | None:
    """``"24564 MiB"`` → bytes; ``"[N/A]"`` / ``""`` → None."""
    m = _AMOUNT.match(text)
    if not m or len(m.group(1)) > 20:
        return None
    unit = (m.group(2) or default_unit).lower()
    if unit not in _MEM_UNITS:
        return None
    return int(float(m.group(1)) * _MEM_UNITS[unit])


def _unreadable(tool: str, why: str) -> ToolOutputError:
    return ToolOutputError(msg("detect.unreadable", tool=tool, why=why))


def parse_nvidia_smi(text: str) -> list[DetectedGpu]:
    """GPUs from ``nvidia-smi --query-gpu=name,memory.total,memory.used --format=csv``.

    Reads the header form (``name, memory.total [MiB], memory.used [MiB]``) and the
    ``noheader`` / ``nounits`` forms (columns then in that order, MiB).

    Raises:
        ToolOutputError: when no row has a name and a memory figure.
    """
    rows = [r for r in csv.reader(io.StringIO(text), skipinitialspace=True) if any(c.strip() for c in r)]
    if not rows:
        raise _unreadable("nvidia-smi", "no GPU rows")
    cols = {"name": 0, "total": 1, "used": 2}
    unit = "mib"
    if rows[0] and any(h.strip().lower() == "name" for h in rows[0]):
        header = [h.strip().lower() for h in rows[0]]
        found = {
            k: next((i for i, h in enumerate(header) if h.startswith(p)), -1)
            for k, p in (("name", "name"), ("total", "memory.total"), ("used", "memory.used"))
        }
        if found["name"] < 0 or found["total"] < 0:
            raise _unreadable("nvidia-smi", "the header has no name and memory.total columns")
        cols = found
        rows = rows[1:]
    gpus = []
    for row in rows:
        if len(row) <= max(cols["name"], cols["total"]):
            continue
        name = row[cols["name"]].strip()
        total = _amount(row[cols["total"]], unit)
        used = _amount(row[cols["used"]], unit) if 0 <= cols["used"] < len(row) else None
        if name:
            # "[N/A]" memory: a GPU sharing the host's memory (DGX Spark's GB10) — kept, matched
            # by its name alone, never dropped
            gpus.append(
                DetectedGpu(
                    name=name[:200], memory_total_bytes=total, memory_used_bytes=used, tool="nvidia-smi"
                )
            )
    if not gpus:
        raise _unreadable("nvidia-smi", "no row has a GPU name")
    return gpus


def _rocm_card(fields: dict[str, str]) -> DetectedGpu | None:
    low = {k.strip().lower(): str(v).strip() for k, v in fields.items()}
    name = low.get("card series") or low.get("device name") or low.get("card model") or ""
    bracket = re.search(r"\[([^\]]+)\]", name)  # "Arcturus GL-XL [AMD Instinct MI100]"
    if bracket:
        name = bracket.group(1)
    total = _amount(low.get("vram total memory (b)", ""), "b")
    used = _amount(low.get("vram total used memory (b)", ""), "b")
    if not name:
        return None
    return DetectedGpu(name=name[:200], memory_total_bytes=total, memory_used_bytes=used, tool="rocm-smi")


def parse_rocm_smi(text: str) -> list[DetectedGpu]:
    """GPUs from ``rocm-smi --showproductname --showmeminfo vram --json`` (or ``--csv``).

    Raises:
        ToolOutputError: when the text is neither form or names no card.
    """
    stripped = text.lstrip()
    cards: list[dict[str, str]] = []
    if stripped.startswith("{"):
        try:
            data = json.loads(stripped)
        except (ValueError, RecursionError) as exc:
            raise _unreadable("rocm-smi", f"not JSON ({type(exc).__name__})") from None
        if not isinstance(data, dict):
            raise _unreadable("rocm-smi", "not a JSON object")
        cards = [v for k, v in data.items() if str(k).lower().startswith("card") and isinstance(v, dict)]
    else:
        rows = list(csv.DictReader(io.StringIO(text)))
        cards = [r for r in rows if str(r.get("device", "")).lower().startswith("card")]
    gpus = [g for g in (_rocm_card(c) for c in cards) if g is not None]
    if not gpus:
        raise _unreadable("rocm-smi", "no card with a product name")
    return gpus


def parse_system_profiler(text: str) -> list[DetectedGpu]:
    """GPUs from macOS ``system_profiler SPDisplaysDataType -json``.

    Apple silicon GPUs are marked ``unified`` (their memory is the Mac's RAM, given by
    ``sysctl hw.memsize``); a discrete GPU in an Intel Mac keeps its ``spdisplays_vram``.

    Raises:
        ToolOutputError: when the JSON has no ``SPDisplaysDataType`` list.
    """
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise _unreadable("system_profiler", f"not JSON ({type(exc).__name__})") from None
    items = data.get("SPDisplaysDataType") if isinstance(data, dict) else None
    if not isinstance(items, list):
        raise _unreadable("system_profiler", "no SPDisplaysDataType list")
    gpus = []
    for it in items:
        if not isinstance(it, dict):
            continue
        name = str(it.get("sppci_model") or it.get("_name") or "").strip()
        if not name:
            continue
        cores_text = str(it.get("sppci_cores") or "")
        cores = int(cores_text) if cores_text.isdigit() and len(cores_text) < 5 else None
        apple = name.lower().startswith("apple")
        vram = str(it.get("spdisplays_vram") or it.get("_spdisplays_vram") or "")
        gpus.append(
            DetectedGpu(
                name=name[:200],
                gpu_cores=cores,
                unified=apple,
                memory_total_bytes=None if apple else _amount(vram, "mb"),
                tool="system_profiler",
            )
        )
    if not gpus:
        raise _unreadable("system_profiler", "no display item with a name")
    return gpus


def parse_sysctl_memsize(text: str) -> int:
    """Bytes of RAM from ``sysctl hw.memsize`` (``hw.memsize: 68719476736``).

    Raises:
        ToolOutputError: when there is no ``hw.memsize`` line with a number.
    """
    m = re.search(r"hw\.memsize\s*[:=]\s*([0-9]{1,20})", text)
    if not m:
        raise _unreadable("sysctl", "no hw.memsize line")
    return int(m.group(1))


def parse_meminfo(text: str) -> tuple[int, int | None]:
    """(MemTotal, MemAvailable) in bytes from Linux ``/proc/meminfo`` (values in kB).

    Raises:
        ToolOutputError: when there is no ``MemTotal`` line.
    """

    def field(name: str) -> int | None:
        m = re.search(rf"^{name}:\s*([0-9]{{1,20}})\s*kB", text, re.MULTILINE)
        return int(m.group(1)) * 1024 if m else None

    total = field("MemTotal")
    if total is None:
        raise _unreadable("/proc/meminfo", "no MemTotal line")
    return total, field("MemAvailable")


def sniff(text: str) -> ToolKind | None:
    """Which tool printed ``text`` (None when it looks like none of them)."""
    head = text.lstrip()[:4096]
    low = head.lower()
    if "spdisplaysdatatype" in low:
        return "system_profiler"
    if "hw.memsize" in low:
        return "sysctl"
    if re.search(r"^memtotal:", low, re.MULTILINE):
        return "meminfo"
    if "vram total memory" in low or "card series" in low or re.match(r'\{\s*"card\d', low):
        return "rocm-smi"
    if low.startswith("name,") or re.search(r"memory\.total", low):
        return "nvidia-smi"
    first = head.splitlines()[0] if head else ""
    if re.fullmatch(r"[^,]+,\s*[0-9]+(\s*MiB)?\s*,\s*[0-9]+(\s*MiB)?\s*", first):
        return "nvidia-smi"
    return None
