"""Launch config… on the results page (ui/results/launch_control.py): disabled, saying why,
for a job with no launcher; a dialog left open closes when the job changes (real window: an
axolotl job left the button enabled and a click did nothing; an open dialog kept showing the
previous job's ``trl sft … Mistral-7B`` command)."""

from __future__ import annotations

import pytest


@pytest.mark.gui
def test_launch_config_is_disabled_with_the_reason_for_a_job_without_a_launcher(qtbot, window):
    c = window.controller
    page = window.wizard.results_page
    c.update(train_hours=6.0)
    c.recompute()
    assert page.launch_button.isEnabled()
    c.update(framework="axolotl")
    c.recompute()
    assert not page.launch_button.isEnabled()
    assert "no launcher for training framework 'axolotl'" in page.launch_button.toolTip()


@pytest.mark.gui
def test_an_open_launch_dialog_closes_when_the_job_changes(qtbot, window):
    c = window.controller
    page = window.wizard.results_page
    c.update(train_hours=6.0)
    c.recompute()
    dlg = page.show_launch_config()
    assert dlg is not None and dlg.isVisible()
    qtbot.addWidget(dlg)
    c.update(framework="axolotl")
    assert not dlg.isVisible() and page.launch_dialog is None


@pytest.mark.gui
def test_the_disabled_launch_button_says_why_in_zh_cn(qtbot, zh_cn, window):
    c = window.controller
    c.update(framework="axolotl", train_hours=6.0)
    c.recompute()
    page = window.wizard.results_page
    assert not page.launch_button.isEnabled()
    assert page.launch_button.toolTip().startswith("没有启动配置：")
