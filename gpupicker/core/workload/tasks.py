"""The tasks a workload can name."""

from __future__ import annotations

from typing import Literal

Task = Literal[
    "inference", "lora", "qlora", "full_ft", "pretrain", "decode_ceiling", "image_gen", "diffusion_lora"
]
TRAINING_TASKS: frozenset[str] = frozenset({"lora", "qlora", "full_ft", "pretrain"})
