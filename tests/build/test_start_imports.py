"""What a start imports only when it needs it: platformdirs (user folders: GPUPICKER_HOME,
or on Linux the XDG folders found as platformdirs finds them) and typing_extensions
(``@override``), each ~6-8 ms of a cold start before the first paint."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.support.paths import REPO

PATHS_CHILD = r"""
import sys
from gpupicker import paths
print("BEFORE", "platformdirs" in sys.modules)
print("DATA", paths.user_data_dir())
print("CONFIG", paths.user_config_dir())
print("LOG", paths.user_log_dir())
print("AFTER", "platformdirs" in sys.modules)
import platformdirs
print("PD_DATA", platformdirs.user_data_path("gpupicker", appauthor=False))
print("PD_CONFIG", platformdirs.user_config_path("gpupicker", appauthor=False))
print("PD_LOG", platformdirs.user_log_path("gpupicker", appauthor=False))
"""


def _child(env: dict[str, str]) -> dict[str, str]:
    proc = subprocess.run(
        [sys.executable, "-c", PATHS_CHILD], cwd=REPO, env=env, capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    return dict(line.split(" ", 1) for line in proc.stdout.splitlines())


def test_gpupicker_home_needs_no_platformdirs(tmp_path):
    env = {**os.environ, "GPUPICKER_HOME": str(tmp_path)}
    out = _child(env)
    assert out["BEFORE"] == "False" and out["AFTER"] == "False"
    assert out["DATA"] == str(tmp_path / "data")
    assert out["CONFIG"] == str(tmp_path / "config")
    assert out["LOG"] == str(tmp_path / "log")


@pytest.mark.parametrize("xdg", ["absolute", "relative", "unset"])
def test_without_gpupicker_home_the_folders_are_platformdirs_own(tmp_path, xdg):
    env = {k: v for k, v in os.environ.items() if k != "GPUPICKER_HOME" and not k.startswith("XDG_")}
    env["HOME"] = str(tmp_path)
    for k in ("DATA", "CONFIG", "STATE", "CACHE"):
        if xdg == "absolute":
            env[f"XDG_{k}_HOME"] = str(tmp_path / k.lower())
        elif xdg == "relative":  # not a path platformdirs takes: the defaults under HOME
            env[f"XDG_{k}_HOME"] = k.lower()
    out = _child(env)
    assert out["DATA"] == out["PD_DATA"] and out["CONFIG"] == out["PD_CONFIG"]
    assert out["LOG"] == out["PD_LOG"]
    assert out["BEFORE"] == "False"
    if sys.platform.startswith("linux"):  # found without platformdirs (paths._linux_xdg_path)
        assert out["AFTER"] == "False"
        state = tmp_path / "state" if xdg == "absolute" else tmp_path / ".local" / "state"
        assert out["LOG"] == str(state / "gpupicker" / "log")


def test_override_marks_the_method_as_typing_extensions_does():
    import typing_extensions

    from gpupicker.typing_override import override

    class Base:
        def f(self) -> int:
            return 1

    class Child(Base):
        @override
        def f(self) -> int:
            return 2

        @typing_extensions.override
        def g(self) -> int:
            return 3

    assert Child.f.__override__ is True  # type: ignore[attr-defined]
    assert Child.g.__override__ is True  # type: ignore[attr-defined]
    assert Child().f() == 2
