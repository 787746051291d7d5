"""The price column is ``price_per_gpu_hour`` (an amount in the row's ``currency``) since
migration m006; catalogs and CSV files from before, with ``usd_per_gpu_hour``, still work."""

from __future__ import annotations

import csv
import sqlite3
from pathlib import Path

import pytest

from gpupicker.catalog import open_catalog
from gpupicker.catalog.migration_state import pending_migrations
from gpupicker.catalog.migrations import sqlite_migrations
from gpupicker.catalog.sqlite_lean import Database
from gpupicker.cli import main as cli_main
from tests.support.catalog_files import BUNDLED_PRICES

OLD_EXPORT = Path(__file__).parent / "data" / "prices-export-before-m006.csv"
"""``gpupicker catalog export prices`` of the version before m006 (commit 2ea78ba): its header,
three USD and two CNY bundled rows as exported, and one row added by hand (CNY 1.98)."""

_OLD_COLS = (
    "gpu_id",
    "provider",
    "region",
    "pricing",
    "usd_per_gpu_hour",
    "gpus_per_instance",
    "observed",
    "source",
    "notes",
    "currency",
)


def _header(path: Path) -> list[str]:
    with path.open(encoding="utf-8", newline="") as f:
        return next(csv.reader(f))


def _catalog_before_m006(path: Path) -> None:
    """A catalog file at schema m005, made by the real migrations m001–m005, holding a user's
    CNY price row (two versions in its history) and a deleted bundled row, as the previous
    version wrote them."""
    conn = sqlite3.connect(path)
    db = Database(conn)
    sqlite_migrations().apply(db, stop_before="m006_price_per_gpu_hour")
    assert pending_migrations(conn)[0] == "m006_price_per_gpu_hour"
    assert "usd_per_gpu_hour" in db.table("prices").columns_dict
    cols = ", ".join(_OLD_COLS)
    user = ("rtx_4090", "My lab cloud", "CN", "on_demand", 1.98, 1, "2026-11", "own quote", "", "CNY")
    conn.execute(
        f"INSERT INTO prices (id, {cols}, seed_key, origin, user_modified, deleted, "
        "updated_at) VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, 'user', 1, 0, "
        "'2026-11-02T00:00:00+00:00')",
        user,
    )
    for when, price in (("2026-11-01T00:00:00+00:00", 2.18), ("2026-11-02T00:00:00+00:00", 1.98)):
        conn.execute(
            f"INSERT INTO price_history (price_id, changed_at, {cols}) "
            "VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (when, *user[:4], price, *user[5:]),
        )
    conn.commit()
    conn.close()


def test_a_catalog_from_before_m006_migrates_and_keeps_its_prices(tmp_path: Path):
    path = tmp_path / "catalog.sqlite"
    _catalog_before_m006(path)
    with open_catalog(path) as repo:
        assert pending_migrations(repo.db.conn) == []
        for table in ("prices", "price_history"):
            names = set(repo.db.full.table(table).columns_dict)
            assert "price_per_gpu_hour" in names and "usd_per_gpu_hour" not in names
        mine = repo.get_price(1)
        assert mine is not None
        assert (mine.price_per_gpu_hour, mine.currency, mine.provider) == (1.98, "CNY", "My lab cloud")
        assert [p.price_per_gpu_hour for _, p in repo.price_history(1)] == [2.18, 1.98]
        # the bundled rows merged in after the migration, beside the user's row
        assert len(repo.prices()) == BUNDLED_PRICES + 1
        # NOT NULL and the indexes survive the rename
        info = {r[1]: r[3] for r in repo.db.conn.execute("PRAGMA table_info(prices)")}
        assert info["price_per_gpu_hour"] == 1
        indexes = {r[1] for r in repo.db.conn.execute("PRAGMA index_list(prices)")}
        assert {"idx_prices_seed_key", "idx_prices_gpu_id"} <= indexes
        repo.update_price_fields(1, {"price_per_gpu_hour": 1.88})
        assert [p.price_per_gpu_hour for _, p in repo.price_history(1)] == [2.18, 1.98, 1.88]
    with open_catalog(path) as again:  # opening once more migrates nothing
        assert again.get_price(1).price_per_gpu_hour == 1.88


def test_import_accepts_an_old_header_file(repo, tmp_path: Path):
    assert _header(OLD_EXPORT)[4] == "usd_per_gpu_hour"
    result = repo.import_csv("prices", OLD_EXPORT)
    assert result.ok, result.errors
    # every row is new: the three 2025-11-16 tracker rows of the export were retired from the
    # bundle in 2026-12 (older than six months at the data date), the two AutoDL rows of
    # 2026-03 were replaced by the bundle's 2026-10-04 observations of those offers, and the
    # hand-added row never was bundled (a plain CSV import adds a dated row it cannot match:
    # CatalogRepository.import_csv, rule 3 is for tracker imports only)
    assert (result.rows, result.unchanged, result.inserted) == (6, 0, 6)
    added = [p for p in repo.prices() if p.provider == "My lab cloud"]
    assert [(p.price_per_gpu_hour, p.currency) for p in added] == [(1.98, "CNY")]
    out = tmp_path / "now.csv"
    repo.export_csv("prices", out)
    header = _header(out)
    assert header[4] == "price_per_gpu_hour" and "usd_per_gpu_hour" not in header


def test_cli_import_of_an_old_header_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    cat = tmp_path / "c.sqlite"
    assert cli_main(["--catalog", str(cat), "catalog", "import", "prices", str(OLD_EXPORT)]) == 0
    assert "6 added" in capsys.readouterr().out  # see the test above
    with open_catalog(cat) as repo:
        assert any(p.provider == "My lab cloud" and p.price_per_gpu_hour == 1.98 for p in repo.prices())


def test_a_file_with_both_headers_is_refused(repo, tmp_path: Path):
    both = tmp_path / "both.csv"
    both.write_text(
        "gpu_id,provider,usd_per_gpu_hour,price_per_gpu_hour\nrtx_4090,X,1.0,1.0\n", encoding="utf-8"
    )
    result = repo.import_csv("prices", both, dry_run=True)
    assert result.errors == [(1, "repeated column(s): price_per_gpu_hour")]


def test_the_import_dialog_maps_the_old_header(qtbot, repo):
    from gpupicker.ui.catalog_editor.csv_import_dialog import CsvImportDialog

    dlg = CsvImportDialog(repo, str(OLD_EXPORT), "prices")
    qtbot.addWidget(dlg)
    assert dlg.column_map()["usd_per_gpu_hour"] == "price_per_gpu_hour"
    assert dlg.import_button.isEnabled(), dlg.errors.text()
