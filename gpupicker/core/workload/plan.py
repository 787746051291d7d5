"""How a workload runs on N GPUs (:func:`parallel_plan`)."""

from __future__ import annotations

from . import Workload
from .parts import AUTO_SHARDING, Parallelism


def parallel_plan(w: Workload, num_gpus: int) -> Workload:
    """``w`` as it runs on ``num_gpus`` GPUs: the one place that decides the parallel plan.

    Full fine-tuning and pre-training on more than one GPU with no parallelism given get
    :data:`AUTO_SHARDING` (FSDP / ZeRO-3); every other job keeps what it names (tensor
    parallelism of the serving engines follows the engine profile, replicas the serving
    plan). The memory model, the throughput model and the ranking all call this, so
    ``estimate``, ``fit``, the advice, the curves, the report and the ranking size the same
    job on N GPUs alike. Returns ``w`` itself when nothing changes.
    """
    if num_gpus > 1 and w.is_full_training and w.parallelism == Parallelism():
        return w.model_copy(update={"parallelism": AUTO_SHARDING})
    return w
