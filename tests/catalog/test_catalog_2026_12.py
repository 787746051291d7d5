"""The 2026-12 catalog: GPUs users plan on today, every model launchable, current prices.

Figures come from the rows' own sources (``data/gpus.csv``, ``data/models.csv``, the price
files) and the data audit of 2026-12: B200 dense FP4 9,000
TFLOPS (HGX B200 72 PF / 8), MI355X 10,066 (AMD dense MXFP4), a stock 128 GB Mac's Metal working
set 107.52 GiB (measured on M5 Max, github.com/antirez/ds4 pull #893), Vast.ai H100 SXM median
of 4 verified offers 2.4024 $/h on 2026-10-19 (silybench, Vast bundles API). The tests read the
bundle through ``load_bundle`` as the app does.
"""

from __future__ import annotations

import csv
import re
from datetime import date

import pytest

from gpupicker import paths
from gpupicker.catalog import load_bundle
from gpupicker.catalog.record_checks import observed_start
from gpupicker.catalog.records import ModelRecord
from gpupicker.cli import main as cli_main
from gpupicker.core.checks import engine_hardware_refusal
from gpupicker.core.hardware.accelerators import stack_of
from gpupicker.core.hardware.specs import GpuSpec, PriceOffer
from gpupicker.core.planners.launch_config import model_repo
from gpupicker.core.pricing.price_kind import price_kind
from gpupicker.core.stacks.platforms import platform_of
from gpupicker.core.units import GiB
from tests.support.workloads import resolved_workload as _w

DATA_DATE = date(2026, 12, 1)
"""The bundled data date of this revision: a current price observed before 2026-06-01 is
older than six months."""

_BUNDLE = load_bundle(paths.data_dir())
GPUS = {k: GpuSpec.model_validate(v) for k, v in _BUNDLE.gpus.items()}
PRICES = [PriceOffer.model_validate(d) for d in _BUNDLE.prices.values()]
with (paths.data_dir() / "models.csv").open(encoding="utf-8", newline="") as _f:
    MODELS = [ModelRecord(**r) for r in csv.DictReader(_f)]
LLMS = [m for m in MODELS if m.kind == "llm"]


def _price_rows() -> list[dict[str, str]]:
    rows: list[dict[str, str]] = []
    for f in sorted(paths.data_dir().glob("prices*.csv")):
        with f.open(encoding="utf-8", newline="") as fh:
            rows += list(csv.DictReader(fh))
    return rows


def _last_day(observed: str) -> date | None:
    """The last day an ``observed`` value can mean (a month-only date at its month's end)."""
    start = observed_start(observed)
    if start is None:
        return None
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", observed.strip()):
        return start
    nxt = date(start.year + (start.month == 12), start.month % 12 + 1, 1)
    if re.fullmatch(r"\d{4}-\d{2}", observed.strip()):
        return date.fromordinal(nxt.toordinal() - 1)
    return None  # a year, quarter or 'early/mid/late' span: not a dated price


# ---- GPUs -----------------------------------------------------------------------------------


def test_at_least_100_gpus_including_the_ones_users_asked_for():
    assert len(GPUS) >= 100
    asked = [
        "h200_nvl",
        "gh200_96gb",
        "mi350x",
        "rtx_pro_5000_blackwell",
        "rtx_pro_4500_blackwell",
        "rtx_pro_4000_blackwell",
        "rtx_pro_6000_blackwell_max_q",
        "rtx_pro_6000_blackwell_server",
        "rtx_5000_ada",
        "rtx_4500_ada",
        "rtx_a4500",
        "dgx_spark_gb10",
        "ryzen_ai_max_395",
        "apple_m5",
        "apple_m5_max",
        "apple_m4_pro",
        "apple_m2_ultra",
        "arc_pro_b60",
        "rx_7900_xtx",
        "ascend_910b",
        "ascend_910c",
        "rtx_3080_ti",
        "rtx_4070_ti",
        "rtx_4060_ti_16gb",
        "rtx_4060_ti_8gb",
        "rtx_5060_ti_16gb",
        "rtx_5060_ti_8gb",
        "tesla_p40",
        "tesla_p100_16gb",
        "mi50_32gb",
        "hygon_k100",
        "hygon_k100_ai",
        "cambricon_mlu370_x8",
        "cambricon_mlu590",
        "mthreads_mtt_s4000",
        "metax_c500",
        "enflame_t21",
    ]
    assert [g for g in asked if g not in GPUS] == []
    assert all(g.source for g in GPUS.values())


def test_fp4_only_where_the_tensor_cores_have_it():
    """Dense FP4 on Blackwell and CDNA 4 only (half the sparse AI TOPS; AMD's dense MXFP4)."""
    assert GPUS["b200"].fp4_tflops_dense == 9000
    assert GPUS["mi355x"].fp4_tflops_dense == 10066
    assert GPUS["rtx_5090"].fp4_tflops_dense == 1676  # 3,352 AI TOPS / 2
    with_fp4 = [g for g in GPUS.values() if g.fp4_tflops_dense]
    assert len(with_fp4) >= 15
    for g in with_fp4:
        assert re.search(r"Blackwell|CDNA 4", g.architecture), g.id
        assert "fp4" in (g.source + g.notes).lower(), g.id  # each value names its source
        assert g.fp4_tflops_dense >= 2 * (g.fp8_tflops_dense or 0) * 0.9, g.id
    for gid in ("h100_sxm", "h200_nvl", "rtx_4090", "a100_sxm_80gb", "mi300x", "ascend_910c"):
        assert GPUS[gid].fp4_tflops_dense is None


def test_unified_memory_machines_say_how_much_the_gpu_may_use():
    unified = [
        g for g in GPUS.values() if g.vendor == "Apple" or g.id in ("dgx_spark_gb10", "ryzen_ai_max_395")
    ]
    assert len(unified) >= 9
    for g in unified:
        assert g.gpu_memory_limit_gb is not None and g.gpu_memory_limit_gb < g.memory_gb, g.id
        assert "gpu_memory_limit_gb" in g.notes + g.source, g.id
    m5 = GPUS["apple_m5_max"]
    assert m5.gpu_memory_limit_gb == 107.52
    assert m5.usable_memory_bytes == int(107.52 * GiB * 0.995)  # the fit verdict's capacity
    assert GPUS["h100_sxm"].gpu_memory_limit_gb is None  # a discrete card keeps its memory


@pytest.mark.parametrize(
    ("gpu_id", "stack", "runs", "refused"),
    [
        ("hygon_k100_ai", "DTK", "vllm", "mindie"),
        ("cambricon_mlu370_x8", "Neuware", "lmdeploy", "llama.cpp"),
        ("mthreads_mtt_s4000", "MUSA", "llama.cpp", "sglang"),
        ("metax_c500", "MXMACA", "vllm", "tensorrt-llm"),
        ("enflame_t21", "TopsRider", "vllm", "ollama"),
        ("ascend_910c", "CANN", "vllm-ascend", "sglang"),
    ],
)
def test_domestic_accelerators_name_their_stack_and_refuse_engines_that_do_not_run(
    cat, gpu_id, stack, runs, refused
):
    gpu = cat.get_gpu(gpu_id)
    st = stack_of(gpu)
    assert st is not None and st.stack == stack
    assert platform_of(gpu) != "cuda"
    assert (
        engine_hardware_refusal(_w(cat, task="inference", model_id="qwen2_5_7b", framework=runs), gpu) == ""
    )
    why = engine_hardware_refusal(_w(cat, task="inference", model_id="qwen2_5_7b", framework=refused), gpu)
    assert why and f"does not run on the {gpu.name}" in str(why)


# ---- models ---------------------------------------------------------------------------------


def test_every_llm_row_has_its_repo_and_context():
    assert len(LLMS) >= 95
    for m in LLMS:
        assert re.fullmatch(r"[\w.-]+/[\w.-]+", m.hf_repo), m.id
        assert m.max_context and m.max_context >= 1024, m.id
        assert model_repo(m.hf_repo, m.source) == m.hf_repo
    assert all(m.hf_repo for m in MODELS)  # image and video rows too
    ids = {m.id: m for m in MODELS}
    assert ids["qwen3_30b_a3b"].hf_repo == "Qwen/Qwen3-30B-A3B"
    assert ids["qwen3_30b_a3b"].modelscope_id == "Qwen/Qwen3-30B-A3B"
    assert ids["glm_4_6"].modelscope_id == "ZhipuAI/GLM-4.6"


def test_the_2026_families_are_bundled():
    ids = {m.id for m in MODELS}
    assert {
        "qwen3_5_27b",
        "qwen3_6_35b_a3b",
        "glm_5",
        "glm_4_7_flash",
        "gemma4_31b",
        "gemma4_26b_a4b",
        "kimi_k2_5",
        "nemotron3_nano_30b_a3b",
        "minimax_m2_5",
        "qwen3_8_27b",
    } <= ids
    qwen = next(m for m in MODELS if m.id == "qwen3_5_27b")
    assert (qwen.linear_attention_layers, qwen.num_layers, qwen.max_context) == (48, 64, 262144)


def test_launch_prints_the_catalog_repo_not_a_placeholder(tmp_path, capsys):
    """`recommend --launch` for a row whose source names no repo (Qwen3-30B-A3B's is slime)."""
    spec = tmp_path / "s.json"
    spec.write_text(
        '{"task": "inference", "model_id": "qwen3_30b_a3b", "weights_dtype": "fp8", '
        '"framework": "vllm", "requests_per_minute": 120, "avg_prompt_tokens": 2000, '
        '"avg_output_tokens": 500}',
        encoding="utf-8",
    )
    assert (
        cli_main(
            [
                "--catalog",
                str(tmp_path / "c.sqlite"),
                "recommend",
                "--workload",
                str(spec),
                "--top",
                "1",
                "--launch",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "vllm serve Qwen/Qwen3-30B-A3B" in out and "YOUR_MODEL" not in out


# ---- prices ---------------------------------------------------------------------------------


def test_no_current_price_is_older_than_six_months_at_the_data_date():
    """Every current offer is dated 2026-06-01 or later; only the seed guide's own figures
    (price kind ``guide``, flagged low-trust everywhere) carry no date."""
    assert len(PRICES) >= 250
    for p in PRICES:
        if price_kind(p) == "guide":
            continue
        last = _last_day(p.observed)
        assert last is not None and last >= date(2026, 6, 1), (p.gpu_id, p.provider, p.observed)


def test_the_vast_h100_marketplace_price_is_the_later_median():
    vast = [p for p in PRICES if (p.gpu_id, p.provider) == ("h100_sxm", "Vast.ai")]
    assert [(p.price_per_gpu_hour, p.observed) for p in vast] == [(2.4024, "2026-10-19")]


def test_every_cn_price_row_states_tax_and_invoice():
    """includes_tax / vat_invoice are yes, no or blank; a blank one says the source is silent."""
    cn = [r for r in _price_rows() if r["currency"] == "CNY" or r["region"] == "CN"]
    assert len(cn) >= 50
    for r in cn:
        assert r["includes_tax"] in ("", "yes", "no") and r["vat_invoice"] in ("", "yes", "no")
        if not (r["includes_tax"] and r["vat_invoice"]):
            assert "tax/invoice" in r["notes"] and "not stated" in r["notes"], r


def test_no_chinese_monthly_or_yearly_package_older_than_a_year():
    packages = [p for p in PRICES if p.currency == "CNY" and p.pricing in ("monthly", "yearly")]
    assert packages
    for p in packages:
        last = _last_day(p.observed)
        assert last is not None and (DATA_DATE - last).days <= 365, p
    assert not [p for p in PRICES if p.provider == "Tencent Cloud" and p.pricing == "monthly"]
