"""An edit repaints only the table rows and plots whose content changed — and what
is on screen afterwards is exactly what a full repaint shows."""

from __future__ import annotations

import pytest


def _on_screen(window, widget):
    """The pixels of ``widget`` as the window's backing store holds them (not re-rendered)."""
    from PySide6.QtCore import QPoint, QRect

    top_left = widget.mapTo(window, QPoint(0, 0))
    shot = window.screen().grabWindow(window.winId()).toImage()
    return shot.copy(QRect(top_left, widget.size()))


def _settle(qtbot, window):
    c = window.controller
    c.recompute()
    for _ in range(3):
        qtbot.wait(1)


@pytest.mark.gui
@pytest.mark.parametrize("sort_column", [-1, 9])
def test_painted_table_and_plots_equal_a_full_repaint(qtbot, window, sort_column):
    from PySide6.QtGui import QGuiApplication

    if QGuiApplication.platformName() != "offscreen":
        pytest.skip("reads the offscreen platform's backing store")
    c = window.controller
    c.update(train_hours=6.0)
    window.resize(780, 760)  # inside the 800 × 800 offscreen screen, so grabWindow sees it all
    window.wizard.show_page("results")
    page = window.wizard.results_page
    if sort_column >= 0:
        page.table.sortByColumn(sort_column, page.table.horizontalHeader().sortIndicatorOrder())
    _settle(qtbot, window)
    widgets = [page.table.viewport(), page.vram_plot.viewport(), page.cost_plot.viewport()]
    edits = [
        {"budget_usd": 500.0},
        {"budget_usd": 501.0},
        {"batch": 8},
        {"budget_usd": 3.0},
        {"budget_usd": 9000.0},
        {"batch": 2},
        {"train_hours": 7.0},
    ]
    for edit in edits:
        assert c.update(**edit)
        _settle(qtbot, window)
        painted = [_on_screen(window, w) for w in widgets]
        for w in widgets:
            w.repaint()
        for w, before in zip(widgets, painted, strict=True):
            assert _on_screen(window, w) == before, (edit, w.parent())
    # a change of one shown row's text alone (no label or layout around the table moves)
    model = page.options_model
    top = page.proxy.mapToSource(page.proxy.index(0, 0)).row()
    options = model.options()
    options[top] = options[top].model_copy(update={"rank": 99})  # the first, visible column
    model.set_options(
        options,
        model.unit,
        model.training,
        model.currency,
        model.usd_per_unit,
        sort_column=page.proxy.sortColumn(),
    )
    for _ in range(3):
        qtbot.wait(1)
    painted = _on_screen(window, widgets[0])
    widgets[0].repaint()
    assert _on_screen(window, widgets[0]) == painted


@pytest.mark.gui
def test_unchanged_rows_are_not_signalled(qtbot, window):
    c = window.controller
    c.update(train_hours=6.0)
    c.recompute()
    model = window.wizard.results_page.options_model
    options = list(c.results.options)
    model.set_options(options)
    for row in range(3):  # rows "painted": their texts were asked for
        model.data(model.index(row, 0))
    signals: list[tuple[int, int]] = []
    model.dataChanged.connect(lambda a, b, *_: signals.append((a.row(), b.row())))
    model.set_options(list(options))
    assert signals == []  # nothing that shows changed
    changed = [*options]
    changed[1] = options[1].model_copy(update={"price_observed": "1999-01-01"})
    model.set_options(changed)
    assert signals == [(1, 1)]
    assert model.data(model.index(1, model.COLUMNS.index("observed"))).startswith("1999-01-01")
    signals.clear()
    model.set_options(options, sort_column=2)  # a sorting proxy gets every row
    assert signals == [(0, len(options) - 1)]


@pytest.mark.gui
def test_only_rows_read_to_paint_are_compared(qtbot, window):
    """Rows whose texts were read for column widths (``row_texts``) are not on screen: a
    change there is not signalled; a row the view read (``data``) is, until a full-range
    change repaints every row; an equal option formatted in another currency is."""
    c = window.controller
    c.update(train_hours=6.0)
    c.recompute()
    model = window.wizard.results_page.options_model
    options = list(c.results.options)
    model.set_options(options)  # a reset: nothing on screen yet
    model.data(model.index(0, 0))  # painted
    model.row_texts(5)  # read to size a column
    signals: list[tuple[int, int]] = []
    model.dataChanged.connect(lambda a, b, *_: signals.append((a.row(), b.row())))
    changed = [*options]
    changed[5] = options[5].model_copy(update={"price_observed": "1999-01-01"})
    model.set_options(changed)
    assert signals == []
    assert model.row_texts(5)[model.COLUMNS.index("observed")].startswith("1999-01-01")
    changed[0] = options[0].model_copy(update={"price_observed": "1999-01-02"})
    model.set_options(changed)
    assert signals == [(0, 0)]
    model.set_options(changed, currency="CNY", usd_per_unit=0.14)  # same options, other money
    assert signals == [(0, 0), (0, 0)]
    model.set_options(changed, currency="CNY", usd_per_unit=0.14, sort_column=2)  # every row
    assert signals[-1] == (0, len(options) - 1)
    model.set_options([*options])  # nothing read since the full repaint: nothing to signal
    assert len(signals) == 3


@pytest.mark.gui
@pytest.mark.parametrize("only_fitting", [True, False])
def test_the_delegate_paints_what_qt_paints_from_data(qtbot, window, only_fitting):
    """OptionsDelegate fills the style option itself; Qt's own delegate asks ``data`` for
    each role. Same pixels: bold labelled rows, coloured fit cells, grey rows that do not
    fit, a selected row, right-aligned numbers, column widths sized from the texts."""
    from PySide6.QtWidgets import QStyledItemDelegate

    c = window.controller
    c.update(train_hours=6.0)
    c.recompute()
    window.wizard.show_page("results")
    page = window.wizard.results_page
    page.only_fitting.setChecked(only_fitting)
    page.one_per_gpu.setChecked(False)
    page.table.selectRow(1)
    if not only_fitting:
        page.table.scrollToBottom()  # the options that do not fit come last
        assert not page.visible_options()[-1].fits
    ours = page.table.itemDelegate()
    mine = page.table.viewport().grab().toImage()
    widths = [page.table.sizeHintForColumn(col) for col in range(page.proxy.columnCount())]
    page.table.setItemDelegate(QStyledItemDelegate(page.table))
    assert page.table.viewport().grab().toImage() == mine
    assert [page.table.sizeHintForColumn(col) for col in range(page.proxy.columnCount())] == widths
    page.table.setItemDelegate(ours)
