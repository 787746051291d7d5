"""Catalog safety: kill after commit, two writer processes, corrupt and huge non-SQLite files."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from gpupicker.catalog import CatalogCorruptError, CatalogUnavailableError, open_catalog, recover_corrupt
from gpupicker.core.hardware import PriceOffer
from tests.support.catalog_files import BUNDLED_PRICES
from tests.support.paths import REPO

REPO_ROOT = REPO


def _python(code: str, env_home: Path) -> subprocess.Popen[str]:
    env = dict(os.environ, GPUPICKER_HOME=str(env_home), PYTHONPATH=str(REPO_ROOT))
    return subprocess.Popen([sys.executable, "-c", textwrap.dedent(code)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")
def test_edit_survives_sigkill_right_after_commit(tmp_path: Path):
    path = tmp_path / "catalog.sqlite"
    open_catalog(path).close()
    proc = _python(f"""
        import sys, time
        from gpupicker.catalog import open_catalog
        from gpupicker.core.hardware import PriceOffer
        repo = open_catalog({str(path)!r})
        rid, offer, _ = repo.price_rows()[0]
        repo.update_price(rid, offer.model_copy(update={{"usd_per_gpu_hour": 7.77}}))
        new = repo.add_price(PriceOffer(gpu_id="rtx_4090", provider="KilledLab",
                                        usd_per_gpu_hour=0.31))
        print(rid, new, flush=True)   # the edit is confirmed: now die without closing
        time.sleep(60)
    """, tmp_path / "home")
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
        assert repo.get_price(rid).usd_per_gpu_hour == 7.77
        assert repo.get_price(new).provider == "KilledLab"
        assert repo.integrity_check() == "ok"


def test_two_writer_processes_both_edits_survive(tmp_path: Path):
    path = tmp_path / "catalog.sqlite"  # not created yet: both processes race to create it
    code = """
        import sys, time
        from gpupicker.catalog import open_catalog
        from gpupicker.core.hardware import PriceOffer
        start = {start!r}
        while time.time() < start:
            time.sleep(0.001)
        repo = open_catalog({path!r})
        for i in range(25):
            repo.add_price(PriceOffer(gpu_id="rtx_4090", provider="{who}", region=str(i),
                                      usd_per_gpu_hour=1 + i / 100))
            g = repo.get_gpu("{gpu}")
            repo.upsert_gpu(g.model_copy(update={{"notes": "{who} " + str(i)}}))
        print("done", flush=True)
    """
    start = time.time() + 1.0
    procs = [_python(code.format(who=w, path=str(path), start=start, gpu=g), tmp_path / w)
             for w, g in (("writerA", "h100_sxm"), ("writerB", "a100_sxm_80gb"))]
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
    rid = a.add_price(PriceOffer(gpu_id="rtx_4090", provider="A", usd_per_gpu_hour=1))
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
        data[off:off + 200] = os.urandom(200)
    path.write_bytes(bytes(data))
    with pytest.raises(CatalogCorruptError):
        open_catalog(path)


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
        assert len(repo.gpus()) == 65 and len(repo.prices()) == BUNDLED_PRICES
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
        assert len(repo.gpus()) == 65


def test_failed_write_rolls_back(tmp_path: Path):
    with open_catalog(tmp_path / "c.sqlite") as repo:
        n = len(repo.prices())
        with pytest.raises(RuntimeError), repo._write() as conn:
            conn.execute("DELETE FROM prices")
            raise RuntimeError("boom")
        assert len(repo.prices()) == n
