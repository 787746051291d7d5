"""Bytes per element for the number formats gpupicker knows.

Sources:
- IEEE / bfloat16: fp32 4 bytes, fp16 and bf16 2 bytes, fp8 (E4M3/E5M2) 1 byte.
- bitsandbytes LLM.int8(): 1 byte per weight plus one fp32 scale per output row
  (Dettmers et al. 2022); about 1.0 byte per weight in practice.
- NF4 with double quantization: 4.127 bits per weight in the QLoRA paper
  (Dettmers et al. 2023, section 3: 4 + 8/64 + 32/(64·256) bits); bitsandbytes
  0.50 allocated 4.21 bits per weight on the H200 cases, which we use.
  NF4 without double quantization: 4.5 bits (one fp32 absmax per 64 weights).
- GGUF block types (ggml ``ggml-common.h``; gguf-parser-go): bytes per block /
  weights per block, e.g. Q4_0 18/32, Q8_0 34/32, Q4_K 144/256, Q6_K 210/256.
  The "_M"/"_S" mixes use several types per tensor; their effective bits per
  weight are the averages llama.cpp prints for Llama-2-7B (``quantize --help``
  table: Q4_K_M 4.85 bpw, Q5_K_M 5.69 bpw, Q3_K_M 3.91 bpw, Q2_K 2.96 bpw).
- FP4 (E2M1) block formats: OCP Microscaling MXFP4 keeps one 8-bit (E8M0) scale per 32 values,
  4.25 bits (OCP MX spec v1.0 §5); NVIDIA NVFP4 one FP8 (E4M3) scale per 16 values plus a
  per-tensor fp32 scale, 4.5 bits (NVIDIA "Introducing NVFP4" technical blog, 2025; TensorRT
  Model Optimizer ``NVFP4QTensor`` block size 16). Used for weights and for the KV cache
  (vLLM ``--kv-cache-dtype nvfp4``, SGLang NVFP4 KV).
"""

from __future__ import annotations

import re
from typing import Literal

from .messages import msg

WeightDType = Literal[
    "fp32",
    "fp16",
    "bf16",
    "fp8",
    "int8",
    "int4",
    "nf4",
    "fp4",
    "mxfp4",
    "nvfp4",
    "q2_k",
    "q3_k_m",
    "q4_0",
    "q4_1",
    "q4_k_m",
    "q5_0",
    "q5_1",
    "q5_k_m",
    "q6_k",
    "q8_0",
    "f16",
    "q2_k_s",
    "q3_k_s",
    "q3_k_l",
    "q4_k_s",
    "q5_k_s",
    "iq1_s",
    "iq1_m",
    "iq2_xxs",
    "iq2_xs",
    "iq2_s",
    "iq2_m",
    "iq3_xxs",
    "iq3_xs",
    "iq3_s",
    "iq3_m",
    "iq4_nl",
    "iq4_xs",
]
"""Every weight format a ``Workload`` may name."""

_BYTES_PER_WEIGHT: dict[str, float] = {
    "fp32": 4.0,
    "fp16": 2.0,
    "f16": 2.0,
    "bf16": 2.0,
    "fp8": 1.0,
    "int8": 1.0,
    # GPTQ/AWQ int4 with group size 128: 4 bits + fp16 scale and zero per 128 weights.
    "int4": (4 + 32 / 128) / 8,
    # QLoRA paper: 4.127 bits; bitsandbytes 0.50 measured 4.21 bits on the H200 cases
    # (Llama-2-7B Linear layers: 3.175 GiB for 6.476e9 weights). Use the measurement.
    "nf4": 4.21 / 8,
    "fp4": 4.25 / 8,
    "mxfp4": 4.25 / 8,  # OCP MX: 4-bit E2M1 + one 8-bit scale per 32 weights
    "nvfp4": 4.5 / 8,  # NVIDIA NVFP4: 4-bit E2M1 + one FP8 E4M3 scale per 16 weights
    "q2_k": 2.96 / 8,
    "q3_k_m": 3.91 / 8,
    "q4_0": 18 / 32,
    "q4_1": 20 / 32,
    "q4_k_m": 4.85 / 8,
    "q5_0": 22 / 32,
    "q5_1": 24 / 32,
    "q5_k_m": 5.69 / 8,
    "q6_k": 210 / 256,
    "q8_0": 34 / 32,
    # the other llama.cpp file types: sizes from ``quantize --help`` for LLaMA-v1-7B
    # (6.74e9 weights: Q3_K_S 2.75G, Q3_K_L 3.35G, Q4_K_S 3.56G, Q5_K_S 4.33G; G = GiB)
    # and the i-quant bits per weight it prints (IQ1_S 1.56 … IQ4_XS 4.25, IQ4_NL 4.50).
    "q2_k_s": 2.96 / 8,
    "q3_k_s": 3.50 / 8,
    "q3_k_l": 4.27 / 8,
    "q4_k_s": 4.54 / 8,
    "q5_k_s": 5.52 / 8,
    "iq1_s": 1.56 / 8,
    "iq1_m": 1.75 / 8,
    "iq2_xxs": 2.06 / 8,
    "iq2_xs": 2.31 / 8,
    "iq2_s": 2.50 / 8,
    "iq2_m": 2.70 / 8,
    "iq3_xxs": 3.06 / 8,
    "iq3_xs": 3.30 / 8,
    "iq3_s": 3.44 / 8,
    "iq3_m": 3.66 / 8,
    "iq4_nl": 4.50 / 8,
    "iq4_xs": 4.25 / 8,
}

_BYTES_PER_KV: dict[str, float] = {
    "fp32": 4.0,
    "fp16": 2.0,
    "bf16": 2.0,
    "fp8": 1.0,
    "int8": 1.0,
    "q8_0": 34 / 32,
    "q4_0": 18 / 32,
    "int4": 0.5,
    "nvfp4": 4.5 / 8,
    "mxfp4": 4.25 / 8,
}

GGUF_TYPES = frozenset(
    {
        "q2_k",
        "q3_k_m",
        "q4_0",
        "q4_1",
        "q4_k_m",
        "q5_0",
        "q5_1",
        "q5_k_m",
        "q6_k",
        "q8_0",
        "f16",
        "q2_k_s",
        "q3_k_s",
        "q3_k_l",
        "q4_k_s",
        "q5_k_s",
        "iq1_s",
        "iq1_m",
        "iq2_xxs",
        "iq2_xs",
        "iq2_s",
        "iq2_m",
        "iq3_xxs",
        "iq3_xs",
        "iq3_s",
        "iq3_m",
        "iq4_nl",
        "iq4_xs",
    }
)


EXL2_BPW = re.compile(r"^(?:exl2[_:\-]?)?(\d{1,2}(?:\.\d{1,3})?)\s*bpw$")
"""ExLlamaV2 EXL2 bits per weight as model repos name them (``4.0bpw``, ``2.55bpw``,
``exl2_6.5bpw``)."""
EXL2_MIN_BPW, EXL2_MAX_BPW = 2.0, 8.0
"""The range ``convert.py -b`` accepts (exllamav2 ``doc/convert.md``: 2.0–8.0 bits per
weight on average)."""


def exl2_bits(dtype: str) -> float | None:
    """Average bits per weight of an EXL2 name (``4.0bpw`` → 4.0), None for other names.

    EXL2 mixes 2–8-bit groups inside each tensor to reach the requested average; the
    average already counts the group scales (exllamav2 ``doc/convert.md``), so the
    file's bytes per weight are ``bpw / 8``.

    Raises:
        ValueError: for an EXL2 name outside 2.0–8.0 bits.
    """
    m = EXL2_BPW.match(dtype.strip().lower())
    if m is None:
        return None
    bits = float(m.group(1))
    if not EXL2_MIN_BPW <= bits <= EXL2_MAX_BPW:
        raise ValueError(
            msg("dtypes.exl2_range", dtype=repr(dtype), lo=f"{EXL2_MIN_BPW:g}", hi=f"{EXL2_MAX_BPW:g}")
        )
    return bits


def bytes_per_weight(dtype: str) -> float:
    """Bytes per weight (float, may be fractional) of a weight format.

    Args:
        dtype: a name from :data:`WeightDType` (case-insensitive) or an EXL2 bits-per-weight
            name (``4.0bpw``: :func:`exl2_bits`).

    Raises:
        ValueError: for an unknown format.
    """
    bits = exl2_bits(dtype) if isinstance(dtype, str) and "bpw" in dtype.lower() else None
    if bits is not None:
        return bits / 8
    return _lookup(_BYTES_PER_WEIGHT, dtype, "dtypes.unknown_weight")


def bytes_per_kv_element(dtype: str) -> float:
    """Bytes per KV-cache element of a KV format (fp16 2, fp8 1, q4_0 0.5625 …).

    Raises:
        ValueError: for an unknown format.
    """
    return _lookup(_BYTES_PER_KV, dtype, "dtypes.unknown_kv")


def _lookup(table: dict[str, float], dtype: str, unknown_id: str) -> float:
    try:
        return table[dtype.lower()]
    except KeyError:
        raise ValueError(msg(unknown_id, dtype=repr(dtype), known=", ".join(sorted(table)))) from None


def known_weight_dtypes() -> list[str]:
    """All weight-format names, sorted by bytes per weight (largest first)."""
    return sorted(_BYTES_PER_WEIGHT, key=lambda k: -_BYTES_PER_WEIGHT[k])


# --------------------------------------------------------------------------------------------
# weight groups: which Linear layers a checkpoint holds in its quantized format
# --------------------------------------------------------------------------------------------
LINEAR_GROUPS: tuple[str, ...] = ("attention", "dense_mlp", "experts", "shared_experts")
"""Transformer-block Linear groups: attention projections, the MLPs of dense layers, the routed
experts of MoE layers, and the shared experts with the router."""
WEIGHT_GROUP_ALIASES: dict[str, tuple[str, ...]] = {
    **{g: (g,) for g in LINEAR_GROUPS},
    "self_attn": ("attention",),
    "attn": ("attention",),
    "mlp": ("dense_mlp", "experts", "shared_experts"),
    "ffn": ("dense_mlp", "experts", "shared_experts"),
    "moe": ("experts",),
    "routed_experts": ("experts",),
    "linear": LINEAR_GROUPS,
    "all": LINEAR_GROUPS,
}
"""Names a workload's ``quantized_groups`` may use (peft/HF module names included)."""


def expand_weight_groups(names: tuple[str, ...] | list[str]) -> frozenset[str]:
    """The :data:`LINEAR_GROUPS` a list of group names means (:data:`WEIGHT_GROUP_ALIASES`).

    Raises:
        ValueError: naming a group gpupicker does not model and the names it knows.
    """
    out: set[str] = set()
    for name in names:
        key = name.strip().lower()
        if key not in WEIGHT_GROUP_ALIASES:
            raise ValueError(
                msg("dtypes.unknown_weight_group", group=repr(name), choices=", ".join(WEIGHT_GROUP_ALIASES))
            )
        out.update(WEIGHT_GROUP_ALIASES[key])
    return frozenset(out)
