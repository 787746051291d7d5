"""Which errors mean "the catalog cannot be written here": one classification for every caller."""

from __future__ import annotations

import errno
import sqlite3

from gpupicker.catalog import CatalogReadOnlyError, is_read_only_error


def test_sqlite_refusing_a_write_to_a_read_only_file(tmp_path):
    db = tmp_path / "c.db"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE t (a)")
    ro = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        ro.execute("INSERT INTO t VALUES (1)")
    except sqlite3.OperationalError as exc:
        # SQLite's SQLITE_READONLY: "attempt to write a readonly database"
        assert exc.sqlite_errorcode & 0xFF == 8
        assert is_read_only_error(exc)
    else:  # pragma: no cover - SQLite always refuses
        raise AssertionError("the read-only connection wrote")
    finally:
        ro.close()


def test_what_is_not_a_read_only_catalog():
    assert not is_read_only_error(sqlite3.OperationalError("database is locked"))
    assert not is_read_only_error(OSError(errno.ENOSPC, "No space left on device"))
    assert not is_read_only_error(ValueError("price_per_gpu_hour must be a number"))


def test_the_other_read_only_errors(tmp_path):
    assert is_read_only_error(CatalogReadOnlyError(tmp_path / "c.db"))
    assert is_read_only_error(PermissionError(errno.EACCES, "Permission denied"))
    assert is_read_only_error(OSError(errno.EROFS, "Read-only file system"))
