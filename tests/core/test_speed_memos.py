"""The speed model's memos never answer for another job.

``speed.training._gpu_terms`` is keyed by hand on the job fields it reads; a field missing from
its key would hand one job's figures to another (an optimizer change kept the last optimizer's
step time until the behaviour snapshot caught it). Every Workload field that can change a
training speed is varied here; each memoized answer must equal a fresh one.
"""

from __future__ import annotations

import pytest

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
