"""Launch configs for LLaMA-Factory, ms-swift, MindSpeed-LLM, LMDeploy, vllm-ascend and MindIE:
every key and flag written is one the tool documents (lists read from the tools' own
repositories and manuals, tests/core/data/launch_docs/), the numbers are the estimate's, the
model is named by its ModelScope id, and a format the engine does not load is refused."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
import yaml

from gpupicker.core.messages import error_message
from gpupicker.core.planners.launch_config import launch_config
from gpupicker.core.planners.launch_hub import OFFICIAL_QUANT
from gpupicker.core.ranking.recommend import recommend
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_gpus, catalog_model, catalog_prices

DOCS = Path(__file__).parent / "data" / "launch_docs"


def _names(file: str) -> frozenset[str]:
    lines = (DOCS / file).read_text(encoding="utf-8").splitlines()
    return frozenset(x.strip() for x in lines if x.strip() and not x.startswith("#"))


LLAMA_FACTORY_KEYS = _names("llamafactory_keys.txt") | {
    "fp16"
}  # transformers TrainingArguments.fp16, which LLaMA-Factory's training args inherit
SWIFT_ARGS = _names("ms_swift_args.txt")
LMDEPLOY_FLAGS = _names("lmdeploy_flags.txt")
MINDSPEED_FLAGS = _names("mindspeed_flags.txt") | {"--nproc_per_node"}  # torchrun's own
VLLM_ASCEND_FLAGS = {
    "--max-model-len",
    "--gpu-memory-utilization",
    "--tensor-parallel-size",
    "--quantization",
    "--host",
    "--port",
}
"""`vllm serve` flags (docs.vllm.ai cli/serve) as vllm-ascend's tutorials use them
(tutorials/models/DeepSeek-R1.md @182b75ea: --tensor-parallel-size, --quantization ascend)."""
MINDIE_KEYS = {
    "BackendConfig.npuDeviceIds",
    "BackendConfig.ModelDeployConfig.maxSeqLen",
    "BackendConfig.ModelDeployConfig.maxInputTokenLen",
    "BackendConfig.ModelDeployConfig.ModelConfig.0.modelName",
    "BackendConfig.ModelDeployConfig.ModelConfig.0.modelWeightPath",
    "BackendConfig.ModelDeployConfig.ModelConfig.0.worldSize",
    "BackendConfig.ScheduleConfig.maxBatchSize",
    "BackendConfig.ScheduleConfig.maxPrefillTokens",
    "ServerConfig.port",
}
"""MindIE Server config.json keys (hiascend.com MindIE 2.1.RC1 mindie_llm0004 "配置参数说明
（服务化）": BackendConfig → npuDeviceIds, ModelDeployConfig → maxSeqLen, maxInputTokenLen,
ModelConfig[] → modelName, modelWeightPath, worldSize; ScheduleConfig → maxBatchSize,
maxPrefillTokens; ServerConfig → port, default 1025)."""


def _heredoc_yaml(command: str) -> dict[str, object]:
    body = re.search(r"<<'EOF'\n(.*?)\nEOF", command, re.S)
    assert body is not None, command
    doc = yaml.safe_load(body.group(1))
    assert isinstance(doc, dict)
    return doc


def _flags(command: str) -> list[str]:
    words = shlex.split(command.replace("\\\n", " "))
    return [x for x in words if x.startswith("--")]


def _option(w: Workload, gpu_ids: tuple[str, ...], counts: tuple[int, ...] | None = None):
    gpus = [g for g in catalog_gpus() if g.id in gpu_ids]
    rec = recommend(w, gpus, catalog_prices(), **({"counts": counts} if counts else {}))
    opt = next((o for o in rec.options if o.fits), None)
    assert opt is not None, rec.notes
    return opt


def test_llama_factory_yaml_has_only_its_documented_keys_and_the_estimates_numbers():
    # the review's job1: QLoRA of Qwen2.5-7B with LLaMA-Factory, micro-batch 4 × 2048
    w = Workload(
        task="qlora",
        model=catalog_model("qwen2_5_7b"),
        model_id="qwen2_5_7b",
        framework="llama-factory",
        batch=4,
        seq_len=2048,
        train_hours=4,
    )
    opt = _option(w, ("a100_sxm_80gb",))
    cfg = launch_config(w, opt, "Qwen/Qwen2.5-7B", modelscope_id="Qwen/Qwen2.5-7B", family="qwen2.5")
    doc = _heredoc_yaml(cfg.command)
    assert set(doc) <= LLAMA_FACTORY_KEYS, set(doc) - LLAMA_FACTORY_KEYS
    assert doc["model_name_or_path"] == "Qwen/Qwen2.5-7B" and doc["stage"] == "sft"
    assert doc["finetuning_type"] == "lora" and doc["lora_rank"] == 16
    assert doc["quantization_bit"] == 4 and doc["quantization_method"] == "bnb"
    assert doc["per_device_train_batch_size"] == 4 and doc["cutoff_len"] == 2048
    assert doc["template"] == "qwen"  # README's table: Qwen2 (Code/Math/MoE/QwQ) → qwen
    assert "USE_MODELSCOPE_HUB=1 llamafactory-cli train gpupicker_train.yaml" in cfg.command
    assert cfg.engine == "llama-factory"
    assert "modelscope download --model Qwen/Qwen2.5-7B" in cfg.download
    assert "HF_ENDPOINT=https://hf-mirror.com hf download Qwen/Qwen2.5-7B" in cfg.download


def test_llama_factory_reads_back_what_gpupicker_writes():
    """The YAML, read by gpupicker's own LLaMA-Factory job reader, gives the workload back."""
    from gpupicker.importers.jobs import read_job_text

    w = Workload(
        task="full_ft",
        model=catalog_model("qwen3_8b"),
        model_id="qwen3_8b",
        framework="llama-factory",
        batch=2,
        seq_len=4096,
        num_gpus=8,
        parallelism={"zero_stage": 3},
        train_hours=10,
    )
    opt = _option(w, ("h100_sxm",), counts=(8,))
    cfg = launch_config(w, opt, "Qwen/Qwen3-8B", modelscope_id="Qwen/Qwen3-8B", family="qwen3")
    doc = _heredoc_yaml(cfg.command)
    assert doc["deepspeed"] == "examples/deepspeed/ds_z3_config.json"
    assert "FORCE_TORCHRUN=1" in cfg.command and "CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7" in cfg.command
    job = read_job_text(yaml.safe_dump(doc), lambda name: "qwen3_8b")
    got = job.workload
    assert got["task"] == "full_ft" and got["batch"] == 2 and got["seq_len"] == 4096
    assert got["parallelism"]["zero_stage"] == 3


def test_ms_swift_flags_are_its_documented_arguments():
    w = Workload(
        task="qlora",
        model=catalog_model("qwen2_5_7b"),
        model_id="qwen2_5_7b",
        framework="ms-swift",
        batch=2,
        seq_len=2048,
        train_hours=4,
    )
    opt = _option(w, ("rtx_4090",))
    cfg = launch_config(w, opt, "Qwen/Qwen2.5-7B", modelscope_id="Qwen/Qwen2.5-7B")
    flags = {f.removeprefix("--") for f in _flags(cfg.command)}
    assert flags <= SWIFT_ARGS, flags - SWIFT_ARGS
    c = cfg.command.replace("\\\n ", "")
    for part in (
        "swift sft",
        "--model Qwen/Qwen2.5-7B",
        "--tuner_type lora",
        "--quant_method bnb",
        "--quant_bits 4",
        "--bnb_4bit_quant_type nf4",
        "--per_device_train_batch_size 2",
        "--max_length 2048",
        "--lora_rank 16",
    ):
        assert part in " ".join(c.split()), part
    assert "--use_hf" not in c  # a ModelScope id: ms-swift's default hub


def test_ms_swift_multi_gpu_and_hugging_face_only_models():
    w = Workload(
        task="full_ft",
        model=catalog_model("qwen3_8b"),
        framework="swift",
        batch=1,
        seq_len=4096,
        num_gpus=4,
        parallelism={"zero_stage": 2, "cpu_offload": True},
        train_hours=10,
    )
    opt = _option(w, ("a100_sxm_80gb",), counts=(4,))
    cfg = launch_config(w, opt, "some-org/only-on-hf")
    c = " ".join(cfg.command.replace("\\\n", " ").split())
    assert c.startswith("NPROC_PER_NODE=4 swift sft")
    assert "--use_hf true" in c and "--deepspeed zero2_offload" in c and "--tuner_type full" in c
    assert {f.removeprefix("--") for f in _flags(cfg.command)} <= SWIFT_ARGS


def test_mindspeed_command_uses_its_example_flags_and_the_parallel_sizes():
    w = Workload(
        task="pretrain",
        model=catalog_model("qwen2_5_7b"),
        model_id="qwen2_5_7b",
        framework="mindspeed",
        batch=1,
        seq_len=4096,
        num_gpus=8,
        parallelism={"tensor_parallel": 2},
        grad_ckpt=True,
        train_hours=24,
    )
    opt = _option(w, ("ascend_910b",), counts=(8,))
    cfg = launch_config(w, opt, "Qwen/Qwen2.5-7B", modelscope_id="Qwen/Qwen2.5-7B")
    flags = set(_flags(cfg.command))
    assert flags <= MINDSPEED_FLAGS, flags - MINDSPEED_FLAGS
    c = " ".join(cfg.command.replace("\\\n", " ").split())
    assert "torchrun --nproc_per_node 8 pretrain_gpt.py" in c
    assert "--tensor-model-parallel-size 2 --pipeline-model-parallel-size 1" in c
    # Qwen2.5-7B config.json: 28 layers, hidden 3584, 28 heads, 4 KV heads
    assert "--num-layers 28 --hidden-size 3584" in c and "--num-query-groups 4" in c
    assert "--global-batch-size 4" in c  # micro-batch 1 × data parallel 8 / 2
    assert cfg.engine == "mindspeed"


def test_mindspeed_refuses_parallel_sizes_that_do_not_divide_the_npus():
    w = Workload(
        task="pretrain",
        model=catalog_model("qwen2_5_7b"),
        framework="mindspeed",
        batch=1,
        seq_len=4096,
        num_gpus=8,
        parallelism={"tensor_parallel": 3},
        train_hours=24,
    )
    opt = _option(w, ("ascend_910b",), counts=(8,))
    with pytest.raises(ValueError) as err:
        launch_config(w, opt, "Qwen/Qwen2.5-7B")
    assert error_message(err.value).id == "launch_config.mindspeed_parallel"


def test_vllm_ascend_serves_the_official_w8a8_weights_from_modelscope():
    w = Workload(
        task="inference",
        model=catalog_model("qwen3_32b"),
        model_id="qwen3_32b",
        framework="vllm-ascend",
        weights_dtype="w8a8",
        prompt_len=1500,
        new_tokens=500,
    )
    opt = _option(w, ("ascend_910b",))
    cfg = launch_config(w, opt, "Qwen/Qwen3-32B", modelscope_id="Qwen/Qwen3-32B")
    c = " ".join(cfg.command.replace("\\\n", " ").split())
    assert c.startswith(
        f"VLLM_USE_MODELSCOPE=True ASCEND_RT_VISIBLE_DEVICES=0"
        f"{''.join(f',{i}' for i in range(1, opt.num_gpus))} vllm serve "
        "vllm-ascend/Qwen3-32B-W8A8"
    )
    assert "--quantization ascend" in c and "--max-model-len 2000" in c
    assert f"--tensor-parallel-size {opt.num_gpus}" in c
    assert set(_flags(cfg.command)) <= VLLM_ASCEND_FLAGS
    assert cfg.download.splitlines()[1] == (
        "modelscope download --model vllm-ascend/Qwen3-32B-W8A8 --local_dir ./models/Qwen3-32B-W8A8"
    )
    assert "hf-mirror" not in cfg.download  # vllm-ascend publishes on ModelScope only
    assert OFFICIAL_QUANT["qwen3_32b"]["w8a8"] == "vllm-ascend/Qwen3-32B-W8A8"


def test_ascend_servers_refuse_awq():
    w = Workload(
        task="inference",
        model=catalog_model("qwen2_5_72b"),
        model_id="qwen2_5_72b",
        framework="vllm-ascend",
        weights_dtype="bf16",
        prompt_len=1500,
        new_tokens=500,
    )
    opt = _option(w, ("ascend_910b",))
    awq = w.model_copy(update={"weights_dtype": "int4", "quant_method": "awq"})
    with pytest.raises(ValueError) as err:
        launch_config(awq, opt, "Qwen/Qwen2.5-72B-Instruct")
    m = error_message(err.value)
    assert m.id == "launch_config.ascend_format" and m.params["dtype"] == "AWQ"


def test_mindie_sets_the_documented_config_keys():
    w = Workload(
        task="inference",
        model=catalog_model("qwen2_5_72b"),
        model_id="qwen2_5_72b",
        framework="mindie",
        weights_dtype="bf16",
        prompt_len=1500,
        new_tokens=500,
    )
    opt = _option(w, ("ascend_910b",))
    cfg = launch_config(w, opt, "Qwen/Qwen2.5-72B-Instruct", modelscope_id="Qwen/Qwen2.5-72B-Instruct")
    script = re.search(r"<<'EOF'\n(.*?)\nEOF", cfg.command, re.S)
    assert script is not None
    written = set()
    for line in script.group(1).splitlines():
        m = re.match(r"c((?:\[[^\]]+\])+) = ", line)
        if m:
            keys = re.findall(r"\['?([^'\]]+)'?\]", m.group(1))
            written.add(".".join(keys))
    assert written == MINDIE_KEYS
    assert f"['worldSize'] = {opt.num_gpus}" in cfg.command
    assert "['maxSeqLen'] = 2000" in cfg.command and "['maxInputTokenLen'] = 1500" in cfg.command
    assert "realpath ./models/Qwen2.5-72B-Instruct" in cfg.command  # where the download puts it
    assert (
        "modelscope download --model Qwen/Qwen2.5-72B-Instruct --local_dir "
        "./models/Qwen2.5-72B-Instruct" in cfg.download
    )
    assert cfg.command.rstrip().endswith("./bin/mindieservice_daemon")


def test_lmdeploy_flags_and_the_official_awq_checkpoint():
    w = Workload(
        task="inference",
        model=catalog_model("qwen2_5_72b"),
        model_id="qwen2_5_72b",
        framework="lmdeploy",
        weights_dtype="int4",
        quant_method="awq",
        kv_cache_dtype="int8",
        prompt_len=1500,
        new_tokens=500,
    )
    opt = _option(w, ("a100_sxm_80gb",))
    cfg = launch_config(w, opt, "Qwen/Qwen2.5-72B-Instruct", modelscope_id="Qwen/Qwen2.5-72B-Instruct")
    flags = set(_flags(cfg.command))
    assert flags <= LMDEPLOY_FLAGS, flags - LMDEPLOY_FLAGS
    c = " ".join(cfg.command.replace("\\\n", " ").split())
    assert c.startswith(
        "LMDEPLOY_USE_MODELSCOPE=True lmdeploy serve api_server Qwen/Qwen2.5-72B-Instruct-AWQ"
    )
    assert "--model-format awq" in c and "--quant-policy 8" in c and "--session-len 2000" in c
    assert not cfg.warnings or all("YOUR_" not in str(x) for x in cfg.warnings)


def test_vllm_names_the_official_awq_checkpoint_instead_of_a_placeholder():
    w = Workload(
        task="inference",
        model=catalog_model("qwen2_5_72b"),
        model_id="qwen2_5_72b",
        framework="vllm",
        weights_dtype="int4",
        quant_method="awq",
        prompt_len=1500,
        new_tokens=500,
    )
    opt = _option(w, ("a100_sxm_80gb",))
    cfg = launch_config(w, opt, "Qwen/Qwen2.5-72B-Instruct")
    assert cfg.command.startswith("vllm serve Qwen/Qwen2.5-72B-Instruct-AWQ")
    assert not any("YOUR_AWQ_CHECKPOINT" in x for x in cfg.warnings)


def test_a_framework_without_a_launcher_is_a_message():
    w = Workload(
        task="lora",
        model=catalog_model("qwen2_5_7b"),
        framework="axolotl",
        batch=1,
        seq_len=2048,
        train_hours=2,
    )
    opt = _option(w, ("a100_sxm_80gb",))
    with pytest.raises(ValueError) as err:
        launch_config(w, opt, "Qwen/Qwen2.5-7B")
    m = error_message(err.value)
    assert m.id == "launch_config.no_training_launcher"
    assert "llama-factory" in m.params["choices"] and "ms-swift" in m.params["choices"]


def test_mindspeed_refuses_an_nvidia_option():
    w = Workload(
        task="lora",
        model=catalog_model("qwen2_5_7b"),
        framework="mindspeed",
        batch=1,
        seq_len=2048,
        train_hours=2,
    )
    # the ranking leaves NVIDIA cards out (MindSpeed-LLM runs on torch_npu only) ...
    gpus = [g for g in catalog_gpus() if g.id == "a100_sxm_80gb"]
    rec = recommend(w, gpus, catalog_prices())
    assert not rec.options and any("mindspeed does not run on" in n for n in rec.notes), rec.notes
    # ... and an NVIDIA option reaching the launcher anyway is refused there too
    opt = _option(w.model_copy(update={"framework": "transformers"}), ("a100_sxm_80gb",))
    with pytest.raises(ValueError) as err:
        launch_config(w, opt, "Qwen/Qwen2.5-7B")
    m = error_message(err.value)
    assert m.id == "launch_config.mindspeed_npu" and m.params["gpu"] == opt.gpu_name


def test_a_model_without_a_modelscope_id_is_read_from_hugging_face():
    """USE_MODELSCOPE_HUB=1 with a Hugging Face repo would look it up on ModelScope (where
    Meta's models are LLM-Research/…): without a ModelScope id the switch is left out."""
    w = Workload(
        task="lora",
        model=catalog_model("qwen2_5_7b"),
        framework="llama-factory",
        batch=1,
        seq_len=2048,
        train_hours=2,
    )
    opt = _option(w, ("a100_sxm_80gb",))
    cfg = launch_config(w, opt, "some-org/only-on-hf")
    assert "USE_MODELSCOPE_HUB" not in cfg.command
    assert _heredoc_yaml(cfg.command)["model_name_or_path"] == "some-org/only-on-hf"
    assert cfg.download.splitlines()[-1].startswith(
        "HF_ENDPOINT=https://hf-mirror.com hf download some-org/only-on-hf"
    )


@pytest.mark.parametrize(
    ("framework", "bf16_flag", "fp16_flag"),
    [
        ("transformers", "--bf16", "--fp16"),
        ("llama-factory", "bf16: true", "fp16: true"),
        ("ms-swift", "--torch_dtype bfloat16", "--torch_dtype float16"),
        ("litgpt", "--precision bf16-true", "--precision 16-mixed"),
    ],
)
def test_a_card_without_bf16_is_launched_in_fp16_and_says_so(framework, bf16_flag, fp16_flag):
    # Volta (compute capability 7.0) has no native bf16 (torch.cuda.is_bf16_supported: major >= 8)
    from tests.support.catalog_data import gpu

    w = Workload(
        task="lora",
        model=catalog_model("qwen2_5_1_5b"),
        model_id="qwen2_5_1_5b",
        framework=framework,
        batch=2,
        seq_len=1024,
        train_hours=1,
    )
    assert w.compute_dtype == "bf16"
    for gpu_id, flag, other in (
        ("v100_sxm2_32gb", fp16_flag, bf16_flag),
        ("a100_sxm_80gb", bf16_flag, fp16_flag),
    ):
        opt = _option(w, (gpu_id,), (1,))
        cfg = launch_config(w, opt, "Qwen/Qwen2.5-1.5B", family="qwen2.5", gpu=gpu(gpu_id))
        text = " ".join(cfg.command.replace("\\\n", " ").split())
        assert flag in text and other not in text, (gpu_id, text)
        said = [str(a) for a in cfg.assumptions if "no native bf16" in str(a)]
        assert bool(said) == (gpu_id == "v100_sxm2_32gb"), cfg.assumptions
        assert all(gpu(gpu_id).name in x for x in said)
