"""The local catalog: GPUs, models and prices in a SQLite file (sqlite-utils). No Qt.

>>> from gpupicker.catalog import open_catalog
>>> repo = open_catalog()            # creates and seeds the file on first run
>>> repo.get_gpu("rtx_4090").memory_gb
24.0
"""

from __future__ import annotations

from .backups import RestoreResult, find_backup, list_backups
from .bundle import Bundle, load_bundle
from .catalog_file import check_sqlite_file, is_read_only_error
from .csv_io import ImportResult
from .errors import (
    CatalogConflictError,
    CatalogCorruptError,
    CatalogError,
    CatalogForeignError,
    CatalogInUseError,
    CatalogNewerError,
    CatalogReadOnlyError,
    CatalogSettingError,
    CatalogUnavailableError,
    FxRateInvertedError,
)
from .model_arch_map import model_arch_from_record
from .records import COLUMNS, CatalogModel, ModelRecord
from .repository import CatalogRepository, open_catalog, recover_corrupt, restore_backup

__all__ = [
    "COLUMNS",
    "Bundle",
    "CatalogConflictError",
    "CatalogSettingError",
    "FxRateInvertedError",
    "CatalogCorruptError",
    "CatalogError",
    "CatalogForeignError",
    "CatalogInUseError",
    "CatalogNewerError",
    "CatalogModel",
    "CatalogReadOnlyError",
    "CatalogRepository",
    "CatalogUnavailableError",
    "ImportResult",
    "ModelRecord",
    "RestoreResult",
    "check_sqlite_file",
    "find_backup",
    "is_read_only_error",
    "list_backups",
    "load_bundle",
    "model_arch_from_record",
    "open_catalog",
    "recover_corrupt",
    "restore_backup",
]
