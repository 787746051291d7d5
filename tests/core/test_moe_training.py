"""MoE LoRA/QLoRA training: the eager expert loop and FSDP's all-gathers of the frozen base."""

from __future__ import annotations

import pytest

from gpupicker.core.memory import estimate_memory
from gpupicker.core.speed.throughput import estimate_throughput
from gpupicker.core.speed.training import EXPERT_HOST_SHARE, HF_HOST_S_PER_LAYER, QLORA_HOST_FACTOR
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_model, gpu


def _qlora(model: str, n: int = 1, **kw) -> Workload:
    return Workload(task="qlora", model=catalog_model(model), batch=1, seq_len=2048, num_gpus=n, **kw)


def test_hf_moe_blocks_pay_host_time_per_expert():
    """Transformers' MoE blocks loop over the experts a batch hits: Mixtral's 8 experts × 32
    layers, LoRA on the expert MLPs (the default targets), with checkpointing — each expert
    24/75 of a layer's host time, QLoRA's bitsandbytes calls ×1.8. Costed from active
    parameters only, QLoRA of Mixtral on one GPU came out 3–4× too fast."""
    w = _qlora("mixtral_8x7b")
    t = estimate_throughput(w, gpu("h100_sxm"), 1)
    loop_s = 32 * 8 * HF_HOST_S_PER_LAYER[(True, True)] * EXPERT_HOST_SHARE[True]
    assert any(f"{loop_s * 1e3:,.0f} ms of host time" in a for a in t.assumptions)
    host_s = (32 * HF_HOST_S_PER_LAYER[(True, True)] + loop_s) * QLORA_HOST_FACTOR
    assert 2048 / t.train_tokens_per_s >= host_s
    dense = estimate_throughput(_qlora("mistral_7b_v0_1"), gpu("h100_sxm"), 1)
    assert t.train_tokens_per_s < 0.5 * dense.train_tokens_per_s


def test_fsdp_lora_all_gathers_the_frozen_base_every_pass():
    """FSDP FULL_SHARD unshards the (4-bit) base before every forward and backward: over PCIe on
    4 × RTX 4090 Mixtral's 25 GB base crosses the link three times a step (checkpointing), so the
    per-GPU rate falls well below one GPU's, as published FSDP+QLoRA runs show (about half)."""
    one = estimate_throughput(_qlora("mixtral_8x7b"), gpu("rtx_4090"), 1)
    w4 = _qlora("mixtral_8x7b", 4, parallelism={"fsdp": True})
    four = estimate_throughput(w4, gpu("rtx_4090"), 4, estimate_memory(w4, gpu("rtx_4090"), 4))
    assert four.train_tokens_per_s / 4 == pytest.approx(0.5 * one.train_tokens_per_s, rel=0.25)
    assert four.bound == "interconnect"


def test_expert_parallel_splits_the_routed_experts():
    # vLLM --enable-expert-parallel (determine_expert_map: E // EP experts per rank, the
    # remainder one each on the first ranks) and Megatron-Core expert_model_parallel_size:
    # each rank holds its own experts; attention, router and embeddings split as before
    from gpupicker.core.checks import input_warnings
    from gpupicker.core.memory import estimate_memory
    from gpupicker.core.memory.common import weights_bytes
    from gpupicker.core.memory.experts import (
        ep_weights_bytes,
        experts_per_rank_fraction,
        routed_expert_bytes,
    )
    from gpupicker.core.workload import Workload
    from gpupicker.core.workload.parts import Parallelism
    from tests.support.catalog_data import catalog_model

    arch = catalog_model("qwen3_30b_a3b")
    assert arch.num_local_experts == 128
    assert experts_per_rank_fraction(arch, 8) == 16 / 128
    assert experts_per_rank_fraction(arch, 3) == 43 / 128
    assert experts_per_rank_fraction(arch, None) == 1.0
    total, experts = weights_bytes(arch, "bf16"), routed_expert_bytes(arch, "bf16")
    assert 0.9 * total < experts < total
    # TP 2 and EP 2 hold the same bytes per GPU; DP 2 x TP 1 with EP 2 halves the experts only
    assert ep_weights_bytes(total, experts, 2, arch, 2) == pytest.approx(total / 2, rel=1e-6)
    assert ep_weights_bytes(total, experts, 1, arch, 2) == (total - experts) + experts // 2
    # training, no ZeRO: the experts' weights, gradients and Adam states are local to the rank
    w = Workload(
        task="full_ft",
        model=arch,
        framework="megatron",
        num_gpus=8,
        batch=1,
        seq_len=4096,
        grad_ckpt=True,
        parallelism=Parallelism(expert_parallel=8),
    )
    plain = estimate_memory(w.model_copy(update={"parallelism": Parallelism(zero_stage=1)}))
    ep8 = estimate_memory(w)
    assert ep8.weights_bytes < plain.weights_bytes / 4
    assert any("16 of the 128 routed experts" in str(a) for a in ep8.assumptions)
    # ZeRO-1 already shards the states over dp: expert parallel leaves them as they are
    both = estimate_memory(w.model_copy(update={"parallelism": Parallelism(zero_stage=1, expert_parallel=8)}))
    assert both.optimizer_bytes == plain.optimizer_bytes
    assert input_warnings(w) == []
    too_many = w.model_copy(update={"parallelism": Parallelism(expert_parallel=16)})
    assert "more than num_gpus = 8" in str(input_warnings(too_many))
