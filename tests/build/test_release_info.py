"""--version, Help › About, the bundled CJK fallback font, crash traces."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from gpupicker import __version__
from gpupicker.version_info import VersionInfo, build_info, bundled_data_date, version_info
from tests.support.paths import REPO

ROOT = REPO
TS = ROOT / "resources" / "i18n" / "gpupicker_zh_CN.ts"
CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


# --- version ---------------------------------------------------------------------------------


def test_version_flag_from_source():
    proc = subprocess.run(
        [sys.executable, "-m", "gpupicker", "--version"], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    line = proc.stdout.strip()
    assert re.fullmatch(
        rf"gpupicker {re.escape(__version__)} \(commit ([0-9a-f]{{7,40}}|unknown), "
        r"bundled data (\d{4}-\d{2}-\d{2}|unknown)\)",
        line,
    ), line
    assert "bundled data 20" in line  # the source checkout has dated prices


def test_version_is_the_pyproject_version():
    import tomllib

    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert __version__ == pyproject["project"]["version"]
    assert version_info().version == __version__


def test_bundled_data_date_is_the_newest_observed_day(tmp_path):
    (tmp_path / "prices.csv").write_text(
        "gpu_id,observed\na,2025-11-16\nb,2024-03\nc,unknown\nd,2025-12-01\n", encoding="utf-8"
    )
    (tmp_path / "prices-2026-10.csv").write_text("gpu_id,observed\ne,2026-10-02\n", encoding="utf-8")
    assert bundled_data_date(tmp_path) == "2026-10-02"
    assert bundled_data_date(tmp_path / "nowhere") == "unknown"


def test_build_info_of_a_bundle(tmp_path):
    (tmp_path / "build-info.json").write_text(
        json.dumps({"commit": "abc1234def56", "built": "2026-12-01T10:00:00Z"})
    )
    assert build_info(tmp_path) == {"commit": "abc1234def56", "built": "2026-12-01T10:00:00Z"}
    assert build_info(tmp_path / "none") == {}
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "build-info.json").write_text("{not json")
    assert build_info(tmp_path / "bad") == {}
    line = VersionInfo("0.1.0", "abc1234", "2026-10-02").line()
    assert line == "gpupicker 0.1.0 (commit abc1234, bundled data 2026-10-02)"


# --- About -----------------------------------------------------------------------------------


@pytest.mark.gui
def test_about_shows_version_commit_data_qt_and_paths(qtbot, repo):
    import PySide6
    from PySide6.QtCore import qVersion
    from PySide6.QtWidgets import QWidget

    from gpupicker import paths
    from gpupicker.ui.settings.about import about_facts, show_about

    facts = dict(about_facts(repo))
    info = version_info()
    assert facts["Version"] == __version__
    assert facts["Commit"] == info.commit
    assert info.data_date in facts["Bundled catalog data"]
    assert facts["Qt / PySide6"] == f"{qVersion()} / {PySide6.__version__}"
    assert facts["Catalog"] == str(repo.path)
    assert facts["Log folder"] == str(paths.user_log_dir())
    assert facts["Licences"].endswith("THIRD-PARTY-NOTICES.txt")
    parent = QWidget()
    parent.repo = repo
    qtbot.addWidget(parent)
    box = show_about(parent)
    text = box.text()
    for value in (__version__, info.commit, qVersion(), PySide6.__version__, "MIT", "LGPL"):
        assert value in text
    box.close()


@pytest.fixture
def repo(tmp_path):
    from gpupicker.ui.catalog_access import open_repository

    return open_repository(str(tmp_path / "catalog.sqlite"))


# --- CJK font --------------------------------------------------------------------------------


def _ts_cjk_chars() -> set[str]:
    chars: set[str] = set()
    for tr in ET.parse(TS).getroot().iter("translation"):
        chars.update(CJK.findall(tr.text or ""))
    return chars


def _data_cjk_chars() -> set[str]:
    """Hanzi of the bundled catalog CSVs (provider and accelerator names, notes)."""
    chars: set[str] = set()
    for path in (ROOT / "data").glob("*.csv"):
        chars.update(CJK.findall(path.read_text(encoding="utf-8")))
    return chars


def _gb2312_hanzi() -> str:
    """GB 2312's hanzi decoded here, independently of packaging/make_cjk_font.py: EUC-CN lead
    bytes 0xB0–0xD7 are level 1 (3755), 0xD8–0xF7 level 2 (3008) — GB 2312-80 §5."""
    out = []
    for row in range(0xB0, 0xF8):
        for cell in range(0xA1, 0xFF):
            try:
                out.append(bytes([row, cell]).decode("gb2312"))
            except UnicodeDecodeError:
                continue
    return "".join(out)


@pytest.fixture(scope="module")
def cjk_raw_font(qapp):
    from PySide6.QtGui import QRawFont

    from gpupicker.ui.app.fonts import cjk_font_path

    raw = QRawFont(str(cjk_font_path()), 12.0)
    assert raw.isValid()
    return raw


def _missing(raw, chars) -> str:
    return "".join(sorted(ch for ch in set(chars) if not raw.supportsCharacter(ord(ch))))


def test_cjk_font_is_small_licensed_and_covers_the_translation(cjk_raw_font):
    from gpupicker.ui.app.fonts import cjk_font_path

    path = cjk_font_path()
    assert path.is_file()
    # GB 2312 levels 1 and 2 subset measured at 1.51 MB (level 1 only was 0.82 MB); the full
    # Noto Sans CJK face is 16 MB. The onedir bundle must stay within 150 MB.
    assert path.stat().st_size < 1_700_000
    ofl = (path.parent / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in ofl and "Adobe" in ofl
    chars = _ts_cjk_chars()
    assert len(chars) > 500
    assert not _missing(cjk_raw_font, chars)
    for ch in "的一是在不了有和人这中大为上个国我以要他":  # the commonest hanzi
        assert cjk_raw_font.supportsCharacter(ord(ch))


def test_cjk_font_covers_gb2312_both_levels_and_the_catalog(cjk_raw_font):
    hanzi = _gb2312_hanzi()
    assert len(hanzi) == 6763  # GB 2312-80: 3755 level-1 + 3008 level-2 hanzi
    assert not _missing(cjk_raw_font, hanzi)
    data = _data_cjk_chars()
    assert {"沐", "曦", "燧", "寒"} <= data  # the domestic accelerator rows are there
    assert not _missing(cjk_raw_font, data)
    # the level-2 characters of vendor names that showed as boxes (鲲鹏, 沐曦, 燧原, 壁仞)
    assert not _missing(cjk_raw_font, "鲲鹏沐曦燧原壁仞骁醴")


def test_font_check_catches_a_missing_glyph(cjk_raw_font):
    assert _missing(cjk_raw_font, "鲲\U0010fffd") == "\U0010fffd"


def test_registered_font_renders_chinese_without_boxes(qapp):
    from gpupicker.ui.app.fonts import cjk_render_check, register_cjk_fallback

    status = register_cjk_fallback()
    assert status.family == "Noto Sans CJK SC gpupicker subset", status
    result = cjk_render_check()
    assert result.ok, result
    assert result.families


def test_render_check_reports_boxes(qapp):
    from gpupicker.ui.app.fonts import cjk_render_check

    result = cjk_render_check("\U000e01ef\U0010fffd")  # unassigned / private use: no font has it
    assert not result.ok


# --- crash traces ----------------------------------------------------------------------------

CRASHER = """
import sys
from pathlib import Path
from gpupicker.ui.app.crash import start_fault_log
print(start_fault_log(Path(sys.argv[1])), flush=True)
import faulthandler
faulthandler._sigsegv()
"""


def test_hard_crash_leaves_a_fault_log_and_the_next_start_offers_it(tmp_path, monkeypatch):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONFAULTHANDLER"}
    proc = subprocess.run(
        [sys.executable, "-c", CRASHER, str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        cwd=ROOT,
    )
    assert proc.returncode != 0
    fault = Path(proc.stdout.strip())
    assert fault.parent == tmp_path and fault.name.startswith("fault-")
    assert "Fatal Python error: Segmentation fault" in fault.read_text(encoding="utf-8")

    import logging

    from gpupicker.ui.app import crash

    records: list[str] = []
    handler = logging.Handler()
    handler.emit = lambda r: records.append(r.getMessage())  # type: ignore[method-assign]
    logging.getLogger("gpupicker").addHandler(handler)
    try:
        kept = crash.collect_crashes(tmp_path)
    finally:
        logging.getLogger("gpupicker").removeHandler(handler)
    assert len(kept) == 1 and kept[0].name.startswith("crash-") and not fault.exists()
    assert any("Segmentation fault" in r for r in records)  # copied into gpupicker.log
    assert crash.collect_crashes(tmp_path) == []  # offered once

    asked, opened = [], []
    monkeypatch.setattr(
        crash.CrashReportDialog, "ask", classmethod(lambda cls, c, log, parent=None: asked.append(c) or True)
    )
    monkeypatch.setattr(
        crash.QDesktopServices, "openUrl", staticmethod(lambda url: opened.append(url.toLocalFile()) or True)
    )
    log_file = tmp_path / "gpupicker.log"
    log_file.write_text("x", encoding="utf-8")
    assert crash.offer_crash_log(kept, log_file)
    assert asked == kept and opened == [str(log_file)]
    assert not crash.offer_crash_log([], log_file)


FATAL = """
import ctypes, sys
from pathlib import Path
from gpupicker.ui.app.crash import start_fault_log
print(start_fault_log(Path(sys.argv[1])), flush=True)
ctypes.pythonapi.Py_FatalError(b"none_dealloc: deallocating None (test)")
"""


def test_a_python_fatal_error_reaches_the_fault_log_when_stderr_is_no_terminal(tmp_path):
    """Py_FatalError writes to descriptor 2 and turns faulthandler off, so the fault
    file stayed empty and the next start offered nothing."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONFAULTHANDLER"}
    proc = subprocess.run(
        [sys.executable, "-c", FATAL, str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        cwd=ROOT,
    )
    assert proc.returncode != 0
    fault = Path(proc.stdout.strip())
    text = fault.read_text(encoding="utf-8")
    assert "Fatal Python error: none_dealloc: deallocating None (test)" in text
    from gpupicker.ui.app import crash

    assert len(crash.collect_crashes(tmp_path)) == 1


def test_clean_exit_removes_the_empty_fault_file(tmp_path):
    from gpupicker.ui.app import crash

    path = crash.start_fault_log(tmp_path)
    try:
        assert path is not None and path.is_file()
    finally:
        crash.stop_fault_log()
    assert not path.exists()
    old = tmp_path / "fault-999999.log"
    old.write_text("")
    os.utime(old, (1, 1))
    assert crash.collect_crashes(tmp_path) == [] and not old.exists()


def test_stderr_output_of_a_clean_session_is_logged_not_a_crash(tmp_path, caplog):
    """A library writing to stderr during a session that then exits cleanly: the next start
    must not offer a crash report (the fault file is the crash marker, not its text)."""
    from gpupicker.ui.app import crash

    path = crash.start_fault_log(tmp_path)
    assert path is not None
    try:
        os.write(2, b"some library's warning on stderr\n")
    finally:
        with caplog.at_level("WARNING", logger="gpupicker.stderr"):
            crash.stop_fault_log()
    assert not path.exists()
    assert "some library's warning on stderr" in caplog.text
    assert crash.collect_crashes(tmp_path) == []


def test_qt_messages_before_the_log_file_wait_for_it_not_in_the_fault_file(tmp_path, caplog):
    """The log file is set up after the first paint; a Qt warning before it (the
    offscreen plugin gives two while the window is shown) reached descriptor 2, the fault
    file, and the next start offered a crash report for a clean session."""
    from PySide6.QtCore import qWarning

    from gpupicker.ui.app import fault_log

    path = fault_log.start_fault_log(tmp_path)
    assert path is not None
    try:
        qWarning("early Qt warning (test)")
        assert path.read_text(encoding="utf-8") == ""
        with caplog.at_level("WARNING", logger="gpupicker.qt"):
            fault_log.log_early_messages()
            qWarning("later Qt warning (test)")
        assert "early Qt warning (test)" in caplog.text
        assert "later Qt warning (test)" in caplog.text
    finally:
        fault_log.stop_fault_log()
    assert not path.exists()  # empty: removed on the clean exit


@pytest.mark.gui
def test_crash_dialog_translated(qtbot):
    from gpupicker.ui.app.crash import CrashReportDialog

    dlg = CrashReportDialog(Path("/x/crash.log"), Path("/x/gpupicker.log"))
    qtbot.addWidget(dlg)
    assert "/x/gpupicker.log" in dlg.text()
    assert CJK.search(
        ET.tostring(ET.parse(TS).getroot(), encoding="unicode").split("<name>CrashReportDialog</name>", 1)[1]
    )


@pytest.mark.gui
def test_gui_start_offers_the_log_of_a_crashed_session(qtbot, monkeypatch, _isolated_home):
    """The GUI start collects a fault file a crashed session left, asks once, and its own
    (empty) fault file is gone after a clean exit."""
    import logging
    from types import SimpleNamespace

    from PySide6.QtWidgets import QApplication

    from gpupicker import paths
    from gpupicker.ui.app import crash
    from gpupicker.ui.app import launch as launch_mod

    log_dir = paths.user_log_dir()
    (log_dir / "fault-424242.log").write_text("Fatal Python error: Aborted\n", encoding="utf-8")
    asked: list[tuple[Path, Path | None]] = []
    monkeypatch.setattr(
        crash.CrashReportDialog,
        "ask",
        classmethod(lambda cls, c, log, parent=None: asked.append((c, log)) or False),
    )

    def fake_exec(self=None):
        for _ in range(400):  # the window builds its pages a step per event-loop turn
            QApplication.processEvents()
            if asked:
                break
        for w in QApplication.topLevelWidgets():
            w.close()
        return 0

    monkeypatch.setattr(QApplication, "exec", fake_exec)
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    root = logging.getLogger()
    before = list(root.handlers)
    try:
        args = SimpleNamespace(
            catalog=None, screenshot=None, page=None, gui_workload=None, lang="en_US", selftest=False
        )
        assert launch_mod.launch(args) == 0
    finally:
        for handler in root.handlers[:]:
            if handler not in before:
                root.removeHandler(handler)
                handler.close()
    assert len(asked) == 1 and asked[0][0].name.startswith("crash-")
    assert asked[0][1] == log_dir / "gpupicker.log"
    assert "Fatal Python error: Aborted" in (log_dir / "gpupicker.log").read_text(encoding="utf-8")
    assert list(log_dir.glob("fault-*.log")) == []  # ours removed at exit, the old one kept


def test_notices_path_in_source_and_frozen_layouts(tmp_path, monkeypatch):
    from gpupicker.ui.settings import about

    assert about.notices_path() == ROOT / "THIRD-PARTY-NOTICES.txt"
    assert about.notices_path().is_file()
    app = tmp_path / "gpupicker.app" / "Contents"
    (app / "MacOS").mkdir(parents=True)
    (app / "Resources").mkdir()
    (app / "Resources" / "THIRD-PARTY-NOTICES.txt").write_text("x")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(app / "MacOS" / "gpupicker"))
    assert about.notices_path() == app / "Resources" / "THIRD-PARTY-NOTICES.txt"
    onedir = tmp_path / "gpupicker"
    onedir.mkdir()
    (onedir / "THIRD-PARTY-NOTICES.txt").write_text("x")
    monkeypatch.setattr(sys, "executable", str(onedir / "gpupicker"))
    assert about.notices_path() == onedir / "THIRD-PARTY-NOTICES.txt"
