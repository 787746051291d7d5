"""Training tokens/s over N GPUs: FLOPs per token over sustained peak × MFU × scaling.

FLOPs per token ``6·P`` full (``8·P`` with full recompute), LoRA/QLoRA ``4·P`` (no weight
gradients for the frozen base; ``6·P`` with recompute) plus attention ``12·L·h·s``
(``16·L·h·s`` with recompute) — the MFU accounting of mosaicml/llm-foundry, torchtitan and
PaLM (Chowdhery et al. 2022, App. B), in which the published MFU tables are expressed — over
N × sustained dense peak (:mod:`gpupicker.core.hardware.gpu_sustained`) × MFU × data-parallel scaling
efficiency (ring all-reduce of the gradients, :mod:`.interconnect`). QLoRA adds the NF4
dequantization traffic per pass (QLoRA paper, Dettmers et al. 2023); FP8 runs only the Linear
layers at the FP8 rate, attention and the output head at the 16-bit one (:mod:`.fp8_training`).
MFU defaults per GPU generation: optimized stacks reach 64 % on A100 and 46 % on H100 (llm-foundry MPT
benchmarks, public cases C64/C65) × the framework's factor
(:mod:`gpupicker.core.stacks.training_frameworks`: torchtitan 0.93 …); Hugging Face-based trainers
run eager PyTorch with a fixed per-layer host overhead per step (H200 cases), Unsloth and
Liger at their published speed-ups over it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..dtypes import bytes_per_weight
from ..hardware.gpu_sustained import bandwidth_derived_tflops, power_limit_factor, sustained_notes
from ..hardware.specs import GpuSpec
from ..memo import KeyedMemo
from ..memory.common import weights_bytes
from ..messages import Message, join, msg, verbatim
from ..model_arch import ModelArch
from ..results import MemoryEstimate, Throughput
from ..stacks.training_frameworks import TrainingFramework, training_framework
from ..workload import Workload
from .common import memo_sentence, model_facts
from .doc_mask import doc_mask_attention_share, doc_mask_notes
from .fp8_training import FP8_LINEAR_MFU_FACTOR, fp8_note, step_compute_seconds
from .interconnect import allreduce_seconds, has_device_link, link_name

MFU_OPTIMIZED: dict[str, float] = {
    "Ampere": 0.64,
    "Hopper": 0.46,
    "Blackwell": 0.42,
    "Ada Lovelace": 0.50,
    "Volta": 0.45,
    "Turing": 0.40,
}
"""MFU (model FLOPs incl. attention / dense 16-bit peak) of optimized stacks before scale-out
losses: llm-foundry MPT-7B on 8×A100-80GB 64.2 % (C64), 8×H100 46.4 % (C65)."""
MFU_OTHER = 0.35
"""Non-NVIDIA or unknown architectures (less mature kernels)."""
MFU_MEASURED_PLATFORM: dict[str, float] = {"Da Vinci": 0.73}
"""MFU of the vendor's own optimized training stack on a non-CUDA architecture where the
vendor publishes tokens/s per device, replacing :data:`MFU_OTHER` for stacks that are not
eager Hugging Face (by ``GpuSpec.architecture``).

``Da Vinci`` (Ascend 910B) 0.73: Ascend/MindSpeed-LLM ``examples/llama2/README.md`` (branch 1.0,
commit 0c8163f, "吞吐" tables), Megatron-style pre-training on 8 NPUs, TP 8 with sequence
parallelism (the README converts the weights to TP 8, PP 1), 4K sequences: LLaMA2-7B 2,730 and
LLaMA2-13B 1,550 tokens/s/p. Through this module's own accounting — 6·P + attention per token
on the catalog's 280 dense FP16 TFLOPS, and the TP 8 activation all-reduces on the HCCS link
(:func:`tensor_parallel_seconds`, 4 per layer, on the critical path) — those need an MFU of
0.727 and 0.731. Without the TP collectives the same rows gave 0.51 / 0.55, an MFU that silently
carried TP 8's traffic into data-parallel jobs. The 910B's dense rate is itself UNCERTAIN
(280–376 TFLOPS by variant, see the catalog row): at 376 the same product is an MFU of 0.54, so
the product is what is measured. Held-out checks, not used for the value: MindFormers' model
table (``cases.jsonl`` MF1, 4,160 tokens/s/p for LLaMA2-7B 4K, data parallel 8 without
recompute) and the README's 34B / 70B rows (MSL3/MSL4, 16 and 64 NPUs)."""

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
on an A100 at 70 %, above llm-foundry's fused kernels."""

HF_HOST_S_PER_LAYER: dict[tuple[bool, bool], float] = {
    (False, False): 4.4e-3,
    (False, True): 7.5e-3,
    (True, False): 5.2e-3,
    (True, True): 13.0e-3,
}
"""Host (Python/launch) seconds per decoder layer per training step of eager PyTorch with
HF Trainer/peft, keyed by (LoRA, gradient checkpointing); fitted on the H200 cases where the
GPU is idle most of the step (Llama-3.2-1B full FT b=1 s=2048: 71 ms; LoRA b=1 s=512: 88 ms,
223 ms with non-reentrant checkpointing). QLoRA's bitsandbytes calls add 80 %."""
QLORA_HOST_FACTOR = 1.8
HOST_OVERLAP_LEFT = 0.25
"""Share of the shorter of host and GPU time that does not overlap with the longer (fitted)."""

EXPERT_MLP_TARGETS = frozenset({"gate_proj", "up_proj", "down_proj", "w1", "w2", "w3"})
"""peft target names that adapt every expert of an MoE layer (as memory.training counts them)."""
EXPERT_HOST_SHARE = {False: 9.0 / 75.0, True: 24.0 / 75.0}
"""Host time of one expert of an eager HF MoE block per step, as a share of one decoder layer's
(:data:`HF_HOST_S_PER_LAYER`), keyed by whether LoRA adapts the expert MLPs. Transformers'
Mixtral/Qwen-MoE/gpt-oss blocks loop over the experts the batch hits (``for expert_idx in
expert_hit``) and run each as its own small ops: routing index, gate/up/down, activation,
weighting and ``index_add_`` ≈ 9 ops, + 5 per LoRA-adapted Linear (dropout, A, B, scale, add);
an eager Llama layer with LoRA on its 7 Linears runs ≈ 75 (norms, projections, rope, attention,
MLP, residuals). At training batch sizes every expert is hit, so the host time grows with the
expert count, not the active parameters — and for QLoRA each 4-bit expert is dequantized by
its own bitsandbytes call (× :data:`QLORA_HOST_FACTOR`)."""

OPTIMIZER_BYTES_PER_PARAM: dict[str, float] = {
    "adamw": 14.0,
    "adamw8bit": 80.0,
    "paged_adamw8bit": 80.0,
    "sgd": 10.0,
    "lion": 10.0,
    "adafactor": 12.0,
}
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
        if not fw.eager_host:
            base = MFU_MEASURED_PLATFORM.get(gpu.architecture or "", base)
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
        base *= FP8_LINEAR_MFU_FACTOR  # the FP8 Linear layers on the (2×) FP8 peak (.fp8_training)
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
    return (
        join(
            [
                join(
                    [
                        msg(
                            "throughput.no_tflops",
                            gpu=gpu.name,
                            tflops=f"{bandwidth_derived_tflops(gpu):,.0f}",
                        ),
                        msg("throughput.enter_tflops"),
                    ],
                    "clauses",
                )
            ]
        ),
    )


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
    coef, attn = train_flops_terms(w, arch)
    return coef * float(model_facts(arch)["active"]) + attn


def train_flops_terms(w: Workload, arch: ModelArch) -> tuple[float, float]:
    """(FLOPs per parameter per token, attention FLOPs per token) of :func:`train_flops_per_token`.

    6 full / 4 LoRA/QLoRA (+ 2 with gradient checkpointing) and ``12·L·h·s`` (``16·L·h·s``),
    the attention × :func:`doc_mask_attention_share` when the job packs documents of
    ``packed_doc_tokens`` with a document mask (the MFU tables count whole causal sequences).
    """
    s = w.training_seq_len()
    n_layers, h = arch.num_hidden_layers, arch.num_attention_heads * arch.head_dim_eff
    attn_fwd = 4.0 * n_layers * h * s if h else 0.0  # QKᵀ and AV over the full s × s matrix
    attn_fwd *= doc_mask_attention_share(s, w.packed_doc_tokens)
    coef = 4.0 if w.is_adapter_training else 6.0
    if w.grad_ckpt:
        return coef + 2.0, 4.0 * attn_fwd
    return coef, 3.0 * attn_fwd


def experts_hit(arch: ModelArch, tokens: int) -> float:
    """Expected distinct routed experts per MoE layer for ``tokens`` tokens (uniform routing)."""
    e = float(arch.num_local_experts or 1)
    k = float(arch.num_experts_per_tok or 1)
    return e * (1.0 - (1.0 - k / e) ** max(1, tokens))


def moe_layer_count(arch: ModelArch) -> int:
    """MoE layers of the model (the dense ``first_k_dense_replace`` layers excluded)."""
    return max(0, arch.num_hidden_layers - (arch.first_k_dense_replace or 0)) if arch.is_moe else 0


def scaling_efficiency(w: Workload, arch: ModelArch, gpu: GpuSpec, n: int, step_compute_s: float) -> float:
    """Data-parallel efficiency on ``n`` GPUs.

    Gradient all-reduce (and for ZeRO-3/FSDP the parameter all-gathers, ×1.5 traffic) over the
    link, 80 % overlapped with compute on NVLink or HCCS, 50 % on PCIe (host-staged copies
    compete with compute); 97 % at best on NVLink or HCCS, 93 % on PCIe (llm-foundry 8-GPU runs; NCCL tests).
    LoRA/QLoRA under FSDP/ZeRO-3 shard the *frozen* base too, so every forward and backward
    (and the recomputed forward) all-gathers it: ``(N−1)/N`` of the base weights per pass,
    however few parameters train (PyTorch FSDP ``FULL_SHARD``: unshard before each forward
    and backward; answer.ai FSDP+QLoRA).
    """
    if n <= 1:
        return 1.0
    params = model_facts(arch)["params"]
    trainable = params if w.is_full_training else max(1, int(params * 0.005))
    nbytes = trainable * 2.0
    sharded = w.parallelism.zero_stage == 3 or w.parallelism.fsdp
    if sharded:
        nbytes *= 1.5
    comm = allreduce_seconds(gpu, n, nbytes)
    if sharded and w.is_adapter_training:
        passes = 3 if w.grad_ckpt else 2
        frozen = weights_bytes(arch, w.weights_dtype, w.quantized_group_set)
        # an all-gather moves (N−1)/N of the bytes: half a ring all-reduce
        comm += passes * allreduce_seconds(gpu, n, frozen / 2.0)
    direct = has_device_link(gpu)  # NVLink or HCCS: no host-staged copies competing
    overlap = 0.8 if direct else 0.5
    exposed = max(0.0, comm - overlap * step_compute_s)
    base = 0.97 if direct else 0.93
    return base * step_compute_s / (step_compute_s + exposed)


TP_ALLREDUCES_PER_LAYER = 4
"""Activation all-reduces per transformer layer per micro-batch under Megatron tensor
parallelism: two in the forward pass (after the attention and MLP row-parallel GEMMs) and two in
the backward pass (Shoeybi et al. 2019, "Megatron-LM", §3). Sequence parallelism replaces each by
a reduce-scatter and an all-gather of the same volume (Korthikanti et al. 2022, §4.2.2)."""


def tensor_parallel_seconds(w: Workload, arch: ModelArch, gpu: GpuSpec, tp: int) -> float:
    """Seconds of one micro-batch's tensor-parallel activation collectives over ``tp`` GPUs.

    ``L · 4`` ring all-reduces of the ``batch × seq × hidden`` activations (2 bytes, 4 in fp32)
    on the link between ``tp`` GPUs (:func:`.interconnect.allreduce_seconds`), on the critical
    path: Megatron's forward all-reduces block the next GEMM (only the backward weight-gradient
    all-gather overlaps, left out). 0 for ``tp`` ≤ 1 or a model of unknown width.
    """
    if tp <= 1 or not arch.hidden_size:
        return 0.0
    act = 4.0 if w.compute_dtype == "fp32" else 2.0
    nbytes = w.batch * w.training_seq_len() * arch.hidden_size * act
    return arch.num_hidden_layers * TP_ALLREDUCES_PER_LAYER * allreduce_seconds(gpu, tp, nbytes)


_FORMULAS: dict[tuple[bool, bool], Message] = {
    (lora, ckpt): (msg("throughput.formula_recompute", formula=base) if ckpt else base)
    for lora, base in ((True, verbatim("LoRA 4·P")), (False, verbatim("6·P")))
    for ckpt in (False, True)
}
"""The FLOPs formula named in the training assumption, by (LoRA/QLoRA, gradient checkpointing)."""


@dataclass(frozen=True, slots=True)
class _GpuTerms:
    """What :func:`training_throughput` derives from the job and the GPU type, not the count.

    ``compute_s``: GEMM seconds of one micro-step on one GPU; ``dequant_s``: QLoRA's NF4
    dequantization traffic per step; ``host_s``: the eager trainer's host time per step;
    ``head``: the assumption sentences before the range (FLOPs and MFU, framework);
    ``mid``: those after it (sustained-rate factors, a missing compute figure); ``tail``: the
    dequantization sentence (last). ``params``: the model's parameter count; ``opt_bytes_per_
    param``: the optimizer step's traffic per trainable parameter; ``bytes_per_s``: 70 % of the
    datasheet bandwidth (optimizer and autocast traffic).
    """

    gpu: GpuSpec
    arch: ModelArch
    peak: float
    mfu: float
    tokens_step: int
    compute_s: float
    dequant_s: float
    host_s: float
    framework: TrainingFramework
    head: tuple[Message, ...]
    mid: tuple[Message, ...]
    tail: tuple[Message, ...]
    params: float
    opt_bytes_per_param: float
    bytes_per_s: float


_TERMS: KeyedMemo[tuple[object, ...], _GpuTerms] = KeyedMemo(maxsize=1024)
""":class:`_GpuTerms` by (GPU and model identity, the job fields they read): the recommender
asks for each GPU type at 1, 2, 4 and 8 GPUs (and the 16–64 of a cluster)."""


def _gpu_terms(w: Workload, arch: ModelArch, gpu: GpuSpec) -> _GpuTerms:
    """The count-independent terms of ``w`` on ``gpu``, memoized (bounded, cleared when full)."""
    key = (
        id(gpu),
        id(arch),
        w.task,
        w.batch,
        (w.seq_len, w.packed_doc_tokens),
        w.grad_ckpt,
        w.weights_dtype,
        w.compute_dtype,
        w.framework,
        w.optimizer,
        w.lora.targets if w.lora is not None else (),
    )
    hit = _TERMS.peek(key)
    if hit is not None and hit.gpu is gpu and hit.arch is arch:  # the ids were not reused
        return hit
    fp8 = "fp8" in (w.weights_dtype, w.compute_dtype) and bool(gpu.fp8_tflops_dense)
    peak = _compute_peak_flops(gpu, w.weights_dtype, w.compute_dtype) * power_limit_factor(
        gpu, "fp8" if fp8 else "bf16"
    )
    mfu = mfu_default(gpu, w)
    fpt = train_flops_per_token(w, arch)
    tokens_step = w.batch * w.training_seq_len()  # per GPU per micro-step
    compute_s, f16 = step_compute_seconds(
        w, arch, gpu, (tokens_step, fpt), train_flops_terms(w, arch), (peak, mfu)
    )
    dequant_s = 0.0
    tail: tuple[Message, ...] = ()
    if w.task == "qlora" or (w.task == "lora" and bytes_per_weight(w.weights_dtype) < 2.0):
        passes = 3 if w.grad_ckpt else 2
        deq_bytes = model_facts(arch)["linear"] * (bytes_per_weight(w.weights_dtype) + 2.0) * passes
        dequant_s = deq_bytes / (gpu.memory_bandwidth_gbps * 1e9 * 0.6)
        tail = (memo_sentence("throughput.dequant", dtype=w.weights_dtype, ms=f"{dequant_s * 1e3:.1f}"),)
    fw = training_framework(w.framework)
    host = 0.0
    expert_note: Message | None = None
    lora = w.is_adapter_training
    if fw.eager_host:
        layer_host = HF_HOST_S_PER_LAYER[(lora, w.grad_ckpt)]
        host = arch.num_hidden_layers * layer_host
        if arch.is_moe and arch.hidden_size:
            adapted = lora and w.lora is not None and bool(EXPERT_MLP_TARGETS & set(w.lora.targets))
            experts = min(float(arch.num_local_experts or 1), experts_hit(arch, tokens_step))
            loop = moe_layer_count(arch) * experts * layer_host * EXPERT_HOST_SHARE[adapted]
            host += loop
            expert_note = memo_sentence(
                "throughput.moe_expert_loop",
                experts=f"{experts:.0f}",
                layers=moe_layer_count(arch),
                ms=f"{loop * 1e3:,.0f}",
            )
        if w.task == "qlora":
            host *= QLORA_HOST_FACTOR
    formula = _FORMULAS[(lora, w.grad_ckpt)]
    head = [
        memo_sentence(
            "throughput.train_flops",
            gflop=f"{fpt / 1e9:.1f}",
            formula=formula,
            mfu=f"{mfu:.0%}",
            tflops=f"{peak / 1e12:,.0f}",
        ),
        memo_sentence("throughput.framework_optimized", framework=fw.name, factor=f"{fw.mfu_factor:.2f}")
        if host == 0.0
        else memo_sentence("throughput.framework_eager", framework=fw.name, ms=f"{host * 1e3:.0f}"),
    ]
    if f16:
        head.append(fp8_note(gpu, f16))
    head.extend(doc_mask_notes(w))
    if expert_note is not None:
        head.append(expert_note)
    if fw.speedup_vs_hf != 1.0:
        head.append(
            memo_sentence("throughput.framework_speedup", framework=fw.name, factor=f"{fw.speedup_vs_hf:.1f}")
        )
    opt = OPTIMIZER_BYTES_PER_PARAM.get(w.optimizer, 14.0)
    if w.weights_dtype == "fp32" or lora:
        opt *= 2.0
    return _TERMS.put(
        key,
        _GpuTerms(
            gpu=gpu,
            arch=arch,
            peak=peak,
            mfu=mfu,
            tokens_step=tokens_step,
            compute_s=compute_s,
            dequant_s=dequant_s,
            host_s=host,
            framework=fw,
            head=tuple(head),
            mid=(*sustained_notes(gpu), *compute_figure_note(gpu)),
            tail=tail,
            params=model_facts(arch)["params"],
            opt_bytes_per_param=opt,
            bytes_per_s=gpu.memory_bandwidth_gbps * 1e9 * 0.7,
        ),
    )


def training_throughput(
    w: Workload, arch: ModelArch, gpu: GpuSpec, n: int, memory: MemoryEstimate | None = None
) -> Throughput:
    """Training tokens/s over ``n`` GPUs (see module docstring for the formulas).

    The dense peak is the sustained one (:mod:`gpu_sustained`: power-bound parts such as the
    T4, L4, L40S, RTX 6000 Ada or H100 PCIe run below their datasheet rate).
    """
    g = _gpu_terms(w, arch, gpu)
    tokens_step, fw, host, extra, params = (g.tokens_step, g.framework, g.host_s, g.dequant_s, g.params)
    lora = w.is_adapter_training
    trainable = (
        memory.trainable_params
        if memory is not None and memory.trainable_params
        else (int(params * 0.005) if lora else params)
    )
    opt_bytes = g.opt_bytes_per_param * trainable
    if w.parallelism.zero_stage or w.parallelism.fsdp:
        opt_bytes /= n
    tp = min(max(w.parallelism.tensor_parallel, 1), n)
    opt_bytes /= tp  # a tensor-parallel rank holds and steps 1/tp of every layer
    opt_s = opt_bytes / g.bytes_per_s
    # a TP group of tp GPUs shares each micro-batch: per GPU, tp × the collectives of one
    tp_s = tp * tensor_parallel_seconds(w, arch, gpu, tp)
    if w.weights_dtype == "fp32" and w.compute_dtype != "fp32":
        # autocast re-casts every fp32 weight to 16-bit in each pass (read 4 B, write 2 B)
        passes = 3 if w.grad_ckpt else 2
        extra += params * 6.0 * passes / n / g.bytes_per_s
    dora_bytes = 0.0
    if w.lora is not None and w.lora.use_dora:
        from ..dora import dora_extra_bytes_per_step

        dora_bytes = dora_extra_bytes_per_step(arch, w.lora, bytes_per_weight(w.weights_dtype), w.grad_ckpt)
        extra += dora_bytes / g.bytes_per_s
    gpu_s = g.compute_s + extra + opt_s + tp_s
    step = max(gpu_s, host) + HOST_OVERLAP_LEFT * min(gpu_s, host)
    step /= fw.speedup_vs_hf  # Unsloth/Liger: their published speed-up over HF Trainer
    eff = scaling_efficiency(w, arch, gpu, n, gpu_s)
    tps = n * eff * tokens_step / step
    bound = "compute" if gpu_s >= host else "engine-overhead"
    if eff < 0.85:
        bound = "interconnect"
    assumptions: list[Message] = [
        *g.head,
        join([msg("throughput.train_range", lo=f"{0.8 * tps:,.0f}", hi=f"{1.25 * tps:,.0f}")]),
        *g.mid,
    ]
    if dora_bytes:
        assumptions.append(join([msg("inputs.dora", gb=f"{dora_bytes / 1e9:,.1f}")]))
    if tp_s:
        assumptions.append(
            memo_sentence(
                "throughput.tp_collectives",
                tp=tp,
                ms=f"{tp_s / tp * 1e3:,.0f}",
                share=f"{tp_s / step:.0%}",
                link=link_name(gpu, tp),
            )
        )
    if n > 1:
        assumptions.append(memo_sentence("throughput.dp_scaling", share=f"{eff:.0%}", link=link_name(gpu, n)))
    assumptions.extend(g.tail)
    return Throughput(train_tokens_per_s=tps, bound=bound, efficiency=g.mfu, assumptions=tuple(assumptions))
