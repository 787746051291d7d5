"""What build of gpupicker this is: version, commit, date of the bundled data. No Qt.

Used by ``gpupicker --version`` and Help › About. Sources, in order:

- **version**: ``gpupicker.__version__`` (the installed distribution's metadata; PyInstaller
  bundles gpupicker's dist-info, so the frozen app reports the same).
- **commit**: ``build-info.json`` next to the bundled data (written by ``packaging/build.py``
  at build time: ``{"commit": …, "built": …}``); in a source checkout, ``git rev-parse`` of
  the checkout (local, 2 s timeout); otherwise ``unknown``.
- **data date**: the newest ``observed`` day (``YYYY-MM-DD``) in the bundled ``prices*.csv``
  — the age of the price data a fresh catalog starts from.
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from typing_extensions import override

from . import paths

BUILD_INFO_FILE = "build-info.json"
_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")


@dataclass(frozen=True)
class VersionInfo:
    """One build's identity.

    Attributes:
        version: PEP 440 version, e.g. ``0.1.0``.
        commit: short git commit (``unknown`` when not known; ``+dirty`` is not tracked).
        data_date: newest ``observed`` date of the bundled prices, ``YYYY-MM-DD`` or ``unknown``.
        built: UTC build time of a frozen bundle (``YYYY-MM-DDTHH:MM:SSZ``), None from source.
    """

    version: str
    commit: str
    data_date: str
    built: str | None = None

    def line(self) -> str:
        """``gpupicker 0.1.0 (commit abc1234, bundled data 2025-11-16)``."""
        return f"gpupicker {self.version} (commit {self.commit}, bundled data {self.data_date})"


def build_info(root: Path | None = None) -> dict[str, str]:
    """The bundle's ``build-info.json`` (empty dict when absent or unreadable)."""
    path = (root or paths.data_dir().parent) / BUILD_INFO_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {k: str(v) for k, v in data.items()} if isinstance(data, dict) else {}


def git_commit(checkout: Path) -> str | None:
    """Short commit of the git checkout at ``checkout`` (None if not a checkout / no git)."""
    if not (checkout / ".git").exists():
        return None
    try:
        out = subprocess.run(
            ["git", "-C", str(checkout), "rev-parse", "--short=12", "HEAD"],
            capture_output=True,
            text=True,
            timeout=2,
            check=True,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    commit = out.stdout.strip()
    return commit or None


def bundled_data_date(data: Path | None = None) -> str:
    """Newest ``observed`` ``YYYY-MM-DD`` in ``data/prices*.csv``; ``unknown`` if none."""
    newest = ""
    for path in sorted((data or paths.data_dir()).glob("prices*.csv")):
        try:
            with path.open(encoding="utf-8", newline="") as fh:
                for row in csv.DictReader(fh):
                    day = (row.get("observed") or "").strip()
                    if _DAY.match(day) and day > newest:
                        newest = day
        except (OSError, csv.Error, UnicodeDecodeError):
            continue
    return newest or "unknown"


def version_info() -> VersionInfo:
    """The running gpupicker's :class:`VersionInfo`."""
    info = build_info()
    commit = info.get("commit")
    if not commit and not getattr(sys, "frozen", False):
        commit = git_commit(Path(__file__).resolve().parents[1])
    from . import __version__  # read from the package metadata on first use (gpupicker/__init__)

    return VersionInfo(__version__, commit or "unknown", bundled_data_date(), info.get("built"))


class VersionAction(argparse.Action):
    """``--version``: print :meth:`VersionInfo.line` and exit 0 (computed only when asked)."""

    def __init__(
        self,
        option_strings: list[str],
        dest: str = argparse.SUPPRESS,
        default: str = argparse.SUPPRESS,
        help: str | None = None,
    ) -> None:  # noqa: A002
        super().__init__(
            option_strings=option_strings,
            dest=dest,
            default=default,
            nargs=0,
            help=help or "print the version, commit and bundled data date and exit",
        )

    @override
    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        print(version_info().line(), flush=True)
        parser.exit(0)


__all__ = [
    "BUILD_INFO_FILE",
    "VersionAction",
    "VersionInfo",
    "bundled_data_date",
    "build_info",
    "git_commit",
    "version_info",
]
