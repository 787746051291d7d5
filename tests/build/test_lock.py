"""One locked dependency set: requirements.lock pins what make run/test/dist install."""

from __future__ import annotations

import re
import tomllib
from importlib import metadata

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.support.paths import REPO

TOOLING = {"pip", "setuptools", "wheel"}  # the venv's own installers


def _lock() -> dict[str, str]:
    pins: dict[str, str] = {}
    for line in (REPO / "requirements.lock").read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, version = line.partition("==")
            assert version, f"requirements.lock: {line!r} is not pinned with =="
            pins[canonicalize_name(name)] = version
    return pins


def _declared() -> list[Requirement]:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    reqs = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        reqs += extra
    return [Requirement(r) for r in reqs]


def test_every_declared_dependency_is_pinned_within_its_range():
    pins = _lock()
    for req in _declared():
        name = canonicalize_name(req.name)
        assert name in pins, f"{req.name} is in pyproject.toml but not in requirements.lock"
        assert req.specifier.contains(pins[name], prereleases=True), (
            f"requirements.lock pins {req.name}=={pins[name]}, outside {req.specifier}"
        )


def test_the_lock_excludes_the_leaking_pyside6_release():
    pins = _lock()
    assert pins["pyside6-essentials"] != "6.12.0" and pins["shiboken6"] != "6.12.0"
    assert pins["pyside6-essentials"] == pins["shiboken6"]


def test_this_environment_runs_what_the_lock_says():
    """`make test` installs with --constraint requirements.lock; a venv that drifted fails here."""
    wrong = []
    for name, version in _lock().items():
        if name in TOOLING:
            continue
        try:
            installed = metadata.version(name)
        except metadata.PackageNotFoundError:
            continue  # e.g. pyinstaller outside `make dist`
        if installed != version:
            wrong.append(f"{name} {installed} (lock: {version})")
    assert not wrong, "installed versions differ from requirements.lock; run `make venv`: " + ", ".join(wrong)


def test_every_install_in_the_makefile_uses_the_lock():
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^PIP\s*:=.*--constraint \$\(LOCK\)", makefile, re.M)
    assert re.search(r"^\$\(STAMP\):.*\$\(LOCK\)", makefile, re.M), "the venv must follow the lock"
    for line in makefile.splitlines():
        if "-m pip install" in line and not line.startswith("PIP") and "LOCK_VENV" not in line:
            raise AssertionError(f"Makefile installs without the lock: {line.strip()}")


@pytest.mark.gui
def test_installed_pyside_keeps_none_and_true_references():
    """PySide6 6.12.0 drops a reference to None per void call and to True per emit().

    pyproject.toml excludes that release and requirements.lock pins a clean one; this guards a
    lock refresh. The check is scripts/pyside_refcount_check.py, which prints -1.00 on 6.12.0.
    """
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "pyside_refcount_check", REPO / "scripts" / "pyside_refcount_check.py"
    )
    check = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(check)
    assert check.measure() == {
        "None per void call (QObject.setObjectName)": 0.0,
        "True per Signal.emit()": 0.0,
    }
