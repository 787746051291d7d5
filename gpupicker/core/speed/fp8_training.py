"""FP8 training: which FLOPs run at the FP8 rate and which stay at the 16-bit one.

FP8 training casts the *Linear layers* of the transformer blocks, nothing else. llm-foundry's
FP8 runs (``scripts/train/benchmarking/submit_benchmarks.py`` at commit 8c8dd48: precision
``amp_fp8`` on H100 sets ``model.fc_type = 'te'``) swap only the fully-connected layers for
TransformerEngine's ``te.Linear`` (``llmfoundry/models/layers/fc.py``: ``fcs.register('te',
func=te.Linear)``), which are the modules ``te.fp8_autocast`` runs in FP8. The attention's
score and value products stay in FlashAttention's 16-bit kernels (the same script installs
``flash-attn==2.4.2``, which has no FP8 path), and MPT's tied output head is a plain
``F.linear`` on the embedding matrix (``llmfoundry/models/layers/custom_embedding.py``
``SharedEmbedding.forward(unembed=True)``), outside TransformerEngine. At 8k tokens the attention
of a 1–3B model is a third of its FLOPs, so counting all of them at the FP8 rate made the FP8 rows
of llm-foundry's table 35–47 % too fast (MPT-3B and MPT-1B at seq 8,192). The same split holds
for any stack on TransformerEngine's default recipe (``transformer_engine/common/recipe.py``
``DelayedScaling``: ``fp8_dpa = False``, FP8 dot-product attention off); a run that turns FP8
attention on is faster than this estimate.
"""

from __future__ import annotations

from ..hardware.gpu_sustained import power_limit_factor
from ..hardware.specs import GpuSpec
from ..messages import Message
from ..model_arch import ModelArch
from ..workload import Workload
from .common import memo_sentence

FP8_LINEAR_MFU_FACTOR = 0.69
"""MFU of TransformerEngine's FP8 Linear layers on their (2×) FP8 peak, relative to the MFU the
same stack reaches in bf16 on the 16-bit peak (so the FP8 GEMMs run 2 × 0.69 = 1.38 × as fast as
the bf16 ones: the per-tensor scaling casts and amax reductions of each FP8 GEMM are not free).

DERIVED from llm-foundry's own table (``scripts/train/benchmarking/README.md`` at commit 8c8dd48,
8 × H100 80GB, FULL_SHARD, no activation checkpointing), from the rows where the 16-bit share is
smallest (seq 512) and the same model runs in both precisions at the same micro-batch:
MPT-3B bf16 MFU 46.32 % / fp8 30.25 % (micro-batch 40) gives 0.670 once attention and the output
head (7.8 % of the step's FLOPs) are costed at the 16-bit rate; MPT-1B bf16 43.21 % / fp8 29.06 %
(micro-batch 56, 16-bit share 11.3 %) gives 0.703. Neither row is a validation case; the seq
2,048 and 8,192 FP8 rows (``validation/cases.jsonl`` LF255–LF257) are the check. It replaces a
single 0.75 on every FLOP, attention included."""


def fp8_linear_training(w: Workload, gpu: GpuSpec) -> bool:
    """True when the training step's Linear layers run in FP8 on ``gpu``.

    ``compute_dtype: fp8`` on a card with FP8 tensor cores and a 16-bit figure in the catalog
    (the attention and output head stay at the 16-bit rate, see the module docstring).
    """
    return w.compute_dtype == "fp8" and gpu.has_fp8 and bool(gpu.dense_16bit_tflops)


def sixteen_bit_flops_per_token(w: Workload, arch: ModelArch, params_coef: float, attn: float) -> float:
    """FLOPs per token of an FP8 training step that run at the 16-bit rate.

    ``params_coef`` is the step's FLOPs per parameter per token (6 full, 4 LoRA, + 2 with
    recompute: :func:`.training.train_flops_per_token`) and ``attn`` its attention FLOPs per token
    (``12·L·h·s``, ``16·L·h·s`` with recompute): the attention products plus the output head,
    ``params_coef × vocab × hidden`` (the tied or untied lm_head GEMM, never a TransformerEngine
    module). FLOPs per token (same convention as the MFU tables).
    """
    head = float(arch.vocab_size or 0) * float(arch.hidden_size or 0)
    return params_coef * head + attn


def sixteen_bit_peak_flops(gpu: GpuSpec) -> float:
    """Sustained dense 16-bit FLOP/s of ``gpu`` (datasheet × :func:`power_limit_factor`)."""
    return float(gpu.dense_16bit_tflops or 0.0) * 1e12 * power_limit_factor(gpu, "bf16")


def fp8_step_seconds(tokens: int, fpt: float, f16: float, fp8_peak: float, mfu: float, gpu: GpuSpec) -> float:
    """GEMM seconds of one FP8 micro-step of ``tokens`` tokens on one GPU.

    ``fpt`` FLOPs per token in all, ``f16`` of them at the 16-bit rate
    (:func:`sixteen_bit_flops_per_token`); ``fp8_peak`` the sustained FP8 FLOP/s and ``mfu`` the
    FP8 Linear layers' MFU on it (the stack's bf16 MFU × :data:`FP8_LINEAR_MFU_FACTOR`). The 16-bit
    FLOPs run at the stack's bf16 MFU on the sustained 16-bit peak.
    """
    fp8_part = max(0.0, fpt - f16) / (fp8_peak * mfu)
    bf16_part = f16 / (sixteen_bit_peak_flops(gpu) * mfu / FP8_LINEAR_MFU_FACTOR)
    return tokens * (fp8_part + bf16_part)


def step_compute_seconds(
    w: Workload,
    arch: ModelArch,
    gpu: GpuSpec,
    tokens_fpt: tuple[int, float],
    terms: tuple[float, float],
    peak_mfu: tuple[float, float],
) -> tuple[float, float]:
    """(GEMM seconds of one micro-step on one GPU, FLOPs per token at the 16-bit rate).

    ``tokens_fpt``: the micro-step's tokens and its FLOPs per token; ``terms``: the FLOPs per
    parameter per token and the attention FLOPs per token (``speed.training.train_flops_terms``);
    ``peak_mfu``: the sustained peak (FLOP/s) and the MFU on it. Under FP8
    (:func:`fp8_linear_training`) only the Linear layers run at that rate, attention and the
    output head at the 16-bit one (:func:`fp8_step_seconds`); otherwise the second value is 0.
    """
    (tokens, fpt), (peak, mfu) = tokens_fpt, peak_mfu
    if not fp8_linear_training(w, gpu):
        return tokens * fpt / (peak * mfu), 0.0
    f16 = sixteen_bit_flops_per_token(w, arch, *terms)
    return fp8_step_seconds(tokens, fpt, f16, peak, mfu, gpu), f16


def fp8_note(gpu: GpuSpec, f16: float) -> Message:
    """The sentence naming the FP8 step's 16-bit FLOPs (``f16`` per token) and the 16-bit rate."""
    return memo_sentence(
        "throughput.fp8_linears_only",
        gflop=f"{f16 / 1e9:.1f}",
        tflops=f"{sixteen_bit_peak_flops(gpu) / 1e12:,.0f}",
    )
