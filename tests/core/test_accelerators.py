"""An Ascend 910B option names CANN with MindIE / vllm-ascend and
HCCS, never ROCm or PCIe only; AMD, Gaudi and Apple name their own stacks with a stated
uncertainty; Apple silicon is not offered for multi-GPU training (core.accelerators)."""

from __future__ import annotations

from gpupicker.core.ranking.recommend import recommend
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_gpus, catalog_model, catalog_prices


def _options(w, gpu_ids, **kw):
    gpus = [g for g in catalog_gpus() if g.id in gpu_ids]
    return recommend(w, gpus, catalog_prices(), **kw)


def test_ascend_910b_names_cann_mindie_and_hccs():
    w = Workload(task="inference", model=catalog_model("qwen2_5_72b"), framework="vllm")
    rec = _options(w, {"ascend_910b"})
    fitting = [o for o in rec.options if o.fits]
    multi = [o for o in fitting if o.num_gpus > 1]
    assert multi
    for o in fitting:
        assert "CANN" in o.reason and ("MindIE" in o.reason or "vllm-ascend" in o.reason)
        assert "ROCm" not in o.reason and "without NVLink" not in o.reason
    assert any("HCCS" in o.reason for o in multi)
    assert all("±" in o.reason for o in fitting)


def test_other_stacks_and_apple_training():
    w = Workload(task="inference", model=catalog_model("llama3_8b"))
    rec = _options(w, {"mi300x", "gaudi2", "apple_m3_ultra"})
    by = {o.gpu_id: o.reason for o in rec.options if o.fits}
    assert "ROCm" in by["mi300x"]
    assert "SynapseAI" in by["gaudi2"] and "ROCm" not in by["gaudi2"]
    assert "MLX" in by["apple_m3_ultra"] and "Metal" in by["apple_m3_ultra"]
    ft = Workload(task="full_ft", model=catalog_model("qwen2_5_72b"), gpu="apple_m3_ultra", num_gpus=8)
    rec = _options(ft, {"apple_m3_ultra"})
    assert all(o.num_gpus == 1 for o in rec.options)
    assert any("not offered for multi-GPU training" in n for n in rec.notes)


def test_chinese_frameworks_llama_factory_and_ms_swift_checkpoint_by_default():
    """LLaMA-Factory (model_args.py disable_gradient_checkpointing=False) and ms-swift
    (trainers/arguments.py gradient_checkpointing=True) checkpoint unless told not to: the
    issue's Qwen2.5-7B LoRA at 2 × 4096 needed 86 GiB without it."""
    from gpupicker.core.memory import estimate_memory
    from gpupicker.core.units import GiB
    from tests.support.catalog_data import gpu

    m, a100 = catalog_model("qwen2_5_7b"), gpu("a100_sxm_80gb")
    plain = Workload(task="lora", model=m, batch=2, seq_len=4096)
    assert not plain.grad_ckpt and estimate_memory(plain, a100).total_bytes > 80 * GiB
    for fw in ("llama-factory", "ms-swift", "swift"):
        w = Workload(task="lora", model=m, batch=2, seq_len=4096, framework=fw)
        assert w.grad_ckpt
        assert estimate_memory(w, a100).total_bytes < 40 * GiB
    off = Workload(task="lora", model=m, batch=2, seq_len=4096, framework="llama-factory", grad_ckpt=False)
    assert not off.grad_ckpt


def test_lmdeploy_and_mindie_are_modelled_engines():
    from gpupicker.core.memory import estimate_memory
    from gpupicker.core.speed.inference import ENGINES
    from gpupicker.core.speed.throughput import estimate_throughput
    from tests.support.catalog_data import gpu

    m = catalog_model("qwen2_5_7b")
    lm = estimate_memory(Workload(task="inference", model=m, framework="lmdeploy"), gpu("a100_sxm_80gb"))
    assert "cache_max_entry_count 0.80" in lm.assumptions[0]
    mi = Workload(task="inference", model=m, framework="mindie")
    assert "MindIE" in estimate_memory(mi, gpu("ascend_910b")).assumptions[0]
    t = estimate_throughput(mi, gpu("ascend_910b"))
    assert t.decode_tokens_per_s > 0 and ENGINES["mindie"].range_pct >= 40


def test_multi_node_options_for_a_70b_full_fine_tune():
    """70B+ training → an H100 cluster (seed decision table row 1): 16–64 GPU options over
    InfiniBand appear for parts that cannot hold the job in one node, with the scaling cost."""
    # 1,024 tokens: without checkpointing 2,048 tokens' saved activations alone (~59 GiB per
    # GPU) plus the FSDP root unit (embeddings and lm_head, unsharded from forward to backward)
    # leave an H100 short at any GPU count
    w = Workload(task="full_ft", model=catalog_model("llama3_70b"), dataset_tokens=1e9, seq_len=1024)
    # the seed's own GPU set (no B200-class part holds it in one node)
    seed = ("h100_sxm", "a100_sxm_80gb", "a100_sxm_40gb", "l40s", "rtx_4090", "rtx_3090")
    rec = recommend(w, [g for g in catalog_gpus() if g.id in seed], catalog_prices())
    assert any("one node of 8" in n for n in rec.notes)
    h100 = [o for o in rec.options if o.gpu_id == "h100_sxm"]
    assert not any(o.fits for o in h100 if o.num_gpus <= 8)
    multi = [o for o in h100 if o.num_gpus > 8 and o.fits]
    assert multi
    for o in multi:
        assert "nodes of 8 over InfiniBand" in o.reason and "scaling cost" in o.reason
    # when a part holds the job in one node (B200 on the full catalog) no cluster is offered
    # unless asked for (max_gpus > 8)
    full = recommend(w, catalog_gpus(), catalog_prices())
    assert any(o.fits for o in full.options if o.gpu_id.startswith("b200"))
    assert all(o.num_gpus <= 8 for o in full.options)
    asked = recommend(w, catalog_gpus(), catalog_prices(), max_gpus=64)
    assert any(o.num_gpus > 8 and o.fits for o in asked.options if o.gpu_id == "h100_sxm")
    # small jobs are not offered clusters
    small = recommend(
        Workload(task="lora", model=catalog_model("llama3_8b")), catalog_gpus(), catalog_prices()
    )
    assert all(o.num_gpus <= 8 for o in small.options)


def test_the_modified_rtx_4090_48gb_is_a_cuda_geforce_card():
    """The 48 GB board is an AD102 on NVIDIA's driver (data/gpus.csv: modified PCB + VBIOS,
    compute and bandwidth as the RTX 4090): no "no CUDA" clause, GeForce accumulate rates, so
    the same speed as an RTX 4090 and only the memory differs."""
    from gpupicker.core.speed.throughput import estimate_throughput

    gpus = {g.id: g for g in catalog_gpus()}
    modified, stock = gpus["rtx_4090_48gb"], gpus["rtx_4090"]
    assert modified.is_cuda
    for task in ("inference", "lora"):
        w = Workload(task=task, model=catalog_model("llama3_8b"))
        a, b = estimate_throughput(w, modified), estimate_throughput(w, stock)
        assert (a.decode_tokens_per_s, a.train_tokens_per_s) == (b.decode_tokens_per_s, b.train_tokens_per_s)
    rec = _options(Workload(task="inference", model=catalog_model("qwen2_5_32b")), {"rtx_4090_48gb"})
    assert rec.options and all("no CUDA" not in o.reason for o in rec.options)


def test_ascend_hccs_and_sustained_mfu_follow_their_measurements():
    """gameofdimension/limulidae (910B, CANN 8.0): all_reduce 18 / 30 / 72 GB/s (bytes / time)
    on 2 / 4 / 8 NPUs — ring links of 18 / 45 / 126 GB/s, not PCIe; Ascend/MindSpeed-LLM
    examples/llama2/README.md: LLaMA2-7B 2,730 and 13B 1,550 tokens/s/p on 8 NPUs (TP 8)."""
    import pytest

    from gpupicker.core.speed.interconnect import link_bandwidth_gbps, link_name
    from gpupicker.core.speed.throughput import estimate_throughput
    from gpupicker.core.workload import Workload
    from tests.support.catalog_data import catalog_model, gpu

    npu = gpu("ascend_910b")
    assert [link_bandwidth_gbps(npu, n) for n in (2, 4, 8)] == [18.0, 45.0, 126.0]
    assert str(link_name(npu)) == "HCCS"
    for model, measured in (("llama2_7b", 2730), ("llama2_13b", 1550)):
        w = Workload(
            task="pretrain",
            model=catalog_model(model),
            framework="mindspeed",
            num_gpus=8,
            batch=1,
            seq_len=4096,
            parallelism={"tensor_parallel": 8},
        )
        per_npu = estimate_throughput(w, npu, 8).train_tokens_per_s / 8
        assert per_npu == pytest.approx(measured, rel=0.1)
