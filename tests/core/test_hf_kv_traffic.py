"""KV-cache bytes a transformers ``generate()`` decode step moves, by attention and version."""

from __future__ import annotations

import pytest

from gpupicker.core.speed.hf_generate import HF_LONG_PROMPT_RANGE_PCT, HF_SDPA_GQA_VERSION, hf_kv_traffic
from gpupicker.core.speed.throughput import estimate_throughput
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_model, gpu


def test_repeat_kv_multiplies_the_cache_traffic_by_the_gqa_groups() -> None:
    """transformers v4.51.3: DynamicCache.update concatenates (cache_utils.py lines 446-447:
    read + write), FlashAttention 2 reads the cache once — 3×; ``sdpa_attention_forward`` (lines
    30-31) and ``eager_attention_forward`` first copy K and V to each query head of a group
    (``repeat_kv``: one more read, ``groups`` writes, ``groups`` reads by the kernel). Qwen3-32B
    has 64 query heads over 8 KV heads: 3 + 2·8 = 19×. A model without GQA copies nothing."""
    assert hf_kv_traffic("flash", (4, 51), 8) == 3.0
    assert hf_kv_traffic("sdpa", (4, 51), 8) == 19.0
    assert hf_kv_traffic("eager", None, 8) == 19.0
    assert hf_kv_traffic("sdpa", (4, 51), 1) == 3.0
    # from PR #39412 SDPA takes the KV heads with enable_gqa; an unnamed version is the current one
    assert hf_kv_traffic("sdpa", HF_SDPA_GQA_VERSION, 8) == 3.0
    assert hf_kv_traffic("sdpa", None, 8) == 3.0


def _w(model_id: str, attention: str, environment: str | None) -> Workload:
    return Workload(
        task="inference",
        model=catalog_model(model_id),
        framework="transformers",
        weights_dtype="bf16",
        prompt_len=30720,
        new_tokens=2048,
        attention=attention,
        environment=environment,
    )


def test_sdpa_before_enable_gqa_is_slower_at_long_context_and_says_why() -> None:
    """At a 30,720-token prompt the copies cost a GQA model per-step time (Qwen3-32B on the
    H20); the estimate names them. Flash attention, a newer version and an MHA model
    (Llama-2-7B: 32 KV heads for 32 query heads) are unchanged."""
    old = "transformers 4.51.3"
    flash = estimate_throughput(_w("qwen3_32b", "flash", old), gpu("h20"), 1)
    sdpa = estimate_throughput(_w("qwen3_32b", "sdpa", old), gpu("h20"), 1)
    new = estimate_throughput(_w("qwen3_32b", "sdpa", "transformers 4.57"), gpu("h20"), 1)
    assert sdpa.itl_s is not None and flash.itl_s is not None
    assert sdpa.itl_s > 1.5 * flash.itl_s
    assert any("repeat_kv" in str(a) and "19×" in str(a) for a in sdpa.assumptions)
    assert not any("repeat_kv" in str(a) for a in flash.assumptions + new.assumptions)
    assert new.itl_s == pytest.approx(flash.itl_s)
    mha = [estimate_throughput(_w("llama2_7b", a, old), gpu("h20"), 1).itl_s for a in ("flash", "sdpa")]
    assert mha[0] == pytest.approx(mha[1])


def test_the_qwen3_tables_6144_token_rows_get_the_long_prompt_range() -> None:
    """The Qwen3 speed benchmark's 6,144-token rows (H20, transformers 4.51.3) already run the
    unexplained excess (Qwen3-32B bf16: 81 s over the 1-token row for 2,048 tokens), so a prompt
    of that length carries HF_LONG_PROMPT_RANGE_PCT; a 1-token prompt keeps the engine's own."""

    def range_pct(prompt: int) -> float | None:
        w = _w("qwen3_32b", "flash", "transformers 4.51.3").model_copy(update={"prompt_len": prompt})
        return estimate_throughput(w, gpu("h20"), 1).range_pct

    assert range_pct(6144) == HF_LONG_PROMPT_RANGE_PCT
    short = range_pct(1)
    assert short is not None and short < HF_LONG_PROMPT_RANGE_PCT
