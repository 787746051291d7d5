"""The fields of a model architecture, their validation and its layer shape.

:class:`ArchShape` holds the ``config.json`` fields (:mod:`.model_config` reads their
spellings), checks them, and derives what every size below needs: heads, head dimension,
the kind of each layer (:data:`~gpupicker.core.model_config.LAYER_KINDS`). Parameter counts
are :mod:`.model_params`, caches and the rest :mod:`.model_arch`.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .memo import by_identity
from .messages import msg
from .model_config import LAYER_KINDS, normalize_config

# model_type values whose MLP is a plain up/down projection (2·h·I) rather than gated (3·h·I).
_NON_GATED_MLP = frozenset(
    {
        "gpt2",
        "gpt_neox",
        "falcon",
        "starcoder2",
        "phi",
        "mpt",
        "bloom",
        "gptj",
        "opt",
        "gpt_bigcode",
        "nemotron_h",
    }
)  # NemotronHMLP: up → relu² → down
# model_type values with biases on q/k/v projections.
_QKV_BIAS = frozenset({"qwen2", "qwen2_moe", "qwen", "starcoder2"})

KV_COMPRESS_RATIOS = frozenset({0, 4, 128})
"""Per-layer KV compression ratios gpupicker models (DeepSeek-V4 ``compress_ratios``).

``0`` a layer that keeps only its sliding window, ``4`` compressed sparse attention (CSA: one
KV entry per 4 tokens, overlapping windows, with the lightning indexer), ``128`` heavily
compressed attention (HCA: one entry per 128 tokens, no indexer), as DeepSeek-V4's own
``inference/model.py`` (``Compressor``: ``overlap = compress_ratio == 4``; ``Indexer`` on the
ratio-4 layers) and SGLang's ``get_compress_state_ring_size`` (ratios 4 and 128) build them.
Other ratios (DeepSeek-V4.1's 1 and 2) are refused by name."""


class ArchShape(BaseModel):
    """Fields, validation and layer shape of :class:`~gpupicker.core.model_arch.ModelArch`."""

    model_config = ConfigDict(frozen=True, extra="ignore", allow_inf_nan=False)

    # upper bounds, declared here and read by the catalog's checks (catalog.records._MODEL_LIMITS),
    # so an architecture typed into `estimate` or the custom-model page is refused as the
    # catalog refuses it, instead of a 392,788,696,290 GiB estimate for 1e12 layers
    name: str = ""
    kind: Literal["llm", "diffusion"] = "llm"
    model_type: str = "llama"
    hidden_size: int = Field(default=0, ge=0, le=10_000_000)
    intermediate_size: int = Field(default=0, ge=0, le=100_000_000)
    num_hidden_layers: int = Field(default=0, ge=0, le=100_000)
    num_attention_heads: int = Field(default=0, ge=0, le=1_000_000)
    num_key_value_heads: int | None = Field(default=None, ge=1, le=1_000_000)
    head_dim: int | None = Field(default=None, ge=1, le=1_000_000)
    vocab_size: int = Field(default=0, ge=0, le=100_000_000)
    tie_word_embeddings: bool = False
    num_local_experts: int | None = Field(default=None, ge=1, le=1_000_000)
    num_experts_per_tok: int | None = Field(default=None, ge=1)
    moe_intermediate_size: int | None = Field(default=None, ge=1)
    n_shared_experts: int | None = Field(default=None, ge=0)
    shared_expert_intermediate_size: int | None = Field(default=None, ge=0)
    first_k_dense_replace: int | None = Field(default=None, ge=0)
    moe_layer_step: int | None = Field(default=None, ge=1)
    q_lora_rank: int | None = Field(default=None, ge=1)
    qk_nope_head_dim: int | None = Field(default=None, ge=0)
    v_head_dim: int | None = Field(default=None, ge=1)
    index_n_heads: int | None = Field(default=None, ge=1)
    index_head_dim: int | None = Field(default=None, ge=1)
    linear_attention_layers: int | None = Field(default=None, ge=0)
    linear_num_key_heads: int | None = Field(default=None, ge=1)
    linear_key_head_dim: int | None = Field(default=None, ge=1)
    linear_num_value_heads: int | None = Field(default=None, ge=1)
    linear_value_head_dim: int | None = Field(default=None, ge=1)
    linear_conv_kernel_dim: int | None = Field(default=None, ge=1)
    attn_output_gate: bool | None = None
    sliding_window: int | None = Field(default=None, ge=1)
    sliding_window_layers: int | None = Field(default=None, ge=0)
    layer_pattern: str | None = None
    global_head_dim: int | None = Field(default=None, ge=1, le=1_000_000)
    num_global_key_value_heads: int | None = Field(default=None, ge=1, le=1_000_000)
    num_kv_shared_layers: int | None = Field(default=None, ge=0, le=100_000)
    kv_heads_per_layer: tuple[int, ...] | None = None
    attention_k_eq_v: bool | None = None
    kv_compress_ratios: tuple[int, ...] | None = None
    o_lora_rank: int | None = Field(default=None, ge=1, le=1_000_000)
    o_groups: int | None = Field(default=None, ge=1, le=1_000_000)
    hc_mult: int | None = Field(default=None, ge=1, le=1_000)
    moe_latent_size: int | None = Field(default=None, ge=1, le=10_000_000)
    mamba_num_heads: int | None = Field(default=None, ge=1, le=1_000_000)
    mamba_head_dim: int | None = Field(default=None, ge=1, le=1_000_000)
    ssm_state_size: int | None = Field(default=None, ge=1, le=1_000_000)
    mamba_n_groups: int | None = Field(default=None, ge=1, le=1_000_000)
    mamba_conv_kernel: int | None = Field(default=None, ge=1, le=1_000)
    conv_l_cache: int | None = Field(default=None, ge=1, le=1_000)
    num_nextn_predict_layers: int | None = Field(default=None, ge=0, le=1_000)
    kv_lora_rank: int | None = Field(default=None, ge=1)
    qk_rope_head_dim: int | None = Field(default=None, ge=0)
    attention_bias: bool | None = None
    max_position_embeddings: int | None = Field(default=None, ge=1)
    params: int | None = Field(default=None, ge=1, le=100_000_000_000_000)
    active_params: int | None = Field(default=None, ge=1, le=100_000_000_000_000)
    architecture_inferred: bool = False

    @model_validator(mode="before")
    @classmethod
    def _accept_hf_aliases(cls, data: Any) -> Any:
        return normalize_config(data)

    @model_validator(mode="after")
    def _check_consistent(self) -> ArchShape:
        if self.kind == "llm" and self.params is None:
            missing = [
                f
                for f in ("hidden_size", "num_hidden_layers", "num_attention_heads", "vocab_size")
                if getattr(self, f) == 0
            ]
            if missing:
                raise ValueError(msg("model_arch.missing", fields=", ".join(missing)))
        if (
            self.kind == "llm"
            and self.num_attention_heads
            and self.num_key_value_heads
            and self.num_attention_heads % self.num_key_value_heads
        ):
            raise ValueError(msg("model_arch.heads_multiple"))
        if self.layer_pattern is not None:
            bad = sorted({c for c in self.layer_pattern if c not in LAYER_KINDS})
            if bad:
                raise ValueError(
                    msg("model_arch.unknown_layer_type", kind=repr("".join(bad)), known=" ".join(LAYER_KINDS))
                )
            if self.num_hidden_layers and len(self.layer_pattern) != self.num_hidden_layers:
                raise ValueError(
                    msg("model_arch.pattern_length", n=len(self.layer_pattern), layers=self.num_hidden_layers)
                )
            if "M" in self.layer_pattern and not (
                self.mamba_num_heads and self.mamba_head_dim and self.ssm_state_size
            ):
                raise ValueError(msg("model_arch.mamba_sizes"))
            if "L" in self.layer_pattern and not (
                self.linear_num_value_heads and self.linear_value_head_dim and self.linear_key_head_dim
            ):
                raise ValueError(msg("model_arch.linear_sizes"))
        if self.kv_heads_per_layer is not None:
            self._check_kv_heads_per_layer(self.kv_heads_per_layer)
        if self.kv_compress_ratios is not None:
            self._check_kv_compress_ratios(self.kv_compress_ratios)
        return self

    def _check_kv_compress_ratios(self, ratios: tuple[int, ...]) -> None:
        """Check a per-layer KV compression list (DeepSeek-V4 ``compress_ratios``).

        One ratio per layer, each one gpupicker models (:data:`KV_COMPRESS_RATIOS`), and the
        sizes the compressed cache is computed from: the sliding window every layer keeps,
        ``head_dim`` and ``qk_rope_head_dim``, and the indexer's sizes where a layer
        compresses 4×.

        Raises:
            ValueError: naming the first thing that breaks one of these.
        """
        if self.num_hidden_layers and len(ratios) != self.num_hidden_layers:
            raise ValueError(msg("model_arch.compress_length", n=len(ratios), layers=self.num_hidden_layers))
        bad = [r for r in ratios if r not in KV_COMPRESS_RATIOS]
        if bad:
            raise ValueError(
                msg(
                    "model_arch.compress_ratio",
                    ratio=bad[0],
                    known=", ".join(str(r) for r in sorted(KV_COMPRESS_RATIOS)),
                )
            )
        if not (self.sliding_window and self.head_dim and self.qk_rope_head_dim is not None):
            raise ValueError(msg("model_arch.compress_sizes"))
        if 4 in ratios and not (self.index_head_dim and self.index_n_heads):
            raise ValueError(msg("model_arch.compress_sizes"))

    def _check_kv_heads_per_layer(self, heads: tuple[int, ...]) -> None:
        """Check that a per-layer KV-head list fits the layers.

        It covers every layer, gives every attention layer heads (that divide the query
        heads) and the other layers none.

        Raises:
            ValueError: naming the first layer that breaks one of these.
        """
        if self.num_hidden_layers and len(heads) != self.num_hidden_layers:
            raise ValueError(msg("model_arch.kv_heads_length", n=len(heads), layers=self.num_hidden_layers))
        kinds = self.layers
        for i, (g, kind) in enumerate(zip(heads, kinds, strict=False)):
            if g > 1_000_000 or (kind in "FS") != (g > 0):
                raise ValueError(msg("model_arch.kv_heads_layer", layer=i, heads=g, kind=repr(kind)))
            if g and self.num_attention_heads and self.num_attention_heads % g:
                raise ValueError(msg("model_arch.heads_multiple"))

    @property
    def has_architecture(self) -> bool:
        """True when layer sizes are known (not only a parameter count)."""
        return bool(self.hidden_size and self.num_hidden_layers and self.num_attention_heads)

    @property
    def kv_heads(self) -> int:
        """Key/value heads g (= attention heads without GQA)."""
        return self.num_key_value_heads or self.num_attention_heads

    @property
    def head_dim_eff(self) -> int:
        """Head dimension d_h: the config's ``head_dim`` when present, else h / a."""
        if self.head_dim:
            return self.head_dim
        return self.hidden_size // max(1, self.num_attention_heads)

    @property
    def is_moe(self) -> bool:
        """True for mixture-of-experts models (more than one routed expert)."""
        return bool(self.num_local_experts and self.num_local_experts > 1)

    @property
    def active_mlp_width(self) -> int:
        """Intermediate width one token passes through: I, or top-k × expert width for MoE."""
        if self.is_moe:
            return (self.moe_intermediate_size or self.intermediate_size) * (self.num_experts_per_tok or 1)
        return self.intermediate_size

    @property
    def mlp_gated(self) -> bool:
        """True for SwiGLU/GeGLU MLPs (gate, up, down); False for plain up/down MLPs."""
        return self.model_type not in _NON_GATED_MLP

    @property
    def qkv_bias(self) -> bool:
        """True when q/k/v projections carry biases (Qwen2 family)."""
        if self.attention_bias is not None:
            return self.attention_bias
        return self.model_type in _QKV_BIAS

    @property
    def is_mla(self) -> bool:
        """True for Multi-head Latent Attention (DeepSeek-V2/V3, Kimi K2): ``kv_lora_rank`` set."""
        return bool(self.kv_lora_rank)

    @property
    def layers(self) -> str:
        """One :data:`LAYER_KINDS` character per layer.

        The stated ``layer_pattern``, or one built from the counts
        (``linear_attention_layers`` Gated DeltaNet layers, ``sliding_window_layers`` sliding
        layers — every layer when only ``sliding_window`` is given, as Mistral-7B-v0.1 — the
        rest full attention). Order does not matter to the
        memory model, only the count of each kind.
        """
        return _cached_layers(self)

    def _compute_layers(self) -> str:
        L = self.num_hidden_layers
        if self.layer_pattern is not None:
            return self.layer_pattern
        n_lin = min(self.linear_attention_layers or 0, L) if self.linear_num_value_heads else 0
        rest = L - n_lin
        n_sw = 0
        if self.sliding_window:
            n_sw = rest if self.sliding_window_layers is None else min(rest, self.sliding_window_layers)
        return "L" * n_lin + "S" * n_sw + "F" * (rest - n_sw)

    def count_layers(self, kinds: str) -> int:
        """How many layers are of one of the :data:`LAYER_KINDS` characters in ``kinds``."""
        return _cached_count(self, kinds)

    @property
    def block_layout(self) -> bool:
        """True for Nemotron-H style stacks, where each layer is ONE mixer or MLP block.

        The pattern has ``-``/``E``), so attention and Mamba layers carry no MLP.
        """
        return self.layer_pattern is not None and ("-" in self.layer_pattern or "E" in self.layer_pattern)

    @property
    def n_linear_attention_layers(self) -> int:
        """Layers with linear attention (Gated DeltaNet) instead of softmax attention."""
        if not (self.linear_num_value_heads and (self.linear_attention_layers or self.layer_pattern)):
            return 0
        return self.count_layers("L")

    @property
    def is_hybrid(self) -> bool:
        """True when some layers hold a fixed recurrent/conv state instead of a KV cache."""
        return self.count_layers("LMC") > 0

    def layer_kv_heads(self, kind: str = "S") -> int:
        """KV heads of a layer of ``kind`` (``"F"`` full, ``"S"`` sliding) without a per-layer list.

        Full-attention layers of Gemma 4 use ``num_global_key_value_heads`` where the config
        turns on ``attention_k_eq_v`` (transformers ``Gemma4TextAttention``:
        ``num_global_key_value_heads if attention_k_eq_v and not is_sliding else
        num_key_value_heads``; vLLM ``Gemma4DecoderLayer`` the same); a row that does not state
        ``attention_k_eq_v`` uses the global count it states.
        """
        if kind == "F" and self.num_global_key_value_heads and self.attention_k_eq_v is not False:
            return self.num_global_key_value_heads
        return self.kv_heads

    def layer_head_dim(self, kind: str = "S") -> int:
        """Head dimension of a layer of ``kind``.

        Gemma 4's ``global_head_dim`` on full-attention layers (transformers
        ``Gemma4TextAttention``: ``global_head_dim if not is_sliding``), else ``head_dim``.
        """
        if kind == "F" and self.global_head_dim:
            return self.global_head_dim
        return self.head_dim_eff


@by_identity(maxsize=4096)
def _cached_layers(arch: ArchShape) -> str:
    # keyed on the row's identity: hashing a frozen pydantic row hashes every field, and the
    # serving planner asks for the layer kinds hundreds of thousands of times per ranking
    return arch._compute_layers()


@by_identity(maxsize=4096)
def _cached_count(arch: ArchShape, kinds: str) -> int:
    # keyed on the row's identity and the kinds asked: the memory and speed models ask whether
    # a model is hybrid (a count of its layers) several times per estimate
    return sum(1 for c in arch.layers if c in kinds)
