"""The bundled price count and CSV helpers for the catalog tests."""

from __future__ import annotations

import csv
from pathlib import Path

from gpupicker import paths
from gpupicker.catalog import load_bundle

BUNDLED_PRICES = len(load_bundle(paths.data_dir()).prices)
"""Current bundled prices: prices.csv and prices-*.csv folded into offers (261 rows)."""


def read_csv(path: Path) -> list[dict[str, str]]:
    """The rows of a CSV file with a header, as dicts."""
    with path.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))
