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

from ..dtypes import bytes_per_weight
from ..messages import Message, join, msg
from ..model_arch import ModelArch
from ..results import MemoryEstimate
from ..stacks.training_frameworks import deepspeed_step_bytes, logits_bytes, training_framework
from ..units import MiB
from ..workload import LoraConfig, Workload
from .common import CUDA_CONTEXT_BYTES, RUNTIME_WORKSPACE_BYTES, weights_bytes
from .training_states import (
    ADAFACTOR_BYTES_PER_PARAM,
    OPTIMIZER_8BIT_BYTES,
    OPTIMIZER_STATES,
    PAGED_OPTIMIZERS,
    expert_parallel_split,
    fsdp_unsharded_root_bytes,
    kbit_prepared,
    lora_trainable_params,
    optimizer_in_backward,
    step_framework,
    uses_master_weights,
)

# Logits/loss bytes per framework (12.1 B per token per vocabulary entry for transformers'
# ForCausalLMLoss; fused/chunked/cut cross-entropy elsewhere) live in training_frameworks.py.

ACTIVATION_SCALE = 0.93
"""Measured / counted activations per layer for full fine-tuning in bf16 (H200, 1B, 3 runs)."""
LORA_BYTES_PER_TARGET_PER_H = 0.8
"""Extra saved bytes per token per layer per LoRA target module, × hidden size (H200: 1B and 7B)."""
FP32_AUTOCAST_EXTRA_PER_H = 12.0
"""fp32 parameters under bf16 autocast keep fp32 residuals/norm inputs: +12·h bytes/token/layer."""

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


def activation_bytes_per_token_per_layer(
    arch: ModelArch,
    lora: LoraConfig | None,
    fp32_params: bool = False,
    seq_len: int = 0,
    attention: str = "sdpa",
) -> float:
    """Saved activations of one decoder layer per token (bytes), SDPA/flash attention.

    Counted tensor by tensor for a Llama-style layer — two RMSNorms saving an
    fp32 copy, q/k/v/out for SDPA, the o_proj input copy, gate/up/SiLU/product
    of the gated MLP: ``22·h + 8·I + 4·g·d_h`` bytes (Korthikanti et al. 2022,
    Eq. 2, adapted to RMSNorm, a gated MLP of width I and no attention matrix),
    × :data:`ACTIVATION_SCALE`. LoRA adds :data:`LORA_BYTES_PER_TARGET_PER_H`·h
    per target; fp32 parameters under autocast add
    :data:`FP32_AUTOCAST_EXTRA_PER_H`·h. MoE layers count the top-k experts'
    MLP activations. Eager attention also saves the score matrix and its fp32
    softmax: ``6·a·s`` bytes per token (Korthikanti et al.'s ``5·a·s/h`` term
    with transformers' fp32 softmax upcast); SDPA/flash kernels save none.
    """
    h, inter = arch.hidden_size, arch.active_mlp_width
    gd = arch.kv_heads * arch.head_dim_eff
    mlp = 8 * inter if arch.mlp_gated else 6 * inter
    per = ACTIVATION_SCALE * (22 * h + mlp + 4 * gd)
    if lora is not None:
        per += LORA_BYTES_PER_TARGET_PER_H * h * len(lora.targets)
    if fp32_params:
        per += FP32_AUTOCAST_EXTRA_PER_H * h
    if attention == "eager":
        per += 6 * arch.num_attention_heads * seq_len
    return per


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


def _range_note(w: Workload, fw_id: str, total: int) -> Message:
    """The range sentence of a training memory estimate and the evidence behind it."""
    measured = fw_id == "transformers" and w.task in ("lora", "qlora", "full_ft")
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
    n = max(1, num_gpus)
    par = w.parallelism
    tp = min(par.tensor_parallel, n)
    pp = min(par.pipeline_parallel, max(1, n // tp))
    dp = max(1, n // (tp * pp))
    zero = 3 if par.fsdp else par.zero_stage
    shards = tp * pp

    fw = training_framework(w.framework)
    step_fw = step_framework(w)
    total = arch.param_count()
    lora = w.lora if w.task in ("lora", "qlora") else None
    wdt = w.weights_dtype
    base_w = weights_bytes(arch, wdt, w.quantized_group_set)
    autocast_cache = 0
    if lora is not None:
        trainable = lora_trainable_params(arch, lora)
        p_bytes = bytes_per_weight(lora.adapter_dtype)
        adapters = int(trainable * p_bytes)
        fp32_params = False
        if kbit_prepared(w, fw):
            # peft prepare_model_for_kbit_training: every 16-bit parameter left unquantized
            # (embeddings, lm_head, norms) is cast to fp32; under autocast the lm_head is
            # re-cast to bf16 in each forward (cached); the residual stream becomes fp32
            emb = arch.vocab_size * arch.hidden_size * (1 if arch.tie_word_embeddings else 2)
            base_w += 2 * emb
            autocast_cache = 2 * arch.vocab_size * arch.hidden_size
    else:
        trainable = total
        p_bytes = max(2.0, bytes_per_weight(wdt))
        adapters = 0
        fp32_params = p_bytes >= 4 and w.compute_dtype != "fp32"
        if fp32_params:
            autocast_cache = 2 * total  # bf16 copies of fp32 weights, cached during forward
    grads = int(trainable * p_bytes)
    master = lora is None and p_bytes == 2.0 and uses_master_weights(w)
    if master and w.optimizer == "adamw":
        # mixed precision with fp32 master weights: 4 (master) + 4 + 4 (Adam) = K = 12 bytes
        opt = int(trainable * 12)
    elif w.optimizer in OPTIMIZER_8BIT_BYTES:
        opt = int(trainable * OPTIMIZER_8BIT_BYTES[w.optimizer])
    elif w.optimizer == "adafactor":
        opt = int(trainable * ADAFACTOR_BYTES_PER_PARAM)
    else:
        opt = int(trainable * p_bytes * OPTIMIZER_STATES[w.optimizer])
    state_note = _state_note(w, lora is not None, p_bytes, master)
    paged_states = 0
    if w.optimizer in PAGED_OPTIMIZERS:
        # in CUDA unified memory, paged to host RAM under pressure: not the GPU's to hold
        paged_states, opt = opt, 0
    in_bwd = optimizer_in_backward(w, n)

    # --- sharding of model states ------------------------------------------------------------
    base_w, grads, opt, adapters, autocast_cache = (
        x // shards for x in (base_w, grads, opt, adapters, autocast_cache)
    )
    if zero >= 1:
        opt //= dp
    if zero >= 2:
        grads //= dp
    base_w, grads, opt = expert_parallel_split(
        w, arch, zero, shards, trainable, lora is None, base_w, grads, opt
    )
    gather = 0
    if zero >= 3:
        base_w //= dp
        adapters //= dp
        autocast_cache //= dp
        gather = (
            2 * weights_bytes(arch, wdt, w.quantized_group_set) // max(1, arch.num_hidden_layers) // shards
        )
        if dp == 1 and not par.fsdp and step_fw.fp32_grad_copy:
            # DeepSpeed ZeRO-3 on one data-parallel rank gathers nothing: the parameter views
            # its own partition (partition_parameters.py _no_gather_coalesced, NoGatherHandle)
            gather = 0
    quantized_base = lora is not None and bytes_per_weight(wdt) < 2.0
    root_held = 0
    if zero >= 3 and par.fsdp and dp > 1 and (fw.eager_host or fw.id == "fsdp"):
        # accelerate / HF Trainer FSDP wraps each decoder layer (TRANSFORMER_BASED_WRAP) and
        # leaves the embeddings in the root unit
        root_held = fsdp_unsharded_root_bytes(w, arch, fw, dp) // shards
        gather += root_held
    if zero >= 3 and quantized_base and not par.fsdp:
        # DeepSpeed ZeRO-3 cannot partition bitsandbytes 4/8-bit parameters: every GPU holds
        # the whole quantized base (LlamaFactory #3880, public case C26). FSDP with
        # bnb_4bit_quant_storage (answer.ai FSDP+QLoRA) does shard them.
        base_w = weights_bytes(arch, wdt, w.quantized_group_set) // shards
        gather = 0
    if par.cpu_offload:
        opt = 0
        if zero >= 3:
            base_w = 0

    # --- activations ---------------------------------------------------------------------------
    s = w.training_seq_len()
    tokens = w.batch * s
    layers_here = max(1, arch.num_hidden_layers // pp)
    per_layer = activation_bytes_per_token_per_layer(arch, lora, fp32_params, s, w.attention) / tp
    per_layer *= fw.activation_scale
    one_layer = tokens * per_layer
    ckpt_bytes = (4 if (fp32_params or kbit_prepared(w, fw)) else 2) * arch.hidden_size
    offloaded = w.grad_ckpt and fw.offloads_checkpoints
    saved = 0.0 if offloaded else tokens * layers_here * (ckpt_bytes if w.grad_ckpt else per_layer)
    logits = logits_bytes(fw, tokens, arch.vocab_size) / tp
    if pp > 1:
        logits /= pp  # only the last stage holds the logits; averaged over stages

    emb_tensor = arch.vocab_size * arch.hidden_size * p_bytes / shards
    full = lora is None
    tied_temp = TIED_GRAD_FACTOR * emb_tensor if (full and arch.tie_word_embeddings) else 0.0
    opt_temp = OPT_TEMP_FACTOR.get(w.optimizer, 0.6) * emb_tensor if full else 0.0
    if step_fw.fp32_grad_copy:
        # DeepSpeed's step() flattens the (sharded) gradients and casts them to fp32 before the
        # fused Adam update (ZeRO-3: one sub-group at a time), and holds its reduce/allgather
        # buckets (stage_1_and_2.py, stage3.py; training_frameworks.deepspeed_step_bytes)
        opt_temp += (
            deepspeed_step_bytes(trainable / shards / (dp if zero >= 1 else 1), zero) + step_fw.bucket_bytes
        )
    zero_offload = par.cpu_offload and zero >= 2
    host_note: Message | None = None
    if zero_offload:
        # DeepSpeed ZeRO-Offload (Ren et al. 2021, arXiv 2101.06840): fp32 master weights, Adam
        # states and the fp32 gradient partition live in pinned CPU RAM and DeepSpeedCPUAdam
        # steps there; gradients leave the GPU bucket by bucket as they are reduced
        # (stage_1_and_2.py async_inplace_copy_grad_to_fp32_buffer_from_gpu), so the GPU keeps
        # the 16-bit parameters (ZeRO-3: gathered layers), one reduce bucket and activations.
        # FSDP CPUOffload (no DeepSpeed buckets): about two layers of unsharded gradients
        layer_grads = 2 * int(trainable * p_bytes) // max(1, arch.num_hidden_layers) // shards
        grads = min(grads, max(step_fw.bucket_bytes // 2, layer_grads))
        opt_temp = float(step_fw.bucket_bytes)
        per_param = 18 if zero >= 3 else 16  # DeepSpeed estimate_zero{2,3}_model_states_mem_needs
        host = trainable * max(4 * n, per_param) * 1.5
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
    lora_grads = grads if not full else 0
    if in_bwd and full:
        # each gradient is applied and freed in its post-accumulate hook: the largest
        # parameter's gradient (the V·h embedding or lm_head) is the most alive at once, and
        # no optimizer step follows the backward pass
        grads = min(grads, int(emb_tensor))
        opt_temp = 0.0

    states = base_w + gather + adapters + opt
    layer_factor = ALLOC_LAYER_FACTOR_CKPT if w.grad_ckpt else ALLOC_LAYER_FACTOR_NO_CKPT
    f_alloc = states + lora_grads + autocast_cache + saved + logits
    f_reserve = ALLOC_FRAG_ACTIVATIONS * (saved + logits) + layer_factor * one_layer
    late_reserve = ALLOC_FRAG_GRADS * grads + ALLOC_FRAG_AUTOCAST * autocast_cache
    # QLoRA's backward dequantizes each frozen 4-bit weight to bf16 again (bitsandbytes)
    dequant = (
        2 * max(a * b for a, b in arch.module_shapes().values())
        if (lora is not None and bytes_per_weight(wdt) < 2.0)
        else 0
    )
    b_alloc = states + grads + one_layer + tied_temp + dequant
    o_alloc = states + grads + opt_temp
    moments = {
        "F": f_alloc + f_reserve,
        "B": b_alloc + late_reserve,
        "O": o_alloc + late_reserve,
    }
    peak = max(moments, key=lambda k: moments[k])
    quant_ws = 0
    opt_tmp_shown = 0
    if peak == "F":
        act, log_b, grad_b, extra = saved, logits, lora_grads, autocast_cache
        reserve = f_reserve
        note = join([msg("training.peak_loss")])
    elif peak == "B":
        act, log_b, grad_b, extra = one_layer + tied_temp, 0.0, grads, 0
        quant_ws = dequant
        reserve = late_reserve
        note = join([msg("training.peak_backward")])
    else:
        # the step's temporaries (fp32 gradient partition, foreach-Adam buffers, buckets) are
        # optimizer memory, not activations: a smaller batch cannot shrink them
        act, log_b, grad_b, extra = 0.0, 0.0, grads, 0
        opt_tmp_shown = int(opt_temp)
        reserve = late_reserve
        note = join([msg("training.peak_optimizer")])
    return MemoryEstimate(
        weights_bytes=base_w + gather + int(extra),
        activations_bytes=int(act) + RUNTIME_WORKSPACE_BYTES,
        logits_bytes=int(log_b),
        gradients_bytes=int(grad_b),
        optimizer_bytes=opt,
        optimizer_temp_bytes=opt_tmp_shown,
        adapters_bytes=adapters,
        quant_workspace_bytes=int(quant_ws),
        allocator_overhead_bytes=int(reserve) + ALLOC_BASE_TRAIN,
        cuda_context_bytes=CUDA_CONTEXT_BYTES,
        num_gpus=n,
        trainable_params=trainable,
        total_params=total,
        assumptions=(
            join(
                [
                    msg("training.task_optimizer", task=w.task, optimizer_id=w.optimizer),
                    msg("training.micro_batch", batch=w.batch, tokens=s),
                    msg("training.grad_ckpt" if w.grad_ckpt else "training.no_grad_ckpt"),
                ],
                "clauses",
            ),
            note,
            state_note,
            *((join([msg("training.autocast_copies")]),) if extra else ()),
            framework_memory_note(w),
            *((join([msg("training.kbit_prepared")]),) if kbit_prepared(w, fw) else ()),
            _range_note(
                w,
                fw.id,
                (
                    base_w
                    + gather
                    + int(extra)
                    + int(act)
                    + RUNTIME_WORKSPACE_BYTES
                    + int(log_b)
                    + int(grad_b)
                    + opt
                    + opt_tmp_shown
                    + adapters
                    + int(quant_ws)
                    + int(reserve)
                    + ALLOC_BASE_TRAIN
                    + CUDA_CONTEXT_BYTES
                ),
            ),
            *((host_note,) if host_note is not None else ()),
            *(
                (join([msg("training.paged_states", gib=f"{paged_states / 2**30:,.1f}")]),)
                if paged_states
                else ()
            ),
            *((join([msg("training.optimizer_in_bwd")]),) if in_bwd and full else ()),
            *((join([msg("training.fsdp_root", gib=f"{root_held / 2**30:,.2f}")]),) if root_held else ()),
            *(
                (
                    join(
                        [
                            msg(
                                "training.offloaded_checkpoints",
                                framework=fw.name,
                                gib=f"{tokens * layers_here * ckpt_bytes / 2**30:,.1f}",
                            )
                        ]
                    ),
                )
                if offloaded
                else ()
            ),
        ),
    )
