"""The user's own hardware and recorded runs in the catalog (tables of migration m003). No Qt.

Mixed into :class:`gpupicker.catalog.repository.CatalogRepository`; every write goes through
its ``_write`` transaction (:mod:`.connection`), so read-only catalogs refuse and concurrent writers wait.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime

from ..core.planners.calibration import CalibrationRun
from ..core.pricing.owned import OwnedGpu
from .errors import missing_row
from .prices import PricesMixin

_OWNED_COLS = (
    "gpu_id",
    "count",
    "purchase_price",
    "currency",
    "power_w",
    "electricity_per_kwh",
    "electricity_currency",
    "years",
    "utilization",
    "label",
)
_RUN_COLS = (
    "peak_bytes",
    "tokens_per_s",
    "kv_blocks",
    "kv_tokens",
    "weights_bytes",
    "kv_bytes",
    "compute_buffer_bytes",
    "n_ctx",
    "note",
)


class UserTablesMixin(PricesMixin):
    """``owned_gpus`` and ``calibration_runs`` methods of the repository."""

    # ---- owned GPUs ----------------------------------------------------------------------
    def owned_gpus(self) -> list[OwnedGpu]:
        """The user's own GPUs, by id (rows that no longer validate are skipped)."""
        out = []
        for r in self._query("SELECT * FROM owned_gpus ORDER BY id"):
            try:
                out.append(OwnedGpu.model_validate({k: v for k, v in r.items() if v is not None}))
            except ValueError:
                continue
        return out

    def add_owned_gpu(self, owned: OwnedGpu) -> int:
        """Store an owned set; returns its id.

        Raises:
            ValueError: unknown GPU id or an invalid figure. CatalogReadOnlyError.
        """
        o = OwnedGpu.model_validate(owned.model_dump())
        with self._write() as conn:
            self._check_gpu_known(o.gpu_id)
            cur = conn.execute(
                f"INSERT INTO owned_gpus ({', '.join(_OWNED_COLS)}, updated_at) VALUES "
                f"({', '.join('?' * len(_OWNED_COLS))}, ?)",
                [getattr(o, c) for c in _OWNED_COLS] + [_now()],
            )
            return _new_row_id(cur)

    def update_owned_gpu(self, owned_id: int, owned: OwnedGpu) -> None:
        """Replace owned set ``owned_id``.

        Raises:
            KeyError: no such row. ValueError: unknown GPU or an invalid figure.
        """
        o = OwnedGpu.model_validate(owned.model_dump())
        with self._write() as conn:
            self._check_gpu_known(o.gpu_id)
            cur = conn.execute(
                f"UPDATE owned_gpus SET {', '.join(f'{c} = ?' for c in _OWNED_COLS)}, "
                "updated_at = ? WHERE id = ?",
                [getattr(o, c) for c in _OWNED_COLS] + [_now(), owned_id],
            )
            if cur.rowcount == 0:
                raise missing_row("owned_gpus", owned_id)

    def remove_owned_gpu(self, owned_id: int) -> None:
        """Delete owned set ``owned_id``.

        Raises:
            KeyError: no such row.
        """
        with self._write() as conn:
            if conn.execute("DELETE FROM owned_gpus WHERE id = ?", (owned_id,)).rowcount == 0:
                raise missing_row("owned_gpus", owned_id)

    # ---- calibration runs ----------------------------------------------------------------
    def calibration_runs(self) -> list[CalibrationRun]:
        """Recorded runs, oldest first."""
        out = []
        for r in self._query("SELECT * FROM calibration_runs ORDER BY id"):
            try:
                data = {k: v for k, v in r.items() if v is not None}
                data["workload"] = json.loads(r["workload"])
                out.append(CalibrationRun.model_validate(data))
            except ValueError:
                continue
        return out

    def add_calibration_run(self, run: CalibrationRun) -> int:
        """Store a run; returns its id.

        Raises:
            ValueError: unknown GPU id. CatalogReadOnlyError.
        """
        key = run.key()
        with self._write() as conn:
            self._check_gpu_known(run.gpu_id)
            cur = conn.execute(
                f"INSERT INTO calibration_runs (created_at, gpu_id, engine, task, workload, "
                f"{', '.join(_RUN_COLS)}) VALUES (?, ?, ?, ?, ?, "
                f"{', '.join('?' * len(_RUN_COLS))})",
                [run.created_at or _now(), run.gpu_id, key[0], key[1], json.dumps(run.workload)]
                + [getattr(run, c) for c in _RUN_COLS],
            )
            return _new_row_id(cur)

    def remove_calibration_run(self, run_id: int) -> None:
        """Delete run ``run_id``.

        Raises:
            KeyError: no such run.
        """
        with self._write() as conn:
            if conn.execute("DELETE FROM calibration_runs WHERE id = ?", (run_id,)).rowcount == 0:
                raise missing_row("calibration_runs", run_id)


def _new_row_id(cur: sqlite3.Cursor) -> int:
    """The id SQLite gave the row just inserted (``lastrowid``; typed Optional by sqlite3)."""
    if cur.lastrowid is None:  # never after an INSERT into a rowid table
        raise RuntimeError("SQLite reported no id for the inserted row")
    return cur.lastrowid


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
