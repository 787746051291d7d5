"""Hostile catalogs and a full disk: a clear message, nothing lost, read-only work answers.

Damaged settings (reachable after a bug, a format change or a hand edit), another
application's SQLite file or a newer gpupicker's catalog given as the catalog, a disk with
no room left, and backup temp files left by a killed process.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import sqlite3
import time
from pathlib import Path

import pytest

from gpupicker.catalog import (
    CatalogForeignError,
    CatalogNewerError,
    CatalogSettingError,
    open_catalog,
)
from gpupicker.catalog.errors import CatalogDiskFullError
from gpupicker.cli import main

WORKLOAD = '{"task": "inference", "model_id": "llama3_1_8b"}'


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _set_raw(path: Path, key: str, text: str) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT OR REPLACE INTO settings(key, value) VALUES (?, ?)", (key, text))
    conn.close()


def _recommend(tmp_path: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, str, str]:
    wl = tmp_path / "w.json"
    wl.write_text(WORKLOAD)
    code = main([*extra, "recommend", "--workload", str(wl), "--json", "--top", "1"])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize(
    ("key", "text", "detail"),
    [
        ("fx_per_usd", "[1,2,3]", "a list, not a table of rates"),
        ("fx_per_usd", '{"CNY": {"per_usd": 0}, "EUR": {"per_usd": 0.92}}', "CNY: exchange rate"),
        ("fx_per_usd", '{"CNY": {"per_usd": 1e308}}', "CNY: exchange rate"),
        ("fx_per_usd", '{"CNY": "seven"}', "CNY: exchange rate must be a number"),
        ("display_currency", "{not json", "not JSON text"),
        ("display_currency", "[1]", "is not a currency code"),
    ],
)
def test_damaged_settings_warn_recommend_answers_and_recover_resets_them(
    tmp_path, capsys, monkeypatch, key, text, detail
):
    path = tmp_path / "catalog.sqlite"
    monkeypatch.setenv("GPUPICKER_CATALOG", str(path))
    with open_catalog(path) as repo:
        prices_before = repo.price_count()
    _set_raw(path, key, text)
    with open_catalog(path) as repo:
        problems = repo.settings_problems()
        assert [p.key for p in problems] == [key] and detail in str(problems[0])
        assert "catalog recover" in str(problems[0])
        repo.get_fx_rates()  # readers skip the damaged value
        assert repo.get_display_currency() in ("USD", "CNY", "EUR")
    code, out, err = _recommend(tmp_path, capsys)
    assert code == 0 and json.loads(out)["options"], err
    assert f"the catalog setting {key!r}" in err and "Traceback" not in err
    assert main(["catalog", "fx"]) == 0
    capsys.readouterr()
    assert main(["catalog", "recover"]) == 0
    said = capsys.readouterr().out
    assert f"reset the damaged setting {key!r}" in said and text[:20] in said
    with open_catalog(path) as repo:
        assert repo.settings_problems() == [] and repo.price_count() == prices_before
        if "EUR" in text:  # a good rate beside the bad one is kept
            assert repo.get_fx_quotes()["EUR"].per_usd == 0.92
    assert main(["catalog", "recover"]) == 0
    assert "nothing to recover" in capsys.readouterr().out


def test_fx_set_refuses_to_build_on_a_damaged_table(repo, capsys):
    _set_raw(repo.path, "fx_per_usd", "[1,2,3]")
    with pytest.raises(CatalogSettingError, match="'fx_per_usd'"):
        repo.set_fx_rate("CNY", 7.1)
    with sqlite3.connect(repo.path) as conn:  # the damaged text is still there for recover
        assert conn.execute("SELECT value FROM settings WHERE key = 'fx_per_usd'").fetchone() == ("[1,2,3]",)
    conn.close()


@pytest.mark.parametrize("rate", [0, -1, 1e308, 1e-308, float("nan"), float("inf")])
def test_absurd_exchange_rates_are_refused(repo, rate):
    with pytest.raises(ValueError, match="exchange rate must be a"):
        repo.set_fx_rate("CNY", rate)


@pytest.mark.parametrize(
    ("price", "count", "needle"),
    [
        (5e-324, 1, "below the lowest sensible price"),
        (1e-300, 1, "below the lowest sensible"),
        (2.0, 100_000, "gpus_per_instance: 100000 is above the limit"),
    ],
)
def test_absurd_prices_are_refused(repo, tmp_path, price, count, needle):
    f = tmp_path / "p.csv"
    f.write_text(
        "gpu_id,provider,region,pricing,price_per_gpu_hour,gpus_per_instance,observed,"
        f"source,notes,currency\nh100_sxm,X,US,on_demand,{price!r},{count},2026-11-01,"
        "s,,USD\n"
    )
    result = repo.import_csv("prices", f)
    assert not result.ok and needle in result.errors[0][1]


def test_another_applications_sqlite_file_is_refused_and_left_unchanged(tmp_path, capsys):
    other = tmp_path / "crm.db"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE customers (id INTEGER, name TEXT)")
        conn.execute("INSERT INTO customers VALUES (1, 'Ada')")
    conn.close()
    before = _digest(other)
    with pytest.raises(CatalogForeignError, match=r"another application \(tables: customers\)"):
        open_catalog(other)
    with pytest.raises(CatalogForeignError):
        open_catalog(other, read_only=True)
    code, _out, err = _recommend(tmp_path, capsys, "--catalog", str(other))
    assert code != 0 and "another application" in err and "Traceback" not in err
    assert main(["--catalog", str(other), "catalog", "recover"]) == 2
    assert "another application" in capsys.readouterr().err
    assert _digest(other) == before
    assert not Path(str(other) + "-wal").exists()
    with sqlite3.connect(other) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("delete",)
        assert [r[0] for r in conn.execute("SELECT name FROM sqlite_master")] == ["customers"]
    conn.close()
    # the estimate needs no catalog and still answers (the model given inline)
    wl = tmp_path / "inline.json"
    wl.write_text(json.dumps({"task": "inference", "params": 7_000_000_000}))
    assert main(["--catalog", str(other), "estimate", "--workload", str(wl)]) == 0
    assert json.loads(capsys.readouterr().out)["breakdown"]["weights"] == 14_000_000_000


def test_a_newer_gpupickers_catalog_is_refused_and_keeps_its_prices(tmp_path, capsys):
    path = tmp_path / "catalog.sqlite"
    with open_catalog(path) as repo:
        prices = repo.price_count()
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA journal_mode = DELETE")
        conn.execute(
            "INSERT INTO _sqlite_migrations (migration_set, name, applied_at) "
            "VALUES ('gpupicker_catalog', 'm099_future_prices', '2027-06-01')"
        )
    conn.close()
    before = _digest(path)
    with pytest.raises(CatalogNewerError, match="newer version of gpupicker.*m099_future_prices"):
        open_catalog(path)
    code, _out, err = _recommend(tmp_path, capsys, "--catalog", str(path))
    assert code != 0 and "newer version of gpupicker" in err
    assert _digest(path) == before
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT COUNT(*) FROM prices WHERE deleted = 0").fetchone() == (prices,)
    conn.close()


def test_a_full_disk_says_so_and_read_only_work_still_answers(tmp_path, capsys, monkeypatch):
    """SQLite's page limit stands in for a full disk: the import fails with "the disk …
    is full" (no traceback, nothing imported), and recommend still answers."""
    path = tmp_path / "catalog.sqlite"
    monkeypatch.setenv("GPUPICKER_CATALOG", str(path))
    with open_catalog(path) as repo:
        rows_before = repo.price_count()
    with sqlite3.connect(path) as conn:
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.close()
    real_connect = sqlite3.connect

    def full_connect(*args, **kwargs):
        conn = real_connect(*args, **kwargs)
        conn.execute(f"PRAGMA max_page_count = {pages}")
        return conn

    monkeypatch.setattr(sqlite3, "connect", full_connect)
    csv_path = tmp_path / "prices.csv"
    lines = [
        "gpu_id,provider,region,pricing,price_per_gpu_hour,gpus_per_instance,observed,source,notes,currency"
    ]
    lines += [f"h100_sxm,P{i},US,on_demand,{2 + i / 1e4},1,2026-11-01,s,{'n' * 200},USD" for i in range(5000)]
    csv_path.write_text("\n".join(lines) + "\n")
    assert main(["catalog", "import", "prices", str(csv_path)]) == 1
    err = capsys.readouterr().err
    assert "is full" in err and "nothing was changed" in err and "Traceback" not in err
    code, out, err = _recommend(tmp_path, capsys)
    assert code == 0 and json.loads(out)["options"]
    monkeypatch.setattr(sqlite3, "connect", real_connect)
    with open_catalog(path) as repo:
        assert repo.price_count() == rows_before and repo.integrity_check() == "ok"


def test_no_room_to_open_for_writing_opens_read_only(tmp_path, capsys, monkeypatch):
    """With 0 bytes free even opening for writing fails ("disk I/O error"): the catalog opens
    read-only, recommend answers, and a write says the disk is full."""
    import gpupicker.catalog.connection as connection

    path = tmp_path / "catalog.sqlite"
    monkeypatch.setenv("GPUPICKER_CATALOG", str(path))
    open_catalog(path).close()

    def no_room(_db: object) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(connection, "_enable_wal", no_room)
    with open_catalog(path) as repo:
        assert repo.read_only and repo.disk_full
        with pytest.raises(CatalogDiskFullError, match="is full"):
            repo.set_fx_rate("EUR", 0.9)
    code, out, err = _recommend(tmp_path, capsys)
    assert code == 0 and json.loads(out)["options"], err


def test_backup_temp_files_left_by_a_kill_are_cleaned_on_open(tmp_path, monkeypatch):
    from gpupicker.catalog.backups import STALE_TEMP_S

    path = tmp_path / "catalog.sqlite"
    open_catalog(path).close()
    folder = path.parent / "backups"  # beside the catalog, where its backups are written
    folder.mkdir(parents=True, exist_ok=True)
    stale = folder / "catalog-20261201T000000000000Z.sqlite.tmp"
    fresh = folder / "catalog-20261201T000001000000Z.sqlite.tmp"  # a backup being written
    other = folder / "other-20261201T000000000000Z.sqlite.tmp"  # another catalog's
    for f in (stale, fresh, other):
        f.write_bytes(b"x" * 1024)
    old = time.time() - STALE_TEMP_S - 60
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    open_catalog(path).close()
    assert not stale.exists() and fresh.exists() and other.exists()


def test_catalog_errors_print_on_one_line(tmp_path):
    err = CatalogForeignError(tmp_path / "x.db", ["a", "b"])
    assert "\n" not in str(err) and str(tmp_path / "x.db") in str(err)
    assert isinstance(err, OSError)  # callers that catch "cannot use the catalog" catch it
    buf = io.StringIO()
    print(CatalogDiskFullError(tmp_path / "c.sqlite", "import prices"), file=buf)
    assert "could not import prices" in buf.getvalue()
