"""Catalog safety: kill after commit, two writer processes, corrupt and huge non-SQLite files."""

from __future__ import annotations

import contextlib
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from gpupicker.catalog import (
    CatalogConflictError,
    CatalogCorruptError,
    CatalogReadOnlyError,
    CatalogRepository,
    CatalogUnavailableError,
    open_catalog,
    recover_corrupt,
)
from gpupicker.cli import main
from gpupicker.core.hardware.specs import PriceOffer
from tests.support.catalog_files import BUNDLED_GPUS, BUNDLED_PRICES
from tests.support.catalog_files import read_only as _read_only
from tests.support.catalog_files import run_python as _run
from tests.support.catalog_files import seed_row as _seed_row
from tests.support.catalog_files import write_prices as _write_prices
from tests.support.paths import REPO

REPO_ROOT = REPO


def _python(code: str, env_home: Path) -> subprocess.Popen[str]:
    env = dict(os.environ, GPUPICKER_HOME=str(env_home), PYTHONPATH=str(REPO_ROOT))
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")
def test_edit_survives_sigkill_right_after_commit(tmp_path: Path):
    path = tmp_path / "catalog.sqlite"
    open_catalog(path).close()
    proc = _python(
        f"""
        import sys, time
        from gpupicker.catalog import open_catalog
        from gpupicker.core.hardware.specs import PriceOffer
        repo = open_catalog({str(path)!r})
        rid, offer, _ = repo.price_rows()[0]
        repo.update_price(rid, offer.model_copy(update={{"price_per_gpu_hour": 7.77}}))
        new = repo.add_price(PriceOffer(gpu_id="rtx_4090", provider="KilledLab",
                                        price_per_gpu_hour=0.31))
        print(rid, new, flush=True)   # the edit is confirmed: now die without closing
        time.sleep(60)
    """,
        tmp_path / "home",
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if not line:
        _, err = proc.communicate(timeout=10)
        pytest.fail(f"writer failed: {err}")
    proc.send_signal(signal.SIGKILL)
    proc.communicate(timeout=10)  # reap it and close its pipes
    assert proc.returncode == -signal.SIGKILL
    rid, new = (int(x) for x in line.split())
    with sqlite3.connect(path) as c:
        assert c.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    with open_catalog(path) as repo:
        assert repo.get_price(rid).price_per_gpu_hour == 7.77
        assert repo.get_price(new).provider == "KilledLab"
        assert repo.integrity_check() == "ok"


def test_two_writer_processes_both_edits_survive(tmp_path: Path):
    path = tmp_path / "catalog.sqlite"  # not created yet: both processes race to create it
    code = """
        import sys, time
        from gpupicker.catalog import open_catalog
        from gpupicker.core.hardware.specs import PriceOffer
        start = {start!r}
        while time.time() < start:
            time.sleep(0.001)
        repo = open_catalog({path!r})
        for i in range(25):
            repo.add_price(PriceOffer(gpu_id="rtx_4090", provider="{who}", region=str(i),
                                      price_per_gpu_hour=1 + i / 100))
            g = repo.get_gpu("{gpu}")
            repo.upsert_gpu(g.model_copy(update={{"notes": "{who} " + str(i)}}))
        print("done", flush=True)
    """
    start = time.time() + 1.0
    procs = [
        _python(code.format(who=w, path=str(path), start=start, gpu=g), tmp_path / w)
        for w, g in (("writerA", "h100_sxm"), ("writerB", "a100_sxm_80gb"))
    ]
    for p in procs:
        out, err = p.communicate(timeout=60)
        assert p.returncode == 0, err
        assert out.strip() == "done"
    with open_catalog(path) as repo:
        providers = [p.provider for p in repo.prices()]
        assert providers.count("writerA") == 25 and providers.count("writerB") == 25
        assert repo.get_gpu("h100_sxm").notes == "writerA 24"
        assert repo.get_gpu("a100_sxm_80gb").notes == "writerB 24"
        assert repo.integrity_check() == "ok"
        ids = [r for r, _, _ in repo.price_rows()]
        assert len(ids) == len(set(ids)) == BUNDLED_PRICES + 50


def test_two_repositories_in_one_process_see_each_other(tmp_path: Path):
    path = tmp_path / "catalog.sqlite"
    a, b = open_catalog(path), open_catalog(path)
    v = b.data_version()
    rid = a.add_price(PriceOffer(gpu_id="rtx_4090", provider="A", price_per_gpu_hour=1))
    assert b.data_version() != v
    assert b.get_price(rid).provider == "A"
    a.close()
    b.close()


def test_garbage_file_raises_corrupt_error(tmp_path: Path):
    path = tmp_path / "catalog.sqlite"
    path.write_bytes(os.urandom(8192))
    with pytest.raises(CatalogCorruptError) as info:
        open_catalog(path)
    assert info.value.path == path and "not a SQLite" in info.value.detail
    assert str(path) in str(info.value)


def test_damaged_sqlite_pages_raise_corrupt_error(tmp_path: Path):
    path = tmp_path / "catalog.sqlite"
    open_catalog(path).close()
    with sqlite3.connect(path) as c:  # fold the WAL into the main file first
        c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(path.read_bytes())
    assert data[:16] == b"SQLite format 3\x00"
    for off in range(4096 * 2, len(data), 4096):  # smash every page after the first two
        data[off : off + 200] = os.urandom(200)
    path.write_bytes(bytes(data))
    with pytest.raises(CatalogCorruptError) as err:
        open_catalog(path)
    # one line of what SQLite saw, not one per damaged page
    assert "\n" not in str(err.value) and "catalog recover" in str(err.value)
    assert "***" not in err.value.detail


def test_damage_summary_counts_sqlite_problems():
    from gpupicker.catalog.catalog_file import damage_summary

    lines = [
        "*** in database main ***\nPage 42: btreeInitPage() returns error code 11",
        "Page 43: btreeInitPage() returns error code 11",
    ]
    assert damage_summary(lines) == (
        "SQLite's check reports 2 problems, the first: Page 42: btreeInitPage() returns error code 11"
    )
    assert (
        damage_summary(["row 3 missing from index x"])
        == "SQLite's check reports damage: row 3 missing from index x"
    )


def test_recover_corrupt_keeps_the_bad_file(tmp_path: Path):
    path = tmp_path / "catalog.sqlite"
    garbage = b"this is not a database" * 100
    path.write_bytes(garbage)
    (tmp_path / "catalog.sqlite-wal").write_bytes(b"junk wal")
    moved = recover_corrupt(path)
    assert moved.exists() and moved.read_bytes() == garbage
    assert moved.parent == tmp_path and ".corrupt-" in moved.name and moved.suffix == ".sqlite"
    assert Path(str(moved) + "-wal").read_bytes() == b"junk wal"
    with open_catalog(path) as repo:  # a fresh seeded catalog took its place
        assert len(repo.gpus()) == BUNDLED_GPUS and len(repo.prices()) == BUNDLED_PRICES
    moved2 = recover_corrupt(path)  # a second recovery never overwrites the first
    assert moved2 != moved and moved.exists() and moved2.exists()


def test_huge_sparse_non_sqlite_file_is_rejected_quickly(tmp_path: Path):
    path = tmp_path / "catalog.sqlite"
    with path.open("wb") as f:
        f.truncate(10 * 1024**3)  # 10 GB of (sparse) zeros: reading it all would take minutes
    t0 = time.perf_counter()
    with pytest.raises(CatalogCorruptError):
        open_catalog(path)
    assert time.perf_counter() - t0 < 1.0
    assert path.stat().st_size == 10 * 1024**3  # untouched


def test_directory_and_empty_file(tmp_path: Path):
    d = tmp_path / "dir.sqlite"
    d.mkdir()
    # a folder is not damage (recovering it would rename the user's folder): unavailable
    with pytest.raises(CatalogUnavailableError, match="folder"):
        open_catalog(d)
    empty = tmp_path / "empty.sqlite"
    empty.write_bytes(b"")
    with open_catalog(empty) as repo:  # an empty file is a new database: seeded
        assert len(repo.gpus()) == BUNDLED_GPUS


def test_failed_write_rolls_back(tmp_path: Path):
    with open_catalog(tmp_path / "c.sqlite") as repo:
        n = len(repo.prices())
        with pytest.raises(RuntimeError), repo._write() as conn:
            conn.execute("DELETE FROM prices")
            raise RuntimeError("boom")
        assert len(repo.prices()) == n


def test_update_price_fields_keeps_another_process_change(repo: CatalogRepository, tmp_path: Path):
    rid, seen = _seed_row(repo)  # the editor's copy: 0.44
    # another process re-prices the row through a CSV import
    src = tmp_path / "u.csv"
    _write_prices(
        src,
        [
            dict(
                seen.model_dump(mode="json"),
                price_per_gpu_hour="9.99",
                gpus_per_instance=str(seen.gpus_per_instance or ""),
            )
        ],
    )
    out = _run(
        f"""
        from gpupicker.catalog import open_catalog
        r = open_catalog({str(repo.path)!r}).import_csv("prices", {str(src)!r})
        print(r.updated, r.inserted, r.errors)
    """,
        tmp_path / "other",
    )
    assert out.stdout.split()[:2] == ["1", "0"], out.stderr
    # the editor changes only the notes, from its stale copy: the 9.99 is kept
    new = repo.update_price_fields(rid, {"notes": "edited in gui"}, expected=seen)
    assert new.price_per_gpu_hour == 9.99 and new.notes == "edited in gui"
    assert repo.get_price(rid) == new
    assert [p.price_per_gpu_hour for _, p in repo.price_history(rid)] == [0.44, 9.99, 9.99]
    # changing the price itself from the stale copy is a conflict naming both values
    with pytest.raises(CatalogConflictError) as info:
        repo.update_price_fields(rid, {"price_per_gpu_hour": 0.5}, expected=seen)
    err = info.value
    assert (err.field, err.current, err.seen) == ("price_per_gpu_hour", 9.99, 0.44)
    assert "price_per_gpu_hour" in str(err) and "9.99" in str(err) and "0.44" in str(err)
    assert isinstance(err, ValueError)
    assert repo.get_price(rid) == new  # nothing written
    # with the fresh copy it works; without expected it is a plain partial update
    assert repo.update_price_fields(rid, {"price_per_gpu_hour": 0.5}, expected=new).price_per_gpu_hour == 0.5
    assert repo.update_price_fields(rid, {"region": "EU"}).region == "EU"
    with pytest.raises(KeyError):
        repo.update_price_fields(999_999, {"notes": "x"})
    with pytest.raises(ValueError, match="unknown column"):
        repo.update_price_fields(rid, {"colour": "red"})
    with pytest.raises(ValueError, match="unknown GPU"):
        repo.update_price_fields(rid, {"gpu_id": "nope"})


def test_update_gpu_and_model_fields_merge_and_conflict(repo: CatalogRepository, tmp_path: Path):
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


def _assert_reads_work_and_writes_refused(path: Path) -> None:
    with open_catalog(path) as ro:
        assert ro.read_only
        assert len(ro.gpus()) == BUNDLED_GPUS and len(ro.prices()) == BUNDLED_PRICES
        assert ro.get_gpu("rtx_4090") is not None
        rid, seen = _seed_row(ro)
        for write in (
            lambda: ro.add_price(seen),
            lambda: ro.update_price(rid, seen),
            lambda: ro.update_price_fields(rid, {"notes": "x"}, expected=seen),
            lambda: ro.upsert_gpu(ro.get_gpu("rtx_4090")),
            lambda: ro.delete_price(rid),
            lambda: ro.set_fx_rate("EUR", 1.1),
            lambda: ro.reset_all(),
        ):
            with pytest.raises(CatalogReadOnlyError, match="read-only"):
                write()


def test_read_only_file_is_not_damaged(tmp_path: Path):
    path = tmp_path / "catalog.sqlite"
    open_catalog(path).close()
    with _read_only(path):
        _assert_reads_work_and_writes_refused(path)
        src = tmp_path / "p.csv"
        _write_prices(src, [dict(gpu_id="rtx_4090", provider="X", price_per_gpu_hour="1")])
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
    assert _ro.read_only and len(_ro.gpus()) == BUNDLED_GPUS
    with pytest.raises(CatalogReadOnlyError):
        _ro.add_price(PriceOffer(gpu_id="rtx_4090", provider="X", price_per_gpu_hour=1))
    _ro.close()


def test_old_invalid_rows_are_skipped_listed_and_repairable(tmp_path: Path):
    path = tmp_path / "catalog.sqlite"
    open_catalog(path).close()
    import sqlite3

    with sqlite3.connect(path) as c:  # an `inf` price imported by an older version
        c.execute(
            "INSERT INTO prices (id, gpu_id, provider, region, pricing, price_per_gpu_hour, "
            "observed, source, notes, currency, origin, user_modified, deleted) VALUES "
            "(9999, 'rtx_4090', 'TestCo', '', 'on_demand', 9e999, '', '', '', 'USD', "
            "'user', 1, 0)"
        )
    with open_catalog(path) as repo:
        assert len(repo.prices()) == BUNDLED_PRICES and repo.get_price(9999) is None  # reads still work
        ((table, key, reason),) = repo.invalid_rows()
        assert (table, key) == ("prices", 9999) and "price_per_gpu_hour" in reason
        fixed = repo.update_price_fields(9999, {"price_per_gpu_hour": 0.4})
        assert fixed.price_per_gpu_hour == 0.4 and repo.get_price(9999) == fixed
        assert repo.invalid_rows() == [] and len(repo.prices()) == BUNDLED_PRICES + 1


# ---- what is not a catalog is never moved; lost tables are damage
def test_a_folder_given_as_catalog_is_refused_and_never_moved(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    folder = tmp_path / "my-project"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(CatalogUnavailableError, match="it is a folder, not a catalog file"):
        open_catalog(folder)
    assert main(["--catalog", str(folder), "catalog", "recover"]) == 2
    assert "folder" in capsys.readouterr().err
    assert folder.is_dir() and (folder / "notes.txt").read_text(encoding="utf-8") == "mine"
    assert not list(tmp_path.glob("*.corrupt-*"))


def test_recover_leaves_a_file_that_was_never_a_catalog(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
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


def test_a_catalog_missing_a_table_is_damage_and_recover_fixes_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
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
        assert len(repo.gpus()) == BUNDLED_GPUS
    assert len(list(tmp_path.glob("catalog.corrupt-*.sqlite"))) == 1
