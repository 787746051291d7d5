"""Read a ``.safetensors`` header: tensor names, dtypes, shapes and byte ranges, nothing else.

Format (huggingface/safetensors ``docs/source/index.mdx``, "Format"): 8 bytes
little-endian u64 ``N``, then ``N`` bytes of UTF-8 JSON mapping each tensor name
to ``{"dtype", "shape", "data_offsets": [begin, end]}`` (offsets relative to the
byte after the header) plus an optional ``"__metadata__"`` string map, then the
data. The library refuses headers over 100 MB, offsets outside the buffer and
overlapping tensors; so does this reader, before reading anything else.
"""

from __future__ import annotations

import json
import struct
from pathlib import Path
from typing import Any

from .base import (
    MAX_SAFETENSORS_HEADER,
    MAX_TENSORS,
    ModelImportError,
    TensorTotals,
    checked_elements,
)

# dtype → bits per element (safetensors ``Dtype`` enum, safetensors/src/tensor.rs)
DTYPE_BITS: dict[str, int] = {
    "BOOL": 8, "U8": 8, "I8": 8, "F8_E5M2": 8, "F8_E4M3": 8, "F8_E8M0": 8, "I16": 16, "U16": 16,
    "F16": 16, "BF16": 16, "I32": 32, "U32": 32, "F32": 32, "F64": 64, "I64": 64, "U64": 64,
    "F4": 4, "F6_E2M3": 6, "F6_E3M2": 6, "C64": 64,
}


def read_header(path: Path) -> tuple[dict[str, Any], dict[str, str], int]:
    """The tensor entries, ``__metadata__`` and data-section size of one safetensors file.

    Reads 8 bytes and then at most :data:`MAX_SAFETENSORS_HEADER` bytes.

    Raises:
        ModelImportError: when the file is shorter than 8 bytes, the header length is
            beyond the file or the bound, or the header is not a JSON object.
    """
    try:
        size = path.stat().st_size
        with path.open("rb") as f:
            head = f.read(8)
            if len(head) < 8:
                raise ModelImportError(f"{path.name} is not a safetensors file: it is shorter "
                                       "than the 8-byte header length")
            (n,) = struct.unpack("<Q", head)
            if n > MAX_SAFETENSORS_HEADER:
                raise ModelImportError(
                    f"{path.name} is not a valid safetensors file: its header claims {n:,} bytes, "
                    f"more than the {MAX_SAFETENSORS_HEADER:,}-byte limit of the format")
            if n > size - 8:
                raise ModelImportError(
                    f"{path.name} is not a valid safetensors file: its header claims {n:,} bytes "
                    f"but the file has only {size:,} (cut short or not safetensors)")
            if n < 2:
                raise ModelImportError(f"{path.name} is not a valid safetensors file: its header "
                                       "is empty")
            raw = f.read(n)
    except OSError as exc:
        raise ModelImportError(f"cannot read {path}: {exc.strerror or exc}") from exc
    if raw[:1] != b"{":
        raise ModelImportError(f"{path.name} is not a valid safetensors file: its header is not "
                               "a JSON object")
    try:
        header = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise ModelImportError(f"{path.name} is not a valid safetensors file: its header is not "
                               f"valid JSON ({exc.__class__.__name__})") from exc
    if not isinstance(header, dict):
        raise ModelImportError(f"{path.name}: the safetensors header is not a JSON object")
    meta = header.pop("__metadata__", None) or {}
    if not isinstance(meta, dict):
        meta = {}
    if len(header) > MAX_TENSORS:
        raise ModelImportError(f"{path.name} claims {len(header):,} tensors: the header is damaged")
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
    for name, entry in header.items():
        what = f"{path.name}: tensor {name!r}"
        if not isinstance(entry, dict):
            raise ModelImportError(f"{what} is not described by an object")
        dtype = entry.get("dtype")
        shape = entry.get("shape")
        offsets = entry.get("data_offsets")
        if dtype not in DTYPE_BITS:
            raise ModelImportError(f"{what} has dtype {dtype!r}, which safetensors does not define")
        if not isinstance(shape, list):
            raise ModelImportError(f"{what} has no shape")
        elements = checked_elements(shape, what)
        if (not isinstance(offsets, list) or len(offsets) != 2
                or not all(isinstance(o, int) and not isinstance(o, bool) for o in offsets)):
            raise ModelImportError(f"{what} has no valid data_offsets")
        begin, end = offsets
        if begin < 0 or end < begin:
            raise ModelImportError(f"{what} has data_offsets {offsets} that run backwards")
        bits = elements * DTYPE_BITS[dtype]
        nbytes = (bits + 7) // 8
        if end - begin != nbytes:
            raise ModelImportError(f"{what} is {dtype} {shape} = {nbytes:,} bytes but its offsets "
                                   f"span {end - begin:,}")
        if end > data_size:
            raise ModelImportError(f"{what} ends at byte {end:,} of the data but the file holds "
                                   f"{data_size:,} (cut short?)")
        spans.append((begin, end, name))
        totals.add(dtype, elements, nbytes)
    spans.sort()
    for (_b0, e0, n0), (b1, e1, n1) in zip(spans, spans[1:], strict=False):
        if b1 < e0 and e1 > b1:
            raise ModelImportError(f"{path.name}: tensors {n0!r} and {n1!r} overlap "
                                   f"(bytes {b1:,}–{min(e0, e1):,})")
    return totals


def read_index(path: Path) -> tuple[dict[str, str], int | None]:
    """``weight_map`` (tensor → shard file name) and ``metadata.total_size`` of a
    ``*.safetensors.index.json`` (transformers ``modeling_utils`` sharded checkpoints).

    Raises:
        ModelImportError: when the file is not such an index.
    """
    data = read_json(path, limit=MAX_SAFETENSORS_HEADER)
    wm = data.get("weight_map")
    if not isinstance(wm, dict) or not all(isinstance(v, str) for v in wm.values()):
        raise ModelImportError(f"{path.name} has no weight_map of tensor → file names")
    total = (data.get("metadata") or {}).get("total_size") if isinstance(
        data.get("metadata"), dict) else None
    return {str(k): v for k, v in wm.items()}, total if isinstance(total, int) else None


def read_json(path: Path, limit: int = 10_000_000) -> dict[str, Any]:
    """A JSON object from a small file (config.json, model_index.json, an index).

    Raises:
        ModelImportError: when the file is missing, larger than ``limit`` bytes or not a
            JSON object.
    """
    try:
        size = path.stat().st_size
        if size > limit:
            raise ModelImportError(f"{path.name} is {size:,} bytes: too large for a JSON config")
        text = path.read_bytes().decode("utf-8-sig")
        data = json.loads(text)
    except OSError as exc:
        raise ModelImportError(f"cannot read {path}: {exc.strerror or exc}") from exc
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise ModelImportError(f"{path.name} is not valid JSON ({exc})") from exc
    if not isinstance(data, dict):
        raise ModelImportError(f"{path.name} is not a JSON object")
    return data
