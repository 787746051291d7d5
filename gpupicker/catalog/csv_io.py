"""CSV reading/validation for import and cell formatting for export. No SQL, no Qt.

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
from typing import Any

from pydantic import ValidationError

from ..core.hardware import GpuSpec, PriceOffer
from .records import COLUMNS, REQUIRED_COLUMNS, ModelRecord, check_price

TABLES = ("gpus", "prices", "models")
FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r")
"""First characters that make Excel/LibreOffice/Sheets treat a cell as a formula."""

ProgressCallback = Callable[[int, int], None]
"""``progress(done, total)``: called with increasing ``done`` up to ``total`` steps."""

# columns written as numbers (everything else is text and gets neutralized)
NUMERIC_COLUMNS: dict[str, frozenset[str]] = {
    "gpus": frozenset({"release_year", "memory_gb", "memory_bandwidth_gbps", "fp32_tflops",
                       "fp16_tflops_dense", "bf16_tflops_dense", "fp8_tflops_dense",
                       "int8_tops_dense", "int4_tops_dense", "tdp_w", "nvlink_bandwidth_gbps",
                       "pcie_gen", "msrp_usd"}),
    "prices": frozenset({"usd_per_gpu_hour", "gpus_per_instance"}),
    "models": frozenset({"params_b", "active_params_b", "num_layers", "hidden_size",
                         "intermediate_size", "num_attention_heads", "num_key_value_heads",
                         "head_dim", "vocab_size", "max_context", "moe_num_experts",
                         "moe_top_k", "sliding_window", "kv_lora_rank", "qk_rope_head_dim"}),
}
BOOL_COLUMNS: dict[str, frozenset[str]] = {
    "gpus": frozenset(), "prices": frozenset(), "models": frozenset({"tie_word_embeddings"}),
}


def check_table(table: str) -> str:
    """Return ``table`` if it is one of gpus/prices/models.

    Raises:
        ValueError: for any other name.
    """
    if table not in TABLES:
        raise ValueError(f"unknown table {table!r}: use one of {', '.join(TABLES)}")
    return table


def neutralize(text: str) -> str:
    """Prefix a single quote to text a spreadsheet would run as a formula."""
    return "'" + text if text.startswith(FORMULA_PREFIXES) else text


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


def write_csv(table: str, rows: Iterable[Mapping[str, Any]], path: Path) -> int:
    """Write ``rows`` with the table's header to ``path`` atomically (temp file + rename).

    Returns:
        Number of data rows written.

    Raises:
        OSError: when the file cannot be written.
    """
    tmp = path.with_name(path.name + ".tmp")
    n = 0
    with tmp.open("w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(COLUMNS[table])
        for row in rows:
            w.writerow(format_row(table, row))
            n += 1
    tmp.replace(path)
    return n


def validation_message(exc: Exception) -> str:
    """Short, plain text for a pydantic/ValueError failure (``field: reason; …``)."""
    if isinstance(exc, ValidationError):
        parts = []
        for e in exc.errors():
            loc = ".".join(str(p) for p in e.get("loc", ()))
            msg = e["msg"].removeprefix("Value error, ")
            parts.append(f"{loc}: {msg}" if loc else msg)
        return "; ".join(parts)
    return str(exc)


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
    """

    table: str
    rows: int = 0
    inserted: int = 0
    updated: int = 0
    unchanged: int = 0
    errors: list[tuple[int, str]] = field(default_factory=list)
    backup_path: Path | None = None
    dry_run: bool = False

    @property
    def ok(self) -> bool:
        """True when every row was valid."""
        return not self.errors


@dataclass
class ParsedCsv:
    """Rows of a CSV file after header checks: ``(line_number, {column: text})``.

    Blank cells are omitted from the dicts (a blank cell means "unknown").
    """

    rows: list[tuple[int, dict[str, str]]] = field(default_factory=list)
    errors: list[tuple[int, str]] = field(default_factory=list)


def read_csv(table: str, path: Path,
             column_map: Mapping[str, str | None] | None = None) -> ParsedCsv:
    """Read a CSV for ``table``: check the header, map columns, split rows with line numbers.

    Args:
        table: gpus, prices or models.
        path: the CSV file (UTF-8, optional BOM, header row).
        column_map: optional CSV header → catalog column; map a header to None or ""
            to ignore that column.

    Returns:
        The rows, or header/format errors (with line numbers) in ``errors``.

    Raises:
        OSError: when the file cannot be opened.
    """
    check_table(table)
    out = ParsedCsv()
    mapping = dict(column_map or {})
    known = set(COLUMNS[table])
    try:
        with path.open(encoding="utf-8-sig", newline="") as f:
            reader = csv.reader(f)
            header = next(reader, None)
            if header is None:
                out.errors.append((1, "empty file: no header row"))
                return out
            cols: list[str | None] = []
            for h in header:
                name = h.strip()
                target = mapping.get(name, name) if name in mapping else name
                cols.append(target or None)
            named = [c for c in cols if c]
            unknown = [c for c in named if c not in known]
            dupes = sorted({c for c in named if named.count(c) > 1})
            missing = [c for c in REQUIRED_COLUMNS[table] if c not in named]
            if unknown:
                out.errors.append((1, "unknown column(s): " + ", ".join(unknown)
                                   + f" (expected columns of {table}.csv: "
                                   + ", ".join(COLUMNS[table]) + ")"))
            if dupes:
                out.errors.append((1, "repeated column(s): " + ", ".join(dupes)))
            if missing:
                out.errors.append((1, "missing column(s): " + ", ".join(missing)))
            if out.errors:
                return out
            width = len(cols)
            line = reader.line_num + 1
            for cells in reader:
                start, line = line, reader.line_num + 1
                if not any(c.strip() for c in cells):
                    continue
                if len(cells) > width and any(c.strip() for c in cells[width:]):
                    out.errors.append((start, f"{len(cells)} cells but the header has {width}"))
                    continue
                row = {}
                for c, v in zip(cols, cells, strict=False):
                    if c and v and (v := v.strip()):  # blank cells are left out: unknown
                        row[c] = unneutralize(v) if v[0] == "'" else v
                out.rows.append((start, row))
    except UnicodeDecodeError as exc:
        out.errors.append((0, f"not UTF-8 text ({exc.reason} at byte {exc.start})"))
    except csv.Error as exc:
        out.errors.append((0, f"not a readable CSV file: {exc}"))
    return out


def validate_rows(table: str, parsed: ParsedCsv, known_gpu_ids: set[str],
                  progress: Callable[[int], None] | None = None) -> list[tuple[int, Any]]:
    """Validate every parsed row into GpuSpec / PriceOffer / ModelRecord.

    Appends ``(line, reason)`` to ``parsed.errors`` for each bad row (bad value,
    duplicate id, unknown ``gpu_id``) and returns the good ones as ``(line, record)``.
    ``progress(done_rows)`` is called every 1,000 rows.
    """
    good: list[tuple[int, Any]] = []
    first_line: dict[str, int] = {}
    for i, (line, row) in enumerate(parsed.rows, start=1):
        try:
            if table == "prices":
                rec: Any = check_price(PriceOffer.model_validate(row))
                if rec.gpu_id not in known_gpu_ids:
                    raise ValueError(f"gpu_id: unknown GPU {rec.gpu_id!r} (add it to gpus first)")
            else:
                if table == "gpus":
                    rec = GpuSpec.model_validate(row)
                else:
                    rec = ModelRecord.model_validate(row)
                    rec.to_arch()
                if rec.id in first_line:
                    raise ValueError(f"id {rec.id!r} repeats line {first_line[rec.id]}")
                first_line[rec.id] = line
            good.append((line, rec))
        except (ValidationError, ValueError) as exc:
            parsed.errors.append((line, validation_message(exc)))
        if progress is not None and i % 1000 == 0:
            progress(i)
    if progress is not None:
        progress(len(parsed.rows))
    return good
