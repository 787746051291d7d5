"""The user files the window reads before its first paint: its saved geometry (a QSettings
INI file) and the UI language from the preferences. No pydantic (cold start); the
full :class:`~gpupicker.ui.settings.preferences.Preferences` are read right after the first paint.
"""

from __future__ import annotations

from pathlib import Path

from ... import paths

WINDOW_STATE_FILE = "window.ini"
PREFERENCES_FILE = "preferences.json"


def window_state_path() -> Path:
    """INI file for QSettings geometry/state blobs."""
    return paths.user_config_dir() / WINDOW_STATE_FILE


def saved_lang() -> str | None:
    """The ``lang`` saved in the preferences file (e.g. "zh_CN"); None when unset, missing
    or unreadable (the system language then), as ``Preferences.load().lang`` gives for a
    readable file. Read without pydantic; a file that fails the full validation later still
    gives its ``lang`` here (the other settings fall back to their defaults there)."""
    try:
        text = (paths.user_config_dir() / PREFERENCES_FILE).read_text(encoding="utf-8")
    except OSError:  # no preferences saved yet: json is not even imported (1.8 ms)
        return None
    from ...core.text.json_limits import loads_bounded  # no pydantic: json and core.messages only

    try:
        data = loads_bounded(text)
    except ValueError:  # not JSON, or nested past the bound (RecursionError otherwise)
        return None
    lang = data.get("lang") if isinstance(data, dict) else None
    return lang if isinstance(lang, str) and lang else None
