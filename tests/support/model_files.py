"""Tiny real model files for the importer tests (safetensors, GGUF, configs, caches)."""

from __future__ import annotations

import json
import struct
from pathlib import Path
from typing import Any

ST_BITS = {"F32": 32, "F16": 16, "BF16": 16, "I8": 8, "U8": 8, "I32": 32, "F8_E4M3": 8}

TINY_LLAMA = {
    "model_type": "llama",
    "architectures": ["LlamaForCausalLM"],
    "hidden_size": 64,
    "num_hidden_layers": 2,
    "num_attention_heads": 4,
    "num_key_value_heads": 2,
    "intermediate_size": 128,
    "vocab_size": 256,
    "tie_word_embeddings": False,
    "max_position_embeddings": 2048,
    "torch_dtype": "bfloat16",
}
# by hand: embed 256·64 = 16,384; per layer q 64·64 + k 32·64 + v 32·64 + o 64·64 = 12,288,
# MLP 3·64·128 = 24,576, 2 norms 128 → 36,992 × 2 layers = 73,984; final norm 64; lm_head 16,384
TINY_LLAMA_PARAMS = 16_384 + 73_984 + 64 + 16_384  # 106,816

TINY_DEEPSEEK_MOE = {
    "model_type": "deepseek",
    "hidden_size": 64,
    "num_hidden_layers": 3,
    "num_attention_heads": 4,
    "num_key_value_heads": 4,
    "intermediate_size": 128,
    "moe_intermediate_size": 32,
    "n_routed_experts": 4,
    "n_shared_experts": 1,
    "num_experts_per_tok": 2,
    "first_k_dense_replace": 1,
    "vocab_size": 256,
    "tie_word_embeddings": False,
}
# attention 64·16·(4+8) + 4·16·64 = 16,384 per layer (× 3); layer 0 dense MLP 3·64·128 = 24,576;
# layers 1-2: 4 experts × 3·64·32 = 24,576 + 1 shared 6,144 + router 64·4 = 256 → 30,976 each;
# norms 3·128 + 64; embed + lm_head 2·16,384
TINY_MOE_PARAMS = 3 * 16_384 + 24_576 + 2 * 30_976 + 384 + 64 + 32_768  # 168,896
TINY_MOE_ACTIVE = 3 * 16_384 + 24_576 + 2 * (2 * 6_144 + 6_144 + 256) + 384 + 64 + 32_768


def llama_tensors(cfg: dict[str, Any], dtype: str = "BF16") -> dict[str, tuple[str, list[int]]]:
    """HF Llama tensor names and shapes for a config (what transformers saves)."""
    h, inter, v = cfg["hidden_size"], cfg["intermediate_size"], cfg["vocab_size"]
    a, g = cfg["num_attention_heads"], cfg["num_key_value_heads"]
    d = h // a
    t: dict[str, tuple[str, list[int]]] = {"model.embed_tokens.weight": (dtype, [v, h])}
    for i in range(cfg["num_hidden_layers"]):
        p = f"model.layers.{i}."
        t[p + "self_attn.q_proj.weight"] = (dtype, [a * d, h])
        t[p + "self_attn.k_proj.weight"] = (dtype, [g * d, h])
        t[p + "self_attn.v_proj.weight"] = (dtype, [g * d, h])
        t[p + "self_attn.o_proj.weight"] = (dtype, [h, a * d])
        t[p + "mlp.gate_proj.weight"] = (dtype, [inter, h])
        t[p + "mlp.up_proj.weight"] = (dtype, [inter, h])
        t[p + "mlp.down_proj.weight"] = (dtype, [h, inter])
        t[p + "input_layernorm.weight"] = (dtype, [h])
        t[p + "post_attention_layernorm.weight"] = (dtype, [h])
    t["model.norm.weight"] = (dtype, [h])
    t["lm_head.weight"] = (dtype, [v, h])
    return t


def write_safetensors(
    path: Path, tensors: dict[str, tuple[str, list[int]]], metadata: dict[str, str] | None = None
) -> int:
    """A valid safetensors file (zero data); returns the data bytes."""
    header: dict[str, Any] = {}
    off = 0
    for name, (dtype, shape) in tensors.items():
        n = 1
        for s in shape:
            n *= s
        nbytes = n * ST_BITS[dtype] // 8
        header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [off, off + nbytes]}
        off += nbytes
    if metadata:
        header["__metadata__"] = metadata
    raw = json.dumps(header).encode()
    raw += b" " * (-len(raw) % 8)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        f.write(struct.pack("<Q", len(raw)))
        f.write(raw)
        f.write(b"\0" * off)
    return off


def write_raw_header(path: Path, header: Any, data: bytes = b"", length: int | None = None) -> None:
    """A safetensors-looking file with a hand-made header (for the damaged cases)."""
    raw = header if isinstance(header, bytes) else json.dumps(header).encode()
    with path.open("wb") as f:
        f.write(struct.pack("<Q", len(raw) if length is None else length))
        f.write(raw)
        f.write(data)


def write_config(folder: Path, cfg: dict[str, Any]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    p = folder / "config.json"
    p.write_text(json.dumps(cfg), encoding="utf-8")
    return p


def write_sharded(folder: Path, tensors: dict[str, tuple[str, list[int]]], shards: int = 2) -> int:
    """``model-0000i-of-0000n.safetensors`` + ``model.safetensors.index.json``; returns bytes."""
    names = list(tensors)
    per = -(-len(names) // shards)
    weight_map: dict[str, str] = {}
    total = 0
    for i in range(shards):
        fname = f"model-{i + 1:05d}-of-{shards:05d}.safetensors"
        part = {n: tensors[n] for n in names[i * per : (i + 1) * per]}
        total += write_safetensors(folder / fname, part)
        weight_map.update(dict.fromkeys(part, fname))
    (folder / "model.safetensors.index.json").write_text(
        json.dumps({"metadata": {"total_size": total}, "weight_map": weight_map}), encoding="utf-8"
    )
    return total
