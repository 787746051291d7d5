"""What a new user's first session found (issue 10), one test per fix."""

from __future__ import annotations

import pytest

from tests.support.paths import REPO

pytestmark = pytest.mark.gui


def test_typing_in_the_model_search_does_not_change_the_model(qtbot, window):
    c = window.controller
    page = window.wizard.model_page
    window.wizard.show_page("model")
    assert c.workload.model_id == "mistral_7b_v0_1"
    qtbot.keyClicks(page.search, "llama 2")
    assert page.proxy.rowCount() >= 1
    assert c.workload.model_id == "mistral_7b_v0_1"  # was: Llama 2 7B, silently
    first = page.list_model.model_at(page.proxy.mapToSource(page.proxy.index(0, 0)).row())
    page.view.setCurrentIndex(page.proxy.index(0, 0))  # the user picks a row
    assert c.workload.model_id == first.id
    page.search.clear()
    assert c.workload.model_id == first.id
    cur = page.view.currentIndex()
    assert cur.isValid() and page.list_model.model_at(page.proxy.mapToSource(cur).row()).id == first.id


def test_run_times_read_in_minutes_hours_days_or_years(qtbot):
    from gpupicker.ui.i18n.formatting import fmt_hours

    assert fmt_hours(0.005) == "< 1 min"
    assert fmt_hours(0.2) == "12 min"  # was "0.0 h"-style rounding for short runs
    assert fmt_hours(5.25) == "5.2 h" or fmt_hours(5.25) == "5.3 h"
    assert fmt_hours(100) == "4.2 days"
    assert fmt_hours(24 * 365.25 * 3) == "3.0 years"  # was "1,095.8 days"


def test_nothing_fits_names_the_advice_box_by_the_gpu_name_not_a_cut_title(qtbot, repo):
    """A GPU name with " (" in it ("NVIDIA A10G (AWS G5)") used to be cut at " ("."""
    from gpupicker.core.model_arch import ModelArch
    from gpupicker.ui.main_window import MainWindow

    repo.update_gpu_fields("rtx_4090", {"name": "NVIDIA A10G (AWS G5)"})
    window = MainWindow(repo)
    qtbot.addWidget(window)
    c = window.controller
    c.background = False
    c.update(gpu="rtx_4090")
    c.set_model(None, ModelArch(name="Huge", params=9 * 10**13, num_hidden_layers=200,
                                hidden_size=65536, num_attention_heads=512,
                                num_key_value_heads=512, intermediate_size=262144,
                                vocab_size=32000))
    c.recompute()
    text = window.wizard.results_page.nothing_fits.text()
    assert "See “What to change to fit NVIDIA A10G (AWS G5)” below" in text


def test_editing_a_price_observes_it_today_and_undo_restores_the_old_date(qtbot, catalog):
    import datetime as dt

    model = catalog.price_model
    row = next(r for r in range(model.rowCount()) if model.record(r).gpu_id == "rtx_4090")
    rid, before = model.key(row), model.record(row)
    assert before.observed != dt.date.today().isoformat()
    assert model.setData(model.index(row, model.columns.index("usd_per_gpu_hour")), "0.55")
    stored = catalog.repo.get_price(rid)
    assert stored.usd_per_gpu_hour == 0.55 and stored.observed == dt.date.today().isoformat()
    catalog.undo_action.trigger()
    stored = catalog.repo.get_price(rid)
    assert (stored.usd_per_gpu_hour, stored.observed) == (before.usd_per_gpu_hour, before.observed)
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
    key, old_price = model.key(row), model.record(row).usd_per_gpu_hour
    assert model.setData(model.index(row, model.columns.index("usd_per_gpu_hour")), "2.5")
    edited = catalog.repo.get_price(key)
    other = open_catalog()  # another program changes the row: the undo is refused
    other.update_price(key, edited.model_copy(update={"usd_per_gpu_hour": 3.25}))
    stack.undo()
    assert "another program" in catalog.statusBar().currentMessage()
    qtbot.waitUntil(lambda: stack.canUndo(), timeout=2000)
    assert stack.count() == 1 and stack.index() == 1  # was: dropped, Undo greyed out
    assert other.get_price(key).usd_per_gpu_hour == 3.25  # theirs kept
    other.update_price(key, edited)  # they put it back; Undo works now
    stack.undo()
    assert catalog.repo.get_price(key).usd_per_gpu_hour == old_price
    assert stack.index() == 0 and stack.canRedo()


def test_the_go_menu_reaches_every_page(qtbot, window):
    from gpupicker.ui.main_window import PAGE_NAMES

    assert tuple(window.go_actions) == PAGE_NAMES  # was: Results only
    wiz = window.wizard
    for name in ("budget", "task", "results", "model"):
        window.go_actions[name].trigger()
        assert wiz.currentId() == wiz.page_ids[name]
    assert window.go_actions["task"].shortcut().toString() == "Ctrl+1"


def test_zh_cn_calls_the_catalog_jiageku_never_mulu(qtbot, repo, built_translations):
    """"目录" reads as "directory"; the catalog is 价格库 (shared/design/zh_CN-review.md)."""
    import xml.etree.ElementTree as ET

    from PySide6.QtCore import QLocale
    from PySide6.QtWidgets import QApplication

    from gpupicker.ui.i18n.translators import install_translators
    from gpupicker.ui.main_window import MainWindow

    ts = ET.parse(REPO / "resources" / "i18n" / "gpupicker_zh_CN.ts").getroot()  # noqa: F405
    assert not [m.find("source").text for m in ts.iter("message")
                if "目录" in (m.find("translation").text or "")]
    app = QApplication.instance()
    install_translators(app, "zh_CN")
    try:
        win = MainWindow(repo)
        qtbot.addWidget(win)
        assert win.status_label.text().startswith("价格库：")
    finally:
        for t in getattr(app, "_gpupicker_translators", []):
            app.removeTranslator(t)
        app._gpupicker_translators = []
        QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))


def test_a_second_instance_is_told_another_runs(qtbot, tmp_path, monkeypatch, capsys):
    import os

    from gpupicker.ui.app import launch, single_instance

    catalog = tmp_path / "catalog.sqlite"
    first, other = single_instance.claim(single_instance.lock_path(catalog))
    assert other is None and first.isLocked()
    _lock, other = single_instance.claim(single_instance.lock_path(catalog))
    assert other == os.getpid()  # the holder's process id

    asked = []
    monkeypatch.setattr(single_instance, "ask_open_anyway", lambda pid: asked.append(pid) or False)
    app = type("App", (), {})()
    assert launch._second_instance_ok(app, str(catalog)) is False  # the user chose Quit
    assert asked == [os.getpid()]
    err = capsys.readouterr().err
    assert "gpupicker is already running on this catalog (process" in err
    first.unlock()
    assert launch._second_instance_ok(app, str(catalog)) is True  # nobody else: no question
    assert asked == [os.getpid()] and app._gpupicker_instance_lock.isLocked()


def test_the_catalog_window_backs_up_and_restores(qtbot, window, catalog):
    """Restoring a backup was CLI-only (gpupicker catalog restore)."""
    model = catalog.price_model
    row = next(r for r in range(model.rowCount()) if model.record(r).gpu_id == "rtx_4090")
    key, price = model.key(row), model.record(row).usd_per_gpu_hour
    backup = catalog.backup_now()
    assert backup is not None and backup.exists()
    assert "Backup written" in catalog.statusBar().currentMessage()
    assert model.setData(model.index(row, model.columns.index("usd_per_gpu_hour")), "9.5")
    assert catalog.repo.get_price(key).usd_per_gpu_hour == 9.5

    offered = []
    catalog.ask_backup = lambda backups: offered.append(list(backups)) or backups[-1]
    with qtbot.waitSignal(catalog.catalogChanged, timeout=3000):
        catalog.restore_action.trigger()
    assert offered and offered[0][-1] == backup
    assert catalog.repo.get_price(key).usd_per_gpu_hour == price
    assert model.record(model.row_of_key(key)).usd_per_gpu_hour == price  # table reloaded
    assert not catalog.undo_stack.canUndo()
    msg = catalog.statusBar().currentMessage()
    assert f"Restored the backup {backup.name}." in msg and "The catalog before it was saved" in msg
    assert catalog.restore_action in catalog.menuBar().actions()[0].menu().actions()


def _write_rows(path, rows):
    import csv

    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)


def test_csv_import_says_how_many_rows_are_exact_duplicates_and_skips_them(qtbot, tmp_path,
                                                                          catalog):
    """99,825 exact duplicate rows were all added without a word."""
    row = dict(gpu_id="rtx_4090", provider="Dup Cloud", pricing="on_demand",
               usd_per_gpu_hour=0.42, observed="2026-11-01", currency="USD")
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


def test_cli_import_names_duplicates_and_skips_them_on_request(tmp_path, capsys):
    from gpupicker import cli

    row = dict(gpu_id="rtx_4090", provider="Dup Cloud", pricing="on_demand",
               usd_per_gpu_hour=0.42, observed="2026-11-01", currency="USD")
    path = tmp_path / "dups.csv"
    _write_rows(path, [row] * 5)
    assert cli.main(["catalog", "import", "prices", str(path), "--dry-run"]) == 0
    assert "4 rows repeat an earlier row of the file exactly" in capsys.readouterr().out
    assert cli.main(["catalog", "import", "prices", str(path), "--skip-duplicates"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("imported 1 prices rows: 1 added") and "were skipped" in out


def test_price_history_title_names_the_gpu_not_its_id(qtbot, catalog):
    model = catalog.price_model
    row = next(r for r in range(model.rowCount()) if model.record(r).gpu_id == "rtx_4090")
    rid = model.key(row)
    assert model.setData(model.index(row, model.columns.index("usd_per_gpu_hour")), "0.77")
    dlg = catalog.show_history(rid)
    qtbot.addWidget(dlg)
    assert "NVIDIA GeForce RTX 4090 ·" in dlg.windowTitle()
    assert "rtx_4090" not in dlg.windowTitle()


def test_the_budget_page_sets_the_gpu_count(qtbot, window):
    """The wizard had no widget for Workload.num_gpus (the preferred GPU's fit check uses it)."""
    page = window.wizard.budget_page
    page.gpu_count.setValue(4)
    assert window.controller.workload.num_gpus == 4
    window.controller.update(num_gpus=2)
    assert page.gpu_count.value() == 2
