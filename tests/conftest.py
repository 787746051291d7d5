"""Test setup: offscreen Qt, and every user directory redirected to a temp folder."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import json
import time as _time
from pathlib import Path

import platformdirs as _platformdirs
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


# The user's real folders, as they are before any test runs: a test (or a module/session
# fixture, which runs before the autouse redirect above) that writes there fails the session.
_REAL_DIRS = [_platformdirs.user_data_path("gpupicker"), _platformdirs.user_config_path("gpupicker"),
              _platformdirs.user_log_path("gpupicker")]
_SESSION_START = _time.time()


def _touched_real_dirs() -> list[str]:
    hits = []
    for d in _REAL_DIRS:
        if d.exists():
            for p in [d, *d.rglob("*")]:
                if p.stat().st_mtime >= _SESSION_START - 1:
                    hits.append(str(p))
    return hits


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Fail the run when anything under the real user folders changed during it."""
    hits = _touched_real_dirs()
    if hits:
        print(f"\nERROR: the tests wrote to the real user folders: {', '.join(hits[:5])}")
        session.exitstatus = 1
