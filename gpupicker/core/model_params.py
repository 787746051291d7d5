"""Parameter counts of a model architecture from its config fields.

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

from .memo import by_identity
from .model_shape import ArchShape


class ArchParams(ArchShape):
    """Parameter counts of :class:`~gpupicker.core.model_arch.ModelArch` (see the module docstring)."""

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
        if self.o_lora_rank:
            return sum(self.compressed_attention_params_per_layer(r) for r in self._compress_ratios())
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

    def _compress_ratios(self) -> tuple[int, ...]:
        """Each layer's KV compression ratio (0 on every layer when the model states none)."""
        return self.kv_compress_ratios or (0,) * self.num_hidden_layers

    def _compressor_params(self, ratio: int, dim: int) -> int:
        """One DeepSeek-V4 KV compressor of ``ratio`` producing entries of ``dim`` values.

        DeepSeek-V4 ``inference/model.py`` ``Compressor``: with ``coff = 2`` where the ratio
        is 4 (overlapping windows) and 1 otherwise, ``ape`` ``ratio × coff·dim``, ``wkv`` and
        ``wgate`` ``h → coff·dim`` each and an RMSNorm of ``dim``.
        """
        coff = 2 if ratio == 4 else 1
        return ratio * coff * dim + 2 * self.hidden_size * coff * dim + dim

    def compressed_attention_params_per_layer(self, ratio: int) -> int:
        """Parameters of one DeepSeek-V4 attention block whose KV compresses ``ratio``×.

        DeepSeek-V4 ``inference/model.py`` and the DeepSeek-V4-Flash safetensors shapes
        (``wq_a [1024, 4096]``, ``wq_b [32768, 1024]``, ``wkv [512, 4096]``,
        ``wo_a [8192, 4096]``, ``wo_b [4096, 8192]``, ``attn_sink [64]``): ``wq_a h·r_q`` +
        ``q_norm r_q`` + ``wq_b r_q·a·d``; ``wkv h·g·d`` (one latent that is both K and V) +
        ``kv_norm d``; the grouped low-rank output ``wo_a a·d·r_o`` (``o_groups`` groups of
        ``a·d / o_groups`` → ``r_o``) + ``wo_b o_groups·r_o·h``; ``attn_sink a``. A layer with
        ratio > 0 adds its compressor (:meth:`_compressor_params`), a ratio-4 layer the
        lightning indexer: ``wq_b r_q·n_i·d_i``, ``weights_proj h·n_i`` and its own
        compressor of ``d_i``. Hyper-connection mixing is :meth:`hyper_connection_params`.
        """
        h, a, d = self.hidden_size, self.num_attention_heads, self.head_dim_eff
        r_q, r_o, groups = self.q_lora_rank, self.o_lora_rank or 0, self.o_groups or 1
        n = h * r_q + r_q + r_q * a * d if r_q else h * a * d
        n += h * self.kv_heads * d + d
        n += a * d * r_o + groups * r_o * h + a
        if ratio:
            n += self._compressor_params(ratio, d)
        if ratio == 4 and self.index_n_heads and self.index_head_dim:
            ni, di = self.index_n_heads, self.index_head_dim
            n += (r_q or h) * ni * di + h * ni + self._compressor_params(4, di)
        return n

    def hyper_connection_params(self) -> int:
        """Parameters of DeepSeek-V4's hyper-connections (``hc_mult`` residual streams).

        Per layer two mixers (``hc_attn_*``, ``hc_ffn_*``), each ``fn [(2+m)·m, m·h]``,
        ``base [(2+m)·m]`` and ``scale [3]`` (DeepSeek-V4-Flash safetensors, layer 0:
        ``hc_attn_fn [24, 16384]``, ``hc_attn_base [24]``, ``hc_attn_scale [3]`` for m = 4).
        The output head's ``hc_head_*`` (one per model, under 0.0001 % of the total) is not
        counted. 0 without ``hc_mult``.
        """
        m = self.hc_mult
        if not m:
            return 0
        mix = (2 + m) * m
        return self.num_hidden_layers * 2 * (mix * m * self.hidden_size + mix + 3)

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

    def _expert_width(self) -> int:
        """Intermediate width of one expert (of the MLP for a dense model)."""
        if self.is_moe and self.moe_intermediate_size:
            return self.moe_intermediate_size
        return self.intermediate_size

    def expert_params(self) -> int:
        """Parameters of one MLP (one expert for MoE): 3·d·I gated, 2·d·I plain.

        ``d`` is ``h``, or for a LatentMoE model (Nemotron 3 Super, ``moe_latent_size``) the
        latent width its routed experts run in (TensorRT-LLM ``modeling_nemotron_h``: experts
        of ``moe_hidden_size`` between ``fc1_latent_proj`` and ``fc2_latent_proj``).
        """
        d = self.moe_latent_size if (self.is_moe and self.moe_latent_size) else self.hidden_size
        return (3 if self.mlp_gated else 2) * d * self._expert_width()

    def _shared_expert_params(self) -> int:
        """Parameters of the always-active part of a MoE layer besides the router.

        DeepSeek ``n_shared_experts`` × an expert at the full width ``h``, Qwen-MoE
        ``shared_expert_intermediate_size`` (gated MLP + a 1-wide gate), and LatentMoE's
        projections into and out of the latent space (``fc1_latent_proj h·l``,
        ``fc2_latent_proj l·h``: TensorRT-LLM ``modeling_nemotron_h``, vLLM and Megatron
        ``moe_latent_size``), which every token passes through.
        """
        gated = 3 if self.mlp_gated else 2
        n = (self.n_shared_experts or 0) * gated * self.hidden_size * self._expert_width()
        if self.shared_expert_intermediate_size:
            n += 3 * self.hidden_size * self.shared_expert_intermediate_size + self.hidden_size
        if self.is_moe and self.moe_latent_size:
            n += 2 * self.hidden_size * self.moe_latent_size
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
        """Norm weights: two per layer plus the final norm (h each).

        One per layer in a Nemotron-H block layout (:attr:`block_layout`: transformers
        ``NemotronHBlock`` holds one ``norm`` before its single mixer or MLP), which the
        Nemotron 3 Super safetensors total confirms (120,668,687,360 without the MTP block).
        """
        per_layer = 1 if self.block_layout else 2
        return (per_layer * self.num_hidden_layers + 1) * self.hidden_size

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
            + self.hyper_connection_params()
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
            + self.hyper_connection_params()
        )


@by_identity(maxsize=4096)
def _cached_param_count(arch: ArchParams) -> int:
    # keyed on the row's identity (a frozen model, kept beside its entry): hashing it by value
    # hashed every field on each call; model_copy(update=...) gets its own entry
    return arch._compute_param_count()


@by_identity(maxsize=4096)
def _cached_linear_params(arch: ArchParams) -> int:
    return arch._compute_linear_params()
