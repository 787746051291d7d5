"""Weight bytes one inference step reads, the FLOPs of its attention and the matmul counts of a layer.

Per tensor group at the group's own dtype (MoE: only the experts a batch touches), for the
roofline of :mod:`.roofline` (``docs/formulas.md`` §7).
"""

from __future__ import annotations

from ..dtypes import GGUF_TYPES, bytes_per_weight
from ..memory.common import (
    linear_group_params,
    quantized_weight_groups,
    weights_bytes,
)
from ..model_arch import ModelArch
from .common import model_facts


def _weights_bytes(arch: ModelArch, dtype: str, groups: frozenset[str] | None = None) -> float:
    f = model_facts(arch)
    key = ("wb", dtype, *sorted(groups or ()), "g" if groups is not None else "")
    if key not in f:
        f[key] = float(weights_bytes(arch, dtype, groups))
    return f[key]


def experts_touched(arch: ModelArch, batch_tokens: int) -> float:
    """Expected distinct routed experts per MoE layer for ``batch_tokens`` tokens.

    ``E·(1 − (1 − k/E)^b)`` under uniform routing.
    """
    e = arch.num_local_experts or 1
    k = arch.num_experts_per_tok or 1
    return e * (1.0 - (1.0 - k / e) ** max(1, batch_tokens))


def decode_weight_bytes(
    arch: ModelArch, dtype: str, batch: int = 1, groups: frozenset[str] | None = None
) -> float:
    """Weight bytes read per decode step (whole model).

    Every Linear and the lm_head, but only one row of the input embedding (not the table) and,
    for MoE, only the touched experts (:func:`moe_decode_reads`). ``groups``: the Linear groups
    held in ``dtype`` (None: the format's convention).
    """
    key = (
        "decode",
        dtype,
        batch if arch.is_moe else 1,
        *sorted(groups or ()),
        "g" if groups is not None else "",
    )
    f = model_facts(arch)
    if key in f:
        return f[key]
    f[key] = _decode_weight_bytes(arch, dtype, batch, groups)
    return f[key]


def _group_bpw(dtype: str, group: str, quantized: frozenset[str]) -> float:
    """Bytes per weight of one Linear group: the format's if held in it, else 16-bit."""
    bpw = bytes_per_weight(dtype)
    return bpw if (bpw >= 2.0 or group in quantized) else 2.0


def _lm_head_bpw(arch: ModelArch, dtype: str) -> float:
    """Bytes per weight of the output projection (as :func:`..memory.common.weights_bytes`)."""
    bpw = bytes_per_weight(dtype)
    if bpw >= 2.0:
        return bpw
    if dtype in GGUF_TYPES:
        return bpw if arch.tie_word_embeddings else bytes_per_weight("q6_k")
    return 2.0


def moe_decode_reads(
    arch: ModelArch, dtype: str, batch: int, groups: frozenset[str] | None = None
) -> dict[str, float]:
    """Bytes one MoE decode step reads, per tensor group at the group's own dtype.

    ``attention``, ``dense_mlp`` (dense layers) and ``shared_experts`` (with the router) are read
    whole; ``experts``: the routed experts the batch touches (:func:`experts_touched` of the
    layer's E); ``lm_head``: the output projection (one row of the input embedding is
    negligible). Parameters per group from the layer shapes
    (:func:`..memory.common.linear_group_params`); a row whose published active count differs
    from its shapes has every Linear read scaled to it. gpt-oss-20b in MXFP4 at batch 1:
    1.27 GB of bf16 attention + 1.27 GB of MXFP4 experts + 1.16 GB of bf16 lm_head = 3.7 GB
    per token (an average bytes-per-weight over the model gave 1.4 GB).
    """
    q = quantized_weight_groups(arch, dtype, groups)
    lin = linear_group_params(arch)
    e = float(arch.num_local_experts or 1)
    k = float(arch.num_experts_per_tok or 1)
    head = float(arch.lm_head_params())
    active_lin = lin["attention"] + lin["dense_mlp"] + lin["shared_experts"] + lin["experts"] * k / e
    scale = 1.0
    if arch.active_params is not None and active_lin > 0:
        scale = max(0.0, arch.active_param_count() - arch.embedding_params()) / active_lin
    touched = experts_touched(arch, batch) / e
    reads = {
        g: lin[g] * scale * _group_bpw(dtype, g, q) for g in ("attention", "dense_mlp", "shared_experts")
    }
    reads["experts"] = lin["experts"] * touched * scale * _group_bpw(dtype, "experts", q)
    reads["lm_head"] = head * _lm_head_bpw(arch, dtype)
    return reads


def _decode_weight_bytes(arch: ModelArch, dtype: str, batch: int, groups: frozenset[str] | None) -> float:
    total = _weights_bytes(arch, dtype, groups)
    if not arch.hidden_size:
        return total
    if arch.is_moe:
        return min(total, sum(moe_decode_reads(arch, dtype, batch, groups).values()))
    emb_bpw = bytes_per_weight(dtype) if (dtype in GGUF_TYPES or bytes_per_weight(dtype) >= 2) else 2.0
    emb = 0.0 if arch.tie_word_embeddings else arch.vocab_size * arch.hidden_size * emb_bpw
    return max(total - emb, 0.0)


def _linears_per_layer(arch: ModelArch) -> int:
    """Matmul launches per decoder layer at decode.

    q, k, v, o (MLA: q_a, q_b, kv_a, the two absorbed kv_b halves, o) and the MLP's 2–3 (MoE:
    the router + gate/up and down of each routed expert a token uses — grouped kernels still
    run one tile loop per expert — + the shared expert's three).
    """
    attn = 6 if arch.kv_lora_rank else 4
    mlp = 3 if arch.mlp_gated else 2
    if arch.is_moe:
        mlp = 1 + 2 * (arch.num_experts_per_tok or 1) + (3 if arch.n_shared_experts else 0)
    return attn + mlp


def _attention_flops_per_token(arch: ModelArch, context: float) -> float:
    """Forward attention FLOPs per new token at ``context`` cached tokens.

    QKᵀ and AV, ``2·2·a·d_h·context`` per attention layer: full-attention layers over the
    whole context, sliding layers over ``min(context, window)``; linear-attention / Mamba
    layers' fixed-size state update is not context-dependent and is left out.
    """
    full, sliding = arch.kv_layers()
    local = min(context, arch.sliding_window) if arch.sliding_window else context
    return 4.0 * arch.num_attention_heads * arch.head_dim_eff * (full * context + sliding * local)


def _expert_active_params(arch: ModelArch) -> float:
    """Routed-expert parameters one token uses (top-k of each MoE layer; 0 for dense models)."""
    if not arch.is_moe or not arch.hidden_size:
        return 0.0
    e = float(arch.num_local_experts or 1)
    return linear_group_params(arch)["experts"] * float(arch.num_experts_per_tok or 1) / e


GEMM_HALF_ROWS = 64.0
"""Rows (tokens) at which llama.cpp's quantized GEMM (MMQ) reaches half its large-batch rate:
RTX 4090, llama 8B Q4_0, pp512 by micro-batch 16 / 32 / 64 / 128 / 256 / 512: 1,937 / 3,428 /
5,420 / 7,444 / 9,602 / 10,359 tokens/s (llama.cpp PR #7676) ≈ ``m / (m + 64)``."""


def expert_gemm_slowdown(rows: float) -> float:
    """Time of an MoE expert GEMM over ``rows`` tokens, relative to a full micro-batch.

    ``(m + 64)/m`` normalized at 512 rows (:data:`GEMM_HALF_ROWS`); 1 at 512 rows or more.
    """
    m = max(1.0, rows)
    full = 512.0 / (512.0 + GEMM_HALF_ROWS)
    return max(1.0, full / (m / (m + GEMM_HALF_ROWS)))


__all__ = [
    "decode_weight_bytes",
    "expert_gemm_slowdown",
    "experts_touched",
    "moe_decode_reads",
    "GEMM_HALF_ROWS",
]
