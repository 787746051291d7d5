"""Hostile input holds everywhere (input side): a seeded fuzz of workload lines through
estimate / recommend / fit / File › Open, and of model files, tracker CSVs and calibration
logs through their readers — no traceback, no hang (each input under 2 s), and every JSON
Lines input answers every line. Everything runs in-process (no subprocesses)."""

from __future__ import annotations

import contextlib
import io
import json
import random
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from gpupicker import cli
from tests.support.hostile import (
    calibration_logs,
    model_cases,
    tracker_csvs,
    workload_batches,
)

SEED = 20261201
PER_INPUT_S = 2.0


def _run_cli(argv: list[str], text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(argv)
    return code, out.getvalue(), err.getvalue()


def _within(limit_s: float, fn: Callable[[], Any]) -> tuple[str, Any]:
    """Run ``fn`` on a daemon thread: ("ok", result), ("raised", exception) or ("hang", None)."""
    box: list[tuple[str, Any]] = []

    def body() -> None:
        try:
            box.append(("ok", fn()))
        except BaseException as exc:  # noqa: BLE001 - the test classifies it
            box.append(("raised", exc))

    t = threading.Thread(target=body, daemon=True)
    t.start()
    t.join(limit_s)
    return box[0] if box else ("hang", None)


COMMANDS = {
    "estimate": (["estimate", "--workload", "-"], 900),
    "fit": (["fit", "--workload", "-", "--gpu", "h100_sxm", "--max", "batch", "--json"], 700),
    "recommend": (["recommend", "--workload", "-", "--json", "--top", "1"], 150),
}
"""Command line and number of fuzzed lines per command (2,000 with File › Open's 250)."""


@pytest.mark.parametrize("command", list(COMMANDS))
def test_every_json_lines_input_answers_every_line(command, repo, monkeypatch):
    argv, n_lines = COMMANDS[command]
    rng = random.Random(f"{SEED}-{command}")
    answered = 0
    for batch in workload_batches(rng, n_lines):
        text = "\n".join(batch) + "\n"
        t0 = time.perf_counter()
        code, out, err = _run_cli(argv, text, monkeypatch)
        elapsed = time.perf_counter() - t0
        assert "Traceback" not in err, err
        assert elapsed < PER_INPUT_S * len(batch), (command, elapsed)
        results = [json.loads(line) for line in out.splitlines()]
        assert len(results) == len(batch), (command, code, err[-500:], batch)
        for line, res in zip(batch, results, strict=True):
            assert isinstance(res, dict), (line[:200], res)
            if "error" in res:
                assert isinstance(res["error"], str) and res["error"], line[:200]
                assert "Traceback" not in res["error"]
        answered += len(results)
    assert answered == n_lines


def test_the_review_reproductions_answer_each_line(repo, monkeypatch):
    """A deep first line, a 5,000-digit integer, an array as the first line: each is answered
    with its own error (the bound is named) and the good line after it still runs."""
    good = '{"task":"inference","model_id":"llama3_1_8b"}'
    deep = '{"task":"inference","model_id":"llama3_1_8b","lora":' + "[" * 3000 + "]" * 3000 + "}"
    huge = '{"task":"inference","model_id":"llama3_1_8b","batch":' + "9" * 5000 + "}"
    for argv in (
        ["estimate", "--workload", "-"],
        ["recommend", "--workload", "-", "--json", "--top", "1"],
        ["fit", "--workload", "-", "--gpu", "h100_sxm", "--max", "batch", "--json"],
    ):
        _, out, err = _run_cli(argv, "\n".join([deep, huge, "[" + good + "]", good]) + "\n", monkeypatch)
        res = [json.loads(x) for x in out.splitlines()]
        assert len(res) == 4, (argv, err)
        # JSON Lines: each error names its line (estimate, recommend and fit alike)
        assert res[0]["error"].startswith("line 1: the JSON is nested deeper than 64 levels")
        assert res[1]["error"].startswith("line 2: the JSON holds a number 5000 characters long")
        assert "error" in res[2] and "error" not in res[3]


def test_a_closed_output_ends_quietly(repo, monkeypatch):
    """`gpupicker estimate … | head -c 400`: a write to a closed pipe is not "cannot read -"."""

    class ClosedAfterOne(io.StringIO):
        def write(self, s: str) -> int:
            if self.tell() > 0:
                raise BrokenPipeError(32, "Broken pipe")
            return super().write(s)

        def fileno(self) -> int:
            return 1  # cli.main points fd 1 at /dev/null (os.dup2, patched out here)

    good = '{"task":"inference","model_id":"llama3_1_8b"}\n'
    monkeypatch.setattr("sys.stdin", io.StringIO(good * 3))
    err = io.StringIO()
    monkeypatch.setattr("os.dup2", lambda *_a: None)  # keep the test process's stdout
    with contextlib.redirect_stdout(ClosedAfterOne()), contextlib.redirect_stderr(err):
        code = cli.main(["estimate", "--workload", "-"])
    assert code == 141 and err.getvalue() == ""


def test_file_open_refuses_or_reads_every_fuzzed_file(qapp, repo, tmp_path):
    from gpupicker.ui.wizard.workload_files import (
        WorkloadFileError,
        read_workload,
        unknown_workload_fields,
    )

    rng = random.Random(f"{SEED}-open")
    opened = refused = 0
    for i, batch in enumerate(workload_batches(rng, 250, per_batch=1)):
        path = tmp_path / f"w{i}.json"
        path.write_text(batch[0], encoding="utf-8")
        t0 = time.perf_counter()
        try:
            read_workload(path, repo)
            unknown_workload_fields(path)
            opened += 1
        except WorkloadFileError as exc:
            assert str(exc) and "Traceback" not in str(exc)
            refused += 1
        assert time.perf_counter() - t0 < PER_INPUT_S
    assert opened + refused == 250 and opened > 0 and refused > 0


def test_hostile_model_files_are_read_or_refused_with_a_sentence(tmp_path, monkeypatch):
    """≥ 200 hostile files and folders: each gives a model or a ModelImportError carrying a
    Message, within 2 s — FIFOs and /dev/zero links included, never a traceback."""
    from gpupicker.core.messages import Message
    from gpupicker.importers import ImportedModel, ModelImportError, inspect_path, list_cached_models

    rng = random.Random(f"{SEED}-models")
    paths = model_cases(rng, tmp_path)
    assert len(paths) >= 200
    refused = 0
    for p in paths:
        verdict, value = _within(PER_INPUT_S, lambda p=p: inspect_path(p))
        assert verdict != "hang", p
        if verdict == "raised":
            assert isinstance(value, ModelImportError), (p, repr(value))
            assert isinstance(value.args[0], Message), (p, value)
            refused += 1
        else:
            assert isinstance(value, ImportedModel)
    assert refused > len(paths) // 2
    verdict, cached = _within(PER_INPUT_S, lambda: list_cached_models(tmp_path / "hub"))
    assert verdict == "ok", cached
    assert all(m.size_bytes < 10 * 2**20 for m in cached)  # no walk of / or /etc


def test_links_out_of_the_cache_are_not_followed(tmp_path):
    from gpupicker.importers import ModelImportError, inspect_path
    from tests.support.model_files import TINY_LLAMA, write_config

    outside = tmp_path / "elsewhere"
    write_config(outside, TINY_LLAMA)
    snap = tmp_path / "hub" / "models--org--x" / "snapshots" / "abc"
    snap.mkdir(parents=True)
    (snap / "config.json").symlink_to(outside / "config.json")
    with pytest.raises(ModelImportError, match="leads out of the Hugging Face cache"):
        inspect_path(snap.parent.parent)
    (snap / "config.json").unlink()
    write_config(snap, TINY_LLAMA)  # a file inside the repository is read as before
    assert inspect_path(snap.parent.parent).params is not None


def test_hostile_tracker_csvs_give_line_errors(repo, tmp_path):
    from gpupicker.catalog.trackers import import_tracker_csv

    rng = random.Random(f"{SEED}-csv")
    for path in tracker_csvs(rng, tmp_path):
        verdict, value = _within(
            PER_INPUT_S,
            lambda p=path: import_tracker_csv(repo, p, provider="Lambda", dry_run=True, skip_unknown=True),
        )
        assert verdict == "ok" or (verdict == "raised" and isinstance(value, ValueError)), (path, repr(value))
        if verdict == "ok":
            assert all(isinstance(reason, str) and reason for _, reason in value.result.errors)


def test_tracker_inf_count_and_huge_cell_are_row_errors(repo, tmp_path):
    from gpupicker.catalog.trackers import import_tracker_csv

    d = tmp_path / "lambda"
    d.mkdir()
    head = "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,Region\n"
    (d / "vms.csv").write_text(head + "gpu_1x_a100,A100,inf,30,200,,1.29,,us-east-1\n")
    t = import_tracker_csv(repo, d / "vms.csv", dry_run=True)
    assert t.result.errors == [
        (2, "gpu_1x_a100: GPU count 'inf' is not a whole number ≥ 1 (fractional GPUs are not modelled)")
    ]
    (d / "vms.csv").write_text(head + f'gpu_1x_a100,A100,1,30,200,"{"x" * 140_000}",1.29,,us\n')
    t = import_tracker_csv(repo, d / "vms.csv", dry_run=True)
    assert len(t.result.errors) == 1 and "not a readable CSV" in t.result.errors[0][1]


def test_hostile_calibration_logs_give_sentences():
    from gpupicker.core.messages import Message
    from gpupicker.core.planners.calibration import parse_log

    rng = random.Random(f"{SEED}-logs")
    for text in calibration_logs(rng):
        try:
            found = parse_log(text)
        except ValueError as exc:
            assert isinstance(exc.args[0], Message), (text, exc)
        else:
            assert all(isinstance(v, int) and 0 <= v <= 1 << 70 for v in found.values()), found
    with pytest.raises(ValueError, match="block_size 0 is not a KV block size"):
        parse_log("block_size=0\nGPU KV cache size: 1000 tokens")
    with pytest.raises(ValueError, match="far beyond any GPU"):
        parse_log("GPU KV cache size: " + "9" * 400 + " tokens")
    with pytest.raises(ValueError, match="KV cache of 0 tokens"):
        parse_log("GPU KV cache size: 0 tokens")


def test_an_absurd_gpu_row_is_refused_once_for_every_path(repo, tmp_path):
    """memory_gb 1e-300 crashed every recommend: the one bounds table refuses it in the record
    (pydantic), the CSV import and the editor's write path alike."""
    from pydantic import ValidationError

    from gpupicker.catalog.record_checks import check_gpu
    from gpupicker.core.hardware.specs import GPU_BOUNDS, GpuSpec

    h100 = repo.get_gpu("h100_sxm")
    assert h100 is not None
    with pytest.raises(ValidationError, match="greater than or equal to 0.5"):
        GpuSpec.model_validate({**h100.model_dump(), "memory_gb": 1e-300})
    with pytest.raises(ValidationError, match="less than or equal to 1000000"):
        GpuSpec.model_validate({**h100.model_dump(), "memory_bandwidth_gbps": 5e6})
    assert GPU_BOUNDS["memory_bandwidth_gbps"] == (1.0, 1_000_000)
    with pytest.raises(ValueError, match="below the lowest sensible value"):
        check_gpu(h100.model_construct(**{**h100.model_dump(), "fp32_tflops": 1e-9}))
    csv_path = tmp_path / "g.csv"
    csv_path.write_text(
        "id,name,vendor,segment,architecture,release_year,memory_gb,memory_type,"
        "memory_bandwidth_gbps,fp32_tflops,fp16_tflops_dense,bf16_tflops_dense,tdp_w,pcie_gen,"
        "source\ntiny,Tiny,NVIDIA,consumer,Ada,2024,1e-300,GDDR6X,1000,80,160,160,450,4,t\n"
    )
    result = repo.import_csv("gpus", csv_path)
    assert not result.ok and "memory_gb" in result.errors[0][1]
    assert repo.get_gpu("tiny") is None
