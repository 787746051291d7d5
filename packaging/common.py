"""Shared helpers of ``build.py`` and ``smoke_test.py`` (standard library only)."""

from __future__ import annotations

import os
import platform
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APP_NAME = "gpupicker"
#: The onedir bundle stays under this many MB (10**6 bytes): 250 at first, 150 once the bundle was pruned.
MAX_BUNDLE_MB = 150.0


def project_version(root: Path = ROOT) -> str:
    """``[project] version`` from pyproject.toml."""
    data = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    return str(data["project"]["version"])


def exe_name(name: str = APP_NAME) -> str:
    """``gpupicker.exe`` on Windows, ``gpupicker`` elsewhere."""
    return f"{name}.exe" if sys.platform == "win32" else name


def onedir_path(dist: Path | None = None) -> Path:
    """The onedir folder ``dist/gpupicker``."""
    return (dist or ROOT / "dist") / APP_NAME


def tree_size_bytes(path: Path) -> int:
    """Sum of the apparent sizes of all regular files under ``path`` (symlinks not followed)."""
    if path.is_file():
        return path.stat().st_size
    total = 0
    for dirpath, _dirnames, filenames in os.walk(path):
        for name in filenames:
            file = Path(dirpath, name)
            if not file.is_symlink():
                total += file.stat().st_size
    return total


def mb(size_bytes: int) -> float:
    """Bytes to MB (10**6 bytes)."""
    return size_bytes / 1e6


def platform_tag() -> str:
    """``linux-x86_64``, ``windows-amd64``, ``macos-arm64`` … for archive names."""
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform)
    return f"{system}-{platform.machine().lower()}"
