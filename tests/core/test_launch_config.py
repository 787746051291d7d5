"""Launch configs carry the numbers the estimate assumed (context, memory fraction, TP,
quantization, batch, LoRA rank) and name what gpupicker cannot translate."""

from __future__ import annotations

import json
import re

import pytest
import yaml

from gpupicker import cli
from gpupicker.core.checks import tensor_parallel_refusal
from gpupicker.core.planners.launch_config import hf_repo_from_source, launch_config
from gpupicker.core.ranking.recommend import recommend
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_gpus, catalog_model, catalog_prices


def _best(w: Workload, gpus=None):
    rec = recommend(w, gpus or catalog_gpus(), catalog_prices())
    return rec.best()


def test_vllm_command_has_the_estimates_context_fraction_and_tp():
    w = Workload(
        task="inference",
        model=catalog_model("llama3_1_70b"),
        framework="vllm",
        weights_dtype="int4",
        prompt_len=3000,
        new_tokens=1096,
        kv_cache_dtype="fp8",
        gpu_memory_utilization=0.85,
    )
    opt = _best(w)
    cfg = launch_config(w, opt, "meta-llama/Llama-3.1-70B-Instruct")
    c = cfg.command
    # AWQ weights load from an AWQ checkpoint, not the 16-bit repo (vLLM fails to
    # start on that): the command names a placeholder and a warning says what goes there
    assert c.startswith("vllm serve YOUR_AWQ_CHECKPOINT")
    assert any(
        "an AWQ export of meta-llama/Llama-3.1-70B-Instruct" in x and "replace YOUR_AWQ_CHECKPOINT" in x
        for x in cfg.warnings
    )
    assert "--max-model-len 4096" in c and "--gpu-memory-utilization 0.85" in c
    assert f"--tensor-parallel-size {opt.num_gpus}" in c
    assert "--quantization awq" in c and "--kv-cache-dtype fp8" in c
    assert any("AWQ" in x for x in cfg.warnings)  # int4 without quant_method: said, not hidden
    sky, dstack = yaml.safe_load(cfg.skypilot_yaml), yaml.safe_load(cfg.dstack_yaml)
    assert sky["resources"]["accelerators"].endswith(f":{opt.num_gpus}")
    assert dstack["type"] == "task" and dstack["resources"]["gpu"].endswith(f":{opt.num_gpus}")


def test_llamacpp_offload_layers_match_the_estimate():
    w = Workload(
        task="inference",
        model=catalog_model("llama3_1_70b"),
        framework="llama.cpp",
        weights_dtype="q4_k_m",
        prompt_len=2048,
        new_tokens=2048,
    )
    gpus = [g for g in catalog_gpus() if g.id == "rtx_4090"]
    opt = next(o for o in recommend(w, gpus, catalog_prices(), counts=(1,)).options)
    assert opt.memory.gpu_layers is not None  # 70B Q4 does not fit 24 GB: partial offload
    cfg = launch_config(w, opt, "meta-llama/Llama-3.1-70B")
    assert f"-ngl {opt.memory.gpu_layers}" in cfg.command and "-c 4096" in cfg.command


def test_qlora_launcher_flags():
    w = Workload(task="qlora", model=catalog_model("mistral_7b_v0_1"), batch=4, seq_len=2048, train_hours=6)
    opt = _best(w)
    cfg = launch_config(w, opt, hf_repo_from_source("huggingface.co/mistralai/Mistral-7B-v0.1 x"))
    c = cfg.command
    for flag in (
        "--per_device_train_batch_size 4",
        "--max_length 2048",
        "--use_peft",
        "--lora_r 16",
        "--load_in_4bit",
        "--bnb_4bit_quant_type nf4",
        "--gradient_checkpointing",
        "mistralai/Mistral-7B-v0.1",
    ):
        assert flag in c, flag
    assert cfg.engine == "trl"


def test_sharded_training_uses_the_sharding_named():
    w = Workload(
        task="full_ft",
        model=catalog_model("llama3_1_8b"),
        batch=2,
        seq_len=2048,
        num_gpus=4,
        parallelism={"zero_stage": 3},
        train_hours=10,
    )
    opts = recommend(w, catalog_gpus(), catalog_prices(), counts=(4,)).options
    opt = next(o for o in opts if o.fits)
    c = launch_config(w, opt, "meta-llama/Llama-3.1-8B").command
    # TRL's own CLI (`trl sft`), with its predefined DeepSpeed profile for the stage
    assert c.startswith("trl sft") and "trl/scripts" not in c
    assert "--num_processes 4" in c and "--accelerate_config zero3" in c


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
    p.write_text(
        json.dumps(
            {
                "task": "inference",
                "model_id": "llama3_1_8b",
                "framework": "vllm",
                "prompt_len": 1024,
                "new_tokens": 512,
            }
        )
    )
    assert cli.main(["recommend", "--workload", str(p), "--launch", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["launch"]["engine"] == "vllm"
    assert "vllm serve meta-llama/Llama-3.1-8B" in out["launch"]["command"]
    assert cli.main(["recommend", "--workload", str(p), "--launch", "--top", "1"]) == 0
    text = capsys.readouterr().out
    assert "--- SkyPilot (task.yaml) ---" in text and "--- dstack (.dstack.yml) ---" in text


def test_tensor_parallel_rule_is_vllms():
    """vLLM: attention heads divide by the TP size; KV heads are split when there are more of
    them than ranks, replicated when fewer (verify_with_parallel_config, QKVParallelLinear)."""
    llama2_13b = catalog_model("llama2_13b")  # 40 heads, 40 KV heads (its config.json)
    assert tensor_parallel_refusal(llama2_13b, 5) is None  # 40 / 5: vLLM accepts it
    assert tensor_parallel_refusal(llama2_13b, 8) is None
    assert str(tensor_parallel_refusal(llama2_13b, 3)) == (
        "Total number of attention heads (40) must be divisible by tensor parallel size (3)"
    )
    phi4 = catalog_model("phi4_14b")  # 40 heads, 10 KV heads: 4 splits neither way
    assert tensor_parallel_refusal(phi4, 2) is None and tensor_parallel_refusal(phi4, 4)
    gemma3_1b = catalog_model("gemma3_1b")  # 4 heads, 1 KV head: replicated over 2 or 4
    assert tensor_parallel_refusal(gemma3_1b, 4) is None


def test_a_tp_size_the_engine_refuses_is_not_an_option():
    """falcon-7b has 71 attention heads: only TP 1 starts in vLLM, so no multi-GPU replica."""
    w = Workload(
        task="inference", model=catalog_model("falcon_7b"), framework="vllm", requests_per_minute=600
    )
    opts = recommend(w, catalog_gpus(), catalog_prices()).options
    assert any(o.fits for o in opts)
    assert all(o.serving is not None and o.serving.gpus_per_replica == 1 for o in opts if o.fits)
    refused = [o for o in opts if not o.fits and o.serving and o.serving.gpus_per_replica == 2]
    assert refused and "must be divisible by tensor parallel size (2)" in str(
        refused[0].memory.engine_message
    )


def _tp(command: str) -> int:
    m = re.search(r"--(?:tensor-parallel-size|tp-size) (\d+)", command)
    assert m, command
    return int(m.group(1))


def _llm_ids() -> list[str]:
    import csv

    from tests.support.paths import DATA

    with open(DATA / "models.csv", encoding="utf-8") as f:
        return [r["id"] for r in csv.DictReader(f) if r["family"] != "diffusion"]


def _largest_of_each_head_layout() -> list[str]:
    """One bundled LLM per (attention heads, KV heads) pair, the one with the most parameters.

    vLLM's TP rule reads only the two head counts, so one model per pair checks it for every
    model; the largest needs the most GPUs, so it plans the most TP sizes (34 pairs in the
    103 bundled LLMs, 2026-12).
    """
    largest: dict[tuple[int, int], tuple[float, str]] = {}
    for model_id in _llm_ids():
        arch = catalog_model(model_id)
        layout, size = (arch.num_attention_heads, arch.kv_heads), arch.param_count()
        if layout not in largest or size > largest[layout][0]:
            largest[layout] = (size, model_id)
    return sorted(model_id for _, model_id in largest.values())


@pytest.mark.slow
@pytest.mark.parametrize(("framework", "every_layout"), [("vllm", True), ("sglang", False)])
def test_every_serving_option_of_the_bundled_models_launches_as_planned(framework, every_layout):
    """For one bundled LLM of each head layout served by vLLM at 100 requests/min (the largest:
    :func:`_largest_of_each_head_layout`; SGLang: every fifth model), every fitting option's
    GPUs per replica is a TP size that divides the attention and KV heads (vLLM's rule); for
    each plan shape (replicas × GPUs per replica) the launch command's TP size equals the GPUs
    per replica, and several replicas are a service with that many replicas in both YAMLs."""
    gpus, prices = catalog_gpus(), catalog_prices()
    checked = services = 0
    for model_id in _largest_of_each_head_layout() if every_layout else _llm_ids()[::5]:
        arch = catalog_model(model_id)
        kv = arch.kv_heads
        w = Workload(task="inference", model=arch, framework=framework, requests_per_minute=100)
        seen = set()
        for o in recommend(w, gpus, prices).options:
            assert o.serving is not None
            if not o.fits:
                continue
            tp = o.serving.gpus_per_replica
            assert arch.num_attention_heads % tp == 0, (model_id, o.gpu_id, tp)
            assert (kv % tp if tp < kv else tp % kv) == 0, (model_id, o.gpu_id, tp)
            shape = (o.serving.replicas, tp)
            if shape in seen:
                continue
            seen.add(shape)
            cfg = launch_config(w, o, "org/model")
            assert _tp(cfg.command) == tp == cfg.gpus_per_replica, (model_id, shape)
            sky, dstack = yaml.safe_load(cfg.skypilot_yaml), yaml.safe_load(cfg.dstack_yaml)
            assert sky["resources"]["accelerators"].endswith(f":{tp}")
            assert dstack["resources"]["gpu"].endswith(f":{tp}")
            assert sky["service"]["replicas"] == dstack["replicas"] == o.serving.replicas
            assert dstack["type"] == "service" and dstack["port"] == sky["resources"]["ports"]
            assert f"--port {dstack['port']}" in cfg.command
            services += o.serving.replicas > 1
            checked += 1
    # measured: vLLM 260 plan shapes of which 160 services (34 models; all 103 gave 642 and
    # 331), SGLang 101 and 43
    least = (250, 150) if every_layout else (90, 40)
    assert checked >= least[0] and services >= least[1], (checked, services)


def test_replicas_of_plain_transformers_run_as_nodes():
    """transformers has no server: a plan of replicas is one task on as many nodes."""
    w = Workload(
        task="inference",
        model=catalog_model("llama3_1_8b"),
        framework="transformers",
        requests_per_minute=300,
    )
    opt = next(
        o
        for o in recommend(w, catalog_gpus(), catalog_prices()).options
        if o.fits and o.serving and o.serving.replicas > 1
    )
    cfg = launch_config(w, opt, "meta-llama/Llama-3.1-8B")
    sky, dstack = yaml.safe_load(cfg.skypilot_yaml), yaml.safe_load(cfg.dstack_yaml)
    assert sky["num_nodes"] == dstack["nodes"] == opt.serving.replicas
    assert "service" not in sky and dstack["type"] == "task"
