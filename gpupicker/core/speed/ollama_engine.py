"""Ollama's runners: the releases that used its Go engine, and its llama.cpp runner's sampling.

Ollama's server picks the runner per model file (ollama ``llm/server.go``
``NewLlamaServer``: ``envconfig.NewEngine() || f.KV().OllamaEngineRequired()``); the GGUF
architectures in ``fs/ggml/ggml.go`` ``OllamaEngineRequired`` go to the Go engine
(``runner/ollamarunner``, which builds its own ggml graph per batch), every other one to the
vendored llama.cpp runner. The list grew release by release, and Ollama 0.30.0 removed the Go
engine for GGUF models (ollama PR #16031, "Remove CGO engines, use llama-server exclusively for
GGML models", merged 2026-05-29): from then on llama.cpp's own ``llama-server`` runs them all.

The Go engine's speed is not modelled: the estimate is a llama.cpp figure and says so for a
workload that ran there (:func:`ollama_go_engine`, with the measured range
:data:`OLLAMA_GO_RANGE_PCT`). On the llama.cpp runner each token is sampled on the CPU between
decode steps (:func:`ollama_sample_s`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..messages import Message
from ..model_arch import ModelArch
from ..workload import Workload
from .common import memo_sentence


@dataclass(frozen=True)
class OllamaGoArch:
    """A GGUF architecture Ollama ran on its Go engine, and since which release.

    Attributes:
        arch: ``general.architecture`` as ``OllamaEngineRequired`` spells it.
        families: ``ModelArch.model_type`` values (``-`` read as ``_``) of that architecture:
            the catalog's family names and the Hugging Face ``model_type`` a model read from
            its config carries (``qwen3_moe``, ``gemma3_text``).
        moe: True / False when the family holds both a dense and an MoE architecture
            (``qwen3`` vs ``qwen3moe``) and only one of them is meant; None: either.
        release: first Ollama release whose list names the architecture.
        since: that release's date, ``YYYY-MM-DD`` (its tag's commit date).
        model_ids: catalog model ids of the architecture where the family cannot tell it
            (matched on ``Workload.model_id``; the family is then not read).
    """

    arch: str
    families: frozenset[str]
    moe: bool | None
    release: str
    since: str
    model_ids: frozenset[str] = frozenset()


OLLAMA_GO_ARCHS: tuple[OllamaGoArch, ...] = (
    # v0.6.0 fs/ggml/ggml.go: OllamaEngineRequired() is `kv.Architecture() == "gemma3"`
    OllamaGoArch("gemma3", frozenset({"gemma3", "gemma3_text"}), None, "0.6.0", "2025-03-11"),
    # commit 6bd0a983c "model: support for mistral-small in the ollama runner" adds mistral3, the
    # architecture of Mistral Small 3.1 / 3.2; their family (mistral-small, or Hugging Face's
    # "mistral") also holds Mistral Small 2409 and Mistral NeMo, llama-architecture GGUFs
    OllamaGoArch(
        "mistral3",
        frozenset({"mistral3"}),
        None,
        "0.6.5",
        "2025-04-04",
        frozenset({"mistral_small_3_1_24b"}),
    ),
    # commit f0c66e6de "llama4"
    OllamaGoArch("llama4", frozenset({"llama4"}), None, "0.6.7", "2025-04-30"),
    # v0.11.0's list names "gptoss" (gpt-oss's MXFP4 experts, ollama PR #11672)
    OllamaGoArch("gpt-oss", frozenset({"gpt_oss"}), None, "0.11.0", "2025-08-05"),
    # ollama PR #12310 "prefer ollama engine for qwen3" (merged 2025-09-17)
    OllamaGoArch("qwen3", frozenset({"qwen3"}), False, "0.12.0", "2025-09-18"),
    # ollama PR #12374 "prefer ollama engine for qwen3moe" (merged 2025-09-24)
    OllamaGoArch("qwen3moe", frozenset({"qwen3", "qwen3_coder", "qwen3_moe"}), True, "0.12.2", "2025-09-24"),
)
"""The architectures of ``OllamaEngineRequired`` that the catalog's families name, oldest
first (ollama ``fs/ggml/ggml.go`` at each release tag; ``git log -S`` for the commit that added
each name)."""

OLLAMA_GO_RANGE_PCT = 210.0
"""± share a Go-engine workload's llama.cpp figure is expected within: the widest measured,
gpt-oss-120b on an A100 80GB decoding 53.7 tok/s on Ollama 2025-09 where the llama.cpp figure
is 3.1× that (gparemsky/48gb4090 ML_WORKLOADS/a100_tests, the README's own comparison); the
engine's cost is not modelled, so the range is the measured one."""

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
        kind = a.moe is None or a.moe == w.model.is_moe
        if (w.model_id in a.model_ids or family in a.families) and kind:
            # a month-only date counts from the release's month
            return a if date >= a.since[: len(date)] else None
    return None


OLLAMA_SAMPLE_S_PER_VOCAB = 4.0e-9
"""Host seconds per vocabulary entry per sampled token of llama.cpp's CPU sampler chain with a
repeat penalty on. Ollama's llama.cpp runner samples each token on the host between two decode
steps, nothing overlapping (ollama ``runner/llamarunner/runner.go`` ``processBatch``:
``s.lc.Decode`` then ``seq.samplingCtx.Sample``, llama.cpp's ``common_sampler_sample`` through
``llama/sampling_ext.cpp``), with its default options ``RepeatPenalty`` 1.1, ``RepeatLastN`` 64,
``TopK`` 40 (ollama ``api/types.go`` ``DefaultOptions``, v0.11.10): ``common_sampler`` fills one
candidate per vocabulary entry and its chain starts with the penalties sampler, which probes its
token-count map once per candidate (llama.cpp ``src/llama-sampling.cpp``
``llama_sampler_penalties_apply`` and ``common/common.h``'s default sampler order, the commit
Ollama 0.11.10 vendors, e54d41be), then top-k over the whole vocabulary. ``llama-bench``, the
source of the llama.cpp profile's figures, samples nothing. 4 ns: llama.cpp PR #25262's table
(2026-07, Linux, RTX 4000 SFF), the same chain on the CPU against on the GPU: Qwen3.6-35B-A3B
57.87 vs 61.22 tok/s (0.95 ms over 248,320 entries, 3.8 ns) and gpt-oss-20b 81.01 vs 87.16
(0.87 ms over 201,088, 4.3 ns)."""


def ollama_sample_s(w: Workload, arch: ModelArch) -> float:
    """Host seconds Ollama's llama.cpp runner spends sampling one token of one sequence.

    :data:`OLLAMA_SAMPLE_S_PER_VOCAB` × ``arch.vocab_size`` for an Ollama workload that does not
    run on the Go engine (:func:`ollama_go_engine`: its Go sampler is not modelled), else 0.
    """
    if w.framework != "ollama" or ollama_go_engine(w) is not None:
        return 0.0
    return OLLAMA_SAMPLE_S_PER_VOCAB * (arch.vocab_size or 0)


def ollama_sampling(w: Workload, arch: ModelArch) -> tuple[float, tuple[Message, ...]]:
    """:func:`ollama_sample_s` (seconds per sequence per step) and its sentence (none at 0)."""
    s = ollama_sample_s(w, arch)
    if not s:
        return 0.0, ()
    return s, (
        memo_sentence("throughput.ollama_sampling", vocab=f"{arch.vocab_size:,}", ms=f"{s * 1e3:.2f}"),
    )


__all__ = [
    "OLLAMA_GO_ARCHS",
    "OLLAMA_GO_RANGE_PCT",
    "OLLAMA_LLAMA_SERVER_RELEASE",
    "OLLAMA_SAMPLE_S_PER_VOCAB",
    "OllamaGoArch",
    "ollama_go_engine",
    "ollama_sample_s",
    "ollama_sampling",
]
