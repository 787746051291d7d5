"""The catalog file and its connection: checks, read-only fallback, transactions. No Qt.

Safety rules enforced here (the repository's other parts write only through
:meth:`CatalogConnection._write`):

- The file is checked before use: a non-SQLite header is rejected without reading
  the rest of the file, then ``PRAGMA quick_check`` must say ``ok``; otherwise
  :class:`CatalogCorruptError` (only those two mean "damaged").
- A file or folder that cannot be written is opened read-only
  (``file:…?mode=ro``): ``repo.read_only`` is True, reads work, and every write
  raises :class:`CatalogReadOnlyError`. A catalog that cannot be opened or created
  at all raises :class:`CatalogUnavailableError`.
- WAL journal, ``synchronous=FULL`` (a confirmed edit survives a crash or a kill),
  a 30 s busy timeout, and every write in one ``BEGIN IMMEDIATE`` transaction, so
  two app instances editing one file wait for each other instead of failing.
- Opening a writable catalog applies the pending migrations and merges the bundled
  catalog (:meth:`CatalogConnection._merge_bundle`, from :mod:`.seeding`) in one transaction.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
import threading
import time
import urllib.parse
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Self

from .. import paths
from ..core.pricing.providers import ProviderTerms
from ..core.pricing.spot import SpotRate
from .bundle import Bundle, bundle_version, load_bundle, load_providers, load_spot_rates
from .errors import (
    CatalogCorruptError,
    CatalogDiskFullError,
    CatalogForeignError,
    CatalogNewerError,
    CatalogReadOnlyError,
    CatalogUnavailableError,
)
from .migrations import MIGRATION_SET, apply_migrations, known_migrations, pending_migrations
from .sqlite_lean import Database

SQLITE_HEADER = b"SQLite format 3\x00"
BUSY_TIMEOUT_S = 30.0
"""Seconds a writer waits for another process's transaction before giving up."""
_TABLES_NEEDED = ("gpus", "models", "prices", "price_history", "settings", "meta")
# SQLite primary result codes
_SQLITE_PERM, _SQLITE_READONLY, _SQLITE_CORRUPT, _SQLITE_CANTOPEN, _SQLITE_NOTADB = 3, 8, 11, 14, 26
_SQLITE_IOERR, _SQLITE_FULL = 10, 13


def is_disk_full(exc: BaseException) -> bool:
    """True for an error that means the disk (or ``ulimit -f``) is full: SQLite's
    ``SQLITE_FULL`` ("database or disk is full"), ``SQLITE_IOERR`` on a write ("disk I/O
    error": what SQLite reports when even its journal cannot grow), or ``ENOSPC``/``EFBIG``."""
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
    """True for errors that mean "cannot write here" (not damage): :func:`is_read_only_error`,
    or a full disk (the file is then opened read-only: reads still work)."""
    return is_disk_full(exc) or is_read_only_error(exc)


def _is_damage(exc: BaseException) -> bool:
    code = _errcode(exc)
    if code in (_SQLITE_CORRUPT, _SQLITE_NOTADB):
        return True
    text = str(exc).lower()
    return "malformed" in text or "not a database" in text


def _enable_wal(db: Database) -> None:
    """Switch to WAL, retrying while another process holds a lock (the busy handler is not
    always consulted for a journal-mode change, e.g. two processes creating one file)."""
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
    """True for a file that is, or was meant to be, a catalog: the default catalog path, a
    ``.sqlite``/``.sqlite3``/``.db`` name, or a SQLite header (the damage may be further in)."""
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
    """Refuse a file that is not a gpupicker catalog, or is one from a newer gpupicker, using
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


class CatalogConnection:
    """The open catalog file: connection, lock, transactions and the bundled catalog.

    The base of :class:`~gpupicker.catalog.repository.CatalogRepository`, whose parts
    (seeding, prices, settings, importing, backups) build on these methods. Thread-safe
    (one lock per repository); several processes may open the same file.
    """

    def __init__(self, path: Path, data_dir: Path | None = None, *, read_only: bool = False) -> None:
        """Open ``path``, check it, apply migrations and merge the bundled catalog.

        Falls back to a read-only connection (``self.read_only``) when the file or its
        folder cannot be written; ``read_only=True`` asks for one.

        Raises:
            CatalogCorruptError: when the file is not an intact SQLite database.
            CatalogUnavailableError: when it cannot be read, or created.
        """
        self.path = Path(path)
        self._data_dir = data_dir
        self._bundle: Bundle | None = None
        self._providers: list[ProviderTerms] | None = None
        self._spot_rates: list[SpotRate] | None = None
        self._lock = threading.RLock()
        self.read_only = False
        """True when the catalog was opened read-only: reads work, writes raise."""
        self.disk_full = False
        """True when it was opened read-only because the disk is full (writes then raise
        :class:`CatalogDiskFullError`, which says so)."""
        check_sqlite_file(self.path)
        exists = self.path.exists() and self.path.stat().st_size > 0
        if not exists and read_only:
            raise CatalogUnavailableError(self.path, "there is no catalog file to read")
        if exists and not _writable(self.path):
            read_only = True  # a read-only file or folder: not damage
        if not read_only:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise CatalogUnavailableError(
                    self.path, f"cannot create its folder {self.path.parent} ({exc.strerror or exc})"
                ) from exc
            try:
                self._open_writable()
                return
            except _NeedsReadOnlyError as exc:
                self.disk_full = exc.disk_full
                if not exists:
                    raise CatalogUnavailableError(
                        self.path, f"the catalog cannot be created there ({exc})"
                    ) from None
        self._open_read_only()

    def _open_writable(self) -> None:
        try:
            conn = sqlite3.connect(str(self.path), timeout=BUSY_TIMEOUT_S, check_same_thread=False)
        except sqlite3.Error as exc:
            if _is_write_refusal(exc):
                raise _NeedsReadOnlyError(exc) from exc
            raise CatalogUnavailableError(self.path, str(exc)) from exc
        try:
            with self._closed_on_failure(conn):
                conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
                self._quick_check(conn)
                check_schema_is_ours(conn, self.path)
                self.db = Database(conn)
                _enable_wal(self.db)
                conn.execute("PRAGMA synchronous = FULL")
                with self._write():
                    apply_migrations(self.db)
                    missing = [t for t in _TABLES_NEEDED if not self.db.table(t).exists()]
                    if missing:  # migrations say done, tables gone: a partly written file
                        raise CatalogCorruptError(self.path, f"its table(s) {', '.join(missing)} are missing")
                    self._merge_bundle()
        except sqlite3.DatabaseError as exc:
            if _is_write_refusal(exc):
                raise _NeedsReadOnlyError(exc) from exc
            raise CatalogUnavailableError(self.path, str(exc)) from exc

    @contextlib.contextmanager
    def _closed_on_failure(self, conn: sqlite3.Connection) -> Iterator[None]:
        """Close ``conn`` if opening fails; SQLite errors that report damage become
        :class:`CatalogCorruptError`, other errors propagate unchanged."""
        try:
            yield
        except BaseException as exc:
            conn.close()
            if isinstance(exc, sqlite3.DatabaseError) and _is_damage(exc):
                raise CatalogCorruptError(self.path, str(exc)) from exc
            raise

    def _quick_check(self, conn: sqlite3.Connection) -> None:
        rows = conn.execute("PRAGMA quick_check").fetchall()
        if [r[0] for r in rows] != ["ok"]:
            raise CatalogCorruptError(self.path, damage_summary([str(r[0]) for r in rows]))

    def _open_read_only(self) -> None:
        """``mode=ro``; a WAL file in a folder where ``-shm`` cannot be made needs ``immutable``.

        ``immutable=1`` is only used when the plain read-only open fails: then no
        process can write the file either (SQLite would need the same folder for its
        ``-wal``/``-journal``), so nothing changes under us.
        """
        last: Exception | None = None
        for params in ({"mode": "ro"}, {"mode": "ro", "immutable": "1"}):
            conn = sqlite3.connect(
                file_uri(self.path, **params), uri=True, timeout=BUSY_TIMEOUT_S, check_same_thread=False
            )
            try:
                with self._closed_on_failure(conn):
                    conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
                    self._quick_check(conn)
                    check_schema_is_ours(conn, self.path)
                    db = Database(conn)
                    missing = [t for t in _TABLES_NEEDED if not db.table(t).exists()]
                    if missing or pending_migrations(db):
                        raise CatalogUnavailableError(
                            self.path,
                            "it is read-only and was never set up by this version "
                            "of gpupicker (make it writable once)",
                        )
            except sqlite3.DatabaseError as exc:  # not damage: try the next way to open it
                last = exc
                continue
            self.db = db
            self.read_only = True
            return
        raise CatalogUnavailableError(self.path, f"cannot be opened, even read-only ({last})")

    def _merge_bundle(self, force: bool = False) -> None:
        """Apply the bundled catalog if its version is new (:mod:`.seeding`). Call inside
        ``_write``."""
        raise NotImplementedError("CatalogRepository mixes in seeding.SeedingMixin")

    def _refuse_if_read_only(self, action: str = "change it") -> None:
        if self.read_only and self.disk_full:
            raise CatalogDiskFullError(self.path, action)
        if self.read_only:
            raise CatalogReadOnlyError(self.path, action)

    # ---- plumbing ------------------------------------------------------------------------
    def close(self) -> None:
        """Close the database connection (pending WAL content stays durable)."""
        with self._lock:
            self.db.close()

    def __enter__(self) -> Self:
        """Use as a context manager; closes on exit."""
        return self

    def __exit__(self, *exc: object) -> None:
        """Close the connection."""
        self.close()

    @contextlib.contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction.

        ``BEGIN IMMEDIATE`` waits (busy timeout) for other writers, then owns the file
        until COMMIT; any exception rolls everything back.
        """
        self._refuse_if_read_only()
        with self._lock:
            conn = self.db.conn
            try:
                conn.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as exc:
                if _errcode(exc) == _SQLITE_READONLY:
                    raise CatalogReadOnlyError(self.path) from exc
                if is_disk_full(exc):
                    raise CatalogDiskFullError(self.path) from exc
                raise
            try:
                yield conn
            except BaseException as exc:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                if isinstance(exc, sqlite3.OperationalError) and _errcode(exc) == _SQLITE_READONLY:
                    raise CatalogReadOnlyError(self.path) from exc
                if is_disk_full(exc):
                    raise CatalogDiskFullError(self.path) from exc
                raise
            else:
                try:
                    conn.execute("COMMIT")
                except sqlite3.OperationalError as exc:
                    if conn.in_transaction:
                        conn.execute("ROLLBACK")
                    if is_disk_full(exc):
                        raise CatalogDiskFullError(self.path) from exc
                    raise

    def _query(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> list[dict[str, Any]]:
        with self._lock:
            cur = self.db.conn.execute(sql, params)
            names = [d[0] for d in cur.description]
            return [dict(zip(names, r, strict=True)) for r in cur.fetchall()]

    def bundle(self) -> Bundle:
        """The bundled default catalog (read and validated once per repository, when needed)."""
        if self._bundle is None:
            self._bundle = load_bundle(self._data_dir or paths.data_dir())
        return self._bundle

    def bundle_version(self) -> str:
        """The bundled catalog's version (the files' digest; nothing read into rows)."""
        if self._bundle is not None:
            return self._bundle.version
        return bundle_version(self._data_dir or paths.data_dir())

    def provider_terms(self) -> list[ProviderTerms]:
        """The providers' rental terms of the bundled ``data/providers.csv`` (core.providers);
        read alone when the rest of the bundle is not needed (a start with a merged bundle)."""
        if self._bundle is not None:
            return list(self._bundle.providers)
        if self._providers is None:
            self._providers = load_providers(self._data_dir or paths.data_dir())
        return list(self._providers)

    def spot_rates(self) -> list[SpotRate]:
        """The published spot interruption rates of the bundled ``data/spot_rates.csv``
        (core.spot); read alone when the rest of the bundle is not needed, as the providers'
        terms are."""
        if self._bundle is not None:
            return list(self._bundle.spot_rates)
        if self._spot_rates is None:
            self._spot_rates = load_spot_rates(self._data_dir or paths.data_dir())
        return list(self._spot_rates)

    def data_version(self) -> int:
        """``PRAGMA data_version``: changes when another connection commits (poll to refresh)."""
        with self._lock:
            return int(self.db.conn.execute("PRAGMA data_version").fetchone()[0])

    def integrity_check(self) -> str:
        """``PRAGMA integrity_check`` result (``"ok"`` when intact; reads the whole file)."""
        rows = self._query("PRAGMA integrity_check")
        return "; ".join(str(next(iter(r.values()))) for r in rows)

    def meta(self, key: str) -> str | None:
        """A ``meta`` value such as ``seed_version`` (None when absent)."""
        rows = self._query("SELECT value FROM meta WHERE key = ?", (key,))
        return rows[0]["value"] if rows else None
