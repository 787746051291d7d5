"""``gpupicker job read``: real job configs and engine command lines become the workloads a
reader of those files would write (field by field), and every key is accounted for.

The configs in tests/importers/data/jobs/ carry, in their first lines, the repository, path and
commit their fields are taken from (axolotl, LLaMA-Factory and torchtune examples). The command
lines use the flags each engine documents (vLLM engine arguments, SGLang server arguments,
llama.cpp tools/server/README.md @00dc8057, ``ollama run``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gpupicker.catalog import open_catalog
from gpupicker.cli import main
from gpupicker.core.workload import Workload
from gpupicker.importers.job_commands import read_command
from gpupicker.importers.job_lookup import catalog_lookup
from gpupicker.importers.job_model import ALL_LINEAR, JobReadError
from gpupicker.importers.jobs import read_job_file, read_job_text
from tests.support.paths import DATA as CATALOG_DATA

JOBS = Path(__file__).parent / "data" / "jobs"


@pytest.fixture(scope="module")
def lookup():
    import csv

    with (CATALOG_DATA / "models.csv").open(encoding="utf-8") as f:
        rows = [(r["id"], r["name"], r.get("hf_repo") or "") for r in csv.DictReader(f)]
    return catalog_lookup(rows)


def _read(name: str, lookup):
    job = read_job_file(JOBS / name, lookup)
    Workload.model_validate(job.workload)  # what it wrote is a valid workload
    return job


def _keys(job) -> set[str]:
    return {k for k, _ in job.read} | {k for k, _ in job.unused}


def _top_keys(name: str) -> set[str]:
    import yaml

    return set(yaml.safe_load((JOBS / name).read_text(encoding="utf-8")))


@pytest.mark.parametrize("name", sorted(p.name for p in JOBS.glob("*.y*ml")))
def test_every_top_level_key_is_read_or_named(name: str, lookup):
    job = _read(name, lookup)
    seen = {k.split(".")[0] for k in _keys(job)}
    assert _top_keys(name) <= seen, f"dropped silently: {_top_keys(name) - seen}"


def test_axolotl_qlora(lookup):
    w = _read("axolotl-llama3-qlora.yml", lookup).workload
    assert w == {
        "model_id": "llama3_8b",
        "task": "qlora",
        "lora": {"r": 32, "alpha": 16, "dropout": 0.05, "targets": list(ALL_LINEAR)},
        "seq_len": 4096,
        "batch": 2,
        "epochs": 4,
        "optimizer": "adamw",
        "grad_ckpt": True,
        "compute_dtype": "bf16",
        "attention": "flash",
        "framework": "axolotl",
    }


def test_axolotl_lora_on_an_8bit_base_names_the_fully_trained_modules(lookup):
    job = _read("axolotl-llama3-lora-8b.yml", lookup)
    w = job.workload
    assert (w["task"], w["weights_dtype"], w["optimizer"]) == ("lora", "int8", "adamw8bit")
    assert w["lora"]["r"] == 32
    assert any("lora_modules_to_save" in m for m in job.warnings)


def test_axolotl_full_fine_tune_with_liger_and_fsdp_offload(lookup):
    w = _read("axolotl-llama3-fft-8b-liger-fsdp.yaml", lookup).workload
    assert w["model_id"] == "llama3_1_8b" and w["task"] == "full_ft"
    assert w["framework"] == "liger" and w["optimizer"] == "adamw"
    assert w["parallelism"] == {"fsdp": True, "cpu_offload": True}
    assert "lora" not in w


def test_llama_factory_lora_qlora_and_deepspeed_full(lookup):
    lora = _read("llamafactory-llama3-lora-sft.yaml", lookup).workload
    assert lora == {
        "model_id": "llama3_8b",
        "task": "lora",
        "lora": {"r": 8, "targets": list(ALL_LINEAR)},
        "seq_len": 2048,
        "batch": 1,
        "epochs": 3.0,
        "compute_dtype": "bf16",
        "grad_ckpt": True,
        "framework": "llama-factory",
    }
    qlora = _read("llamafactory-llama3-lora-sft-otfq.yaml", lookup).workload
    assert qlora["task"] == "qlora" and qlora["seq_len"] == 2048
    full = _read("llamafactory-llama3-full-sft-ds3.yaml", lookup).workload
    assert (full["task"], full["parallelism"], full["seq_len"]) == ("full_ft", {"zero_stage": 3}, 1024)


def test_torchtune_recipes(lookup):
    q = _read("torchtune-llama3_1-8B-qlora-single-device.yaml", lookup)
    assert q.workload == {
        "model_id": "llama3_1_8b",
        "task": "qlora",
        "lora": {
            "r": 8,
            "alpha": 16,
            "dropout": 0.0,
            "targets": ["q_proj", "v_proj", "k_proj", "o_proj", "gate_proj", "up_proj", "down_proj"],
        },
        "batch": 2,
        "epochs": 1,
        "optimizer": "adamw",
        "compute_dtype": "bf16",
        "grad_ckpt": True,
        "framework": "torchtune",
    }
    assert any(m.id == "job.warning.no_seq_len" for m in q.warnings)
    full = _read("torchtune-llama3_1-8B-full-single-device.yaml", lookup)
    assert (full.workload["task"], full.workload["optimizer"]) == ("full_ft", "paged_adamw8bit")
    # the recipe's fused optimizer step is modelled (memory.training_states.optimizer_in_backward)
    assert full.workload["optimizer_in_bwd"] is True
    assert not any("optimizer_in_bwd" in str(m) for m in full.warnings)


@pytest.mark.parametrize(
    ("line", "want"),
    [
        (
            "vllm serve meta-llama/Llama-3.1-8B-Instruct --max-model-len 8192 --gpu-memory-utilization 0.85",
            {"model_id": "llama3_1_8b", "max_model_len": 8192, "gpu_memory_utilization": 0.85},
        ),
        (
            "vllm serve Qwen/Qwen2.5-72B-Instruct-AWQ --quantization awq --tensor-parallel-size 2 "
            "--kv-cache-dtype fp8 --max-num-seqs 64",
            {
                "model_id": "qwen2_5_72b",
                "weights_dtype": "int4",
                "quant_method": "awq",
                "num_gpus": 2,
                "parallelism": {"tensor_parallel": 2},
                "kv_cache_dtype": "fp8",
                "max_num_seqs": 64,
            },
        ),
        (
            "python -m sglang.launch_server --model-path meta-llama/Llama-3.1-8B-Instruct --tp 2 "
            "--mem-fraction-static 0.8 --context-length 32768 --port 30000",
            {
                "model_id": "llama3_1_8b",
                "num_gpus": 2,
                "parallelism": {"tensor_parallel": 2},
                "gpu_memory_utilization": 0.8,
                "max_model_len": 32768,
            },
        ),
        (
            "llama-server -m models/Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf -c 8192 -ngl 99 -np 4 -fa on",
            # -c is the context of the 4 slots together: 2,048 tokens each
            {
                "model_id": "llama3_1_8b",
                "weights_dtype": "q4_k_m",
                "seq_len": 2048,
                "batch": 4,
                "attention": "flash",
            },
        ),
        (
            "llama-server -hf ggml-org/gemma-3-12b-it-GGUF:Q8_0 --ctx-size 16384",
            {"model_id": "gemma3_12b", "weights_dtype": "q8_0", "seq_len": 16384},
        ),
        ("ollama run qwen2.5:7b", {"model_id": "qwen2_5_7b", "weights_dtype": "q4_k_m"}),
    ],
)
def test_engine_command_lines(line: str, want: dict, lookup):
    job = read_command(line, lookup)
    Workload.model_validate(job.workload)
    assert job.workload["task"] == "inference"
    got = {k: v for k, v in job.workload.items() if k not in ("task", "framework")}
    assert got == want


def test_unmodelled_flags_and_keys_are_named_not_dropped(lookup):
    job = read_command(
        "vllm serve meta-llama/Llama-3.1-8B-Instruct --enforce-eager --enable-prefix-caching --port 8000",
        lookup,
    )
    unused = [(k, str(w)) for k, w in job.unused]
    assert ("--port", "does not change memory or speed") in unused
    assert ("--enable-prefix-caching", "does not change memory or speed") in unused  # V1's default
    assert ("--enforce-eager", "not modelled by gpupicker") in unused
    assert any("--enforce-eager" in w for w in job.warnings)


def test_turning_chunked_prefill_off_is_not_called_without_effect(lookup):
    """The serving model interleaves chunked prefill with decode (vLLM V1's scheduler); a server
    started without it is not what is modelled, so it is named as such."""
    job = read_command("vllm serve Qwen/Qwen3-8B --no-enable-chunked-prefill", lookup)
    assert [(k, str(w)) for k, w in job.unused] == [
        ("--no-enable-chunked-prefill", "not modelled by gpupicker")
    ]


def test_a_misspelt_flag_is_not_called_an_unmodelled_engine_flag(lookup):
    """A typo is no vLLM flag: said so, never "not modelled by gpupicker"."""
    job = read_command("vllm serve Qwen/Qwen3-8B --tensor-paralel-size 2", lookup)
    assert [(k, str(w)) for k, w in job.unused] == [
        ("--tensor-paralel-size", "not a vLLM flag gpupicker knows")
    ]
    assert [str(w) for w in job.warnings] == [
        "--tensor-paralel-size is not a vLLM flag gpupicker knows (a typo?): the estimate does not reflect it"
    ]
    assert "num_gpus" not in job.workload and "parallelism" not in job.workload


def test_vllm_data_and_expert_parallel_and_underscore_flags(lookup):
    """vLLM-Ascend's DeepSeek-R1 tutorial: DP 4 × TP 4 with expert parallel = 16 ranks, EP 16
    (vLLM: the experts are split over TP × DP); ``--max_model_len`` is vLLM's own spelling too."""
    job = read_command(
        "vllm serve deepseek-ai/DeepSeek-R1 --data-parallel-size 4 --tensor-parallel-size 4 "
        "--enable-expert-parallel --max_model_len 32768 --data-parallel-address 10.0.0.1",
        lookup,
    )
    w = Workload.model_validate(job.workload)
    assert (w.num_gpus, w.parallelism.tensor_parallel, w.parallelism.data_parallel) == (16, 4, 4)
    assert w.parallelism.expert_parallel == 16
    assert w.max_model_len == 32768
    assert not job.warnings


def test_checkpoint_name_states_its_format(lookup):
    """Qwen's docs serve ``Qwen/Qwen3-8B-FP8`` / ``-AWQ`` with no --quantization (vLLM reads the
    checkpoint's quantization_config): the name's format is the weights', not bf16."""
    fp8 = read_command("python -m sglang.launch_server --model-path Qwen/Qwen3-8B-FP8", lookup)
    awq = read_command("vllm serve Qwen/Qwen2.5-7B-Instruct-AWQ", lookup)
    assert (fp8.workload["model_id"], fp8.workload["weights_dtype"]) == ("qwen3_8b", "fp8")
    assert (awq.workload["model_id"], awq.workload["weights_dtype"]) == ("qwen2_5_7b", "int4")


def test_vllm_speculative_config_is_read(lookup):
    job = read_command(
        "vllm serve Qwen/Qwen3-Next-80B-A3B-Instruct --speculative-config "
        '\'{"method": "qwen3_next_mtp", "num_speculative_tokens": 2}\'',
        lookup,
    )
    assert job.workload["speculative"] == {"method": "qwen3_next_mtp", "num_speculative_tokens": 2}
    Workload.model_validate(job.workload)


def test_an_alias_bomb_is_refused_before_it_expands(lookup):
    lines = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    prev = "a"
    for i in range(9):
        lines.append(f"b{i}: &b{i} [{', '.join(['*' + prev] * 9)}]")
        prev = f"b{i}"
    with pytest.raises(JobReadError, match="alias"):
        read_job_text("\n".join(lines) + "\nbase_model: x\n", lookup)


def test_a_key_given_twice_in_a_job_is_named(lookup):
    """PyYAML keeps the last value of a repeated key silently: the job says which keys were
    repeated and reads the last value (sequence_len 2048); a ``<<`` merge override is no
    repeat."""
    text = (
        "base_model: mistralai/Mistral-7B-v0.1\nadapter: lora\nsequence_len: 512\n"
        "micro_batch_size: 2\nsequence_len: 2048\n"
        "defaults: &d {lr: 1}\nother:\n  <<: *d\n  lr: 2\n"
    )
    job = read_job_text(text, lookup)
    assert job.workload["seq_len"] == 2048
    repeated = [str(w) for w in job.warnings if "more than once" in str(w)]
    assert repeated == ["keys given more than once, only the last value of each is used: sequence_len"]


def test_skypilot_task_reads_its_engine_command(lookup):
    text = (
        "resources:\n  accelerators: A100:4\n  ports: 8000\n"
        "run: |\n  vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 4\n"
    )
    job = read_job_text(text, lookup)
    assert job.kind == "skypilot+vllm"
    assert (job.workload["model_id"], job.workload["num_gpus"]) == ("llama3_1_70b", 4)


@pytest.mark.parametrize(
    "text",
    [
        "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(f"b{i}: &b{i} [*a, *a, *a, *a]\n" for i in range(60)),
        "x: " + "[" * 100 + "]" * 100,
        "!!python/object/apply:os.system ['touch pwned']",
        "base_model: !custom x\nadapter: lora\n",
        "just some words",
    ],
)
def test_hostile_or_foreign_yaml_is_refused_with_a_message(text: str, lookup):
    with pytest.raises(JobReadError):
        read_job_text(text, lookup)


def test_an_unknown_model_is_refused_naming_it(lookup):
    with pytest.raises(JobReadError, match="NoSuch/Model-9B"):
        read_job_text("base_model: NoSuch/Model-9B\nadapter: lora\nsequence_len: 512\n", lookup)


def test_cli_prints_what_it_read_and_the_workload(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    cat = tmp_path / "c.sqlite"
    with open_catalog(cat):
        pass
    assert main(["--catalog", str(cat), "job", "read", str(JOBS / "axolotl-llama3-qlora.yml")]) == 0
    out = capsys.readouterr().out
    assert 'base_model → model_id = "llama3_8b"' in out
    assert "learning_rate — does not change memory or speed" in out
    assert "lora_model_dir — left empty (not set)" in out
    assert main(["--catalog", str(cat), "job", "read", "--json", str(JOBS / "axolotl-llama3-qlora.yml")]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["kind"] == "axolotl" and data["workload"]["task"] == "qlora"
    assert main(["--catalog", str(cat), "job", "read", str(tmp_path)]) == 1
    assert "not a regular file" in capsys.readouterr().err


def test_tf32_and_packing_keys_say_what_they_mean_for_the_estimate(lookup, zh_cn):
    """axolotl's ``tf32: false`` is set (not "left empty"): TF32 only changes fp32 matmuls, and
    this run is bf16 (``bf16: auto``). ``sample_packing`` / ``pad_to_sequence_len`` make every
    row a full ``sequence_len``, which is what the estimate assumes; English and zh_CN."""
    from gpupicker.ui.i18n.core_messages import tr_message

    job = read_job_file(JOBS / "axolotl-llama3-qlora.yml", lookup)
    unused = dict(job.unused)
    assert str(unused["tf32"]) == (
        "TF32 applies to fp32 matmuls only; this bf16 run's matmuls are timed at the bf16 rate, "
        "so the estimate does not change"
    )
    full = (
        "the estimate assumes every row is a full seq_len of tokens, which packing (or padding "
        "to seq_len) makes true"
    )
    assert str(unused["sample_packing"]) == str(unused["pad_to_sequence_len"]) == full
    assert (
        tr_message(unused["tf32"])
        == "TF32 只作用于 fp32 矩阵乘；本次 BF16 运行的矩阵乘按 BF16 速率计时，因此估算不变"
    )
    assert tr_message(unused["sample_packing"]).startswith("估算假定每一行都是满 seq_len 个 token")
    unpacked = read_job_text(
        "base_model: NousResearch/Meta-Llama-3-8B\nadapter: lora\nsequence_len: 512\n"
        "sample_packing: false\ntf32: true\nstrict: false\nflash_attention: false\n",
        lookup,
    )
    why = dict(unpacked.unused)
    assert str(why["sample_packing"]).startswith(
        "off: the estimate still assumes full rows of seq_len tokens"
    )
    assert str(why["strict"]) == "does not change memory or speed"  # a no-effect key, false
    # no bf16/fp16 named: an fp32 run, whose TF32 rate is not modelled (named as a warning)
    assert str(why["tf32"]) == "not modelled by gpupicker"
    assert any("tf32 = True is not modelled" in str(w) for w in unpacked.warnings)
