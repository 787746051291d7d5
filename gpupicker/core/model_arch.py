"""Model architecture record and parameter counts from config fields.

Parameter count (GQA- and MoE-aware), per ``shared/design/formulas.md`` §1:
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
_NON_GATED_MLP = frozenset({"gpt2", "gpt_neox", "falcon", "starcoder2", "phi", "mpt", "bloom",
                            "gptj", "opt", "gpt_bigcode"})
# model_type values with biases on q/k/v projections.
_QKV_BIAS = frozenset({"qwen2", "qwen2_moe", "qwen", "starcoder2"})

# Hugging Face config.json spellings → our field names (first match wins).
_ALIASES: dict[str, tuple[str, ...]] = {
    "num_hidden_layers": ("num_hidden_layers", "num_layers", "n_layer", "n_layers"),
    "hidden_size": ("hidden_size", "n_embd", "d_model", "dim"),
    "num_attention_heads": ("num_attention_heads", "n_head", "n_heads", "num_heads"),
    "num_key_value_heads": ("num_key_value_heads", "num_kv_heads", "n_kv_heads",
                            "multi_query_group_num", "num_key_value_groups"),
    "intermediate_size": ("intermediate_size", "ffn_hidden_size", "n_inner", "ffn_dim"),
    "vocab_size": ("vocab_size", "padded_vocab_size"),
    "num_local_experts": ("num_local_experts", "num_experts", "n_routed_experts", "moe_num_experts"),
    "num_experts_per_tok": ("num_experts_per_tok", "moe_top_k", "moe_k", "top_k"),
    "max_position_embeddings": ("max_position_embeddings", "n_positions", "seq_length",
                                "max_context"),
    "n_shared_experts": ("n_shared_experts", "moe_num_shared_experts", "num_shared_experts"),
    "first_k_dense_replace": ("first_k_dense_replace", "moe_layer_start_index"),
    "moe_layer_step": ("moe_layer_step", "interleave_moe_layer_step", "decoder_sparse_step",
                       "moe_layer_interval"),
}


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

    # upper bounds: the catalog's (catalog.records._MODEL_LIMITS), so an architecture typed
    # into `estimate` or the custom-model page is refused as the catalog refuses it, instead
    # of a 392,788,696,290 GiB estimate for 1e12 layers (QA 22 F15)
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
        if isinstance(out.get("sliding_window"), bool) or out.get("sliding_window") == 0:
            out["sliding_window"] = None
        if out.get("use_sliding_window") is False:  # Qwen2: window configured but switched off
            out["sliding_window"] = None
        if out.get("sliding_window") and out.get("sliding_window_layers") is None:
            types = out.get("layer_types")
            pattern = out.get("sliding_window_pattern")
            layers = out.get("num_hidden_layers")
            if isinstance(types, list) and types:
                # transformers ≥ 4.53: "sliding_attention" / "full_attention" per layer
                out["sliding_window_layers"] = sum(1 for t in types if "sliding" in str(t))
            elif isinstance(pattern, int) and pattern > 1 and isinstance(layers, int):
                # Gemma 3: every pattern-th layer is global
                out["sliding_window_layers"] = layers - layers // pattern
        if out.get("linear_num_value_heads") and out.get("linear_attention_layers") is None:
            # Qwen3-Next / Qwen3.5 hybrids: Gated DeltaNet layers, every n-th layer full attention
            types = out.get("layer_types")
            layers = out.get("num_hidden_layers")
            interval = out.get("full_attention_interval")
            if isinstance(types, list) and types:
                out["linear_attention_layers"] = sum(1 for t in types if "linear" in str(t))
            elif isinstance(interval, int) and interval > 0 and isinstance(layers, int):
                out["linear_attention_layers"] = layers - layers // interval
        if out.get("attn_output_gate") is None and out.get("model_type") == "qwen3_next":
            out["attn_output_gate"] = True  # Qwen3NextAttention gates its output (q_proj × 2)
        if isinstance(out.get("num_key_value_heads"), int) and out["num_key_value_heads"] <= 0:
            out["num_key_value_heads"] = None
        return out

    @model_validator(mode="after")
    def _check_consistent(self) -> ModelArch:
        if self.kind == "llm" and self.params is None:
            missing = [f for f in ("hidden_size", "num_hidden_layers", "num_attention_heads",
                                   "vocab_size") if getattr(self, f) == 0]
            if missing:
                raise ValueError(msg("model_arch.missing", fields=", ".join(missing)))
        if (self.kind == "llm" and self.num_attention_heads and self.num_key_value_heads
                and self.num_attention_heads % self.num_key_value_heads):
            raise ValueError(msg("model_arch.heads_multiple"))
        return self

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
        return self.model_copy(update={
            "hidden_size": h, "num_hidden_layers": layers, "num_attention_heads": h // 128,
            "num_key_value_heads": h // 128, "head_dim": 128, "intermediate_size": inter,
            "vocab_size": vocab, "architecture_inferred": True})

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
            return (self.moe_intermediate_size or self.intermediate_size) * (
                self.num_experts_per_tok or 1)
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
        nope = self.qk_nope_head_dim if self.qk_nope_head_dim is not None \
            else max(0, self.head_dim_eff - rope)
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
    def n_linear_attention_layers(self) -> int:
        """Layers with linear attention (Gated DeltaNet) instead of softmax attention."""
        if not (self.linear_num_value_heads and self.linear_attention_layers):
            return 0
        return min(self.linear_attention_layers, self.num_hidden_layers)

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
        return (h * (2 * k + 2 * v) + h * 2 * nv + (2 * k + v) * (self.linear_conv_kernel_dim or 4)
                + 2 * nv + dv + v * h)

    def attention_params_total(self) -> int:
        """Attention parameters over all layers (softmax, MLA and linear-attention layers)."""
        n_lin = self.n_linear_attention_layers
        full = (self.num_hidden_layers - n_lin) * self.attention_params_per_layer()
        return full + n_lin * self.linear_attention_params_per_layer()

    def attention_params_per_layer(self) -> int:
        """Parameters of one (softmax) attention block.

        The q, k, v, o projections (+ biases), or MLA's low-rank projections (see the module
        docstring). With ``attn_output_gate`` (Qwen3-Next) ``q_proj`` is twice as wide and q/k
        norms (d_h each) are counted.
        """
        if self.is_mla:
            return self._mla_params_per_layer()
        h, a, g, d = self.hidden_size, self.num_attention_heads, self.kv_heads, self.head_dim_eff
        n = h * d * (a + 2 * g) + a * d * h
        if self.attn_output_gate:
            n += h * a * d + 2 * d
        if self.qkv_bias:
            n += d * (a + 2 * g)
        return n

    def expert_params(self) -> int:
        """Parameters of one MLP (one expert for MoE): 3·h·I gated, 2·h·I plain."""
        inter = self.moe_intermediate_size if (self.is_moe and self.moe_intermediate_size) \
            else self.intermediate_size
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

    def _moe_layers(self) -> int:
        """Number of MoE layers (Llama 4 / Qwen2-MoE / ERNIE placement rule).

        Those at index ≥ ``first_k_dense_replace`` with (i+1) divisible by ``moe_layer_step``.
        """
        if not self.is_moe:
            return 0
        first = min(self.first_k_dense_replace or 0, self.num_hidden_layers)
        step = self.moe_layer_step or 1
        return sum(1 for i in range(first, self.num_hidden_layers) if (i + 1) % step == 0)

    def mlp_params_total(self) -> int:
        """Parameters of all MLP/expert blocks over all layers (total, not active)."""
        L, moe_l = self.num_hidden_layers, self._moe_layers()
        dense_l = L - moe_l
        dense_mlp = (3 if self.mlp_gated else 2) * self.hidden_size * self.intermediate_size
        n = dense_l * dense_mlp
        if moe_l:
            E = self.num_local_experts or 1
            n += moe_l * (self.expert_params() * E + self._shared_expert_params()
                          + self.hidden_size * E)
        return n

    def mlp_params_active(self) -> int:
        """MLP parameters that one token touches (top-k experts + shared + router)."""
        L, moe_l = self.num_hidden_layers, self._moe_layers()
        dense_mlp = (3 if self.mlp_gated else 2) * self.hidden_size * self.intermediate_size
        n = (L - moe_l) * dense_mlp
        if moe_l:
            k = self.num_experts_per_tok or 1
            n += moe_l * (self.expert_params() * k + self._shared_expert_params()
                          + self.hidden_size * (self.num_local_experts or 1))
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
        return (self.attention_params_total() + self.mlp_params_total()
                + self.embedding_params() + self.norm_params())

    def active_param_count(self) -> int:
        """Parameters used per token (equals ``param_count`` for dense models)."""
        if self.active_params is not None:
            return int(self.active_params)
        if not self.is_moe or not self.hidden_size:
            return self.param_count()
        return (self.attention_params_total()
                + self.mlp_params_active() + self.embedding_params() + self.norm_params())

    def kv_values_per_token_per_layer(self) -> int:
        """Cached values (elements) per token per layer: 2·g·d_h, or MLA's rank + rope dim."""
        if self.kv_lora_rank:
            return self.kv_lora_rank + (self.qk_rope_head_dim or 0)
        return 2 * self.kv_heads * self.head_dim_eff

    def module_shapes(self) -> dict[str, tuple[int, int]]:
        """(d_in, d_out) of each adaptable Linear in one layer, by HF module name.

        Used for exact LoRA parameter counts: Σ r·(d_in + d_out) over targets.
        For MoE models the MLP names refer to one expert (multiply by experts).
        """
        h, a, g, d = self.hidden_size, self.num_attention_heads, self.kv_heads, self.head_dim_eff
        inter = self.moe_intermediate_size if (self.is_moe and self.moe_intermediate_size) \
            else self.intermediate_size
        shapes = {
            "q_proj": (h, a * d), "k_proj": (h, g * d), "v_proj": (h, g * d), "o_proj": (a * d, h),
            "up_proj": (h, inter), "down_proj": (inter, h),
        }
        if self.mlp_gated:
            shapes["gate_proj"] = (h, inter)
        shapes["w1"], shapes["w3"], shapes["w2"] = shapes["up_proj"], shapes["up_proj"], \
            shapes["down_proj"]
        shapes["fc1"], shapes["fc2"] = (h, inter), (inter, h)
        # fused projections (Phi-3 qkv_proj/gate_up_proj, Falcon, GPT-NeoX, GPT-2, MPT)
        shapes["qkv_proj"] = shapes["query_key_value"] = shapes["c_attn"] = shapes["Wqkv"] = \
            (h, (a + 2 * g) * d)
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
def _cached_linear_params(arch: ModelArch) -> int:
    return arch._compute_linear_params()
