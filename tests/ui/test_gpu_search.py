"""The budget page's preferred-GPU combo (ui/wizard/budget_page.py): typed text filters the
100+ GPUs by any part of the name, in any case (real window: typing "NVIDIA GeForce RTX 4090"
selected an NVIDIA A100, the combo jumping on each first letter)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt


def _gpu_page(qtbot, window):
    window.wizard.show_page("budget")
    qtbot.wait(20)
    page = window.wizard.budget_page
    page.preferred_gpu.setFocus()
    return page


@pytest.mark.gui
@pytest.mark.parametrize("typed", ["RTX 4090", "rtx 4090", "NVIDIA GeForce RTX 4090"])
def test_typing_a_gpu_name_selects_that_gpu(qtbot, window, typed):
    page = _gpu_page(qtbot, window)
    edit = page.preferred_gpu.lineEdit()
    edit.selectAll()
    qtbot.keyClicks(edit, typed)
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    assert page.preferred_gpu.currentData() == "rtx_4090"
    assert window.controller.workload.gpu == "rtx_4090"
    assert page.preferred_gpu.currentText() == "NVIDIA GeForce RTX 4090"


@pytest.mark.gui
def test_the_gpu_filter_matches_any_part_of_the_name(qtbot, window):
    page = _gpu_page(qtbot, window)
    names = [page.preferred_gpu.itemText(i) for i in page.gpu_matches("h200")]
    assert names and all("H200" in n for n in names)
    completer = page.preferred_gpu.completer()
    assert completer.filterMode() == Qt.MatchFlag.MatchContains
    assert completer.caseSensitivity() == Qt.CaseSensitivity.CaseInsensitive


@pytest.mark.gui
def test_text_that_names_no_gpu_is_reported_and_the_gpu_stays(qtbot, window):
    page = _gpu_page(qtbot, window)
    before = page.preferred_gpu.currentData()
    messages: list[str] = []
    window.controller.inputRejected.connect(messages.append)
    edit = page.preferred_gpu.lineEdit()
    edit.selectAll()
    qtbot.keyClicks(edit, "quantum 9000")
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    assert page.preferred_gpu.currentData() == before
    assert page.preferred_gpu.currentText() == page.preferred_gpu.itemText(page.preferred_gpu.currentIndex())
    assert any("quantum 9000" in m for m in messages)
