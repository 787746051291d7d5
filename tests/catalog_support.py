"""Shared fixtures for the catalog tests (imported by the test_catalog* modules; holds no tests)."""

from __future__ import annotations

import csv
from collections.abc import Iterator
from pathlib import Path

import pytest

from gpupicker import paths
from gpupicker.catalog import CatalogRepository, load_bundle, open_catalog

__all__ = ["BUNDLED_PRICES", "read_csv", "repo"]

BUNDLED_PRICES = len(load_bundle(paths.data_dir()).prices)
"""Current bundled prices: prices.csv and prices-*.csv folded into offers (261 rows)."""


@pytest.fixture
def repo(tmp_path: Path) -> Iterator[CatalogRepository]:
    """A fresh catalog at tmp_path/catalog.sqlite (seeded from data/), closed afterwards."""
    r = open_catalog(tmp_path / "catalog.sqlite")
    yield r
    r.close()


def read_csv(path: Path) -> list[dict[str, str]]:
    """The rows of a CSV file with a header, as dicts."""
    with path.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))
