"""``gpupicker catalog …`` through ``gpupicker.cli.main`` (catalog in tmp_path)."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

from gpupicker import paths
from gpupicker.catalog import (
    COLUMNS,
    CatalogUnavailableError,
    open_catalog,
)
from gpupicker.cli import main
from tests.support.catalog_files import BUNDLED_PRICES
from tests.support.catalog_files import read_only as _read_only
from tests.support.catalog_files import seed_row as _seed_row
from tests.support.catalog_files import write_prices as _write_prices
from tests.support.catalog_files import write_rows as _write_rows


def test_catalog_path_honours_option_and_env(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    target = tmp_path / "x.sqlite"
    assert main(["--catalog", str(target), "catalog", "path"]) == 0
    assert capsys.readouterr().out.strip() == str(target)
    assert not target.exists()  # printing the path does not create the file
    assert main(["catalog", "path"]) == 0
    assert capsys.readouterr().out.strip() == str(paths.catalog_path())


def test_export_then_import_round_trip(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    cat = str(tmp_path / "c.sqlite")
    out = tmp_path / "prices.csv"
    assert main(["--catalog", cat, "catalog", "export", "prices", str(out)]) == 0
    assert f"exported {BUNDLED_PRICES} prices rows" in capsys.readouterr().err
    with out.open(encoding="utf-8") as f:
        rows = list(csv.reader(f))
    assert tuple(rows[0]) == COLUMNS["prices"] and len(rows) == BUNDLED_PRICES + 1
    assert main(["--catalog", cat, "catalog", "import", "prices", str(out)]) == 0
    assert f"{BUNDLED_PRICES} unchanged" in capsys.readouterr().out
    assert main(["--catalog", cat, "catalog", "export", "gpus", "-"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("id,name,vendor") and "rtx_4090" in text


def test_export_to_a_pipe_path_names_dash_for_stdout(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """``/dev/stdout`` is a pipe or a terminal, which safe_write refuses: the message says
    what the path is and that ``-`` writes to standard output; nothing is written."""
    import os

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    cat = str(tmp_path / "c.sqlite")
    assert main(["--catalog", cat, "catalog", "export", "gpus", str(fifo)]) == 2
    err = capsys.readouterr().err
    assert f"{fifo} is a FIFO (named pipe), not a regular file" in err
    assert "write '-' as PATH for standard output" in err


def test_import_with_bad_rows_exits_1_and_names_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    cat = str(tmp_path / "c.sqlite")
    src = tmp_path / "bad.csv"
    src.write_text(
        "gpu_id,provider,pricing,price_per_gpu_hour,currency\n"
        "rtx_4090,Good,on_demand,0.5,USD\n"
        "rtx_4090,Neg,on_demand,-2,USD\n"
        "unknown_gpu,X,on_demand,1,USD\n"
        "rtx_4090,Cur,on_demand,1,dollars\n",
        encoding="utf-8",
    )
    assert main(["--catalog", cat, "catalog", "import", "prices", str(src)]) == 1
    err = capsys.readouterr().err
    assert f"{src}:3: price_per_gpu_hour" in err
    assert f"{src}:4: gpu_id: unknown GPU 'unknown_gpu'" in err
    assert f"{src}:5: currency" in err
    assert "3 bad row(s); nothing was imported" in err
    with open_catalog(cat) as repo:
        assert len(repo.prices()) == BUNDLED_PRICES
        assert not any(p.provider == "Good" for p in repo.prices())


def test_backup_and_reset(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
):
    cat = tmp_path / "c.sqlite"
    with open_catalog(cat) as repo:
        repo.delete_gpu("rtx_4090", cascade=True)
    assert main(["--catalog", str(cat), "catalog", "backup"]) == 0
    backup = Path(capsys.readouterr().out.strip())
    # beside --catalog PATH, not among the default catalog's backups (their rotation and
    # restore never saw it)
    assert backup.exists() and backup.parent == tmp_path / "backups"
    assert not (paths.user_data_dir() / "backups").exists()
    monkeypatch.setattr("sys.stdin.isatty", lambda: False)
    assert main(["--catalog", str(cat), "catalog", "reset"]) == 1
    assert "--yes" in capsys.readouterr().err
    with open_catalog(cat) as repo:
        assert repo.get_gpu("rtx_4090") is None  # refused: nothing changed
    assert main(["--catalog", str(cat), "catalog", "reset", "--yes"]) == 0
    assert "reset to the bundled defaults" in capsys.readouterr().out
    with open_catalog(cat) as repo:
        assert repo.get_gpu("rtx_4090") is not None


def test_corrupt_catalog_and_recover(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    cat = tmp_path / "c.sqlite"
    cat.write_bytes(b"garbage" * 1000)
    assert main(["--catalog", str(cat), "catalog", "backup"]) == 2
    err = capsys.readouterr().err
    assert "damaged" in err and "catalog recover" in err
    assert main(["--catalog", str(cat), "catalog", "recover"]) == 0
    out = capsys.readouterr().out
    assert "moved the damaged catalog to" in out
    kept = list(tmp_path.glob("c.corrupt-*.sqlite"))
    assert len(kept) == 1 and kept[0].read_bytes() == b"garbage" * 1000
    assert main(["--catalog", str(cat), "catalog", "recover"]) == 0
    assert "nothing to recover" in capsys.readouterr().out


def test_unknown_table_is_a_usage_error(tmp_path: Path):
    with pytest.raises(SystemExit) as info:
        main(["--catalog", str(tmp_path / "c.sqlite"), "catalog", "export", "users", "x.csv"])
    assert info.value.code == 2


@pytest.mark.gui
def test_cli_import_names_duplicates_and_skips_them_on_request(tmp_path, capsys):
    from gpupicker import cli

    row = dict(
        gpu_id="rtx_4090",
        provider="Dup Cloud",
        pricing="on_demand",
        price_per_gpu_hour=0.42,
        observed="2026-11-01",
        currency="USD",
    )
    path = tmp_path / "dups.csv"
    _write_rows(path, [row] * 5)
    assert cli.main(["catalog", "import", "prices", str(path), "--dry-run"]) == 0
    assert "4 rows repeat an earlier row of the file exactly" in capsys.readouterr().out
    assert cli.main(["catalog", "import", "prices", str(path), "--skip-duplicates"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("imported 1 prices rows: 1 added") and "were skipped" in out


def test_cli_on_read_only_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
):
    home = tmp_path / "h4"
    monkeypatch.setenv("GPUPICKER_HOME", str(home))
    monkeypatch.delenv("GPUPICKER_CATALOG")
    open_catalog().close()
    data = home / "data"
    src = tmp_path / "ro.csv"
    _write_prices(src, [dict(gpu_id="rtx_4090", provider="X", price_per_gpu_hour="1")])
    with _read_only(data):
        for argv in (
            ["catalog", "import", "prices", str(src)],
            ["catalog", "backup"],
            ["catalog", "reset", "--yes"],
        ):
            assert main(argv) == 1, argv
            err = capsys.readouterr().err
            assert "Traceback" not in err and "damaged" not in err
            assert len(err.strip().splitlines()) == 1, err
            assert "read-only" in err or "cannot write a backup" in err
        assert main(["catalog", "export", "gpus", "-"]) == 0  # reads work
        assert "rtx_4090" in capsys.readouterr().out
        assert main(["catalog", "recover"]) == 0
        assert "nothing to recover" in capsys.readouterr().out


def test_unwritable_home_gives_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
):
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


def test_cli_rejects_an_oversized_file_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    big = tmp_path / "sparse.csv"
    with big.open("wb") as f:
        f.truncate(600 * 1024**2)
    assert main(["--catalog", str(tmp_path / "c.sqlite"), "catalog", "import", "prices", str(big)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err == [
        f"{big}: the file is 600.0 MiB; imports are limited to 512.0 MiB (split it into smaller files)",
        "gpupicker catalog import: the file was rejected; nothing was imported",
    ]


def test_cli_backups_restore_and_recover(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    cat = tmp_path / "c.sqlite"
    with open_catalog(cat) as repo:
        rid, seen = _seed_row(repo)
        repo.update_price_fields(rid, {"price_per_gpu_hour": 3.21})
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
        assert repo.get_price(rid).price_per_gpu_hour == 0.44  # fresh bundled catalog
    assert main(["--catalog", str(cat), "catalog", "restore", name]) == 0
    assert f"restored {name}" in capsys.readouterr().out
    with open_catalog(cat) as repo:
        assert repo.get_price(rid).price_per_gpu_hour == 3.21
    assert main(["--catalog", str(cat), "catalog", "restore", "nope"]) == 1
    assert "no backup 'nope'" in capsys.readouterr().err


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
    assert listed == {
        "path",
        "export",
        "import",
        "history",
        "backup",
        "backups",
        "restore",
        "reset",
        "recover",
        "fx",
        "currency",
    }
    assert not re.search(r"^\s+show\b", text, re.M)


def test_cli_import_sniffs_only_the_header_of_a_huge_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """the tracker-format sniff read a 1 GB one-line file whole before the size cap."""
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


def test_an_import_that_makes_the_catalog_huge_says_what_it_costs(tmp_path: Path, capsys, monkeypatch):
    """a 500,000-row import was accepted without a word, and every CLI ranking then
    took 17–19 s. Above LARGE_CATALOG_PRICES current prices the import says so (the limit is
    lowered here so the bundled 285 prices cross it)."""
    from gpupicker.catalog import prices as catalog_prices

    cat = str(tmp_path / "c.sqlite")
    out = tmp_path / "prices.csv"
    assert main(["--catalog", cat, "catalog", "export", "prices", str(out)]) == 0
    capsys.readouterr()
    assert main(["--catalog", cat, "catalog", "import", "prices", str(out)]) == 0
    assert "current prices" not in capsys.readouterr().err  # 285: nothing to say
    monkeypatch.setattr(catalog_prices, "LARGE_CATALOG_PRICES", 100)
    assert main(["--catalog", cat, "catalog", "import", "prices", str(out)]) == 0
    err = capsys.readouterr().err
    assert f"the catalog now holds {BUNDLED_PRICES:,} current prices" in err
    assert "--catalog PATH" in err
