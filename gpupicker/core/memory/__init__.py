"""Peak GPU memory per GPU, component by component.

The per-task dispatch (:func:`estimate_memory`) and the Hugging Face ``generate`` model; the
serving engines are in :mod:`.paged` and :mod:`.llamacpp`, training in :mod:`.training`, diffusion in
:mod:`gpupicker.core.memory.diffusion`, the shared primitives in :mod:`.common`. The model follows
``docs/formulas.md`` and is calibrated on the H200
measurements in ``validation/h200.jsonl`` (PyTorch 2.11, transformers
5.17, peft 0.21, bitsandbytes 0.50.2). Every term is returned separately in a
:class:`~gpupicker.core.results.MemoryEstimate`; ``total_bytes`` is what
``nvidia-smi`` shows at the peak (CUDA context and allocator cache included).
"""

from __future__ import annotations

from typing import NamedTuple

from ..checks import (
    expert_parallel_modelled,
    require_inference_framework,
    vllm_context_refusal,
    vllm_tensor_parallel_refusal,
)
from ..dtypes import GGUF_TYPES, bytes_per_weight
from ..hardware.specs import GpuSpec
from ..memo import by_identity
from ..messages import Message, fixed_sentence, join, msg
from ..model_arch import ModelArch
from ..results import MemoryEstimate
from ..speculative import draft_arch
from ..stacks.quant_support import lacks_bf16
from ..units import GiB
from ..workload import Workload
from ..workload.plan import parallel_plan
from .common import (
    CUDA_CONTEXT_BYTES,
    RUNTIME_WORKSPACE_BYTES,
    kv_cache_bytes,
    recurrent_state_bytes,
    state_assumption,
    weights_bytes,
)
from .diffusion import estimate_diffusion_memory
from .experts import effective_ep
from .fraction_pool import fraction_pool_memory
from .llamacpp import llamacpp_memory
from .paged import vllm_memory
from .quant_workspace import BNB_METHODS, quant_inference_workspace
from .training import training_memory

PAGED_KV_ENGINES = frozenset({"vllm", "sglang", "tgi", "tensorrt-llm", "lmdeploy", "mindie", "vllm-ascend"})
"""Servers that pre-allocate a paged KV pool from a memory fraction (vLLM
``gpu_memory_utilization``, SGLang ``mem_fraction_static``, TGI, TensorRT-LLM
``kv_cache_free_gpu_mem_fraction``); sized with the vLLM model."""


def _require_arch(w: Workload) -> ModelArch:
    """The workload's architecture, checked against the task.

    Raises:
        ValueError: unresolved model, a diffusion model for a language-model task
            or the reverse, or an LLM known by neither architecture nor size.
    """
    arch = w.model
    if arch is None:
        raise ValueError(w.unresolved_model_error())
    label: str | Message = arch.name or w.model_id or msg("memory.this_model")
    if w.is_image and arch.kind != "diffusion":
        raise ValueError(
            join(
                [msg("memory.needs_diffusion_model"), msg("memory.is_language_model", label=label)], "clauses"
            )
        )
    if not w.is_image and arch.kind == "diffusion":
        if w.is_training:
            raise ValueError(msg("memory.diffusion_choose_lora", label=label))
        raise ValueError(msg("memory.diffusion_choose_image_gen", label=label))
    if arch.kind == "llm" and not arch.has_architecture:
        arch = arch.with_inferred_architecture()
    return arch


def fits_on(mem: MemoryEstimate, gpu: GpuSpec) -> bool:
    """The fit verdict: peak per GPU within the usable memory and accepted by the engine.

    Compares ``mem.total_bytes`` with :attr:`GpuSpec.usable_memory_bytes` (capacity
    less the ECC/driver reserve) and honours ``mem.engine_fits`` (vLLM refuses to
    start when its KV pool cannot hold one sequence) and the machine's RAM (a llama.cpp
    placement whose host side needs more RAM than ``host_ram_gb``: ``placement.host_fits``).
    """
    return (
        mem.total_bytes <= gpu.usable_memory_bytes
        and mem.engine_fits is not False
        and (mem.placement is None or mem.placement.host_fits is not False)
    )


# --------------------------------------------------------------------------------------------
# public entry point
# --------------------------------------------------------------------------------------------
def fp16_kv_without_bf16(w: Workload, gpu: GpuSpec | None) -> Workload:
    """``w`` with a bf16 KV cache and compute in fp16 on a card without native bf16.

    That is an NVIDIA card older than Ampere
    (:func:`~gpupicker.core.stacks.quant_support.lacks_bf16`: compute capability below 8.0),
    where the launchers write fp16 (vLLM ``--dtype half``, trainers' ``fp16``); elsewhere
    ``w`` itself.

    Both formats take 2 bytes per element, so the bytes are the same: only the estimate's
    texts ("KV cache in fp16 …") change, to what runs on the card.
    """
    if gpu is None or not lacks_bf16(gpu):
        return w
    update = {name: "fp16" for name in ("kv_cache_dtype", "compute_dtype") if getattr(w, name) == "bf16"}
    return w.model_copy(update=update) if update else w


def estimate_memory(w: Workload, gpu: GpuSpec | None = None, num_gpus: int | None = None) -> MemoryEstimate:
    """Expected peak memory per GPU for workload ``w``.

    Args:
        w: the workload; its ``model`` must be resolved (a :class:`ModelArch`).
        gpu: the GPU, needed for engines that size pools from the card
            (vLLM ``gpu_memory_utilization``, llama.cpp offload); optional otherwise.
        num_gpus: overrides ``w.num_gpus`` (the recommender tries 1–8). Training is sized
            with :func:`~gpupicker.core.workload.parallel_plan` on that many GPUs (FSDP for
            a full fine-tune / pre-training that names no parallelism), as the ranking is.

    Returns:
        A :class:`MemoryEstimate` with per-GPU bytes per component.

    Raises:
        ValueError: when the model is not resolved or an input is inconsistent.
    """
    arch = _require_arch(w)
    w = fp16_kv_without_bf16(w, gpu)
    est = _estimate(
        w.model_copy(update={"model": arch}) if arch is not w.model else w, arch, gpu, num_gpus or w.num_gpus
    )
    if w.speculative is not None and w.task == "inference":
        est = speculative_memory(w, arch, est)
    ep = effective_ep(w.parallelism.expert_parallel, num_gpus or w.num_gpus)
    if ep and arch.is_moe and expert_parallel_modelled(w):
        experts = arch.num_local_experts or 0
        est = est.model_copy(
            update={
                "assumptions": (
                    *est.assumptions,
                    join([msg("memory.expert_parallel", ep=ep, local=-(-experts // ep), experts=experts)]),
                )
            }
        )
    if arch.architecture_inferred:
        est = est.model_copy(
            update={
                "assumptions": (
                    *est.assumptions,
                    join(
                        [
                            msg(
                                "memory.inferred_arch", hidden=arch.hidden_size, layers=arch.num_hidden_layers
                            ),
                            msg("memory.enter_config"),
                        ]
                    ),
                )
            }
        )
    return est


def speculative_memory(w: Workload, arch: ModelArch, est: MemoryEstimate) -> MemoryEstimate:
    """``est`` with the speculative draft's weights and KV cache added (per GPU).

    The draft (:func:`gpupicker.core.speculative.draft_arch`) is sharded like the target; its
    weights are in the target's weights dtype and its KV in the KV dtype. Engines that hold
    the KV for the whole request (transformers, llama.cpp) add the draft's KV for the same
    tokens; a pre-allocated pool (vLLM, SGLang, TensorRT-LLM) stays the same size, so the draft's
    weights come out of it and each token then needs the target's and the draft's KV — the
    pool holds fewer tokens and sequences. The draft's CUDA graphs are captured into the
    target's graph pool (vLLM), so no separate figure is added for them.

    Raises:
        ValueError: MTP on a model without MTP layers; an unresolved draft model; a draft
            model whose vocabulary is not the target's.
    """
    spec = w.speculative
    assert spec is not None
    draft = draft_arch(spec, arch, w.framework)
    if draft is None:
        return est.model_copy(
            update={"assumptions": (*est.assumptions, join([msg("memory.spec_ngram", k=spec.tokens)]))}
        )
    n = max(1, est.num_gpus)
    dw = weights_bytes(draft, w.weights_dtype) // n
    draft_tok = kv_cache_bytes(draft, 1024, 1, w.kv_cache_dtype) / 1024 / n
    note = join(
        [
            msg(
                "memory.spec_draft",
                method=spec.method,
                draft=draft.name,
                gib=f"{dw * n / GiB:.2f}",
                kv=f"{draft_tok * n / 1024:.1f}",
            )
        ]
    )
    update: dict[str, object] = {"weights_bytes": est.weights_bytes + dw}
    if est.kv_pool_tokens is not None and est.kv_pool_tokens > 0:
        target_tok = est.kv_cache_bytes / est.kv_pool_tokens
        pool = max(0, est.kv_cache_bytes - dw)
        tokens = int(pool // (target_tok + draft_tok))
        scale = tokens / est.kv_pool_tokens
        update.update(
            kv_cache_bytes=pool,
            kv_pool_tokens=tokens,
            max_concurrent_seqs=int((est.max_concurrent_seqs or 0) * scale),
        )
        if w.max_model_len and tokens < w.max_model_len:
            update.update(
                engine_fits=False,
                engine_message=msg("engines.vllm_refuses_mml", mml=w.max_model_len, pool=tokens),
            )
    else:
        update["kv_cache_bytes"] = est.kv_cache_bytes + int(draft_tok * w.context_tokens() * w.batch)
    update["assumptions"] = (*est.assumptions, note)
    return est.model_copy(update=update)


def _estimate(w: Workload, arch: ModelArch, gpu: GpuSpec | None, n: int) -> MemoryEstimate:
    est = _estimate_bytes(w, arch, gpu, n)
    if w.is_text_inference:
        # engines that shard heads refuse a TP size that does not divide them, whatever the
        # bytes say (checks.tensor_parallel_refusal)
        est = vllm_tensor_parallel_refusal(w, arch, est, n)
    return est


def _estimate_bytes(w: Workload, arch: ModelArch, gpu: GpuSpec | None, n: int) -> MemoryEstimate:
    if w.is_image:
        return estimate_diffusion_memory(w, arch, n, gpu)
    if w.is_text_inference:
        require_inference_framework(w)
        fw = w.framework.lower()
        if fw in ("sglang", "tensorrt-llm", "lmdeploy"):
            return fraction_pool_memory(w, arch, gpu, n, fw)
        if fw in ("mindie", "vllm-ascend"):
            est = vllm_memory(w, arch, gpu, n)
            return est.model_copy(
                update={
                    "assumptions": (
                        join(
                            [
                                msg(
                                    "memory.ascend_pool",
                                    engine="MindIE" if fw == "mindie" else "vllm-ascend",
                                    range="±15 %",
                                )
                            ]
                        ),
                        *est.assumptions,
                    )
                }
            )
        if fw == "tgi":  # sized with vLLM's model: say at which fraction (TGI's default is 1.0)
            est = vllm_context_refusal(w, arch, vllm_memory(w, arch, gpu, n))
            tgi = join([msg("memory.tgi_pool", frac=f"{w.gpu_memory_utilization:.2f}")])
            return est.model_copy(update={"assumptions": (tgi, *est.assumptions)})
        if fw in PAGED_KV_ENGINES:
            return vllm_context_refusal(w, arch, vllm_memory(w, arch, gpu, n))
        if fw in ("llama.cpp", "ollama") or w.weights_dtype in GGUF_TYPES:
            return llamacpp_memory(w, arch, gpu, n)
        return hf_inference_memory(w, arch, n)
    planned = parallel_plan(w, n)
    est = training_memory(planned, arch, n)
    if planned is not w:  # say which plan was assumed: the job named none
        est = est.model_copy(
            update={"assumptions": (*est.assumptions, join([msg("memory.auto_sharding", n=n)]))}
        )
    return est


def prefill_bytes_per_token(arch: ModelArch) -> float:
    """Prefill working set per prompt token in bytes: ``2·(3.5·I + 3·h)`` at 16-bit.

    Hidden states and the gated MLP's intermediates of one layer at a time, with
    I the width a token passes through (top-k experts for MoE). Calibrated on
    the H200 ``generate`` cases (7B and 13B, b = 16–64); vLLM's profiling run
    uses the same figure.
    """
    return 2 * (3.5 * arch.active_mlp_width + 3 * arch.hidden_size)


def fp8_untied_lm_head_bytes(w: Workload, arch: ModelArch) -> int:
    """Bytes of the 16-bit lm_head transformers holds beside the embedding of a tied FP8 checkpoint.

    An FP8 (fine-grained, block-scaled) checkpoint keeps the token embedding and the lm_head
    unquantized; for a model whose config ties them, the measured peaks hold one more
    ``V × h`` 16-bit tensor than the tied bf16 model does. Measured: the Qwen3 speed
    benchmark's transformers tables (QwenLM/Qwen2.5 ``docs/source/getting_started/
    speed_benchmark.md`` at commit 77fb0c1, H20, transformers 4.51.3): BF16 − FP8 peak at
    input length 1 is 0.17 / 0.67 / 2.63 GiB for Qwen3-0.6B / 1.7B / 4B (tied), where
    quantizing their Linear weights alone saves 0.41 / 1.31 / 3.38 GiB; the 0.24 / 0.64 /
    0.75 GiB left match one bf16 embedding, 0.29 / 0.58 / 0.72 GiB. The untied Qwen3-8B /
    14B / 32B show no such extra. 0 for other dtypes, untied models and other engines (vLLM
    ``model_executor/models/qwen3.py``: ``if config.tie_word_embeddings: self.lm_head =
    self.model.embed_tokens``, one tensor).
    """
    return _fp8_lm_head_copy(arch, w.weights_dtype, w.framework)


def _fp8_lm_head_copy(arch: ModelArch, wdt: str, framework: str) -> int:
    """:func:`fp8_untied_lm_head_bytes` of a job in ``wdt`` on ``framework`` (bytes)."""
    if wdt != "fp8" or not arch.tie_word_embeddings or framework.lower() != "transformers":
        return 0
    return 2 * arch.vocab_size * arch.hidden_size


class _HfPlan(NamedTuple):
    """What :func:`hf_inference_memory` owes to the model, weight format and engine alone.

    Computed once per model × weights dtype × quantized groups × quant method × framework
    (:func:`_hf_plan`); a job's batch and tokens are applied to it per estimate.
    """

    weights_bytes: int
    """Weights (whole model), the FP8 lm_head copy included (:func:`fp8_untied_lm_head_bytes`)."""
    lm_head_copy_bytes: int
    prefill_bytes_per_token: float
    """:func:`prefill_bytes_per_token` plus the quantized kernels' bytes per prefill token."""
    multi_row_workspace_bytes: int
    """:func:`quant_inference_workspace` at a step that multiplies more than one row (0 at one)."""
    allocator_share: float
    """Cached-but-free share of the KV cache: 0.38 int8, 0.78 below 8 bits, else 0.35."""
    kv_layers: int
    total_params: int
    bnb_int8: bool
    """int8 weights run by bitsandbytes LLM.int8 (its outlier-column sentence)."""


@by_identity(maxsize=256)
def _hf_plan(
    arch: ModelArch, wdt: str, groups: frozenset[str] | None, quant_method: str | None, framework: str
) -> _HfPlan:
    """The :class:`_HfPlan` of ``arch`` in ``wdt`` (groups, quant method, framework as the workload's)."""
    lm_head_copy = _fp8_lm_head_copy(arch, wdt, framework)
    multi_ws, per_tok_extra = quant_inference_workspace(arch, wdt, quant_method, 2)
    if wdt == "int8":
        frag = 0.38
    elif bytes_per_weight(wdt) < 1.0:
        frag = 0.78
    else:
        frag = 0.35
    return _HfPlan(
        weights_bytes=weights_bytes(arch, wdt, groups) + lm_head_copy,
        lm_head_copy_bytes=lm_head_copy,
        prefill_bytes_per_token=prefill_bytes_per_token(arch) + per_tok_extra,
        multi_row_workspace_bytes=multi_ws,
        allocator_share=frag,
        kv_layers=max(1, sum(arch.kv_layers())),
        total_params=arch.param_count(),
        bnb_int8=wdt == "int8" and (quant_method or "bitsandbytes").lower() in BNB_METHODS,
    )


def hf_inference_memory(w: Workload, arch: ModelArch, num_gpus: int = 1) -> MemoryEstimate:
    """Peak memory of Hugging Face ``model.generate`` (transformers, DynamicCache).

    Peak = weights + KV cache of the whole generation + the prefill working set
    (hidden states and MLP intermediates of the prompt batch) + allocator
    cache. The prefill working set per token is ``2·(3.5·I + 3·h)`` bytes (I of
    the top-k experts for MoE; eager attention adds the score matrix),
    calibrated on the H200 cases (7B and 13B, b = 16–64). The caching
    allocator keeps a share of the KV cache as cached-but-free blocks, because
    DynamicCache grows every layer's tensors by concatenation each step: 0.35 ×
    KV for 16-bit weights, 0.38 for int8 and 0.78 for NF4 (whose per-step
    dequantized weights interleave with the KV blocks); measured on the H200
    cases. Quantized weights add what their kernels allocate
    (:func:`quant_inference_workspace`: bitsandbytes LLM.int8's int32 products and
    outlier-column dequantization, one dequantized 4-bit Linear) at the step that
    multiplies more than one row. ``device_map="auto"`` over N GPUs splits layers
    (pipeline-style), so per-GPU weights and KV divide by N.
    """
    n = max(1, num_gpus)
    wdt = w.weights_dtype
    plan = _hf_plan(arch, wdt, w.quantized_group_set, w.quant_method, w.framework)
    weights, lm_head_copy = plan.weights_bytes, plan.lm_head_copy_bytes
    if w.task == "decode_ceiling":
        return MemoryEstimate(
            weights_bytes=weights // n,
            cuda_context_bytes=CUDA_CONTEXT_BYTES,
            num_gpus=n,
            total_params=plan.total_params,
            assumptions=(fixed_sentence("memory.weights_only"),),
        )
    prompt = w.prompt_len or w.seq_len or w.avg_prompt_tokens
    total_tokens = w.context_tokens()
    b = w.batch
    state = recurrent_state_bytes(arch, b, "transformers")
    kv = kv_cache_bytes(arch, total_tokens, b, w.kv_cache_dtype) + state
    kv_prompt = kv_cache_bytes(arch, prompt, b, w.kv_cache_dtype) + state
    per_tok = plan.prefill_bytes_per_token
    quant_ws = plan.multi_row_workspace_bytes if prompt * b > 1 else 0
    frag = plan.allocator_share
    prefill_act = int(per_tok * prompt * b) + b * arch.vocab_size * 4
    if w.attention == "eager":
        # one layer's score matrix (bf16) and its fp32 softmax at a time
        prefill_act += 6 * b * arch.num_attention_heads * prompt * prompt
    kv_layers = plan.kv_layers
    decode_extra = (kv - state) // kv_layers + b * arch.vocab_size * 4 * 2
    # each decode step multiplies b rows: the 4-bit kernels dequantize when b > 1
    decode_ws = (plan.multi_row_workspace_bytes if b > 1 else 0) if w.new_tokens != 0 else 0
    # peak: end of prefill (prompt KV + working set) or end of decode (full KV + one layer's copy)
    if kv_prompt + prefill_act + quant_ws >= kv + decode_extra + decode_ws:
        act, kv_at_peak = prefill_act, kv_prompt
    else:
        act, kv_at_peak, quant_ws = decode_extra, kv, decode_ws
    overhead = int(frag * kv)
    return MemoryEstimate(
        weights_bytes=weights // n,
        kv_cache_bytes=kv_at_peak // n,
        activations_bytes=(act + RUNTIME_WORKSPACE_BYTES) // n,
        quant_workspace_bytes=quant_ws,
        allocator_overhead_bytes=overhead // n,
        cuda_context_bytes=CUDA_CONTEXT_BYTES,
        num_gpus=n,
        total_params=arch.param_count(),
        assumptions=(
            fixed_sentence("memory.hf_generate"),
            join([msg("memory.hf_kv", dtype=w.kv_cache_dtype, batch=b, tokens=total_tokens)]),
            *state_assumption(arch, state, b),
            fixed_sentence("memory.hf_allocator"),
            *(
                (join([msg("memory.fp8_lm_head_copy", gib=f"{lm_head_copy / GiB:.2f}")]),)
                if lm_head_copy
                else ()
            ),
            *((fixed_sentence("memory.bnb_int8_outliers"),) if quant_ws and plan.bnb_int8 else ()),
        ),
    )


# weights_bytes, kv_cache_bytes and the constants live in .common (below .inference and
# .training, which this module dispatches to); they stay importable from here.
__all__ = [
    "CUDA_CONTEXT_BYTES",
    "PAGED_KV_ENGINES",
    "RUNTIME_WORKSPACE_BYTES",
    "estimate_memory",
    "fits_on",
    "fp8_untied_lm_head_bytes",
    "hf_inference_memory",
    "kv_cache_bytes",
    "quant_inference_workspace",
    "weights_bytes",
]
