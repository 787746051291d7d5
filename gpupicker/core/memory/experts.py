"""Expert parallelism: the routed experts of an MoE model split over EP ranks.

With expert parallelism each rank holds whole experts (``ceil(E / EP)`` of the ``E`` routed
experts of every MoE layer) instead of a tensor-parallel slice of each, and everything else
(attention, shared experts, router, embeddings) is split as before:

* vLLM ``--enable-expert-parallel``: the MoE layers use an EP group of ``TP × DP`` ranks
  (``FusedMoEParallelConfig.make``: ``ep_size = tp_size * dp_size``, ``tp_size = 1`` inside
  the MoE layer); ``determine_expert_map`` (``expert_placement_strategy="linear"``) gives each
  rank ``E // EP`` experts and the first ``E % EP`` ranks one more (start index
  ``ep_rank * base + min(ep_rank, remainder)``; releases before that gave the whole remainder
  to the last rank).
* SGLang ``--ep-size``: the same split of experts (``EPMoE``), attention as set by ``--tp``.
* Training (Megatron-Core ``expert_model_parallel_size``, DeepSpeed-MoE ``ep_size``): each
  rank holds, and keeps gradients and optimizer states for, its own experts only; the dense
  parameters are replicated over the EP group (data-parallel).

Imports only :mod:`.common`; the engines' modules call it.
"""

from __future__ import annotations

import math

from ..dtypes import bytes_per_weight
from ..model_arch import ModelArch
from .common import linear_group_params, quantized_weight_groups


def effective_ep(ep: int | None, num_gpus: int) -> int | None:
    """The EP degree the memory model uses: ``parallelism.expert_parallel``, at most the GPUs.

    An EP group cannot span more ranks than the job has GPUs (vLLM: ``EP = TP × DP``);
    :func:`gpupicker.core.checks.input_warnings` names a larger value.
    """
    if not ep or ep <= 1:
        return None
    return min(ep, max(1, num_gpus))


def routed_expert_bytes(
    arch: ModelArch, weights_dtype: str, quantized_groups: frozenset[str] | None = None
) -> int:
    """Bytes of all routed experts of the model (every MoE layer), before any split.

    In ``weights_dtype`` when the checkpoint quantizes the experts
    (:func:`~.common.quantized_weight_groups`), else 16-bit; 0 for a dense model.

    Raises:
        ValueError: for an unknown dtype.
    """
    if not arch.is_moe:
        return 0
    n = linear_group_params(arch)["experts"]
    bpw = bytes_per_weight(weights_dtype)
    if bpw < 2.0 and "experts" not in quantized_weight_groups(arch, weights_dtype, quantized_groups):
        bpw = 2.0
    return int(n * bpw)


def experts_per_rank_fraction(arch: ModelArch, ep: int | None) -> float:
    """Share of the routed experts the fullest EP rank holds: ``ceil(E / EP) / E``.

    1.0 without expert parallelism (``ep`` None or 1) or for a dense model. vLLM
    ``determine_expert_map``: ``E // EP`` experts per rank, the remainder one each on the first
    ranks, so the fullest rank holds ``ceil(E / EP)`` (the same for every rank when EP divides
    E, as for 128 experts over 8 ranks).
    """
    experts = arch.num_local_experts or 0
    if not ep or ep <= 1 or not arch.is_moe or experts <= 1:
        return 1.0
    return math.ceil(experts / ep) / experts


def ep_weights_bytes(total_bytes: int, expert_bytes: int, tp: int, arch: ModelArch, ep: int | None) -> int:
    """Weight bytes on one GPU: the non-expert part over ``tp``, the experts over ``ep``.

    Without expert parallelism every part is split over ``tp`` (``total_bytes // tp``).
    """
    if not ep or ep <= 1 or not expert_bytes:
        return total_bytes // max(1, tp)
    return (total_bytes - expert_bytes) // max(1, tp) + int(
        expert_bytes * experts_per_rank_fraction(arch, ep)
    )


__all__ = ["effective_ep", "ep_weights_bytes", "experts_per_rank_fraction", "routed_expert_bytes"]
