"""Where gpupicker finds its bundled files and keeps the user's files. No Qt.

Bundled ``data/`` and ``resources/`` live at the repository top level in a
source checkout, and under ``gpupicker/_bundled/`` in a wheel or a PyInstaller
bundle. User files go to platformdirs locations; ``GPUPICKER_HOME`` (tests)
redirects all of them under one folder (platformdirs, ~6 ms of a start, is then not imported,
nor on Linux, where the XDG folders are found as platformdirs finds them), and ``GPUPICKER_CATALOG`` (or the
``--catalog`` option) points at a specific catalog file.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP_NAME = "gpupicker"


def _bundle_root() -> Path:
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        candidate = Path(frozen_root) / "gpupicker" / "_bundled"
        if candidate.is_dir():
            return candidate
    packaged = Path(__file__).resolve().parent / "_bundled"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[1]


def data_dir() -> Path:
    """Folder of the bundled default catalog CSVs (gpus.csv, models.csv, prices.csv)."""
    return _bundle_root() / "data"


def resources_dir() -> Path:
    """Folder of icons, translations (.ts/.qm) and the stylesheet."""
    return _bundle_root() / "resources"


def _home_override() -> Path | None:
    home = os.environ.get("GPUPICKER_HOME")
    return Path(home) if home else None


def _linux_xdg_path(env_var: str, default: str, *tail: str) -> Path | None:
    """The folder platformdirs gives gpupicker on Linux (``$env_var``, else ``~/default``,
    then ``gpupicker`` and ``tail``), found without importing it (~6 ms of every window start,
    before the first paint: the language, the instance lock and the fault log need these
    folders); None where platformdirs' other rules apply, which then decides.

    What platformdirs 4.14 (requirements.lock) does for ``user_*_path(APP_NAME,
    appauthor=False)``: ``platformdirs/__init__.py`` picks its ``Unix`` class on Linux unless
    Android; ``_xdg.py`` ``XDGMixin`` takes the XDG variable when it is an absolute path
    (``xdg_dir``), else ``unix.py`` ``_UnixDefaults`` the default under the home folder
    (``expand_user``: ``os.path.expanduser`` when ``HOME`` is absolute; an unset or relative
    ``HOME`` goes through ``pwd``: left to platformdirs); the log folder is ``log`` in the state
    folder (``opinion``, default True). ``tests/build/test_start_imports.py`` compares both.
    """
    if sys.platform != "linux" or hasattr(sys, "getandroidapilevel"):
        return None
    if os.environ.get("ANDROID_DATA") == "/data" and os.environ.get("ANDROID_ROOT") == "/system":
        return None  # platformdirs' Android check (its _is_android_app)
    base = os.environ.get(env_var, "")
    if not os.path.isabs(base):
        home = os.environ.get("HOME")
        if not home or not os.path.isabs(home):
            return None
        base = os.path.expanduser(f"~/{default}")
    return Path(os.path.join(base, APP_NAME, *tail))


def _user_dir(sub: str, xdg: tuple[str, ...], platformdirs_getter: str) -> Path:
    """The folder ``sub`` of ``$GPUPICKER_HOME``, else the Linux XDG folder
    (:func:`_linux_xdg_path` with ``xdg``), else ``platformdirs.<platformdirs_getter>`` (imported
    only then); created on demand."""
    home = _home_override()
    if home:
        path = home / sub
    elif (found := _linux_xdg_path(*xdg)) is not None:
        path = found
    else:
        import platformdirs

        path = getattr(platformdirs, platformdirs_getter)(APP_NAME, appauthor=False)
    path.mkdir(parents=True, exist_ok=True)
    return path


def user_data_dir() -> Path:
    """Per-user data folder (catalog, backups). Created on demand."""
    return _user_dir("data", ("XDG_DATA_HOME", ".local/share"), "user_data_path")


def user_config_dir() -> Path:
    """Per-user config folder (preferences JSON, window state INI). Created on demand."""
    return _user_dir("config", ("XDG_CONFIG_HOME", ".config"), "user_config_path")


def user_log_dir() -> Path:
    """Per-user log folder (rotating log the crash dialog points to). Created on demand."""
    return _user_dir("log", ("XDG_STATE_HOME", ".local/state", "log"), "user_log_path")


def catalog_path(override: str | os.PathLike[str] | None = None) -> Path:
    """The catalog SQLite file: ``override``, else ``$GPUPICKER_CATALOG``, else the user data dir."""
    if override:
        return Path(override)
    env = os.environ.get("GPUPICKER_CATALOG")
    if env:
        return Path(env)
    return user_data_dir() / "catalog.sqlite"
