"""The budget page's provider filter and the region a first start picks: China in a Chinese
UI (a team in China rents at home), anywhere in English; a region chosen on the budget page is
remembered in the preferences for the next start."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.gui


def test_a_chinese_first_start_ranks_domestic_offers_and_remembers_a_change(qtbot, repo, zh_cn):
    from gpupicker.core.pricing.providers import offer_country
    from gpupicker.ui.compute import run_recommendation
    from gpupicker.ui.controller import WorkloadController
    from gpupicker.ui.settings.preferences import Preferences

    c = WorkloadController(repo, prefs=Preferences.load())
    assert c.workload.region == "CN"
    rec = run_recommendation(c.workload, c.snapshot)
    prices = {(p.gpu_id, p.provider, p.pricing): p for p in c.snapshot.prices}
    priced = [o for o in rec.options if o.provider]
    assert priced
    assert all(offer_country(prices[(o.gpu_id, o.provider, o.pricing)]) == "CN" for o in priced)
    c.remember_region(None)  # the user picks "Anywhere"
    assert Preferences.load().region == ""
    assert WorkloadController(repo, prefs=Preferences.load()).workload.region is None


def test_the_english_first_start_has_no_region(qtbot, repo):
    from gpupicker.ui.controller import WorkloadController
    from gpupicker.ui.settings.preferences import Preferences

    assert WorkloadController(repo, prefs=Preferences.load()).workload.region is None
    WorkloadController(repo).remember_region("CN")
    assert WorkloadController(repo, prefs=Preferences.load()).workload.region == "CN"


def test_budget_page_provider_line_filters_and_rejects_unknown_names(qtbot, window):
    page = window.wizard.budget_page
    c = window.controller
    page.providers.setText("autodl， 矩池云")
    page.providers.editingFinished.emit()
    assert c.workload.providers == ("AutoDL", "Matpool (矩池云)")
    with qtbot.waitSignal(c.inputRejected, timeout=1000) as blocker:
        page.providers.setText("AutoDL, NoSuchCloud")
        page.providers.editingFinished.emit()
    assert "NoSuchCloud" in blocker.args[0] and "RunPod" in blocker.args[0]
    assert c.workload.providers == ("AutoDL", "Matpool (矩池云)")  # nothing lost
    assert page.providers.text() == "AutoDL, NoSuchCloud"  # the typed text stays
    page.providers.setText("")
    page.providers.editingFinished.emit()
    assert c.workload.providers == ()


def test_provider_completion_finishes_the_last_name(qtbot, window):
    page = window.wizard.budget_page
    comp = page.providers.completer()
    assert comp.splitPath("AutoDL, Run") == ["Run"]
    page.providers.setText("AutoDL, Run")
    model = comp.model()
    runpod = model.index(model.stringList().index("RunPod"), 0)
    assert comp.pathFromIndex(runpod) == "AutoDL, RunPod"
    page.providers.setText("Run")
    assert comp.pathFromIndex(runpod) == "RunPod"
