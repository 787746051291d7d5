"""The main window (ui/main_window.py): the Go menu, window sizes on small screens, Alt keys."""

from __future__ import annotations

import pytest


def _texts(window, page) -> list[str]:
    """Texts with an Alt+letter on ``page`` (buddied labels, buttons) shown with the menu bar
    and the wizard's Back/Next buttons."""
    from PySide6.QtWidgets import QAbstractButton, QGroupBox, QLabel, QTabWidget, QWizard

    texts = [a.text() for a in window.menuBar().actions()]
    widgets = [w for w in page.findChildren(QLabel) if w.buddy() is not None]
    widgets += page.findChildren(QAbstractButton)
    texts += [w.text() for w in dict.fromkeys(widgets) if w.isVisibleTo(page)]
    texts += [g.title() for g in page.findChildren(QGroupBox) if g.isVisibleTo(page)]
    texts += [
        t.tabText(i) for t in page.findChildren(QTabWidget) if t.isVisibleTo(page) for i in range(t.count())
    ]
    texts += [
        window.wizard.buttonText(b)
        for b in (QWizard.WizardButton.BackButton, QWizard.WizardButton.NextButton)
    ]
    return texts


def _mnemonics(window, page) -> list[str]:
    """The Alt+letter keys of :func:`_texts`."""
    import re

    keys = []
    for t in _texts(window, page):
        m = re.search(r"&([^&\s])", t.replace("&&", ""))
        if m:
            keys.append(m.group(1).lower())
    return keys


@pytest.mark.slow
@pytest.mark.gui
@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_visible_alt_keys_are_unique_on_each_page(qtbot, repo, lang, request):
    """Two labels with the same Alt+letter on one page (or one shared with the File/Go/Help
    menus) make the key cycle instead of jumping: found on the budget page (Price / Preferred
    GPU), the precision page (Training framework / File) and the new server settings. Every
    page, for every task, on 1 and 4 GPUs, and for every serving engine.

    One window, made after the language is installed (the zh_CN case used to build an English
    one first and throw it away). The pages are walked forwards for one setup and backwards
    for the next, so a setup starts on the page the last one ended on: the wizard steps one
    page per ``next()``/``back()`` and has no page setup of its own (no ``initializePage``,
    no registered fields), so the order checks the same pages with half the steps."""
    from gpupicker.ui.main_window import MainWindow

    if lang == "zh_CN":
        request.getfixturevalue("zh_cn")
    window = MainWindow(repo)
    qtbot.addWidget(window)
    window.resize(1240 if lang == "zh_CN" else 1280, 860)
    window.show()
    qtbot.waitExposed(window)
    import typing

    from gpupicker.core.stacks.frameworks import known_frameworks
    from gpupicker.core.tasks import Task

    c = window.controller
    wiz = window.wizard
    tasks = typing.get_args(Task)
    setups = [{"task": t} for t in tasks] + [{"task": t, "num_gpus": 4} for t in tasks]
    setups += [
        {"task": "inference", "framework": f, "requests_per_minute": 60.0}
        for f in known_frameworks("inference")
    ]
    checked = 0
    pages = ("task", "model", "quantization", "budget", "results")
    for i, fields in enumerate(setups):
        c.set_task(fields["task"])
        c.update(**{k: v for k, v in fields.items() if k != "task"})
        for name in pages if i % 2 == 0 else reversed(pages):
            wiz.show_page(name)
            page = wiz.currentPage()
            keys = _mnemonics(window, page)
            assert len(keys) == len(set(keys)), f"{fields} {name}: {_texts(window, page)}"
            assert "n" in keys or name == "results"  # Next's own Alt key, 下一步(&N) in zh_CN
            checked += 1
    assert checked == 5 * len(setups) >= 5 * 20


@pytest.mark.gui
def test_the_go_menu_reaches_every_page(qtbot, window):
    from gpupicker.ui.wizard.plan_wizard import PAGE_NAMES

    assert tuple(window.go_actions) == PAGE_NAMES  # was: Results only
    wiz = window.wizard
    for name in ("budget", "task", "results", "model"):
        window.go_actions[name].trigger()
        assert wiz.currentId() == wiz.page_ids[name]
    assert window.go_actions["task"].shortcut().toString() == "Ctrl+1"


# ---- 4. small screens -------------------------------------------------------------------
@pytest.mark.gui
def test_initial_size_fits_a_1366x768_screen(qtbot, repo):
    from PySide6.QtCore import QRect

    from gpupicker.ui.main_window import MainWindow

    w = MainWindow(repo)
    qtbot.addWidget(w)
    w.resize(1240, 860)
    size = w.fit_to_screen(QRect(0, 0, 1366, 728))  # 1366×768 minus a 40 px panel
    assert size.width() <= 1366 and size.height() <= 728
    assert size.width() >= 960 and size.height() >= 600


@pytest.mark.gui
def test_pages_usable_at_1000x640(qtbot, window):
    window.resize(1000, 640)
    wiz = window.wizard
    pages = {
        "task": lambda p: p.buttons["inference"],
        "quantization": lambda p: p.weights,
        "budget": lambda p: p.budget_usd,
    }
    for name, widget in pages.items():
        wiz.show_page(name)
        page = wiz.currentPage()
        qtbot.wait(10)
        assert page.scroll_area.widgetResizable()
        assert page.scroll_area.widget().isAncestorOf(widget(page))  # scrolls, never cut off
    budget = wiz.budget_page
    budget.scroll_area.ensureWidgetVisible(budget.train_hours)
    qtbot.wait(10)
    assert budget.train_hours.visibleRegion().boundingRect().height() > 0
    assert wiz.button(wiz.WizardButton.NextButton).isVisible()
    wiz.show_page("results")
    window.controller.recompute()
    qtbot.wait(20)
    rp = wiz.results_page
    rows = rp.table.viewport().height() / rp.table.verticalHeader().defaultSectionSize()
    assert rows >= 6, rows
    assert window.geometry().height() <= 640


@pytest.mark.gui
def test_budget_page_summary_and_status_bar_give_one_count(qtbot, window):
    """The budget page's live summary and the status bar both show the view's fit_count,
    also under a budget and a region limit (the ranking they describe is the same)."""
    import re

    c, wiz = window.controller, window.wizard
    wiz.show_page("budget")
    for fields in ({"budget_usd": 50.0}, {"region": "CN", "max_usd_per_hour": 2.0}):
        c.update(**fields)
        view = c.recompute()
        qtbot.wait(10)
        fits, ranked = view.fit_count()
        assert 0 < fits <= ranked == len(view.options)
        banner = re.search(r"(\d+) of (\d+) options fit", wiz.budget_page.live.text())
        status = re.search(r"(\d+) of (\d+) GPU options fit", window.statusBar().currentMessage())
        assert banner and status
        assert banner.groups() == status.groups() == (str(fits), str(ranked))
