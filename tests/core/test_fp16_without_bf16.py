"""Cards without native bf16 (NVIDIA before Ampere, compute capability < 8.0: V100, T4, Titan
RTX) run the KV cache in fp16 — vLLM's ``--dtype half``, what the launchers write there — so
the estimate says fp16 on them, with the same bytes (both formats take 2 bytes per element)."""

from __future__ import annotations

import pytest

from gpupicker.core.memory import estimate_memory, fp16_kv_without_bf16
from gpupicker.core.ranking.recommend import recommend
from gpupicker.core.stacks.quant_support import lacks_bf16
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_gpus, catalog_model, catalog_prices, gpu


def _kv_texts(assumptions) -> list[str]:
    return [str(a) for a in assumptions if str(a).startswith("KV cache in ")]


@pytest.mark.parametrize("framework", ["vllm", "transformers"])
def test_a_v100_estimate_says_fp16_with_the_bytes_of_bf16(framework):
    w = Workload(task="inference", model=catalog_model("mistral_7b_v0_1"), framework=framework)
    v100, a100 = gpu("v100_sxm2_32gb"), gpu("a100_sxm_80gb")
    assert lacks_bf16(v100) and not lacks_bf16(a100)
    on_v100 = estimate_memory(w, v100, 1)
    assert _kv_texts(on_v100.assumptions) and all(" fp16" in t for t in _kv_texts(on_v100.assumptions))
    assert all(" bf16" in t for t in _kv_texts(estimate_memory(w, a100, 1).assumptions))
    # the same job written in fp16 on the V100: the very same bytes, component by component
    as_fp16 = estimate_memory(w.model_copy(update={"kv_cache_dtype": "fp16"}), v100, 1)
    assert on_v100.model_dump(exclude={"assumptions"}) == as_fp16.model_dump(exclude={"assumptions"})
    # Mistral 7B under vLLM on a V100 32GB: a 14.2 GiB pool, 15,286,140,928 bytes (measured
    # by this model before the change, when the text still said bf16)
    if framework == "vllm":
        assert on_v100.kv_cache_bytes == 15_286_140_928


def test_only_bf16_becomes_fp16_and_only_on_cards_without_it():
    w = Workload(task="inference", model=catalog_model("mistral_7b_v0_1"), kv_cache_dtype="fp8")
    on_v100 = fp16_kv_without_bf16(w, gpu("v100_sxm2_32gb"))
    assert (on_v100.kv_cache_dtype, on_v100.compute_dtype) == ("fp8", "fp16")  # a chosen fp8 stays
    bf16 = Workload(task="inference", model=catalog_model("mistral_7b_v0_1"))
    for card in ("a100_sxm_80gb", "mi300x"):  # Ampere, and another vendor: left to its own stack
        assert fp16_kv_without_bf16(bf16, gpu(card)) is bf16
    assert fp16_kv_without_bf16(bf16, None) is bf16


def test_the_ranking_says_fp16_on_v100_rows_and_bf16_on_ampere_rows():
    # a job whose peak does not depend on the card (transformers): the memory estimate is
    # shared between cards, but never between a card with bf16 and one without
    w = Workload(task="inference", model=catalog_model("mistral_7b_v0_1"), framework="transformers")
    rec = recommend(w, catalog_gpus(), catalog_prices())
    seen = {}
    for o in rec.options:
        texts = _kv_texts(o.memory.assumptions)
        if texts:
            seen[lacks_bf16(gpu(o.gpu_id))] = texts[0]
    assert " fp16 " in seen[True] and " bf16 " in seen[False]
