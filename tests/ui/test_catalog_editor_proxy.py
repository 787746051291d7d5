"""The catalog tab's proxy shows the rows, in the order, Qt's proxy showed.

A plain ``QSortFilterProxyModel`` set up as the tab's was (any column, case-insensitive,
sorted by ``UserRole``) is attached to the same model as a reference; after every step of a
random session (filter, sort, edits, add, delete, undo, redo, staleness, reload) both give the
same source rows in the same order, ties included. A 20,000-row catalog sorts as Qt's did.
"""

from __future__ import annotations

import random
import sys

import pytest
from PySide6.QtCore import QSortFilterProxyModel, Qt

from gpupicker.ui.catalog_editor.text_keys import fold_text, sort_key
from gpupicker.ui.catalog_editor.window import CatalogWindow
from tests.support.paths import SCRIPTS

sys.path.insert(0, str(SCRIPTS))

from bench_catalog_editor import write_csv  # noqa: E402 - the bench's own 20k-row catalog

pytestmark = pytest.mark.gui


def _reference(model) -> QSortFilterProxyModel:
    ref = QSortFilterProxyModel()
    ref.setSourceModel(model)
    ref.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    ref.setFilterKeyColumn(-1)
    ref.setSortRole(Qt.ItemDataRole.UserRole)
    return ref


def _order(proxy) -> list[int]:
    return [proxy.mapToSource(proxy.index(r, 0)).row() for r in range(proxy.rowCount())]


def _check_caches(model) -> None:
    n = model.rowCount()
    for column, keys in model._sort_keys.items():
        name = model.columns[column]
        assert keys == [sort_key(model.sort_value(r, name)) for r in range(n)], name
    if model._filter_texts is not None:
        assert model._filter_texts == [model._row_text(r) for r in range(n)]


def test_fold_text_is_a_case_insensitive_contains():
    assert fold_text("H100 SXM") == "h100 sxm"
    assert fold_text("ẞ") == fold_text("ß") == "ß"  # one character each, as Qt's regex
    assert fold_text("ΣΑΣ") == fold_text("σας") == fold_text("σαс".replace("с", "ς"))
    assert fold_text("⚠ 7 个月") == "⚠ 7 个月"
    assert len(fold_text("İstanbul")) == len("İstanbul")


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_session_matches_qt_proxy(qtbot, repo, tmp_path, seed):
    write_csv(tmp_path / "more.csv", 400)  # ties: the same prices and providers again
    repo.import_csv("prices", str(tmp_path / "more.csv"))
    w = CatalogWindow(repo)
    qtbot.addWidget(w)
    rng = random.Random(seed)
    for tab in (w.price_tab, w.gpu_tab):
        model = tab.model
        ref = _reference(model)
        ncol = model.columnCount()
        words = [
            "",
            "a",
            "h1",
            "H100",
            "clone 00",
            "usd",
            "ON",
            "⚠",
            "4090",
            "cn",
            "spot",
            "2024",
            " ",
            "lambda",
            "mo old",
            "z",
        ]
        for step in range(70):
            op = rng.choice(
                [
                    "filter",
                    "filter",
                    "sort",
                    "sort",
                    "edit",
                    "edit",
                    "edit",
                    "add",
                    "delete",
                    "undo",
                    "redo",
                    "stale",
                    "reload",
                ]
            )
            if op == "filter":
                text = rng.choice(words)
                tab.filter.setText(text)
                ref.setFilterFixedString(text)
            elif op == "sort":
                col, order = (
                    rng.randrange(-1, ncol),
                    rng.choice([Qt.SortOrder.AscendingOrder, Qt.SortOrder.DescendingOrder]),
                )
                if col < 0 and (tab.proxy.sortColumn() >= 0 or ref.sortColumn() >= 0):
                    col = rng.randrange(ncol)
                tab.proxy.sort(col, order)
                ref.sort(col, order)
            elif op == "edit" and model.rowCount():
                row = rng.randrange(model.rowCount())
                if model.table_name == "prices":
                    col, value = rng.choice(
                        [
                            ("price_per_gpu_hour", rng.choice(["1.5", "2", "0.8", "3.25"])),
                            ("provider", rng.choice(["Alpha", "alpha", "Beta clone 001", "Zeta"])),
                            ("observed", rng.choice(["2020-01-01", "2026-11-01", "2025-06"])),
                            ("notes", rng.choice(["", "ON call", "h100 too"])),
                        ]
                    )
                else:
                    col, value = rng.choice(
                        [
                            ("name", rng.choice(["A100 x", "h100 y", "Zz"])),
                            ("memory_gb", rng.choice(["24", "80", "16"])),
                        ]
                    )
                model.setData(model.index(row, model.columns.index(col)), value)
            elif op == "add":
                model.add_row(model.new_record())
            elif op == "delete" and model.rowCount():
                model.delete_row(rng.randrange(model.rowCount()))
            elif op == "undo":
                w.undo_stack.undo()
            elif op == "redo":
                w.undo_stack.redo()
            elif op == "stale" and model.table_name == "prices":
                w.set_prefs(
                    w.prefs.model_copy(update={"staleness_months": rng.choice([1, 6, 24])})
                    if hasattr(w.prefs, "model_copy")
                    else w.prefs
                )
                model.set_staleness(rng.choice([1, 6, 24]))
            elif op == "reload":
                model.reload()
            assert _order(tab.proxy) == _order(ref), (seed, step, op)
            _check_caches(model)
        assert tab.count_label.text().startswith(str(tab.proxy.rowCount()))


@pytest.mark.slow
def test_big_catalog_sorts_and_filters_as_qt_did(qtbot, repo, tmp_path):
    write_csv(tmp_path / "big.csv", 20000)
    repo.import_csv("prices", str(tmp_path / "big.csv"))
    w = CatalogWindow(repo)
    qtbot.addWidget(w)
    tab = w.price_tab
    model = tab.model
    assert model.rowCount() > 20000
    ref = _reference(model)
    price = model.columns.index("price_per_gpu_hour")
    tab.view.sortByColumn(price, Qt.SortOrder.AscendingOrder)
    ref.sort(price, Qt.SortOrder.AscendingOrder)
    assert _order(tab.proxy) == _order(ref)
    tab.filter.setText("clone 05")
    ref.setFilterFixedString("clone 05")
    assert 0 < tab.proxy.rowCount() < 3000
    assert _order(tab.proxy) == _order(ref)
    provider = model.columns.index("provider")
    tab.view.sortByColumn(provider, Qt.SortOrder.DescendingOrder)
    ref.sort(provider, Qt.SortOrder.DescendingOrder)
    tab.filter.setText("")
    ref.setFilterFixedString("")
    assert _order(tab.proxy) == _order(ref)  # rows shown again where Qt put them, ties too


def test_row_texts_built_in_idle_steps_follow_edits(qtbot, repo):
    w = CatalogWindow(repo)
    qtbot.addWidget(w)
    model = w.price_model
    model.reload()  # no texts yet
    assert model._filter_texts is None
    for _ in range(3):
        assert not model.prepare_filter_texts()  # part of the columns
    model.setData(model.index(2, model.columns.index("provider")), "Renamed in between")
    model.delete_row(4)
    qtbot.waitUntil(lambda: not w.price_tab.prepare_timer.isActive(), timeout=5000)
    assert model._filter_texts is not None
    _check_caches(model)
    w.price_tab.filter.setText("renamed IN")
    assert w.price_tab.proxy.rowCount() == 1
