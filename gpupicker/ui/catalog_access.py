"""Opening the user's catalog for the UI (a thin layer over ``gpupicker.catalog``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .. import paths


def corrupt_error_types() -> tuple[type[BaseException], ...]:
    """Exception types that mean "the catalog file is damaged"."""
    from ..catalog import CatalogCorruptError

    return (CatalogCorruptError,)


def open_repository(path: str | Path | None) -> Any:
    """Open (creating and seeding on first run) the catalog at ``path`` or the default place.

    Raises:
        gpupicker.catalog.CatalogCorruptError: when the file is damaged.
    """
    from ..catalog import open_catalog

    return open_catalog(path)


def recover_repository(path: str | Path | None) -> Any:
    """Move a damaged catalog aside (never deleted), recreate it from the defaults, open it."""
    from ..catalog import open_catalog, recover_corrupt

    recover_corrupt(paths.catalog_path(path))
    return open_catalog(path)


def is_read_only(repo: Any) -> bool:
    """True when edits cannot be saved (a repository without write methods)."""
    return not hasattr(repo, "update_price")
