"""The tasks' families: one table (core.tasks) that every comparison of task groups reads."""

from __future__ import annotations

import re
from typing import get_args

import pytest

from gpupicker.core.tasks import (
    ADAPTER_TASKS,
    FULL_TRAINING_TASKS,
    IMAGE_TASKS,
    TASK_FAMILIES,
    TEXT_INFERENCE_TASKS,
    TRAINING_TASKS,
    Task,
    tasks_in,
)
from gpupicker.core.workload import Workload
from tests.support.paths import REPO


def test_every_task_has_its_families():
    assert set(TASK_FAMILIES) == set(get_args(Task))
    assert all(TASK_FAMILIES.values())


def test_the_families():
    # peft LoRA / QLoRA train an adapter; full fine-tuning and pre-training every weight;
    # the diffusers tasks (image generation, DreamBooth-style LoRA) are sized by the diffusion model
    assert {"lora", "qlora"} == ADAPTER_TASKS
    assert {"full_ft", "pretrain"} == FULL_TRAINING_TASKS
    assert TRAINING_TASKS == ADAPTER_TASKS | FULL_TRAINING_TASKS
    assert {"image_gen", "diffusion_lora"} == IMAGE_TASKS
    assert {"inference", "decode_ceiling"} == TEXT_INFERENCE_TASKS
    assert not IMAGE_TASKS & (TRAINING_TASKS | TEXT_INFERENCE_TASKS)


def test_an_unknown_family_is_refused():
    with pytest.raises(KeyError, match="adaptor"):
        tasks_in("adaptor")


@pytest.mark.parametrize("task", get_args(Task))
def test_the_workload_reads_the_table(task):
    w = Workload(task=task, model_id="m", weights_dtype="nf4" if task == "qlora" else "bf16")
    assert w.is_training == (task in TRAINING_TASKS)
    assert w.is_adapter_training == (task in ADAPTER_TASKS)
    assert w.is_full_training == (task in FULL_TRAINING_TASKS)
    assert w.is_image == (task in IMAGE_TASKS)
    assert w.is_text_inference == (task in TEXT_INFERENCE_TASKS)


INLINE_GROUP = re.compile(r"""task\b[)\]"']*\s+(?:not\s+)?in\s+[(\[{]\s*["']""")
"""A task compared with a spelled-out tuple, list or set of tasks (``w.task in ("lora", "qlora")``)."""


def _inline() -> set[str]:
    return {
        p.relative_to(REPO).as_posix()
        for p in (REPO / "gpupicker").rglob("*.py")
        if INLINE_GROUP.search(p.read_text(encoding="utf-8"))
    }


def test_task_groups_are_not_spelled_inline():
    found = sorted(_inline())
    assert not found, f"use core.tasks (or Workload.is_*) for these task groups: {found}"


def test_the_guard_sees_an_inline_group():
    # the pattern must match the spellings it exists to refuse, also split over lines
    for text in ('w.task in ("lora", "qlora")', 'w.task not in {"full_ft"}', 'x.task in (\n    "inference",'):
        assert INLINE_GROUP.search(text), text
    assert not INLINE_GROUP.search("w.task in TRAINING_TASKS")
