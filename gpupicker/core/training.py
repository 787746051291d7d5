"""Training memory: full fine-tuning, pre-training, LoRA and QLoRA, with ZeRO/FSDP sharding.

Sources: ZeRO paper (Rajbhandari et al. 2020) for 2+2+12 bytes/parameter of
mixed-precision Adam and for the stage-wise sharding; Korthikanti et al. 2022
for per-layer activations; QLoRA paper (Dettmers et al. 2023) for NF4;
peft issues #1514/#1469 (LoRA does not shrink activations). Constants marked
"H200" are calibrated on ``shared/validation/h200.jsonl``.
"""

from __future__ import annotations

from .dtypes import bytes_per_weight
from .memory import CUDA_CONTEXT_BYTES, RUNTIME_WORKSPACE_BYTES, weights_bytes
from .model_arch import ModelArch
from .results import MemoryEstimate
from .workload import LoraConfig, Workload

OPTIMIZER_STATES = {"adamw": 2.0, "lion": 1.0, "sgd": 1.0, "adafactor": 0.0}
"""Optimizer states per trainable parameter, in units of the parameter's dtype size."""
OPTIMIZER_8BIT_BYTES = {"adamw8bit": 2.0, "paged_adamw8bit": 2.0}
"""bitsandbytes 8-bit optimizers: two uint8 states per parameter (+ small block scales)."""

LOGITS_BYTES_PER_VOCAB = 11.5
"""Bytes per token per vocabulary entry at the loss: bf16 logits, fp32 upcast, log-softmax
and its gradient (transformers ``ForCausalLMLoss``); H200 fit over V = 32k and 128k."""


def lora_trainable_params(arch: ModelArch, lora: LoraConfig) -> int:
    """Exact LoRA trainable parameters: Σ over targets and layers of ``r·(d_in + d_out)``.

    peft's count (``print_trainable_parameters``) equals this for Linear targets
    (LoRA paper, Hu et al. 2021, §4). For MoE, expert MLP targets count once per expert.

    Raises:
        ValueError: when a target module name is unknown for this architecture.
    """
    if lora.trainable_params is not None:
        return lora.trainable_params
    shapes = arch.module_shapes()
    per_layer = 0
    for t in lora.targets:
        if t not in shapes:
            raise ValueError(f"unknown LoRA target module {t!r}; known: {', '.join(sorted(shapes))}")
        din, dout = shapes[t]
        mult = (arch.num_local_experts or 1) if (arch.is_moe and t in (
            "gate_proj", "up_proj", "down_proj", "w1", "w2", "w3")) else 1
        per_layer += lora.r * (din + dout) * mult
    return per_layer * arch.num_hidden_layers


def activation_bytes_per_token_per_layer(arch: ModelArch, lora: LoraConfig | None) -> float:
    """Saved activations of one decoder layer per token, 16-bit compute, SDPA/flash attention.

    Counted tensor by tensor for a Llama-style layer (two RMSNorms saving an
    fp32 copy, q/k/v/out for SDPA, the o_proj input copy, gate/up/SiLU/product of
    the gated MLP): ``22·h + 8·I + 4·g·d_h`` bytes (Korthikanti et al. 2022
    Eq. 2 adapted to RMSNorm, a gated MLP of width I and no attention matrix);
    LoRA adds the adapters' inputs in their dtype. Scaled by 0.87 to the H200
    measurements (PyTorch frees some saved tensors early).
    """
    h, inter = arch.hidden_size, arch.intermediate_size
    if arch.is_moe:
        inter = (arch.moe_intermediate_size or inter) * (arch.num_experts_per_tok or 1)
    gd = arch.kv_heads * arch.head_dim_eff
    mlp = 8 * inter if arch.mlp_gated else 6 * inter
    base = 22 * h + mlp + 4 * gd
    extra = 0.0
    if lora is not None:
        extra = 0.5 * lora.r * 2 * len(lora.targets)
    return 0.87 * base + extra


def training_memory(w: Workload, arch: ModelArch, num_gpus: int = 1) -> MemoryEstimate:
    """Peak per-GPU memory of one training step (LoRA, QLoRA, full fine-tune, pre-training).

    The peak is the larger of (a) the end of the forward pass/loss — weights,
    optimizer states, saved activations and fp32 logits — and (b) the optimizer
    step — weights, gradients and states. Sharding: ZeRO-1 shards optimizer
    states, ZeRO-2 also gradients, ZeRO-3/FSDP also parameters (plus two
    layers of gathered parameters as buffers), over the data-parallel GPUs.
    Tensor parallel divides weights and most activations by its degree.
    """
    n = max(1, num_gpus)
    par = w.parallelism
    tp = min(par.tensor_parallel, n)
    pp = min(par.pipeline_parallel, max(1, n // tp))
    dp = max(1, n // (tp * pp))
    zero = 3 if par.fsdp else par.zero_stage

    total = arch.param_count()
    lora = w.lora if w.task in ("lora", "qlora") else None
    wdt = w.weights_dtype
    base_w = weights_bytes(arch, wdt)
    if lora is not None:
        trainable = lora_trainable_params(arch, lora)
        p_bytes = bytes_per_weight(lora.adapter_dtype)
        adapters = int(trainable * p_bytes)
    else:
        trainable = total
        p_bytes = bytes_per_weight(wdt) if bytes_per_weight(wdt) >= 2 else 2.0
        adapters = 0
    grads = int(trainable * p_bytes)
    if w.optimizer in OPTIMIZER_8BIT_BYTES:
        opt = int(trainable * OPTIMIZER_8BIT_BYTES[w.optimizer])
    else:
        opt = int(trainable * p_bytes * OPTIMIZER_STATES[w.optimizer])
        if w.optimizer == "adafactor":
            opt = int(trainable * 4 * 0.02)

    # sharding of model states
    model_shards = tp * pp
    base_w //= model_shards
    grads //= model_shards
    opt //= model_shards
    adapters //= model_shards
    if zero >= 1:
        opt //= dp
    if zero >= 2:
        grads //= dp
    gather = 0
    if zero >= 3:
        base_w //= dp
        adapters //= dp
        gather = 2 * weights_bytes(arch, wdt) // max(1, arch.num_hidden_layers) // model_shards
    if par.cpu_offload:
        opt = 0
        if zero >= 3:
            base_w = gather

    s = w.training_seq_len()
    tokens = w.batch * s
    L_local = max(1, arch.num_hidden_layers // pp)
    per_layer = activation_bytes_per_token_per_layer(arch, lora)
    if w.grad_ckpt:
        act = tokens * (L_local * 2 * arch.hidden_size + per_layer)
    else:
        act = tokens * L_local * per_layer
    act = act / tp
    logits = tokens * arch.vocab_size * LOGITS_BYTES_PER_VOCAB / tp
    if pp > 1:
        logits /= pp  # only the last stage holds logits; report the average stage

    phase_fwd = act + logits
    phase_opt = grads
    if phase_fwd >= phase_opt:
        act_b, logits_b, grads_b = int(act), int(logits), 0 if lora is None else grads
    else:
        act_b, logits_b, grads_b = 0, 0, grads
    frag = 0.08 * (act_b + logits_b)
    quant_ws = 0
    if bytes_per_weight(wdt) < 2.0 and lora is not None:
        quant_ws = 2 * max(a * b for a, b in arch.module_shapes().values())
    return MemoryEstimate(
        weights_bytes=base_w + gather,
        activations_bytes=act_b + RUNTIME_WORKSPACE_BYTES,
        logits_bytes=logits_b,
        gradients_bytes=grads_b,
        optimizer_bytes=opt,
        adapters_bytes=adapters,
        quant_workspace_bytes=quant_ws,
        allocator_overhead_bytes=int(frag),
        cuda_context_bytes=CUDA_CONTEXT_BYTES,
        num_gpus=n,
        trainable_params=trainable,
        total_params=total,
        assumptions=(
            f"{w.task} with {w.optimizer}; micro-batch {w.batch} × {s} tokens"
            + ("; gradient checkpointing" if w.grad_ckpt else ""),
        ),
    )
