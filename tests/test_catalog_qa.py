"""Catalog fixes from the QA report: lost updates, bad values, duplicates, read-only files,
huge CSVs, backups/restore, delete with prices. Real SQLite files in tmp_path."""

from __future__ import annotations

import contextlib
import csv
import os
import re
import shutil
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest

from gpupicker.catalog import (
    COLUMNS,
    CatalogConflictError,
    CatalogCorruptError,
    CatalogInUseError,
    CatalogReadOnlyError,
    CatalogRepository,
    CatalogUnavailableError,
    list_backups,
    open_catalog,
    restore_backup,
)
from gpupicker.catalog.records import check_price, observed_start
from gpupicker.cli import main
from gpupicker.core.hardware import GpuSpec, PriceOffer
from tests.support.catalog_files import BUNDLED_PRICES
from tests.support.paths import REPO

REPO_ROOT = REPO


def _seed_row(repo: CatalogRepository) -> tuple[int, PriceOffer]:
    return next((rid, p) for rid, p, _ in repo.price_rows()
                if p.gpu_id == "rtx_4090" and p.usd_per_gpu_hour == 0.44)


def _run(code: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, GPUPICKER_HOME=str(home), PYTHONPATH=str(REPO_ROOT))
    env.pop("GPUPICKER_CATALOG", None)
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=env,
                          capture_output=True, text=True, timeout=120)


def _write_prices(path: Path, rows: list[dict[str, str]]) -> None:
    with path.open("w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS["prices"])
        w.writeheader()
        for r in rows:
            w.writerow({c: r.get(c, "") for c in COLUMNS["prices"]})


# ---- 1. lost update ------------------------------------------------------------------------

def test_update_price_fields_keeps_another_process_change(repo: CatalogRepository,
                                                          tmp_path: Path):
    rid, seen = _seed_row(repo)  # the editor's copy: 0.44
    # another process re-prices the row through a CSV import (as in the QA repro)
    src = tmp_path / "u.csv"
    _write_prices(src, [dict(seen.model_dump(mode="json"), usd_per_gpu_hour="9.99",
                             gpus_per_instance=str(seen.gpus_per_instance or ""))])
    out = _run(f"""
        from gpupicker.catalog import open_catalog
        r = open_catalog({str(repo.path)!r}).import_csv("prices", {str(src)!r})
        print(r.updated, r.inserted, r.errors)
    """, tmp_path / "other")
    assert out.stdout.split()[:2] == ["1", "0"], out.stderr
    # the editor changes only the notes, from its stale copy: the 9.99 is kept
    new = repo.update_price_fields(rid, {"notes": "edited in gui"}, expected=seen)
    assert new.usd_per_gpu_hour == 9.99 and new.notes == "edited in gui"
    assert repo.get_price(rid) == new
    assert [p.usd_per_gpu_hour for _, p in repo.price_history(rid)] == [0.44, 9.99, 9.99]
    # changing the price itself from the stale copy is a conflict naming both values
    with pytest.raises(CatalogConflictError) as info:
        repo.update_price_fields(rid, {"usd_per_gpu_hour": 0.5}, expected=seen)
    err = info.value
    assert (err.field, err.current, err.seen) == ("usd_per_gpu_hour", 9.99, 0.44)
    assert "usd_per_gpu_hour" in str(err) and "9.99" in str(err) and "0.44" in str(err)
    assert isinstance(err, ValueError)
    assert repo.get_price(rid) == new  # nothing written
    # with the fresh copy it works; without expected it is a plain partial update
    assert repo.update_price_fields(rid, {"usd_per_gpu_hour": 0.5},
                                    expected=new).usd_per_gpu_hour == 0.5
    assert repo.update_price_fields(rid, {"region": "EU"}).region == "EU"
    with pytest.raises(KeyError):
        repo.update_price_fields(999_999, {"notes": "x"})
    with pytest.raises(ValueError, match="unknown column"):
        repo.update_price_fields(rid, {"colour": "red"})
    with pytest.raises(ValueError, match="unknown GPU"):
        repo.update_price_fields(rid, {"gpu_id": "nope"})


def test_update_gpu_and_model_fields_merge_and_conflict(repo: CatalogRepository,
                                                        tmp_path: Path):
    seen = repo.get_gpu("rtx_4090")
    other = open_catalog(repo.path)  # a second connection stands in for another window
    other.upsert_gpu(seen.model_copy(update={"tdp_w": 999.0}))
    other.close()
    new = repo.update_gpu_fields("rtx_4090", {"notes": "mine"}, expected=seen)
    assert new.tdp_w == 999.0 and new.notes == "mine" and repo.get_gpu("rtx_4090") == new
    with pytest.raises(CatalogConflictError, match="tdp_w is now 999"):
        repo.update_gpu_fields("rtx_4090", {"tdp_w": 450.0}, expected=seen)
    with pytest.raises(ValueError, match="id cannot be changed"):
        repo.update_gpu_fields("rtx_4090", {"id": "x"})
    with pytest.raises(ValueError, match="memory_gb"):
        repo.update_gpu_fields("rtx_4090", {"memory_gb": float("inf")})
    assert repo.is_user_row("gpus", "rtx_4090")

    rec = next(r for r in repo.model_records() if r.id == "llama2_7b")
    other = open_catalog(repo.path)
    other.upsert_model(rec.model_copy(update={"license": "changed elsewhere"}))
    other.close()
    m = repo.update_model_fields("llama2_7b", {"notes": "n"}, expected=rec)
    assert m.license == "changed elsewhere" and m.notes == "n"
    with pytest.raises(CatalogConflictError, match="license"):
        repo.update_model_fields("llama2_7b", {"license": "x"}, expected=rec)
    with pytest.raises(ValueError):
        repo.update_model_fields("llama2_7b", {"num_key_value_heads": 7})  # 32 % 7 != 0


# ---- 2. non-finite, absurd and malformed values ------------------------------------------

@pytest.mark.parametrize("price", [float("inf"), float("nan"), 1e12, 100_000.01, -1, 0])
def test_add_and_update_reject_bad_prices(repo: CatalogRepository, price: float):
    n = len(repo.prices())
    with pytest.raises(ValueError, match="usd_per_gpu_hour"):
        repo.add_price(PriceOffer.model_construct(
            gpu_id="rtx_4090", provider="X", region="", pricing="on_demand",
            usd_per_gpu_hour=price, gpus_per_instance=None, observed="", source="",
            notes="", currency="USD"))
    rid, seen = _seed_row(repo)
    with pytest.raises(ValueError, match="usd_per_gpu_hour"):
        repo.update_price_fields(rid, {"usd_per_gpu_hour": price})
    assert len(repo.prices()) == n and repo.get_price(rid) == seen
    assert repo.add_price(PriceOffer(gpu_id="rtx_4090", provider="X",
                                     usd_per_gpu_hour=100_000)) > 0  # the limit itself is ok


def test_import_rejects_inf_future_dates_and_unknown_currency(repo: CatalogRepository,
                                                              tmp_path: Path):
    tomorrow2 = (date.today() + timedelta(days=2)).isoformat()
    rows = [
        dict(gpu_id="rtx_4090", provider="A", usd_per_gpu_hour="inf", observed="2026-11-01"),
        dict(gpu_id="rtx_4090", provider="B", usd_per_gpu_hour="1e12"),
        dict(gpu_id="rtx_4090", provider="C", usd_per_gpu_hour="1", observed="yesterday"),
        dict(gpu_id="rtx_4090", provider="D", usd_per_gpu_hour="1", observed="2031-01-01"),
        dict(gpu_id="rtx_4090", provider="E", usd_per_gpu_hour="1", currency="XYZ"),
        dict(gpu_id="rtx_4090", provider="F", usd_per_gpu_hour="nan"),
        dict(gpu_id="rtx_4090", provider="G", usd_per_gpu_hour="1", observed=tomorrow2),
        dict(gpu_id="rtx_4090", provider="H", usd_per_gpu_hour="1", observed="2024-13"),
    ]
    src = tmp_path / "bad.csv"
    _write_prices(src, rows)
    r = repo.import_csv("prices", src)
    reasons = dict(r.errors)
    assert sorted(reasons) == list(range(2, 10))
    assert "usd_per_gpu_hour" in reasons[2] and "finite" in reasons[2]
    assert "usd_per_gpu_hour" in reasons[3] and re.search(r"100,?000", reasons[3])
    assert "observed" in reasons[4] and "'yesterday' is not a date" in reasons[4]
    assert "in the future" in reasons[5] and "in the future" in reasons[8]
    assert "currency 'XYZ'" in reasons[6]
    assert "usd_per_gpu_hour" in reasons[7]
    assert "observed" in reasons[9]
    assert len(repo.prices()) == BUNDLED_PRICES


def test_accepted_observed_forms_and_currencies(repo: CatalogRepository, tmp_path: Path):
    today = date.today()
    for text in ("", "unknown", "2026", "2026-09", "2026-09-20", "2023Q3", "2023-Q3",
                 "late 2024", "catalog commit (date unchecked)",
                 (today + timedelta(days=1)).isoformat()):
        check_price(PriceOffer(gpu_id="g", provider="p", usd_per_gpu_hour=1, observed=text))
    assert observed_start("2023Q3") == date(2023, 7, 1)
    # the bundled prices use all these forms and still load and export/import unchanged
    out = tmp_path / "p.csv"
    repo.export_csv("prices", out)
    assert repo.import_csv("prices", out).unchanged == BUNDLED_PRICES
    # a currency outside ISO 4217 is fine once it has an exchange rate
    offer = PriceOffer(gpu_id="rtx_4090", provider="Coin", usd_per_gpu_hour=1, currency="XBT")
    with pytest.raises(ValueError, match="currency 'XBT'"):
        repo.add_price(offer)
    repo.set_fx_rate("XBT", 90_000)
    assert repo.get_price(repo.add_price(offer)).currency == "XBT"
    assert repo.add_price(offer.model_copy(update={"currency": "EUR"})) > 0


def test_gpu_and_model_imports_reject_non_finite_values(repo: CatalogRepository,
                                                        tmp_path: Path):
    with pytest.raises(ValueError, match="memory_gb"):
        repo.upsert_gpu(GpuSpec(id="inf_gpu", name="Inf", memory_gb=float("inf"),
                                memory_bandwidth_gbps=100))
    src = tmp_path / "g.csv"
    src.write_text("id,name,memory_gb,memory_bandwidth_gbps,bf16_tflops_dense\n"
                   "a,A,inf,100,\nb,B,24,1e30,\nc,C,24,100,nan\n", encoding="utf-8")
    r = repo.import_csv("gpus", src)
    assert [line for line, _ in r.errors] == [2, 3, 4]
    assert "memory_gb" in r.errors[0][1] and "memory_bandwidth_gbps" in r.errors[1][1]
    m = tmp_path / "m.csv"
    m.write_text("id,name,family,params_b\nd,D,diffusion,inf\n", encoding="utf-8")
    assert "params_b" in repo.import_csv("models", m).errors[0][1]


# ---- 3. re-importing a price without a date -------------------------------------------

def test_reimport_without_observed_updates_instead_of_duplicating(repo: CatalogRepository,
                                                                  tmp_path: Path):
    rid, seed = next((rid, p) for rid, p, _ in repo.price_rows()
                     if p.observed and p.observed != "unknown")
    n = len(repo.prices())
    row = dict(gpu_id=seed.gpu_id, provider=seed.provider, region=seed.region,
               pricing=seed.pricing, usd_per_gpu_hour="0.123",
               gpus_per_instance=str(seed.gpus_per_instance or ""), currency=seed.currency)
    src = tmp_path / "p.csv"
    _write_prices(src, [row])
    r = repo.import_csv("prices", src)
    assert r.ok and (r.updated, r.inserted) == (1, 0)
    assert len(repo.prices()) == n
    assert repo.get_price(rid).usd_per_gpu_hour == 0.123 and repo.get_price(rid).observed == ""
    assert [p.usd_per_gpu_hour for _, p in repo.price_history(rid)] == [
        seed.usd_per_gpu_hour, 0.123]
    r = repo.import_csv("prices", src)  # again: unchanged, still no duplicate
    assert (r.updated, r.inserted, r.unchanged) == (0, 0, 1) and len(repo.prices()) == n
    # a row WITH a new date is a new observation: added
    _write_prices(src, [dict(row, observed="2026-11-20")])
    assert repo.import_csv("prices", src).inserted == 1


# ---- 4. read-only catalogs -------------------------------------------------------------

@contextlib.contextmanager
def _read_only(*targets: Path) -> Iterator[None]:
    """Make files/folders unwritable: chattr +i as root (root ignores modes), chmod otherwise."""
    done: list[tuple[Path, str]] = []
    try:
        for t in targets:
            if os.geteuid() == 0:
                if not shutil.which("chattr") or subprocess.run(
                        ["chattr", "+i", str(t)], capture_output=True).returncode:
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


def _assert_reads_work_and_writes_refused(path: Path) -> None:
    with open_catalog(path) as ro:
        assert ro.read_only
        assert len(ro.gpus()) == 65 and len(ro.prices()) == BUNDLED_PRICES
        assert ro.get_gpu("rtx_4090") is not None
        rid, seen = _seed_row(ro)
        for write in (lambda: ro.add_price(seen), lambda: ro.update_price(rid, seen),
                      lambda: ro.update_price_fields(rid, {"notes": "x"}, expected=seen),
                      lambda: ro.upsert_gpu(ro.get_gpu("rtx_4090")),
                      lambda: ro.delete_price(rid), lambda: ro.set_fx_rate("EUR", 1.1),
                      lambda: ro.reset_all()):
            with pytest.raises(CatalogReadOnlyError, match="read-only"):
                write()


def test_read_only_file_is_not_damaged(tmp_path: Path):
    path = tmp_path / "catalog.sqlite"
    open_catalog(path).close()
    with _read_only(path):
        _assert_reads_work_and_writes_refused(path)
        src = tmp_path / "p.csv"
        _write_prices(src, [dict(gpu_id="rtx_4090", provider="X", usd_per_gpu_hour="1")])
        with open_catalog(path) as ro, pytest.raises(CatalogReadOnlyError):
            ro.import_csv("prices", src)
    with open_catalog(path) as rw:
        assert not rw.read_only and len(rw.prices()) == BUNDLED_PRICES


def test_read_only_folder_is_not_damaged(tmp_path: Path):
    folder = tmp_path / "data"
    folder.mkdir()
    path = folder / "catalog.sqlite"
    open_catalog(path).close()
    assert not Path(str(path) + "-wal").exists()  # clean close: WAL file without -shm
    with _read_only(folder):
        _assert_reads_work_and_writes_refused(path)


def test_explicit_read_only_open(tmp_path: Path):
    path = tmp_path / "catalog.sqlite"
    with pytest.raises(CatalogUnavailableError):
        open_catalog(path, read_only=True)  # nothing to read: not created
    assert not path.exists()
    open_catalog(path).close()
    _ro = open_catalog(path, read_only=True)
    assert _ro.read_only and len(_ro.gpus()) == 65
    with pytest.raises(CatalogReadOnlyError):
        _ro.add_price(PriceOffer(gpu_id="rtx_4090", provider="X", usd_per_gpu_hour=1))
    _ro.close()


def test_cli_on_read_only_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]):
    home = tmp_path / "h4"
    monkeypatch.setenv("GPUPICKER_HOME", str(home))
    monkeypatch.delenv("GPUPICKER_CATALOG")
    open_catalog().close()
    data = home / "data"
    src = tmp_path / "ro.csv"
    _write_prices(src, [dict(gpu_id="rtx_4090", provider="X", usd_per_gpu_hour="1")])
    with _read_only(data):
        for argv in (["catalog", "import", "prices", str(src)], ["catalog", "backup"],
                     ["catalog", "reset", "--yes"]):
            assert main(argv) == 1, argv
            err = capsys.readouterr().err
            assert "Traceback" not in err and "damaged" not in err
            assert len(err.strip().splitlines()) == 1, err
            assert "read-only" in err or "cannot write a backup" in err
        assert main(["catalog", "export", "gpus", "-"]) == 0  # reads work
        assert "rtx_4090" in capsys.readouterr().out
        assert main(["catalog", "recover"]) == 0
        assert "nothing to recover" in capsys.readouterr().out


def test_unwritable_home_gives_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]):
    home = tmp_path / "h5"
    home.mkdir()
    monkeypatch.setenv("GPUPICKER_HOME", str(home))
    monkeypatch.delenv("GPUPICKER_CATALOG")
    with _read_only(home):
        with pytest.raises(CatalogUnavailableError, match="cannot create the data folder"):
            open_catalog()
        assert main(["catalog", "import", "prices", str(tmp_path / "x.csv")]) == 2
        err = capsys.readouterr().err
        assert "cannot create the data folder" in err and "Traceback" not in err
        assert main(["catalog", "path"]) == 2
        assert main(["catalog", "backups"]) == 2


# ---- 5. huge CSV files -----------------------------------------------------------------

def test_2gb_sparse_csv_is_rejected_fast_with_little_memory(tmp_path: Path):
    big = tmp_path / "sparse.csv"
    with big.open("wb") as f:
        f.truncate(2 * 1024**3)
    out = _run(f"""
        import resource, time
        from pathlib import Path
        from gpupicker.catalog import open_catalog

        def peak_kib():  # VmHWM (reset at exec); ru_maxrss can carry the forking parent's
            status = Path("/proc/self/status")
            if status.exists():
                for line in status.read_text().splitlines():
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1])
            return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

        repo = open_catalog({str(tmp_path / "c.sqlite")!r})
        before = peak_kib()
        t0 = time.perf_counter()
        r = repo.import_csv("prices", {str(big)!r})
        dt = time.perf_counter() - t0
        after = peak_kib()
        print(dt, before, after, r.errors)
    """, tmp_path / "home")
    assert out.returncode == 0, out.stderr
    dt, before, after, errors = out.stdout.split(" ", 3)
    print(f"\n2 GiB sparse CSV: rejected in {float(dt) * 1000:.1f} ms, "
          f"max RSS {int(after) / 1024:.0f} MiB (before the import {int(before) / 1024:.0f} MiB)")
    assert float(dt) < 2.0
    assert int(after) - int(before) < 50 * 1024  # KiB: the file is never read into memory
    assert "limited to 512.0 MiB" in errors



def test_cli_rejects_an_oversized_file_in_one_line(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]):
    big = tmp_path / "sparse.csv"
    with big.open("wb") as f:
        f.truncate(600 * 1024**2)
    assert main(["--catalog", str(tmp_path / "c.sqlite"), "catalog", "import", "prices",
                 str(big)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err == [f"{big}: the file is 600.0 MiB; imports are limited to 512.0 MiB (split it "
                   "into smaller files)",
                   "gpupicker catalog import: the file was rejected; nothing was imported"]


@pytest.mark.parametrize("kind", ["nul", "long_line", "not_utf8", "long_field"])
def test_binary_and_oversized_content_rejected_early(repo: CatalogRepository, tmp_path: Path,
                                                     kind: str):
    src = tmp_path / f"{kind}.csv"
    header = b"gpu_id,provider,usd_per_gpu_hour\n"
    if kind == "nul":
        with src.open("wb") as f:
            f.write(header)
            f.truncate(300 * 1024**2)  # 300 MiB of NULs, under the size cap
    elif kind == "long_line":
        src.write_bytes(header + b"rtx_4090," + b"x" * (20 * 1024**2) + b",1\n")
    elif kind == "not_utf8":
        src.write_bytes(header + b"rtx_4090,ok,1\n" * 10 + b"rtx_4090,\xe9t\xe9,1\n")
    else:
        src.write_bytes(header + b'rtx_4090,"' + b"y" * (70 * 1024) + b'",1\nrtx_4090,b,1\n')
    t0 = time.perf_counter()
    r = repo.import_csv("prices", src)
    assert time.perf_counter() - t0 < 2.0
    assert not r.ok and len(repo.prices()) == BUNDLED_PRICES
    text = r.errors[0][1]
    expected = {"nul": "binary data", "long_line": "longer than 4.0 MiB",
                "not_utf8": "not UTF-8", "long_field": "longer than 64.0 KiB"}[kind]
    assert expected in text, r.errors
    if kind == "not_utf8":
        assert r.errors[0][0] == 12
    if kind == "long_field":
        assert r.errors == [(2, "provider: the cell is longer than 64.0 KiB")]


# ---- 6. backups, restore, recover, delete with prices --------------------------------

def test_restore_by_name_and_into_a_damaged_catalog(tmp_path: Path):
    path = tmp_path / "catalog.sqlite"
    with open_catalog(path) as repo:
        rid, seen = _seed_row(repo)
        repo.update_price_fields(rid, {"usd_per_gpu_hour": 7.0}, expected=seen)
        good = repo.backup()
        repo.update_price_fields(rid, {"usd_per_gpu_hour": 8.0})
    assert list_backups(path) == [good]
    res = restore_backup(good.name, path)  # by the listed name
    assert res.previous_backup is not None and res.moved_aside is None
    with open_catalog(path) as repo:
        assert repo.get_price(rid).usd_per_gpu_hour == 7.0
    # the catalog gets damaged: restoring moves it aside and brings the backup back
    path.write_bytes(b"garbage" * 100)
    for side in ("-wal", "-shm"):
        Path(str(path) + side).unlink(missing_ok=True)
    with pytest.raises(CatalogCorruptError, match="gpupicker catalog recover"):
        open_catalog(path)
    res = restore_backup(good, path)
    assert res.moved_aside is not None and res.moved_aside.read_bytes() == b"garbage" * 100
    with open_catalog(path) as repo:
        assert repo.get_price(rid).usd_per_gpu_hour == 7.0 and repo.integrity_check() == "ok"
    with pytest.raises(FileNotFoundError, match="catalog backups"):
        restore_backup("nope", path)
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"x" * 100)
    with pytest.raises(CatalogCorruptError):
        restore_backup(junk, path)


def test_restored_backup_survives_rotation(repo: CatalogRepository):
    oldest = repo.backup()
    for _ in range(9):
        repo.backup()
    repo.update_price_fields(_seed_row(repo)[0], {"notes": "user change"})
    assert repo.restore_backup(oldest) is not None  # an 11th backup: rotation skips oldest
    assert oldest.exists()


def test_cli_backups_restore_and_recover(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    cat = tmp_path / "c.sqlite"
    with open_catalog(cat) as repo:
        rid, seen = _seed_row(repo)
        repo.update_price_fields(rid, {"usd_per_gpu_hour": 3.21})
    assert main(["--catalog", str(cat), "catalog", "backups"]) == 0
    assert "no backups" in capsys.readouterr().out
    assert main(["--catalog", str(cat), "catalog", "backup"]) == 0
    name = Path(capsys.readouterr().out.strip()).name
    assert main(["--catalog", str(cat), "catalog", "backups"]) == 0
    out = capsys.readouterr().out
    assert name in out and f"gpupicker catalog restore {name}" in out
    # damage it: the message names recover; recover lists the backups and how to restore
    cat.write_bytes(b"garbage" * 1000)
    assert main(["--catalog", str(cat), "catalog", "export", "gpus", "-"]) == 2
    assert "gpupicker catalog recover" in capsys.readouterr().err
    assert main(["--catalog", str(cat), "catalog", "recover"]) == 0
    out = capsys.readouterr().out
    assert "moved the damaged catalog" in out and f"gpupicker catalog restore {name}" in out
    with open_catalog(cat) as repo:
        assert repo.get_price(rid).usd_per_gpu_hour == 0.44  # fresh bundled catalog
    assert main(["--catalog", str(cat), "catalog", "restore", name]) == 0
    assert f"restored {name}" in capsys.readouterr().out
    with open_catalog(cat) as repo:
        assert repo.get_price(rid).usd_per_gpu_hour == 3.21
    assert main(["--catalog", str(cat), "catalog", "restore", "nope"]) == 1
    assert "no backup 'nope'" in capsys.readouterr().err


def test_delete_gpu_with_prices_is_refused_unless_cascade(repo: CatalogRepository):
    n = len([p for p in repo.prices() if p.gpu_id == "rtx_4090"])
    with pytest.raises(CatalogInUseError) as info:
        repo.delete_gpu("rtx_4090")
    assert info.value.price_count == n and isinstance(info.value, ValueError)
    assert f"still has {n} price row(s)" in str(info.value)
    assert repo.get_gpu("rtx_4090") is not None
    repo.upsert_gpu(GpuSpec(id="lonely", name="Lonely", memory_gb=8, memory_bandwidth_gbps=100))
    assert repo.delete_gpu("lonely") == 0  # no prices: deleted
    assert repo.delete_gpu("rtx_4090", cascade=True) == n
    assert not any(p.gpu_id == "rtx_4090" for p in repo.prices())


# ---- 7. help text ----------------------------------------------------------------------

def test_catalog_help_lists_only_real_commands(capsys: pytest.CaptureFixture[str]):
    with pytest.raises(SystemExit):
        main(["--help"])
    top = capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["catalog", "--help"])
    text = capsys.readouterr().out
    line = next(ln for ln in top.splitlines() if ln.strip().startswith("catalog "))
    assert "show" not in line
    listed = set(re.findall(r"^    ([a-z]+)\s", text, re.M))
    assert listed == {"path", "export", "import", "backup", "backups", "restore", "reset",
                      "recover", "fx", "currency"}
    assert not re.search(r"^\s+show\b", text, re.M)


def test_old_invalid_rows_are_skipped_listed_and_repairable(tmp_path: Path):
    path = tmp_path / "catalog.sqlite"
    open_catalog(path).close()
    import sqlite3

    with sqlite3.connect(path) as c:  # an `inf` price imported by an older version
        c.execute("INSERT INTO prices (id, gpu_id, provider, region, pricing, usd_per_gpu_hour, "
                  "observed, source, notes, currency, origin, user_modified, deleted) VALUES "
                  "(9999, 'rtx_4090', 'TestCo', '', 'on_demand', 9e999, '', '', '', 'USD', "
                  "'user', 1, 0)")
    with open_catalog(path) as repo:
        assert len(repo.prices()) == BUNDLED_PRICES and repo.get_price(9999) is None  # reads still work
        (table, key, reason), = repo.invalid_rows()
        assert (table, key) == ("prices", 9999) and "usd_per_gpu_hour" in reason
        fixed = repo.update_price_fields(9999, {"usd_per_gpu_hour": 0.4})
        assert fixed.usd_per_gpu_hour == 0.4 and repo.get_price(9999) == fixed
        assert repo.invalid_rows() == [] and len(repo.prices()) == BUNDLED_PRICES + 1


def test_a_file_of_bad_rows_stops_after_1000_errors(repo: CatalogRepository, tmp_path: Path):
    src = tmp_path / "bad.csv"
    src.write_text("gpu_id,provider,usd_per_gpu_hour\n" + "rtx_4090,x,-1\n" * 5000,
                   encoding="utf-8")
    r = repo.import_csv("prices", src)
    assert len(r.errors) == 1001 and "stopped checking after 1,000 bad rows" in r.errors[-1][1]
    assert len(repo.prices()) == BUNDLED_PRICES


# ---- second QA session (F29, F9): what is not a catalog is never moved; lost tables are damage
def test_a_folder_given_as_catalog_is_refused_and_never_moved(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]):
    folder = tmp_path / "my-project"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(CatalogUnavailableError, match="it is a folder, not a catalog file"):
        open_catalog(folder)
    assert main(["--catalog", str(folder), "catalog", "recover"]) == 2
    assert "folder" in capsys.readouterr().err
    assert folder.is_dir() and (folder / "notes.txt").read_text(encoding="utf-8") == "mine"
    assert not list(tmp_path.glob("*.corrupt-*"))


def test_recover_leaves_a_file_that_was_never_a_catalog(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]):
    notes = tmp_path / "notes.txt"
    notes.write_text("not a database", encoding="utf-8")
    with pytest.raises(CatalogCorruptError):
        open_catalog(notes)
    assert main(["--catalog", str(notes), "catalog", "recover"]) == 2
    assert "nothing was moved" in capsys.readouterr().err
    assert notes.read_text(encoding="utf-8") == "not a database"
    # a damaged file named like a catalog is still moved aside (never deleted)
    bad = tmp_path / "team.sqlite"
    bad.write_bytes(b"garbage" * 100)
    assert main(["--catalog", str(bad), "catalog", "recover"]) == 0
    assert len(list(tmp_path.glob("team.corrupt-*.sqlite"))) == 1


def test_a_catalog_missing_a_table_is_damage_and_recover_fixes_it(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]):
    path = tmp_path / "catalog.sqlite"
    open_catalog(path).close()
    import sqlite3
    with contextlib.closing(sqlite3.connect(path)) as c:
        c.execute("DROP TABLE gpus")
        c.commit()
    with pytest.raises(CatalogCorruptError, match="table\\(s\\) gpus are missing"):
        open_catalog(path)
    assert main(["--catalog", str(path), "catalog", "export", "gpus", "-"]) != 0
    err = capsys.readouterr().err
    assert "Traceback" not in err and "recover" in err
    assert main(["--catalog", str(path), "catalog", "recover"]) == 0
    with open_catalog(path) as repo:
        assert len(repo.gpus()) == 65
    assert len(list(tmp_path.glob("catalog.corrupt-*.sqlite"))) == 1


def test_cli_import_sniffs_only_the_header_of_a_huge_file(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]):
    """QA F24: the tracker-format sniff read a 1 GB one-line file whole before the size cap."""
    import tracemalloc

    big = tmp_path / "big.csv"
    with big.open("wb") as f:
        f.truncate(700 * 2**20)  # sparse: no disk used, one 700 MiB "line"
    tracemalloc.start()
    try:
        assert main(["catalog", "import", "prices", str(big)]) == 1
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert "imports are limited to 512.0 MiB" in capsys.readouterr().err
    assert peak < 50 * 2**20
