"""Activations of one training step on one GPU: saved per layer, checkpoints and logits.

Counted tensor by tensor per decoder layer (Korthikanti et al. 2022, "Reducing Activation
Recomputation in Large Transformer Models", Eq. 2, adapted to RMSNorm and a gated MLP), scaled by
the H200 cases of ``validation/h200.jsonl``; :mod:`.training` adds the model states, the
backward's and optimizer's temporaries and the allocator's reserve.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model_arch import ModelArch
from ..stacks.training_frameworks import TrainingFramework, logits_bytes
from ..workload import Workload
from ..workload.parts import LoraConfig
from .training_states import ShardPlan, kbit_fp32_embeddings

ACTIVATION_SCALE = 0.93
"""Measured / counted activations per layer for full fine-tuning in bf16 (H200, 1B, 3 runs)."""
LORA_BYTES_PER_TARGET_PER_H = 0.8
"""Extra saved bytes per token per layer per LoRA target module, × hidden size (H200: 1B and 7B)."""
FP32_AUTOCAST_EXTRA_PER_H = 12.0
"""fp32 parameters under bf16 autocast keep fp32 residuals/norm inputs: +12·h bytes/token/layer."""


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


@dataclass(frozen=True)
class Activations:
    """What a step holds for the activations of one GPU (bytes, except the counts).

    Attributes:
        tokens: tokens of one micro-batch (batch × sequence length).
        layers_here: decoder layers on this GPU (its pipeline stage).
        one_layer: one layer's saved activations for the micro-batch.
        ckpt_bytes: bytes per token and layer of a gradient checkpoint (the layer input).
        offloaded: checkpoints offloaded to host RAM by the framework.
        saved: activations alive at the end of the forward.
        logits: logits and loss buffers alive at the loss.
        grad_work: the backward's activation gradients of one layer, when the framework's
            kernels fix them (Unsloth's in-place LoRA backward); None: the allocator factor of
            :mod:`.training` in units of ``one_layer``.
    """

    tokens: int
    layers_here: int
    one_layer: float
    ckpt_bytes: int
    offloaded: bool
    saved: float
    logits: float
    grad_work: float | None = None


def activations(
    w: Workload, arch: ModelArch, fw: TrainingFramework, lora: LoraConfig | None, fp32: bool, plan: ShardPlan
) -> Activations:
    """Saved activations, checkpoints and logits of one micro-batch on one GPU.

    Per layer: :func:`activation_bytes_per_token_per_layer` × the framework's activation scale,
    divided by the tensor-parallel degree; with gradient checkpointing only each layer's input
    is kept (fp32 when the residual stream is fp32, :func:`kbit_fp32_embeddings`), none when
    the workload asks for an offloading mode the framework has.
    Logits: :func:`~gpupicker.core.stacks.training_frameworks.logits_bytes`, on the last
    pipeline stage only (averaged over stages).
    """
    s = w.training_seq_len()
    tokens = w.batch * s
    layers_here = max(1, arch.num_hidden_layers // plan.pp)
    per_layer = activation_bytes_per_token_per_layer(arch, lora, fp32, s, w.attention) / plan.tp
    per_layer *= fw.activation_scale
    ckpt_bytes = (4 if (fp32 or kbit_fp32_embeddings(w, fw)) else 2) * arch.hidden_size
    # only an offloading mode moves the checkpoints (Unsloth's "unsloth", torchtune/TRL
    # activation offloading); grad_ckpt: true is the HF checkpoint, inputs on the GPU
    offloaded = w.grad_ckpt and w.grad_ckpt_offload and fw.offloads_checkpoints
    saved = 0.0 if offloaded else tokens * layers_here * (ckpt_bytes if w.grad_ckpt else per_layer)
    logits = logits_bytes(fw, tokens, arch.vocab_size) / plan.tp
    if plan.pp > 1:
        logits /= plan.pp  # only the last stage holds the logits; averaged over stages
    grad_work = None
    if fw.inplace_lora_backward and lora is not None:
        # Unsloth's LoRA_MLP.backward (unsloth/kernels/fast_lora.py) allocates one tokens × I
        # buffer (DW = dY·W_down^T), writes h, df, de into DW, e, g and dX into X in place;
        # the attention adds its dQ, dK, dV
        h, gd = arch.hidden_size, arch.kv_heads * arch.head_dim_eff
        grad_work = tokens * (2 * arch.active_mlp_width + 2 * h + 4 * gd) / plan.tp
    return Activations(
        tokens, layers_here, tokens * per_layer, ckpt_bytes, offloaded, saved, logits, grad_work
    )


__all__ = [
    "ACTIVATION_SCALE",
    "Activations",
    "FP32_AUTOCAST_EXTRA_PER_H",
    "LORA_BYTES_PER_TARGET_PER_H",
    "activation_bytes_per_token_per_layer",
    "activations",
]
