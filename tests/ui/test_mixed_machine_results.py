"""The results table shows each card of a machine of unlike cards (its llama.cpp layer split):
memory per card in the VRAM column, layers and components per card in the tooltip, in English
and zh_CN."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from gpupicker.core.pricing.owned import OwnedGpu
from gpupicker.core.ranking.recommend import recommend
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_gpus, catalog_model, catalog_prices


def _machine_row():
    from gpupicker.ui.results.options_model import OptionsTableModel

    owned = [
        OwnedGpu(gpu_id="rtx_4090", purchase_price=1599.0),
        OwnedGpu(gpu_id="rtx_3090", purchase_price=800.0),
    ]
    w = Workload(
        task="inference", model=catalog_model("llama3_70b"), weights_dtype="q4_k_m", framework="llama.cpp"
    )
    rec = recommend(w, catalog_gpus(), catalog_prices(), owned=owned)
    model = OptionsTableModel()
    model.set_options(rec.options)
    row = next(i for i, o in enumerate(rec.options) if o.memory.cards)
    return model, row


@pytest.mark.gui
def test_vram_column_and_tooltip_show_every_card(qapp):
    model, row = _machine_row()
    vram = model.data(model.index(row, model.COLUMNS.index("vram")))
    assert vram.count("/") == 2 and " · " in vram and vram.endswith("GiB")
    gpu = model.data(model.index(row, model.COLUMNS.index("gpu")))
    assert gpu == "RTX 4090 + RTX 3090"
    tip = model.data(model.index(row, model.COLUMNS.index("vram")), Qt.ItemDataRole.ToolTipRole)
    assert "CUDA0 NVIDIA GeForce RTX 4090: 41 layers;" in tip
    assert "CUDA1 NVIDIA GeForce RTX 3090: 39 layers and the output layer;" in tip
    assert "compute buffer" in tip and "layer split" in tip


@pytest.mark.gui
def test_the_cards_read_in_chinese(qapp, zh_cn):
    model, row = _machine_row()
    tip = model.data(model.index(row, model.COLUMNS.index("vram")), Qt.ItemDataRole.ToolTipRole)
    assert "CUDA1 NVIDIA GeForce RTX 3090：39 层及输出层；" in tip
    assert "KV 缓存" in tip and "计算缓冲区" in tip
    assert "按层切分" in tip  # the reason's speed clause, from core's message
