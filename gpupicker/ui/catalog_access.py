"""Opening the user's catalog for the UI (a thin layer over ``gpupicker.catalog``)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from .. import paths
from .i18n.placeholders import tr_fmt

if TYPE_CHECKING:  # the catalog (sqlite-utils) is imported when it is first opened
    from ..catalog import CatalogRepository


def corrupt_error_types() -> tuple[type[BaseException], ...]:
    """Exception types that mean "the catalog file is damaged"."""
    from ..catalog import CatalogCorruptError

    return (CatalogCorruptError,)


def open_repository(path: str | Path | None) -> CatalogRepository:
    """Open (creating and seeding on first run) the catalog at ``path`` or the default place.

    Raises:
        gpupicker.catalog.CatalogCorruptError: when the file is damaged.
    """
    from ..catalog import open_catalog

    return open_catalog(path)


def recover_repository(path: str | Path | None) -> CatalogRepository:
    """Move a damaged catalog aside (never deleted), recreate it from the defaults, open it."""
    from ..catalog import open_catalog, recover_corrupt

    recover_corrupt(paths.catalog_path(path))
    return open_catalog(path)


def is_read_only(repo: CatalogRepository) -> bool:
    """True when edits cannot be saved (the catalog was opened read-only)."""
    return bool(repo.read_only)


def conflict_error_types() -> tuple[type[BaseException], ...]:
    """Exception types meaning "another program changed this row first"."""
    from ..catalog import CatalogConflictError

    return (CatalogConflictError,)


def read_only_error_types() -> tuple[type[BaseException], ...]:
    """Exception types meaning "the catalog cannot be written"."""
    from ..catalog import CatalogReadOnlyError

    return (sqlite3.OperationalError, PermissionError, CatalogReadOnlyError)


def is_read_only_error(exc: BaseException) -> bool:
    """True when ``exc`` means the catalog cannot be written at all (not e.g. "locked").

    The catalog's own classification (:func:`gpupicker.catalog.is_read_only_error`).
    """
    from ..catalog import is_read_only_error as catalog_read_only

    return catalog_read_only(exc)


def corrupt_or_unavailable_types() -> tuple[type[BaseException], ...]:
    """A damaged backup or an unwritable backups folder (restore / backup in the window)."""
    from ..catalog import CatalogCorruptError, CatalogUnavailableError

    return (CatalogCorruptError, CatalogUnavailableError) + read_only_error_types()


def write_error_types() -> tuple[type[BaseException], ...]:
    """Everything a catalog write may raise that the UI turns into a message."""
    return (
        conflict_error_types()
        + read_only_error_types()
        + (sqlite3.DatabaseError, OSError, ValueError, KeyError)
    )


def write_error_message(exc: BaseException) -> str:
    """A one-line explanation of a failed catalog write."""
    from ..core.text.safe_write import file_error_message
    from .i18n.core_messages import tr_message

    translate = QCoreApplication.translate
    text = tr_message(file_error_message(exc))  # catalog.* ids; an OSError's path and reason
    if isinstance(exc, read_only_error_types()) or is_read_only_error(exc):
        return tr_fmt(
            translate(
                "Catalog",
                "Not saved — the catalog file cannot be written (read-only file "
                "or folder, or the disk is full): %1",
            ),
            text,
        )
    return tr_fmt(translate("Catalog", "Not saved — %1"), text)
