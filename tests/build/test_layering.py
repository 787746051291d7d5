"""core/, catalog/, service/ and the headless CLI work with Qt absent (a server without PySide6)."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.support.paths import REPO

PROBE = r"""
import sys
sys.modules["PySide6"] = None      # any Qt import now raises ImportError
sys.modules["pyqtgraph"] = None
import gpupicker.core.memory, gpupicker.core.ranking.recommend, gpupicker.catalog
import gpupicker.service.recommendation, gpupicker.service.resolve
from gpupicker import cli
sys.exit(cli.main(["estimate", "--workload", sys.argv[1]]))
"""


def test_core_catalog_and_cli_run_without_qt(tmp_path):
    wl = tmp_path / "w.json"
    wl.write_text(
        json.dumps(
            {"task": "qlora", "model_id": "mistral_7b_v0_1", "batch": 4, "seq_len": 2048, "gpu": "rtx_4090"}
        )
    )
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, str(wl)], capture_output=True, text=True, cwd=REPO, timeout=120
    )
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result["fits"] is True and result["gpu"] == "rtx_4090"


def _load_cycle_checker():
    import importlib.util

    spec = importlib.util.spec_from_file_location("import_cycles", REPO / "scripts" / "import_cycles.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_no_import_cycle_counting_imports_inside_functions():
    """lint-imports sees module-level imports only; this graph also counts those in functions."""
    cycles = _load_cycle_checker().find_cycles()
    assert cycles == [], "import cycles: " + "; ".join(" -> ".join(c) for c in cycles)


def test_cycle_checker_sees_a_cycle_hidden_in_a_function(tmp_path):
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from .sub import b\n")
    (pkg / "sub" / "b.py").write_text("def f():\n    from ..a import x\n")
    (pkg / "c.py").write_text("import pkg.a\n")
    assert _load_cycle_checker().find_cycles(pkg) == [["pkg.a", "pkg.sub.b", "pkg.a"]]


def test_every_core_module_has_a_layer():
    """A new core module must be placed in the core layers contract (pyproject.toml)."""
    import re
    import tomllib

    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    core = next(
        c for c in config["tool"]["importlinter"]["contracts"] if c.get("containers") == ["gpupicker.core"]
    )
    placed = {name for layer in core["layers"] for name in re.split(r"[|:]", layer)}
    placed = {name.strip() for name in placed}
    modules = {p.stem for p in (REPO / "gpupicker" / "core").glob("*.py") if p.stem != "__init__"}
    modules |= {
        p.name for p in (REPO / "gpupicker" / "core").iterdir() if p.is_dir() and (p / "__init__.py").exists()
    }
    assert modules - placed == set(), "core modules in no layer of pyproject.toml"


IMPORT_TESTS_PROBE = r"""
import importlib, pathlib, sys
for name in ("PySide6", "shiboken6", "pyqtgraph"):
    sys.modules[name] = None      # any Qt import now raises ImportError
failed = []
for folder in sys.argv[1:]:
    for path in sorted(pathlib.Path(folder).glob("test_*.py")):
        module = ".".join(path.with_suffix("").parts)
        try:
            importlib.import_module(module)
        except ImportError as exc:
            failed.append(f"{module}: {exc}")
print("\n".join(failed))
sys.exit(1 if failed else 0)
"""


def test_core_and_catalog_test_modules_load_without_qt():
    """The core and catalog tests need no Qt to load; those that need it in their body are
    marked ``gui`` (tests/conftest.py) and ``make test-noqt`` leaves them out."""
    proc = subprocess.run(
        [sys.executable, "-c", IMPORT_TESTS_PROBE, "tests/core", "tests/catalog"],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
