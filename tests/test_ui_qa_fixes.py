"""QA report fixes: lost updates, number entry, read-only catalog, small screens, files, precision."""

from __future__ import annotations

import sqlite3

import pytest
from PySide6.QtCore import QLocale, Qt
from PySide6.QtWidgets import QAbstractItemDelegate

from gpupicker.ui.widgets.number_input import parse_bounded, parse_number
from tests.support.paths import REPO

pytestmark = pytest.mark.gui


def _row(model, gpu_id: str = "rtx_4090") -> int:
    return next(r for r in range(model.rowCount()) if model.record(r).gpu_id == gpu_id)


def _edit_cell(qtbot, cw, model, row: int, col: int, text: str) -> None:
    """Type ``text`` into a cell through the view's delegate, as a user would."""
    tab = cw.price_tab if model is cw.price_model else cw.gpu_tab
    idx = tab.proxy.mapFromSource(model.index(row, col))
    tab.view.setFocus()
    tab.view.setCurrentIndex(idx)
    tab.view.edit(idx)
    editor = cw.focusWidget()
    editor.selectAll()
    qtbot.keyClick(editor, Qt.Key.Key_Delete)
    qtbot.keyClicks(editor, text)
    tab.view.commitData(editor)
    tab.view.closeEditor(editor, QAbstractItemDelegate.EndEditHint.NoHint)


def _price_elsewhere(key, usd: float):
    """Another program (a second connection) sets price row ``key`` to ``usd``; returns it."""
    from gpupicker.catalog import open_catalog

    other = open_catalog()
    other.update_price(key, other.get_price(key).model_copy(update={"usd_per_gpu_hour": usd}))
    return other


# ---- 1. lost update ---------------------------------------------------------------------
def test_notes_edit_keeps_price_changed_by_another_process(qtbot, catalog):
    """QA P1 #1: another connection changes the price; editing notes must not undo it."""
    model = catalog.price_model
    row = _row(model)
    key = model.key(row)
    other = _price_elsewhere(key, 9.99)
    assert model.record(row).usd_per_gpu_hour != 9.99  # the editor still shows its copy

    assert model.setData(model.index(row, model.columns.index("notes")), "edited in gui")
    fresh = other.get_price(key)
    assert fresh.usd_per_gpu_hour == 9.99
    assert fresh.notes == "edited in gui"
    assert model.record(model.row_of_key(key)).usd_per_gpu_hour == 9.99  # row re-read


def test_same_field_conflict_is_reported_and_row_reloaded(qtbot, catalog):
    model = catalog.price_model
    row = _row(model)
    key = model.key(row)
    other = _price_elsewhere(key, 7.77)
    col = model.columns.index("usd_per_gpu_hour")
    with qtbot.waitSignal(model.validationFailed, timeout=1000) as blocker:
        model.setData(model.index(row, col), "1.5")
    assert "another program" in blocker.args[0]
    assert "another program" in catalog.statusBar().currentMessage()
    assert other.get_price(key).usd_per_gpu_hour == 7.77  # theirs kept
    assert model.record(model.row_of_key(key)).usd_per_gpu_hour == 7.77  # reloaded
    assert not catalog.undo_stack.canUndo()  # the failed edit is not on the stack


def test_undo_does_not_overwrite_a_later_external_change(qtbot, catalog):
    model = catalog.price_model
    row = _row(model)
    key = model.key(row)
    col = model.columns.index("usd_per_gpu_hour")
    assert model.setData(model.index(row, col), "2.5")
    other = _price_elsewhere(key, 3.25)
    catalog.undo_stack.undo()
    assert other.get_price(key).usd_per_gpu_hour == 3.25
    assert "another program" in catalog.statusBar().currentMessage()


def test_external_change_reloads_tables_and_results(qtbot, window, catalog):
    """data_version polling: another program's write reloads the editor and re-ranks."""
    assert window.watch_timer.isActive()
    assert window.watch_timer.interval() == 2000
    model = catalog.price_model
    row = _row(model)
    key = model.key(row)
    _other = _price_elsewhere(key, 0.0123)  # kept open until the test ends
    assert window.check_external_changes()
    assert model.record(model.row_of_key(key)).usd_per_gpu_hour == pytest.approx(0.0123)
    window.controller.background = False
    qtbot.waitUntil(lambda: any(p.usd_per_gpu_hour == pytest.approx(0.0123)
                                for p in window.controller.snapshot.prices), timeout=2000)
    assert not window.check_external_changes()  # nothing new


# ---- 2. number entry --------------------------------------------------------------------
@pytest.mark.parametrize(("text", "value"), [
    ("0.39", 0.39), ("0,39", 0.39), ("1e12", 1e12), (" 2.5 ", 2.5), ("1,234.5", 1234.5),
    ("1e-7", 1e-7), ("12", 12.0)])
def test_parse_number_accepts_both_decimal_points(text, value):
    assert parse_number(text, QLocale(QLocale.Language.English)) == pytest.approx(value)


def test_parse_number_german_locale():
    de = QLocale(QLocale.Language.German, QLocale.Country.Germany)
    assert parse_number("0,39", de) == pytest.approx(0.39)
    assert parse_number("0.39", de) == pytest.approx(0.39)
    assert parse_number("1.234,5", de) == pytest.approx(1234.5)


@pytest.mark.parametrize("text", ["nan", "inf", "-inf", "abc", "", "  ", "1e400", "1,000",
                                  "0..3", "1e"])
def test_parse_number_rejects_with_message(text):
    with pytest.raises(ValueError) as err:
        parse_number(text, QLocale(QLocale.Language.English))
    assert str(err.value)


def test_parse_bounded_integer_and_range():
    assert parse_bounded("4", 1, integer=True) == 4
    with pytest.raises(ValueError, match="whole number"):
        parse_bounded("2.5", integer=True)
    with pytest.raises(ValueError, match="0 or more"):
        parse_bounded("-1", 0)


@pytest.mark.parametrize(("typed", "saved"), [("0,39", 0.39), ("0.39", 0.39), ("2", 2.0)])
def test_price_cell_typed_through_delegate_is_saved_exactly(qtbot, catalog, typed, saved):
    model = catalog.price_model
    row = _row(model)
    key = model.key(row)
    col = model.columns.index("usd_per_gpu_hour")
    _edit_cell(qtbot, catalog, model, row, col, typed)
    assert model.record(model.row_of_key(key)).usd_per_gpu_hour == pytest.approx(saved)
    assert catalog.repo.get_price(key).usd_per_gpu_hour == pytest.approx(saved)


@pytest.mark.parametrize("typed", ["1e12", "1e400", "nan", "inf", "abc", "", "-1", "0"])
def test_bad_price_cell_is_rejected_with_message(qtbot, catalog, typed):
    model = catalog.price_model
    row = _row(model)
    key = model.key(row)
    before = catalog.repo.get_price(key).usd_per_gpu_hour
    col = model.columns.index("usd_per_gpu_hour")
    with qtbot.waitSignal(model.validationFailed, timeout=1000) as blocker:
        _edit_cell(qtbot, catalog, model, row, col, typed)
    assert blocker.args[0].startswith("Not saved")
    assert "Price / GPU-hour" in blocker.args[0]
    assert catalog.repo.get_price(key).usd_per_gpu_hour == before
    assert catalog.statusBar().currentMessage() == blocker.args[0]


def test_tiny_price_is_saved_and_shown(qtbot, catalog):
    model = catalog.price_model
    row = _row(model)
    key = model.key(row)
    col = model.columns.index("usd_per_gpu_hour")
    _edit_cell(qtbot, catalog, model, row, col, "0.0000001")
    assert catalog.repo.get_price(key).usd_per_gpu_hour == pytest.approx(1e-7)
    assert model.index(model.row_of_key(key), col).data() != "0.00"


def test_integer_column_rejects_fraction(qtbot, catalog):
    model = catalog.price_model
    row = _row(model)
    col = model.columns.index("gpus_per_instance")
    with qtbot.waitSignal(model.validationFailed, timeout=1000) as blocker:
        assert not model.setData(model.index(row, col), "2.5")
    assert "whole number" in blocker.args[0]


def test_wizard_budget_accepts_comma_and_rejects_junk(qtbot, window):
    page = window.wizard.budget_page
    c = window.controller
    spin = page.budget_usd
    spin.lineEdit().selectAll()
    spin.lineEdit().setText("0,5")
    spin.interpretText()
    assert c.workload.budget_usd == pytest.approx(0.5)
    spin.lineEdit().setText("12.25")
    spin.interpretText()
    assert c.workload.budget_usd == pytest.approx(12.25)
    with qtbot.waitSignal(spin.rejected, timeout=1000) as blocker:
        spin.lineEdit().setText("abc")
        spin.fixup(spin.lineEdit().text())
    assert blocker.args[0]
    assert c.workload.budget_usd == pytest.approx(12.25)
    rate = page.max_usd_per_hour
    rate.lineEdit().setText("0,75")
    rate.interpretText()
    assert c.workload.max_usd_per_hour == pytest.approx(0.75)


def test_budget_fields_name_the_currency(window):
    page = window.wizard.budget_page
    assert "USD" in page.budget_label.text() or "$" in page.budget_usd.specialValueText()
    assert page.budget_usd.value() == 0
    assert "$" in page.budget_usd.text() or "USD" in page.budget_label.text()


# ---- 3. read-only -----------------------------------------------------------------------
class _ReadOnlyRepo:
    """Wraps a repository; reads pass through, writes fail like a read-only SQLite file."""

    read_only = True

    def __init__(self, repo):
        self._repo = repo

    def __getattr__(self, name):
        attr = getattr(self._repo, name)
        if name.startswith(("update_", "upsert_", "add_", "delete_", "reset_", "set_",
                            "import_")):
            def fail(*a, **k):
                raise sqlite3.OperationalError("attempt to write a readonly database")
            return fail
        return attr


def test_read_only_catalog_shows_banner_and_disables_editing(qtbot, repo):
    from gpupicker.ui.catalog_editor.window import CatalogWindow

    cw = CatalogWindow(_ReadOnlyRepo(repo))
    qtbot.addWidget(cw)
    cw.show()
    assert cw.read_only_banner.isVisible()
    assert "read-only" in cw.read_only_banner.text()
    for tab in (cw.price_tab, cw.gpu_tab, cw.models_tab):
        assert not tab.add_button.isEnabled()
        assert not tab.delete_button.isEnabled()
        assert not tab.duplicate_button.isEnabled()
        assert not tab.reset_button.isEnabled()
    assert not cw.import_action.isEnabled()
    model = cw.price_model
    idx = model.index(0, model.columns.index("usd_per_gpu_hour"))
    assert not (model.flags(idx) & model.flags(idx).ItemIsEditable)
    assert not model.setData(idx, "1.0")


def test_write_error_becomes_message_not_crash(qtbot, repo, monkeypatch):
    """A file that turns read-only after opening: the edit fails with a message."""
    import sys

    from gpupicker.ui.catalog_editor.window import CatalogWindow

    ro = _ReadOnlyRepo(repo)
    ro.read_only = False
    cw = CatalogWindow(ro)
    qtbot.addWidget(cw)
    cw.show()
    assert not cw.read_only_banner.isVisible()
    hooked = []
    monkeypatch.setattr(sys, "excepthook", lambda *a: hooked.append(a))
    model = cw.price_model
    col = model.columns.index("notes")
    with qtbot.waitSignal(model.writeFailed, timeout=1000):
        model.setData(model.index(0, col), "new note")
    assert not hooked
    assert "cannot be written" in cw.statusBar().currentMessage()
    assert cw.read_only_banner.isVisible()
    assert not cw.price_tab.add_button.isEnabled()
    assert not cw.undo_stack.canUndo()
    cw.price_tab.view.selectRow(0)
    assert cw.reset_selected(cw.price_tab) == 0


def test_unwritable_home_prints_one_line(tmp_path):
    """QA P1 #10: GPUPICKER_HOME that cannot be created → one clear line, no traceback."""
    import os
    import subprocess
    import sys

    blocker = tmp_path / "a_file"
    blocker.write_text("not a folder")
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "GPUPICKER_CATALOG")}
    env.update(QT_QPA_PLATFORM="offscreen", GPUPICKER_HOME=str(blocker / "home"))
    for args in (["--screenshot", str(tmp_path / "x.png")], ["--selftest"]):
        proc = subprocess.run([sys.executable, "-m", "gpupicker", *args], env=env,
                              capture_output=True, text=True, timeout=120)
        assert proc.returncode == 1, proc.stderr
        lines = [ln for ln in proc.stderr.splitlines() if ln.strip()]
        assert len(lines) == 1, proc.stderr
        assert "Traceback" not in proc.stderr
        assert "GPUPICKER_HOME" in lines[0] and "writable" in lines[0]


def test_gui_launch_with_unwritable_home_shows_dialog(monkeypatch, tmp_path, capsys):
    from types import SimpleNamespace

    from gpupicker.ui.app import launch as launch_mod
    from gpupicker.ui.app.dialogs import StartupErrorDialog

    shown = []
    monkeypatch.setattr(StartupErrorDialog, "ask", classmethod(lambda cls, m: shown.append(m)))

    def boom(*_a, **_k):
        raise PermissionError(13, "Permission denied", "/nope/data")

    monkeypatch.setattr(launch_mod, "_launch", boom)
    monkeypatch.setattr(launch_mod, "has_display", lambda: True)
    rc = launch_mod.launch(SimpleNamespace(screenshot=None, selftest=False, catalog=None,
                                           lang=None, gui_workload=None))
    assert rc == 1
    assert shown and "/nope/data" in shown[0] and "Permission denied" in shown[0]
    assert "/nope/data" in capsys.readouterr().err


# ---- 4. small screens -------------------------------------------------------------------
def test_initial_size_fits_a_1366x768_screen(qtbot, repo):
    from PySide6.QtCore import QRect

    from gpupicker.ui.main_window import MainWindow

    w = MainWindow(repo)
    qtbot.addWidget(w)
    w.resize(1240, 860)
    size = w.fit_to_screen(QRect(0, 0, 1366, 728))  # 1366×768 minus a 40 px panel
    assert size.width() <= 1366 and size.height() <= 728
    assert size.width() >= 960 and size.height() >= 600


def test_pages_usable_at_1000x640(qtbot, window):
    window.resize(1000, 640)
    wiz = window.wizard
    pages = {"task": lambda p: p.buttons["inference"], "quantization": lambda p: p.weights,
             "budget": lambda p: p.budget_usd}
    for name, widget in pages.items():
        wiz.show_page(name)
        page = wiz.currentPage()
        qtbot.wait(10)
        assert page.scroll_area.widgetResizable()
        assert page.scroll_area.widget().isAncestorOf(widget(page))  # scrolls, never cut off
    budget = wiz.budget_page
    budget.scroll_area.ensureWidgetVisible(budget.train_hours)
    qtbot.wait(10)
    assert budget.train_hours.visibleRegion().boundingRect().height() > 0
    assert wiz.button(wiz.WizardButton.NextButton).isVisible()
    wiz.show_page("results")
    window.controller.recompute()
    qtbot.wait(20)
    rp = wiz.results_page
    rows = rp.table.viewport().height() / rp.table.verticalHeader().defaultSectionSize()
    assert rows >= 6, rows
    assert window.geometry().height() <= 640


def test_long_gpu_names_elide_in_the_middle_with_tooltip(window):
    from PySide6.QtCore import Qt

    rp = window.wizard.results_page
    window.controller.recompute()
    assert rp.table.textElideMode() == Qt.TextElideMode.ElideMiddle
    m = rp.options_model
    col = m.COLUMNS.index("gpu")
    o = m.option(0)
    assert m.index(0, col).data(Qt.ItemDataRole.ToolTipRole).startswith(o.gpu_name)
    assert rp.table.horizontalHeader().sectionSize(col) <= 260


# ---- 5. file workflow -------------------------------------------------------------------
def test_save_and_open_workload_round_trip(qtbot, window, tmp_path):
    from gpupicker.core.workload import Workload

    c = window.controller
    c.update(batch=3, budget_usd=123.0)
    path = tmp_path / "w.json"
    window.ask_path = lambda *a, **k: str(path)
    window.save_action.trigger()
    text = path.read_text()
    assert '"model_id": "mistral_7b_v0_1"' in text
    assert '"model"' not in text.replace('"model_id"', "")  # catalog model saved by id
    assert Workload.model_validate_json(text).batch == 3
    c.update(batch=1, budget_usd=None)
    window.open_action.trigger()
    assert c.workload.batch == 3 and c.workload.budget_usd == 123.0
    assert c.workload.model is not None
    assert window.save_action.shortcut().toString() == "Ctrl+S"
    assert window.open_action.shortcut().toString() == "Ctrl+O"
    assert window.export_action.shortcut().toString() == "Ctrl+E"


@pytest.mark.parametrize(("content", "needle"), [
    ("{not json", "Invalid JSON"), ('{"task": "qlora"}', "model"),
    ('{"task": "qlora", "model_id": "nope"}', "nope"), ("", "empty"),
    ('{"task": "qlora", "model_id": "llama2_7b", "batch": -1}', "batch")])
def test_bad_workload_file_shows_error_dialog(qtbot, window, tmp_path, content, needle):
    path = tmp_path / "bad.json"
    path.write_text(content)
    before = window.controller.workload
    assert not window.open_workload(str(path))
    assert window.controller.workload is before
    box = window.last_error
    assert box is not None and box.isVisible() and not box.isModal()
    assert needle.lower() in (box.detailedText() + box.text()).lower()
    box.close()


def test_huge_workload_file_refused(window, tmp_path):
    path = tmp_path / "big.json"
    with path.open("wb") as f:
        f.truncate(11 * 1024 * 1024)
    assert not window.open_workload(str(path))
    assert "10 MiB" in window.last_error.detailedText()
    window.last_error.close()


def test_export_results_csv_units_and_formula_neutralized(qtbot, window, tmp_path):
    import csv

    from gpupicker.ui.wizard.workload_files import safe_cell

    window.controller.recompute()
    path = tmp_path / "r.csv"
    window.ask_path = lambda *a, **k: str(path)
    window.export_action.trigger()
    with path.open(encoding="utf-8", newline="") as f:
        rows = list(csv.reader(f))
    header = rows[0]
    assert any("(GiB)" in h for h in header)
    assert any("(USD)" in h for h in header)
    assert "Throughput (tokens/s)" in header
    shown = window.wizard.results_page.visible_options()
    assert len(rows) - 1 == len(shown)
    assert rows[1][1] == shown[0].gpu_name
    for v in ("=1+1", "+x", "-2", "@SUM(A1)"):
        assert safe_cell(v) == "'" + v
    assert safe_cell("RTX 4090") == "RTX 4090"
    assert safe_cell(-2.5) == -2.5


# ---- 6. precision -----------------------------------------------------------------------
def test_rate_format_and_cost_header(qtbot, window):
    from PySide6.QtCore import Qt

    from gpupicker.ui.i18n.formatting import fmt_rate

    assert fmt_rate(3.5) == "3.5" and fmt_rate(4.3) == "4.3"
    assert fmt_rate(1252.4) == "1,252"
    c = window.controller
    window.controller.background = False
    c.set_task("inference")
    c.update(requests_per_minute=None, train_hours=None)
    c.recompute()
    m = window.wizard.results_page.options_model
    col = m.COLUMNS.index("usd_total")
    header = m.headerData(col, Qt.Orientation.Horizontal)
    tip = m.headerData(col, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    assert header in ("Cost / 1M tokens", "Cost / month", "Total cost")
    assert tip
    if header == "Cost / 1M tokens":
        priced = [r for r in range(m.rowCount()) if m.option(r).cost.usd_per_million_tokens]
        assert priced and "/" not in m.index(priced[0], col).data()
    speed = m.COLUMNS.index("speed")
    slow = [r for r in range(m.rowCount())
            if (m.option(r).throughput.aggregate_decode_tokens_per_s
                or m.option(r).throughput.decode_tokens_per_s or 1000) < 100]
    if slow:
        assert "." in m.index(slow[0], speed).data()


# ---- 7. nothing fits --------------------------------------------------------------------
def test_nothing_fits_says_so_and_disables_filter(qtbot, window):
    from gpupicker.core.model_arch import ModelArch

    c = window.controller
    c.background = False
    arch = ModelArch(name="Huge", params=9 * 10**13, num_hidden_layers=200, hidden_size=65536,
                     num_attention_heads=512, num_key_value_heads=512, intermediate_size=262144,
                     vocab_size=32000)
    c.set_model(None, arch)
    c.recompute()
    rp = window.wizard.results_page
    assert rp.nothing_fits.isVisible() or not rp.isVisible()
    assert "Nothing fits" in rp.nothing_fits.text()
    assert "90,000 billion parameters" in rp.nothing_fits.text()
    assert not rp.only_fitting.isEnabled()
    assert rp.vram_plot.options == []
    c.set_model("mistral_7b_v0_1", c.repo.get_model("mistral_7b_v0_1"))
    c.recompute()
    assert not rp.nothing_fits.text()
    assert rp.only_fitting.isEnabled()


def test_installed_pyside_keeps_none_and_true_references():
    """PySide6 6.12.0 drops a reference to None per void call and to True per emit() (issue 10).

    pyproject.toml excludes that release and requirements.lock pins a clean one; this guards a
    lock refresh. The check is scripts/pyside_refcount_check.py, which prints -1.00 on 6.12.0.
    """
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "pyside_refcount_check", REPO / "scripts" / "pyside_refcount_check.py")
    check = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(check)
    assert check.measure() == {"None per void call (QObject.setObjectName)": 0.0,
                               "True per Signal.emit()": 0.0}


def test_real_read_only_repository_is_browsable_not_editable(qtbot, repo):
    """The catalog's own read-only mode (``open_catalog(read_only=True)``)."""
    import inspect

    from gpupicker.catalog import open_catalog
    from gpupicker.ui.catalog_editor.window import CatalogWindow

    if "read_only" not in inspect.signature(open_catalog).parameters:
        pytest.skip("catalog without a read-only mode")
    ro = open_catalog(read_only=True)
    cw = CatalogWindow(ro)
    qtbot.addWidget(cw)
    cw.show()
    assert cw.read_only_banner.isVisible()
    assert cw.price_model.rowCount() > 0
    assert not cw.price_tab.add_button.isEnabled()
    model = cw.price_model
    assert not model.setData(model.index(0, model.columns.index("notes")), "x")
