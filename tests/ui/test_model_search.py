"""The wizard's model search (ui/wizard/model_list_model.py): typing, Chinese names."""

from __future__ import annotations

import pytest


@pytest.mark.gui
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
