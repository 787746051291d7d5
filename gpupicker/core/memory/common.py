"""Memory primitives every engine's model shares: weights, KV cache, CUDA context.

The lowest layer of the memory model: :mod:`gpupicker.core.memory` (the per-task dispatch and
Hugging Face inference), :mod:`.paged` (vLLM, SGLang, TensorRT-LLM), :mod:`.llamacpp`,
:mod:`.training` and :mod:`gpupicker.core.speed.throughput` import these, and this module
imports none of them, so the memory modules form no import cycle. Formulas:
``shared/design/formulas.md`` §1–2; constants measured on the H200 cases in
``shared/validation/h200.jsonl``.
"""

from __future__ import annotations

import math

from ..dtypes import GGUF_TYPES, LINEAR_GROUPS, bytes_per_kv_element, bytes_per_weight
from ..model_arch import ModelArch
from ..units import MiB

CUDA_CONTEXT_BYTES = 650_969_088
"""CUDA context + PyTorch/cuBLAS kernels loaded, measured on the H200 cases (0.606 GiB)."""

RUNTIME_WORKSPACE_BYTES = 48 * MiB
"""cuBLAS/cuDNN workspaces and small buffers PyTorch allocates on first use (H200 b=1 cases)."""


def weights_bytes(arch: ModelArch, weights_dtype: str,
                  quantized_groups: frozenset[str] | None = None) -> int:
    """Bytes of the model weights on the GPU(s), before any sharding.

    Quantized formats (int8, NF4, GGUF, int4) apply to transformer-block Linear
    layers only; embeddings, lm_head and norms stay 16-bit, as bitsandbytes
    (``llm_int8_skip_modules``/default lm_head skip) and llama.cpp's default
    output.weight handling do. Unquantized formats apply to everything. Which Linear groups
    a quantized checkpoint holds in its format (the rest 16-bit) is
    :func:`quantized_weight_groups` (MXFP4 MoE checkpoints: the routed experts only).

    Args:
        arch: the model architecture.
        weights_dtype: a :data:`~gpupicker.core.dtypes.WeightDType` name.
        quantized_groups: the :data:`~gpupicker.core.dtypes.LINEAR_GROUPS` held in
            ``weights_dtype`` (None: the format's convention, :func:`quantized_weight_groups`).

    Returns:
        bytes (int).

    Raises:
        ValueError: for an unknown dtype.
    """
    bpw = bytes_per_weight(weights_dtype)
    total = arch.param_count()
    if bpw >= 2.0 or not arch.hidden_size:
        return int(math.ceil(total * bpw))
    linear = arch.linear_params()
    other = total - linear
    groups = quantized_weight_groups(arch, weights_dtype, quantized_groups)
    kept = sum(n for g, n in linear_group_params(arch).items() if g not in groups)
    if weights_dtype in GGUF_TYPES:
        # llama.cpp quantizes token embeddings too and keeps output.weight at Q6_K or better.
        emb = arch.vocab_size * arch.hidden_size
        out = 0 if arch.tie_word_embeddings else emb
        rest = other - emb - out
        return int((linear - kept) * bpw + kept * 2 + emb * bpw + out * bytes_per_weight("q6_k")
                   + rest * 4)
    return int(math.ceil((linear - kept) * bpw + kept * 2 + other * 2))


# --------------------------------------------------------------------------------------------
# weight groups: which Linear layers a checkpoint holds in its quantized format
# --------------------------------------------------------------------------------------------
def quantized_weight_groups(arch: ModelArch, weights_dtype: str,
                            groups: frozenset[str] | None = None) -> frozenset[str]:
    """The Linear groups held in ``weights_dtype`` (the others stay 16-bit).

    ``groups`` when the workload names them; else every Linear group, except MXFP4 on an MoE
    model: only the routed experts (gpt-oss: OpenAI's model card — "MoE weights quantized to
    MXFP4", attention, router, embeddings and unembedding in BF16; its config's
    ``modules_to_not_convert`` lists self_attn, router, embed_tokens and lm_head).
    """
    if groups is not None:
        return groups
    if weights_dtype == "mxfp4" and arch.is_moe:
        return frozenset({"experts"})
    return frozenset(LINEAR_GROUPS)


def linear_group_params(arch: ModelArch) -> dict[str, float]:
    """Parameters of each :data:`~gpupicker.core.dtypes.LINEAR_GROUPS` group over all layers.

    Counted from the layer shapes (:class:`ModelArch`) and scaled to ``linear_params`` when an
    exact total makes the two differ.
    """
    moe_l = arch._moe_layers()
    dense_l = arch.num_hidden_layers - moe_l
    dense = (3 if arch.mlp_gated else 2) * arch.hidden_size * arch.intermediate_size
    e = arch.num_local_experts or 1
    counts = {
        "attention": float(arch.attention_params_total()),
        "dense_mlp": float(dense_l * dense),
        "experts": float(moe_l * arch.expert_params() * e) if moe_l else 0.0,
        "shared_experts": float(moe_l * (arch._shared_expert_params() + arch.hidden_size * e))
        if moe_l else 0.0,
    }
    shapes = sum(counts.values())
    scale = arch.linear_params() / shapes if shapes else 0.0
    return {g: n * scale for g, n in counts.items()}


def kv_bytes(arch: ModelArch, tokens: float, batch: int, kv_dtype: str) -> float:
    """KV-cache bytes for ``batch`` sequences of ``tokens`` each (whole model, unsharded).

    Unrounded: ``tokens`` may be a mean context (the speed model reads it per step).

    Per layer that holds KV: ``2·g·d_h·s_eff·b·B_kv`` (formulas.md §2); MLA
    layers cache ``kv_lora_rank + qk_rope_head_dim`` values per token (DeepSeek-V2
    paper §2.1.2). Sliding-window layers hold ``min(tokens, window)`` tokens;
    the number of such layers is ``sliding_window_layers`` (all layers when
    only ``sliding_window`` is given, e.g. Mistral-7B-v0.1).

    Raises:
        ValueError: for an unknown KV dtype.
    """
    per_token_layer = arch.kv_values_per_token_per_layer() * bytes_per_kv_element(kv_dtype)
    L = arch.num_hidden_layers
    if arch.sliding_window and tokens > arch.sliding_window:
        n_local = L if arch.sliding_window_layers is None else min(L, arch.sliding_window_layers)
        eff = (L - n_local) * tokens + n_local * arch.sliding_window
    else:
        eff = L * tokens
    return per_token_layer * eff * batch


def kv_cache_bytes(arch: ModelArch, tokens: int, batch: int, kv_dtype: str) -> int:
    """:func:`kv_bytes` in whole bytes (what the memory estimate allocates).

    Raises:
        ValueError: for an unknown KV dtype.
    """
    return int(kv_bytes(arch, tokens, batch, kv_dtype))


__all__ = ["CUDA_CONTEXT_BYTES", "RUNTIME_WORKSPACE_BYTES", "kv_bytes", "kv_cache_bytes",
           "linear_group_params",
           "quantized_weight_groups", "weights_bytes"]
