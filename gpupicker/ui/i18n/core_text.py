"""Chinese (or any language's) rendering of the English sentences core writes.

Core is Qt-free and writes option reasons, recommendation notes, advisor
descriptions and assumptions in English f-strings. :func:`translate_core_text`
splits such a text the way core builds it (sentences joined by ". ", clauses by
"; "), matches each clause against regular expressions derived from core's
f-string templates (:data:`TEMPLATES`, every one a literal for lupdate in the
"CoreText" context) and renders ``QCoreApplication.translate("CoreText",
template)`` with the captured values, numbers keeping core's formatting.
Unmatched pieces stay English. Without a translator ``translate`` returns the
English template, so the output equals the input exactly.
"""

from __future__ import annotations

import re
from functools import lru_cache

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from ...core.zh_names import zh_name

CONTEXT = "CoreText"

TEMPLATES: tuple[str, ...] = (
    # issue 18: non-CUDA stacks (core.accelerators)
    QT_TRANSLATE_NOOP("CoreText", "{accelerator}: no CUDA; the estimate stands for {stack} with {engines} (not measured here: {range})"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "{vendor} accelerator: no CUDA and no modelled software stack; the estimate is CUDA-like (not measured here: {range})"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Ascend NPU"),
    QT_TRANSLATE_NOOP("CoreText", "AMD GPU"),
    QT_TRANSLATE_NOOP("CoreText", "Intel Gaudi"),
    QT_TRANSLATE_NOOP("CoreText", "Intel Arc GPU"),
    QT_TRANSLATE_NOOP("CoreText", "Apple silicon"),
    QT_TRANSLATE_NOOP("CoreText", "Non-NVIDIA"),
    QT_TRANSLATE_NOOP("CoreText", "NVIDIA (third-party modified)"),
    # calibration on the user's runs (core.calibration)
    QT_TRANSLATE_NOOP("CoreText", "Calibrated on your {n} run (memory ×{mf}, error {mb} → {ma})"),
    QT_TRANSLATE_NOOP("CoreText", "Calibrated on your {n} runs (memory ×{mf}, error {mb} → {ma})"),
    QT_TRANSLATE_NOOP("CoreText", "Calibrated on your {n} run (speed ×{sf}, error {sb} → {sa})"),
    QT_TRANSLATE_NOOP("CoreText", "Calibrated on your {n} runs (speed ×{sf}, error {sb} → {sa})"),
    QT_TRANSLATE_NOOP("CoreText", "Calibrated on your {n} run (memory ×{mf}, error {mb} → {ma}, speed ×{sf}, error {sb} → {sa})"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Calibrated on your {n} runs (memory ×{mf}, error {mb} → {ma}, speed ×{sf}, error {sb} → {sa})"),  # noqa: E501
    # errors (live estimate, results page)
    QT_TRANSLATE_NOOP("CoreText", "model {model} is not resolved"),
    QT_TRANSLATE_NOOP("CoreText", "look it up in the catalog first"),
    # engines on hardware they have no backend for (core.checks, QA F26)
    QT_TRANSLATE_NOOP("CoreText", "{engine} does not run on the {gpu} ({platform}): it runs on {platforms}"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "bitsandbytes {dtype} has no {platform} backend, so it does not run on the {gpu}: use GGUF with llama.cpp or MLX instead"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "bitsandbytes {dtype} has no {platform} backend, so it does not run on the {gpu}: use GGUF with llama.cpp instead"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "none"),
    # assumptions: throughput
    QT_TRANSLATE_NOOP("CoreText", "Fixed engine overhead {ms} ms per step"),
    QT_TRANSLATE_NOOP("CoreText", "decode GEMMs at {share} of dense peak"),
    QT_TRANSLATE_NOOP("CoreText", "Framework {framework}: optimized stack (llm-foundry MPT benchmarks)"),
    QT_TRANSLATE_NOOP("CoreText", "{net} between {nodes} nodes"),
    QT_TRANSLATE_NOOP("CoreText", "Ethernet"),
    QT_TRANSLATE_NOOP("CoreText", "{tflop} TFLOP per denoising step ({denoiser}) × {steps} steps at {share} of {tflops} TFLOPS"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "+0.1 s text encoder/VAE"),
    # training frameworks, sustained rates and diffusion (issue 13)
    # issue 12: engine speed profiles, sustained GPU factors, vLLM pool sizing, serving
)
"""English templates of core's sentences and clauses; ``{name}`` marks a captured value."""

_PATTERNS: dict[str, str] = {
    "why": r"[^()]+",
    "provider": r"[^,()]+",
    "verdict": r"fits|does not fit",
    "task": r"lora|qlora|full_ft|pretrain|inference|image_gen",
    "optimizer_id": r"[\w-]+",
    "n": r"\d[\d,]*",
    "replicas": r"\d[\d,]*",
    "flag": r"low-trust|stale",
    "mf": r"[\d.]+", "sf": r"[\d.]+",
    "mb": r"[\d.]+%", "ma": r"[\d.]+%", "sb": r"[\d.]+%", "sa": r"[\d.]+%",
    "kind": r"[^,()]+",
}
"""Placeholder patterns other than the default ``.+?`` (where a value may contain the text
that follows it, e.g. a GPU name with a comma before the provider)."""

_NESTED = frozenset({"accelerator", "where", "scenario", "why", "verdict", "provider", "vendor",
                     "link", "error",
                     "optimizer", "net", "conversions", "flag", "kind"})
"""Placeholders whose values are core phrases themselves, translated in turn."""

_ANY = r"(?:(?!; ).)+?"
"""Default placeholder pattern: any text within one clause."""
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
_SENTENCE_END = re.compile(r"((?<!et al)(?<!e\.g)\.(?: +|$))")
_CLAUSE_SEP = re.compile(r"(; )")
_TIGHT = re.compile(r"(?<=[\uff09\u201d\u3001\uff0c]) (?=[\u4e00-\u9fff])")
_CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


def _compile(template: str) -> tuple[re.Pattern[str], str]:
    """The regular expression matching ``template`` and its longest literal piece."""
    parts = _PLACEHOLDER.split(template)
    rx = []
    for i, part in enumerate(parts):
        rx.append(re.escape(part) if i % 2 == 0
                  else f"(?P<{part}>{_PATTERNS.get(part, _ANY)})")
    literal = max(parts[::2], key=len)
    return re.compile("".join(rx), re.DOTALL), literal


@lru_cache(maxsize=1)
def _compiled() -> tuple[tuple[str, re.Pattern[str], str], ...]:
    """(template, regex, literal), most specific (longest literal) first; compiled on the
    first translation, not at import (issue 17: ~40 ms of the start-up)."""
    return tuple(sorted(((t, *_compile(t)) for t in TEMPLATES), key=lambda x: -len(x[2])))


def _render(template: str, values: dict[str, str]) -> str:
    text = QCoreApplication.translate(CONTEXT, template)
    text = _PLACEHOLDER.sub(lambda m: values.get(m.group(1), m.group(0)), text)
    # a translated value ending in full-width punctuation needs no space before Chinese text
    return _TIGHT.sub("", text) if text != template else text


def _clause(text: str) -> str:
    """One clause translated (unchanged when no template matches)."""
    for template, rx, literal in _compiled():
        if literal not in text:
            continue
        m = rx.fullmatch(text)
        if m is None:
            continue
        values = m.groupdict()
        for name, value in values.items():
            if name in ("gpu", "provider", "gpus") and _CHINESE[0]:
                shown = ", ".join(zh_name(v) for v in value.split(", "))
                if shown != value:
                    values[name] = shown
                    continue
            if name in ("conversions", "options"):
                values[name] = _join(value, ", ", "、")
            elif name in _NESTED:
                values[name] = _body(value)
        return _render(template, values)
    return text


def _join(text: str, sep: str, translated_sep: str) -> str:
    """``text`` split on ``sep``, each piece translated; ``translated_sep`` joins them when
    any piece changed."""
    pieces = text.split(sep)
    out = [_clause(p) for p in pieces]
    return (translated_sep if out != pieces else sep).join(out)


def _body(text: str) -> str:
    """A sentence without its full stop: whole, else clause by clause."""
    whole = _clause(text)
    if whole != text or "; " not in text:
        return whole
    return _join(text, "; ", "；")


_CHINESE = [False]
"""Whether the text being translated goes to a Chinese UI (GPU and provider names then
take their Chinese display names, core.zh_names)."""


@lru_cache(maxsize=8192)
def _translate(text: str, lang: str) -> str:
    _CHINESE[0] = lang != "none" and bool(_CJK.search(lang))
    pieces = _SENTENCE_END.split(text)
    out: list[str] = []
    for i in range(0, len(pieces), 2):
        body = pieces[i]
        sep = pieces[i + 1] if i + 1 < len(pieces) else ""
        new = _body(body) if body else body
        if new != body and sep:
            sep = "。"
        out.append(new + sep)
    return "".join(out)


def translate_core_text(text: str) -> str:
    """``text`` from core, translated sentence by sentence into the UI's language.

    Pieces no template matches stay English; without a translator for "CoreText" the
    result is ``text`` itself.
    """
    if not text:
        return text
    lang = QCoreApplication.translate(CONTEXT, "none")
    if lang == "none":
        # no CoreText translator (English): every template renders as itself, so the result
        # is ``text`` (see the module docstring); skip compiling and matching (issue 17)
        return text
    return _translate(text, lang)


def core_clauses(text: str) -> list[str]:
    """The sentences of ``text`` split into clauses, as :func:`translate_core_text` sees
    them (for coverage checks)."""
    out = []
    for i, body in enumerate(_SENTENCE_END.split(text)):
        if i % 2 == 0 and body:
            out += body.split("; ")
    return out


def has_cjk(text: str) -> bool:
    """True when ``text`` contains Chinese characters or full-width punctuation."""
    return bool(_CJK.search(text))


__all__ = ["TEMPLATES", "core_clauses", "has_cjk", "translate_core_text"]
