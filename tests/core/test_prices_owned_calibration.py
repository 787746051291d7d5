"""Price kinds and trust marks, owned hardware, calibration on the user's runs."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from gpupicker.catalog import open_catalog
from gpupicker.cli import main
from gpupicker.core.hardware.specs import PriceOffer
from gpupicker.core.planners.calibration import Calibration, make_run, parse_log
from gpupicker.core.pricing.cost import buy_vs_rent
from gpupicker.core.pricing.owned import OwnedGpu, owned_cost
from gpupicker.core.pricing.price_kind import price_flag, price_kind
from gpupicker.core.units import GiB
from gpupicker.core.workload import Workload
from tests.support.sample_files import SKYPILOT, VLLM_V0_LOG

QLORA = {
    "task": "qlora",
    "model_id": "mistral_7b_v0_1",
    "batch": 4,
    "seq_len": 2048,
    "dataset_tokens": 20_000_000,
}


def _recommend(capsys, w: dict, tmp_path: Path, *extra: str) -> dict:
    f = tmp_path / "w.json"
    f.write_text(json.dumps(w), encoding="utf-8")
    assert main(["recommend", "--workload", str(f), "--json", *extra]) == 0
    return json.loads(capsys.readouterr().out)


# ---- acceptance 2: on-demand means on-demand; every option names its price kind ------------
def test_on_demand_returns_no_marketplace_offer_and_names_kind_and_date(capsys, tmp_path):
    out = _recommend(capsys, {**QLORA, "pricing": "on_demand"}, tmp_path)
    priced = [o for o in out["options"] if o["provider"]]
    assert priced
    assert not [
        o
        for o in priced
        if o["pricing"] == "marketplace"
        or o["price_kind"] == "marketplace"
        or o["provider"] in ("Vast.ai", "TensorDock", "Akash")
    ]
    for o in priced:
        assert o["price_kind"] in ("list", "aggregate", "guide", "user")
        assert o["price_kind_label"] and "price_observed" in o
    market = _recommend(capsys, {**QLORA, "pricing": "marketplace"}, tmp_path)
    assert {o["price_kind"] for o in market["options"] if o["provider"]} == {"marketplace"}


def test_flagged_top_pick_is_marked_and_the_notes_say_so(capsys, tmp_path):
    out = _recommend(capsys, {**QLORA, "pricing": "on_demand"}, tmp_path)
    top = next(o for o in out["options"] if o["fits"] and o["within_budget"])
    # the bundled RunPod MI300X at 0.50 is flagged by the audit ("looks like a scraper
    # artefact"): it may rank first, but marked, and a note names an unflagged alternative
    if top["price_flag"]:
        assert "Price marked" in top["reason"]
        assert any(n.startswith("The top pick rests on a") for n in out["notes"])
    unflagged = [o for o in out["options"] if o["provider"] and not o["price_flag"]]
    assert unflagged


def test_price_kinds_of_bundled_rows():
    def offer(**kw):
        base = dict(gpu_id="h100_sxm", provider="X", price_per_gpu_hour=2.0, observed="2026-10-10")
        return PriceOffer(**{**base, **kw})

    assert price_kind(offer(provider="Vast.ai", pricing="marketplace")) == "marketplace"
    assert price_kind(offer(provider="TensorDock")) == "marketplace"  # host-set, any label
    assert price_kind(offer(provider="(seed text, provider unstated)")) == "guide"
    assert (
        price_kind(offer(source="github.com/ewyluda/gpu-price-index … (scraped provider price pages/APIs)"))
        == "aggregate"
    )
    assert price_kind(offer(source="SkyPilot catalog vms.csv")) == "list"
    assert price_kind(offer(provider="AWS", source="aws.amazon.com/ec2/pricing")) == "list"
    today = date(2026, 12, 1)
    assert price_flag(offer(), today=today) == ("", "")
    assert price_flag(offer(observed="2026-03"), today=today)[0] == "stale"
    assert price_flag(offer(observed=""), today=today)[0] == "stale"
    assert price_flag(offer(notes="source groups these GPUs under one price"), today=today)[0] == "low-trust"
    assert price_flag(offer(price_kind="user", observed="2020"), today=today) == ("", "")


def test_user_rows_are_the_users_own_kind(tmp_path):
    with open_catalog() as repo:
        rid = repo.add_price(
            PriceOffer(gpu_id="rtx_4090", provider="MyCloud", price_per_gpu_hour=0.3, observed="2026-11")
        )
        kinds = {(p.provider, p.gpu_id): price_kind(p) for p in repo.prices()}
        assert kinds[("MyCloud", "rtx_4090")] == "user"
        assert list(kinds.values()).count("user") == 1
        assert rid in {r for r, _, u in repo.price_rows() if u}


# ---- acceptance 4: owned 2 × RTX 4090 ------------------------------------------------------
def test_owned_hourly_cost_and_break_even_arithmetic():
    o = OwnedGpu(
        gpu_id="rtx_4090",
        count=2,
        purchase_price=3600,
        power_w=450,
        electricity_per_kwh=0.30,
        years=3,
        utilization=0.5,
    )
    c = owned_cost(o)
    # write-off: 3600 / (2 GPUs × 3 years × 8760 h × 0.5) = 0.136986 $/GPU-h
    assert c.capital_usd_per_gpu_hour == pytest.approx(3600 / 26280)
    # power: 450 W × 0.30 $/kWh = 0.135 $/GPU-h
    assert c.power_usd_per_gpu_hour == pytest.approx(0.135)
    assert c.usd_per_gpu_hour == pytest.approx(0.271986, abs=1e-6)
    # break-even vs renting at 1.20 $/h for the same work, 365 h a month (0.5 × 730):
    # rent 438 $/month, power 2 × 0.45 kW × 365 h × 0.30 = 98.55 $/month → 3600 / 339.45
    r = buy_vs_rent(3600, 1.20, 1, hours_used_per_month=365, tdp_w=900, utilization=1.0, usd_per_kwh=0.30)
    assert r.break_even_months == pytest.approx(3600 / (438 - 98.55))


def test_owned_gpus_rank_with_hourly_cost_and_break_even(capsys, tmp_path):
    assert (
        main(
            [
                "owned",
                "add",
                "--gpu",
                "rtx_4090",
                "--count",
                "2",
                "--purchase",
                "3600",
                "--power-w",
                "450",
                "--kwh",
                "0.30",
                "--years",
                "3",
                "--utilization",
                "0.5",
            ]
        )
        == 0
    )
    assert "$0.2720 per GPU-hour" in capsys.readouterr().out
    out = _recommend(capsys, {**QLORA, "pricing": "on_demand"}, tmp_path)
    owned = [o for o in out["options"] if o["pricing"] == "owned"]
    assert {o["num_gpus"] for o in owned} == {1, 2}  # never more than the two owned
    two = next(o for o in owned if o["num_gpus"] == 2)
    assert two["usd_per_hour"] == pytest.approx(2 * 0.271986, abs=1e-3)
    assert two["price_kind"] == "owned" and two["provider"] == "Owned"
    assert "Break-even vs the best rental" in two["reason"]
    # the break-even is against the first unflagged rental that fits: recompute it
    best = next(
        o
        for o in out["options"]
        if o["pricing"] not in ("owned", None) and o["fits"] and o["within_budget"] and not o["price_flag"]
    )
    speed = two["train_tokens_per_s"] / best["train_tokens_per_s"]
    r = buy_vs_rent(
        3600,
        best["usd_per_hour"] * speed,
        1,
        hours_used_per_month=365,
        tdp_w=900,
        utilization=1.0,
        usd_per_kwh=0.30,
    )
    if r.break_even_months is None:
        assert two["break_even_months"] is None and "never" in two["reason"]
    else:
        assert two["break_even_months"] == pytest.approx(r.break_even_months, rel=1e-3)
    assert two["energy_kwh"] is not None and two["kwh_per_million_tokens"] is not None


# ---- acceptance 5: calibration -------------------------------------------------------------
def _estimate(capsys, w: dict, tmp_path: Path) -> dict:
    f = tmp_path / "e.json"
    f.write_text(json.dumps(w), encoding="utf-8")
    assert main(["estimate", "--workload", str(f)]) == 0
    return json.loads(capsys.readouterr().out)


def test_calibration_moves_the_estimate_and_removing_restores(capsys, tmp_path):
    w = {"task": "qlora", "model_id": "mistral_7b_v0_1", "batch": 4, "seq_len": 2048, "gpu": "rtx_4090"}
    near = {**w, "batch": 8}
    before, before_near = _estimate(capsys, w, tmp_path), _estimate(capsys, near, tmp_path)
    f = tmp_path / "run.json"
    f.write_text(json.dumps(w), encoding="utf-8")
    recorded_gib, recorded_tps = 15.0, 1200.0
    assert (
        main(
            [
                "calibrate",
                "add",
                "--workload",
                str(f),
                "--gpu",
                "rtx_4090",
                "--peak-gib",
                str(recorded_gib),
                "--tokens-per-s",
                str(recorded_tps),
            ]
        )
        == 0
    )
    said = capsys.readouterr().out
    assert "run 1 stored" in said and "→ calibrated 15.00 GiB" in said
    after, after_near = _estimate(capsys, w, tmp_path), _estimate(capsys, near, tmp_path)
    assert after["total_bytes"] == pytest.approx(recorded_gib * GiB, rel=0.02)
    assert after["train_tokens_per_s"] == pytest.approx(recorded_tps, rel=0.02)
    assert after["calibration"].startswith("Calibrated on your 1 run")
    factor = after["total_bytes"] / before["total_bytes"]
    assert after_near["total_bytes"] / before_near["total_bytes"] == pytest.approx(factor, rel=1e-6)
    # other engine or GPU: untouched
    other = _estimate(capsys, {**w, "gpu": "rtx_3090"}, tmp_path)
    assert "calibration" not in other
    # the ranking uses the calibrated figures and says so
    rec = _recommend(capsys, {k: v for k, v in w.items() if k != "gpu"}, tmp_path)
    mine = next(o for o in rec["options"] if o["gpu_id"] == "rtx_4090" and o["num_gpus"] == 1)
    assert mine["total_bytes_per_gpu"] == pytest.approx(recorded_gib * GiB, rel=0.02)
    assert mine["calibration"].startswith("Calibrated on your 1 run (memory ×")
    assert "Calibrated on your 1 run" in mine["reason"]
    assert not any(o["calibration"] for o in rec["options"] if o["gpu_id"] != "rtx_4090")
    assert main(["calibrate", "list", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows[0]["peak_error"] == pytest.approx(before["total_bytes"] / (15.0 * GiB) - 1, abs=1e-4)
    assert main(["calibrate", "remove", "1"]) == 0
    capsys.readouterr()
    assert _estimate(capsys, w, tmp_path)["total_bytes"] == before["total_bytes"]
    assert main(["calibrate", "remove", "1"]) == 1


VLLM_V1_LOG = """\
INFO 10-12 14:03:11 [gpu_model_runner.py:1770] Model loading took 14.9596 GiB and 4.5 seconds
INFO 10-12 14:03:20 [gpu_worker.py:232] Available KV cache memory: 52.11 GiB
INFO 10-12 14:03:20 [kv_cache_utils.py:716] GPU KV cache size: 426,864 tokens
INFO 10-12 14:03:20 [kv_cache_utils.py:720] Maximum concurrency for 32,768 tokens per request: 13.03x
"""
LLAMA_CPP_LOG = """\
load_tensors:        CUDA0 model buffer size =  4403.49 MiB
llama_context: n_ctx         = 4096
llama_kv_cache_unified:      CUDA0 KV buffer size =   512.00 MiB
llama_context:      CUDA0 compute buffer size =   296.00 MiB
"""
NVIDIA_SMI = "|  0  NVIDIA GeForce RTX 4090  |  14825MiB / 24564MiB |  98%  Default |\n"


def test_logs_fill_the_run_figures(capsys, tmp_path):
    assert parse_log(VLLM_V0_LOG) == {"kv_blocks": 2340, "kv_tokens": 2340 * 16}
    v1 = parse_log(VLLM_V1_LOG)
    assert v1["kv_tokens"] == 426_864 and v1["kv_blocks"] == 426_864 // 16
    assert v1["weights_bytes"] == round(14.9596 * GiB)
    assert v1["kv_bytes"] == round(52.11 * GiB)
    cpp = parse_log(LLAMA_CPP_LOG)
    assert cpp["weights_bytes"] == round(4403.49 * 2**20) and cpp["n_ctx"] == 4096
    assert cpp["kv_bytes"] == 512 * 2**20 and cpp["compute_buffer_bytes"] == 296 * 2**20
    assert parse_log(NVIDIA_SMI)["peak_bytes"] == 14825 * 2**20
    w = {
        "task": "inference",
        "model_id": "llama3_1_8b",
        "framework": "vllm",
        "prompt_len": 1024,
        "new_tokens": 256,
    }
    (tmp_path / "w.json").write_text(json.dumps(w), encoding="utf-8")
    (tmp_path / "v.log").write_text(VLLM_V0_LOG, encoding="utf-8")
    assert (
        main(
            [
                "calibrate",
                "add",
                "--workload",
                str(tmp_path / "w.json"),
                "--gpu",
                "a100_sxm_80gb",
                "--log",
                str(tmp_path / "v.log"),
            ]
        )
        == 0
    )
    assert "kv blocks = 2,340" in capsys.readouterr().out
    with open_catalog() as repo:
        assert repo.calibration_runs()[0].kv_blocks == 2340
    (tmp_path / "junk.log").write_text("nothing useful here\n", encoding="utf-8")
    assert (
        main(
            [
                "calibrate",
                "add",
                "--workload",
                str(tmp_path / "w.json"),
                "--gpu",
                "a100_sxm_80gb",
                "--log",
                str(tmp_path / "junk.log"),
            ]
        )
        == 1
    )
    assert "none of the lines" in capsys.readouterr().err


def test_calibration_factor_over_several_runs_is_the_geometric_mean():
    from gpupicker.catalog import open_catalog as oc

    with oc() as repo:
        gpu = repo.get_gpu("rtx_4090")
        arch = repo.get_model("mistral_7b_v0_1")
        gpus = repo.gpus()
    w1 = Workload(task="qlora", model_id="m", batch=2, seq_len=1024).with_model(arch)
    w2 = w1.model_copy(update={"batch": 4})
    from gpupicker.core.memory import estimate_memory

    e1, e2 = (estimate_memory(w, gpu).total_bytes for w in (w1, w2))
    runs = [
        make_run(w1, "rtx_4090", peak_gib=e1 * 1.10 / GiB),
        make_run(w2, "rtx_4090", peak_gib=e2 * 1.20 / GiB),
    ]
    cal = Calibration.from_runs(runs, gpus)
    fm, fs = cal.factors_for(w1, "rtx_4090")
    assert fs is None and fm.runs == 2
    assert fm.factor == pytest.approx((1.10 * 1.20) ** 0.5, rel=1e-6)
    assert fm.error_after < fm.error_before


# ---- acceptance 3: tracker files ------------------------------------------------------------
# SKYPILOT (skypilot-catalog vms.csv columns): tests/support/sample_files.py; dstackai/gpuhunt
# offline catalog (v2 columns instance_name … gpu_vendor, flags):
GPUHUNT = """\
instance_name,location,price,cpu,memory,gpu_count,gpu_name,gpu_memory,spot,disk_size,gpu_vendor,flags
p4d.24xlarge,us-east-1,21.957642,96,1152,8,A100,40.0,False,,nvidia,
p4de.24xlarge,us-east-1,27.44705,96,1152,8,A100,80.0,False,,nvidia,
g6e.xlarge,us-east-1,0.9,4,32,1,L40S,48.0,True,,nvidia,
"""


def _write(tmp_path: Path, rel: str, text: str) -> Path:
    p = tmp_path / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(text, encoding="utf-8")
    return p


def test_skypilot_vms_csv_imports_with_mapped_ids(capsys, tmp_path):
    f = _write(tmp_path, "lambda/vms.csv", SKYPILOT)
    assert main(["catalog", "import", "prices", str(f), "--dry-run", "--observed", "2026-11-20"]) == 0
    assert "dry run" in capsys.readouterr().out
    with open_catalog() as repo:
        assert not [p for p in repo.prices() if p.source.startswith("SkyPilot")]
    assert main(["catalog", "import", "prices", str(f), "--observed", "2026-11-20"]) == 0
    with open_catalog() as repo:
        got = sorted(
            (p.gpu_id, p.pricing, p.price_per_gpu_hour, p.gpus_per_instance)
            for p in repo.prices()
            if p.source.startswith("SkyPilot")
        )
        assert all(
            p.provider == "Lambda" and p.observed == "2026-11-20" and price_kind(p) == "list"
            for p in repo.prices()
            if p.source.startswith("SkyPilot")
        )
    assert got == sorted(
        [
            ("v100_sxm2_16gb", "on_demand", 0.79, 8),
            ("a100_sxm_80gb", "on_demand", 1.79, 1),
            ("h100_pcie", "on_demand", 2.49, 1),
            ("h100_pcie", "spot", 1.1, 1),
            ("h100_sxm", "on_demand", 2.99, 8),
        ]
    )


def test_gpuhunt_csv_imports_with_mapped_ids(capsys, tmp_path):
    f = _write(tmp_path, "aws.csv", GPUHUNT)
    assert main(["catalog", "import", "prices", str(f), "--observed", "2026-11-20"]) == 0
    with open_catalog() as repo:
        got = sorted(
            (p.gpu_id, p.provider, p.pricing, round(p.price_per_gpu_hour, 4))
            for p in repo.prices()
            if p.source.startswith("gpuhunt")
        )
    assert got == [
        ("a100_sxm_40gb", "AWS", "on_demand", 2.7447),
        ("a100_sxm_80gb", "AWS", "on_demand", 3.4309),
        ("l40s", "AWS", "spot", 0.9),
    ]


def test_unknown_accelerator_is_a_named_row_error_and_nothing_is_imported(capsys, tmp_path):
    f = _write(
        tmp_path, "aws/vms.csv", SKYPILOT + "trn1.32xlarge,Trainium,16.0,128.0,512.0,21.5,us-east-1,,\n"
    )
    with open_catalog() as repo:
        before = len(repo.prices())
    assert main(["catalog", "import", "prices", str(f)]) == 1
    err = capsys.readouterr().err
    assert f"{f}:7: unknown accelerator 'Trainium'" in err and "nothing was imported" in err
    with open_catalog() as repo:
        assert len(repo.prices()) == before
    assert main(["catalog", "import", "prices", str(f), "--skip-unknown", "--provider", "Test Cloud"]) == 0
    with open_catalog() as repo:
        assert len(repo.prices()) == before + 5
    g = _write(tmp_path, "nowhere/x.csv", GPUHUNT)
    assert main(["catalog", "import", "prices", str(g)]) == 1
    assert "give --provider" in capsys.readouterr().err


def test_a_newer_tracker_file_updates_the_same_offers(capsys, tmp_path):
    f = _write(tmp_path, "lambda/vms.csv", SKYPILOT)
    assert main(["catalog", "import", "prices", str(f), "--observed", "2026-11-20"]) == 0
    with open_catalog() as repo:
        before = {
            p.gpu_id + p.pricing + str(p.gpus_per_instance): rid
            for rid, p, _ in repo.price_rows()
            if p.source.startswith("SkyPilot")
        }
        n = len(repo.prices())
    g = _write(tmp_path, "new/lambda/vms.csv", SKYPILOT.replace(",23.92,", ",23.12,"))
    assert main(["catalog", "import", "prices", str(g), "--observed", "2026-12-01"]) == 0
    assert "1 updated, 4 unchanged" not in capsys.readouterr().out  # dates moved on: 5 updated
    with open_catalog() as repo:
        assert len(repo.prices()) == n  # no second offers
        rid = before["h100_sxmon_demand8"]
        hist = [(p.price_per_gpu_hour, p.observed) for _, p in repo.price_history(rid)]
        assert hist == [(2.99, "2026-11-20"), (2.89, "2026-12-01")]


def test_impossible_runs_are_refused_and_disagreeing_runs_do_not_correct(tmp_path, capsys):
    """a 1500 GiB peak on a 24 GiB card, a 0.001 GiB peak or 1 token/s for a QLoRA
    7B job are unit mistakes, refused with a sentence; runs whose correction would not lower
    the error on them are not applied."""
    job = tmp_path / "job.json"
    job.write_text(
        json.dumps({"task": "qlora", "model_id": "mistral_7b_v0_1", "batch": 4, "seq_len": 2048}),
        encoding="utf-8",
    )
    add = ["calibrate", "add", "--workload", str(job), "--gpu", "rtx_4090"]
    assert main([*add, "--peak-gib", "1500"]) == 1
    assert "more than the 24.0 GiB the NVIDIA GeForce RTX 4090 has" in capsys.readouterr().err
    assert main([*add, "--peak-gib", "0.001"]) == 1
    assert "× the estimate" in capsys.readouterr().err
    assert main([*add, "--tokens-per-s", "1"]) == 1
    assert "check the unit" in capsys.readouterr().err
    main(["calibrate", "list"])
    assert "no recorded runs" in capsys.readouterr().out
    # 23 GiB used of a 24 GB card (nvidia-smi: 24,564 MiB) is a real peak; the
    # capacity was taken as 24e9 bytes (22.4 GiB) and refused it
    assert main([*add, "--peak-gib", "23.0"]) == 0
    capsys.readouterr()
    from gpupicker.core.planners.calibration import _factor

    # two runs that match the estimate and one typo: the median keeps the estimate, and a
    # factor of 1 lowers no error, so nothing is applied
    assert _factor([(10.0, 10.0), (10.0, 10.0), (10.0, 20.0)]) is None
    f = _factor([(10.0, 11.0), (10.0, 11.2), (10.0, 30.0)])  # the median ignores one outlier
    assert f is not None and f.factor == pytest.approx(1.12)
