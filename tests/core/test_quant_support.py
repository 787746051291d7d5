"""The quantization × engine × platform support table: every refused row is refused for a
bundled GPU it names, never ranks in ``recommend``, and a GPU the row exempts still runs."""

from __future__ import annotations

import pytest

from gpupicker.core.checks import engine_hardware_refusal
from gpupicker.core.ranking.recommend import recommend
from gpupicker.core.stacks.platforms import platform_of
from gpupicker.core.stacks.quant_support import SUPPORT_TABLE, SupportRow, compute_capability
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_gpus, catalog_model, catalog_prices, gpu

_DTYPE = {
    "awq": ("int4", None),
    "gptq": ("int4", "gptq"),
    "fp8": ("fp8", None),
    "nvfp4": ("nvfp4", None),
    "mxfp4": ("mxfp4", None),
    "int4": ("int4", None),
    "w8a8": ("w8a8", None),
    "w4a8": ("w4a8", None),
}


def _workload(row: SupportRow, engine: str, fmt: str) -> Workload:
    if row.kv:
        return Workload(
            task="inference",
            model=catalog_model("qwen2_5_7b"),
            framework=engine,
            weights_dtype="bf16",
            kv_cache_dtype=fmt,
        )
    dtype, method = _DTYPE[fmt]
    return Workload(
        task="inference",
        model=catalog_model("qwen2_5_7b"),
        framework=engine,
        weights_dtype=dtype,
        quant_method=method,
    )


def _refused_here(row: SupportRow, g) -> bool:
    if platform_of(g) not in row.platforms:
        return False
    if row.unless == "fp8" and g.has_fp8 or row.unless == "fp4" and g.has_fp4:
        return False
    cc = compute_capability(g)
    return row.cc_below is None or (cc is not None and cc < row.cc_below)


CASES = [
    (i, engine, fmt)
    for i, row in enumerate(SUPPORT_TABLE)
    for engine in sorted(row.engines)
    for fmt in sorted(row.formats)
]


@pytest.mark.parametrize("i, engine, fmt", CASES)
def test_no_option_ranks_that_its_engine_refuses(i: int, engine: str, fmt: str):
    row = SUPPORT_TABLE[i]
    w = _workload(row, engine, fmt)
    gpus = catalog_gpus()
    refused = {g.id for g in gpus if _refused_here(row, g)}
    for g in gpus:
        why = engine_hardware_refusal(w, g)
        if g.id in refused:
            assert why, (g.id, engine, fmt)
    if not refused:
        pytest.skip(f"no bundled GPU on {sorted(row.platforms)} that the row refuses")
    ranked = {o.gpu_id for o in recommend(w, gpus, ()).options}
    assert not ranked & refused


def test_exempt_gpus_still_run():
    vllm = dict(task="inference", model=catalog_model("qwen2_5_7b"), framework="vllm")
    assert not engine_hardware_refusal(Workload(**vllm, weights_dtype="int4"), gpu("t4"))
    assert not engine_hardware_refusal(
        Workload(**vllm, weights_dtype="fp8"), gpu("a100_sxm_80gb")
    )  # Marlin W8A16
    assert not engine_hardware_refusal(
        Workload(**vllm, weights_dtype="nvfp4", kv_cache_dtype="nvfp4"), gpu("b200")
    )
    assert not engine_hardware_refusal(
        Workload(**vllm, weights_dtype="int4", quant_method="gptq"), gpu("v100_sxm2_32gb")
    )


def test_qwen2_5_72b_awq_on_v100_never_ranks_and_the_reason_is_shown():
    w = Workload(
        task="inference",
        model=catalog_model("qwen2_5_72b"),
        framework="vllm",
        weights_dtype="int4",
        requests_per_minute=60,
        avg_prompt_tokens=1000,
        avg_output_tokens=300,
    )
    rec = recommend(w, catalog_gpus(), catalog_prices())
    assert not [o for o in rec.options if o.gpu_id.startswith("v100")]
    assert any("AWQ" in str(n) for n in rec.notes)


@pytest.mark.parametrize("dtype, fmt", [("w8a8", "w8a8"), ("w4a8", "w4a8")])
def test_modelslim_formats_are_dtypes_that_run_on_ascend(dtype: str, fmt: str):
    """vllm-ascend quantization guide: ModelSlim W8A8 / W4A8 are the formats it loads."""
    w = Workload(
        task="inference", model=catalog_model("qwen2_5_7b"), framework="vllm-ascend", weights_dtype=dtype
    )
    assert w.quant_method == fmt and w.weights_dtype == ("int8" if fmt == "w8a8" else "int4")
    for ascend in ("ascend_910b", "ascend_910c"):
        assert not engine_hardware_refusal(w, gpu(ascend))
    ranked = {o.gpu_id for o in recommend(w, catalog_gpus(), ()).options}
    assert ranked & {"ascend_910b", "ascend_910c"}


@pytest.mark.parametrize("dtype, fmt", [("int8", "W8A8"), ("nf4", "W4A8")])
def test_bitsandbytes_on_ascend_names_the_modelslim_format(dtype: str, fmt: str):
    for engine in ("vllm-ascend", "mindie"):
        w = Workload(
            task="inference", model=catalog_model("qwen2_5_7b"), framework=engine, weights_dtype=dtype
        )
        why = str(engine_hardware_refusal(w, gpu("ascend_910b")))
        assert fmt in why and "ModelSlim" in why
        assert "AWQ" not in why and "GGUF" not in why
