"""llama.cpp / Ollama memory: the whole ``n_ctx`` KV cache at load, partial GPU offload.

llama.cpp allocates the whole ``n_ctx`` KV cache at load (f16 by default),
keeps the token embeddings in host memory, offloads ``-ngl`` layers and the
output matrix to the GPU, and reserves a compute buffer dominated by the
``n_ubatch × n_vocab`` fp32 logits (llama.cpp load logs: "KV self size",
"CUDA0 compute buffer size").
"""

from __future__ import annotations

from ..dtypes import GGUF_TYPES, bytes_per_weight
from ..hardware.specs import GpuSpec
from ..messages import Message, fixed_sentence, join, msg
from ..model_arch import ModelArch
from ..results import MemoryEstimate, Placement
from ..units import MiB
from ..workload import Workload
from .common import kv_bytes, kv_cache_bytes, recurrent_state_bytes, state_assumption
from .offload_layout import LlamaCppParts, expert_bytes, place_llamacpp
from .placement import placement_notes

LLAMACPP_CONTEXT_BYTES = 300 * MiB
"""CUDA context + cuBLAS handles of a llama.cpp process (no PyTorch kernels loaded)."""
LLAMACPP_UBATCH = 512


def gguf_layer_and_extra_bytes(arch: ModelArch, dtype: str) -> tuple[float, float, float]:
    """(bytes per repeating layer, output.weight bytes on GPU, token_embd bytes on host) of a GGUF.

    Block sizes per ggml (Q4_0 18 bytes / 32 weights …); output.weight is kept at
    Q6_K or better, token embeddings in the file type (llama.cpp ``quantize``).
    Checked against the llama.cpp logs: CodeLlama-7B Q4_0 3.56 GiB, Q8_0 6.67 GiB,
    F16 12.55 GiB (PR #4766); Llama-3.1-70B Q4_0 37.22 GiB (ollama PR #6279).
    """
    bpw = bytes_per_weight(dtype)
    out_bpw = max(bpw, bytes_per_weight("q6_k")) if dtype in GGUF_TYPES else bpw
    emb = arch.vocab_size * arch.hidden_size
    linear = arch.linear_params()
    per_layer = linear * bpw / max(1, arch.num_hidden_layers) + 2 * arch.hidden_size * 4
    out = 0.0 if arch.tie_word_embeddings else emb * out_bpw
    return per_layer, out + arch.hidden_size * 4, emb * bpw


def llamacpp_compute_buffer_bytes(arch: ModelArch, n_ctx: int, flash_attention: bool) -> int:
    """The ``CUDA0 compute buffer size`` llama.cpp reserves for one ``n_ubatch`` (512) step, bytes.

    ggml's graph allocator reuses memory, so the buffer is the largest tensor of the worst-case
    graph plus the hidden-state intermediates: the ``n_ubatch × n_vocab`` fp32 logits, or
    without flash attention the fp32 ``KQ`` scores ``n_ubatch × n_ctx × n_head`` — which grows
    with ``n_ctx`` (llama.cpp issue #10052: Llama-3.2-1B at its full 131K context runs out of
    memory without ``-fa``); plus ``n_ubatch × (4·h + 2·I)`` fp32 activations.
    """
    ub = LLAMACPP_UBATCH
    logits = ub * arch.vocab_size * 4
    kq = 0 if flash_attention else ub * n_ctx * max(1, arch.num_attention_heads) * 4
    hidden = ub * (4 * arch.hidden_size + 2 * arch.active_mlp_width) * 4
    return int(max(logits, kq) + hidden)


LLAMACPP_QUANT_KV = frozenset({"q8_0", "q4_0", "int8", "int4", "fp8"})
"""KV formats that need flash attention in llama.cpp (quantized V cache: ``-fa`` required)."""


def _llamacpp_notes(
    w: Workload,
    arch: ModelArch,
    wdt: str,
    n_ctx: int,
    kv_dtype: str,
    flash: bool,
    layers: int,
    state: int,
    placement: Placement,
    gguf_ok: bool,
) -> list[Message]:
    """The assumptions of a llama.cpp / Ollama estimate: file type, context, offload, placement."""
    L = max(1, arch.num_hidden_layers)
    notes = [
        join([msg("engines.llamacpp_head", dtype=wdt.upper(), ctx=n_ctx, kv=kv_dtype)]),
        join(
            [
                join(
                    [
                        msg("engines.embeddings_on_host"),
                        msg("engines.compute_buffer_flash" if flash else "engines.compute_buffer"),
                    ],
                    "clauses",
                )
            ]
        ),
        *(
            (
                join(
                    [
                        join(
                            [
                                msg("engines.partial_offload", layers=layers, total=L, ngl=layers),
                                msg("engines.rest_on_cpu"),
                            ],
                            "clauses",
                        )
                    ]
                ),
            )
            if layers < L
            else ()
        ),
    ]
    notes.extend(state_assumption(arch, state, w.batch))
    notes.extend(placement_notes(placement, arch, layers))
    if w.n_cpu_moe is not None and not arch.is_moe:
        notes.append(fixed_sentence("engines.dense_no_experts"))
    if not gguf_ok:
        notes.append(join([msg("engines.not_gguf", dtype=w.weights_dtype)]))
    if w.framework == "ollama":
        notes.append(join([join([msg("engines.ollama_ctx"), msg("engines.ollama_default_ctx")], "clauses")]))
    return notes


def llamacpp_memory(w: Workload, arch: ModelArch, gpu: GpuSpec | None, num_gpus: int) -> MemoryEstimate:
    """Per-GPU memory of llama.cpp / Ollama with full or partial GPU offload.

    KV: the whole ``n_ctx = batch × context`` at load (``batch`` = server slots /
    ``OLLAMA_NUM_PARALLEL``), in ``kv_cache_dtype`` (f16 default; q8_0/q4_0 need flash
    attention, else llama.cpp refuses: ``engine_fits`` False). The compute buffer grows with
    ``n_ctx`` without flash attention (:func:`llamacpp_compute_buffer_bytes`). When a GPU is
    given and the model does not fit, ``gpu_layers`` is the number of layers that do
    (``-ngl``); the rest runs on the CPU at a large speed cost (public case C43). Layer split
    over ``num_gpus`` divides layers and KV evenly.

    Raises:
        ValueError: for unknown dtypes.
    """
    n = max(1, num_gpus)
    gguf_ok = w.weights_dtype in GGUF_TYPES or w.weights_dtype in ("fp16", "bf16", "fp32")
    wdt = w.weights_dtype if gguf_ok else "q4_k_m"
    kv_dtype = w.kv_cache_dtype if w.kv_cache_dtype != "bf16" else "fp16"
    flash = w.attention == "flash"
    n_ctx = w.context_tokens() * w.batch
    L = max(1, arch.num_hidden_layers)
    per_layer_w, out_w, emb_host = gguf_layer_and_extra_bytes(arch, wdt)
    # one recurrent state per server slot (``n_seq_max`` = batch), F32, beside the KV cells
    state = recurrent_state_bytes(arch, w.batch, "llama.cpp")
    kv_total = kv_cache_bytes(arch, n_ctx, 1, kv_dtype) + state
    compute = llamacpp_compute_buffer_bytes(arch, n_ctx, flash)
    bpw = bytes_per_weight(wdt)
    expert_layer, expert_read = expert_bytes(arch, bpw, w.batch)
    prompt = w.prompt_len or w.seq_len or w.avg_prompt_tokens
    ctx_mean = prompt + (w.new_tokens or 0) / 2.0
    parts = LlamaCppParts(
        layers=L,
        layer_bytes=per_layer_w,
        output_bytes=out_w,
        embedding_bytes=emb_host,
        kv_bytes=kv_total,
        compute_bytes=compute,
        context_bytes=LLAMACPP_CONTEXT_BYTES,
        expert_layer_bytes=expert_layer,
        decode_expert_layer_bytes=expert_read,
        decode_layer_bytes=per_layer_w - expert_layer + expert_read if arch.is_moe else per_layer_w,
        host_buffer_bytes=LLAMACPP_UBATCH * (4 * arch.hidden_size + 2 * arch.active_mlp_width) * 4
        + arch.vocab_size * 4,
        decode_kv_bytes=kv_bytes(arch, ctx_mean, w.batch, kv_dtype),
    )
    layers, _, weights_gpu, kv_gpu, compute, placement = place_llamacpp(w, arch, gpu, n, parts)
    notes = _llamacpp_notes(w, arch, wdt, n_ctx, kv_dtype, flash, layers, state, placement, gguf_ok)
    engine_fits = None
    message: Message | str = ""
    if kv_dtype in LLAMACPP_QUANT_KV and not flash:
        engine_fits = False
        message = msg("engines.llamacpp_v_cache")
        notes.append(join([msg("engines.llamacpp_refuses_kv", dtype=kv_dtype)]))
    return MemoryEstimate(
        weights_bytes=int(weights_gpu),
        kv_cache_bytes=int(kv_gpu),
        engine_reserve_bytes=int(compute),
        cuda_context_bytes=LLAMACPP_CONTEXT_BYTES,
        num_gpus=n,
        gpu_layers=layers if layers < L else None,
        placement=placement,
        engine_fits=engine_fits,
        engine_message=message,
        total_params=arch.param_count(),
        assumptions=tuple(notes),
    )
