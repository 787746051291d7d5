"""Hugging Face ``config.json`` and GGUF metadata → :class:`ModelArch`, with what was guessed.

``config.json`` keys are those of each family's ``configuration_*.py`` in
huggingface/transformers; GGUF keys are llama.cpp's (``gguf-py/gguf/constants.py``
``Keys.LLM``: ``{arch}.block_count``, ``{arch}.embedding_length`` …).
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from ..catalog.errors import validation_text
from ..core.messages import Text, msg
from ..core.model_arch import ModelArch
from .base import ModelImportError

KNOWN_MODEL_TYPES = frozenset(
    {
        "llama",
        "mistral",
        "mixtral",
        "qwen",
        "qwen2",
        "qwen2_moe",
        "qwen3",
        "qwen3_moe",
        "qwen3_next",
        "gemma",
        "gemma2",
        "gemma3",
        "gemma3_text",
        "phi",
        "phi3",
        "phimoe",
        "deepseek",
        "deepseek_v2",
        "deepseek_v3",
        "deepseek_v32",
        "deepseek_v4",
        "kimi_k2",
        "gpt2",
        "falcon",
        "starcoder2",
        "gpt_neox",
        "glm",
        "glm4",
        "glm4_moe",
        "gpt_oss",
        "baichuan",
        "internlm2",
        "minicpm",
        "cohere",
        "cohere2",
        "dbrx",
        "llama4",
        "llama4_text",
        "mpt",
        "bloom",
        "gptj",
        "opt",
        "gpt_bigcode",
        "minimax_m2",
        "minimax",
        "ernie4_5",
        "ernie4_5_moe",
        "olmo",
        "olmo2",
        "olmoe",
        "granite",
        "smollm3",
        "exaone",
        "yi",
        "ministral",
        "mistral3",
        "qwen3_5",
        "qwen3_5_moe",
        "nemotron_h",
    }
)
"""``model_type`` values whose layout the parameter count follows (attention, MLP kind, biases,
MoE placement). Others are read best effort, with a warning."""

# config.json fields that decide memory, reported by ``gpupicker model inspect``
FACT_FIELDS = (
    "model_type",
    "hidden_size",
    "num_hidden_layers",
    "num_attention_heads",
    "num_key_value_heads",
    "head_dim",
    "intermediate_size",
    "vocab_size",
    "tie_word_embeddings",
    "max_position_embeddings",
    "sliding_window",
    "sliding_window_layers",
    "kv_lora_rank",
    "q_lora_rank",
    "qk_rope_head_dim",
    "qk_nope_head_dim",
    "v_head_dim",
    "num_local_experts",
    "num_experts_per_tok",
    "moe_intermediate_size",
    "n_shared_experts",
    "shared_expert_intermediate_size",
    "first_k_dense_replace",
    "moe_layer_step",
    "index_n_heads",
    "index_head_dim",
    "linear_attention_layers",
    "linear_num_key_heads",
    "linear_key_head_dim",
    "linear_num_value_heads",
    "linear_value_head_dim",
    "linear_conv_kernel_dim",
    "attn_output_gate",
    "layer_pattern",
    "global_head_dim",
    "num_global_key_value_heads",
    "num_kv_shared_layers",
    "mamba_num_heads",
    "mamba_head_dim",
    "ssm_state_size",
    "mamba_n_groups",
    "mamba_conv_kernel",
    "conv_l_cache",
    "num_nextn_predict_layers",
    "kv_heads_per_layer",
    "attention_k_eq_v",
)

_GGUF_ARCH_TYPE = {
    "qwen2moe": "qwen2_moe",
    "qwen3moe": "qwen3_moe",
    "deepseek2": "deepseek_v3",
    "gemma3": "gemma3_text",
    "gptoss": "gpt_oss",
    "gpt-oss": "gpt_oss",
    "glm4moe": "glm4_moe",
    "llama4": "llama4",
    "phimoe": "phimoe",
    "starcoder2": "starcoder2",
    "gptneox": "gpt_neox",
    "command-r": "cohere",
    "ernie4_5-moe": "ernie4_5_moe",
    "minimax-m2": "minimax_m2",
    "qwen3next": "qwen3_next",
}
_GGUF_KEYS = {
    "num_hidden_layers": "block_count",
    "hidden_size": "embedding_length",
    "intermediate_size": "feed_forward_length",
    "num_attention_heads": "attention.head_count",
    "num_key_value_heads": "attention.head_count_kv",
    "head_dim": "attention.key_length",
    "max_position_embeddings": "context_length",
    "num_local_experts": "expert_count",
    "num_experts_per_tok": "expert_used_count",
    "n_shared_experts": "expert_shared_count",
    "first_k_dense_replace": "leading_dense_block_count",
    "moe_intermediate_size": "expert_feed_forward_length",
    "shared_expert_intermediate_size": "expert_shared_feed_forward_length",
    "kv_lora_rank": "attention.kv_lora_rank",
    "q_lora_rank": "attention.q_lora_rank",
    "sliding_window": "attention.sliding_window",
    "vocab_size": "vocab_size",
}


def facts(arch: ModelArch) -> dict[str, Any]:
    """The architecture fields of :data:`FACT_FIELDS` that are set (None/0 left out)."""
    out: dict[str, Any] = {}
    for f in FACT_FIELDS:
        v = getattr(arch, f, None)
        if v not in (None, 0) or f == "tie_word_embeddings":
            out[f] = v
    return out


def arch_from_config(config: dict[str, Any], name: str = "") -> tuple[ModelArch, list[Text]]:
    """The architecture of a ``config.json`` and the warnings about what was guessed.

    Multimodal configs use their ``text_config`` (vision towers are not counted; a
    warning says so). An unknown ``model_type`` is read from the common fields as a
    Llama-style decoder and the warning names the assumptions.

    Raises:
        ModelImportError: when the config lacks the fields a decoder needs, or its
            ``text_config`` / ``llm_config`` is not an object.
    """
    warnings: list[Text] = []
    data = dict(config)
    for key in ("text_config", "llm_config"):
        if data.get(key) is not None and not isinstance(data[key], dict):
            raise ModelImportError(
                msg("importers.field_not_object", field=key, kind=type(data[key]).__name__)
            )
    if isinstance(data.get("text_config"), dict):
        vision = [k for k in ("vision_config", "audio_config") if k in data]
        if vision:
            warnings.append(msg("importers.warn.text_only", encoders=", ".join(vision)))
    if isinstance(data.get("llm_config"), dict) and "text_config" not in data:  # InternVL
        data["text_config"] = data["llm_config"]
    mtype = str((data.get("text_config") or {}).get("model_type") or data.get("model_type") or "")
    if not mtype:
        warnings.append(msg("importers.warn.no_model_type"))
    elif mtype not in KNOWN_MODEL_TYPES:
        warnings.append(msg("importers.warn.unknown_model_type", type=repr(mtype)))
    try:
        arch = ModelArch.from_config(data, name=name)
    except (ValidationError, ValueError) as exc:
        raise ModelImportError(msg("importers.config_unsizable", error=_first_error(exc))) from exc
    if not arch.has_architecture:
        raise ModelImportError(msg("importers.config_not_decoder"))
    if mtype and mtype not in KNOWN_MODEL_TYPES:
        arch = arch.model_copy(update={"model_type": "llama"})
    return arch, warnings


_GGUF_SWA_PERIOD = {"gemma2": 2, "gemma3": 6, "gpt-oss": 2, "gptoss": 2, "cohere2": 4}
"""Sliding-window periods llama.cpp sets in code, not in the GGUF (``llama-model.cpp``
``hparams.set_swa_pattern(n)``: layer ``il`` is sliding when ``il % n < n − 1``)."""


def _gguf_layers(meta: dict[str, Any], garch: str, fields: dict[str, Any]) -> None:
    """Per-layer kinds, hybrid state sizes and MTP layers from GGUF metadata, into ``fields``.

    llama.cpp keys (``gguf-py`` ``Keys.LLM`` / ``Keys.SSM`` / ``Keys.Attention``):
    ``nextn_predict_layers`` (the last block_count layers are MTP layers, not the model's),
    LFM2's per-layer ``attention.head_count_kv`` (0 on its short-conv layers),
    ``attention.recurrent_layers`` or ``full_attention_interval`` with ``ssm.conv_kernel``,
    ``ssm.state_size`` (key head dim), ``ssm.group_count`` (key heads), ``ssm.time_step_rank``
    (value heads) and ``ssm.inner_size`` (value heads × value head dim) — the Qwen3-Next /
    Qwen3.5 converter's mapping — and ``attention.sliding_window_pattern`` or the period
    llama.cpp hardcodes (:data:`_GGUF_SWA_PERIOD`).
    """

    def get(key: str) -> Any:
        return meta.get(f"{garch}.{key}")

    per = fields.get("kv_heads_per_layer")
    if garch.startswith("lfm2") and isinstance(per, list) and 0 in per:
        # LFM2 / LFM2-MoE: the layers with no KV heads are short-conv blocks
        # (llama.cpp llama-model.cpp LLM_ARCH_LFM2: hparams.recurrent_layer_arr[il] =
        # n_head_kv(il) == 0), their cache length shortconv.l_cache
        fields["layer_pattern"] = "".join("F" if g else "C" for g in per)
        if isinstance(get("shortconv.l_cache"), int):
            fields["conv_l_cache"] = get("shortconv.l_cache")
    nextn = get("nextn_predict_layers")
    if isinstance(nextn, int) and nextn > 0 and fields.get("num_hidden_layers", 0) > nextn:
        fields["num_nextn_predict_layers"] = nextn
        fields["num_hidden_layers"] -= nextn
    layers = fields.get("num_hidden_layers", 0)
    inner, rank = get("ssm.inner_size"), get("ssm.time_step_rank")
    recurrent = get("attention.recurrent_layers")
    interval = get("full_attention_interval")
    if (
        isinstance(inner, int)
        and isinstance(rank, int)
        and rank > 0
        and (isinstance(interval, int) or isinstance(recurrent, list))
    ):
        fields.update(
            linear_num_value_heads=rank,
            linear_value_head_dim=inner // rank,
            linear_key_head_dim=get("ssm.state_size"),
            linear_num_key_heads=get("ssm.group_count"),
            linear_conv_kernel_dim=get("ssm.conv_kernel"),
        )
        if isinstance(recurrent, list) and len(recurrent) >= layers > 0:
            fields["layer_pattern"] = "".join("L" if r else "F" for r in recurrent[:layers])
        else:
            fields["full_attention_interval"] = interval
        return
    if not fields.get("sliding_window") or layers <= 0:
        return
    swa = get("attention.sliding_window_pattern")
    if isinstance(swa, list) and len(swa) >= layers:
        fields["layer_pattern"] = "".join("S" if x else "F" for x in swa[:layers])
    elif period := swa if isinstance(swa, int) else _GGUF_SWA_PERIOD.get(garch):
        fields["layer_pattern"] = "".join("S" if i % period < period - 1 else "F" for i in range(layers))


def arch_from_gguf(meta: dict[str, Any], params: int, name: str = "") -> tuple[ModelArch | None, list[Text]]:
    """The architecture from GGUF metadata (``params`` = the tensors' element count).

    A per-layer ``attention.head_count_kv`` array is kept layer by layer
    (``kv_heads_per_layer``); Gemma 4's ``attention.key_length_swa`` is the sliding layers'
    head size and ``key_length`` the global layers' (``global_head_dim``);
    ``attention.shared_kv_layers`` the KV-shared last layers.

    Returns ``(None, warnings)`` when the metadata lacks layer sizes (the model is then
    sized from ``params`` alone).
    """
    warnings: list[Text] = []
    garch = str(meta.get("general.architecture") or "")
    fields: dict[str, Any] = {"name": name, "params": params or None}
    for field, key in _GGUF_KEYS.items():
        v = meta.get(f"{garch}.{key}")
        if isinstance(v, list) and v and all(isinstance(x, int) for x in v):
            if field == "num_key_value_heads" and min(v) >= 0:
                # llama.cpp writes head_count_kv per layer where it differs (LFM2: 0 on the
                # short-conv layers; OpenELM): each layer keeps its own count
                fields["kv_heads_per_layer"] = list(v)
            else:
                warnings.append(msg("importers.warn.per_layer", key=f"{garch}.{key}", value=str(max(v))))
            v = max(v)
        if isinstance(v, int) and not isinstance(v, bool):
            fields[field] = v
    if "vocab_size" not in fields:
        toks = meta.get("tokenizer.ggml.tokens")
        if isinstance(toks, dict) and isinstance(toks.get("array_length"), int):
            fields["vocab_size"] = toks["array_length"]
    mtype = _GGUF_ARCH_TYPE.get(garch, garch.replace("-", "_"))
    fields["model_type"] = mtype if mtype in KNOWN_MODEL_TYPES else "llama"
    if mtype not in KNOWN_MODEL_TYPES:
        warnings.append(msg("importers.warn.unknown_gguf_arch", arch=repr(garch)))
    if fields.get("kv_lora_rank") and f"{garch}.rope.dimension_count" in meta:
        fields["qk_rope_head_dim"] = meta[f"{garch}.rope.dimension_count"]
    swa_len = meta.get(f"{garch}.attention.key_length_swa")
    if (
        not fields.get("kv_lora_rank")
        and isinstance(swa_len, int)
        and swa_len > 0
        and fields.get("head_dim") not in (None, swa_len)
    ):
        # Gemma 4 (convert_hf_to_gguf.py Gemma4Model): key_length is the global layers'
        # global_head_dim, key_length_swa the sliding layers' head_dim
        fields["global_head_dim"], fields["head_dim"] = fields["head_dim"], swa_len
    shared = meta.get(f"{garch}.attention.shared_kv_layers")
    if isinstance(shared, int) and not isinstance(shared, bool) and shared > 0:
        fields["num_kv_shared_layers"] = shared  # Gemma 3n / Gemma 4 E-series
    _gguf_layers(meta, garch, fields)
    try:
        arch = ModelArch.model_validate(fields)
    except (ValidationError, ValueError) as exc:
        warnings.append(msg("importers.warn.gguf_unusable", error=_first_error(exc)))
        return (ModelArch(name=name, params=params) if params else None), warnings
    if not arch.has_architecture:
        warnings.append(msg("importers.warn.gguf_no_sizes"))
    return arch, warnings


def quantization_facts(config: dict[str, Any]) -> dict[str, Any]:
    """``quantization_config`` summarised: method, bits and the matching gpupicker weights dtype.

    GPTQ/AWQ 4-bit → ``int4``, 8-bit → ``int8``; bitsandbytes ``load_in_4bit`` →
    ``nf4`` (or ``fp4``), ``load_in_8bit`` → ``int8``; ``fp8`` and
    compressed-tensors float 8-bit → ``fp8``; ``mxfp4`` (gpt-oss) → ``mxfp4``; ``fp8`` with
    DeepSeek-V4's ``expert_dtype: fp4`` → ``mxfp4`` (its routed experts are e2m1 with a ue8m0
    scale per 32, the MXFP4 layout, and hold nearly all its weights; the rest is FP8).
    Unknown methods are reported with ``weights_dtype`` None.
    """
    q = config.get("quantization_config")
    if not isinstance(q, dict):
        tc = config.get("text_config")
        q = tc.get("quantization_config") if isinstance(tc, dict) else None
    if not isinstance(q, dict):
        return {}
    method = str(q.get("quant_method") or ("bitsandbytes" if "load_in_4bit" in q else "")).lower()
    bits = q.get("bits") if isinstance(q.get("bits"), int) else None
    dtype: str | None = None
    if method in ("gptq", "awq", "autoround", "auto-round", "hqq"):
        dtype = {4: "int4", 8: "int8"}.get(bits or 4)
    elif method == "bitsandbytes":
        if q.get("load_in_4bit"):
            dtype = "fp4" if str(q.get("bnb_4bit_quant_type", "nf4")).lower() == "fp4" else "nf4"
            bits = 4
        elif q.get("load_in_8bit"):
            dtype, bits = "int8", 8
    elif method in ("fp8", "fbgemm_fp8"):
        dtype, bits = "fp8", 8
        if str(config.get("expert_dtype", "")).lower() == "fp4":
            dtype, bits = "mxfp4", 4
    elif method == "mxfp4":
        dtype, bits = "mxfp4", 4
    elif method == "modelopt" and str(q.get("quant_algo", "")).upper() == "NVFP4":
        dtype, bits = "nvfp4", 4  # TensorRT Model Optimizer NVFP4 checkpoints (hf_quant_config)
    elif method == "compressed-tensors":
        groups = q.get("config_groups")
        group = next(iter(groups.values()), None) if isinstance(groups, dict) else None
        w = group.get("weights") if isinstance(group, dict) else None
        if not isinstance(w, dict):  # a damaged group: the method is known, its bits are not
            w = {}
        nb, typ = w.get("num_bits"), str(w.get("type", ""))
        bits = nb if isinstance(nb, int) else None
        # 4-bit float with group size 16 is NVFP4 (llm-compressor "NVFP4" scheme)
        dtypes: dict[tuple[int | None, str], str] = {
            (8, "float"): "fp8",
            (8, "int"): "int8",
            (4, "int"): "int4",
            (4, "float"): "nvfp4",
        }
        dtype = dtypes.get((bits, typ))
    out: dict[str, Any] = {"quant_method": method or "unknown", "bits": bits, "weights_dtype": dtype}
    if isinstance(q.get("group_size"), int):
        out["group_size"] = q["group_size"]
    return out


def _first_error(exc: Exception) -> str:
    """The first error of ``exc`` as one ``field: message`` (catalog.errors.validation_text)."""
    return validation_text(exc, keep_value_error_prefix=True, limit=1)
