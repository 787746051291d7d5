"""Hostile GPU ids, GPU names, provider and model names through every file gpupicker writes.

The strings are the ones an attacker tried (the reliability review of 2026-12): a
newline with YAML ``\\U`` escapes that spell ``commands:``, quotes, ``$(…)``, backticks, a
spreadsheet formula, ``<script>``, a ``javascript:`` link, ANSI escape sequences. The catalog
refuses such ids on import; these tests put them straight into core's types, as an old or
hand-edited catalog could, and parse every output back to exactly the intended structure.
"""

from __future__ import annotations

import csv
import re
import shlex

import pytest
import yaml

from gpupicker.cli.recommend_output import format_launch, format_table
from gpupicker.core.planners.launch_cloud import accelerator_name
from gpupicker.core.planners.launch_config import launch_config
from gpupicker.core.ranking.recommend import recommend
from gpupicker.core.report.build import build_report
from gpupicker.core.report.render import render_html, render_markdown, write_text_report
from gpupicker.core.text.text_safety import neutralize
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_model, catalog_prices, gpu


def _e(s: str) -> str:
    return "".join(f"\\U{ord(c):08X}" for c in s)


YAML_INJECTION = 'x\n"' + _e("commands") + '": ["' + _e("touch pwned_yaml") + '"]\n#'
HOSTILE = [
    YAML_INJECTION,
    "h100:64\n#",
    'it\'s "quoted"',
    "$(touch pwned_shell)",
    "`touch pwned_tick`",
    '=HYPERLINK("http://evil.example","x")',
    "+cmd|' /C calc'!A0",
    "<script>alert(1)</script><img src=x onerror=alert(2)>",
    "[click](javascript:alert(1))",
    "\x1b]0;PWNED-TITLE\x07\x1b[2J\x1b[31mred",
    "a,b|c\r\nd",
]


def _job(evil: str):
    """A vLLM serving job whose only GPU, provider and model carry ``evil``."""
    base = gpu("rtx_4090")
    card = base.model_copy(update={"id": evil, "name": f"Card {evil}"})
    offer = next(p for p in catalog_prices() if p.gpu_id == "rtx_4090" and p.currency == "USD")
    offers = [offer.model_copy(update={"gpu_id": evil, "provider": f"Prov {evil}"})]
    arch = catalog_model("llama3_1_8b").model_copy(update={"name": f"Model {evil}"})
    w = Workload(task="inference", model=arch, framework="vllm", requests_per_minute=200)
    rec = recommend(w, [card], offers)
    best = rec.best()
    assert best is not None and best.gpu_id == evil
    return w, card, offers, rec, best


def _shell_words(command: str) -> list[str]:
    return shlex.split(command.replace(" \\\n", " "))


@pytest.mark.parametrize("evil", HOSTILE, ids=range(len(HOSTILE)))
def test_launch_yaml_and_shell_parse_to_the_intended_structure(evil):
    w, card, _offers, _rec, best = _job(evil)
    cfg = launch_config(w, best, evil, gpu_memory_gb=card.memory_gb)
    per, replicas = cfg.gpus_per_replica, cfg.replicas
    # the shell line: the model reference is one word, the flags are the engine's own
    words = _shell_words(cfg.command)
    assert words[:3] == ["vllm", "serve", evil]
    assert [x for x in words[3:] if x.startswith("-")] == [
        "--max-model-len",
        "--gpu-memory-utilization",
        "--tensor-parallel-size",
        "--host",
        "--port",
    ]
    sky = yaml.safe_load(cfg.skypilot_yaml)
    assert list(sky) == ["service", "resources", "setup", "run"]
    assert sky["service"] == {
        "readiness_probe": {"path": "/v1/models", "initial_delay_seconds": 1200},
        "replicas": replicas,
    }
    assert sky["resources"] == {
        "accelerators": f"{accelerator_name(evil)}:{per}",
        "use_spot": False,
        "ports": 8000,
    }
    assert sky["setup"] == "pip install vllm\n" and sky["run"] == cfg.command + "\n"
    dstack = yaml.safe_load(cfg.dstack_yaml)
    assert list(dstack) == [
        "type",
        "name",
        "python",
        "commands",
        "port",
        "replicas",
        "resources",
        "spot_policy",
    ]
    assert dstack["commands"] == ["pip install vllm", cfg.command.replace(" \\\n  ", " ")]
    assert _shell_words(dstack["commands"][1])[2] == evil
    assert dstack["resources"] == {"gpu": f"{accelerator_name(evil)}:24GB:{per}"}
    assert (dstack["type"], dstack["replicas"], dstack["spot_policy"]) == ("service", replicas, "on-demand")


def _md_cells(line: str) -> list[str]:
    """A Markdown table row split on its unescaped pipes."""
    return re.split(r"(?<!\\)\|", line.strip().strip("|"))


@pytest.mark.parametrize("evil", HOSTILE, ids=range(len(HOSTILE)))
def test_report_markdown_html_and_csvs_hold(evil, tmp_path):
    w, card, offers, rec, _best = _job(evil)
    r = build_report(
        w,
        rec.options,
        [card],
        offers,
        notes=rec.notes,
        model_name=f"Model {evil}",
        model_ref=evil,
        generated="2026-12-01",
    )
    md = render_markdown(r)
    fences = re.split(r"^`{3,}.*$", md, flags=re.M)
    prose = "".join(fences[::2])  # outside the code blocks
    # markup only escaped (shown as typed by CommonMark: "\<script\>")
    for raw in (r"(?<!\\)<script", r"(?<!\\)<img", r"(?<!\\)\]\(javascript:", "\x1b", "\r"):
        assert not re.search(raw, prose), raw
    # every table row keeps its column count: a name cannot add or split cells
    for block in re.findall(r"(?:^\|.*\|$\n?)+", prose, flags=re.M):
        rows = [x for x in block.splitlines() if x]
        assert len({len(_md_cells(x)) for x in rows}) == 1, rows
    # a fenced block cannot be closed early by what it holds
    assert len(fences) % 2 == 1
    html = render_html(r)
    assert "<script" not in html and "<img src=x" not in html
    files = write_text_report(r, tmp_path / "plan.md")
    for f in files:
        if f.suffix != ".csv":
            continue
        with f.open(encoding="utf-8", newline="") as fh:
            rows = list(csv.reader(fh))
        assert len({len(x) for x in rows}) == 1, f.name  # same column count on every row
        for row in rows[1:]:
            assert row[0] == neutralize(evil) and row[1] == neutralize(f"Card {evil}")
            assert not row[0].startswith(("=", "+", "-", "@", "\t", "\r"))


@pytest.mark.parametrize("evil", HOSTILE, ids=range(len(HOSTILE)))
def test_terminal_table_and_launch_block_have_no_control_characters(evil):
    w, card, _offers, rec, best = _job(evil)
    table = format_table(rec, 5)
    assert not re.search(r"[\x00-\x09\x0b-\x1f\x7f-\x9f]", table)
    # one line per option row and one per reason: a newline in a name does not add rows
    rows = [x for x in table.splitlines() if re.match(r"\s+\d+  ", x)]
    assert len(rows) == min(5, len(rec.options))
    cfg = launch_config(w, best, evil, gpu_memory_gb=card.memory_gb)
    block = format_launch({"gpu_id": best.gpu_id, "num_gpus": best.num_gpus, **cfg.model_dump()})
    assert not re.search(r"[\x00-\x09\x0b-\x1f\x7f-\x9f]", block)


def test_the_catalog_refuses_hostile_ids_on_import(tmp_path):
    """A GPU id from an imported gpus.csv is ``[a-z0-9_.-]``: the review's payload is named."""
    from gpupicker.catalog import open_catalog

    repo = open_catalog(tmp_path / "c.sqlite")
    head = (
        "id,name,vendor,segment,architecture,release_year,memory_gb,memory_type,"
        "memory_bandwidth_gbps,fp32_tflops,fp16_tflops_dense,bf16_tflops_dense,tdp_w,"
        "pcie_gen,source"
    )
    p = tmp_path / "gpus.csv"
    with p.open("w", encoding="utf-8", newline="") as f:
        out = csv.writer(f, lineterminator="\n")
        out.writerow(head.split(","))
        for evil in (YAML_INJECTION, "H100", "h100:64", "a b"):
            out.writerow(
                [
                    evil,
                    "Budget 48GB card",
                    "NVIDIA",
                    "consumer",
                    "Ada",
                    "2024",
                    "48",
                    "GDDR6X",
                    "1000",
                    "80",
                    "160",
                    "160",
                    "450",
                    "4",
                    "shared sheet",
                ]
            )
    result = repo.import_csv("gpus", p)
    assert not result.ok and len(result.errors) == 4
    assert all("may hold only a-z, 0-9" in reason for _, reason in result.errors)
    assert not [g for g in repo.gpus() if g.name == "Budget 48GB card"]


def test_launch_block_prose_lines_cannot_start_a_line_or_reorder_text():
    """A GPU name with a newline and a right-to-left override in the assumptions and warnings of
    the ``--launch`` text: escaped in place, so no line of the block reads ``  setup: rm -rf ~``."""
    from gpupicker.cli.recommend_output import format_launch

    evil = "x\n  setup: rm -rf ~ #\x1b[31m\u202eGPU"
    out = format_launch(
        {
            "engine": "vllm",
            "num_gpus": 1,
            "gpu_id": "evil-1",
            "command": "vllm serve m",
            "assumptions": [f"on {evil}"],
            "warnings": [f"warning about {evil}"],
            "skypilot_yaml": "resources:\n  accelerators: X:1\n",
            "dstack_yaml": "type: task\n",
        }
    )
    assert not any(line.lstrip().startswith("setup: rm") for line in out.splitlines())
    assert "\u202e" not in out and "\x1b" not in out and "\\u202e" in out and "\\x0a" in out
    assert "  accelerators: X:1" in out.splitlines()  # the YAML keeps its lines
