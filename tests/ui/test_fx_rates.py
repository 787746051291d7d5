"""The exchange-rates dialog and the yuan display in the results and the budget."""

from __future__ import annotations

import pytest

from tests.support.seed_cases import QLORA


def _autodl_4090(options):
    return next(o for o in options if o.gpu_id == "rtx_4090" and o.num_gpus == 1 and o.provider == "AutoDL")


def test_dialog_rate_table_plot_reasons_and_budget_in_yuan(qtbot, window, catalog):
    c = window.controller
    c.update(
        **{k: v for k, v in QLORA.items() if k != "model_id"},
        model_id=QLORA["model_id"],
        model=window.repo.get_model(QLORA["model_id"]),
        pricing="on_demand",
    )
    c.set_all_offers(True)
    dlg = catalog.open_fx_rates()
    qtbot.addWidget(dlg)
    # an upside-down rate is a question: answered "no", nothing is saved
    dlg.ask_inverted = lambda code, rate: False
    dlg.spins["CNY"].setValue(0.1408)
    assert not dlg.save()
    assert window.repo.get_fx_quotes()["CNY"].per_usd != 0.1408
    dlg.spins["CNY"].setValue(7.10)
    dlg.display.setCurrentIndex(dlg.display.findData("CNY"))
    with qtbot.waitSignal(c.resultsChanged, timeout=10000):
        assert dlg.save()
    assert window.repo.get_fx_quotes()["CNY"].per_usd == 7.10
    c.wait_idle(20000)
    page = window.wizard.results_page
    model = page.options_model
    top = _autodl_4090(c.results.options)
    row = model._options.index(top)
    cell = model.data(model.index(row, model.COLUMNS.index("usd_per_hour")))
    assert cell == "¥1.98"
    assert "¥1.98/h × 6.046 h (incl. 2.8 min start-up) = ¥11.97" in top.reason and "$" not in top.reason
    # the plot's y values are the same yuan amounts
    assert page.cost_plot.points
    for o, _, y in page.cost_plot.points:
        assert y == pytest.approx(o.cost.usd_total * 7.10, rel=1e-9)
    assert "CNY" in page.cost_plot.plot_item.getAxis("left").labelText
    # budget entered in yuan on the budget page
    b = window.wizard.budget_page
    assert b.budget_usd.prefix().startswith("¥")
    assert "CNY" in b.budget_label.text()
    with qtbot.waitSignal(c.resultsChanged, timeout=20000):
        b.budget_usd.setValue(20.0)
    assert c.workload.budget_usd == pytest.approx(20 / 7.10)
    c.wait_idle(20000)
    priced = [o for o in c.results.options if o.fits and o.cost.usd_total is not None]
    assert any(o.cost.usd_total * 7.10 > 20 for o in priced)
    for o in priced:
        assert o.within_budget == (o.cost.usd_total * 7.10 <= 20 + 1e-9), o.reason


def test_a_chinese_ui_plans_in_yuan_from_the_first_start(qtbot, repo, zh_cn):
    """A fresh catalog opened by the zh_CN UI shows CNY (its bundled rate) until the
    user picks another currency; the English UI keeps USD, and a chosen currency is kept."""
    from gpupicker.ui.controller import WorkloadController

    assert not repo.display_currency_chosen() and repo.get_display_currency() == "USD"
    c = WorkloadController(repo)
    assert repo.get_display_currency() == "CNY" and c.snapshot.display_currency == "CNY"
    assert not repo.display_currency_chosen()
    repo.set_display_currency("USD")  # what the exchange-rate dialog does
    assert WorkloadController(repo).snapshot.display_currency == "USD"  # the user's choice


def test_the_english_ui_keeps_usd(qtbot, repo):
    from gpupicker.ui.controller import WorkloadController

    assert WorkloadController(repo).snapshot.display_currency == "USD"
    assert not repo.display_currency_chosen()
    # a catalog a Chinese start left in yuan (never chosen) is back in dollars for
    # the English UI; a currency the user chose is kept
    repo.set_display_currency("CNY", chosen=False)
    assert WorkloadController(repo).snapshot.display_currency == "USD"
    repo.set_display_currency("CNY")
    assert WorkloadController(repo).snapshot.display_currency == "CNY"
