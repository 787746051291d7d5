"""The xcb libraries: one line naming the Debian packages instead of Qt's abort."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gpupicker.ui.app import qt_platform
from tests.support.paths import REPO

# ldd of libqxcb.so on a Debian 12 machine without libxcb-icccm4 and libxcb-keysyms1 (this
# project's build machine, PySide6 6.11.3), shortened.
LDD_DEBIAN = """\
\tlinux-vdso.so.1 (0x00007fae191b8000)
\tlibQt6XcbQpa.so.6 => /x/PySide6/Qt/lib/libQt6XcbQpa.so.6 (0x00007fae190ea000)
\tlibxcb-cursor.so.0 => /lib/x86_64-linux-gnu/libxcb-cursor.so.0 (0x00007fae19000000)
\tlibxcb-icccm.so.4 => not found
\tlibxcb-util.so.1 => /lib/x86_64-linux-gnu/libxcb-util.so.1 (0x00007fae18ff8000)
\tlibxcb-keysyms.so.1 => not found
\tlibxcb-icccm.so.4 => not found
\tlibxcb-keysyms.so.1 => not found
"""


def test_missing_libraries_are_read_from_ldd_once_each():
    assert qt_platform.missing_libraries(LDD_DEBIAN) == ["libxcb-icccm.so.4", "libxcb-keysyms.so.1"]
    assert qt_platform.missing_libraries("\tlibc.so.6 => /lib/libc.so.6 (0x1)\n") == []


def test_the_message_is_one_line_naming_the_packages():
    msg = qt_platform.missing_message(qt_platform.missing_libraries(LDD_DEBIAN))
    assert "\n" not in msg
    assert "sudo apt-get install libxcb-icccm4 libxcb-keysyms1 " in msg
    assert "libxcb-cursor0" not in msg  # Qt's own text named this one, which was installed
    odd = qt_platform.missing_message(["libfoo.so.9"])
    assert "libfoo.so.9" in odd and "apt-file search" in odd


@pytest.mark.parametrize(
    ("env", "xcb"),
    [
        ({"DISPLAY": ":0"}, True),
        ({"DISPLAY": ":0", "QT_QPA_PLATFORM": "offscreen"}, False),
        ({"DISPLAY": ":0", "QT_QPA_PLATFORM": "xcb"}, True),
        ({"WAYLAND_DISPLAY": "wayland-0", "XDG_SESSION_TYPE": "wayland", "DISPLAY": ":0"}, False),
        ({}, False),
    ],
)
def test_xcb_is_checked_only_when_qt_would_use_it(env, xcb):
    if not sys.platform.startswith("linux"):
        pytest.skip("X11 only")
    assert qt_platform.uses_xcb(env) is xcb


def test_launch_prints_the_line_and_exits_2_instead_of_qt_abort(monkeypatch, capsys):
    from gpupicker.ui.app import launch

    monkeypatch.setenv("DISPLAY", ":99")
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setattr(qt_platform, "uses_xcb", lambda env=None: True)
    monkeypatch.setattr(qt_platform, "ldd_output", lambda path: LDD_DEBIAN)
    monkeypatch.setattr(qt_platform, "xcb_plugin", lambda: Path("libqxcb.so"))

    class Args:
        screenshot = None
        selftest = False
        catalog = None
        lang = None

    assert launch.launch(Args()) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "sudo apt-get install libxcb-icccm4 libxcb-keysyms1" in err[0]


def _installed_ldd() -> str:
    plugin = qt_platform.xcb_plugin()
    if plugin is None or shutil.which("ldd") is None:
        pytest.skip("no xcb plugin or no ldd here")
    text = qt_platform.ldd_output(plugin)
    assert text
    return text


def test_the_table_is_what_the_installed_plugin_links():
    """Every X11/xcb/xkb/GL/font library ldd shows is in the table, and the table has nothing
    the plugin does not load (derived, not remembered)."""
    text = _installed_ldd()
    sonames = set(re.findall(r"^\s*(\S+\.so[.\d]*)\s+=>", text, re.M))
    family = re.compile(r"^lib(xcb|X11|xkbcommon|GL\b|EGL|fontconfig|freetype|glib|gthread|dbus)")
    system = {s for s in sonames if family.match(s) and "PySide6" not in s}
    assert system <= set(qt_platform.DEBIAN_PACKAGES), system - set(qt_platform.DEBIAN_PACKAGES)
    assert set(qt_platform.DEBIAN_PACKAGES) <= sonames, set(qt_platform.DEBIAN_PACKAGES) - sonames


def test_readme_and_ci_list_the_same_packages():
    packages = set(qt_platform.DEBIAN_PACKAGES.values())
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    pairs = dict(re.findall(r"(lib[\w.+-]+\.so\.\d+):([\w.+-]+)", ci))
    assert pairs == qt_platform.DEBIAN_PACKAGES
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    start = readme.index("the Qt runtime libraries")
    section = readme[start : readme.index("`.ci/run` installs them", start)]
    listed = set(re.sub(r"[`()]", " ", section).split())
    assert packages <= listed, packages - listed


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 only")
def test_this_machine_gets_the_line_or_the_libraries_are_there(tmp_path):
    """The real thing, no display needed: with DISPLAY set and the libraries missing, one line
    and status 2; with them installed the check says nothing."""
    text = _installed_ldd()
    missing = qt_platform.missing_libraries(text)
    env = {"PATH": "/usr/bin:/bin", "DISPLAY": ":99", "GPUPICKER_HOME": str(tmp_path), "HOME": str(tmp_path)}
    code = "from gpupicker.ui.app.qt_platform import check_xcb_libraries as c; print(c() or 'ok')"
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60, cwd=REPO
    ).stdout.strip()
    if missing:
        assert out.startswith("gpupicker: Qt's X11 (xcb) platform plugin cannot load")
    else:
        assert out == "ok"


def test_a_check_that_found_every_library_is_not_rerun_until_the_libraries_change(tmp_path, monkeypatch):
    """Ldd took 48-67 ms of every start on X11; it runs again only when the plugin,
    the loader cache (rewritten by ldconfig whenever a library is installed or removed) or
    LD_LIBRARY_PATH changed, and never after a missing library."""
    monkeypatch.setenv("GPUPICKER_HOME", str(tmp_path / "home"))
    plugin = tmp_path / "libqxcb.so"
    plugin.write_bytes(b"plugin")
    cache = tmp_path / "ld.so.cache"
    cache.write_bytes(b"cache")
    calls: list[Path] = []
    answer = ["\tlibxcb1.so.1 => /lib/libxcb.so.1 (0x1)\n"]

    def ldd(path: Path) -> str:
        calls.append(path)
        return answer[0]

    monkeypatch.setattr(qt_platform, "uses_xcb", lambda env=None: True)
    monkeypatch.setattr(qt_platform, "xcb_plugin", lambda: plugin)
    monkeypatch.setattr(qt_platform, "ldd_output", ldd)
    monkeypatch.setattr(qt_platform, "LOADER_CACHE", cache)
    assert qt_platform.check_xcb_libraries() is None and len(calls) == 1
    assert qt_platform.check_xcb_libraries() is None and len(calls) == 1  # remembered
    cache.write_bytes(b"cache after apt-get remove")  # ldconfig rewrote it
    answer[0] = LDD_DEBIAN
    assert "libxcb-icccm4" in (qt_platform.check_xcb_libraries() or "") and len(calls) == 2
    assert "libxcb-icccm4" in (qt_platform.check_xcb_libraries() or "") and len(calls) == 3
    answer[0] = "\tlibxcb1.so.1 => /lib/libxcb.so.1 (0x1)\n"
    monkeypatch.setenv("LD_LIBRARY_PATH", "/opt/x")
    assert qt_platform.check_xcb_libraries() is None and len(calls) == 4
    assert qt_platform.check_xcb_libraries() is None and len(calls) == 4
