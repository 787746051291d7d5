"""Launching: no display, --screenshot of every page, --selftest, corrupt catalog, crash dialog."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from types import SimpleNamespace

import pytest
from PySide6.QtCore import QLocale

from gpupicker.ui.app import headless as headless_mod
from gpupicker.ui.app import launch as launch_mod
from gpupicker.ui.settings.dialogs import CorruptCatalogDialog, ErrorDialog, install_excepthook
from tests.support.paths import REPO

pytestmark = pytest.mark.gui
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
PAGES = ("task", "model", "quantization", "budget", "results", "catalog")
TS = REPO / "resources" / "i18n" / "gpupicker_zh_CN.ts"


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env.update(extra)
    return env


def _run(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gpupicker", *args],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_no_display_exits_2_with_one_clear_line():
    proc = _run([], _env())
    assert proc.returncode == 2, proc.stderr
    lines = [ln for ln in proc.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, proc.stderr
    assert "no display" in lines[0]
    assert "gpupicker estimate" in lines[0] and "--screenshot" in lines[0]
    assert "Aborted" not in proc.stderr


def test_has_display_logic(monkeypatch):
    for var in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    assert not launch_mod.has_display()
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")
    assert launch_mod.has_display()


def test_screenshot_cli_without_display_sets_offscreen(tmp_path, built_translations):
    out = tmp_path / "results.png"
    proc = _run(["--screenshot", str(out), "--page", "results", "--lang", "zh_CN"], _env())
    assert proc.returncode == 0, proc.stderr
    data = out.read_bytes()
    assert data.startswith(PNG_MAGIC) and len(data) > 20_000


@pytest.mark.parametrize("page", PAGES)
def test_screenshot_of_every_page(qtbot, tmp_path, window, page):
    out = tmp_path / f"{page}.png"
    assert headless_mod.render_page(window, page, str(out))
    data = out.read_bytes()
    assert data.startswith(PNG_MAGIC) and len(data) > 10_000
    if page != "catalog":
        assert window.wizard.currentId() == window.wizard.page_ids[page]
    else:
        qtbot.addWidget(window.catalog_window)


def test_selftest_prints_one_ok_line(built_translations):
    proc = _run(["--selftest"], _env())
    assert proc.returncode == 0, proc.stderr
    ok = [ln for ln in proc.stdout.splitlines() if ln.startswith("gpupicker selftest ok:")]
    assert len(ok) == 1, proc.stdout
    assert "zh_CN translator loaded" in ok[0]


def test_gui_workload_file_is_used(tmp_path, repo):
    wl = tmp_path / "w.json"
    wl.write_text('{"task": "inference", "model_id": "llama2_7b", "batch": 2}')
    win = headless_mod.build_window(repo, str(wl))
    try:
        assert win.controller.workload.task == "inference"
        assert win.controller.workload.model is not None
    finally:
        win.close()
        win.deleteLater()


def test_gui_workload_file_is_read_like_file_open(tmp_path, repo):
    """The start-up workload goes through the same reader as File > Open (BOM, plain errors)."""
    from gpupicker.ui.wizard.workload_files import WorkloadFileError

    wl = tmp_path / "w.json"
    wl.write_bytes(b'\xef\xbb\xbf{"task": "inference", "model_id": "llama2_7b"}')
    win = headless_mod.build_window(repo, str(wl))
    win.close()
    win.deleteLater()
    wl.write_text('{"task": "inference", "model_id": "no_such_model"}')
    with pytest.raises(WorkloadFileError, match="no_such_model"):
        headless_mod.build_window(repo, str(wl))


def _corrupt_catalog() -> Path:
    path = Path(os.environ["GPUPICKER_CATALOG"])
    path.write_bytes(b"this is not a sqlite file at all" * 100)
    return path


def test_corrupt_catalog_recreated_when_user_agrees(qtbot, monkeypatch):
    path = _corrupt_catalog()
    asked = []
    monkeypatch.setattr(
        CorruptCatalogDialog, "ask", classmethod(lambda cls, where, err: asked.append(where) or True)
    )
    repo = headless_mod._open_repo(None, interactive=True)
    assert asked == [str(path)]
    assert repo is not None and repo.gpus()
    kept = [p for p in path.parent.iterdir() if "corrupt" in p.name]
    assert kept, "the damaged file must be kept aside"
    assert kept[0].read_bytes().startswith(b"this is not a sqlite")


def test_corrupt_catalog_declined_changes_nothing(qtbot, monkeypatch, capsys):
    path = _corrupt_catalog()
    monkeypatch.setattr(CorruptCatalogDialog, "ask", classmethod(lambda cls, w, e: False))
    assert headless_mod._open_repo(None, interactive=True) is None
    assert path.read_bytes().startswith(b"this is not a sqlite")
    err = capsys.readouterr().err
    assert "damaged" in err
    assert "gpupicker catalog recover" in err and "catalog reset" not in err


def test_corrupt_catalog_dialog_offers_recreate(qtbot):
    dlg = CorruptCatalogDialog("/tmp/x.sqlite", "file is not a database")
    qtbot.addWidget(dlg)
    assert dlg.defaultButton() is dlg.recreate_button
    assert "/tmp/x.sqlite" in dlg.text()
    assert "gpupicker catalog restore" in dlg.informativeText()
    assert "catalog reset" not in dlg.informativeText()


def test_excepthook_logs_and_shows_dialog_with_copy(qtbot, tmp_path, monkeypatch):
    from PySide6.QtGui import QGuiApplication

    from gpupicker.ui.settings import dialogs

    log_path = tmp_path / "gpupicker.log"
    handler = logging.FileHandler(log_path, encoding="utf-8")
    logging.getLogger("gpupicker").addHandler(handler)
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    try:
        install_excepthook(log_path)
        try:
            raise RuntimeError("boom in a slot")
        except RuntimeError:
            sys.excepthook(*sys.exc_info())
    finally:
        logging.getLogger("gpupicker").removeHandler(handler)
        handler.close()
    assert "boom in a slot" in log_path.read_text(encoding="utf-8")
    dlg = dialogs._open_dialogs[-1]
    qtbot.addWidget(dlg)
    assert isinstance(dlg, ErrorDialog) and dlg.isVisible()
    assert str(log_path) in dlg.log_label.text()
    dlg.copy_button.click()
    assert "boom in a slot" in QGuiApplication.clipboard().text()
    dlg.close()


def test_ts_has_no_unfinished_entries():
    root = ET.parse(TS).getroot()
    messages = list(root.iter("message"))
    assert len(messages) > 200
    for m in messages:
        tr = m.find("translation")
        assert tr.get("type") != "unfinished", m.find("source").text
        assert (tr.text or "").strip(), m.find("source").text


def test_ts_is_up_to_date_with_the_sources(tmp_path):
    """Re-running lupdate on a copy finds no new strings."""
    from gpupicker.ui.i18n.build import ui_sources

    copy = tmp_path / "check_zh_CN.ts"
    copy.write_bytes(TS.read_bytes())
    lupdate = Path(sys.executable).parent / "pyside6-lupdate"
    proc = subprocess.run(
        [str(lupdate), *ui_sources(), "-no-obsolete", "-ts", str(copy)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert "(0 new" in proc.stdout, proc.stdout


def test_zh_cn_translation_applies(qtbot, repo, built_translations):
    from PySide6.QtWidgets import QApplication

    from gpupicker.ui.i18n.translators import install_translators
    from gpupicker.ui.main_window import MainWindow

    app = QApplication.instance()
    loaded = install_translators(app, "zh_CN")
    try:
        assert loaded["gpupicker"]
        win = MainWindow(repo)
        qtbot.addWidget(win)
        assert win.wizard.task_page.title() == "您想运行什么？"
        assert win.wizard.results_page.vram_plot.plot_item.getAxis("bottom").labelText.startswith("单卡显存")
    finally:
        for t in getattr(app, "_gpupicker_translators", []):
            app.removeTranslator(t)
        app._gpupicker_translators = []
        QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))


def test_launch_screenshot_in_process(tmp_path, built_translations, monkeypatch):
    out = tmp_path / "budget.png"
    args = SimpleNamespace(
        catalog=None, screenshot=str(out), page="budget", gui_workload=None, lang=None, selftest=False
    )
    from PySide6.QtCore import QLocale
    from PySide6.QtWidgets import QApplication

    before = QApplication.instance()  # pytest-qt's, when an earlier test made it
    style, font = (before.styleSheet(), before.font()) if before is not None else ("", None)
    try:
        assert launch_mod.launch(args) == 0
    finally:
        # the launch styles the process's application: undo it, so later tests lay out
        # their windows with the plain style (a window of 651 px at 1000 x 640 otherwise)
        app = QApplication.instance()
        app.setStyleSheet(style)
        if font is not None:
            app.setFont(font)
        for t in getattr(app, "_gpupicker_translators", []):
            app.removeTranslator(t)
        app._gpupicker_translators = []
        QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))
    assert out.read_bytes().startswith(PNG_MAGIC)
    # the render's size is not the user's: the next real start keeps the size it had
    from PySide6.QtCore import QSettings

    from gpupicker.ui.settings.user_files import window_state_path

    state = QSettings(str(window_state_path()), QSettings.Format.IniFormat)
    assert state.value("main/geometry") is None


def test_a_second_instance_is_told_another_runs(qtbot, tmp_path, monkeypatch, capsys):
    import os

    from gpupicker.ui.app import launch, single_instance

    catalog = tmp_path / "catalog.sqlite"
    first, other = single_instance.claim(single_instance.lock_path(catalog))
    assert other is None and first.isLocked()
    _lock, other = single_instance.claim(single_instance.lock_path(catalog))
    assert other == os.getpid()  # the holder's process id

    asked = []
    monkeypatch.setattr(single_instance, "ask_open_anyway", lambda pid: asked.append(pid) or False)
    app = type("App", (), {})()
    assert launch._second_instance_ok(app, str(catalog)) is False  # the user chose Quit
    assert asked == [os.getpid()]
    err = capsys.readouterr().err
    assert "gpupicker is already running on this catalog (process" in err
    first.unlock()
    assert launch._second_instance_ok(app, str(catalog)) is True  # nobody else: no question
    assert asked == [os.getpid()] and app._gpupicker_instance_lock.isLocked()


def test_unwritable_home_prints_one_line(tmp_path):
    """GPUPICKER_HOME that cannot be created → one clear line, no traceback."""
    import os
    import subprocess
    import sys

    blocker = tmp_path / "a_file"
    blocker.write_text("not a folder")
    env = {
        k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "GPUPICKER_CATALOG")
    }
    env.update(QT_QPA_PLATFORM="offscreen", GPUPICKER_HOME=str(blocker / "home"))
    for args in (["--screenshot", str(tmp_path / "x.png")], ["--selftest"]):
        proc = subprocess.run(
            [sys.executable, "-m", "gpupicker", *args], env=env, capture_output=True, text=True, timeout=120
        )
        assert proc.returncode == 1, proc.stderr
        lines = [ln for ln in proc.stderr.splitlines() if ln.strip()]
        assert len(lines) == 1, proc.stderr
        assert "Traceback" not in proc.stderr
        assert "GPUPICKER_HOME" in lines[0] and "writable" in lines[0]


def test_gui_launch_with_unwritable_home_shows_dialog(monkeypatch, tmp_path, capsys):
    from types import SimpleNamespace

    from gpupicker.ui.app import launch as launch_mod
    from gpupicker.ui.settings.dialogs import StartupErrorDialog

    shown = []
    monkeypatch.setattr(StartupErrorDialog, "ask", classmethod(lambda cls, m: shown.append(m)))

    def boom(*_a, **_k):
        raise PermissionError(13, "Permission denied", "/nope/data")

    monkeypatch.setattr(launch_mod, "_launch", boom)
    monkeypatch.setattr(launch_mod, "has_display", lambda: True)
    rc = launch_mod.launch(
        SimpleNamespace(screenshot=None, selftest=False, catalog=None, lang=None, gui_workload=None)
    )
    assert rc == 1
    assert shown and "/nope/data" in shown[0] and "Permission denied" in shown[0]
    assert "/nope/data" in capsys.readouterr().err
