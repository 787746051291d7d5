"""Training memory: full fine-tuning, pre-training, LoRA and QLoRA, with ZeRO/FSDP sharding.

Sources: ZeRO paper (Rajbhandari et al. 2020) for 2+2+12 bytes/parameter of
mixed-precision Adam and for the stage-wise sharding; Korthikanti et al. 2022
("Reducing Activation Recomputation in Large Transformer Models") for
per-layer activations; QLoRA paper (Dettmers et al. 2023) for NF4; peft
issues #1514/#1469 (LoRA does not shrink activations). Constants marked "H200"
are calibrated on ``validation/h200.jsonl`` (27 training runs: LoRA,
QLoRA, full fine-tuning in fp32 and bf16, with and without gradient
checkpointing, Llama-3.2-1B / Llama-2-7B / Llama-2-13B).

The step has three moments that can hold the peak; the estimate takes the
largest, components included:

* **F** (end of forward, loss computed): weights, optimizer states, saved
  activations (or only the layer inputs with gradient checkpointing), the
  fp32 logits/loss buffers, and autocast's bf16 copies of fp32 weights.
* **B** (end of backward): weights, all gradients, optimizer states and one
  layer's activations (recomputed with checkpointing), plus the tied
  embedding's second gradient.
* **O** (optimizer step): weights, gradients, states and the optimizer's
  temporaries.

The PyTorch caching allocator reserves more than it hands out; its extra is
modelled per moment from what is freed and re-allocated in differently sized
blocks (activations, autocast cache, gradients).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..dtypes import bytes_per_weight
from ..messages import Message, fixed_sentence, join, msg
from ..model_arch import ModelArch
from ..results import MemoryEstimate
from ..stacks.training_frameworks import (
    TrainingFramework,
    deepspeed_step_bytes,
    training_framework,
)
from ..tasks import ADAPTER_TASKS
from ..units import MiB
from ..workload import Workload
from .common import CUDA_CONTEXT_BYTES, RUNTIME_WORKSPACE_BYTES
from .training_activations import Activations, activations
from .training_states import (
    ModelStates,
    ShardPlan,
    kbit_note,
    kbit_prepared,
    model_states,
    optimizer_in_backward,
    shard_model_states,
    shard_plan,
    step_framework,
)

# Logits/loss bytes per framework (12.1 B per token per vocabulary entry for transformers'
# ForCausalLMLoss; fused/chunked/cut cross-entropy elsewhere) live in training_frameworks.py.

OPT_TEMP_FACTOR = {"adamw": 0.6, "adamw8bit": 1.9, "paged_adamw8bit": 1.9}
"""Optimizer-step temporaries in units of the largest parameter tensor (V·h embedding)."""
TIED_GRAD_FACTOR = 2.35
"""Tied embedding/lm_head: the embedding gradient is materialized densely and accumulated into
lm_head's: extra bytes = 2.35 × V·h × parameter bytes at the end of backward (H200, 1B fp32)."""

ALLOC_FRAG_ACTIVATIONS = 0.08
"""Allocator reserve on top of saved activations + logits (H200 no-checkpointing runs)."""
ALLOC_LAYER_FACTOR_CKPT = 1.5
ALLOC_LAYER_FACTOR_NO_CKPT = 0.5
"""Reserve in units of one layer's activations: recomputation + activation gradients in backward."""
ALLOC_FRAG_GRADS = 0.12
ALLOC_FRAG_AUTOCAST = 0.35
"""Reserve from gradients and the freed autocast cache allocated in new block sizes (H200)."""
ALLOC_BASE_TRAIN = 256 * MiB
"""Small-block pool segments and cuBLAS workspaces of a training step (H200 small runs)."""


_OPTIMIZER_NOTE = {
    "adamw8bit": "training.opt_adamw8bit",
    "paged_adamw8bit": "training.opt_paged_adamw8bit",
    "sgd": "training.opt_sgd",
    "lion": "training.opt_lion",
    "adafactor": "training.opt_adafactor",
}
"""Optimizer id → the message naming it and its states (AdamW otherwise)."""


def _state_note(w: Workload, lora: bool, p_bytes: float, master: bool) -> Message:
    """One sentence saying which bytes per trainable parameter the model states assume."""
    opt = msg(_OPTIMIZER_NOTE.get(w.optimizer, "training.opt_adamw"))
    if lora:
        return join(
            [
                join(
                    [
                        msg(
                            "training.adapters",
                            dtype=w.lora.adapter_dtype if w.lora else "fp32",
                            optimizer=opt,
                        ),
                        msg("training.base_frozen"),
                    ],
                    "clauses",
                )
            ]
        )
    if master:
        return join([msg("training.master_weights", framework=w.framework)])
    if p_bytes >= 4:
        return join([msg("training.fp32", optimizer=opt)])
    return join(
        [
            join(
                [
                    msg("training.pure_16bit", dtype=w.weights_dtype, optimizer=opt, dtype2=w.weights_dtype),
                    msg("training.choose_master"),
                ],
                "clauses",
            )
        ]
    )


_MEASURED_TASKS = ADAPTER_TASKS | {"full_ft"}
"""The training tasks the measured H200 transformers cases cover (LoRA, QLoRA, full fine-tuning;
no pre-training run was measured), so their range is the measured ±5 %."""


def _range_note(w: Workload, fw_id: str, total: int) -> Message:
    """The range sentence of a training memory estimate and the evidence behind it."""
    measured = fw_id == "transformers" and w.task in _MEASURED_TASKS
    lo, hi = (0.95, 1.05) if measured else (0.85, 1.15)
    return join(
        [
            msg(
                "training.range_measured" if measured else "training.range_profile",
                lo=f"{lo * total / 2**30:,.1f}",
                hi=f"{hi * total / 2**30:,.1f}",
            )
        ]
    )


def framework_memory_note(w: Workload) -> Message:
    """One sentence: the training framework profile the memory estimate used.

    Raises:
        ValueError: for a training framework gpupicker does not model.
    """
    fw = training_framework(w.framework)
    full = fw.logits_chunk_tokens is None and fw.logits_bytes_per_vocab >= 12
    return join(
        [msg("training.profile_full_logits" if full else "training.profile_fused_ce", framework=fw.name)]
    )


@dataclass(frozen=True)
class _StepTemps:
    """The backward's and the optimizer step's temporaries on one GPU (bytes).

    Attributes:
        grads: gradients alive at the end of the backward (after offload / in-backward steps).
        tied_temp: a tied embedding's second, dense gradient.
        opt_temp: the optimizer step's temporaries (DeepSpeed's fp32 copy and buckets included).
        host_note: the sentence naming ZeRO-Offload's host RAM, when it is on.
    """

    grads: int
    tied_temp: float
    opt_temp: float
    host_note: Message | None


def _beyond_freed_buckets(tensors: tuple[float, ...], bucket_bytes: int) -> float:
    """Bytes of ``tensors`` the caching allocator cannot place in ZeRO-1/2's freed buckets.

    DeepSpeed ZeRO-1/2 frees its two gradient buckets (``ipg_buffer``, half of
    ``bucket_bytes`` each) at the end of the backward pass
    (``runtime/zero/stage_1_and_2.py`` ``independent_gradient_partition_epilogue``), before
    ``step()`` flattens the 16-bit gradient partition and casts it to fp32. PyTorch's caching
    allocator keeps the freed blocks reserved (``nvidia-smi`` still counts them) and serves a
    new tensor from the smallest cached block it fits in, splitting it (best fit,
    ``c10/cuda/CUDACachingAllocator.cpp``); only what fits in none is newly reserved.

    Args:
        tensors: sizes of the step's temporaries (bytes), placed smallest first.
        bucket_bytes: both buckets together (bytes).

    Returns:
        Bytes reserved beyond the buckets (≥ 0).
    """
    free = [bucket_bytes / 2.0, bucket_bytes / 2.0]
    extra = 0.0
    for size in sorted(tensors):
        fits = [b for b in free if b >= size]
        if fits:
            block = min(fits)
            free.remove(block)
            free.append(block - size)
        else:
            extra += size
    return extra


def _step_temporaries(
    w: Workload, arch: ModelArch, step_fw: TrainingFramework, plan: ShardPlan, st: ModelStates, in_bwd: bool
) -> _StepTemps:
    """The tied-embedding gradient, the optimizer step's temporaries and ZeRO-Offload's share.

    :data:`TIED_GRAD_FACTOR` and :data:`OPT_TEMP_FACTOR` in units of the V·h embedding (H200);
    DeepSpeed's flattened fp32 gradient partition and buckets
    (:func:`~gpupicker.core.stacks.training_frameworks.deepspeed_step_bytes`); ZeRO-Offload
    (Ren et al. 2021) keeps one bucket of gradients on the GPU; an optimizer stepped in the
    backward (:func:`optimizer_in_backward`) holds only the largest gradient and no step.
    """
    par = w.parallelism
    zero, dp, shards, n = plan.zero, plan.dp, plan.shards, plan.n
    full = not w.is_adapter_training or w.lora is None
    grads = st.grads
    emb_tensor = arch.vocab_size * arch.hidden_size * st.p_bytes / shards
    tied_temp = TIED_GRAD_FACTOR * emb_tensor if (full and arch.tie_word_embeddings) else 0.0
    opt_temp = OPT_TEMP_FACTOR.get(w.optimizer, 0.6) * emb_tensor if full else 0.0
    if step_fw.fp32_grad_copy:
        # DeepSpeed's step() flattens the (sharded) gradients and casts them to fp32 before the
        # fused Adam update (ZeRO-3: one sub-group at a time), and holds its reduce/allgather
        # buckets (stage_1_and_2.py, stage3.py; training_frameworks.deepspeed_step_bytes)
        partition = st.trainable / shards / (dp if zero >= 1 else 1)
        step_bytes = deepspeed_step_bytes(partition, zero)
        if zero in (1, 2):
            step_bytes = _beyond_freed_buckets((2.0 * partition, 4.0 * partition), step_fw.bucket_bytes)
        opt_temp += step_bytes + step_fw.bucket_bytes
    host_note: Message | None = None
    if par.cpu_offload and zero >= 2:
        # DeepSpeed ZeRO-Offload (Ren et al. 2021, arXiv 2101.06840): fp32 master weights, Adam
        # states and the fp32 gradient partition live in pinned CPU RAM and DeepSpeedCPUAdam
        # steps there; gradients leave the GPU bucket by bucket as they are reduced
        # (stage_1_and_2.py async_inplace_copy_grad_to_fp32_buffer_from_gpu), so the GPU keeps
        # the 16-bit parameters (ZeRO-3: gathered layers), one reduce bucket and activations.
        # FSDP CPUOffload (no DeepSpeed buckets): about two layers of unsharded gradients
        layer_grads = 2 * int(st.trainable * st.p_bytes) // max(1, arch.num_hidden_layers) // shards
        grads = min(grads, max(step_fw.bucket_bytes // 2, layer_grads))
        opt_temp = float(step_fw.bucket_bytes)
        per_param = 18 if zero >= 3 else 16  # DeepSpeed estimate_zero{2,3}_model_states_mem_needs
        host = st.trainable * max(4 * n, per_param) * 1.5
        host_note = join(
            [
                join(
                    [
                        msg("training.zero_offload", gib=f"{host / 2**30:,.0f}", bytes=max(4 * n, per_param)),
                        msg("training.cpu_step"),
                    ],
                    "clauses",
                )
            ]
        )
    if in_bwd and full:
        # each gradient is applied and freed in its post-accumulate hook: the largest
        # parameter's gradient (the V·h embedding or lm_head) is the most alive at once, and
        # no optimizer step follows the backward pass
        grads = min(grads, int(emb_tensor))
        opt_temp = 0.0
    return _StepTemps(grads, tied_temp, opt_temp, host_note)


@dataclass(frozen=True)
class _Peak:
    """The moment that holds the peak and its components (bytes).

    Attributes:
        note: the sentence naming the moment.
        act: activations shown; log_b: logits; grad_b: gradients; extra: autocast copies;
        quant_ws: QLoRA's dequantized weight; opt_tmp: optimizer temporaries shown;
        reserve: the allocator's reserve of that moment (beyond its base pool).
    """

    note: Message
    act: float
    log_b: float
    grad_b: int
    extra: int
    quant_ws: int
    opt_tmp: int
    reserve: float


def _peak_moment(
    w: Workload, arch: ModelArch, st: ModelStates, acts: Activations, temps: _StepTemps, lora: bool
) -> _Peak:
    """The largest of the three moments F (loss), B (end of backward) and O (optimizer step).

    Each moment's allocated bytes plus the caching allocator's reserve of what it frees and
    re-allocates in other block sizes (:data:`ALLOC_FRAG_ACTIVATIONS`,
    :data:`ALLOC_LAYER_FACTOR_CKPT`, :data:`ALLOC_FRAG_GRADS`, :data:`ALLOC_FRAG_AUTOCAST`; H200).
    QLoRA's backward dequantizes each frozen 4-bit weight to bf16 again (bitsandbytes).
    """
    grads = temps.grads
    lora_grads = grads if lora else 0
    states = st.base_w + st.gather + st.adapters + st.opt
    layer_factor = ALLOC_LAYER_FACTOR_CKPT if w.grad_ckpt else ALLOC_LAYER_FACTOR_NO_CKPT
    layer_work = layer_factor * acts.one_layer
    if acts.grad_work is not None:  # the framework's own backward: the recomputed layer + its buffers
        layer_work = (acts.one_layer if w.grad_ckpt else 0.0) + acts.grad_work
    f_alloc = states + lora_grads + st.autocast_cache + acts.saved + acts.logits
    f_reserve = ALLOC_FRAG_ACTIVATIONS * (acts.saved + acts.logits) + layer_work
    late_reserve = ALLOC_FRAG_GRADS * grads + ALLOC_FRAG_AUTOCAST * st.autocast_cache
    dequant = (
        2 * max(a * b for a, b in arch.module_shapes().values())
        if (lora and bytes_per_weight(w.weights_dtype) < 2.0)
        else 0
    )
    b_alloc = states + grads + acts.one_layer + temps.tied_temp + dequant
    o_alloc = states + grads + temps.opt_temp
    moments = {
        "F": f_alloc + f_reserve,
        "B": b_alloc + late_reserve,
        "O": o_alloc + late_reserve,
    }
    peak = max(moments, key=lambda k: moments[k])
    if peak == "F":
        return _Peak(
            fixed_sentence("training.peak_loss"),
            acts.saved,
            acts.logits,
            lora_grads,
            st.autocast_cache,
            0,
            0,
            f_reserve,
        )
    if peak == "B":
        return _Peak(
            fixed_sentence("training.peak_backward"),
            acts.one_layer + temps.tied_temp,
            0.0,
            grads,
            0,
            dequant,
            0,
            late_reserve,
        )
    # the step's temporaries (fp32 gradient partition, foreach-Adam buffers, buckets) are
    # optimizer memory, not activations: a smaller batch cannot shrink them
    return _Peak(
        fixed_sentence("training.peak_optimizer"), 0.0, 0.0, grads, 0, 0, int(temps.opt_temp), late_reserve
    )


def _training_assumptions(
    w: Workload,
    fw: TrainingFramework,
    st: ModelStates,
    acts: Activations,
    temps: _StepTemps,
    pk: _Peak,
    total: int,
    in_bwd_full: bool,
) -> tuple[Message, ...]:
    """The assumptions of a training memory estimate, in the order the results show them."""
    lora = w.is_adapter_training and w.lora is not None
    return (
        join(
            [
                msg("training.task_optimizer", task=w.task, optimizer_id=w.optimizer),
                msg("training.micro_batch", batch=w.batch, tokens=w.training_seq_len()),
                msg("training.grad_ckpt" if w.grad_ckpt else "training.no_grad_ckpt"),
            ],
            "clauses",
        ),
        pk.note,
        _state_note(w, lora, st.p_bytes, st.master),
        *((fixed_sentence("training.autocast_copies"),) if pk.extra else ()),
        framework_memory_note(w),
        *((join([kbit_note(w, fw)]),) if kbit_prepared(w, fw) else ()),
        _range_note(w, fw.id, total),
        *((temps.host_note,) if temps.host_note is not None else ()),
        *(
            (join([msg("training.paged_states", gib=f"{st.paged_states / 2**30:,.1f}")]),)
            if st.paged_states
            else ()
        ),
        *((fixed_sentence("training.optimizer_in_bwd"),) if in_bwd_full else ()),
        *((join([msg("training.fsdp_root", gib=f"{st.root_held / 2**30:,.2f}")]),) if st.root_held else ()),
        *(
            (
                join(
                    [
                        msg(
                            "training.offloaded_checkpoints",
                            framework=fw.name,
                            gib=f"{acts.tokens * acts.layers_here * acts.ckpt_bytes / 2**30:,.1f}",
                        )
                    ]
                ),
            )
            if acts.offloaded
            else ()
        ),
    )


def training_memory(w: Workload, arch: ModelArch, num_gpus: int = 1) -> MemoryEstimate:
    """Peak per-GPU memory of one training step (LoRA, QLoRA, full fine-tune, pre-training).

    See the module docstring for the three moments F, B and O. Sharding:
    ZeRO-1 shards optimizer states, ZeRO-2 also gradients, ZeRO-3/FSDP also
    parameters (plus two layers of gathered parameters as buffers) over the
    data-parallel GPUs (ZeRO paper, Table 1). Tensor parallel divides weights
    and activations by its degree (Megatron-LM); pipeline parallel divides the
    layers. CPU offload moves optimizer states (and ZeRO-3 parameters) to host RAM.

    Raises:
        ValueError: for an unknown LoRA target or dtype.
    """
    plan = shard_plan(w, num_gpus)
    fw = training_framework(w.framework)
    step_fw = step_framework(w)
    lora = w.lora if w.is_adapter_training else None
    st = shard_model_states(w, arch, fw, step_fw, plan, model_states(w, arch, fw, lora), lora)
    in_bwd = optimizer_in_backward(w, plan.n)
    acts = activations(w, arch, fw, lora, st.fp32_params, plan)
    temps = _step_temporaries(w, arch, step_fw, plan, st, in_bwd)
    pk = _peak_moment(w, arch, st, acts, temps, lora is not None)
    weights = st.base_w + st.gather + int(pk.extra)
    est = MemoryEstimate(
        weights_bytes=weights,
        activations_bytes=int(pk.act) + RUNTIME_WORKSPACE_BYTES,
        logits_bytes=int(pk.log_b),
        gradients_bytes=int(pk.grad_b),
        optimizer_bytes=st.opt,
        optimizer_temp_bytes=pk.opt_tmp,
        adapters_bytes=st.adapters,
        quant_workspace_bytes=int(pk.quant_ws),
        allocator_overhead_bytes=int(pk.reserve) + ALLOC_BASE_TRAIN,
        cuda_context_bytes=CUDA_CONTEXT_BYTES,
        num_gpus=plan.n,
        trainable_params=st.trainable,
        total_params=arch.param_count(),
    )
    full = lora is None
    notes = _training_assumptions(w, fw, st, acts, temps, pk, est.total_bytes, in_bwd and full)
    return est.model_copy(update={"assumptions": notes})
