"""The curves are computed when the Curves tab shows them, and the results table's
one-row-per-GPU filter stays right when an edit keeps the row count (dataChanged, no reset)."""

from __future__ import annotations

import pytest

from gpupicker.core.report.curves import available_dimensions, memory_curves


@pytest.mark.gui
def test_curves_wait_for_their_tab_and_match_core(qtbot, window):
    c = window.controller
    c.update(train_hours=6.0, gpu="rtx_4090")
    c.recompute()
    window.wizard.show_page("results")
    page = window.wizard.results_page
    assert page.plot_tabs.currentIndex() == 0
    assert not c.results.extras.computed  # the hidden tab costs nothing per recompute
    c.update(batch=3)
    c.recompute()
    assert not c.results.extras.computed
    page.plot_tabs.setCurrentIndex(1)
    extras = c.results.extras
    assert extras.computed
    dims = available_dimensions(c.workload)
    assert set(extras["memory_curves"]) == set(dims)
    shown = page.memory_curves.selected_dimension()
    gpus = [window.repo.get_gpu(s["gpu_id"]) for s in page.memory_curves.series]
    direct = memory_curves(c.workload, gpus, shown)
    assert extras["memory_curves"][shown] == direct
    # with the tab open, each recompute draws (and so computes) the new curves
    c.update(batch=2)
    c.recompute()
    assert c.results.extras.computed


@pytest.mark.gui
def test_one_row_per_gpu_follows_an_edit_with_the_same_row_count(qtbot, window):
    c = window.controller
    c.update(train_hours=6.0)
    c.recompute()
    window.wizard.show_page("results")
    page = window.wizard.results_page
    n = page.options_model.rowCount()
    for batch in (1, 8, 2, 16):
        c.update(batch=batch)
        c.recompute()
        if page.options_model.rowCount() != n:
            continue
        fitting = [o for o in c.results.options if o.fits]
        want = list({o.gpu_id: o for o in reversed(fitting)}.values())
        assert {id(o) for o in page.visible_options()} == {id(o) for o in want}
