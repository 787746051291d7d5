"""The catalog repository: a SQLite file (sqlite-utils) that returns and takes core models.

Safety rules, all enforced here:

- The file is checked before use: a non-SQLite header is rejected without reading
  the rest of the file, then ``PRAGMA quick_check`` must say ``ok``; otherwise
  :class:`CatalogCorruptError` (only those two mean "damaged").
  :func:`recover_corrupt` moves a bad file aside; :func:`restore_backup` brings a
  backup back.
- A file or folder that cannot be written is opened read-only
  (``file:…?mode=ro``): ``repo.read_only`` is True, reads work, and every write
  raises :class:`CatalogReadOnlyError`. A catalog that cannot be opened or created
  at all raises :class:`CatalogUnavailableError`.
- Edits from an editor go through ``update_*_fields(key, changes, expected)``: only
  the changed columns are written, inside one transaction, and a column someone
  else changed since the editor read it raises :class:`CatalogConflictError`.
- Every write path (add, update, import) rejects non-finite or absurd figures,
  unparseable ``observed`` dates and unknown currencies (``records.check_*``).
- WAL journal, ``synchronous=FULL`` (a confirmed edit survives a crash or a kill),
  a 30 s busy timeout, and every write in one ``BEGIN IMMEDIATE`` transaction, so
  two app instances editing one file wait for each other instead of failing.
- Bundled rows are applied once; a newer bundle merges in without touching rows
  the user changed (``user_modified``); ``reset_row``/``reset_all`` restore them.
- Imports are all-or-nothing and take a backup first; backups rotate (last 10).

Prices: ``usd_per_gpu_hour`` holds an amount in the row's ``currency`` (the column
keeps its CSV name); :meth:`CatalogRepository.get_fx_quotes` gives the rates as quoted (units per USD, dated),
:meth:`CatalogRepository.get_fx_rates` USD per unit for converting prices.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import gc
import json
import logging
import math
import operator
import os
import sqlite3
import threading
import time
import urllib.parse
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace
from typing import IO, Any, TypeVar

from .. import paths
from ..core.hardware import GpuSpec, PriceOffer
from ..core.model_arch import ModelArch
from ..core.money import FxRate, rate_looks_inverted
from ..core.price_kind import is_user_kind
from .bundle import Bundle, load_bundle, price_natural_key
from .csv_io import (
    ImportResult,
    ProgressCallback,
    RowValues,
    StringPool,
    check_table,
    drop_exact_duplicates,
    iter_csv,
    scan_csv_file,
    validate_rows,
    validation_message,
    write_csv,
)
from .errors import (
    CatalogConflictError,
    CatalogCorruptError,
    CatalogInUseError,
    CatalogReadOnlyError,
    CatalogUnavailableError,
)
from .migrations import FX_SETTING, apply_migrations, pending_migrations
from .records import (
    GPU_COLUMNS,
    MODEL_COLUMNS,
    PRICE_COLUMNS,
    CatalogModel,
    ModelRecord,
    check_gpu,
    check_model,
    check_price,
)
from .sqlite_lean import Database
from .user_tables import UserTablesMixin

_Record = TypeVar("_Record", GpuSpec, ModelRecord)
"""A catalog row's record type (:meth:`CatalogRepository._update_record_fields`)."""

_log = logging.getLogger(__name__)
SQLITE_HEADER = b"SQLite format 3\x00"
BUSY_TIMEOUT_S = 30.0
"""Seconds a writer waits for another process's transaction before giving up."""
BACKUPS_KEPT = 10
_PRICE_GETTER = operator.itemgetter(*PRICE_COLUMNS)
_OBSERVED = PRICE_COLUMNS.index("observed")


def _price_tuple(values: Any) -> tuple[Any, ...]:
    """Price cells in ``PRICE_COLUMNS`` order from a dict or an already ordered tuple."""
    return values if isinstance(values, tuple) else _PRICE_GETTER(values)
_KEY_COLUMN = {"gpus": "id", "models": "id", "prices": "id"}
_TABLES_NEEDED = ("gpus", "models", "prices", "price_history", "settings", "meta")
# SQLite primary result codes
_SQLITE_PERM, _SQLITE_READONLY, _SQLITE_CORRUPT, _SQLITE_CANTOPEN, _SQLITE_NOTADB = 3, 8, 11, 14, 26


class _NeedsReadOnlyError(Exception):
    """Internal: the file opened but cannot be written."""


def _errcode(exc: BaseException) -> int | None:
    code = getattr(exc, "sqlite_errorcode", None)
    return None if code is None else int(code) & 0xFF


def _is_write_refusal(exc: BaseException) -> bool:
    """True for SQLite errors that mean "cannot write here" (not damage)."""
    code = _errcode(exc)
    if code in (_SQLITE_PERM, _SQLITE_READONLY, _SQLITE_CANTOPEN):
        return True
    text = str(exc).lower()
    return "readonly" in text or "read-only" in text or "unable to open" in text


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


def _file_uri(path: Path, **params: str) -> str:
    query = "&".join(f"{k}={v}" for k, v in params.items())
    return "file:" + urllib.parse.quote(os.path.abspath(path)) + (f"?{query}" if query else "")


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def _stamp() -> str:
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
        raise CatalogUnavailableError(path, "it is a folder, not a catalog file (give a file "
                                      f"path such as {path / 'catalog.sqlite'})")
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
        raise CatalogUnavailableError(Path(str(where)), f"{exc.strerror or exc}",
                                      what="create the data folder") from exc


def open_catalog(path: str | os.PathLike[str] | None = None,
                 data_dir: Path | None = None, *, read_only: bool = False) -> CatalogRepository:
    """Open (creating and seeding on first run) the catalog.

    A catalog whose file or folder cannot be written is opened read-only
    (``repo.read_only``); writes then raise :class:`CatalogReadOnlyError`.

    Args:
        path: catalog SQLite file; None → :func:`gpupicker.paths.catalog_path`
            (``$GPUPICKER_CATALOG`` or the user data dir).
        data_dir: folder of the bundled CSVs; None → :func:`gpupicker.paths.data_dir`.
        read_only: open read-only even when the file is writable (nothing is created,
            migrated or merged).

    Returns:
        An open :class:`CatalogRepository` (close it with ``close()`` or ``with``).

    Raises:
        CatalogCorruptError: when the file is not SQLite or fails ``PRAGMA quick_check``.
        CatalogUnavailableError: when the file cannot be read, or cannot be created
            (an unwritable folder or ``$GPUPICKER_HOME``).
    """
    return CatalogRepository(resolve_catalog_path(path), data_dir=data_dir, read_only=read_only)


def recover_corrupt(path: str | os.PathLike[str] | None = None,
                    data_dir: Path | None = None) -> Path:
    """Move a damaged catalog aside (never delete it) and create a fresh seeded one.

    The file goes to ``<name>.corrupt-<UTC timestamp>.sqlite`` next to it (its
    ``-wal``/``-shm`` side files follow with the same name plus suffix).

    Args:
        path: catalog file; None → :func:`gpupicker.paths.catalog_path`.
        data_dir: bundled CSV folder; None → :func:`gpupicker.paths.data_dir`.

    Returns:
        Where the bad file now is.

    Raises:
        OSError: when the file cannot be moved.
        CatalogCorruptError: when even the fresh catalog cannot be created.
        CatalogUnavailableError: for a folder, or a file that was never a catalog (not SQLite
            and not named like one, e.g. ``--catalog notes.txt``): it is left alone.
    """
    src = resolve_catalog_path(path)
    if src.is_dir():
        raise CatalogUnavailableError(src, "it is a folder, not a catalog file; nothing was moved")
    if src.exists() and not _looks_like_catalog(src):
        raise CatalogUnavailableError(src, "it is not a SQLite file and not named like a catalog "
                                      "(.sqlite, .db), so it is not gpupicker's; nothing was moved")
    dest = _move_aside(src)
    CatalogRepository(src, data_dir=data_dir).close()
    return dest


def _looks_like_catalog(path: Path) -> bool:
    """True for a file that is, or was meant to be, a catalog: the default catalog path, a
    ``.sqlite``/``.sqlite3``/``.db`` name, or a SQLite header (the damage may be further in)."""
    if path.suffix.lower() in (".sqlite", ".sqlite3", ".db") or path == paths.catalog_path(None):
        return True
    try:
        with path.open("rb") as f:
            return f.read(len(SQLITE_HEADER)) == SQLITE_HEADER
    except OSError:
        return False


def _move_aside(src: Path) -> Path:
    """Rename a catalog (and its side files) to ``<name>.corrupt-<UTC stamp>.sqlite``."""
    dest = src.with_suffix(f".corrupt-{_stamp()}.sqlite")
    n = 1
    while dest.exists():
        dest = src.with_suffix(f".corrupt-{_stamp()}-{n}.sqlite")
        n += 1
    if src.exists():
        os.replace(src, dest)
    for side in ("-wal", "-shm", "-journal"):
        extra = src.with_name(src.name + side)
        if extra.exists():
            os.replace(extra, dest.with_name(dest.name + side))
    return dest


class CatalogRepository(UserTablesMixin):
    """Read and edit the catalog; every method returns or takes core/catalog records.

    Thread-safe (one lock per repository); several processes may open the same file.
    Use :func:`open_catalog` rather than the constructor.
    """

    def __init__(self, path: Path, data_dir: Path | None = None, *,
                 read_only: bool = False) -> None:
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
        self._lock = threading.RLock()
        self.read_only = False
        """True when the catalog was opened read-only: reads work, writes raise."""
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
                    self.path, f"cannot create its folder {self.path.parent} "
                    f"({exc.strerror or exc})") from exc
            try:
                self._open_writable()
                return
            except _NeedsReadOnlyError as exc:
                if not exists:
                    raise CatalogUnavailableError(
                        self.path, f"the catalog cannot be created there ({exc})") from None
        self._open_read_only()

    def _open_writable(self) -> None:
        try:
            conn = sqlite3.connect(str(self.path), timeout=BUSY_TIMEOUT_S,
                                   check_same_thread=False)
        except sqlite3.Error as exc:
            if _is_write_refusal(exc):
                raise _NeedsReadOnlyError(str(exc)) from exc
            raise CatalogUnavailableError(self.path, str(exc)) from exc
        try:
            with self._closed_on_failure(conn):
                conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
                self._quick_check(conn)
                self.db = Database(conn)
                _enable_wal(self.db)
                conn.execute("PRAGMA synchronous = FULL")
                with self._write():
                    apply_migrations(self.db)
                    missing = [t for t in _TABLES_NEEDED if not self.db.table(t).exists()]
                    if missing:  # migrations say done, tables gone: a partly written file
                        raise CatalogCorruptError(
                            self.path, f"its table(s) {', '.join(missing)} are missing")
                    self._merge_bundle()
        except sqlite3.DatabaseError as exc:
            if _is_write_refusal(exc):
                raise _NeedsReadOnlyError(str(exc)) from exc
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
            raise CatalogCorruptError(self.path, "; ".join(str(r[0]) for r in rows[:5]))

    def _open_read_only(self) -> None:
        """``mode=ro``; a WAL file in a folder where ``-shm`` cannot be made needs ``immutable``.

        ``immutable=1`` is only used when the plain read-only open fails: then no
        process can write the file either (SQLite would need the same folder for its
        ``-wal``/``-journal``), so nothing changes under us.
        """
        last: Exception | None = None
        for params in ({"mode": "ro"}, {"mode": "ro", "immutable": "1"}):
            conn = sqlite3.connect(_file_uri(self.path, **params), uri=True,
                                   timeout=BUSY_TIMEOUT_S, check_same_thread=False)
            try:
                with self._closed_on_failure(conn):
                    conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
                    self._quick_check(conn)
                    db = Database(conn)
                    missing = [t for t in _TABLES_NEEDED if not db.table(t).exists()]
                    if missing or pending_migrations(db):
                        raise CatalogUnavailableError(
                            self.path, "it is read-only and was never set up by this version "
                            "of gpupicker (make it writable once)")
            except sqlite3.DatabaseError as exc:  # not damage: try the next way to open it
                last = exc
                continue
            self.db = db
            self.read_only = True
            return
        raise CatalogUnavailableError(self.path, f"cannot be opened, even read-only ({last})")

    def _refuse_if_read_only(self, action: str = "change it") -> None:
        if self.read_only:
            raise CatalogReadOnlyError(self.path, action)

    # ---- plumbing ------------------------------------------------------------------------
    def close(self) -> None:
        """Close the database connection (pending WAL content stays durable)."""
        with self._lock:
            self.db.close()

    def __enter__(self) -> CatalogRepository:
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
                raise
            try:
                yield conn
            except BaseException as exc:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                if (isinstance(exc, sqlite3.OperationalError)
                        and _errcode(exc) == _SQLITE_READONLY):
                    raise CatalogReadOnlyError(self.path) from exc
                raise
            else:
                conn.execute("COMMIT")

    def _query(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> list[dict[str, Any]]:
        with self._lock:
            cur = self.db.conn.execute(sql, params)
            names = [d[0] for d in cur.description]
            return [dict(zip(names, r, strict=True)) for r in cur.fetchall()]

    def bundle(self) -> Bundle:
        """The bundled default catalog (read once per repository)."""
        if self._bundle is None:
            self._bundle = load_bundle(self._data_dir or paths.data_dir())
        return self._bundle

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

    # ---- seeding -------------------------------------------------------------------------
    def _merge_bundle(self, force: bool = False) -> None:
        """Apply the bundled catalog if its version is new. Call inside ``_write``."""
        bundle = self.bundle()
        conn = self.db.conn
        row = conn.execute("SELECT value FROM meta WHERE key = 'seed_version'").fetchone()
        if row and row[0] == bundle.version and not force:
            return
        now = _now()
        for table, cols, rows in (("gpus", GPU_COLUMNS, bundle.gpus),
                                  ("models", MODEL_COLUMNS, bundle.models)):
            existing = {r[0]: (r[1], r[2]) for r in conn.execute(
                f"SELECT id, origin, user_modified FROM {table}")}
            for rid, values in rows.items():
                if rid in existing and existing[rid][1]:
                    continue  # the user changed it: theirs wins
                self._upsert_row(table, cols, values, origin="bundled", user_modified=0,
                                 now=now)
            gone = [rid for rid, (origin, mod) in existing.items()
                    if origin == "bundled" and not mod and rid not in rows]
            conn.executemany(f"DELETE FROM {table} WHERE id = ?", [(g,) for g in gone])
        self._merge_bundle_prices(bundle, now)
        conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('seed_version', ?)",
                     (bundle.version,))
        conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('seeded_at', ?)", (now,))

    def _merge_bundle_prices(self, bundle: Bundle, now: str) -> None:
        """Merge the bundled prices (call inside ``_write``).

        Each bundled offer's current row is found by its seed key, else by the seed key of
        one of its older observations (a catalog seeded from an older bundle holds the older
        observation as its current price): that row takes the new observation (the old one
        goes to its history) and the current seed key. Rows the user changed keep their
        values (only their seed key follows, so "reset" restores the newest bundled value).
        Superseded, unchanged observation rows are removed (their values are in the
        offer's history); bundled rows no longer in the bundle are removed as before.
        """
        conn = self.db.conn
        existing_p = {r[0]: (r[1], r[2]) for r in conn.execute(
            "SELECT seed_key, id, user_modified FROM prices WHERE seed_key IS NOT NULL")}
        superseded = bundle.history_keys()
        for key, values in bundle.prices.items():
            hist = [k for k, _ in bundle.price_history.get(key, [])]
            target = existing_p.get(key)
            if target is None:
                target = next((existing_p[h] for h in reversed(hist) if h in existing_p), None)
            if target is None:
                pid = self._insert_price_rows([(values, key)], origin="bundled",
                                              user_modified=0, now=now)[0]
                self._seed_history(pid, bundle, key, now)
                continue
            pid, mod = target
            conn.execute("UPDATE prices SET seed_key = ? WHERE id = ? AND "
                         "COALESCE(seed_key, '') != ?", (key, pid, key))
            for h in hist:  # older observations held as rows of their own
                other = existing_p.get(h)
                if other is not None and other[0] != pid and not other[1]:
                    conn.execute("DELETE FROM price_history WHERE price_id = ?", (other[0],))
                    conn.execute("DELETE FROM prices WHERE id = ?", (other[0],))
            if mod:
                continue
            self._seed_history(pid, bundle, key, now)
            current = self._price_values(pid)
            if current != {c: values[c] for c in PRICE_COLUMNS}:
                self._update_price_row(pid, values, user_modified=0, now=now)
        gone_p = [pid for key, (pid, mod) in existing_p.items()
                  if not mod and key not in bundle.prices and key not in superseded]
        conn.executemany("DELETE FROM price_history WHERE price_id = ?", [(p,) for p in gone_p])
        conn.executemany("DELETE FROM prices WHERE id = ?", [(p,) for p in gone_p])

    def _seed_history(self, pid: int, bundle: Bundle, key: str, now: str) -> None:
        """Give row ``pid`` the bundled older observations of offer ``key`` as its history
        (oldest first, then its stored version), unless it has a history already."""
        hist = bundle.price_history.get(key)
        conn = self.db.conn
        if not hist or conn.execute("SELECT 1 FROM price_history WHERE price_id = ? LIMIT 1",
                                    (pid,)).fetchone():
            return
        cols = ", ".join(PRICE_COLUMNS)
        marks = ", ".join("?" * len(PRICE_COLUMNS))
        conn.executemany(
            f"INSERT INTO price_history (price_id, changed_at, {cols}) VALUES (?, ?, {marks})",
            [(pid, now, *_price_tuple(d)) for _, d in hist])
        conn.execute(f"INSERT INTO price_history (price_id, changed_at, {cols}) "
                     f"SELECT id, ?, {cols} FROM prices WHERE id = ?", (now, pid))

    def _upsert_row(self, table: str, cols: tuple[str, ...], values: dict[str, Any], *,
                    origin: str, user_modified: int, now: str) -> None:
        names = [*cols, "origin", "user_modified", "deleted", "updated_at"]
        sql = (f"INSERT INTO {table} ({', '.join(names)}) VALUES ({', '.join('?' * len(names))}) "
               "ON CONFLICT(id) DO UPDATE SET "
               + ", ".join(f"{n} = excluded.{n}" for n in names if n != "origin"))
        self.db.conn.execute(sql, [values.get(c) for c in cols]
                             + [origin, user_modified, 0, now])

    # ---- GPUs ----------------------------------------------------------------------------
    def gpus(self) -> list[GpuSpec]:
        """All GPUs (catalog order: bundled first, then the user's)."""
        return [g for g, _ in self.gpu_rows()]

    def gpu_rows(self) -> list[tuple[GpuSpec, bool]]:
        """``(GpuSpec, is_user)`` per GPU; ``is_user`` = added or changed by the user."""
        rows = self._query("SELECT * FROM gpus WHERE deleted = 0 ORDER BY rowid")
        return [(g, _is_user(r)) for r, g in _valid("gpus", rows, GpuSpec.model_validate)]

    def get_gpu(self, gpu_id: str) -> GpuSpec | None:
        """The GPU with catalog id ``gpu_id`` (e.g. ``"rtx_4090"``), or None."""
        rows = self._query("SELECT * FROM gpus WHERE id = ? AND deleted = 0", (gpu_id,))
        return next((g for _, g in _valid("gpus", rows, GpuSpec.model_validate)), None)

    def upsert_gpu(self, gpu: GpuSpec) -> None:
        """Add or replace a GPU (by ``gpu.id``); the row is flagged as user-changed.

        Raises:
            pydantic.ValidationError: when ``gpu`` is not a valid GpuSpec.
        """
        gpu = check_gpu(GpuSpec.model_validate(gpu.model_dump()))
        self._upsert_record("gpus", GPU_COLUMNS, gpu.model_dump())

    def update_gpu_fields(self, gpu_id: str, changes: dict[str, Any],
                          expected: GpuSpec | None = None) -> GpuSpec:
        """Change some columns of GPU ``gpu_id``, keeping the others as they are stored now.

        In one ``BEGIN IMMEDIATE`` transaction: read the stored row; if ``expected``
        (the caller's copy) is given and any column in ``changes`` differs between it
        and the stored row, raise :class:`CatalogConflictError`; otherwise apply
        ``changes`` to the stored row (columns another process changed are kept),
        validate and write. The ``id`` cannot be changed.

        Returns:
            The GPU as now stored.

        Raises:
            KeyError: no such GPU (or it was deleted).
            CatalogConflictError: a changed column was changed elsewhere meanwhile.
            ValueError / pydantic.ValidationError: unknown column or invalid value.
            CatalogReadOnlyError: the catalog is read-only.
        """
        return self._update_record_fields("gpus", GPU_COLUMNS, gpu_id, changes, expected,
                                          lambda v: check_gpu(GpuSpec.model_validate(v)))

    def _update_record_fields(self, table: str, cols: tuple[str, ...], key: str,
                              changes: dict[str, Any], expected: Any,
                              build: Callable[[dict[str, Any]], _Record]) -> _Record:
        _check_change_columns(table, cols, changes, frozen=("id",))
        with self._write() as conn:
            cur = conn.execute(f"SELECT * FROM {table} WHERE id = ? AND deleted = 0", (key,))
            row = cur.fetchone()
            if row is None:
                raise KeyError(f"no {table[:-1]} with id {key!r}")
            stored_values = dict(zip([d[0] for d in cur.description], row, strict=True))
            stored = _normalized({c: stored_values.get(c) for c in cols}, build)
            if expected is not None:
                _raise_on_conflict(table, key, changes, expected, stored)
            merged = {**vars(stored), **changes}
            new = build(merged)
            if isinstance(new, ModelRecord):  # table "models": the architecture must build
                new.to_arch()
            values = new.model_dump()
            if all(_same(stored_values.get(c), values.get(c)) for c in cols):
                return new
            self._upsert_row(table, cols, values, origin=stored_values["origin"],
                             user_modified=1, now=_now())
            return new

    def delete_gpu(self, gpu_id: str, *, cascade: bool = False) -> int:
        """Delete a GPU; refuses while it has prices unless ``cascade=True``.

        A GPU's prices are never left orphaned: by default the delete is refused with
        :class:`CatalogInUseError` (a ``ValueError``) naming how many price rows use
        it; with ``cascade=True`` those prices are deleted in the same transaction
        (bundled ones hidden, the user's removed with their history).

        A bundled GPU is hidden rather than removed, so a newer bundle does not bring it
        back; ``reset_row("gpus", id)`` restores it (its deleted prices stay deleted).

        Returns:
            How many price rows were deleted with it.

        Raises:
            KeyError: when there is no such GPU.
            CatalogInUseError: it has prices and ``cascade`` is False.
            CatalogReadOnlyError: the catalog is read-only.
        """
        with self._write() as conn:
            if conn.execute("SELECT 1 FROM gpus WHERE id = ? AND deleted = 0",
                            (gpu_id,)).fetchone() is None:
                raise KeyError(f"no gpu with id {gpu_id!r}")
            price_ids = [r[0] for r in conn.execute(
                "SELECT id FROM prices WHERE gpu_id = ? AND deleted = 0", (gpu_id,))]
            if price_ids and not cascade:
                raise CatalogInUseError(gpu_id, len(price_ids))
            for pid in price_ids:
                self._delete_price_in_tx(pid)
            self._delete_record("gpus", gpu_id)
        return len(price_ids)

    def _upsert_record(self, table: str, cols: tuple[str, ...], values: dict[str, Any]) -> None:
        with self._write() as conn:
            cur = conn.execute(f"SELECT * FROM {table} WHERE id = ?", (values["id"],))
            row = cur.fetchone()
            if row is not None:
                old = dict(zip([d[0] for d in cur.description], row, strict=True))
                if not old["deleted"] and all(_same(old.get(c), values.get(c)) for c in cols):
                    return
                origin = old["origin"]
            else:
                origin = "user"
            self._upsert_row(table, cols, values, origin=origin, user_modified=1, now=_now())

    def _delete_record(self, table: str, key: str) -> None:
        """Delete (or hide) one gpus/models row; call inside ``_write``."""
        conn = self.db.conn
        row = conn.execute(f"SELECT origin FROM {table} WHERE id = ? AND deleted = 0",
                           (key,)).fetchone()
        if row is None:
            raise KeyError(f"no {table[:-1]} with id {key!r}")
        if row[0] == "bundled":
            conn.execute(f"UPDATE {table} SET deleted = 1, user_modified = 1, updated_at = ? "
                         "WHERE id = ?", (_now(), key))
        else:
            conn.execute(f"DELETE FROM {table} WHERE id = ?", (key,))

    # ---- models --------------------------------------------------------------------------
    def model_records(self) -> list[ModelRecord]:
        """All models as flat models.csv rows (for the editor)."""
        return [m for m, _ in self.model_rows()]

    def model_rows(self) -> list[tuple[ModelRecord, bool]]:
        """``(ModelRecord, is_user)`` per model; ``is_user`` = added or changed by the user."""
        rows = self._query("SELECT * FROM models WHERE deleted = 0 ORDER BY rowid")
        return [(m, _is_user(r)) for r, m in _valid("models", rows, ModelRecord.model_validate)]

    def models(self) -> list[CatalogModel]:
        """All models with their resolved architecture (catalog order)."""
        rows = self._query("SELECT * FROM models WHERE deleted = 0 ORDER BY rowid")
        return [m for _, m in _valid("models", rows, _catalog_model)]

    def get_catalog_model(self, model_id: str) -> CatalogModel | None:
        """The catalog model ``model_id`` (e.g. ``"mistral_7b_v0_1"``), or None."""
        rows = self._query("SELECT * FROM models WHERE id = ? AND deleted = 0", (model_id,))
        return next((m for _, m in _valid("models", rows, _catalog_model)), None)

    def get_model(self, model_id: str) -> ModelArch | None:
        """The architecture of catalog model ``model_id`` for the calculator, or None."""
        m = self.get_catalog_model(model_id)
        return m.arch if m else None

    def upsert_model(self, record: ModelRecord) -> None:
        """Add or replace a model row (by id); the row is flagged as user-changed.

        Raises:
            ValueError: when the row does not describe a valid architecture.
        """
        record = check_model(ModelRecord.model_validate(record.model_dump()))
        record.to_arch()
        self._upsert_record("models", MODEL_COLUMNS, record.model_dump())

    def update_model_fields(self, model_id: str, changes: dict[str, Any],
                            expected: ModelRecord | None = None) -> ModelRecord:
        """Change some columns of model ``model_id`` (see :meth:`update_gpu_fields`).

        Returns:
            The model row as now stored.

        Raises:
            KeyError: no such model. CatalogConflictError: a changed column was changed
            elsewhere meanwhile. ValueError: unknown column, invalid value or architecture.
            CatalogReadOnlyError: the catalog is read-only.
        """
        return self._update_record_fields(
            "models", MODEL_COLUMNS, model_id, changes, expected,
            lambda v: check_model(ModelRecord.model_validate(v)))

    def delete_model(self, model_id: str) -> None:
        """Delete a model (bundled ones are hidden; ``reset_row`` restores them).

        Raises:
            KeyError: when there is no such model.
        """
        with self._write():
            self._delete_record("models", model_id)

    # ---- prices --------------------------------------------------------------------------
    def prices(self) -> list[PriceOffer]:
        """Current price offers (amounts per GPU-hour in each row's ``currency``); rows the
        user added or changed carry ``price_kind`` ``user`` (core.price_kind)."""
        return [_user_kind(p) if u else p for _, p, u in self.price_rows()]

    def price_rows(self) -> list[tuple[int, PriceOffer, bool]]:
        """``(row_id, PriceOffer, is_user)`` for every current price, by row id."""
        rows = self._query("SELECT * FROM prices WHERE deleted = 0 ORDER BY id")
        return [(r["id"], p, _is_user(r)) for r, p in _valid("prices", rows,
                                                               PriceOffer.model_validate)]

    def get_price(self, row_id: int) -> PriceOffer | None:
        """The current price in row ``row_id``, or None."""
        rows = self._query("SELECT * FROM prices WHERE id = ? AND deleted = 0", (row_id,))
        return next((p for _, p in _valid("prices", rows, PriceOffer.model_validate)), None)

    def _price_values(self, row_id: int) -> dict[str, Any]:
        cur = self.db.conn.execute(f"SELECT {', '.join(PRICE_COLUMNS)} FROM prices WHERE id = ?",
                                   (row_id,))
        r = cur.fetchone()
        return dict(zip(PRICE_COLUMNS, r, strict=True)) if r else {}

    def _check_gpu_known(self, gpu_id: str) -> None:
        row = self.db.conn.execute("SELECT 1 FROM gpus WHERE id = ? AND deleted = 0",
                                   (gpu_id,)).fetchone()
        if row is None:
            raise ValueError(f"unknown GPU {gpu_id!r}: add it to the GPUs first")

    def _insert_price_rows(self, items: list[tuple[Any, str | None]], *, origin: str,
                           user_modified: int, now: str) -> list[int]:
        """Insert new price rows with explicit ids (we hold the write lock, so MAX(id) is ours).

        No history row is written: a row without history has one version, itself (see
        :meth:`price_history`); the first change records the original version.
        """
        conn = self.db.conn
        start = int(conn.execute("SELECT COALESCE(MAX(id), 0) FROM prices").fetchone()[0]) + 1
        ids = list(range(start, start + len(items)))
        cols = ", ".join(PRICE_COLUMNS)
        marks = ", ".join("?" * len(PRICE_COLUMNS))
        get = _price_tuple
        conn.executemany(
            f"INSERT INTO prices (id, {cols}, seed_key, origin, user_modified, deleted, "
            f"updated_at) VALUES (?, {marks}, ?, ?, ?, 0, ?)",
            [(i, *get(v), key, origin, user_modified, now)
             for i, (v, key) in zip(ids, items, strict=True)])
        return ids

    def _update_price_rows(self, items: list[tuple[int, Any]], *, user_modified: int,
                           now: str) -> None:
        """Write new values for existing price rows and append them to the history."""
        if not items:
            return
        conn = self.db.conn
        ids = [rid for rid, _ in items]
        # rows changed for the first time: record their original version first
        known: set[int] = set()
        for s in range(0, len(ids), 500):
            part = ids[s:s + 500]
            known.update(r[0] for r in conn.execute(
                "SELECT DISTINCT price_id FROM price_history WHERE price_id IN "
                f"({', '.join('?' * len(part))})", part))
        firsts = [rid for rid in ids if rid not in known]
        for s in range(0, len(firsts), 500):
            part = firsts[s:s + 500]
            conn.execute(
                f"INSERT INTO price_history (price_id, changed_at, {', '.join(PRICE_COLUMNS)}) "
                f"SELECT id, COALESCE(updated_at, ''), {', '.join(PRICE_COLUMNS)} FROM prices "
                f"WHERE id IN ({', '.join('?' * len(part))})", part)
        sets = ", ".join(f"{c} = ?" for c in PRICE_COLUMNS)
        get = _price_tuple
        conn.executemany(
            f"UPDATE prices SET {sets}, user_modified = ?, deleted = 0, updated_at = ? "
            "WHERE id = ?", [(*get(v), user_modified, now, rid) for rid, v in items])
        marks = ", ".join("?" * len(PRICE_COLUMNS))
        conn.executemany(
            f"INSERT INTO price_history (price_id, changed_at, {', '.join(PRICE_COLUMNS)}) "
            f"VALUES (?, ?, {marks})", [(rid, now, *get(v)) for rid, v in items])

    def _update_price_row(self, row_id: int, values: dict[str, Any], *, user_modified: int,
                          now: str) -> None:
        self._update_price_rows([(row_id, values)], user_modified=user_modified, now=now)

    def add_price(self, offer: PriceOffer) -> int:
        """Add a user price row (its first history entry is written too).

        Returns:
            The new row id.

        Raises:
            ValueError: unknown ``gpu_id``, unknown ``pricing``, a non-finite or absurd
                price, a bad ``observed`` date or an unknown currency.
        """
        offer = self._check_price(PriceOffer.model_validate(offer.model_dump()))
        with self._write():
            self._check_gpu_known(offer.gpu_id)
            return self._insert_price_rows([(offer.model_dump(), None)], origin="user",
                                           user_modified=1, now=_now())[0]

    def update_price(self, row_id: int, offer: PriceOffer) -> None:
        """Replace the values of price row ``row_id``; the old version stays in the history.

        This writes every column from ``offer``: an editor holding an older copy of the row
        should call :meth:`update_price_fields` with ``expected=`` instead, so that another
        process's change is kept or reported rather than overwritten.

        Raises:
            KeyError: when the row does not exist (or was deleted).
            ValueError: unknown ``gpu_id``, unknown ``pricing`` or a bad currency code.
        """
        offer = self._check_price(PriceOffer.model_validate(offer.model_dump()))
        values = offer.model_dump()
        with self._write() as conn:
            row = conn.execute("SELECT 1 FROM prices WHERE id = ? AND deleted = 0",
                               (row_id,)).fetchone()
            if row is None:
                raise KeyError(f"no price row {row_id}")
            self._check_gpu_known(offer.gpu_id)
            if all(_same(a, values[c]) for c, a in self._price_values(row_id).items()):
                return
            self._update_price_row(row_id, values, user_modified=1, now=_now())

    def _check_price(self, offer: PriceOffer) -> PriceOffer:
        return check_price(offer, known_currencies=set(self.get_fx_rates()))

    def update_price_fields(self, row_id: int, changes: dict[str, Any],
                            expected: PriceOffer | None = None) -> PriceOffer:
        """Change some columns of price row ``row_id``, keeping the others as stored now.

        In one ``BEGIN IMMEDIATE`` transaction: read the stored row; if ``expected``
        (the caller's copy of the row) is given and any column in ``changes`` differs
        between it and the stored row, raise :class:`CatalogConflictError` naming the
        column, its value now and the value the caller saw; otherwise apply only
        ``changes`` to the stored row (columns another process changed meanwhile are
        kept), validate (pydantic + :func:`check_price`), write, and record the old
        version in the history. Nothing is written when the values do not change.

        Args:
            row_id: the price row (from :meth:`price_rows`).
            changes: column → new value, e.g. ``{"notes": "spot only"}``.
            expected: the row as the caller last read it (None: no conflict check).

        Returns:
            The row as now stored.

        Raises:
            KeyError: no such row (or it was deleted).
            CatalogConflictError: a column in ``changes`` was changed elsewhere.
            ValueError / pydantic.ValidationError: unknown column, invalid value, unknown GPU.
            CatalogReadOnlyError: the catalog is read-only.
        """
        _check_change_columns("prices", PRICE_COLUMNS, changes)
        known = set(self.get_fx_rates())
        with self._write() as conn:
            if conn.execute("SELECT 1 FROM prices WHERE id = ? AND deleted = 0",
                            (row_id,)).fetchone() is None:
                raise KeyError(f"no price row {row_id}")
            stored_values = self._price_values(row_id)
            stored = _normalized(stored_values, PriceOffer.model_validate)
            if expected is not None:
                _raise_on_conflict("prices", row_id, changes, expected, stored)
            new = check_price(PriceOffer.model_validate({**vars(stored), **changes}),
                              known_currencies=known)
            values = new.model_dump()
            if "gpu_id" in changes:
                self._check_gpu_known(new.gpu_id)
            if all(_same(a, values[c]) for c, a in stored_values.items()):
                return new
            self._update_price_row(row_id, values, user_modified=1, now=_now())
            return new

    def delete_price(self, row_id: int) -> None:
        """Delete price row ``row_id``.

        A bundled row is hidden rather than removed, so a re-seed keeps it gone;
        ``reset_row("prices", row_id)`` restores it.

        Raises:
            KeyError: when the row does not exist.
        """
        with self._write():
            self._delete_price_in_tx(row_id)

    def _delete_price_in_tx(self, row_id: int) -> None:
        conn = self.db.conn
        row = conn.execute("SELECT origin FROM prices WHERE id = ? AND deleted = 0",
                           (row_id,)).fetchone()
        if row is None:
            raise KeyError(f"no price row {row_id}")
        if row[0] == "bundled":
            conn.execute("UPDATE prices SET deleted = 1, user_modified = 1, updated_at = ? "
                         "WHERE id = ?", (_now(), row_id))
        else:
            conn.execute("DELETE FROM price_history WHERE price_id = ?", (row_id,))
            conn.execute("DELETE FROM prices WHERE id = ?", (row_id,))

    def price_history(self, row_id: int) -> list[tuple[str, PriceOffer]]:
        """Every version of price row ``row_id``, oldest first: ``(changed_at UTC ISO, offer)``.

        The last entry equals the current row (a row never changed has one entry, dated
        when it was added). Empty for an unknown row.
        """
        rows = self._query("SELECT * FROM price_history WHERE price_id = ? "
                           "ORDER BY changed_at, id", (row_id,))
        if not rows:
            rows = [dict(r, changed_at=r["updated_at"] or "") for r in
                    self._query("SELECT * FROM prices WHERE id = ? AND deleted = 0", (row_id,))]
        return [(r["changed_at"], p)
                for r, p in _valid("price_history", rows, PriceOffer.model_validate)]

    def invalid_rows(self) -> list[tuple[str, Any, str]]:
        """Stored rows the readers skip because they fail today's validation.

        A catalog written by an older version may hold values now refused (an ``inf``
        price, say). Listing methods leave such rows out (and log a warning) instead of
        failing; this names them so the user can fix or delete them.

        Returns:
            ``(table, key, reason)`` per invalid row.
        """
        out: list[tuple[str, Any, str]] = []
        for table, build in (("gpus", GpuSpec.model_validate), ("models", _catalog_model),
                             ("prices", PriceOffer.model_validate)):
            for r in self._query(f"SELECT * FROM {table} WHERE deleted = 0 ORDER BY rowid"):
                try:
                    build(r)
                except ValueError as exc:
                    out.append((table, r["id"], validation_message(exc)))
        return out

    # ---- reset ---------------------------------------------------------------------------
    def is_user_row(self, table: str, key: str | int) -> bool:
        """True when row ``key`` of ``table`` was added or changed by the user.

        Raises:
            ValueError: for an unknown table. KeyError: for an unknown row.
        """
        check_table(table)
        rows = self._query(f"SELECT origin, user_modified FROM {table} WHERE id = ?", (key,))
        if not rows:
            raise KeyError(f"no row {key!r} in {table}")
        return bool(rows[0]["user_modified"] or rows[0]["origin"] == "user")

    def reset_row(self, table: str, key: str | int) -> None:
        """Put one bundled row back to its bundled values (also undeletes it).

        A price row holding an older observation of an offer whose newest bundled
        observation is in another row (the user had changed the older one) is removed: the
        bundled catalog has that offer once.

        Args:
            table: ``"gpus"``, ``"models"`` (key = id) or ``"prices"`` (key = row id).
            key: the row.

        Raises:
            ValueError: unknown table, or the row was added by the user (no bundled value).
            KeyError: when there is no such row.
        """
        check_table(table)
        bundle = self.bundle()
        with self._write() as conn:
            now = _now()
            if table == "prices":
                row = conn.execute("SELECT seed_key FROM prices WHERE id = ?", (key,)).fetchone()
                if row is None:
                    raise KeyError(f"no price row {key}")
                seed = bundle.history_keys().get(row[0] or "", row[0])
                if seed is None or seed not in bundle.prices:
                    raise ValueError(f"price row {key} was added by the user; it has no "
                                     "bundled value (delete it instead)")
                if conn.execute("SELECT 1 FROM prices WHERE seed_key = ? AND id != ?",
                                (seed, key)).fetchone():
                    # an older observation the user had changed: the offer's bundled value
                    # lives in another row, so the bundled state has no row here
                    conn.execute("DELETE FROM price_history WHERE price_id = ?", (key,))
                    conn.execute("DELETE FROM prices WHERE id = ?", (key,))
                    return
                conn.execute("UPDATE prices SET seed_key = ? WHERE id = ?", (seed, key))
                self._update_price_row(int(key), bundle.prices[seed], user_modified=0,
                                       now=now)
                return
            rows = bundle.gpus if table == "gpus" else bundle.models
            cols = GPU_COLUMNS if table == "gpus" else MODEL_COLUMNS
            if key not in rows:
                exists = conn.execute(f"SELECT 1 FROM {table} WHERE id = ?", (key,)).fetchone()
                if exists is None:
                    raise KeyError(f"no {table[:-1]} with id {key!r}")
                raise ValueError(f"{table[:-1]} {key!r} was added by the user; it has no "
                                 "bundled value (delete it instead)")
            self._upsert_row(table, cols, rows[str(key)], origin="bundled", user_modified=0,
                             now=now)

    def reset_all(self) -> Path:
        """Factory reset: GPUs, models and prices become exactly the bundled catalog.

        User rows and price history are removed; settings (exchange rates) are kept.
        A backup is taken first.

        Returns:
            The backup file written before the reset.
        """
        self._refuse_if_read_only("reset it")
        backup = self.backup()
        with self._write() as conn:
            for t in ("price_history", "prices", "gpus", "models"):
                conn.execute(f"DELETE FROM {t}")
            self._merge_bundle(force=True)
        return backup

    # ---- settings ------------------------------------------------------------------------
    def get_setting(self, key: str, default: Any = None) -> Any:
        """A JSON setting stored in the catalog (``default`` when absent)."""
        rows = self._query("SELECT value FROM settings WHERE key = ?", (key,))
        return json.loads(rows[0]["value"]) if rows else default

    def set_setting(self, key: str, value: Any) -> None:
        """Store a JSON-serializable setting in the catalog.

        Raises:
            TypeError: when ``value`` is not JSON-serializable.
        """
        text = json.dumps(value)
        with self._write() as conn:
            conn.execute("INSERT OR REPLACE INTO settings(key, value) VALUES (?, ?)", (key, text))

    def get_fx_quotes(self) -> dict[str, FxRate]:
        """Exchange rates as people quote them: currency → :class:`~gpupicker.core.money.FxRate`
        (``1 USD = per_usd`` units, with the date and source it was entered with)."""
        raw = self.get_setting(FX_SETTING) or {}
        out: dict[str, FxRate] = {}
        for code, v in raw.items():
            cur = str(code).upper()
            if cur == "USD":
                continue
            if isinstance(v, dict):
                out[cur] = FxRate(cur, float(v["per_usd"]), str(v.get("date") or ""),
                                  str(v.get("source") or ""))
            else:
                out[cur] = FxRate(cur, float(v))
        return out

    def get_fx_rates(self) -> dict[str, float]:
        """Exchange rates as USD per unit of each currency (``{"USD": 1.0, "CNY": 0.1408}``),
        derived from the stored quotes (:meth:`get_fx_quotes`, units per USD) for the code
        that converts prices to USD."""
        rates = {cur: q.usd_per_unit for cur, q in self.get_fx_quotes().items()}
        rates["USD"] = 1.0
        return rates

    def set_fx_rate(self, currency: str, per_usd: float, *, date: str | None = None,
                    source: str = "user", confirm_inverted: bool = False) -> FxRate:
        """Set ``1 USD = per_usd currency`` (e.g. ``"CNY", 7.10``), dated (today by default).

        Raises:
            ValueError: for a non 3-letter code, USD itself, a rate that is not > 0, or —
                unless ``confirm_inverted`` — a rate that looks entered upside down
                (:func:`~gpupicker.core.money.rate_looks_inverted`, e.g. CNY 0.14): that
                is a question for the user, never silently flipped.
        """
        cur = currency.strip().upper()
        if len(cur) != 3 or not cur.isalpha():
            raise ValueError(f"currency {currency!r} is not a 3-letter code")
        if cur == "USD":
            raise ValueError("USD is the base currency; its rate is always 1")
        rate = float(per_usd)
        if not math.isfinite(rate) or rate <= 0:
            raise ValueError(f"exchange rate must be a positive number, got {per_usd!r}")
        if rate_looks_inverted(cur, rate) and not confirm_inverted:
            raise ValueError(
                f"1 USD = {rate:g} {cur} looks upside down (did you mean 1 USD = "
                f"{1 / rate:.4g} {cur}?); enter units of {cur} per US dollar, or confirm it")
        when = date if date is not None else _dt.date.today().isoformat()
        with self._write() as conn:
            row = conn.execute("SELECT value FROM settings WHERE key = ?",
                               (FX_SETTING,)).fetchone()
            rates = json.loads(row[0]) if row else {}
            rates[cur] = {"per_usd": rate, "date": when, "source": source}
            conn.execute("INSERT OR REPLACE INTO settings(key, value) VALUES (?, ?)",
                         (FX_SETTING, json.dumps(rates)))
        return FxRate(cur, rate, when, source)

    def get_display_currency(self) -> str:
        """The currency prices are shown in (``"USD"`` by default)."""
        return str(self.get_setting("display_currency", "USD")).upper()

    def set_display_currency(self, currency: str) -> None:
        """Show prices in ``currency`` (USD or one with an exchange rate).

        Raises:
            ValueError: when there is no exchange rate for ``currency``.
        """
        cur = currency.strip().upper()
        if cur not in self.get_fx_rates():
            raise ValueError(f"no exchange rate for {cur}: set one with set_fx_rate first")
        self.set_setting("display_currency", cur)

    def to_usd(self, amount: float, currency: str) -> float | None:
        """Convert ``amount`` in ``currency`` to USD (None when no rate is known)."""
        rate = self.get_fx_rates().get(currency.upper())
        return None if rate is None else amount * rate

    # ---- CSV -----------------------------------------------------------------------------
    def export_csv(self, table: str, path: str | os.PathLike[str] | IO[str]) -> int:
        """Write ``table`` (gpus, prices, models) as CSV with the bundled file's columns
        to the file ``path`` (atomically) or to an open text stream (e.g. ``sys.stdout``).

        Text cells starting with ``= + - @`` (or tab/CR) get a leading ``'`` so a
        spreadsheet shows them as text; numeric columns are plain numbers.

        Returns:
            Number of rows written.

        Raises:
            ValueError: for an unknown table. OSError: when the file cannot be written.
        """
        check_table(table)
        order = "id" if table == "prices" else "rowid"
        rows = self._query(f"SELECT * FROM {table} WHERE deleted = 0 ORDER BY {order}")
        return write_csv(table, rows, Path(path) if isinstance(path, (str, os.PathLike)) else path)

    def import_csv(self, table: str, path: str | os.PathLike[str],
                   progress: ProgressCallback | None = None, *,
                   column_map: dict[str, str | None] | None = None,
                   dry_run: bool = False, newer_replaces: bool = False,
                   skip_duplicates: bool = False) -> ImportResult:
        """Import a CSV into ``table``: all rows or none.

        The file is streamed, never read whole: a file over 512 MiB
        (``csv_io.MAX_IMPORT_BYTES``) or over 1,000,000 rows, binary content, non-UTF-8
        text, a line over 4 MiB or a cell over 64 KiB is rejected with an error
        (the size check needs no reading at all).

        Every row is validated first (pydantic records, pricing type, finite and sane
        numbers — a price must be > 0 and ≤ 100,000 per GPU-hour —, ``observed`` date
        form, currency code, known ``gpu_id``, no repeated ids). If any row is bad
        nothing is written and ``result.errors`` lists ``(line_number, reason)`` for
        each. Otherwise a backup is taken and all rows are written in one transaction:
        GPUs and models are upserted by id. Prices are matched to current rows:

        1. by (gpu_id, provider, region, pricing, observed, gpus_per_instance) —
           repeated keys pair up in order;
        2. a row with a blank ``observed`` that found no match in step 1 is matched
           by (gpu_id, provider, region, pricing, gpus_per_instance) alone, pairing
           up in order with current rows not matched in step 1 — so re-importing a
           price without a date updates the offer instead of adding a duplicate;
        3. with ``newer_replaces`` (the tracker imports, catalog/importing.py): a dated row
           still unmatched updates the current row with the same (gpu_id, provider,
           region, pricing, gpus_per_instance) and the latest ``observed`` not after its
           own — a newer observation of the same offer becomes current, the older one
           its history;

        matched rows are updated (the old version goes to the history), the rest are
        added. Rows not in the file are kept. Imported rows count as user-changed.

        Args:
            table: ``"gpus"``, ``"prices"`` or ``"models"``.
            path: CSV file with a header (columns of the bundled CSVs; a subset is fine
                if it has the required ones).
            progress: ``progress(done, total)``; total = 2 × the file's data lines
                (validation, then writing), constant during one import.
            column_map: optional CSV header → catalog column (None/"" ignores a column).
            dry_run: validate only (no backup, no write).
            newer_replaces: step 3 above.
            skip_duplicates: leave out rows that repeat an earlier row of the file exactly
                (``result.duplicates`` counts them either way; ``result.skipped`` the left-out).

        Returns:
            An :class:`ImportResult`; check ``ok``.

        Raises:
            ValueError: unknown table. OSError: the file cannot be read.
            CatalogReadOnlyError: the catalog is read-only (not raised for ``dry_run``).
        """
        check_table(table)
        if not dry_run:
            self._refuse_if_read_only(f"import {table}")
        with _gc_paused():  # 100k short-lived records: cyclic GC passes cost ~40 % here
            return self._import_csv(table, Path(path), progress, column_map, dry_run,
                                    newer_replaces, skip_duplicates)

    def _import_csv(self, table: str, path: Path, progress: ProgressCallback | None,
                    column_map: dict[str, str | None] | None, dry_run: bool,
                    newer_replaces: bool = False, skip_duplicates: bool = False) -> ImportResult:
        lines, errors = scan_csv_file(path)
        if errors:
            return ImportResult(table=table, errors=errors, dry_run=dry_run)
        est = max(1, lines - 1)  # data lines (header excluded) ≈ rows: the progress scale
        total = 2 * est
        known = {r["id"] for r in self._query("SELECT id FROM gpus WHERE deleted = 0")}
        rows = iter_csv(table, path, errors, column_map)
        good = validate_rows(
            table, rows, errors, known,
            None if progress is None else (lambda d: progress(min(d, est), total)),
            known_currencies=set(self.get_fx_rates()))
        n_rows = len(good)
        duplicates = drop_exact_duplicates(good, skip_duplicates and not errors and not dry_run)
        if errors or dry_run:
            return ImportResult(table=table, rows=n_rows, errors=sorted(errors, key=lambda e: e[0]),
                                dry_run=dry_run, duplicates=duplicates)
        backup = self.backup()
        n = len(good)
        counts: dict[str, int] = {"inserted": 0, "updated": 0, "unchanged": 0}

        def write_progress(d: int) -> None:
            if progress is not None:
                progress(est + min(est, d * est // max(1, n)), total)

        with self._write():
            now = _now()
            items = [v for _, v in good]
            good.clear()
            if table == "prices":
                self._import_prices(items, counts, now, write_progress,
                                    newer_replaces=newer_replaces)
            else:
                self._import_records(table, items, counts, now, write_progress)
        if progress is not None:
            progress(total, total)
        return ImportResult(table=table, rows=n_rows, inserted=counts["inserted"],
                            updated=counts["updated"], unchanged=counts["unchanged"],
                            backup_path=backup, duplicates=duplicates,
                            skipped=n_rows - n)

    def _import_records(self, table: str, items: list[RowValues], counts: dict[str, int],
                        now: str, progress: Callable[[int], None]) -> None:
        conn = self.db.conn
        cols = GPU_COLUMNS if table == "gpus" else MODEL_COLUMNS
        cur = conn.execute(f"SELECT * FROM {table}")
        names = [d[0] for d in cur.description]
        existing = {r[0]: dict(zip(names, r, strict=True)) for r in cur.fetchall()}
        for i, values in enumerate(items, start=1):
            assert isinstance(values, dict), "validate_rows gives gpus/models rows as dicts"
            old = existing.get(values["id"])
            if old is None:
                self._upsert_row(table, cols, values, origin="user", user_modified=1, now=now)
                counts["inserted"] += 1
            elif not old["deleted"] and all(_same(old.get(c), values.get(c)) for c in cols):
                counts["unchanged"] += 1
            else:
                self._upsert_row(table, cols, values, origin=old["origin"], user_modified=1,
                                 now=now)
                counts["updated"] += 1
            if i % 1000 == 0:
                progress(i)

    def _import_prices(self, items: list[Any], counts: dict[str, int], now: str,
                       progress: Callable[[int], None], *, newer_replaces: bool = False) -> None:
        """Match and write validated price tuples (``PRICE_COLUMNS`` order)."""
        conn = self.db.conn
        cols = ", ".join(PRICE_COLUMNS)
        pool = StringPool(max_entries=50_000)

        def natural_key(t: tuple[Any, ...]) -> tuple[str, ...]:
            return tuple(map(pool, price_natural_key(dict(zip(PRICE_COLUMNS, t, strict=True)))))

        # current rows: key → row ids only (values are fetched for matched rows below), so
        # a big catalog costs little memory here
        by_key: dict[tuple[str, ...], list[int]] = defaultdict(list)
        for r in conn.execute(f"SELECT id, {cols} FROM prices WHERE deleted = 0 ORDER BY id"):
            by_key[natural_key(r[1:])].append(r[0])
        loose: dict[tuple[str, ...], list[int]] = defaultdict(list)
        for key, rids in by_key.items():
            loose[_loose_key(key)].extend(rids)
        by_key_observed = by_key if newer_replaces else {}
        for rids in loose.values():
            rids.sort()
        used: dict[tuple[str, ...], int] = defaultdict(int)
        claimed: set[int] = set()
        matched: list[int | None] = []
        for values in items:  # step 1: the full natural key (observed included)
            key = natural_key(values)
            k = used[key]
            used[key] = k + 1
            matches = by_key.get(key, [])
            rid = matches[k] if k < len(matches) else None
            if rid is not None:
                claimed.add(rid)
            matched.append(rid)
        if not newer_replaces:
            del by_key
        loose_used: dict[tuple[str, ...], int] = defaultdict(int)
        for i, values in enumerate(items):  # step 2: no date → match without observed
            if matched[i] is not None or values[_OBSERVED]:
                continue
            lk = _loose_key(natural_key(values))
            free = loose.get(lk, [])
            j = loose_used[lk]
            while j < len(free) and free[j] in claimed:
                j += 1
            if j < len(free):
                matched[i] = free[j]
                claimed.add(free[j])
                j += 1
            loose_used[lk] = j
        if newer_replaces:  # step 3: a newer observation of the same offer
            observed = {rid: key[4] for key, rids in by_key_observed.items() for rid in rids}
            for i, values in enumerate(items):
                if matched[i] is not None or not values[_OBSERVED]:
                    continue
                new_date = _observed_date(values[_OBSERVED])
                cands = [(_observed_date(observed.get(rid, "")), rid)
                         for rid in loose.get(_loose_key(natural_key(values)), [])
                         if rid not in claimed]
                cands = [(d, rid) for d, rid in cands if d <= new_date]
                if cands:
                    rid = max(cands)[1]
                    matched[i] = rid
                    claimed.add(rid)
        del loose, claimed, used, loose_used
        inserts: list[tuple[Any, str | None]] = []
        updates: list[tuple[int, Any]] = []
        pairs: list[tuple[int, int]] = []
        for i, rid in enumerate(matched):
            if rid is None:
                inserts.append((items[i], None))
            else:
                pairs.append((i, rid))
        for s in range(0, len(pairs), 500):  # compare matched rows with their stored values
            part = pairs[s:s + 500]
            old = {r[0]: r[1:] for r in conn.execute(
                f"SELECT id, {cols} FROM prices WHERE id IN ({', '.join('?' * len(part))})",
                [rid for _, rid in part])}
            for i, rid in part:
                if all(_same(a, b) for a, b in zip(old[rid], items[i], strict=True)):
                    counts["unchanged"] += 1
                else:
                    updates.append((rid, items[i]))
        chunk = 5000
        done = counts["unchanged"]
        for s in range(0, len(updates), chunk):
            upd = updates[s:s + chunk]
            self._update_price_rows(upd, user_modified=1, now=now)
            done += len(upd)
            progress(done)
        for s in range(0, len(inserts), chunk):
            ins = inserts[s:s + chunk]
            self._insert_price_rows(ins, origin="user", user_modified=1, now=now)
            done += len(ins)
            progress(done)
        counts["updated"] = len(updates)
        counts["inserted"] = len(inserts)

    # ---- backups -------------------------------------------------------------------------
    def list_backups(self) -> list[Path]:
        """Backups of this catalog, oldest first."""
        return list_backups(self.path)

    def backup(self, *, protect: Path | None = None) -> Path:
        """Copy the catalog with SQLite's online backup API; keep the newest 10 backups.

        Works on a read-only catalog too (it only reads it), as long as the backups
        folder can be written.

        Args:
            protect: a backup the rotation must not delete (the one being restored).

        Returns:
            The new backup file (``<backups>/<catalog stem>-<UTC timestamp>.sqlite``).

        Raises:
            CatalogUnavailableError: when the backup cannot be written.
        """
        folder = backups_dir()
        dest = folder / f"{self.path.stem}-{_stamp()}.sqlite"
        tmp = dest.with_name(dest.name + ".tmp")
        try:
            with self._lock:
                target = sqlite3.connect(str(tmp))
                try:
                    self.db.conn.backup(target)
                finally:
                    target.close()
            tmp.replace(dest)
        except (OSError, sqlite3.Error) as exc:
            with contextlib.suppress(OSError):
                tmp.unlink()
            raise CatalogUnavailableError(
                folder, f"{getattr(exc, 'strerror', None) or exc}", what="write a backup to"
            ) from exc
        keep = {protect.resolve()} if protect is not None else set()
        for old in self.list_backups()[:-BACKUPS_KEPT]:
            if old.resolve() not in keep:
                with contextlib.suppress(OSError):
                    old.unlink()
        return dest

    def has_user_changes(self) -> bool:
        """True when any GPU, model or price row was added, changed or deleted by the user."""
        return any(self._query(f"SELECT 1 FROM {t} WHERE origin = 'user' OR user_modified = 1 "
                               "LIMIT 1") for t in ("gpus", "models", "prices"))

    def restore_backup(self, backup_path: str | os.PathLike[str]) -> Path | None:
        """Replace the catalog's content with a backup; the current state is backed up first.

        The pre-restore backup is skipped when the catalog holds no user changes (a
        fresh catalog after ``recover``), so it cannot push an older backup out of
        the rotation; the backup being restored is never rotated out.

        Returns:
            The backup of the state before the restore (None when skipped).

        Raises:
            CatalogCorruptError: when ``backup_path`` is not an intact catalog backup.
            CatalogReadOnlyError: the catalog is read-only.
        """
        self._refuse_if_read_only("restore a backup")
        src_path = Path(backup_path)
        src = _open_backup(src_path)
        try:
            before = self.backup(protect=src_path) if self.has_user_changes() else None
            with self._lock:
                src.backup(self.db.conn)
        except sqlite3.DatabaseError as exc:
            raise CatalogCorruptError(src_path, str(exc)) from exc
        finally:
            src.close()
        with self._write():
            apply_migrations(self.db)
            self._merge_bundle()
        return before


def backups_dir() -> Path:
    """Folder of the rotating backups (``<user data dir>/backups``), created on demand.

    Raises:
        CatalogUnavailableError: when the folder cannot be created.
    """
    try:
        d = paths.user_data_dir() / "backups"
        d.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        where = exc.filename or "the user data folder"
        raise CatalogUnavailableError(Path(str(where)), f"{exc.strerror or exc}",
                                      what="write a backup to") from exc
    return d


def list_backups(path: str | os.PathLike[str] | None = None) -> list[Path]:
    """Backups of the catalog at ``path`` (default catalog if None), oldest first.

    Does not open the catalog, so it works when the catalog is damaged. Empty when
    there is no backups folder (or it cannot be created).
    """
    stem = resolve_catalog_path(path).stem
    try:
        folder = backups_dir()
    except CatalogUnavailableError:
        return []
    return sorted(folder.glob(f"{stem}-*.sqlite"))


def find_backup(name: str | os.PathLike[str],
                path: str | os.PathLike[str] | None = None) -> Path:
    """A backup by file path, or by the name :func:`list_backups` shows (``.sqlite`` optional).

    Raises:
        FileNotFoundError: when there is no such file or backup.
    """
    p = Path(name)
    if p.is_file():
        return p
    for b in reversed(list_backups(path)):
        if b.name in (str(name), f"{name}.sqlite"):
            return b
    raise FileNotFoundError(f"no backup {str(name)!r}: give a file path or a name listed by "
                            "'gpupicker catalog backups'")


def _open_backup(src_path: Path) -> sqlite3.Connection:
    """Open a backup read-only after checking it is an intact catalog (caller closes it).

    Raises:
        CatalogCorruptError: not SQLite, damaged, or not a gpupicker catalog.
    """
    if not src_path.is_file():
        raise CatalogCorruptError(src_path, "no such file")
    check_sqlite_file(src_path)
    src = sqlite3.connect(_file_uri(src_path, mode="ro"), uri=True)
    try:
        check = src.execute("PRAGMA quick_check").fetchone()
        if not check or check[0] != "ok":
            raise CatalogCorruptError(src_path, str(check[0] if check else "no result"))
        names = {r[0] for r in src.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if not {"gpus", "models", "prices"} <= names:
            raise CatalogCorruptError(src_path, "not a gpupicker catalog backup")
    except sqlite3.DatabaseError as exc:
        src.close()
        raise CatalogCorruptError(src_path, str(exc)) from exc
    except CatalogCorruptError:
        src.close()
        raise
    return src


@dataclass(frozen=True)
class RestoreResult:
    """What :func:`restore_backup` did.

    Attributes:
        catalog: the catalog file now holding the backup's content.
        restored_from: the backup file.
        previous_backup: backup of the catalog's state before the restore (None when
            the catalog had no user changes or was damaged).
        moved_aside: where a damaged catalog was moved (None when it was intact).
    """

    catalog: Path
    restored_from: Path
    previous_backup: Path | None = None
    moved_aside: Path | None = None


def restore_backup(backup: str | os.PathLike[str], path: str | os.PathLike[str] | None = None,
                   data_dir: Path | None = None) -> RestoreResult:
    """Restore a backup into the catalog at ``path``, intact or damaged.

    ``backup`` is a file path or a name from :func:`list_backups`. It is checked
    first (intact SQLite, a gpupicker catalog). An intact catalog is backed up and
    then overwritten (:meth:`CatalogRepository.restore_backup`); a damaged one is
    moved aside as by :func:`recover_corrupt` (never deleted) and replaced.

    Raises:
        FileNotFoundError: unknown backup. CatalogCorruptError: the backup is damaged.
        CatalogReadOnlyError / CatalogUnavailableError: the catalog cannot be written.
    """
    src = find_backup(backup, path)
    _open_backup(src).close()
    target = resolve_catalog_path(path)
    try:
        repo = CatalogRepository(target, data_dir=data_dir)
    except CatalogCorruptError:
        moved = _move_aside(target)
        conn = _open_backup(src)
        try:
            dest = sqlite3.connect(str(target))
            try:
                conn.backup(dest)
            finally:
                dest.close()
        finally:
            conn.close()
        CatalogRepository(target, data_dir=data_dir).close()  # migrate + merge the bundle
        return RestoreResult(catalog=target, restored_from=src, moved_aside=moved)
    with repo:
        before = repo.restore_backup(src)
    return RestoreResult(catalog=target, restored_from=src, previous_backup=before)


@contextlib.contextmanager
def _gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector (bulk loads create no reference cycles)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _normalized(values: dict[str, Any], build: Callable[[dict[str, Any]], Any]) -> Any:
    """The stored row as its record's field values (raw values when it no longer validates,
    so a partial update can still repair an old invalid row)."""
    try:
        return SimpleNamespace(**build(values).model_dump())
    except ValueError:
        return SimpleNamespace(**values)


def _user_kind(offer: PriceOffer) -> PriceOffer:
    """A row the user added or changed is their own price (``price_kind`` ``user``), except
    rows a tracker import wrote (provider list prices; see core.price_kind)."""
    return offer.model_copy(update={"price_kind": "user"}) if is_user_kind(offer) else offer


def _is_user(row: dict[str, Any]) -> bool:
    return bool(row["user_modified"] or row["origin"] == "user")


def _catalog_model(row: dict[str, Any]) -> CatalogModel:
    return CatalogModel.from_record(ModelRecord.model_validate(row), is_user=_is_user(row))


def _valid(table: str, rows: list[dict[str, Any]],
           build: Callable[[dict[str, Any]], Any]) -> list[tuple[dict[str, Any], Any]]:
    """``(row, record)`` for the rows ``build`` accepts; the others are logged and skipped."""
    out = []
    for r in rows:
        try:
            out.append((r, build(r)))
        except ValueError as exc:  # pydantic.ValidationError is a ValueError
            _log.warning("catalog %s row %s skipped: %s", table, r.get("id"),
                         validation_message(exc))
    return out


def _observed_date(text: str) -> Any:
    """First day ``observed`` can mean (date.min for blank/unknown/unparseable)."""
    from datetime import date

    from .records import observed_start
    try:
        return observed_start(text or "") or date.min
    except ValueError:
        return date.min


def _loose_key(key: tuple[str, ...]) -> tuple[str, ...]:
    """A price natural key without ``observed`` (index 4)."""
    return key[:4] + key[5:]


def _check_change_columns(table: str, cols: tuple[str, ...], changes: dict[str, Any],
                          frozen: tuple[str, ...] = ()) -> None:
    unknown = [c for c in changes if c not in cols]
    if unknown:
        raise ValueError(f"unknown column(s) for {table}: {', '.join(unknown)}")
    fixed = [c for c in changes if c in frozen]
    if fixed:
        raise ValueError(f"{', '.join(fixed)} cannot be changed (add a new row instead)")


def _raise_on_conflict(table: str, key: Any, changes: dict[str, Any], expected: Any,
                       stored: Any) -> None:
    """CatalogConflictError for the first changed column whose stored value moved on."""
    for col in changes:
        seen, now = getattr(expected, col, None), getattr(stored, col, None)
        if not _same(seen, now):
            raise CatalogConflictError(table, key, col, now, seen)


def _same(a: Any, b: Any) -> bool:
    """Equality for stored vs new cell values (1 == True, 2.0 == 2, None == None)."""
    if a is None or b is None:
        return a is None and b is None
    if isinstance(a, int | float) and isinstance(b, int | float):
        return float(a) == float(b)
    return bool(a == b)
