"""Serving engines that pre-allocate a KV pool: vLLM, and SGLang / TensorRT-LLM / LMDeploy by fraction.

vLLM pre-allocates a KV pool: it takes ``gpu_memory_utilization`` (default
0.9) of the capacity the driver gives PyTorch, subtracts the weights, the
activation peak of a profiling forward pass over ``max_num_batched_tokens``
and the non-torch memory, and fills the rest with 16-token KV blocks (vLLM
docs, "Engine arguments"; ``gpu_worker.determine_num_available_blocks``);
it refuses to start when the pool holds less than one ``max_model_len``
sequence. ``max_num_batched_tokens`` and ``max_num_seqs`` default by the vLLM version the
workload's ``environment`` names (:mod:`.vllm_defaults`): V0 profiles ``max(max_model_len,
2048)`` tokens, V1 (0.8 on) its chunked-prefill step budget (2,048 or 8,192 tokens).
Worked checks: Llama-2-7B fp16, ``max_model_len`` 4096 on an A100 80GB logged
``# GPU blocks: 7449`` (vLLM 0.2, Dec 2023); Llama-3.1-8B bf16
on an RTX 3090 at ``max_model_len`` 20,000 logged 1952 blocks (31,232
tokens) and at 29,000 refused to start (vllm issue #10517).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import NamedTuple

from ..dtypes import bytes_per_kv_element
from ..hardware.specs import GpuSpec
from ..messages import Message, fixed_sentence, join, msg
from ..model_arch import ModelArch
from ..results import MemoryEstimate
from ..stacks.platforms import platform_of
from ..units import GiB, MiB
from ..workload import Workload
from .common import (
    kv_cache_bytes,
    kv_replication_note,
    kv_tp_shards,
    recurrent_state_bytes,
    state_assumption,
    weights_bytes,
)
from .experts import effective_ep, ep_weights_bytes, routed_expert_bytes
from .vllm_defaults import V0_MAX_NUM_SEQS, VLLM_NEWEST_ERA, vllm_batch_defaults, vllm_era

VLLM_BLOCK_TOKENS = 16
VLLM_MAX_NUM_SEQS = V0_MAX_NUM_SEQS
"""vLLM ``max_num_seqs`` default of V0 and of V1 on GPUs under 70 GiB (:mod:`.vllm_defaults`)."""
VLLM_NON_TORCH_BYTES = int(0.35 * GiB)
"""CUDA context and NCCL/cuBLAS buffers outside PyTorch's allocator, which vLLM subtracts
(``non_torch_memory=0.35GiB`` on an RTX 3090, vllm issue #10517); + 0.25 GiB of NCCL buffers
with tensor parallelism."""
VLLM_NCCL_BYTES = int(0.25 * GiB)
VLLM_CUDA_GRAPH_BYTES_MAX = int(2.4 * GiB)
"""CUDA-graph capture pool for large models (vllm issue #7553: about 2.4 GiB per GPU); smaller
models capture smaller graphs, so we use 3 % of the card, capped at this value. vLLM captures
the graphs after sizing the pool, so they come on top of ``gpu_memory_utilization``."""
GRAPHS_MESSAGE = {False: "engines.cuda_graphs", True: "engines.acl_graphs"}
"""The graph-capture clause's message id, keyed by "on an Ascend NPU" (vllm-ascend captures ACL
graphs where vLLM on CUDA captures CUDA graphs)."""
DRIVER_RESERVE_BYTES = 256 * MiB
DRIVER_RESERVE_SHARE = 0.005
"""What ``torch.cuda.mem_get_info`` reports as total is below the card's ``nvidia-smi``
capacity by ≈ 256 MiB + 0.5 % (RTX 3090: 23.58 GiB, vllm #10517; A100 80GB: 79.15 GiB and
T4: 14.75 GiB "total capacity" in PyTorch out-of-memory messages)."""


def torch_total_bytes(gpu: GpuSpec) -> int:
    """Capacity in bytes as the driver gives it to PyTorch (``torch.cuda.mem_get_info()[1]``).

    :attr:`GpuSpec.usable_memory_bytes` less :data:`DRIVER_RESERVE_BYTES` and
    :data:`DRIVER_RESERVE_SHARE` of the card.
    """
    return int(gpu.usable_memory_bytes - DRIVER_RESERVE_BYTES - DRIVER_RESERVE_SHARE * gpu.memory_bytes)


def vllm_activation_bytes_per_token(arch: ModelArch) -> float:
    """Profile-run activation peak per batched token in bytes: ``2·(3·I + 3·h)`` at 16-bit.

    The gate/up output (2·I), the activated product (I) and three hidden-size tensors (residual,
    normed input, output) of the layer at the peak (FlashAttention keeps no score matrix).
    Check: Llama-3.1-8B on an RTX 3090, vllm #10517: peak − weights = 2.07 GiB at 20,000 and
    2.99 GiB at 29,000 batched tokens, i.e. 110 KB per token; this formula gives 110.6 KB.
    """
    return 2.0 * (3.0 * arch.active_mlp_width + 3.0 * arch.hidden_size)


class VllmSettings(NamedTuple):
    """The vLLM settings the pool depends on, resolved from a workload (defaults as vLLM's)."""

    max_model_len: int
    max_num_seqs: int
    max_num_batched_tokens: int
    gpu_memory_utilization: float
    v1: bool = True
    version: str = ""
    """The vLLM version ``environment`` names ("0.11.0"), "" when it names none."""


def vllm_settings(w: Workload, gpu: GpuSpec | None = None) -> VllmSettings:
    """The vLLM settings of a workload on ``gpu``, with its vLLM version's defaults where it gives none.

    ``max_model_len`` (the request context when not given), ``max_num_seqs`` and
    ``max_num_batched_tokens`` (:func:`.vllm_defaults.vllm_batch_defaults`: V0's 256 and
    ``max(max_model_len, 2048)``, V1's OpenAI-server defaults by GPU) and
    ``gpu_memory_utilization``.
    """
    mml = w.max_model_len or w.context_tokens()
    era = vllm_era(w, gpu)
    seqs, mnbt = vllm_batch_defaults(w, gpu, mml)
    version = ".".join(map(str, era.version)) if era.version else ""
    return VllmSettings(mml, seqs, mnbt, w.gpu_memory_utilization, era.v1, version)


def vllm_refusal(max_model_len: int, pool_tokens: int) -> Message:
    """The start-up error vLLM raises when the KV pool cannot hold one ``max_model_len`` sequence.

    Source: ``vllm/worker/worker.py`` ``raise_if_cache_size_invalid`` (its English wording is
    vLLM's; the message ids ``engines.vllm_*`` carry it).
    """
    if pool_tokens <= 0:
        return msg("engines.vllm_no_cache_memory")
    return msg("engines.vllm_seq_too_long", max_model_len=max_model_len, pool_tokens=pool_tokens)


def vllm_memory(w: Workload, arch: ModelArch, gpu: GpuSpec | None, num_gpus: int) -> MemoryEstimate:
    """Per-GPU memory of a vLLM server with tensor parallelism over ``num_gpus``.

    Sized as vLLM does it (``gpu_worker.determine_num_available_blocks``):

    ``pool = torch_total × gpu_memory_utilization − (weights + profile-run activation peak) −
    non-torch memory``; the activation peak is that of ``max_num_batched_tokens`` tokens
    (:func:`vllm_activation_bytes_per_token`) or of the sampler over ``max_num_seqs`` logits,
    whichever is larger. CUDA graphs are captured afterwards, on top of the budget.

    ``max_concurrent_seqs`` is how many sequences of the request mix (``w.context_tokens()``
    rounded up to 16-token blocks) the pool holds at once, at most ``max_num_seqs``. When the
    pool cannot hold one ``max_model_len`` sequence, vLLM refuses to start:
    ``engine_fits`` is False and ``engine_message`` carries vLLM's error.

    Raises:
        ValueError: for unknown dtypes.
    """
    tp = max(1, num_gpus)
    ep = effective_ep(w.parallelism.expert_parallel, w.num_gpus)
    st = vllm_settings(w, gpu)
    ctx = w.context_tokens()
    if gpu is None:
        wb, act, block, state = _vllm_sizes(
            arch, w.weights_dtype, w.kv_cache_dtype, st, tp, w.quantized_group_set, ep
        )
        kv_per_seq = block * _blocks(ctx) + state
        return MemoryEstimate(
            weights_bytes=wb,
            kv_cache_bytes=kv_per_seq * w.batch,
            activations_bytes=act,
            engine_reserve_bytes=VLLM_CUDA_GRAPH_BYTES_MAX,
            cuda_context_bytes=_non_torch(tp),
            num_gpus=tp,
            total_params=arch.param_count(),
            assumptions=(
                *_vllm_assumptions(w.kv_cache_dtype, st, tp),
                *state_assumption(arch, state * tp, w.batch),
                fixed_sentence("engines.no_gpu"),
            ),
        )
    return _vllm_memory_on_card(
        arch,
        w.weights_dtype,
        w.kv_cache_dtype,
        ctx,
        st,
        gpu.usable_memory_bytes,
        torch_total_bytes(gpu),
        tp,
        w.quantized_group_set,
        ep,
        platform_of(gpu) == "ascend",
    )


def _blocks(tokens: int) -> int:
    return -(-max(1, tokens) // VLLM_BLOCK_TOKENS)


def _non_torch(tp: int) -> int:
    return VLLM_NON_TORCH_BYTES + (VLLM_NCCL_BYTES if tp > 1 else 0)


def _vllm_assumptions(kv_cache_dtype: str, st: VllmSettings, tp: int) -> tuple[Message, Message]:
    """The first two assumptions of a vLLM estimate: engine, tensor parallelism, settings, KV cache."""
    if st.version:
        engine = msg("engines.vllm_version_named", version=st.version, engine="V1" if st.v1 else "V0")
    else:
        engine = msg("engines.vllm_version_assumed", since=".".join(map(str, VLLM_NEWEST_ERA[:2])))
    return (
        join(
            [
                join(
                    [
                        engine,
                        msg(
                            "engines.vllm_settings",
                            tp=tp,
                            utilization=f"{st.gpu_memory_utilization:.2f}",
                            seqs=st.max_num_seqs,
                            tokens=st.max_num_batched_tokens,
                        ),
                    ],
                    "clauses",
                )
            ]
        ),
        join(
            [
                join(
                    [
                        msg("engines.kv_blocks", dtype=kv_cache_dtype, block=VLLM_BLOCK_TOKENS),
                        msg("engines.max_model_len", tokens=st.max_model_len),
                    ],
                    "clauses",
                )
            ]
        ),
    )


@lru_cache(maxsize=1024)
def _vllm_sizes(
    arch: ModelArch,
    weights_dtype: str,
    kv_cache_dtype: str,
    st: VllmSettings,
    tp: int,
    groups: frozenset[str] | None = None,
    ep: int | None = None,
) -> tuple[int, int, int, int]:
    """Per-GPU sizes of a vLLM server with tensor parallelism ``tp``, the same for every card.

    Returns ``(weight bytes, profile-run activation peak, KV bytes of one 16-token block,
    recurrent state bytes of one sequence)``. The block counts only layers that hold KV
    (full and sliding attention); hybrid models' linear-attention / Mamba layers take one
    fixed state per running sequence from the same pool instead (vLLM V1 hybrid KV cache
    manager: one ``MambaSpec`` block per request per layer group). With expert parallelism
    ``ep`` the routed experts are split over ``ep`` ranks (:mod:`.experts`).
    """
    wb = ep_weights_bytes(
        weights_bytes(arch, weights_dtype, groups),
        routed_expert_bytes(arch, weights_dtype, groups),
        tp,
        arch,
        ep,
    )
    forward = st.max_num_batched_tokens * vllm_activation_bytes_per_token(arch) / tp
    sampler = min(st.max_num_seqs, st.max_num_batched_tokens) * arch.vocab_size * 4
    act = int(max(forward, sampler))
    block = kv_cache_bytes(arch, VLLM_BLOCK_TOKENS, 1, kv_cache_dtype) // kv_tp_shards(arch, tp)
    state = recurrent_state_bytes(arch, 1, "vllm") // tp
    return wb, act, block, state


def _context_choices(mml: int, pool_tokens: int, block: int, kv_dtype: str) -> Message:
    """What holds a context vLLM's KV pool cannot, and what each costs (one sentence).

    An FP8 KV cache (half the bytes of a 16-bit one), ``--cpu-offload-gb`` (weights moved to
    host RAM and streamed over PCIe every forward: vLLM engine arguments) sized to free the
    missing blocks, more GPUs; vLLM's CPU KV offload (``--kv-offloading-size``,
    OffloadingConnector) only keeps reusable prefix blocks in host RAM, so it does not
    lengthen one sequence (vLLM docs, "CPU KV offloading").
    """
    missing = max(0, mml - pool_tokens)
    gb = math.ceil(missing / VLLM_BLOCK_TOKENS * block / GiB * 10) / 10
    if pool_tokens <= 0:
        first = msg("engines.vllm_choice_no_pool")
    elif bytes_per_kv_element(kv_dtype) >= 2:
        first = msg("engines.vllm_choice_fp8", tokens=f"{pool_tokens * 2:,}")
    else:
        first = msg("engines.vllm_choice_none")
    return join([msg("engines.vllm_context_choices", fp8=first, gb=f"{gb:g}")])


@lru_cache(maxsize=1024)
def _vllm_memory_on_card(
    arch: ModelArch,
    weights_dtype: str,
    kv_cache_dtype: str,
    ctx: int,
    st: VllmSettings,
    usable_bytes: int,
    torch_total: int,
    tp: int,
    groups: frozenset[str] | None = None,
    ep: int | None = None,
    npu: bool = False,
) -> MemoryEstimate:
    """:func:`vllm_memory` on a card of ``usable_bytes`` (nvidia-smi) and ``torch_total`` (PyTorch).

    ``npu``: an Ascend NPU, where vllm-ascend captures ACL graphs instead of CUDA graphs (sized
    as vLLM's, not measured there; the assumption says which).

    Computed once per model, dtypes, context, settings, capacity and tensor parallelism (not per
    batch: the pool takes what the card leaves).
    """
    wb, act, block, state = _vllm_sizes(arch, weights_dtype, kv_cache_dtype, st, tp, groups, ep)
    assumptions: list[Message] = list(_vllm_assumptions(kv_cache_dtype, st, tp))
    assumptions.extend(state_assumption(arch, state * tp, 1))
    assumptions.extend(kv_replication_note(arch, tp))
    non_torch = _non_torch(tp)
    graphs = int(min(VLLM_CUDA_GRAPH_BYTES_MAX, 0.03 * usable_bytes))
    budget = int(st.gpu_memory_utilization * torch_total)
    pool = budget - wb - act - non_torch
    # the longest sequence the pool holds also needs its own recurrent state
    blocks = max(0, (pool - state) // max(1, block))
    pool_tokens = blocks * VLLM_BLOCK_TOKENS
    engine_fits = None
    message: Message | str = ""
    assumptions.append(
        join(
            [
                join(
                    [
                        msg("engines.torch_capacity", gib=f"{torch_total / GiB:.2f}"),
                        msg("engines.profile_peak", gib=f"{(wb + act) / GiB:.2f}", act=f"{act / GiB:.2f}"),
                        msg("engines.non_torch", gib=f"{non_torch / GiB:.2f}"),
                        msg(GRAPHS_MESSAGE[npu], gib=f"{graphs / GiB:.2f}"),
                    ],
                    "clauses",
                )
            ]
        )
    )
    if blocks > 0 and pool_tokens >= st.max_model_len:
        seqs = min(st.max_num_seqs, pool // (_blocks(ctx) * block + state))
        assumptions.append(
            join(
                [
                    join(
                        [
                            msg(
                                "engines.vllm_pool",
                                gib=f"{pool / GiB:.2f}",
                                blocks=blocks,
                                tokens=f"{pool_tokens:,}",
                            ),
                            msg("engines.concurrent", seqs=seqs, tokens=ctx),
                        ],
                        "clauses",
                    )
                ]
            )
        )
        kv = blocks * block + state
    else:
        seqs = 0
        kv = max(0, blocks) * block
        engine_fits = False
        message = vllm_refusal(st.max_model_len, pool_tokens)
        assumptions.append(
            join(
                [
                    msg("engines.vllm_refuses_mml", mml=st.max_model_len, pool=pool_tokens)
                    if pool_tokens > 0
                    else msg("engines.vllm_refuses_no_memory")
                ]
            )
        )
        assumptions.append(_context_choices(st.max_model_len, pool_tokens, block, kv_cache_dtype))
    return MemoryEstimate(
        weights_bytes=wb,
        kv_cache_bytes=int(kv),
        activations_bytes=act,
        engine_reserve_bytes=graphs,
        cuda_context_bytes=non_torch,
        num_gpus=tp,
        max_concurrent_seqs=int(seqs),
        engine_fits=engine_fits,
        engine_message=message,
        kv_pool_tokens=int(pool_tokens),
        total_params=arch.param_count(),
        assumptions=tuple(assumptions),
    )


def vllm_gpu_blocks(w: Workload, arch: ModelArch, gpu: GpuSpec, num_gpus: int = 1) -> int:
    """KV blocks (16 tokens each) vLLM would allocate per GPU: the ``# GPU blocks`` log line.

    0 when vLLM would not start.
    """
    est = vllm_memory(w, arch, gpu, num_gpus)
    if est.engine_fits is False:
        return 0
    return int((est.kv_pool_tokens or 0) // VLLM_BLOCK_TOKENS)
