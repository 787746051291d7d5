"""Speed: decode/prefill tokens/s, training tokens/s and seconds per image, per GPU type × count.

A roofline with engine profiles (``shared/design/formulas.md`` §7):

* **Decode / prefill** (LLM inference): the roofline of :mod:`.inference` — sustained
  bandwidth and TFLOPS per GPU class (:mod:`gpupicker.core.gpu_sustained`), each engine's weight-streaming
  efficiency by memory class, host-launch floor, per-step and per-sequence scheduler time,
  prefill at the accumulate precision its kernels use, a smooth 3-norm between memory and
  compute time; checked against the llama-bench tables, TensorRT-LLM's performance tables,
  the ExLlamaV2 README and the H200 cases (``make accuracy``). Serving is sized in
  :mod:`.serving`.
* **Tensor parallel** decode splits weights and KV over N GPUs and adds two
  all-reduces of ``b·h`` 16-bit values per layer (Megatron-LM, Shoeybi et al.
  2019): latency + ``2(N−1)/N·bytes / link bandwidth``, NVLink ≫ PCIe.
* **Training**: FLOPs per token ``6·P`` full (``8·P`` with full recompute),
  LoRA/QLoRA ``4·P`` (no weight gradients for the frozen base; ``6·P`` with
  recompute) plus attention ``12·L·h·s`` (``16·L·h·s`` with recompute) — the
  MFU accounting of mosaicml/llm-foundry, torchtitan and PaLM (Chowdhery et al.
  2022, App. B), in which the published MFU tables are expressed — over N ×
  sustained dense peak (:mod:`gpu_sustained`) × MFU × data-parallel scaling
  efficiency. QLoRA adds the NF4 dequantization traffic per pass (QLoRA paper,
  Dettmers et al. 2023). MFU defaults per GPU generation: optimized stacks
  reach 64 % on A100 and 46 % on H100 (llm-foundry MPT benchmarks, public
  cases C64/C65) × the framework's factor (:mod:`training_frameworks`:
  torchtitan 0.93 …); Hugging Face-based trainers run eager
  PyTorch with a fixed per-layer host overhead per step (H200 cases), Unsloth
  and Liger at their published speed-ups over it.
* **Image generation**: :mod:`diffusion` (per-architecture denoiser FLOPs, a
  fixed time per step, batch effects, memory options).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import NamedTuple

from ..diffusion import diffusion_throughput
from ..dtypes import GGUF_TYPES, bytes_per_weight
from ..frameworks import known_frameworks, speed_engine
from ..gpu_sustained import (  # noqa: F401 - FLOP_PER_BYTE_UNKNOWN: importable from here as before
    FLOP_PER_BYTE_UNKNOWN,
    bandwidth_derived_tflops,
    is_apple,
    power_limit_factor,
    sustained_notes,
    sustained_tflops,
)
from ..hardware import GpuSpec
from ..memory.common import kv_bytes, weights_bytes
from ..messages import Message, join, msg, verbatim
from ..model_arch import ModelArch
from ..results import MemoryEstimate, Throughput
from ..training_frameworks import training_framework
from ..workload import Workload
from .inference import (
    ENGINES,
    LLAMACPP,
    LLAMACPP_METAL_PREFILL_EFF,
    EngineSpeed,
    engine_notes,
    floor_per_layer,
    gemm_tflops,
    pnorm,
    weight_eta,
)

# --------------------------------------------------------------------------------------------
# engine profiles (inference): gpupicker/core/speed/inference.py
# --------------------------------------------------------------------------------------------
EngineProfile = EngineSpeed
ENGINE_PROFILES: dict[str, EngineSpeed] = ENGINES
"""Inference engine speed profiles, by canonical framework (:mod:`gpupicker.core.frameworks` ``speed``)."""


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
        raise ValueError(msg("throughput.no_speed_model", framework=repr(w.framework),
                             choices=", ".join(known_frameworks("inference"))))
    return ENGINES[fw]


# --------------------------------------------------------------------------------------------
# per-model counts, cached (the recommender asks for the same model hundreds of times)
# --------------------------------------------------------------------------------------------
FactKey = str | tuple[str | int | float, ...]
"""A key of :func:`_facts`: a count name ("params", "active", "linear") or a (kind, …) tuple."""
_FACTS: dict[int, tuple[ModelArch, dict[FactKey, float]]] = {}


def _facts(arch: ModelArch) -> dict[FactKey, float]:
    """Parameter counts of ``arch`` computed once per model object (keyed by identity)."""
    hit = _FACTS.get(id(arch))
    if hit is not None and hit[0] is arch:
        return hit[1]
    if len(_FACTS) > 256:
        _FACTS.clear()
    f: dict[FactKey, float] = {"params": arch.param_count(), "active": arch.active_param_count(),
               "linear": arch.linear_params() if arch.hidden_size else arch.param_count()}
    _FACTS[id(arch)] = (arch, f)
    return f


def _weights_bytes(arch: ModelArch, dtype: str) -> float:
    f = _facts(arch)
    key = ("wb", dtype)
    if key not in f:
        f[key] = float(weights_bytes(arch, dtype))
    return f[key]


# --------------------------------------------------------------------------------------------
# interconnect
# --------------------------------------------------------------------------------------------
_PCIE_GBPS = {3: 12.0, 4: 25.0, 5: 50.0, 6: 100.0}
"""Achieved one-direction PCIe bandwidth per GPU in GB/s (x16, ~80 % of the link rate)."""


GPUS_PER_NODE = 8
"""GPUs in one server (HGX/DGX and most rental nodes); more GPUs span several nodes."""
_NODE_NETWORK_GBPS = {"datacenter": 50.0, "workstation": 3.0, "consumer": 1.5}
"""Inter-node bandwidth per GPU in GB/s, one direction: one 400 Gb/s InfiniBand/RoCE NIC per
GPU on HGX-class servers (NVIDIA DGX H100 reference design); one shared 100 GbE NIC per
8-GPU workstation or consumer node (12.5 GB/s ÷ 8 ≈ 1.5 GB/s)."""


def link_bandwidth_gbps(gpu: GpuSpec, n: int = 1) -> float:
    """One-direction GPU-to-GPU bandwidth in GB/s for a job on ``n`` GPUs.

    Within a node: half the bidirectional NVLink figure, else achieved PCIe
    (halved for consumer cards without peer-to-peer, which go via the host).
    Beyond :data:`GPUS_PER_NODE` GPUs a ring crosses the node network, so the
    slower of the two links sets the pace.
    """
    if gpu.has_nvlink and gpu.nvlink_bandwidth_gbps:
        bw = gpu.nvlink_bandwidth_gbps / 2.0
    else:
        bw = _PCIE_GBPS.get(gpu.pcie_gen or 4, 25.0)
        if gpu.segment == "consumer":
            bw *= 0.5
    if n > GPUS_PER_NODE:
        bw = min(bw, _NODE_NETWORK_GBPS.get(gpu.segment, 1.5))
    return bw


def link_latency_s(gpu: GpuSpec, n: int = 1) -> float:
    """Latency in seconds of one small all-reduce.

    NVLink ≈ 8 µs, PCIe P2P ≈ 20 µs, consumer via host 40 µs; + 10 µs when the ring leaves the
    node.
    """
    base = 8e-6 if gpu.has_nvlink else (40e-6 if gpu.segment == "consumer" else 20e-6)
    return base + (10e-6 if n > GPUS_PER_NODE else 0.0)


def link_name(gpu: GpuSpec, n: int = 1) -> Message:
    """'NVLink' or 'PCIe' within a node; the node network beyond it ("InfiniBand between 2 nodes").

    A Message; the link names themselves are verbatim (not translated).
    """
    if n > GPUS_PER_NODE:
        datacenter, nodes = gpu.segment == "datacenter", math.ceil(n / GPUS_PER_NODE)
        key: tuple[object, ...] = ("nodes", datacenter, nodes)
        hit = _LINKS.get(key)
        if hit is None:
            net = verbatim("InfiniBand") if datacenter else msg("throughput.ethernet")
            hit = _LINKS[key] = msg("throughput.nodes", net=net, nodes=nodes)
        return hit
    return _NVLINK if gpu.has_nvlink else _PCIE


_NVLINK, _PCIE = verbatim("NVLink"), verbatim("PCIe")
_LINKS: dict[tuple[object, ...], Message] = {}


def allreduce_seconds(gpu: GpuSpec, n: int, nbytes: float) -> float:
    """Ring all-reduce of ``nbytes`` over ``n`` GPUs: latency + 2(N−1)/N · bytes / bandwidth."""
    if n <= 1:
        return 0.0
    return _ring_allreduce_s(link_latency_s(gpu, n), link_bandwidth_gbps(gpu, n) * 1e9, n,
                             nbytes)


def _ring_allreduce_s(latency_s: float, bytes_per_s: float, n: int, nbytes: float) -> float:
    """:func:`allreduce_seconds` with the link's latency and bandwidth (bytes/s) given."""
    return latency_s + 2.0 * (n - 1) / n * nbytes / bytes_per_s


# --------------------------------------------------------------------------------------------
# inference
# --------------------------------------------------------------------------------------------
def _linear_bpw(arch: ModelArch, dtype: str) -> float:
    """Average bytes per weight of the transformer-block Linear layers."""
    lin = _facts(arch)["linear"]
    if lin <= 0:
        return bytes_per_weight(dtype)
    total = _weights_bytes(arch, dtype)
    other = _facts(arch)["params"] - lin
    if bytes_per_weight(dtype) >= 2.0:
        return bytes_per_weight(dtype)
    if dtype in GGUF_TYPES:
        return bytes_per_weight(dtype)
    return max(0.1, (total - other * 2) / lin)


def experts_touched(arch: ModelArch, batch_tokens: int) -> float:
    """Expected distinct routed experts per MoE layer for ``batch_tokens`` tokens.

    ``E·(1 − (1 − k/E)^b)`` under uniform routing.
    """
    e = arch.num_local_experts or 1
    k = arch.num_experts_per_tok or 1
    return e * (1.0 - (1.0 - k / e) ** max(1, batch_tokens))


def decode_weight_bytes(arch: ModelArch, dtype: str, batch: int = 1) -> float:
    """Weight bytes read per decode step (whole model).

    Every Linear and the lm_head, but only one row of the input embedding (not the table) and,
    for MoE, only the touched experts.
    """
    key = ("decode", dtype, batch if arch.is_moe else 1)
    f = _facts(arch)
    if key in f:
        return f[key]
    f[key] = _decode_weight_bytes(arch, dtype, batch)
    return f[key]


def _decode_weight_bytes(arch: ModelArch, dtype: str, batch: int) -> float:
    total = _weights_bytes(arch, dtype)
    if not arch.hidden_size:
        return total
    emb_bpw = bytes_per_weight(dtype) if (dtype in GGUF_TYPES or bytes_per_weight(dtype) >= 2) \
        else 2.0
    emb = 0.0 if arch.tie_word_embeddings else arch.vocab_size * arch.hidden_size * emb_bpw
    if arch.is_moe:
        # from the active parameters (what one token reads: its top-k experts, shared experts,
        # attention, lm_head) plus the further experts a batch touches; the catalog's total
        # and the layer shapes need not agree for MoE rows, the active count is published
        lin_bpw = _linear_bpw(arch, dtype)
        moe_layers = arch.num_hidden_layers - (arch.first_k_dense_replace or 0)
        k = arch.num_experts_per_tok or 1
        extra = max(0.0, experts_touched(arch, batch) - k) * arch.expert_params() * moe_layers
        active = float(_facts(arch)["active"]) * total / max(1.0, float(_facts(arch)["params"]))
        return max(0.0, min(total, active + extra * lin_bpw) - emb)
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

    QKᵀ and AV, ``2·2·a·d_h·context`` per layer.
    """
    return 4.0 * arch.num_attention_heads * arch.head_dim_eff * context * arch.num_hidden_layers


_MEMO: dict[tuple[object, ...], Message] = {}
"""Assumption sentences by what they say (ids and formatted values): the recommender builds the
same ones for hundreds of options, and a Message is immutable."""
_MEMO_NOTES: dict[tuple[object, ...], tuple[Message, ...]] = {}


def _memo_clear() -> None:
    if len(_MEMO) > 2048:
        _MEMO.clear()
    if len(_MEMO_NOTES) > 1024:
        _MEMO_NOTES.clear()


def _sentence(id: str, **params: str | int | Message) -> Message:
    """``join([msg(id, **params)])`` (one sentence), memoized on the id and the values shown."""
    key = (id, *params.items())  # call sites pass their keywords in one order
    hit = _MEMO.get(key)
    if hit is None:
        _memo_clear()
        hit = _MEMO[key] = join([msg(id, **params)])
    return hit


def _roofline_notes(p: EngineSpeed, gpu: GpuSpec, prec: str, dtype: str, eta: str,
                    fixed_ms: str, host_ms: str) -> tuple[Message, ...]:
    """The engine's assumption sentences for one roofline (memoized on the values shown).

    "Engine: …; η of peak memory bandwidth (… GB/s) for … weights.", "Fixed engine time … ms
    per step[ (host launches … ms)]; decode GEMMs at … of sustained tensor peak." and
    :func:`.speed_inference.engine_notes`.
    """
    key = (p.name, p.gemm_eff, p.range_pct, p.evidence, p.prefill_accumulate, gpu, prec, dtype,
           eta, fixed_ms, host_ms)
    hit = _MEMO_NOTES.get(key)
    if hit is None:
        _memo_clear()
        fixed = (msg("throughput.fixed_time_host", ms=fixed_ms, host=host_ms) if host_ms
                 else msg("throughput.fixed_time", ms=fixed_ms))
        hit = _MEMO_NOTES[key] = (
            join([join([msg("throughput.engine", engine=p.name),
                        msg("throughput.weight_eta", eta=eta,
                            bandwidth=f"{gpu.memory_bandwidth_gbps:,.0f}", dtype=dtype)],
                       "clauses")]),
            join([join([fixed, msg("throughput.decode_gemms", share=f"{p.gemm_eff:.0%}")],
                       "clauses")]),
            *engine_notes(p, gpu, prec))
    return hit


def _decode_reads(weights: str, kv: str, tp: int, link: Message | None) -> Message:
    """The "Decode reads … GB of weights … per step" sentence (memoized).

    ``kv`` is '' without a KV cache; ``link`` is given with tensor parallelism.
    """
    key = ("reads", weights, kv, tp, link.id if link is not None else "", link)
    hit = _MEMO.get(key)
    if hit is None:
        _memo_clear()
        if link is not None:
            reads = (msg("throughput.decode_reads_kv_tp", weights=weights, kv=kv, n=tp, link=link)
                     if kv else msg("throughput.decode_reads_tp", weights=weights, n=tp, link=link))
        else:
            reads = (msg("throughput.decode_reads_kv", weights=weights, kv=kv) if kv
                     else msg("throughput.decode_reads", weights=weights))
        hit = _MEMO[key] = join([reads])
    return hit


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


def _prompt_and_new(w: Workload) -> tuple[int, int]:
    """Prompt tokens and generated tokens per sequence of an inference workload."""
    prompt = w.prompt_len or w.seq_len or w.avg_prompt_tokens
    new = w.new_tokens if w.new_tokens is not None else (0 if w.task == "decode_ceiling"
                                                          else w.avg_output_tokens)
    return prompt, new


def _precision(w: Workload) -> str:
    """GEMM input precision of an inference workload: fp8 when weights or compute are FP8."""
    if w.compute_dtype == "fp8" or w.weights_dtype == "fp8":
        return "fp8"
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

    @classmethod
    def of(cls, w: Workload, arch: ModelArch, gpu: GpuSpec, n: int) -> _Roofline:
        p = engine_profile(w)
        dtype = w.weights_dtype
        f = _facts(arch)
        n_layers = max(1, arch.num_hidden_layers)
        p_act = f["active"] - (0 if arch.tie_word_embeddings else arch.vocab_size * arch.hidden_size)
        tp = n if (p.tensor_parallel and n > 1) else 1
        if w.parallelism.tensor_parallel > 1:
            tp = min(n, w.parallelism.tensor_parallel)
        prec = _precision(w)
        apple = is_apple(gpu)
        metal = p is LLAMACPP and apple
        if metal:  # Metal mul_mm kernels dequantize inline: no cuBLAS pass, no FP16 doubling
            prefill_rate = sustained_tflops(gpu, prec) * LLAMACPP_METAL_PREFILL_EFF * 1e12
        else:
            prefill_rate = gemm_tflops(p, gpu, prec, True) * 1e12
        eta = weight_eta(p, gpu, bytes_per_weight(dtype))
        floor = floor_per_layer(p, gpu, dtype, w.environment) * n_layers
        tails = p.s_per_linear * (_linears_per_layer(arch) * n_layers + 1)
        deq = 0.0
        if p.dequant_prefill and not metal and bytes_per_weight(dtype) < 2.0:
            deq = f["linear"] * (bytes_per_weight(dtype) + 2.0)  # read quantized, write F16
        notes = _roofline_notes(p, gpu, prec, dtype, f"{eta:.0%}",
                                f"{(floor + p.s_per_step + tails) * 1e3:.2f}",
                                f"{floor * 1e3:.2f}" if floor else "")
        return cls(w=w, arch=arch, gpu=gpu, n=n, profile=p, n_layers=n_layers, eta=eta,
                   tp=tp, p_act=p_act, bw=gpu.memory_bandwidth_gbps * 1e9,
                   decode_flops=gemm_tflops(p, gpu, prec, False) * 1e12,
                   prefill_flops=prefill_rate,
                   floor_s=floor, fixed_s=p.s_per_step, tails_s=tails,
                   prefill_layer_s=0.0 if metal else p.prefill_layer_s, ubatch=p.ubatch,
                   dequant_bytes=deq, engine_notes=notes,
                   link_latency_s=link_latency_s(gpu),
                   link_bytes_per_s=link_bandwidth_gbps(gpu) * 1e9,
                   # a dense model reads the same weights at any batch (MoE: touched experts)
                   dense_weight_bytes=None if arch.is_moe else decode_weight_bytes(arch, dtype),
                   memo={})

    def _comm(self, tokens: int) -> float:
        """Link time in seconds per forward of ``tokens`` tokens.

        Two all-reduces per layer with tensor parallelism; one activation hand-over per stage
        boundary with a layer split.
        """
        arch, n, tp = self.arch, self.n, self.tp
        if tp > 1:
            return 2 * self.n_layers * _ring_allreduce_s(self.link_latency_s, self.link_bytes_per_s,
                                                         tp, tokens * arch.hidden_size * 2)
        if n > 1:
            return (n - 1) * (self.link_latency_s + self.profile.stage_handoff_s
                              + tokens * arch.hidden_size * 2 / self.link_bytes_per_s)
        return 0.0

    def speed(self, b: int, prompt: int, new: int) -> _InferenceSpeed:
        """Decode and prefill speed at batch ``b`` with ``prompt`` + ``new`` tokens per sequence."""
        w, arch, p = self.w, self.arch, self.profile
        tp, p_act = self.tp, self.p_act
        ctx_mean = 0.0 if w.task == "decode_ceiling" else prompt + new / 2.0

        wbytes = self.dense_weight_bytes
        if wbytes is None:
            wbytes = decode_weight_bytes(arch, w.weights_dtype, b)
        f = _facts(arch)
        kv_key = ("kv", w.kv_cache_dtype, ctx_mean, b)
        if kv_key not in f:
            f[kv_key] = kv_bytes(arch, ctx_mean, b, w.kv_cache_dtype) if ctx_mean else 0.0
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
        host = pnorm(gpu_s, self.floor_s) if p.floor_overlaps else gpu_s + self.floor_s
        step = host + overhead + comm
        bound = "memory-bandwidth" if mem_s >= comp_s else "compute"
        if self.floor_s + overhead > gpu_s:
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
                    1, prompt, w1 if w1 is not None else decode_weight_bytes(
                        arch, w.weights_dtype, 1))
            pre_one = cached
        prefill = b * prompt / pre_s
        out_tps = b * new / (pre_s + new * step) if new else 0.0
        return _InferenceSpeed(decode, prefill, bound, wbytes, kv, step, pre_s, pre_one, out_tps)

    def _prefill_s(self, b: int, prompt: int, wbytes: float) -> float:
        """Seconds to prefill ``b`` prompts of ``prompt`` tokens; causal attention ≈ half the square.

        One forward, or micro-batches of ``ubatch`` tokens for llama.cpp.
        """
        arch, tp = self.arch, self.tp
        tokens = b * prompt
        flops = tokens * 2.0 * self.p_act + b * 2.0 * self.n_layers * arch.num_attention_heads \
            * arch.head_dim_eff * prompt * prompt
        chunks = math.ceil(tokens / self.ubatch) if self.ubatch else 1
        gemm = max(flops / self.prefill_flops, chunks * wbytes / (self.bw * self.eta)) / tp
        fixed = chunks * (self.n_layers * self.prefill_layer_s + self.dequant_bytes / self.bw / tp)
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
            _decode_reads(f"{s.weight_bytes / 1e9:.2f}", f"{kv / 1e9:.2f}" if kv else "", tp,
                          link_name(gpu) if tp > 1 else None),
            *self.engine_notes[1:],
            *compute_figure_note(gpu),
        ]
        if w.weights_dtype in GGUF_TYPES and w.framework not in ("llama.cpp", "ollama") \
                and w.task != "decode_ceiling":
            assumptions.append(join([msg("throughput.gguf_speed", framework=w.framework)]))
        if n > 1 and tp == 1:
            assumptions.append(join([msg("throughput.layer_split", n=n)]))
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
            range_pct=p.range_pct,
            evidence=p.evidence,
            assumptions=tuple(assumptions),
        )


def inference_throughput(w: Workload, arch: ModelArch, gpu: GpuSpec, n: int) -> Throughput:
    """Decode and prefill speed of LLM inference on ``n`` × ``gpu`` (see module docstring)."""
    roof = _Roofline.of(w, arch, gpu, n)
    return roof.throughput(w, roof.speed(w.batch, *_prompt_and_new(w)))


# --------------------------------------------------------------------------------------------
# training
# --------------------------------------------------------------------------------------------
MFU_OPTIMIZED: dict[str, float] = {
    "Ampere": 0.64, "Hopper": 0.46, "Blackwell": 0.42, "Ada Lovelace": 0.50, "Volta": 0.45,
    "Turing": 0.40,
}
"""MFU (model FLOPs incl. attention / dense 16-bit peak) of optimized stacks before scale-out
losses: llm-foundry MPT-7B on 8×A100-80GB 64.2 % (C64), 8×H100 46.4 % (C65)."""
MFU_OTHER = 0.35
"""Non-NVIDIA or unknown architectures (less mature kernels)."""

HF_MFU_FACTOR = {"full_ft": 1.10, "pretrain": 1.10, "lora": 0.82, "qlora": 0.82}
"""Single-GPU Hugging Face Trainer/peft relative to the 8-GPU optimized-stack MFU, fitted on
the H200 cases (full FT bf16 7B: ≈50 % HFU; LoRA 7B: 36–40 % HFU: peft's fp32 adapters and
dropout add small kernels). Models with hidden size below 4096 lose (h/4096)^0.25 (smaller
GEMMs; Llama-3.2-1B cases)."""

EAGER_MFU_CEILING = 0.50
"""Highest MFU (recompute included, the convention above) an eager Hugging Face Trainer/peft
step reaches on any GPU: the best measured eager case (H200 full fine-tuning bf16 7B ≈ 50 %)
and below the fused optimized stacks on the same card (llm-foundry MPT-13B on A100-80GB ≈ 50 %
MFU / 65 % HFU). Without it the Hopper-fitted :data:`HF_MFU_FACTOR` (1.10) put HF pre-training
on an A100 at 70 %, above llm-foundry's fused kernels (QA F2)."""

HF_HOST_S_PER_LAYER: dict[tuple[bool, bool], float] = {
    (False, False): 4.4e-3, (False, True): 7.5e-3, (True, False): 5.2e-3, (True, True): 13.0e-3}
"""Host (Python/launch) seconds per decoder layer per training step of eager PyTorch with
HF Trainer/peft, keyed by (LoRA, gradient checkpointing); fitted on the H200 cases where the
GPU is idle most of the step (Llama-3.2-1B full FT b=1 s=2048: 71 ms; LoRA b=1 s=512: 88 ms,
223 ms with non-reentrant checkpointing). QLoRA's bitsandbytes calls add 80 %."""
QLORA_HOST_FACTOR = 1.8
HOST_OVERLAP_LEFT = 0.25
"""Share of the shorter of host and GPU time that does not overlap with the longer (fitted)."""

OPTIMIZER_BYTES_PER_PARAM: dict[str, float] = {
    "adamw": 14.0, "adamw8bit": 80.0, "paged_adamw8bit": 80.0, "sgd": 10.0, "lion": 10.0,
    "adafactor": 12.0}
"""Effective memory traffic of one optimizer step per trainable parameter (bytes, bf16 states;
×2 for fp32). AdamW reads p, g, m, v and writes p, m, v; bitsandbytes 8-bit AdamW is fitted
on the H200 cases (≈150 ms more per step than torch AdamW for 6.7 B parameters)."""
# Which frameworks are optimized stacks and which run eager HF Trainer: training_frameworks.py.


def mfu_default(gpu: GpuSpec, w: Workload) -> float:
    """Default MFU for this GPU generation, precision and framework (see constants above).

    The framework's profile (:mod:`training_frameworks`) sets the factor on the optimized-stack
    base; Hugging Face-based trainers (eager PyTorch) get :data:`HF_MFU_FACTOR`.

    Raises:
        ValueError: for a training framework gpupicker does not model.
    """
    fw = training_framework(w.framework)
    base = MFU_OPTIMIZED.get(gpu.architecture, MFU_OTHER if not gpu.is_cuda else 0.40)
    if not gpu.is_cuda:
        base = min(base, MFU_OTHER)
    if fw.eager_host:
        base = min(base * HF_MFU_FACTOR.get(w.task, 0.9), EAGER_MFU_CEILING)
    else:
        base *= fw.mfu_factor
    h = w.model.hidden_size if w.model is not None else 0
    if h and h < 4096:
        # smaller GEMMs: eager HF loses (h/4096)^0.25 (H200 Llama-3.2-1B cases); fused stacks
        # (h/4096)^0.12 (llm-foundry table: MPT-1B at 59 % MFU vs MPT-7B at 64 % on A100)
        base *= (h / 4096) ** (0.25 if fw.eager_host else 0.12)
    if w.compute_dtype == "fp8" and gpu.has_fp8:
        base *= 0.75  # FP8 reaches a smaller fraction of its (2×) peak (llm-foundry FP8 3B rows)
    return base


def _compute_peak_flops(gpu: GpuSpec, weights_dtype: str, compute_dtype: str) -> float:
    if compute_dtype == "fp8" and gpu.fp8_tflops_dense:
        return gpu.fp8_tflops_dense * 1e12
    if weights_dtype == "fp8" and gpu.fp8_tflops_dense:
        return gpu.fp8_tflops_dense * 1e12
    tf = gpu.dense_16bit_tflops or gpu.fp32_tflops or bandwidth_derived_tflops(gpu)
    return tf * 1e12


def compute_figure_note(gpu: GpuSpec) -> tuple[Message, ...]:
    """An assumption sentence when the GPU's compute peak is not in the catalog (else none)."""
    if gpu.dense_16bit_tflops or gpu.fp32_tflops:
        return ()
    return (join([join([msg("throughput.no_tflops", gpu=gpu.name,
                            tflops=f"{bandwidth_derived_tflops(gpu):,.0f}"),
                        msg("throughput.enter_tflops")], "clauses")]),)


def train_flops_per_token(w: Workload, arch: ModelArch) -> float:
    """Model FLOPs per trained token in the MFU convention of the tables the MFU comes from.

    Full: ``6·P + 12·L·h·s``; with gradient checkpointing add a forward
    (``2·P + 4·L·h·s``). LoRA/QLoRA: ``4·P + 12·L·h·s`` (no weight gradients of the frozen
    base), + the recomputed forward with checkpointing. The attention term counts the whole
    ``s × s`` score matrix as llm-foundry (``scripts/train/benchmarking``) and torchtitan
    (``get_num_flop_per_token``) do when they publish MFU, although a causal kernel skips
    half of it: the MFU constants above are measured in that convention, so the token rate
    must be derived in it too.
    """
    s = w.training_seq_len()
    p = float(_facts(arch)["active"])
    n_layers, h = arch.num_hidden_layers, arch.num_attention_heads * arch.head_dim_eff
    attn_fwd = 4.0 * n_layers * h * s if h else 0.0  # QKᵀ and AV over the full s × s matrix
    lora = w.task in ("lora", "qlora")
    f = (4.0 if lora else 6.0) * p + 3.0 * attn_fwd
    if w.grad_ckpt:
        f += 2.0 * p + attn_fwd
    return f


def scaling_efficiency(w: Workload, arch: ModelArch, gpu: GpuSpec, n: int,
                       step_compute_s: float) -> float:
    """Data-parallel efficiency on ``n`` GPUs.

    Gradient all-reduce (and for ZeRO-3/FSDP the parameter all-gathers, ×1.5 traffic) over the
    link, 80 % overlapped with compute on NVLink, 50 % on PCIe (host-staged copies compete with
    compute); 97 % at best on NVLink, 93 % on PCIe (llm-foundry 8-GPU runs; NCCL tests).
    """
    if n <= 1:
        return 1.0
    params = _facts(arch)["params"]
    trainable = params if w.task in ("full_ft", "pretrain") else max(1, int(params * 0.005))
    nbytes = trainable * 2.0
    if w.parallelism.zero_stage == 3 or w.parallelism.fsdp:
        nbytes *= 1.5
    comm = allreduce_seconds(gpu, n, nbytes)
    overlap = 0.8 if gpu.has_nvlink else 0.5
    exposed = max(0.0, comm - overlap * step_compute_s)
    base = 0.97 if gpu.has_nvlink else 0.93
    return base * step_compute_s / (step_compute_s + exposed)


_FORMULAS: dict[tuple[bool, bool], Message] = {
    (lora, ckpt): (msg("throughput.formula_recompute", formula=base) if ckpt else base)
    for lora, base in ((True, verbatim("LoRA 4·P")), (False, verbatim("6·P")))
    for ckpt in (False, True)}
"""The FLOPs formula named in the training assumption, by (LoRA/QLoRA, gradient checkpointing)."""


def training_throughput(w: Workload, arch: ModelArch, gpu: GpuSpec, n: int,
                        memory: MemoryEstimate | None = None) -> Throughput:
    """Training tokens/s over ``n`` GPUs (see module docstring for the formulas).

    The dense peak is the sustained one (:mod:`gpu_sustained`: power-bound parts such as the
    T4, L4, L40S, RTX 6000 Ada or H100 PCIe run below their datasheet rate).
    """
    peak = _compute_peak_flops(gpu, w.weights_dtype, w.compute_dtype) * power_limit_factor(gpu)
    mfu = mfu_default(gpu, w)
    fpt = train_flops_per_token(w, arch)
    tokens_step = w.batch * w.training_seq_len()  # per GPU per micro-step
    compute_s = tokens_step * fpt / (peak * mfu)
    extra = 0.0
    notes: list[Message] = []
    if w.task == "qlora" or (w.task == "lora" and bytes_per_weight(w.weights_dtype) < 2.0):
        passes = 3 if w.grad_ckpt else 2
        deq_bytes = _facts(arch)["linear"] * (bytes_per_weight(w.weights_dtype) + 2.0) * passes
        extra = deq_bytes / (gpu.memory_bandwidth_gbps * 1e9 * 0.6)
        notes.append(_sentence("throughput.dequant", dtype=w.weights_dtype,
                               ms=f"{extra * 1e3:.1f}"))
    fw = training_framework(w.framework)
    host = 0.0
    lora = w.task in ("lora", "qlora")
    if fw.eager_host:
        host = arch.num_hidden_layers * HF_HOST_S_PER_LAYER[(lora, w.grad_ckpt)]
        if w.task == "qlora":
            host *= QLORA_HOST_FACTOR
    trainable = (memory.trainable_params if memory is not None and memory.trainable_params
                 else (int(_facts(arch)["params"] * 0.005) if lora else _facts(arch)["params"]))
    opt_bytes = OPTIMIZER_BYTES_PER_PARAM.get(w.optimizer, 14.0) * trainable
    if w.weights_dtype == "fp32" or lora:
        opt_bytes *= 2.0
    if w.parallelism.zero_stage or w.parallelism.fsdp:
        opt_bytes /= n
    opt_s = opt_bytes / (gpu.memory_bandwidth_gbps * 1e9 * 0.7)
    if w.weights_dtype == "fp32" and w.compute_dtype != "fp32":
        # autocast re-casts every fp32 weight to 16-bit in each pass (read 4 B, write 2 B)
        passes = 3 if w.grad_ckpt else 2
        extra += _facts(arch)["params"] * 6.0 * passes / n / (gpu.memory_bandwidth_gbps * 1e9 * 0.7)
    gpu_s = compute_s + extra + opt_s
    step = max(gpu_s, host) + HOST_OVERLAP_LEFT * min(gpu_s, host)
    step /= fw.speedup_vs_hf  # Unsloth/Liger: their published speed-up over HF Trainer
    eff = scaling_efficiency(w, arch, gpu, n, gpu_s)
    tps = n * eff * tokens_step / step
    bound = "compute" if gpu_s >= host else "engine-overhead"
    if eff < 0.85:
        bound = "interconnect"
    formula = _FORMULAS[(w.task in ("lora", "qlora"), w.grad_ckpt)]
    assumptions: list[Message] = [
        _sentence("throughput.train_flops", gflop=f"{fpt / 1e9:.1f}", formula=formula,
                  mfu=f"{mfu:.0%}", tflops=f"{peak / 1e12:,.0f}"),
        _sentence("throughput.framework_optimized", framework=fw.name,
                  factor=f"{fw.mfu_factor:.2f}") if host == 0.0 else
        _sentence("throughput.framework_eager", framework=fw.name, ms=f"{host * 1e3:.0f}"),
    ]
    if fw.speedup_vs_hf != 1.0:
        assumptions.append(_sentence("throughput.framework_speedup", framework=fw.name,
                                     factor=f"{fw.speedup_vs_hf:.1f}"))
    assumptions.append(join([msg("throughput.train_range", lo=f"{0.8 * tps:,.0f}",
                                 hi=f"{1.25 * tps:,.0f}")]))
    assumptions.extend(sustained_notes(gpu))
    assumptions.extend(compute_figure_note(gpu))
    if n > 1:
        assumptions.append(_sentence("throughput.dp_scaling", share=f"{eff:.0%}",
                                     link=link_name(gpu, n)))
    assumptions.extend(notes)
    return Throughput(train_tokens_per_s=tps, bound=bound, efficiency=mfu,
                      assumptions=tuple(assumptions))


# --------------------------------------------------------------------------------------------
# image generation
# --------------------------------------------------------------------------------------------
def image_throughput(w: Workload, arch: ModelArch, gpu: GpuSpec, n: int) -> Throughput:
    """Seconds per image (or per LoRA training image): :func:`diffusion.diffusion_throughput`.

    Per-architecture denoiser FLOPs, a fixed time per step, batch effects, sustained rates.
    """
    return diffusion_throughput(w, arch, gpu, n)


# --------------------------------------------------------------------------------------------
# public entry point
# --------------------------------------------------------------------------------------------
def estimate_throughput(w: Workload, gpu: GpuSpec, num_gpus: int | None = None,
                        memory: MemoryEstimate | None = None) -> Throughput:
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
        return training_throughput(w, arch, gpu, n, memory)
    t = inference_throughput(w, arch, gpu, n)
    if memory is not None and memory.gpu_layers is not None and arch.num_hidden_layers \
            and memory.gpu_layers < arch.num_hidden_layers:
        # layers in system RAM are streamed per token over PCIe / run on the CPU (~50 GB/s)
        frac_cpu = 1.0 - memory.gpu_layers / arch.num_hidden_layers
        cpu_bytes = decode_weight_bytes(arch, w.weights_dtype, w.batch) * frac_cpu
        slow = 1.0 / (t.decode_tokens_per_s or 1.0) + cpu_bytes / 50e9
        t = t.model_copy(update={
            "decode_tokens_per_s": 1.0 / slow, "aggregate_decode_tokens_per_s": w.batch / slow,
            "bound": "cpu-offload",
            "assumptions": t.assumptions + (join([join([
                msg("throughput.offload_layers", layers=memory.gpu_layers,
                    total=arch.num_hidden_layers),
                msg("throughput.offload_rest")], "clauses")]),)})
    return t


def train_hours(w: Workload, tokens_per_s: float) -> float | None:
    """Hours to process ``dataset_tokens × epochs`` at ``tokens_per_s`` (None without a size)."""
    if not w.dataset_tokens or tokens_per_s <= 0:
        return None
    return w.dataset_tokens * w.epochs / tokens_per_s / 3600.0


__all__ = ["ENGINE_PROFILES", "EngineProfile", "estimate_throughput", "engine_profile", "train_hours",
           "mfu_default", "train_flops_per_token", "decode_weight_bytes", "allreduce_seconds",
           "link_bandwidth_gbps"]
