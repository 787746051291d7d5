"""Hugging Face ``config.json`` spellings read into :class:`~gpupicker.core.model_arch.ModelArch` fields.

Aliases of the field names, family-specific layouts, and the per-layer patterns
(``layer_types``, ``hybrid_override_pattern`` …) read into ``layer_pattern``.
"""

from __future__ import annotations

from typing import Any

from .messages import msg

# Hugging Face config.json spellings → our field names (first match wins).
CONFIG_ALIASES: dict[str, tuple[str, ...]] = {
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


def pattern_from_config(out: dict[str, Any]) -> str | None:
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


def per_layer_kv_heads(out: dict[str, Any]) -> None:
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
    if 0 in heads and out.get("layer_pattern") is None and pattern_from_config(out) is None:
        if not str(out.get("model_type", "")).startswith("lfm2"):
            raise ValueError(msg("model_arch.kv_heads_zero", model_type=repr(out.get("model_type", ""))))
        out["layer_pattern"] = "".join("F" if g else "C" for g in heads)


def per_layer_compress_ratios(out: dict[str, Any]) -> None:
    """Read DeepSeek-V4's per-layer ``compress_ratios`` into ``kv_compress_ratios``, in place.

    A list (config.json) or a comma-separated string (a catalog cell) of whole numbers ≥ 0.
    The config lists one ratio per layer and then one per MTP block: DeepSeek-V4-Flash has 44
    for its 43 layers, and its ``model.safetensors.index.json`` puts the 44th on ``mtp.0``
    (the 41 layers with a non-zero ratio are exactly those with ``attn.compressor`` tensors).
    Entries beyond ``num_hidden_layers`` are dropped when there are at most
    ``num_nextn_predict_layers`` of them; any other length is refused by the model's check.

    Raises:
        ValueError: an entry that is not a whole number ≥ 0.
    """
    per = out.get("kv_compress_ratios")
    if per is None:
        per = out.get("compress_ratios")
    if per is None:
        return
    if isinstance(per, str):
        per = [p.strip() for p in per.split(",")] if per.strip() else []
    ratios: list[int] = []
    for p in per if isinstance(per, (list, tuple)) else [per]:
        v = int(p) if isinstance(p, str) and p.isdigit() else p
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise ValueError(msg("model_arch.compress_list", value=repr(p)))
        ratios.append(v)
    layers, mtp = out.get("num_hidden_layers"), out.get("num_nextn_predict_layers")
    if isinstance(layers, int) and layers > 0 and len(ratios) > layers:
        extra = len(ratios) - layers
        if isinstance(mtp, int) and not isinstance(mtp, bool) and extra <= mtp:
            ratios = ratios[:layers]
    out["kv_compress_ratios"] = tuple(ratios) or None


def normalize_config(data: Any) -> Any:
    """A config dict with its Hugging Face spellings read into the :class:`ModelArch` field names.

    Family-specific layouts (Llama 4, Gemma 4 MoE, Nemotron-H shared experts, dense first
    layers), the :data:`CONFIG_ALIASES`, per-layer KV heads and the per-layer pattern. Anything
    that is not a dict is returned as it is.

    Raises:
        ValueError: a layer type, pattern character or per-layer entry gpupicker does not model.
    """
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
    for field, names in CONFIG_ALIASES.items():
        if out.get(field) is None:
            for n in names:
                if out.get(n) is not None:
                    out[field] = out[n]
                    break
    if out.get("num_key_value_heads") is None and out.get("multi_query") is True:
        out["num_key_value_heads"] = 1
    per_layer_kv_heads(out)
    per_layer_compress_ratios(out)
    if isinstance(out.get("sliding_window"), bool) or out.get("sliding_window") == 0:
        out["sliding_window"] = None
    if out.get("use_sliding_window") is False:  # Qwen2: window configured but switched off
        out["sliding_window"] = None
    if isinstance(out.get("layer_pattern"), str):
        out["layer_pattern"] = out["layer_pattern"].strip() or None
    if out.get("layer_pattern") is None:
        pattern = pattern_from_config(out)
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
