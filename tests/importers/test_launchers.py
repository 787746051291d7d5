"""torchtitan TOML train configs, TGI launcher lines (also inside ``docker run``), shell variables
set on lines of their own, Ollama cloud and natively-MXFP4 tags, and mlx_lm's default model:
each read as the engine's own docs and sources say."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpupicker.core.workload import Workload
from gpupicker.importers.job_model import JobReadError
from gpupicker.importers.jobs import read_job_file, read_job_text
from tests.importers.test_public_recipes import HERE, lookup  # noqa: F401  (the fixture)

FILES = HERE / "files"


def _read(name: str, lookup):  # noqa: F811
    return read_job_file(FILES / name, lookup)


def test_torchtitan_llama3_70b_preset(lookup):  # noqa: F811
    """torchtitan's llama3_70b.toml (commit 238fa99): Llama-3.1-70B from hf_assets_path, FSDP
    over every rank (data_parallel_shard_degree = -1) with TP 8, local batch 8 of 8,192 tokens,
    full activation checkpointing, AdamW; pre-training."""
    job = _read("pytorch_torchtitan_llama3_train_configs_llama3_70b.toml", lookup)
    w = Workload.model_validate(job.workload)
    assert (w.model_id, w.task, w.framework) == ("llama3_1_70b", "pretrain", "torchtitan")
    assert (w.parallelism.fsdp, w.parallelism.tensor_parallel, w.num_gpus) == (True, 8, 8)
    assert (w.batch, w.seq_len, w.grad_ckpt, w.optimizer) == (8, 8192, True, "adamw")


def test_torchtitan_selective_checkpointing_and_float8_are_named(lookup):  # noqa: F811
    """Selective activation checkpointing (between none and full) and the float8 converter are
    named as not modelled, never read as full checkpointing or bf16."""
    job = _read("pytorch_torchtitan_llama3_train_configs_llama3_405b.toml", lookup)
    named = {k for k, why in job.unused if why.id == "job.unused.not_modelled"}
    assert {"model.converters", "training.steps"} <= named
    job8 = _read("pytorch_torchtitan_llama3_train_configs_llama3_8b.toml", lookup)
    assert ("activation_checkpoint.mode", "not modelled by gpupicker") in [
        (k, str(w)) for k, w in job8.unused
    ]
    assert "grad_ckpt" not in job8.workload


def test_a_torchtitan_model_the_catalog_lacks_is_refused_naming_the_key(lookup):  # noqa: F811
    text = (
        '[model]\nname = "llama3"\nflavor = "debugmodel"\nhf_assets_path = "./tests/assets/tokenizer"\n'
        "[training]\nseq_len = 2048\n"
    )
    with pytest.raises(JobReadError) as exc:
        read_job_text(text, lookup)
    assert str(exc.value).startswith("model.hf_assets_path:")


def test_tgi_launcher_line(lookup):  # noqa: F811
    """TGI quantization.md: falcon-40b GPTQ on 2 shards (tensor parallel 2), 4-bit GPTQ."""
    w = Workload.model_validate(_read("huggingface_tgi_quantization_66.sh", lookup).workload)
    assert (w.model_id, w.framework, w.num_gpus, w.parallelism.tensor_parallel) == ("falcon_40b", "tgi", 2, 2)
    assert (w.weights_dtype, w.quant_method) == ("int4", "gptq")


def test_tgi_docker_run_with_the_model_in_a_shell_variable(lookup):  # noqa: F811
    """gated_model_access.md: ``model=meta-llama/Llama-2-7b-chat-hf`` then ``docker run …
    ghcr.io/huggingface/text-generation-inference:3.3.5 --model-id $model``; docker's own flags
    are not the launcher's."""
    job = _read("huggingface_tgi_gated_model_access_14.sh", lookup)
    assert (job.workload["model_id"], job.workload["framework"]) == ("llama2_7b", "tgi")
    assert not job.warnings


def test_tgi_flags_are_read_or_named(lookup):  # noqa: F811
    line = (
        "text-generation-launcher --model-id meta-llama/Llama-2-7b-chat-hf --num-shard 4 "
        "--max-total-tokens 8192 --max-batch-prefill-tokens 4096 --quantize exl2 --speculate 2 --bogus-flag 1"
    )
    job = read_job_text(line, lookup)
    assert (
        job.workload["num_gpus"],
        job.workload["max_model_len"],
        job.workload["max_num_batched_tokens"],
    ) == (
        4,
        8192,
        4096,
    )
    why = {k: w.id for k, w in job.unused}
    assert why["--quantize"] == why["--speculate"] == "job.unused.not_modelled"
    assert why["--bogus-flag"] == "job.unused.unknown_flag"


def test_ollama_cloud_and_native_mxfp4(lookup):  # noqa: F811
    """``gpt-oss:120b-cloud`` runs on Ollama's service (docs/cloud.mdx): named. Ollama keeps
    gpt-oss's released MXFP4 experts (convert/convert_gptoss.go), so no Q4_K_M default."""
    job = _read("ollama_docs_cloud_28.sh", lookup)
    assert ("model", "not modelled by gpupicker") in [(k, str(w)) for k, w in job.unused]
    assert Workload.model_validate(job.workload).weights_dtype == "mxfp4"
    assert not any("Q4_K_M" in str(w) for w in job.warnings)


def test_mlx_generate_without_a_model_loads_mlx_lms_default(lookup):  # noqa: F811
    """mlx_lm/generate.py DEFAULT_MODEL: mlx-community/Llama-3.2-3B-Instruct-4bit."""
    job = read_job_text('mlx_lm.generate --prompt "How tall is Mt Everest?"', lookup)
    assert (job.workload["model_id"], job.workload["weights_dtype"]) == ("llama3_2_3b", "q4_0")


def test_a_variable_set_from_another_is_left_as_written(lookup, tmp_path: Path):  # noqa: F811
    f = tmp_path / "run.sh"
    f.write_text("volume=$PWD/data\nvllm serve Qwen/Qwen3-8B --download-dir $volume\n", encoding="utf-8")
    job = read_job_file(f, lookup)
    assert job.workload["model_id"] == "qwen3_8b"


def test_sglang_speculative_flags_argparse_prefix_and_a_draft_not_in_the_catalog(lookup):  # noqa: F811
    """SGLang's Qwen3-Next page: ``--speculative-algo NEXTN`` (argparse takes the unambiguous
    prefix of ``--speculative-algorithm``) with 3 steps, top-k 1 and 4 draft tokens (a chain);
    its Llama 4 page: an EAGLE3 head the catalog does not hold, named, the head sized as one
    decoder layer of the target."""
    job = _read("sglang_docs_basic_usage_qwen3_2.sh", lookup)
    w = Workload.model_validate(job.workload)
    assert (w.speculative.method, w.speculative.tokens) == ("mtp", 3)  # type: ignore[union-attr]
    assert not job.warnings
    eagle = _read("sglang_docs_basic_usage_llama4_2.sh", lookup)
    spec = Workload.model_validate(eagle.workload).speculative
    assert (spec.method, spec.draft_model) == ("eagle", None)  # type: ignore[union-attr]
    assert any("--speculative-draft-model-path" in str(m) for m in eagle.warnings)


def test_vllm_expert_parallel_guide_with_comments_after_the_continuations(lookup):  # noqa: F811
    """vLLM's expert-parallel guide writes ``--data-parallel-size 8 \\   # Data parallelism``:
    the comments are dropped, the lines joined; DeepSeek-V3-0324 is DeepSeek-V3's updated
    weights (same architecture); EP = TP × DP = 8 on 8 GPUs."""
    job = _read("vllm_docs_serving_expert_parallel_single_node.sh", lookup)
    w = Workload.model_validate(job.workload)
    assert (w.model_id, w.num_gpus, w.parallelism.data_parallel, w.parallelism.expert_parallel) == (
        "deepseek_v3",
        8,
        8,
        8,
    )
    assert [k for k, why in job.unused if why.id == "job.unused.not_modelled"] == ["--all2all-backend"]


def test_a_hash_inside_quotes_is_not_a_comment(lookup, tmp_path: Path):  # noqa: F811
    f = tmp_path / "run.sh"
    f.write_text(
        "vllm serve Qwen/Qwen3-8B --chat-template '{# a jinja comment #}' --max-model-len 4096\n",
        encoding="utf-8",
    )
    assert read_job_file(f, lookup).workload["max_model_len"] == 4096


def test_trl_preference_and_rl_trainers_are_costed_as_sft_with_the_stage_named(lookup):  # noqa: F811
    """TRL's CLI docs (clis.md): ``trl dpo`` reads its TrainingArguments flags as ``trl sft``
    does, with a warning that the reference model is not counted."""
    job = _read("trl_docs_clis_dpo_42.sh", lookup)
    assert (job.workload["model_id"], job.workload["framework"]) == ("qwen2_5_0_5b", "trl")
    assert [w.id for w in job.warnings] == ["job.warning.stage"]
    assert not _read("trl_docs_clis_sft_33.sh", lookup).warnings


def _leaves(d: dict[str, object], prefix: str = "") -> set[str]:
    out: set[str] = set()
    for k, v in d.items():
        out |= _leaves(v, f"{prefix}{k}.") if isinstance(v, dict) and v else {f"{prefix}{k}"}
    return out


@pytest.mark.parametrize("path", sorted(FILES.glob("pytorch_torchtitan_*.toml")), ids=lambda p: p.stem)
def test_no_torchtitan_key_is_dropped(path: Path, lookup) -> None:  # noqa: F811
    """Every key of every table of a torchtitan config is read or named as not used."""
    import tomllib

    job = read_job_file(path, lookup)
    accounted = {k for k, _ in job.read} | {k for k, _ in job.unused}
    assert _leaves(tomllib.loads(path.read_text(encoding="utf-8"))) <= accounted
