"""Licences and Linux delivery, checked without building (``make dist-test`` builds).

- ``packaging/notices.py`` over the installed packages: every runtime dependency has a licence
  and its text, none is GPL-only, PySide6/Qt come with the LGPL-3.0 text and the Qt
  replacement instructions; the committed THIRD-PARTY-NOTICES.txt names each of them.
- the GPL-only rule and the library table on real cases;
- ``packaging/deb.py`` on a tiny fake onedir (when dpkg-deb exists), ``install.sh --user``.
"""

from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.paths import REPO

ROOT = REPO
PACKAGING = ROOT / "packaging"
if str(PACKAGING) not in sys.path:
    sys.path.insert(0, str(PACKAGING))

import components  # noqa: E402
import deb  # noqa: E402
import notices  # noqa: E402


@pytest.fixture(scope="module")
def installed():
    comps = components.installed_components()
    return comps, notices.render(comps, "Third-party notices for gpupicker")


def test_installed_notices_have_no_problems(installed):
    comps, _text = installed
    assert notices.problems(comps) == []


def test_every_runtime_dependency_is_listed_with_a_licence(installed):
    comps, text = installed
    names = {c.name.lower(): c for c in comps}
    for dist in components.runtime_distributions():
        name = dist.metadata["Name"]
        assert name.lower() in names, name
        assert names[name.lower()].spdx, name
        assert name in text
    for needed in (
        "pyside6-essentials",
        "shiboken6",
        "pyqtgraph",
        "numpy",
        "pydantic",
        "sqlite-utils",
        "platformdirs",
    ):
        assert needed in {components.norm_name(n) for n in names}, needed


def test_qt_lgpl_text_and_replacement_instructions(installed):
    _comps, text = installed
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in text and "Version 3, 29 June 2007" in text
    assert "GNU GENERAL PUBLIC LICENSE" in text  # LGPL-3.0 builds on the GPL-3.0 text
    assert "How to replace the Qt libraries" in text
    assert "_internal/PySide6/Qt/lib/" in text
    qt = next(c for c in installed[0] if c.name.startswith("Qt 6"))
    assert qt.spdx.startswith("LGPL-3.0-only")
    font = next(c for c in installed[0] if c.name.startswith("Noto Sans CJK SC"))
    assert font.spdx == "OFL-1.1" and "SIL OPEN FONT LICENSE" in font.texts[0][1]


def test_committed_notices_name_every_runtime_dependency():
    committed = (ROOT / "THIRD-PARTY-NOTICES.txt").read_text(encoding="utf-8")
    for dist in components.runtime_distributions():
        assert dist.metadata["Name"] in committed, (
            f"{dist.metadata['Name']} is missing from THIRD-PARTY-NOTICES.txt; regenerate it: "
            "python packaging/notices.py -o THIRD-PARTY-NOTICES.txt"
        )
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")


@pytest.mark.parametrize(
    ("spdx", "gpl_only"),
    [
        ("GPL-3.0-or-later", True),
        ("GPL-3.0-only", True),
        ("AGPL-3.0-only", True),
        ("LGPL-3.0-only OR GPL-2.0-only OR GPL-3.0-only", False),  # Qt, PySide6
        ("GPL-3.0-or-later WITH GCC-exception-3.1", False),  # libgcc, libstdc++, libgfortran
        ("GPL-2.0-or-later WITH Bootloader-exception AND Apache-2.0", False),  # PyInstaller
        ("FTL OR GPL-2.0-or-later", False),  # FreeType
        ("BSD-3-Clause OR GPL-2.0-only", False),  # zstd, libcap
        ("MIT AND GPL-3.0-only", True),
        ("LGPL-2.1-or-later", False),
        ("MIT", False),
    ],
)
def test_gpl_only_rule(spdx, gpl_only):
    assert components.is_gpl_only(spdx) is gpl_only


@pytest.mark.parametrize(
    ("name", "family"),
    [
        ("libQt6Core.so.6", "Qt 6"),
        ("Qt6Widgets.dll", "Qt 6"),
        ("libicudata.so.73", "ICU"),
        ("libpython3.11.so.1.0", "CPython"),
        ("python311.dll", "CPython"),
        ("libscipy_openblas64_-32a4b2a6.so", "OpenBLAS"),
        ("libxcb-cursor.so.0", "libxcb"),
        ("libstdc++.so.6", "GCC runtime"),
        ("libz.so.1", "zlib"),
        ("libcrypto.so.3", "OpenSSL"),
    ],
)
def test_library_table(name, family):
    lib = components.match_library(name)
    assert lib is not None and lib.name.startswith(family), (name, lib)
    assert not components.is_gpl_only(lib.spdx)


def test_readline_is_forbidden_and_excluded_by_the_spec():
    assert components.is_forbidden_library("libreadline.so.8")
    assert components.is_forbidden_library("libgdbm.so.6")
    assert not components.is_forbidden_library("libtinfo.so.6")
    spec = (PACKAGING / "gpupicker.spec").read_text(encoding="utf-8")
    assert '"readline"' in spec and '"_gdbm"' in spec


def test_scan_of_a_fake_bundle_flags_gpl_and_unknown_libraries(tmp_path):
    internal = tmp_path / "_internal"
    (internal / "PySide6" / "Qt" / "lib").mkdir(parents=True)
    (internal / "PySide6" / "Qt" / "lib" / "libQt6Core.so.6").write_bytes(b"\x7fELF")
    (internal / "libreadline.so.8").write_bytes(b"\x7fELF")
    (internal / "libmystery.so.1").write_bytes(b"\x7fELF")
    (tmp_path / "LICENSE").write_text("MIT License\n")
    scan = notices.scan_bundle(tmp_path)
    assert scan.forbidden == ["_internal/libreadline.so.8"]
    assert scan.unclaimed == ["_internal/libmystery.so.1"]
    found = notices.problems(scan.components, scan.unclaimed, scan.forbidden)
    assert any("GPL-only library" in p and "libreadline" in p for p in found)
    assert any("libmystery" in p for p in found)
    assert any(
        c.name.startswith("Qt 6") and c.files == ["_internal/PySide6/Qt/lib/libQt6Core.so.6"]
        for c in scan.components
    )


# --- .deb and install.sh -------------------------------------------------------------------


def _fake_onedir(tmp_path: Path) -> Path:
    onedir = tmp_path / "gpupicker"
    onedir.mkdir()
    exe = onedir / "gpupicker"
    exe.write_text("#!/bin/sh\necho 'gpupicker 9.8.7 (commit abc, bundled data 2026-10-02)'\n")
    exe.chmod(0o755)
    for name in ("gpupicker.desktop", "install.sh"):
        shutil.copy2(PACKAGING / name, onedir / name)
    shutil.copy2(ROOT / "resources" / "icons" / "gpupicker.svg", onedir / "gpupicker.svg")
    shutil.copy2(ROOT / "LICENSE", onedir / "LICENSE")
    return onedir


@pytest.mark.skipif(shutil.which("dpkg-deb") is None, reason="dpkg-deb not installed")
def test_deb_layout_and_control(tmp_path):
    onedir = _fake_onedir(tmp_path)
    out = deb.build_deb(
        onedir,
        "9.8.7",
        tmp_path / "out",
        onedir / "gpupicker.desktop",
        onedir / "gpupicker.svg",
        ROOT / "LICENSE",
        ["libc6", "libgl1"],
    )
    assert out.name == "gpupicker_9.8.7_amd64.deb"
    contents = deb.deb_contents(out)
    for need in (
        "./opt/gpupicker/gpupicker",
        "./usr/bin/gpupicker",
        "./usr/share/applications/gpupicker.desktop",
        "./usr/share/icons/hicolor/scalable/apps/gpupicker.svg",
        "./usr/share/doc/gpupicker/copyright",
    ):
        assert need in contents, need
    assert deb.deb_field(out, "Package") == "gpupicker"
    assert deb.deb_field(out, "Architecture") == "amd64"
    assert deb.deb_field(out, "Depends") == "libc6, libgl1"
    listing = subprocess.run(
        ["dpkg-deb", "--contents", str(out)], capture_output=True, text=True, check=True
    ).stdout
    assert "./usr/bin/gpupicker -> ../../opt/gpupicker/gpupicker" in listing  # relative link
    assert "root/root" in listing


def test_install_sh_user_and_uninstall(tmp_path):
    onedir = _fake_onedir(tmp_path)
    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
    env["HOME"] = str(home)
    run = subprocess.run(
        ["sh", str(onedir / "install.sh"), "--user"], env=env, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    entry = home / ".local" / "share" / "applications" / "gpupicker.desktop"
    icon = home / ".local" / "share" / "icons" / "hicolor" / "scalable" / "apps" / "gpupicker.svg"
    assert icon.is_file()
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str
    parser.read(entry, encoding="utf-8")
    assert parser["Desktop Entry"]["Exec"] == f'"{onedir.resolve()}/gpupicker"'
    link = home / ".local" / "bin" / "gpupicker"
    assert subprocess.run([str(link)], capture_output=True, text=True).stdout.startswith("gpupicker 9.8.7")
    if shutil.which("desktop-file-validate"):
        assert subprocess.run(["desktop-file-validate", str(entry)]).returncode == 0
    run = subprocess.run(
        ["sh", str(onedir / "install.sh"), "--uninstall"], env=env, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    assert not entry.exists() and not icon.exists() and not link.exists()
    bad = subprocess.run(["sh", str(onedir / "install.sh")], env=env, capture_output=True, text=True)
    assert bad.returncode == 2 and "--user" in bad.stderr
