"""The catalog window's status line follows the last edit: a "Not saved — …" refusal goes
away once a later edit is saved, and a message that is not a refusal stays."""

from __future__ import annotations

import pytest


@pytest.mark.gui
def test_a_saved_edit_clears_the_refusal_before_it(qtbot, catalog):
    model = catalog.price_model
    col = model.columns.index("price_per_gpu_hour")
    with qtbot.waitSignal(model.validationFailed, timeout=1000):
        assert not model.setData(model.index(0, col), -1)
    assert catalog.statusBar().currentMessage() == "Not saved — Price / GPU-hour: must be greater than 0"
    assert model.setData(model.index(0, col), 0.30)
    assert model.record(0).price_per_gpu_hour == pytest.approx(0.30)
    assert catalog.statusBar().currentMessage() == ""
    # undo writes too: nothing stale comes back
    catalog.undo_stack.undo()
    assert "Not saved" not in catalog.statusBar().currentMessage()


@pytest.mark.gui
def test_a_saved_edit_keeps_a_message_that_is_no_refusal(qtbot, catalog):
    model = catalog.price_model
    col = model.columns.index("price_per_gpu_hour")
    with qtbot.waitSignal(model.validationFailed, timeout=1000):
        assert not model.setData(model.index(0, col), -1)
    catalog.statusBar().showMessage("Backup written: somewhere", 10000)
    assert model.setData(model.index(0, col), 0.31)
    assert catalog.statusBar().currentMessage() == "Backup written: somewhere"
