"""GUI: the Owned GPUs tab's "This computer" button (recorded tool outputs stand in for the
tools; tests/core/data/detect/README.md gives their sources)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from gpupicker.service import this_computer

DATA = Path(__file__).parents[1] / "core" / "data" / "detect"


@pytest.fixture
def recorded_tools(monkeypatch: pytest.MonkeyPatch) -> None:
    outputs = [
        ("nvidia-smi", (DATA / "nvidia-smi-4090-3090.csv").read_text(encoding="utf-8")),
        ("meminfo", (DATA / "meminfo-64g.txt").read_text(encoding="utf-8")),
    ]
    monkeypatch.setattr(
        this_computer, "run_tools", lambda *a, **k: this_computer.ToolOutputs(outputs=list(outputs))
    )


def test_this_computer_shows_what_was_found_and_saves_it_on_request(qtbot, catalog, repo, recorded_tools):
    tab = catalog.owned_tab
    assert not tab.save_detected_button.isVisible()
    qtbot.mouseClick(tab.detect_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "rtx_3090" in tab.detected.text(), timeout=5000)
    text = tab.detected.text()
    assert "NVIDIA GeForce RTX 4090 → rtx_4090 (24.0 GiB, 23.0 GiB free)" in text
    assert "RAM: 62.8 GiB" in text
    assert repo.owned_gpus() == []  # nothing saved before Save
    assert tab.save_detected_button.isVisibleTo(tab)
    tab.save_detected_button.click()
    assert {o.gpu_id for o in repo.owned_gpus()} == {"rtx_4090", "rtx_3090"}
    assert tab.table.rowCount() == 2
    assert "purchase price 0" in tab.message.text()


def test_this_computer_in_chinese(qtbot, catalog, repo, recorded_tools, zh_cn):
    tab = catalog.owned_tab
    tab.detect_button.click()
    qtbot.waitUntil(lambda: "rtx_3090" in tab.detected.text(), timeout=5000)
    assert "rtx_4090（24.0 GiB，空闲 23.0 GiB）" in tab.detected.text()
    assert "内存：62.8 GiB" in tab.detected.text()
    tab.save_detected_button.click()
    assert "购买价 0" in tab.message.text()
