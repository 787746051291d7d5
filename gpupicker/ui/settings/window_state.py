"""The main window's size and place between sessions: an opaque ``saveGeometry()`` blob in
a QSettings INI file under the config folder (style.md: QSettings only for such blobs)."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QSettings

from .user_files import window_state_path

GEOMETRY_KEY = "main/geometry"


def _window_settings() -> QSettings | None:
    try:
        return QSettings(str(window_state_path()), QSettings.Format.IniFormat)
    except OSError:  # config folder not writable: geometry is not remembered
        return None


def saved_geometry() -> QByteArray | None:
    """The geometry saved at the last close; None when there is none or it cannot be read."""
    s = _window_settings()
    geo = s.value(GEOMETRY_KEY, type=QByteArray) if s is not None else None
    return geo if isinstance(geo, QByteArray) and not geo.isEmpty() else None


def save_geometry(geometry: QByteArray) -> None:
    """Write ``geometry`` (``QWidget.saveGeometry()``) for the next start; nothing when the
    config folder cannot be written."""
    s = _window_settings()
    if s is not None:
        s.setValue(GEOMETRY_KEY, geometry)
        s.sync()
