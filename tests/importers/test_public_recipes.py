"""Public recipes as their authors wrote them: each is accepted, or accepted with the keys it
does not model named, or refused with a message naming the key — never read with a key dropped.

The corpus (``data/public_recipes/index.json``) holds axolotl, LLaMA-Factory, torchtune and
torchtitan example configs, vLLM / vLLM-Ascend / SGLang / llama.cpp / Ollama / TGI / MLX LM
command lines from the engines' docs, vllm-project/recipes and Qwen's docs, TRL and ms-swift
training commands, each copied verbatim into ``files/`` with its repository, path and commit,
and workloads written from those sources' own words (peft ``LoraConfig`` keys,
``TrainingArguments.optim`` names, engine spellings). A recipe that names a model the catalog
does not hold is refused naming the key that names it; any other refusal is a spelling
gpupicker does not read.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, get_args

import pytest
import yaml
from pydantic import ValidationError

from gpupicker.core.workload import Optimizer, Workload
from gpupicker.core.workload.spellings import OPTIMIZERS
from gpupicker.importers.job_lookup import catalog_lookup
from gpupicker.importers.job_model import JobRead, JobReadError
from gpupicker.importers.jobs import read_job_file
from tests.support.paths import DATA as CATALOG_DATA

HERE = Path(__file__).parent / "data" / "public_recipes"
CORPUS: list[dict[str, Any]] = json.loads((HERE / "index.json").read_text(encoding="utf-8"))["recipes"]

NAMED_IDS = ("job.unused.not_modelled", "job.unused.unknown_flag")
"""The reasons a job read gives for a key that changes the job in a way the estimate does not
reflect (each also a warning)."""


@pytest.fixture(scope="module")
def lookup():
    import csv

    with (CATALOG_DATA / "models.csv").open(encoding="utf-8") as f:
        rows = [(r["id"], r["name"], r.get("hf_repo") or "") for r in csv.DictReader(f)]
    return catalog_lookup(rows)


def _named(job: JobRead) -> list[str]:
    """Keys a job read names as not reflected in the estimate, and workload keys no field reads."""
    keys = {k for k, why in job.unused if getattr(why, "id", "") in NAMED_IDS}
    return sorted(keys | set(Workload.unknown_fields(job.workload)))


def test_the_corpus_is_public_and_wide():
    """At least 80 recipes, each with its source: a repository, path and commit, or a URL."""
    assert len(CORPUS) >= 80
    repos = {r["source"]["repo"] for r in CORPUS if "repo" in r["source"]}
    assert len(repos) >= 8
    for r in CORPUS:
        src = r["source"]
        assert src.get("url", "").startswith("https://") or (len(src["commit"]) == 40 and src["path"]), r[
            "id"
        ]
        assert ("file" in r) != ("workload" in r), r["id"]


@pytest.mark.parametrize("recipe", [r for r in CORPUS if "file" in r], ids=lambda r: r["id"])
def test_job_read_of_a_public_recipe(recipe, lookup):
    """``job read`` of the recipe's own file gives the recorded outcome and names the same keys."""
    path = HERE / "files" / recipe["file"]
    if recipe["outcome"] == "refused":
        with pytest.raises(JobReadError) as exc:
            read_job_file(path, lookup)
        if recipe["refused_naming"] is None:  # a kind of file gpupicker does not read
            assert exc.value.message.id == "job.unknown_kind"
        else:
            assert str(exc.value).startswith(recipe["refused_naming"] + ":")
        assert (exc.value.message.id == "job.unknown_model") == recipe["model_not_in_catalog"]
        return
    job = read_job_file(path, lookup)
    Workload.model_validate(job.workload)
    assert _named(job) == recipe["named"]
    assert bool(job.warnings) == (recipe["outcome"] == "warned")
    for key in {k for k, why in job.unused if getattr(why, "id", "") in NAMED_IDS}:
        assert any(key in str(w) for w in job.warnings), key  # every such key is in a warning


@pytest.mark.parametrize(
    "recipe",
    [
        r
        for r in CORPUS
        if "file" in r and r["file"].endswith((".yml", ".yaml")) and r["outcome"] != "refused"
    ],
    ids=lambda r: r["id"],
)
def test_no_config_key_is_dropped(recipe, lookup):
    """Every key of a config, and of its FSDP and torchtune sections, is read or named as not used."""
    path = HERE / "files" / recipe["file"]
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    job = read_job_file(path, lookup)
    accounted = {k for k, _ in job.read} | {k for k, _ in job.unused}
    assert set(map(str, data)) <= accounted
    for section in ("fsdp_config", "optimizer"):
        nested = data.get(section)
        if isinstance(nested, dict) and nested:
            assert {f"{section}.{k}" for k in nested if k != "_component_"} <= accounted, section


@pytest.mark.parametrize("recipe", [r for r in CORPUS if "workload" in r], ids=lambda r: r["id"])
def test_workload_written_from_a_recipe(recipe):
    """A workload written in the source's own spellings gives the recorded outcome."""
    if recipe["outcome"] == "refused":
        with pytest.raises(ValidationError) as exc:
            Workload.model_validate(recipe["workload"])
        assert exc.value.errors()[0]["loc"][0] == recipe["refused_naming"]
        return
    Workload.model_validate(recipe["workload"])
    assert Workload.unknown_fields(recipe["workload"]) == recipe["named"]


def test_refused_as_written_share():
    """At most 2 % of the public recipes are refused for a spelling or field; the rest of the
    refusals name a model the catalog does not hold (the catalog's gap, named in the message).
    Before these readers: 116 of 288 refused, 45 of them for a spelling or a command gpupicker
    did not read (torchtitan TOML, TGI launcher lines, trl dpo / grpo among them); now 47, 2 of them for a
    spelling (LLaMA-Factory's GaLore optimizer, an MLX LM LoRA training config)."""
    refused = [r for r in CORPUS if r["outcome"] == "refused"]
    by_spelling = [r for r in refused if not r.get("model_not_in_catalog")]
    assert len(by_spelling) / len(CORPUS) <= 0.02, [r["id"] for r in by_spelling]
    before = [r for r in CORPUS if r["before"].startswith("refused")]
    assert (len(before), len(refused), len(by_spelling)) == (116, 47, 2)


def test_optimizer_names_are_the_literal():
    """The refusal's list of optimizers is the field's own."""
    assert set(OPTIMIZERS) == set(get_args(Optimizer))


DEEPSPEED_COMMIT = "ff6d4d12eeb035d6ce06805a5733dd7b29f2ac30"
"""hiyouga/LLaMA-Factory ``examples/deepspeed/*.json`` at this commit, copied verbatim."""


@pytest.mark.parametrize(
    ("name", "stage", "offload", "tp"),
    [
        ("ds_z0_config.json", 0, False, None),
        ("ds_z2_config.json", 2, False, None),
        ("ds_z2_offload_config.json", 2, True, None),
        ("ds_z3_config.json", 3, False, None),
        ("ds_z3_offload_config.json", 3, True, None),
        ("ds_z3_fp8_config.json", 3, True, None),
        ("ds_z2_autotp_config.json", 2, False, 2),
    ],
)
def test_deepspeed_configs_of_a_recipe_are_read_key_by_key(name, stage, offload, tp, lookup, tmp_path):
    """A LLaMA-Factory YAML naming one of LLaMA-Factory's own DeepSpeed configs: the ZeRO stage,
    offload and AutoTP size are read, and every key of the JSON is accounted for."""
    (tmp_path / name).write_bytes((HERE / "files" / "deepspeed" / name).read_bytes())
    job_file = tmp_path / "job.yaml"
    job_file.write_text(
        f"model_name_or_path: Qwen/Qwen3-8B\nstage: sft\nfinetuning_type: lora\ndeepspeed: {name}\n",
        encoding="utf-8",
    )
    job = read_job_file(job_file, lookup)
    w = Workload.model_validate(job.workload)
    assert (w.parallelism.zero_stage, w.parallelism.cpu_offload) == (stage, offload)
    assert w.parallelism.tensor_parallel == (tp or 1)
    assert not [k for k, why in job.unused if k.startswith("deepspeed:")]  # all known keys


def test_a_deepspeed_key_gpupicker_does_not_model_is_named(lookup, tmp_path):
    """ZeRO++ hierarchical partitioning changes what each GPU holds: named, not dropped."""
    (tmp_path / "ds.json").write_text(
        json.dumps({"zero_optimization": {"stage": 3, "zero_hpz_partition_size": 8}}), encoding="utf-8"
    )
    job_file = tmp_path / "job.yaml"
    job_file.write_text(
        "model_name_or_path: Qwen/Qwen3-8B\nfinetuning_type: full\ndeepspeed: ds.json\n", encoding="utf-8"
    )
    job = read_job_file(job_file, lookup)
    assert ("deepspeed: zero_optimization.zero_hpz_partition_size", "not modelled by gpupicker") in [
        (k, str(w)) for k, w in job.unused
    ]
    assert any("zero_hpz_partition_size" in str(w) for w in job.warnings)


def test_training_and_mlx_command_lines_set_what_they_say(lookup):
    """ms-swift's base_to_chat/lora.sh: 2 GPUs (NPROC_PER_NODE), ZeRO-2, LoRA r 8 on all-linear,
    2,048 tokens; TRL's LoRA-without-regret command: r 256; an mlx-community -4bit checkpoint:
    4.5 bits per weight (Q4_0's size)."""
    swift = read_job_file(HERE / "files" / "swift_examples_train_base_to_chat_lora.sh", lookup).workload
    assert (swift["num_gpus"], swift["parallelism"], swift["seq_len"]) == (2, {"zero_stage": 2}, 2048)
    assert (swift["task"], swift["framework"], swift["lora"]["r"], len(swift["lora"]["targets"])) == (
        "lora",
        "ms-swift",
        8,
        7,
    )
    trl = read_job_file(HERE / "files" / "trl_lora_without_regret_3.sh", lookup).workload
    assert (trl["model_id"], trl["task"], trl["lora"]["r"], trl["framework"]) == (
        "qwen2_5_3b",
        "lora",
        256,
        "trl",
    )
    mlx = read_job_file(HERE / "files" / "hf_mlx-community_DeepSeek-V4-Flash-4bit_server.sh", lookup).workload
    assert (mlx["model_id"], mlx["framework"], mlx["weights_dtype"]) == (
        "deepseek_v4_flash",
        "mlx-lm",
        "q4_0",
    )
