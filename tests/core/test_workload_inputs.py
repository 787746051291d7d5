"""Inputs users write in public recipes: accepted and mapped to what gpupicker models, or
named in a warning, or refused with the known names — never dropped."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, ValidationError

from gpupicker.core.checks import input_warnings
from gpupicker.core.dora import dora_extra_bytes_per_step, dora_magnitude_params
from gpupicker.core.dtypes import bytes_per_weight
from gpupicker.core.memory.training_states import lora_trainable_params
from gpupicker.core.model_arch import ModelArch
from gpupicker.core.stacks.frameworks import framework_row
from gpupicker.core.workload import LoraConfig, Workload, nested_models

# Llama-3.2-1B config.json (h200.jsonl cases)
LLAMA_1B = {
    "hidden_size": 2048,
    "intermediate_size": 8192,
    "num_hidden_layers": 16,
    "num_attention_heads": 32,
    "num_key_value_heads": 8,
    "vocab_size": 128256,
    "tie_word_embeddings": True,
    "model_type": "llama",
    "head_dim": 64,
}
ALL7 = ["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"]


def _w(**kw: object) -> Workload:
    return Workload.model_validate({"task": "lora", "model": LLAMA_1B, **kw})


@pytest.mark.parametrize(
    ("name", "modelled"),
    [
        ("adamw_torch", "adamw"),
        ("adamw_torch_fused", "adamw"),
        ("adamw_hf", "adamw"),
        ("paged_adamw_8bit", "paged_adamw8bit"),
        ("adamw_bnb_8bit", "adamw8bit"),
        ("adamw_8bit", "adamw8bit"),
        ("paged_adamw_32bit", "adamw"),
        ("lion_32bit", "lion"),
        ("adafactor", "adafactor"),
    ],
)
def test_hf_optim_names_map_to_the_modelled_optimizer(name: str, modelled: str) -> None:
    # transformers TrainingArguments.optim values (OptimizerNames), as recipes write them
    assert _w(optimizer=name).optimizer == modelled


def test_an_optimizer_whose_states_are_not_modelled_is_refused_with_the_known_names() -> None:
    with pytest.raises(ValidationError, match="adamw8bit"):
        _w(optimizer="adamw_torch_4bit")


def test_peft_targets_with_module_paths_are_the_last_name() -> None:
    w = _w(lora={"targets": ["self_attn.q_proj", "model.layers.0.mlp.up_proj", "v_proj"]})
    assert w.lora is not None and w.lora.targets == ("q_proj", "up_proj", "v_proj")


@pytest.mark.parametrize(
    ("name", "bytes_"), [("4.0bpw", 0.5), ("2.55bpw", 2.55 / 8), ("exl2_6.5bpw", 6.5 / 8)]
)
def test_exl2_bits_per_weight(name: str, bytes_: float) -> None:
    w = Workload.model_validate(
        {"task": "inference", "model": LLAMA_1B, "weights_dtype": name, "framework": "exllamav2"}
    )
    assert bytes_per_weight(w.weights_dtype) == pytest.approx(bytes_)


def test_exl2_outside_what_exllamav2_converts_is_refused() -> None:
    with pytest.raises(ValidationError, match="2–8"):
        Workload.model_validate({"task": "inference", "model": LLAMA_1B, "weights_dtype": "9bpw"})


def test_frameworks_of_public_recipes() -> None:
    assert framework_row("lm-studio").speed == "llama.cpp"  # LM Studio's GGUF runtime
    assert framework_row("lmstudio").memory == "gguf"
    for name in ("mlx", "mlx-lm", "olmo-core"):
        w = Workload.model_validate(
            {"task": "pretrain" if name == "olmo-core" else "inference", "model": LLAMA_1B, "framework": name}
        )
        assert input_warnings(w), name  # costed with a stand-in profile: said on every estimate


@pytest.mark.parametrize("mode", ["offload", "unsloth"])
def test_grad_ckpt_offload_is_checkpointing_with_a_warning(mode: str) -> None:
    w = _w(grad_ckpt=mode)
    assert w.grad_ckpt and w.grad_ckpt_offload
    assert any("host RAM" in str(m) for m in input_warnings(w))


def test_an_unknown_grad_ckpt_string_is_refused() -> None:
    with pytest.raises(ValidationError, match="offload"):
        _w(grad_ckpt="sometimes")


def test_flex_attention_takes_the_fused_kernel_memory_model() -> None:
    assert _w(attention="flex").attention == "flash"
    assert _w(attention="flex_attention").attention == "flash"


def test_dora_adds_one_magnitude_per_output_feature() -> None:
    arch = ModelArch.model_validate(LLAMA_1B)
    lora = LoraConfig(r=16, targets=tuple(ALL7))
    assert lora_trainable_params(arch, lora) == 11_272_192  # peft, h200.jsonl LoRA cases
    dora = lora.model_copy(update={"use_dora": True})
    # peft lora_magnitude_vector: out_features per adapted Linear, 16 layers
    per_layer = 2048 + 512 + 512 + 2048 + 8192 + 8192 + 2048
    assert dora_magnitude_params(arch, dora) == 16 * per_layer
    assert lora_trainable_params(arch, dora) == 11_272_192 + 16 * per_layer
    # the weight norm re-forms every adapted weight once per forward (twice with checkpointing)
    one = dora_extra_bytes_per_step(arch, dora, 2.0, grad_ckpt=False)
    assert dora_extra_bytes_per_step(arch, dora, 2.0, grad_ckpt=True) == pytest.approx(2 * one)
    assert dora_extra_bytes_per_step(arch, lora, 2.0, grad_ckpt=False) == 0.0


def test_expert_parallel_and_a_disagreeing_training_dp_are_named() -> None:
    w = Workload.model_validate(
        {"task": "inference", "model": LLAMA_1B, "num_gpus": 2, "parallelism": {"expert_parallel": 2}}
    )
    assert "expert_parallel = 2" in " ".join(str(m) for m in input_warnings(w))
    t = Workload.model_validate(
        {"task": "pretrain", "model": LLAMA_1B, "num_gpus": 8, "parallelism": {"data_parallel": 8}}
    )
    assert input_warnings(t) == []  # training: data parallel over all 8 GPUs is what is costed
    bad = t.model_copy(update={"parallelism": t.parallelism.model_copy(update={"data_parallel": 4})})
    assert "num_gpus / (tensor × pipeline parallel) = 8" in str(input_warnings(bad)[0])


def test_data_parallel_serving_is_replicas(repo) -> None:
    """vLLM --data-parallel-size 2 on 2 GPUs: each replica one GPU with half the sequences;
    per-GPU memory and per-sequence speed are one replica's, batch throughput twice it."""
    from gpupicker.core.report.estimate import estimate_report
    from gpupicker.service.resolve import resolve_gpu, resolve_model

    base = {
        "task": "inference",
        "model_id": "llama3_1_8b",
        "framework": "vllm",
        "prompt_len": 512,
        "new_tokens": 256,
    }
    gpu = resolve_gpu("h100_sxm", repo)
    one = resolve_model(Workload.model_validate({**base, "batch": 16}), repo)
    two = resolve_model(
        Workload.model_validate({**base, "batch": 32, "num_gpus": 2, "parallelism": {"data_parallel": 2}}),
        repo,
    )
    r1, r2 = estimate_report(one, gpu), estimate_report(two, gpu)
    assert r2["total_bytes"] == r1["total_bytes"] and r2["num_gpus"] == 2
    assert r2["decode_tokens_per_s"] == r1["decode_tokens_per_s"]
    assert r2["output_tokens_per_s"] == pytest.approx(2 * r1["output_tokens_per_s"], rel=1e-3)
    with pytest.raises(ValueError, match="does not divide"):
        estimate_report(two.model_copy(update={"num_gpus": 3}), gpu)


def test_every_nested_model_names_an_unknown_key() -> None:
    nested = nested_models()
    assert {"lora", "parallelism", "model"} <= set(nested)
    for key, model in nested.items():
        assert issubclass(model, BaseModel)
        data = {
            "task": "lora",
            "model": dict(LLAMA_1B),
            key: {**(LLAMA_1B if key == "model" else {}), "zz_not_a_field": 1},
        }
        assert f"{key}.zz_not_a_field" in Workload.unknown_fields(data), key
    assert Workload.unknown_fields({"task": "lora", "zz_top": 1}) == ["zz_top"]


def test_config_json_keys_that_do_not_change_the_estimate_are_not_named() -> None:
    data = {
        "task": "inference",
        "model": {**LLAMA_1B, "rope_theta": 500000.0, "architectures": ["LlamaForCausalLM"], "n_layer": 16},
    }
    assert Workload.unknown_fields(data) == []
