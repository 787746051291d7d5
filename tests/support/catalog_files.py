"""The bundled price count, CSV reading/writing and file helpers for the catalog tests."""

from __future__ import annotations

import contextlib
import csv
import os
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from gpupicker import paths
from gpupicker.catalog import COLUMNS, CatalogRepository, load_bundle
from gpupicker.core.hardware.specs import PriceOffer

from .paths import REPO

_BUNDLE = load_bundle(paths.data_dir())
BUNDLED_PRICES = len(_BUNDLE.prices)
"""Current bundled prices: prices.csv and prices-*.csv folded into offers."""
BUNDLED_GPUS = len(_BUNDLE.gpus)
"""Rows of data/gpus.csv (at least 100; tests/catalog/test_gpu_data.py)."""
BUNDLED_MODELS = len(_BUNDLE.models)
"""Rows of data/models.csv."""


def read_csv(path: Path) -> list[dict[str, str]]:
    """The rows of a CSV file with a header, as dicts (cells a short row leaves out are blank:
    the bundled files' rows stop before columns added later that they leave empty)."""
    with path.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f, restval=""))


def seed_row(repo: CatalogRepository) -> tuple[int, PriceOffer]:
    """(row id, offer) of the bundled RTX 4090 row at 0.44 per GPU-hour in ``repo``.

    Raises StopIteration when the bundle holds no such row.
    """
    return next(
        (rid, p) for rid, p, _ in repo.price_rows() if p.gpu_id == "rtx_4090" and p.price_per_gpu_hour == 0.44
    )


def run_python(code: str, home: Path) -> subprocess.CompletedProcess[str]:
    """Run ``code`` (dedented) in a fresh interpreter with GPUPICKER_HOME=home and the
    default catalog path (GPUPICKER_CATALOG unset); 120 s timeout."""
    env = dict(os.environ, GPUPICKER_HOME=str(home), PYTHONPATH=str(REPO))
    env.pop("GPUPICKER_CATALOG", None)
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], env=env, capture_output=True, text=True, timeout=120
    )


def write_prices(path: Path, rows: list[dict[str, str]]) -> None:
    """Write ``rows`` as a prices CSV with the catalog's full price header (missing cells empty)."""
    with path.open("w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS["prices"])
        w.writeheader()
        for r in rows:
            w.writerow({c: r.get(c, "") for c in COLUMNS["prices"]})


def write_rows(path, rows):
    """Write ``rows`` (dicts with the same keys) as a CSV whose header is the first row's keys."""
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)


@contextlib.contextmanager
def read_only(*targets: Path) -> Iterator[None]:
    """Make files/folders unwritable: chattr +i as root (root ignores modes), chmod otherwise."""
    done: list[tuple[Path, str]] = []
    try:
        for t in targets:
            if os.geteuid() == 0:
                if (
                    not shutil.which("chattr")
                    or subprocess.run(["chattr", "+i", str(t)], capture_output=True).returncode
                ):
                    pytest.skip("cannot make a file read-only here (chattr failed)")
                done.append((t, "chattr"))
            else:
                mode = t.stat().st_mode
                t.chmod(0o555 if t.is_dir() else 0o444)
                done.append((t, oct(mode)))
        yield
    finally:
        for t, how in reversed(done):
            if how == "chattr":
                subprocess.run(["chattr", "-i", str(t)], check=False)
            else:
                t.chmod(int(how, 8))
