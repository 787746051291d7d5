"""Each task's implied and starting values, and what a task switch keeps (core/tasks/defaults.py)."""

from __future__ import annotations

import pytest

from gpupicker.core.model_arch import ModelArch
from gpupicker.core.tasks import Task
from gpupicker.core.tasks.defaults import (
    IMPLIED,
    KEPT_ON_TASK_SWITCH,
    STARTING,
    implied_fields,
    model_kind_for,
    task_start_fields,
)
from gpupicker.core.workload import Workload

LLM = ModelArch.model_validate({"params": 7_000_000_000})


def test_every_task_has_starting_values_that_include_its_implied_ones():
    assert set(STARTING) == set(Task.__args__)
    for task, implied in IMPLIED.items():
        for name, value in implied.items():
            assert STARTING[task][name] == value, (task, name)


@pytest.mark.parametrize("task", sorted(STARTING))
def test_a_task_started_in_the_window_is_a_valid_workload_of_that_task(task):
    fields = task_start_fields(task)
    w = Workload.model_validate(
        {**fields, "params": 7_000_000_000}
        if model_kind_for(task) == "llm"
        else {**fields, "model_id": "sdxl_base"}
    )
    assert w.task == task
    for name, value in STARTING[task].items():
        got = getattr(w, name)
        assert got is not None if isinstance(value, dict) else got == value, (task, name)


def test_a_workload_file_without_the_fields_gets_the_tasks_implied_values():
    """QLoRA: NF4 and peft's k-bit recipe (checkpointing on, fp32 casts) unless grad_ckpt is
    given; full fine-tuning: bf16; LoRA: an adapter — the same values the window starts with."""
    q = Workload.model_validate({"task": "qlora", "model": LLM})
    assert (q.weights_dtype, q.grad_ckpt, q.prepare_kbit, q.lora.r) == ("nf4", True, True, 16)
    explicit = Workload.model_validate({"task": "qlora", "model": LLM, "grad_ckpt": False})
    assert (explicit.grad_ckpt, explicit.prepare_kbit) == (False, False)
    assert Workload.model_validate({"task": "full_ft", "model": LLM}).weights_dtype == "bf16"
    assert Workload.model_validate({"task": "lora", "model": LLM, "lora": None}).lora.r == 16
    assert implied_fields({"task": "qlora", "weights_dtype": "int4"}) == {
        "lora": {},
        "grad_ckpt": True,
        "prepare_kbit": True,
    }
    assert implied_fields({"task": "inference"}) == {} and implied_fields({}) == {}


def test_a_task_switch_keeps_only_the_model_money_currency_and_region():
    """The leftovers that made a new task "Cannot estimate": a pre-training's 4 × A100 for
    72 h, its DeepSpeed and its serving-free settings carried into inference."""
    old = Workload.model_validate(
        {
            "task": "pretrain",
            "model": LLM,
            "model_id": "custom",
            "gpu": "a100_sxm_80gb",
            "num_gpus": 4,
            "train_hours": 72.0,
            "deadline_hours": 96.0,
            "framework": "deepspeed",
            "dataset_tokens": 1e9,
            "batch": 16,
            "seq_len": 8192,
            "pricing": "spot",
            "parallelism": {"zero_stage": 3},
            "budget_usd": 500.0,
            "max_usd_per_hour": 9.5,
            "currency": "usd",  # the one currency a workload takes, in a spelling it normalises
            "region": "CN",
        }
    )
    new = Workload.model_validate(task_start_fields("inference", keep=old))
    assert new.model is old.model and new.model_id == "custom"
    assert (new.budget_usd, new.max_usd_per_hour, new.currency, new.region) == (500.0, 9.5, "USD", "CN")
    fresh = Workload.model_validate({"task": "inference", "model": LLM})
    for name in (
        "gpu",
        "num_gpus",
        "train_hours",
        "deadline_hours",
        "dataset_tokens",
        "pricing",
        "parallelism",
        "seq_len",
    ):
        assert getattr(new, name) == getattr(fresh, name), name
    assert (new.framework, new.batch, new.prompt_len, new.new_tokens) == ("transformers", 1, 1024, 512)
    assert set(KEPT_ON_TASK_SWITCH) == {
        "model",
        "model_id",
        "params",
        "budget_usd",
        "max_usd_per_hour",
        "currency",
        "region",
    }


def test_a_switch_to_a_task_of_the_other_model_kind_leaves_the_model_to_the_caller():
    old = Workload.model_validate({"task": "lora", "model": LLM, "model_id": "m", "budget_usd": 40.0})
    fields = task_start_fields("image_gen", keep=old)
    assert "model" not in fields and "model_id" not in fields
    assert fields["budget_usd"] == 40.0 and fields["framework"] == "diffusers"


def test_an_unknown_task_is_refused_with_the_list():
    with pytest.raises(ValueError, match="unknown task 'chat'; use one of: inference"):
        task_start_fields("chat")
