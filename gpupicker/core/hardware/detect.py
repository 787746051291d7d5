"""This computer, read from the outputs of the vendors' own tools: GPUs, their memory, host RAM.

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

A detected GPU maps to a catalog id only when exactly one catalog GPU matches its name (model
words, variant words such as Ti / SUPER / D / XTX, form factor SXM / PCIe / NVL, memory type)
and its memory (within 10 %); otherwise it is reported as unknown or ambiguous with the
candidates, never guessed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pydantic import BaseModel, ConfigDict

from ..messages import Text, msg
from .gpu_match import GpuMatch, match_gpu
from .specs import GpuSpec
from .tool_output import (
    DetectedGpu,
    ToolKind,
    ToolOutputError,
    parse_meminfo,
    parse_nvidia_smi,
    parse_rocm_smi,
    parse_sysctl_memsize,
    parse_system_profiler,
    sniff,
)


class DetectedMachine(BaseModel):
    """What the tools said about this computer.

    Attributes:
        gpus: every GPU reported, in the tools' order, with its catalog match.
        ram_total_bytes: host RAM (for a unified-memory Mac: the one shared pool), bytes.
        ram_available_bytes: RAM free for a new process (``MemAvailable``), bytes, when known.
        unified_memory: True when GPU and CPU share one pool (Apple silicon).
        sources: the tools whose output was read.
        notes: tool outputs that could not be read, GPUs left out (Messages).
    """

    model_config = ConfigDict(frozen=True)

    gpus: tuple[GpuMatch, ...] = ()
    ram_total_bytes: int | None = None
    ram_available_bytes: int | None = None
    unified_memory: bool = False
    sources: tuple[ToolKind, ...] = ()
    notes: tuple[Text, ...] = ()

    def counts(self) -> dict[str, int]:
        """Catalog GPU id → how many of it this computer has (mapped GPUs only)."""
        out: dict[str, int] = {}
        for m in self.gpus:
            if m.gpu_id:
                out[m.gpu_id] = out.get(m.gpu_id, 0) + 1
        return out


def detect_machine(
    outputs: Iterable[tuple[ToolKind | None, str]], catalog: Sequence[GpuSpec]
) -> DetectedMachine:
    """This computer from tool outputs (kind, text); a kind of None is sniffed.

    An output that is no tool's, or is damaged, becomes a note; the others still count.
    Apple silicon: the GPU's memory is the Mac's RAM (``sysctl hw.memsize``), one pool.
    """
    gpus: list[DetectedGpu] = []
    ram: int | None = None
    avail: int | None = None
    sources: list[ToolKind] = []
    notes: list[str] = []
    for kind, text in outputs:
        kind = kind or sniff(text)
        if kind is None:
            notes.append(msg("detect.unrecognised", head=_head(text)))
            continue
        try:
            if kind == "nvidia-smi":
                gpus += parse_nvidia_smi(text)
            elif kind == "rocm-smi":
                gpus += parse_rocm_smi(text)
            elif kind == "system_profiler":
                gpus += parse_system_profiler(text)
            elif kind == "sysctl":
                ram = parse_sysctl_memsize(text)
            else:
                ram, avail = parse_meminfo(text)
        except ToolOutputError as exc:
            notes.append(exc.message)
            continue
        sources.append(kind)
    unified = any(g.unified for g in gpus)
    if unified and ram is not None:
        gpus = [g.model_copy(update={"memory_total_bytes": ram}) if g.unified else g for g in gpus]
    matches = tuple(match_gpu(g, catalog) for g in gpus)
    notes += [m.note for m in matches if m.note is not None]
    return DetectedMachine(
        gpus=matches,
        ram_total_bytes=ram,
        ram_available_bytes=avail,
        unified_memory=unified,
        sources=tuple(dict.fromkeys(sources)),
        notes=tuple(notes),
    )


def _head(text: str) -> str:
    first = next((ln for ln in text.splitlines() if ln.strip()), "")
    clean = "".join(ch if ch.isprintable() else "?" for ch in first.strip())
    return clean[:60] + ("…" if len(clean) > 60 else "")


__all__ = ["DetectedMachine", "detect_machine"]
