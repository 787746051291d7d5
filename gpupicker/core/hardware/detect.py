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

import csv
import io
import json
import re
from collections.abc import Iterable, Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict

from ..messages import Message, Text, msg
from ..units import GiB, MiB
from .specs import GpuSpec

ToolKind = Literal["nvidia-smi", "rocm-smi", "system_profiler", "sysctl", "meminfo"]

MAX_TOOL_OUTPUT_BYTES = 4 * 1024 * 1024
"""Largest tool output read (a 64-GPU ``rocm-smi --json`` is ~60 KB; anything bigger is not
one of these tools' outputs)."""

MEMORY_TOLERANCE = 0.10
"""Detected total memory may differ from the catalog's ``memory_gb`` × GiB by this share:
``nvidia-smi`` reports 24,564 MiB for a 24 GB RTX 4090 and 81,559 MiB for an 80 GB H100
(the driver's reserve), ECC on a datacenter card takes up to 6.25 %."""


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


class GpuMatch(BaseModel):
    """A detected GPU and what it maps to in the catalog.

    Attributes:
        gpu: the detected GPU.
        gpu_id: the one catalog GPU it is (None when unknown or ambiguous).
        candidates: catalog ids that matched by name when more than one (or none) fits.
        note: why it did not map (a Message), None when it did.
    """

    model_config = ConfigDict(frozen=True)

    gpu: DetectedGpu
    gpu_id: str | None = None
    candidates: tuple[str, ...] = ()
    note: Text | None = None


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


# --- matching to the catalog ------------------------------------------------------------------

_VENDOR_WORDS = frozenset(
    {
        "nvidia",
        "geforce",
        "amd",
        "radeon",
        "intel",
        "apple",
        "tesla",
        "huawei",
        "instinct",
        "generation",
        "graphics",
        "gpu",
        "quadro",
        "advanced",
        "micro",
        "devices",
        "inc",
        "ati",
    }
)
_FORM_WORDS = re.compile(r"^(sxm\d?|pcie|nvl|oam|hgx|mxm)$")
_MEM_TYPE_WORDS = re.compile(r"^(hbm\d?e?|gddr\d[xw]?|lpddr\d[x]?)$")
_SIZE_WORD = re.compile(r"^(\d+)gb$")


def _words(name: str) -> list[str]:
    base = re.sub(r"\([^)]*\)?", " ", name.lower())  # "(China)", "(40-core GPU …"
    return [w for w in re.split(r"[^a-z0-9]+", base) if w]


def _model_words(name: str) -> set[str]:
    return {
        w
        for w in _words(name)
        if w not in _VENDOR_WORDS
        and not _SIZE_WORD.match(w)
        and not _FORM_WORDS.match(w)
        and not _MEM_TYPE_WORDS.match(w)
    }


def _name_variants(name: str) -> list[set[str]]:
    """The model words of a catalog name, and of its parenthesised part alone.

    "NVIDIA DGX Spark (GB10) 128GB unified" is also the "NVIDIA GB10" nvidia-smi prints.
    """
    out = [_model_words(name)]
    for inner in re.findall(r"\(([^)]*)\)", name):
        words = _model_words(inner)
        if words:
            out.append(words)
    return out


def _form(name: str) -> set[str]:
    return {re.sub(r"\d$", "", w) for w in _words(name) if _FORM_WORDS.match(w)}


def _catalog_cores(gpu: GpuSpec) -> int | None:
    m = re.search(r"(\d+)-core", gpu.name.lower())
    return int(m.group(1)) if m else None


def match_gpu(det: DetectedGpu, catalog: Sequence[GpuSpec]) -> GpuMatch:
    """The one catalog GPU ``det`` is, or why none is.

    Rules: the catalog GPU's model words (name less vendor, size, form-factor and memory-type
    words) equal the detected name's; a form factor named by the tool (SXM, PCIe, NVL) must be
    the catalog GPU's; a memory type named by the tool (``H100 80GB HBM3``) must be its
    ``memory_type``; the detected memory must be within :data:`MEMORY_TOLERANCE` of
    ``memory_gb`` GiB; an Apple GPU's core count must equal the one in the catalog name.
    """
    words = _model_words(det.name)
    form = _form(det.name)
    mem_types = {w for w in _words(det.name) if _MEM_TYPE_WORDS.match(w)}
    named = [g for g in catalog if words and words in _name_variants(g.name)]
    fits = []
    for g in named:
        if form and not form <= _form(g.name):
            continue
        if mem_types and g.memory_type.lower().replace(" ", "") not in mem_types:
            continue
        if det.memory_total_bytes is not None and not det.unified:
            nominal = g.memory_gb * GiB
            if abs(det.memory_total_bytes - nominal) > MEMORY_TOLERANCE * nominal:
                continue
        cores = _catalog_cores(g)
        if det.gpu_cores is not None and cores is not None and cores != det.gpu_cores:
            continue
        fits.append(g)
    if len(fits) == 1:
        return GpuMatch(gpu=det, gpu_id=fits[0].id)
    if len(fits) > 1:
        ids = tuple(g.id for g in fits)
        return GpuMatch(
            gpu=det, candidates=ids, note=msg("detect.ambiguous", name=det.name, candidates=", ".join(ids))
        )
    ids = tuple(g.id for g in named)
    if ids:
        return GpuMatch(
            gpu=det,
            candidates=ids,
            note=msg("detect.no_variant", name=det.name, memory=_gib(det), candidates=", ".join(ids)),
        )
    return GpuMatch(gpu=det, note=msg("detect.unknown", name=det.name))


def _gib(det: DetectedGpu) -> str:
    if det.gpu_cores is not None:
        return f"{det.gpu_cores}-core GPU"
    if det.memory_total_bytes is None:
        return "memory not reported"
    return f"{det.memory_total_bytes / GiB:.1f} GiB"


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


__all__ = [
    "MAX_TOOL_OUTPUT_BYTES",
    "MEMORY_TOLERANCE",
    "DetectedGpu",
    "DetectedMachine",
    "GpuMatch",
    "ToolKind",
    "ToolOutputError",
    "detect_machine",
    "match_gpu",
    "parse_meminfo",
    "parse_nvidia_smi",
    "parse_rocm_smi",
    "parse_sysctl_memsize",
    "parse_system_profiler",
    "sniff",
]
