"""``gpupicker compare``: workload and job files side by side (catalog in tmp_path)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gpupicker.cli import main

JOBS = Path(__file__).parents[1] / "importers" / "data" / "jobs"


def test_compare_a_workload_json_with_a_job_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    a = tmp_path / "qlora.json"
    a.write_text(
        json.dumps(
            {
                "task": "qlora",
                "model_id": "llama3_8b",
                "seq_len": 4096,
                "batch": 2,
                "gpu": "rtx_4090",
                "dataset_tokens": 1e7,
            }
        ),
        encoding="utf-8",
    )
    cat = ["--catalog", str(tmp_path / "c.sqlite")]
    assert main([*cat, "compare", str(a), str(JOBS / "axolotl-llama3-lora-8b.yml")]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split() == ["qlora.json", "axolotl-llama3-lora-8b.yml"]
    assert "Peak VRAM per GPU (GiB)" in out and "* differs from the first scenario" in out
    assert main([*cat, "compare", "--json", str(a), str(a)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["names"] == ["qlora.json", "qlora.json"]
    assert not any(c["change"] for r in data["rows"] for c in r["cells"])  # the same job twice
    assert main([*cat, "compare", "--markdown", str(a), str(a)]) == 0
    assert capsys.readouterr().out.startswith("| | qlora.json | qlora.json |")


def test_compare_needs_two_readable_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    cat = ["--catalog", str(tmp_path / "c.sqlite")]
    a = tmp_path / "a.json"
    a.write_text('{"task": "qlora", "model_id": "llama3_8b"}', encoding="utf-8")
    typo = tmp_path / "typo.json"
    typo.write_text('{"task": "qlora", "model_id": "llama3_8b", "lora_rnak": 8}', encoding="utf-8")
    assert main([*cat, "compare", str(a), str(typo)]) == 0
    assert "typo.json: warning: unknown workload field ignored: lora_rnak" in capsys.readouterr().err
    assert main([*cat, "compare", str(a)]) == 2
    assert main([*cat, "compare", str(a), str(tmp_path / "missing.json")]) == 2
    assert "missing.json" in capsys.readouterr().err
