"""Memory physics checked against published peaks: the figures and their sources are cited."""

from __future__ import annotations

import pytest

from gpupicker.core.memory import CUDA_CONTEXT_BYTES, estimate_memory, fp8_untied_lm_head_bytes
from gpupicker.core.units import GiB, MiB
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_model, gpu


def _qwen3_generate(model_id: str, dtype: str) -> Workload:
    """The Qwen3 speed benchmark's transformers run: batch 1, input length 1, 2048 new tokens."""
    return Workload(
        task="inference",
        model=catalog_model(model_id),
        weights_dtype=dtype,
        framework="transformers",
        batch=1,
        prompt_len=1,
        new_tokens=2048,
        attention="flash_attention_2",
    )


# QwenLM/Qwen2.5 docs/source/getting_started/speed_benchmark.md (commit 77fb0c1), Qwen3
# transformers tables, H20, 'GPU Memory(MB)' read with torch.cuda.max_memory_allocated
@pytest.mark.parametrize(
    ("model_id", "bf16_mib", "fp8_mib"),
    [("qwen3_1_7b", 3412, 2726), ("qwen3_4b", 7973, 5281)],
)
def test_tied_fp8_checkpoint_holds_its_lm_head_beside_the_embedding(model_id, bf16_mib, fp8_mib):
    arch = catalog_model(model_id)
    assert arch.tie_word_embeddings
    h20 = gpu("h20")
    for dtype, measured in (("bf16", bf16_mib), ("fp8", fp8_mib)):
        est = estimate_memory(_qwen3_generate(model_id, dtype), h20)
        allocated = est.total_bytes - CUDA_CONTEXT_BYTES - est.allocator_overhead_bytes
        assert allocated == pytest.approx(measured * MiB, rel=0.05)
    assert (
        fp8_untied_lm_head_bytes(_qwen3_generate(model_id, "fp8"), arch)
        == 2 * arch.vocab_size * arch.hidden_size
    )


def test_untied_or_unquantized_models_hold_no_second_lm_head():
    assert not catalog_model("qwen3_8b").tie_word_embeddings
    assert fp8_untied_lm_head_bytes(_qwen3_generate("qwen3_8b", "fp8"), catalog_model("qwen3_8b")) == 0
    assert fp8_untied_lm_head_bytes(_qwen3_generate("qwen3_4b", "bf16"), catalog_model("qwen3_4b")) == 0
    vllm = _qwen3_generate("qwen3_4b", "fp8").model_copy(update={"framework": "vllm"})
    assert fp8_untied_lm_head_bytes(vllm, catalog_model("qwen3_4b")) == 0
    assert 0.7 * GiB < fp8_untied_lm_head_bytes(_qwen3_generate("qwen3_4b", "fp8"), catalog_model("qwen3_4b"))
