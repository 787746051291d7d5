"""The catalog window closes from the keyboard (Esc, Ctrl+W: real window, no key closed it),
and file dialogs start in the home folder or the last one used, not the working directory."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QFileDialog


@pytest.mark.gui
@pytest.mark.parametrize("key", [Qt.Key.Key_Escape, "ctrl+w"])
def test_the_catalog_window_closes_with_esc_and_ctrl_w(qtbot, catalog, key):
    catalog.show()
    qtbot.waitExposed(catalog)
    catalog.activateWindow()
    if key == "ctrl+w":
        assert QKeySequence("Ctrl+W") in catalog.close_action.shortcuts()
        catalog.close_action.trigger()
    else:
        qtbot.keyClick(catalog, key)
    assert not catalog.isVisible()


def test_the_catalog_window_close_item_in_zh_cn(qtbot, zh_cn, window):
    cw = window.open_catalog_editor()
    qtbot.addWidget(cw)
    assert cw.close_action.text() == "关闭(&C)"


def test_file_dialogs_start_in_home_then_in_the_last_folder(monkeypatch, tmp_path):
    from gpupicker.ui.widgets import file_dialogs

    monkeypatch.setattr(file_dialogs, "_last_folder", None)
    starts: list[str] = []
    chosen = tmp_path / "jobs" / "a.json"
    chosen.parent.mkdir()

    def fake_open(_parent, _title, start, _filter):
        starts.append(start)
        return str(chosen), ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", fake_open)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", fake_open)
    monkeypatch.chdir(tmp_path)
    assert file_dialogs.ask_path(None, "open", "Open", "JSON (*.json)") == str(chosen)
    assert Path(starts[0]) == Path.home() and Path(starts[0]) != tmp_path
    file_dialogs.ask_path(None, "save", "Save", "PDF (*.pdf)", "report.pdf")
    assert Path(starts[1]) == chosen.parent / "report.pdf"
