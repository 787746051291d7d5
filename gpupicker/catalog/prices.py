"""Price rows and their history in the catalog. No Qt.

Reads, edits, and the row writes that seeding
and importing share. No Qt.

Amounts are per GPU-hour in each row's ``currency``. A row's history holds every version
(the latest equals the current row); a row never changed has none and is its own only
version (:meth:`PricesMixin.price_history`).
"""

from __future__ import annotations

from typing import Any

from ..core.hardware.specs import PriceOffer
from ..core.messages import msg
from ..core.pricing.price_kind import is_user_source
from .catalog_file import utc_now
from .record_checks import check_price
from .records import PRICE_COLUMNS
from .rows import (
    check_change_columns,
    normalized_record,
    price_tuple,
    raise_on_conflict,
    row_is_user,
    same_value,
    valid_records,
)
from .settings import SettingsMixin

LARGE_CATALOG_PRICES = 100_000
"""Current prices above which an import says what they cost: the snapshot every ranking reads
takes ~1 s per 100,000 prices (20,285 in 206 ms here); a 500,000-row import made each CLI
ranking take 17–19 s without a word."""


class PricesMixin(SettingsMixin):
    """The ``prices`` and ``price_history`` tables (and the known-GPU check of every write)."""

    def prices(self) -> list[PriceOffer]:
        """Current price offers, amounts per GPU-hour in each row's ``currency``.

        Rows the
        user added or changed carry ``price_kind`` ``user`` (core.price_kind).
        """
        rows = self._query("SELECT * FROM prices WHERE deleted = 0 ORDER BY id")
        return [p for _, p in valid_records("prices", rows, _offer_of_row)]

    def price_count(self) -> int:
        """How many current prices the catalog holds (without reading them)."""
        return int(self._query("SELECT COUNT(*) AS n FROM prices WHERE deleted = 0")[0]["n"])

    def price_rows(self) -> list[tuple[int, PriceOffer, bool]]:
        """``(row_id, PriceOffer, is_user)`` for every current price, by row id.

        Each offer
        carries the kind the ranking gives it (``price_kind`` ``user`` as :meth:`prices`).
        """
        rows = self._query("SELECT * FROM prices WHERE deleted = 0 ORDER BY id")
        return [(r["id"], p, row_is_user(r)) for r, p in valid_records("prices", rows, _offer_of_row)]

    def get_price(self, row_id: int) -> PriceOffer | None:
        """The current price in row ``row_id`` (with its kind, as :meth:`price_rows`), or None."""
        rows = self._query("SELECT * FROM prices WHERE id = ? AND deleted = 0", (row_id,))
        return next((p for _, p in valid_records("prices", rows, _offer_of_row)), None)

    def _price_values(self, row_id: int) -> dict[str, Any]:
        cur = self.db.conn.execute(f"SELECT {', '.join(PRICE_COLUMNS)} FROM prices WHERE id = ?", (row_id,))
        r = cur.fetchone()
        return dict(zip(PRICE_COLUMNS, r, strict=True)) if r else {}

    def _check_gpu_known(self, gpu_id: str) -> None:
        row = self.db.conn.execute("SELECT 1 FROM gpus WHERE id = ? AND deleted = 0", (gpu_id,)).fetchone()
        if row is None:
            raise ValueError(msg("catalog.price.unknown_gpu", gpu_id=repr(gpu_id)))

    def _insert_price_rows(
        self,
        items: list[tuple[Any, str | None]],
        *,
        origin: str,
        user_modified: int,
        now: str,
        imported_from: str = "",
    ) -> list[int]:
        """Insert new price rows with explicit ids (we hold the write lock, so MAX(id) is ours).

        No history row is written: a row without history has one version, itself (see
        :meth:`price_history`); the first change records the original version.
        ``imported_from``: the file an import read the rows from (blank: typed or bundled).
        """
        conn = self.db.conn
        start = int(conn.execute("SELECT COALESCE(MAX(id), 0) FROM prices").fetchone()[0]) + 1
        ids = list(range(start, start + len(items)))
        cols = ", ".join(PRICE_COLUMNS)
        marks = ", ".join("?" * len(PRICE_COLUMNS))
        get = price_tuple
        conn.executemany(
            f"INSERT INTO prices (id, {cols}, seed_key, origin, user_modified, deleted, "
            f"updated_at, imported_from) VALUES (?, {marks}, ?, ?, ?, 0, ?, ?)",
            [
                (i, *get(v), key, origin, user_modified, now, imported_from)
                for i, (v, key) in zip(ids, items, strict=True)
            ],
        )
        return ids

    def _update_price_rows(
        self, items: list[tuple[int, Any]], *, user_modified: int, now: str, imported_from: str = ""
    ) -> None:
        """Write new values for existing price rows and append them to the history.

        ``imported_from``: the file an import read the new values from; blank for an edit
        (the user's edit makes the row their own price) and for bundle merges.
        """
        if not items:
            return
        conn = self.db.conn
        ids = [rid for rid, _ in items]
        # rows changed for the first time: record their original version first
        known: set[int] = set()
        for s in range(0, len(ids), 500):
            part = ids[s : s + 500]
            known.update(
                r[0]
                for r in conn.execute(
                    "SELECT DISTINCT price_id FROM price_history WHERE price_id IN "
                    f"({', '.join('?' * len(part))})",
                    part,
                )
            )
        firsts = [rid for rid in ids if rid not in known]
        for s in range(0, len(firsts), 500):
            part = firsts[s : s + 500]
            conn.execute(
                f"INSERT INTO price_history (price_id, changed_at, {', '.join(PRICE_COLUMNS)}) "
                f"SELECT id, COALESCE(updated_at, ''), {', '.join(PRICE_COLUMNS)} FROM prices "
                f"WHERE id IN ({', '.join('?' * len(part))})",
                part,
            )
        sets = ", ".join(f"{c} = ?" for c in PRICE_COLUMNS)
        get = price_tuple
        conn.executemany(
            f"UPDATE prices SET {sets}, user_modified = ?, deleted = 0, updated_at = ?, "
            "imported_from = ? WHERE id = ?",
            [(*get(v), user_modified, now, imported_from, rid) for rid, v in items],
        )
        marks = ", ".join("?" * len(PRICE_COLUMNS))
        conn.executemany(
            f"INSERT INTO price_history (price_id, changed_at, {', '.join(PRICE_COLUMNS)}) "
            f"VALUES (?, ?, {marks})",
            [(rid, now, *get(v)) for rid, v in items],
        )

    def _update_price_row(self, row_id: int, values: dict[str, Any], *, user_modified: int, now: str) -> None:
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
            return self._insert_price_rows(
                [(offer.model_dump(), None)], origin="user", user_modified=1, now=utc_now()
            )[0]

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
            row = conn.execute("SELECT 1 FROM prices WHERE id = ? AND deleted = 0", (row_id,)).fetchone()
            if row is None:
                raise KeyError(f"no price row {row_id}")
            self._check_gpu_known(offer.gpu_id)
            if all(same_value(a, values[c]) for c, a in self._price_values(row_id).items()):
                return
            self._update_price_row(row_id, values, user_modified=1, now=utc_now())

    def _check_price(self, offer: PriceOffer) -> PriceOffer:
        return check_price(offer, known_currencies=set(self.get_fx_rates()))

    def update_price_fields(
        self, row_id: int, changes: dict[str, Any], expected: PriceOffer | None = None
    ) -> PriceOffer:
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
            The row as now stored, with its kind (as :meth:`get_price`: an edited row is the
            user's own price).

        Raises:
            KeyError: no such row (or it was deleted).
            CatalogConflictError: a column in ``changes`` was changed elsewhere.
            ValueError / pydantic.ValidationError: unknown column, invalid value, unknown GPU.
            CatalogReadOnlyError: the catalog is read-only.
        """
        check_change_columns("prices", PRICE_COLUMNS, changes)
        known = set(self.get_fx_rates())
        with self._write() as conn:
            if (
                conn.execute("SELECT 1 FROM prices WHERE id = ? AND deleted = 0", (row_id,)).fetchone()
                is None
            ):
                raise KeyError(f"no price row {row_id}")
            stored_values = self._price_values(row_id)
            stored = normalized_record(stored_values, PriceOffer.model_validate)
            if expected is not None:
                raise_on_conflict("prices", row_id, changes, expected, stored)
            new = check_price(PriceOffer.model_validate({**vars(stored), **changes}), known_currencies=known)
            values = new.model_dump()
            if "gpu_id" in changes:
                self._check_gpu_known(new.gpu_id)
            if not all(same_value(a, values[c]) for c, a in stored_values.items()):
                self._update_price_row(row_id, values, user_modified=1, now=utc_now())
            rows = self._query("SELECT * FROM prices WHERE id = ?", (row_id,))
            return _offer_of_row(rows[0]) if rows else new

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
        row = conn.execute("SELECT origin FROM prices WHERE id = ? AND deleted = 0", (row_id,)).fetchone()
        if row is None:
            raise KeyError(f"no price row {row_id}")
        if row[0] == "bundled":
            conn.execute(
                "UPDATE prices SET deleted = 1, user_modified = 1, updated_at = ? WHERE id = ?",
                (utc_now(), row_id),
            )
        else:
            conn.execute("DELETE FROM price_history WHERE price_id = ?", (row_id,))
            conn.execute("DELETE FROM prices WHERE id = ?", (row_id,))

    def price_history(self, row_id: int) -> list[tuple[str, PriceOffer]]:
        """Every version of price row ``row_id``, oldest first: ``(changed_at UTC ISO, offer)``.

        The last entry equals the current row (a row never changed has one entry, dated
        when it was added). Empty for an unknown row.
        """
        rows = self._query(
            "SELECT * FROM price_history WHERE price_id = ? ORDER BY changed_at, id", (row_id,)
        )
        if not rows:
            rows = [
                dict(r, changed_at=r["updated_at"] or "")
                for r in self._query("SELECT * FROM prices WHERE id = ? AND deleted = 0", (row_id,))
            ]
        return [
            (r["changed_at"], p) for r, p in valid_records("price_history", rows, PriceOffer.model_validate)
        ]


def _offer_of_row(row: dict[str, Any]) -> PriceOffer:
    """A stored price row as the PriceOffer the recommender ranks.

    A row the user added or
    changed by hand is their own price (``price_kind`` ``user``, never doubted). A row an
    import wrote from a file (``imported_from``) is not: it keeps the kind and trust marks its
    provider, pricing, source and notes give it (core.price_kind), so a copied "scraper
    artefact" price is doubted as the bundled one is; and rows a tracker import wrote stay
    provider list prices. Validated once: a copy with the kind set afterwards cost as much
    again (0.24 of 0.6 s for 20,000 rows).
    """
    if row_is_user(row) and not row.get("imported_from") and is_user_source(str(row.get("source") or "")):
        row = {**row, "price_kind": "user"}
    return PriceOffer.model_validate(row)
