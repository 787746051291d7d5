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


@pytest.mark.parametrize(
    ("framework", "flags"),
    [  # the engines' own names (core.stacks.serving_flags cites their docs)
        ("vllm", ("--max-model-len", "--gpu-memory-utilization", "--max-num-seqs")),
        ("tgi", ("--max-total-tokens", "--cuda-memory-fraction", "--max-batch-size")),
        ("sglang", ("--context-length", "--mem-fraction-static", "--max-running-requests")),
        ("tensorrt-llm", ("max_seq_len", "kv_cache_free_gpu_mem_fraction", "max_batch_size")),
        ("lmdeploy", ("--session-len", "--cache-max-entry-count", "--max-batch-size")),
    ],
)
def test_labels_and_tooltips_name_the_engines_own_flags(qtbot, window, framework, flags):
    _title(window, framework)
    q = window.wizard.quant_page
    labels = (q.max_model_len_label, q.memory_label, q.max_num_seqs_label)
    boxes = (q.max_model_len, q.gpu_memory_utilization, q.max_num_seqs)
    for flag, label, box in zip(flags, labels, boxes, strict=True):
        assert flag in label.text() and box.toolTip().startswith(f"{flag}:"), (label.text(), box.toolTip())
        assert label.buddy() is box
    others = {"--gpu-memory-utilization", "--max-num-seqs", "max_model_len"} - set(flags)
    assert not any(
        o in w.toolTip() or o in w2.text() for o in others for w, w2 in zip(boxes, labels, strict=True)
    )


def test_the_memory_tooltip_says_what_the_estimate_assumes(qtbot, window):
    q = window.wizard.quant_page
    _title(window, "tgi")
    assert "TGI's default 1.0" in q.gpu_memory_utilization.toolTip()
    _title(window, "lmdeploy")
    assert "free after the weights" in q.gpu_memory_utilization.toolTip()
    _title(window, "mindie")
    assert "no MindIE setting" in q.memory_label.text()


def test_the_flags_in_chinese(qtbot, zh_cn, window):
    q = window.wizard.quant_page
    _title(window, "tgi")
    assert q.max_model_len_label.text() == "最大上下文长度 --max-total-tokens (&L)："
    assert "TGI 默认 1.0" in q.gpu_memory_utilization.toolTip()


def test_the_memory_box_shows_the_fraction_the_estimate_uses(qtbot, window):
    """LMDeploy's cache_max_entry_count default is 0.8 (core.memory.fraction_pool), not vLLM's
    0.90; a fraction the job sets is shown as it is."""
    q = window.wizard.quant_page
    _title(window, "lmdeploy")
    assert q.gpu_memory_utilization.value() == pytest.approx(0.8)
    window.controller.update(gpu_memory_utilization=0.5)
    assert q.gpu_memory_utilization.value() == pytest.approx(0.5)
    _title(window, "vllm")
    assert q.gpu_memory_utilization.value() == pytest.approx(0.5)
