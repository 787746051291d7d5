"""User preferences: a pydantic model saved as JSON in the user config folder."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ... import paths
from ...core.text.json_limits import loads_bounded
from ...core.text.safe_write import write_text
from .user_files import PREFERENCES_FILE, WINDOW_STATE_FILE, window_state_path  # noqa: F401

log = logging.getLogger(__name__)

_WARNED: set[tuple[str, str]] = set()
"""(file, warning) already logged: the window and the controller both read the file."""


def _warn_once(path: Path, text: str) -> None:
    key = (str(path), text)
    if key not in _WARNED:
        _WARNED.add(key)
        log.warning("%s", text)


class Preferences(BaseModel):
    """Display and planning preferences (see the Preferences dialog)."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    byte_unit: Literal["GiB", "GB"] = Field(
        default="GiB",
        title="Memory unit",
        description="GiB (2^30 bytes, what PyTorch and nvidia-smi report) or GB (10^9, datasheets)",
    )
    hours_per_month: Literal[730, 720] = Field(
        default=730, title="Hours per month", description="730 = 8760/12; 720 = 30 days"
    )
    staleness_months: int = Field(
        default=6,
        ge=1,
        le=120,
        title="Price staleness (months)",
        description="prices observed longer ago than this get a badge",
    )
    lang: str | None = Field(default=None, title="Language", description="e.g. zh_CN; None = system")
    region: str | None = Field(
        default=None,
        max_length=16,
        title="Region",
        description='the region filter a new job starts with ("CN", "US", "EU"; "" = '
        "anywhere), remembered from the budget page; None = never chosen: China in "
        "a Chinese UI, anywhere otherwise",
    )

    @classmethod
    def path(cls) -> Path:
        """The JSON file under the user config folder."""
        return paths.user_config_dir() / PREFERENCES_FILE

    @classmethod
    def load(cls) -> Preferences:
        """Read the saved preferences; defaults when missing or unreadable."""
        try:
            p = cls.path()
        except OSError as exc:  # the config folder cannot be created: run with defaults
            log.info("no preferences folder: %s", exc)
            return cls()
        if not p.exists():
            return cls()
        try:
            data = loads_bounded(p.read_text(encoding="utf-8"))  # a deep nest: ValueError too
        except (OSError, ValueError) as exc:
            _warn_once(p, f"ignoring unreadable preferences {p}: {exc}")
            return cls()
        if not isinstance(data, dict):
            _warn_once(p, f"ignoring preferences {p}: not a JSON object")
            return cls()
        try:
            return cls.model_validate(data)
        except ValidationError as exc:
            # keep the good settings: only the fields that fail take their defaults (one
            # bad value used to reset every preference, in pydantic's words, twice)
            bad = sorted({str(e["loc"][0]) for e in exc.errors() if e["loc"]})
            why = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
            _warn_once(
                p, f"preferences {p}: {why} — using the default for {', '.join(bad) or 'every setting'}"
            )
            try:
                return cls.model_validate({k: v for k, v in data.items() if k not in bad})
            except ValidationError:
                return cls()

    def save(self) -> None:
        """Write to the JSON file (core.safe_write: atomically, through a symlink, never over a
        FIFO or device)."""
        write_text(self.path(), self.model_dump_json(indent=2))
