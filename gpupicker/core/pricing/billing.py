"""A rental's billed start-up and its provider's billing step.

Before a run of known length every GPU of a fresh instance waits through the start-up (image
pull, model download, load to the GPU: :func:`startup_hours`, formulas.md §1), and the
provider bills the run rounded up to its billing step (:func:`billed_hours`,
``providers.csv``'s ``billing_increment_s``). :func:`gpupicker.core.pricing.cost.estimate_cost`
adds both to a run's hours and total.
"""

from __future__ import annotations

import math

from ..memory.common import weights_bytes
from ..messages import Message, msg
from ..workload import Workload

IMAGE_PULL_S = 120.0
"""Seconds to pull a CUDA + PyTorch container image (8–10 GB compressed, e.g.
``pytorch/pytorch:*-cuda12*-devel``, ``vllm/vllm-openai``) at ~100 MB/s from a registry."""


MODEL_DOWNLOAD_BYTES_PER_S = 100e6
"""Model download rate from the Hugging Face Hub onto a fresh instance: ~100 MB/s (about
1 Gb/s; cloud instances see 50–500 MB/s)."""


MODEL_LOAD_BYTES_PER_S = 1e9
"""Reading the weights from local disk into GPU memory: ~1 GB/s (safetensors from NVMe)."""


def startup_hours(w: Workload) -> tuple[float, Message]:
    """Billed start-up of one rental in hours, and its note (``cost.startup``).

    ``w.startup_minutes`` when the job gives it; else image pull (:data:`IMAGE_PULL_S`) +
    model download (:data:`MODEL_DOWNLOAD_BYTES_PER_S`) + load to the GPU
    (:data:`MODEL_LOAD_BYTES_PER_S`) of the model's weights in ``w.weights_dtype``
    (formulas.md §1). Every GPU of the rental waits through it, so it is billed per GPU.
    """
    if w.startup_minutes is not None:
        return w.startup_minutes / 60.0, msg(
            "cost.startup", minutes=f"{w.startup_minutes:g}", why=msg("cost.startup.given")
        )
    weights = 0.0
    if w.model is not None:
        weights = float(weights_bytes(w.model, w.weights_dtype))
    seconds = IMAGE_PULL_S + weights / MODEL_DOWNLOAD_BYTES_PER_S + weights / MODEL_LOAD_BYTES_PER_S
    return seconds / 3600.0, msg(
        "cost.startup",
        minutes=f"{seconds / 60:.1f}",
        why=msg("cost.startup.default", gib=f"{weights / 2**30:.1f}"),
    )


def billed_hours(hours: float, increment_s: int | None) -> float:
    """``hours`` rounded up to the provider's billing step (``increment_s`` seconds).

    ``None`` (not published) bills the exact time, as per-second billing does.
    """
    if not increment_s or increment_s <= 1:
        return hours
    steps = math.ceil(hours * 3600.0 / increment_s - 1e-9)
    return max(1, steps) * increment_s / 3600.0


def step_text(step_s: int) -> str:
    """A billing step in words: "1 min", "1 h", "30 s"."""
    if step_s % 3600 == 0:
        return f"{step_s // 3600} h"
    if step_s % 60 == 0:
        return f"{step_s // 60} min"
    return f"{step_s} s"


__all__ = [
    "IMAGE_PULL_S",
    "MODEL_DOWNLOAD_BYTES_PER_S",
    "MODEL_LOAD_BYTES_PER_S",
    "billed_hours",
    "startup_hours",
    "step_text",
]
