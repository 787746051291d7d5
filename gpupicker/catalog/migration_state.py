"""Which of this version's migrations a catalog file has applied, read with plain SQL.

sqlite-utils' ``Migrations.pending`` answers the same from the same table
(:data:`~.migrations.MIGRATIONS_TABLE`), but importing sqlite-utils costs a CLI process ~40 ms;
an up-to-date catalog is checked and opened without it (:mod:`.connection`).
"""

from __future__ import annotations

import sqlite3

from .migrations import MIGRATION_SET, MIGRATIONS_TABLE, known_migrations


def pending_migrations(conn: sqlite3.Connection) -> list[str]:
    """Names of migrations not yet applied, in order (read-only: writes nothing).

    Reads :data:`~.migrations.MIGRATIONS_TABLE` as sqlite-utils' ``Migrations.pending`` does.
    """
    if not _has_table(conn, MIGRATIONS_TABLE):
        return known_migrations()
    applied = {
        str(r[0])
        for r in conn.execute(
            f"SELECT name FROM {MIGRATIONS_TABLE} WHERE migration_set = ?", (MIGRATION_SET,)
        )
    }
    return [name for name in known_migrations() if name not in applied]


def migrations_table_current(conn: sqlite3.Connection) -> bool:
    """True when the migrations table has the ``id`` primary key sqlite-utils gives it.

    sqlite-utils' ``Migrations.apply`` rebuilds a table an older sqlite-utils made without
    one, even when no migration is pending; such a file still goes through it.
    """
    pks = [r[1] for r in conn.execute(f"PRAGMA table_info({MIGRATIONS_TABLE})") if r[5]]
    return pks == ["id"]


def _has_table(conn: sqlite3.Connection, name: str) -> bool:
    """True when the file has a table ``name``."""
    row = conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)).fetchone()
    return row is not None
