"""core/, catalog/ and the headless CLI work with Qt absent (a server without PySide6)."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.conftest import REPO

PROBE = r"""
import sys
sys.modules["PySide6"] = None      # any Qt import now raises ImportError
sys.modules["pyqtgraph"] = None
import gpupicker.core.memory, gpupicker.core.recommend, gpupicker.catalog
from gpupicker import cli
sys.exit(cli.main(["estimate", "--workload", sys.argv[1]]))
"""


def test_core_catalog_and_cli_run_without_qt(tmp_path):
    wl = tmp_path / "w.json"
    wl.write_text(json.dumps({"task": "qlora", "model_id": "mistral_7b_v0_1", "batch": 4,
                              "seq_len": 2048, "gpu": "rtx_4090"}))
    proc = subprocess.run([sys.executable, "-c", PROBE, str(wl)], capture_output=True, text=True,
                          cwd=REPO, timeout=120)
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result["fits"] is True and result["gpu"] == "rtx_4090"
