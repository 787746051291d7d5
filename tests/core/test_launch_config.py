"""Launch configs carry the numbers the estimate assumed (context, memory fraction, TP,
quantization, batch, LoRA rank) and name what gpupicker cannot translate."""

from __future__ import annotations

import json

import pytest

from gpupicker import cli
from gpupicker.core.launch_config import hf_repo_from_source, launch_config
from gpupicker.core.recommend import recommend
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_gpus, catalog_model, catalog_prices


def _best(w: Workload, gpus=None):
    rec = recommend(w, gpus or catalog_gpus(), catalog_prices())
    return rec.best()


def test_vllm_command_has_the_estimates_context_fraction_and_tp():
    w = Workload(task="inference", model=catalog_model("llama3_1_70b"), framework="vllm",
                 weights_dtype="int4", prompt_len=3000, new_tokens=1096, kv_cache_dtype="fp8",
                 gpu_memory_utilization=0.85)
    opt = _best(w)
    cfg = launch_config(w, opt, "meta-llama/Llama-3.1-70B-Instruct")
    c = cfg.command
    # QA 22-2 F5: AWQ weights load from an AWQ checkpoint, not the 16-bit repo (vLLM fails to
    # start on that): the command names a placeholder and a warning says what goes there
    assert c.startswith("vllm serve YOUR_AWQ_CHECKPOINT")
    assert any("an AWQ export of meta-llama/Llama-3.1-70B-Instruct" in x and
               "replace YOUR_AWQ_CHECKPOINT" in x for x in cfg.warnings)
    assert "--max-model-len 4096" in c and "--gpu-memory-utilization 0.85" in c
    assert f"--tensor-parallel-size {opt.num_gpus}" in c
    assert "--quantization awq" in c and "--kv-cache-dtype fp8" in c
    assert any("AWQ" in x for x in cfg.warnings)  # int4 without quant_method: said, not hidden
    assert "accelerators: " in cfg.skypilot_yaml and f":{opt.num_gpus}" in cfg.skypilot_yaml
    assert "type: task" in cfg.dstack_yaml and f":{opt.num_gpus}\n" in cfg.dstack_yaml


def test_llamacpp_offload_layers_match_the_estimate():
    w = Workload(task="inference", model=catalog_model("llama3_1_70b"), framework="llama.cpp",
                 weights_dtype="q4_k_m", prompt_len=2048, new_tokens=2048)
    gpus = [g for g in catalog_gpus() if g.id == "rtx_4090"]
    opt = next(o for o in recommend(w, gpus, catalog_prices(), counts=(1,)).options)
    assert opt.memory.gpu_layers is not None  # 70B Q4 does not fit 24 GB: partial offload
    cfg = launch_config(w, opt, "meta-llama/Llama-3.1-70B")
    assert f"-ngl {opt.memory.gpu_layers}" in cfg.command and "-c 4096" in cfg.command


def test_qlora_launcher_flags():
    w = Workload(task="qlora", model=catalog_model("mistral_7b_v0_1"), batch=4, seq_len=2048,
                 train_hours=6)
    opt = _best(w)
    cfg = launch_config(w, opt, hf_repo_from_source("huggingface.co/mistralai/Mistral-7B-v0.1 x"))
    c = cfg.command
    for flag in ("--per_device_train_batch_size 4", "--max_length 2048", "--use_peft",
                 "--lora_r 16", "--load_in_4bit", "--bnb_4bit_quant_type nf4",
                 "--gradient_checkpointing", "mistralai/Mistral-7B-v0.1"):
        assert flag in c, flag
    assert cfg.engine == "trl"


def test_sharded_training_uses_the_sharding_named():
    w = Workload(task="full_ft", model=catalog_model("llama3_1_8b"), batch=2, seq_len=2048,
                 num_gpus=4, parallelism={"zero_stage": 3}, train_hours=10)
    opts = recommend(w, catalog_gpus(), catalog_prices(), counts=(4,)).options
    opt = next(o for o in opts if o.fits)
    c = launch_config(w, opt, "meta-llama/Llama-3.1-8B").command
    assert "--num_processes 4" in c and "--use_deepspeed" in c and "--zero_stage 3" in c


def test_unknown_framework_and_model_are_named():
    w2 = Workload(task="qlora", model=catalog_model("mistral_7b_v0_1"))
    opt = _best(w2)
    # a training framework gpupicker models but has no launcher for: named, not guessed
    w = Workload(task="qlora", model=catalog_model("mistral_7b_v0_1"), framework="nemo")
    with pytest.raises(ValueError, match="nemo"):
        launch_config(w, opt)
    cfg = launch_config(w2, opt)
    assert "YOUR_MODEL" in cfg.command and any("YOUR_MODEL" in x for x in cfg.warnings)


def test_recommend_launch_cli(tmp_path, capsys):
    p = tmp_path / "job.json"
    p.write_text(json.dumps({"task": "inference", "model_id": "llama3_1_8b", "framework": "vllm",
                             "prompt_len": 1024, "new_tokens": 512}))
    assert cli.main(["recommend", "--workload", str(p), "--launch", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["launch"]["engine"] == "vllm"
    assert "vllm serve meta-llama/Llama-3.1-8B" in out["launch"]["command"]
    assert cli.main(["recommend", "--workload", str(p), "--launch", "--top", "1"]) == 0
    text = capsys.readouterr().out
    assert "--- SkyPilot (task.yaml) ---" in text and "--- dstack (.dstack.yml) ---" in text
