"""Memory physics checked against published peaks: the figures and their sources are cited."""

from __future__ import annotations

import pytest

from gpupicker.core.memory import CUDA_CONTEXT_BYTES, estimate_memory, fp8_untied_lm_head_bytes
from gpupicker.core.memory.common import recurrent_state_bytes
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


def test_vllm_keeps_nemotron_h_ssm_state_in_fp32():
    # vLLM model_executor/models/config.py NemotronHForCausalLMConfig: mamba_ssm_cache_dtype
    # "auto" -> the HF config's value, else float32; the conv state stays bf16. Nemotron 3 Nano
    # 30B-A3B (23 Mamba-2 layers, 64 heads x 64, d_state 128, 8 groups, kernel 4)
    arch = catalog_model("nemotron3_nano_30b_a3b")
    conv, temporal = arch.recurrent_state_elements()
    assert (conv, temporal) == (423_936, 12_058_624)
    assert recurrent_state_bytes(arch, 1, "vllm") == conv * 2 + temporal * 4 == 49_082_368
    assert recurrent_state_bytes(arch, 3, "llama.cpp") == 3 * (conv + temporal) * 4


def test_sglang_keeps_the_delta_rule_state_in_fp32_and_vllm_in_bf16():
    # SGLang server_args.py: mamba_ssm_dtype = "float32" by default; vLLM: the model dtype
    # (MambaStateDtypeCalculator, mamba_ssm_cache_dtype "auto")
    arch = catalog_model("qwen3_next_80b_a3b")
    conv, temporal = arch.recurrent_state_elements()
    assert recurrent_state_bytes(arch, 1, "sglang") == conv * 2 + temporal * 4
    assert recurrent_state_bytes(arch, 1, "vllm") == (conv + temporal) * 2


def _vllm_serving(model_id: str, n: int, dtype: str) -> Workload:
    return Workload(
        task="inference",
        model=catalog_model(model_id),
        weights_dtype=dtype,
        framework="vllm",
        num_gpus=n,
        batch=1,
        prompt_len=4096,
        new_tokens=512,
    )


def test_vllm_replicates_an_mla_latent_on_every_tensor_parallel_rank():
    # vllm/config/model.py get_num_kv_heads: "When using MLA during decode it becomes MQA" ->
    # 1 KV head per rank, not divided by the tensor-parallel size; GQA heads are divided and
    # replicated when fewer than the ranks (max(1, kv_heads // tp)).
    from gpupicker.core.memory.common import kv_cache_bytes, kv_tp_shards

    v3 = catalog_model("deepseek_v3")
    assert v3.is_mla and kv_tp_shards(v3, 8) == 1
    assert kv_tp_shards(catalog_model("llama3_70b"), 8) == 8
    assert kv_tp_shards(catalog_model("qwen3_235b_a22b"), 8) == 4  # 4 KV heads
    est = estimate_memory(_vllm_serving("deepseek_v3", 8, "fp8"), gpu("h200_sxm"))
    # DeepSeek-V3: 61 layers x (kv_lora_rank 512 + rope 64) x 2 bytes = 70,272 B per token per rank
    assert kv_cache_bytes(v3, 1, 1, "bf16") == 61 * 576 * 2
    assert est.kv_pool_tokens is not None
    pool_bytes = est.kv_pool_tokens * 61 * 576 * 2
    assert 40 * GiB < pool_bytes < 90 * GiB  # the pool is a share of one H200, not of eight
    assert any("tensor-parallel ranks" in str(a) for a in est.assumptions)
