"""Which Ollama releases ran a model on Ollama's own Go engine rather than on llama.cpp.

Ollama's server picks the runner per model file (ollama ``llm/server.go``
``NewLlamaServer``: ``envconfig.NewEngine() || f.KV().OllamaEngineRequired()``); the GGUF
architectures in ``fs/ggml/ggml.go`` ``OllamaEngineRequired`` go to the Go engine
(``runner/ollamarunner``, which builds its own ggml graph per batch), every other one to the
vendored llama.cpp runner. The list grew release by release, and Ollama 0.30.0 removed the Go
engine for GGUF models (ollama PR #16031, "Remove CGO engines, use llama-server exclusively for
GGML models", merged 2026-05-29): from then on llama.cpp's own ``llama-server`` runs them all.

The Go engine's speed is not modelled: the estimate is a llama.cpp figure and says so for a
workload that ran there (:func:`ollama_go_engine`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..workload import Workload


@dataclass(frozen=True)
class OllamaGoArch:
    """A GGUF architecture Ollama ran on its Go engine, and since which release.

    Attributes:
        arch: ``general.architecture`` as ``OllamaEngineRequired`` spells it.
        families: catalog model families (``model_type``, ``-`` read as ``_``) of that
            architecture.
        moe: True / False when the family holds both a dense and an MoE architecture
            (``qwen3`` vs ``qwen3moe``) and only one of them is meant; None: either.
        release: first Ollama release whose list names the architecture.
        since: that release's date, ``YYYY-MM-DD`` (its tag's commit date).
    """

    arch: str
    families: frozenset[str]
    moe: bool | None
    release: str
    since: str


OLLAMA_GO_ARCHS: tuple[OllamaGoArch, ...] = (
    # v0.6.0 fs/ggml/ggml.go: OllamaEngineRequired() is `kv.Architecture() == "gemma3"`
    OllamaGoArch("gemma3", frozenset({"gemma3", "gemma3_text"}), None, "0.6.0", "2025-03-11"),
    # commit 6bd0a983c "model: support for mistral-small in the ollama runner" adds mistral3; the
    # catalog's mistral-small family also holds Mistral Small 2409 (llama architecture), so only
    # a family named mistral3 is matched here
    OllamaGoArch("mistral3", frozenset({"mistral3"}), None, "0.6.5", "2025-04-04"),
    # commit f0c66e6de "llama4"
    OllamaGoArch("llama4", frozenset({"llama4"}), None, "0.6.7", "2025-04-30"),
    # v0.11.0's list names "gptoss" (gpt-oss's MXFP4 experts, ollama PR #11672)
    OllamaGoArch("gpt-oss", frozenset({"gpt_oss"}), None, "0.11.0", "2025-08-05"),
    # ollama PR #12310 "prefer ollama engine for qwen3" (merged 2025-09-17)
    OllamaGoArch("qwen3", frozenset({"qwen3"}), False, "0.12.0", "2025-09-18"),
    # ollama PR #12374 "prefer ollama engine for qwen3moe" (merged 2025-09-24)
    OllamaGoArch("qwen3moe", frozenset({"qwen3", "qwen3_coder"}), True, "0.12.2", "2025-09-24"),
)
"""The architectures of ``OllamaEngineRequired`` that the catalog's families name, oldest
first (ollama ``fs/ggml/ggml.go`` at each release tag; ``git log -S`` for the commit that added
each name)."""

OLLAMA_LLAMA_SERVER_RELEASE = "0.30.0"
"""First Ollama release that runs every GGUF model on llama.cpp's ``llama-server`` (ollama PR
#16031; the vendored ggml, the CGo runner and the Go model implementations removed)."""
OLLAMA_LLAMA_SERVER_SINCE = "2026-06-01"
"""That release's date (its tag's commit date)."""


def ollama_go_engine(w: Workload) -> OllamaGoArch | None:
    """The Go-engine architecture ``w`` ran on, or None when Ollama ran it on llama.cpp.

    Only an Ollama workload whose model's family (and dense/MoE kind) is in
    :data:`OLLAMA_GO_ARCHS` and whose ``engine_date`` (``YYYY-MM[-DD]``) falls from that
    architecture's first release up to :data:`OLLAMA_LLAMA_SERVER_SINCE`; without a date the
    newest Ollama is assumed, which runs GGUF models on ``llama-server`` (None).
    """
    if w.framework != "ollama" or w.model is None or not w.engine_date:
        return None
    family = w.model.model_type.replace("-", "_")
    date = w.engine_date
    if date >= OLLAMA_LLAMA_SERVER_SINCE[: len(date)]:
        return None
    for a in OLLAMA_GO_ARCHS:
        if family in a.families and (a.moe is None or a.moe == w.model.is_moe):
            # a month-only date counts from the release's month
            return a if date >= a.since[: len(date)] else None
    return None


__all__ = ["OLLAMA_GO_ARCHS", "OLLAMA_LLAMA_SERVER_RELEASE", "OllamaGoArch", "ollama_go_engine"]
