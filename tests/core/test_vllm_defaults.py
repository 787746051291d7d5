"""vLLM's scheduler defaults and KV pool by the version a workload's environment names."""

from __future__ import annotations

from gpupicker.core.memory import estimate_memory
from gpupicker.core.memory.paged import vllm_settings
from gpupicker.core.memory.vllm_defaults import chunked_step_budget, vllm_era, vllm_version
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_model, gpu


def _w(**kw: object) -> Workload:
    base: dict[str, object] = {
        "task": "inference",
        "model": catalog_model("llama3_1_8b"),
        "framework": "vllm",
        "prompt_len": 512,
        "new_tokens": 256,
    }
    return Workload(**{**base, **kw})


def test_version_read_from_the_environment_as_the_cases_write_it():
    assert vllm_version("vLLM v0.11.0 (V1 engine; chunked prefill on)") == (0, 11, 0)
    assert vllm_version("rocm/vllm:rocm7.0.0_vllm_0.10.2_20251006") == (0, 10, 2)
    assert vllm_version("vLLM ~0.6.0 (Sep 2024)") == (0, 6, 0)
    assert vllm_version("vLLM 0.6.6 (V0 engine), --num-scheduler-steps 1") == (0, 6, 6)
    assert vllm_version("SGLang 0.5.5") is None
    assert vllm_version(None) is None


def test_v1_server_defaults_by_gpu_at_0_11():
    # vllm/engine/arg_utils.py get_batch_defaults (PR #17885): >= 70 GiB and not an A100:
    # 8192 tokens / 1024 sequences for the OpenAI server; otherwise 2048 / 256
    env = "vLLM v0.11.0"
    h100 = vllm_settings(_w(environment=env), gpu("h100_sxm"))
    a100 = vllm_settings(_w(environment=env), gpu("a100_sxm_80gb"))
    l40s = vllm_settings(_w(environment=env), gpu("l40s"))
    assert (h100.max_num_seqs, h100.max_num_batched_tokens, h100.v1) == (1024, 8192, True)
    assert (a100.max_num_seqs, a100.max_num_batched_tokens) == (256, 2048)
    assert (l40s.max_num_seqs, l40s.max_num_batched_tokens) == (256, 2048)
    # PR #17073 (0.8.5): by memory, A100 80GB included; PR #12369 / #16158 (0.8.4): by name
    a100_085 = vllm_settings(_w(environment="vLLM 0.8.5"), gpu("a100_sxm_80gb"))
    assert (a100_085.max_num_seqs, a100_085.max_num_batched_tokens) == (1024, 8192)
    a100_084 = vllm_settings(_w(environment="vLLM 0.8.4"), gpu("a100_sxm_80gb"))
    assert (a100_084.max_num_seqs, a100_084.max_num_batched_tokens) == (256, 2048)
    # V1 as first made default: 1024 sequences everywhere (PR #16158 reverted that)
    assert vllm_settings(_w(environment="vLLM 0.8.0"), gpu("l40s")).max_num_seqs == 1024


def test_v0_defaults_and_the_version_assumed_when_none_is_named():
    v0 = vllm_settings(_w(environment="vLLM 0.6.6", max_model_len=4096), gpu("h100_sxm"))
    assert (v0.max_num_seqs, v0.max_num_batched_tokens, v0.v1) == (256, 4096, False)
    # V0 asked for on 0.8-0.10 with VLLM_USE_V1=0
    assert vllm_era(_w(environment="vLLM 0.9.2, VLLM_USE_V1=0"), gpu("h100_sxm")).v1 is False
    # none named: the newest defaults, and the estimate says so
    assert vllm_settings(_w(), gpu("h100_sxm")).max_num_batched_tokens == 8192
    est = estimate_memory(_w(), gpu("h100_sxm"))
    assert any("vLLM version not named" in str(a) for a in est.assumptions)
    # V0 runs prefills as their own steps below 32K; V1 always mixes them
    assert chunked_step_budget(_w(environment="vLLM 0.6.6"), gpu("h100_sxm")) == 0
    assert chunked_step_budget(_w(environment="vLLM 0.11.0"), gpu("h100_sxm")) == 8192


def test_qwen3_32b_at_32k_context_starts_on_an_a100_under_v1():
    # GPUStack performance lab (gpustack/gpustack docs/performance-lab/qwen3-32b/a100.md):
    # vllm serve Qwen/Qwen3-32B --max-model-len 32768 on one A100 80GB ran under v0.11.0. V1
    # profiles 2048 tokens there; V0 profiled max_model_len tokens and could not hold one sequence.
    m = catalog_model("qwen3_32b")
    kw = {"model": m, "max_model_len": 32768, "prompt_len": 217, "new_tokens": 201}
    v1 = estimate_memory(_w(environment="vLLM v0.11.0", **kw), gpu("a100_sxm_80gb"))
    v0 = estimate_memory(_w(environment="vLLM 0.6.6", **kw), gpu("a100_sxm_80gb"))
    assert v1.engine_fits is not False and (v1.kv_pool_tokens or 0) >= 32768
    assert v0.engine_fits is False
