"""Image generation and diffusion LoRA/DreamBooth fine-tuning: memory per architecture.

Families: UNet (SD 1.x/2.x, SDXL), MMDiT (SD3/3.5), DiT (FLUX.1, Stable Cascade, video DiTs).
Each has its own denoiser, text encoders and VAE (the speed of each is
:mod:`gpupicker.core.speed.image`).

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

"""

from __future__ import annotations

from dataclasses import dataclass

from ..dtypes import bytes_per_weight
from ..hardware.specs import GpuSpec
from ..memo import by_identity
from ..messages import Message, join, msg
from ..model_arch import ModelArch
from ..results import MemoryEstimate
from ..units import GB
from ..workload import Workload


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


FAMILIES: dict[str, DiffusionFamily] = {
    f.id: f
    for f in (
        DiffusionFamily(
            "sd15",
            859_520_964,
            123_000_000,
            83_700_000,
            512,
            unet_lin_macs=278e9,
            unet_attn_macs=61e9,
            eta=0.5,
        ),
        DiffusionFamily(
            "sd2",
            865_910_724,
            340_000_000,
            83_700_000,
            768,
            unet_lin_macs=278e9 * 2.25,
            unet_attn_macs=61e9 * 2.25**2,
            eta=0.5,
        ),
        DiffusionFamily(
            "sdxl",
            2_567_463_684,
            818_000_000,
            83_700_000,
            1024,
            unet_lin_macs=2.70e12,
            unet_attn_macs=0.38e12,
            eta=0.7,
        ),
        DiffusionFamily(
            "sd3",
            2_028_328_000,
            818_000_000 + 4_760_000_000,
            83_800_000,
            1024,
            layers=24,
            hidden=1536,
            text_tokens=333,
            double_blocks=24,
            double_d2=12.0,
            eta=0.6,
        ),
        DiffusionFamily(
            "flux",
            11_901_408_320,
            123_000_000 + 4_760_000_000,
            83_800_000,
            1024,
            layers=57,
            hidden=3072,
            text_tokens=512,
            double_blocks=19,
            single_blocks=38,
            double_d2=12.0,
            single_d2=12.0,
            cfg=False,
            eta=0.6,
        ),
        DiffusionFamily(
            "cascade",
            3_600_000_000,
            695_000_000,
            20_000_000,
            1024,
            layers=24,
            hidden=2048,
            text_tokens=77,
            eta=0.5,
        ),
        # FLUX.2 [dev]: 32 B DiT, 8 double + 48 single blocks × 6144, Mistral-Small-3.x-24B text
        # encoder; Qwen-Image: 20 B MMDiT, 60 blocks × 3072, Qwen2.5-VL-7B (8.29 B) encoder and
        # true CFG (model cards / model_index.json; block counts UNCERTAIN, not measured here)
        DiffusionFamily(
            "flux2",
            32_000_000_000,
            24_000_000_000,
            84_000_000,
            1024,
            layers=56,
            hidden=6144,
            text_tokens=512,
            double_blocks=8,
            single_blocks=48,
            double_d2=13.0,
            single_d2=13.0,
            cfg=False,
            eta=0.6,
        ),
        DiffusionFamily(
            "qwen_image",
            20_000_000_000,
            8_290_000_000,
            127_000_000,
            1024,
            layers=60,
            hidden=3072,
            text_tokens=256,
            double_blocks=60,
            double_d2=12.0,
            eta=0.6,
        ),
        DiffusionFamily(
            "video",
            1_300_000_000,
            4_760_000_000,
            250_000_000,
            832,
            layers=30,
            hidden=1536,
            text_tokens=512,
            eta=0.5,
        ),
    )
}
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

TRAIN_ACT_FACTOR = {False: 6.0, True: 1.5}
"""Saved activations of a training step relative to the inference working set of one latent
(all block outputs kept; with gradient checkpointing only block inputs + one block)."""


def diffusion_family(arch: ModelArch) -> str:
    """Pipeline family guessed from the model name/type.

    One of sd15, sd2, sdxl, sd3, flux, flux2, qwen_image, cascade or video.
    """
    key = f"{arch.name} {arch.model_type}".lower()
    for fam, needles in (
        ("flux2", ("flux.2", "flux2")),
        ("qwen_image", ("qwen-image",)),
        ("flux", ("flux",)),
        ("sd3", ("sd3", "stable diffusion 3", "sd 3")),
        ("cascade", ("cascade",)),
        ("sdxl", ("xl",)),
        ("video", ("wan", "hunyuan", "video")),
        ("sd2", ("2.1", "sd2", "v2")),
        ("sd15", ("1.5", "sd15", "v1")),
    ):
        if any(n in key for n in needles):
            return fam
    return "sdxl" if arch.param_count() > 1.5e9 else "sd15"


def family_of(arch: ModelArch) -> DiffusionFamily:
    """The :data:`FAMILIES` entry of ``arch`` (:func:`diffusion_family`)."""
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


# --------------------------------------------------------------------------------------------
# memory
# --------------------------------------------------------------------------------------------
OPTIONS_ORDER: tuple[str, ...] = (
    "vae_tiling",
    "attention_slicing",
    "model_cpu_offload",
    "sequential_cpu_offload",
)
"""Memory options tried, in the order people reach for them (diffusers optimization/memory)."""


def estimate_diffusion_memory(
    w: Workload, arch: ModelArch, num_gpus: int = 1, gpu: GpuSpec | None = None
) -> MemoryEstimate:
    """Peak GPU memory of one diffusers call or one LoRA training step (bytes, per GPU).

    With ``gpu`` given and the plain pipeline too large, the first option of
    :data:`OPTIONS_ORDER` that fits is applied and named (see :func:`diffusion_plan`).

    Raises:
        ValueError: for an unknown weights dtype.
    """
    return diffusion_plan(w, arch, gpu, num_gpus)[0]


def diffusion_plan(
    w: Workload, arch: ModelArch, gpu: GpuSpec | None = None, num_gpus: int = 1
) -> tuple[MemoryEstimate, tuple[str, ...]]:
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


def options_text(opts: tuple[str, ...]) -> Message:
    """The memory options ``opts`` (ids of :data:`OPTIONS_ORDER` or ``vae_slicing``) as a list."""
    return join([msg(OPTION_IDS[o]) for o in opts], "list")


OPTION_IDS: dict[str, str] = {
    "vae_tiling": "diffusion.option.vae_tiling",
    "vae_slicing": "diffusion.option.vae_slicing",
    "attention_slicing": "diffusion.option.attention_slicing",
    "model_cpu_offload": "diffusion.option.model_cpu_offload",
    "sequential_cpu_offload": "diffusion.option.sequential_cpu_offload",
}
"""Memory option id → the message id naming it."""


def _total_gib(weights: float, act: float, vae_act: float, adapters: float) -> float:
    big = max(act, vae_act)
    return (weights + big * (1 + ALLOC_SHARE) + adapters + ALLOC_BASE + DIFFUSERS_CONTEXT_BYTES) / 2**30


@by_identity(maxsize=512, objects=2)
def _memory(w: Workload, arch: ModelArch, num_gpus: int, opts: tuple[str, ...]) -> MemoryEstimate:
    """The peak of ``w`` with memory options ``opts``, memoized per job object.

    The recommender and the speed model ask for the same plans on every card size (~600 times
    per ranking of an SDXL job).
    """
    fam = family_of(arch)
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
        notes.append(
            join(
                [
                    join(
                        [
                            msg("diffusion.lora_step", images=b, res=res, mparams=f"{lora_params / 1e6:.0f}"),
                            msg("training.grad_ckpt" if w.grad_ckpt else "training.no_grad_ckpt"),
                        ],
                        "clauses",
                    )
                ]
            )
        )
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
            msg(
                "diffusion.pipeline_cfg" if latents > b else "diffusion.pipeline",
                family=fam.id,
                width=res,
                height=res,
                batch=b,
            ),
            join(
                [
                    join(
                        [
                            msg("diffusion.peak_vae" if peak_vae else "diffusion.peak_denoiser"),
                            msg("diffusion.memory_options", options=options_text(opts))
                            if opts
                            else msg("diffusion.no_memory_options"),
                        ],
                        "clauses",
                    )
                ]
            ),
            join(
                [
                    msg(
                        "diffusion.memory_range",
                        lo=f"{max(0.0, 0.85 * _total_gib(weights, act, vae_act, adapters)):.1f}",
                        hi=f"{1.15 * _total_gib(weights, act, vae_act, adapters):.1f}",
                    )
                ]
            ),
            *notes,
        ),
    )


__all__ = [
    "FAMILIES",
    "OPTIONS_ORDER",
    "DiffusionFamily",
    "denoiser_params",
    "diffusion_family",
    "diffusion_plan",
    "estimate_diffusion_memory",
    "family_of",
    "images_per_call",
    "options_text",
]
