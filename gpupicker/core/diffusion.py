"""Image-generation memory (Stable Diffusion 1.x/2.x, SDXL, SD3, FLUX.1) with diffusers.

Peak = all pipeline weights (denoiser + text encoders + VAE) + the larger of
the denoiser's working set at the chosen resolution and batch (× 2 with
classifier-free guidance) and the VAE decode of the batch (one image at a
time with VAE slicing; tiles with VAE tiling). Model CPU offload keeps only the
largest component on the GPU.

Anchors: Hugging Face blog "Exploring simple optimizations for SDXL" (public
case C59): SDXL fp16 + SDPA, 4 images at 1024², peak 21.72 GB; with VAE
slicing 15.40 GB; with model CPU offload 20.21 GB. From those two numbers the
UNet working set is ≈ 8.5 GB for 8 latents of 128² (64.5 kB per latent pixel)
and the VAE decode ≈ 3.7 GB per 1024² image (3.5 bytes × 1,000 per output
pixel); other UNets scale with the square root of their size, DiTs by tokens.
"""

from __future__ import annotations

from .model_arch import ModelArch
from .results import MemoryEstimate
from .units import GB
from .workload import Workload

# Text encoders and VAE per family (parameters): CLIP-L 123 M, OpenCLIP-bigG 695 M,
# T5-XXL encoder 4.76 B, SD VAE 83.7 M, SD3/FLUX 16-channel VAE 83.8 M (model cards).
_EXTRAS: dict[str, tuple[int, int]] = {
    "sd15": (123_000_000, 83_700_000),
    "sd2": (340_000_000, 83_700_000),
    "sdxl": (818_000_000, 83_700_000),
    "sd3": (818_000_000 + 4_760_000_000, 83_800_000),
    "flux": (123_000_000 + 4_760_000_000, 83_800_000),
    # FLUX.2 [dev]: Mistral-Small-3.x-24B text encoder (model_index.json Mistral3ForConditional-
    # Generation); Qwen-Image: Qwen2.5-VL-7B (8.29 B) — both model cards; VAEs ≈ 84 M / 127 M
    "flux2": (24_000_000_000, 84_000_000),
    "qwen_image": (8_290_000_000, 127_000_000),
    "video": (4_760_000_000, 250_000_000),
}
UNET_BYTES_PER_LATENT_PIXEL_SDXL = 64.5e3
SDXL_UNET_PARAMS = 2_567_000_000
VAE_BYTES_PER_PIXEL = 3.5e3
DIT_BYTES_PER_TOKEN_12B = 160e3
"""DiT (FLUX.1 12 B) working set per image token at 16-bit; scaled by sqrt(size)."""
DIFFUSERS_CONTEXT_BYTES = int(0.6 * GB)


def diffusion_family(arch: ModelArch) -> str:
    """Pipeline family guessed from the model name/type: sd15, sd2, sdxl, sd3, flux, flux2,
    qwen_image or video."""
    key = f"{arch.name} {arch.model_type}".lower()
    for fam, needles in (("flux2", ("flux.2", "flux2")), ("qwen_image", ("qwen-image",)),
                         ("flux", ("flux",)), ("sd3", ("sd3", "stable diffusion 3", "sd 3")),
                         ("sdxl", ("xl",)), ("video", ("wan", "hunyuan", "video", "cascade")),
                         ("sd2", ("2.1", "sd2", "v2")), ("sd15", ("1.5", "sd15", "v1"))):
        if any(n in key for n in needles):
            return fam
    return "sdxl" if arch.param_count() > 1.5e9 else "sd15"


def estimate_diffusion_memory(w: Workload, arch: ModelArch, num_gpus: int = 1) -> MemoryEstimate:
    """Peak GPU memory of one diffusers generation call (bytes, per GPU).

    Args:
        w: workload with ``resolution`` (pixels per side), ``batch`` (images per
            prompt), ``weights_dtype`` and the VAE/offload switches.
        arch: the denoiser (``params`` = UNet/DiT parameters only).
        num_gpus: diffusers runs one pipeline per GPU; memory is per GPU.

    Raises:
        ValueError: for an unknown weights dtype.
    """
    from .dtypes import bytes_per_weight

    fam = diffusion_family(arch)
    enc, vae = _EXTRAS[fam]
    den = arch.param_count()
    bpw = max(bytes_per_weight(w.weights_dtype), 1.0)
    weights = int((den + enc + vae) * bpw)
    latents = w.batch * (2 if w.cfg else 1)
    res = w.resolution
    if fam in ("sd15", "sd2", "sdxl"):
        per_px = UNET_BYTES_PER_LATENT_PIXEL_SDXL * (den / SDXL_UNET_PARAMS) ** 0.5
        act = latents * (res / 8) ** 2 * per_px * bpw / 2
    else:
        tokens = (res / 16) ** 2
        act = latents * tokens * DIT_BYTES_PER_TOKEN_12B * (den / 12e9) ** 0.5 * bpw / 2
    images_at_once = 1 if (w.vae_slicing or w.vae_tiling) else w.batch
    px = min(res, 512) ** 2 if w.vae_tiling else res**2
    vae_act = images_at_once * px * VAE_BYTES_PER_PIXEL
    if w.parallelism.cpu_offload:
        weights = int(max(den, enc, vae) * bpw)
    return MemoryEstimate(
        weights_bytes=weights,
        activations_bytes=int(max(act, vae_act)),
        cuda_context_bytes=DIFFUSERS_CONTEXT_BYTES,
        num_gpus=max(1, num_gpus),
        total_params=den + enc + vae,
        assumptions=(
            f"diffusers {fam} pipeline at {res}×{res}, {w.batch} image(s) per call"
            + (", classifier-free guidance" if w.cfg else ""),
            "Peak at the " + ("denoiser" if act >= vae_act else "VAE decode")
            + (" (VAE slicing on)" if w.vae_slicing else ""),
        ),
    )
