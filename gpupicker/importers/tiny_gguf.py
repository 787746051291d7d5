"""A tiny GGUF file for checks: the one writer the tests and ``packaging/smoke_test.py`` share.

Four tensors of a one-block llama: an F16 [256, 64] token embedding, an F32 norm and
attention weight, and a Q8_0 FFN weight of ``q8_rows`` × 64 (2 blocks of 32 values, 34 bytes
each, per row: ``gguf.quants``). Written with the ``gguf`` package's ``GGUFWriter``; gpupicker
itself only reads GGUF headers (:mod:`.gguf_reader`).
"""

from __future__ import annotations

from pathlib import Path


def write_tiny_gguf(path: Path, *, arch: str = "llama", q8_rows: int = 4) -> tuple[int, int]:
    """Write the tiny GGUF to ``path``; returns (elements, tensor data bytes) of what it holds."""
    import gguf
    import numpy as np

    w = gguf.GGUFWriter(str(path), arch)
    w.add_name("tiny-gguf")
    w.add_block_count(1)
    w.add_embedding_length(64)
    w.add_feed_forward_length(128)
    w.add_head_count(4)
    w.add_head_count_kv(2)
    w.add_context_length(4096)
    w.add_file_type(7)  # MOSTLY_Q8_0
    w.add_token_list([f"t{i}" for i in range(256)])
    w.add_tensor("token_embd.weight", np.zeros((256, 64), dtype=np.float16))
    w.add_tensor("blk.0.attn_norm.weight", np.zeros(64, dtype=np.float32))
    w.add_tensor("blk.0.attn_q.weight", np.zeros((64, 64), dtype=np.float32))
    q8 = np.zeros((q8_rows, 2 * 34), dtype=np.uint8)
    # byte shape (rows, 68) → logical shape (rows, 64) for Q8_0 (gguf.quants)
    w.add_tensor("blk.0.ffn_down.weight", q8, raw_dtype=gguf.GGMLQuantizationType.Q8_0)
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()
    elements = 256 * 64 + 64 + 64 * 64 + q8_rows * 64
    nbytes = 256 * 64 * 2 + 64 * 4 + 64 * 64 * 4 + q8_rows * 68
    return elements, nbytes
