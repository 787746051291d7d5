"""Before Qt starts on X11: are the system libraries the xcb platform plugin loads installed?

Without them Qt prints a long "could not load the Qt platform plugin "xcb"" text that names
the wrong library (on a stock Debian it said ``libxcb-cursor0``, which was installed; the
missing ones were ``libxcb-icccm4`` and ``libxcb-keysyms1``) and aborts. This module asks
``ldd`` what ``PySide6/Qt/plugins/platforms/libqxcb.so`` cannot resolve and turns that into
one line naming the Debian packages to install. It imports no Qt (it runs before Qt loads).

:data:`DEBIAN_PACKAGES` is the list the plugin actually needs, derived from
``ldd .venv/lib/python3.11/site-packages/PySide6/Qt/plugins/platforms/libqxcb.so`` with
PySide6 6.11.3 (every system library it and ``libQt6XcbQpa.so.6`` link, minus glibc and
libstdc++); package names are Debian 12/13's (``apt-file search SONAME``). README.md and
``.ci/run`` list the same packages; ``tests/ui/test_qt_platform.py`` keeps the three in step
and checks the table against the installed plugin's ``ldd``.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

# importlib.util, re, shutil and subprocess are imported where used: every start runs
# uses_xcb(), and on a Wayland or offscreen session nothing else (cold start)

#: soname → Debian package, for the libraries the xcb platform plugin loads.
DEBIAN_PACKAGES: dict[str, str] = {
    "libxcb.so.1": "libxcb1",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libX11.so.6": "libx11-6",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libGL.so.1": "libgl1",
    "libEGL.so.1": "libegl1",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
    "libdbus-1.so.3": "libdbus-1-3",
}

_NOT_FOUND = r"^\s*(\S+)\s+=>\s+not found"


def xcb_plugin() -> Path | None:
    """Path of PySide6's ``libqxcb.so`` (installed or in a PyInstaller bundle); None if absent."""
    import importlib.util

    roots: list[Path] = []
    spec = importlib.util.find_spec("PySide6")
    if spec is not None and spec.submodule_search_locations:
        roots += [Path(p) for p in spec.submodule_search_locations]
    if getattr(sys, "_MEIPASS", None):
        roots.append(Path(sys._MEIPASS) / "PySide6")  # type: ignore[attr-defined]
    for root in roots:
        path = root / "Qt" / "plugins" / "platforms" / "libqxcb.so"
        if path.is_file():
            return path
    return None


def ldd_output(path: Path) -> str | None:
    """``ldd path`` stdout; None when ldd is missing or fails (then nothing can be said)."""
    import shutil
    import subprocess

    ldd = shutil.which("ldd")
    if ldd is None:
        return None
    try:
        proc = subprocess.run([ldd, str(path)], capture_output=True, text=True, timeout=20, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return proc.stdout


def missing_libraries(ldd_text: str) -> list[str]:
    """Sonames ``ldd`` reported as "not found", in order, without repeats."""
    import re

    return list(dict.fromkeys(re.findall(_NOT_FOUND, ldd_text, re.M)))


def missing_message(missing: list[str]) -> str:
    """One line: what is missing and the apt-get command that installs it."""
    packages = list(dict.fromkeys(DEBIAN_PACKAGES[s] for s in missing if s in DEBIAN_PACKAGES))
    unknown = [s for s in missing if s not in DEBIAN_PACKAGES]
    parts = []
    if packages:
        parts.append(f"install them with: sudo apt-get install {' '.join(packages)}")
    if unknown:
        parts.append(f"find the package for {', '.join(unknown)} with apt-file search")
    return (
        f"gpupicker: Qt's X11 (xcb) platform plugin cannot load {', '.join(missing)}; "
        + "; ".join(parts)
        + " (or run with QT_QPA_PLATFORM=offscreen, or use the command line)"
    )


def uses_xcb(env: os._Environ[str] | dict[str, str] | None = None) -> bool:
    """True when Qt would start its xcb plugin: Linux/BSD, no other QT_QPA_PLATFORM, an X
    DISPLAY and not a Wayland session (Qt 6 prefers Wayland there)."""
    env = os.environ if env is None else env
    if not sys.platform.startswith(("linux", "freebsd", "openbsd")):
        return False
    platform = env.get("QT_QPA_PLATFORM", "")
    if platform:
        return platform.split(":", 1)[0].split(";", 1)[0] == "xcb"
    if env.get("WAYLAND_DISPLAY") and env.get("XDG_SESSION_TYPE") == "wayland":
        return False
    return bool(env.get("DISPLAY"))


OK_STAMP_FILE = "xcb-libraries-ok"
"""In the user data folder: what the last check that found every library saw
(:func:`libraries_stamp`); while it still matches, the next start skips ``ldd``."""
LOADER_CACHE = Path("/etc/ld.so.cache")


def libraries_stamp(plugin: Path) -> str | None:
    """The plugin's path, size and time, the dynamic loader's cache's size and time and
    ``LD_LIBRARY_PATH``: installing or removing a library reruns ``ldconfig``, which rewrites
    the cache, so an unchanged stamp means ``ldd`` would answer as it did. None when either
    file cannot be read (then ``ldd`` runs)."""
    try:
        lib, cache = plugin.stat(), LOADER_CACHE.stat()
    except OSError:
        return None
    return (
        f"{plugin}\n{lib.st_size} {lib.st_mtime_ns}\n{cache.st_size} {cache.st_mtime_ns}\n"
        f"{os.environ.get('LD_LIBRARY_PATH', '')}\n"
    )


def check_xcb_libraries() -> str | None:
    """The one-line message when Qt would use xcb and a library it needs is missing, else None
    (also None when the plugin or ``ldd`` cannot be found: nothing is claimed then).

    ``ldd`` on the plugin took 48–67 ms of every start on X11 (cold start): a check
    that found everything leaves :data:`OK_STAMP_FILE`, and while :func:`libraries_stamp` still
    matches it, later starts skip ``ldd`` (a stat of two files). A missing library is never
    remembered: that start says so, and so does the next.
    """
    if not uses_xcb():
        return None
    plugin = xcb_plugin()
    if plugin is None:
        return None
    stamp = libraries_stamp(plugin)
    stamp_file = _stamp_file()
    if stamp is not None and stamp_file is not None and _read(stamp_file) == stamp:
        return None
    text = ldd_output(plugin)
    if not text:
        return None
    missing = missing_libraries(text)
    if missing:
        return missing_message(missing)
    if stamp is not None and stamp_file is not None:
        with contextlib.suppress(OSError):
            stamp_file.write_text(stamp, encoding="utf-8")
    return None


def _stamp_file() -> Path | None:
    from ... import paths

    try:
        return paths.user_data_dir() / OK_STAMP_FILE
    except OSError:  # no writable user folder: check every time (the launcher reports it)
        return None


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, ValueError):
        return None
