"""``gpupicker catalog …`` through ``gpupicker.cli.main`` (catalog in tmp_path)."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from gpupicker import paths
from gpupicker.catalog import COLUMNS, open_catalog
from gpupicker.cli import main
from tests.support.catalog_files import BUNDLED_PRICES


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


def test_import_with_bad_rows_exits_1_and_names_them(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]):
    cat = str(tmp_path / "c.sqlite")
    src = tmp_path / "bad.csv"
    src.write_text("gpu_id,provider,pricing,usd_per_gpu_hour,currency\n"
                   "rtx_4090,Good,on_demand,0.5,USD\n"
                   "rtx_4090,Neg,on_demand,-2,USD\n"
                   "unknown_gpu,X,on_demand,1,USD\n"
                   "rtx_4090,Cur,on_demand,1,dollars\n", encoding="utf-8")
    assert main(["--catalog", cat, "catalog", "import", "prices", str(src)]) == 1
    err = capsys.readouterr().err
    assert f"{src}:3: usd_per_gpu_hour" in err
    assert f"{src}:4: gpu_id: unknown GPU 'unknown_gpu'" in err
    assert f"{src}:5: currency" in err
    assert "3 bad row(s); nothing was imported" in err
    with open_catalog(cat) as repo:
        assert len(repo.prices()) == BUNDLED_PRICES
        assert not any(p.provider == "Good" for p in repo.prices())


def test_backup_and_reset(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                          monkeypatch: pytest.MonkeyPatch):
    cat = tmp_path / "c.sqlite"
    with open_catalog(cat) as repo:
        repo.delete_gpu("rtx_4090", cascade=True)
    assert main(["--catalog", str(cat), "catalog", "backup"]) == 0
    backup = Path(capsys.readouterr().out.strip())
    assert backup.exists() and backup.parent == paths.user_data_dir() / "backups"
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
