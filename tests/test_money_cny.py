"""Issue 18 acceptance 1: one money path, rates as quoted (1 USD = 7.10 CNY), never guessed.

The rate is set through the CLI (`catalog fx set CNY 7.10`, `catalog currency CNY`) and
through the exchange-rate dialog; the table, the plot, the reasons, the CLI JSON and the
ranking then show the same ¥ amounts: AutoDL's RTX 4090 at ¥1.98 per GPU-hour (bundled
price, data/prices.csv) shows ¥1.98. A budget of ¥20 keeps exactly the options whose
total is ≤ ¥20.
"""

from __future__ import annotations

import json
import sqlite3

import pytest

from gpupicker.cli import main
from gpupicker.core.money import Money, format_amount, rate_looks_inverted

QLORA = {"task": "qlora", "model_id": "mistral_7b_v0_1", "batch": 1, "seq_len": 2048,
         "grad_ckpt": True, "train_hours": 6}
"""Seed case 1: QLoRA Mistral-7B, 6 h (tests/core/test_seed_cases.py)."""


def _autodl_4090(options):
    return next(o for o in options if o.gpu_id == "rtx_4090" and o.num_gpus == 1
                and o.provider == "AutoDL")


def test_money_formats_and_inverted_rates_are_questions():
    cny = Money("CNY", 7.10)
    assert cny.fmt(1.98 / 7.10) == "¥1.98"
    assert cny.to_usd(20) == pytest.approx(20 / 7.10)
    assert format_amount(1234.5, "USD") == "$1,234.50"
    assert rate_looks_inverted("CNY", 0.14) and not rate_looks_inverted("CNY", 7.1)
    assert not rate_looks_inverted("XBT", 0.00001)  # unknown currency: no opinion


def test_cli_sets_rate_as_quoted_and_json_shows_yuan(tmp_path, capsys):
    assert main(["catalog", "fx", "set", "CNY", "7.10", "--date", "2026-12-01",
                 "--source", "test"]) == 0
    assert "1 USD = 7.1000 CNY" in capsys.readouterr().out
    # upside down (USD per CNY) is refused, not flipped
    assert main(["catalog", "fx", "set", "CNY", "0.1408"]) == 2
    assert "upside down" in capsys.readouterr().err
    assert main(["catalog", "currency", "CNY"]) == 0
    capsys.readouterr()
    assert main(["catalog", "fx"]) == 0
    listing = capsys.readouterr().out
    assert "1 USD = 7.1000 CNY  (2026-12-01; test)" in listing
    assert "display currency: CNY" in listing
    wl = tmp_path / "w.json"
    wl.write_text(json.dumps(QLORA))
    assert main(["recommend", "--workload", str(wl), "--json", "--all-offers"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["currency"] == "CNY"
    o = next(x for x in out["options"] if x["gpu_id"] == "rtx_4090" and x["num_gpus"] == 1
             and x["provider"] == "AutoDL")
    assert o["currency"] == "CNY"
    assert o["price_per_hour"] == pytest.approx(1.98, abs=1e-4)
    assert o["usd_per_hour"] == pytest.approx(1.98 / 7.10, abs=1e-4)
    assert o["total"] == pytest.approx(1.98 * 6, abs=1e-3)
    assert "¥1.98/h × 6.0 h = ¥11.88" in o["reason"]
    assert "$" not in o["reason"]
    # the budget in the display currency: ¥20 keeps exactly the totals ≤ ¥20
    assert main(["recommend", "--workload", str(wl), "--json", "--all-offers",
                 "--budget", "20"]) == 0
    opts = json.loads(capsys.readouterr().out)["options"]
    priced = [x for x in opts if x["fits"] and x["total"] is not None]
    assert priced and any(x["total"] > 20 for x in priced)
    for x in priced:
        assert x["within_budget"] == (x["total"] <= 20 + 1e-6), x


def test_migration_converts_stored_rates(tmp_path):
    from gpupicker.catalog import open_catalog

    path = tmp_path / "old.sqlite"
    with open_catalog(path) as repo:
        pass
    con = sqlite3.connect(path)
    con.execute("DELETE FROM _sqlite_migrations WHERE name = 'm005_fx_rates_units_per_usd'")
    con.execute("INSERT OR REPLACE INTO settings(key, value) VALUES ('fx_rates', ?)",
                (json.dumps({"USD": 1.0, "CNY": 7.1, "EUR": 1.08}),))
    con.commit()
    con.close()
    with open_catalog(path) as repo:
        q = repo.get_fx_quotes()
        # 7.1 typed into the old "1 CNY = [ ] USD" dialog: kept as CNY per USD and said so
        assert q["CNY"].per_usd == 7.1 and "check it" in q["CNY"].source
        assert q["EUR"].per_usd == pytest.approx(1 / 1.08, rel=1e-5)
        assert repo.get_fx_rates()["CNY"] == pytest.approx(1 / 7.1)
        assert repo.get_setting("fx_rates") is None


def test_dialog_rate_table_plot_reasons_and_budget_in_yuan(qtbot, window, catalog):
    c = window.controller
    c.update(**{k: v for k, v in QLORA.items() if k != "model_id"},
             model_id=QLORA["model_id"], model=window.repo.get_model(QLORA["model_id"]),
             pricing="on_demand")
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
    assert "¥1.98/h × 6.0 h = ¥11.88" in top.reason and "$" not in top.reason
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
