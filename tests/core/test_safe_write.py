"""Writers never replace what is not a regular file (core.safe_write).

A FIFO stands for every special file (a device behaves the same: ``stat`` says it is not a
regular file); tests never open a real device. Each case checks the path is unchanged.
"""

from __future__ import annotations

import json
import os
import stat

import pytest

from gpupicker import cli
from gpupicker.core.text.safe_write import NotARegularFileError, write_bytes, write_text


@pytest.fixture
def fifo(tmp_path):
    p = tmp_path / "out.fifo"
    os.mkfifo(p)
    yield p
    assert stat.S_ISFIFO(p.stat().st_mode)  # still a FIFO: nothing was renamed over it


def test_a_fifo_a_directory_and_a_link_to_a_fifo_are_refused(fifo, tmp_path):
    with pytest.raises(NotARegularFileError, match=r"is a FIFO \(named pipe\), not a regular file"):
        write_text(fifo, "x")
    folder = tmp_path / "folder"
    folder.mkdir()
    with pytest.raises(NotARegularFileError, match="is a directory"):
        write_bytes(folder, b"x")
    link = tmp_path / "link.csv"
    link.symlink_to(fifo)
    with pytest.raises(NotARegularFileError, match="is a FIFO"):
        write_text(link, "x")
    assert link.is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder", "link.csv", "out.fifo"]


def test_a_symlink_is_written_through_and_stays_a_link(tmp_path):
    target = tmp_path / "shared" / "target.csv"
    target.parent.mkdir()
    target.write_text("keep\n")
    target.chmod(0o640)
    link = tmp_path / "link.csv"
    link.symlink_to(os.path.relpath(target, tmp_path))
    assert write_text(link, "new\n") == target
    assert link.is_symlink() and target.read_text() == "new\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640  # the file keeps its permissions
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.csv", "shared"]  # no temp left
    dangling = tmp_path / "dangling.csv"
    dangling.symlink_to("shared/new.csv")
    write_text(dangling, "made\n")
    assert dangling.is_symlink() and (target.parent / "new.csv").read_text() == "made\n"


def test_a_failed_write_leaves_the_old_file(tmp_path):
    from gpupicker.core.text.safe_write import open_for_write

    p = tmp_path / "a.txt"
    p.write_text("old")
    with pytest.raises(RuntimeError), open_for_write(p) as f:
        f.write("half")
        raise RuntimeError("disk went away")
    assert p.read_text() == "old" and [x.name for x in tmp_path.iterdir()] == ["a.txt"]


@pytest.mark.parametrize("table", ["prices", "gpus"])
def test_catalog_export_to_a_fifo_is_refused(fifo, table, capsys):
    assert cli.main(["catalog", "export", table, str(fifo)]) != 0
    err = capsys.readouterr().err
    assert "is a FIFO (named pipe), not a regular file" in err
    assert "write '-' as PATH for standard output" in err


def test_catalog_export_through_a_symlink(tmp_path, capsys):
    target = tmp_path / "target.csv"
    target.write_text("keep\n")
    link = tmp_path / "link.csv"
    link.symlink_to("target.csv")
    assert cli.main(["catalog", "export", "prices", str(link)]) == 0
    assert link.is_symlink() and target.read_text().startswith("gpu_id,provider,")


def test_report_to_a_fifo_is_refused(fifo, tmp_path, capsys):
    job = tmp_path / "job.json"
    job.write_text(json.dumps({"task": "inference", "model_id": "llama3_1_8b"}))
    md = tmp_path / "plan.md"
    os.mkfifo(md)
    assert cli.main(["report", "--workload", str(job), "--out", str(md)]) != 0
    assert "is a FIFO (named pipe)" in capsys.readouterr().err
    assert stat.S_ISFIFO(md.stat().st_mode)


def test_a_backup_path_that_is_a_fifo_is_refused(tmp_path, monkeypatch):
    from gpupicker.catalog import backups as backups_mod
    from gpupicker.catalog import open_catalog
    from gpupicker.catalog.errors import CatalogUnavailableError

    repo = open_catalog(tmp_path / "c.sqlite")
    folder = tmp_path / "backups"
    folder.mkdir()
    monkeypatch.setattr(backups_mod, "backups_dir", lambda *_: folder)
    monkeypatch.setattr(backups_mod, "utc_stamp", lambda: "20261201T000000Z")
    os.mkfifo(folder / "c-20261201T000000Z.sqlite")
    with pytest.raises(CatalogUnavailableError, match="is a FIFO"):
        repo.backup()
    assert [p.name for p in folder.iterdir()] == ["c-20261201T000000Z.sqlite"]
    assert stat.S_ISFIFO((folder / "c-20261201T000000Z.sqlite").stat().st_mode)


def test_file_error_message_words_the_common_os_errors():
    """EACCES / ENOSPC / EROFS name the path and gpupicker's own reason (a Message the UI
    translates); a gpupicker error keeps its Message; another errno keeps the system's text."""
    import errno
    from pathlib import Path

    from gpupicker.core.messages import Message, msg
    from gpupicker.core.text.safe_write import file_error_message

    for code, reason in (
        (errno.EACCES, "permission denied"),
        (errno.ENOSPC, "the disk is full"),
        (errno.EROFS, "the file system is read-only"),
    ):
        m = file_error_message(OSError(code, os.strerror(code), "/srv/r.pdf"))
        assert isinstance(m, Message) and m.id == "file_error.os" and str(m) == f"/srv/r.pdf: {reason}"
    other = file_error_message(OSError(errno.EIO, os.strerror(errno.EIO), "/srv/r.pdf"))
    assert str(other) == f"/srv/r.pdf: {os.strerror(errno.EIO)}"
    refusal = NotARegularFileError(
        msg("safe_write.not_regular", path="/dev/null", kind=msg("safe_write.kind.char_device")),
        Path("/dev/null"),
    )
    assert file_error_message(refusal).id == "safe_write.not_regular"
