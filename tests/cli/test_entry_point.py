"""``python -m gpupicker``: pydantic's plugin search is skipped without importing
``importlib.metadata`` (gpupicker.__main__)."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.support.paths import REPO

CHILD = r"""
import os, sys
from gpupicker.__main__ import _plugin_loader_without_metadata
_plugin_loader_without_metadata()
from pydantic import BaseModel

class First(BaseModel):
    x: int

print("METADATA_AFTER_A_MODEL", "importlib.metadata" in sys.modules)
os.environ["PYDANTIC_DISABLE_PLUGINS"] = "someone_elses_plugin"  # plugins on again

class Second(BaseModel):
    y: int

loader = sys.modules["pydantic.plugin._loader"]
print("PYDANTICS_OWN_LOADER", hasattr(loader, "entry_points"), Second(y=2).y)
"""


def _child(value: str | None) -> str:
    env = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    if value is not None:
        env["PYDANTIC_DISABLE_PLUGINS"] = value
    proc = subprocess.run(
        [sys.executable, "-c", CHILD], cwd=REPO, env=env, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_plugins_off_builds_models_without_importlib_metadata_then_hands_over_to_pydantic():
    out = _child("__all__")  # what gpupicker.__main__ sets unless the user set a value
    assert "METADATA_AFTER_A_MODEL False" in out
    # a value naming plugins later in the process: pydantic's own loader answers again
    assert "PYDANTICS_OWN_LOADER True 2" in out


def test_a_plugin_setting_of_the_users_keeps_pydantics_own_loader():
    out = _child("someone_elses_plugin")
    assert "METADATA_AFTER_A_MODEL True" in out
    assert "PYDANTICS_OWN_LOADER True 2" in out
