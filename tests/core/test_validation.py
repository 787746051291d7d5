"""Bad input to the calculator gets a clear error, never a nonsense number."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from gpupicker import cli
from gpupicker.core.hardware.specs import GpuSpec, PriceOffer
from gpupicker.core.memory import estimate_memory, fits_on
from gpupicker.core.model_arch import ModelArch
from gpupicker.core.report.estimate import estimate_report
from gpupicker.core.workload import Workload

LLAMA3_8B = ModelArch(
    name="Llama 3 8B",
    hidden_size=4096,
    intermediate_size=14336,
    num_hidden_layers=32,
    num_attention_heads=32,
    num_key_value_heads=8,
    vocab_size=128256,
)
SDXL = ModelArch(name="SDXL", kind="diffusion", params=2_567_000_000)
RTX_4090 = GpuSpec(
    id="rtx_4090",
    name="RTX 4090",
    memory_gb=24,
    memory_type="GDDR6X",
    memory_bandwidth_gbps=1008,
    segment="consumer",
)


@pytest.mark.parametrize("price", [float("inf"), float("nan"), 0.0, -1.0, 1e12])
def test_non_finite_or_absurd_prices_are_rejected(price):
    with pytest.raises(ValidationError):
        PriceOffer(gpu_id="rtx_4090", provider="x", price_per_gpu_hour=price)


@pytest.mark.parametrize(
    "field",
    [
        {"dataset_tokens": 1e308},
        {"budget_usd": float("nan")},
        {"train_hours": float("inf")},
        {"params": 10**16},
    ],
)
def test_absurd_workload_values_are_rejected(field):
    with pytest.raises(ValidationError):
        Workload(task="lora", model=LLAMA3_8B, **field)


def test_task_and_model_kind_must_match():
    with pytest.raises(ValueError, match="diffusion model"):
        estimate_memory(Workload(task="image_gen", model=LLAMA3_8B))
    with pytest.raises(ValueError, match="image-generation task"):
        estimate_memory(Workload(task="inference", model=SDXL))


def test_params_only_llm_gets_an_inferred_architecture_and_says_so():
    bare = ModelArch(name="My 7B", params=6_738_415_616)
    est = estimate_memory(Workload(task="lora", model=bare, seq_len=2048))
    full = estimate_memory(
        Workload(
            task="lora",
            model=LLAMA3_8B.model_copy(
                update={"vocab_size": 32000, "num_key_value_heads": 32, "intermediate_size": 11008}
            ),
            seq_len=2048,
        )
    )
    assert est.trainable_params > 0 and est.optimizer_bytes > 0 and est.logits_bytes > 0
    assert est.total_bytes == pytest.approx(full.total_bytes, rel=0.05)  # Llama-2-7B shape
    assert any("Only the parameter count is known" in a for a in est.assumptions)


def test_vllm_refusing_to_start_is_not_a_fit():
    w = Workload(
        task="inference", model=LLAMA3_8B, framework="vllm", gpu_memory_utilization=0.5, seq_len=8192
    )
    est = estimate_memory(w, RTX_4090)
    assert est.engine_fits is False and est.max_concurrent_seqs == 0
    assert not fits_on(est, RTX_4090)
    assert estimate_report(w, RTX_4090)["fits"] is False
    ok = estimate_memory(w.model_copy(update={"gpu_memory_utilization": 0.9}), RTX_4090)
    assert fits_on(ok, RTX_4090)


def test_unknown_gpu_is_an_error_with_suggestions(monkeypatch, capsys):
    import io

    line = json.dumps({"task": "inference", "model_id": "llama3_8b", "gpu": "RTX 4090"})
    monkeypatch.setattr("sys.stdin", io.StringIO(line))
    assert cli.main(["estimate", "--workload", "-"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert "unknown gpu 'RTX 4090'" in out["error"] and "rtx_4090" in out["error"]


def test_unpriced_options_never_claim_to_meet_a_budget():
    from gpupicker.core.ranking.recommend import recommend

    priced = PriceOffer(gpu_id="rtx_4090", provider="p", price_per_gpu_hour=0.5)
    h100 = GpuSpec(
        id="h100_sxm",
        name="H100",
        memory_gb=80,
        memory_type="HBM3",
        memory_bandwidth_gbps=3350,
        bf16_tflops_dense=989,
        segment="datacenter",
    )
    w = Workload(task="qlora", model=LLAMA3_8B, seq_len=2048, dataset_tokens=5e7, budget_usd=0)
    rec = recommend(w, [RTX_4090, h100], [priced], counts=(1,))
    by_id = {o.gpu_id: o for o in rec.options}
    assert not by_id["h100_sxm"].within_budget
    assert "no price" in by_id["h100_sxm"].reason
    assert not by_id["rtx_4090"].within_budget  # a $0 budget buys nothing
    assert rec.fitting() == ()


def test_recommend_does_not_offer_a_vllm_server_that_would_refuse_to_start():
    from gpupicker.core.ranking.recommend import recommend

    w = Workload(
        task="inference", model=LLAMA3_8B, framework="vllm", gpu_memory_utilization=0.5, seq_len=8192
    )
    rec = recommend(w, [RTX_4090], [], counts=(1,))
    assert rec.options and not rec.options[0].fits


@pytest.mark.parametrize("flag", [["--max-gpus", "0"], ["--top", "-5"], ["--hours-per-month", "-1"]])
def test_recommend_rejects_nonsense_flags(flag, tmp_path, capsys):
    wl = tmp_path / "w.json"
    wl.write_text(json.dumps({"task": "inference", "model_id": "llama3_8b"}))
    with pytest.raises(SystemExit) as exc:
        cli.main(["recommend", "--workload", str(wl), *flag])
    assert exc.value.code == 2 and "must be between" in capsys.readouterr().err


def test_recommend_names_an_unknown_gpu(tmp_path, capsys):
    wl = tmp_path / "w.json"
    wl.write_text(json.dumps({"task": "inference", "model_id": "llama3_8b", "gpu": "4090"}))
    assert cli.main(["recommend", "--workload", str(wl)]) == 1
    assert "did you mean rtx_4090" in capsys.readouterr().err


def test_common_format_and_engine_spellings():
    w = Workload(task="inference", model=LLAMA3_8B, weights_dtype="AWQ", framework="sglang", seq_len=4096)
    assert w.weights_dtype == "int4"
    est = estimate_memory(w, RTX_4090)
    assert est.max_concurrent_seqs and est.max_concurrent_seqs > 1  # paged KV pool like vLLM
    with pytest.raises(ValidationError, match="unknown weight dtype"):
        Workload(task="inference", model=LLAMA3_8B, weights_dtype="int3")


def test_fine_tuning_a_diffusion_model_points_to_diffusion_lora():
    """a LoRA/QLoRA job on SDXL named the image-generation task, not diffusion_lora."""
    w = Workload(task="qlora", model=SDXL)
    with pytest.raises(ValueError, match="diffusion LoRA fine-tuning \\(task 'diffusion_lora'\\)"):
        estimate_memory(w)
