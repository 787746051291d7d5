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
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Self

from .. import paths
from ..core.pricing.providers import ProviderTerms
from ..core.pricing.spot import SpotRate
from .bundle import Bundle, bundle_version, load_bundle, load_providers, load_spot_rates
from .catalog_file import (
    _SQLITE_READONLY,
    _TABLES_NEEDED,
    BUSY_TIMEOUT_S,
    _enable_wal,
    _errcode,
    _is_damage,
    _is_write_refusal,
    _NeedsReadOnlyError,
    _writable,
    check_schema_is_ours,
    check_sqlite_file,
    damage_summary,
    file_uri,
    is_disk_full,
)
from .errors import (
    CatalogCorruptError,
    CatalogDiskFullError,
    CatalogReadOnlyError,
    CatalogUnavailableError,
)
from .migrations import apply_migrations, pending_migrations
from .sqlite_lean import Database


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
        """Close ``conn`` when opening fails; damage SQLite reports is CatalogCorruptError.

        SQLite errors that report damage become
        :class:`CatalogCorruptError`, other errors propagate unchanged.
        """
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
        """Apply the bundled catalog when its version is new.

        The merge is :mod:`.seeding`'s. Call inside
        ``_write``.
        """
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
        """The providers' rental terms of the bundled ``data/providers.csv``.

        As ``core.pricing.providers.ProviderTerms``; read alone when the rest of the bundle is
        not needed (a start with a merged bundle).
        """
        if self._bundle is not None:
            return list(self._bundle.providers)
        if self._providers is None:
            self._providers = load_providers(self._data_dir or paths.data_dir())
        return list(self._providers)

    def spot_rates(self) -> list[SpotRate]:
        """The published spot interruption rates of the bundled ``data/spot_rates.csv``.

        As ``core.pricing.spot.SpotRate``; read alone when the rest of the bundle is not
        needed, as the providers' terms are.
        """
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
