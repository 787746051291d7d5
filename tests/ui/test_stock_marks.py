"""The results table marks an offer's ledger stock in its provider cell (✓ in stock, ✗ out of
stock, ? for a stale snapshot) and its tooltip says it in words (core.stock)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from PySide6.QtCore import Qt

from gpupicker.core.hardware.specs import PriceOffer
from gpupicker.core.ranking.recommend import recommend
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_gpus, catalog_model

SNAPSHOT = datetime(2026, 11, 30, 14, tzinfo=UTC)


def _options(now: datetime):
    stock = {
        "gpu_id": "h100_pcie",
        "gpus_per_instance": 1,
        "observed": "2026-11-30",
        "snapshot_at": "2026-11-30T14:00:00Z",
        "source": "Shadeform ledger",
    }
    prices = [
        PriceOffer(provider="Hyperstack", price_per_gpu_hour=1.9, in_stock="no", **stock),
        PriceOffer(provider="Lambda", price_per_gpu_hour=2.49, in_stock="yes", **stock),
    ]
    w = Workload(task="inference", model=catalog_model("llama3_8b"), model_id="llama3_8b")
    gpus = [g for g in catalog_gpus() if g.id == "h100_pcie"]
    return [o for o in recommend(w, gpus, prices, counts=(1,), max_gpus=1, now=now).options if o.provider]


def test_the_provider_cell_marks_stock(qtbot):
    from gpupicker.ui.results.options_model import OptionsTableModel

    model = OptionsTableModel()
    model.set_options(_options(SNAPSHOT + timedelta(hours=1)))
    col = OptionsTableModel.COLUMNS.index("provider")
    cells = [model.data(model.index(r, col)) for r in range(model.rowCount())]
    assert cells == ["✗ Hyperstack", "✓ Lambda"]
    tip = model.data(model.index(0, col), Qt.ItemDataRole.ToolTipRole)
    assert "Out of stock at Hyperstack in the ledger snapshot of 2026-11-30 14:00:00 UTC" in tip
    model.set_options(_options(SNAPSHOT + timedelta(days=3)))
    assert model.data(model.index(1, col)) == "✓? Lambda"
