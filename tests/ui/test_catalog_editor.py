"""Catalog editor: models under qtmodeltester, inline edit with validation, undo/redo, import."""

from __future__ import annotations

import csv
import datetime as dt

import pytest
from PySide6.QtCore import QItemSelectionModel, Qt

from gpupicker.ui.catalog_editor.tables import months_since
from gpupicker.ui.catalog_editor.window import CatalogWindow
from tests.support.catalog_files import write_rows as _write_rows

pytestmark = pytest.mark.gui


def _price_row(model, gpu_id: str) -> int:
    rows = [
        r
        for r in range(model.rowCount())
        if model.record(r).gpu_id == gpu_id
        and model.record(r).currency == "USD"
        and model.record(r).pricing == "on_demand"
    ]
    assert rows, gpu_id
    return rows[0]


def test_catalog_models_pass_modeltester(qtmodeltester, catalog):
    for model in (catalog.gpu_model, catalog.price_model, catalog.models_model):
        assert model.rowCount() > 0
        qtmodeltester.check(model)


def test_inline_price_edit_undo_redo_reranks_results(qtbot, window, catalog):
    """Edit a price inline, undo, redo; the results re-rank each time."""
    c = window.controller
    c.recompute()
    top_before = c.results.options[0]
    assert top_before.gpu_id != "rtx_4090" or top_before.cost.usd_per_hour > 0.01

    model = catalog.price_model
    tab = catalog.price_tab
    row = _price_row(model, "rtx_4090")
    col = model.columns.index("price_per_gpu_hour")
    old_price = model.record(row).price_per_gpu_hour
    proxy_index = tab.proxy.mapFromSource(model.index(row, col))

    # edit through the view's delegate, as a user would (type, Enter)
    tab.view.setFocus()
    tab.view.setCurrentIndex(proxy_index)
    tab.view.edit(proxy_index)
    editor = catalog.focusWidget()
    assert editor is not None
    editor.selectAll() if hasattr(editor, "selectAll") else None
    qtbot.keyClicks(editor, "0.01")
    with qtbot.waitSignal(c.resultsChanged, timeout=3000):
        qtbot.keyClick(editor, Qt.Key.Key_Return)
    rid = model.key(row)
    assert dict((k, p) for k, p, _ in window.repo.price_rows())[rid].price_per_gpu_hour == 0.01
    assert c.results.options[0].gpu_id == "rtx_4090"

    with qtbot.waitSignal(c.resultsChanged, timeout=3000):
        catalog.undo_action.trigger()
    assert model.record(model.row_of_key(rid)).price_per_gpu_hour == old_price
    assert c.results.options[0].gpu_id == top_before.gpu_id

    with qtbot.waitSignal(c.resultsChanged, timeout=3000):
        catalog.redo_action.trigger()
    assert model.record(model.row_of_key(rid)).price_per_gpu_hour == 0.01
    assert c.results.options[0].gpu_id == "rtx_4090"


def test_undo_redo_keyboard_shortcuts(qtbot, catalog):
    assert "Ctrl+Z" in [s.toString() for s in catalog.undo_action.shortcuts()]
    assert "Ctrl+Shift+Z" in [s.toString() for s in catalog.redo_action.shortcuts()]
    model = catalog.gpu_model
    col = model.columns.index("name")
    assert model.setData(model.index(0, col), "Renamed GPU")
    catalog.show()
    catalog.activateWindow()
    qtbot.waitActive(catalog)
    qtbot.keyClick(catalog, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert model.record(0).name != "Renamed GPU"
    qtbot.keyClick(
        catalog, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    )
    assert model.record(0).name == "Renamed GPU"


def test_invalid_edit_shows_message_and_changes_nothing(qtbot, catalog):
    model = catalog.price_model
    col = model.columns.index("price_per_gpu_hour")
    before = model.record(0)
    with qtbot.waitSignal(model.validationFailed, timeout=1000) as blocker:
        assert not model.setData(model.index(0, col), -3)
    assert "Price / GPU-hour" in blocker.args[0]
    assert "Price / GPU-hour" in catalog.statusBar().currentMessage()
    assert model.record(0) == before
    assert catalog.undo_stack.count() == 0


def _select_first(tab) -> None:
    flags = QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
    tab.view.selectionModel().select(tab.proxy.index(0, 0), flags)


def test_add_duplicate_delete_are_undoable(qtbot, catalog):
    model = catalog.price_model
    n = model.rowCount()
    catalog.price_tab.add_row()
    assert model.rowCount() == n + 1
    _select_first(catalog.price_tab)
    catalog.price_tab.duplicate_selected()
    assert model.rowCount() == n + 2
    _select_first(catalog.price_tab)
    catalog.price_tab.delete_selected()
    assert model.rowCount() == n + 1
    for _ in range(3):
        catalog.undo_stack.undo()
    assert model.rowCount() == n


def test_staleness_badge(qtbot, catalog):
    assert months_since("2020-01-01", dt.date(2021, 1, 1)) == pytest.approx(12.0, abs=0.2)
    assert months_since("unknown") is None
    model = catalog.price_model
    col = model.columns.index("observed")
    # the bundle's oldest dated price is a few months old (none is older than six months at
    # the data date): a one-month threshold makes it stale
    ages = {r: months_since(model.record(r).observed) for r in range(model.rowCount())}
    old = max((r for r, a in ages.items() if a is not None), key=lambda r: ages[r] or 0.0)
    model.set_staleness(1)
    assert model.is_stale(old)
    assert "⚠" in model.data(model.index(old, col))
    assert model.data(model.index(old, col), Qt.ItemDataRole.BackgroundRole) is not None
    model.set_staleness(1200)
    dated = next(r for r in range(model.rowCount()) if months_since(model.record(r).observed) is not None)
    assert not model.is_stale(dated)
    assert "⚠" not in model.data(model.index(dated, col))


def test_filter_and_sort(qtbot, catalog):
    tab = catalog.gpu_tab
    qtbot.keyClicks(tab.filter, "4090")
    assert 0 < tab.proxy.rowCount() < tab.model.rowCount()
    col = tab.model.columns.index("memory_gb")
    tab.view.sortByColumn(col, Qt.SortOrder.DescendingOrder)
    mems = [
        tab.proxy.data(tab.proxy.index(r, col), Qt.ItemDataRole.UserRole) for r in range(tab.proxy.rowCount())
    ]
    assert mems == sorted(mems, reverse=True)


def _write_prices(path, rows):
    cols = [
        "gpu_id",
        "provider",
        "region",
        "pricing",
        "price_per_gpu_hour",
        "gpus_per_instance",
        "observed",
        "source",
        "notes",
        "currency",
    ]
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=cols)
        w.writeheader()
        for r in rows:
            w.writerow({c: r.get(c, "") for c in cols})


def test_csv_import_preview_progress_and_reload(qtbot, tmp_path, catalog):
    path = tmp_path / "mine.csv"
    rows = [
        dict(
            gpu_id="rtx_4090",
            provider=f"Lab {i}",
            pricing="owned",
            price_per_gpu_hour=0.1 + i / 100,
            observed="2026-11-01",
            currency="USD",
        )
        for i in range(300)
    ]
    _write_prices(path, rows)
    n = catalog.price_model.rowCount()
    dlg = catalog.start_import(str(path), "prices")
    qtbot.addWidget(dlg)
    assert dlg.preview.rowCount() == 50
    assert dlg.import_button.isEnabled()
    with qtbot.waitSignal(dlg.imported, timeout=10000):
        assert dlg.run_import()
    assert catalog.price_model.rowCount() == n + 300
    assert dlg.progress_values and dlg.progress_values[-1] >= dlg.progress_values[0]


def test_csv_import_with_bad_rows_names_them_and_imports_nothing(qtbot, tmp_path, catalog):
    path = tmp_path / "bad.csv"
    rows = [
        dict(gpu_id="rtx_4090", provider="Ok", price_per_gpu_hour=1.0, pricing="on_demand") for _ in range(10)
    ]
    rows[3]["price_per_gpu_hour"] = -1
    rows[7]["gpu_id"] = ""
    _write_prices(path, rows)
    n = catalog.price_model.rowCount()
    dlg = catalog.start_import(str(path), "prices")
    qtbot.addWidget(dlg)
    assert not dlg.import_button.isEnabled()
    assert len(dlg.bad_rows) == 2
    assert "line 5" in dlg.errors.text() and "line 9" in dlg.errors.text()
    assert not dlg.run_import()
    assert catalog.price_model.rowCount() == n


def test_export_neutralizes_formulas(qtbot, tmp_path, catalog):
    model = catalog.price_model
    model.setData(model.index(0, model.columns.index("provider")), '=HYPERLINK("x")')
    out = tmp_path / "prices.csv"
    catalog.export_table("prices", str(out))
    text = out.read_text(encoding="utf-8")
    assert '\'=HYPERLINK(""x"")' in text or "'=HYPERLINK" in text


def test_catalog_window_standalone(qtbot, repo):
    cw = CatalogWindow(repo)
    qtbot.addWidget(cw)
    cw.show()
    assert cw.tabs.count() == 4  # prices, GPUs, models, owned GPUs
    assert "prices older than" in cw.stale_label.text()


def test_reset_row_restores_bundled_value(qtbot, catalog):
    model = catalog.price_model
    col = model.columns.index("price_per_gpu_hour")
    bundled = model.record(0).price_per_gpu_hour
    assert model.setData(model.index(0, col), bundled + 1.0)
    assert model.is_user_row(0)
    _select_first(catalog.price_tab)
    assert catalog.reset_selected(catalog.price_tab) == 1
    assert model.record(0).price_per_gpu_hour == bundled
    assert not model.is_user_row(0)
    assert catalog.undo_stack.count() == 0


def test_reset_all_asks_backs_up_and_restores_every_bundled_row(qtbot, catalog, monkeypatch):
    model = catalog.price_model
    col = model.columns.index("price_per_gpu_hour")
    bundled_rows = model.rowCount()
    bundled = model.record(0).price_per_gpu_hour
    assert model.setData(model.index(0, col), bundled + 1.0)
    catalog.price_model.insert_record(model.record(0).model_copy(update={"provider": "Mine"}))
    assert model.rowCount() == bundled_rows + 1

    monkeypatch.setattr(catalog, "ask_reset_all", lambda: False)
    assert catalog.reset_all() is False and model.rowCount() == bundled_rows + 1

    monkeypatch.setattr(catalog, "ask_reset_all", lambda: True)
    with qtbot.waitSignal(catalog.catalogChanged, timeout=3000):
        assert catalog.reset_all() is True
    assert model.rowCount() == bundled_rows
    assert model.record(0).price_per_gpu_hour == bundled and not model.is_user_row(0)
    assert catalog.undo_stack.count() == 0
    assert "backup" in catalog.statusBar().currentMessage()
    assert catalog.repo.list_backups()


def test_price_history_dialog_plots_every_version(qtbot, catalog):
    model = catalog.price_model
    col = model.columns.index("price_per_gpu_hour")
    rid = model.key(0)
    for price in (2.0, 3.0):
        assert model.setData(model.index(model.row_of_key(rid), col), price)
    dlg = catalog.show_history(rid)
    qtbot.addWidget(dlg)
    assert dlg.table.rowCount() >= 3
    _, ys = dlg.curve.getData()
    assert list(ys)[-2:] == [2.0, 3.0]


def test_exchange_rates_and_display_currency(qtbot, window, catalog):
    c = window.controller
    dlg = catalog.open_fx_rates()
    qtbot.addWidget(dlg)
    assert "CNY" in dlg.spins
    dlg.spins["CNY"].setValue(8.0)  # 1 USD = 8 CNY
    dlg.display.setCurrentIndex(dlg.display.findData("CNY"))
    with qtbot.waitSignal(c.resultsChanged, timeout=3000):
        assert dlg.save()
    assert window.repo.get_fx_quotes()["CNY"].per_usd == 8.0
    assert window.repo.get_fx_rates()["CNY"] == 0.125
    assert c.snapshot.display_currency == "CNY"
    model = window.wizard.results_page.options_model
    top = c.results.options[0]
    text = model.data(model.index(0, model.COLUMNS.index("usd_per_hour")))
    assert text.startswith("¥")
    shown = float(text[1:].replace(",", ""))
    assert shown == pytest.approx(top.cost.usd_per_hour / 0.125, abs=0.01)
    assert "CNY" in window.wizard.results_page.cost_plot.plot_item.getAxis("left").labelText


def test_csv_import_column_mapping(qtbot, tmp_path, catalog):
    path = tmp_path / "theirs.csv"
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["card", "vendor_name", "hourly", "pricing", "comment"])
        for i in range(5):
            w.writerow(["rtx_4090", f"Shop {i}", 0.5 + i / 10, "owned", "x"])
    n = catalog.price_model.rowCount()
    dlg = catalog.start_import(str(path), "prices")
    qtbot.addWidget(dlg)
    assert not dlg.import_button.isEnabled()
    assert "Missing required" in dlg.info.text()
    for header, target in (
        ("card", "gpu_id"),
        ("vendor_name", "provider"),
        ("hourly", "price_per_gpu_hour"),
        ("comment", "notes"),
    ):
        combo = dlg.mapping[header]
        combo.setCurrentIndex(combo.findData(target))
    assert dlg.import_button.isEnabled(), dlg.errors.text()
    with qtbot.waitSignal(dlg.imported, timeout=10000):
        assert dlg.run_import()
    assert catalog.price_model.rowCount() == n + 5
    providers = {catalog.price_model.record(r).provider for r in range(catalog.price_model.rowCount())}
    assert "Shop 3" in providers


def test_model_edit_updates_the_wizard_and_results(qtbot, window, catalog):
    c = window.controller
    model = catalog.models_model
    assert model.editable
    row = model.row_of_key("mistral_7b_v0_1")
    col = model.columns.index("num_layers")
    before = c.workload.model.param_count()
    with qtbot.waitSignal(c.resultsChanged, timeout=3000):
        assert model.setData(model.index(row, col), 64)
    assert c.workload.model.num_hidden_layers == 64
    assert c.workload.model.param_count() > before
    # an edit that breaks the architecture is refused with a message
    heads = model.columns.index("num_key_value_heads")
    with qtbot.waitSignal(model.validationFailed, timeout=1000):
        assert not model.setData(model.index(row, heads), 7)
    catalog.undo_stack.undo()
    assert model.record(row).num_layers == 32
    assert c.workload.model.num_hidden_layers == 32


def test_editing_a_price_observes_it_today_and_undo_restores_the_old_date(qtbot, catalog):
    import datetime as dt

    model = catalog.price_model
    row = next(r for r in range(model.rowCount()) if model.record(r).gpu_id == "rtx_4090")
    rid, before = model.key(row), model.record(row)
    assert before.observed != dt.date.today().isoformat()
    assert model.setData(model.index(row, model.columns.index("price_per_gpu_hour")), "0.55")
    stored = catalog.repo.get_price(rid)
    assert stored.price_per_gpu_hour == 0.55 and stored.observed == dt.date.today().isoformat()
    catalog.undo_action.trigger()
    stored = catalog.repo.get_price(rid)
    assert (stored.price_per_gpu_hour, stored.observed) == (before.price_per_gpu_hour, before.observed)
    # a note is not a new observation; the date itself is what the user says
    row = model.row_of_key(rid)
    assert model.setData(model.index(row, model.columns.index("notes")), "checked the site")
    assert catalog.repo.get_price(rid).observed == before.observed
    assert model.setData(model.index(row, model.columns.index("observed")), "2026-03")
    assert catalog.repo.get_price(rid).observed == "2026-03"


def test_a_refused_undo_stays_on_the_stack_and_can_be_retried(qtbot, catalog):
    from gpupicker.catalog import open_catalog

    model = catalog.price_model
    stack = catalog.undo_stack
    row = next(r for r in range(model.rowCount()) if model.record(r).gpu_id == "rtx_4090")
    key, old_price = model.key(row), model.record(row).price_per_gpu_hour
    assert model.setData(model.index(row, model.columns.index("price_per_gpu_hour")), "2.5")
    edited = catalog.repo.get_price(key)
    other = open_catalog()  # another program changes the row: the undo is refused
    other.update_price(key, edited.model_copy(update={"price_per_gpu_hour": 3.25}))
    stack.undo()
    assert "another program" in catalog.statusBar().currentMessage()
    qtbot.waitUntil(lambda: stack.canUndo(), timeout=2000)
    assert stack.count() == 1 and stack.index() == 1  # was: dropped, Undo greyed out
    assert other.get_price(key).price_per_gpu_hour == 3.25  # theirs kept
    other.update_price(key, edited)  # they put it back; Undo works now
    stack.undo()
    assert catalog.repo.get_price(key).price_per_gpu_hour == old_price
    assert stack.index() == 0 and stack.canRedo()


def test_the_catalog_window_backs_up_and_restores(qtbot, window, catalog):
    """Restoring a backup was CLI-only (gpupicker catalog restore)."""
    model = catalog.price_model
    row = next(r for r in range(model.rowCount()) if model.record(r).gpu_id == "rtx_4090")
    key, price = model.key(row), model.record(row).price_per_gpu_hour
    backup = catalog.backup_now()
    assert backup is not None and backup.exists()
    assert "Backup written" in catalog.statusBar().currentMessage()
    assert model.setData(model.index(row, model.columns.index("price_per_gpu_hour")), "9.5")
    assert catalog.repo.get_price(key).price_per_gpu_hour == 9.5

    offered = []
    catalog.ask_backup = lambda backups: offered.append(list(backups)) or backups[-1]
    with qtbot.waitSignal(catalog.catalogChanged, timeout=3000):
        catalog.restore_action.trigger()
    assert offered and offered[0][-1] == backup
    assert catalog.repo.get_price(key).price_per_gpu_hour == price
    assert model.record(model.row_of_key(key)).price_per_gpu_hour == price  # table reloaded
    assert not catalog.undo_stack.canUndo()
    msg = catalog.statusBar().currentMessage()
    assert f"Restored the backup {backup.name}." in msg and "The catalog before it was saved" in msg
    assert catalog.restore_action in catalog.menuBar().actions()[0].menu().actions()


def test_csv_import_says_how_many_rows_are_exact_duplicates_and_skips_them(qtbot, tmp_path, catalog):
    """99,825 exact duplicate rows were all added without a word."""
    row = dict(
        gpu_id="rtx_4090",
        provider="Dup Cloud",
        pricing="on_demand",
        price_per_gpu_hour=0.42,
        observed="2026-11-01",
        currency="USD",
    )
    other = {**row, "provider": "Other Cloud"}
    path = tmp_path / "dups.csv"
    _write_rows(path, [row] * 400 + [other, other])
    n = catalog.price_model.rowCount()
    dlg = catalog.start_import(str(path), "prices")
    qtbot.addWidget(dlg)
    assert dlg.duplicates == 400  # 399 repeats of the first row + 1 of the other
    assert not dlg.skip_duplicates.isHidden() and dlg.skip_duplicates.isChecked()
    assert "Skip the 400 rows that repeat" in dlg.skip_duplicates.text()
    with qtbot.waitSignal(dlg.imported, timeout=10000):
        assert dlg.run_import()
    assert catalog.price_model.rowCount() == n + 2


def test_price_history_title_names_the_gpu_not_its_id(qtbot, catalog):
    model = catalog.price_model
    row = next(r for r in range(model.rowCount()) if model.record(r).gpu_id == "rtx_4090")
    rid = model.key(row)
    assert model.setData(model.index(row, model.columns.index("price_per_gpu_hour")), "0.77")
    dlg = catalog.show_history(rid)
    qtbot.addWidget(dlg)
    assert "NVIDIA GeForce RTX 4090 ·" in dlg.windowTitle()
    assert "rtx_4090" not in dlg.windowTitle()


def test_the_price_table_names_gpus_and_keeps_the_id_to_edit(catalog):
    """the GPU column shows the GPU's name (the id is what the CSV, the CLI and the
    editor use: tooltip and EditRole)."""
    from PySide6.QtCore import Qt

    model = catalog.price_model
    col = model.columns.index("gpu_id")
    row = next(r for r in range(model.rowCount()) if model.record(r).gpu_id == "rtx_4090")
    idx = model.index(row, col)
    assert idx.data(Qt.ItemDataRole.DisplayRole) == "NVIDIA GeForce RTX 4090"
    assert idx.data(Qt.ItemDataRole.EditRole) == "rtx_4090"
    assert "rtx_4090" in idx.data(Qt.ItemDataRole.ToolTipRole)


def test_an_import_that_makes_the_catalog_huge_says_what_it_costs(qtbot, tmp_path, catalog, monkeypatch):
    """above LARGE_CATALOG_PRICES current prices (lowered here) the import
    says that every ranking reads them all and how to keep them apart."""
    from PySide6.QtWidgets import QMessageBox

    from gpupicker.ui.catalog_editor import window as window_module

    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "information", lambda parent, title, text, *a, **k: shown.append(text))
    monkeypatch.setattr(window_module, "LARGE_CATALOG_PRICES", 100)
    path = tmp_path / "mine.csv"
    _write_prices(
        path,
        [
            dict(
                gpu_id="rtx_4090",
                provider="Lab",
                pricing="on_demand",
                price_per_gpu_hour=0.4,
                observed="2026-11-01",
                currency="USD",
            )
        ],
    )
    dlg = catalog.start_import(str(path), "prices")
    qtbot.addWidget(dlg)
    with qtbot.waitSignal(dlg.imported, timeout=10000):
        assert dlg.run_import()
    assert len(shown) == 1 and "current prices. Every ranking reads them all" in shown[0]
