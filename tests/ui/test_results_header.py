"""The results header names the engine and the serving load of an inference job, and what
the Tokens/s column adds up (every replica, or the whole batch)."""

from __future__ import annotations

import pytest

from gpupicker.core.workload import Workload


def _serving() -> Workload:
    return Workload.model_validate(
        {
            "task": "inference",
            "model_id": "mistral_7b_v0_1",
            "framework": "vllm",
            "prompt_len": 1024,
            "new_tokens": 512,
            "requests_per_minute": 100,
        }
    )


@pytest.mark.gui
def test_a_served_job_states_engine_rate_and_aggregate_speed(qapp):
    from gpupicker.ui.results.verdict_texts import summary_text

    text = summary_text(_serving())
    assert text == (
        "Inference · mistral_7b_v0_1 · BF16 · vLLM · 100 requests/min · in 1024 / out 512 tokens"
        " · tokens/s of all replicas together"
    )


@pytest.mark.gui
def test_a_batch_job_states_engine_and_batch(qapp):
    from gpupicker.ui.results.verdict_texts import summary_text

    w = Workload.model_validate(
        {"task": "inference", "model_id": "llama2_13b", "framework": "tensorrt-llm", "batch": 8}
    )
    assert " · TensorRT-LLM · batch 8, " in summary_text(w)
    assert summary_text(w).endswith(" · tokens/s of the whole batch")
    one = w.model_copy(update={"batch": 1, "requests_per_minute": 0.5})
    assert "batch 1" not in summary_text(one) and "0.50 requests/min" in summary_text(one)


@pytest.mark.gui
def test_the_header_in_zh_cn(zh_cn):
    from gpupicker.ui.results.verdict_texts import summary_text

    text = summary_text(_serving())
    assert "vLLM" in text and "每分钟 100 个请求" in text and "所有副本合计" in text
