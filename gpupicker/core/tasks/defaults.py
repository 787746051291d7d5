"""What each task starts from, in one place.

The values a workload of a task implies when a field is left out, the values the wizard
starts a task with, and what a task switch keeps.

Two tiers, both per task:

- :data:`IMPLIED` — what a workload *means* when it leaves a field out (``Workload``
  applies them for every caller: the CLI, workload files, the window). QLoRA stores the base
  in NF4 and runs peft's ``prepare_model_for_kbit_training`` with gradient checkpointing on
  (the QLoRA recipe of peft/TRL); full fine-tuning trains bf16 weights; LoRA and QLoRA get an
  adapter with peft's default settings. Everything else is ``Workload``'s field default:
  the validation cases in ``validation/`` rely on those, so they are not changed per
  task.
- :data:`STARTING` — what the wizard fills in when the user picks a task (a form shows every
  field, so it shows, and computes, exactly these): a typical job of that kind. They include
  :data:`IMPLIED`.

A task switch starts from the new task's :data:`STARTING` values and keeps only the fields
that mean the same for every task (:data:`KEPT_ON_TASK_SWITCH`: the model, the money limits,
the currency and the region). Everything else — preferred GPU and count, run length,
deadline, dataset size, engine or framework, serving load, pricing kind — belongs to the
old job: kept, it made a new task "Cannot estimate" (a pre-training's 4 × A100 for 72 h
and the image task's ``diffusers`` engine carried into inference, whose engine box showed
transformers).

No Qt, no catalog: plain field dicts that ``Workload.model_validate`` takes.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from . import IMAGE_TASKS

IMPLIED: Final[Mapping[str, Mapping[str, object]]] = MappingProxyType(
    {
        "qlora": MappingProxyType({"weights_dtype": "nf4", "lora": {}}),
        "lora": MappingProxyType({"lora": {}}),
        "full_ft": MappingProxyType({"weights_dtype": "bf16"}),
    }
)
"""Task → field values a workload of that task takes when the field is absent (``lora``:
also when it is null). QLoRA: an NF4 base (bitsandbytes 4-bit, Dettmers et al. 2023
"QLoRA"); LoRA/QLoRA: a peft ``LoraConfig`` with its defaults
(:class:`~gpupicker.core.workload.parts.LoraConfig`); full fine-tuning: bf16 weights (the dtype
the catalog's models ship in)."""

QLORA_KBIT_RECIPE: Final[Mapping[str, object]] = MappingProxyType({"grad_ckpt": True, "prepare_kbit": True})
"""A QLoRA workload that does not say ``grad_ckpt`` runs peft's
``prepare_model_for_kbit_training``: gradient checkpointing on (its
``use_gradient_checkpointing`` defaults to True) and the unquantized parameters cast to fp32
(``prepare_kbit``, unless the workload says otherwise)."""

STARTING: Final[Mapping[str, Mapping[str, object]]] = MappingProxyType(
    {
        "inference": MappingProxyType(
            {
                "weights_dtype": "bf16",
                "batch": 1,
                "prompt_len": 1024,
                "new_tokens": 512,
                "framework": "transformers",
            }
        ),
        "decode_ceiling": MappingProxyType(
            {
                "weights_dtype": "bf16",
                "batch": 1,
                "prompt_len": 1024,
                "new_tokens": 512,
                "framework": "transformers",
            }
        ),
        "lora": MappingProxyType(
            {
                "weights_dtype": "bf16",
                "batch": 4,
                "seq_len": 2048,
                "grad_ckpt": True,
                "optimizer": "adamw",
                "framework": "transformers",
                "lora": {},
            }
        ),
        "qlora": MappingProxyType(
            {
                "weights_dtype": "nf4",
                "batch": 4,
                "seq_len": 2048,
                "grad_ckpt": True,
                "optimizer": "adamw",
                "framework": "transformers",
                "prepare_kbit": True,
                "lora": {},
            }
        ),
        "full_ft": MappingProxyType(
            {
                "weights_dtype": "bf16",
                "batch": 4,
                "seq_len": 2048,
                "grad_ckpt": True,
                "optimizer": "adamw",
                "framework": "transformers",
            }
        ),
        "pretrain": MappingProxyType(
            {
                "weights_dtype": "bf16",
                "batch": 8,
                "seq_len": 4096,
                "grad_ckpt": True,
                "optimizer": "adamw",
                "framework": "transformers",
            }
        ),
        "image_gen": MappingProxyType(
            {"weights_dtype": "bf16", "batch": 1, "resolution": 1024, "steps": 30, "framework": "diffusers"}
        ),
        "diffusion_lora": MappingProxyType(
            {
                "weights_dtype": "bf16",
                "batch": 1,
                "resolution": 1024,
                "grad_ckpt": True,
                "images": 2000,
                "framework": "diffusers",
            }
        ),
    }
)
"""Task → the values the wizard starts that task with (every other field: ``Workload``'s
default). Conventions of the window, not measurements: a typical job of each kind that the
user then edits. Training: micro-batch 4 × 2048 tokens with gradient checkpointing,
pre-training 8 × 4096 tokens; inference: one request of 1024 prompt and 512 output tokens
with Hugging Face transformers; images: 1024 px (SDXL's native resolution, Podell et al.
2023) at 30 steps with diffusers; diffusion LoRA: 2000 training images at batch 1."""

KEPT_ON_TASK_SWITCH: Final = (
    "model",
    "model_id",
    "params",
    "budget_usd",
    "max_usd_per_hour",
    "currency",
    "region",
)
"""Fields that mean the same for every task and survive a task switch (the model only
when it is of the kind the new task needs: :func:`task_start_fields`)."""


def model_kind_for(task: str) -> str:
    """``"diffusion"`` for the image tasks, ``"llm"`` for every other task."""
    return "diffusion" if task in IMAGE_TASKS else "llm"


def implied_fields(data: Mapping[str, object]) -> dict[str, object]:
    """The fields the workload dict ``data`` implies for its task and leaves out.

    :data:`IMPLIED`, and :data:`QLORA_KBIT_RECIPE` for a QLoRA job without ``grad_ckpt``;
    empty when its ``task`` is missing or names no task with implied values.
    """
    task = data.get("task")
    if not isinstance(task, str):
        return {}
    out: dict[str, object] = {}
    for name, value in IMPLIED.get(task, MappingProxyType({})).items():
        absent = data.get(name) is None if name == "lora" else name not in data
        if absent:
            out[name] = dict(value) if isinstance(value, Mapping) else value
    if task == "qlora" and "grad_ckpt" not in data:
        out.update({k: v for k, v in QLORA_KBIT_RECIPE.items() if k not in data})
    return out


def task_start_fields(task: str, keep: object | None = None) -> dict[str, object]:
    """The field dict of a new ``task`` job.

    Its :data:`STARTING` values, plus the :data:`KEPT_ON_TASK_SWITCH` fields of ``keep``
    (the current workload, read by attribute) that are set. The model is kept only when it
    is of the kind ``task`` runs (:func:`model_kind_for`); otherwise the caller picks one of
    the right kind.

    Raises:
        ValueError: when ``task`` is not a task gpupicker models (the message lists them).
    """
    if task not in STARTING:
        raise ValueError(f"unknown task {task!r}; use one of: {', '.join(STARTING)}")
    fields: dict[str, object] = {"task": task}
    for name, value in STARTING[task].items():
        fields[name] = dict(value) if isinstance(value, Mapping) else value
    if keep is None:
        return fields
    model = getattr(keep, "model", None)
    same_kind = model is None or getattr(model, "kind", "llm") == model_kind_for(task)
    for name in KEPT_ON_TASK_SWITCH:
        if name in ("model", "model_id", "params") and not same_kind:
            continue
        value = getattr(keep, name, None)
        if value is not None:
            fields[name] = value
    return fields


__all__ = [
    "IMPLIED",
    "KEPT_ON_TASK_SWITCH",
    "QLORA_KBIT_RECIPE",
    "STARTING",
    "implied_fields",
    "model_kind_for",
    "task_start_fields",
]
