"""What the lean bundle strips and replaces (packaging/prune.py), and the
numpy-free import of sqlite_utils."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.paths import REPO

ROOT = REPO
_spec = importlib.util.spec_from_file_location("_lean_prune", ROOT / "packaging" / "prune.py")
prune = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(prune)


@pytest.mark.parametrize(
    ("rel", "expected"),
    [
        ("gpupicker/_internal/libpython3.11.so.1.0", True),
        ("gpupicker/_internal/PySide6/Qt/lib/libQt6Core.so.6", True),
        ("gpupicker/_internal/python3.11/lib-dynload/_decimal.cpython-311-x86_64-linux-gnu.so", True),
        # patchelf-rewritten wheel libraries break when stripped (found by the smoke test)
        ("gpupicker/_internal/numpy.libs/libscipy_openblas64_-32a4b2a6.so", False),
        ("gpupicker/gpupicker", False),  # the executable carries PyInstaller's archive
        ("gpupicker/_internal/base_library.zip", False),
    ],
)
def test_strippable(rel, expected):
    assert prune.strippable(rel) is expected


def test_unused_image_formats_and_tls_are_left_out():
    assert prune.is_pruned_plugin("PySide6/Qt/plugins/imageformats/libqjpeg.so")
    assert not prune.is_pruned_plugin("PySide6/Qt/plugins/imageformats/libqsvg.so")
    assert not prune.is_pruned_plugin("PySide6/Qt/plugins/imageformats/libqico.so")
    assert {"ssl", "_ssl", "_hashlib"} <= set(prune.bundle_excludes())


@pytest.mark.skipif(
    not sys.platform.startswith("linux") or shutil.which("cc") is None,
    reason="the ICU data stub is built on Linux with a C compiler",
)
def test_icu_stub_is_a_tiny_library_with_the_data_symbol(tmp_path, monkeypatch):
    monkeypatch.delenv(prune.FULL_ICU_ENV, raising=False)
    toc = [
        ("PySide6/Qt/lib/libicudata.so.73", "/wheel/libicudata.so.73", "BINARY"),
        ("PySide6/Qt/lib/libicuuc.so.73", "/wheel/libicuuc.so.73", "BINARY"),
    ]
    out = prune.icu_data_stub(toc, tmp_path)
    assert out[1] == toc[1]
    stub = Path(out[0][1])
    assert out[0][0] == toc[0][0] and stub.is_file() and stub.stat().st_size < 100_000
    symbols = subprocess.run(["nm", "-D", str(stub)], capture_output=True, text=True).stdout
    assert "icudt73_dat" in symbols
    monkeypatch.setenv(prune.FULL_ICU_ENV, "1")
    assert prune.icu_data_stub(toc, tmp_path) == toc


def test_sqlite_utils_comes_without_numpy():
    code = (
        "import sys; import gpupicker.catalog.repository, gpupicker.cli; "
        "print('numpy' in sys.modules, 'pandas' in sys.modules); import numpy; print('ok')"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    ).stdout.split()
    assert out == ["False", "False", "ok"]
