"""The inference roofline of one workload on ``n`` × one GPU: decode step, prefill, output rate.

:class:`_Roofline` holds what does not depend on batch or context (engine profile, bandwidth
and efficiencies, GEMM rates, host floors, link); :meth:`_Roofline.speed` evaluates it at a batch
and context (``docs/formulas.md`` §7, :mod:`.inference`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import NamedTuple

from ..dtypes import GGUF_TYPES, bytes_per_weight
from ..hardware.gpu_sustained import (
    is_apple,
    sustained_tflops,
)
from ..hardware.specs import GpuSpec
from ..memo import by_key, replaced
from ..memory.common import (
    kv_bytes,
    kv_replication_note,
    kv_tp_shards,
    recurrent_state_bytes,
)
from ..messages import Message, join, msg
from ..model_arch import ModelArch
from ..results import Throughput
from ..workload import Workload
from .common import memo_sentence, model_facts
from .engine_speed import EngineSpeed, pnorm
from .gemm_rows import gemm_min_rows
from .hf_generate import (
    HF_LONG_PROMPT_RANGE_PCT,
    HF_LONG_PROMPT_TOKENS,
    HfHost,
)
from .inference import ENGINES, engine_profile, floor_per_layer, gemm_tflops, weight_eta
from .interconnect import (
    link_bandwidth_gbps,
    link_latency_s,
    link_name,
    ring_allreduce_s,
)
from .llamacpp_engine import (
    LLAMACPP,
    LLAMACPP_METAL_PREFILL_EFF,
    llamacpp_state_step_bytes,
)
from .llamacpp_moe import llamacpp_moe_kernel_s
from .ollama_engine import OLLAMA_GO_RANGE_PCT, ollama_go_engine, ollama_sampling
from .plan_key import plan_key
from .roofline_notes import (
    _decode_reads,
    _hf_host,
    _llamacpp_moe_prefill,
    _llamacpp_setting,
    _moe_prefill_notes,
    _moe_reads_note,
    _roofline_notes,
    fp4_note,
)
from .training import compute_figure_note
from .weight_reads import (
    _attention_flops_per_token,
    _expert_active_params,
    _linears_per_layer,
    decode_weight_bytes,
    expert_gemm_slowdown,
    experts_touched,
)


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
    sample_s: float = 0.0
    """Host sampling time per running sequence per step (:func:`.ollama_engine.ollama_sample_s`)."""
    kv_shards: int = 1
    """Ranks one token's KV cache is split over (:func:`.memory.common.kv_tp_shards`: an MLA
    latent, or KV heads fewer than the ranks, is replicated, and every rank reads its copy)."""
    gemm_rows: int = 0
    """Rows a 16-bit decode GEMM computes at least (:data:`.inference.WGMMA_M` on Hopper for
    cuBLAS engines; 0: none)."""
    padded_params: float = 0.0
    """Parameters per token in those GEMMs: the active ones less the routed experts (fused MoE
    kernels tile by their own block size)."""
    """llama.cpp before PR #13199: host-loop seconds per expert per MoE matmul per micro-batch."""
    expert_gemm_factor: float = 1.0
    """Multiplier on prompt expert GEMM time (:func:`.llamacpp_engine.llamacpp_metal_mmid_factor`)."""

    @classmethod
    def of(cls, w: Workload, arch: ModelArch, gpu: GpuSpec, n: int) -> _Roofline:
        """``w`` on ``n`` × ``gpu``: the count-free terms (:data:`_per_gpu`) at this count's TP.

        Those are shared by every job with ``w``'s :func:`plan_key` (its ``w`` is the first such
        job: read only for the :data:`PLAN_FIELDS`). One GPU is the memoized roofline itself
        (n = tp = kv_shards = 1; its ``memo`` holds one-request prefill times on this GPU, by
        prompt length, the same at that count).
        """
        one, asked = _per_gpu(w, arch, gpu), w.parallelism.tensor_parallel
        if n == 1:
            return one
        tp = min(n, asked) if asked > 1 else (n if one.profile.tensor_parallel else 1)  # n ≥ 1
        return replaced(one, n=n, tp=tp, kv_shards=kv_tp_shards(arch, tp), memo={})

    @classmethod
    def on_one(cls, w: Workload, arch: ModelArch, gpu: GpuSpec) -> _Roofline:
        """The roofline of ``w`` on one ``gpu``: :meth:`of` sets what a count changes (n, tp, kv_shards)."""
        p = engine_profile(w)
        dtype = w.weights_dtype
        f = model_facts(arch)
        n_layers = max(1, arch.num_hidden_layers)
        p_act = f["active"] - (0 if arch.tie_word_embeddings else arch.vocab_size * arch.hidden_size)
        prec = _precision(w, gpu)
        apple = is_apple(gpu)
        metal = p is LLAMACPP and apple
        if metal:  # Metal mul_mm kernels dequantize inline: no cuBLAS pass, no FP16 doubling
            prefill_rate = sustained_tflops(gpu, prec) * LLAMACPP_METAL_PREFILL_EFF * 1e12
        else:
            prefill_rate = gemm_tflops(p, gpu, prec, True) * 1e12
        eta = weight_eta(p, gpu, bytes_per_weight(dtype))
        era_note, backend_note, be = None, None, None
        h = arch.hidden_size
        floor = floor_per_layer(p, gpu, dtype, w.environment, hidden=h) * n_layers
        if p is LLAMACPP:
            lc = _llamacpp_setting(w, gpu, n_layers, h, eta)
            floor, eta, era_note, backend_note, be = (
                lc.floor_s,
                lc.eta,
                lc.era_note,
                lc.backend_note,
                lc.backend,
            )
            if be is not None:
                prefill_rate *= be.prefill_on(gpu.vendor)
        moe_k = llamacpp_moe_kernel_s(w, arch) if p is LLAMACPP and not (metal or be) else (0.0, None)
        floor += moe_k[0]  # CUDA: the MoE layers' small kernels beyond a dense FFN's
        moe_loop, mmid = _llamacpp_moe_prefill(w, arch.is_moe and p is LLAMACPP, metal, be)
        hf, hf_note = None, None
        go = OLLAMA_GO_RANGE_PCT if ollama_go_engine(w) else 0.0
        range_pct = max(p.range_pct, be.range_pct if be is not None else 0.0, go)
        if p is ENGINES["transformers"]:
            long_prompt = _prompt_and_new(w)[0] > HF_LONG_PROMPT_TOKENS
            hf, hf_note = _hf_host(w, arch, p, dtype, long_prompt)
            floor = hf.step_s(arch.num_local_experts or 1, experts_touched(arch, w.batch))
            if long_prompt:
                range_pct = max(range_pct, HF_LONG_PROMPT_RANGE_PCT)
        tails = p.s_per_linear * (_linears_per_layer(arch) * n_layers + 1)
        rows, rows_note = gemm_min_rows(p, w, gpu, prec)
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
        notes += _moe_prefill_notes(moe_loop, mmid) + ((moe_k[1],) if moe_k[1] else ())
        if rows_note is not None:
            notes += (rows_note,)
        sample_s, sample_notes = ollama_sampling(w, arch)
        notes += sample_notes
        return cls(
            w=w,
            arch=arch,
            gpu=gpu,
            n=1,
            profile=p,
            n_layers=n_layers,
            eta=eta,
            tp=1,
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
            expert_gemm_factor=mmid,
            sample_s=sample_s,
            gemm_rows=rows,
            padded_params=(p_act - _expert_active_params(arch)) if rows else 0.0,
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
        kv_key, state_key = ("kv", w.kv_cache_dtype, ctx_mean, b), ("state", b, p is LLAMACPP)
        if kv_key not in f:
            f[kv_key] = kv_bytes(arch, ctx_mean, b, w.kv_cache_dtype) if ctx_mean else 0.0
        if state_key not in f:  # a hybrid's recurrent state, read and written back each step
            llama = p is LLAMACPP
            f[state_key] = (
                llamacpp_state_step_bytes(arch, b) if llama else 2.0 * recurrent_state_bytes(arch, b, "vllm")
            )
        kv_attn, state = f[kv_key], f[state_key]
        kv = kv_attn + state
        bw_w = self.bw * self.eta
        kv_reads = self.hf.kv_traffic if self.hf is not None else p.kv_traffic
        if p.gqa_kv_per_query_head and arch.kv_heads and not arch.kv_lora_rank:
            kv_reads *= max(1.0, arch.num_attention_heads / arch.kv_heads)
        # weights and recurrent state split over the ranks; the KV cache only as far as its
        # heads do (an MLA latent is read whole on every rank)
        kv_rank = kv_attn / self.kv_shards + state / tp
        mem_s = (wbytes / tp + kv_reads * kv_rank / p.kv_eta) / bw_w
        flops = b * (2.0 * p_act + _attention_flops_per_token(arch, ctx_mean))
        flops += max(0, self.gemm_rows - b) * 2.0 * self.padded_params
        comp_s = flops / self.decode_flops / tp
        gpu_s = pnorm(mem_s, comp_s) + self.tails_s
        comm = self._comm(b)
        overhead = self.fixed_s + (p.s_per_seq_step + self.sample_s) * b
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
            p_act += experts * (self.expert_gemm_factor * expert_gemm_slowdown(m) - 1.0)
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
            assumptions.append(memo_sentence("throughput.layer_split", n=n))
        if kv:
            assumptions.extend(kv_replication_note(self.arch, tp))
        if self.era_note is not None:
            assumptions.append(self.era_note)
        if self.backend_note is not None:
            assumptions.append(self.backend_note)
        if self.hf_note is not None:
            assumptions.append(self.hf_note)
        if self.arch.is_moe and self.arch.hidden_size:
            assumptions.append(_moe_reads_note(self.arch, w))
        if self.gemm_rows > w.batch and s.comp_s >= s.mem_s:  # said where the padding binds
            ms = 2.0 * self.padded_params * self.gemm_rows / self.decode_flops / tp * 1e3
            marlin = bytes_per_weight(w.weights_dtype) < 2.0  # quantized rows: Marlin's tiles
            key = "throughput.marlin_min_rows" if marlin else "throughput.gemm_min_rows"
            assumptions.append(
                memo_sentence(key, arch=gpu.architecture, rows=self.gemm_rows, b=w.batch, ms=f"{ms:.1f}")
            )
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


_per_gpu = by_key(maxsize=256, key=plan_key)(_Roofline.on_one)
"""The roofline of a job on one GPU, shared by the jobs with its :func:`plan_key` (a new batch or
prompt on the same model, GPU and engine reuses it)."""
