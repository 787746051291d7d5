"""Saving and opening workload files (ui/wizard/workload_files.py): round trip, bad, huge and
unknown-field files."""

from __future__ import annotations

import pytest


@pytest.mark.gui
def test_open_workload_names_unknown_fields(qtbot, window, tmp_path):
    """File › Open keeps a visible warning naming the keys no field reads (core
    Workload.unknown_fields, as the CLI's warning); annotation keys such as ``id`` are quiet."""
    path = tmp_path / "typo.json"
    path.write_text(
        '{"task": "inference", "model_id": "mistral_7b_v0_1", "id": "case-1", '
        '"max_num_seq": 64, "gpu_mem_util": 0.8, "batch": 2}'
    )
    assert window.open_workload(str(path))
    assert window.controller.workload.batch == 2
    label = window.open_warning_label
    shown = label.text()
    assert label.isVisible() and shown == window.open_warning
    assert "max_num_seq" in shown and "gpu_mem_util" in shown and "typo.json" in shown
    assert "case-1" not in shown and "id," not in shown and "batch" not in shown
    window.controller.recompute()  # a recompute's status message does not hide it
    qtbot.wait(20)
    assert label.isVisible() and label.text() == shown
    good = tmp_path / "good.json"
    good.write_text('{"task": "inference", "model_id": "mistral_7b_v0_1", "id": "x"}')
    assert window.open_workload(str(good))
    assert window.open_warning == "" and not label.isVisible()


@pytest.mark.gui
def test_open_workload_names_a_key_given_twice(qtbot, window, tmp_path):
    """File › Open takes the last value of a repeated key, as json does, and says so."""
    path = tmp_path / "twice.json"
    path.write_text('{"task": "inference", "model_id": "mistral_7b_v0_1", "batch": 1, "batch": 3}')
    assert window.open_workload(str(path))
    assert window.controller.workload.batch == 3
    assert window.open_warning == ("Keys given more than once (twice.json), the last value used: batch")
    assert window.open_warning_label.isVisible()


# ---- 5. file workflow -------------------------------------------------------------------
@pytest.mark.gui
def test_save_and_open_workload_round_trip(qtbot, window, tmp_path):
    from gpupicker.core.workload import Workload

    c = window.controller
    c.update(batch=3, budget_usd=123.0)
    path = tmp_path / "w.json"
    window.ask_path = lambda *a, **k: str(path)
    window.save_action.trigger()
    text = path.read_text()
    assert '"model_id": "mistral_7b_v0_1"' in text
    assert '"model"' not in text.replace('"model_id"', "")  # catalog model saved by id
    assert Workload.model_validate_json(text).batch == 3
    c.update(batch=1, budget_usd=None)
    window.open_action.trigger()
    assert c.workload.batch == 3 and c.workload.budget_usd == 123.0
    assert c.workload.model is not None
    assert window.save_action.shortcut().toString() == "Ctrl+S"
    assert window.open_action.shortcut().toString() == "Ctrl+O"
    assert window.export_action.shortcut().toString() == "Ctrl+E"


@pytest.mark.gui
@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ("{not json", "Invalid JSON"),
        ('{"task": "qlora"}', "model"),
        ('{"task": "qlora", "model_id": "nope"}', "nope"),
        ("", "empty"),
        ('{"task": "qlora", "model_id": "llama2_7b", "batch": -1}', "batch"),
    ],
)
def test_bad_workload_file_shows_error_dialog(qtbot, window, tmp_path, content, needle):
    path = tmp_path / "bad.json"
    path.write_text(content)
    before = window.controller.workload
    assert not window.open_workload(str(path))
    assert window.controller.workload is before
    box = window.last_error
    assert box is not None and box.isVisible() and not box.isModal()
    assert needle.lower() in (box.detailedText() + box.text()).lower()
    box.close()


@pytest.mark.gui
def test_huge_workload_file_refused(window, tmp_path):
    path = tmp_path / "big.json"
    with path.open("wb") as f:
        f.truncate(11 * 1024 * 1024)
    assert not window.open_workload(str(path))
    assert "10 MiB" in window.last_error.detailedText()
    window.last_error.close()


def test_file_open_reads_a_job_config_and_says_what_it_did_not_use(window, tmp_path):
    """File › Open of an axolotl YAML (fields of axolotl's examples/llama-3/qlora.yml, see
    tests/importers/data/jobs/): the wizard shows the job, the status bar what was not used."""
    from pathlib import Path

    src = Path(__file__).parents[1] / "importers" / "data" / "jobs" / "axolotl-llama3-qlora.yml"
    assert window.open_workload(str(src))
    w = window.live.workload
    assert (w.task, w.model_id, w.seq_len, w.batch, w.lora.r) == ("qlora", "llama3_8b", 4096, 2, 32)
    label = window.open_warning_label
    assert label.isVisible() and "axolotl" in label.text()
    assert label.text().startswith("Read from the axolotl job: ")  # not "a axolotl"
    assert "learning_rate" in label.toolTip() and "base_model → model_id" in label.toolTip()


def test_job_summary_line_in_zh_cn(zh_cn):
    """The status-bar line of a job read keeps its zh_CN translation."""
    from gpupicker.importers.job_model import JobRead
    from gpupicker.ui.wizard.workload_files import job_summary

    job = JobRead(kind="ollama", read=[("model", "model_id")])
    line, _ = job_summary(job)
    assert line == "已从 ollama 任务读取：1 个键设置了任务配置，0 个未使用"


def test_file_open_of_a_command_line_and_of_a_bad_job(window, tmp_path, monkeypatch):
    cmd = tmp_path / "serve.sh"
    cmd.write_text(
        "vllm serve meta-llama/Llama-3.1-8B-Instruct \\\n  --max-model-len 8192\n", encoding="utf-8"
    )
    assert window.open_workload(str(cmd))
    assert (window.live.workload.framework, window.live.workload.max_model_len) == ("vllm", 8192)
    shown = []
    monkeypatch.setattr(window, "show_error", lambda *a: shown.append(a))
    bad = tmp_path / "bomb.yaml"
    bad.write_text("a: &a [x, x]\n" + "".join(f"b{i}: [*a, *a]\n" for i in range(80)), encoding="utf-8")
    assert not window.open_workload(str(bad))
    assert "alias" in shown[0][2]
    assert window.live.workload.framework == "vllm"  # nothing changed
