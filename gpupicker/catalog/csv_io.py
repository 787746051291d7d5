"""CSV cell formatting for export and the import result; reading is in :mod:`.csv_read`. No SQL, no Qt.

Export neutralizes text cells that a spreadsheet would run as a formula (first
character ``=``, ``+``, ``-``, ``@``, tab or carriage return) by prefixing a single
quote; numeric columns are written as plain numbers. Import undoes that prefix,
so an export → import round trip is lossless.
"""

from __future__ import annotations

import csv
import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from ..core.messages import Message, msg
from ..core.text.safe_write import open_for_write
from ..core.text.text_safety import FORMULA_PREFIXES, neutralize
from .errors import refusal_message
from .records import COLUMNS, COMPRESSED_ATTENTION_COLUMNS, LAYER_COLUMNS, MOE_MLA_COLUMNS

TABLES = ("gpus", "prices", "models")
"""The catalog tables a CSV is imported into or exported from."""

ProgressCallback = Callable[[int, int], None]
"""``progress(done, total)``: called with increasing ``done`` up to ``total`` steps."""

NUMERIC_COLUMNS: dict[str, frozenset[str]] = {
    "gpus": frozenset(
        {
            "release_year",
            "memory_gb",
            "memory_bandwidth_gbps",
            "fp32_tflops",
            "fp16_tflops_dense",
            "bf16_tflops_dense",
            "fp8_tflops_dense",
            "int8_tops_dense",
            "int4_tops_dense",
            "tdp_w",
            "nvlink_bandwidth_gbps",
            "pcie_gen",
            "msrp_usd",
            "fp4_tflops_dense",
            "gpu_memory_limit_gb",
        }
    ),
    "prices": frozenset({"price_per_gpu_hour", "gpus_per_instance"}),
    "models": frozenset(
        {
            "params_b",
            "active_params_b",
            "num_layers",
            "hidden_size",
            "intermediate_size",
            "num_attention_heads",
            "num_key_value_heads",
            "head_dim",
            "vocab_size",
            "max_context",
            "moe_num_experts",
            "moe_top_k",
            "sliding_window",
            "kv_lora_rank",
            "qk_rope_head_dim",
            *MOE_MLA_COLUMNS,
            *(c for c in LAYER_COLUMNS if c != "layer_pattern"),
            *(c for c in COMPRESSED_ATTENTION_COLUMNS if c != "kv_compress_ratios"),
        }
    ),
}
"""Per table, the columns an export writes as numbers; every other cell is text and is
neutralized against spreadsheet formulas (core.text.text_safety)."""
BOOL_COLUMNS: dict[str, frozenset[str]] = {
    "gpus": frozenset(),
    "prices": frozenset(),
    "models": frozenset({"tie_word_embeddings", "attention_k_eq_v"}),
}
"""Per table, the boolean columns an export writes as ``true`` / ``false`` (blank when unset)."""


def check_table(table: str) -> str:
    """Return ``table`` if it is one of gpus/prices/models.

    Raises:
        ValueError: for any other name.
    """
    if table not in TABLES:
        raise ValueError(msg("catalog.csv.unknown_table", table=repr(table), tables=", ".join(TABLES)))
    return table


def unneutralize(text: str) -> str:
    """Undo :func:`neutralize` (a leading quote followed by a formula character)."""
    if len(text) > 1 and text[0] == "'" and text[1:].startswith(FORMULA_PREFIXES):
        return text[1:]
    return text


def format_number(value: Any) -> str:
    """A number as CSV text: integers without ``.0``, floats in shortest round-trip form."""
    if value is None or value == "":
        return ""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int):
        return str(value)
    f = float(value)
    if math.isfinite(f) and f.is_integer() and abs(f) < 1e15:
        return str(int(f))
    return repr(f)


def format_row(table: str, row: Mapping[str, Any]) -> list[str]:
    """One stored row as CSV cells in the table's column order (formulas neutralized)."""
    numeric, boolean = NUMERIC_COLUMNS[table], BOOL_COLUMNS[table]
    cells = []
    for col in COLUMNS[table]:
        v = row.get(col)
        if col in boolean:
            cells.append("" if v is None else ("true" if v else "false"))
        elif col in numeric and not isinstance(v, str):
            cells.append(format_number(v))
        else:
            cells.append(neutralize("" if v is None else str(v)))
    return cells


def write_csv(table: str, rows: Iterable[Mapping[str, Any]], path: Path | IO[str]) -> int:
    """Write ``rows`` under the table's header to a file or an open text stream.

    A file ``path`` is written with core.safe_write (atomically, through a symlink, never
    over a FIFO or device); a stream such as ``sys.stdout`` is written as it is.

    Returns:
        Number of data rows written.

    Raises:
        NotARegularFileError: ``path`` exists and is not a regular file (core.safe_write).
        OSError: when the file cannot be written.
    """
    if not isinstance(path, Path):
        return _write_csv_rows(table, rows, path)
    with open_for_write(path, newline="") as f:
        return _write_csv_rows(table, rows, f)


def _write_csv_rows(table: str, rows: Iterable[Mapping[str, Any]], f: IO[str]) -> int:
    w = csv.writer(f, lineterminator="\n")
    w.writerow(COLUMNS[table])
    n = 0
    for row in rows:
        w.writerow(format_row(table, row))
        n += 1
    return n


def validation_message(exc: Exception) -> Message:
    """Why a row was refused, as one message (``field: reason; …``).

    The same as
    :func:`~gpupicker.catalog.errors.refusal_message`.
    """
    return refusal_message(exc)


@dataclass(frozen=True)
class ImportResult:
    """Outcome of :meth:`CatalogRepository.import_csv` (nothing is written unless ``ok``).

    Attributes:
        table: gpus, prices or models.
        rows: data rows read from the file.
        inserted: new catalog rows.
        updated: existing rows whose values changed.
        unchanged: rows identical to the catalog.
        errors: ``(line_number, reason)`` for each bad row (line 1 is the header).
        backup_path: the backup taken before writing (None when nothing was written).
        dry_run: True when only validated.
        duplicates: rows identical in every column to an earlier row of the same file.
        skipped: of those, how many were not imported (``skip_duplicates=True``).
    """

    table: str
    rows: int = 0
    inserted: int = 0
    updated: int = 0
    unchanged: int = 0
    errors: list[tuple[int, str]] = field(default_factory=list)
    backup_path: Path | None = None
    dry_run: bool = False
    duplicates: int = 0
    skipped: int = 0

    @property
    def ok(self) -> bool:
        """True when every row was valid."""
        return not self.errors


RowValues = dict[str, Any] | tuple[Any, ...]
"""One validated CSV row: a dict of column values (gpus, models) or a tuple in
``COLUMNS["prices"]`` order (prices: a third of a dict's memory)."""


def drop_exact_duplicates(good: list[tuple[int, RowValues]], drop: bool) -> int:
    """Count (with ``drop``: remove) the rows that repeat an earlier row exactly.

    Count rows of ``good`` (``(line, values)`` from :func:`validate_rows`) that repeat an
    earlier row exactly; remove them in place when ``drop``. Returns the count.
    """
    seen: set[Any] = set()
    kept: list[tuple[int, RowValues]] = []
    duplicates = 0
    for line, values in good:
        key = values if isinstance(values, tuple) else repr(sorted(values.items()))
        try:
            repeat = key in seen
        except TypeError:  # an unhashable cell (a list): compare by its text
            key = repr(key)
            repeat = key in seen
        if repeat:
            duplicates += 1
            if drop:
                continue
        else:
            seen.add(key)
        kept.append((line, values))
    if drop:
        good[:] = kept
    return duplicates
