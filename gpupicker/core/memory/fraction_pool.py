"""Serving engines whose KV pool is a share of the memory free at start-up.

SGLang (``mem_fraction_static``), TensorRT-LLM (``kv_cache_free_gpu_mem_fraction``) and
LMDeploy (``cache_max_entry_count``); vLLM's block pool is :mod:`.paged`.
"""

from __future__ import annotations

from ..hardware.specs import GpuSpec
from ..messages import Message, fixed_sentence, join, msg
from ..model_arch import ModelArch
from ..results import MemoryEstimate
from ..units import GiB
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
from .paged import VLLM_BLOCK_TOKENS, VLLM_MAX_NUM_SEQS, _non_torch, torch_total_bytes

FRACTION_POOL_ENGINES = frozenset({"sglang", "tensorrt-llm", "lmdeploy"})
"""The engines sized here (their KV pool a share of the memory free at start-up)."""
SGLANG_MEM_FRACTION_BY_TP = ((16, 0.79), (8, 0.81), (4, 0.85), (2, 0.87), (1, 0.88))
"""SGLang's ``mem_fraction_static`` default by tensor-parallel size (``server_args.py``,
v0.4): weights + KV pool may take this share of the memory free at start-up."""
TRTLLM_FREE_FRACTION = 0.9
"""TensorRT-LLM ``kv_cache_free_gpu_mem_fraction`` default: the KV pool takes 90 % of the memory
left after the engine (weights, activation workspace) is loaded (``KvCacheConfig``)."""
LMDEPLOY_CACHE_MAX_ENTRY_COUNT = 0.8
"""LMDeploy TurboMind ``cache_max_entry_count`` default (v0.2.1+): the KV cache takes 80 % of
the memory free after the weights are loaded (``TurbomindEngineConfig`` docs)."""
TRTLLM_WORKSPACE_BYTES = int(1.0 * GiB)
"""TensorRT engine activation workspace + runtime buffers of a 7–70B engine (trtllm-build
logs: "Allocated … MiB for execution context memory", typically 0.5–2 GiB)."""


def _pool_fraction(w: Workload, engine: str, tp: int) -> tuple[float, Message, int]:
    """(memory fraction of the KV pool, the sentence naming it, engine workspace bytes).

    SGLang: ``mem_fraction_static`` by TP size (:data:`SGLANG_MEM_FRACTION_BY_TP`) unless
    ``gpu_memory_utilization`` is given; LMDeploy: ``cache_max_entry_count``; TensorRT-LLM:
    ``kv_cache_free_gpu_mem_fraction`` and its engine workspace.
    """
    frac = pool_fraction(w, engine, tp)
    if engine == "sglang":
        return frac, msg("engines.sglang_head", tp=tp, frac=f"{frac:.2f}"), 0
    if engine == "lmdeploy":
        return frac, msg("engines.lmdeploy_head", tp=tp, frac=f"{frac:.2f}"), 0
    return frac, msg("engines.trtllm_head", tp=tp, frac=f"{frac:.2f}"), TRTLLM_WORKSPACE_BYTES


def pool_fraction(w: Workload, engine: str, tp: int) -> float:
    """The memory fraction of ``engine``'s KV pool, as that engine means it (0–1).

    The job's ``gpu_memory_utilization`` when it sets one (the serving box and the job readers
    name it as the engine's own flag, core.stacks.serving_flags), else the engine's default:
    SGLang ``mem_fraction_static`` by TP size (:data:`SGLANG_MEM_FRACTION_BY_TP`), LMDeploy
    ``cache_max_entry_count`` (:data:`LMDEPLOY_CACHE_MAX_ENTRY_COUNT`), TensorRT-LLM
    ``kv_cache_free_gpu_mem_fraction`` (:data:`TRTLLM_FREE_FRACTION`).
    """
    if "gpu_memory_utilization" in w.model_fields_set:
        return w.gpu_memory_utilization
    if engine == "sglang":
        return next(f for t, f in SGLANG_MEM_FRACTION_BY_TP if tp >= t)
    return LMDEPLOY_CACHE_MAX_ENTRY_COUNT if engine == "lmdeploy" else TRTLLM_FREE_FRACTION


def fraction_pool_memory(
    w: Workload, arch: ModelArch, gpu: GpuSpec | None, num_gpus: int, engine: str
) -> MemoryEstimate:
    """Per-GPU memory of SGLang or TensorRT-LLM, whose KV pools are a memory fraction.

    * SGLang (``model_runner.profile_max_num_token``): ``pool = free_at_start ×
      mem_fraction_static − weights``, ``free_at_start`` = PyTorch-visible capacity less the
      CUDA context; ``mem_fraction_static`` is SGLang's default by TP size unless
      ``gpu_memory_utilization`` is given. No profiling run: the ``1 − fraction`` slack holds
      activations and CUDA graphs. With no room left it refuses to start ("Not enough memory.
      Please try to increase --mem-fraction-static.").
    * TensorRT-LLM: ``pool = 0.9 × (capacity − context − weights − workspace)``
      (``kv_cache_free_gpu_mem_fraction``).

    ``max_concurrent_seqs``: sequences of ``w.context_tokens()`` the pool holds (at most
    ``max_num_seqs`` or 256 — SGLang ``max_running_requests``/TensorRT-LLM ``max_batch_size``).

    Raises:
        ValueError: for unknown dtypes or engines.
    """
    if engine not in FRACTION_POOL_ENGINES:
        raise ValueError(msg("engines.no_fraction_model", engine=repr(engine)))
    tp = max(1, num_gpus)
    wb = ep_weights_bytes(
        weights_bytes(arch, w.weights_dtype, w.quantized_group_set),
        routed_expert_bytes(arch, w.weights_dtype, w.quantized_group_set),
        tp,
        arch,
        effective_ep(w.parallelism.expert_parallel, w.num_gpus),
    )
    ctx = w.context_tokens()
    per_token = (
        kv_cache_bytes(arch, VLLM_BLOCK_TOKENS, 1, w.kv_cache_dtype)
        / VLLM_BLOCK_TOKENS
        / kv_tp_shards(arch, tp)
    )
    state = recurrent_state_bytes(arch, 1, engine) / tp
    seqs_max = w.max_num_seqs or VLLM_MAX_NUM_SEQS
    context = _non_torch(tp)
    frac, head, workspace = _pool_fraction(w, engine, tp)
    notes = [join([head]), *state_assumption(arch, int(state * tp), 1), *kv_replication_note(arch, tp)]
    if gpu is None:
        kv = int((per_token * ctx + state) * w.batch)
        return MemoryEstimate(
            weights_bytes=wb,
            kv_cache_bytes=kv,
            engine_reserve_bytes=workspace,
            cuda_context_bytes=context,
            num_gpus=tp,
            total_params=arch.param_count(),
            assumptions=(*notes, fixed_sentence("engines.no_gpu")),
        )
    total = torch_total_bytes(gpu)
    if engine == "sglang":
        pool = int((total - context) * frac - wb)
        reserve = int((total - context) * (1 - frac))  # activations, CUDA graphs
    else:
        pool = int(frac * (total - context - wb - workspace))
        reserve = workspace
    tokens = max(0, int((pool - state) // max(1.0, per_token)))
    engine_fits = None
    message: Message | str = ""
    if pool <= 0:
        engine_fits = False
        message = msg("engines.sglang_no_memory" if engine == "sglang" else "engines.trtllm_no_memory")
        label = {"sglang": "SGLang", "lmdeploy": "LMDeploy"}.get(engine, "TensorRT-LLM")
        notes.append(join([msg("engines.refuses_no_pool", engine=label)]))
        seqs = 0
        kv = 0
    else:
        seqs = min(
            seqs_max, tokens // max(1, ctx) if not state else int(pool // (per_token * max(1, ctx) + state))
        )
        kv = pool
        notes.append(
            join(
                [
                    join(
                        [
                            msg("engines.fraction_pool", gib=f"{pool / GiB:.2f}", tokens=f"{tokens:,}"),
                            msg("engines.concurrent", seqs=seqs, tokens=ctx),
                        ],
                        "clauses",
                    )
                ]
            )
        )
    return MemoryEstimate(
        weights_bytes=wb,
        kv_cache_bytes=int(kv),
        engine_reserve_bytes=reserve,
        cuda_context_bytes=context,
        num_gpus=tp,
        max_concurrent_seqs=int(seqs),
        engine_fits=engine_fits,
        engine_message=message,
        kv_pool_tokens=tokens,
        total_params=arch.param_count(),
        assumptions=tuple(notes),
    )
