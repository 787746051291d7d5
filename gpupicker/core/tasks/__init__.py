"""The tasks a workload can name, and the families each belongs to: one table for every caller.

The memory and speed models, the planners, the ranking, the report, the CLI and the wizard ask
"is this a LoRA job?", "does this job train all the weights?" through these sets (or the
``Workload`` properties that read them), so a new task is added here once, with its families,
and not in each comparison. What each task starts from (the values it implies, the wizard's
starting values, what a task switch keeps) is :mod:`.defaults`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, Literal

Task = Literal[
    "inference", "lora", "qlora", "full_ft", "pretrain", "decode_ceiling", "image_gen", "diffusion_lora"
]

TASK_FAMILIES: Final[Mapping[str, frozenset[str]]] = MappingProxyType(
    {
        "inference": frozenset({"text_inference"}),
        "decode_ceiling": frozenset({"text_inference"}),
        "lora": frozenset({"training", "adapter"}),
        "qlora": frozenset({"training", "adapter"}),
        "full_ft": frozenset({"training", "full_training"}),
        "pretrain": frozenset({"training", "full_training"}),
        "image_gen": frozenset({"image"}),
        "diffusion_lora": frozenset({"image"}),
    }
)
"""Task → its families:

- ``text_inference``: a language model generating text (batch inference, and the decode
  ceiling, its bandwidth-bound upper limit);
- ``training``: a language model trained, with an optimizer and gradients (LoRA, QLoRA, full
  fine-tuning, pre-training);
- ``adapter``: training a LoRA adapter on a frozen base (peft LoRA; QLoRA's base in NF4);
- ``full_training``: every weight trained (full fine-tuning, pre-training): the optimizer
  states of the whole model, shardable over GPUs (ZeRO / FSDP);
- ``image``: a diffusers pipeline (image generation, and LoRA training of its denoiser, which
  the diffusion memory model sizes, not the language-model training one).
"""


def tasks_in(family: str) -> frozenset[str]:
    """The tasks of ``family`` (a family of :data:`TASK_FAMILIES`).

    Raises:
        KeyError: for a family no task belongs to (a misspelling is not an empty set).
    """
    out = frozenset(t for t, fams in TASK_FAMILIES.items() if family in fams)
    if not out:
        raise KeyError(family)
    return out


TEXT_INFERENCE_TASKS: Final = tasks_in("text_inference")
TRAINING_TASKS: Final = tasks_in("training")
ADAPTER_TASKS: Final = tasks_in("adapter")
FULL_TRAINING_TASKS: Final = tasks_in("full_training")
IMAGE_TASKS: Final = tasks_in("image")
