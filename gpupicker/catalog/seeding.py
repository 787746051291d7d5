"""Seeding: the bundled catalog merged into the user's, and resets back to it. No Qt.

The bundle is ``data/*.csv``. Bundled rows are applied once; a newer bundle merges in without
touching rows the user changed (``user_modified``); :meth:`SeedingMixin.reset_row` /
:meth:`SeedingMixin.reset_all` restore them.
"""

from __future__ import annotations

from pathlib import Path

from typing_extensions import override

from ..core.messages import msg
from .backups import BackupsMixin
from .bundle import Bundle
from .catalog_file import utc_now
from .csv_io import check_table
from .prices import PricesMixin
from .records import GPU_COLUMNS, MODEL_COLUMNS, PRICE_COLUMNS
from .rows import price_tuple, upsert_row


class SeedingMixin(BackupsMixin, PricesMixin):
    """Merge the bundle on open (``_merge_bundle``) and reset rows to their bundled values."""

    @override
    def _merge_bundle(self, force: bool = False) -> None:
        """Apply the bundled catalog if its version is new. Call inside ``_write``."""
        conn = self.db.conn
        row = conn.execute("SELECT value FROM meta WHERE key = 'seed_version'").fetchone()
        # the stamp of the bundle merged last: its rows were validated then, so an unchanged
        # bundle is not read (or validated) again on each start
        if row and row[0] == self.bundle_version() and not force:
            return
        bundle = self.bundle()
        now = utc_now()
        for table, cols, rows in (
            ("gpus", GPU_COLUMNS, bundle.gpus),
            ("models", MODEL_COLUMNS, bundle.models),
        ):
            existing = {
                r[0]: (r[1], r[2]) for r in conn.execute(f"SELECT id, origin, user_modified FROM {table}")
            }
            for rid, values in rows.items():
                if rid in existing and existing[rid][1]:
                    continue  # the user changed it: theirs wins
                upsert_row(self.db.conn, table, cols, values, origin="bundled", user_modified=0, now=now)
            gone = [
                rid
                for rid, (origin, mod) in existing.items()
                if origin == "bundled" and not mod and rid not in rows
            ]
            conn.executemany(f"DELETE FROM {table} WHERE id = ?", [(g,) for g in gone])
        self._merge_bundle_prices(bundle, now)
        conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('seed_version', ?)", (bundle.version,))
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
        existing_p = {
            r[0]: (r[1], r[2])
            for r in conn.execute("SELECT seed_key, id, user_modified FROM prices WHERE seed_key IS NOT NULL")
        }
        superseded = bundle.history_keys()
        for key, values in bundle.prices.items():
            hist = [k for k, _ in bundle.price_history.get(key, [])]
            target = existing_p.get(key)
            if target is None:
                target = next((existing_p[h] for h in reversed(hist) if h in existing_p), None)
            if target is None:
                pid = self._insert_price_rows([(values, key)], origin="bundled", user_modified=0, now=now)[0]
                self._seed_history(pid, bundle, key, now)
                continue
            pid, mod = target
            conn.execute(
                "UPDATE prices SET seed_key = ? WHERE id = ? AND COALESCE(seed_key, '') != ?", (key, pid, key)
            )
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
        gone_p = [
            pid
            for key, (pid, mod) in existing_p.items()
            if not mod and key not in bundle.prices and key not in superseded
        ]
        conn.executemany("DELETE FROM price_history WHERE price_id = ?", [(p,) for p in gone_p])
        conn.executemany("DELETE FROM prices WHERE id = ?", [(p,) for p in gone_p])

    def _seed_history(self, pid: int, bundle: Bundle, key: str, now: str) -> None:
        """Give row ``pid`` the bundled older observations of its offer as its history.

        ``key`` is the offer's seed key; the history is oldest first, then the row's stored
        version, and is only given to a row without a history.
        """
        hist = bundle.price_history.get(key)
        conn = self.db.conn
        if (
            not hist
            or conn.execute("SELECT 1 FROM price_history WHERE price_id = ? LIMIT 1", (pid,)).fetchone()
        ):
            return
        cols = ", ".join(PRICE_COLUMNS)
        marks = ", ".join("?" * len(PRICE_COLUMNS))
        conn.executemany(
            f"INSERT INTO price_history (price_id, changed_at, {cols}) VALUES (?, ?, {marks})",
            [(pid, now, *price_tuple(d)) for _, d in hist],
        )
        conn.execute(
            f"INSERT INTO price_history (price_id, changed_at, {cols}) "
            f"SELECT id, ?, {cols} FROM prices WHERE id = ?",
            (now, pid),
        )

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
            now = utc_now()
            if table == "prices":
                row = conn.execute("SELECT seed_key FROM prices WHERE id = ?", (key,)).fetchone()
                if row is None:
                    raise KeyError(f"no price row {key}")
                seed = bundle.history_keys().get(row[0] or "", row[0])
                if seed is None or seed not in bundle.prices:
                    raise ValueError(msg("catalog.reset.user_price", row=str(key)))
                if conn.execute(
                    "SELECT 1 FROM prices WHERE seed_key = ? AND id != ?", (seed, key)
                ).fetchone():
                    # an older observation the user had changed: the offer's bundled value
                    # lives in another row, so the bundled state has no row here
                    conn.execute("DELETE FROM price_history WHERE price_id = ?", (key,))
                    conn.execute("DELETE FROM prices WHERE id = ?", (key,))
                    return
                conn.execute("UPDATE prices SET seed_key = ? WHERE id = ?", (seed, key))
                self._update_price_row(int(key), bundle.prices[seed], user_modified=0, now=now)
                return
            rows = bundle.gpus if table == "gpus" else bundle.models
            cols = GPU_COLUMNS if table == "gpus" else MODEL_COLUMNS
            if key not in rows:
                exists = conn.execute(f"SELECT 1 FROM {table} WHERE id = ?", (key,)).fetchone()
                if exists is None:
                    raise KeyError(f"no {table[:-1]} with id {key!r}")
                if table == "gpus":
                    raise ValueError(msg("catalog.reset.user_gpu", key=repr(key)))
                raise ValueError(msg("catalog.reset.user_model", key=repr(key)))
            upsert_row(self.db.conn, table, cols, rows[str(key)], origin="bundled", user_modified=0, now=now)

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
