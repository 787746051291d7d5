"""Where gpupicker finds its bundled files and keeps the user's files. No Qt.

Bundled ``data/`` and ``resources/`` live at the repository top level in a
source checkout, and under ``gpupicker/_bundled/`` in a wheel or a PyInstaller
bundle. User files go to platformdirs locations; ``GPUPICKER_HOME`` (tests)
redirects all of them under one folder (platformdirs is then never imported: its modules
cost ~6 ms of a start), and ``GPUPICKER_CATALOG`` (or the
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


def user_data_dir() -> Path:
    """Per-user data folder (catalog, backups). Created on demand."""
    home = _home_override()
    if home:
        path = home / "data"
    else:
        import platformdirs

        path = platformdirs.user_data_path(APP_NAME, appauthor=False)
    path.mkdir(parents=True, exist_ok=True)
    return path


def user_config_dir() -> Path:
    """Per-user config folder (preferences JSON, window state INI). Created on demand."""
    home = _home_override()
    if home:
        path = home / "config"
    else:
        import platformdirs

        path = platformdirs.user_config_path(APP_NAME, appauthor=False)
    path.mkdir(parents=True, exist_ok=True)
    return path


def user_log_dir() -> Path:
    """Per-user log folder (rotating log the crash dialog points to). Created on demand."""
    home = _home_override()
    if home:
        path = home / "log"
    else:
        import platformdirs

        path = platformdirs.user_log_path(APP_NAME, appauthor=False)
    path.mkdir(parents=True, exist_ok=True)
    return path


def catalog_path(override: str | os.PathLike[str] | None = None) -> Path:
    """The catalog SQLite file: ``override``, else ``$GPUPICKER_CATALOG``, else the user data dir."""
    if override:
        return Path(override)
    env = os.environ.get("GPUPICKER_CATALOG")
    if env:
        return Path(env)
    return user_data_dir() / "catalog.sqlite"
