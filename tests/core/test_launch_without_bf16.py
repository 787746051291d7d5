"""A vLLM / SGLang server on a card without native bf16 (NVIDIA before Ampere) is started with
``--dtype half``: vLLM refuses a bf16 model there at start ("Bfloat16 is only supported on
GPUs with compute capability of at least 8.0 … --dtype=half", its worker's dtype check)."""

from __future__ import annotations

import pytest

from gpupicker.core.planners.launch_config import launch_config
from gpupicker.core.ranking.recommend import recommend
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_gpus, catalog_model, catalog_prices, gpu


def _option(w: Workload, gpu_id: str):
    rec = recommend(w, [g for g in catalog_gpus() if g.id == gpu_id], catalog_prices(), counts=(1,))
    opt = next((o for o in rec.options if o.fits), None)
    assert opt is not None, rec.notes
    return opt


@pytest.mark.parametrize("framework", ["vllm", "sglang"])
def test_a_v100_server_runs_in_fp16_and_an_a100_one_as_written(framework):
    w = Workload(
        task="inference",
        model=catalog_model("mistral_7b_v0_1"),
        model_id="mistral_7b_v0_1",
        framework=framework,
    )
    for gpu_id, half in (("v100_sxm2_32gb", True), ("a100_sxm_80gb", False)):
        cfg = launch_config(w, _option(w, gpu_id), "mistralai/Mistral-7B-v0.1", gpu=gpu(gpu_id))
        text = " ".join(cfg.command.replace("\\\n", " ").split())
        assert ("--dtype half" in text) == half, (gpu_id, text)
        said = [str(a) for a in cfg.assumptions if "no native bf16" in str(a)]
        assert bool(said) == half and all("V100" in x and "--dtype half" in x for x in said)
        # the server's sentence names the KV cache it runs: fp16 on the V100, bf16 on the A100
        kv = "KV cache fp16" if half else "KV cache bf16"
        assert any(kv in str(a) for a in cfg.assumptions), cfg.assumptions


def test_a_v100_transformers_script_loads_in_fp16_and_an_a100_one_in_bf16():
    """The generate() script loads the dtype the estimate counts: fp16 on the V100 (compute
    capability 7.0, no native bf16: memory.fp16_kv_without_bf16), bf16 on the A100 (8.0)."""
    w = Workload(
        task="inference",
        model=catalog_model("mistral_7b_v0_1"),
        model_id="mistral_7b_v0_1",
        framework="transformers",
    )
    for gpu_id, dtype in (("v100_sxm2_32gb", "torch.float16"), ("a100_sxm_80gb", "torch.bfloat16")):
        cfg = launch_config(w, _option(w, gpu_id), "mistralai/Mistral-7B-v0.1", gpu=gpu(gpu_id))
        assert f"dtype={dtype}," in cfg.command, (gpu_id, cfg.command)
        assert "bfloat16" not in cfg.command or dtype == "torch.bfloat16"
        said = [str(a) for a in cfg.assumptions if "no native bf16" in str(a)]
        assert bool(said) == (gpu_id == "v100_sxm2_32gb")
        assert all("V100" in x and "dtype=torch.float16" in x for x in said)


def test_a_v100_nf4_script_computes_in_fp16():
    """bitsandbytes NF4 on the V100: bnb_4bit_compute_dtype follows the same rule (fp16)."""
    w = Workload(
        task="inference",
        model=catalog_model("mistral_7b_v0_1"),
        model_id="mistral_7b_v0_1",
        framework="transformers",
        weights_dtype="nf4",
    )
    cfg = launch_config(
        w, _option(w, "v100_sxm2_32gb"), "mistralai/Mistral-7B-v0.1", gpu=gpu("v100_sxm2_32gb")
    )
    assert "bnb_4bit_compute_dtype=torch.float16" in cfg.command and "bfloat16" not in cfg.command
