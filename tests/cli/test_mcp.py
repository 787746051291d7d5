"""``gpupicker mcp`` through the MCP SDK's own client over stdio, and ``gpupicker schema``.

The server is started as a real process (``python -m gpupicker mcp``) on a catalog in
tmp_path; its answers must equal what the CLI's ``--json`` prints for the same workload.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from gpupicker.cli import main
from gpupicker.core.workload import Workload

mcp = pytest.importorskip("mcp")

QLORA = {"task": "qlora", "model_id": "mistral_7b_v0_1", "gpu": "rtx_4090"}


def _result(res: Any) -> Any:
    assert not res.is_error, res
    if res.structured_content is not None:
        return res.structured_content
    return json.loads(res.content[0].text)


async def _session(cat: Path, calls: list[tuple[str, dict[str, Any]]]) -> tuple[list[Any], list[Any]]:
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    env = {**os.environ, "GPUPICKER_CATALOG": str(cat)}
    params = StdioServerParameters(command=sys.executable, args=["-m", "gpupicker", "mcp"], env=env)
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        tools = (await session.list_tools()).tools
        answers = [_result(await session.call_tool(name, args)) for name, args in calls]
    return tools, answers


def _cli_json(capsys: pytest.CaptureFixture[str], tmp_path: Path, cat: Path, *args: str) -> Any:
    job = tmp_path / "job.json"
    job.write_text(json.dumps(QLORA), encoding="utf-8")
    assert main(["--catalog", str(cat), *args, "--workload", str(job)]) == 0
    return json.loads(capsys.readouterr().out.splitlines()[0])


def test_tools_are_listed_with_the_workload_schema_and_answer_as_the_cli(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    cat = tmp_path / "c.sqlite"
    want_rec = _cli_json(capsys, tmp_path, cat, "recommend", "--json", "--message-ids", "--top", "5")
    want_est = _cli_json(capsys, tmp_path, cat, "estimate")
    tools, (rec, est, gpus, job, models) = asyncio.run(
        _session(
            cat,
            [
                ("recommend", {"workload": QLORA, "top": 5}),
                ("estimate", {"workload": QLORA}),
                ("catalog_gpus", {"query": "4090"}),
                ("job_read", {"text": "vllm serve meta-llama/Llama-3.1-8B-Instruct --max-model-len 8192"}),
                ("catalog_models", {"query": "千问 72"}),
            ],
        )
    )
    # the window's model search: words in any order, Chinese aliases
    assert "qwen2_5_72b" in {m["id"] for m in (models["result"] if isinstance(models, dict) else models)}
    assert job["workload"]["model_id"] == "llama3_1_8b" and job["kind"] == "vllm"
    names = {t.name for t in tools}
    assert {
        "estimate",
        "recommend",
        "fit",
        "job_read",
        "catalog_gpus",
        "catalog_models",
        "catalog_prices",
    } <= names
    schema = next(t for t in tools if t.name == "recommend").input_schema
    workload = schema["properties"]["workload"]
    assert set(Workload.model_fields) <= set(workload["properties"])
    assert "$ref" not in json.dumps(workload)  # self-contained under the argument
    assert rec == want_rec
    assert est == want_est
    assert {g["id"] for g in (gpus["result"] if isinstance(gpus, dict) else gpus)} >= {"rtx_4090"}


def test_a_bad_workload_is_an_answer_not_a_dead_server(tmp_path: Path):
    _, (bad, unknown) = asyncio.run(
        _session(
            tmp_path / "c.sqlite",
            [
                ("recommend", {"workload": {"task": "qlora", "model_id": "no_such_model"}}),
                ("estimate", {"workload": {**QLORA, "lora_rnak": 8}}),
            ],
        )
    )
    assert "no_such_model" in bad["error"]
    assert any("lora_rnak" in w for w in unknown["warnings"])


def test_schema_workload_prints_the_pydantic_schema(capsys: pytest.CaptureFixture[str]):
    assert main(["schema", "workload"]) == 0
    assert json.loads(capsys.readouterr().out) == Workload.model_json_schema()
