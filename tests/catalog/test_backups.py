"""Catalog backups: restore by name, into a damaged catalog, and rotation keeping a restored copy."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpupicker.catalog import (
    CatalogCorruptError,
    CatalogRepository,
    list_backups,
    open_catalog,
    restore_backup,
)
from tests.support.catalog_files import seed_row as _seed_row


def test_restore_by_name_and_into_a_damaged_catalog(tmp_path: Path):
    path = tmp_path / "catalog.sqlite"
    with open_catalog(path) as repo:
        rid, seen = _seed_row(repo)
        repo.update_price_fields(rid, {"price_per_gpu_hour": 7.0}, expected=seen)
        good = repo.backup()
        repo.update_price_fields(rid, {"price_per_gpu_hour": 8.0})
    assert list_backups(path) == [good]
    res = restore_backup(good.name, path)  # by the listed name
    assert res.previous_backup is not None and res.moved_aside is None
    with open_catalog(path) as repo:
        assert repo.get_price(rid).price_per_gpu_hour == 7.0
    # the catalog gets damaged: restoring moves it aside and brings the backup back
    path.write_bytes(b"garbage" * 100)
    for side in ("-wal", "-shm"):
        Path(str(path) + side).unlink(missing_ok=True)
    with pytest.raises(CatalogCorruptError, match="gpupicker catalog recover"):
        open_catalog(path)
    res = restore_backup(good, path)
    assert res.moved_aside is not None and res.moved_aside.read_bytes() == b"garbage" * 100
    with open_catalog(path) as repo:
        assert repo.get_price(rid).price_per_gpu_hour == 7.0 and repo.integrity_check() == "ok"
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
