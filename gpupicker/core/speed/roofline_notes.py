"""Assumption sentences of the inference roofline (memoized Messages) and the engines' host parts.

The engine, weight-efficiency and fixed-time sentences, the decode-reads and MoE-groups
sentences, the llama.cpp build era and FP4 execution; transformers ``generate()``'s host time
(:func:`.hf_generate.hf_generate_host`) and llama.cpp's build-era floor and back-end η
(:func:`_llamacpp_setting`), with their sentences.
"""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from ..dtypes import bytes_per_weight
from ..hardware.gpu_sustained import bandwidth_factor
from ..hardware.specs import GpuSpec
from ..memory.common import (
    quantized_weight_groups,
)
from ..messages import Message, join, msg
from ..model_arch import ModelArch
from ..stacks.platforms import platform_of
from ..workload import Workload
from .common import memo_message, memo_notes, memo_sentence
from .engine_speed import EngineSpeed, memory_class
from .hf_generate import (
    HF_FP8_QUANT_METHODS,
    HF_LONG_PROMPT_RANGE_PCT,
    HF_LONG_PROMPT_TOKENS,
    HfHost,
    hf_era,
    hf_generate_host,
    hf_kv_traffic,
    transformers_version,
)
from .inference import engine_notes, floor_per_layer
from .llamacpp_engine import (
    LLAMACPP,
    LLAMACPP_BACKENDS,
    LLAMACPP_DEFAULT_BACKEND,
    LLAMACPP_ERAS,
    LlamaCppBackend,
    LlamaCppEra,
    llamacpp_era,
    llamacpp_metal_mmid_factor,
    llamacpp_moe_loop_s,
)
from .ollama_engine import OLLAMA_GO_RANGE_PCT, OLLAMA_LLAMA_SERVER_RELEASE, ollama_go_engine
from .weight_reads import (
    experts_touched,
    moe_decode_reads,
)

NPU_ENGINE_NAMES = {"speed_inference.engine.vllm": "speed_inference.engine.vllm_npu"}
"""Engine name → its name on an Ascend NPU: ``vllm serve`` there runs the vllm-ascend plugin,
which captures ACL graphs (torch_npu's NPU graph mode) where vLLM on CUDA captures CUDA graphs
(vllm-ascend graph mode on ACLGraph; MindIE-LLM's model support list has an ``aclgraph``
column, verylucky01/MindIE-LLM docs/zh/user_guide/model_support_list.md)."""

LLAMACPP_ERA_NAMES = {"eager": "speed_inference.era.eager", "graph_reuse": "speed_inference.era.graph_reuse"}
"""llama.cpp build era id (:data:`.llamacpp_engine.LLAMACPP_ERAS`) → the message id of its name."""

HF_ERA_NAMES = {
    "v4_early": "speed_inference.hf_era.v4_early",
    "v4_late": "speed_inference.hf_era.v4_late",
    "v5": "speed_inference.hf_era.v5",
}
"""transformers version era id (:data:`.hf_generate.HF_ERAS`) → the message id of its name."""

BACKEND_SOURCES = {
    "hip": "speed_inference.backend_source.hip",
    "vulkan": "speed_inference.backend_source.vulkan",
    "sycl": "speed_inference.backend_source.sycl",
}
"""llama.cpp back-end id (:data:`.llamacpp_engine.LLAMACPP_BACKENDS`) → the message id of the
source of its η."""


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
        engine = p.name
        npu_name = NPU_ENGINE_NAMES.get(engine.id) if isinstance(engine, Message) else None
        if npu_name is not None and platform_of(gpu) == "ascend":
            engine = msg(npu_name)  # no CUDA graphs on an NPU: ACL graphs
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
                            msg("throughput.engine", engine=engine),
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
        name = msg(LLAMACPP_ERA_NAMES[era.id])
        if named:
            return join([msg("speed_inference.era_named", era=name, given=given, ms=ms)])
        return join([msg("speed_inference.era_assumed", era=name, ms=ms, old_ms=old_ms)])

    return memo_message(("era", era.id, named, given, ms, old_ms), build)


def _hf_host(
    w: Workload, arch: ModelArch, p: EngineSpeed, dtype: str, long_prompt: bool = False
) -> tuple[HfHost, Message]:
    """Host time of transformers ``generate()`` for ``w`` and its assumption sentence.

    :func:`.hf_generate.hf_generate_host`; the sentence names the version era, the MoE expert
    loop, the FP8Linear calls and, with ``long_prompt``, the wider range of prompts over
    :data:`.hf_generate.HF_LONG_PROMPT_TOKENS` tokens.
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
            era=msg(HF_ERA_NAMES[era.id]),
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
    groups = arch.num_attention_heads // arch.kv_heads if arch.kv_heads and not arch.kv_lora_rank else 1
    traffic = hf_kv_traffic(w.attention, version, groups)
    if traffic > hf.kv_traffic:
        hf = replace(hf, kv_traffic=traffic)
        heads, x = f"{arch.num_attention_heads}/{arch.kv_heads}", f"{traffic:.0f}"
        parts.append(msg("speed_inference.hf_repeat_kv", attention=w.attention, heads=heads, x=x))
    if long_prompt:
        parts.append(
            msg(
                "speed_inference.hf_long_prompt",
                tokens=f"{HF_LONG_PROMPT_TOKENS:,}",
                pct=f"{HF_LONG_PROMPT_RANGE_PCT:.0f}",
            )
        )
    return hf, join([join(parts, "clauses")])


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


class _LlamaCppSetting(NamedTuple):
    """llama.cpp's part of a roofline: host floor per step (seconds), η and their sentences."""

    floor_s: float
    eta: float
    era_note: Message
    backend_note: Message | None
    backend: LlamaCppBackend | None


NOT_LLAMACPP_BUILDS = frozenset({"mlx-lm"})
"""Frameworks costed on the llama.cpp profile (:mod:`.stacks.frameworks` stand-ins) that do not
ship llama.cpp builds, so :data:`.llamacpp_engine.LLAMACPP_ERAS` is not read from their build or
date: the newest era's fixed time stands in (and is said)."""


def _llamacpp_setting(w: Workload, gpu: GpuSpec, n_layers: int, h: int, eta: float) -> _LlamaCppSetting:
    """The per-layer floor of ``w``'s llama.cpp build era and its ggml back-end's η.

    ``n_layers`` decoder layers of hidden size ``h`` (the Metal floor scales with it).

    The era from ``engine_build`` / ``engine_date`` (:func:`.llamacpp_engine.llamacpp_era`); the
    back-end named by the workload, else the platform's default
    (:data:`.llamacpp_engine.LLAMACPP_DEFAULT_BACKEND`), whose own η and per-layer time replace
    the CUDA path's ``eta`` (:data:`.llamacpp_engine.LLAMACPP_BACKENDS`).
    """
    dtype = w.weights_dtype
    if w.framework in NOT_LLAMACPP_BUILDS:
        # the eras are llama.cpp builds (graph rebuilt per token until PR #14482); mlx-lm never
        # rebuilt a ggml graph and overlaps building its next step with the GPU's current one
        # (mx.async_eval in mlx_lm.generate.generate_step), so its date names no llama.cpp era
        era = LLAMACPP_ERAS[-1]
        ms = f"{floor_per_layer(LLAMACPP, gpu, dtype, era=era, hidden=h) * 1e3:.2f}"
        era_note = memo_sentence("speed_inference.era_not_llamacpp", framework=w.framework, ms=ms)
    else:
        era, named = llamacpp_era(w.engine_build, w.engine_date)
        era_note = _era_note(
            era,
            named,
            w,
            floor_per_layer(LLAMACPP, gpu, dtype, era=era, hidden=h),
            floor_per_layer(LLAMACPP, gpu, dtype, era=LLAMACPP_ERAS[0], hidden=h),
        )
    go = ollama_go_engine(w)
    if go is not None and w.model is not None:
        # Ollama's Go engine (its own ggml graph per batch, ollama runner/ollamarunner) is not
        # modelled: gpt-oss-120b on an A100 80GB decoded 3.1x slower than the llama.cpp figure
        # (gparemsky/48gb4090 README), qwen3:30b-a3b on an RTX 5090 210.4 tok/s on Ollama 0.24
        # against 331.2 on 0.30's llama-server (ollama PR #16031's benchmark table)
        go_note = memo_sentence(
            "speed_inference.ollama_go_engine",
            model_type=w.model.model_type,
            arch=go.arch,
            since=go.release,
            until=OLLAMA_LLAMA_SERVER_RELEASE,
            pct=f"{OLLAMA_GO_RANGE_PCT:.0f}",
        )
        era_note = join([era_note, go_note], "space")
    floor = floor_per_layer(LLAMACPP, gpu, dtype, w.environment, era, hidden=h) * n_layers
    be = LLAMACPP_BACKENDS.get(w.backend or LLAMACPP_DEFAULT_BACKEND.get(platform_of(gpu), ""))
    backend_note = None
    if be is not None:
        if be.layer_s:
            floor = be.layer_s * n_layers
        eta = be.eta.get(memory_class(gpu), 0.5) * bandwidth_factor(gpu)
        backend_note = memo_sentence(
            "speed_inference.backend",
            backend=be.id.upper(),
            eta=f"{eta:.0%}",
            prefill=f"{be.prefill_on(gpu.vendor):.0%}",
            pct=f"{be.range_pct:.0f}",
            source=msg(BACKEND_SOURCES[be.id]),
        )
    return _LlamaCppSetting(floor, eta, era_note, backend_note, be)


def _llamacpp_moe_prefill(
    w: Workload, llamacpp_moe: bool, metal: bool, be: LlamaCppBackend | None
) -> tuple[float, float]:
    """Old-build costs of a llama.cpp MoE prompt: (host-loop s per expert per matmul, GEMM factor).

    CUDA/HIP builds before PR #13199 loop over the experts on the host
    (:func:`.llamacpp_engine.llamacpp_moe_loop_s`); Metal builds before PR #13388 run the old
    ``MUL_MAT_ID`` kernel (:func:`.llamacpp_engine.llamacpp_metal_mmid_factor`). ``(0, 1)`` when
    ``llamacpp_moe`` is False (another engine, or a dense model).
    """
    if not llamacpp_moe:
        return 0.0, 1.0
    if metal:
        width = bytes_per_weight(w.weights_dtype)
        return 0.0, llamacpp_metal_mmid_factor(w.engine_build, w.engine_date, width)
    if be is None or be.id == "hip":
        return llamacpp_moe_loop_s(w.engine_build, w.engine_date), 1.0
    return 0.0, 1.0


def _moe_prefill_notes(moe_loop_s: float, mmid: float) -> tuple[Message, ...]:
    """The assumption sentences of :func:`_llamacpp_moe_prefill`'s old-build costs (none: ``()``)."""
    notes: tuple[Message, ...] = ()
    if moe_loop_s:
        notes += (memo_sentence("throughput.llamacpp_moe_loop", us=f"{moe_loop_s * 1e6:.0f}"),)
    if mmid != 1.0:
        notes += (memo_sentence("throughput.llamacpp_metal_mmid", factor=f"{mmid:.2f}"),)
    return notes


__all__ = [
    "fp4_note",
]
