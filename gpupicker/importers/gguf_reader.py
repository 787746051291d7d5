"""Read a GGUF header: metadata, tensor types and sizes, with every count and offset bounded.

Layout (ggml-org/ggml ``docs/gguf.md``): magic ``GGUF``, u32 version (2 or 3),
u64 tensor count, u64 metadata count, the metadata key/values, the tensor infos
(name, n_dims, dims, ggml type, offset), padding to ``general.alignment``
(default 32), then the tensor data. Block sizes and bytes per block of each ggml
type come from the ``gguf`` package (``gguf.constants.GGML_QUANT_SIZES``,
imported only when a GGUF is read, so the CLI does not load numpy at start).

The header is parsed from a read-only memory map with ``struct`` — no copy of
the file, no array the file's counts could make large: long arrays (the
tokenizer's vocabulary) are skipped, only their length is kept.
"""

from __future__ import annotations

import mmap
import struct
from pathlib import Path
from typing import Any

from .base import (
    MAX_GGUF_DIMS,
    MAX_GGUF_KV,
    MAX_TENSORS,
    ModelImportError,
    TensorTotals,
    checked_elements,
)

_SCALARS: dict[int, tuple[str, int]] = {
    0: ("B", 1), 1: ("b", 1), 2: ("H", 2), 3: ("h", 2), 4: ("I", 4), 5: ("i", 4), 6: ("f", 4),
    7: ("?", 1), 10: ("Q", 8), 11: ("q", 8), 12: ("d", 8),
}
_STRING, _ARRAY = 8, 9
_KEEP_ARRAY = 4096  # arrays up to this length are kept (per-layer head counts …)
_MAX_KEY = 65_536
MAX_GGUF_STRINGS = 16_777_216
"""Most strings in one GGUF metadata array (tokenizer vocabularies have < 300 k)."""


class _Cursor:
    def __init__(self, buf: mmap.mmap | bytes, name: str, endian: str) -> None:
        self.buf, self.pos, self.name, self.e = buf, 0, name, endian
        self.size = len(buf)

    def need(self, n: int, what: str) -> None:
        if n < 0 or self.pos + n > self.size:
            raise ModelImportError(f"{self.name} is cut short: {what} at byte {self.pos:,} needs "
                                   f"{n:,} bytes but the file has {self.size:,}")

    def scalar(self, fmt: str, size: int, what: str) -> Any:
        self.need(size, what)
        (v,) = struct.unpack_from(self.e + fmt, self.buf, self.pos)
        self.pos += size
        return v

    def string(self, what: str, limit: int | None = None) -> str | None:
        n = self.scalar("Q", 8, what)
        self.need(n, what)
        if limit is not None and n > limit:
            self.pos += n
            return None
        raw = bytes(self.buf[self.pos:self.pos + n])
        self.pos += n
        return raw.decode("utf-8", errors="replace")


def _value(c: _Cursor, vtype: int, key: str) -> Any:
    if vtype in _SCALARS:
        fmt, size = _SCALARS[vtype]
        return c.scalar(fmt, size, f"metadata {key!r}")
    if vtype == _STRING:
        return c.string(f"metadata {key!r}", limit=_MAX_KEY)
    if vtype == _ARRAY:
        etype = c.scalar("I", 4, f"metadata {key!r}")
        count = c.scalar("Q", 8, f"metadata {key!r}")
        if etype in _SCALARS:
            fmt, size = _SCALARS[etype]
            c.need(count * size, f"array {key!r} of {count:,} values")
            if count <= _KEEP_ARRAY:
                vals = list(struct.unpack_from(f"{c.e}{count}{fmt}", c.buf, c.pos))
                c.pos += count * size
                return vals
            c.pos += count * size
            return {"array_length": count}
        if etype == _STRING:
            if count > MAX_GGUF_STRINGS:
                raise ModelImportError(f"{c.name}: metadata {key!r} claims {count:,} strings "
                                       "(damaged header)")
            c.need(count * 8, f"array {key!r} of {count:,} strings")  # each has a u64 length
            for _ in range(count):
                n = c.scalar("Q", 8, f"array {key!r}")
                c.need(n, f"array {key!r}")
                c.pos += n
            return {"array_length": count}
        raise ModelImportError(f"{c.name}: metadata {key!r} is an array of type {etype}, which "
                               "GGUF does not define (damaged header)")
    raise ModelImportError(f"{c.name}: metadata {key!r} has value type {vtype}, which GGUF does "
                           "not define (damaged header)")


def _quant_sizes() -> dict[int, tuple[str, int, int]]:
    try:
        from gguf.constants import GGML_QUANT_SIZES  # lazy: pulls numpy
    except ImportError as exc:  # pragma: no cover - a declared dependency
        raise ModelImportError("reading GGUF needs the 'gguf' package (pip install gguf)") from exc
    return {int(t): (t.name, blk, size) for t, (blk, size) in GGML_QUANT_SIZES.items()}


def read_gguf(path: Path) -> tuple[dict[str, Any], TensorTotals, int]:
    """Metadata, tensor totals by ggml type, and format version of a GGUF file.

    Raises:
        ModelImportError: when the magic or version is wrong, a count is absurd
            (more than :data:`MAX_TENSORS` tensors or :data:`MAX_GGUF_KV` entries), a
            string or array runs past the end, a tensor's type is unknown, its element
            count is not a whole number of blocks, or its data lies outside the file or
            overlaps another tensor (a file cut short fails here).
    """
    try:
        size = path.stat().st_size
        if size < 24:
            raise ModelImportError(f"{path.name} is not a GGUF file: only {size} bytes")
        with path.open("rb") as f, mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as mm:
            return _parse(mm, path.name)
    except OSError as exc:
        raise ModelImportError(f"cannot read {path}: {exc.strerror or exc}") from exc


def _parse(mm: mmap.mmap, name: str) -> tuple[dict[str, Any], TensorTotals, int]:
    if mm[:4] != b"GGUF":
        raise ModelImportError(f"{name} is not a GGUF file (no GGUF magic bytes)")
    (v_le,) = struct.unpack_from("<I", mm, 4)
    endian = "<" if v_le < 0x10000 else ">"
    c = _Cursor(mm, name, endian)
    c.pos = 4
    version = c.scalar("I", 4, "version")
    if version not in (2, 3):
        raise ModelImportError(f"{name}: GGUF version {version} is not supported (2 and 3 are)")
    n_tensors = c.scalar("Q", 8, "tensor count")
    n_kv = c.scalar("Q", 8, "metadata count")
    if n_tensors > MAX_TENSORS or n_kv > MAX_GGUF_KV:
        raise ModelImportError(f"{name} claims {n_tensors:,} tensors and {n_kv:,} metadata "
                               "entries: the header is damaged")
    meta: dict[str, Any] = {}
    for _ in range(n_kv):
        key = c.string("metadata key", limit=_MAX_KEY) or ""
        vtype = c.scalar("I", 4, f"metadata {key!r} type")
        meta[key] = _value(c, vtype, key)
    c.need(n_tensors * 24, f"{n_tensors:,} tensor infos")  # name length, n_dims, type, offset
    types = _quant_sizes()
    infos: list[tuple[str, int, int, int]] = []
    totals = TensorTotals()
    for _ in range(n_tensors):
        tname = c.string("tensor name", limit=_MAX_KEY) or "?"
        n_dims = c.scalar("I", 4, f"tensor {tname!r}")
        if n_dims > MAX_GGUF_DIMS:
            raise ModelImportError(f"{name}: tensor {tname!r} claims {n_dims} dimensions "
                                   "(damaged header)")
        dims = [c.scalar("Q", 8, f"tensor {tname!r} shape") for _ in range(n_dims)]
        ttype = c.scalar("I", 4, f"tensor {tname!r} type")
        offset = c.scalar("Q", 8, f"tensor {tname!r} offset")
        what = f"{name}: tensor {tname!r}"
        elements = checked_elements(dims, what)
        if ttype not in types:
            raise ModelImportError(f"{what} has ggml type {ttype}, which the installed gguf "
                                   "package does not know (newer llama.cpp format?)")
        tn, blk, bsize = types[ttype]
        if elements % blk:
            raise ModelImportError(f"{what} has {elements:,} {tn} values, not a whole number of "
                                   f"{blk}-value blocks")
        nbytes = elements // blk * bsize
        infos.append((tname, offset, nbytes, elements))
        totals.add(tn, elements, nbytes)
    align = meta.get("general.alignment", 32)
    if not isinstance(align, int) or align <= 0 or align & (align - 1):
        raise ModelImportError(f"{name}: general.alignment {align!r} is not a power of two")
    data_start = (c.pos + align - 1) // align * align
    data_size = c.size - data_start
    spans = sorted((off, off + nb, tn) for tn, off, nb, _ in infos)
    for _begin, end, tn in spans:
        if end > data_size:
            raise ModelImportError(
                f"{name} is cut short: tensor {tn!r} ends at byte {data_start + end:,} but the "
                f"file has {c.size:,} bytes ({c.size / (data_start + max(e for _, e, _ in spans)):.0%}"
                " of it is there)")
    for (_b0, e0, n0), (b1, e1, n1) in zip(spans, spans[1:], strict=False):
        if b1 < e0 and e1 > b1:
            raise ModelImportError(f"{name}: tensors {n0!r} and {n1!r} overlap")
    return meta, totals, version
