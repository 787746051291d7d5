"""The catalog repository: a SQLite file (sqlite-utils) that returns and takes core models.

:class:`CatalogRepository` is composed of one part per job, each in its module:

- :mod:`.connection`: the file checks, the read-only fallback, transactions;
- :mod:`.seeding`: merging the bundled catalog, resetting rows to it;
- this module: GPUs and models (reads, edits, deletes) and opening/recovering a catalog;
- :mod:`.prices`: price rows and their history; :mod:`.settings`: settings and exchange
  rates; :mod:`.user_tables`: owned GPUs and calibration runs;
- :mod:`.importing`: CSV import/export; :mod:`.trackers`: the tracker formats; :mod:`.backups`: backups.

Safety rules (details in each module):

- A damaged file raises :class:`CatalogCorruptError`: :func:`recover_corrupt` moves it aside;
  :func:`restore_backup` brings a backup back. An unwritable one opens read-only.
- Edits from an editor go through ``update_*_fields(key, changes, expected)``: only
  the changed columns are written, inside one transaction, and a column someone
  else changed since the editor read it raises :class:`CatalogConflictError`.
- Every write path (add, update, import) rejects non-finite or absurd figures,
  unparseable ``observed`` dates and unknown currencies (``record_checks.check_*``).
- Imports are all-or-nothing and take a backup first; backups rotate (last 10).

Prices: ``price_per_gpu_hour`` holds an amount in the row's ``currency`` (named
``usd_per_gpu_hour`` before migration m006; CSV imports accept that header too);
:meth:`CatalogRepository.get_fx_quotes` gives the rates as quoted (units per USD, dated),
:meth:`CatalogRepository.get_fx_rates` USD per unit for converting prices.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from ..core.hardware.specs import GpuSpec, PriceOffer
from ..core.model_arch import ModelArch
from .backups import RestoreResult, find_backup, open_backup
from .catalog_file import looks_like_catalog, move_aside, resolve_catalog_path, utc_now
from .csv_io import validation_message
from .errors import (
    CatalogCorruptError,
    CatalogInUseError,
    CatalogUnavailableError,
    missing_row,
)
from .importing import CsvImportMixin
from .model_arch_map import model_arch_from_record
from .record_checks import check_gpu, check_model
from .records import GPU_COLUMNS, MODEL_COLUMNS, CatalogModel, ModelRecord
from .rows import (
    catalog_model_of_row,
    check_change_columns,
    normalized_record,
    raise_on_conflict,
    row_is_user,
    same_value,
    upsert_row,
    valid_records,
)
from .seeding import SeedingMixin
from .user_tables import UserTablesMixin

_Record = TypeVar("_Record", GpuSpec, ModelRecord)
"""A catalog row's record type (:meth:`CatalogRepository._update_record_fields`)."""


def open_catalog(
    path: str | os.PathLike[str] | None = None, data_dir: Path | None = None, *, read_only: bool = False
) -> CatalogRepository:
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
    repo = CatalogRepository(resolve_catalog_path(path), data_dir=data_dir, read_only=read_only)
    if not repo.read_only:
        from .backups import clean_stale_temps

        # a backup's temp file left by a killed process, in the backups folder beside it
        clean_stale_temps(repo.path.stem, folder=repo.path.parent / "backups")
    return repo


def recover_corrupt(path: str | os.PathLike[str] | None = None, data_dir: Path | None = None) -> Path:
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
    if src.exists() and not looks_like_catalog(src):
        raise CatalogUnavailableError(
            src,
            "it is not a SQLite file and not named like a catalog "
            "(.sqlite, .db), so it is not gpupicker's; nothing was moved",
        )
    dest = move_aside(src)
    CatalogRepository(src, data_dir=data_dir).close()
    return dest


def restore_backup(
    backup: str | os.PathLike[str], path: str | os.PathLike[str] | None = None, data_dir: Path | None = None
) -> RestoreResult:
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
    open_backup(src).close()
    target = resolve_catalog_path(path)
    try:
        repo = CatalogRepository(target, data_dir=data_dir)
    except CatalogCorruptError:
        moved = move_aside(target)
        conn = open_backup(src)
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


class CatalogRepository(CsvImportMixin, SeedingMixin, UserTablesMixin):
    """Read and edit the catalog; every method returns or takes core/catalog records.

    Thread-safe (one lock per repository); several processes may open the same file.
    Use :func:`open_catalog` rather than the constructor (``CatalogRepository(path,
    data_dir, read_only=...)``: see :class:`~gpupicker.catalog.connection.CatalogConnection`).
    """

    # ---- GPUs ----------------------------------------------------------------------------
    def gpus(self) -> list[GpuSpec]:
        """All GPUs (catalog order: bundled first, then the user's)."""
        return [g for g, _ in self.gpu_rows()]

    def gpu_rows(self) -> list[tuple[GpuSpec, bool]]:
        """``(GpuSpec, is_user)`` per GPU; ``is_user`` = added or changed by the user."""
        rows = self._query("SELECT * FROM gpus WHERE deleted = 0 ORDER BY rowid")
        return [(g, row_is_user(r)) for r, g in valid_records("gpus", rows, GpuSpec.model_validate)]

    def get_gpu(self, gpu_id: str) -> GpuSpec | None:
        """The GPU with catalog id ``gpu_id`` (e.g. ``"rtx_4090"``), or None."""
        rows = self._query("SELECT * FROM gpus WHERE id = ? AND deleted = 0", (gpu_id,))
        return next((g for _, g in valid_records("gpus", rows, GpuSpec.model_validate)), None)

    def upsert_gpu(self, gpu: GpuSpec) -> None:
        """Add or replace a GPU (by ``gpu.id``); the row is flagged as user-changed.

        Raises:
            pydantic.ValidationError: when ``gpu`` is not a valid GpuSpec.
        """
        gpu = check_gpu(GpuSpec.model_validate(gpu.model_dump()))
        self._upsert_record("gpus", GPU_COLUMNS, gpu.model_dump())

    def update_gpu_fields(
        self, gpu_id: str, changes: dict[str, Any], expected: GpuSpec | None = None
    ) -> GpuSpec:
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
        return self._update_record_fields(
            "gpus", GPU_COLUMNS, gpu_id, changes, expected, lambda v: check_gpu(GpuSpec.model_validate(v))
        )

    def _update_record_fields(
        self,
        table: str,
        cols: tuple[str, ...],
        key: str,
        changes: dict[str, Any],
        expected: Any,
        build: Callable[[dict[str, Any]], _Record],
    ) -> _Record:
        check_change_columns(table, cols, changes, frozen=("id",))
        with self._write() as conn:
            cur = conn.execute(f"SELECT * FROM {table} WHERE id = ? AND deleted = 0", (key,))
            row = cur.fetchone()
            if row is None:
                raise missing_row(table, key)
            stored_values = dict(zip([d[0] for d in cur.description], row, strict=True))
            stored = normalized_record({c: stored_values.get(c) for c in cols}, build)
            if expected is not None:
                raise_on_conflict(table, key, changes, expected, stored)
            merged = {**vars(stored), **changes}
            new = build(merged)
            if isinstance(new, ModelRecord):  # table "models": the architecture must build
                model_arch_from_record(new)
            values = new.model_dump()
            if all(same_value(stored_values.get(c), values.get(c)) for c in cols):
                return new
            upsert_row(
                self.db.conn,
                table,
                cols,
                values,
                origin=stored_values["origin"],
                user_modified=1,
                now=utc_now(),
            )
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
            if conn.execute("SELECT 1 FROM gpus WHERE id = ? AND deleted = 0", (gpu_id,)).fetchone() is None:
                raise missing_row("gpus", gpu_id)
            price_ids = [
                r[0]
                for r in conn.execute("SELECT id FROM prices WHERE gpu_id = ? AND deleted = 0", (gpu_id,))
            ]
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
                if not old["deleted"] and all(same_value(old.get(c), values.get(c)) for c in cols):
                    return
                origin = old["origin"]
            else:
                origin = "user"
            upsert_row(self.db.conn, table, cols, values, origin=origin, user_modified=1, now=utc_now())

    def _delete_record(self, table: str, key: str) -> None:
        """Delete (or hide) one gpus/models row; call inside ``_write``."""
        conn = self.db.conn
        row = conn.execute(f"SELECT origin FROM {table} WHERE id = ? AND deleted = 0", (key,)).fetchone()
        if row is None:
            raise missing_row(table, key)
        if row[0] == "bundled":
            conn.execute(
                f"UPDATE {table} SET deleted = 1, user_modified = 1, updated_at = ? WHERE id = ?",
                (utc_now(), key),
            )
        else:
            conn.execute(f"DELETE FROM {table} WHERE id = ?", (key,))

    # ---- models --------------------------------------------------------------------------
    def model_records(self) -> list[ModelRecord]:
        """All models as flat models.csv rows (for the editor)."""
        return [m for m, _ in self.model_rows()]

    def model_rows(self) -> list[tuple[ModelRecord, bool]]:
        """``(ModelRecord, is_user)`` per model; ``is_user`` = added or changed by the user."""
        rows = self._query("SELECT * FROM models WHERE deleted = 0 ORDER BY rowid")
        return [(m, row_is_user(r)) for r, m in valid_records("models", rows, ModelRecord.model_validate)]

    def models(self) -> list[CatalogModel]:
        """All models with their resolved architecture (catalog order)."""
        rows = self._query("SELECT * FROM models WHERE deleted = 0 ORDER BY rowid")
        return [m for _, m in valid_records("models", rows, catalog_model_of_row)]

    def get_catalog_model(self, model_id: str) -> CatalogModel | None:
        """The catalog model ``model_id`` (e.g. ``"mistral_7b_v0_1"``), or None."""
        rows = self._query("SELECT * FROM models WHERE id = ? AND deleted = 0", (model_id,))
        return next((m for _, m in valid_records("models", rows, catalog_model_of_row)), None)

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
        model_arch_from_record(record)
        self._upsert_record("models", MODEL_COLUMNS, record.model_dump())

    def update_model_fields(
        self, model_id: str, changes: dict[str, Any], expected: ModelRecord | None = None
    ) -> ModelRecord:
        """Change some columns of model ``model_id`` (see :meth:`update_gpu_fields`).

        Returns:
            The model row as now stored.

        Raises:
            KeyError: no such model. CatalogConflictError: a changed column was changed
            elsewhere meanwhile. ValueError: unknown column, invalid value or architecture.
            CatalogReadOnlyError: the catalog is read-only.
        """
        return self._update_record_fields(
            "models",
            MODEL_COLUMNS,
            model_id,
            changes,
            expected,
            lambda v: check_model(ModelRecord.model_validate(v)),
        )

    def delete_model(self, model_id: str) -> None:
        """Delete a model (bundled ones are hidden; ``reset_row`` restores them).

        Raises:
            KeyError: when there is no such model.
        """
        with self._write():
            self._delete_record("models", model_id)

    def invalid_rows(self) -> list[tuple[str, Any, str]]:
        """Stored rows the readers skip because they fail today's validation.

        A catalog written by an older version may hold values now refused (an ``inf``
        price, say). Listing methods leave such rows out (and log a warning) instead of
        failing; this names them so the user can fix or delete them.

        Returns:
            ``(table, key, reason)`` per invalid row.
        """
        out: list[tuple[str, Any, str]] = []
        for table, build in (
            ("gpus", GpuSpec.model_validate),
            ("models", catalog_model_of_row),
            ("prices", PriceOffer.model_validate),
        ):
            for r in self._query(f"SELECT * FROM {table} WHERE deleted = 0 ORDER BY rowid"):
                try:
                    build(r)
                except ValueError as exc:
                    out.append((table, r["id"], validation_message(exc)))
        return out
