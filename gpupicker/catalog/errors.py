"""Catalog exceptions."""

from __future__ import annotations

from pathlib import Path


class CatalogCorruptError(Exception):
    """The catalog file is not a readable, intact SQLite database.

    Attributes:
        path: the catalog file that failed to open.
        detail: what was wrong (``PRAGMA quick_check`` output, SQLite error, …).

    Recover with :func:`gpupicker.catalog.recover_corrupt`, which moves the file
    aside (never deletes it) and creates a fresh catalog from the bundled data.
    """

    def __init__(self, path: Path | str, detail: str) -> None:
        """Record the failing ``path`` and a plain-language ``detail``."""
        self.path = Path(path)
        self.detail = detail
        super().__init__(f"the catalog file {self.path} is damaged or not a catalog: {detail}")
