"""CSV reading and validation for import: cheap file checks, then the rows. No SQL, no Qt.

The file's checks are its size, binary data and
UTF-8; the rows are then streamed and validated into catalog records.
"""

from __future__ import annotations

import codecs
import csv
from collections.abc import Callable, Iterable, Iterator, Mapping
from datetime import date
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ..core.hardware.specs import GpuSpec, PriceOffer
from ..core.messages import Message, join, msg
from .csv_io import RowValues, check_table, unneutralize, validation_message
from .model_arch_map import model_arch_from_record
from .record_checks import CATALOG_ID_RE, check_gpu, check_model, price_problems
from .records import COLUMNS, REQUIRED_COLUMNS, ModelRecord, column_for_header

MAX_IMPORT_BYTES = 512 * 1024**2
"""Largest CSV file :meth:`CatalogRepository.import_csv` accepts (512 MiB)."""
MAX_IMPORT_ROWS = 1_000_000
"""Most data rows one import accepts."""
MAX_FIELD_CHARS = 64 * 1024
"""Longest accepted cell (64 KiB of text)."""
MAX_LINE_CHARS = 4 * 1024**2
"""Longest accepted physical line (4 MiB); longer means binary or a broken file."""
MAX_ERRORS = 1000
"""Bad rows listed before an import stops checking (nothing is imported either way)."""
_SCAN_CHUNK = 1024**2


def _size_text(n: float) -> str:
    for unit in ("bytes", "KiB", "MiB", "GiB"):
        if n < 1024 or unit == "GiB":
            return f"{n:,.0f} {unit}" if unit == "bytes" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} GiB"  # pragma: no cover


def scan_csv_file(path: Path) -> tuple[int, list[tuple[int, str]]]:
    """Cheap checks before parsing: size cap, binary content, UTF-8; counts lines.

    Reads the file in 1 MiB chunks (never whole): a file above
    :data:`MAX_IMPORT_BYTES` is rejected from its size alone, a NUL byte or
    invalid UTF-8 stops the scan at the first bad chunk.

    Returns:
        ``(line_count, errors)`` (physical lines, header included); ``errors`` holds
        one ``(line, reason)`` when the file must not be parsed.

    Raises:
        OSError: when the file cannot be opened or read.
    """
    size = path.stat().st_size
    if size > MAX_IMPORT_BYTES:
        return 0, [
            (
                0,
                msg("catalog.csv.too_big", size=_size_text(size), limit=_size_text(MAX_IMPORT_BYTES)),
            )
        ]
    decoder = codecs.getincrementaldecoder("utf-8")()
    lines = offset = 0
    last = b"\n"
    with path.open("rb") as f:
        while chunk := f.read(_SCAN_CHUNK):
            last = chunk[-1:]
            nul = chunk.find(b"\0")
            if nul >= 0:
                return lines, [
                    (
                        lines + chunk.count(b"\n", 0, nul) + 1,
                        msg("catalog.csv.nul_byte", offset=f"{offset + nul:,}"),
                    )
                ]
            try:
                decoder.decode(chunk)
            except UnicodeDecodeError as exc:
                pos = max(0, min(len(chunk), exc.start))
                return lines, [
                    (
                        lines + chunk.count(b"\n", 0, pos) + 1,
                        msg("catalog.csv.not_utf8_near", why=exc.reason, offset=f"{offset + pos:,}"),
                    )
                ]
            lines += chunk.count(b"\n")
            offset += len(chunk)
            if lines > MAX_IMPORT_ROWS + 1:
                return lines, [
                    (
                        0,
                        msg("catalog.csv.too_many_rows", n=f"{MAX_IMPORT_ROWS:,}"),
                    )
                ]
        try:
            decoder.decode(b"", final=True)
        except UnicodeDecodeError as exc:
            return lines, [(lines + 1, msg("catalog.csv.not_utf8_end", why=exc.reason))]
    return lines + (last != b"\n"), []


def _limited_lines(f: Any, errors: list[tuple[int, str]]) -> Iterator[str]:
    """Lines of ``f``, stopping (with an error) at a line longer than MAX_LINE_CHARS."""
    n = 0
    while line := f.readline(MAX_LINE_CHARS + 1):
        n += 1
        if len(line) > MAX_LINE_CHARS:
            errors.append((n, msg("catalog.csv.line_too_long", line=n, limit=_size_text(MAX_LINE_CHARS))))
            return
        yield line


def semicolon_header(table: str, header: list[str], mapping: Mapping[str, str | None]) -> bool:
    """Whether ``header`` is ``table``'s columns separated by ';', not ','.

    Excel writes ';' where the decimal mark is a comma. The comma reader then sees one cell;
    when every name it splits into at ';' is a column of ``table`` (or mapped to one), the
    file is a semicolon CSV, not a typo.
    """
    if len(header) != 1:  # commas split it: not a semicolon file
        return False
    names = [n.strip().strip('"').strip() for n in header[0].split(";")]
    if len(names) < 2:
        return False
    known = set(COLUMNS[table])
    return all((mapping[n] if n in mapping else column_for_header(table, n)) in known for n in names)


def iter_csv(
    table: str, path: Path, errors: list[tuple[int, str]], column_map: Mapping[str, str | None] | None = None
) -> Iterator[tuple[int, dict[str, str]]]:
    """Stream the data rows of a CSV for ``table`` as ``(line_number, {column: text})``.

    Checks the header first (unknown, repeated or missing columns); an old header name
    counts as today's column (:func:`~.records.column_for_header`). Blank cells are
    left out of the dicts (blank = unknown); blank lines are skipped. Problems are
    appended to ``errors`` as ``(line, reason)``: per-row ones (too many cells, a
    cell over :data:`MAX_FIELD_CHARS`) let the stream continue; file-level ones
    (header, bad CSV quoting, an over-long line) end it. Call
    :func:`scan_csv_file` first to reject binary, non-UTF-8 or oversized files.

    Args:
        table: gpus, prices or models.
        path: the CSV file (UTF-8, optional BOM, header row).
        errors: list the problems are appended to.
        column_map: optional CSV header → catalog column; map a header to None or ""
            to ignore that column.

    Raises:
        OSError: when the file cannot be opened.
    """
    check_table(table)
    mapping = dict(column_map or {})
    known = set(COLUMNS[table])
    with path.open(encoding="utf-8-sig", newline="") as f:
        reader = csv.reader(_limited_lines(f, errors))
        try:
            header = next(reader, None)
            if header is None:
                if not errors:
                    errors.append((1, msg("catalog.csv.empty")))
                return
            cols: list[str | None] = []
            for h in header:
                name = h.strip()
                target = mapping[name] if name in mapping else column_for_header(table, name)
                cols.append(target or None)
            named = [c for c in cols if c]
            unknown = [c for c in named if c not in known]
            dupes = sorted({c for c in named if named.count(c) > 1})
            missing = [c for c in REQUIRED_COLUMNS[table] if c not in named]
            n_before = len(errors)
            if unknown and semicolon_header(table, header, mapping):
                errors.append((1, msg("catalog.csv.semicolons")))
                return
            if unknown:
                expected = ", ".join(COLUMNS[table])
                unknown_text = ", ".join(unknown)
                errors.append(
                    (
                        1,
                        msg(
                            "catalog.csv.unknown_columns",
                            columns=unknown_text,
                            table=table,
                            expected=expected,
                        ),
                    )
                )
            if dupes:
                errors.append((1, msg("catalog.csv.repeated_columns", columns=", ".join(dupes))))
            if missing:
                errors.append((1, msg("catalog.csv.missing_columns", columns=", ".join(missing))))
            if len(errors) > n_before:
                return
            width = len(cols)
            line = reader.line_num + 1
            for cells in reader:
                start, line = line, reader.line_num + 1
                if not any(c.strip() for c in cells):
                    continue
                if len(cells) > width and any(c.strip() for c in cells[width:]):
                    errors.append((start, msg("catalog.csv.cell_count", cells=len(cells), width=width)))
                    continue
                row = {}
                too_long = None
                for c, v in zip(cols, cells, strict=False):
                    if c and v and (v := v.strip()):  # blank cells are left out: unknown
                        if len(v) > MAX_FIELD_CHARS:
                            too_long = c
                            break
                        row[c] = unneutralize(v) if v[0] == "'" else v
                if too_long is not None:
                    reason = msg("catalog.csv.cell_too_long", limit=_size_text(MAX_FIELD_CHARS))
                    errors.append((start, msg("catalog.field", field=too_long, reason=reason)))
                    continue
                yield start, row
        except UnicodeDecodeError as exc:
            errors.append((0, msg("catalog.csv.not_utf8_at", why=exc.reason, offset=exc.start)))
        except csv.Error as exc:
            errors.append((reader.line_num, msg("catalog.csv.unreadable", error=str(exc))))


class StringPool:
    """One string object per distinct short value (provider, pricing, currency, dates …).

    Validated rows are kept until they are written; sharing the repeated cell values
    roughly halves their memory. The table is bounded so unique values cannot grow it.
    """

    def __init__(self, max_entries: int = 20_000, max_len: int = 64) -> None:
        """Pool at most ``max_entries`` values of at most ``max_len`` characters each."""
        self._table: dict[str, str] = {}
        self._max_entries, self._max_len = max_entries, max_len

    def __call__(self, v: str) -> str:
        """The pooled object equal to ``v`` (``v`` itself when new, or too long to pool)."""
        got = self._table.get(v)
        if got is not None:
            return got
        if len(v) <= self._max_len and len(self._table) < self._max_entries:
            self._table[v] = v
        return v


def validate_rows(
    table: str,
    rows: Iterable[tuple[int, dict[str, str]]],
    errors: list[tuple[int, str]],
    known_gpu_ids: set[str],
    progress: Callable[[int], None] | None = None,
    *,
    known_currencies: set[str] | frozenset[str] = frozenset(),
) -> list[tuple[int, RowValues]]:
    """Validate rows into GpuSpec / PriceOffer / ModelRecord values, streaming.

    Appends ``(line, reason)`` to ``errors`` for each bad row (bad or non-finite
    value, absurd magnitude, bad ``observed``/currency, duplicate id, unknown
    ``gpu_id``) and returns the good ones as ``(line, column values)`` — a dict for
    gpus/models, a tuple in ``COLUMNS["prices"]`` order for prices; once a row
    is bad, later good rows are only checked (not kept), since nothing will be
    written. ``progress(done_rows)`` is called every 1,000 rows.
    """
    good: list[tuple[int, RowValues]] = []
    first_line: dict[str, int] = {}
    shared = StringPool()
    price_cols = COLUMNS["prices"]
    today = date.today()
    n_before = len(errors)
    i = 0
    for i, (line, row) in enumerate(rows, start=1):  # noqa: B007 - i is used after the loop
        try:
            if table == "prices":
                rec: Any = checked_price_row(row, known_gpu_ids, known_currencies, today)
            else:
                if table == "gpus":
                    rec = check_gpu(GpuSpec.model_validate(row))
                else:
                    rec = check_model(ModelRecord.model_validate(row))
                    model_arch_from_record(rec)
                if rec.id in first_line:
                    reason = msg("catalog.id.repeats_line", value=repr(rec.id), line=first_line[rec.id])
                    raise ValueError(msg("catalog.field_named", field="id", reason=reason))
                first_line[rec.id] = line
            if len(errors) == n_before:
                values = rec.__dict__
                if table == "prices":  # a tuple in PRICE_COLUMNS order: a third of a dict
                    good.append(
                        (
                            line,
                            tuple(
                                shared(v) if type(v) is str else v
                                for v in map(values.__getitem__, price_cols)
                            ),
                        )
                    )
                else:
                    good.append((line, dict(values)))
        except (ValidationError, ValueError) as exc:
            errors.append((line, validation_message(exc)))
            if len(errors) - n_before >= MAX_ERRORS:
                errors.append((line, msg("catalog.csv.stopped", n=f"{MAX_ERRORS:,}")))
                break
        if i > MAX_IMPORT_ROWS:
            errors.append((line, msg("catalog.csv.too_many_rows", n=f"{MAX_IMPORT_ROWS:,}")))
            break
        if progress is not None and i % 1000 == 0:
            progress(i)
    if progress is not None:
        progress(i)
    return good


def checked_price_row(
    row: Mapping[str, str],
    known_gpu_ids: set[str],
    known_currencies: set[str] | frozenset[str],
    today: date,
) -> PriceOffer:
    """One prices.csv row as a checked ``PriceOffer``, or one error naming all its problems.

    The problems are pydantic's refusals, the catalog's rules
    (:func:`~.record_checks.price_problems`) on the fields pydantic accepted, and a
    ``gpu_id`` the catalog lacks — so fixing one cell never uncovers another on the next
    attempt.

    Raises:
        ValidationError: pydantic's refusal when it is the row's only problem.
        ValueError: the catalog's rule(s) the row breaks, or pydantic's and the catalog's
            problems together (``field: reason; …``).
    """
    try:
        offer = PriceOffer.model_validate(row)
    except ValidationError as exc:
        refused = {str(e["loc"][0]) for e in exc.errors() if e.get("loc")}
        rest = _parsed({k: v for k, v in row.items() if k not in refused})
        problems = price_problems(rest, known_currencies=known_currencies, today=today)
        problems += _unknown_gpu(rest.get("gpu_id"), known_gpu_ids)
        if not problems:
            raise
        raise ValueError(join([validation_message(exc), *problems], "clauses")) from None
    problems = price_problems(offer.__dict__, known_currencies=known_currencies, today=today)
    problems += _unknown_gpu(offer.gpu_id, known_gpu_ids)
    if problems:
        raise ValueError(problems[0] if len(problems) == 1 else join(problems, "clauses"))
    return offer


def _parsed(cells: Mapping[str, str]) -> dict[str, Any]:
    """The cells of a price row pydantic accepted, its numbers as numbers.

    Pydantic parsed them already, so a conversion here cannot fail on a cell it accepted;
    one that does is dropped.
    """
    out: dict[str, Any] = dict(cells)
    for name, kind in (("price_per_gpu_hour", float), ("gpus_per_instance", int)):
        if name in out:
            try:
                out[name] = kind(out[name])
            except ValueError:
                del out[name]
    return out


def _unknown_gpu(gpu_id: str | None, known_gpu_ids: set[str]) -> list[Message]:
    """The refusal of a ``gpu_id`` that is no GPU of the catalog (none for a known one)."""
    if gpu_id is None or gpu_id in known_gpu_ids or not CATALOG_ID_RE.match(gpu_id):
        return []  # no id, a known one, or one price_problems already refuses
    reason = msg("catalog.gpu.unknown_in_file", value=repr(gpu_id))
    return [msg("catalog.field", field="gpu_id", reason=reason)]
