"""QA session findings fixed on branch qa-core (see /work/brief/qa-report.md): F21, F15, F13, F14,
F33, F3, F4 … Each test names the source of the numbers it asserts."""

from __future__ import annotations

import re

import pytest

from gpupicker.core.advisor import advise
from gpupicker.core.memory import estimate_memory, fits_on
from gpupicker.core.recommend import recommend
from gpupicker.core.speed.throughput import estimate_throughput
from gpupicker.core.workload import Workload
from tests.support.workloads import resolved_workload as _w

GiB = 2**30


# ---------------------------------------------------------------------------------------- F21/F15
def test_flux_on_4090_one_verdict_in_estimate_and_recommend(cat):
    """FLUX.1-dev bf16 (12 B transformer + 4.9 B T5/CLIP) cannot hold its 24 GB of bf16 weights
    plus activations on a 24 GB card; diffusers' sequential CPU offload fits it (diffusers docs
    optimization/memory). estimate and recommend must both say so with the same peak."""
    w = _w(cat, task="image_gen", model_id="flux1_dev", gpu="rtx_4090", images=100)
    g = cat.get_gpu("rtx_4090")
    mem = estimate_memory(w, g)
    assert fits_on(mem, g) and mem.total_bytes < 8 * GiB
    rec = recommend(w, [g, cat.get_gpu("h100_sxm")], cat.prices(), all_offers=True)
    mine = [o for o in rec.options if o.gpu_id == "rtx_4090"]
    assert mine and all(o.fits for o in mine)
    assert {round(o.memory.total_bytes / GiB, 2) for o in mine} == {round(mem.total_bytes / GiB, 2)}
    assert all("even split" not in o.reason for o in rec.options)
    # F15: the sequential-offload result names the fp8 alternative and its speed (≈ 6× faster:
    # SEQUENTIAL_OFFLOAD_SLOWDOWN 5.9 from public case C59, 67.0 s vs 16.1 s)
    t = estimate_throughput(w, g, 1)
    alt = [a for a in t.assumptions if a.startswith("Only sequential CPU offload")]
    assert alt and "fp8 denoiser weights fit" in alt[0]
    assert any("fp8 denoiser weights fit" in o.reason for o in mine)


def test_flux_not_fitting_says_each_gpu_holds_the_pipeline(cat):
    """diffusers runs the whole pipeline on every GPU (no tensor parallel in diffusers), so a
    multi-GPU option that does not fit says so per GPU."""
    w = _w(cat, task="image_gen", model_id="flux1_dev", images=8, resolution=2048, batch=4)
    g = cat.get_gpu("rtx_3060_12gb")
    rec = recommend(w, [g], cat.prices(), all_offers=True)
    bad = [o for o in rec.options if not o.fits and o.num_gpus > 1]
    for o in bad:
        assert "each GPU holds the whole pipeline" in o.reason


def test_diffusion_advice_is_diffusion_specific(cat):
    """Advice for FLUX on a 24 GB card: fp8 / NF4 transformer weights fit without offload (the
    fp8 peak ≈ 20 GiB: 12 GB fp8 transformer + T5/CLIP fp8 + activations), sequential offload
    fits at ≈ 5.9× the step time; never KV-cache or tensor-parallel advice."""
    w = _w(cat, task="image_gen", model_id="flux1_dev", gpu="rtx_4090", images=100)
    adv = advise(w, cat.get_gpu("rtx_4090"))
    actions = [a.action for a in adv]
    assert not any(a.startswith(("kv_", "more_gpus", "context_")) for a in actions)
    fit = {a.action: a for a in adv if a.fits}
    assert "fp8_weights" in fit and "nf4_weights" in fit and "sequential_cpu_offload" in fit
    assert 15 * GiB < fit["fp8_weights"].new_total_bytes < 23 * GiB
    assert fit["fp8_weights"].speed_factor > 4  # vs the sequential-offload baseline
    assert "5.9×" in fit["sequential_cpu_offload"].speed_cost
    assert len({a.saves_bytes for a in adv}) == len(adv)  # not one identical saving for all


# ---------------------------------------------------------------------------------------- F13/F14
def test_diffusion_lora_hours_scale_with_epochs_and_step_time_is_published_range(cat):
    """hours = images × epochs × s/step ÷ GPUs (each epoch sees every image once). SDXL LoRA at
    1024², batch 1, no gradient checkpointing on an RTX 4090: published kohya/diffusers timings
    are 0.3–1.1 s per step (kohya-ss/sd-scripts#827: 3090 Ti 1.12 s/it, a 4090 no faster;
    bmaltais/kohya_ss#1288: 4090 ≈ 1.1 s/step; 1.5–3 it/s with SDPA in newer stacks)."""
    from gpupicker.core.report import estimate_report

    g = cat.get_gpu("rtx_4090")
    hours = []
    for e in (1, 10, 100):
        w = _w(cat, task="diffusion_lora", model_id="sdxl_base", gpu="rtx_4090", images=1000,
               epochs=e)
        r = estimate_report(w, g)
        hours.append(r["hours"])
        assert 0.3 <= r["seconds_per_image"] <= 1.1
    assert hours[1] == pytest.approx(10 * hours[0], rel=1e-3)
    assert hours[2] == pytest.approx(100 * hours[0], rel=1e-3)
    assert hours[0] == pytest.approx(1000 * r["seconds_per_image"] / 3600, rel=2e-3)


def test_diffusion_lora_recommend_uses_training_wording(cat):
    w = _w(cat, task="diffusion_lora", model_id="sdxl_base", images=1000, epochs=10)
    g = cat.get_gpu("rtx_4090")
    rec = recommend(w, [g], cat.prices(), all_offers=True)
    multi = [o for o in rec.options if o.num_gpus > 1 and o.fits]
    assert multi
    for o in multi:
        assert "renders its own images" not in o.reason
        assert "data-parallel training" in o.reason
    one = next(o for o in rec.options if o.num_gpus == 1)
    # 10 epochs × 1000 images × ≈0.42 s = ≈1.2 h (not 0.03 h for one pass at 0.12 s)
    assert 0.8 < one.cost.hours < 3.1


# ---------------------------------------------------------------------------------------------- F33
@pytest.mark.parametrize("stage", [2, 3])
def test_zero_offload_7b_full_ft_fits_one_24gb_card(cat, stage):
    """DeepSpeed ZeRO-Offload (Ren et al. 2021, arXiv 2101.06840): optimizer states, fp32 master
    weights and gradients go to CPU RAM; DeepSpeed's estimate_zero2_model_states_mem_needs gives
    GPU model states = 2 B/param (12.55 GiB for Llama-2-7B's 6.74 B) and CPU = 16 B/param × 1.5
    (ZeRO-3 with parameter offload: 18 B/param)."""
    from gpupicker.core.memory import estimate_memory as em

    g = cat.get_gpu("rtx_4090")
    w = _w(cat, task="full_ft", model_id="llama2_7b", batch=1, seq_len=2048, grad_ckpt=True,
           framework="deepspeed", num_gpus=1, gpu="rtx_4090",
           parallelism={"zero_stage": stage, "cpu_offload": True})
    m = em(w, g)
    assert fits_on(m, g)
    assert m.optimizer_bytes <= 2.1e9 and m.gradients_bytes <= 1.0e9
    if stage == 2:
        assert 12.5 * GiB < m.weights_bytes < 12.7 * GiB and m.total_bytes < 20 * GiB
    else:
        assert m.total_bytes < 8 * GiB
    host = [a for a in m.assumptions if a.startswith("ZeRO-Offload")]
    per = 16 if stage == 2 else 18
    assert host and f"{6.74e9 * per * 1.5 / GiB:,.0f} GiB of host memory" in host[0]


def test_optimizer_temporaries_are_not_called_activations(cat):
    """ZeRO-3 on one GPU without offload: the optimizer-step peak's temporaries (16-bit flatten
    + fp32 copy of one 1e9-element sub-group = 6 GB, DeepSpeed stage3.py, plus 2 GB of buckets)
    are optimizer memory; activations with checkpointing are small."""
    from gpupicker.core.memory import estimate_memory as em

    w = _w(cat, task="full_ft", model_id="llama2_7b", batch=1, seq_len=2048, grad_ckpt=True,
           framework="deepspeed", num_gpus=1, parallelism={"zero_stage": 3})
    m = em(w, cat.get_gpu("h200_sxm"))
    assert any("optimizer step" in a for a in m.assumptions)
    assert m.activations_bytes < 1 * GiB
    assert 8e9 <= m.optimizer_temp_bytes < 9e9


# ---------------------------------------------------------------------------------------- F3/F4
def test_context_window_vllm_refuses_and_others_warn(cat):
    """Llama-2-7B: max_position_embeddings 4096 (its config.json). vLLM refuses max_model_len
    above it (vllm/config/model.py: 'User-specified max_model_len (100000) is greater than the
    derived max_model_len (max_position_embeddings=4096 …)'); HF generate / training warn."""
    from gpupicker.core.checks import workload_warnings

    h100 = cat.get_gpu("h100_sxm")
    w = _w(cat, task="inference", model_id="llama2_7b", prompt_len=100000, framework="vllm")
    m = estimate_memory(w, h100)
    assert m.engine_fits is False and not fits_on(m, h100)
    assert "User-specified max_model_len (100000) is greater than the derived max_model_len " \
           "(max_position_embeddings=4096" in m.engine_message
    assert any("vLLM refuses to start" in s for s in workload_warnings(w, h100))
    ok = _w(cat, task="inference", model_id="llama2_7b", prompt_len=3000, new_tokens=1000,
            framework="vllm")
    assert estimate_memory(ok, h100).engine_fits is not False and not workload_warnings(ok, h100)
    hf = _w(cat, task="inference", model_id="llama2_7b", prompt_len=100000)
    assert any("max_position_embeddings 4,096" in s for s in workload_warnings(hf))
    lora = _w(cat, task="lora", model_id="llama2_7b", seq_len=100000)
    assert any(s.startswith("seq_len 100,000 exceeds") for s in workload_warnings(lora))


def test_impossible_engine_dtype_pairs_are_warned_or_refused(cat):
    """F4: llama.cpp runs GGUF only; vLLM GGUF is not modelled; transformers' FP8 quantizers
    need SM 8.9+ (RTX 3090 is SM 8.6, no FP8 tensor cores in gpus.csv); unsloth only trains."""
    from gpupicker.core.checks import workload_warnings

    g4090, g3090 = cat.get_gpu("rtx_4090"), cat.get_gpu("rtx_3090")
    w = _w(cat, task="inference", model_id="mistral_7b_v0_1", weights_dtype="nf4",
           framework="llama.cpp")
    assert any("GGUF files only" in s for s in workload_warnings(w, g4090))
    w = _w(cat, task="inference", model_id="mistral_7b_v0_1", weights_dtype="q4_k_m",
           framework="vllm")
    assert any("GGUF weights (q4_k_m) is not modelled" in s for s in workload_warnings(w, g4090))
    w = _w(cat, task="inference", model_id="mistral_7b_v0_1", weights_dtype="fp8")
    assert any("FP8 tensor cores" in s for s in workload_warnings(w, g3090))
    assert not any("FP8 tensor cores" in s for s in workload_warnings(w, g4090))
    w = _w(cat, task="inference", model_id="mistral_7b_v0_1", framework="unsloth")
    with pytest.raises(ValueError, match="only trains models; inference frameworks: .*vllm"):
        estimate_memory(w, g4090)
    with pytest.raises(ValueError, match="only trains"):
        recommend(w, [g4090], cat.prices())


# ---------------------------------------------------------------------------------------------- F19
def test_recommend_honours_max_gpus_above_8_and_prints_advice(cat, capsys, tmp_path):
    """Llama-3.1-405B full fine-tuning (3,118 GiB of model states + activations on one GPU) needs
    more than 8 GPUs: --max-gpus 64 tries 16/32/64 (several 8-GPU nodes, noted) and, when
    nothing fits, the CLI prints the advice (text and --json)."""
    from gpupicker.cli.recommend import format_table, run_recommend

    w = Workload.model_validate({"task": "full_ft", "model_id": "llama3_1_405b", "batch": 1,
                                 "seq_len": 4096})
    rec = run_recommend(w, cat, max_gpus=64)
    assert {o.num_gpus for o in rec.options} >= {16, 32, 64}
    assert any("8-GPU nodes joined by InfiniBand" in n for n in rec.notes)
    rec8 = run_recommend(w, cat, max_gpus=8)
    # no part holds it in one node of 8: multi-node options are added and said so (issue 18)
    assert max(o.num_gpus for o in rec8.options) > 8
    assert any("No part holds this job in one node of 8" in n for n in rec8.notes)
    if not any(o.fits for o in rec8.options):
        assert rec8.advice and "To make it fit:" in format_table(rec8, 3)
        assert any(a.action == "more_gpus_64" for a in rec8.advice)


# ---------------------------------------------------------------------------------------------- F18
def test_fabric_bandwidths_filled_and_mi325x_not_slower_than_mi300x(cat):
    """gpus.csv: MI325X has MI300X's 7 Infinity Fabric links (896 GB/s); Gaudi 2/3 scale-up =
    21 RoCE ports × 100/200 Gb/s = 525/1050 GB/s bidirectional (docs.habana.ai Network
    Configuration); MI210 with its bridge 300 GB/s (AMD brochure). Same compute, more HBM
    bandwidth: MI325X × 8 FSDP is at least as fast as MI300X × 8."""
    bw = {g: cat.get_gpu(g).nvlink_bandwidth_gbps for g in
          ("mi300x", "mi325x", "gaudi2", "gaudi3", "mi210")}
    assert bw == {"mi300x": 896, "mi325x": 896, "gaudi2": 525, "gaudi3": 1050, "mi210": 300}
    speeds = {}
    for g in ("mi300x", "mi325x"):
        w = _w(cat, task="full_ft", model_id="llama3_1_8b", batch=4, seq_len=2048,
               grad_ckpt=True, num_gpus=8, parallelism={"fsdp": True})
        speeds[g] = estimate_throughput(w, cat.get_gpu(g), 8).train_tokens_per_s
    assert speeds["mi325x"] >= speeds["mi300x"]


# ----------------------------------------------------------------------------------------------- F1
def test_scraper_artefact_price_ranks_after_trusted_offers(cat):
    """data/prices-2026-10.csv: RunPod MI300X $0.50/h 'looks like a scraper artefact (Secure
    Cloud 2.39) - verify'. It keeps its low-trust mark but ranks after every trusted offer of
    its tier and takes no label (stated tie-break: core.report.tie_break_rule)."""
    from gpupicker.core.report import tie_break_rule

    w = _w(cat, task="qlora", model_id="mistral_7b_v0_1", batch=4, seq_len=2048,
           train_hours=6, gpu="rtx_4090")
    rec = recommend(w, cat.gpus(), cat.prices(), fx_rates=dict(cat.get_fx_rates()))
    ok = [o for o in rec.options if o.fits and o.within_budget and o.pricing]
    art = [o for o in ok if "scraper artefact" in o.price_flag_reason]
    assert art and all(o.price_flag == "low-trust" and not o.labels for o in art)
    trusted = [o for o in ok if not o.price_flag_reason.startswith("its source says")]
    assert max(o.rank for o in trusted) < min(o.rank for o in art)
    assert "scraper artefact" not in ok[0].price_flag_reason
    assert "ranks after the other priced options" in tie_break_rule("cheapest")


# ---------------------------------------------------------------------------------------------- F17
def test_owned_gpus_for_serving_cost_24_7_and_one_break_even(cat):
    """QA F17 repro: 2 × RTX 4090 bought for $3,600, 450 W each at $0.30/kWh, 3 years, 50 % use
    entered. Serving runs 24/7: $3,600 / 36 months = $100/month write-off + 0.9 kW × 730 h ×
    $0.30 = $197.1/month power → ≈ $297/month (not the 50 %-use write-off × 730 h = $397)."""
    from gpupicker.core.owned import OwnedGpu

    o = OwnedGpu(gpu_id="rtx_4090", count=2, purchase_price=3600, power_w=450,
                 electricity_per_kwh=0.30, years=3, utilization=0.5)
    w = _w(cat, task="inference", model_id="llama2_13b", framework="vllm", weights_dtype="int4",
           requests_per_minute=100, num_gpus=2, gpu="rtx_4090")
    rec = recommend(w, cat.gpus(), cat.prices(), owned=[o], hours_per_month=730,
                    fx_rates=dict(cat.get_fx_rates()))
    mine = [x for x in rec.options if x.pricing == "owned" and x.fits and x.num_gpus == 2]
    assert mine
    for x in mine:
        assert x.cost.usd_per_month == pytest.approx(100 + 0.9 * 730 * 0.30, rel=0.01)
    assert len({x.break_even_months for x in mine}) == 1


# ----------------------------------------------------------------------------------------------- F2
def test_hf_trainer_pretraining_mfu_on_a100_not_above_fused_stacks(cat):
    """HF Trainer (eager) pre-training Llama-2-13B on 4 × A100-80GB FSDP: MFU (recompute
    counted) ≤ 50 % — llm-foundry's fused MPT-13B on A100-80GB reaches ≈ 50 % MFU / 65 % HFU,
    eager HF Trainer cannot beat it; was 70 % (QA F2)."""
    from gpupicker.core.speed.throughput import mfu_default

    w = _w(cat, task="pretrain", model_id="llama2_13b", batch=4, seq_len=2048, grad_ckpt=True,
           num_gpus=4, parallelism={"fsdp": True})
    a100 = cat.get_gpu("a100_sxm_80gb")
    assert 0.35 <= mfu_default(a100, w) <= 0.50
    t = estimate_throughput(w, a100, 4)
    # 4 × 312 TFLOPS × 50 % / 110.8 GFLOP per token ≈ 5,630 tok/s before scaling losses
    assert 4500 < t.train_tokens_per_s < 5700


# ---------------------------------------------------------------------------------------------- F26
def test_engines_are_refused_on_hardware_they_have_no_backend_for(cat):
    """TensorRT-LLM is NVIDIA-only, vLLM has no Metal backend, bitsandbytes NF4 none for Apple
    (each engine's install docs, core.checks.ENGINE_PLATFORMS): refused in estimate, left out of
    recommend with one note — never estimated as if they ran."""
    from gpupicker.core.recommend import recommend
    from gpupicker.core.report import estimate_report

    cases = [({"task": "inference", "model_id": "llama3_1_8b", "framework": "tensorrt-llm"},
              "mi300x", "tensorrt-llm does not run on the AMD Instinct MI300X (rocm)"),
             ({"task": "inference", "model_id": "llama3_1_8b", "framework": "vllm"},
              "apple_m3_ultra", "vllm does not run on the Apple M3 Ultra"),
             ({"task": "qlora", "model_id": "mistral_7b_v0_1"}, "apple_m3_ultra",
              "bitsandbytes NF4 has no metal backend")]
    for kw, gid, says in cases:
        with pytest.raises(ValueError, match=re.escape(says)):
            estimate_report(_w(cat, **kw), cat.get_gpu(gid))
    w = _w(cat, task="inference", model_id="llama3_1_8b", framework="tensorrt-llm")
    rec = recommend(w, cat.gpus(), cat.prices())
    from gpupicker.core.checks import platform_of

    assert {o.gpu_id for o in rec.options} and all(
        platform_of(cat.get_gpu(o.gpu_id)) == "cuda" for o in rec.options)
    assert any("GPU type(s) left out: tensorrt-llm does not run on" in n for n in rec.notes)
    # llama.cpp runs everywhere, and NF4 QLoRA on an NVIDIA card is untouched
    estimate_report(_w(cat, task="inference", model_id="llama3_1_8b", framework="llama.cpp",
                       weights_dtype="q4_k_m"), cat.get_gpu("apple_m3_ultra"))
    estimate_report(_w(cat, task="qlora", model_id="mistral_7b_v0_1"), cat.get_gpu("rtx_4090"))
