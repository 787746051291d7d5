"""The speed model's memos never answer for another job.

``speed.training._gpu_terms`` is keyed by hand on the job fields it reads; a field missing from
its key would hand one job's figures to another (an optimizer change kept the last optimizer's
step time until the behaviour snapshot caught it). Every Workload field that can change a
training speed is varied here; each memoized answer must equal a fresh one.
"""

from __future__ import annotations

import pytest

from gpupicker.core.memory.common import kv_tp_shards
from gpupicker.core.speed import training
from gpupicker.core.speed.throughput import estimate_throughput
from gpupicker.core.workload import Workload
from gpupicker.core.workload.parts import LoraConfig, Parallelism
from tests.support.catalog_data import catalog_gpus, catalog_model

VARIANTS = [
    {"batch": 3},
    {"seq_len": 1024},
    {"grad_ckpt": True},
    {"optimizer": "adamw8bit"},
    {"optimizer": "sgd"},
    {"weights_dtype": "fp32"},
    {"compute_dtype": "fp16"},
    {"compute_dtype": "fp8"},
    {"framework": "unsloth"},
    {"framework": "torchtitan"},
    {"task": "lora", "lora": LoraConfig()},
    {"task": "qlora", "weights_dtype": "nf4", "lora": LoraConfig()},
    {"parallelism": Parallelism(fsdp=True, zero_stage=3)},
    {"num_gpus": 2},
]


@pytest.mark.parametrize("change", VARIANTS, ids=lambda c: ",".join(c))
def test_memoized_training_speed_equals_a_fresh_one(change):
    gpus = {g.id: g for g in catalog_gpus()}
    base = Workload(task="full_ft", model=catalog_model("llama3_8b"), seq_len=2048, batch=1)
    variant = base.model_copy(update=change)
    for gpu_id in ("h100_sxm", "rtx_4090", "a100_sxm_80gb"):
        gpu = gpus[gpu_id]
        for n in (1, 2, 8):
            estimate_throughput(base, gpu, n)  # fills the memo with the base job's terms
            memoized = estimate_throughput(variant, gpu, n)
            training._TERMS.cache_clear()
            fresh = estimate_throughput(variant, gpu, n)
            assert memoized == fresh, (change, gpu_id, n)


@pytest.mark.parametrize(
    "job",
    [
        {"framework": "vllm", "batch": 16, "prompt_len": 1024, "new_tokens": 128},
        {"framework": "sglang", "batch": 4},
        {"framework": "llama.cpp", "weights_dtype": "q4_k_m"},
        {"framework": "transformers"},
        {"framework": "vllm", "parallelism": Parallelism(tensor_parallel=2)},
    ],
    ids=lambda j: (
        ",".join(f"{k}={v}" for k, v in j.items() if k != "parallelism")
        + ("+tp" if "parallelism" in j else "")
    ),
)
def test_inference_roofline_built_once_per_gpu_answers_every_count_as_a_fresh_one(job, monkeypatch):
    """The roofline's count-independent terms are kept per (job, model, GPU) object and copied
    for each count with its tensor-parallel degree: each count's speed equals the one computed
    with nothing kept, in any order of counts, and the terms are built once for four counts."""
    from gpupicker.core.speed import roofline

    gpus = {g.id: g for g in catalog_gpus()}
    w = Workload(task="inference", model=catalog_model("llama3_8b"), **job)
    cards = [gpus["h100_sxm"], gpus["rtx_4090"]]
    for gpu in cards:
        roofline._per_gpu.cache_clear()
        kept = {n: estimate_throughput(w, gpu, n) for n in (8, 1, 4, 2)}
        for n, t in kept.items():
            roofline._per_gpu.cache_clear()
            assert estimate_throughput(w, gpu, n) == t, (gpu.id, n)
    for n in (1, 2, 8):  # what a count changes is set per count, not kept from another
        roof = roofline._Roofline.of(w, w.model, cards[0], n)
        assert (roof.n, roof.kv_shards) == (n, kv_tp_shards(w.model, roof.tp)) and roof.memo == {}
    built: list[tuple[object, ...]] = []
    on_one = roofline._per_gpu.fn

    def counted(*args: object) -> object:
        built.append(args)
        return on_one(*args)

    monkeypatch.setattr(roofline._per_gpu, "fn", counted)
    roofline._per_gpu.cache_clear()
    for gpu in cards:
        for n in (1, 2, 4, 8):
            estimate_throughput(w, gpu, n)
    assert len(built) == len(cards)  # once per GPU for its four counts
