"""Backup, restore and missing-row errors of the catalog read in the UI's language: the
reason is a catalog message (``catalog.not_a_backup``, ``catalog.no_*``, ``file_error.*``)
rather than English text passed through."""

from __future__ import annotations

import os
import sqlite3

import pytest


def _not_a_backup(tmp_path):
    p = tmp_path / "other.sqlite"
    with sqlite3.connect(p) as conn:
        conn.execute("CREATE TABLE t (x)")
    return p


def _fifo_backup_folder(tmp_path, monkeypatch):
    """The next backup's file is a FIFO: refused, never replaced (core.safe_write)."""
    from gpupicker.catalog import backups as backups_mod

    folder = tmp_path / "backups"
    folder.mkdir()
    monkeypatch.setattr(backups_mod, "backups_dir", lambda *_: folder)
    monkeypatch.setattr(backups_mod, "utc_stamp", lambda: "20261201T000000Z")
    os.mkfifo(folder / "catalog-20261201T000000Z.sqlite")
    return folder


def _missing_owned_row(repo) -> str:
    from gpupicker.ui.catalog_access import write_error_message

    with pytest.raises(KeyError) as err:
        repo.remove_owned_gpu(987654)
    return write_error_message(err.value)


def test_restore_backup_and_missing_row_errors_in_english(qtbot, catalog, tmp_path, monkeypatch):
    assert not catalog.restore_backup(_not_a_backup(tmp_path))
    said = catalog.statusBar().currentMessage()
    assert said.startswith("Not restored — the catalog file") and "not a gpupicker catalog backup" in said
    assert not catalog.restore_backup(tmp_path / "gone.sqlite")
    assert "no such file or folder" in catalog.statusBar().currentMessage()
    folder = _fifo_backup_folder(tmp_path, monkeypatch)
    assert catalog.backup_now() is None
    said = catalog.statusBar().currentMessage()
    assert said.startswith(f"cannot write a backup to {folder}") and "a FIFO (named pipe)" in said
    assert _missing_owned_row(catalog.repo) == "Not saved — no owned GPU row 987654"
    with pytest.raises(KeyError) as err:
        catalog.repo.delete_gpu("no_such_gpu")
    assert str(err.value.args[0]) == "no GPU with id 'no_such_gpu'"


def test_restore_backup_and_missing_row_errors_in_chinese(qtbot, zh_cn, catalog, tmp_path, monkeypatch):
    from gpupicker.core.messages import error_message
    from gpupicker.ui.i18n.core_messages import tr_message

    assert not catalog.restore_backup(_not_a_backup(tmp_path))
    said = catalog.statusBar().currentMessage()
    assert "不是 gpupicker 价格库备份" in said and "not a gpupicker" not in said
    assert not catalog.restore_backup(tmp_path / "gone.sqlite")
    assert "文件或文件夹不存在" in catalog.statusBar().currentMessage()
    folder = _fifo_backup_folder(tmp_path, monkeypatch)
    assert catalog.backup_now() is None
    said = catalog.statusBar().currentMessage()
    assert said.startswith(f"无法写入备份到 {folder}") and "write a backup" not in said
    assert "没有 id 为 987654 的自有 GPU 记录" in _missing_owned_row(catalog.repo)
    with pytest.raises(KeyError) as err:
        catalog.repo.delete_gpu("no_such_gpu")
    assert tr_message(error_message(err.value)) == "没有 id 为 'no_such_gpu' 的 GPU"
