"""The key of an inference roofline plan: what of a job the roofline of a model on a GPU reads.

:data:`.roofline._per_gpu` keeps one roofline per model × GPU × these engine fields; a job of
another batch or prompt on the same model, GPU and engine reuses it.
"""

from __future__ import annotations

from collections.abc import Hashable
from operator import attrgetter

from ..hardware.specs import GpuSpec
from ..model_arch import ModelArch
from ..workload import Workload
from .hf_generate import HF_LONG_PROMPT_TOKENS

PLAN_FIELDS = (
    "task",
    "framework",
    "weights_dtype",
    "compute_dtype",
    "kv_cache_dtype",
    "quant_method",
    "quantized_groups",
    "environment",
    "engine_build",
    "engine_date",
    "backend",
    "attention",
    "model_id",
    "n_cpu_moe",
)
"""The workload fields :meth:`.roofline._Roofline.on_one` and the roofline's own methods read
(the engine, its version and settings, the formats): jobs that agree on them share one
roofline per model × GPU. Batch and tokens enter only where :func:`plan_key` says;
``tests/core/test_speed_plan.py`` records the fields read and fails on one missing here."""
_plan_fields = attrgetter(*PLAN_FIELDS)


def plan_key(w: Workload, arch: ModelArch, gpu: GpuSpec) -> Hashable:
    """The key of ``w``'s roofline on one ``gpu`` (:data:`.roofline._per_gpu`): what it reads.

    The model, workload model and GPU objects by identity, the :data:`PLAN_FIELDS`, whether the
    prompt is over :data:`.hf_generate.HF_LONG_PROMPT_TOKENS` (transformers' wider range) and,
    for a mixture-of-experts model, the batch (the experts one step touches, in the transformers
    host loop and its sentence). Every other batch or token count is an argument of
    :meth:`.roofline._Roofline.speed`, evaluated per job.
    """
    prompt = w.prompt_len or w.seq_len or w.avg_prompt_tokens
    return (
        id(arch),
        id(gpu),
        id(w.model),
        _plan_fields(w),
        prompt > HF_LONG_PROMPT_TOKENS,
        w.batch if arch.is_moe else 0,
    )


__all__ = ["PLAN_FIELDS", "plan_key"]
