"""The seed guides' worked cases and decision table (the buying guides gpupicker grew from),
with the bundled data.

Seed 000 ("为AI训练选择合适的GPU"): quick decision table (70B+ training → H100 80GB;
7–70B training → A100 80GB; fine-tuning/LoRA → RTX 4090; inference → RTX 4090 or
L40S; development → RTX 3090), inference speeds for Llama-2-13B (H100 ~150, A100 ~80,
RTX 4090 ~60 tokens/s) and three worked cases:

1. QLoRA (4-bit) Mistral-7B on an RTX 4090 at $0.44/h for 6 h ≈ $3 ($2.64);
2. a 13B model from scratch on 4 × A100 80GB (FSDP), $7.56/h in total, 72 h ≈ $545;
3. Llama-2-13B at 100 requests/min on 2 × RTX 4090 (vLLM + quantization), $0.88/h in
   total, ≈ $635 per month (720 h).

The decision-table rows are evaluated within the seed's own GPU set (H100, A100 80/40GB,
L40S, RTX 4090, RTX 3090) with the bundled prices for those GPUs; where today's prices
change the answer, the recommendation's notes must say so.
"""

from __future__ import annotations

import pytest

from gpupicker.core.ranking.recommend import recommend
from gpupicker.core.speed.throughput import estimate_throughput
from gpupicker.core.units import GiB
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_gpus, catalog_model, catalog_prices, gpu

SEED_GPUS = ("h100_sxm", "a100_sxm_80gb", "a100_sxm_40gb", "l40s", "rtx_4090", "rtx_3090")
LIMIT_WORDS = {
    "vram": "VRAM",
    "bandwidth": "memory bandwidth",
    "compute": "compute",
    "interconnect": "link",
    "price": "$",
    "engine": "engine",
}


def seed_universe():
    gpus = [g for g in catalog_gpus() if g.id in SEED_GPUS]
    prices = [p for p in catalog_prices() if p.gpu_id in SEED_GPUS]
    return gpus, prices


def seed_offer(option) -> bool:
    return option.provider.startswith("(seed text")


def assert_reason_names_limit(option):
    assert option.limit in LIMIT_WORDS, option.limit
    assert LIMIT_WORDS[option.limit] in option.reason


# ------------------------------------------------------------------------------------------
# worked cases
# ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("batch", [1, 2, 4])
def test_case1_qlora_mistral_7b_on_rtx_4090_costs_2_64(batch):
    """QLoRA with peft's prepare_model_for_kbit_training, which turns on
    gradient checkpointing by default."""
    w = Workload(
        task="qlora",
        model=catalog_model("mistral_7b_v0_1"),
        batch=batch,
        seq_len=2048,
        grad_ckpt=True,
        train_hours=6,
        gpu="rtx_4090",
    )
    rec = recommend(w, catalog_gpus(), catalog_prices(), all_offers=True)
    opt = next(o for o in rec.options if o.gpu_id == "rtx_4090" and o.num_gpus == 1 and seed_offer(o))
    assert opt.fits and opt.within_budget and opt in rec.fitting()
    assert opt.total_bytes_per_gpu < 24 * GiB
    assert opt.cost.usd_per_hour == pytest.approx(0.44)
    assert opt.cost.hours == pytest.approx(6.0)
    assert opt.cost.usd_total == pytest.approx(2.64, abs=0.005)
    assert "$2.64" in opt.reason
    assert_reason_names_limit(opt)
    # within the seed's own GPU set and prices, the RTX 4090 is the cheapest way to do it
    seed_prices = [p for p in catalog_prices() if seed_offer(p)]
    rec2 = recommend(w, [gpu(g) for g in SEED_GPUS], seed_prices, all_offers=True)
    assert rec2.options[0].gpu_id == "rtx_4090" and "cheapest" in rec2.options[0].labels


def test_case2_13b_from_scratch_on_4x_a100_costs_about_545():
    w = Workload(
        task="pretrain",
        model=catalog_model("llama2_13b"),
        batch=4,
        seq_len=2048,
        grad_ckpt=True,
        num_gpus=4,
        parallelism={"fsdp": True},
        train_hours=72,
        gpu="a100_sxm_80gb",
    )
    rec = recommend(w, catalog_gpus(), catalog_prices(), all_offers=True)
    opt = next(o for o in rec.options if o.gpu_id == "a100_sxm_80gb" and o.num_gpus == 4 and seed_offer(o))
    assert opt.fits
    assert opt.cost.usd_per_hour == pytest.approx(7.56)
    assert opt.cost.hours == pytest.approx(72.0)
    assert 544 <= opt.cost.usd_total <= 545.5
    assert "FSDP" in opt.reason
    # the estimate disagrees with "train a 13B model" in 72 h: say how far from compute-optimal
    assert any("72 h on 4" in n and "compute-optimal" in n for n in rec.notes)


def test_case3_llama2_13b_serving_on_2x_rtx_4090_about_635_per_month():
    w = Workload(
        task="inference",
        model=catalog_model("llama2_13b"),
        framework="vllm",
        weights_dtype="int4",
        requests_per_minute=100,
        gpu="rtx_4090",
        num_gpus=2,
    )
    rec = recommend(w, catalog_gpus(), catalog_prices(), all_offers=True, hours_per_month=720)
    # 2 cards are offered both as one tensor-parallel replica and as two 1-GPU replicas
    opt = next(
        o
        for o in rec.options
        if o.gpu_id == "rtx_4090" and o.num_gpus == 2 and seed_offer(o) and o.serving.gpus_per_replica == 1
    )
    assert opt.fits
    assert opt.cost.usd_per_hour == pytest.approx(0.88)
    assert opt.cost.usd_per_month == pytest.approx(633.6)
    assert abs(opt.cost.usd_per_month - 635) < 2
    assert "/month" in opt.reason
    # two independent 1-GPU replicas: no all-reduce between them, so no PCIe penalty
    assert "2 replicas" in opt.reason and "without NVLink" not in opt.reason


def test_case3_in_bf16_does_not_fit_and_the_results_say_quantization_is_assumed():
    w = Workload(
        task="inference",
        model=catalog_model("llama2_13b"),
        weights_dtype="bf16",
        batch=1,
        prompt_len=512,
        new_tokens=256,
    )
    rec = recommend(w, catalog_gpus(), catalog_prices())
    one = next(o for o in rec.options if o.gpu_id == "rtx_4090" and o.num_gpus == 1)
    assert not one.fits and "VRAM" in one.reason
    assert any("does not fit a 24 GB card" in n and "quantized" in n for n in rec.notes)


def test_seed_llama2_13b_speeds():
    """Seed: H100 ~150, A100 ~80, RTX 4090 ~60 tok/s for Llama-2-13B. The 4090 figure needs
    4-bit weights (bf16 does not fit) and matches within 25 % with vLLM; 150 tok/s on an H100
    is above the bf16 weight-streaming ceiling, so the seed must assume quantization there too."""
    m = catalog_model("llama2_13b")
    q4 = Workload(
        task="inference",
        model=m,
        framework="vllm",
        weights_dtype="int4",
        batch=1,
        prompt_len=512,
        new_tokens=256,
    )
    t = estimate_throughput(q4, gpu("rtx_4090"), 1)
    assert abs(t.decode_tokens_per_s - 60) / 60 < 0.25
    ideal = Workload(task="decode_ceiling", model=m, weights_dtype="bf16")
    assert estimate_throughput(ideal, gpu("h100_sxm"), 1).decode_tokens_per_s < 150
    bf16 = q4.model_copy(update={"weights_dtype": "bf16"})
    a100 = estimate_throughput(bf16, gpu("a100_sxm_80gb"), 1).decode_tokens_per_s
    assert 40 < a100 < 80


# ------------------------------------------------------------------------------------------
# decision table
# ------------------------------------------------------------------------------------------
def test_row1_70b_training_needs_h100_class_cluster():
    # The seed guide's row sizes pure-bf16 AdamW states (8 B/param); the default is mixed
    # precision (fp32 master weights, 16 B/param: ZeRO paper), which 8 × 80 GB cannot hold.
    mixed = Workload(
        task="pretrain",
        model=catalog_model("llama3_70b"),
        batch=1,
        seq_len=2048,
        grad_ckpt=True,
        dataset_tokens=1e9,
    )
    assert not any(
        o.fits
        for o in recommend(mixed, *seed_universe(), goal="fastest").options
        if o.gpu_id == "h100_sxm" and o.num_gpus <= 8
    )
    w = mixed.model_copy(update={"master_weights": False})
    rec = recommend(w, *seed_universe(), goal="fastest")
    top = rec.options[0]
    assert (top.gpu_id, top.num_gpus) == ("h100_sxm", 8) and top.fits
    assert "fastest" in top.labels
    assert_reason_names_limit(top)
    assert any("Agrees with the seed guide" in n for n in rec.notes)
    assert not any(o.fits for o in rec.options if o.num_gpus == 1)
    # on the full catalog a newer GPU wins, and the notes explain where H100 stands
    full = recommend(w, catalog_gpus(), catalog_prices(), goal="fastest")
    if full.options[0].gpu_id != "h100_sxm":
        assert any("buying guide's rule of thumb suggests NVIDIA H100 SXM5 80GB" in n for n in full.notes)


def test_row2_7b_to_70b_training_a100_vs_h100_is_explained():
    """Seed: A100 80GB is the best balance. With the bundled prices (H100 from $1.99/h, A100
    from $0.87/h) the H100 finishes ≈2× sooner for about the same money, so 'value' picks the
    H100 and the notes compare the A100 option with it."""
    w = Workload(
        task="pretrain",
        model=catalog_model("llama2_13b"),
        batch=4,
        seq_len=2048,
        grad_ckpt=True,
        dataset_tokens=5e9,
    )
    rec = recommend(w, *seed_universe(), goal="value")
    top = rec.options[0]
    assert top.gpu_id in ("h100_sxm", "a100_sxm_80gb") and top.fits and top.num_gpus > 1
    assert_reason_names_limit(top)
    a100 = [o for o in rec.options if o.gpu_id == "a100_sxm_80gb" and o.fits]
    assert a100
    if top.gpu_id != "a100_sxm_80gb":
        note = next(
            n for n in rec.notes if "buying guide's rule of thumb suggests NVIDIA A100 SXM4 80GB" in n
        )
        assert "costs" in note and "speed" in note


def test_row3_lora_fine_tuning_picks_rtx_4090():
    w = Workload(
        task="lora",
        model=catalog_model("llama2_7b"),
        batch=2,
        seq_len=2048,
        grad_ckpt=True,
        dataset_tokens=2e7,
    )
    rec = recommend(w, *seed_universe(), goal="cheapest")
    top = rec.options[0]
    assert top.gpu_id == "rtx_4090" and top.fits and "cheapest" in top.labels
    assert_reason_names_limit(top)
    assert any("Agrees with the seed guide" in n for n in rec.notes)


def test_row4_inference_picks_rtx_4090_or_l40s():
    w = Workload(
        task="inference",
        model=catalog_model("llama2_13b"),
        framework="vllm",
        weights_dtype="int4",
        requests_per_minute=100,
    )
    rec = recommend(w, *seed_universe(), goal="cheapest")
    top = rec.options[0]
    # Sized by what each vLLM replica's KV pool holds, 2 × RTX 3090 (same 24 GB
    # class, lower price) also serves the load; the seed's picks stay close behind and the
    # notes compare them with the top option.
    assert top.gpu_id in ("rtx_4090", "l40s", "rtx_3090") and top.fits
    seed_pick = next(o for o in rec.options if o.gpu_id in ("rtx_4090", "l40s") and o.fits)
    assert seed_pick.rank <= 10
    assert seed_pick.cost.usd_per_month <= 1.5 * top.cost.usd_per_month
    assert top.cost.usd_per_month is not None
    assert_reason_names_limit(top)


def test_row5_development_picks_rtx_3090():
    """Development/testing: a rented box for a working day; the lowest hourly price wins."""
    w = Workload(task="lora", model=catalog_model("llama3_2_3b"), batch=1, seq_len=1024, train_hours=8)
    rec = recommend(w, *seed_universe(), goal="cheapest", counts=(1,))
    top = rec.options[0]
    assert top.gpu_id == "rtx_3090" and top.fits and "cheapest" in top.labels
    assert top.cost.usd_total == pytest.approx(8 * top.cost.usd_per_hour)
    assert_reason_names_limit(top)
