"""Catalog editor under outside changes and bad entry: lost updates, conflicts and reloads, typed
price cells, the read-only catalog and write errors."""

from __future__ import annotations

import sqlite3

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemDelegate

from gpupicker.ui.catalog_editor.window import CatalogWindow

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
    other.update_price(key, other.get_price(key).model_copy(update={"price_per_gpu_hour": usd}))
    return other


# ---- 1. lost update ---------------------------------------------------------------------
def test_notes_edit_keeps_price_changed_by_another_process(qtbot, catalog):
    """another connection changes the price; editing notes must not undo it."""
    model = catalog.price_model
    row = _row(model)
    key = model.key(row)
    other = _price_elsewhere(key, 9.99)
    assert model.record(row).price_per_gpu_hour != 9.99  # the editor still shows its copy

    assert model.setData(model.index(row, model.columns.index("notes")), "edited in gui")
    fresh = other.get_price(key)
    assert fresh.price_per_gpu_hour == 9.99
    assert fresh.notes == "edited in gui"
    assert model.record(model.row_of_key(key)).price_per_gpu_hour == 9.99  # row re-read


def test_same_field_conflict_is_reported_and_row_reloaded(qtbot, catalog):
    model = catalog.price_model
    row = _row(model)
    key = model.key(row)
    other = _price_elsewhere(key, 7.77)
    col = model.columns.index("price_per_gpu_hour")
    with qtbot.waitSignal(model.validationFailed, timeout=1000) as blocker:
        model.setData(model.index(row, col), "1.5")
    assert "another program" in blocker.args[0]
    assert "another program" in catalog.statusBar().currentMessage()
    assert other.get_price(key).price_per_gpu_hour == 7.77  # theirs kept
    assert model.record(model.row_of_key(key)).price_per_gpu_hour == 7.77  # reloaded
    assert not catalog.undo_stack.canUndo()  # the failed edit is not on the stack


def test_undo_does_not_overwrite_a_later_external_change(qtbot, catalog):
    model = catalog.price_model
    row = _row(model)
    key = model.key(row)
    col = model.columns.index("price_per_gpu_hour")
    assert model.setData(model.index(row, col), "2.5")
    other = _price_elsewhere(key, 3.25)
    catalog.undo_stack.undo()
    assert other.get_price(key).price_per_gpu_hour == 3.25
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
    assert model.record(model.row_of_key(key)).price_per_gpu_hour == pytest.approx(0.0123)
    window.controller.background = False
    qtbot.waitUntil(
        lambda: any(p.price_per_gpu_hour == pytest.approx(0.0123) for p in window.controller.snapshot.prices),
        timeout=2000,
    )
    assert not window.check_external_changes()  # nothing new


@pytest.mark.parametrize(("typed", "saved"), [("0,39", 0.39), ("0.39", 0.39), ("2", 2.0)])
def test_price_cell_typed_through_delegate_is_saved_exactly(qtbot, catalog, typed, saved):
    model = catalog.price_model
    row = _row(model)
    key = model.key(row)
    col = model.columns.index("price_per_gpu_hour")
    _edit_cell(qtbot, catalog, model, row, col, typed)
    assert model.record(model.row_of_key(key)).price_per_gpu_hour == pytest.approx(saved)
    assert catalog.repo.get_price(key).price_per_gpu_hour == pytest.approx(saved)


@pytest.mark.parametrize("typed", ["1e12", "1e400", "nan", "inf", "abc", "", "-1", "0"])
def test_bad_price_cell_is_rejected_with_message(qtbot, catalog, typed):
    model = catalog.price_model
    row = _row(model)
    key = model.key(row)
    before = catalog.repo.get_price(key).price_per_gpu_hour
    col = model.columns.index("price_per_gpu_hour")
    with qtbot.waitSignal(model.validationFailed, timeout=1000) as blocker:
        _edit_cell(qtbot, catalog, model, row, col, typed)
    assert blocker.args[0].startswith("Not saved")
    assert "Price / GPU-hour" in blocker.args[0]
    assert catalog.repo.get_price(key).price_per_gpu_hour == before
    assert catalog.statusBar().currentMessage() == blocker.args[0]


def test_tiny_price_is_saved_and_shown(qtbot, catalog):
    """The lowest price the catalog takes (catalog.record_checks.MIN_PRICE_PER_GPU_HOUR, 0.0001 per
    GPU-hour) is saved and shown as itself, not as 0.00; one below it is refused."""
    model = catalog.price_model
    row = _row(model)
    key = model.key(row)
    col = model.columns.index("price_per_gpu_hour")
    _edit_cell(qtbot, catalog, model, row, col, "0.0001")
    assert catalog.repo.get_price(key).price_per_gpu_hour == pytest.approx(1e-4)
    assert model.index(model.row_of_key(key), col).data() != "0.00"
    with qtbot.waitSignal(model.validationFailed, timeout=1000) as blocker:
        _edit_cell(qtbot, catalog, model, model.row_of_key(key), col, "0.0000001")
    assert "below the lowest sensible price" in blocker.args[0]
    assert catalog.repo.get_price(key).price_per_gpu_hour == pytest.approx(1e-4)


def test_integer_column_rejects_fraction(qtbot, catalog):
    model = catalog.price_model
    row = _row(model)
    col = model.columns.index("gpus_per_instance")
    with qtbot.waitSignal(model.validationFailed, timeout=1000) as blocker:
        assert not model.setData(model.index(row, col), "2.5")
    assert "whole number" in blocker.args[0]


# ---- 3. read-only -----------------------------------------------------------------------
class _ReadOnlyRepo:
    """Wraps a repository; reads pass through, writes fail like a read-only SQLite file."""

    read_only = True

    def __init__(self, repo):
        self._repo = repo

    def __getattr__(self, name):
        attr = getattr(self._repo, name)
        if name.startswith(("update_", "upsert_", "add_", "delete_", "reset_", "set_", "import_")):

            def fail(*a, **k):
                raise sqlite3.OperationalError("attempt to write a readonly database")

            return fail
        return attr


def test_read_only_catalog_shows_banner_and_disables_editing(qtbot, repo):

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
    idx = model.index(0, model.columns.index("price_per_gpu_hour"))
    assert not (model.flags(idx) & model.flags(idx).ItemIsEditable)
    assert not model.setData(idx, "1.0")


def test_write_error_becomes_message_not_crash(qtbot, repo, monkeypatch):
    """A file that turns read-only after opening: the edit fails with a message."""
    import sys

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


def test_real_read_only_repository_is_browsable_not_editable(qtbot, repo):
    """The catalog's own read-only mode (``open_catalog(read_only=True)``)."""
    import inspect

    from gpupicker.catalog import open_catalog

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
