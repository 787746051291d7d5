"""Import the catalog files price trackers publish: SkyPilot ``vms.csv`` and gpuhunt CSVs. No Qt.

Someone with a network elsewhere downloads the files; gpupicker only reads them.

* SkyPilot (github.com/skypilot-org/skypilot-catalog, ``catalogs/v8/<cloud>/vms.csv``):
  ``InstanceType, AcceleratorName, AcceleratorCount, vCPUs, MemoryGiB, GpuInfo, Price,
  SpotPrice, Region[, AvailabilityZone, Arch]`` — ``Price``/``SpotPrice`` per instance-hour
  in USD; the cloud is the file's folder name (``lambda``, ``aws`` …).
* gpuhunt (github.com/dstackai/gpuhunt, offline catalog ``<provider>.csv``):
  ``instance_name, location, price, cpu, memory, gpu_count, gpu_name, gpu_memory, spot,
  disk_size, gpu_vendor[, flags]`` — ``price`` per instance-hour in USD, ``spot`` True/False;
  the provider is the file name.

Each GPU row becomes a price row per pricing (on-demand ``Price``, ``spot`` ``SpotPrice`` /
``spot=True``): per-GPU price = instance price / GPU count, ``gpus_per_instance`` = count,
``observed`` = the file's modification date (when it was downloaded) unless given. Identical
rows (SkyPilot lists one per availability zone) are written once. Rows without a GPU
(CPU instances) are skipped; an accelerator name gpupicker cannot map to a catalog GPU id
is a row error naming it (``skip_unknown`` turns those into skipped rows), and so is a
fractional GPU count. The converted rows then go through :meth:`CatalogRepository.import_csv`
— the same preview (``dry_run``), all-or-nothing write, backup and per-row errors as any
price import, with line numbers of the tracker file — with ``newer_replaces``: a newer
file's row updates the same offer (GPU, provider, region, pricing, instance size), whose
older observation goes to its price history, instead of adding a second offer.

:class:`CsvImportMixin` (the end of this module) is that import and the CSV export: the
repository's ``import_csv`` / ``export_csv``.
"""

from __future__ import annotations

import contextlib
import csv
import dataclasses
import gc
import math
import os
import re
import tempfile
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from pathlib import Path
from typing import IO, Any

from .backups import BackupsMixin
from .bundle import price_natural_key
from .connection import utc_now
from .csv_io import (
    MAX_FIELD_CHARS,
    ImportResult,
    ProgressCallback,
    RowValues,
    StringPool,
    check_table,
    drop_exact_duplicates,
    iter_csv,
    scan_csv_file,
    validate_rows,
    write_csv,
)
from .prices import PricesMixin
from .record_checks import observed_start
from .records import GPU_COLUMNS, MODEL_COLUMNS, PRICE_COLUMNS
from .rows import same_value, upsert_row

FORMATS = ("skypilot", "gpuhunt")

ACCELERATOR_IDS: dict[str, str] = {
    # SkyPilot common/accelerators.csv names and gpuhunt gpu_name values, normalized by
    # _norm (upper case, letters and digits only). 40/80 GB A100s, PCIe/SXM H100s are told
    # apart in map_accelerator by memory and instance type.
    "A100": "a100_sxm_40gb",
    "A10080GB": "a100_sxm_80gb",
    "A100SXM480GB": "a100_sxm_80gb",
    "A100PCIE": "a100_pcie_40gb",
    "A10080GBPCIE": "a100_pcie_80gb",
    "H100": "h100_sxm",
    "H100SXM": "h100_sxm",
    "H100MEGA": "h100_sxm",
    "H100PCIE": "h100_pcie",
    "H100NVL": "h100_nvl",
    "H200": "h200_sxm",
    "H20": "h20",
    "B200": "b200",
    "GB200": "gb200",
    "B300": "b300",
    "GB300": "gb300",
    "L40S": "l40s",
    "L40": "l40",
    "L4": "l4",
    "A10": "a10",
    "A10G": "a10g",
    "A40": "a40",
    "V100": "v100_sxm2_16gb",
    "V10032GB": "v100_sxm2_32gb",
    "T4": "t4",
    "A6000": "rtx_a6000",
    "RTXA6000": "rtx_a6000",
    "A5000": "rtx_a5000",
    "RTXA5000": "rtx_a5000",
    "A4000": "rtx_a4000",
    "RTXA4000": "rtx_a4000",
    "RTX6000ADA": "rtx_6000_ada",
    "RTX6000": "rtx_6000_ada",
    "RTX4000ADA": "rtx_4000_ada",
    "RTXPRO6000": "rtx_pro_6000_blackwell",
    "RTXPRO6000BLACKWELL": "rtx_pro_6000_blackwell",
    "RTX5090": "rtx_5090",
    "RTX5080": "rtx_5080",
    "RTX4090": "rtx_4090",
    "RTX4080": "rtx_4080",
    "RTX4080SUPER": "rtx_4080_super",
    "RTX3090": "rtx_3090",
    "RTX3090TI": "rtx_3090_ti",
    "RTX3080": "rtx_3080",
    "MI300X": "mi300x",
    "MI325X": "mi325x",
    "MI250X": "mi250x",
    "MI355X": "mi355x",
    "GAUDI2": "gaudi2",
    "GAUDIHL205": "gaudi2",
    "GAUDI3": "gaudi3",
}
"""Normalized tracker accelerator name → catalog GPU id."""

PROVIDER_NAMES: dict[str, str] = {
    "aws": "AWS",
    "gcp": "GCP",
    "azure": "Azure",
    "lambda": "Lambda",
    "runpod": "RunPod",
    "oci": "Oracle Cloud",
    "vast": "Vast.ai",
    "vastai": "Vast.ai",
    "do": "DigitalOcean",
    "nebius": "Nebius",
    "paperspace": "Paperspace",
    "fluidstack": "FluidStack",
    "cudo": "Cudo Compute",
    "datacrunch": "DataCrunch (Verda)",
    "verda": "DataCrunch (Verda)",
    "hyperstack": "Hyperstack",
    "scaleway": "Scaleway",
    "ovhcloud": "OVHcloud",
    "tensordock": "TensorDock",
    "vultr": "Vultr",
    "crusoe": "Crusoe",
    "coreweave": "CoreWeave",
}
"""Tracker cloud/provider keys → the provider names the bundled catalog uses."""


def _norm(name: str) -> str:
    return re.sub(r"[^A-Z0-9]", "", name.upper())


def map_accelerator(name: str, *, memory_gb: float | None = None, instance: str = "") -> str | None:
    """Catalog GPU id for a tracker accelerator name (None when unknown).

    ``memory_gb`` (gpuhunt ``gpu_memory``, SkyPilot ``GpuInfo`` MiB / 1024) picks the 80 GB
    A100 and 32 GB V100; "pcie" in ``instance`` picks the PCIe A100/H100.
    """
    key = _norm(name)
    gid = ACCELERATOR_IDS.get(key)
    if gid is None:
        return None
    pcie = "pcie" in instance.lower()
    if gid.startswith("a100"):
        big = (memory_gb or 0) >= 60 or "80" in key
        gid = f"a100_{'pcie' if pcie else 'sxm'}_{'80gb' if big else '40gb'}"
    elif gid == "h100_sxm" and pcie:
        gid = "h100_pcie"
    elif gid == "v100_sxm2_16gb" and (memory_gb or 0) >= 30:
        gid = "v100_sxm2_32gb"
    return gid


def _assumed(name: str, memory_gb: float | None, instance: str) -> str:
    """What :func:`map_accelerator` had to assume for ``name`` ('' when nothing)."""
    key = _norm(name)
    said = []
    if key in ("A100", "H100", "A100PCIE") and "pcie" not in instance.lower() and "PCIE" not in key:
        said.append("SXM form factor assumed (the instance name does not say PCIe)")
    if key in ("A100", "V100", "A100PCIE") and memory_gb is None:
        said.append("memory size not given: the smaller card assumed")
    return f" ({'; '.join(said)})" if said else ""


def detect_format(header: Sequence[str]) -> str | None:
    """``skypilot``, ``gpuhunt`` or None from a CSV header."""
    cols = set(header)
    if {"InstanceType", "AcceleratorName", "AcceleratorCount", "Price"} <= cols:
        return "skypilot"
    if {"instance_name", "gpu_name", "gpu_count", "price"} <= cols:
        return "gpuhunt"
    return None


@dataclass
class TrackerImport:
    """A tracker import: the price import's result plus what was left out.

    Attributes:
        result: the :class:`ImportResult` (errors carry the tracker file's line numbers).
        format: ``skypilot`` or ``gpuhunt``.
        provider: provider name written to the rows.
        skipped: ``(line, reason)`` of rows left out (no GPU, no price, unknown accelerator
            with ``skip_unknown``).
    """

    result: ImportResult
    format: str
    provider: str
    skipped: list[tuple[int, str]] = field(default_factory=list)


def _gib_from_gpuinfo(text: str) -> float | None:
    m = re.search(r"'SizeInMiB':\s*([0-9.]+)", text or "")
    return float(m.group(1)) / 1024 if m else None


def _num(text: str) -> float | None:
    """A finite number, else None: ``nan`` and ``inf`` are no GPU count or price."""
    try:
        v = float(text)
    except (TypeError, ValueError):
        return None
    return v if math.isfinite(v) else None


class TrackerCsvError(ValueError):
    """A tracker file whose CSV cannot be read on; ``args[0]`` is ``(line, reason)``."""


def _tracker_rows(reader: Any, path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """The rows of a tracker CSV with their line numbers, a cell over
    :data:`~.csv_io.MAX_FIELD_CHARS` or broken quoting ending the file with one error (the
    csv module's own limit is 128 KiB and its error is Python's text)."""
    line = 1
    try:
        for line, r in enumerate(reader, start=2):
            if any(isinstance(v, str) and len(v) > MAX_FIELD_CHARS for v in r.values()):
                raise TrackerCsvError(
                    (line, f"a cell is longer than {MAX_FIELD_CHARS // 1024} KiB: not a tracker CSV row")
                )
            yield line, r
    except csv.Error:
        raise TrackerCsvError(
            (
                line + 1,
                f"{path.name} is not a readable CSV file from line "
                f"{line + 1} (a cell over 128 KiB, or broken "
                "quoting)",
            )
        ) from None


def convert(
    path: Path,
    fmt: str | None = None,
    *,
    provider: str | None = None,
    observed: str | None = None,
    skip_unknown: bool = False,
) -> tuple[str, str, list[tuple[int, dict[str, Any]]], list[tuple[int, str]], list[tuple[int, str]]]:
    """Read a tracker file into price rows.

    Returns:
        (format, provider, [(tracker line, price row)], errors, skipped).

    Raises:
        ValueError: unknown format or provider. OSError: the file cannot be read.
    """
    with path.open(encoding="utf-8-sig", newline="") as f:
        reader = csv.DictReader(f)
        header = reader.fieldnames or []
        fmt = fmt or detect_format(header)
        if fmt not in FORMATS:
            raise ValueError(
                f"{path.name}: not a SkyPilot vms.csv (InstanceType, "
                "AcceleratorName, AcceleratorCount, Price …) or gpuhunt CSV "
                "(instance_name, gpu_name, gpu_count, price …)"
            )
        key = (path.parent.name if fmt == "skypilot" else path.stem).lower()
        prov = provider or PROVIDER_NAMES.get(key)
        if not prov:
            raise ValueError(
                f"which provider is {path.name}? give --provider (the "
                f"{'folder' if fmt == 'skypilot' else 'file'} name "
                f"{key!r} is not one gpupicker knows)"
            )
        when = observed or datetime.fromtimestamp(path.stat().st_mtime, UTC).date().isoformat()
        rows: list[tuple[int, dict[str, Any]]] = []
        errors: list[tuple[int, str]] = []
        skipped: list[tuple[int, str]] = []
        seen: set[tuple[Any, ...]] = set()
        try:
            for line, r in _tracker_rows(reader, path):
                if fmt == "skypilot":
                    name, count_t = r.get("AcceleratorName") or "", r.get("AcceleratorCount") or ""
                    inst, region = r.get("InstanceType") or "", r.get("Region") or ""
                    mem = _gib_from_gpuinfo(r.get("GpuInfo") or "")
                    prices = [("on_demand", r.get("Price")), ("spot", r.get("SpotPrice"))]
                    src = f"SkyPilot catalog vms.csv ({key}; {path.name})"
                    extra = f"vCPUs {r.get('vCPUs') or '?'}, {r.get('MemoryGiB') or '?'} GiB RAM"
                else:
                    name, count_t = r.get("gpu_name") or "", r.get("gpu_count") or ""
                    inst, region = r.get("instance_name") or "", r.get("location") or ""
                    mem = _num(r.get("gpu_memory") or "")
                    spot = (r.get("spot") or "").strip().lower() in ("true", "1", "yes")
                    prices = [("spot" if spot else "on_demand", r.get("price"))]
                    src = f"gpuhunt catalog {path.name} ({key})"
                    extra = f"cpu {r.get('cpu') or '?'}, {r.get('memory') or '?'} GB RAM"
                if not name.strip():
                    skipped.append((line, f"{inst}: no GPU"))
                    continue
                gid = map_accelerator(name, memory_gb=mem, instance=inst)
                if gid is None:
                    msg = (
                        f"unknown accelerator {name!r} ({inst}): no catalog GPU id for it; "
                        "add the GPU or leave the row out"
                    )
                    (skipped if skip_unknown else errors).append((line, msg))
                    continue
                count = _num(count_t)
                if count is None or count < 1 or count != int(count):
                    errors.append(
                        (
                            line,
                            f"{inst}: GPU count {count_t!r} is not a whole number ≥ 1 "
                            "(fractional GPUs are not modelled)",
                        )
                    )
                    continue
                n = int(count)
                any_price = False
                for pricing, text in prices:
                    v = _num(text or "")
                    if v is None or v <= 0:
                        continue
                    any_price = True
                    per_gpu = round(v / n, 6)
                    k = (gid, region, pricing, per_gpu, n)
                    if k in seen:
                        continue
                    seen.add(k)
                    rows.append(
                        (
                            line,
                            {
                                "gpu_id": gid,
                                "provider": prov,
                                "region": region,
                                "pricing": pricing,
                                "price_per_gpu_hour": per_gpu,
                                "gpus_per_instance": n,
                                "observed": when,
                                "source": src,
                                "currency": "USD",
                                "notes": f"{inst}: ${v:g}/instance-hr / {n}; {name} read as {gid}"
                                f"{_assumed(name, mem, inst)}; {extra}",
                            },
                        )
                    )
                if not any_price:
                    skipped.append((line, f"{inst}: no price"))
        except TrackerCsvError as exc:
            errors.append(exc.args[0])
    return fmt, prov, rows, errors, skipped


def import_tracker_csv(
    repo: Any,
    path: str | Path,
    fmt: str | None = None,
    *,
    provider: str | None = None,
    observed: str | None = None,
    dry_run: bool = False,
    skip_unknown: bool = False,
) -> TrackerImport:
    """Convert a SkyPilot/gpuhunt file and import it as prices (all rows or none).

    Raises:
        ValueError: unknown format or provider. OSError: the file cannot be read.
        CatalogReadOnlyError: the catalog is read-only (not for ``dry_run``).
    """
    path = Path(path)
    _, scan_errors = scan_csv_file(path)
    if scan_errors:
        return TrackerImport(
            ImportResult(table="prices", errors=scan_errors, dry_run=dry_run), fmt or "", provider or ""
        )
    fmt, prov, rows, errors, skipped = convert(
        path, fmt, provider=provider, observed=observed, skip_unknown=skip_unknown
    )
    return import_rows(repo, path, rows, errors, skipped, fmt, prov, dry_run=dry_run)


def import_rows(
    repo: Any,
    path: Path,
    rows: list[tuple[int, dict[str, Any]]],
    errors: list[tuple[int, str]],
    skipped: list[tuple[int, str]],
    fmt: str,
    prov: str,
    *,
    dry_run: bool = False,
) -> TrackerImport:
    """Import price rows converted from the tracker or ledger file ``path``, all or none.

    Nothing is written when ``errors`` has any (or no row was converted). Otherwise the rows
    go through :meth:`CatalogRepository.import_csv` with ``newer_replaces`` and
    ``imported_from`` the file's name, and its errors get the file's own line numbers.

    Raises:
        CatalogReadOnlyError: the catalog is read-only (not for ``dry_run``).
    """
    if errors or not rows:
        if not rows and not errors:
            errors = [(0, "no GPU price rows in the file")]
        return TrackerImport(
            ImportResult(table="prices", rows=len(rows), errors=errors, dry_run=dry_run), fmt, prov, skipped
        )
    with tempfile.TemporaryDirectory(prefix="gpupicker-import-") as tmp:
        out = Path(tmp) / "prices.csv"
        with out.open("w", encoding="utf-8", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(PRICE_COLUMNS), lineterminator="\n")
            w.writeheader()
            for _, row in rows:
                w.writerow(row)
        result = repo.import_csv("prices", out, dry_run=dry_run, newer_replaces=True, source_file=path.name)
    lines = {i: line for i, (line, _) in enumerate(rows, start=2)}
    result = dataclasses.replace(result, errors=[(lines.get(i, i), reason) for i, reason in result.errors])
    return TrackerImport(result, fmt, prov, skipped)


# ---- CSV import and export of the catalog tables ---------------------------------------------
_OBSERVED = PRICE_COLUMNS.index("observed")


class CsvImportMixin(BackupsMixin, PricesMixin):
    """``export_csv`` / ``import_csv`` of the repository (all-or-nothing, backup first)."""

    def export_csv(self, table: str, path: str | os.PathLike[str] | IO[str]) -> int:
        """Write ``table`` (gpus, prices, models) as CSV with the bundled file's columns
        to the file ``path`` (atomically) or to an open text stream (e.g. ``sys.stdout``).

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
        (``csv_io.MAX_IMPORT_BYTES``) or over 1,000,000 rows, binary content, non-UTF-8
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
        3. with ``newer_replaces`` (the tracker imports, catalog/importing.py): a dated row
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
        """Match and write validated price tuples (``PRICE_COLUMNS`` order); the rows written
        record ``source_file`` as ``imported_from``."""
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
            observed = {rid: key[4] for key, rids in by_key_observed.items() for rid in rids}
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
