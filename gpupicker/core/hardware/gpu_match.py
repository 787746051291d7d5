"""A detected GPU matched to the catalog, or reported unknown or ambiguous, never guessed.

A detected GPU maps to a catalog id only when exactly one catalog GPU matches its name (model
words, variant words such as Ti / SUPER / D / XTX, form factor SXM / PCIe / NVL, memory type)
and its memory (within 10 %); otherwise it is reported as unknown or ambiguous with the
candidates, never guessed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from ..messages import Text, msg
from ..units import GiB
from .specs import GpuSpec
from .tool_output import DetectedGpu

MEMORY_TOLERANCE = 0.10
"""Detected total memory may differ from the catalog's ``memory_gb`` × GiB by this share:
``nvidia-smi`` reports 24,564 MiB for a 24 GB RTX 4090 and 81,559 MiB for an 80 GB H100
(the driver's reserve), ECC on a datacenter card takes up to 6.25 %."""


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
