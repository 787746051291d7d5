"""Host time of transformers ``generate()``, counted per PyTorch op of the modelling code.

Versions' eras, op counts per layer, the MoE expert loop and block-FP8 ``FP8Linear`` calls
(``docs/formulas.md`` §7).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

HF_V5_LAYER_FLOOR_S = 2.25e-3
"""Host seconds per decoder layer per step of transformers 5.x ``generate()`` (H200 cases,
``h200.jsonl``: PyTorch 2.11, transformers 5.17 — 13.54 tok/s for Llama-2-7B at batch 1)."""
_TRANSFORMERS_VERSION = re.compile(r"transformers\s*v?(\d+)(?:\.(\d+))?", re.IGNORECASE)


def transformers_version(environment: str | None) -> tuple[int, int] | None:
    """(major, minor) of the transformers version named in a workload's ``environment``, or None."""
    m = _TRANSFORMERS_VERSION.search(environment or "")
    return (int(m.group(1)), int(m.group(2) or 0)) if m else None


def transformers_major(environment: str | None) -> int | None:
    """The transformers major version named in a workload's ``environment`` text, or None."""
    v = transformers_version(environment)
    return v[0] if v else None


# --------------------------------------------------------------------------------------------
# transformers ``generate()``: host time counted per PyTorch op of the modelling code
# --------------------------------------------------------------------------------------------
HF_LAYER_OPS = 41
"""Kernel-launching PyTorch ops of one transformers Llama-style decoder layer at one decode
step (``modeling_llama.py`` / ``modeling_qwen3.py``): two RMSNorms of 8 (to fp32, pow, mean, add,
rsqrt, mul, to, mul weight), q/k/v/o projections (4), rotary embedding on q and k (mul, neg,
cat, mul, add each: 10), the DynamicCache ``torch.cat`` of k and v (2), the attention kernel with
its layout copies (2), the gated MLP (gate, act, up, mul, down: 5) and two residual adds. The
per-layer host time of the Qwen README calibration (``EngineSpeed.layer_floor_s``, 0.43 ms) is
spread over these ops."""
HF_QK_NORM_OPS = 16
"""Ops added by a per-head RMSNorm on q and k (two more RMSNorms of 8: ``Qwen3Attention.q_norm``
/ ``k_norm`` in ``modeling_qwen3.py`` and ``modeling_qwen3_moe.py``; OLMo-2, Gemma 3)."""
HF_QK_NORM_TYPES = frozenset(
    {"qwen3", "qwen3_moe", "qwen3_next", "olmo2", "olmoe", "gemma3", "gemma3_text", "chameleon"}
)
"""``model_type`` values whose attention normalizes q and k per head."""
HF_EMPTY_OP_FRACTION = 0.6
"""Share of an op's host time still paid on an empty tensor (an expert no token is routed to):
the Python, binding and dispatcher layers (≈ 3–7 µs) but not the backend's algorithm choice and
the driver's ``cudaLaunchKernel`` (≈ 2–8 µs) of the ≈ 5–25 µs an eager op costs (per-layer costs
tabulated in jiahuanglin.xyz gpu_kernel_serving lesson 18, "From PyTorch op to kernel
launch"). UNCERTAIN ±30 %."""
HF_SYNC_S = 10e-6
"""Host time of one device synchronization that returns a small result (``torch.where`` /
``nonzero`` copying its count to the host, ``torch.cuda.synchronize()``): a PCIe round trip
and the wake-up of the waiting thread, ≈ 10 µs (UNCERTAIN ±50 %); the GPU work queued before it
then runs serially with the host."""
TRITON_LAUNCH_S = 18e-6
"""Host time of one launch of an already compiled Triton kernel with ≈ 20 arguments: 18 µs after
triton-lang/triton PR #3638 and #3648 (2024-04: 108 → 49 → 18 µs on the PR's benchmark), the
Triton that PyTorch ≥ 2.4 ships."""
HF_FP8_LINEAR_OPS = 7
"""PyTorch ops around the two Triton kernels of one ``FP8Linear.forward``
(``integrations/finegrained_fp8.py``): the ``contiguous`` of weight and scales, the ``empty``
outputs of ``act_quant`` and of the GEMM, ``nan_to_num``, the cast back and the device context."""
HF_MOE_BLOCK_OPS = 10
"""Ops of an HF sparse-MoE block outside its expert loop (``Qwen3MoeSparseMoeBlock.forward``):
router Linear, softmax, top-k, renormalization (sum, div), cast, ``zeros``, ``one_hot``, the
expert-hit ``sum``/``greater``; they replace the dense MLP's 5."""
HF_EXPERT_ITER_OPS = 13
"""Ops of one iteration of that block's Python loop over experts: the mask row, ``torch.where``
(a ``nonzero``: one :data:`HF_SYNC_S`), the token gather and reshape, the expert MLP (gate, act,
up, mul, down), the routing-weight gather, mul, cast and ``index_add_``."""
HF_LOOP_HIT_EXPERTS = (4, 53)
"""First transformers version whose Qwen2/Qwen3-MoE blocks loop only over the experts a token
was routed to (huggingface/transformers PR #38133, merged 2025-06, released in 4.53); before it
``for expert_idx in range(self.num_experts)`` visited all E experts of every MoE layer at every
step, each with its ``torch.where`` synchronization."""


@dataclass(frozen=True)
class HfEra:
    """Host time of transformers ``generate()`` in one range of versions.

    Attributes:
        id: shown in the assumptions (``speed_inference.hf_era.*``).
        first: first (major, minor) version of the era.
        layer_s: host seconds per Llama-style decoder layer (:data:`HF_LAYER_OPS` ops) per
            decode step.
        serial: host and GPU time add (the figure was measured that way) instead of
            overlapping within a step.
    """

    id: str
    first: tuple[int, int]
    layer_s: float
    serial: bool


HF_ERAS: tuple[HfEra, ...] = (
    # rotary tables and the 4-D causal mask rebuilt inside every layer, remote-code models:
    # Qwen README (C38), A100-SXM4-80GB + FlashAttention 2, Qwen-7B bf16 40.9 tok/s = 24.4 ms
    # per token against ≈ 10.8 ms of weight streaming; with host launches overlapping the GPU
    # within the step that is 0.75 ms of host time per layer (the additive reading gave 0.43)
    HfEra("v4_early", (0, 0), 0.75e-3, False),
    # position embeddings computed once per forward and passed to the layers, fewer ops per
    # layer: Qwen3 speed benchmark (QwenLM/Qwen2.5 docs speed_benchmark.md, H20, transformers
    # 4.51.3, PyTorch 2.6): dense bf16 Qwen3-0.6B to -32B at batch 1 run 58.6 to 26.2 tok/s,
    # host-bound at ≈ 0.60 ms per Qwen3 layer (57 ops) = 0.43 ms per 41-op Llama layer. Set on
    # that source (scripts/accuracy.py HAND_FITTED); the era boundary between the 2023 and
    # 2025 measurements is not measured (4.44 taken, UNCERTAIN)
    HfEra("v4_late", (4, 44), 0.43e-3, False),
    # H200 cases (h200.jsonl, PyTorch 2.11, transformers 5.17): Llama-2-7B 13.54 tok/s, read
    # additively (:data:`HF_V5_LAYER_FLOOR_S`)
    HfEra("v5", (5, 0), HF_V5_LAYER_FLOOR_S, True),
)
"""transformers ``generate()`` host-time eras, oldest first; a workload names its version in
``environment`` ("transformers 4.51.3"), else ``v4_late`` is assumed (and said)."""


def hf_era(version: tuple[int, int] | None) -> tuple[HfEra, bool]:
    """The :data:`HF_ERAS` entry of a transformers version.

    Returns ``(era, named)``: ``v4_late`` and False when the workload names no version.
    """
    if version is None:
        return HF_ERAS[1], False
    return [e for e in HF_ERAS if e.first <= version][-1], True


HF_LONG_PROMPT_TOKENS = 4096
"""Prompt length above which transformers ``generate()`` speed is not modelled to its range: the
Qwen3 speed benchmark's shortest long rows (6,144 tokens, QwenLM/Qwen2.5 docs
``speed_benchmark.md`` @77fb0c1) already show the excess of :data:`HF_LONG_PROMPT_RANGE_PCT`
(Qwen3-32B bf16: 2,048 tokens after a 6,144-token prompt take 81 s longer than after a 1-token
one, the same 13 ms per prompt token as at 30,720); its 1-token rows do not. Where between 1 and
6,144 it starts is not measured: 4,096 taken (UNCERTAIN)."""
HF_LONG_PROMPT_RANGE_PCT = 300.0
"""± share for longer prompts: the Qwen3 speed benchmark's 30,720-token rows (H20,
transformers 4.51.3) run 1.3× to 4.8× slower end to end than this roofline's prefill plus
decode (p90 of their leave-one-source-out |error| in ``make accuracy``); what costs the time
is not known here, so the estimate says so instead of a fitted factor.

What was checked (v4.51.3 and FlashAttention 2.7.4 sources): the prefill keeps one row of
logits (``generation/utils.py`` lines 2315-2319, ``logits_to_keep = 1``); the KV cache moves 3×
per step (:data:`.inference.ENGINES` ``kv_traffic``), already counted. The benchmark script
(``examples/speed-benchmark/speed_benchmark_transformers.py`` @77fb0c1) calls
``model.generate(**inputs, generation_config=...)`` with the tokenizer's all-ones attention mask,
the checkpoint's own generation config (sampling) and ``min_length`` = prompt + 2,048; an
all-ones mask makes ``_update_causal_mask`` return None for FlashAttention 2 (no 4-D mask is
built), and FlashAttention 2.7.4's ``mha_fwd`` (``csrc/flash_attn/flash_api.cpp``) runs a
1-token query with the GQA groups swapped into rows and the keys split over the SMs
(``num_splits_heuristic``), so the decode attention is not a serial walk over the cache. The
script's own ``tokens_per_second`` divides by the generated tokens only, but the tables rise with
the prompt (Qwen3-0.6B bf16 58.6 → 175.9 tok/s from 1 to 30,720 prompt tokens), which only the
page's (prompt + generated) / time allows: the cases read it that way.

What the rows show (time = (prompt + 2,048) / speed, less the 1-token row's): the excess is
linear in the context (Qwen3-32B bf16: +13 s per 1,000 prompt tokens over 2,048 steps, ≈ 190 ms
a step at 31k tokens, as if the 8.6 GB cache moved at ≈ 45 GB/s); the bf16 and FP8 rows of one
model add the same seconds (±10 %: 0.6B 151 / 164 s, 32B 396 / 385 s at 30,720) although the FP8
step synchronizes host and GPU and is 2–4× longer, so it adds to the step rather than hiding
under the host; the fp16 AWQ / GPTQ rows add an eighth to a third of it; and Qwen3-0.6B and
-1.7B, whose attention and cache are the same (28 layers, 16 query and 8 KV heads of 128), add
151 s and 44 s. No term of the workload's attention or cache gives all of that, so none is
set. Qwen2.5's A100 tables (transformers 4.46, whose ``Qwen2FlashAttention2``
``repeat_kv``-copies K and V to every query head each step: ``modeling_qwen2.py`` lines
402-403) show 1.1-1.4 ns per token per layer per query head; 4.51.3's flash path has no such
copy, and its sdpa path does (``integrations/sdpa_attention.py`` lines 30-31, until
huggingface/transformers PR #39412's ``enable_gqa``)."""
HF_FP8_QUANT_METHODS = frozenset({"fp8", "finegrained_fp8"})
"""``quant_method`` values that transformers runs as block-scaled ``FP8Linear`` (Qwen3-FP8,
DeepSeek-V3 checkpoints: ``quant_method: fp8``, ``weight_block_size [128, 128]``); with no
quant_method an FP8 checkpoint under transformers is taken to be one of these (and said)."""


HF_SDPA_GQA_VERSION = (4, 54)
"""First transformers version whose SDPA attention is given the KV heads as they are
(``enable_gqa=True`` where PyTorch ≥ 2.5 and no attention mask: huggingface/transformers PR
#39412, merged 2025-07; 4.54 taken, UNCERTAIN). Before it ``sdpa_attention_forward`` copies K
and V out to every query head of a group at every step (``repeat_kv``: v4.51.3
``integrations/sdpa_attention.py`` lines 30-31); eager attention always does
(``eager_attention_forward``, ``modeling_qwen3.py`` lines 154-155)."""


def hf_kv_traffic(attention: str, version: tuple[int, int] | None, groups: int) -> float:
    """KV-cache bytes one decode step of ``generate()`` moves, in units of the cache.

    3 with FlashAttention 2 (DynamicCache's concatenation reads and writes the cache, the kernel
    reads it: :data:`.inference.ENGINES` ``kv_traffic``). Where ``repeat_kv`` runs (eager
    attention; SDPA before :data:`HF_SDPA_GQA_VERSION`, named in ``environment``) the copy reads
    the cache once more and writes it ``groups`` times over, and attention reads those copies:
    ``3 + 2·groups``. ``groups`` is query heads per KV head (1: nothing is copied).
    """
    old_sdpa = attention == "sdpa" and version is not None and version < HF_SDPA_GQA_VERSION
    repeats = attention == "eager" or old_sdpa
    return 3.0 + 2.0 * groups if repeats and groups > 1 else 3.0


@dataclass(frozen=True)
class HfHost:
    """Host time of one transformers ``generate()`` decode step, from the op counts above.

    Attributes:
        base_s: seconds per step outside the MoE expert loops (every layer's ops, the FP8
            Linears' Triton launches and synchronizations).
        active_iter_s: seconds per expert-loop iteration of an expert with tokens.
        idle_iter_s: seconds per iteration of an expert without tokens (loops over all E).
        loops_all_experts: the MoE blocks visit all E experts (before 4.53), else the hit ones.
        moe_layers: MoE layers of the model.
        serial: the step synchronizes the device inside the forward (MoE ``torch.where``,
            ``FP8Linear``'s ``torch.cuda.synchronize``), so host and GPU time add; else the
            host enqueues ahead of the GPU within a step and the two overlap.
        fp8_linears: FP8Linear modules run per step (outside the expert loops).
        kv_traffic: KV-cache bytes a decode step moves, in units of the cache
            (:func:`hf_kv_traffic`).
    """

    base_s: float
    active_iter_s: float
    idle_iter_s: float
    loops_all_experts: bool
    moe_layers: int
    serial: bool
    fp8_linears: int
    kv_traffic: float = 3.0

    def step_s(self, arch_experts: int, touched: float) -> float:
        """Host seconds of one decode step with ``touched`` experts hit per MoE layer."""
        if not self.moe_layers:
            return self.base_s
        idle = float(arch_experts) - touched if self.loops_all_experts else 0.0
        return self.base_s + self.moe_layers * (touched * self.active_iter_s + idle * self.idle_iter_s)


def hf_generate_host(
    arch_model_type: str,
    n_layers: int,
    moe_layers: int,
    routed_experts: int,
    fp8: bool,
    era: HfEra,
    version: tuple[int, int] | None,
    quant_factor: float = 1.0,
) -> HfHost:
    """Host time of transformers ``generate()`` per decode step, counted per PyTorch op.

    ``era.layer_s`` is the host time of a Llama-style layer (:data:`HF_LAYER_OPS` ops) in the
    version's era (:data:`HF_ERAS`), so one op costs ``layer_s / 41`` (10.5 µs for 4.44+, 18 µs
    before: inside the 5–25 µs an eager op is documented to cost). A layer of this model adds
    :data:`HF_QK_NORM_OPS` for q/k norms; an MoE layer replaces the MLP's 5 ops by
    :data:`HF_MOE_BLOCK_OPS` plus its expert loop (:data:`HF_EXPERT_ITER_OPS` each, one
    synchronization each; all E experts before :data:`HF_LOOP_HIT_EXPERTS`); a block-FP8
    checkpoint runs every Linear as ``FP8Linear``: two Triton launches
    (:data:`TRITON_LAUNCH_S`), :data:`HF_FP8_LINEAR_OPS` ops and a ``torch.cuda.synchronize()``
    (:data:`HF_SYNC_S`). Checked on the Qwen3 speed benchmark (QwenLM/Qwen2.5 docs
    speed_benchmark.md, H20, transformers 4.51.3), whose dense bf16 rows set the 4.44+ era:
    the MoE and FP8 rows it predicts — Qwen3-30B-A3B bf16 1.61 vs 1.89 tok/s and FP8 0.35 vs
    0.44 at batch 1 (128 experts visited per layer), Qwen3-0.6B to -32B FP8 −2 % to +25 %.

    Args:
        arch_model_type: the model's ``model_type``.
        n_layers: decoder layers.
        moe_layers: how many of them are sparse-MoE blocks.
        routed_experts: routed experts per MoE block.
        fp8: weights are a block-scaled FP8 checkpoint run by ``FP8Linear``.
        era: the version's host-time era (:func:`hf_era`).
        version: (major, minor) of transformers named by the workload, or None (current).
        quant_factor: multiplier on the per-op time for bitsandbytes layers (extra launches).
    """
    op = era.layer_s / HF_LAYER_OPS * quant_factor
    per_layer = HF_LAYER_OPS + (HF_QK_NORM_OPS if arch_model_type in HF_QK_NORM_TYPES else 0)
    dense_layers = n_layers - moe_layers
    ops = dense_layers * per_layer + moe_layers * (per_layer - 5 + HF_MOE_BLOCK_OPS)
    fp8_linear_s = 2 * TRITON_LAUNCH_S + HF_FP8_LINEAR_OPS * op + HF_SYNC_S if fp8 else 0.0
    fp8_linears = (7 * dense_layers + 5 * moe_layers) if fp8 else 0  # q,k,v,o (+ router) + MLP
    base = ops * op + fp8_linears * fp8_linear_s + (moe_layers * HF_SYNC_S)
    iter_fp8 = 3 * fp8_linear_s
    active = HF_EXPERT_ITER_OPS * op + HF_SYNC_S + iter_fp8
    idle = HF_EXPERT_ITER_OPS * op * HF_EMPTY_OP_FRACTION + HF_SYNC_S + iter_fp8
    loops_all = version is not None and version < HF_LOOP_HIT_EXPERTS
    return HfHost(
        base_s=base,
        active_iter_s=active,
        idle_iter_s=idle,
        loops_all_experts=loops_all,
        moe_layers=moe_layers if routed_experts > 1 else 0,
        serial=bool(fp8 or moe_layers or era.serial),
        fp8_linears=fp8_linears,
    )


__all__ = [
    "HF_ERAS",
    "HF_FP8_QUANT_METHODS",
    "HF_LONG_PROMPT_RANGE_PCT",
    "HF_LONG_PROMPT_TOKENS",
    "HF_SDPA_GQA_VERSION",
    "HF_V5_LAYER_FLOOR_S",
    "HfEra",
    "HfHost",
    "hf_era",
    "hf_generate_host",
    "hf_kv_traffic",
    "transformers_major",
    "transformers_version",
]
