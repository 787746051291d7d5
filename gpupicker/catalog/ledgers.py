"""Import the daily price ledgers that carry stock: Shadeform, Vast.ai and ledger CSVs. No Qt.

Someone with a network elsewhere downloads the file; gpupicker only reads it. Each format's
field names are the publisher's own:

* ``shadeform`` — the JSON of Shadeform's ``GET /instances/types``
  (github.com/shadeform/docs ``openapi.yaml``, schema ``InstanceTypesResponse``):
  ``{"instance_types": [{cloud, region, shade_instance_type, cloud_instance_type,
  configuration: {num_gpus, gpu_type, vram_per_gpu_in_gb, interconnect, …}, hourly_price,
  availability: [{region, available}]}]}``; ``hourly_price`` is the instance's price in US
  cents per hour. One price row per instance type and availability region, ``in_stock`` from
  ``available``; the provider is the ``cloud``.
* ``vastai`` — Vast.ai's offer bundles (``POST console.vast.ai/api/v0/bundles/``, as
  gpuhunt's ``providers/vastai.py`` reads them, or ``vastai search offers --raw``): ``{"offers":
  [...]}`` or a bare list of offers with ``gpu_name``, ``num_gpus``, ``gpu_ram`` (MB),
  ``dph_total`` (instance $/h), ``rentable``, ``rented`` and ``geolocation`` ("City, CC").
  Offers are host listings: they are folded into one marketplace row per GPU × country ×
  GPUs per instance — the cheapest listing free to rent (else the cheapest listed), with
  ``stock_gpus`` the GPUs free to rent. Interruptible bids (``min_bid``) are not read: a
  marketplace host's bid price is no spot price with a published interruption rate.
* ``ledger-csv`` — a daily ledger CSV with the columns of the GPU Price Tracker dataset
  (huggingface.co/datasets/afhubbard/gpu-prices, README "Schema"): ``timestamp, provider,
  instance_type, gpu_type, gpu_count, gpu_memory_gb, vcpus, ram_gb, region, price_per_hour,
  is_spot, available[, availability_zone]``; ``price_per_hour`` is USD for the whole SKU.

Every row keeps ``in_stock`` / ``stock_gpus`` and ``snapshot_at`` (the file's own time where
it has one — ``timestamp`` — else the time given, else the file's modification time, said in
the notes); ``observed`` is the snapshot's date. The rows then go through the same import as
the tracker files (:func:`gpupicker.catalog.trackers.import_rows`): preview, all-or-nothing
write, backup, ``newer_replaces`` (a newer snapshot of the same offer becomes current and the
older one its price history). A GPU name or provider gpupicker cannot map is a row error
naming it (``skip_unknown``: a skipped row), never a guess.
"""

from __future__ import annotations

import codecs
import csv
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..core.messages import Message, error_message, msg, verbatim
from ..core.text.json_limits import JsonLimitError, loads_bounded
from .csv_read import MAX_FIELD_CHARS, scan_csv_file
from .trackers import PROVIDER_NAMES, TrackerImport, import_rows, map_accelerator

LEDGER_FORMATS = ("shadeform", "vastai", "ledger-csv")
"""The ledger formats :func:`convert_ledger` reads (module docstring: each one's fields)."""

MAX_LEDGER_JSON_BYTES = 128 * 1024**2
"""Largest ledger JSON read (it is parsed whole): a Vast.ai bundle of every listing is about
20 MB (~10,000 offers); more is not a ledger."""

LEDGER_PROVIDERS: dict[str, str] = {
    **PROVIDER_NAMES,
    "lambdalabs": "Lambda",
    "latitude": "Latitude.sh",
    "jarvislabs": "JarvisLabs",
    "oblivus": "Oblivus",
    "massedcompute": "Massed Compute",
    "digitalocean": "DigitalOcean",
    "vast.ai": "Vast.ai",
}
"""Ledger provider keys (Shadeform ``Cloud`` enum, the ledger CSV's provider ids) → the
provider names the catalog uses."""

LEDGER_CSV_COLUMNS = frozenset({"timestamp", "provider", "gpu_type", "gpu_count", "price_per_hour"})
"""Columns that make a CSV a ledger CSV (the others are optional)."""


class LedgerError(ValueError):
    """A ledger file that cannot be read at all (``args[0]``: a ``ledger.*`` Message naming it)."""


@dataclass
class LedgerRows:
    """A ledger converted to price rows.

    Attributes:
        format: one of :data:`LEDGER_FORMATS`.
        provider: the provider(s) the rows name, comma-separated, for the summary.
        rows: ``(ledger line or item number, price row)``.
        errors / skipped: ``(line or item, reason)``, the reason a ``ledger.*`` or
            ``tracker.*`` Message.
        snapshot_at: the snapshot time the rows carry when the file has none of its own.
    """

    format: str
    provider: str
    rows: list[tuple[int, dict[str, Any]]]
    errors: list[tuple[int, str]]
    skipped: list[tuple[int, str]]
    snapshot_at: str = ""


def _utc(ts: datetime) -> str:
    return ts.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def parse_snapshot_time(text: str) -> str:
    """A snapshot time as UTC ISO 8601 (``2026-11-30T14:00:00Z``).

    Accepts ISO 8601 with a time zone or ``Z`` (a time without one is taken as UTC) or a date
    (midnight UTC).

    Raises:
        ValueError: for anything else, naming the text (``ledger.bad_time``).
    """
    s = text.strip()
    try:
        ts = datetime.fromisoformat(s.replace("Z", "+00:00"))
    except ValueError:
        raise ValueError(msg("ledger.bad_time", text=repr(text[:60]))) from None
    if ts.tzinfo is None:
        ts = ts.replace(tzinfo=UTC)
    return _utc(ts)


def _file_time(path: Path) -> str:
    return _utc(datetime.fromtimestamp(path.stat().st_mtime, UTC))


def _num(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    try:
        v = float(value)
    except (TypeError, ValueError):
        return None
    return v if math.isfinite(v) else None


def _yes_no(value: Any) -> str:
    """``yes`` / ``no`` / ``""`` (unknown) from a JSON boolean or a CSV cell."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    s = str(value or "").strip().lower()
    return "yes" if s in ("true", "1", "yes") else "no" if s in ("false", "0", "no") else ""


def _provider(key: str) -> str | None:
    return LEDGER_PROVIDERS.get(key.strip().lower().replace(" ", ""))


def detect_ledger(path: Path) -> str | None:
    """``shadeform``, ``vastai``, ``ledger-csv`` or None, from the file's first bytes/header."""
    with path.open("rb") as f:
        head = f.read(4096).removeprefix(codecs.BOM_UTF8).lstrip()  # Excel writes a BOM first
    if head.startswith((b"{", b"[")):
        text = head.decode("utf-8", "replace")
        if '"instance_types"' in text:
            return "shadeform"
        if '"offers"' in text or '"dph_total"' in text or '"gpu_name"' in text:
            return "vastai"
        return None
    first = head.decode("utf-8", "replace").lstrip("\ufeff").splitlines()[:1]
    cols = {c.strip() for c in first[0].split(",")} if first else set()
    return "ledger-csv" if cols >= LEDGER_CSV_COLUMNS else None


def _load_json(path: Path) -> Any:
    size = path.stat().st_size
    if size > MAX_LEDGER_JSON_BYTES:
        mib, limit = f"{size / 1024**2:,.0f}", MAX_LEDGER_JSON_BYTES // 1024**2
        raise LedgerError(msg("ledger.json_too_big", file=path.name, size=mib, limit=limit))
    try:
        return loads_bounded(path.read_bytes())
    except JsonLimitError as exc:
        raise LedgerError(msg("ledger.json_limit", file=path.name, reason=error_message(exc))) from None
    except ValueError as exc:  # json's own sentence (line and column): shown as it is
        raise LedgerError(msg("ledger.not_json", file=path.name, error=verbatim(str(exc)))) from None


def _gpu(name: str, memory_gb: float | None, instance: str) -> str | None:
    # Shadeform spells memory variants into the type ("A100_80G"): the memory field says it
    base = re.sub(r"[_ ]\d+\s*GB?$", "", name.strip(), flags=re.I) or name
    return map_accelerator(base, memory_gb=memory_gb, instance=instance)


def _unknown_gpu(name: str, where: str | Message) -> Message:
    """The row error of a GPU name no catalog GPU id is known for.

    ``where`` names the instance
    type or the offer.
    """
    return msg("ledger.unknown_gpu", name=repr(name), where=where)


def _price_row(
    gpu_id: str,
    provider: str,
    region: str,
    pricing: str,
    per_gpu: float,
    gpus: int,
    when: str,
    *,
    in_stock: str,
    source: str,
    notes: str,
    stock_gpus: int | None = None,
) -> dict[str, Any]:
    """A ledger's price row (every ledger's columns): ``per_gpu`` USD/GPU-hour, seen at ``when``."""
    row: dict[str, Any] = {
        "gpu_id": gpu_id,
        "provider": provider,
        "region": region,
        "pricing": pricing,
        "price_per_gpu_hour": per_gpu,
        "gpus_per_instance": gpus,
        "observed": when[:10],
        "currency": "USD",
        "in_stock": in_stock,
    }
    if stock_gpus is not None:
        row["stock_gpus"] = stock_gpus
    row.update(snapshot_at=when, source=source, notes=notes)
    return row


def _shadeform(path: Path, when: str, skip_unknown: bool) -> LedgerRows:
    data = _load_json(path)
    items = data.get("instance_types") if isinstance(data, dict) else None
    if not isinstance(items, list):
        raise LedgerError(msg("ledger.no_instance_types", file=path.name))
    out = LedgerRows("shadeform", "", [], [], [], when)
    providers: set[str] = set()
    for i, it in enumerate(items, start=1):
        if not isinstance(it, dict):
            out.errors.append((i, msg("ledger.instance_not_object")))
            continue
        raw = it.get("configuration")
        cfg: dict[str, Any] = raw if isinstance(raw, dict) else {}
        cloud = str(it.get("cloud") or "")
        inst = str(it.get("cloud_instance_type") or it.get("shade_instance_type") or "")
        prov = _provider(cloud)
        if prov is None:
            (out.skipped if skip_unknown else out.errors).append(
                (i, msg("ledger.unknown_cloud", cloud=repr(cloud), instance=inst))
            )
            continue
        n, cents = _num(cfg.get("num_gpus")), _num(it.get("hourly_price"))
        if n is None or n < 1 or n != int(n):
            out.errors.append((i, msg("ledger.num_gpus", instance=inst, value=repr(cfg.get("num_gpus")))))
            continue
        if cents is None or cents <= 0:
            out.skipped.append((i, msg("ledger.no_hourly_price", instance=inst)))
            continue
        name = str(cfg.get("gpu_type") or "")
        gid = _gpu(name, _num(cfg.get("vram_per_gpu_in_gb")), f"{cfg.get('interconnect') or ''} {inst}")
        if gid is None:
            (out.skipped if skip_unknown else out.errors).append((i, _unknown_gpu(name, inst)))
            continue
        providers.add(prov)
        places = [a for a in it.get("availability") or [] if isinstance(a, dict)] or [
            {"region": it.get("region"), "available": None}
        ]
        for a in places:
            per_gpu = round(cents / 100.0 / int(n), 6)
            row = _price_row(
                gid,
                prov,
                str(a.get("region") or ""),
                "on_demand",
                per_gpu,
                int(n),
                when,
                in_stock=_yes_no(a.get("available")),
                source=f"Shadeform /instances/types ledger ({path.name})",
                notes=f"{inst} via Shadeform: {cents:g} ¢/instance-hr / {int(n)}; {name} read as {gid}",
            )
            out.rows.append((i, row))
    out.provider = ", ".join(sorted(providers))
    return out


def _vast_offers(data: Any, path: Path) -> list[Any]:
    offers = data.get("offers") if isinstance(data, dict) else data
    if not isinstance(offers, list):
        raise LedgerError(msg("ledger.no_offers", file=path.name))
    return offers


def _vastai(path: Path, when: str, skip_unknown: bool) -> LedgerRows:
    offers = _vast_offers(_load_json(path), path)
    out = LedgerRows("vastai", "Vast.ai", [], [], [], when)
    # (gpu, country, n) → [first item, best free (per_gpu, item), best listed, free GPUs, count]
    groups: dict[tuple[str, str, int], list[Any]] = {}
    for i, o in enumerate(offers, start=1):
        if not isinstance(o, dict):
            out.errors.append((i, msg("ledger.offer_not_object")))
            continue
        name = str(o.get("gpu_name") or "")
        n, dph = _num(o.get("num_gpus")), _num(o.get("dph_total"))
        if n is None or n < 1 or n != int(n):
            out.skipped.append(
                (i, msg("ledger.offer_fractional", offer=str(o.get("id")), value=repr(o.get("num_gpus"))))
            )
            continue
        if dph is None or dph <= 0:
            out.skipped.append((i, msg("ledger.offer_no_price", offer=str(o.get("id")))))
            continue
        ram = _num(o.get("gpu_ram"))
        gid = _gpu(name, ram / 1024 if ram else None, name)
        if gid is None:
            (out.skipped if skip_unknown else out.errors).append(
                (i, _unknown_gpu(name, msg("ledger.offer", offer=str(o.get("id")))))
            )
            continue
        geo = str(o.get("geolocation") or "")
        country = geo.rsplit(",", 1)[-1].strip().upper() if geo else ""
        free = bool(o.get("rentable", True)) and not bool(o.get("rented", False))
        per_gpu = dph / int(n)
        g = groups.setdefault(
            (gid, country if re.fullmatch(r"[A-Z]{2}", country) else "", int(n)), [i, None, None, 0, 0, name]
        )
        g[4] += 1
        if free:
            g[3] += int(n)
            if g[1] is None or per_gpu < g[1][0]:
                g[1] = (per_gpu, o)
        if g[2] is None or per_gpu < g[2][0]:
            g[2] = (per_gpu, o)
    for (gid, country, n), (first, best_free, best, free_gpus, count, name) in groups.items():
        per_gpu, o = best_free or best
        row = _price_row(
            gid,
            "Vast.ai",
            country,
            "marketplace",
            round(per_gpu, 6),
            n,
            when,
            in_stock="yes" if free_gpus else "no",
            stock_gpus=free_gpus,
            source=f"Vast.ai offer bundles ledger ({path.name})",
            notes=f"cheapest of {count} listings ({'free to rent' if best_free else 'none free'}"
            f"; offer {o.get('id')}, ${per_gpu * n:g}/instance-hr / {n}); {name} read as {gid}",
        )
        out.rows.append((first, row))
    return out


def _csv_rows(path: Path) -> Iterator[tuple[int, dict[str, str]]]:
    with path.open(encoding="utf-8-sig", newline="") as f:
        for line, r in enumerate(csv.DictReader(f), start=2):
            if any(isinstance(v, str) and len(v) > MAX_FIELD_CHARS for v in r.values()):
                raise LedgerError(
                    msg("ledger.cell_too_long", file=path.name, line=line, limit=MAX_FIELD_CHARS // 1024)
                )
            yield line, r


def _ledger_csv(path: Path, given: str | None, skip_unknown: bool) -> LedgerRows:
    _, scan_errors = scan_csv_file(path)
    out = LedgerRows("ledger-csv", "", [], list(scan_errors), [], given or "")
    if scan_errors:
        return out
    providers: set[str] = set()
    latest: dict[tuple[Any, ...], tuple[str, int, dict[str, Any]]] = {}
    try:
        rows = list(_csv_rows(path))
    except csv.Error:
        raise LedgerError(msg("ledger.unreadable_csv", file=path.name)) from None
    for line, r in rows:
        inst = (r.get("instance_type") or "").strip()
        name = (r.get("gpu_type") or "").strip()
        n = _num(r.get("gpu_count"))
        if not name or name.lower() == "unknown" or not n:
            out.skipped.append((line, msg("tracker.no_gpu", instance=inst)))
            continue
        if n < 1 or n != int(n):
            out.errors.append((line, msg("ledger.gpu_count", instance=inst, value=repr(r.get("gpu_count")))))
            continue
        key = (r.get("provider") or "").strip()
        prov = _provider(key)
        if prov is None:
            (out.skipped if skip_unknown else out.errors).append(
                (line, msg("ledger.unknown_provider", key=repr(key), instance=inst))
            )
            continue
        gid = _gpu(name, _num(r.get("gpu_memory_gb")), inst)
        if gid is None:
            (out.skipped if skip_unknown else out.errors).append((line, _unknown_gpu(name, inst)))
            continue
        price = _num(r.get("price_per_hour"))
        if price is None or price <= 0:
            out.skipped.append((line, msg("ledger.no_price_per_hour", instance=inst)))
            continue
        try:
            when = given or parse_snapshot_time(r.get("timestamp") or "")
        except ValueError as exc:
            out.errors.append((line, error_message(exc)))
            continue
        pricing = "spot" if _yes_no(r.get("is_spot")) == "yes" else "on_demand"
        region = (r.get("region") or "").strip()
        per_gpu = round(price / int(n), 6)
        k = (gid, prov, region, pricing, int(n))
        cur = latest.get(k)
        if cur is not None and cur[0] >= when:
            if cur[0] > when:
                out.skipped.append(
                    (line, msg("ledger.older_snapshot", instance=inst, older=when, newer=cur[0]))
                )
            continue  # the same snapshot once more: another availability zone of the offer
        if cur is not None:
            out.skipped.append(
                (cur[1], msg("ledger.older_snapshot", instance=inst, older=cur[0], newer=when))
            )
        providers.add(prov)
        row = _price_row(
            gid,
            prov,
            region,
            pricing,
            per_gpu,
            int(n),
            when,
            in_stock=_yes_no(r.get("available")),
            source=f"daily ledger CSV ({path.name})",
            notes=f"{inst}: ${price:g}/instance-hr / {int(n)}; {name} read as {gid}",
        )
        latest[k] = (when, line, row)
    out.rows = sorted(((line, row) for _, line, row in latest.values()), key=lambda t: t[0])
    out.provider = ", ".join(sorted(providers))
    return out


def convert_ledger(
    path: Path, fmt: str | None = None, *, snapshot_at: str | None = None, skip_unknown: bool = False
) -> LedgerRows:
    """Read a ledger file into price rows with stock and snapshot time.

    Args:
        path: the downloaded file.
        fmt: one of :data:`LEDGER_FORMATS` (None: recognized by :func:`detect_ledger`).
        snapshot_at: when the snapshot was taken (ISO 8601); default: the file's own
            timestamps (ledger CSV), else its modification time.
        skip_unknown: leave out rows whose GPU or provider gpupicker cannot map.

    Raises:
        LedgerError: a file that is not such a ledger or cannot be parsed.
        ValueError: a bad ``snapshot_at``. OSError: the file cannot be read.
    """
    fmt = fmt or detect_ledger(path)
    given = parse_snapshot_time(snapshot_at) if snapshot_at else None
    if fmt == "shadeform":
        return _shadeform(path, given or _file_time(path), skip_unknown)
    if fmt == "vastai":
        return _vastai(path, given or _file_time(path), skip_unknown)
    if fmt == "ledger-csv":
        return _ledger_csv(path, given, skip_unknown)
    raise LedgerError(msg("ledger.unknown_format", file=path.name))


def import_ledger(
    repo: Any,
    path: str | Path,
    fmt: str | None = None,
    *,
    snapshot_at: str | None = None,
    dry_run: bool = False,
    skip_unknown: bool = False,
) -> TrackerImport:
    """Convert a ledger file (:func:`convert_ledger`) and import it as prices, all or none.

    The rows go through :func:`gpupicker.catalog.trackers.import_rows` (``newer_replaces``;
    line numbers of the ledger in the errors; ``imported_from`` the file's name).

    Raises:
        LedgerError / ValueError: not a ledger, a bad ``snapshot_at``.
        OSError: the file cannot be read.
        CatalogReadOnlyError: the catalog is read-only (not for ``dry_run``).
    """
    path = Path(path)
    led = convert_ledger(path, fmt, snapshot_at=snapshot_at, skip_unknown=skip_unknown)
    return import_rows(
        repo, path, led.rows, led.errors, led.skipped, led.format, led.provider, dry_run=dry_run
    )


__all__ = [
    "LEDGER_FORMATS",
    "LedgerError",
    "LedgerRows",
    "convert_ledger",
    "detect_ledger",
    "import_ledger",
    "parse_snapshot_time",
]
