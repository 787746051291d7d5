"""The base of the catalog tables keyed by the record's own ``id`` (GPUs, models)."""

from __future__ import annotations

from pydantic import BaseModel
from typing_extensions import override

from .models import RecordTableModel
from .undo import RecordKey


class IdKeyedTableModel(RecordTableModel):
    """Base of tables keyed by the record's own ``id`` (GPUs, models), written by upsert."""

    upsert_method = ""
    """Name of the repository's add-or-replace (``upsert_gpu``…)."""

    @override
    def _insert(self, record: BaseModel) -> RecordKey:
        getattr(self.repo, self.upsert_method)(record)
        key: RecordKey = record.id  # type: ignore[attr-defined]  # GpuSpec / ModelRecord
        return key

    def _free_id(self, base: str) -> str:
        """``base``, or ``base_2``, ``base_3``… whichever no row uses yet."""
        n, candidate = 2, base
        while candidate in self._keys:
            candidate = f"{base}_{n}"
            n += 1
        return candidate

    @override
    def duplicate_of(self, record: BaseModel) -> BaseModel:
        rid = self._free_id(f"{record.id}_copy")  # type: ignore[attr-defined]
        return record.model_copy(update={"id": rid, "name": f"{record.name} (copy)"})  # type: ignore[attr-defined]
