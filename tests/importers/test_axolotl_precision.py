"""axolotl's precision keys as its ``resolve_dtype`` reads them
(axolotl-ai-cloud/axolotl src/axolotl/utils/config/__init__.py @00ce888): ``bf16: false`` with
``fp16: false`` loads the model in float32 and trains without autocast — an fp32 run, never a
silent 16-bit one — and the speed model's gap (fp32 matmuls timed at the 16-bit peak) is said.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gpupicker.core.workload import Workload
from gpupicker.importers.jobs import read_job_text
from tests.importers.test_jobs import lookup  # noqa: F401 - the fixture

JOBS = Path(__file__).parent / "data" / "jobs"
FFT = (JOBS / "axolotl-llama3-fft-8b-liger-fsdp.yaml").read_text(encoding="utf-8")
QLORA = (JOBS / "axolotl-llama3-qlora.yml").read_text(encoding="utf-8")


def _with(text: str, **keys: str) -> str:
    lines = [ln for ln in text.splitlines() if ln.split(":")[0] not in keys]
    return "\n".join(lines + [f"{k}: {v}" for k, v in keys.items()]) + "\n"


def _warnings(job) -> list[str]:
    return [str(x) for x in job.warnings]


def test_bf16_false_fp16_false_is_an_fp32_run(lookup):  # noqa: F811
    job = read_job_text(_with(FFT, bf16="false", fp16="false"), lookup)
    w = Workload.model_validate(job.workload)
    assert (w.task, w.weights_dtype, w.compute_dtype) == ("full_ft", "fp32", "fp32")
    assert any("axolotl trains in fp32" in t and "16-bit matmul peak" in t for t in _warnings(job))


def test_qlora_without_bf16_keeps_4bit_weights_and_computes_in_fp32(lookup):  # noqa: F811
    job = read_job_text(_with(QLORA, bf16="false", fp16="false"), lookup)
    w = Workload.model_validate(job.workload)
    assert (w.task, w.compute_dtype) == ("qlora", "fp32") and w.weights_dtype != "fp32"
    assert any("axolotl trains in fp32" in t for t in _warnings(job))


@pytest.mark.parametrize(
    ("keys", "dtype"),
    [({"bf16": "auto"}, "bf16"), ({"bf16": "true"}, "bf16"), ({"bf16": "false", "fp16": "true"}, "fp16")],
)
def test_16bit_runs_stay_16bit_without_the_fp32_warning(lookup, keys, dtype):  # noqa: F811
    job = read_job_text(_with(FFT, **keys), lookup)
    assert job.workload.get("compute_dtype", "bf16") == dtype
    assert job.workload.get("weights_dtype", "bf16") != "fp32"
    assert not any("fp32" in t for t in _warnings(job))


def test_bf16_false_on_an_8bit_base_is_named(lookup):  # noqa: F811
    """``load_in_8bit`` makes axolotl's torch_dtype float16 without autocast: not modelled."""
    job = read_job_text(
        _with(QLORA, bf16="false", load_in_4bit="false", load_in_8bit="true", adapter="lora"), lookup
    )
    assert any("bf16 = False is not modelled" in t for t in _warnings(job)), _warnings(job)


def test_the_fp32_warning_in_zh_cn(lookup, zh_cn):  # noqa: F811
    from gpupicker.ui.i18n.core_messages import tr_message

    job = read_job_text(_with(FFT, bf16="false", fp16="false"), lookup)
    zh = [tr_message(t) for t in job.warnings if "fp32" in str(t)]
    assert zh and "axolotl 以 fp32 训练" in zh[0]
