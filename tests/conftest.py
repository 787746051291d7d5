"""Test setup: offscreen Qt, and every user directory redirected to a temp folder."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import json
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
VALIDATION = SHARED / "validation" / "h200.jsonl"


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """Point GPUPICKER_HOME (config, data, log) and the catalog at a fresh temp folder."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("GPUPICKER_HOME", str(home))
    monkeypatch.setenv("GPUPICKER_CATALOG", str(home / "catalog.sqlite"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "xdg-config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "xdg-data"))
    return home


def load_validation_cases() -> list[dict]:
    """All cases of shared/validation/h200.jsonl (empty when shared/ is absent)."""
    if not VALIDATION.exists():
        return []
    return [json.loads(line) for line in VALIDATION.read_text().splitlines() if line.strip()]
