"""Read a ``.safetensors`` header: tensor names, dtypes, shapes and byte ranges, nothing else.

Format (huggingface/safetensors ``docs/source/index.mdx``, "Format"): 8 bytes
little-endian u64 ``N``, then ``N`` bytes of UTF-8 JSON mapping each tensor name
to ``{"dtype", "shape", "data_offsets": [begin, end]}`` (offsets relative to the
byte after the header) plus an optional ``"__metadata__"`` string map, then the
data. The library refuses headers over 100 MB, offsets outside the buffer and
overlapping tensors; so does this reader, before reading anything else.
"""

from __future__ import annotations

import os
import struct
from pathlib import Path
from typing import Any

from ..core.messages import error_message, msg
from ..core.text.json_limits import JsonLimitError, loads_bounded
from .base import (
    CANCEL_CHECK_EVERY,
    MAX_SAFETENSORS_HEADER,
    MAX_TENSORS,
    ModelImportError,
    TensorTotals,
    check_cancelled,
    checked_elements,
    open_regular,
    read_capped,
)

# dtype → bits per element (safetensors ``Dtype`` enum, safetensors/src/tensor.rs)
DTYPE_BITS: dict[str, int] = {
    "BOOL": 8,
    "U8": 8,
    "I8": 8,
    "F8_E5M2": 8,
    "F8_E4M3": 8,
    "F8_E8M0": 8,
    "I16": 16,
    "U16": 16,
    "F16": 16,
    "BF16": 16,
    "I32": 32,
    "U32": 32,
    "F32": 32,
    "F64": 64,
    "I64": 64,
    "U64": 64,
    "F4": 4,
    "F6_E2M3": 6,
    "F6_E3M2": 6,
    "C64": 64,
}


def read_header(path: Path) -> tuple[dict[str, Any], dict[str, str], int]:
    """The tensor entries, ``__metadata__`` and data-section size of one safetensors file.

    Reads 8 bytes and then at most :data:`MAX_SAFETENSORS_HEADER` bytes, from a regular file
    only (:func:`~.base.open_regular`); the JSON is parsed within
    :mod:`gpupicker.core.text.json_limits`' bounds.

    Raises:
        ModelImportError: when the file is not a regular file, is shorter than 8 bytes, the
            header length is beyond the file or the bound, or the header is not a JSON object.
    """
    with open_regular(path) as f:
        try:
            size = os.fstat(f.fileno()).st_size
            head = f.read(8)
            if len(head) < 8:
                raise ModelImportError(msg("importers.st.too_short", file=path.name))
            (n,) = struct.unpack("<Q", head)
            if n > MAX_SAFETENSORS_HEADER:
                raise ModelImportError(
                    msg(
                        "importers.st.header_over_limit",
                        file=path.name,
                        n=f"{n:,}",
                        limit=f"{MAX_SAFETENSORS_HEADER:,}",
                    )
                )
            if n > size - 8:
                raise ModelImportError(
                    msg("importers.st.header_past_end", file=path.name, n=f"{n:,}", size=f"{size:,}")
                )
            if n < 2:
                raise ModelImportError(msg("importers.st.header_empty", file=path.name))
            raw = f.read(n)
        except OSError as exc:
            raise ModelImportError(
                msg("importers.cannot_read", path=str(path), error=str(exc.strerror or exc))
            ) from exc
    if raw[:1] != b"{":
        raise ModelImportError(msg("importers.st.header_not_object", file=path.name))
    try:
        header = loads_bounded(raw.decode("utf-8"))
    except JsonLimitError as exc:
        raise ModelImportError(
            msg("importers.json_beyond_bounds", file=path.name, error=error_message(exc))
        ) from exc
    except (UnicodeDecodeError, ValueError) as exc:
        raise ModelImportError(
            msg("importers.st.header_not_json", file=path.name, error=exc.__class__.__name__)
        ) from exc
    if not isinstance(header, dict):
        raise ModelImportError(msg("importers.st.not_object", file=path.name))
    meta = header.pop("__metadata__", None) or {}
    if not isinstance(meta, dict):
        meta = {}
    if len(header) > MAX_TENSORS:
        raise ModelImportError(msg("importers.st.too_many_tensors", file=path.name, n=f"{len(header):,}"))
    return header, {str(k): str(v) for k, v in meta.items()}, size - 8 - n


def read_safetensors(path: Path) -> TensorTotals:
    """Element counts and bytes per dtype of every tensor in one safetensors file.

    Checks each entry: a known dtype, a shape of non-negative integers whose product
    cannot overflow, ``end - begin == elements × bits / 8``, offsets inside the data
    section, and no two tensors overlapping.

    Raises:
        ModelImportError: naming the first bad tensor.
    """
    header, _meta, data_size = read_header(path)
    totals = TensorTotals()
    spans: list[tuple[int, int, str]] = []
    for i, (name, entry) in enumerate(header.items()):
        if not i % CANCEL_CHECK_EVERY:
            check_cancelled()
        what = msg("importers.file_tensor", file=path.name, tensor=repr(name))
        if not isinstance(entry, dict):
            raise ModelImportError(msg("importers.st.entry_not_object", what=what))
        dtype = entry.get("dtype")
        shape = entry.get("shape")
        offsets = entry.get("data_offsets")
        if not isinstance(dtype, str) or dtype not in DTYPE_BITS:
            raise ModelImportError(msg("importers.st.bad_dtype", what=what, dtype=repr(dtype)))
        if not isinstance(shape, list):
            raise ModelImportError(msg("importers.st.no_shape", what=what))
        elements = checked_elements(shape, what)
        if (
            not isinstance(offsets, list)
            or len(offsets) != 2
            or not all(isinstance(o, int) and not isinstance(o, bool) for o in offsets)
        ):
            raise ModelImportError(msg("importers.st.no_offsets", what=what))
        begin, end = offsets
        if begin < 0 or end < begin:
            raise ModelImportError(msg("importers.st.offsets_backwards", what=what, offsets=str(offsets)))
        bits = elements * DTYPE_BITS[dtype]
        nbytes = (bits + 7) // 8
        if end - begin != nbytes:
            raise ModelImportError(
                msg(
                    "importers.st.size_mismatch",
                    what=what,
                    dtype=str(dtype),
                    shape=str(shape),
                    nbytes=f"{nbytes:,}",
                    span=f"{end - begin:,}",
                )
            )
        if end > data_size:
            raise ModelImportError(
                msg("importers.st.past_end", what=what, end=f"{end:,}", size=f"{data_size:,}")
            )
        spans.append((begin, end, name))
        totals.add(dtype, elements, nbytes)
    spans.sort()
    for (_b0, e0, n0), (b1, e1, n1) in zip(spans, spans[1:], strict=False):
        if b1 < e0 and e1 > b1:
            raise ModelImportError(
                msg(
                    "importers.st.overlap",
                    file=path.name,
                    a=repr(n0),
                    b=repr(n1),
                    begin=f"{b1:,}",
                    end=f"{min(e0, e1):,}",
                )
            )
    return totals


def read_index(path: Path) -> tuple[dict[str, str], int | None]:
    """``weight_map`` (tensor → shard file name) and ``metadata.total_size`` of an index file.

    The ``*.safetensors.index.json`` of transformers' sharded checkpoints (``modeling_utils``).

    Raises:
        ModelImportError: when the file is not such an index.
    """
    data = read_json(path, limit=MAX_SAFETENSORS_HEADER)
    wm = data.get("weight_map")
    if not isinstance(wm, dict) or not all(isinstance(v, str) for v in wm.values()):
        raise ModelImportError(msg("importers.st.no_weight_map", file=path.name))
    total = (data.get("metadata") or {}).get("total_size") if isinstance(data.get("metadata"), dict) else None
    return {str(k): v for k, v in wm.items()}, total if isinstance(total, int) else None


def read_json(path: Path, limit: int = 10_000_000) -> dict[str, Any]:
    """A JSON object from a small file (config.json, model_index.json, an index).

    Raises:
        ModelImportError: when the file is missing, not a regular file, larger than ``limit``
            bytes, not a JSON object, or beyond the bounds of :mod:`gpupicker.core.text.json_limits`.
    """
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise ModelImportError(
            msg("importers.cannot_read", path=str(path), error=str(exc.strerror or exc))
        ) from exc
    if size > limit:
        raise ModelImportError(msg("importers.json_too_large", file=path.name, size=f"{size:,}"))
    raw = read_capped(path, limit)
    try:
        data = loads_bounded(raw.decode("utf-8-sig"))
    except JsonLimitError as exc:
        raise ModelImportError(
            msg("importers.json_beyond_bounds", file=path.name, error=error_message(exc))
        ) from exc
    except (UnicodeDecodeError, ValueError) as exc:
        raise ModelImportError(msg("importers.json_invalid", file=path.name, error=str(exc))) from exc
    if not isinstance(data, dict):
        raise ModelImportError(msg("importers.json_not_object", file=path.name))
    return data
