"""File › Compare with…: the wizard's job beside a job file, differing cells marked (offscreen)."""

from __future__ import annotations

from pathlib import Path

JOBS = Path(__file__).parents[1] / "importers" / "data" / "jobs"


def test_compare_with_a_job_file_marks_differences_and_exports(window, tmp_path, monkeypatch):
    asked = iter([str(JOBS / "axolotl-llama3-lora-8b.yml"), str(tmp_path / "cmp.md")])
    monkeypatch.setattr(window, "ask_path", lambda *a: next(asked))
    d = window.open_compare()
    assert d.comparison is not None and d.table.columnCount() == 2
    assert d.table.horizontalHeaderItem(1).text() == "axolotl-llama3-lora-8b.yml"
    rows = [d.table.verticalHeaderItem(i).text() for i in range(d.table.rowCount())]
    assert "Peak VRAM per GPU (GiB)" in rows and "Total cost (USD)" in rows
    task = d.table.item(rows.index("Task"), 1)
    assert task.font().bold() and "Differs from" in task.toolTip()
    d.export_button.click()
    assert (tmp_path / "cmp.md").read_text(encoding="utf-8").startswith("| | This job |")
    d.close()


def test_compare_in_chinese(window, zh_cn, monkeypatch):
    monkeypatch.setattr(window, "ask_path", lambda *a: str(JOBS / "axolotl-llama3-qlora.yml"))
    d = window.open_compare()
    rows = [d.table.verticalHeaderItem(i).text() for i in range(d.table.rowCount())]
    assert any("显存" in r for r in rows)
    d.close()


def test_a_bad_file_is_not_added_and_says_why(window, tmp_path, monkeypatch):
    bad = tmp_path / "x.yaml"
    bad.write_text("just words\n", encoding="utf-8")
    monkeypatch.setattr(window, "ask_path", lambda *a: str(bad))
    d = window.open_compare()
    assert d.comparison is None and "Not added" in d.message.text()
    d.close()


def test_each_added_file_says_what_reading_it_left_out(window, tmp_path, monkeypatch):
    # as `gpupicker compare` prints per file: a workload JSON's unknown fields are shown, not
    # dropped
    wl = tmp_path / "odd.json"
    wl.write_text('{"task": "inference", "model_id": "llama3_8b", "flux_capacitor": 1}', encoding="utf-8")
    monkeypatch.setattr(window, "ask_path", lambda *a: str(wl))
    d = window.open_compare()
    assert d.comparison is not None
    assert not d.warnings.isHidden()
    assert d.warnings.text() == "odd.json: warning: unknown workload fields ignored: flux_capacitor"
    d.close()
