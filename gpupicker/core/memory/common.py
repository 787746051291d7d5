"""Memory primitives every engine's model shares: weights, KV cache, CUDA context.

The lowest layer of the memory model: :mod:`gpupicker.core.memory` (the per-task dispatch and
Hugging Face inference), :mod:`.paged` (vLLM, SGLang, TensorRT-LLM), :mod:`.llamacpp`,
:mod:`.training` and :mod:`gpupicker.core.speed.throughput` import these, and this module
imports none of them, so the memory modules form no import cycle. Formulas:
``docs/formulas.md`` §1–2; constants measured on the H200 cases in
``validation/h200.jsonl``.
"""

from __future__ import annotations

import math

from ..dtypes import GGUF_TYPES, LINEAR_GROUPS, bytes_per_kv_element, bytes_per_weight
from ..memo import by_identity
from ..messages import Message, join, msg
from ..model_arch import ModelArch
from ..units import GiB, MiB

CUDA_CONTEXT_BYTES = 650_969_088
"""CUDA context + PyTorch/cuBLAS kernels loaded, measured on the H200 cases (0.606 GiB)."""

RUNTIME_WORKSPACE_BYTES = 48 * MiB
"""cuBLAS/cuDNN workspaces and small buffers PyTorch allocates on first use (H200 b=1 cases)."""


def weights_bytes(arch: ModelArch, weights_dtype: str, quantized_groups: frozenset[str] | None = None) -> int:
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
    return _weights_bytes(arch, weights_dtype, quantized_groups)


@by_identity(maxsize=4096)
def _weights_bytes(arch: ModelArch, weights_dtype: str, quantized_groups: frozenset[str] | None) -> int:
    """:func:`weights_bytes`, once per model object, dtype and groups (errors not kept)."""
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
        return int((linear - kept) * bpw + kept * 2 + emb * bpw + out * bytes_per_weight("q6_k") + rest * 4)
    return int(math.ceil((linear - kept) * bpw + kept * 2 + other * 2))


# --------------------------------------------------------------------------------------------
# weight groups: which Linear layers a checkpoint holds in its quantized format
# --------------------------------------------------------------------------------------------
def quantized_weight_groups(
    arch: ModelArch, weights_dtype: str, groups: frozenset[str] | None = None
) -> frozenset[str]:
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
        if moe_l
        else 0.0,
    }
    shapes = sum(counts.values())
    scale = arch.linear_params() / shapes if shapes else 0.0
    return {g: n * scale for g, n in counts.items()}


def kv_bytes(arch: ModelArch, tokens: float, batch: int, kv_dtype: str) -> float:
    """KV-cache bytes for ``batch`` sequences of ``tokens`` each (whole model, unsharded).

    Unrounded: ``tokens`` may be a mean context (the speed model reads it per step).

    Per layer that holds KV: ``2·g·d_h·s_eff·b·B_kv`` (formulas.md §2); MLA
    layers cache ``kv_lora_rank + qk_rope_head_dim`` values per token (DeepSeek-V2
    paper §2.1.2), plus the DeepSeek Sparse Attention indexer's FP8 keys where the model has
    one (:meth:`ModelArch.indexer_bytes_per_token_per_layer`, independent of ``kv_dtype``).
    Only layers that hold KV count (:meth:`ModelArch.kv_layers`): full-attention layers hold
    ``tokens``, sliding-window layers ``min(tokens, window)``; linear-attention (Gated
    DeltaNet), Mamba and conv layers hold a fixed state instead (:func:`recurrent_state_bytes`,
    not included here), and KV-shared layers none. Global layers use their own head sizes
    when the model has them (Gemma 4 ``global_head_dim`` / ``num_global_key_value_heads``,
    K and V both cached on its ``attention_k_eq_v`` layers), and each layer its own KV heads
    when the model states them per layer (``kv_heads_per_layer``: LFM2, OpenELM)
    (:meth:`ModelArch.kv_values_per_token_by_kind`).

    DeepSeek-V4's compressed attention caches ``tokens`` × its compressed bytes per token
    instead (:meth:`ModelArch.compressed_kv_bytes_per_token`); its sliding windows and
    compressor state are fixed per sequence (:func:`recurrent_state_bytes`).

    Raises:
        ValueError: for an unknown KV dtype, or one DeepSeek-V4's compressed KV has no
            modelled layout for.
    """
    compressed, per_full, per_local, window = _kv_per_token(arch, kv_dtype)
    if compressed is not None:
        return compressed * tokens * batch
    local_tokens = min(tokens, window) if window else tokens
    return (per_full * tokens + per_local * local_tokens) * batch


@by_identity(maxsize=4096)
def _kv_per_token(arch: ModelArch, kv_dtype: str) -> tuple[float | None, float, float, int]:
    """What :func:`kv_bytes` multiplies by the tokens, once per model object and KV dtype.

    ``(compressed, per_full, per_local, window)``: DeepSeek-V4's compressed bytes per token of
    context (None for other models), else the bytes per token of the full-attention layers and
    of the sliding layers (KV values and indexer keys), and the sliding window in tokens (0:
    none). Keyed on the model's identity (a frozen row, kept beside its entry).

    Raises:
        ValueError: for an unknown KV dtype, or one DeepSeek-V4's compressed KV has no
            modelled layout for (not memoized).
    """
    b_kv = bytes_per_kv_element(kv_dtype)
    if arch.kv_compress_ratios:
        return arch.compressed_kv_bytes_per_token(kv_dtype), 0.0, 0.0, 0
    full, sliding = arch.kv_layers()
    idx = arch.indexer_bytes_per_token_per_layer()
    values_full, values_local = arch.kv_values_per_token_by_kind()
    per_full = values_full * b_kv + full * idx
    per_local = values_local * b_kv + sliding * idx
    return None, per_full, per_local, arch.sliding_window or 0


STATE_DTYPE_BYTES: dict[str, tuple[int, int]] = {
    "vllm": (2, 2),
    "sglang": (2, 4),
    "llama.cpp": (4, 4),
    "transformers": (2, 4),
}
"""Bytes per element of the ``(conv, temporal)`` recurrent state, by engine.

* vLLM (and the paged servers sized like it): both in the model dtype unless
  ``--mamba-ssm-cache-dtype`` says otherwise (``MambaStateDtypeCalculator._mamba_state_dtype``:
  ``mamba_ssm_cache_dtype="auto"`` → the conv state's dtype, ``mamba_cache_dtype="auto"`` →
  the model dtype, bf16 here); Nemotron-H is the exception (:data:`FP32_SSM_STATE_MODEL_TYPES`).
* SGLang: the conv state in the model dtype, the SSM / delta-rule state in
  ``--mamba-ssm-dtype``, default ``"float32"`` (``server_args.py``, "Mamba cache" section).
* llama.cpp: F32 for both (``llama_memory_recurrent`` is created with ``type_r``/``type_s``
  ``GGML_TYPE_F32`` in ``llama_model::create_memory``).
* transformers: the conv state in the activations' dtype (bf16), the delta-rule / SSM state in
  fp32 (the chunked kernels accumulate and return ``last_recurrent_state`` in float32).
* TensorRT-LLM and LMDeploy are sized with the vLLM dtypes."""

FP32_SSM_STATE_MODEL_TYPES = frozenset({"nemotron_h"})
"""``model_type`` values whose SSM state vLLM keeps in float32 when ``--mamba-ssm-cache-dtype`` is
``auto`` (its default): vLLM ``model_executor/models/config.py`` ``NemotronHForCausalLMConfig``
(registered for ``NemotronHForCausalLM`` and ``NemotronHPuzzleForCausalLM``) sets
``cache_config.mamba_ssm_cache_dtype`` to the HF config's ``mamba_ssm_cache_dtype``, else to its
``DEFAULT_MAMBA_SSM_CACHE_DTYPE = "float32"`` ("Only float32 is known to have no accuracy issues
by default"); the conv state stays in the model dtype."""


def kv_tp_shards(arch: ModelArch, tp: int) -> int:
    """Ranks one token's KV cache is split over under tensor parallelism of ``tp`` (≥ 1).

    vLLM ``ModelConfig.get_num_kv_heads`` (``vllm/config/model.py``): an MLA model's single latent
    is held whole on every rank ("When using MLA during decode it becomes MQA": 1 KV head), and
    otherwise each rank holds ``max(1, kv_heads // tp)`` heads — replicated when there are fewer
    KV heads than ranks. So the cache divides by ``min(tp, kv_heads)``, and by 1 for MLA.
    SGLang shards the same way (its MLA pool keeps the whole latent per rank). Unknown head
    counts (0) divide by ``tp``.
    """
    if tp <= 1:
        return 1
    if arch.is_mla:
        return 1
    kv = arch.kv_heads
    return min(tp, kv) if kv else tp


def kv_replication_note(arch: ModelArch, tp: int) -> tuple[Message, ...]:
    """One sentence when tensor parallelism of ``tp`` replicates the KV cache (:func:`kv_tp_shards`)."""
    shards = kv_tp_shards(arch, tp)
    if shards >= tp:
        return ()
    return (join([msg("memory.kv_replicated_tp", tp=tp, copies=tp // shards)]),)


def recurrent_state_bytes(arch: ModelArch, batch: int, engine: str = "transformers") -> int:
    """Fixed recurrent state of linear-attention, Mamba and conv layers, in bytes.

    For ``batch`` sequences, whole model, unsharded.

    Independent of the context length: Gated DeltaNet / Mamba-2 keep a conv window and a
    recurrent matrix per layer per sequence (:meth:`ModelArch.recurrent_state_elements`,
    shapes from vLLM ``MambaStateShapeCalculator`` and llama.cpp ``n_embd_r``/``n_embd_s``),
    in the engine's dtypes (:data:`STATE_DTYPE_BYTES`; an engine not listed there uses the
    vLLM dtypes; Nemotron-H's SSM state in fp32 under vLLM, :data:`FP32_SSM_STATE_MODEL_TYPES`).
    0 for a model without such layers. Qwen3-Next-80B-A3B (36 Gated DeltaNet
    layers, 16 key heads × 128, 32 value heads × 128, kernel 4): 548,864 values per layer,
    39.5 MB per sequence in bf16. DeepSeek-V4's sliding windows and compressor state add
    their fixed bytes per sequence (:meth:`ModelArch.compressed_attention_state_bytes`).
    """
    return _state_bytes_per_seq(arch, engine) * max(1, batch)


@by_identity(maxsize=4096)
def _state_bytes_per_seq(arch: ModelArch, engine: str) -> int:
    """:func:`recurrent_state_bytes` of one sequence, once per model object and engine."""
    conv, temporal = arch.recurrent_state_elements()
    fixed = arch.compressed_attention_state_bytes()
    if not conv and not temporal and not fixed:
        return 0
    b_conv, b_temporal = STATE_DTYPE_BYTES.get(engine, STATE_DTYPE_BYTES["vllm"])
    sized_like_vllm = engine == "vllm" or engine not in STATE_DTYPE_BYTES
    if sized_like_vllm and arch.model_type in FP32_SSM_STATE_MODEL_TYPES:
        b_temporal = 4  # vLLM's NemotronHForCausalLMConfig: mamba_ssm_cache_dtype float32
    return int(conv * b_conv + temporal * b_temporal + fixed)


def state_assumption(arch: ModelArch, state_bytes: int, seqs: int) -> tuple[Message, ...]:
    """The assumption naming a hybrid model's KV-holding layers and fixed recurrent state.

    None for a model whose every layer holds KV. DeepSeek-V4's compressed attention names its
    layers of each ratio and the fixed window and compressor state instead.
    """
    ratios = arch.kv_compress_ratios
    if ratios:
        return (
            join(
                [
                    msg(
                        "memory.compressed_kv",
                        c4=ratios.count(4),
                        c128=ratios.count(128),
                        window=arch.sliding_window or 0,
                        layers=len(ratios),
                        gib=f"{state_bytes / GiB:.3f}",
                        seqs=seqs,
                    )
                ]
            ),
        )
    if not arch.is_hybrid:
        return ()
    full, sliding = arch.kv_layers()
    return (
        join(
            [
                join(
                    [
                        msg("memory.kv_layers_only", kv=full + sliding, layers=arch.num_hidden_layers),
                        msg(
                            "memory.recurrent_state",
                            gib=f"{state_bytes / GiB:.3f}",
                            seqs=seqs,
                            layers=arch.count_layers("LMC"),
                        ),
                    ],
                    "clauses",
                )
            ]
        ),
    )


def kv_cache_bytes(arch: ModelArch, tokens: int, batch: int, kv_dtype: str) -> int:
    """:func:`kv_bytes` in whole bytes (what the memory estimate allocates).

    Raises:
        ValueError: for an unknown KV dtype.
    """
    return int(kv_bytes(arch, tokens, batch, kv_dtype))


__all__ = [
    "CUDA_CONTEXT_BYTES",
    "RUNTIME_WORKSPACE_BYTES",
    "FP32_SSM_STATE_MODEL_TYPES",
    "STATE_DTYPE_BYTES",
    "kv_bytes",
    "kv_cache_bytes",
    "linear_group_params",
    "quantized_weight_groups",
    "recurrent_state_bytes",
    "state_assumption",
    "weights_bytes",
]
