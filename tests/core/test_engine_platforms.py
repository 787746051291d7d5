"""Every engine of the platform table runs on its platforms only, in both directions.

core.stacks.platforms.ENGINE_PLATFORMS is read from each engine's install documentation: the Ascend
engines (MindIE, vllm-ascend, MindSpeed-LLM, MindFormers) have no CUDA build, and the
CUDA-only ones (TensorRT-LLM, Unsloth) no CANN one. An option on a platform the engine lacks is
refused with the reason — never ranked as if the engine ran there.
"""

from __future__ import annotations

import pytest

from gpupicker.core.checks import engine_hardware_refusal
from gpupicker.core.ranking.recommend import recommend
from gpupicker.core.stacks.frameworks import framework_row
from gpupicker.core.stacks.platforms import ENGINE_PLATFORMS, platform_of
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_gpus, catalog_model, catalog_prices


def _one_gpu_per_platform():
    out = {}
    for g in catalog_gpus():
        out.setdefault(platform_of(g), g)
    return out


def _workload(engine: str, model_id: str = "qwen2_5_1_5b") -> Workload:
    kinds = framework_row(engine).kinds
    task = {"task": "inference", "requests_per_minute": 10} if "inference" in kinds else {"task": "lora"}
    return Workload.model_validate(
        {**task, "model_id": model_id, "model": catalog_model(model_id), "framework": engine}
    )


@pytest.mark.parametrize("engine", sorted(ENGINE_PLATFORMS))
def test_each_engine_is_refused_exactly_on_the_platforms_it_has_no_build_for(engine):
    w = _workload(engine)
    allowed = ENGINE_PLATFORMS[engine]
    for plat, gpu in _one_gpu_per_platform().items():
        why = engine_hardware_refusal(w, gpu)
        if plat in allowed:
            assert "does not run on" not in str(why), (engine, plat, why)
        else:
            text = str(why)
            assert f"does not run on the {gpu.name}" in text, (engine, plat, text)


@pytest.mark.parametrize("engine", ["mindspeed", "mindformers", "mindie", "vllm-ascend"])
def test_the_ascend_engines_rank_ascend_npus_only_and_say_why_the_rest_are_left_out(engine):
    task = "pretrain" if engine in ("mindspeed", "mindformers") else "inference"
    w = Workload.model_validate(
        {
            "task": task,
            "model_id": "qwen2_5_7b",
            "model": catalog_model("qwen2_5_7b"),
            "framework": engine,
            "dataset_tokens": 1e8,
            "requests_per_minute": 10,
        }
    )
    rec = recommend(w, list(catalog_gpus()), catalog_prices())
    assert rec.options, rec.notes
    gpus = {g.id: g for g in catalog_gpus()}
    assert {platform_of(gpus[o.gpu_id]) for o in rec.options} == {"ascend"}
    assert any(f"left out: {engine} does not run on" in n and "(CUDA)" in n for n in rec.notes), rec.notes


@pytest.mark.parametrize("engine", ["tensorrt-llm", "unsloth"])
def test_cuda_only_engines_leave_the_ascend_npus_out(engine):
    w = _workload(engine, "qwen2_5_7b")
    gpus = [g for g in catalog_gpus() if platform_of(g) in ("cuda", "ascend")]
    rec = recommend(w, gpus, catalog_prices())
    assert rec.options
    by_id = {g.id: g for g in gpus}
    assert {platform_of(by_id[o.gpu_id]) for o in rec.options} == {"cuda"}
    ascend = next(g for g in gpus if platform_of(g) == "ascend")
    assert "Ascend (CANN)" in str(engine_hardware_refusal(w, ascend))


def _texts(x):
    if isinstance(x, str):
        yield x
    elif isinstance(x, dict):
        for k, v in x.items():
            if not k.endswith("_messages"):
                yield from _texts(v)
    elif isinstance(x, (list, tuple)):
        for v in x:
            yield from _texts(v)


def test_vllm_on_an_ascend_npu_speaks_of_acl_graphs_and_hccs_not_cuda():
    # vllm serve on a 910B runs the vllm-ascend plugin: ACL graphs, HCCS tensor parallel
    from gpupicker.core.report.estimate import estimate_report
    from tests.support.catalog_data import gpu

    w = Workload.model_validate(
        {
            "task": "inference",
            "model_id": "qwen3_8b",
            "model": catalog_model("qwen3_8b"),
            "framework": "vllm",
            "num_gpus": 4,
            "requests_per_minute": 60,
        }
    )
    npu = list(_texts(estimate_report(w, gpu("ascend_910b"))))
    assert not [t for t in npu if "CUDA graph" in t or "CUDA context" in t or "over PCIe" in t], npu
    assert any("ACL graphs" in t for t in npu) and any("vllm-ascend (ACL graphs" in t for t in npu)
    assert any("tensor parallel over HCCS" in t for t in npu)
    cuda = list(_texts(estimate_report(w, gpu("h100_sxm"))))
    assert any("CUDA graphs" in t for t in cuda) and not any("ACL" in t for t in cuda)
