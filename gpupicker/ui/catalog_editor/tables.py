"""The catalog editor's three tables: GPUs, models and prices (price age and kind shown).

Each is a :class:`~.models.RecordTableModel` over one repository table; the price table
marks offers older than the staleness setting and shows each offer's pricing kind.
"""

from __future__ import annotations

import datetime as dt
import re
import typing

from pydantic import BaseModel, ValidationError
from PySide6.QtCore import QCoreApplication, QModelIndex, QObject, Qt
from PySide6.QtGui import QBrush, QColor
from typing_extensions import override

from ...catalog import CatalogRepository, ModelRecord
from ...catalog.csv_io import validation_message
from ...catalog.model_arch_map import model_arch_from_record
from ...core.hardware.specs import GpuSpec, PriceOffer
from ...core.pricing.price_kind import price_kind
from ..i18n.formatting import display_name, fmt_number
from ..i18n.placeholders import tr_fmt
from ..i18n.texts import pricing_names
from .id_keyed_model import IdKeyedTableModel
from .models import RecordTableModel
from .undo import RecordKey, row_key, text_key

translate = QCoreApplication.translate


STALE_BRUSH = QBrush(QColor("#fff1c2"))


def months_since(observed: str, today: dt.date | None = None) -> float | None:
    """Age in months of an ``observed`` date (YYYY, YYYY-MM or YYYY-MM-DD); None if unknown."""
    m = re.match(r"^\s*(\d{4})(?:-(\d{1,2}))?(?:-(\d{1,2}))?", observed or "")
    if not m:
        return None
    year, month, day = int(m.group(1)), int(m.group(2) or 7), int(m.group(3) or 15)
    if m.group(2) is None:
        month, day = 7, 1
    try:
        when = dt.date(year, month, day)
    except ValueError:
        return None
    today = today or dt.date.today()
    return (today - when).days / 30.44


def price_kind_names() -> dict[str, str]:
    """Kind code (core.price_kind.PRICE_KINDS) → translated label."""
    return {
        "list": translate("Catalog", "provider list price"),
        "marketplace": translate("Catalog", "marketplace listing"),
        "aggregate": translate("Catalog", "scraped aggregate"),
        "guide": translate("Catalog", "quoted in a guide"),
        "user": translate("Catalog", "your own price"),
        "owned": translate("Catalog", "your own hardware"),
    }


def price_headers() -> dict[str, str]:
    """Field name → translated column header."""
    return {
        "gpu_id": translate("Catalog", "GPU"),
        "provider": translate("Catalog", "Provider"),
        "region": translate("Catalog", "Region"),
        "pricing": translate("Catalog", "Pricing"),
        "price_per_gpu_hour": translate("Catalog", "Price / GPU-hour"),
        "currency": translate("Catalog", "Currency"),
        "gpus_per_instance": translate("Catalog", "GPUs / instance"),
        "observed": translate("Catalog", "Observed"),
        "source": translate("Catalog", "Source"),
        "notes": translate("Catalog", "Notes"),
        "price_kind": translate("Catalog", "Kind of price"),
    }


def gpu_headers() -> dict[str, str]:
    """Field name → translated column header."""
    return {
        "id": translate("Catalog", "Id"),
        "name": translate("Catalog", "Name"),
        "vendor": translate("Catalog", "Vendor"),
        "memory_gb": translate("Catalog", "Memory (GB)"),
        "memory_bandwidth_gbps": translate("Catalog", "Bandwidth (GB/s)"),
        "bf16_tflops_dense": translate("Catalog", "BF16 TFLOPS"),
        "fp8_tflops_dense": translate("Catalog", "FP8 TFLOPS"),
        "tdp_w": translate("Catalog", "Power (W)"),
        "interconnect": translate("Catalog", "Interconnect"),
        "release_year": translate("Catalog", "Year"),
        "source": translate("Catalog", "Source"),
    }


def model_headers() -> dict[str, str]:
    """Field name → translated column header."""
    return {
        "id": translate("Catalog", "Id"),
        "name": translate("Catalog", "Name"),
        "family": translate("Catalog", "Family"),
        "params_b": translate("Catalog", "Parameters (B)"),
        "num_layers": translate("Catalog", "Layers"),
        "hidden_size": translate("Catalog", "Hidden size"),
        "intermediate_size": translate("Catalog", "MLP size"),
        "num_attention_heads": translate("Catalog", "Heads"),
        "num_key_value_heads": translate("Catalog", "KV heads"),
        "vocab_size": translate("Catalog", "Vocabulary"),
        "max_context": translate("Catalog", "Context (tokens)"),
        "license": translate("Catalog", "Licence"),
    }


def column_header(table: str, field: str) -> str | None:
    """The column header of ``field`` in ``table`` (gpus, prices, models); None if none."""
    headers = {"prices": price_headers, "gpus": gpu_headers, "models": model_headers}.get(table)
    return headers().get(field) if headers else None


class PriceTableModel(RecordTableModel):
    """Price offers; ``observed`` older than ``staleness_months`` gets a badge."""

    record_type = PriceOffer
    fields_method = "update_price_fields"
    table_name = "prices"
    columns = (
        "gpu_id",
        "provider",
        "region",
        "pricing",
        "price_per_gpu_hour",
        "currency",
        "gpus_per_instance",
        "observed",
        "source",
        "notes",
        "price_kind",
    )
    editable = frozenset(columns) - {"price_kind"}
    numeric = frozenset({"price_per_gpu_hour", "gpus_per_instance"})

    def __init__(
        self, repo: CatalogRepository, staleness_months: int = 6, parent: QObject | None = None
    ) -> None:
        self.staleness_months = staleness_months
        self.today = dt.date.today()
        self._ages: list[float | None] | None = None
        super().__init__(repo, parent)

    @override
    def header(self, column: str) -> str:
        return price_headers()[column]

    def kind(self, row: int) -> str:
        """Kind code of the price in ``row`` (core.price_kind; the rows the user typed or
        edited are ``user``, as the repository's ``price_rows`` sets them)."""
        return price_kind(self._rows[row])  # type: ignore[arg-type]

    @override
    def data_at(self, row: int, column: int, role: int) -> object:
        if (
            role == Qt.ItemDataRole.EditRole
            and 0 <= row < len(self._rows)
            and 0 <= column < len(self.columns)
            and self.columns[column] == "price_kind"
        ):
            return self.kind(row)
        return super().data_at(row, column, role)

    @override
    def display_text(self, row: int, column: str) -> str:
        if column == "price_kind":
            code = self.kind(row)
            return price_kind_names().get(code, code)
        return super().display_text(row, column)

    @override
    def display_keys(self, column: str) -> list[object]:
        if column == "price_kind":
            return [self.kind(r) for r in range(len(self._rows))]
        return super().display_keys(column)

    @override
    def sort_value(self, row: int, column: str) -> object:
        if column == "price_kind":
            return self.kind(row)
        return super().sort_value(row, column)

    @override
    def _load(self) -> list[tuple[RecordKey, BaseModel, bool]]:
        # GPUs by name, not id: a name can change in the GPU tab, so re-read each load
        self._gpu_names = {g.id: g.name for g in self.repo.gpus()}
        return [(rid, p, bool(user)) for rid, p, user in self.repo.price_rows()]

    @override
    def _insert(self, record: BaseModel) -> RecordKey:
        if not isinstance(record, PriceOffer):
            raise TypeError(f"not a price row: {record!r}")
        return self.repo.add_price(record)

    @override
    def _fetch(self, key: RecordKey) -> BaseModel | None:
        return self.repo.get_price(row_key(key))

    @override
    def _remove(self, key: RecordKey) -> None:
        self.repo.delete_price(row_key(key))

    def set_staleness(self, months: int) -> None:
        """New threshold; repaint the badges."""
        self.staleness_months = months
        if self._rows:
            col = self.columns.index("observed")
            self.dataChanged.emit(self.index(0, col), self.index(len(self._rows) - 1, col))

    def age_months(self, row: int) -> float | None:
        """Months since the price in ``row`` was observed (None when unknown)."""
        return self._age_list()[row]

    def _age_list(self) -> list[float | None]:
        # once per load, then per changed row: counting the stale prices after each edit
        # parsed every row's date (250 ms of a 344 ms edit at 20,285 prices finding 8)
        if self._ages is None:
            today = self.today
            self._ages = [months_since(getattr(r, "observed", ""), today) for r in self._rows]
        return self._ages

    def stale_count(self) -> int:
        """How many prices are older than the threshold or undated."""
        months = self.staleness_months
        return sum(1 for a in self._age_list() if a is None or a > months)

    @override
    def _clear_caches(self) -> None:
        super()._clear_caches()
        self._ages = None

    @override
    def _refresh_cached_rows(self, first: int, last: int) -> None:
        if self._ages is not None:
            for r in range(first, last + 1):
                self._ages[r] = months_since(getattr(self._rows[r], "observed", ""), self.today)
        super()._refresh_cached_rows(first, last)

    @override
    def _on_rows_inserted(self, parent: QModelIndex, first: int, last: int) -> None:
        if self._ages is not None:
            self._ages[first:first] = [None] * (last - first + 1)
        super()._on_rows_inserted(parent, first, last)

    @override
    def _on_rows_removed(self, parent: QModelIndex, first: int, last: int) -> None:
        if self._ages is not None:
            del self._ages[first : last + 1]
        super()._on_rows_removed(parent, first, last)

    def is_stale(self, row: int) -> bool:
        """True when the price is older than the threshold or its date is unknown."""
        age = self.age_months(row)
        return age is None or age > self.staleness_months

    @override
    def display(self, record: BaseModel, column: str) -> str:
        text = super().display(record, column)
        if column == "gpu_id":  # the name (Chinese in a Chinese UI); the id is the tooltip
            return display_name(self._gpu_names.get(text, text))
        if column == "pricing":
            return pricing_names().get(text, text)
        if column == "provider":  # 阿里云, not Alibaba Cloud, in a Chinese UI (stored in English)
            return display_name(text)
        if column == "observed":
            age = months_since(text, self.today)
            if age is None:  # "unknown" and "" are no date: the badge alone says so
                shown = "" if text.strip().lower() in ("", "unknown") else f"{text}  "
                return shown + "⚠ " + translate("Catalog", "date unknown")
            if age > self.staleness_months:
                return f"{text}  ⚠ " + tr_fmt(translate("Catalog", "%1 mo old"), str(int(age)))
        return text

    @override
    def extra_data(self, row: int, column: str, role: int) -> object:
        if column == "gpu_id" and role == Qt.ItemDataRole.ToolTipRole:
            return tr_fmt(
                translate("Catalog", "GPU id: %1 (what the CSV and the CLI use)"),
                str(getattr(self._rows[row], "gpu_id", "")),
            )
        if column != "observed" or not self.is_stale(row):
            return None
        if role == Qt.ItemDataRole.BackgroundRole:
            return STALE_BRUSH
        if role == Qt.ItemDataRole.ForegroundRole:
            return QBrush(QColor("#7a4b00"))
        if role == Qt.ItemDataRole.ToolTipRole:
            age = self.age_months(row)
            if age is None:
                return translate(
                    "Catalog", "When this price was seen is unknown: check the provider's current price."
                )
            return tr_fmt(
                translate(
                    "Catalog", "Observed %1 months ago (older than %2): check the provider's current price."
                ),
                str(int(age)),
                str(self.staleness_months),
            )
        return None

    #: Columns whose edit is not a new observation of the price (annotations, the date itself).
    NOT_AN_OBSERVATION = frozenset({"observed", "source", "notes"})

    @override
    def implied_changes(self, col: str, old: BaseModel) -> dict[str, object]:
        """Editing an offer (price, provider, pricing …) observes it today unless the user
        edits the Observed date itself; undo restores the old date with the old value."""
        today = dt.date.today().isoformat()
        if col in self.NOT_AN_OBSERVATION or getattr(old, "observed", "") == today:
            return {}
        return {"observed": today}

    @override
    def new_record(self) -> PriceOffer:
        """A template row for "Add"."""
        gpu = self._rows[0].gpu_id if self._rows else "rtx_4090"  # type: ignore[attr-defined]
        return PriceOffer(
            gpu_id=gpu,
            provider=translate("Catalog", "My provider"),
            price_per_gpu_hour=1.0,
            observed=dt.date.today().isoformat(),
        )


class GpuTableModel(IdKeyedTableModel):
    """GPU specifications; the id is fixed once created."""

    record_type = GpuSpec
    fields_method = "update_gpu_fields"
    upsert_method = "upsert_gpu"
    table_name = "gpus"
    columns = (
        "id",
        "name",
        "vendor",
        "memory_gb",
        "memory_bandwidth_gbps",
        "bf16_tflops_dense",
        "fp8_tflops_dense",
        "tdp_w",
        "interconnect",
        "release_year",
        "source",
    )
    editable = frozenset(columns) - {"id"}
    numeric = frozenset(
        {
            "memory_gb",
            "memory_bandwidth_gbps",
            "bf16_tflops_dense",
            "fp8_tflops_dense",
            "tdp_w",
            "release_year",
        }
    )

    @override
    def header(self, column: str) -> str:
        return gpu_headers()[column]

    @override
    def display(self, record: BaseModel, column: str) -> str:
        v = getattr(record, column)
        if isinstance(v, float) and v.is_integer() and column in self.numeric:
            return fmt_number(v, 0)  # 80 GB beside 141 GB, not 80.00
        text = super().display(record, column)
        if column == "interconnect":  # the catalog's three most common words, translated
            return {
                "PCIe (no NVLink)": translate("Catalog", "PCIe (no NVLink)"),
                "PCIe + NVLink bridge": translate("Catalog", "PCIe + NVLink bridge"),
                "PCIe + NVLink bridge (capped)": translate("Catalog", "PCIe + NVLink bridge (capped)"),
            }.get(text, text)
        return text

    @override
    def _load(self) -> list[tuple[RecordKey, BaseModel, bool]]:
        return [(g.id, g, bool(user)) for g, user in self.repo.gpu_rows()]

    @override
    def _fetch(self, key: RecordKey) -> BaseModel | None:
        return self.repo.get_gpu(text_key(key))

    @override
    def _remove(self, key: RecordKey) -> None:
        self.repo.delete_gpu(text_key(key))

    @override
    def new_record(self) -> GpuSpec:
        """A template row for "Add"."""
        return GpuSpec(
            id=self._free_id("my_gpu"),
            name=translate("Catalog", "My GPU"),
            memory_gb=24,
            memory_bandwidth_gbps=1000,
        )


class ModelsTableModel(IdKeyedTableModel):
    """Catalog models as flat ``models.csv`` rows (:class:`ModelRecord`).

    An edit must still describe a valid architecture (checked with ``model_arch_from_record``).
    """

    record_type = ModelRecord

    columns = (
        "id",
        "name",
        "family",
        "params_b",
        "num_layers",
        "hidden_size",
        "intermediate_size",
        "num_attention_heads",
        "num_key_value_heads",
        "vocab_size",
        "max_context",
        "license",
    )
    numeric = frozenset(
        {
            "params_b",
            "num_layers",
            "hidden_size",
            "intermediate_size",
            "num_attention_heads",
            "num_key_value_heads",
            "vocab_size",
            "max_context",
        }
    )

    editable = frozenset(columns) - {"id"}
    table_name = "models"
    fields_method = "update_model_fields"
    upsert_method = "upsert_model"

    @override
    def header(self, column: str) -> str:
        return model_headers()[column]

    @override
    def _load(self) -> list[tuple[RecordKey, BaseModel, bool]]:
        return [(r.id, r, bool(user)) for r, user in self.repo.model_rows()]

    @override
    def check(self, record: BaseModel) -> None:
        try:
            model_arch_from_record(typing.cast(ModelRecord, record))
        except ValidationError as exc:
            raise ValueError(validation_message(exc)) from exc

    @override
    def _remove(self, key: RecordKey) -> None:
        self.repo.delete_model(text_key(key))

    @override
    def new_record(self) -> BaseModel:
        """A template row for "Add" (a Llama-2-7B shape to edit)."""
        return self.record_type.model_validate(
            dict(
                id=self._free_id("my_model"),
                name=translate("Catalog", "My model"),
                family="custom",
                params_b=6.74,
                num_layers=32,
                hidden_size=4096,
                intermediate_size=11008,
                num_attention_heads=32,
                num_key_value_heads=32,
                vocab_size=32000,
                max_context=4096,
            )
        )
