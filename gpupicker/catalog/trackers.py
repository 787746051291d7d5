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
"""

from __future__ import annotations

import csv
import dataclasses
import math
import re
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..core.messages import msg
from .csv_io import ImportResult
from .csv_read import MAX_FIELD_CHARS, scan_csv_file
from .records import PRICE_COLUMNS

FORMATS = ("skypilot", "gpuhunt")
"""The tracker file formats :func:`convert` reads (module docstring: each one's columns)."""

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
    """A tracker file whose CSV cannot be read on.

    ``args[0]`` is ``(line, reason)``, the reason a ``tracker.*`` Message.
    """


def _tracker_rows(reader: Any, path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """The rows of a tracker CSV with their line numbers.

    A cell over
    :data:`~.csv_read.MAX_FIELD_CHARS` or broken quoting ending the file with one error (the
    csv module's own limit is 128 KiB and its error is Python's text).
    """
    line = 1
    try:
        for line, r in enumerate(reader, start=2):
            if any(isinstance(v, str) and len(v) > MAX_FIELD_CHARS for v in r.values()):
                raise TrackerCsvError((line, msg("tracker.cell_too_long", limit=MAX_FIELD_CHARS // 1024)))
            yield line, r
    except csv.Error:
        raise TrackerCsvError((line + 1, msg("tracker.unreadable", file=path.name, line=line + 1))) from None


def _tracker_fields(
    fmt: str, r: dict[str, Any], key: str, path: Path
) -> tuple[str, str, str, str, float | None, list[tuple[str, Any]], str, str]:
    """One tracker row's fields in the columns of ``fmt``.

    They are (accelerator name, GPU count text, instance, region, GPU memory in GiB,
    [(pricing, price text)], source, extra note); ``fmt`` is skypilot or gpuhunt;
    ``key`` names the provider's folder or file.
    """
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
    return name, count_t, inst, region, mem, prices, src, extra


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
        (format, provider, [(tracker line, price row)], errors, skipped); prices in the rows
        are USD per GPU-hour (the file's instance price / GPU count); the reasons of
        ``errors`` and ``skipped`` are ``tracker.*`` Messages.

    Raises:
        ValueError: unknown format or provider (its ``args[0]`` a ``tracker.*`` Message).
        OSError: the file cannot be read.
    """
    with path.open(encoding="utf-8-sig", newline="") as f:
        reader = csv.DictReader(f)
        header = reader.fieldnames or []
        fmt = fmt or detect_format(header)
        if fmt not in FORMATS:
            raise ValueError(msg("tracker.unknown_format", file=path.name))
        key = (path.parent.name if fmt == "skypilot" else path.stem).lower()
        prov = provider or PROVIDER_NAMES.get(key)
        if not prov:
            if fmt == "skypilot":
                raise ValueError(msg("tracker.unknown_provider_folder", file=path.name, key=repr(key)))
            raise ValueError(msg("tracker.unknown_provider_file", file=path.name, key=repr(key)))
        when = observed or datetime.fromtimestamp(path.stat().st_mtime, UTC).date().isoformat()
        rows: list[tuple[int, dict[str, Any]]] = []
        errors: list[tuple[int, str]] = []
        skipped: list[tuple[int, str]] = []
        seen: set[tuple[Any, ...]] = set()
        try:
            for line, r in _tracker_rows(reader, path):
                name, count_t, inst, region, mem, prices, src, extra = _tracker_fields(fmt, r, key, path)
                if not name.strip():
                    skipped.append((line, msg("tracker.no_gpu", instance=inst)))
                    continue
                gid = map_accelerator(name, memory_gb=mem, instance=inst)
                if gid is None:
                    why = msg("tracker.unknown_accelerator", name=repr(name), instance=inst)
                    (skipped if skip_unknown else errors).append((line, why))
                    continue
                count = _num(count_t)
                if count is None or count < 1 or count != int(count):
                    errors.append((line, msg("tracker.gpu_count", instance=inst, count=repr(count_t))))
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
                    skipped.append((line, msg("tracker.no_price", instance=inst)))
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
        ValueError: unknown format or provider (its ``args[0]`` a ``tracker.*`` Message).
        OSError: the file cannot be read.
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
            errors = [(0, msg("tracker.no_rows"))]
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
