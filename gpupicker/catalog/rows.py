"""Stored-row helpers the repository's parts share. No Qt.

Cell comparison, row validation on read,
conflict checks for field edits and the bookkeeping upsert. No Qt.

A row's bookkeeping columns (``origin``, ``user_modified``, ``deleted``, ``updated_at``) are
described in :mod:`.migrations`.
"""

from __future__ import annotations

import logging
import operator
import sqlite3
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

from ..core.messages import msg
from .csv_io import validation_message
from .errors import CatalogConflictError
from .model_arch_map import catalog_model_from_record
from .records import PRICE_COLUMNS, CatalogModel, ModelRecord

_log = logging.getLogger("gpupicker.catalog.repository")  # the name the log always had
_PRICE_GETTER = operator.itemgetter(*PRICE_COLUMNS)


def price_tuple(values: Any) -> tuple[Any, ...]:
    """Price cells in ``PRICE_COLUMNS`` order from a dict or an already ordered tuple."""
    return values if isinstance(values, tuple) else _PRICE_GETTER(values)


def upsert_row(
    conn: sqlite3.Connection,
    table: str,
    cols: tuple[str, ...],
    values: dict[str, Any],
    *,
    origin: str,
    user_modified: int,
    now: str,
) -> None:
    """Insert or replace row ``values["id"]`` of ``gpus``/``models`` with its bookkeeping.

    ``origin`` is kept on conflict (a bundled row stays bundled); ``deleted`` becomes 0.
    Call inside a write transaction.
    """
    names = [*cols, "origin", "user_modified", "deleted", "updated_at"]
    sql = (
        f"INSERT INTO {table} ({', '.join(names)}) VALUES ({', '.join('?' * len(names))}) "
        "ON CONFLICT(id) DO UPDATE SET " + ", ".join(f"{n} = excluded.{n}" for n in names if n != "origin")
    )
    conn.execute(sql, [values.get(c) for c in cols] + [origin, user_modified, 0, now])


def normalized_record(values: dict[str, Any], build: Callable[[dict[str, Any]], Any]) -> Any:
    """The stored row as its record's field values.

    Raw values when it no longer validates,
    so a partial update can still repair an old invalid row.
    """
    try:
        return SimpleNamespace(**build(values).model_dump())
    except ValueError:
        return SimpleNamespace(**values)


def row_is_user(row: dict[str, Any]) -> bool:
    """True for a stored row the user added (``origin`` user) or changed (``user_modified``)."""
    return bool(row["user_modified"] or row["origin"] == "user")


def catalog_model_of_row(row: dict[str, Any]) -> CatalogModel:
    """A ``models`` row as :class:`CatalogModel`.

    Raises:
        ValueError: when the row does not describe a valid architecture.
    """
    return catalog_model_from_record(ModelRecord.model_validate(row), is_user=row_is_user(row))


def valid_records(
    table: str, rows: list[dict[str, Any]], build: Callable[[dict[str, Any]], Any]
) -> list[tuple[dict[str, Any], Any]]:
    """``(row, record)`` for the rows ``build`` accepts; the others are logged and skipped."""
    out = []
    for r in rows:
        try:
            out.append((r, build(r)))
        except ValueError as exc:  # pydantic.ValidationError is a ValueError
            _log.warning("catalog %s row %s skipped: %s", table, r.get("id"), validation_message(exc))
    return out


def check_change_columns(
    table: str, cols: tuple[str, ...], changes: dict[str, Any], frozen: tuple[str, ...] = ()
) -> None:
    """Refuse a field edit that names a column ``table`` lacks or one of ``frozen``.

    Raises:
        ValueError: naming the unknown or frozen column(s).
    """
    unknown = [c for c in changes if c not in cols]
    if unknown:
        raise ValueError(msg("catalog.columns.unknown", table=table, columns=", ".join(unknown)))
    fixed = [c for c in changes if c in frozen]
    if fixed:
        raise ValueError(msg("catalog.columns.frozen", columns=", ".join(fixed)))


def raise_on_conflict(table: str, key: Any, changes: dict[str, Any], expected: Any, stored: Any) -> None:
    """CatalogConflictError for the first changed column whose stored value moved on.

    Raises:
        CatalogConflictError: naming the column, its stored value and the one the caller saw.
    """
    for col in changes:
        seen, now = getattr(expected, col, None), getattr(stored, col, None)
        if not same_value(seen, now):
            raise CatalogConflictError(table, key, col, now, seen)


def same_value(a: Any, b: Any) -> bool:
    """Equality for stored vs new cell values (1 == True, 2.0 == 2, None == None)."""
    if a is None or b is None:
        return a is None and b is None
    if isinstance(a, int | float) and isinstance(b, int | float):
        return float(a) == float(b)
    return bool(a == b)
