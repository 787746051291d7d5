"""Workloads covering the kinds of sentences core writes (reasons, notes, advice, tooltips).

Used by the zh_CN translation tests (tests/ui/test_core_messages.py).
"""

from __future__ import annotations

from typing import Any

from gpupicker.core.workload import Workload

# (task, model id, extra workload fields, preferred GPU for the advisor)
WORKLOADS: tuple[tuple[str, str, dict, str | None], ...] = (
    ("inference", "llama3_8b", {}, "rtx_4090"),
    ("inference", "llama3_70b", {"batch": 8, "prompt_len": 2048, "new_tokens": 512}, "rtx_4090"),
    ("inference", "qwen2_5_72b", {"framework": "vllm", "requests_per_minute": 60, "pricing": "spot"}, "l40s"),
    (
        "inference",
        "qwen2_5_7b",
        {"framework": "vllm", "max_usd_per_hour": 1.0, "budget_usd": 100, "train_hours": 200},
        None,
    ),
    ("inference", "llama3_70b", {"framework": "llama.cpp", "weights_dtype": "q4_k_m"}, "rtx_4090"),
    ("inference", "llama3_1_405b", {"weights_dtype": "fp8", "framework": "vllm"}, "h100_sxm"),
    (
        "inference",
        "mixtral_8x7b",
        {"framework": "llama.cpp", "weights_dtype": "q8_0", "seq_len": 8192},
        "rtx_3090",
    ),
    (
        "lora",
        "llama3_8b",
        {"batch": 4, "seq_len": 4096, "train_hours": 5, "gpu": "rtx_4090", "deadline_hours": 3},
        "rtx_4090",
    ),
    ("qlora", "llama3_70b", {"dataset_tokens": 5e7, "budget_usd": 50}, "rtx_4090"),
    ("full_ft", "llama3_8b", {"batch": 8, "dataset_tokens": 1e8, "weights_dtype": "fp32"}, "a100_sxm_80gb"),
    ("full_ft", "qwen2_5_1_5b", {"dataset_tokens": 2e7, "pricing": "spot"}, "rtx_4090"),
    ("pretrain", "qwen2_5_0_5b", {"train_hours": 10, "gpu": "h100_sxm", "num_gpus": 8}, None),
    ("pretrain", "llama3_70b", {"dataset_tokens": 1e9, "grad_ckpt": True}, "h100_sxm"),
    ("image_gen", "sdxl_base", {"images": 1000}, "rtx_3060_12gb"),
    ("image_gen", "flux1_dev", {"images": 200, "resolution": 1024}, "rtx_4060_ti_16gb"),
    # Chinese engines, frameworks, region filter, subscriptions, Ascend and Apple
    ("inference", "qwen2_5_7b", {"framework": "lmdeploy", "region": "CN"}, None),
    ("inference", "qwen2_5_72b", {"framework": "mindie", "gpu": "ascend_910b"}, None),
    (
        "lora",
        "qwen2_5_7b",
        {"framework": "llama-factory", "region": "CN", "pricing": "monthly", "train_hours": 100},
        None,
    ),
    ("full_ft", "qwen2_5_7b", {"gpu": "apple_m3_ultra", "num_gpus": 8, "train_hours": 10}, None),
)


def resolved_workload(cat: Any, **kw: Any) -> Workload:
    """A Workload from its fields with its ``model_id`` resolved in the catalog ``cat``
    (a CatalogRepository). Raises pydantic.ValidationError on bad fields, KeyError when the
    model id is not in the catalog."""
    w = Workload.model_validate(kw)
    return w.with_model(cat.get_model(w.model_id))
