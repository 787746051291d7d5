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
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..core.messages import Message, msg
from .base import (
    CANCEL_CHECK_EVERY,
    MAX_GGUF_DIMS,
    MAX_GGUF_KV,
    MAX_TENSORS,
    ModelImportError,
    TensorTotals,
    check_cancelled,
    checked_elements,
    open_regular,
)

_What = Callable[[], Message]
"""What is being read, named only when a read fails (no Message built per value read)."""


def _w(id: str, **params: str | int) -> _What:
    """The lazily built part name ``id`` (an ``importers.gguf.what.*`` message)."""
    return lambda: msg(id, **params)


_SCALARS: dict[int, tuple[str, int]] = {
    0: ("B", 1),
    1: ("b", 1),
    2: ("H", 2),
    3: ("h", 2),
    4: ("I", 4),
    5: ("i", 4),
    6: ("f", 4),
    7: ("?", 1),
    10: ("Q", 8),
    11: ("q", 8),
    12: ("d", 8),
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

    def need(self, n: int, what: _What) -> None:
        if n < 0 or self.pos + n > self.size:
            raise ModelImportError(
                msg(
                    "importers.gguf.cut_short",
                    file=self.name,
                    what=what(),
                    pos=f"{self.pos:,}",
                    n=f"{n:,}",
                    size=f"{self.size:,}",
                )
            )

    def scalar(self, fmt: str, size: int, what: _What) -> Any:
        self.need(size, what)
        (v,) = struct.unpack_from(self.e + fmt, self.buf, self.pos)
        self.pos += size
        return v

    def string(self, what: _What, limit: int | None = None) -> str | None:
        n = self.scalar("Q", 8, what)
        self.need(n, what)
        if limit is not None and n > limit:
            self.pos += n
            return None
        raw = bytes(self.buf[self.pos : self.pos + n])
        self.pos += n
        return raw.decode("utf-8", errors="replace")


def _value(c: _Cursor, vtype: int, key: str) -> Any:
    meta = _w("importers.gguf.what.metadata", key=repr(key))
    if vtype in _SCALARS:
        fmt, size = _SCALARS[vtype]
        return c.scalar(fmt, size, meta)
    if vtype == _STRING:
        return c.string(meta, limit=_MAX_KEY)
    if vtype == _ARRAY:
        etype = c.scalar("I", 4, meta)
        count = c.scalar("Q", 8, meta)
        if etype in _SCALARS:
            fmt, size = _SCALARS[etype]
            c.need(count * size, _w("importers.gguf.what.array_values", key=repr(key), n=f"{count:,}"))
            if count <= _KEEP_ARRAY:
                vals = list(struct.unpack_from(f"{c.e}{count}{fmt}", c.buf, c.pos))
                c.pos += count * size
                return vals
            c.pos += count * size
            return {"array_length": count}
        if etype == _STRING:
            if count > MAX_GGUF_STRINGS:
                raise ModelImportError(
                    msg("importers.gguf.too_many_strings", file=c.name, key=repr(key), n=f"{count:,}")
                )
            # each has a u64 length
            c.need(count * 8, _w("importers.gguf.what.array_strings", key=repr(key), n=f"{count:,}"))
            array = _w("importers.gguf.what.array", key=repr(key))
            for i in range(count):
                if not i % CANCEL_CHECK_EVERY:
                    check_cancelled()
                n = c.scalar("Q", 8, array)
                c.need(n, array)
                c.pos += n
            return {"array_length": count}
        raise ModelImportError(
            msg("importers.gguf.bad_array_type", file=c.name, key=repr(key), type=str(etype))
        )
    raise ModelImportError(msg("importers.gguf.bad_value_type", file=c.name, key=repr(key), type=str(vtype)))


def _quant_sizes() -> dict[int, tuple[str, int, int]]:
    try:
        from gguf.constants import GGML_QUANT_SIZES  # lazy: pulls numpy
    except ImportError as exc:  # pragma: no cover - a declared dependency
        raise ModelImportError(msg("importers.gguf.needs_package")) from exc
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
            raise ModelImportError(msg("importers.gguf.too_small", file=path.name, size=size))
        with open_regular(path) as f, mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as mm:
            return _parse(mm, path.name)
    except OSError as exc:
        raise ModelImportError(
            msg("importers.cannot_read", path=str(path), error=str(exc.strerror or exc))
        ) from exc


def _parse(mm: mmap.mmap, name: str) -> tuple[dict[str, Any], TensorTotals, int]:
    if mm[:4] != b"GGUF":
        raise ModelImportError(msg("importers.gguf.no_magic", file=name))
    (v_le,) = struct.unpack_from("<I", mm, 4)
    endian = "<" if v_le < 0x10000 else ">"
    c = _Cursor(mm, name, endian)
    c.pos = 4
    version = c.scalar("I", 4, _w("importers.gguf.what.version"))
    if version not in (2, 3):
        raise ModelImportError(msg("importers.gguf.version", file=name, version=str(version)))
    n_tensors = c.scalar("Q", 8, _w("importers.gguf.what.tensor_count"))
    n_kv = c.scalar("Q", 8, _w("importers.gguf.what.metadata_count"))
    if n_tensors > MAX_TENSORS or n_kv > MAX_GGUF_KV:
        raise ModelImportError(
            msg("importers.gguf.too_many_entries", file=name, tensors=f"{n_tensors:,}", entries=f"{n_kv:,}")
        )
    meta: dict[str, Any] = {}
    meta_key = _w("importers.gguf.what.metadata_key")
    for i in range(n_kv):
        if not i % CANCEL_CHECK_EVERY:
            check_cancelled()
        key = c.string(meta_key, limit=_MAX_KEY) or ""
        vtype = c.scalar("I", 4, _w("importers.gguf.what.metadata_type", key=repr(key)))
        meta[key] = _value(c, vtype, key)
    # name length, n_dims, type, offset
    c.need(n_tensors * 24, _w("importers.gguf.what.tensor_infos", n=f"{n_tensors:,}"))
    types = _quant_sizes()
    infos: list[tuple[str, int, int, int]] = []
    totals = TensorTotals()
    for i in range(n_tensors):
        if not i % CANCEL_CHECK_EVERY:
            check_cancelled()
        tname = c.string(_w("importers.gguf.what.tensor_name"), limit=_MAX_KEY) or "?"
        n_dims = c.scalar("I", 4, _w("importers.gguf.what.tensor", tensor=repr(tname)))
        if n_dims > MAX_GGUF_DIMS:
            raise ModelImportError(
                msg("importers.gguf.too_many_dims", file=name, tensor=repr(tname), n=str(n_dims))
            )
        shape = _w("importers.gguf.what.tensor_shape", tensor=repr(tname))
        dims = [c.scalar("Q", 8, shape) for _ in range(n_dims)]
        ttype = c.scalar("I", 4, _w("importers.gguf.what.tensor_type", tensor=repr(tname)))
        offset = c.scalar("Q", 8, _w("importers.gguf.what.tensor_offset", tensor=repr(tname)))
        what = msg("importers.file_tensor", file=name, tensor=repr(tname))
        elements = checked_elements(dims, what)
        if ttype not in types:
            raise ModelImportError(msg("importers.gguf.unknown_type", what=what, type=str(ttype)))
        tn, blk, bsize = types[ttype]
        if elements % blk:
            raise ModelImportError(
                msg("importers.gguf.partial_block", what=what, n=f"{elements:,}", type=tn, block=str(blk))
            )
        nbytes = elements // blk * bsize
        infos.append((tname, offset, nbytes, elements))
        totals.add(tn, elements, nbytes)
    align = meta.get("general.alignment", 32)
    if not isinstance(align, int) or align <= 0 or align & (align - 1):
        raise ModelImportError(msg("importers.gguf.alignment", file=name, align=repr(align)))
    data_start = (c.pos + align - 1) // align * align
    data_size = c.size - data_start
    spans = sorted((off, off + nb, tn) for tn, off, nb, _ in infos)
    for _begin, end, tn in spans:
        if end > data_size:
            share = c.size / (data_start + max(e for _, e, _ in spans))
            raise ModelImportError(
                msg(
                    "importers.gguf.cut_short_tensor",
                    file=name,
                    tensor=repr(tn),
                    n=f"{data_start + end:,}",
                    size=f"{c.size:,}",
                    share=f"{share:.0%}",
                )
            )
    for (_b0, e0, n0), (b1, e1, n1) in zip(spans, spans[1:], strict=False):
        if b1 < e0 and e1 > b1:
            raise ModelImportError(msg("importers.gguf.overlap", file=name, a=repr(n0), b=repr(n1)))
    return meta, totals, version
