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
