"""The seed guides' three worked cases as workload fields, and the CNY rate the China tests quote.

Used by the region-CN and the 2026 CNY price tests.
"""

from __future__ import annotations

from gpupicker.core.pricing.money import Money

FX = {"CNY": 1 / 7.10}
CNY = Money("CNY", 7.10)

SEED_CASES = {
    "qlora_mistral_7b": dict(
        task="qlora", model_id="mistral_7b_v0_1", batch=1, seq_len=2048, grad_ckpt=True, train_hours=6
    ),
    "pretrain_13b_4xa100": dict(
        task="pretrain",
        model_id="llama2_13b",
        batch=4,
        seq_len=2048,
        grad_ckpt=True,
        train_hours=72,
        num_gpus=4,
        parallelism={"fsdp": True},
    ),
    "serve_llama2_13b": dict(
        task="inference",
        model_id="llama2_13b",
        framework="vllm",
        weights_dtype="int4",
        requests_per_minute=100,
    ),
}

QLORA = {
    "task": "qlora",
    "model_id": "mistral_7b_v0_1",
    "batch": 1,
    "seq_len": 2048,
    "grad_ckpt": True,
    "train_hours": 6,
}
"""Seed case 1: QLoRA Mistral-7B, 6 h (tests/core/test_seed_cases.py), as workload fields."""
