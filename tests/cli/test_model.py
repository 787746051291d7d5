"""``gpupicker model inspect/import/cache`` on tiny real files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gpupicker.cli import main
from gpupicker.importers.tiny_gguf import write_tiny_gguf
from tests.support.model_files import (
    TINY_DEEPSEEK_MOE,
    TINY_LLAMA,
    TINY_LLAMA_PARAMS,
    TINY_MOE_PARAMS,
    llama_tensors,
    write_config,
    write_safetensors,
)


def test_inspect_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    write_config(tmp_path, TINY_LLAMA)
    write_safetensors(tmp_path / "model.safetensors", llama_tensors(TINY_LLAMA))
    assert main(["model", "inspect", str(tmp_path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["params"] == TINY_LLAMA_PARAMS and out["weights_bytes"] == 2 * TINY_LLAMA_PARAMS
    assert out["bytes_by_dtype"] == {"BF16": 2 * TINY_LLAMA_PARAMS}
    assert out["architecture"]["hidden_size"] == 64


def test_inspect_text_gguf_and_refusals(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    write_tiny_gguf(tmp_path / "t.gguf")
    assert main(["model", "inspect", str(tmp_path / "t.gguf")]) == 0
    out = capsys.readouterr().out
    assert "params: 20,800 (from tensors)" in out and "Q8_0: 272 bytes" in out
    (tmp_path / "w.ckpt").write_bytes(b"\x80")
    assert main(["model", "inspect", str(tmp_path / "w.ckpt")]) == 1
    assert "never opens pickles" in capsys.readouterr().err


def test_import_saves_user_model(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    from gpupicker.catalog import open_catalog

    write_config(tmp_path / "moe", TINY_DEEPSEEK_MOE)
    assert main(["model", "import", str(tmp_path / "moe"), "--name", "Tiny MoE"]) == 0
    assert main(["model", "import", str(tmp_path / "moe"), "--name", "Tiny MoE"]) == 0
    out = capsys.readouterr().out
    assert "as model id user_tiny_moe " in out and "as model id user_tiny_moe_2 " in out
    with open_catalog() as repo:
        m = repo.get_catalog_model("user_tiny_moe")
        assert m is not None and m.is_user and m.arch.param_count() == TINY_MOE_PARAMS
    assert main(["catalog", "export", "models", str(tmp_path / "m.csv")]) == 0
    assert "user_tiny_moe_2,Tiny MoE" in (tmp_path / "m.csv").read_text(encoding="utf-8")


def test_cache_listing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]):
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path))
    snap = tmp_path / "models--org--m" / "snapshots" / "r1"
    write_config(snap, TINY_LLAMA)
    assert main(["model", "cache", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["repo_id"] == "org/m"


PROBE = r"""
import sys
sys.modules["PySide6"] = None      # any Qt import now raises ImportError
sys.modules["pyqtgraph"] = None
from gpupicker import cli
rc = cli.main(["model", "inspect", sys.argv[1], "--json"])
assert "gguf" not in sys.modules, "gguf (and numpy through it) is imported only to read a GGUF"
sys.exit(rc)
"""


def test_inspect_runs_without_qt_and_without_gguf(tmp_path: Path):
    import subprocess
    import sys

    from tests.support.paths import REPO

    write_config(tmp_path, TINY_LLAMA)
    write_safetensors(tmp_path / "model.safetensors", llama_tensors(TINY_LLAMA))
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, str(tmp_path)], capture_output=True, text=True, cwd=REPO, timeout=120
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["params"] == TINY_LLAMA_PARAMS
