"""Catalog backups: online copies beside the catalog, rotated, listed and restored.

SQLite online-backup copies in a ``backups`` folder beside the catalog
(``<user data dir>/backups`` for the default one, ``<folder of PATH>/backups`` for
``--catalog PATH``), rotated (the newest :data:`BACKUPS_KEPT` stay), listed and restored.
No Qt.

Imports and resets take a backup first. Restoring into a damaged catalog (which cannot be
opened) is :func:`gpupicker.catalog.repository.restore_backup`.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from .. import paths
from ..core.messages import Message, msg, verbatim
from ..core.text.safe_write import NotARegularFileError, os_reason_message, replace_into
from .catalog_file import check_sqlite_file, file_uri, is_disk_full, resolve_catalog_path, utc_stamp
from .connection import CatalogConnection
from .errors import CatalogCorruptError, CatalogDiskFullError, CatalogUnavailableError
from .migrations import apply_migrations

BACKUPS_KEPT = 10
"""Backups kept per catalog; older ones are deleted when a new one is written."""
STALE_TEMP_S = 3600.0
"""A backup's ``.tmp`` file untouched this long (seconds) is left over from a process that
was killed while writing it; a backup in progress writes its file continuously (tens of MB
take seconds), so it is never this old."""


def clean_stale_temps(stem: str, now: float | None = None, folder: Path | None = None) -> list[Path]:
    """Delete the temporary files a killed backup left behind.

    The ``<stem>-*.sqlite.tmp`` files in the backups folder (``folder``, default
    the default catalog's) that a killed ``backup`` left, untouched for
    :data:`STALE_TEMP_S`); they are never listed or rotated.

    Does not create the backups folder. Returns the files deleted.
    """
    folder = folder if folder is not None else paths.user_data_dir() / "backups"
    now = time.time() if now is None else now
    gone: list[Path] = []
    try:
        temps = list(folder.glob(f"{stem}-*.sqlite.tmp"))
    except OSError:
        return gone
    for tmp in temps:
        try:
            if tmp.is_file() and now - tmp.stat().st_mtime > STALE_TEMP_S:
                tmp.unlink()
                gone.append(tmp)
        except OSError:
            continue
    return gone


class BackupsMixin(CatalogConnection):
    """Back up this catalog and restore a backup into it."""

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
            The new backup file (``<backups>/<catalog stem>-<UTC timestamp>.sqlite``,
            :func:`backups_dir` of this catalog).

        Raises:
            CatalogDiskFullError: the disk is full (the catalog is unchanged).
            CatalogUnavailableError: when the backup cannot be written.
        """
        folder = backups_dir(self.path)
        clean_stale_temps(self.path.stem, folder=folder)
        dest = folder / f"{self.path.stem}-{utc_stamp()}.sqlite"
        tmp = dest.with_name(dest.name + ".tmp")
        try:
            with self._lock:
                target = sqlite3.connect(str(tmp))
                try:
                    self.db.conn.backup(target)
                finally:
                    target.close()
            # a backup path that is a FIFO or device is refused (its NotARegularFileError
            # becomes the CatalogUnavailableError below), never replaced
            dest = replace_into(tmp, dest)
        except (OSError, sqlite3.Error) as exc:
            with contextlib.suppress(OSError):
                tmp.unlink()
            if is_disk_full(exc):
                raise CatalogDiskFullError(folder, msg("catalog.action.write_backup")) from exc
            raise CatalogUnavailableError(
                folder, _reason(exc), what=msg("catalog.action.write_backup_to")
            ) from exc
        keep = {protect.resolve()} if protect is not None else set()
        for old in self.list_backups()[:-BACKUPS_KEPT]:
            if old.resolve() not in keep:
                with contextlib.suppress(OSError):
                    old.unlink()
        return dest

    def has_user_changes(self) -> bool:
        """True when any GPU, model or price row was added, changed or deleted by the user."""
        return any(
            self._query(f"SELECT 1 FROM {t} WHERE origin = 'user' OR user_modified = 1 LIMIT 1")
            for t in ("gpus", "models", "prices")
        )

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
        src = open_backup(src_path)
        try:
            before = self.backup(protect=src_path) if self.has_user_changes() else None
            with self._lock:
                src.backup(self.db.conn)
        except sqlite3.DatabaseError as exc:
            raise CatalogCorruptError(src_path, str(exc)) from exc
        finally:
            src.close()
        with self._write():
            apply_migrations(self.db.full)
            self._merge_bundle()
        return before


def _reason(exc: BaseException) -> Message:
    """Why a backup could not be written (a refusal's message, an OS reason, or SQLite's text).

    A refused path gives its own message, an OS error its reason
    (``safe_write.os_reason_message``), anything else (SQLite) its English text.
    """
    if isinstance(exc, NotARegularFileError):
        return exc.message
    if isinstance(exc, OSError):
        return os_reason_message(exc)
    return verbatim(str(exc))


def backups_dir(catalog: Path | None = None) -> Path:
    """Folder of the rotating backups of ``catalog``: ``backups`` beside it, created on demand.

    The default catalog (``catalog`` None, or the default path) keeps them in
    ``<user data dir>/backups``; a catalog opened with ``--catalog PATH`` (or
    ``GPUPICKER_CATALOG``) in ``<folder of PATH>/backups``, never among the default
    catalog's (whose rotation would delete them, and whose list restore reads).

    Raises:
        CatalogUnavailableError: when the folder cannot be created.
    """
    try:
        parent = catalog.parent if catalog is not None else paths.user_data_dir()
        d = parent / "backups"
        d.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        where = exc.filename or "the user data folder"
        raise CatalogUnavailableError(
            Path(str(where)), _reason(exc), what=msg("catalog.action.write_backup_to")
        ) from exc
    return d


def list_backups(path: str | os.PathLike[str] | None = None) -> list[Path]:
    """Backups of the catalog at ``path`` (default catalog if None), oldest first.

    Does not open the catalog, so it works when the catalog is damaged. Empty when
    there is no backups folder (or it cannot be created).
    """
    catalog = resolve_catalog_path(path)
    try:
        folder = backups_dir(catalog)
    except CatalogUnavailableError:
        return []
    return sorted(folder.glob(f"{catalog.stem}-*.sqlite"))


def find_backup(name: str | os.PathLike[str], path: str | os.PathLike[str] | None = None) -> Path:
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
    raise FileNotFoundError(msg("catalog.no_backup", name=str(name)))


def open_backup(src_path: Path) -> sqlite3.Connection:
    """Open a backup read-only after checking it is an intact catalog (caller closes it).

    Raises:
        CatalogCorruptError: not SQLite, damaged, or not a gpupicker catalog.
    """
    if not src_path.is_file():
        raise CatalogCorruptError(src_path, msg("file_error.not_found"))
    check_sqlite_file(src_path)
    src = sqlite3.connect(file_uri(src_path, mode="ro"), uri=True)
    try:
        check = src.execute("PRAGMA quick_check").fetchone()
        if not check or check[0] != "ok":
            raise CatalogCorruptError(src_path, str(check[0] if check else "no result"))
        names = {r[0] for r in src.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if not {"gpus", "models", "prices"} <= names:
            raise CatalogCorruptError(src_path, msg("catalog.not_a_backup"))
    except sqlite3.DatabaseError as exc:
        src.close()
        raise CatalogCorruptError(src_path, str(exc)) from exc
    except CatalogCorruptError:
        src.close()
        raise
    return src


@dataclass(frozen=True)
class RestoreResult:
    """What :func:`gpupicker.catalog.repository.restore_backup` did.

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
