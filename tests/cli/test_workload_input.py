"""The CLI's ``--workload`` file: File › Open's size limit, and one line for a job file that is
not workload JSON (an axolotl YAML) naming ``gpupicker job read``."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpupicker import cli
from gpupicker.core.text.json_limits import MAX_WORKLOAD_BYTES

AXOLOTL = Path(__file__).parents[1] / "importers/data/public_recipes/files"
AXOLOTL_YAML = AXOLOTL / "axolotl-ai-cloud_axolotl_examples_alst_llama3-8b-fsdp2-alst.yaml"


@pytest.mark.parametrize(
    "command", [["recommend"], ["fit", "--gpu", "h100_sxm", "--max", "batch"], ["estimate"], ["report"]]
)
def test_a_workload_file_over_10_mib_is_refused_before_reading(command, tmp_path, capsys, monkeypatch):
    """The limit and sentence of File › Open (``workload_files.read_workload``): a 2 GiB sparse
    file is refused from its size (``open`` is never called), exit 2."""
    big = tmp_path / "big.json"
    with big.open("wb") as f:
        f.truncate(2 * 2**30)  # sparse: no disk used
    opened: list[str] = []
    real_open = open

    def spy(path, *a, **k):  # type: ignore[no-untyped-def]
        opened.append(str(path))
        return real_open(path, *a, **k)

    monkeypatch.setattr("builtins.open", spy)
    argv = [command[0], "--workload", str(big), *command[1:]]
    if command[0] == "report":
        argv += ["--out", str(tmp_path / "r.html")]
    code = cli.main(["--catalog", str(tmp_path / "c.sqlite"), *argv])
    err = capsys.readouterr().err
    assert code == 2
    assert err.strip() == (
        f"gpupicker {command[0]}: big.json is 2048.0 MiB; "
        "workload files are small JSON files (at most 10 MiB)."
    )
    assert str(big) not in opened
    assert MAX_WORKLOAD_BYTES == 10 * 2**20


def test_a_file_of_exactly_10_mib_is_read(tmp_path, capsys):
    """The limit is "above 10 MiB": a 10 MiB file of blank lines is read (no workload in it)."""
    f = tmp_path / "blank.jsonl"
    f.write_text("\n" * MAX_WORKLOAD_BYTES, encoding="utf-8")
    code = cli.main(["--catalog", str(tmp_path / "c.sqlite"), "recommend", "--workload", str(f)])
    assert code == 2 and "no workload in the input" in capsys.readouterr().err


def test_an_axolotl_yaml_gives_one_line_naming_job_read(tmp_path, capsys):
    """Before: one "line N: Expecting value …" per YAML line (25 for this recipe)."""
    code = cli.main(["--catalog", str(tmp_path / "c.sqlite"), "recommend", "--workload", str(AXOLOTL_YAML)])
    out = capsys.readouterr()
    assert code == 2 and out.out == ""
    lines = out.err.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"gpupicker recommend: {AXOLOTL_YAML} is not workload JSON (line 1: ")
    assert "'base_model: meta-llama/Llama-3.1-8B'" in lines[0]
    assert f"`gpupicker job read {AXOLOTL_YAML}`" in lines[0]


def test_json_lines_with_one_bad_line_still_answer_per_line(tmp_path, capsys):
    """Not the job-file case: one JSON line makes the input JSON Lines, the bad line is answered."""
    f = tmp_path / "w.jsonl"
    f.write_text('junk\n{"task":"inference","model_id":"mistral_7b_v0_1"}\n', encoding="utf-8")
    code = cli.main(
        ["--catalog", str(tmp_path / "c.sqlite"), "recommend", "--workload", str(f), "--json", "--top", "1"]
    )
    out = capsys.readouterr()
    assert code == 1 and "not workload JSON" not in out.err
    assert out.out.count("\n") >= 1


def test_report_with_lang_zh_cn_warns_that_the_cli_report_is_english(tmp_path, capsys):
    """``gpupicker --lang zh_CN report`` wrote English silently; it now says so on stderr (the
    README: the CLI report is in English), and still writes the report."""
    job = tmp_path / "job.json"
    job.write_text('{"task": "qlora", "model_id": "mistral_7b_v0_1", "train_hours": 6}', encoding="utf-8")
    out = tmp_path / "plan.md"
    base = ["--catalog", str(tmp_path / "c.sqlite")]
    code = cli.main([*base, "--lang", "zh_CN", "report", "--workload", str(job), "--out", str(out)])
    err = capsys.readouterr().err
    assert code == 0 and out.is_file()
    assert "warning: --lang zh_CN is the window's language; the CLI report is written in English" in err
    assert cli.main([*base, "report", "--workload", str(job), "--out", str(out)]) == 0
    assert "warning" not in capsys.readouterr().err
