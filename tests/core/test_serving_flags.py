"""Each paged engine's own flag names (core.stacks.serving_flags), one table for the serving box
and the launch commands, and memory notes that say what a non-vLLM engine is sized with.

TGI's ``--cuda-memory-fraction`` defaults to 1.0 (text-generation-inference
docs/source/reference/launcher.md) while its pool is sized with vLLM's model at the job's
``gpu_memory_utilization``: the estimate names that fraction. LMDeploy's
``--cache-max-entry-count`` is a share of the memory free after the weights (default 0.8,
lmdeploy/messages.py TurbomindEngineConfig): the estimate and the launch command use the same
value, the job's when it sets one.
"""

from __future__ import annotations

from gpupicker.core.memory import estimate_memory
from gpupicker.core.memory.fraction_pool import LMDEPLOY_CACHE_MAX_ENTRY_COUNT, pool_fraction
from gpupicker.core.planners.launch_config import launch_config
from gpupicker.core.stacks.serving_flags import SERVING_FLAGS, serving_flags
from gpupicker.core.workload import Workload
from tests.core.test_launch_cn import _option
from tests.support.catalog_data import catalog_gpus, catalog_model


def _w(framework: str, **extra) -> Workload:
    return Workload(
        task="inference",
        model=catalog_model("llama3_1_8b"),
        model_id="llama3_1_8b",
        framework=framework,
        prompt_len=1000,
        new_tokens=200,
        **extra,
    )


def test_every_paged_engine_has_its_flags():
    from gpupicker.core.memory import PAGED_KV_ENGINES

    assert set(SERVING_FLAGS) == set(PAGED_KV_ENGINES)
    assert serving_flags("TGI").context == "--max-total-tokens"
    assert serving_flags("lmdeploy").memory == "--cache-max-entry-count"
    assert serving_flags("mindie").memory is None


def test_tgi_says_which_fraction_its_pool_is_sized_with():
    gpu = next(g for g in catalog_gpus() if g.id == "a100_sxm_80gb")
    notes = [str(a) for a in estimate_memory(_w("tgi"), gpu, 1).assumptions]
    assert any("--cuda-memory-fraction 0.90" in n and "default is 1.0" in n for n in notes), notes
    set_ = [str(a) for a in estimate_memory(_w("tgi", gpu_memory_utilization=1.0), gpu, 1).assumptions]
    assert any("--cuda-memory-fraction 1.00" in n for n in set_)


def test_lmdeploy_fraction_is_the_engines_default_or_the_jobs_and_the_command_says_the_same():
    assert pool_fraction(_w("lmdeploy"), "lmdeploy", 1) == LMDEPLOY_CACHE_MAX_ENTRY_COUNT == 0.8
    assert pool_fraction(_w("lmdeploy", gpu_memory_utilization=0.5), "lmdeploy", 1) == 0.5
    for w, frac in ((_w("lmdeploy"), "0.80"), (_w("lmdeploy", gpu_memory_utilization=0.5), "0.50")):
        cfg = launch_config(w, _option(w, ("a100_sxm_80gb",)), "meta-llama/Llama-3.1-8B-Instruct")
        assert f"--cache-max-entry-count {frac}" in " ".join(cfg.command.split())
        gpu = next(g for g in catalog_gpus() if g.id == "a100_sxm_80gb")
        assert any(f"cache_max_entry_count {frac}" in str(a) for a in estimate_memory(w, gpu, 1).assumptions)
