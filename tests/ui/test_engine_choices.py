"""The precision page's engine list: every framework core models for inference
(core.stacks.frameworks), so a workload opened from a file shows the engine it names and
touching the combo never switches it to another one behind the user's back."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from gpupicker.core.stacks.frameworks import known_frameworks
from gpupicker.core.workload import Workload


@pytest.fixture
def page(qtbot, repo):
    """A precision page on its own controller (no main window, no background runs)."""
    from gpupicker.ui.controller import WorkloadController
    from gpupicker.ui.wizard.quantization_page import QuantizationPage

    c = WorkloadController(repo)
    c.background = False
    q = QuantizationPage(c)
    qtbot.addWidget(q)
    return q


def _items(combo) -> list[str]:
    return [combo.itemData(i) for i in range(combo.count())]


def test_the_combo_lists_every_inference_framework_with_a_tooltip(page):
    assert _items(page.engine) == known_frameworks("inference")
    for name, words in (
        ("tensorrt-llm", ("TensorRT-LLM", "KV-cache pool", "own profile")),
        ("tgi", ("TGI", "KV-cache pool", "vLLM profile")),  # costed as vLLM (frameworks table)
        ("ollama", ("Ollama", "GGUF", "llama.cpp profile")),
        ("exllamav2", ("ExLlamaV2", "grows with the sequences", "own profile")),
    ):
        i = page.engine.findData(name)
        tip = page.engine.itemData(i, Qt.ItemDataRole.ToolTipRole)
        assert all(w in tip for w in words), tip
        assert page.engine.itemText(i) == words[0]


@pytest.mark.parametrize(
    "engine", ["tensorrt-llm", "tgi", "lmdeploy", "ollama", "mlc-llm", "exllama", "mindie"]
)
def test_a_loaded_engine_is_shown_and_a_weights_change_keeps_it(page, engine):
    c = page.controller
    w = Workload.model_validate(
        {"task": "inference", "model_id": "llama2_13b", "framework": engine, "weights_dtype": "fp16"}
    )
    c.set_workload(w)
    assert page.engine.currentData() == engine
    # another control on the page: the engine stays what the file said
    page.weights.setCurrentIndex(page.weights.findData("bf16"))
    assert c.workload.framework == engine and page.engine.currentData() == engine


def test_an_alias_in_the_file_shows_its_canonical_engine(page):
    w = Workload.model_validate({"task": "inference", "model_id": "llama2_13b", "framework": "trtllm"})
    page.controller.set_workload(w)
    assert page.engine.currentText() == "TensorRT-LLM"


def test_choosing_an_engine_sets_exactly_that_engine(page):
    c = page.controller
    c.set_workload(Workload.model_validate({"task": "inference", "model_id": "llama2_13b"}))
    for engine in ("lmdeploy", "sglang", "tgi"):
        page.engine.setCurrentIndex(page.engine.findData(engine))
        assert c.workload.framework == engine


def test_the_tooltips_read_in_zh_cn(zh_cn):
    from gpupicker.ui.wizard.engine_choices import engine_tooltip

    assert engine_tooltip("tgi") == (
        "TGI — 显存：权重加上服务启动时预先分配的 KV 缓存池（gpu_memory_utilization），"
        "与 vLLM 相同。速度：借用 vLLM 的性能模型估算。"
    )
