"""Attention of packed training rows whose samples attend only within themselves.

torchtune's ``dataset.packed=True`` concatenates samples into rows of ``seq_len`` tokens and
masks attention to each sample ("document masking", torchtune ``docs/source/basics/packing.rst``
at 1814feb17) with a FlexAttention ``mask_mod`` of ``q ≥ kv`` and the same document id
(``torchtune/modules/attention_utils.py`` ``packed_block_causal_mask``). FlexAttention computes
the blocks of that mask holding at least one unmasked pair and skips the rest, so the attention
costs far less than the causal attention over the whole row that the MFU tables count
(formulas.md §7).
"""

from __future__ import annotations

import math

from ..messages import Message
from ..workload import Workload
from .common import memo_sentence

DOC_MASK_BLOCK_TOKENS = 128
"""Query and key rows per block of a block-causal document mask: FlexAttention's default
``BLOCK_SIZE`` (``torch.nn.attention.flex_attention._DEFAULT_SPARSE_BLOCK_SIZE``), for which
torchtune's ``packed_block_causal_mask`` passes no other value (``create_block_mask(mask_mod,
batch_size, None, max_seq_len, max_seq_len, device="cuda")``, pytorch/torchtune 1814feb17)."""


def doc_mask_attention_share(seq_len: int, doc_tokens: int | None) -> float:
    """Share of a causal ``seq_len``-token attention that a document mask still computes.

    A query block of :data:`DOC_MASK_BLOCK_TOKENS` ``B`` rows needs its own diagonal block and
    the earlier key blocks back to the start of the document holding its first row. With
    documents of ``d`` tokens end to end, that row sits ``a`` tokens into its document, ``a``
    uniform on ``[0, d)``, and ``ceil(a / B)`` earlier blocks are kept: on average
    ``m − B·m·(m − 1) / (2d)`` with ``m = ceil(d / B)`` (1 for ``d ≤ B``, ``d / 2B`` for long
    documents). Causal attention over ``n = s / B`` blocks keeps ``(n + 1) / 2`` per query block.
    1.0 without a document length, and at most 1.0.
    """
    if not doc_tokens:
        return 1.0
    b = float(DOC_MASK_BLOCK_TOKENS)
    m = math.ceil(doc_tokens / b)
    kept = 1.0 + m - b * m * (m - 1) / (2.0 * doc_tokens)
    blocks = max(1.0, seq_len / b)
    return min(1.0, kept / ((blocks + 1.0) / 2.0))


def doc_mask_notes(w: Workload) -> tuple[Message, ...]:
    """The sentence naming :func:`doc_mask_attention_share` for a job with ``packed_doc_tokens``."""
    if not w.packed_doc_tokens:
        return ()
    share = doc_mask_attention_share(w.training_seq_len(), w.packed_doc_tokens)
    return (
        memo_sentence(
            "throughput.doc_mask",
            doc=f"{w.packed_doc_tokens:,}",
            block=DOC_MASK_BLOCK_TOKENS,
            share=f"{share:.0%}",
        ),
    )


__all__ = ["DOC_MASK_BLOCK_TOKENS", "doc_mask_attention_share", "doc_mask_notes"]
