"""Image generation and diffusion LoRA/DreamBooth fine-tuning: memory and speed per architecture.

Families: UNet (SD 1.x/2.x, SDXL), MMDiT (SD3/3.5), DiT (FLUX.1, Stable Cascade, video DiTs).
Each has its own denoiser FLOPs per step at the latent size, text encoders and VAE.

**Memory** (diffusers). Peak = the pipeline weights on the GPU (denoiser + text encoders +
VAE) + the larger of the denoiser's working set at the chosen resolution and batch (× 2
with classifier-free guidance) and the VAE decode (one image at a time with VAE slicing,
512² tiles with VAE tiling). Model CPU offload keeps only the largest component on the
GPU; sequential CPU offload streams one block at a time. When a GPU is given and the plain
pipeline does not fit, :func:`diffusion_plan` tries the options people use, in this order:
VAE tiling + slicing, attention slicing, model CPU offload, sequential CPU offload — and says
which one it needed (diffusers docs ``optimization/memory``).

Anchors: Hugging Face blog "Exploring simple optimizations for SDXL" (public case C59):
SDXL fp16 + SDPA, 4 images at 1024², peak 21.72 GB; with VAE slicing 15.40 GB; model
CPU offload 20.21 GB / 16.1 s; sequential offload 67.0 s. From those: UNet working set ≈
64.5 kB per latent pixel (8 latents of 128²) and VAE decode ≈ 3.5 kB per output pixel.

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
from dataclasses import dataclass

from .dtypes import bytes_per_weight
from .gpu_sustained import bandwidth_derived_tflops, power_limit_factor, sustained_notes, tensor_tflops
from .hardware import GpuSpec
from .memo import by_identity
from .messages import Message, join, msg
from .model_arch import ModelArch
from .results import MemoryEstimate, Throughput
from .units import GB
from .workload import Workload


@dataclass(frozen=True)
class DiffusionFamily:
    """One pipeline family (sizes in parameters, FLOPs per denoiser forward of one latent).

    Attributes:
        id: ``sd15``, ``sd2``, ``sdxl``, ``sd3``, ``flux``, ``flux2``, ``qwen_image``,
            ``cascade`` or ``video``.
        denoiser: reference denoiser parameters (the catalog row may include encoders).
        encoders, vae: text-encoder and VAE parameters (model cards).
        native: native resolution (pixels per side).
        unet_lin_macs, unet_attn_macs: UNet MACs per forward at ``native`` (projections and
            convolutions; attention scores) — 0 for transformers.
        layers, hidden, text_tokens: DiT blocks, width and text tokens in the joint sequence.
        double_blocks, single_blocks: MMDiT double-stream blocks (separate image and text
            weights, joint attention) and single-stream blocks (one set of weights for the
            joint sequence); 0 and 0 = block layout not modelled (``2·P·T`` is used).
        double_d2, single_d2: per-token Linear weights of one double-stream block *per
            stream* and of one single-stream block, in units of ``hidden²`` (the AdaLN
            modulation Linears act on the timestep vector, not on tokens, and are left out).
        cfg: classifier-free guidance by default (2 latents per image).
        eta: achieved share of the sustained tensor rate on large steps (calibration above).
    """

    id: str
    denoiser: int
    encoders: int
    vae: int
    native: int
    unet_lin_macs: float = 0.0
    unet_attn_macs: float = 0.0
    layers: int = 0
    hidden: int = 0
    text_tokens: int = 0
    double_blocks: int = 0
    single_blocks: int = 0
    double_d2: float = 0.0
    single_d2: float = 0.0
    cfg: bool = True
    eta: float = 0.5


FAMILIES: dict[str, DiffusionFamily] = {f.id: f for f in (
    DiffusionFamily("sd15", 859_520_964, 123_000_000, 83_700_000, 512,
                    unet_lin_macs=278e9, unet_attn_macs=61e9, eta=0.5),
    DiffusionFamily("sd2", 865_910_724, 340_000_000, 83_700_000, 768,
                    unet_lin_macs=278e9 * 2.25, unet_attn_macs=61e9 * 2.25**2, eta=0.5),
    DiffusionFamily("sdxl", 2_567_463_684, 818_000_000, 83_700_000, 1024,
                    unet_lin_macs=2.70e12, unet_attn_macs=0.38e12, eta=0.7),
    DiffusionFamily("sd3", 2_028_328_000, 818_000_000 + 4_760_000_000, 83_800_000, 1024,
                    layers=24, hidden=1536, text_tokens=333, double_blocks=24, double_d2=12.0,
                    eta=0.6),
    DiffusionFamily("flux", 11_901_408_320, 123_000_000 + 4_760_000_000, 83_800_000, 1024,
                    layers=57, hidden=3072, text_tokens=512, double_blocks=19, single_blocks=38,
                    double_d2=12.0, single_d2=12.0, cfg=False, eta=0.6),
    DiffusionFamily("cascade", 3_600_000_000, 695_000_000, 20_000_000, 1024,
                    layers=24, hidden=2048, text_tokens=77, eta=0.5),
    # FLUX.2 [dev]: 32 B DiT, 8 double + 48 single blocks × 6144, Mistral-Small-3.x-24B text
    # encoder; Qwen-Image: 20 B MMDiT, 60 blocks × 3072, Qwen2.5-VL-7B (8.29 B) encoder and
    # true CFG (model cards / model_index.json; block counts UNCERTAIN, not measured here)
    DiffusionFamily("flux2", 32_000_000_000, 24_000_000_000, 84_000_000, 1024,
                    layers=56, hidden=6144, text_tokens=512, double_blocks=8, single_blocks=48,
                    double_d2=13.0, single_d2=13.0, cfg=False, eta=0.6),
    DiffusionFamily("qwen_image", 20_000_000_000, 8_290_000_000, 127_000_000, 1024,
                    layers=60, hidden=3072, text_tokens=256, double_blocks=60, double_d2=12.0,
                    eta=0.6),
    DiffusionFamily("video", 1_300_000_000, 4_760_000_000, 250_000_000, 832,
                    layers=30, hidden=1536, text_tokens=512, eta=0.5),
)}
"""UNet MACs: SD 1.5 from BK-SDM (338.7 G at 512²) split by our config count; SD 2.x: same
UNet at 768²; SDXL: counted from its diffusers config. DiT sizes from the model cards /
configs (SD3-medium 24 joint blocks × 1536; FLUX.1 19 double + 38 single blocks × 3072;
Wan2.1-1.3B 30 × 1536). Per-token Linear weights per block in ``hidden²`` (diffusers
``transformer_flux.py``, ``transformer_sd3.py``, ``transformer_qwenimage.py``,
``transformer_flux2.py``): a FLUX.1 / SD3 / Qwen-Image double-stream block has, per stream,
q, k, v and out (4) and a GELU MLP of ratio 4 (8) = 12; a FLUX.1 single-stream block has q, k,
v (3), ``proj_mlp`` (4) and ``proj_out`` over attention + MLP (5) = 12; FLUX.2 has SwiGLU MLPs
of ratio 3 (gate + up 6, down 3) = 13 in both block types and its AdaLN modulation shared by
all blocks. Check: FLUX.1 19 × 2 × 12 + 38 × 12 = 912 hidden² = 8.6 B of token weights, plus
19 × 2 × 6 + 38 × 3 = 342 hidden² = 3.2 B of modulation = the 11.9 B of the model card.
Video: 81 frames at 832×480 (Wan/Hunyuan default), 4× temporal and
8× spatial VAE compression, 2×2 patches → 21 × 30 × 52 tokens (UNCERTAIN for other models)."""

UNET_BYTES_PER_LATENT_PIXEL_SDXL = 64.5e3
SDXL_UNET_PARAMS = 2_567_000_000
VAE_BYTES_PER_PIXEL = 3.5e3
DIT_BYTES_PER_TOKEN_12B = 160e3
"""DiT (FLUX.1 12 B) working set per image token at 16-bit; scaled by sqrt(size)."""
DIFFUSERS_CONTEXT_BYTES = int(0.6 * GB)
ALLOC_SHARE = 0.15
ALLOC_BASE = int(0.25 * GB)
"""Caching-allocator reserve: the denoiser's freed blocks do not serve the VAE decode's
differently sized tensors (15 % of the working set + 0.25 GB of small-block pools;
UNCERTAIN, same mechanism as training.ALLOC_FRAG_ACTIVATIONS)."""
ATTENTION_SLICING_SHARE = 0.7
"""Denoiser working set left with attention slicing (UNCERTAIN: SDPA already avoids the
score matrix; slicing mostly helps the eager attention of old stacks)."""
DEFAULT_IMAGES_PER_CALL = 4
"""Images per pipeline call when ``batch`` is not given: ``images`` up to 4 (the batch sizes of
the diffusers benchmark table and the SDXL blog)."""

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
TRAIN_ACT_FACTOR = {False: 6.0, True: 1.5}
"""Saved activations of a training step relative to the inference working set of one latent
(all block outputs kept; with gradient checkpointing only block inputs + one block)."""


def diffusion_family(arch: ModelArch) -> str:
    """Pipeline family guessed from the model name/type.

    One of sd15, sd2, sdxl, sd3, flux, flux2, qwen_image, cascade or video.
    """
    key = f"{arch.name} {arch.model_type}".lower()
    for fam, needles in (("flux2", ("flux.2", "flux2")), ("qwen_image", ("qwen-image",)),
                         ("flux", ("flux",)), ("sd3", ("sd3", "stable diffusion 3", "sd 3")),
                         ("cascade", ("cascade",)), ("sdxl", ("xl",)),
                         ("video", ("wan", "hunyuan", "video")),
                         ("sd2", ("2.1", "sd2", "v2")), ("sd15", ("1.5", "sd15", "v1"))):
        if any(n in key for n in needles):
            return fam
    return "sdxl" if arch.param_count() > 1.5e9 else "sd15"


def _family(arch: ModelArch) -> DiffusionFamily:
    return FAMILIES[diffusion_family(arch)]


def denoiser_params(arch: ModelArch, fam: DiffusionFamily) -> int:
    """Denoiser parameters: the catalog count, less the text encoders when the row includes them.

    Example: ``sdxl_base`` is 3.47 B = UNet 2.57 B + CLIP-L/bigG 0.82 B.
    """
    p = arch.param_count()
    if abs(p - (fam.denoiser + fam.encoders)) <= 0.05 * p:
        return p - fam.encoders
    return p


def images_per_call(w: Workload) -> int:
    """Images generated per pipeline call: ``batch`` when given, else ``images`` up to 4."""
    if "batch" in w.model_fields_set or w.task == "diffusion_lora":
        return w.batch
    return max(1, min(w.images, DEFAULT_IMAGES_PER_CALL))


def denoiser_flops_per_latent(arch: ModelArch, res: int) -> float:
    """FLOPs of one denoiser forward for one latent at ``res`` × ``res`` pixels."""
    fam = _family(arch)
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
    t = image_tokens + fam.text_tokens
    d2 = float(fam.hidden) ** 2
    per_token = 2.0 * d2 * (fam.double_blocks * fam.double_d2 + fam.single_blocks * fam.single_d2)
    attention = 4.0 * (fam.double_blocks + fam.single_blocks) * t * t * fam.hidden
    return per_token * t + attention


# --------------------------------------------------------------------------------------------
# memory
# --------------------------------------------------------------------------------------------
OPTIONS_ORDER: tuple[str, ...] = ("vae_tiling", "attention_slicing", "model_cpu_offload",
                                  "sequential_cpu_offload")
"""Memory options tried, in the order people reach for them (diffusers optimization/memory)."""


def estimate_diffusion_memory(w: Workload, arch: ModelArch, num_gpus: int = 1,
                              gpu: GpuSpec | None = None) -> MemoryEstimate:
    """Peak GPU memory of one diffusers call or one LoRA training step (bytes, per GPU).

    With ``gpu`` given and the plain pipeline too large, the first option of
    :data:`OPTIONS_ORDER` that fits is applied and named (see :func:`diffusion_plan`).

    Raises:
        ValueError: for an unknown weights dtype.
    """
    return diffusion_plan(w, arch, gpu, num_gpus)[0]


def diffusion_plan(w: Workload, arch: ModelArch, gpu: GpuSpec | None = None,
                   num_gpus: int = 1) -> tuple[MemoryEstimate, tuple[str, ...]]:
    """The memory estimate and the memory options used to reach it.

    Returns ``(estimate, options)``: the plain pipeline, or the first options that make it fit
    ``gpu`` (cumulative, in :data:`OPTIONS_ORDER`).
    """
    chosen: list[str] = []
    if w.vae_tiling:
        chosen.append("vae_tiling")
    elif w.vae_slicing:
        chosen.append("vae_slicing")
    if w.parallelism.cpu_offload:
        chosen.append("model_cpu_offload")
    est = _memory(w, arch, num_gpus, tuple(chosen))
    if gpu is None or est.total_bytes <= gpu.usable_memory_bytes:
        return est, tuple(chosen)
    for opt in OPTIONS_ORDER:
        if opt in chosen:
            continue
        if opt == "vae_tiling" and "vae_slicing" in chosen:
            chosen.remove("vae_slicing")
        if w.task == "diffusion_lora" and opt in ("model_cpu_offload", "sequential_cpu_offload"):
            continue
        chosen.append(opt)
        est = _memory(w, arch, num_gpus, tuple(chosen))
        if est.total_bytes <= gpu.usable_memory_bytes:
            break
    return est, tuple(chosen)


def _options_text(opts: tuple[str, ...]) -> Message:
    """The memory options ``opts`` (ids of :data:`OPTIONS_ORDER` or ``vae_slicing``) as a list."""
    return join([msg(f"diffusion.option.{o}") for o in opts], "list")


def _total_gib(weights: float, act: float, vae_act: float, adapters: float) -> float:
    big = max(act, vae_act)
    return (weights + big * (1 + ALLOC_SHARE) + adapters + ALLOC_BASE
            + DIFFUSERS_CONTEXT_BYTES) / 2**30


@by_identity(maxsize=512, objects=2)
def _memory(w: Workload, arch: ModelArch, num_gpus: int, opts: tuple[str, ...]) -> MemoryEstimate:
    """The peak of ``w`` with memory options ``opts``, memoized per job object.

    The recommender and the speed model ask for the same plans on every card size (~600 times
    per ranking of an SDXL job).
    """
    fam = _family(arch)
    den = denoiser_params(arch, fam)
    enc, vae = fam.encoders, fam.vae
    bpw = bytes_per_weight(w.weights_dtype)
    bpw_other = max(bpw, 2.0) if bpw < 1.0 else max(bpw, 1.0)  # NF4 FLUX keeps encoders 16-bit
    train = w.task == "diffusion_lora"
    b = images_per_call(w)
    latents = b * (2 if (w.cfg and fam.cfg and not train) else 1)
    res = w.resolution
    if fam.unet_lin_macs:
        per_px = UNET_BYTES_PER_LATENT_PIXEL_SDXL * (den / SDXL_UNET_PARAMS) ** 0.5
        act = latents * (res / 8) ** 2 * per_px * max(bpw, 1.0) / 2
    else:
        tokens = (res / 16) ** 2
        act = latents * tokens * DIT_BYTES_PER_TOKEN_12B * (den / 12e9) ** 0.5 * 2 / 2
    if "attention_slicing" in opts:
        act *= ATTENTION_SLICING_SHARE
    tiled = "vae_tiling" in opts
    sliced = tiled or "vae_slicing" in opts  # slicing: one image of the batch at a time
    px = min(res, 512) ** 2 if tiled else res**2
    vae_act = (1 if sliced else b) * px * VAE_BYTES_PER_PIXEL
    den_w = den * max(bpw, 0.5625 if bpw < 1.0 else bpw)
    other_w = (enc + vae) * bpw_other
    adapters = 0
    notes = []
    if train:
        # diffusers train_*_lora.py: frozen fp16/bf16 denoiser, cached text embeddings (encoders
        # offloaded after encoding), LoRA rank 16 on attention projections: fp32 + AdamW
        lora_params = int(den * 0.004)
        adapters = lora_params * 16
        act *= TRAIN_ACT_FACTOR[w.grad_ckpt]
        vae_act = b * res**2 * 0.5e3  # VAE encoder of the training images (no decode)
        other_w = vae * 4  # the VAE runs in fp32 in the SDXL/FLUX scripts
        notes.append(join([join([
            msg("diffusion.lora_step", images=b, res=res, mparams=f"{lora_params / 1e6:.0f}"),
            msg("training.grad_ckpt" if w.grad_ckpt else "training.no_grad_ckpt")], "clauses")]))
    weights = int(den_w + other_w)
    if "sequential_cpu_offload" in opts:
        weights = int(den_w / 20 + 1e8)
    elif "model_cpu_offload" in opts:
        weights = int(max(den_w, enc * bpw_other, vae * bpw_other))
    peak_vae = vae_act > act
    return MemoryEstimate(
        weights_bytes=weights,
        activations_bytes=int(max(act, vae_act)),
        adapters_bytes=adapters,
        cuda_context_bytes=DIFFUSERS_CONTEXT_BYTES,
        allocator_overhead_bytes=int(ALLOC_SHARE * max(act, vae_act)) + ALLOC_BASE,
        num_gpus=max(1, num_gpus),
        total_params=den + enc + vae,
        trainable_params=(adapters // 16) if train else 0,
        assumptions=(
            msg("diffusion.pipeline_cfg" if latents > b else "diffusion.pipeline",
                family=fam.id, width=res, height=res, batch=b),
            join([join([
                msg("diffusion.peak_vae" if peak_vae else "diffusion.peak_denoiser"),
                msg("diffusion.memory_options", options=_options_text(opts)) if opts
                else msg("diffusion.no_memory_options")], "clauses")]),
            join([msg("diffusion.memory_range",
                      lo=f"{max(0.0, 0.85 * _total_gib(weights, act, vae_act, adapters)):.1f}",
                      hi=f"{1.15 * _total_gib(weights, act, vae_act, adapters):.1f}")]),
            *notes,
        ),
    )


# --------------------------------------------------------------------------------------------
# speed
# --------------------------------------------------------------------------------------------
def diffusion_throughput(w: Workload, arch: ModelArch, gpu: GpuSpec, n: int) -> Throughput:
    """Seconds per image (generation) or per training image (LoRA), see the module docstring.

    Raises:
        ValueError: for an unknown weights dtype.
    """
    fam = _family(arch)
    train = w.task == "diffusion_lora"
    b = images_per_call(w)
    latents = b * (2 if (w.cfg and fam.cfg and not train) else 1)
    f_lat = denoiser_flops_per_latent(arch, w.resolution)
    dtype = "fp8" if w.compute_dtype == "fp8" else "bf16"
    tf = tensor_tflops(gpu, dtype) * power_limit_factor(gpu, dtype) or bandwidth_derived_tflops(gpu)
    eta = fam.eta if gpu.is_cuda else fam.eta * 0.6
    fixed = STEP_FIXED_S.get((gpu.segment or "").split()[0] if gpu.segment else "", 0.030)
    flops = f_lat * latents * ((LORA_TRAIN_FLOP_FACTOR + (1 if w.grad_ckpt else 0)) if train
                               else 1.0)
    if bytes_per_weight(w.weights_dtype) < 1.0:  # NF4/int4 denoiser: dequantize every step
        flops *= 1.15
    gpu_s = flops / (tf * 1e12 * eta)
    host_s = 0.0
    if train:  # eager training: the GPU waits on the host's op dispatch (QA F14)
        host_s = (TRAIN_HOST_DISPATCH_S_SDXL * (denoiser_params(arch, fam) / SDXL_UNET_PARAMS) ** 0.5
                  * (4 / 3 if w.grad_ckpt else 1.0))
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
    # images): GPUs beyond the images there are have nothing to do (QA 22-2 F2: 1 image on 8
    # GPUs took 1/8 of the time)
    busy = max(1, min(n, math.ceil(w.images / max(1, b))))
    per_image = per_image / busy + extra
    lo, hi = per_image * 0.75, per_image * 1.35
    what = (msg("diffusion.train_step_time", seconds=f"{step:.3f}", images=b,
                gpu_s=f"{gpu_s:.3f}", host_s=f"{host_s:.3f}") if train
            else msg("diffusion.denoise_step_time", ms=f"{step * 1e3:.0f}", steps=w.steps,
                     images=b))
    return Throughput(
        seconds_per_image=per_image, bound="engine" if host_s > gpu_s else "compute",
        efficiency=eta,
        offload_alternative=alternative,
        assumptions=(
            join([what]),
            join([msg("diffusion.flops_cfg" if latents > b else "diffusion.flops",
                      tflop=f"{flops / 1e12:.2f}", family=fam.id, eta=f"{eta:.0%}",
                      tflops=f"{tf:,.0f}", fixed=f"{fixed * 1e3:.0f}")]),
            join([msg("diffusion.range_train_image" if train else "diffusion.range_image",
                      lo=f"{lo:.2f}", hi=f"{hi:.2f}")]),
            *((join([msg("diffusion.options_applied", options=_options_text(opts))]),)
              if opts else ()),
            *((join([alternative]),) if isinstance(alternative, Message) else ()),
            *sustained_notes(gpu),
            join([msg("diffusion.parallel_train" if train else "diffusion.parallel_images")]),
            *((join([msg("diffusion.idle_gpus", images=w.images, busy=busy, n=n)]),)
              if busy < n else ()),
        ))


def image_job_hours(w: Workload, seconds_per_image: float) -> float:
    """Hours of an image job.

    ``images × s/image / 3600`` for generation, ``images × epochs × s/step-image / 3600`` for
    diffusion LoRA (each epoch sees every training image once; the
    seconds already divide by the data-parallel GPUs). QA F13.
    """
    passes = w.epochs if w.task == "diffusion_lora" else 1.0
    return w.images * passes * seconds_per_image / 3600.0


def offload_alternative(w: Workload, arch: ModelArch, gpu: GpuSpec, n: int = 1) -> Message | str:
    """The quantized alternative when only sequential CPU offload fits ``gpu``.

    The quantized denoiser (fp8, then NF4) that fits with at most model CPU offload, with its
    seconds per image: one clause without a full stop (the option's reason quotes it; the
    throughput's assumptions make it a sentence) — '' when none does (QA F15; diffusers docs
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
        return msg("diffusion.offload_alternative_train" if w.task == "diffusion_lora"
                   else "diffusion.offload_alternative",
                   x=f"{SEQUENTIAL_OFFLOAD_SLOWDOWN:g}", dtype=w.weights_dtype, alt=dt,
                   gib=f"{mem.total_bytes / 2**30:.1f}", s=f"{t.seconds_per_image:.1f}")
    return ""


__all__ = ["FAMILIES", "OPTIONS_ORDER", "DiffusionFamily", "denoiser_flops_per_latent",
           "dit_block_flops",
           "image_job_hours", "offload_alternative",
           "denoiser_params", "diffusion_family", "diffusion_plan", "diffusion_throughput",
           "estimate_diffusion_memory", "images_per_call"]
