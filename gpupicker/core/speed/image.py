"""Image generation and diffusion LoRA/DreamBooth fine-tuning: speed per architecture.

The families, their denoisers and the memory plan (which memory options a card needs) are
:mod:`gpupicker.core.memory.diffusion`'s.

**Speed**: seconds per step = a fixed host/scheduler time per denoising step + denoiser
FLOPs / (sustained tensor rate × η_family). UNet FLOPs are counted from the diffusers
configs — SD 1.5 at 512²: 338.7 GMAC per forward (BK-SDM, Kim et al. 2023, Table 1; our
count from ``UNet2DConditionModel`` config: 332 GMAC, of which 61 G attention scores),
SDXL at 1024²: 3.08 TMAC (our count: 2.70 T convolutions/projections + 0.38 T attention) —
scaled with the latent pixels (attention with their square). MMDiTs (SD3, FLUX.1/2,
Qwen-Image) per block type (:func:`dit_block_flops`: double-stream blocks run their image and
text weights on their own tokens, single-stream blocks one set on the joint sequence, attention
at the joint length; the AdaLN modulation is not per token); other DiTs ``2·P·T + 4·L·T²·h``
with ``T`` image + text tokens. η and the fixed time are calibrated on the
diffusers ``optimization/torch2.0`` benchmark table (SD 1.5, 7 GPUs × batch 1/4) and C59
(SDXL): batch 4 costs ≈ 2× less per image than batch 1 because the fixed time is shared.
"""

from __future__ import annotations

import math

from ..dtypes import bytes_per_weight
from ..hardware.gpu_sustained import (
    bandwidth_derived_tflops,
    power_limit_factor,
    sustained_notes,
    tensor_tflops,
)
from ..hardware.specs import GpuSpec
from ..memory.diffusion import (
    SDXL_UNET_PARAMS,
    DiffusionFamily,
    denoiser_params,
    diffusion_plan,
    family_of,
    images_per_call,
    options_text,
)
from ..messages import Message, join, msg
from ..model_arch import ModelArch
from ..results import Throughput
from ..workload import Workload

STEP_FIXED_S = {"datacenter": 0.030, "workstation": 0.030, "consumer": 0.008}
"""Fixed host time per denoising step (scheduler, CFG concat, timestep embedding, Python and
launches not hidden under the GPU): diffusers torch2.0 table — A100/V100 cloud hosts
≈ 30 ms, desktop RTX 3090/4090 hosts ≈ 8 ms (the batch-1 vs batch-4 rows of the same GPU
separate it from the FLOP-proportional part). UNCERTAIN: depends on the host CPU."""
MODEL_OFFLOAD_S_PER_GB = 1.0 / 12.0
"""Model CPU offload moves each component over PCIe once per call (~12 GB/s effective)."""
SEQUENTIAL_OFFLOAD_SLOWDOWN = 5.9
"""Sequential CPU offload streams every block every step: C59 67.0 s vs 11.4 s."""
LORA_TRAIN_FLOP_FACTOR = 2.0
"""Frozen-base LoRA step = forward + activation-gradient backward ≈ 2 forwards (+1 with
gradient checkpointing); the LoRA weight gradients are negligible."""
TRAIN_HOST_DISPATCH_S_SDXL = 0.40
"""Host (CPU) time to issue one eager LoRA training step of the SDXL UNet: ≈ 20,000 autograd ops
(UNet forward ≈ 3,000 kernels, backward ≈ 2×, plus ≈ 700 LoRA modules of 4–5 ops each way and the
optimizer) × ≈ 20 µs of PyTorch eager dispatch each. The GPU runs asynchronously, so a step takes
the longer of this and the GPU time. Evidence that SDXL LoRA steps are host-bound on fast cards:
kohya-ss/sd-scripts#827 (RTX 3090 Ti 1.12 s/it at 1024², batch 1, and a 4090 no faster) and
bmaltais/kohya_ss#1288 (4090 ≈ 1.1 s per step); newer stacks with SDPA report 1.5–3 it/s on a 4090
(0.3–0.7 s). Scaled to other denoisers with sqrt(parameters) (UNCERTAIN: module count proxy)."""


def denoiser_flops_per_latent(arch: ModelArch, res: int) -> float:
    """FLOPs of one denoiser forward for one latent at ``res`` × ``res`` pixels."""
    fam = family_of(arch)
    # an MoE denoiser (Wan2.2 A14B: two 14 B experts of 27 B) runs one expert per step
    den = denoiser_params(arch, fam) * arch.active_param_count() / max(arch.param_count(), 1)
    if fam.unet_lin_macs:
        r = (res / fam.native) ** 2
        scale = den / fam.denoiser
        return 2.0 * (fam.unet_lin_macs * r + fam.unet_attn_macs * r * r) * scale
    # video: 81 frames → 21 latent frames at 832×480 (aspect kept), 16-px patches
    tokens = 21 * (res / 16) * (res * 480 / 832 / 16) if fam.id == "video" else (res / 16) ** 2
    if fam.double_blocks or fam.single_blocks:
        return dit_block_flops(fam, tokens) * den / fam.denoiser
    t = tokens + fam.text_tokens
    return 2.0 * den * t + 4.0 * fam.layers * t * t * fam.hidden


SDPA_ATTENTION_SHARE: dict[str, float] = {"Hopper": 0.35, "Ampere": 0.70, "Ada Lovelace": 0.70}
"""Share of the dense 16-bit tensor peak that PyTorch SDPA's flash backend (FlashAttention-2)
reaches on a long non-causal forward, by architecture. Hopper 0.35: FlashAttention-2 "achieves
only 35% utilization on H100" (its ``mma.sync`` kernels do not use ``wgmma``; FlashAttention-3
reaches 75 %: Shah et al. 2024, arXiv 2407.08608, abstract). Ampere 0.70: FlashAttention-2's
forward reaches 50–73 % of the A100's peak, the top of that range at head dim 128 and long
sequences (Dao 2023, arXiv 2307.08691, section 4.1) — FLUX's case (24 heads × 128, 4,608
tokens). Ada Lovelace: the same ``sm80`` kernels at full ``mma.sync`` rate (UNCERTAIN: no
published Ada figure). Other architectures have no entry: their attention is costed at the
family η and the estimate says so."""


def dit_flops_split(fam: DiffusionFamily, image_tokens: float) -> tuple[float, float]:
    """(projection + MLP GEMM FLOPs, attention FLOPs) of one MMDiT forward.

    Their total is :func:`dit_block_flops`. Attention is ``4·T²·hidden`` per block at the
    joint length ``T`` (QKᵀ and AV, the FLOPs an SDPA kernel runs).
    """
    t = image_tokens + fam.text_tokens
    d2 = float(fam.hidden) ** 2
    per_token = 2.0 * d2 * (fam.double_blocks * fam.double_d2 + fam.single_blocks * fam.single_d2)
    attention = 4.0 * (fam.double_blocks + fam.single_blocks) * t * t * fam.hidden
    return per_token * t, attention


def attention_flops_per_latent(arch: ModelArch, res: int) -> float:
    """Attention (QKᵀ + AV) FLOPs of one MMDiT denoiser forward at ``res`` × ``res`` pixels.

    0 for UNets and the other DiTs (their attention stays in :func:`denoiser_flops_per_latent`
    at the family η).
    """
    fam = family_of(arch)
    if fam.unet_lin_macs or fam.id == "video" or not (fam.double_blocks or fam.single_blocks):
        return 0.0
    den = denoiser_params(arch, fam) * arch.active_param_count() / max(arch.param_count(), 1)
    return dit_flops_split(fam, (res / 16) ** 2)[1] * den / fam.denoiser


def dit_block_flops(fam: DiffusionFamily, image_tokens: float) -> float:
    """FLOPs of one forward of an MMDiT denoiser counted per block type, at the model-card size.

    A double-stream block runs its image weights on the image tokens and its text weights on
    the text tokens (``2·double_d2·hidden²`` FLOPs per token of either stream); a
    single-stream block runs one set of weights on the joint sequence; every block attends over
    the joint sequence ``T = image + text`` tokens (QKᵀ and AV: ``4·T²·hidden``). The AdaLN
    modulation Linears act on one timestep vector per block and are not counted.
    FLUX.1-dev at 1024² (4096 image + 512 text tokens): 59.5 TFLOP of projections and MLPs +
    14.9 TFLOP of attention = 74.4 TFLOP per step (``2·P·T`` gave 125 TFLOP).

    Source: the block layouts of diffusers ``FluxTransformerBlock`` /
    ``FluxSingleTransformerBlock`` (see :data:`FAMILIES`).
    """
    gemm, attention = dit_flops_split(fam, image_tokens)
    return gemm + attention


def diffusion_throughput(w: Workload, arch: ModelArch, gpu: GpuSpec, n: int) -> Throughput:
    """Seconds per image (generation) or per training image (LoRA), see the module docstring.

    Raises:
        ValueError: for an unknown weights dtype.
    """
    fam = family_of(arch)
    train = w.task == "diffusion_lora"
    b = images_per_call(w)
    latents = b * (2 if (w.cfg and fam.cfg and not train) else 1)
    f_lat = denoiser_flops_per_latent(arch, w.resolution)
    dtype = "fp8" if w.compute_dtype == "fp8" else "bf16"
    tf = tensor_tflops(gpu, dtype) * power_limit_factor(gpu, dtype) or bandwidth_derived_tflops(gpu)
    eta = fam.eta if gpu.is_cuda else fam.eta * 0.6
    fixed = STEP_FIXED_S.get((gpu.segment or "").split()[0] if gpu.segment else "", 0.030)
    flops = f_lat * latents * ((LORA_TRAIN_FLOP_FACTOR + (1 if w.grad_ckpt else 0)) if train else 1.0)
    if bytes_per_weight(w.weights_dtype) < 1.0:  # NF4/int4 denoiser: dequantize every step
        flops *= 1.15
    # MMDiT attention runs in SDPA's flash kernel at its own share of the peak (Hopper 0.35
    # against the GEMMs' η); UNet and other DiT attention stays at the family η
    attn_share = SDPA_ATTENTION_SHARE.get(gpu.architecture or "") if gpu.is_cuda else None
    attn = attention_flops_per_latent(arch, w.resolution) * flops / f_lat if attn_share else 0.0
    gpu_s = (flops - attn) / (tf * 1e12 * eta) + (attn / (tf * 1e12 * attn_share) if attn_share else 0.0)
    host_s = 0.0
    if train:  # eager training: the GPU waits on the host's op dispatch
        host_s = (
            TRAIN_HOST_DISPATCH_S_SDXL
            * (denoiser_params(arch, fam) / SDXL_UNET_PARAMS) ** 0.5
            * (4 / 3 if w.grad_ckpt else 1.0)
        )
    step = fixed * (2 if train else 1) + max(gpu_s, host_s)
    _mem, opts = diffusion_plan(w, arch, gpu, n)
    alternative: Message | str = ""
    if "sequential_cpu_offload" in opts:
        step *= SEQUENTIAL_OFFLOAD_SLOWDOWN
        alternative = offload_alternative(w, arch, gpu, n)
    if train:
        per_image = step / b
        extra = 0.0
    else:
        per_call = w.steps * step + 0.1 * b  # + text encoders and VAE decode
        if "model_cpu_offload" in opts:
            den_gb = denoiser_params(arch, fam) * max(bytes_per_weight(w.weights_dtype), 0.5) / 1e9
            per_call += (den_gb + fam.encoders * 2 / 1e9) * MODEL_OFFLOAD_S_PER_GB
        per_image = per_call / b
        extra = 0.0
    # data parallel over whole images (pipeline calls of b images; LoRA steps of b training
    # images): GPUs beyond the images there are have nothing to do (1 image on 8
    # GPUs took 1/8 of the time)
    busy = max(1, min(n, math.ceil(w.images / max(1, b))))
    per_image = per_image / busy + extra
    lo, hi = per_image * 0.75, per_image * 1.35
    what = (
        msg(
            "diffusion.train_step_time",
            seconds=f"{step:.3f}",
            images=b,
            gpu_s=f"{gpu_s:.3f}",
            host_s=f"{host_s:.3f}",
        )
        if train
        else msg("diffusion.denoise_step_time", ms=f"{step * 1e3:.0f}", steps=w.steps, images=b)
    )
    return Throughput(
        seconds_per_image=per_image,
        bound="engine" if host_s > gpu_s else "compute",
        efficiency=eta,
        offload_alternative=alternative,
        assumptions=(
            join([what]),
            join(
                [
                    msg(
                        "diffusion.flops_cfg" if latents > b else "diffusion.flops",
                        tflop=f"{flops / 1e12:.2f}",
                        family=fam.id,
                        eta=f"{eta:.0%}",
                        tflops=f"{tf:,.0f}",
                        fixed=f"{fixed * 1e3:.0f}",
                    )
                ]
            ),
            join(
                [
                    msg(
                        "diffusion.range_train_image" if train else "diffusion.range_image",
                        lo=f"{lo:.2f}",
                        hi=f"{hi:.2f}",
                    )
                ]
            ),
            *_attention_note(arch, gpu, attn, attn_share, eta),
            *((join([msg("diffusion.options_applied", options=options_text(opts))]),) if opts else ()),
            *((join([alternative]),) if isinstance(alternative, Message) else ()),
            *sustained_notes(gpu),
            join([msg("diffusion.parallel_train" if train else "diffusion.parallel_images")]),
            *((join([msg("diffusion.idle_gpus", images=w.images, busy=busy, n=n)]),) if busy < n else ()),
        ),
    )


def _attention_note(
    arch: ModelArch, gpu: GpuSpec, attn_flops: float, share: float | None, eta: float
) -> tuple[Message, ...]:
    """The assumption line on how an MMDiT's attention was costed; () for UNets and other DiTs."""
    if not attention_flops_per_latent(arch, 1024):
        return ()
    a = gpu.architecture or gpu.name
    if share:
        return (
            join(
                [
                    msg(
                        "diffusion.attention_kernel",
                        tflop=f"{attn_flops / 1e12:.2f}",
                        share=f"{share:.0%}",
                        arch=a,
                    )
                ]
            ),
        )
    return (join([msg("diffusion.attention_family_eta", eta=f"{eta:.0%}", arch=a)]),)


def image_job_hours(w: Workload, seconds_per_image: float) -> float:
    """Hours of an image job.

    ``images × s/image / 3600`` for generation, ``images × epochs × s/step-image / 3600`` for
    diffusion LoRA (each epoch sees every training image once; the
    seconds already divide by the data-parallel GPUs).
    """
    passes = w.epochs if w.task == "diffusion_lora" else 1.0
    return w.images * passes * seconds_per_image / 3600.0


def offload_alternative(w: Workload, arch: ModelArch, gpu: GpuSpec, n: int = 1) -> Message | str:
    """The quantized alternative when only sequential CPU offload fits ``gpu``.

    The quantized denoiser (fp8, then NF4) that fits with at most model CPU offload, with its
    seconds per image: one clause without a full stop (the option's reason quotes it; the
    throughput's assumptions make it a sentence) — '' when none does (diffusers docs
    ``quantization``: fp8 / bitsandbytes NF4 transformer weights).
    """
    for dt in ("fp8", "nf4"):
        if bytes_per_weight(w.weights_dtype) <= bytes_per_weight(dt):
            continue
        w2 = w.model_copy(update={"weights_dtype": dt})
        mem, opts = diffusion_plan(w2, arch, gpu, n)
        if "sequential_cpu_offload" in opts or mem.total_bytes > gpu.usable_memory_bytes:
            continue
        t = diffusion_throughput(w2, arch, gpu, n)
        return msg(
            "diffusion.offload_alternative_train"
            if w.task == "diffusion_lora"
            else "diffusion.offload_alternative",
            x=f"{SEQUENTIAL_OFFLOAD_SLOWDOWN:g}",
            dtype=w.weights_dtype,
            alt=dt,
            gib=f"{mem.total_bytes / 2**30:.1f}",
            s=f"{t.seconds_per_image:.1f}",
        )
    return ""


__all__ = [
    "denoiser_flops_per_latent",
    "attention_flops_per_latent",
    "dit_block_flops",
    "dit_flops_split",
    "diffusion_throughput",
    "image_job_hours",
    "offload_alternative",
]
