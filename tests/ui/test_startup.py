"""The window paints its first page before the heavy imports, then builds the rest."""

from __future__ import annotations

import os
import subprocess
import sys
from types import SimpleNamespace

import pytest
from PySide6.QtCore import Qt

from tests.support.paths import REPO

pytestmark = pytest.mark.gui

CHILD = r"""
import sys
from gpupicker.ui.app import startup
seen = {}
HEAVY = ("pydantic", "gpupicker.core", "gpupicker.catalog", "pyqtgraph", "numpy",
         "gpupicker.ui.wizard.model_page", "gpupicker.ui.wizard.quantization_page",
         "gpupicker.ui.wizard.budget_page", "gpupicker.ui.results.page", "gpupicker.ui.controller")

def mark(name):
    seen[name] = sorted(m for m in HEAVY if m in sys.modules)
    if name == "painted":  # PySide6 adds its lazily built ``Qt`` namespace type on first use
        seen["qt_namespace"] = "Qt" in vars(sys.modules["PySide6.QtCore"])
    if name == "settled":
        from PySide6.QtWidgets import QApplication
        win = next(w for w in QApplication.topLevelWidgets() if type(w).__name__ == "MainWindow")
        seen["page_ids"] = sorted(win.wizard.page_ids)
        seen["ready"] = win.is_ready()
        seen["task"] = win.controller.workload.task
        print("SEEN", seen, flush=True)
        win.close()

startup.MILESTONES.append(mark)
from gpupicker.cli import main
raise SystemExit(main([]))
"""


def test_first_page_paints_before_the_heavy_imports_then_everything_is_built(tmp_path):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "GPUPICKER_HOME": str(tmp_path)}
    env.pop("GPUPICKER_CATALOG", None)
    proc = subprocess.run(
        [sys.executable, "-c", CHILD], cwd=REPO, env=env, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stderr
    line = next(ln for ln in proc.stdout.splitlines() if ln.startswith("SEEN "))
    seen = eval(line[5:])  # noqa: S307 - our own child's dict literal
    assert seen["painted"] == []  # nothing heavy before the first page is on screen
    # nor Qt's ``Qt`` namespace: its first use builds all of its ~100 enums (127 M
    # instructions, callgrind: a seventh of the whole start to the first paint)
    assert seen["qt_namespace"] is False
    assert "gpupicker.catalog" in seen["catalog"] and "pydantic" in seen["catalog"]
    assert {
        "gpupicker.ui.wizard.model_page",
        "gpupicker.ui.wizard.quantization_page",
        "gpupicker.ui.wizard.budget_page",
    } <= set(seen["pages"])
    assert seen["page_ids"] == sorted(("task", "model", "quantization", "budget", "results"))
    assert seen["ready"] is True and seen["task"] == "qlora"
    # the plots come after the window is ready, on a turn of their own: the first visit of
    # the results page is a page switch
    assert "pyqtgraph" not in seen["pages"] and "pyqtgraph" in seen["plots"]


RELOAD_CHILD = r"""
import gc
from gpupicker.ui.app.headless import _open_repo, build_window
from gpupicker.ui.app.launch import _app
from gpupicker.ui.settings.heap import settle_heap
app = _app(None)
win = build_window(_open_repo(None, interactive=False))
ctl = win.controller
ctl.background = False
def tracked(obj):
    return any(o is obj for o in gc.get_objects())
before = ctl.snapshot.prices
print("UNFROZEN_BEFORE_SETTLE", tracked(before))
settle_heap()  # what the start does once the window is built
print("UNFROZEN_AFTER_SETTLE", tracked(before), "YOUNG", gc.get_threshold()[0])
ctl.on_catalog_changed()  # a catalog edit: a new snapshot
print("NEW_SNAPSHOT", ctl.snapshot.prices is not before, "UNFROZEN", tracked(ctl.snapshot.prices))
win.close()
"""


def test_a_reloaded_catalog_snapshot_is_frozen_like_the_start_up_heap(tmp_path):
    # a catalog of 17,500 prices left in the collected generations made every full
    # collection scan it (58 ms about once in 15 recommendations); a process that froze its
    # start-up heap freezes each new snapshot too (WorkloadController._adopt)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "GPUPICKER_HOME": str(tmp_path)}
    env.pop("GPUPICKER_CATALOG", None)
    proc = subprocess.run(
        [sys.executable, "-c", RELOAD_CHILD], cwd=REPO, env=env, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "UNFROZEN_BEFORE_SETTLE True" in out
    assert "UNFROZEN_AFTER_SETTLE False YOUNG 10000" in out  # young collections per ranking
    assert "NEW_SNAPSHOT True UNFROZEN False" in out, out


def test_window_started_in_steps_keeps_a_task_picked_before_the_controller(qtbot, repo):
    from gpupicker.ui.main_window import MainWindow

    win = MainWindow()
    qtbot.addWidget(win)
    assert list(win.wizard.page_ids) == ["task"] and not win.is_ready()
    assert not win.open_action.isEnabled() and win.quit_action.isEnabled()
    win.wizard.task_page.buttons["inference"].setChecked(True)  # clicked during the start
    steps = list(win.start_steps(repo))
    assert steps == ["controller", "pages", "ready", "plots"]
    assert win.wizard.results_page.plots_built()  # the first visit of the page is a switch
    assert win.is_ready() and win.open_action.isEnabled()
    assert win.controller.workload.task == "inference"
    assert win.wizard.task_page.buttons["inference"].isChecked()
    assert list(win.wizard.page_ids) == ["task", "model", "quantization", "budget", "results"]


def test_staged_start_reports_an_unusable_workload_and_exits_2(qtbot, tmp_path, monkeypatch, capsys):
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from gpupicker.ui.app import launch as launch_mod

    bad = tmp_path / "w.json"
    bad.write_text('{"task": "inference", "model_id": "no_such_model"}')

    # the real event loop: the start ends it with app.exit(2) (an exit outside app.exec
    # would leave Qt's quit flag set for the rest of the session); a hang guard of 120 s (a
    # staged start on a machine loaded by other jobs took over 30 s)
    QTimer.singleShot(120_000, QApplication.instance().quit)
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    args = SimpleNamespace(
        catalog=None, screenshot=None, page=None, gui_workload=str(bad), lang="en_US", selftest=False
    )
    import logging

    root = logging.getLogger()
    before = list(root.handlers)
    try:
        assert launch_mod.launch(args) == 2
    finally:  # the start's log file handler
        for handler in root.handlers[:]:
            if handler not in before:
                root.removeHandler(handler)
                handler.close()
    assert "cannot use workload" in capsys.readouterr().err
    for w in QApplication.topLevelWidgets():
        w.close()


def test_the_window_started_without_arguments_gets_the_parsers_defaults():
    from gpupicker.cli import WINDOW_DEFAULTS, build_parser

    assert vars(build_parser(subcommands=False).parse_args([])) == WINDOW_DEFAULTS


def test_cli_knows_every_subcommand_without_building_their_parsers():
    from gpupicker.cli import SUBCOMMANDS, build_parser

    full = build_parser()
    sub = next(a for a in full._actions if a.__class__.__name__ == "_SubParsersAction")
    assert set(SUBCOMMANDS) == set(sub.choices)
    for name in SUBCOMMANDS:  # each one alone registers itself (the parser of a CLI run)
        one = build_parser(only=name)
        lone = next(a for a in one._actions if a.__class__.__name__ == "_SubParsersAction")
        assert name in lone.choices and set(lone.choices) < set(sub.choices)


def test_a_cli_run_imports_only_its_own_subcommand():
    """``gpupicker recommend`` builds only its own parser: the MCP server's and the report's
    modules are not imported."""
    code = "import sys; from gpupicker.cli import main; main(['recommend', '-h'])"
    p = subprocess.run([sys.executable, "-c", code + "\n"], capture_output=True, text=True, check=False)
    assert p.returncode == 0 and "--message-ids" in p.stdout
    code = (
        "import sys\nfrom gpupicker.cli import build_parser\n"
        "build_parser(only='recommend').parse_args(['recommend', '--workload', 'x'])\n"
        "print(sorted(m for m in sys.modules if m.startswith('gpupicker.cli.')))"
    )
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert p.returncode == 0, p.stderr
    assert "gpupicker.cli.mcp_server" not in p.stdout and "gpupicker.cli.recommend" in p.stdout


def test_a_word_of_another_subcommand_before_it_is_parsed_with_every_subcommand(capsys):
    """``--page catalog`` names a page, not the catalog command: the one-subcommand parser
    fails and the full one parses it, as before."""
    from gpupicker.cli import main

    with pytest.raises(SystemExit) as exc:
        main(["--page", "catalog", "estimate", "--help"])
    assert exc.value.code == 0
    assert "usage: gpupicker estimate" in capsys.readouterr().out


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_next_shows_on_every_page_but_the_last_of_a_staged_start(qtbot, repo, request, lang):
    """The first page is shown, alone, before the other pages exist (as every real start
    does): QWizard decided then that it had no Next, and Enter / Alt+N did nothing there."""
    from PySide6.QtWidgets import QApplication, QWizard

    from gpupicker.ui.main_window import MainWindow
    from gpupicker.ui.wizard.plan_wizard import PAGE_NAMES
    from gpupicker.ui.wizard.task_page import MODEL_PAGE_ID

    if lang == "zh_CN":
        request.getfixturevalue("zh_cn")
    assert PAGE_NAMES.index("model") == MODEL_PAGE_ID
    win = MainWindow()
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    wiz = win.wizard
    nxt = wiz.button(QWizard.WizardButton.NextButton)
    assert nxt.isVisible() and not nxt.isEnabled()  # from the first paint, until page 2 exists
    for _step in win.start_steps(repo):
        pass
    if lang == "zh_CN":
        assert "(&N)" in nxt.text(), nxt.text()  # Qt's own 下一步(&N): Alt+N
    else:
        assert "&Next" in nxt.text(), nxt.text()
    for name in PAGE_NAMES[:-1]:
        wiz.show_page(name)
        assert nxt.isVisible() and nxt.isEnabled() and nxt.isDefault(), name
    wiz.show_page("results")
    assert not nxt.isVisible()

    wiz.show_page("task")
    wiz.task_page.buttons["qlora"].setFocus()
    qtbot.keyClick(QApplication.focusWidget() or wiz, Qt.Key.Key_Return)
    assert wiz.currentId() == wiz.page_ids["model"]
