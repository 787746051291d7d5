"""Model architecture record: a config's fields, parameter counts, KV cache and state sizes.

:class:`ModelArch` is :class:`~gpupicker.core.model_shape.ArchShape` (fields, validation,
layer shape) with :class:`~gpupicker.core.model_params.ArchParams` (parameter counts,
``docs/formulas.md`` §1) and, here, what the memory model and LoRA read: the KV values per
token of each layer kind, the DeepSeek Sparse Attention indexer, the fixed recurrent state of
linear-attention, Mamba and short-conv layers, and the adaptable Linear shapes.
"""

from __future__ import annotations

from typing import Any

from .memo import by_identity
from .messages import msg
from .model_params import ArchParams


class ModelArch(ArchParams):
    """Architecture of a transformer LLM (or a diffusion model given by size only).

    Field names follow Hugging Face ``config.json``; ``from_config`` also accepts
    common aliases (``n_layer``, ``n_embd``, ``num_experts`` …). Sizes are counts
    (elements), not bytes.

    Attributes:
        params: exact parameter count when known (safetensors header, model card);
            overrides the count computed from the architecture.
        kind: ``"llm"`` or ``"diffusion"`` (diffusion models carry ``params`` only).
    """

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

    def kv_layers(self) -> tuple[int, int]:
        """``(full, sliding)`` layers that hold their own KV cache.

        Linear-attention, Mamba, conv and MLP-only layers hold none; the last
        ``num_kv_shared_layers`` layers (Gemma 3n / Gemma 4 E-series) reuse the KV of an
        earlier layer of their kind (transformers ``num_kv_shared_layers``) and add none.
        A sliding layer with no ``sliding_window`` caches every token (counted as full).
        """
        return _kv_layers(self)

    def kv_values_per_token(self, kind: str = "S", kv_heads: int | None = None) -> int:
        """Cached values (elements) per token of one layer of ``kind`` (``"F"`` or ``"S"``).

        ``2·g·d_h``; MLA's ``kv_lora_rank + qk_rope_head_dim`` (DeepSeek-V2 paper §2.1.2);
        full-attention layers of a model with different global sizes (Gemma 4
        ``global_head_dim`` / ``num_global_key_value_heads``) use those when the model
        also has sliding layers. ``kv_heads`` is the layer's own ``g`` where the model states
        one per layer (``kv_heads_per_layer``), else :meth:`layer_kv_heads`.
        """
        if self.kv_lora_rank:
            return self.kv_lora_rank + (self.qk_rope_head_dim or 0)
        g = self.layer_kv_heads(kind) if kv_heads is None else kv_heads
        return 2 * g * self.layer_head_dim(kind)

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
                sliding_v += self.kv_values_per_token("S", g)
            elif kind in "FS":
                full_v += self.kv_values_per_token(kind, g)
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

    def compressed_kv_bytes_per_token(self, kv_dtype: str) -> float:
        """Bytes DeepSeek-V4's compressed attention caches per token of context, all layers.

        Each layer of ratio ``r`` > 0 (:attr:`kv_compress_ratios`) keeps one entry per ``r``
        tokens, and each ratio-4 layer one lightning-indexer key per 4 tokens: SGLang
        ``DSV4PoolConfigurator._get_bytes_per_full_token`` (``pool_configurator.py``) sizes
        its pools ``1/4·kv·n_c4 + 1/128·kv·n_c128 + 1/4·idx·n_c4`` bytes per token. An entry is
        the one latent of ``head_dim`` values that is both K and V: 16-bit, ``2·d`` bytes
        (1,024 for DeepSeek-V4-Flash); FP8, SGLang's packed ``(d − d_rope) + 2·d_rope + 8``
        (FP8 nope part, BF16 rope part, scales: 584 B). The indexer key is FP8 with one fp32
        scale per 128 values (``d_i + d_i/128·4`` = 132 B), whatever the KV dtype. The
        sliding window every layer keeps is fixed per sequence
        (:meth:`compressed_attention_state_bytes`). DeepSeek-V4-Flash in bf16: 21·(1,024 +
        132)/4 + 20·1,024/128 = 6,229 B per token. 0 for a model without compressed KV.

        Raises:
            ValueError: a KV dtype other than fp16 / bf16 / fp8 (no engine layout is modelled).
        """
        ratios = self.kv_compress_ratios
        if not ratios:
            return 0.0
        entry = self._compressed_entry_bytes(kv_dtype)
        per = sum(entry / r for r in ratios if r)
        return per + ratios.count(4) * self.indexer_bytes_per_token_per_layer() / 4

    def _compressed_entry_bytes(self, kv_dtype: str) -> int:
        """Bytes of one compressed-KV entry in ``kv_dtype`` (see :meth:`compressed_kv_bytes_per_token`).

        Raises:
            ValueError: a KV dtype other than fp16 / bf16 / fp8.
        """
        d, rope = self.head_dim_eff, self.qk_rope_head_dim or 0
        dtype = kv_dtype.lower()
        if dtype in ("fp16", "bf16"):
            return 2 * d
        if dtype == "fp8":
            return (d - rope) + 2 * rope + 8
        raise ValueError(msg("model_arch.compressed_kv_dtype", dtype=repr(kv_dtype)))

    def compressed_attention_state_bytes(self) -> int:
        """Fixed bytes per sequence of DeepSeek-V4's compressed attention, all layers.

        Independent of the context once it exceeds the window: every layer's sliding window
        of ``sliding_window`` entries (SGLang's SWA pool, sized for the whole window and
        counted here in 16-bit, ``2·d`` bytes each: 43 · 128 · 1,024 B for DeepSeek-V4-Flash),
        and the compressors' running state in fp32 (SGLang ``get_compress_state_ring_size``:
        a ring of 8 slots per ratio-4 layer and 128 per ratio-128 layer;
        ``_get_dsv4_compress_state_dtype_sizes`` float32; a ratio-4 slot is KV + score of
        two overlapping halves, ``2·2·d·4`` B, plus the indexer compressor's ``2·2·d_i·4`` B;
        a ratio-128 slot ``2·d·4`` B; DeepSeek-V4 ``inference/model.py`` ``Compressor``
        ``kv_state`` / ``score_state`` float32 buffers of the same shapes). DeepSeek-V4-Flash:
        5,636,096 B of window + 12,206,080 B of compressor state = 17,842,176 B (17.0 MiB).
        0 for a model without compressed KV.
        """
        ratios = self.kv_compress_ratios
        if not ratios:
            return 0
        d, di = self.head_dim_eff, self.index_head_dim or 0
        window = len(ratios) * (self.sliding_window or 0) * 2 * d
        c4 = ratios.count(4) * 8 * (2 * 2 * d * 4 + 2 * 2 * di * 4)
        c128 = ratios.count(128) * 128 * (2 * d * 4)
        return window + c4 + c128

    def recurrent_state_elements(self, kinds: str = "LMC") -> tuple[int, int]:
        """``(conv, temporal)`` state elements per sequence over the recurrent layers of ``kinds``.

        ``kinds``: the layer letters counted (default all: ``L`` Gated DeltaNet, ``M`` Mamba-2,
        ``C`` short conv).

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
        n_l, n_m, n_c = (self.count_layers(c) if c in kinds else 0 for c in "LMC")
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


@by_identity(maxsize=4096)
def _kv_layers(arch: ModelArch) -> tuple[int, int]:
    """:meth:`ModelArch.kv_layers`, computed once per row (keyed on its identity)."""
    kinds = arch.layers
    shared = min(arch.num_kv_shared_layers or 0, len(kinds))
    own = kinds[: len(kinds) - shared]
    full = own.count("F")
    sliding = own.count("S")
    if not arch.sliding_window:
        full, sliding = full + sliding, 0
    return full, sliding
