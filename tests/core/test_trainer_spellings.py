"""Workloads written from Unsloth notebooks and Hugging Face / TRL trainer arguments, in those
tools' own spellings: read into the fields they mean, or refused when they disagree."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from gpupicker.core.workload import Workload

ALL7 = ["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"]


def test_unsloth_llama_alpaca_notebook_is_qlora_on_nf4() -> None:
    """unslothai/notebooks nb/Llama3.1_(8B)-Alpaca.ipynb: ``from_pretrained(max_seq_length=2048,
    load_in_4bit=True)``, ``get_peft_model(r=16, use_gradient_checkpointing="unsloth")``,
    ``SFTConfig(per_device_train_batch_size=2, optim="adamw_8bit")``."""
    w = Workload.model_validate(
        {
            "task": "lora",
            "model_id": "llama3_1_8b",
            "framework": "unsloth",
            "max_seq_length": 2048,
            "load_in_4bit": True,
            "lora": {
                "r": 16,
                "target_modules": ALL7,
                "lora_alpha": 16,
                "use_gradient_checkpointing": "unsloth",
            },
            "per_device_train_batch_size": 2,
            "optim": "adamw_8bit",
        }
    )
    assert (w.task, w.weights_dtype, w.seq_len, w.batch, w.optimizer) == (
        "qlora",
        "nf4",
        2048,
        2,
        "adamw8bit",
    )
    assert (w.grad_ckpt, w.grad_ckpt_offload) == (True, True)  # "unsloth": inputs kept in host RAM


def test_unsloth_finetune_flags_are_the_language_models_projections() -> None:
    """nb/Gemma3_(4B).ipynb: ``FastModel.get_peft_model(finetune_vision_layers=False,
    finetune_language_layers=True, finetune_attention_modules=True, finetune_mlp_modules=True)``."""
    flags = {
        "finetune_vision_layers": False,
        "finetune_language_layers": True,
        "finetune_attention_modules": True,
    }
    data = {"task": "lora", "model_id": "gemma3_4b", "lora": {**flags, "finetune_mlp_modules": False, "r": 8}}
    assert Workload.model_validate(data).lora.targets == ("q_proj", "k_proj", "v_proj", "o_proj")  # type: ignore[union-attr]
    assert Workload.unknown_fields(data) == []
    vision = {"task": "lora", "model_id": "gemma3_4b", "lora": {**flags, "finetune_vision_layers": True}}
    assert "lora.finetune_vision_layers" in Workload.unknown_fields(vision)  # vision adapters: named


def test_load_in_8bit_inference_and_a_false_flag() -> None:
    w = Workload.model_validate(
        {"task": "inference", "model_id": "qwen3_8b", "load_in_8bit": True, "load_in_4bit": False}
    )
    assert w.weights_dtype == "int8"


@pytest.mark.parametrize(
    "bad",
    [
        {"task": "full_ft", "load_in_4bit": True},
        {"task": "lora", "full_finetuning": True},
        {"task": "lora", "optim": "adamw_8bit", "optimizer": "sgd"},
        {"task": "lora", "max_seq_length": 2048, "seq_len": 4096},
        {"task": "qlora", "load_in_4bit": True, "weights_dtype": "int8"},
    ],
)
def test_a_trainer_spelling_that_disagrees_is_refused(bad: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        Workload.model_validate({"model_id": "llama3_1_8b", **bad})
