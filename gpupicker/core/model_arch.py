"""Model architecture record and parameter counts from config fields.

Parameter count (GQA- and MoE-aware), per ``docs/formulas.md`` §1:
attention ``h·d_h·(a + 2g) + a·d_h·h`` (+ q/k/v biases where the model has
them, e.g. Qwen2), gated MLP ``3·h·I`` (× experts for MoE, + router ``h·E``),
two RMSNorm/LayerNorm vectors per layer + a final norm, embeddings ``V·h`` and
``V·h`` again for an untied lm_head. Golden counts (tests): Llama-2-7B
6,738,415,616; Llama-3-8B 8,030,261,248; Mixtral-8x7B 46.70 B total /
12.9 B active.

MoE layouts (the module structure of each family's Hugging Face modelling file):
dense first layers (DeepSeek/GLM/Kimi ``first_k_dense_replace``, ERNIE
``moe_layer_start_index``) use the dense ``intermediate_size``, every
``moe_layer_step``-th layer after them is MoE (Llama 4
``interleave_moe_layer_step``, Qwen2-MoE ``decoder_sparse_step``, ERNIE
``moe_layer_interval``), experts have ``moe_intermediate_size``, shared experts
``n_shared_experts`` × that width (DeepSeek, GLM-4.5, Kimi, Llama 4, ERNIE) or one
``shared_expert_intermediate_size`` MLP with a 1-wide gate (Qwen2-MoE). MLA
attention (DeepSeek-V2/V3 ``modeling_deepseek.py``): ``q_a_proj h·r_q`` + norm +
``q_b_proj r_q·a·(d_nope + d_rope)`` (or ``q_proj h·a·(d_nope + d_rope)`` without
``q_lora_rank``), ``kv_a_proj_with_mqa h·(r_kv + d_rope)`` + norm, ``kv_b_proj
r_kv·a·(d_nope + d_v)``, ``o_proj a·d_v·h``; DeepSeek-V3.2 adds a lightning indexer
(``index_n_heads``, ``index_head_dim``). Hybrid linear attention (Qwen3-Next):
``linear_attention_layers`` Gated DeltaNet blocks (see
``linear_attention_params_per_layer``) and gated softmax attention in the others.
Router score-correction biases (E per MoE layer) and q/k norms (2·d_h per layer,
except in gated-attention hybrids) are left out: under 0.001 % of any catalog model.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .messages import msg

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

# Hugging Face config.json spellings → our field names (first match wins).
_ALIASES: dict[str, tuple[str, ...]] = {
    "num_hidden_layers": ("num_hidden_layers", "num_layers", "n_layer", "n_layers"),
    "hidden_size": ("hidden_size", "n_embd", "d_model", "dim"),
    "num_attention_heads": ("num_attention_heads", "n_head", "n_heads", "num_heads"),
    "num_key_value_heads": (
        "num_key_value_heads",
        "num_kv_heads",
        "n_kv_heads",
        "multi_query_group_num",
        "num_key_value_groups",
    ),
    "intermediate_size": ("intermediate_size", "ffn_hidden_size", "n_inner", "ffn_dim"),
    "vocab_size": ("vocab_size", "padded_vocab_size"),
    "num_local_experts": ("num_local_experts", "num_experts", "n_routed_experts", "moe_num_experts"),
    "num_experts_per_tok": ("num_experts_per_tok", "moe_top_k", "moe_k", "top_k", "top_k_experts"),
    "max_position_embeddings": ("max_position_embeddings", "n_positions", "seq_length", "max_context"),
    "n_shared_experts": ("n_shared_experts", "moe_num_shared_experts", "num_shared_experts"),
    "first_k_dense_replace": ("first_k_dense_replace", "moe_layer_start_index"),
    "moe_layer_step": (
        "moe_layer_step",
        "interleave_moe_layer_step",
        "decoder_sparse_step",
        "moe_layer_interval",
    ),
    # Nemotron-H / Mamba-2 (transformers configuration_nemotron_h.py: n_groups, conv_kernel,
    # mamba_num_heads, mamba_head_dim, ssm_state_size); LFM2 conv_L_cache; MTP heads
    # (DeepSeek-V3 / GLM num_nextn_predict_layers, Qwen3.5 / MiMo mtp_num_hidden_layers)
    "mamba_n_groups": ("mamba_n_groups", "n_groups"),
    "mamba_conv_kernel": ("mamba_conv_kernel", "conv_kernel", "mamba_d_conv"),
    "conv_l_cache": ("conv_l_cache", "conv_L_cache"),
    "num_nextn_predict_layers": ("num_nextn_predict_layers", "mtp_num_hidden_layers", "num_mtp_modules"),
}

LAYER_KINDS: dict[str, str] = {
    "F": "full attention (KV for every token)",
    "S": "sliding-window attention (KV for the last sliding_window tokens)",
    "L": "linear attention, Gated DeltaNet (fixed recurrent + conv state per sequence)",
    "M": "Mamba-2 (fixed SSM + conv state per sequence)",
    "C": "short convolution, LFM2 (fixed conv state per sequence)",
    "-": "MLP-only block (Nemotron-H '-': no mixer, no cache)",
    "E": "MoE-only block (Nemotron-H 'E': no mixer, no cache)",
}
"""Characters of :attr:`ModelArch.layer_pattern`, one per layer, and what each caches."""

# config.json ``layer_types`` values → layer_pattern characters (transformers ≥ 4.53
# ``layer_types``: Gemma 2/3/4, gpt-oss, Cohere2, Qwen3-Next / Qwen3.5 "linear_attention",
# LFM2 "conv", Llama 4 "chunked_attention" (local), Falcon-H1/Jamba-style "mamba")
_LAYER_TYPE_CHAR: dict[str, str] = {
    "full_attention": "F",
    "attention": "F",
    "global": "F",
    "global_attention": "F",
    "sliding_attention": "S",
    "sliding_window": "S",
    "local": "S",
    "local_attention": "S",
    "chunked_attention": "S",
    "linear_attention": "L",
    "mamba": "M",
    "mamba2": "M",
    "conv": "C",
}
# Nemotron-H ``hybrid_override_pattern``: M Mamba-2, * attention, - MLP, E MoE
_HYBRID_OVERRIDE_CHAR = {"M": "M", "*": "F", "-": "-", "E": "E"}
# Nemotron-H ``layers_block_type`` names (configuration_nemotron_h.py) → the same characters
_BLOCK_TYPE_CHAR = {"mamba": "M", "attention": "F", "mlp": "-", "moe": "E"}


def _pattern_from_config(out: dict[str, Any]) -> str | None:
    """The per-layer pattern a config states, or None when it states none.

    Raises:
        ValueError: naming a layer type or pattern character gpupicker does not model.
    """
    types = out.get("layer_types")
    layers = out.get("num_hidden_layers")
    if isinstance(types, list) and types:
        chars = []
        for t in types:
            c = _LAYER_TYPE_CHAR.get(str(t).strip().lower())
            if c is None:
                raise ValueError(
                    msg(
                        "model_arch.unknown_layer_type",
                        kind=repr(t),
                        known=", ".join(sorted(_LAYER_TYPE_CHAR)),
                    )
                )
            chars.append(c)
        return "".join(chars)
    idxs = out.get("full_attn_idxs")
    if isinstance(idxs, list) and isinstance(layers, int) and layers > 0:
        # LFM2 (configuration_lfm2.py): full_attn_idxs lists the attention layers, every other
        # layer is a short-conv block
        bad = [i for i in idxs if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < layers]
        if bad:
            raise ValueError(msg("model_arch.attn_index", index=repr(bad[0]), layers=layers))
        return "".join("F" if i in idxs else "C" for i in range(layers))
    blocks = out.get("layers_block_type")
    if isinstance(blocks, list) and blocks and not isinstance(out.get("hybrid_override_pattern"), str):
        # Nemotron-H configs that name each block (Nemotron 3.5: "mamba", "moe",
        # "attention", "mlp") instead of hybrid_override_pattern's characters
        unknown = [b for b in blocks if str(b).strip().lower() not in _BLOCK_TYPE_CHAR]
        if unknown:
            raise ValueError(
                msg(
                    "model_arch.unknown_layer_type",
                    kind=repr(unknown[0]),
                    known=", ".join(sorted(_BLOCK_TYPE_CHAR)),
                )
            )
        return "".join(_BLOCK_TYPE_CHAR[str(b).strip().lower()] for b in blocks)
    hop = out.get("hybrid_override_pattern")
    if isinstance(hop, str) and hop:
        bad = sorted({c for c in hop if c not in _HYBRID_OVERRIDE_CHAR})
        if bad:
            raise ValueError(msg("model_arch.unknown_layer_type", kind=repr("".join(bad)), known="M * - E"))
        return "".join(_HYBRID_OVERRIDE_CHAR[c] for c in hop)
    if not isinstance(layers, int) or layers <= 0:
        return None
    interval = out.get("full_attention_interval")
    if out.get("linear_num_value_heads") and isinstance(interval, int) and interval > 0:
        # Qwen3-Next / Qwen3.5: layer i is full attention when (i + 1) % interval == 0
        return "".join("F" if (i + 1) % interval == 0 else "L" for i in range(layers))
    pattern = out.get("sliding_window_pattern")
    if out.get("sliding_window") and isinstance(pattern, int) and pattern > 1:
        # Gemma 3 (modeling_gemma3: sliding unless (i + 1) % sliding_window_pattern == 0)
        return "".join("F" if (i + 1) % pattern == 0 else "S" for i in range(layers))
    return None


def _per_layer_kv_heads(out: dict[str, Any]) -> None:
    """Read a per-layer KV-head list into ``kv_heads_per_layer``, in place.

    ``num_key_value_heads`` (or OpenELM's ``num_kv_heads``) given as one count per layer, as
    transformers' GGUF loader writes LFM2 / LFM2-MoE (llama.cpp ``attention.head_count_kv``
    array, 0 on the short-conv layers) and OpenELM's config states it: the list becomes
    ``kv_heads_per_layer`` and ``num_key_value_heads`` the largest count (the parameter count's
    and the head check's value). A comma-separated string (a catalog cell) is read as the list.
    When the config states no layer kinds, a layer with 0 KV heads is an LFM2 short-conv layer
    (``C``) for an ``lfm2`` model and unknown otherwise.

    Raises:
        ValueError: a list entry that is not a whole number ≥ 0, or 0-head layers of a model
            that states no layer kinds and is no LFM2.
    """
    per = out.get("kv_heads_per_layer")
    if per is None:
        for key in ("num_key_value_heads", "num_kv_heads"):
            if isinstance(out.get(key), (list, tuple)):
                per = out[key]
                break
    if per is None:
        return
    if isinstance(per, str):
        per = [p.strip() for p in per.split(",")] if per.strip() else []
    heads: list[int] = []
    for p in per:
        v = int(p) if isinstance(p, str) and p.isdigit() else p
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise ValueError(msg("model_arch.kv_heads_list", value=repr(p)))
        heads.append(v)
    if not heads:
        out["kv_heads_per_layer"] = None
        return
    out["kv_heads_per_layer"] = tuple(heads)
    if not isinstance(out.get("num_key_value_heads"), int) or isinstance(
        out.get("num_key_value_heads"), bool
    ):
        out["num_key_value_heads"] = max(heads) or None
    if out.get("num_hidden_layers") in (None, 0):
        out["num_hidden_layers"] = len(heads)
    if 0 in heads and out.get("layer_pattern") is None and _pattern_from_config(out) is None:
        if not str(out.get("model_type", "")).startswith("lfm2"):
            raise ValueError(msg("model_arch.kv_heads_zero", model_type=repr(out.get("model_type", ""))))
        out["layer_pattern"] = "".join("F" if g else "C" for g in heads)


class ModelArch(BaseModel):
    """Architecture of a transformer LLM (or a diffusion model given by size only).

    Field names follow Hugging Face ``config.json``; ``from_config`` also accepts
    common aliases (``n_layer``, ``n_embd``, ``num_experts`` …). Sizes are counts
    (elements), not bytes.

    Attributes:
        params: exact parameter count when known (safetensors header, model card);
            overrides the count computed from the architecture.
        kind: ``"llm"`` or ``"diffusion"`` (diffusion models carry ``params`` only).
    """

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
        if not isinstance(data, dict):
            return data
        out = dict(data)
        if str(out.get("model_type", "")).startswith("llama4") and out.get("intermediate_size_mlp"):
            # Llama 4: intermediate_size is the expert width, intermediate_size_mlp the dense
            # layers' width, one shared expert per MoE layer (modeling_llama4.py Llama4TextMoe)
            out.setdefault("moe_intermediate_size", out.get("intermediate_size"))
            out["intermediate_size"] = out["intermediate_size_mlp"]
            out.setdefault("n_shared_experts", 1)
        if (
            str(out.get("model_type", "")).startswith("gemma4")
            and out.get("enable_moe_block")
            and out.get("shared_expert_intermediate_size") is None
        ):
            # Gemma 4 MoE layers run the dense MLP (intermediate_size) beside the routed
            # experts on every token (transformers Gemma4TextDecoderLayer: mlp always, router
            # and experts when enable_moe_block): an always-active MLP of that width
            out["shared_expert_intermediate_size"] = out.get("intermediate_size")
        shared_w, expert_w = out.get("moe_shared_expert_intermediate_size"), out.get("moe_intermediate_size")
        if (
            out.get("model_type") == "nemotron_h"
            and isinstance(shared_w, int)
            and isinstance(expert_w, int)
            and expert_w > 0
            and shared_w % expert_w == 0
        ):
            # NemotronHMOE: one shared expert of moe_shared_expert_intermediate_size (up → relu²
            # → down, no gate), i.e. that many expert widths of shared MLP
            out["n_shared_experts"] = (out.get("n_shared_experts") or 1) * (shared_w // expert_w)
        if isinstance(out.get("mlp_only_layers"), list) and out["mlp_only_layers"]:
            only = out["mlp_only_layers"]
            if only == list(range(len(only))):  # dense first layers
                out.setdefault("first_k_dense_replace", len(only))
        for field, names in _ALIASES.items():
            if out.get(field) is None:
                for n in names:
                    if out.get(n) is not None:
                        out[field] = out[n]
                        break
        if out.get("num_key_value_heads") is None and out.get("multi_query") is True:
            out["num_key_value_heads"] = 1
        _per_layer_kv_heads(out)
        if isinstance(out.get("sliding_window"), bool) or out.get("sliding_window") == 0:
            out["sliding_window"] = None
        if out.get("use_sliding_window") is False:  # Qwen2: window configured but switched off
            out["sliding_window"] = None
        if isinstance(out.get("layer_pattern"), str):
            out["layer_pattern"] = out["layer_pattern"].strip() or None
        if out.get("layer_pattern") is None:
            pattern = _pattern_from_config(out)
            if pattern is not None:
                out["layer_pattern"] = pattern
        pattern = out.get("layer_pattern")
        if isinstance(pattern, str) and pattern:
            if out.get("num_hidden_layers") in (None, 0):
                out["num_hidden_layers"] = len(pattern)
            if out.get("sliding_window") and out.get("sliding_window_layers") is None:
                out["sliding_window_layers"] = pattern.count("S")
            if out.get("linear_num_value_heads") and out.get("linear_attention_layers") is None:
                out["linear_attention_layers"] = pattern.count("L")
        if out.get("attn_output_gate") is None and out.get("model_type") == "qwen3_next":
            out["attn_output_gate"] = True  # Qwen3NextAttention gates its output (q_proj × 2)
        if isinstance(out.get("num_key_value_heads"), int) and out["num_key_value_heads"] <= 0:
            out["num_key_value_heads"] = None
        return out

    @model_validator(mode="after")
    def _check_consistent(self) -> ModelArch:
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
        return self

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

    @classmethod
    def from_config(cls, config: dict[str, Any], name: str = "") -> ModelArch:
        """Build from a Hugging Face ``config.json`` dict (unknown keys ignored).

        Raises:
            pydantic.ValidationError: when required fields are missing or invalid.
        """
        data = dict(config)
        if name:
            data.setdefault("name", name)
        if "text_config" in data and isinstance(data["text_config"], dict):
            merged = dict(data["text_config"])
            merged.setdefault("name", data.get("name", ""))
            data = merged
        return cls.model_validate(data)

    @property
    def has_architecture(self) -> bool:
        """True when layer sizes are known (not only a parameter count)."""
        return bool(self.hidden_size and self.num_hidden_layers and self.num_attention_heads)

    def with_inferred_architecture(self) -> ModelArch:
        """A Llama-shaped architecture with this model's parameter count, for params-only LLMs.

        KV cache, activations and LoRA need layer sizes. When only ``params`` is
        known we assume the Llama-2 proportions — head dim 128, layers = h/128,
        gated MLP with I = 2.6875·h, vocabulary 32,000, no GQA — and solve
        ``params ≈ 12·L·h² + 2·V·h`` for h (Llama-2-7B: h = 4096, L = 32;
        13B: 5120, 40). The result is marked ``architecture_inferred``.

        Raises:
            ValueError: when neither the architecture nor ``params`` is known.
        """
        if self.has_architecture:
            return self
        if not self.params:
            raise ValueError(msg("model_arch.no_size"))
        vocab = self.vocab_size or 32000
        h = 128
        while True:  # smallest multiple of 128 whose Llama-shaped model reaches params
            nxt = h + 128
            size = 12 * (nxt // 128) * nxt * nxt + 2 * vocab * nxt
            if size > self.params:
                break
            h = nxt
        layers = max(1, h // 128)
        inter = int(round(2.6875 * h / 256)) * 256 or 256
        return self.model_copy(
            update={
                "hidden_size": h,
                "num_hidden_layers": layers,
                "num_attention_heads": h // 128,
                "num_key_value_heads": h // 128,
                "head_dim": 128,
                "intermediate_size": inter,
                "vocab_size": vocab,
                "architecture_inferred": True,
            }
        )

    # ---- derived sizes (elements) ---------------------------------------------------------
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

    def _mla_params_per_layer(self) -> int:
        h, a = self.hidden_size, self.num_attention_heads
        rope = self.qk_rope_head_dim or 0
        nope = (
            self.qk_nope_head_dim if self.qk_nope_head_dim is not None else max(0, self.head_dim_eff - rope)
        )
        v = self.v_head_dim or nope or self.head_dim_eff
        r_kv = self.kv_lora_rank or 0
        qk = a * (nope + rope)
        n = h * self.q_lora_rank + self.q_lora_rank + self.q_lora_rank * qk if self.q_lora_rank else h * qk
        n += h * (r_kv + rope) + r_kv + r_kv * a * (nope + v)
        if self.index_n_heads and self.index_head_dim:
            # DeepSeek-V3.2 lightning indexer (inference/model.py Indexer): wq_b r_q → n·d,
            # wk h → d, k_norm LayerNorm(d) weight + bias, weights_proj h → n
            ni, di = self.index_n_heads, self.index_head_dim
            n += (self.q_lora_rank or h) * ni * di + h * di + 2 * di + h * ni
        return n + a * v * h

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
        return sum(1 for c in self.layers if c in kinds)

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

    def kv_layers(self) -> tuple[int, int]:
        """``(full, sliding)`` layers that hold their own KV cache.

        Linear-attention, Mamba, conv and MLP-only layers hold none; the last
        ``num_kv_shared_layers`` layers (Gemma 3n / Gemma 4 E-series) reuse the KV of an
        earlier layer of their kind (transformers ``num_kv_shared_layers``) and add none.
        A sliding layer with no ``sliding_window`` caches every token (counted as full).
        """
        kinds = self.layers
        shared = min(self.num_kv_shared_layers or 0, len(kinds))
        own = kinds[: len(kinds) - shared]
        full = own.count("F")
        sliding = own.count("S")
        if not self.sliding_window:
            full, sliding = full + sliding, 0
        return full, sliding

    def kv_values_per_token(self, kind: str = "S") -> int:
        """Cached values (elements) per token of one layer of ``kind`` (``"F"`` or ``"S"``).

        ``2·g·d_h``; MLA's ``kv_lora_rank + qk_rope_head_dim`` (DeepSeek-V2 paper §2.1.2);
        full-attention layers of a model with different global sizes (Gemma 4
        ``global_head_dim`` / ``num_global_key_value_heads``) use those when the model
        also has sliding layers.
        """
        if self.kv_lora_rank:
            return self.kv_lora_rank + (self.qk_rope_head_dim or 0)
        g, d = self.layer_kv_heads(kind), self.layer_head_dim(kind)
        return 2 * g * d

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

    def kv_values_per_token_by_kind(self) -> tuple[int, int]:
        """Cached values (elements) per token, summed over full and over sliding layers.

        ``(full, sliding)``, over the layers of each kind that hold their own KV
        (:meth:`kv_layers`).

        Each layer caches ``2·g·d_h`` values per token — K and V both, also on Gemma 4's
        ``attention_k_eq_v`` layers: there V is the k_proj output through a scale-free
        ``v_norm`` and K the same output through ``k_norm`` and RoPE, two different tensors
        both cached (transformers ``Gemma4TextAttention.forward`` →
        ``past_key_values.update(key_states, value_states)``; vLLM ``Gemma4Attention`` loads
        k_proj into both the K and V slots of ``qkv_proj`` and caches both). ``g`` is the layer's
        entry of ``kv_heads_per_layer`` when the model states one (LFM2's GGUF
        ``head_count_kv`` array, OpenELM), else :meth:`layer_kv_heads`; MLA layers cache
        ``kv_lora_rank + qk_rope_head_dim``.
        """
        shared = min(self.num_kv_shared_layers or 0, len(self.layers))
        own = self.layers[: len(self.layers) - shared]
        per = self.kv_heads_per_layer
        if self.kv_lora_rank or per is None:
            full, sliding = self.kv_layers()
            return full * self.kv_values_per_token("F"), sliding * self.kv_values_per_token("S")
        full_v = sliding_v = 0
        for kind, g in zip(own, per, strict=False):
            if kind == "S" and self.sliding_window:
                sliding_v += 2 * g * self.layer_head_dim("S")
            elif kind in "FS":
                full_v += 2 * g * self.layer_head_dim(kind)
        return full_v, sliding_v

    def indexer_bytes_per_token_per_layer(self) -> int:
        """Bytes the DeepSeek Sparse Attention lightning indexer caches per token per layer.

        The indexer keeps one key of ``index_head_dim`` per token in FP8 with one fp32 scale
        per 128 values (vLLM ``DeepseekV32IndexerCache``: ``head_dim + head_dim // 128 * 4``
        uint8 per token; DeepSeek-V3.2-Exp ``inference/model.py`` Indexer ``k_cache`` in FP8
        with ``k_scale_cache``): 132 B for ``index_head_dim`` 128, against 1,152 B of bf16 MLA
        KV per layer (~11 %). 0 for models without an indexer.
        """
        if not self.index_head_dim:
            return 0
        d = self.index_head_dim
        return d + -(-d // 128) * 4

    def recurrent_state_elements(self) -> tuple[int, int]:
        """``(conv, temporal)`` state elements per sequence over all recurrent layers.

        Fixed size, independent of the context length; engines allocate one per running
        sequence. Shapes as vLLM's ``MambaStateShapeCalculator`` (``mamba_utils.py``) and
        llama.cpp's ``llama_hparams::n_embd_r()`` / ``n_embd_s()`` agree on them:

        * Gated DeltaNet (``L``): conv ``(kernel − 1)·(2·n_k·d_k + n_v·d_v)``, temporal
          ``n_v·d_v·d_k`` (``gated_delta_net_state_shape``).
        * Mamba-2 (``M``): conv ``(kernel − 1)·(n_h·d_h + 2·groups·d_state)``, temporal
          ``n_h·d_h·d_state`` (``mamba2_state_shape``).
        * LFM2 short conv (``C``): conv ``(L_cache − 1)·h`` (``short_conv_state_shape``).
        """
        conv = temporal = 0
        n_l, n_m, n_c = self.count_layers("L"), self.count_layers("M"), self.count_layers("C")
        if n_l:
            nk = self.linear_num_key_heads or self.linear_num_value_heads or 0
            dk, nv = self.linear_key_head_dim or 0, self.linear_num_value_heads or 0
            dv = self.linear_value_head_dim or 0
            k = (self.linear_conv_kernel_dim or 4) - 1
            conv += n_l * k * (2 * nk * dk + nv * dv)
            temporal += n_l * nv * dv * dk
        if n_m:
            nh, hd, ds = self.mamba_num_heads or 0, self.mamba_head_dim or 0, self.ssm_state_size or 0
            k = (self.mamba_conv_kernel or 4) - 1
            conv += n_m * k * (nh * hd + 2 * (self.mamba_n_groups or 1) * ds)
            temporal += n_m * nh * hd * ds
        if n_c:
            conv += n_c * ((self.conv_l_cache or 3) - 1) * self.hidden_size
        return conv, temporal

    def mamba_params_per_layer(self) -> int:
        """Parameters of one Mamba-2 mixer.

        transformers ``modeling_nemotron_h.NemotronHMamba2Mixer``:
        ``in_proj h·(2·d_in + 2·groups·d_state + n_h)``, depthwise ``conv1d``
        ``(d_in + 2·groups·d_state)·(kernel + 1)`` (weights + bias), ``dt_bias``, ``A_log``,
        ``D`` (n_h each), the gated RMSNorm (d_in) and ``out_proj d_in·h``, with
        ``d_in = n_h·d_h``.
        """
        h, nh, hd = self.hidden_size, self.mamba_num_heads or 0, self.mamba_head_dim or 0
        ds, g = self.ssm_state_size or 0, self.mamba_n_groups or 1
        d_in = nh * hd
        conv_dim = d_in + 2 * g * ds
        return (
            h * (2 * d_in + 2 * g * ds + nh)
            + conv_dim * ((self.mamba_conv_kernel or 4) + 1)
            + 3 * nh
            + d_in
            + d_in * h
        )

    def short_conv_params_per_layer(self) -> int:
        """Parameters of one LFM2 short-conv block.

        ``modeling_lfm2.Lfm2ShortConv``: ``in_proj h·3h``,
        depthwise ``conv h·L_cache`` and ``out_proj h·h``.
        """
        h = self.hidden_size
        return 3 * h * h + h * (self.conv_l_cache or 3) + h * h

    def linear_attention_params_per_layer(self) -> int:
        """One Gated DeltaNet block (transformers ``modeling_qwen3_next.Qwen3NextGatedDeltaNet``).

        ``in_proj_qkvz h·(2·k + 2·v)``, ``in_proj_ba h·2·n_v``, depthwise ``conv1d``
        ``(2·k + v)·kernel``, ``dt_bias`` and ``A_log`` (n_v each), the gated RMSNorm
        (d_v) and ``out_proj v·h``, with ``k = n_k·d_k`` and ``v = n_v·d_v``. Checked
        against Qwen3-Next-80B-A3B's published total 79,674,391,296.
        """
        h = self.hidden_size
        nv = self.linear_num_value_heads or 0
        dv = self.linear_value_head_dim or 0
        k = (self.linear_num_key_heads or 0) * (self.linear_key_head_dim or 0)
        v = nv * dv
        return (
            h * (2 * k + 2 * v)
            + h * 2 * nv
            + (2 * k + v) * (self.linear_conv_kernel_dim or 4)
            + 2 * nv
            + dv
            + v * h
        )

    def attention_params_total(self) -> int:
        """Mixer parameters over all layers.

        Softmax/MLA attention on ``F``/``S`` layers,
        Gated DeltaNet on ``L``, Mamba-2 on ``M``, short conv on ``C`` (none on ``-``/``E``).
        """
        n_lin = self.n_linear_attention_layers
        n_att = self.count_layers("FS") + (self.count_layers("L") - n_lin)
        if self.is_mla or not self._per_kind_attention:
            softmax = n_att * self.attention_params_per_layer()
        else:
            per = self.kv_heads_per_layer
            softmax = (self.count_layers("L") - n_lin) * self.attention_params_per_layer()
            for i, kind in enumerate(self.layers):
                if kind in "FS":
                    g = per[i] if per is not None and i < len(per) else None
                    softmax += self.attention_params_per_layer(kind, g)
        return (
            softmax
            + n_lin * self.linear_attention_params_per_layer()
            + self.count_layers("M") * self.mamba_params_per_layer()
            + self.count_layers("C") * self.short_conv_params_per_layer()
        )

    @property
    def _per_kind_attention(self) -> bool:
        """True when layers differ in attention sizes.

        Per-layer KV heads or Gemma 4's global layers: the attention parameters are then
        summed layer by layer.
        """
        return bool(
            self.kv_heads_per_layer
            or self.global_head_dim
            or self.num_global_key_value_heads
            or self.attention_k_eq_v
        )

    def attention_params_per_layer(self, kind: str = "S", kv_heads: int | None = None) -> int:
        """Parameters of one (softmax) attention block of a layer of ``kind``.

        The q, k, v, o projections (+ biases), or MLA's low-rank projections (see the module
        docstring). With ``attn_output_gate`` (Qwen3-Next) ``q_proj`` is twice as wide and q/k
        norms (d_h each) are counted. A full-attention (``"F"``) layer uses its own head size
        and KV heads (:meth:`layer_head_dim`, :meth:`layer_kv_heads`), and with
        ``attention_k_eq_v`` has no ``v_proj`` (transformers ``Gemma4TextAttention``:
        ``v_proj = None`` when ``use_alternative_attention``); ``kv_heads`` overrides the KV
        heads (a layer's entry of ``kv_heads_per_layer``).
        """
        if self.is_mla:
            return self._mla_params_per_layer()
        h, a = self.hidden_size, self.num_attention_heads
        g = kv_heads if kv_heads is not None else self.layer_kv_heads(kind)
        d = self.layer_head_dim(kind)
        kv_proj = 1 if (kind == "F" and self.attention_k_eq_v) else 2
        n = h * d * (a + kv_proj * g) + a * d * h
        if self.attn_output_gate:
            n += h * a * d + 2 * d
        if self.qkv_bias:
            n += d * (a + kv_proj * g)
        return n

    def expert_params(self) -> int:
        """Parameters of one MLP (one expert for MoE): 3·h·I gated, 2·h·I plain."""
        inter = (
            self.moe_intermediate_size
            if (self.is_moe and self.moe_intermediate_size)
            else self.intermediate_size
        )
        return (3 if self.mlp_gated else 2) * self.hidden_size * inter

    def _shared_expert_params(self) -> int:
        """Parameters of the always-active shared experts.

        DeepSeek ``n_shared_experts`` × expert, Qwen-MoE ``shared_expert_intermediate_size``
        (gated MLP + a 1-wide gate).
        """
        n = (self.n_shared_experts or 0) * self.expert_params()
        if self.shared_expert_intermediate_size:
            n += 3 * self.hidden_size * self.shared_expert_intermediate_size + self.hidden_size
        return n

    def moe_layer_count(self) -> int:
        """Number of sparse-MoE layers (0 for a dense model): :meth:`_moe_layers`."""
        return self._moe_layers()

    def _moe_layers(self) -> int:
        """Number of MoE layers (Llama 4 / Qwen2-MoE / ERNIE placement rule).

        Those at index ≥ ``first_k_dense_replace`` with (i+1) divisible by ``moe_layer_step``.
        """
        if not self.is_moe:
            return 0
        if self.block_layout:
            return self.count_layers("E")
        first = min(self.first_k_dense_replace or 0, self.num_hidden_layers)
        step = self.moe_layer_step or 1
        return sum(1 for i in range(first, self.num_hidden_layers) if (i + 1) % step == 0)

    def _mlp_layers(self) -> int:
        """Layers with an MLP or MoE block.

        All of them, or in a Nemotron-H block layout
        only the ``-`` (MLP) and ``E`` (MoE) layers.
        """
        return self.count_layers("-E") if self.block_layout else self.num_hidden_layers

    def mlp_params_total(self) -> int:
        """Parameters of all MLP/expert blocks over all layers (total, not active)."""
        L, moe_l = self._mlp_layers(), self._moe_layers()
        dense_l = L - moe_l
        dense_mlp = (3 if self.mlp_gated else 2) * self.hidden_size * self.intermediate_size
        n = dense_l * dense_mlp
        if moe_l:
            E = self.num_local_experts or 1
            n += moe_l * (self.expert_params() * E + self._shared_expert_params() + self.hidden_size * E)
        return n

    def mlp_params_active(self) -> int:
        """MLP parameters that one token touches (top-k experts + shared + router)."""
        L, moe_l = self._mlp_layers(), self._moe_layers()
        dense_mlp = (3 if self.mlp_gated else 2) * self.hidden_size * self.intermediate_size
        n = (L - moe_l) * dense_mlp
        if moe_l:
            k = self.num_experts_per_tok or 1
            n += moe_l * (
                self.expert_params() * k
                + self._shared_expert_params()
                + self.hidden_size * (self.num_local_experts or 1)
            )
        return n

    def linear_params(self) -> int:
        """Parameters inside transformer-block Linear layers (what quantizers compress).

        Excludes embeddings, lm_head and norms, which bitsandbytes and most
        GPTQ/AWQ checkpoints keep in 16-bit.
        """
        return _cached_linear_params(self)

    def _compute_linear_params(self) -> int:
        if self.params is not None and not self.hidden_size:
            return int(self.params)
        computed = self.attention_params_total() + self.mlp_params_total()
        if self.params is not None:
            # exact total known: attribute the difference to the linear layers
            return max(0, int(self.params) - self.embedding_params() - self.norm_params())
        return computed

    def embedding_params(self) -> int:
        """Token-embedding parameters plus an untied lm_head (V·h each)."""
        emb = self.vocab_size * self.hidden_size
        return emb if self.tie_word_embeddings else 2 * emb

    def lm_head_params(self) -> int:
        """Parameters of the output projection (V·h; shared with the embedding when tied)."""
        return self.vocab_size * self.hidden_size

    def norm_params(self) -> int:
        """Norm weights: two per layer plus the final norm (h each)."""
        return (2 * self.num_hidden_layers + 1) * self.hidden_size

    def param_count(self) -> int:
        """Total parameters (the exact ``params`` when given, else computed)."""
        return _cached_param_count(self)

    def _compute_param_count(self) -> int:
        if self.params is not None:
            return int(self.params)
        return (
            self.attention_params_total()
            + self.mlp_params_total()
            + self.embedding_params()
            + self.norm_params()
        )

    def active_param_count(self) -> int:
        """Parameters used per token (equals ``param_count`` for dense models)."""
        if self.active_params is not None:
            return int(self.active_params)
        if not self.is_moe or not self.hidden_size:
            return self.param_count()
        return (
            self.attention_params_total()
            + self.mlp_params_active()
            + self.embedding_params()
            + self.norm_params()
        )

    def kv_values_per_token_per_layer(self) -> int:
        """Cached values (elements) per token of a (local) attention layer.

        2·g·d_h, or MLA's
        rank + rope dim (:meth:`kv_values_per_token` for global layers).
        """
        return self.kv_values_per_token("S")

    def module_shapes(self) -> dict[str, tuple[int, int]]:
        """(d_in, d_out) of each adaptable Linear in one layer, by HF module name.

        Used for exact LoRA parameter counts: Σ r·(d_in + d_out) over targets.
        For MoE models the MLP names refer to one expert (multiply by experts).
        """
        h, a, g, d = self.hidden_size, self.num_attention_heads, self.kv_heads, self.head_dim_eff
        inter = (
            self.moe_intermediate_size
            if (self.is_moe and self.moe_intermediate_size)
            else self.intermediate_size
        )
        shapes = {
            "q_proj": (h, a * d),
            "k_proj": (h, g * d),
            "v_proj": (h, g * d),
            "o_proj": (a * d, h),
            "up_proj": (h, inter),
            "down_proj": (inter, h),
        }
        if self.mlp_gated:
            shapes["gate_proj"] = (h, inter)
        shapes["w1"], shapes["w3"], shapes["w2"] = shapes["up_proj"], shapes["up_proj"], shapes["down_proj"]
        shapes["fc1"], shapes["fc2"] = (h, inter), (inter, h)
        # fused projections (Phi-3 qkv_proj/gate_up_proj, Falcon, GPT-NeoX, GPT-2, MPT)
        shapes["qkv_proj"] = shapes["query_key_value"] = shapes["c_attn"] = shapes["Wqkv"] = (
            h,
            (a + 2 * g) * d,
        )
        shapes["gate_up_proj"] = (h, 2 * inter)
        shapes["dense"] = shapes["out_proj"] = (a * d, h)
        shapes["dense_h_to_4h"], shapes["dense_4h_to_h"] = (h, inter), (inter, h)
        shapes["c_fc"], shapes["c_proj"] = (h, inter), (inter, h)
        return shapes

    def all_linear_targets(self) -> tuple[str, ...]:
        """The module names peft's ``target_modules="all-linear"`` adapts for this architecture."""
        if self.mlp_gated:
            return ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj")
        return ("q_proj", "k_proj", "v_proj", "o_proj", "up_proj", "down_proj")


@lru_cache(maxsize=4096)
def _cached_param_count(arch: ModelArch) -> int:
    # keyed by value (frozen, hashable model): model_copy(update=...) gets its own entry
    return arch._compute_param_count()


@lru_cache(maxsize=4096)
def _cached_layers(arch: ModelArch) -> str:
    return arch._compute_layers()


@lru_cache(maxsize=4096)
def _cached_linear_params(arch: ModelArch) -> int:
    return arch._compute_linear_params()
