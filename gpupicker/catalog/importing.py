"""CSV import and export of the catalog tables (:class:`CsvImportMixin`). No Qt.

The repository's ``import_csv`` / ``export_csv``
give a preview (``dry_run``), an all-or-nothing write, a backup first and
per-row errors. No Qt.

The tracker files (SkyPilot, gpuhunt) are converted to price rows by :mod:`.trackers` and
imported here.
"""

from __future__ import annotations

import contextlib
import gc
import os
from collections import defaultdict
from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path
from typing import IO, Any

from .backups import BackupsMixin
from .bundle import price_natural_key
from .catalog_file import utc_now
from .csv_io import ImportResult, ProgressCallback, RowValues, check_table, drop_exact_duplicates, write_csv
from .csv_read import StringPool, iter_csv, scan_csv_file, validate_rows
from .prices import PricesMixin
from .record_checks import observed_start
from .records import GPU_COLUMNS, MODEL_COLUMNS, PRICE_COLUMNS
from .rows import same_value, upsert_row

# ---- CSV import and export of the catalog tables ---------------------------------------------
_OBSERVED = PRICE_COLUMNS.index("observed")


class CsvImportMixin(BackupsMixin, PricesMixin):
    """``export_csv`` / ``import_csv`` of the repository (all-or-nothing, backup first)."""

    def export_csv(self, table: str, path: str | os.PathLike[str] | IO[str]) -> int:
        """Write ``table`` as CSV with the bundled file's columns, to a file or a text stream.

        ``table`` is gpus, prices or models; a file
        ``path`` is written atomically, a stream (e.g. ``sys.stdout``) as it is.

        Text cells starting with ``= + - @`` (or tab/CR) get a leading ``'`` so a
        spreadsheet shows them as text; numeric columns are plain numbers.

        Returns:
            Number of rows written.

        Raises:
            ValueError: for an unknown table. OSError: when the file cannot be written.
        """
        check_table(table)
        order = "id" if table == "prices" else "rowid"
        rows = self._query(f"SELECT * FROM {table} WHERE deleted = 0 ORDER BY {order}")
        return write_csv(table, rows, Path(path) if isinstance(path, (str, os.PathLike)) else path)

    def import_csv(
        self,
        table: str,
        path: str | os.PathLike[str],
        progress: ProgressCallback | None = None,
        *,
        column_map: dict[str, str | None] | None = None,
        dry_run: bool = False,
        newer_replaces: bool = False,
        skip_duplicates: bool = False,
        source_file: str | None = None,
    ) -> ImportResult:
        """Import a CSV into ``table``: all rows or none.

        The file is streamed, never read whole: a file over 512 MiB
        (``csv_read.MAX_IMPORT_BYTES``) or over 1,000,000 rows, binary content, non-UTF-8
        text, a line over 4 MiB or a cell over 64 KiB is rejected with an error
        (the size check needs no reading at all).

        Every row is validated first (pydantic records, pricing type, finite and sane
        numbers — a price must be > 0 and ≤ 100,000 per GPU-hour —, ``observed`` date
        form, currency code, known ``gpu_id``, no repeated ids). If any row is bad
        nothing is written and ``result.errors`` lists ``(line_number, reason)`` for
        each. Otherwise a backup is taken and all rows are written in one transaction:
        GPUs and models are upserted by id. Prices are matched to current rows:

        1. by (gpu_id, provider, region, pricing, observed, gpus_per_instance) —
           repeated keys pair up in order;
        2. a row with a blank ``observed`` that found no match in step 1 is matched
           by (gpu_id, provider, region, pricing, gpus_per_instance) alone, pairing
           up in order with current rows not matched in step 1 — so re-importing a
           price without a date updates the offer instead of adding a duplicate;
        3. with ``newer_replaces`` (the tracker imports, catalog/trackers.py): a dated row
           still unmatched updates the current row with the same (gpu_id, provider,
           region, pricing, gpus_per_instance) and the latest ``observed`` not after its
           own — a newer observation of the same offer becomes current, the older one
           its history;

        matched rows are updated (the old version goes to the history), the rest are
        added. Rows not in the file are kept. Imported rows count as user-changed.

        Args:
            table: ``"gpus"``, ``"prices"`` or ``"models"``.
            path: CSV file with a header (columns of the bundled CSVs; a subset is fine
                if it has the required ones).
            progress: ``progress(done, total)``; total = 2 × the file's data lines
                (validation, then writing), constant during one import.
            column_map: optional CSV header → catalog column (None/"" ignores a column).
            dry_run: validate only (no backup, no write).
            newer_replaces: step 3 above.
            skip_duplicates: leave out rows that repeat an earlier row of the file exactly
                (``result.duplicates`` counts them either way; ``result.skipped`` the left-out).
            source_file: the file name price rows record as ``imported_from`` (default:
                ``path``'s name); an imported row is not the user's own price: it keeps the kind
                and trust marks its source gives it (core.price_kind).

        Returns:
            An :class:`ImportResult`; check ``ok``.

        Raises:
            ValueError: unknown table. OSError: the file cannot be read.
            CatalogReadOnlyError: the catalog is read-only (not raised for ``dry_run``).
        """
        check_table(table)
        if not dry_run:
            self._refuse_if_read_only(f"import {table}")
        with _gc_paused():  # 100k short-lived records: cyclic GC passes cost ~40 % here
            return self._import_csv(
                table,
                Path(path),
                progress,
                column_map,
                dry_run,
                newer_replaces,
                skip_duplicates,
                source_file or Path(path).name,
            )

    def _import_csv(
        self,
        table: str,
        path: Path,
        progress: ProgressCallback | None,
        column_map: dict[str, str | None] | None,
        dry_run: bool,
        newer_replaces: bool = False,
        skip_duplicates: bool = False,
        source_file: str = "",
    ) -> ImportResult:
        lines, errors = scan_csv_file(path)
        if errors:
            return ImportResult(table=table, errors=errors, dry_run=dry_run)
        est = max(1, lines - 1)  # data lines (header excluded) ≈ rows: the progress scale
        total = 2 * est
        known = {r["id"] for r in self._query("SELECT id FROM gpus WHERE deleted = 0")}
        rows = iter_csv(table, path, errors, column_map)
        good = validate_rows(
            table,
            rows,
            errors,
            known,
            None if progress is None else (lambda d: progress(min(d, est), total)),
            known_currencies=set(self.get_fx_rates()),
        )
        n_rows = len(good)
        duplicates = drop_exact_duplicates(good, skip_duplicates and not errors and not dry_run)
        if errors or dry_run:
            return ImportResult(
                table=table,
                rows=n_rows,
                errors=sorted(errors, key=lambda e: e[0]),
                dry_run=dry_run,
                duplicates=duplicates,
            )
        backup = self.backup()
        n = len(good)
        counts: dict[str, int] = {"inserted": 0, "updated": 0, "unchanged": 0}

        def write_progress(d: int) -> None:
            if progress is not None:
                progress(est + min(est, d * est // max(1, n)), total)

        with self._write():
            now = utc_now()
            items = [v for _, v in good]
            good.clear()
            if table == "prices":
                self._import_prices(
                    items, counts, now, write_progress, newer_replaces=newer_replaces, source_file=source_file
                )
            else:
                self._import_records(table, items, counts, now, write_progress)
        if progress is not None:
            progress(total, total)
        return ImportResult(
            table=table,
            rows=n_rows,
            inserted=counts["inserted"],
            updated=counts["updated"],
            unchanged=counts["unchanged"],
            backup_path=backup,
            duplicates=duplicates,
            skipped=n_rows - n,
        )

    def _import_records(
        self,
        table: str,
        items: list[RowValues],
        counts: dict[str, int],
        now: str,
        progress: Callable[[int], None],
    ) -> None:
        conn = self.db.conn
        cols = GPU_COLUMNS if table == "gpus" else MODEL_COLUMNS
        cur = conn.execute(f"SELECT * FROM {table}")
        names = [d[0] for d in cur.description]
        existing = {r[0]: dict(zip(names, r, strict=True)) for r in cur.fetchall()}
        for i, values in enumerate(items, start=1):
            assert isinstance(values, dict), "validate_rows gives gpus/models rows as dicts"
            old = existing.get(values["id"])
            if old is None:
                upsert_row(self.db.conn, table, cols, values, origin="user", user_modified=1, now=now)
                counts["inserted"] += 1
            elif not old["deleted"] and all(same_value(old.get(c), values.get(c)) for c in cols):
                counts["unchanged"] += 1
            else:
                upsert_row(self.db.conn, table, cols, values, origin=old["origin"], user_modified=1, now=now)
                counts["updated"] += 1
            if i % 1000 == 0:
                progress(i)

    def _import_prices(
        self,
        items: list[Any],
        counts: dict[str, int],
        now: str,
        progress: Callable[[int], None],
        *,
        newer_replaces: bool = False,
        source_file: str = "",
    ) -> None:
        """Match and write validated price tuples, recording their file as ``imported_from``.

        The tuples are in ``PRICE_COLUMNS`` order; the rows written
        record ``source_file`` as ``imported_from``.
        """
        conn = self.db.conn
        cols = ", ".join(PRICE_COLUMNS)
        pool = StringPool(max_entries=50_000)

        def natural_key(t: tuple[Any, ...]) -> tuple[str, ...]:
            return tuple(map(pool, price_natural_key(dict(zip(PRICE_COLUMNS, t, strict=True)))))

        # current rows: key → row ids only (values are fetched for matched rows below), so
        # a big catalog costs little memory here
        by_key: dict[tuple[str, ...], list[int]] = defaultdict(list)
        for r in conn.execute(f"SELECT id, {cols} FROM prices WHERE deleted = 0 ORDER BY id"):
            by_key[natural_key(r[1:])].append(r[0])
        loose: dict[tuple[str, ...], list[int]] = defaultdict(list)
        for key, rids in by_key.items():
            loose[_loose_key(key)].extend(rids)
        by_key_observed = by_key if newer_replaces else {}
        for rids in loose.values():
            rids.sort()
        used: dict[tuple[str, ...], int] = defaultdict(int)
        claimed: set[int] = set()
        matched: list[int | None] = []
        for values in items:  # step 1: the full natural key (observed included)
            key = natural_key(values)
            k = used[key]
            used[key] = k + 1
            matches = by_key.get(key, [])
            rid = matches[k] if k < len(matches) else None
            if rid is not None:
                claimed.add(rid)
            matched.append(rid)
        if not newer_replaces:
            del by_key
        loose_used: dict[tuple[str, ...], int] = defaultdict(int)
        for i, values in enumerate(items):  # step 2: no date → match without observed
            if matched[i] is not None or values[_OBSERVED]:
                continue
            lk = _loose_key(natural_key(values))
            free = loose.get(lk, [])
            j = loose_used[lk]
            while j < len(free) and free[j] in claimed:
                j += 1
            if j < len(free):
                matched[i] = free[j]
                claimed.add(free[j])
                j += 1
            loose_used[lk] = j
        if newer_replaces:  # step 3: a newer observation of the same offer
            _match_newer_observations(items, matched, claimed, loose, by_key_observed, natural_key)
        del loose, claimed, used, loose_used
        inserts: list[tuple[Any, str | None]] = []
        updates: list[tuple[int, Any]] = []
        pairs: list[tuple[int, int]] = []
        for i, rid in enumerate(matched):
            if rid is None:
                inserts.append((items[i], None))
            else:
                pairs.append((i, rid))
        for s in range(0, len(pairs), 500):  # compare matched rows with their stored values
            part = pairs[s : s + 500]
            old = {
                r[0]: r[1:]
                for r in conn.execute(
                    f"SELECT id, {cols} FROM prices WHERE id IN ({', '.join('?' * len(part))})",
                    [rid for _, rid in part],
                )
            }
            for i, rid in part:
                if all(same_value(a, b) for a, b in zip(old[rid], items[i], strict=True)):
                    counts["unchanged"] += 1
                else:
                    updates.append((rid, items[i]))
        chunk = 5000
        done = counts["unchanged"]
        for s in range(0, len(updates), chunk):
            upd = updates[s : s + chunk]
            self._update_price_rows(upd, user_modified=1, now=now, imported_from=source_file)
            done += len(upd)
            progress(done)
        for s in range(0, len(inserts), chunk):
            ins = inserts[s : s + chunk]
            self._insert_price_rows(ins, origin="user", user_modified=1, now=now, imported_from=source_file)
            done += len(ins)
            progress(done)
        counts["updated"] = len(updates)
        counts["inserted"] = len(inserts)


def _match_newer_observations(
    items: list[Any],
    matched: list[int | None],
    claimed: set[int],
    loose: dict[tuple[str, ...], list[int]],
    by_key: dict[tuple[str, ...], list[int]],
    natural_key: Callable[[tuple[Any, ...]], tuple[str, ...]],
) -> None:
    """Match dated rows to the stored observation of their offer made on or before them.

    Match each unmatched dated row of ``items`` to the stored row of the same offer (its
    key without ``observed``, in ``loose``) observed latest on or before it; ``matched`` and
    ``claimed`` are updated in place. ``by_key``: the stored rows' full keys (``observed`` is
    the key's fifth part).
    """
    observed = {rid: key[4] for key, rids in by_key.items() for rid in rids}
    for i, values in enumerate(items):
        if matched[i] is not None or not values[_OBSERVED]:
            continue
        new_date = _observed_date(values[_OBSERVED])
        cands = [
            (_observed_date(observed.get(rid, "")), rid)
            for rid in loose.get(_loose_key(natural_key(values)), [])
            if rid not in claimed
        ]
        cands = [(d, rid) for d, rid in cands if d <= new_date]
        if cands:
            rid = max(cands)[1]
            matched[i] = rid
            claimed.add(rid)


@contextlib.contextmanager
def _gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector (bulk loads create no reference cycles)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _observed_date(text: str) -> Any:
    """First day ``observed`` can mean (date.min for blank/unknown/unparseable)."""
    try:
        return observed_start(text or "") or date.min
    except ValueError:
        return date.min


def _loose_key(key: tuple[str, ...]) -> tuple[str, ...]:
    """A price natural key without ``observed`` (index 4)."""
    return key[:4] + key[5:]
