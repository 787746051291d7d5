"""``gpupicker estimate``: the JSON Lines contract of architecture.md."""

from __future__ import annotations

import io
import json

import pytest

from gpupicker import cli
from gpupicker.cli import common as cli_common
from tests.support.paths import VALIDATION
from tests.support.validation import load_validation_cases

GOOD = {
    "task": "inference",
    "model": {
        "hidden_size": 4096,
        "intermediate_size": 11008,
        "num_hidden_layers": 32,
        "num_attention_heads": 32,
        "vocab_size": 32000,
    },
    "prompt_len": 512,
    "new_tokens": 128,
}


def run(monkeypatch, capsys, text: str, *extra: str) -> tuple[int, list[dict], str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    code = cli.main(["estimate", "--workload", "-", *extra])
    out, err = capsys.readouterr()
    return code, [json.loads(line) for line in out.splitlines()], err


@pytest.mark.skipif(not load_validation_cases(), reason="validation/ not present")
def test_every_validation_line_gets_a_total(monkeypatch, capsys):
    code, results, _ = run(monkeypatch, capsys, VALIDATION.read_text())
    cases = load_validation_cases()
    assert code == 0 and len(results) == len(cases)
    for case, res in zip(cases, results, strict=True):
        assert "error" not in res, (case["id"], res)
        assert res["total_bytes"] == sum(res["breakdown"].values())
        if "gpu_used_bytes" in case["measured"]:
            assert res["total_bytes"] > case["measured"]["weights_bytes"]


def test_a_bad_line_gives_an_error_and_the_others_still_run(monkeypatch, capsys):
    text = (
        "\n".join(
            [
                json.dumps(GOOD),
                "{not json",
                json.dumps({"task": "lora"}),
                json.dumps({**GOOD, "batch": -3}),
                json.dumps(GOOD),
            ]
        )
        + "\n"
    )
    code, results, _ = run(monkeypatch, capsys, text)
    assert code == 0 and len(results) == 5
    assert results[0]["total_bytes"] == results[4]["total_bytes"]
    assert results[1]["error"].startswith("line 2: ")  # JSON Lines errors say where
    assert results[2]["error"].startswith("line 3: ") and "needs a model" in results[2]["error"]
    assert results[3]["error"].startswith("line 4: batch:")


def test_json_array_and_pretty_object(monkeypatch, capsys):
    _, arr, _ = run(monkeypatch, capsys, json.dumps([GOOD, GOOD]))
    _, one, _ = run(monkeypatch, capsys, json.dumps(GOOD, indent=2))
    assert len(arr) == 2 and len(one) == 1 and arr[0] == one[0]


def test_huge_input_is_streamed_and_an_overlong_line_is_skipped(monkeypatch, capsys):
    text = "x" * (cli_common.MAX_WHOLE_INPUT_CHARS + 10) + "\n" + json.dumps(GOOD) + "\n"
    code, results, _ = run(monkeypatch, capsys, text)
    assert code == 0 and len(results) == 2
    assert "longer than" in results[0]["error"]
    assert results[1]["total_bytes"] > 13 * 2**30


def test_unreadable_input_exits_2(capsys, tmp_path):
    assert cli.main(["estimate", "--workload", str(tmp_path / "missing.jsonl")]) == 2
    assert "cannot read" in capsys.readouterr().err
    binary = tmp_path / "bin.jsonl"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    assert cli.main(["estimate", "--workload", str(binary)]) == 2


# ---- junk and empty input, params-only workloads ---------------------------------
def _estimate_stdin(monkeypatch, capsys, text: str) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    code = cli.main(["estimate", "--workload", "-"])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize(
    "text", ["", "\n\n  \n", "hello world\nthis is not json\n", "[1, 2", "task=qlora model=mistral"]
)
def test_empty_or_junk_input_exits_1_with_a_message(monkeypatch, capsys, text):
    code, out, err = _estimate_stdin(monkeypatch, capsys, text)
    assert code == 1
    assert out == ""
    assert err.startswith("gpupicker estimate: ") and len(err.strip().splitlines()) == 1
    assert ("no workload" in err) if not text.strip() else ("not JSON" in err or "cannot read" in err)


def test_a_bad_line_among_good_ones_is_an_error_line_and_exit_0(monkeypatch, capsys):
    good = '{"task":"inference","model_id":"mistral_7b_v0_1"}'
    code, out, err = _estimate_stdin(monkeypatch, capsys, f'junk\n{good}\n{{"task": 1}}\n')
    lines = [json.loads(x) for x in out.splitlines()]
    assert code == 0
    assert len(lines) == 3 and "error" in lines[0] and "total_bytes" in lines[1]
    assert "error" in lines[2]


def test_params_only_workload_from_the_readme(monkeypatch, capsys):
    """README: "`params` alone works too (layer sizes are then assumed)"."""
    code, out, _ = _estimate_stdin(monkeypatch, capsys, '{"task":"inference","params":7000000000}')
    result = json.loads(out)
    assert code == 0 and "error" not in result
    assert result["breakdown"]["weights"] == 14_000_000_000  # 7e9 × 2 bytes (bf16)
    assert any("Only the parameter count is known" in a for a in result["assumptions"])


def test_an_absurd_architecture_is_refused_like_the_catalog_refuses_it(tmp_path, capsys):
    """an inline model with 1e12 layers gave a 392,788,696,290 GiB estimate; the
    catalog (`model import`) refuses such a model, and now so does every ModelArch (the
    catalog's bounds: layers ≤ 100,000, hidden size ≤ 10,000,000, vocabulary ≤ 100,000,000)."""
    from gpupicker.cli import main

    wl = tmp_path / "absurd.json"
    wl.write_text(
        json.dumps(
            {
                "task": "inference",
                "model": {
                    "name": "x",
                    "hidden_size": 4096,
                    "intermediate_size": 11008,
                    "num_hidden_layers": 1e12,
                    "num_attention_heads": 32,
                    "vocab_size": 32000,
                },
            }
        )
    )
    assert main(["estimate", "--workload", str(wl)]) == 0  # answered per line, as JSON
    line = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert line == {"error": "model.num_hidden_layers: Input should be less than or equal to 100000"}


def test_a_key_given_twice_is_named_in_a_warning(monkeypatch, capsys):
    """``json`` keeps the last value of a repeated key silently; the warning names the key,
    and a line without a repeat gets no such warning."""
    twice = json.dumps(GOOD)[:-1] + ', "batch": 1, "batch": 4}'
    code, results, _ = run(monkeypatch, capsys, twice + "\n" + json.dumps(GOOD) + "\n")
    assert code == 0
    assert "workload key given more than once, the last value used: batch" in results[0]["warnings"]
    assert not any("more than once" in w for w in results[1].get("warnings", []))
