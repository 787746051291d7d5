"""A file saved by Excel (or Windows Notepad) starts with a UTF-8 byte-order mark: every CSV and
JSON reader of the catalog reads it as the same file without one (the BOM is no part of the
first column's name or of the JSON text)."""

from __future__ import annotations

import codecs
from pathlib import Path

from gpupicker.catalog.bundle import _read_rows
from gpupicker.catalog.ledgers import convert_ledger, detect_ledger
from gpupicker.catalog.trackers import convert
from tests.catalog.test_ledgers import LEDGER_CSV, SHADEFORM, SNAPSHOT, VASTAI
from tests.support.sample_files import SKYPILOT


def _with_bom(src: Path | str, dst: Path) -> Path:
    """``dst`` holding ``src`` (a file, or text) after a UTF-8 BOM."""
    data = src.read_bytes() if isinstance(src, Path) else src.encode("utf-8")
    dst.write_bytes(codecs.BOM_UTF8 + data)
    return dst


def test_catalog_csv_import(repo, tmp_path):
    text = "gpu_id,provider,price_per_gpu_hour,observed\nh100_sxm,Foo,2.5,2026-11\n"
    plain = tmp_path / "plain.csv"
    plain.write_text(text, encoding="utf-8")
    bom = _with_bom(text, tmp_path / "bom.csv")
    a = repo.import_csv("prices", plain, dry_run=True)
    b = repo.import_csv("prices", bom, dry_run=True)
    assert a.ok and b.ok, b.errors
    assert b.rows == a.rows == 1
    assert (b.inserted, b.updated, b.unchanged) == (a.inserted, a.updated, a.unchanged)


def test_bundled_csv_rows(tmp_path):
    bom = _with_bom("id,name\nh100_sxm,H100 SXM\n", tmp_path / "gpus.csv")
    assert _read_rows(bom) == [{"id": "h100_sxm", "name": "H100 SXM"}]


def test_tracker_csv(tmp_path):
    plain = tmp_path / "plain" / "lambda" / "vms.csv"
    plain.parent.mkdir(parents=True)
    plain.write_text(SKYPILOT, encoding="utf-8")
    (tmp_path / "bom" / "lambda").mkdir(parents=True)
    bom = _with_bom(SKYPILOT, tmp_path / "bom" / "lambda" / "vms.csv")
    a = convert(plain, observed="2026-11-20")
    b = convert(bom, observed="2026-11-20")
    assert b == a and a[0] == "skypilot" and len(a[2]) == 5  # (format, provider, rows, …)


def test_ledger_files(tmp_path):
    for src in (SHADEFORM, VASTAI, LEDGER_CSV):
        bom = _with_bom(src, tmp_path / src.name)  # the same name: the rows' source names it
        assert detect_ledger(bom) == detect_ledger(src) is not None
        a = convert_ledger(src, snapshot_at=SNAPSHOT)
        b = convert_ledger(bom, snapshot_at=SNAPSHOT)
        assert b.rows == a.rows and b.errors == a.errors and a.rows
