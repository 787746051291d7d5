"""GUI: the price-kind column, the Owned GPUs tab and owned options in the results (issue 16)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from gpupicker.core.workload import Workload
from gpupicker.ui.catalog_window import CatalogWindow
from gpupicker.ui.compute import CatalogSnapshot, run_recommendation

from .test_ui_support import *  # noqa: F403 - fixtures (repo)


def test_price_table_names_the_kind_of_each_price(qtbot, repo):
    cw = CatalogWindow(repo)
    qtbot.addWidget(cw)
    model = cw.price_model
    col = model.columns.index("price_kind")
    assert model.headerData(col, Qt.Orientation.Horizontal) == "Kind of price"
    shown = {model.data(model.index(r, col)) for r in range(model.rowCount())}
    assert {"provider list price", "marketplace listing", "scraped aggregate",
            "quoted in a guide"} <= shown
    assert not model.flags(model.index(0, col)) & Qt.ItemFlag.ItemIsEditable


def test_owned_gpus_tab_adds_a_set_that_ranks_in_the_results(qtbot, repo):
    cw = CatalogWindow(repo)
    qtbot.addWidget(cw)
    tab = cw.owned_tab
    assert cw.tabs.indexOf(tab) == 3
    tab.gpu_box.setCurrentIndex(tab.gpu_box.findData("rtx_4090"))
    tab.count.setValue(2)
    tab.purchase.setValue(3600)
    tab.power.setValue(450)
    tab.kwh.setValue(0.30)
    tab.years.setValue(3)
    tab.utilization.setValue(50)
    with qtbot.waitSignal(cw.catalogChanged, timeout=2000):
        tab.add_button.click()
    assert tab.table.rowCount() == 1
    assert tab.table.item(0, 4).text() == "0.2720"
    arch = repo.get_model("mistral_7b_v0_1")
    w = Workload(task="qlora", model=arch, model_id="mistral_7b_v0_1", batch=4, seq_len=2048,
                 dataset_tokens=2e7)
    view = run_recommendation(w, CatalogSnapshot.from_repo(repo))
    owned = [o for o in view.options if o.pricing == "owned"]
    assert {o.num_gpus for o in owned} == {1, 2}
    assert all("Break-even vs the best rental" in o.reason for o in owned if o.fits)
    tab.table.selectRow(0)
    with qtbot.waitSignal(cw.catalogChanged, timeout=2000):
        tab.remove_button.click()
    assert repo.owned_gpus() == []
