"""The wizard's model search (ui/wizard/model_list_model.py): typing, Chinese names."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication


def _shown_id(page) -> str:
    cur = page.view.currentIndex()
    assert cur.isValid()
    return page.list_model.model_at(page.proxy.mapToSource(cur).row()).id


@pytest.mark.gui
def test_the_model_stays_while_the_search_still_lists_it(qtbot, window):
    c = window.controller
    page = window.wizard.model_page
    window.wizard.show_page("model")
    assert c.workload.model_id == "mistral_7b_v0_1"
    qtbot.keyClicks(page.search, "mistral")
    assert c.workload.model_id == "mistral_7b_v0_1" == _shown_id(page)
    page.search.clear()
    assert c.workload.model_id == "mistral_7b_v0_1" == _shown_id(page)


@pytest.mark.gui
def test_a_search_that_hides_the_model_selects_the_first_match_and_enter_runs_it(qtbot, window):
    """Real window: "llama 2 13b" left one row, "Selected: Mistral 7B", and Enter ran the
    hidden Mistral 7B. The first visible match is the model, in the label and the run."""
    c = window.controller
    page = window.wizard.model_page
    window.wizard.show_page("model")
    qtbot.wait(20)
    assert QApplication.focusWidget() is page.search  # typing on arrival goes to the search
    qtbot.keyClicks(page.search, "llama 2 13b")
    assert page.proxy.rowCount() >= 1
    first = page.list_model.model_at(page.proxy.mapToSource(page.proxy.index(0, 0)).row())
    assert "13" in first.name and "llama" in first.name.lower()
    assert c.workload.model_id == first.id == _shown_id(page)
    assert first.name in page.selected_label.text()
    qtbot.keyClick(page.search, Qt.Key.Key_Return)
    assert window.wizard.currentId() == window.wizard.page_ids["quantization"]
    assert c.workload.model_id == first.id


@pytest.mark.gui
def test_down_in_the_search_goes_into_the_list(qtbot, window):
    c = window.controller
    page = window.wizard.model_page
    window.wizard.show_page("model")
    qtbot.wait(20)
    qtbot.keyClicks(page.search, "qwen")
    qtbot.keyClick(page.search, Qt.Key.Key_Down)
    assert QApplication.focusWidget() is page.view
    before = _shown_id(page)
    qtbot.keyClick(page.view, Qt.Key.Key_Down)  # the arrow keys now move in the list
    assert _shown_id(page) != before and c.workload.model_id == _shown_id(page)


@pytest.mark.gui
def test_next_waits_while_the_search_hides_every_model(qtbot, window):
    page = window.wizard.model_page
    window.wizard.show_page("model")
    qtbot.keyClicks(page.search, "qwen 9999")
    assert not page.isComplete()
    qtbot.keyClick(page.search, Qt.Key.Key_Return)
    assert window.wizard.currentId() == window.wizard.page_ids["model"]
    page.search.clear()
    assert page.isComplete()


def test_model_search_finds_qwen_by_its_chinese_name(qtbot, window):
    page = window.wizard.model_page
    page.search.setText("千问")
    proxy = page.proxy
    assert proxy.rowCount() > 0
    names = [proxy.data(proxy.index(r, 0)) for r in range(proxy.rowCount())]
    assert all("qwen" in (n or "").lower() for n in names), names


@pytest.mark.gui
@pytest.mark.parametrize(
    ("query", "task", "wanted"),
    [
        ("sdxl", "image_gen", "sdxl_base"),
        ("qwen 72", "inference", "qwen2_5_72b"),
        ("千问 72", "inference", "qwen2_5_72b"),
        ("72b qwen2.5", "inference", "qwen2_5_72b"),
        ("千问72", "inference", "qwen2_5_72b"),
        ("sd 1.5", "image_gen", "sd1_5_unet"),
    ],
)
def test_model_search_matches_words_in_any_order_over_ids_names_and_aliases(
    qtbot, window, query, task, wanted
):
    window.controller.set_task(task)
    page = window.wizard.model_page
    window.wizard.show_page("model")
    if query.isascii():
        qtbot.keyClicks(page.search, query)
    else:  # QtTest types ASCII only; an input method inserts the text
        page.search.insert(query)
    proxy = page.proxy
    ids = [
        page.list_model.model_at(proxy.mapToSource(proxy.index(r, 0)).row()).id
        for r in range(proxy.rowCount())
    ]
    assert wanted in ids, (query, ids)
    assert not page.no_match.isVisible()


@pytest.mark.gui
def test_a_search_that_hides_every_model_says_so(qtbot, window):
    page = window.wizard.model_page
    window.wizard.show_page("model")
    qtbot.keyClicks(page.search, "qwen 9999")
    assert page.proxy.rowCount() == 0
    assert page.no_match.isVisible() and "qwen 9999" in page.no_match.text()
    page.search.clear()
    assert page.proxy.rowCount() > 0 and not page.no_match.isVisible()
