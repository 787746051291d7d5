"""The catalog file on disk and what SQLite says about it.

Where the file is, whether it is an
intact SQLite file of ours, whether an error means a full disk, a refused write or damage, and
moving a damaged file aside. No Qt.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import time
import urllib.parse
from datetime import UTC, datetime
from pathlib import Path

from .. import paths
from .errors import (
    CatalogCorruptError,
    CatalogForeignError,
    CatalogNewerError,
    CatalogReadOnlyError,
    CatalogUnavailableError,
)
from .migrations import MIGRATION_SET, known_migrations
from .sqlite_lean import Database

SQLITE_HEADER = b"SQLite format 3\x00"
"""The first 16 bytes of every SQLite 3 database file (sqlite.org/fileformat.html, 1.3)."""
BUSY_TIMEOUT_S = 30.0
"""Seconds a writer waits for another process's transaction before giving up."""
_TABLES_NEEDED = ("gpus", "models", "prices", "price_history", "settings", "meta")
# SQLite primary result codes
_SQLITE_PERM, _SQLITE_READONLY, _SQLITE_CORRUPT, _SQLITE_CANTOPEN, _SQLITE_NOTADB = 3, 8, 11, 14, 26
_SQLITE_IOERR, _SQLITE_FULL = 10, 13


def is_disk_full(exc: BaseException) -> bool:
    """True for an error that means the disk (or the file-size limit) is full.

    That is SQLite's
    ``SQLITE_FULL`` ("database or disk is full"), ``SQLITE_IOERR`` on a write ("disk I/O
    error": what SQLite reports when even its journal cannot grow), or ``ENOSPC``/``EFBIG``.
    """
    if isinstance(exc, sqlite3.OperationalError):
        text = str(exc).lower()
        return (
            _errcode(exc) in (_SQLITE_FULL, _SQLITE_IOERR)
            or "disk is full" in text
            or "disk i/o error" in text
        )
    return isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EFBIG, errno.EDQUOT)


def damage_summary(problems: list[str]) -> str:
    """SQLite's check output in one plain line: how many problems and the first one.

    ``PRAGMA quick_check`` lists up to 100 lines such as ``*** in database main ***`` and
    ``Page 42: btreeInitPage() returns error code 11``, one per damaged page; the user needs
    to know the file is damaged (and support one line of what SQLite saw), not every page
    (a 15-line message).
    """
    lines = [
        ln.strip()
        for p in problems
        for ln in p.splitlines()
        if ln.strip() and not ln.strip().startswith("***")
    ]
    if not lines:
        return "SQLite's check reports damage"
    first = lines[0]
    if len(lines) == 1:
        return f"SQLite's check reports damage: {first}"
    return f"SQLite's check reports {len(lines)} problems, the first: {first}"


class _NeedsReadOnlyError(Exception):
    """Internal: the file opened but cannot be written (``disk_full``: because the disk is)."""

    def __init__(self, cause: BaseException) -> None:
        super().__init__(str(cause))
        self.disk_full = is_disk_full(cause)


def _errcode(exc: BaseException) -> int | None:
    code = getattr(exc, "sqlite_errorcode", None)
    return None if code is None else int(code) & 0xFF


def is_read_only_error(exc: BaseException) -> bool:
    """True when ``exc`` means the catalog cannot be written here at all (not "locked", not damage).

    The one classification the catalog, the CLI and the window share: a
    :class:`CatalogReadOnlyError`; SQLite's ``SQLITE_PERM``, ``SQLITE_READONLY`` or
    ``SQLITE_CANTOPEN`` result code (sqlite3.h), or, for an error without one of those codes,
    SQLite's own words ("attempt to write a readonly database", "unable to open database
    file"); a ``PermissionError``, or ``EROFS`` (a read-only mount).
    """
    if isinstance(exc, (CatalogReadOnlyError, PermissionError)):
        return True
    if isinstance(exc, sqlite3.Error):
        if _errcode(exc) in (_SQLITE_PERM, _SQLITE_READONLY, _SQLITE_CANTOPEN):
            return True
        text = str(exc).lower()
        return "readonly" in text or "read-only" in text or "unable to open" in text
    return isinstance(exc, OSError) and exc.errno == errno.EROFS


def _is_write_refusal(exc: BaseException) -> bool:
    """True for an error that means "cannot write here", not damage.

    That is :func:`is_read_only_error`,
    or a full disk (the file is then opened read-only: reads still work).
    """
    return is_disk_full(exc) or is_read_only_error(exc)


def _is_damage(exc: BaseException) -> bool:
    code = _errcode(exc)
    if code in (_SQLITE_CORRUPT, _SQLITE_NOTADB):
        return True
    text = str(exc).lower()
    return "malformed" in text or "not a database" in text


def _enable_wal(db: Database) -> None:
    """Switch to WAL journaling, retrying while another process holds a lock.

    The busy handler is not
    always consulted for a journal-mode change, e.g. two processes creating one file.
    """
    deadline = time.monotonic() + BUSY_TIMEOUT_S
    while True:
        try:
            db.enable_wal()
            return
        except sqlite3.OperationalError as exc:
            if _errcode(exc) not in (5, 6) or time.monotonic() > deadline:  # BUSY, LOCKED
                raise
            time.sleep(0.02)


def _writable(path: Path) -> bool:
    """Can SQLite write ``path`` and create its ``-wal``/``-shm`` next to it?

    ``os.access`` reports ``chattr +i``, read-only mounts and (for non-root users)
    file modes; root passes mode checks, exactly as its writes would.
    """
    folder = path.parent if str(path.parent) else Path(".")
    return os.access(path, os.W_OK) and os.access(folder, os.W_OK | os.X_OK)


def file_uri(path: Path, **params: str) -> str:
    """A SQLite ``file:`` URI for ``path`` with query ``params`` (``mode="ro"`` …)."""
    query = "&".join(f"{k}={v}" for k, v in params.items())
    return "file:" + urllib.parse.quote(os.path.abspath(path)) + (f"?{query}" if query else "")


def utc_now() -> str:
    """Now in UTC as ISO text with microseconds (``updated_at``/``changed_at`` cells)."""
    return datetime.now(UTC).isoformat(timespec="microseconds")


def utc_stamp() -> str:
    """Now in UTC as a file-name stamp (``20261201T123456123456Z``)."""
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")


def check_sqlite_file(path: Path) -> None:
    """Reject a file that is not SQLite by its 16-byte header (never reads the rest).

    A missing or empty file passes (SQLite creates a new database there).

    Raises:
        CatalogCorruptError: for an unreadable file or a wrong header.
        CatalogUnavailableError: for a folder (not damage: nothing there is touched), or when
            reading the file is not permitted.
    """
    if not path.exists():
        return
    if path.is_dir():
        raise CatalogUnavailableError(
            path, f"it is a folder, not a catalog file (give a file path such as {path / 'catalog.sqlite'})"
        )
    try:
        with path.open("rb") as f:
            head = f.read(len(SQLITE_HEADER))
    except PermissionError as exc:
        raise CatalogUnavailableError(path, f"cannot read it ({exc.strerror or exc})") from exc
    except OSError as exc:
        raise CatalogCorruptError(path, f"cannot read it ({exc.strerror or exc})") from exc
    if head and head != SQLITE_HEADER:
        raise CatalogCorruptError(path, "not a SQLite database (wrong file header)")


def resolve_catalog_path(path: str | os.PathLike[str] | None = None) -> Path:
    """:func:`gpupicker.paths.catalog_path`, with a clear error if the data folder can't be made.

    Raises:
        CatalogUnavailableError: when the default data folder cannot be created.
    """
    try:
        return paths.catalog_path(path)
    except OSError as exc:
        where = exc.filename or os.environ.get("GPUPICKER_HOME") or "the user data folder"
        raise CatalogUnavailableError(
            Path(str(where)), f"{exc.strerror or exc}", what="create the data folder"
        ) from exc


def looks_like_catalog(path: Path) -> bool:
    """True for a file that is, or was meant to be, a catalog.

    That is the default catalog path, a
    ``.sqlite``/``.sqlite3``/``.db`` name, or a SQLite header (the damage may be further in).
    """
    if path.suffix.lower() in (".sqlite", ".sqlite3", ".db") or path == paths.catalog_path(None):
        return True
    try:
        with path.open("rb") as f:
            return f.read(len(SQLITE_HEADER)) == SQLITE_HEADER
    except OSError:
        return False


def move_aside(src: Path) -> Path:
    """Rename a catalog (and its side files) to ``<name>.corrupt-<UTC stamp>.sqlite``."""
    dest = src.with_suffix(f".corrupt-{utc_stamp()}.sqlite")
    n = 1
    while dest.exists():
        dest = src.with_suffix(f".corrupt-{utc_stamp()}-{n}.sqlite")
        n += 1
    if src.exists():
        os.replace(src, dest)
    for side in ("-wal", "-shm", "-journal"):
        extra = src.with_name(src.name + side)
        if extra.exists():
            os.replace(extra, dest.with_name(dest.name + side))
    return dest


def check_schema_is_ours(conn: sqlite3.Connection, path: Path) -> None:
    """Refuse a foreign or newer file before anything is written to it.

    A file that is not a gpupicker catalog, or is one from a newer gpupicker, is refused using
    reads only (before anything is written: no tables, no WAL switch).

    A file with no tables is a new catalog. Otherwise the file must hold the record of
    gpupicker's schema steps (sqlite-utils' ``_sqlite_migrations`` table, set
    :data:`~.migrations.MIGRATION_SET`), all of them known to this version.

    Raises:
        CatalogForeignError: tables, but no gpupicker schema record (another application's).
        CatalogNewerError: schema steps this version does not know.
    """
    tables = sorted(
        r[0]
        for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    )
    if not tables:
        return
    applied: list[str] = []
    if "_sqlite_migrations" in tables:
        try:
            applied = [
                str(r[0])
                for r in conn.execute(
                    "SELECT name FROM _sqlite_migrations WHERE migration_set = ?", (MIGRATION_SET,)
                )
            ]
        except sqlite3.DatabaseError:  # a table of that name with other columns
            applied = []
    if not applied:
        raise CatalogForeignError(path, [t for t in tables if t != "_sqlite_migrations"] or tables)
    unknown = [name for name in applied if name not in set(known_migrations())]
    if unknown:
        raise CatalogNewerError(path, unknown)
