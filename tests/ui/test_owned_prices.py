"""GUI: the price-kind column, the Owned GPUs tab and owned options in the results."""

from __future__ import annotations

from PySide6.QtCore import Qt

from gpupicker.core.workload import Workload
from gpupicker.ui.catalog_editor.window import CatalogWindow
from gpupicker.ui.compute import CatalogSnapshot, run_recommendation


def test_price_table_names_the_kind_of_each_price(qtbot, repo):
    cw = CatalogWindow(repo)
    qtbot.addWidget(cw)
    model = cw.price_model
    col = model.columns.index("price_kind")
    assert model.headerData(col, Qt.Orientation.Horizontal) == "Kind of price"
    shown = {model.data(model.index(r, col)) for r in range(model.rowCount())}
    assert {"provider list price", "marketplace listing", "scraped aggregate", "quoted in a guide"} <= shown
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
    assert tab.table.item(0, 4).text() == "$0.2720"  # display currency (USD here), core.money
    arch = repo.get_model("mistral_7b_v0_1")
    w = Workload(
        task="qlora", model=arch, model_id="mistral_7b_v0_1", batch=4, seq_len=2048, dataset_tokens=2e7
    )
    view = run_recommendation(w, CatalogSnapshot.from_repo(repo))
    owned = [o for o in view.options if o.pricing == "owned"]
    assert {o.num_gpus for o in owned} == {1, 2}
    assert all("Break-even vs the best rental" in o.reason for o in owned if o.fits)
    tab.table.selectRow(0)
    with qtbot.waitSignal(cw.catalogChanged, timeout=2000):
        tab.remove_button.click()
    assert repo.owned_gpus() == []


SKYPILOT = """\
InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,GpuInfo,SpotPrice
cpu_4x_general,,,4.0,16.0,0.2,us-east-1,,
gpu_1x_h100_pcie,H100,1.0,26.0,200.0,2.49,us-east-1,,1.10
"""


def test_import_dialog_takes_a_skypilot_file(qtbot, repo, tmp_path):
    from gpupicker.ui.catalog_editor.csv_import_dialog import CsvImportDialog

    f = tmp_path / "lambda" / "vms.csv"
    f.parent.mkdir()
    f.write_text(SKYPILOT, encoding="utf-8")
    dlg = CsvImportDialog(repo, str(f), "prices")
    qtbot.addWidget(dlg)
    assert dlg.tracker == "skypilot"
    assert "SkyPilot file from Lambda: 2 price rows" in dlg.info.text()
    assert dlg.import_button.isEnabled()
    with qtbot.waitSignal(dlg.imported, timeout=5000):
        assert dlg.run_import()
    got = sorted(
        (p.gpu_id, p.pricing, p.price_per_gpu_hour) for p in repo.prices() if p.source.startswith("SkyPilot")
    )
    assert got == [("h100_pcie", "on_demand", 2.49), ("h100_pcie", "spot", 1.1)]
    bad = tmp_path / "aws" / "vms.csv"
    bad.parent.mkdir()
    bad.write_text(SKYPILOT + "trn1.2xlarge,Trainium,1.0,8.0,32.0,1.34,us-east-1,,\n", encoding="utf-8")
    dlg2 = CsvImportDialog(repo, str(bad), "prices")
    qtbot.addWidget(dlg2)
    assert not dlg2.import_button.isEnabled()
    assert "unknown accelerator 'Trainium'" in dlg2.errors.text()


def test_new_core_sentences_read_in_zh_cn(qapp, built_translations):
    from PySide6.QtCore import QLocale

    from gpupicker.core.messages import join, msg
    from gpupicker.core.planners.calibration import Factor, calibrated_text
    from gpupicker.core.pricing.price_kind import FLAG_NAMES, PRICE_KINDS
    from gpupicker.ui.i18n.core_messages import tr_message
    from gpupicker.ui.i18n.translators import install_translators
    from tests.support.message_texts import has_cjk

    def sentence(m):
        return join([m], "sentences")

    doubt = msg("price_kind.why.doubt", marker="scraper artefact")
    rental = {"n": 1, "gpu": "NVIDIA RTX A5000", "provider": "RunPod", "per_hour": "$0.16"}
    messages = {  # core's messages (recommend, price_kind, owned, cost) and their English
        "Price marked stale: observed 2026-03, over 6 months ago.": sentence(
            msg(
                "recommend.price_marked",
                flag=FLAG_NAMES["stale"],
                why=msg("price_kind.why.old", observed="2026-03", months=6),
            )
        ),
        "Price marked low-trust: its source says: scraper artefact.": sentence(
            msg("recommend.price_marked", flag=FLAG_NAMES["low-trust"], why=doubt)
        ),
        "The top pick rests on a low-trust price (RunPod, scraped aggregate, observed "
        "2026-10-10: its source says: scraper artefact); check it before relying on it.": sentence(
            join(
                [
                    msg(
                        "price_kind.top_pick_flagged",
                        flag=FLAG_NAMES["low-trust"],
                        provider="RunPod",
                        kind=PRICE_KINDS["aggregate"],
                        observed="2026-10-10",
                        why=doubt,
                    ),
                    msg("price_kind.check_it"),
                ],
                "clauses",
            )
        ),
        "The best option with an unflagged price is #5 (1 × NVIDIA RTX A5000, RunPod, $0.16/h).": sentence(
            msg("price_kind.best_unflagged", rank=5, **rental)
        ),
        "Break-even vs the best rental (1 × NVIDIA RTX A5000, RunPod, $0.16/h): 12.3 months "
        "at 50% use.": sentence(msg("owned.break_even", **rental, months="12.3", share="50%")),
        "Break-even vs the best rental (1 × NVIDIA RTX A5000, RunPod, $0.16/h): never (the "
        "rental costs less than the power bill).": sentence(msg("owned.break_even.never", **rental)),
        "GPU energy 0.3 kWh (450 W × 80% × 2 GPUs).": sentence(
            msg("cost.energy", kwh="0.3", watts="450", share="80%", n=2)
        ),
        "0.014 kWh per 1M tokens.": sentence(msg("cost.kwh_per_million", kwh="0.014")),
    }
    assert install_translators(qapp, "zh_CN")["gpupicker"]
    try:
        for english, m in messages.items():
            assert m == english
        calibrated = calibrated_text(
            Factor(factor=1.13, runs=2, error_before=0.115, error_after=0.004),
            Factor(factor=0.848, runs=2, error_before=0.179, error_after=0.01),
        )
        assert calibrated == (
            "Calibrated on your 2 runs (memory ×1.130, error 11.5% → 0.4%, speed ×0.848, error 17.9% → 1.0%)."
        )
        for zh in (*(tr_message(m) for m in messages.values()), tr_message(calibrated)):
            assert has_cjk(zh) and not any(
                w in zh for w in ("Price marked", "Break-even", "Calibrated", "rests on")
            ), zh
    finally:
        for t in getattr(qapp, "_gpupicker_translators", []):
            qapp.removeTranslator(t)
        qapp._gpupicker_translators = []
        QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))
