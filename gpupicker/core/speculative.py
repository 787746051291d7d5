"""Speculative decoding: the draft's memory and the accepted tokens per step.

A draft (MTP heads, an EAGLE head, a small draft model or n-gram lookup) proposes ``k`` tokens
per step and the target model verifies them in one forward.

Memory: the draft's weights and its KV cache join the target's (n-gram lookup has neither).
Speed: each step yields the expected number of accepted tokens

    E = (1 − α^(k+1)) / (1 − α)

for a per-token acceptance rate α and ``k`` speculative tokens (Leviathan, Kalman & Matias
2023, "Fast Inference from Transformers via Speculative Decoding", eq. 1), at the cost of one
verify forward of ``k + 1`` tokens per sequence plus ``k`` draft forwards.

Default acceptance rates (:data:`DEFAULT_ACCEPTANCE`), with the range that says how much they
vary with the model pair, the sampling temperature and the prompts:

* MTP: 0.85, range 0.85–0.90 — DeepSeek-V3 Technical Report §5.4.3 ("the acceptance rate of
  the second token prediction ranges between 85% and 90%").
* EAGLE: 0.75, range 0.6–0.85 — EAGLE-2 / EAGLE-3 papers (Li et al. 2024/2025: average
  acceptance lengths τ ≈ 3.5–4.5 tokens with 5–6 drafted tokens on MT-bench, i.e. α ≈ 0.7–0.8).
* draft model: 0.7, range 0.5–0.9 — Leviathan et al. 2023 Table 3 (α 0.5–0.9 over the model
  pairs they measured).
* n-gram (prompt lookup): 0.4, range 0.1–0.8 — prompt lookup decoding only pays off when the
  output copies the prompt (summarisation, code edits); vLLM docs "Speculating by matching
  n-grams in the prompt".
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .messages import msg
from .model_arch import ModelArch
from .stacks.frameworks import speed_engine

Method = Literal["mtp", "draft", "ngram", "eagle"]

METHOD_SPELLINGS: dict[str, Method] = {
    "mtp": "mtp",
    "deepseek_mtp": "mtp",
    "qwen3_next_mtp": "mtp",
    "nextn": "mtp",
    "glm4_moe_mtp": "mtp",
    "ernie_mtp": "mtp",
    "mimo_mtp": "mtp",
    "qwen3_5_mtp": "mtp",
    "eagle": "eagle",
    "eagle2": "eagle",
    "eagle3": "eagle",
    "eagle-3": "eagle",
    "ngram": "ngram",
    "[ngram]": "ngram",
    "prompt_lookup": "ngram",
    "draft": "draft",
    "draft_model": "draft",
    "standalone": "draft",
}
"""Method names as vLLM (``speculative_config.method``), SGLang (``--speculative-algorithm``
EAGLE / EAGLE3 / NEXTN / NGRAM / STANDALONE) and llama.cpp (``--model-draft``) spell them."""

DEFAULT_ACCEPTANCE: dict[str, tuple[float, float, float]] = {
    "mtp": (0.85, 0.85, 0.90),
    "eagle": (0.75, 0.6, 0.85),
    "draft": (0.7, 0.5, 0.9),
    "ngram": (0.4, 0.1, 0.8),
}
"""Per-token acceptance rate (default, low, high) by method; sources in the module docstring."""

DEFAULT_TOKENS: dict[str, int] = {"mtp": 1, "eagle": 3, "draft": 4, "ngram": 4}
"""Default speculative tokens per step: MTP 1 (DeepSeek-V3's one MTP module; vLLM
``deepseek_mtp`` examples), EAGLE 3, draft model 4 and n-gram 4 (vLLM speculative-decoding
docs examples use 2–5)."""


class Speculative(BaseModel):
    """How the workload decodes speculatively.

    Attributes:
        method: ``mtp`` (the checkpoint's multi-token-prediction layers), ``eagle`` (an EAGLE
            head: one decoder layer of the target's shape unless ``draft_model`` names one),
            ``draft`` (a separate draft model, ``draft_model`` required), ``ngram`` (prompt
            lookup: no draft weights).
        draft_model: catalog id of the draft model (resolved into ``draft``).
        num_speculative_tokens: tokens proposed per step (default :data:`DEFAULT_TOKENS`).
        acceptance_rate: per-token acceptance α in (0, 1) (default :data:`DEFAULT_ACCEPTANCE`).
    """

    model_config = ConfigDict(frozen=True, extra="ignore", allow_inf_nan=False)

    method: Method
    draft_model: str | None = None
    draft: ModelArch | None = None
    num_speculative_tokens: int | None = Field(default=None, ge=1, le=64)
    acceptance_rate: float | None = Field(default=None, gt=0.0, lt=1.0)

    @model_validator(mode="before")
    @classmethod
    def _spellings(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        d = dict(data)
        raw = next((d[k] for k in ("method", "speculative_algorithm", "algorithm") if d.get(k)), None)
        if raw is None and (
            d.get("model_draft") or d.get("draft_model") or d.get("speculative_draft_model_path")
        ):
            raw = "draft"
        if raw is not None:
            method = METHOD_SPELLINGS.get(str(raw).strip().lower())
            if method is None:
                raise ValueError(
                    msg(
                        "speculative.unknown_method",
                        method=repr(raw),
                        known=", ".join(sorted(METHOD_SPELLINGS)),
                    )
                )
            d["method"] = method
        for key in ("model", "model_draft", "speculative_draft_model_path"):
            if d.get("draft_model") is None and isinstance(d.get(key), str):
                d["draft_model"] = d[key]
        for key in ("speculative_num_steps", "draft_max", "n_draft", "num_draft_tokens"):
            if d.get("num_speculative_tokens") is None and d.get(key) is not None:
                d["num_speculative_tokens"] = d[key]
        return d

    @model_validator(mode="after")
    def _draft_needed(self) -> Speculative:
        if self.method == "draft" and not (self.draft_model or self.draft):
            raise ValueError(msg("speculative.needs_draft"))
        return self

    @property
    def tokens(self) -> int:
        """Speculative tokens per step ``k``."""
        return self.num_speculative_tokens or DEFAULT_TOKENS[self.method]

    @property
    def alpha(self) -> float:
        """Per-token acceptance rate α."""
        return self.acceptance_rate or DEFAULT_ACCEPTANCE[self.method][0]


def expected_tokens_per_step(alpha: float, k: int) -> float:
    """Tokens one speculative step yields on average: ``(1 − α^(k+1)) / (1 − α)``.

    Leviathan et al. 2023 eq. 1 (k drafted tokens, each accepted with probability α while
    the ones before it were; the target always adds one token).
    """
    return (1.0 - alpha ** (k + 1)) / (1.0 - alpha)


LLAMACPP_VOCAB_SLACK = 128
"""Most tokens a llama.cpp draft's vocabulary may differ from the target's
(``common/speculative.cpp`` ``SPEC_VOCAB_MAX_SIZE_DIFFERENCE``; it also requires the same
vocabulary type, special tokens and token texts, which a config does not show)."""


def check_draft_vocab(draft: ModelArch, target: ModelArch, engine: str = "") -> None:
    """Refuse a draft model whose vocabulary is not the target's.

    The draft proposes token ids that the target verifies, so both need one tokenizer: vLLM
    refuses a draft model whose ``vocab_size`` differs (``SpeculativeConfig``: "Target and
    draft model should have the same vocabulary size … Using models with different tokenizers
    can cause out-of-bounds errors"), so does transformers' assisted generation ("The main and
    assistant models have different tokenizers", unless both tokenizers are passed for
    universal assisted decoding, which is not modelled), SGLang's standalone drafts share the
    target's tokenizer,
    and llama.cpp accepts a difference of up to :data:`LLAMACPP_VOCAB_SLACK` tokens with the
    same token texts. Only the sizes are compared: same-size vocabularies of different
    tokenizers are not detected (the message says so).

    Args:
        draft: the draft model's architecture.
        target: the target model's architecture.
        engine: the workload's framework (llama.cpp / Ollama allow the slack).

    Raises:
        ValueError: a draft that is no language model, with no vocabulary size, or whose
            vocabulary size differs from the target's.
    """
    if draft.kind != "llm" or not draft.vocab_size:
        raise ValueError(msg("speculative.draft_no_vocab", draft=draft.name or "the draft"))
    if not target.vocab_size:
        return
    try:
        llamacpp = speed_engine(engine) == "llama.cpp" if engine else False
    except ValueError:
        llamacpp = False
    slack = LLAMACPP_VOCAB_SLACK if llamacpp else 0
    if abs(draft.vocab_size - target.vocab_size) > slack:
        raise ValueError(
            msg(
                "speculative.vocab_mismatch",
                draft=draft.name or "the draft",
                target=target.name or "the target",
                dv=draft.vocab_size,
                tv=target.vocab_size,
            )
        )


def draft_arch(spec: Speculative, target: ModelArch, engine: str = "") -> ModelArch | None:
    """The architecture whose weights and KV the draft adds (None for n-gram lookup).

    * ``draft`` / ``eagle`` with a draft model: that model.
    * ``mtp``: the target's ``num_nextn_predict_layers`` MTP layers — one decoder layer of the
      target each, plus the ``eh_proj`` (2h → h) projection, sharing the target's embedding and
      output head (DeepSeek-V3 Technical Report §2.2: 671B + 14B MTP module).
    * ``eagle`` without one: one dense decoder layer of the target's width (attention and a
      gated MLP of its dense ``intermediate_size``) and its 2h → h ``fc`` (EAGLE, Li et al.
      2024 §4), sharing embedding and head.

    A separate draft model (``draft``) must share the target's vocabulary
    (:func:`check_draft_vocab`, ``engine`` the workload's framework); an EAGLE head is trained
    for its target and may carry a reduced draft vocabulary (EAGLE-3 ``draft_vocab_size``), so
    it is not compared.

    Raises:
        ValueError: ``mtp`` on a model whose config has no MTP layers, a ``draft_model``
            that was not resolved, or a draft model with another vocabulary.
    """
    if spec.method == "ngram":
        return None
    if spec.draft is not None:
        if spec.method == "draft":
            check_draft_vocab(spec.draft, target, engine)
        return spec.draft
    if spec.draft_model:
        raise ValueError(msg("speculative.unresolved_draft", model=repr(spec.draft_model)))
    layers = 1
    if spec.method == "mtp":
        layers = target.num_nextn_predict_layers or 0
        if layers < 1:
            raise ValueError(msg("speculative.no_mtp_layers", model=target.name or "the model"))
    L = max(1, target.num_hidden_layers)
    h = target.hidden_size
    # MTP: a full layer of the target (its MoE block included, as DeepSeek-V3's 14B module; in
    # a Nemotron-H block layout one attention and one MoE block, mtp_hybrid_override_pattern
    # "*E"); EAGLE: one dense decoder layer (gated MLP of the dense intermediate_size)
    mlp = (
        target.mlp_params_total() // max(1, target._mlp_layers() if target.block_layout else L)
        if spec.method == "mtp"
        else (3 if target.mlp_gated else 2) * h * target.intermediate_size
    )
    # DeepSeek-V4's MTP block is one attention layer of compression ratio 0 (the last entry of
    # its config's compress_ratios): it keeps only its sliding window
    compressed = bool(target.kv_compress_ratios)
    attention = (
        target.compressed_attention_params_per_layer(0)
        if target.o_lora_rank
        else target.attention_params_per_layer()
    )
    per_layer = attention + mlp + 2 * h * h + 3 * h
    return target.model_copy(
        update={
            "kv_compress_ratios": (0,) * layers if compressed else None,
            "num_hidden_layers": layers,
            "params": layers * per_layer,
            "active_params": None,
            "layer_pattern": None,
            "linear_attention_layers": None,
            "sliding_window": target.sliding_window if compressed else None,
            "sliding_window_layers": None,
            "num_kv_shared_layers": None,
            "kv_heads_per_layer": None,
            "tie_word_embeddings": True,
            "vocab_size": 0,
            "num_nextn_predict_layers": None,
            "name": f"{target.name} draft",
        }
    )


__all__ = [
    "DEFAULT_ACCEPTANCE",
    "DEFAULT_TOKENS",
    "LLAMACPP_VOCAB_SLACK",
    "METHOD_SPELLINGS",
    "Speculative",
    "check_draft_vocab",
    "draft_arch",
    "expected_tokens_per_step",
]
