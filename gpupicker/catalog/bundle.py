"""The bundled default catalog (``data/*.csv``): reading, validating, versioning. No SQL.

The bundle version is the SHA-256 of the CSV files, so any change to the shipped data is
merged into existing catalogs on the next start. Newer price observation files
(``prices-YYYY-MM.csv``, same columns as ``prices.csv``) are folded in by
:func:`gpupicker.catalog.price_merge.merge_observations`: the latest observation of an offer
is its current price, the older ones its history.
"""

from __future__ import annotations

import csv
import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel

from ..core.hardware.specs import GpuSpec, PriceOffer
from ..core.messages import msg
from ..core.pricing.providers import ProviderTerms
from ..core.pricing.spot import SpotRate
from .errors import refusal_message
from .model_arch_map import model_arch_from_record
from .price_merge import merge_observations
from .record_checks import check_price
from .records import ModelRecord

TABLE_FILES = {"gpus": "gpus.csv", "models": "models.csv", "prices": "prices.csv"}
"""Catalog table → the bundled CSV it is seeded from."""
PROVIDERS_FILE = "providers.csv"
"""The providers' rental terms: read with the bundle, not a table of the catalog (every row
keeps its source and date; the user edits prices, not a provider's billing rules)."""
SPOT_RATES_FILE = "spot_rates.csv"
"""Published spot interruption rates per provider (core.spot.SpotRate), each with its source."""
PRICE_OBSERVATION_GLOB = "prices-*.csv"
"""Newer observation files of the bundled prices (``prices-2026-10.csv`` …), oldest name first."""

_RowT = TypeVar("_RowT", bound=BaseModel)
"""A bundled CSV row's pydantic model."""


def price_natural_key(row: dict[str, Any]) -> tuple[str, str, str, str, str, str]:
    """(gpu_id, provider, region, pricing, observed, gpus_per_instance) as strings.

    The five columns the brief names are not unique in the bundled prices.csv
    (e.g. RunPod Community vs Secure rows share them, as do 1-GPU and 8-GPU
    instances), so ``gpus_per_instance`` is part of the key and repeated keys are
    told apart by their order (see :func:`seed_keys`).
    """
    gpi = row.get("gpus_per_instance")
    return (
        row.get("gpu_id") or "",
        row.get("provider") or "",
        row.get("region") or "",
        row.get("pricing") or "",
        row.get("observed") or "",
        "" if gpi is None or gpi == "" else str(int(gpi)),
    )


def seed_keys(rows: list[dict[str, Any]]) -> list[str]:
    """Stable text keys for bundled price rows: natural key plus ``#n`` (n-th repeat)."""
    seen: dict[tuple[str, ...], int] = {}
    keys = []
    for row in rows:
        k = price_natural_key(row)
        n = seen.get(k, 0)
        seen[k] = n + 1
        keys.append("|".join(k) + f"#{n}")
    return keys


@dataclass(frozen=True)
class Bundle:
    """Validated rows of the bundled catalog, as dicts ready for the database.

    Attributes:
        version: SHA-256 hex digest of gpus.csv + models.csv + prices.csv.
        gpus: GpuSpec dumps keyed by id (CSV order).
        models: ModelRecord dumps keyed by id (CSV order).
        prices: current PriceOffer dumps keyed by seed key (CSV order).
        price_history: seed key of a current price → its older observations
            ``[(seed_key, dump)]``, oldest first (empty for most rows).
        retired: seed keys of stale observations no newer file lists (not current).
        providers: see the attribute below.
    """

    version: str
    gpus: dict[str, dict[str, Any]] = field(default_factory=dict)
    models: dict[str, dict[str, Any]] = field(default_factory=dict)
    prices: dict[str, dict[str, Any]] = field(default_factory=dict)
    price_history: dict[str, list[tuple[str, dict[str, Any]]]] = field(default_factory=dict)
    retired: dict[str, dict[str, Any]] = field(default_factory=dict)
    providers: list[ProviderTerms] = field(default_factory=list)
    """The providers' rental terms (``providers.csv``: billing step, GPUs per instance,
    clusters for sale and their network), in file order."""
    spot_rates: list[SpotRate] = field(default_factory=list)
    """The providers' published spot interruption rates (``spot_rates.csv``), in file order."""

    def history_keys(self) -> dict[str, str]:
        """Seed key of every older observation → seed key of its offer's current price."""
        return {old: cur for cur, hist in self.price_history.items() for old, _ in hist}


def _read_rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8-sig", newline="") as f:
        return list(csv.DictReader(f))


def bundle_version(data_dir: Path) -> str:
    """The bundle's version (:attr:`Bundle.version`) from the files' bytes alone, nothing parsed.

    The catalog stores the version it merged (``meta.seed_version``); a start whose bundle
    has that version skips :func:`load_bundle`, so the rows validated when they were merged are
    not read and validated again on every start (17.6 ms of each CLI run).

    Raises:
        FileNotFoundError: when a CSV is missing.
    """
    digest = hashlib.sha256()
    for name in TABLE_FILES.values():
        digest.update((data_dir / name).read_bytes())
    for path in sorted(data_dir.glob(PRICE_OBSERVATION_GLOB)):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def load_providers(data_dir: Path) -> list[ProviderTerms]:
    """The providers' rental terms of ``data_dir/providers.csv``, validated, in file order.

    Raises:
        FileNotFoundError: when the file is missing.
        ValueError: when a row is invalid (a packaging bug), naming the file and line.
    """
    return _validated_rows(data_dir, PROVIDERS_FILE, ProviderTerms)


def load_spot_rates(data_dir: Path) -> list[SpotRate]:
    """The bundled spot interruption rates (``spot_rates.csv``), validated, in file order.

    The published spot interruption rates of ``data_dir/spot_rates.csv``, validated, in file
    order (core.spot.SpotRate).

    Raises:
        FileNotFoundError: when the file is missing.
        ValueError: when a row is invalid (a packaging bug), naming the file and line.
    """
    return _validated_rows(data_dir, SPOT_RATES_FILE, SpotRate)


def _validated_rows(data_dir: Path, name: str, model: type[_RowT]) -> list[_RowT]:
    """Every row of a bundled CSV validated as ``model``, in file order.

    The file is ``data_dir/name``; an invalid
    row raises ValueError naming the file and its line (a packaging bug).
    """
    out = []
    for i, row in enumerate(_read_rows(data_dir / name), start=2):
        try:
            out.append(model.model_validate(row))
        except ValueError as exc:
            raise ValueError(
                msg("catalog.bundle.bad_row", file=name, line=i, reason=refusal_message(exc))
            ) from exc
    return out


def load_bundle(data_dir: Path) -> Bundle:
    """Read and validate the bundled CSVs in ``data_dir``.

    Raises:
        FileNotFoundError: when a CSV is missing.
        ValueError: when a bundled row is invalid (a packaging bug), naming file and line.
    """
    extra = sorted(data_dir.glob(PRICE_OBSERVATION_GLOB))
    bundle = Bundle(version=bundle_version(data_dir))

    def _check(name: str, line: int, fn: Any, row: dict[str, str]) -> Any:
        try:
            return fn(row)
        except ValueError as exc:
            raise ValueError(
                msg("catalog.bundle.bad_row", file=name, line=line, reason=refusal_message(exc))
            ) from exc

    for i, row in enumerate(_read_rows(data_dir / "gpus.csv"), start=2):
        g = _check("gpus.csv", i, GpuSpec.model_validate, row)
        bundle.gpus[g.id] = g.model_dump()
    for i, row in enumerate(_read_rows(data_dir / "models.csv"), start=2):
        m = _check("models.csv", i, ModelRecord.model_validate, row)
        _check("models.csv", i, lambda _r, m=m: model_arch_from_record(m), row)
        bundle.models[m.id] = m.model_dump()
    per_file: list[list[dict[str, Any]]] = []
    for path in [data_dir / "prices.csv", *extra]:
        dumps = []
        for i, row in enumerate(_read_rows(path), start=2):
            p = _check(
                path.name, i, lambda r: check_price(PriceOffer.model_validate(r), allow_future=True), row
            )
            dumps.append(p.model_dump())
        per_file.append(dumps)
    bundle.providers.extend(load_providers(data_dir))
    bundle.spot_rates.extend(load_spot_rates(data_dir))
    keys = iter(seed_keys([d for dumps in per_file for d in dumps]))
    files = [[(next(keys), d) for d in dumps] for dumps in per_file]
    merged = merge_observations(files)
    bundle.prices.update(merged.current)
    bundle.price_history.update({k: v for k, v in merged.history.items() if v})
    bundle.retired.update(merged.retired)
    return bundle
