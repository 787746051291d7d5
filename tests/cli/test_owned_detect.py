"""``gpupicker owned detect --from …``: recorded tool outputs become owned GPUs (catalog in
tmp_path). Recorded outputs and their sources: tests/core/data/detect/README.md."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from gpupicker.catalog import open_catalog
from gpupicker.cli import main
from gpupicker.service.this_computer import THIS_COMPUTER_SETTING, run_tools

DATA = Path(__file__).parents[1] / "core" / "data" / "detect"


def _detect(cat: Path, *files: str, extra: tuple[str, ...] = ()) -> int:
    args = ["--catalog", str(cat), "owned", "detect", *extra]
    for f in files:
        args += ["--from", str(DATA / f)]
    return main(args)


def test_two_gpus_and_ram_are_saved_as_owned_hardware(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    cat = tmp_path / "c.sqlite"
    assert _detect(cat, "nvidia-smi-4090-3090.csv", "meminfo-64g.txt") == 0
    out = capsys.readouterr().out
    assert "NVIDIA GeForce RTX 4090  → rtx_4090  (24.0 GiB, 23.0 GiB free)" in out
    assert "RAM    62.8 GiB (58.1 GiB available)" in out
    assert "saved as owned GPUs: 1 × rtx_4090, 1 × rtx_3090" in out
    with open_catalog(cat) as repo:
        owned = {o.gpu_id: o for o in repo.owned_gpus()}
        assert set(owned) == {"rtx_4090", "rtx_3090"} and owned["rtx_4090"].purchase_price == 0
        saved = repo.get_setting(THIS_COMPUTER_SETTING)
    assert saved["ram_total_bytes"] == 65843964 * 1024
    assert [g["gpu_id"] for g in saved["gpus"]] == ["rtx_4090", "rtx_3090"]
    # a second detection leaves the rows as they are and says so
    assert _detect(cat, "nvidia-smi-4090-3090.csv") == 0
    assert "already in your owned GPUs" in capsys.readouterr().out
    with open_catalog(cat) as repo:
        assert len(repo.owned_gpus()) == 2


def test_a_mac_is_saved_as_one_unified_machine(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    cat = tmp_path / "c.sqlite"
    assert _detect(cat, "system_profiler-m3max.json", "sysctl-memsize-64g.txt", extra=("--json",)) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["saved"] == [{"gpu_id": "apple_m3_max", "count": 1}]
    assert data["machine"]["unified_memory"] is True
    assert data["machine"]["ram_total_bytes"] == 64 * 1024**3


def test_an_unknown_gpu_is_reported_and_nothing_is_saved(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    cat = tmp_path / "c.sqlite"
    assert _detect(cat, "rocm-smi-rx7900xt.json") == 0
    out = capsys.readouterr().out
    assert "Radeon RX 7900 XT  → not mapped" in out
    assert "no GPU of that name in the catalog" in out
    with open_catalog(cat) as repo:
        assert repo.owned_gpus() == []


def test_dry_run_saves_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    cat = tmp_path / "c.sqlite"
    assert _detect(cat, "nvidia-smi-a100-noheader.csv", extra=("--dry-run",)) == 0
    assert "(--dry-run: nothing saved)" in capsys.readouterr().out
    with open_catalog(cat) as repo:
        assert repo.owned_gpus() == []


def test_a_fifo_or_missing_file_is_refused_with_a_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    fifo = tmp_path / "smi.csv"
    os.mkfifo(fifo)
    assert main(["--catalog", str(tmp_path / "c.sqlite"), "owned", "detect", "--from", str(fifo)]) == 2
    assert "not a regular file" in capsys.readouterr().err
    assert (
        main(
            ["--catalog", str(tmp_path / "c.sqlite"), "owned", "detect", "--from", str(tmp_path / "nope.csv")]
        )
        == 2
    )
    assert "nope.csv" in capsys.readouterr().err


def test_missing_tools_are_notes_not_crashes(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    monkeypatch.setenv("PATH", str(tmp_path))  # no nvidia-smi, no rocm-smi on this PATH
    ran = run_tools(["nvidia-smi", "rocm-smi", "meminfo"], meminfo=tmp_path / "no-meminfo")
    assert ran.outputs == []
    assert [n.id for n in ran.notes] == ["detect.tool_missing", "detect.tool_missing", "detect.tool_failed"]
