"""The precision page's server-settings group names the job's paged-KV engine (TGI,
TensorRT-LLM, LMDeploy, MindIE …: ``core.memory.PAGED_KV_ENGINES``), not always vLLM / SGLang."""

from __future__ import annotations

import pytest


def _title(window, framework: str) -> str:
    c = window.controller
    c.background = False
    c.set_task("inference")
    c.update(framework=framework)
    q = window.wizard.quant_page
    assert q.serving_box.isVisibleTo(q)
    return q.serving_box.title()


@pytest.mark.parametrize(
    ("framework", "title"),
    [
        ("tgi", "Server settings (TGI)"),
        ("tensorrt-llm", "Server settings (TensorRT-LLM)"),
        ("lmdeploy", "Server settings (LMDeploy)"),
        ("sglang", "Server settings (SGLang)"),
    ],
)
def test_the_title_names_the_engine(qtbot, window, framework, title):
    assert _title(window, framework) == title


def test_the_title_names_the_engine_in_chinese(qtbot, zh_cn, window):
    assert _title(window, "tgi") == "推理服务参数（TGI）"
    assert _title(window, "mindie") == "推理服务参数（MindIE）"
