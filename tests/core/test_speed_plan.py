"""The inference roofline is one plan per model × GPU × engine fields, shared by jobs.

``speed.roofline._per_gpu`` is keyed by :func:`~gpupicker.core.speed.plan_key.plan_key`: the
model and GPU objects, the engine fields :data:`~gpupicker.core.speed.plan_key.PLAN_FIELDS`,
and the few job sizes the roofline's count-free terms read. A field missing from the key would
hand one job's roofline to another: every field is varied here and each shared answer must
equal a fresh one, and the fields the roofline reads are recorded and checked against the key.
"""

from __future__ import annotations

import pytest

from gpupicker.core.speed import roofline
from gpupicker.core.speed.plan_key import PLAN_FIELDS
from gpupicker.core.speed.throughput import estimate_throughput
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_gpus, catalog_model

BASE = {"task": "inference", "batch": 1, "prompt_len": 1024, "new_tokens": 256}
"""The job ``make bench`` compares with llm-analysis (Llama-2-7B, 1,024 + 256 tokens)."""

VARIANTS = [
    {"batch": 8, "prompt_len": 512, "new_tokens": 128},
    {"prompt_len": 9000},
    {"seq_len": 2048, "prompt_len": None},
    {"task": "decode_ceiling"},
    {"framework": "vllm"},
    {"framework": "sglang", "batch": 4},
    {"framework": "llama.cpp", "weights_dtype": "q4_k_m"},
    {"framework": "llama.cpp", "weights_dtype": "q4_k_m", "engine_build": "b1000"},
    {"framework": "llama.cpp", "weights_dtype": "q4_k_m", "backend": "vulkan"},
    {"framework": "ollama", "weights_dtype": "q4_k_m", "engine_date": "2025-01-01"},
    {"weights_dtype": "fp8"},
    {"weights_dtype": "int4", "quant_method": "awq", "framework": "vllm"},
    {"weights_dtype": "int8"},
    {"compute_dtype": "fp16"},
    {"kv_cache_dtype": "fp8"},
    {"quantized_groups": ("attention",), "weights_dtype": "int4", "framework": "vllm"},
    {"environment": "transformers==4.40.0"},
    {"attention": "eager"},
    {"model_id": "other"},
]


def _jobs(model_id: str) -> list[Workload]:
    model = catalog_model(model_id)
    base = Workload(model=model, **BASE)  # type: ignore[arg-type]
    return [base, *(base.model_copy(update=change) for change in VARIANTS)]


@pytest.mark.parametrize("model_id", ["llama2_7b", "mixtral_8x7b"])
def test_a_shared_roofline_answers_as_a_fresh_one(model_id):
    gpus = {g.id: g for g in catalog_gpus()}
    jobs = _jobs(model_id)
    for gpu_id in ("a100_sxm_80gb", "h100_sxm", "rtx_4090"):
        gpu = gpus[gpu_id]
        for n in (1, 2):
            roofline._per_gpu.cache_clear()
            shared = {}
            for i, w in enumerate(jobs):  # every job after the first may reuse a plan
                shared[i] = _speed(w, gpu, n)
            for i, w in enumerate(jobs):
                roofline._per_gpu.cache_clear()
                assert _speed(w, gpu, n) == shared[i], (model_id, gpu_id, n, i)


def _speed(w: Workload, gpu: object, n: int) -> object:
    try:
        return estimate_throughput(w, gpu, n)  # type: ignore[arg-type]
    except ValueError as exc:  # a refusal is an answer too
        return str(exc)


def test_a_new_job_of_another_size_reuses_the_plan(monkeypatch):
    """A second job on the same model, GPU and engine (another batch and prompt) builds no
    roofline of its own: only the first job's is built."""
    gpu = next(g for g in catalog_gpus() if g.id == "a100_sxm_80gb")
    first, other = _jobs("llama2_7b")[:2]
    built: list[object] = []
    on_one = roofline._per_gpu.fn

    def counted(*args: object) -> object:
        built.append(args)
        return on_one(*args)

    monkeypatch.setattr(roofline._per_gpu, "fn", counted)
    roofline._per_gpu.cache_clear()
    for w in (first, first.model_copy(), other, other.model_copy()):
        estimate_throughput(w, gpu, 1)
    assert len(built) == 1


SIZES = {"batch", "prompt_len", "seq_len", "new_tokens", "model", "quantized_group_set"}
"""Fields :func:`plan_key` reads other than :data:`PLAN_FIELDS`: the sizes it keys on as it
says (the long-prompt flag, a MoE's batch), the model by identity, the property of a field."""


def test_the_roofline_reads_only_the_fields_of_its_key(monkeypatch):
    read: set[str] = set()
    active = [0]
    plain = Workload.__getattribute__

    def recording(self: Workload, name: str) -> object:
        if active[0] and not name.startswith("_"):
            read.add(name)
        return plain(self, name)

    on_one = roofline._per_gpu.fn

    def watched(*args: object) -> object:
        active[0] += 1
        try:
            return on_one(*args)
        finally:
            active[0] -= 1

    monkeypatch.setattr(Workload, "__getattribute__", recording)
    monkeypatch.setattr(roofline._per_gpu, "fn", watched)
    gpus = [g for g in catalog_gpus() if g.id in ("a100_sxm_80gb", "h100_sxm", "rtx_4090", "apple_m2_ultra")]
    for model_id in ("llama2_7b", "mixtral_8x7b"):
        for w in _jobs(model_id):
            for gpu in gpus:
                roofline._per_gpu.cache_clear()
                _speed(w, gpu, 1)
    assert read, "nothing recorded"
    assert read <= set(PLAN_FIELDS) | SIZES, sorted(read - set(PLAN_FIELDS) - SIZES)
