"""The catalog's SQLite connection, with sqlite-utils' ``Database`` made only when needed.

Every read and write of the catalog goes through the plain ``sqlite3`` connection
(``CatalogDb.conn``); sqlite-utils is needed only to apply schema migrations (a new or an
older file). Importing it costs a CLI process ~40 ms on an idle core (it imports click,
dateutil and pluggy: ``python -X importtime``), so an up-to-date catalog opens without it.
"""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .sqlite_lean import Database


class CatalogDb:
    """A catalog connection and, on demand, the sqlite-utils ``Database`` over it."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        """Wrap ``conn``, turning on ``recursive_triggers`` as sqlite-utils' ``Database`` does.

        sqlite-utils sets it when it wraps a connection, so the connection behaves the same
        whether or not :attr:`full` is ever asked for.
        """
        self.conn = conn
        conn.execute("PRAGMA recursive_triggers=on;")
        self._full: Database | None = None

    @property
    def full(self) -> Database:
        """sqlite-utils' ``Database`` over :attr:`conn` (imported and made on first use)."""
        if self._full is None:
            from .sqlite_lean import Database

            self._full = Database(self.conn)
        return self._full

    def journal_mode(self) -> str:
        """``PRAGMA journal_mode`` (``"wal"`` once the catalog has switched to WAL)."""
        return str(self.conn.execute("PRAGMA journal_mode").fetchone()[0])

    def table_exists(self, name: str) -> bool:
        """True when the file has a table ``name``."""
        row = self.conn.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)
        ).fetchone()
        return row is not None

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()
