"""llama.cpp's CUDA MoE decode: the small kernels an MoE layer launches beyond a dense FFN.

The build-era floor (:data:`.llamacpp_engine.LLAMACPP_ERAS`) was measured on dense models, so
it holds one dense FFN's kernels per layer (gate, up, GLU, down). An MoE layer of
``llm_graph_context::build_moe_ffn`` (``src/llama-graph.cpp``) runs its routed experts with as
many ``MUL_MAT_ID`` kernels (up, gate, GLU, down), and launches on top: the router matmul, the
gating softmax, ``argsort`` (top-k), ``get_rows`` of the chosen weights, their normalisation
(``sum_rows``, ``div``), the multiplication of the experts' outputs by those weights, and
``n_expert_used − 1`` adds summing the experts; a shared expert is one more FFN and an add, and
Qwen2-MoE's gated shared expert three more kernels (gate matmul, sigmoid, mul). At batch 1 each
is a tiny kernel whose launch and tail cost a few µs even inside a CUDA graph
(:data:`LLAMACPP_MOE_KERNEL_S`). ggml-cuda fused them build by build
(:data:`LLAMACPP_MOE_ERAS`); the count per era is read from the code of each era, as Ollama
vendored it (ollama ``llama/llama.cpp/src/llama-graph.cpp`` and
``ml/backend/ggml/ggml/src/ggml-cuda/ggml-cuda.cu`` at e9e5f61c4, 1a19df1f3, c68f367ef,
544b6739d, 0cf7794b1, ef00199fb).

Counted for the softmax router with normalised weights (Qwen3-MoE, Mixtral, DeepSeek-V2, the
path the fusions cover first). Routers the catalog cannot tell apart run a few kernels more and
are not counted: sigmoid routers with a selection bias and a scale (DeepSeek-V3, GLM-4.5 and
later: ``ggml_sigmoid``, ``ggml_add`` of ``exp_probs_b``, ``ggml_scale``; not fused in
llama.cpp a5bb8ba4, vendored by ollama ef00199fb on 2026-02-02, whose
``ggml_cuda_topk_moe_ops`` start with ``GGML_OP_SOFT_MAX``; fused by ``topk-moe.cu``'s
``use_sigmoid`` at 000f4625) and gpt-oss's router and expert biases. Applied to the CUDA
back-end only: HIP builds compile the same fusions, but no µs per kernel is sourced for AMD
GPUs; Metal's fixed work is its own per-layer model
(:data:`.llamacpp_engine.LLAMACPP_METAL_FLOOR`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..messages import Message
from ..model_arch import ModelArch
from ..workload import Workload
from ..workload.spellings import build_number
from .common import memo_sentence
from .ollama_engine import OLLAMA_LLAMA_SERVER_SINCE

LLAMACPP_MOE_KERNEL_S = 4.0e-6
"""Seconds one small kernel of an MoE layer adds to a CUDA decode step at batch 1 (CUDA graph
builds): the mean of two fusions' own RTX 4090 tables, each of which replaced three kernels per
MoE layer by one — PR #16130 ("CUDA: add a fused top-K MoE kernel", softmax + argsort +
get_rows): Qwen3-30B-A3B Q4_K_M tg128 194.63 → 207.75 tok/s, 0.325 ms a token over 48 layers ×
2 kernels = 3.4 µs; PR #16649 ("CUDA: topk-moe: add optional parameter for gpt-oss", argsort +
get_rows + softmax): gpt-oss-20B MXFP4 tg128 167.01 → 173.33, 0.218 ms over 24 × 2 = 4.6 µs."""


@dataclass(frozen=True)
class LlamaCppMoeEra:
    """The kernels one llama.cpp CUDA MoE layer launches beyond a dense FFN, in one range of builds.

    Attributes:
        id: ``"mmid_host"``, ``"mmid_batched"``, ``"fused_routing"`` or ``"fused_gemv"``.
        first_build: first ``llama-bench`` build number of the era.
        first_month: the same boundary as a month, ``YYYY-MM`` (a workload naming a date).
        ollama_since: date (``YYYY-MM-DD``) of the first Ollama release whose vendored
            llama.cpp is of this era (Ollama runs its vendored copy until
            :data:`.ollama_engine.OLLAMA_LLAMA_SERVER_SINCE`).
        routing: kernels from the router matmul to the normalised weights.
        fused_adds: the ``n_expert_used − 1`` adds run as one kernel per 8 (else one each).
        host_mmid: each ``MUL_MAT_ID`` launches one mat-vec per used expert (3 × (k − 1) more).
        shared_ffn: kernels of a shared expert's FFN (its add not included).
        prs: the pull requests that open the era (shown).
    """

    id: str
    first_build: int
    first_month: str
    ollama_since: str
    routing: int
    fused_adds: bool
    host_mmid: bool
    shared_ffn: int
    prs: str


LLAMACPP_MOE_ERAS: tuple[LlamaCppMoeEra, ...] = (
    # before PR #13014 ("CUDA: noncont MMVQ + batched bs1 MUL_MAT_ID", merged as 658987c = tag
    # b5170, 2025-04-22): ggml_cuda_mul_mat_id copies the expert ids to the host
    # (cudaMemcpyAsync + cudaStreamSynchronize) and calls ggml_cuda_mul_mat once per used
    # expert, and a MUL_MAT_ID node turns CUDA graphs off (ollama e9e5f61c4, v0.6.7). Router
    # matmul, soft_max, argsort, get_rows, sum_rows, div: 6; gate/up/silu/mul/down as the
    # dense FFN's. The three stream syncs and the lost CUDA graph are not costed here.
    LlamaCppMoeEra("mmid_host", 0, "0000-00", "0000-00-00", 6, False, True, 4, "PR #13014"),
    # one mmvq kernel per MUL_MAT_ID at batch 1, CUDA graphs kept (ollama 8dd12c873, v0.6.8
    # 2025-05-03, vendoring e1e8e099); the graph unfused: 6 routing kernels, 7 adds for 8
    # experts (ollama 1a19df1f3, v0.11.5, vendoring e54d41b: no fused ADD, no topk-moe)
    LlamaCppMoeEra("mmid_batched", 5170, "2025-05", "2025-05-03", 6, False, False, 4, "PR #13014"),
    # PR #15631 ("CUDA: fuse adds", up to 8 ADD nodes in one kernel) and PR #16130 (topk-moe:
    # soft_max, argsort, get_rows, sum_rows, clamp, div in one kernel): router matmul + topk-moe
    # = 2. Both are in b6646 (2025-10-02, ollama c68f367ef, v0.12.4 2025-10-09); #16130 was
    # merged after b6552 (2025-09-22), so builds b6552–b6645 are taken to lack both (#15631,
    # merged ~2025-08-29, is in some of them: up to 6 kernels overcounted there).
    LlamaCppMoeEra("fused_routing", 6646, "2025-10", "2025-10-09", 2, True, False, 4, "PR #15631, #16130"),
    # PR #16715 ("CUDA: General GEMV fusion"): gate + up + GLU in one mmvq kernel for MUL_MAT
    # and MUL_MAT_ID alike, so the routed experts still match the dense FFN one for one while a
    # shared expert's FFN drops to 2 kernels; absent from b6840 (ollama 544b6739d, 2025-11-06),
    # present in b7108 (ollama 0cf7794b1, v0.13.2 2025-12-07): taken from b7108 / 2025-12.
    LlamaCppMoeEra("fused_gemv", 7108, "2025-12", "2025-12-07", 2, True, False, 2, "PR #16715"),
)
"""llama.cpp CUDA MoE kernel-count eras, oldest first; a workload names its build
(``engine_build``) or date (``engine_date``), else the newest era is assumed."""


def llamacpp_moe_era(w: Workload) -> LlamaCppMoeEra:
    """The :data:`LLAMACPP_MOE_ERAS` entry of ``w``'s llama.cpp build.

    An Ollama workload dated before :data:`.ollama_engine.OLLAMA_LLAMA_SERVER_SINCE` ran the
    llama.cpp its release vendored (:attr:`LlamaCppMoeEra.ollama_since`); others by build
    number, else by month; neither given: the newest era.

    Raises:
        ValueError: for a build number that cannot be read (:func:`.workload.build_number`).
    """
    date = w.engine_date or ""
    if w.framework == "ollama" and date and date < OLLAMA_LLAMA_SERVER_SINCE:
        return [e for e in LLAMACPP_MOE_ERAS if e.ollama_since <= date][-1]
    if w.engine_build:
        n = build_number(w.engine_build)
        return [e for e in LLAMACPP_MOE_ERAS if e.first_build <= n][-1]
    if date:
        return [e for e in LLAMACPP_MOE_ERAS if e.first_month <= date[:7]][-1]
    return LLAMACPP_MOE_ERAS[-1]


def llamacpp_moe_kernels(arch: ModelArch, era: LlamaCppMoeEra) -> int:
    """Kernels one MoE layer of ``arch`` launches beyond a dense FFN in ``era`` (batch 1).

    Routing (:attr:`LlamaCppMoeEra.routing`) + 1 (experts × weights) + the expert sum
    (``k − 1`` adds, or one kernel per 8 of them; ``ggml_cont`` when ``k`` = 1) + ``3(k − 1)``
    per-expert mat-vecs in the host-loop era + per shared expert its FFN and an add (+3 for a
    gated shared expert). Qwen3-30B-A3B (k = 8, no shared expert): 35, 14, 4, 4 from the oldest
    era; GLM-4.7-Flash (k = 4, one shared expert): 24, 15, 9, 7.
    """
    k = max(1, arch.num_experts_per_tok or 1)
    adds = 1 if k == 1 else (math.ceil((k - 1) / 8) if era.fused_adds else k - 1)
    n = era.routing + 1 + adds + (3 * (k - 1) if era.host_mmid else 0)
    shared = arch.n_shared_experts or 0
    if arch.shared_expert_intermediate_size:
        n += era.shared_ffn + 1 + 3  # Qwen2-MoE: ffn_shexp_gate matmul, sigmoid, mul
    elif shared:
        n += era.shared_ffn + 1  # DeepSeek: the shared experts run as one wider FFN
    return n


def llamacpp_moe_kernel_s(w: Workload, arch: ModelArch) -> tuple[float, Message | None]:
    """Seconds per decode step the MoE layers' extra kernels add on CUDA, with its sentence.

    :func:`llamacpp_moe_kernels` × :data:`LLAMACPP_MOE_KERNEL_S` × the MoE layers. ``(0, None)``
    for a dense model, and with ``n_cpu_moe`` set: the host-offload model's per-layer time
    (:data:`.memory.placement.HOST_LAYER_SWITCH_S`) was fitted on those runs with these kernels
    inside it. Qwen3-30B-A3B at build 5215: 14 × 4 µs × 48 layers = 2.69 ms a token.

    Raises:
        ValueError: for a build number that cannot be read (:func:`.workload.build_number`).
    """
    layers = arch.moe_layer_count()
    if not layers or w.n_cpu_moe:
        return 0.0, None
    era = llamacpp_moe_era(w)
    n = llamacpp_moe_kernels(arch, era)
    s = n * LLAMACPP_MOE_KERNEL_S * layers
    note = memo_sentence(
        "throughput.llamacpp_moe_kernels",
        n=n,
        us=f"{LLAMACPP_MOE_KERNEL_S * 1e6:.0f}",
        layers=layers,
        ms=f"{s * 1e3:.2f}",
        prs=era.prs,
    )
    return s, note


__all__ = [
    "LLAMACPP_MOE_ERAS",
    "LLAMACPP_MOE_KERNEL_S",
    "LlamaCppMoeEra",
    "llamacpp_moe_era",
    "llamacpp_moe_kernel_s",
    "llamacpp_moe_kernels",
]
