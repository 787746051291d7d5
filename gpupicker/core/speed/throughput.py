"""Speed: decode/prefill tokens/s, training tokens/s and seconds per image, per GPU type × count.

A roofline with engine profiles (``docs/formulas.md`` §7):

* **Decode / prefill** (LLM inference): the roofline of :mod:`.inference` — sustained
  bandwidth and TFLOPS per GPU class (:mod:`core.hardware.gpu_sustained`), each engine's weight-streaming
  efficiency by memory class, host-launch floor, per-step and per-sequence scheduler time,
  prefill at the accumulate precision its kernels use, a smooth 3-norm between memory and
  compute time; checked against the llama-bench tables, TensorRT-LLM's performance tables,
  the ExLlamaV2 README and the H200 cases (``make accuracy``). Serving is sized in
  :mod:`.serving`.
* **Tensor parallel** decode splits weights and KV over N GPUs and adds two
  all-reduces of ``b·h`` 16-bit values per layer (Megatron-LM, Shoeybi et al.
  2019) over the links of :mod:`.interconnect`.
* **Training**: :mod:`.training` (FLOPs per token over sustained peak × MFU × data-parallel
  scaling).
* **Image generation**: :mod:`diffusion` (per-architecture denoiser FLOPs, a
  fixed time per step, batch effects, memory options).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import NamedTuple

from ..dtypes import GGUF_TYPES, bytes_per_weight
from ..hardware.gpu_sustained import (
    bandwidth_factor,
    is_apple,
    sustained_tflops,
)
from ..hardware.specs import GpuSpec
from ..memory.common import (
    kv_bytes,
    linear_group_params,
    quantized_weight_groups,
    recurrent_state_bytes,
    weights_bytes,
)
from ..memory.placement import (
    HOST_DECODE_EFFICIENCY,
    HOST_LAYER_SWITCH_S,
    HOST_RANGE_PCT,
    OP_OFFLOAD_MIN_BATCH,
    PINNED_COPY_SPEEDUP,
)
from ..messages import Message, join, msg
from ..model_arch import ModelArch
from ..results import MemoryEstimate, Throughput
from ..speculative import DEFAULT_ACCEPTANCE, draft_arch, expected_tokens_per_step
from ..stacks.frameworks import known_frameworks, speed_engine
from ..stacks.platforms import platform_of
from ..units import GiB
from ..workload import Workload, parallel_plan
from .common import memo_message, memo_notes, memo_sentence, model_facts
from .image import diffusion_throughput
from .inference import (
    ENGINES,
    HF_FP8_QUANT_METHODS,
    HF_LONG_PROMPT_RANGE_PCT,
    HF_LONG_PROMPT_TOKENS,
    LLAMACPP,
    LLAMACPP_BACKENDS,
    LLAMACPP_DEFAULT_BACKEND,
    LLAMACPP_ERAS,
    LLAMACPP_METAL_PREFILL_EFF,
    EngineSpeed,
    HfHost,
    LlamaCppEra,
    engine_notes,
    floor_per_layer,
    gemm_tflops,
    hf_era,
    hf_generate_host,
    llamacpp_era,
    llamacpp_moe_loop_s,
    memory_class,
    pnorm,
    transformers_version,
    weight_eta,
)
from .interconnect import (
    link_bandwidth_gbps,
    link_latency_s,
    link_name,
    ring_allreduce_s,
)
from .training import compute_figure_note, training_throughput


# --------------------------------------------------------------------------------------------
# engine profiles (inference): gpupicker/core/speed/inference.py (ENGINES)
# --------------------------------------------------------------------------------------------
def engine_profile(w: Workload) -> EngineSpeed:
    """The speed profile for a workload.

    ``decode_ceiling`` tasks use the ideal engine; GGUF weights run on llama.cpp (the only engine
    modelled for GGUF files; an assumption says so).

    Raises:
        ValueError: for a framework with no LLM inference profile (diffusers, megatron …).
    """
    if w.task == "decode_ceiling":
        return ENGINES["decode_ceiling"]
    fw = speed_engine(w.framework)
    if w.weights_dtype in GGUF_TYPES and w.weights_dtype != "f16":
        fw = "llama.cpp"
    if fw is None:
        raise ValueError(
            msg(
                "throughput.no_speed_model",
                framework=repr(w.framework),
                choices=", ".join(known_frameworks("inference")),
            )
        )
    return ENGINES[fw]


def _weights_bytes(arch: ModelArch, dtype: str, groups: frozenset[str] | None = None) -> float:
    f = model_facts(arch)
    key = ("wb", dtype, *sorted(groups or ()), "g" if groups is not None else "")
    if key not in f:
        f[key] = float(weights_bytes(arch, dtype, groups))
    return f[key]


# --------------------------------------------------------------------------------------------
# inference
# --------------------------------------------------------------------------------------------
def experts_touched(arch: ModelArch, batch_tokens: int) -> float:
    """Expected distinct routed experts per MoE layer for ``batch_tokens`` tokens.

    ``E·(1 − (1 − k/E)^b)`` under uniform routing.
    """
    e = arch.num_local_experts or 1
    k = arch.num_experts_per_tok or 1
    return e * (1.0 - (1.0 - k / e) ** max(1, batch_tokens))


def decode_weight_bytes(
    arch: ModelArch, dtype: str, batch: int = 1, groups: frozenset[str] | None = None
) -> float:
    """Weight bytes read per decode step (whole model).

    Every Linear and the lm_head, but only one row of the input embedding (not the table) and,
    for MoE, only the touched experts (:func:`moe_decode_reads`). ``groups``: the Linear groups
    held in ``dtype`` (None: the format's convention).
    """
    key = (
        "decode",
        dtype,
        batch if arch.is_moe else 1,
        *sorted(groups or ()),
        "g" if groups is not None else "",
    )
    f = model_facts(arch)
    if key in f:
        return f[key]
    f[key] = _decode_weight_bytes(arch, dtype, batch, groups)
    return f[key]


def _group_bpw(dtype: str, group: str, quantized: frozenset[str]) -> float:
    """Bytes per weight of one Linear group: the format's if held in it, else 16-bit."""
    bpw = bytes_per_weight(dtype)
    return bpw if (bpw >= 2.0 or group in quantized) else 2.0


def _lm_head_bpw(arch: ModelArch, dtype: str) -> float:
    """Bytes per weight of the output projection (as :func:`..memory.common.weights_bytes`)."""
    bpw = bytes_per_weight(dtype)
    if bpw >= 2.0:
        return bpw
    if dtype in GGUF_TYPES:
        return bpw if arch.tie_word_embeddings else bytes_per_weight("q6_k")
    return 2.0


def moe_decode_reads(
    arch: ModelArch, dtype: str, batch: int, groups: frozenset[str] | None = None
) -> dict[str, float]:
    """Bytes one MoE decode step reads, per tensor group at the group's own dtype.

    ``attention``, ``dense_mlp`` (dense layers) and ``shared_experts`` (with the router) are read
    whole; ``experts``: the routed experts the batch touches (:func:`experts_touched` of the
    layer's E); ``lm_head``: the output projection (one row of the input embedding is
    negligible). Parameters per group from the layer shapes
    (:func:`..memory.common.linear_group_params`); a row whose published active count differs
    from its shapes has every Linear read scaled to it. gpt-oss-20b in MXFP4 at batch 1:
    1.27 GB of bf16 attention + 1.27 GB of MXFP4 experts + 1.16 GB of bf16 lm_head = 3.7 GB
    per token (an average bytes-per-weight over the model gave 1.4 GB).
    """
    q = quantized_weight_groups(arch, dtype, groups)
    lin = linear_group_params(arch)
    e = float(arch.num_local_experts or 1)
    k = float(arch.num_experts_per_tok or 1)
    head = float(arch.lm_head_params())
    active_lin = lin["attention"] + lin["dense_mlp"] + lin["shared_experts"] + lin["experts"] * k / e
    scale = 1.0
    if arch.active_params is not None and active_lin > 0:
        scale = max(0.0, arch.active_param_count() - arch.embedding_params()) / active_lin
    touched = experts_touched(arch, batch) / e
    reads = {
        g: lin[g] * scale * _group_bpw(dtype, g, q) for g in ("attention", "dense_mlp", "shared_experts")
    }
    reads["experts"] = lin["experts"] * touched * scale * _group_bpw(dtype, "experts", q)
    reads["lm_head"] = head * _lm_head_bpw(arch, dtype)
    return reads


def _decode_weight_bytes(arch: ModelArch, dtype: str, batch: int, groups: frozenset[str] | None) -> float:
    total = _weights_bytes(arch, dtype, groups)
    if not arch.hidden_size:
        return total
    if arch.is_moe:
        return min(total, sum(moe_decode_reads(arch, dtype, batch, groups).values()))
    emb_bpw = bytes_per_weight(dtype) if (dtype in GGUF_TYPES or bytes_per_weight(dtype) >= 2) else 2.0
    emb = 0.0 if arch.tie_word_embeddings else arch.vocab_size * arch.hidden_size * emb_bpw
    return max(total - emb, 0.0)


def _linears_per_layer(arch: ModelArch) -> int:
    """Matmul launches per decoder layer at decode.

    q, k, v, o (MLA: q_a, q_b, kv_a, the two absorbed kv_b halves, o) and the MLP's 2–3 (MoE:
    the router + gate/up and down of each routed expert a token uses — grouped kernels still
    run one tile loop per expert — + the shared expert's three).
    """
    attn = 6 if arch.kv_lora_rank else 4
    mlp = 3 if arch.mlp_gated else 2
    if arch.is_moe:
        mlp = 1 + 2 * (arch.num_experts_per_tok or 1) + (3 if arch.n_shared_experts else 0)
    return attn + mlp


def _attention_flops_per_token(arch: ModelArch, context: float) -> float:
    """Forward attention FLOPs per new token at ``context`` cached tokens.

    QKᵀ and AV, ``2·2·a·d_h·context`` per attention layer: full-attention layers over the
    whole context, sliding layers over ``min(context, window)``; linear-attention / Mamba
    layers' fixed-size state update is not context-dependent and is left out.
    """
    full, sliding = arch.kv_layers()
    local = min(context, arch.sliding_window) if arch.sliding_window else context
    return 4.0 * arch.num_attention_heads * arch.head_dim_eff * (full * context + sliding * local)


def _roofline_notes(
    p: EngineSpeed, gpu: GpuSpec, prec: str, dtype: str, eta: str, fixed_ms: str, host_ms: str
) -> tuple[Message, ...]:
    """The engine's assumption sentences for one roofline (memoized on the values shown).

    "Engine: …; η of peak memory bandwidth (… GB/s) for … weights.", "Fixed engine time … ms
    per step[ (host launches … ms)]; decode GEMMs at … of sustained tensor peak." and
    :func:`.speed_inference.engine_notes`.
    """
    key = (
        p.name,
        p.gemm_eff,
        p.range_pct,
        p.evidence,
        p.prefill_accumulate,
        gpu,
        prec,
        dtype,
        eta,
        fixed_ms,
        host_ms,
    )

    def build() -> tuple[Message, ...]:
        fixed = (
            msg("throughput.fixed_time_host", ms=fixed_ms, host=host_ms)
            if host_ms
            else msg("throughput.fixed_time", ms=fixed_ms)
        )
        return (
            join(
                [
                    join(
                        [
                            msg("throughput.engine", engine=p.name),
                            msg(
                                "throughput.weight_eta",
                                eta=eta,
                                bandwidth=f"{gpu.memory_bandwidth_gbps:,.0f}",
                                dtype=dtype,
                            ),
                        ],
                        "clauses",
                    )
                ]
            ),
            join([join([fixed, msg("throughput.decode_gemms", share=f"{p.gemm_eff:.0%}")], "clauses")]),
            *engine_notes(p, gpu, prec),
        )

    return memo_notes(key, build)


def _decode_reads(weights: str, kv: str, tp: int, link: Message | None) -> Message:
    """The "Decode reads … GB of weights … per step" sentence (memoized).

    ``kv`` is '' without a KV cache; ``link`` is given with tensor parallelism.
    """
    key = ("reads", weights, kv, tp, link.id if link is not None else "", link)

    def build() -> Message:
        if link is not None:
            reads = (
                msg("throughput.decode_reads_kv_tp", weights=weights, kv=kv, n=tp, link=link)
                if kv
                else msg("throughput.decode_reads_tp", weights=weights, n=tp, link=link)
            )
        else:
            reads = (
                msg("throughput.decode_reads_kv", weights=weights, kv=kv)
                if kv
                else msg("throughput.decode_reads", weights=weights)
            )
        return join([reads])

    return memo_message(key, build)


def _expert_active_params(arch: ModelArch) -> float:
    """Routed-expert parameters one token uses (top-k of each MoE layer; 0 for dense models)."""
    if not arch.is_moe or not arch.hidden_size:
        return 0.0
    e = float(arch.num_local_experts or 1)
    return linear_group_params(arch)["experts"] * float(arch.num_experts_per_tok or 1) / e


def _moe_reads_note(arch: ModelArch, w: Workload) -> Message:
    """The MoE decode-reads sentence: bytes per tensor group at the batch (memoized)."""
    r = moe_decode_reads(arch, w.weights_dtype, w.batch, w.quantized_group_set)
    q = quantized_weight_groups(arch, w.weights_dtype, w.quantized_group_set)
    gb = {g: f"{v / 1e9:.2f}" for g, v in r.items()}
    touched = f"{experts_touched(arch, w.batch):.1f}"
    quantized = ", ".join(g for g in ("attention", "dense_mlp", "experts", "shared_experts") if g in q)
    key = ("moe", *gb.values(), touched, arch.num_local_experts or 1, quantized, w.weights_dtype)

    def build() -> Message:
        return join(
            [
                msg(
                    "throughput.moe_groups",
                    attention=gb["attention"],
                    experts=gb["experts"],
                    touched=touched,
                    n=arch.num_local_experts or 1,
                    shared=gb["shared_experts"],
                    head=gb["lm_head"],
                    quantized=quantized,
                    dtype=w.weights_dtype,
                )
            ]
        )

    return memo_message(key, build)


def _era_note(era: LlamaCppEra, named: bool, w: Workload, layer_s: float, old_layer_s: float) -> Message:
    """The llama.cpp build-era sentence (memoized).

    The era named by ``engine_build`` / ``engine_date``, or the newest era assumed with the
    oldest era's per-layer time beside it.
    """
    given = w.engine_build or w.engine_date or ""
    ms, old_ms = f"{layer_s * 1e3:.2f}", f"{old_layer_s * 1e3:.2f}"

    def build() -> Message:
        name = msg(f"speed_inference.era.{era.id}")
        if named:
            return join([msg("speed_inference.era_named", era=name, given=given, ms=ms)])
        return join([msg("speed_inference.era_assumed", era=name, ms=ms, old_ms=old_ms)])

    return memo_message(("era", era.id, named, given, ms, old_ms), build)


GEMM_HALF_ROWS = 64.0
"""Rows (tokens) at which llama.cpp's quantized GEMM (MMQ) reaches half its large-batch rate:
RTX 4090, llama 8B Q4_0, pp512 by micro-batch 16 / 32 / 64 / 128 / 256 / 512: 1,937 / 3,428 /
5,420 / 7,444 / 9,602 / 10,359 tokens/s (llama.cpp PR #7676) ≈ ``m / (m + 64)``."""


def expert_gemm_slowdown(rows: float) -> float:
    """Time of an MoE expert GEMM over ``rows`` tokens, relative to a full micro-batch.

    ``(m + 64)/m`` normalized at 512 rows (:data:`GEMM_HALF_ROWS`); 1 at 512 rows or more.
    """
    m = max(1.0, rows)
    full = 512.0 / (512.0 + GEMM_HALF_ROWS)
    return max(1.0, full / (m / (m + GEMM_HALF_ROWS)))


def _hf_host(
    w: Workload, arch: ModelArch, p: EngineSpeed, dtype: str, long_prompt: bool = False
) -> tuple[HfHost, Message]:
    """Host time of transformers ``generate()`` for ``w`` and its assumption sentence.

    :func:`.inference.hf_generate_host`; the sentence names the version era, the MoE expert
    loop, the FP8Linear calls and, with ``long_prompt``, the wider range of prompts over
    :data:`.inference.HF_LONG_PROMPT_TOKENS` tokens.
    """
    version = transformers_version(w.environment)
    era, named = hf_era(version)
    fp8 = dtype == "fp8" and (w.quant_method is None or w.quant_method in HF_FP8_QUANT_METHODS)
    moe_layers = arch.moe_layer_count() if arch.is_moe else 0
    hf = hf_generate_host(
        arch.model_type,
        max(1, arch.num_hidden_layers),
        moe_layers,
        arch.num_local_experts or 1,
        fp8,
        era,
        version,
        p.quant_floor_factor.get(dtype, 1.0),
    )
    parts: list[Message] = [
        msg(
            "speed_inference.hf_era_named" if named else "speed_inference.hf_era_assumed",
            era=msg(f"speed_inference.hf_era.{era.id}"),
            ms=f"{hf.base_s * 1e3:.1f}",
        )
    ]
    if hf.moe_layers:
        e = arch.num_local_experts or 1
        touched = experts_touched(arch, w.batch)
        iters = hf.moe_layers * (e if hf.loops_all_experts else touched)
        ms = f"{(hf.step_s(e, touched) - hf.base_s) * 1e3:.1f}"
        parts.append(
            msg("speed_inference.hf_moe_loop_all", n=e, iters=f"{iters:,.0f}", ms=ms)
            if hf.loops_all_experts
            else msg("speed_inference.hf_moe_loop_hit", n=f"{touched:.1f}", iters=f"{iters:,.0f}", ms=ms)
        )
    if fp8:
        per_token = hf.fp8_linears + (
            3
            * hf.moe_layers
            * ((arch.num_local_experts or 1) if hf.loops_all_experts else experts_touched(arch, w.batch))
        )
        parts.append(msg("speed_inference.hf_fp8_linear", n=f"{per_token:,.0f}"))
    if long_prompt:
        parts.append(
            msg(
                "speed_inference.hf_long_prompt",
                tokens=f"{HF_LONG_PROMPT_TOKENS:,}",
                pct=f"{HF_LONG_PROMPT_RANGE_PCT:.0f}",
            )
        )
    return hf, join([join(parts, "clauses")])


class _InferenceSpeed(NamedTuple):
    """The numbers of one inference roofline evaluation (see :meth:`_Roofline.speed`).

    Times in seconds: ``step_s`` one decode step at the batch, ``prefill_s`` the prompts of
    the whole batch, ``prefill_one_s`` one request's prompt alone.
    """

    decode_tokens_per_s: float
    prefill_tokens_per_s: float
    bound: str
    weight_bytes: float
    kv_bytes: float
    step_s: float = 0.0
    prefill_s: float = 0.0
    prefill_one_s: float = 0.0
    output_tokens_per_s: float = 0.0
    mem_s: float = 0.0
    comp_s: float = 0.0


def _prompt_and_new(w: Workload) -> tuple[int, int]:
    """Prompt tokens and generated tokens per sequence of an inference workload."""
    prompt = w.prompt_len or w.seq_len or w.avg_prompt_tokens
    new = (
        w.new_tokens
        if w.new_tokens is not None
        else (0 if w.task == "decode_ceiling" else w.avg_output_tokens)
    )
    return prompt, new


def _precision(w: Workload, gpu: GpuSpec) -> str:
    """GEMM input precision of an inference workload on ``gpu``.

    fp8 when weights or compute are FP8; fp4 for NVFP4 / MXFP4 weights on a GPU with FP4
    tensor cores (:attr:`GpuSpec.has_fp4`: vLLM runs NVFP4 checkpoints as W4A4 CUTLASS FP4
    GEMMs on Blackwell); elsewhere FP4 weights are dequantized in the GEMM (W4A16: vLLM's
    Marlin / Triton MXFP4 and NVFP4 kernels on Hopper and older) at the 16-bit rate.
    """
    if w.compute_dtype == "fp8" or w.weights_dtype == "fp8":
        return "fp8"
    if w.weights_dtype in ("mxfp4", "nvfp4") and gpu.has_fp4:
        return "fp4"
    return "fp16" if w.compute_dtype == "fp16" else "bf16"


def fp4_note(w: Workload, gpu: GpuSpec) -> tuple[Message, ...]:
    """How FP4 weights run on ``gpu``: at the FP4 tensor rate, or weight-only as W4A16."""
    if w.weights_dtype not in ("mxfp4", "nvfp4"):
        return ()
    if gpu.has_fp4:
        return (
            join(
                [
                    msg(
                        "throughput.fp4_native",
                        dtype=w.weights_dtype.upper(),
                        tflops=f"{gpu.fp4_tflops_dense:,.0f}",
                    )
                ]
            ),
        )
    return (join([msg("throughput.fp4_weight_only", dtype=w.weights_dtype.upper(), gpu=gpu.name)]),)


@dataclass(slots=True)
class _Roofline:
    """What the inference roofline of ``w`` on ``n`` × ``gpu`` does not owe to batch or context.

    See :mod:`.inference`: engine profile, datasheet bandwidth (bytes/s) and the engine's
    efficiencies on it, decode and prefill GEMM rates (FLOP/s), tensor-parallel degree, per-step
    host floor and fixed times (seconds), and the link's latency and bandwidth. :meth:`speed`
    evaluates it at a batch and context; the serving search tries several batches per GPU ×
    count.
    """

    w: Workload
    arch: ModelArch
    gpu: GpuSpec
    n: int
    profile: EngineSpeed
    n_layers: int
    eta: float
    tp: int
    p_act: float
    bw: float
    decode_flops: float
    prefill_flops: float
    floor_s: float
    fixed_s: float
    tails_s: float
    prefill_layer_s: float
    ubatch: int
    dequant_bytes: float
    engine_notes: tuple[Message, ...]
    link_latency_s: float
    link_bytes_per_s: float
    dense_weight_bytes: float | None
    memo: dict[tuple[str, int], float]
    era_note: Message | None = None
    backend_note: Message | None = None
    expert_active_params: float = 0.0
    range_pct: float = 0.0
    hf: HfHost | None = None
    hf_note: Message | None = None
    moe_loop_s: float = 0.0
    """llama.cpp before PR #13199: host-loop seconds per expert per MoE matmul per micro-batch."""

    @classmethod
    def of(cls, w: Workload, arch: ModelArch, gpu: GpuSpec, n: int) -> _Roofline:
        p = engine_profile(w)
        dtype = w.weights_dtype
        f = model_facts(arch)
        n_layers = max(1, arch.num_hidden_layers)
        p_act = f["active"] - (0 if arch.tie_word_embeddings else arch.vocab_size * arch.hidden_size)
        tp = n if (p.tensor_parallel and n > 1) else 1
        if w.parallelism.tensor_parallel > 1:
            tp = min(n, w.parallelism.tensor_parallel)
        prec = _precision(w, gpu)
        apple = is_apple(gpu)
        metal = p is LLAMACPP and apple
        if metal:  # Metal mul_mm kernels dequantize inline: no cuBLAS pass, no FP16 doubling
            prefill_rate = sustained_tflops(gpu, prec) * LLAMACPP_METAL_PREFILL_EFF * 1e12
        else:
            prefill_rate = gemm_tflops(p, gpu, prec, True) * 1e12
        eta = weight_eta(p, gpu, bytes_per_weight(dtype))
        era, era_note, backend_note, be = None, None, None, None
        h = arch.hidden_size
        floor = floor_per_layer(p, gpu, dtype, w.environment, hidden=h) * n_layers
        if p is LLAMACPP:
            era, named = llamacpp_era(w.engine_build, w.engine_date)
            era_note = _era_note(
                era,
                named,
                w,
                floor_per_layer(p, gpu, dtype, era=era, hidden=h),
                floor_per_layer(p, gpu, dtype, era=LLAMACPP_ERAS[0], hidden=h),
            )
            floor = floor_per_layer(p, gpu, dtype, w.environment, era, hidden=h) * n_layers
            be = LLAMACPP_BACKENDS.get(w.backend or LLAMACPP_DEFAULT_BACKEND.get(platform_of(gpu), ""))
            if be is not None:
                if be.layer_s:
                    floor = be.layer_s * n_layers
                eta = be.eta.get(memory_class(gpu), 0.5) * bandwidth_factor(gpu)
                prefill_rate *= be.prefill
                backend_note = memo_sentence(
                    "speed_inference.backend",
                    backend=be.id.upper(),
                    eta=f"{eta:.0%}",
                    prefill=f"{be.prefill:.0%}",
                    pct=f"{be.range_pct:.0f}",
                    source=msg(f"speed_inference.backend_source.{be.id}"),
                )
        moe_loop = 0.0
        if p is LLAMACPP and not metal and arch.is_moe and (be is None or be.id == "hip"):
            moe_loop = llamacpp_moe_loop_s(w.engine_build, w.engine_date)
        hf, hf_note = None, None
        range_pct = max(p.range_pct, be.range_pct if be is not None else 0.0)
        if p is ENGINES["transformers"]:
            long_prompt = _prompt_and_new(w)[0] > HF_LONG_PROMPT_TOKENS
            hf, hf_note = _hf_host(w, arch, p, dtype, long_prompt)
            floor = hf.step_s(arch.num_local_experts or 1, experts_touched(arch, w.batch))
            if long_prompt:
                range_pct = max(range_pct, HF_LONG_PROMPT_RANGE_PCT)
        tails = p.s_per_linear * (_linears_per_layer(arch) * n_layers + 1)
        deq = 0.0
        if p.dequant_prefill and not metal and bytes_per_weight(dtype) < 2.0:
            deq = f["linear"] * (bytes_per_weight(dtype) + 2.0)  # read quantized, write F16
        notes = _roofline_notes(
            p,
            gpu,
            prec,
            dtype,
            f"{eta:.0%}",
            f"{(floor + p.s_per_step + tails) * 1e3:.2f}",
            f"{floor * 1e3:.2f}" if floor else "",
        ) + fp4_note(w, gpu)
        if moe_loop:
            notes += (memo_sentence("throughput.llamacpp_moe_loop", us=f"{moe_loop * 1e6:.0f}"),)
        return cls(
            w=w,
            arch=arch,
            gpu=gpu,
            n=n,
            profile=p,
            n_layers=n_layers,
            eta=eta,
            tp=tp,
            p_act=p_act,
            bw=gpu.memory_bandwidth_gbps * 1e9,
            decode_flops=gemm_tflops(p, gpu, prec, False) * 1e12,
            prefill_flops=prefill_rate,
            floor_s=floor,
            fixed_s=p.s_per_step,
            tails_s=tails,
            prefill_layer_s=0.0 if metal else p.prefill_layer_s,
            ubatch=p.ubatch,
            dequant_bytes=deq,
            engine_notes=notes,
            link_latency_s=link_latency_s(gpu),
            link_bytes_per_s=link_bandwidth_gbps(gpu) * 1e9,
            # a dense model reads the same weights at any batch (MoE: touched experts)
            dense_weight_bytes=None
            if arch.is_moe
            else decode_weight_bytes(arch, dtype, groups=w.quantized_group_set),
            memo={},
            era_note=era_note,
            backend_note=backend_note,
            hf=hf,
            hf_note=hf_note,
            moe_loop_s=moe_loop,
            expert_active_params=_expert_active_params(arch),
            range_pct=range_pct,
        )

    def _comm(self, tokens: int) -> float:
        """Link time in seconds per forward of ``tokens`` tokens.

        Two all-reduces per layer with tensor parallelism; one activation hand-over per stage
        boundary with a layer split.
        """
        arch, n, tp = self.arch, self.n, self.tp
        if tp > 1:
            return (
                2
                * self.n_layers
                * ring_allreduce_s(
                    self.link_latency_s, self.link_bytes_per_s, tp, tokens * arch.hidden_size * 2
                )
            )
        if n > 1:
            return (n - 1) * (
                self.link_latency_s
                + self.profile.stage_handoff_s
                + tokens * arch.hidden_size * 2 / self.link_bytes_per_s
            )
        return 0.0

    def speed(self, b: int, prompt: int, new: int) -> _InferenceSpeed:
        """Decode and prefill speed at batch ``b`` with ``prompt`` + ``new`` tokens per sequence."""
        w, arch, p = self.w, self.arch, self.profile
        tp, p_act = self.tp, self.p_act
        ctx_mean = 0.0 if w.task == "decode_ceiling" else prompt + new / 2.0

        wbytes = self.dense_weight_bytes
        if wbytes is None:
            wbytes = decode_weight_bytes(arch, w.weights_dtype, b, w.quantized_group_set)
        f = model_facts(arch)
        kv_key = ("kv", w.kv_cache_dtype, ctx_mean, b)
        if kv_key not in f:
            # a hybrid's recurrent state is read and written back once per step
            f[kv_key] = (
                kv_bytes(arch, ctx_mean, b, w.kv_cache_dtype) if ctx_mean else 0.0
            ) + 2.0 * recurrent_state_bytes(arch, b, "vllm")
        kv = f[kv_key]
        bw_w = self.bw * self.eta
        kv_reads = p.kv_traffic
        if p.gqa_kv_per_query_head and arch.kv_heads and not arch.kv_lora_rank:
            kv_reads *= max(1.0, arch.num_attention_heads / arch.kv_heads)
        mem_s = (wbytes + kv_reads * kv / p.kv_eta) / bw_w / tp
        flops = b * (2.0 * p_act + _attention_flops_per_token(arch, ctx_mean))
        comp_s = flops / self.decode_flops / tp
        gpu_s = pnorm(mem_s, comp_s) + self.tails_s
        comm = self._comm(b)
        overhead = self.fixed_s + p.s_per_seq_step * b
        floor = self.floor_s
        if self.hf is not None:
            floor = self.hf.step_s(arch.num_local_experts or 1, experts_touched(arch, b))
            host = gpu_s + floor if self.hf.serial else pnorm(gpu_s, floor)
        else:
            host = pnorm(gpu_s, floor) if p.floor_overlaps else gpu_s + floor
        step = host + overhead + comm
        bound = "memory-bandwidth" if mem_s >= comp_s else "compute"
        if floor + overhead > gpu_s:
            bound = "engine-overhead"
        if comm > gpu_s:
            bound = "interconnect"
        decode = 1.0 / step

        pre_s = self._prefill_s(b, prompt, wbytes)
        if b == 1:
            pre_one = pre_s
        else:
            cached = self.memo.get(("pre1", prompt))
            if cached is None:
                w1 = self.dense_weight_bytes
                cached = self.memo[("pre1", prompt)] = self._prefill_s(
                    1,
                    prompt,
                    w1
                    if w1 is not None
                    else decode_weight_bytes(arch, w.weights_dtype, 1, w.quantized_group_set),
                )
            pre_one = cached
        prefill = b * prompt / pre_s
        out_tps = b * new / (pre_s + new * step) if new else 0.0
        return _InferenceSpeed(
            decode, prefill, bound, wbytes, kv, step, pre_s, pre_one, out_tps, mem_s, comp_s
        )

    def mixed_step_s(self, s: _InferenceSpeed, b: int, prompt: int, chunk: float) -> float:
        """Seconds of one engine step running ``b`` decodes and ``chunk`` prompt tokens together.

        Chunked prefill (vLLM V1: every step is one forward over the running decodes and the
        prefill chunks the token budget leaves room for): the weights are read once for both,
        the chunk's GEMM FLOPs ``2·P_active`` per token (+ attention over half the prompt) run
        at the prefill GEMM rate on top of the decode step's compute, and tensor parallelism
        all-reduces ``b + chunk`` tokens. ``s`` is :meth:`speed` at ``b``.
        """
        if chunk <= 0:
            return s.step_s
        arch = self.arch
        extra = (
            chunk
            * (2.0 * self.p_act + _attention_flops_per_token(arch, prompt / 2.0))
            / self.prefill_flops
            / self.tp
        )
        grow = pnorm(s.mem_s, s.comp_s + extra) - pnorm(s.mem_s, s.comp_s)
        return s.step_s + grow + self._comm(b + int(chunk)) - self._comm(b)

    def _prefill_s(self, b: int, prompt: int, wbytes: float) -> float:
        """Seconds to prefill ``b`` prompts of ``prompt`` tokens; causal attention ≈ half the square.

        One forward, or micro-batches of ``ubatch`` tokens for llama.cpp.
        """
        arch, tp = self.arch, self.tp
        tokens = b * prompt
        chunks = math.ceil(tokens / self.ubatch) if self.ubatch else 1
        p_act = self.p_act
        if self.ubatch and arch.is_moe and arch.hidden_size:
            # each expert's GEMM sees only its share of a micro-batch's tokens, and every
            # expert the micro-batch touches is read
            m = min(tokens, self.ubatch) * (arch.num_experts_per_tok or 1) / (arch.num_local_experts or 1)
            experts = self.expert_active_params
            p_act += experts * (expert_gemm_slowdown(m) - 1.0)
            wbytes = decode_weight_bytes(
                arch, self.w.weights_dtype, min(tokens, self.ubatch), self.w.quantized_group_set
            )
        flops = (
            tokens * 2.0 * p_act
            + b * 2.0 * self.n_layers * arch.num_attention_heads * arch.head_dim_eff * prompt * prompt
        )
        gemm = max(flops / self.prefill_flops, chunks * wbytes / (self.bw * self.eta)) / tp
        fixed = chunks * (self.n_layers * self.prefill_layer_s + self.dequant_bytes / self.bw / tp)
        if self.moe_loop_s:  # the old per-expert loop: 3 matmuls per MoE layer per micro-batch
            full, rest = divmod(tokens, self.ubatch)
            per_ub = 3 * arch.moe_layer_count() * self.moe_loop_s
            fixed += per_ub * (
                full * experts_touched(arch, self.ubatch) + (experts_touched(arch, rest) if rest else 0.0)
            )
        if tp == 1 and self.n > 1 and chunks > 1:
            # layer split: micro-batches' GEMMs are pipelined through the n stages (llama.cpp
            # PR #6017): (chunks + n − 1) stage times of 1/n of a chunk's GEMMs each; the
            # per-layer launches and dequantization passes are not overlapped
            gemm *= (chunks + self.n - 1) / (self.n * chunks)
        return gemm + fixed + self.fixed_s + self.tails_s + self._comm(min(tokens, 8192)) * chunks

    def throughput(self, w: Workload, s: _InferenceSpeed) -> Throughput:
        """The :class:`Throughput` of evaluation ``s`` of workload ``w``, with its assumptions.

        ``w`` is this roofline's workload at ``s``'s batch.
        """
        p, tp, gpu, n, kv = self.profile, self.tp, self.gpu, self.n, s.kv_bytes
        assumptions = [
            self.engine_notes[0],
            _decode_reads(
                f"{s.weight_bytes / 1e9:.2f}",
                f"{kv / 1e9:.2f}" if kv else "",
                tp,
                link_name(gpu) if tp > 1 else None,
            ),
            *self.engine_notes[1:],
            *compute_figure_note(gpu),
        ]
        if (
            w.weights_dtype in GGUF_TYPES
            and w.framework not in ("llama.cpp", "ollama")
            and w.task != "decode_ceiling"
        ):
            assumptions.append(join([msg("throughput.gguf_speed", framework=w.framework)]))
        if n > 1 and tp == 1:
            assumptions.append(join([msg("throughput.layer_split", n=n)]))
        if self.era_note is not None:
            assumptions.append(self.era_note)
        if self.backend_note is not None:
            assumptions.append(self.backend_note)
        if self.hf_note is not None:
            assumptions.append(self.hf_note)
        if self.arch.is_moe and self.arch.hidden_size:
            assumptions.append(_moe_reads_note(self.arch, w))
        # plain construction: pydantic-core validates these few fields faster than model_construct
        return Throughput(
            decode_tokens_per_s=s.decode_tokens_per_s,
            aggregate_decode_tokens_per_s=s.decode_tokens_per_s * w.batch,
            prefill_tokens_per_s=s.prefill_tokens_per_s,
            output_tokens_per_s=s.output_tokens_per_s or None,
            ttft_s=s.prefill_one_s + s.step_s,
            itl_s=s.step_s,
            bound=s.bound,
            efficiency=self.eta,
            range_pct=self.range_pct or p.range_pct,
            evidence=p.evidence,
            assumptions=tuple(assumptions),
        )


VLLM_LARGE_GPU_GIB = 70
"""vLLM gives the larger scheduler defaults to GPUs with at least this much memory, A100s
excepted (``vllm/engine/arg_utils.py`` ``EngineArgs.get_batch_defaults``: "Setting large
``max_num_batched_tokens`` for A100 reduces throughput, see PR #17885")."""
VLLM_SERVER_TOKEN_BUDGET = {True: 8192, False: 2048}
"""``max_num_batched_tokens`` default of the OpenAI API server by that test (the ``LLM`` class
uses 16,384 / 8,192): the tokens one scheduler step may run, decodes and prefill chunks
together (same function)."""
CHUNKED_PREFILL_ENGINES = frozenset({"vllm"})
"""Engines whose every step mixes decodes with prefill chunks: vLLM V1 "always uses chunked
prefills" (``_set_default_args_v1``). SGLang mixes them only with ``--enable-mixed-chunk`` and
otherwise runs prefill batches between decode steps (the time-sharing model below)."""


def chunked_prefill_budget(w: Workload, gpu: GpuSpec) -> int:
    """Token budget per engine step of a chunked-prefill engine, or 0 for other engines.

    The workload's ``max_num_batched_tokens``, else vLLM's server default for the GPU
    (:data:`VLLM_SERVER_TOKEN_BUDGET`: 8,192 on ≥ 70 GiB parts other than the A100, else 2,048).
    """
    if speed_engine(w.framework) not in CHUNKED_PREFILL_ENGINES:
        return 0
    if w.max_num_batched_tokens:
        return w.max_num_batched_tokens
    large = gpu.memory_gb >= VLLM_LARGE_GPU_GIB and "a100" not in gpu.name.lower()
    return VLLM_SERVER_TOKEN_BUDGET[large]


def _continuous_batching_speed(
    w: Workload, roof: _Roofline, s: _InferenceSpeed, t: Throughput, budget: int, prompt: int, new: int
) -> Throughput:
    """``t`` with the ITL and TTFT of ``w.batch`` sequences under continuous batching.

    A chunked-prefill engine (:data:`CHUNKED_PREFILL_ENGINES`) keeps ``b`` sequences running by
    admitting a new request whenever one finishes: ``b / new`` requests a step, whose prompts
    (``b × prompt / new`` tokens, at most ``budget − b``) run in the same forward as the
    decodes (:meth:`_Roofline.mixed_step_s`). Every sequence's token then waits for that longer
    step; a new prompt takes ``⌈prompt / (budget − b)⌉`` of them. The whole-batch output rate
    (``output_tokens_per_s``, prompts processed up front as a throughput benchmark does) is
    unchanged.
    """
    b = w.batch
    room = max(1, budget - b)
    chunk = min(float(room), b * prompt / new)
    step = roof.mixed_step_s(s, b, prompt, chunk)
    ttft = max(s.prefill_one_s, math.ceil(prompt / room) * step) + step
    note = memo_sentence(
        "throughput.chunked_prefill",
        b=b,
        chunk=f"{chunk:,.0f}",
        budget=f"{budget:,}",
        ms=f"{step * 1e3:.1f}",
        plain=f"{s.step_s * 1e3:.1f}",
    )
    return t.model_copy(
        update={
            "decode_tokens_per_s": 1.0 / step,
            "aggregate_decode_tokens_per_s": b / step,
            "itl_s": step,
            "ttft_s": ttft,
            "assumptions": (*t.assumptions, note),
        }
    )


def inference_throughput(w: Workload, arch: ModelArch, gpu: GpuSpec, n: int) -> Throughput:
    """Decode and prefill speed of LLM inference on ``n`` × ``gpu`` (see module docstring)."""
    roof = _Roofline.of(w, arch, gpu, n)
    prompt, new = _prompt_and_new(w)
    s = roof.speed(w.batch, prompt, new)
    t = roof.throughput(w, s)
    budget = chunked_prefill_budget(w, gpu) if w.task == "inference" else 0
    if budget and w.batch > 1 and new and prompt:
        t = _continuous_batching_speed(w, roof, s, t, budget, prompt, new)
    if w.speculative is not None and w.task == "inference":
        t = _speculative_speed(w, arch, gpu, n, roof, s, t, new)
    return t


def _speculative_speed(
    w: Workload,
    arch: ModelArch,
    gpu: GpuSpec,
    n: int,
    roof: _Roofline,
    s: _InferenceSpeed,
    t: Throughput,
    new: int,
) -> Throughput:
    """``t`` with speculative decoding: ``E`` accepted tokens per verify + draft time.

    ``E`` is :func:`gpupicker.core.speculative.expected_tokens_per_step`.

    Verify: the plain decode step plus the GEMM FLOPs of the ``k`` extra tokens per sequence
    (weights and KV are read once for all ``k + 1``). Draft: ``k`` decode steps of a separate
    draft model on the same GPUs (its own roofline), or ``k`` × the share of the target's step
    that its MTP / EAGLE layers are (layers / target layers); n-gram lookup costs no GPU time.
    """
    spec = w.speculative
    assert spec is not None
    k, alpha = spec.tokens, spec.alpha
    expected = expected_tokens_per_step(alpha, k)
    b = w.batch
    verify_s = s.step_s + b * k * 2.0 * roof.p_act / (roof.decode_flops * roof.tp)
    draft = draft_arch(spec, arch, w.framework)
    if draft is None:
        draft_s = 0.0
    elif spec.draft is not None:
        wd = w.model_copy(update={"model": draft, "speculative": None})
        draft_s = k * (inference_throughput(wd, draft, gpu, n).itl_s or 0.0)
    else:
        draft_s = k * s.step_s * draft.num_hidden_layers / max(1, arch.num_hidden_layers)
    step = (verify_s + draft_s) / expected
    _, lo, hi = DEFAULT_ACCEPTANCE[spec.method]
    note = join(
        [
            join(
                [
                    msg(
                        "throughput.speculative",
                        method=spec.method,
                        k=k,
                        alpha=f"{alpha:.2f}",
                        tokens=f"{expected:.2f}",
                        speedup=f"{s.step_s / step:.2f}",
                    ),
                    msg(
                        "throughput.speculative_range",
                        lo=f"{lo:.2f}",
                        hi=f"{hi:.2f}",
                        low=f"{expected_tokens_per_step(lo, k):.2f}",
                        high=f"{expected_tokens_per_step(hi, k):.2f}",
                    ),
                ],
                "clauses",
            )
        ]
    )
    out_tps = b * new / (s.prefill_s + new * step) if new else 0.0
    return t.model_copy(
        update={
            "decode_tokens_per_s": 1.0 / step,
            "aggregate_decode_tokens_per_s": b / step,
            "itl_s": step,
            "ttft_s": s.prefill_one_s + verify_s + draft_s,
            "output_tokens_per_s": out_tps or None,
            "assumptions": (*t.assumptions, note),
        }
    )


# --------------------------------------------------------------------------------------------
# image generation
# --------------------------------------------------------------------------------------------
def image_throughput(w: Workload, arch: ModelArch, gpu: GpuSpec, n: int) -> Throughput:
    """Seconds per image (or per LoRA training image): :func:`.image.diffusion_throughput`.

    Per-architecture denoiser FLOPs, a fixed time per step, batch effects, sustained rates.
    """
    return diffusion_throughput(w, arch, gpu, n)


# --------------------------------------------------------------------------------------------
# public entry point
# --------------------------------------------------------------------------------------------
def estimate_throughput(
    w: Workload, gpu: GpuSpec, num_gpus: int | None = None, memory: MemoryEstimate | None = None
) -> Throughput:
    """Speed of workload ``w`` on ``num_gpus`` × ``gpu``.

    Args:
        w: the workload with a resolved ``model``.
        gpu: the GPU type.
        num_gpus: GPUs used (default ``w.num_gpus``).
        memory: the memory estimate for the same option (used for llama.cpp
            partial offload: layers left in system RAM run at PCIe speed).

    Returns:
        A :class:`Throughput` whose ``assumptions`` name engine, η/MFU and scaling.

    Raises:
        ValueError: when the model is not resolved.
    """
    if w.model is None:
        raise ValueError(w.unresolved_model_error())
    arch = w.model
    n = max(1, num_gpus or w.num_gpus)
    if w.task in ("image_gen", "diffusion_lora") or arch.kind == "diffusion":
        return image_throughput(w, arch, gpu, n)
    if w.is_training:
        return training_throughput(parallel_plan(w, n), arch, gpu, n, memory)
    t = inference_throughput(w, arch, gpu, n)
    if (
        memory is not None
        and memory.placement is not None
        and (memory.placement.host_read_bytes_per_token > 0)
    ):
        t = host_offload_speed(w, arch, gpu, t, memory)
    return t


def host_step(
    arch: ModelArch, gpu: GpuSpec, memory: MemoryEstimate, step: float, eta: float, batch: int
) -> tuple[float, float, float]:
    """(decode step, its GPU part, its CPU part) in seconds with ``memory``'s host-resident bytes.

    ``step`` is the roofline's step with every byte on the GPU at weight-streaming efficiency
    ``eta``; the placement's host bytes per token are at its own batch, and a batch of
    ``batch`` touches more experts (``E·(1 − (1 − k/E)^b)`` under uniform routing).
    """
    p = memory.placement
    assert p is not None
    host_bytes = p.host_read_bytes_per_token
    if arch.is_moe and batch != 1 and p.moe_layers_on_host:
        host_bytes *= experts_touched(arch, batch) / experts_touched(arch, 1)
    gpu_s = max(step - host_bytes / (gpu.memory_bandwidth_gbps * 1e9 * eta), 0.2 * step)
    cpu_layers = arch.num_hidden_layers - (memory.gpu_layers or arch.num_hidden_layers)
    host_s = host_bytes / (p.host_ram_bandwidth_gbps * 1e9 * HOST_DECODE_EFFICIENCY) + HOST_LAYER_SWITCH_S * (
        p.moe_layers_on_host + cpu_layers
    )
    return gpu_s + host_s, gpu_s, host_s


def host_prefill_copy_s(memory: MemoryEstimate, tokens: int) -> float:
    """Seconds prompt processing of ``tokens`` spends copying host-resident weights to the GPU.

    One copy of the placement's host weights per 512-token micro-batch, from
    :data:`~gpupicker.core.memory.placement.OP_OFFLOAD_MIN_BATCH` rows on (below that the
    CPU multiplies them; not counted), at :func:`host_copy_gbps`.
    """
    p = memory.placement
    if p is None or tokens < OP_OFFLOAD_MIN_BATCH or not p.host_model_bytes:
        return 0.0
    return (
        math.ceil(tokens / LLAMACPP_UBATCH_TOKENS) * p.host_model_bytes / (host_copy_gbps(p.pcie_gbps) * 1e9)
    )


def host_copy_gbps(pcie_gbps: float) -> float:
    """GB/s at which llama.cpp copies host-resident weights to the GPU during prompt processing.

    The pinned-copy PCIe rate ``pcie_gbps`` over
    :data:`~gpupicker.core.memory.placement.PINNED_COPY_SPEEDUP`: with llama.cpp's default
    mmap the weights are pageable (PR ggml-org/llama.cpp#14990), ``--no-mmap`` is not modelled.
    """
    return pcie_gbps / PINNED_COPY_SPEEDUP


def host_offload_speed(
    w: Workload, arch: ModelArch, gpu: GpuSpec, t: Throughput, memory: MemoryEstimate
) -> Throughput:
    """``t`` with the bytes llama.cpp reads from host RAM: experts, CPU layers, KV.

    Decode (batch under 32 rows): ggml runs the matmuls whose weights are in host RAM on the
    CPU, one offloaded layer after the other with the GPU's, so a step is the GPU's time for
    the bytes it still reads (the roofline's step less those bytes at the GPU's bandwidth)
    plus the CPU's time for the host bytes at the host RAM bandwidth ×
    :data:`~gpupicker.core.memory.placement.HOST_DECODE_EFFICIENCY` and
    :data:`~gpupicker.core.memory.placement.HOST_LAYER_SWITCH_S` per layer computed on the CPU
    (fitted on the published ``--n-cpu-moe`` runs OF10–OF14); the bound is whichever
    of the two is longer. Prompt processing (micro-batches of ≥ 32 rows) copies the
    host-resident weights to the GPU once per micro-batch of 512 over PCIe
    (``ggml_backend_cuda_device_offload_op``, PR ggml-org/llama.cpp#6083), from pageable
    memory under llama.cpp's default mmap (:func:`host_copy_gbps`), and runs there.
    The range widens to ±:data:`~gpupicker.core.memory.placement.HOST_RANGE_PCT` %.
    """
    p = memory.placement
    assert p is not None
    host_bytes = p.host_read_bytes_per_token
    step = t.itl_s or 1.0 / (t.decode_tokens_per_s or 1.0)
    eta = t.efficiency or 0.8
    new_step, gpu_s, host_s = host_step(arch, gpu, memory, step, eta, w.batch)
    bound = "host-ram-bandwidth" if host_s >= gpu_s else t.bound
    b = w.batch
    update: dict[str, object] = {
        "decode_tokens_per_s": 1.0 / new_step,
        "aggregate_decode_tokens_per_s": b / new_step,
        "itl_s": new_step,
        "bound": bound,
        "range_pct": max(t.range_pct or 0.0, HOST_RANGE_PCT),
    }
    notes = [
        join(
            [
                msg(
                    "throughput.host_decode_split",
                    gpu_ms=f"{gpu_s * 1e3:.1f}",
                    host_ms=f"{host_s * 1e3:.1f}",
                    gb=f"{host_bytes / 1e9:.2f}",
                    gbps=f"{p.host_ram_bandwidth_gbps:,.1f}",
                    eff=f"{HOST_DECODE_EFFICIENCY:.0%}",
                )
            ]
        )
    ]
    prompt, new = _prompt_and_new(w)
    if t.prefill_tokens_per_s and prompt * b >= OP_OFFLOAD_MIN_BATCH:
        tokens = prompt * b
        pre_s = tokens / t.prefill_tokens_per_s
        chunks = math.ceil(tokens / LLAMACPP_UBATCH_TOKENS)
        copy_s = host_prefill_copy_s(memory, tokens)
        update["prefill_tokens_per_s"] = tokens / (pre_s + copy_s)
        if t.ttft_s is not None:
            update["ttft_s"] = t.ttft_s - step + new_step + copy_s / b
        key = "throughput.host_prefill_experts" if p.moe_layers_on_host else "throughput.host_prefill_copy"
        notes.append(
            join(
                [
                    msg(
                        key,
                        gib=f"{p.host_model_bytes / GiB:.2f}",
                        gbps=f"{host_copy_gbps(p.pcie_gbps):.1f}",
                        chunks=chunks,
                    )
                ]
            )
        )
        if new:
            update["output_tokens_per_s"] = b * new / (pre_s + copy_s + new * new_step)
    if p.kv_on_host:
        notes.append(join([msg("throughput.host_kv_prefill")]))
    update["assumptions"] = (*t.assumptions, *notes)
    return t.model_copy(update=update)


def train_hours(w: Workload, tokens_per_s: float) -> float | None:
    """Hours to process ``dataset_tokens × epochs`` at ``tokens_per_s`` (None without a size)."""
    if not w.dataset_tokens or tokens_per_s <= 0:
        return None
    return w.dataset_tokens * w.epochs / tokens_per_s / 3600.0


LLAMACPP_UBATCH_TOKENS = 512
"""llama.cpp's default ``n_ubatch``: prompt tokens per micro-batch."""

__all__ = [
    "decode_weight_bytes",
    "engine_profile",
    "estimate_throughput",
    "host_offload_speed",
    "host_copy_gbps",
    "host_prefill_copy_s",
    "host_step",
    "train_hours",
]
