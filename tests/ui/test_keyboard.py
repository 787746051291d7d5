"""The wizard driven by keys alone, as on the real window (Xvfb + xdotool): every key lands
on something visible, and Enter goes on from wherever Tab and the arrow keys left the focus."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QScrollArea


def _press(qtbot, window, key) -> None:
    qtbot.keyClick(QApplication.focusWidget() or window, key)


@pytest.mark.gui
def test_tab_and_arrows_on_the_first_page_then_enter_shows_the_model_page(qtbot, window):
    """Tab, Tab, Down, Up left the focus on the page's scroll area (no focus shown), where
    Enter did nothing: the wizard stayed on page 1 (real window, Xvfb)."""
    window.wizard.show_page("task")
    qtbot.wait(20)
    for key in (Qt.Key.Key_Tab, Qt.Key.Key_Tab, Qt.Key.Key_Down, Qt.Key.Key_Up):
        _press(qtbot, window, key)
        assert not isinstance(QApplication.focusWidget(), QScrollArea)
    _press(qtbot, window, Qt.Key.Key_Return)
    assert window.wizard.currentId() == window.wizard.page_ids["model"]


@pytest.mark.gui
@pytest.mark.parametrize("page", ["task", "quantization", "budget"])
def test_tab_never_stops_on_a_scroll_area(qtbot, window, page):
    window.wizard.show_page(page)
    qtbot.wait(20)
    seen = set()
    for _ in range(40):
        _press(qtbot, window, Qt.Key.Key_Tab)
        w = QApplication.focusWidget()
        assert not isinstance(w, QScrollArea), type(w).__name__
        seen.add(w)
    assert len(seen) >= 2  # the fields (one stop for a group of radio buttons) and Next


@pytest.mark.gui
def test_enter_goes_on_after_the_focus_left_next(qtbot, window):
    """Embedded, the wizard lost its Enter default once the focus had been on Next and left:
    Enter from a field of every input page shows the next page."""
    wiz = window.wizard
    for page, after in (("model", "quantization"), ("quantization", "budget"), ("budget", "results")):
        wiz.show_page(page)
        qtbot.wait(20)
        nxt = wiz.button(wiz.WizardButton.NextButton)
        nxt.setFocus()
        _press(qtbot, window, Qt.Key.Key_Tab)  # off Next, onto the page's first field
        assert QApplication.focusWidget() is not nxt
        _press(qtbot, window, Qt.Key.Key_Return)
        assert wiz.currentId() == wiz.page_ids[after], page
