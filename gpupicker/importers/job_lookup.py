"""A model name as a job writes it (``NousResearch/Meta-Llama-3-8B``, ``llama3.1:8b``) → a
catalog model id.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Protocol

from .job_model import ModelLookup

# --- catalog lookup ---------------------------------------------------------------------------


_DROP = frozenset(
    {
        "meta",
        "instruct",
        "chat",
        "hf",
        "it",
        "base",
        "gguf",
        "awq",
        "gptq",
        "fp8",
        "fp16",
        "bf16",
        "nf4",
        "int4",
        "int8",
        "bnb",
        "4bit",
        "8bit",
        "w4a16",
        "w8a8",
        "w4a8",
        "quarot",
        "mtp",
        "thinking",
    }
)
"""Words of a checkpoint's name that do not change its architecture: the org, the chat /
instruct / thinking tunes, the quantized exports (AWQ, GPTQ, FP8, Ascend ModelSlim W8A8 / W4A8,
QuaRot rotations) and an export that keeps the multi-token-prediction layer (``-mtp``)."""


def name_words(name: str) -> tuple[str, ...]:
    """The words of a model name that identify it, sorted, each as often as it appears.

    The org, ``Instruct``/``chat``/``hf`` and quantized-export suffixes (``AWQ``, ``GPTQ``,
    ``FP8``, ``fp16``…: the same architecture), a YYMM release tag (:data:`_RELEASE_DATE`) and
    punctuation are dropped: ``NousResearch/Meta-Llama-3.1-8B-Instruct`` → (1, 3, 8b, llama).
    A repeated word counts (``Llama-3.3-70B`` is not ``Llama-3-70B``).
    """
    tail = name.strip().rstrip("/").split("/")[-1].lower()
    # whole words first: the letter-digit split below would cut fp16 into "fp 16"
    tail = " ".join(w for w in re.split(r"[^a-z0-9._]+", tail) if w not in _DROP)
    tail = re.sub(r"(\d)[._](\d)", r"\1 \2", tail)  # 3.1 / 3_1 → 3 1
    tail = re.sub(r"([a-z])(\d)", r"\1 \2", tail)  # llama3 → llama 3, qwen2 → qwen 2
    words = re.split(r"[^a-z0-9]+", tail)
    return tuple(sorted(w for w in words if w and w not in _DROP and not _RELEASE_DATE.fullmatch(w)))


_RELEASE_DATE = re.compile(r"2[3-9](0[1-9]|1[0-2])|(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])")
"""A release tag of a re-released checkpoint of the same architecture: Qwen's and Mistral's
YYMM (``Qwen3-4B-Instruct-2507``, ``Qwen3-30B-A3B-Thinking-2507``) and DeepSeek's MMDD
(``DeepSeek-V3-0324``, ``DeepSeek-R1-0528``: deepseek-ai's updated weights of V3 and R1, the
same config.json architecture): not part of the model's name. Catalog ids that carry one
(``mistral_small_2409``) lose it on both sides, so still match."""


def catalog_lookup(models: Iterable[tuple[str, str, str]]) -> ModelLookup:
    """A :data:`ModelLookup` over catalog models given as (id, name, Hugging Face repo or "").

    A name matches a model whose id, repo or display name has the same :func:`name_words`
    (an ``-Instruct`` checkpoint maps to its base row: the same architecture); two models with
    the same words make the name ambiguous (None).
    """
    rows = list(models)
    by_id = {i: i for i, _, _ in rows}
    by_repo = {r.lower(): i for i, _, r in rows if r}
    by_words: dict[tuple[str, ...], set[str]] = {}
    for i, n, r in rows:
        for text in (i, n, r):
            if text:
                by_words.setdefault(name_words(text), set()).add(i)

    def lookup(name: str) -> str | None:
        key = name.strip()
        if key in by_id:
            return key
        if key.lower() in by_repo:
            return by_repo[key.lower()]
        hits = by_words.get(name_words(key), set())
        return next(iter(hits)) if len(hits) == 1 else None

    return lookup


class _CatalogModelLike(Protocol):
    """What a lookup reads of a catalog model (``catalog.records.CatalogModel``)."""

    @property
    def id(self) -> str: ...  # noqa: D102

    @property
    def name(self) -> str: ...  # noqa: D102

    @property
    def hf_repo(self) -> str: ...  # noqa: D102


def catalog_models_lookup(models: Iterable[_CatalogModelLike]) -> ModelLookup:
    """:func:`catalog_lookup` over the catalog's models (``CatalogRepository.models()``)."""
    return catalog_lookup((m.id, m.name, m.hf_repo) for m in models)
