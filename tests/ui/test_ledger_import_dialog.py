"""The catalog window imports a daily ledger with stock (a Shadeform JSON) as it imports a
tracker file: a summary, no column mapping, all rows or none (offscreen)."""

from __future__ import annotations

from pathlib import Path

LEDGER = Path(__file__).parents[1] / "catalog" / "data" / "ledgers" / "shadeform-instance-types.json"


def test_a_ledger_json_imports_from_the_window(qtbot, catalog):
    n = catalog.price_model.rowCount()
    dlg = catalog.start_import(str(LEDGER), "prices")
    qtbot.addWidget(dlg)
    assert dlg.ledger == "shadeform" and dlg.mapping_table.isHidden()
    assert dlg.info.text().startswith(
        "Shadeform ledger from Hyperstack, Lambda, Massed Compute: 5 price rows with stock and snapshot time"
    )
    assert dlg.import_button.isEnabled()
    with qtbot.waitSignal(dlg.imported, timeout=10000):
        assert dlg.run_import()
    assert catalog.price_model.rowCount() == n + 5
