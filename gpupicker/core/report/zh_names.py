"""Chinese display names (GPUs, providers) and Chinese aliases for model search.

Names stay English in the catalog (ids, CSV, CLI); the zh_CN UI shows these. GPU names
are rewritten by rule (the China SKUs' "(China)" → "（中国特供）", the modified 48 GB
cards → "（魔改 48GB，非官方）", Huawei Ascend → 华为昇腾 …); providers by
:data:`gpupicker.core.pricing.providers.PROVIDERS`. Model aliases map the names Chinese users
search with (千问/通义, 深度求索, 智谱, 月之暗面 …) to the catalog's English families.
"""

from __future__ import annotations

import re

from ..pricing.providers import zh_provider_name

_GPU_RULES: tuple[tuple[str, str], ...] = (
    (r"\s*\(modified, unofficial\)", "（魔改 48GB，非官方）"),
    (r"\s*\(China\)", "（中国特供）"),
    (r"^Huawei Ascend ", "华为昇腾 "),
    (r"\s*\(Workstation, ([^)]*)\)", r"（工作站，\1）"),
    (r"(\d+)-core GPU", r"\1 核 GPU"),
)

MODEL_ALIASES: dict[str, str] = {
    "通义千问": "qwen",
    "千问": "qwen",
    "通义": "qwen",
    "阿里": "qwen",
    "深度求索": "deepseek",
    "深度": "deepseek",
    "智谱清言": "glm",
    "智谱": "glm",
    "清言": "glm",
    "月之暗面": "kimi",
    "月暗": "kimi",
    "百川": "baichuan",
    "书生浦语": "internlm",
    "书生": "internlm",
    "浦语": "internlm",
    "文心一言": "ernie",
    "文心": "ernie",
    "百度": "ernie",
    "混元": "hunyuan",
    "腾讯": "hunyuan",
    "稀宇": "minimax",
    "零一万物": "yi",
    "羊驼": "llama",
    "谷歌": "gemma",
    "微软": "phi",
    "米斯特拉尔": "mistral",
}
"""Chinese name → a word of the catalog model's name or family (longest match first)."""


def zh_gpu_name(name: str) -> str:
    """``name`` as shown in the zh_CN UI.

    "NVIDIA A800 PCIe 80GB (China)" → "NVIDIA A800 PCIe 80GB（中国特供）".
    """
    for rx, rep in _GPU_RULES:
        name = re.sub(rx, rep, name)
    if "魔改" in name:  # the 48 GB is in the name already: keep the mark short
        name = re.sub(r"(48GB)（魔改 48GB，", r"\1（魔改，", name)
    return name


def zh_name(text: str) -> str:
    """A GPU or provider name in Chinese (provider table first, then the GPU rules)."""
    z = zh_provider_name(text)
    return z if z != text else zh_gpu_name(text)


def expand_model_alias(query: str) -> str:
    """``query`` with a Chinese model alias replaced by the catalog's English word.

    "千问 7b" → "qwen 7b"; unchanged when it has none.
    """
    for alias in sorted(MODEL_ALIASES, key=len, reverse=True):
        if alias in query:
            return query.replace(alias, MODEL_ALIASES[alias]).strip()
    return query


_SEPARATORS = re.compile(r"[\s_\-/]+")


def model_search_terms(query: str) -> tuple[str, ...]:
    """The words of a model search, lower-case, Chinese aliases as the catalog's words.

    Each alias of :data:`MODEL_ALIASES` (longest first) becomes its word: "千问72" →
    ("qwen", "72"). Words are separated by spaces, commas, ``_``, ``-`` or ``/``; an empty query has none.
    """
    text = query.lower()
    for alias in sorted(MODEL_ALIASES, key=len, reverse=True):
        text = text.replace(alias, f" {MODEL_ALIASES[alias]} ")
    return tuple(t for t in _SEPARATORS.split(text.replace(",", " ")) if t)


def model_matches(terms: tuple[str, ...], *texts: str) -> bool:
    """True when every word of ``terms`` occurs in ``texts``, in any order.

    ``texts`` are a model's id, name and family: "qwen 72" finds "Qwen2.5 72B", "sdxl" the
    model whose id is ``sdxl_base``. Case-insensitive; ``_``, ``-``, ``/`` and spaces count as
    one separator, and a word also matches across them ("qwen2.572b").
    """
    hay = " ".join(texts).lower()
    spaced = _SEPARATORS.sub(" ", hay)
    compact = _SEPARATORS.sub("", hay)
    return all(t in spaced or t in compact for t in terms)


__all__ = [
    "MODEL_ALIASES",
    "expand_model_alias",
    "model_matches",
    "model_search_terms",
    "zh_gpu_name",
    "zh_name",
]
