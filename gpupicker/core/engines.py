"""Serving engines that size memory differently from plain transformers: vLLM and llama.cpp.

vLLM pre-allocates a KV pool: it takes ``gpu_memory_utilization`` (default
0.9) of the card, subtracts the weights and the activation peak of a
profiling forward pass, and fills the rest with 16-token KV blocks (vLLM docs,
"Engine arguments"; ``gpu_worker.determine_num_available_blocks``). Worked
check: Llama-2-7B fp16, ``max_model_len`` 4096, utilization 0.9 on an
A100 80GB logged ``# GPU blocks: 7449`` (vLLM 0.2, Dec 2023; test_engines.py).

llama.cpp allocates the whole ``n_ctx`` KV cache at load (f16 by default),
keeps the token embeddings in host memory, offloads ``-ngl`` layers and the
output matrix to the GPU, and reserves a compute buffer dominated by the
``n_ubatch × n_vocab`` fp32 logits (llama.cpp load logs: "KV self size",
"CUDA0 compute buffer size").
"""

from __future__ import annotations

from functools import lru_cache

from .dtypes import GGUF_TYPES, bytes_per_weight
from .hardware import GpuSpec
from .memory import kv_cache_bytes, prefill_bytes_per_token, weights_bytes
from .model_arch import ModelArch
from .results import MemoryEstimate
from .units import GiB, MiB
from .workload import Workload

VLLM_BLOCK_TOKENS = 16
VLLM_MAX_NUM_SEQS = 256
VLLM_NON_TORCH_BYTES = 512 * MiB
"""CUDA context and NCCL buffers outside PyTorch's allocator (vLLM startup logs: 0.3–0.6 GiB)."""
VLLM_CUDA_GRAPH_BYTES_MAX = int(2.4 * GiB)
"""CUDA-graph capture pool for large models (vllm issue #7553: about 2.4 GiB per GPU); smaller
models capture smaller graphs, so we use 3 % of the card, capped at this value."""

LLAMACPP_CONTEXT_BYTES = 300 * MiB
"""CUDA context + cuBLAS handles of a llama.cpp process (no PyTorch kernels loaded)."""
LLAMACPP_UBATCH = 512



def vllm_memory(w: Workload, arch: ModelArch, gpu: GpuSpec | None, num_gpus: int) -> MemoryEstimate:
    """Per-GPU memory of a vLLM server with tensor parallelism over ``num_gpus``.

    With a GPU known, the KV pool is what ``gpu_memory_utilization`` leaves and
    ``max_concurrent_seqs`` tells how many sequences of ``w.context_tokens()``
    fit; ``total_bytes`` is then utilization × card + what lives outside the
    budget. If the pool cannot hold one sequence, the estimate reports the
    memory needed for one (vLLM refuses to start below that).

    Raises:
        ValueError: for unknown dtypes.
    """
    tp = max(1, num_gpus)
    if gpu is None:
        ctx = w.context_tokens()
        wb, act, kv_per_seq, _ = _vllm_sizes(arch, w.weights_dtype, w.kv_cache_dtype, ctx, tp)
        return MemoryEstimate(weights_bytes=wb, kv_cache_bytes=kv_per_seq * w.batch,
                              activations_bytes=act, engine_reserve_bytes=VLLM_CUDA_GRAPH_BYTES_MAX,
                              cuda_context_bytes=VLLM_NON_TORCH_BYTES, num_gpus=tp,
                              total_params=arch.param_count(),
                              assumptions=(*_vllm_assumptions(w.kv_cache_dtype, ctx, tp,
                                                              w.gpu_memory_utilization),
                                           "No GPU given: KV sized for the batch."))
    return _vllm_memory_on_card(arch, w.weights_dtype, w.kv_cache_dtype, w.context_tokens(),
                                w.gpu_memory_utilization, gpu.usable_memory_bytes, tp)


def _vllm_assumptions(kv_cache_dtype: str, ctx: int, tp: int, utilization: float
                      ) -> tuple[str, str]:
    """The first two assumptions of a vLLM estimate: tensor parallelism, utilization, KV cache."""
    return (f"vLLM, tensor parallel {tp}, gpu_memory_utilization {utilization:.2f}.",
            f"KV cache in {kv_cache_dtype}, {VLLM_BLOCK_TOKENS}-token blocks; max_model_len {ctx}.")


@lru_cache(maxsize=1024)
def _vllm_sizes(arch: ModelArch, weights_dtype: str, kv_cache_dtype: str, ctx: int,
                tp: int) -> tuple[int, int, int, int]:
    """(weight bytes, profiling activation bytes, KV bytes of one ``ctx``-token sequence, KV bytes
    of one block) per GPU of a vLLM server with tensor parallelism ``tp``: the same for every
    card."""
    wb = weights_bytes(arch, weights_dtype) // tp
    profile_tokens = max(2048, min(ctx, 8192))
    act = int(profile_tokens * prefill_bytes_per_token(arch) / tp
              + VLLM_MAX_NUM_SEQS * arch.vocab_size * 8)
    kv_per_seq = kv_cache_bytes(arch, ctx, 1, kv_cache_dtype) // tp
    block = kv_cache_bytes(arch, VLLM_BLOCK_TOKENS, 1, kv_cache_dtype) // tp
    return wb, act, kv_per_seq, block


@lru_cache(maxsize=1024)
def _vllm_memory_on_card(arch: ModelArch, weights_dtype: str, kv_cache_dtype: str, ctx: int,
                         utilization: float, usable_bytes: int, tp: int) -> MemoryEstimate:
    """:func:`vllm_memory` on a card with ``usable_bytes`` (``GpuSpec.usable_memory_bytes``,
    what ``torch.cuda.mem_get_info`` reports as total): it depends on nothing else of the
    workload or the card (not on the batch: the pool takes what the card leaves), so it is
    computed once per model, dtypes, context, utilization, capacity and tensor parallelism."""
    wb, act, kv_per_seq, block = _vllm_sizes(arch, weights_dtype, kv_cache_dtype, ctx, tp)
    assumptions = list(_vllm_assumptions(kv_cache_dtype, ctx, tp, utilization))
    usable = usable_bytes
    graphs = int(min(VLLM_CUDA_GRAPH_BYTES_MAX, 0.03 * usable_bytes))
    budget = int(utilization * usable)
    pool = budget - wb - act
    engine_fits = None
    if pool >= kv_per_seq > 0:
        seqs = min(VLLM_MAX_NUM_SEQS, pool // kv_per_seq)
        blocks = pool // max(1, block)
        assumptions.append(f"KV pool {pool / GiB:.1f} GiB = {blocks} blocks; "
                           f"{seqs} concurrent sequences of {ctx} tokens.")
        kv = pool
    else:
        seqs = 0
        kv = kv_per_seq
        assumptions.append("The KV pool cannot hold one sequence at this utilization: "
                           "vLLM would refuse to start.")
        engine_fits = False
    return MemoryEstimate(weights_bytes=wb, kv_cache_bytes=int(kv), activations_bytes=act,
                          engine_reserve_bytes=graphs, cuda_context_bytes=VLLM_NON_TORCH_BYTES,
                          num_gpus=tp, max_concurrent_seqs=int(seqs), engine_fits=engine_fits,
                          total_params=arch.param_count(), assumptions=tuple(assumptions))


def vllm_gpu_blocks(w: Workload, arch: ModelArch, gpu: GpuSpec, num_gpus: int = 1) -> int:
    """KV blocks (16 tokens each) vLLM would allocate per GPU — the ``# GPU blocks`` log line."""
    est = vllm_memory(w, arch, gpu, num_gpus)
    block = kv_cache_bytes(arch, VLLM_BLOCK_TOKENS, 1, w.kv_cache_dtype) // max(1, num_gpus)
    return int(est.kv_cache_bytes // block) if est.max_concurrent_seqs else 0


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


def llamacpp_memory(w: Workload, arch: ModelArch, gpu: GpuSpec | None,
                    num_gpus: int) -> MemoryEstimate:
    """Per-GPU memory of llama.cpp / Ollama with full or partial GPU offload.

    KV: the whole ``n_ctx = batch × context`` at load, in ``kv_cache_dtype``
    (f16 default; q8_0/q4_0 with flash attention). When a GPU is given and the
    model does not fit, ``gpu_layers`` is the number of layers that do
    (``-ngl``); the rest runs on the CPU at a large speed cost (public case C43).
    Layer split over ``num_gpus`` divides layers and KV evenly.

    Raises:
        ValueError: for unknown dtypes.
    """
    n = max(1, num_gpus)
    wdt = w.weights_dtype if w.weights_dtype in GGUF_TYPES or w.weights_dtype in (
        "fp16", "bf16", "fp32") else "q4_k_m"
    kv_dtype = w.kv_cache_dtype if w.kv_cache_dtype != "bf16" else "fp16"
    n_ctx = w.context_tokens() * w.batch
    L = max(1, arch.num_hidden_layers)
    per_layer_w, out_w, emb_host = gguf_layer_and_extra_bytes(arch, wdt)
    kv_total = kv_cache_bytes(arch, n_ctx, 1, kv_dtype)
    per_layer_kv = kv_total / L
    compute = LLAMACPP_UBATCH * 4 * (arch.vocab_size + 2 * arch.hidden_size)
    layers = L
    if gpu is not None:
        avail = gpu.usable_memory_bytes * n - n * (LLAMACPP_CONTEXT_BYTES + compute) \
            - out_w
        fit_layers = int(avail // (per_layer_w + per_layer_kv)) if avail > 0 else 0
        layers = max(0, min(L, fit_layers))
    weights_gpu = (per_layer_w * layers + (out_w if layers == L else 0)) / n
    kv_gpu = per_layer_kv * layers / n
    return MemoryEstimate(
        weights_bytes=int(weights_gpu),
        kv_cache_bytes=int(kv_gpu),
        engine_reserve_bytes=int(compute),
        cuda_context_bytes=LLAMACPP_CONTEXT_BYTES,
        num_gpus=n,
        gpu_layers=layers if layers < L else None,
        total_params=arch.param_count(),
        assumptions=(
            f"llama.cpp, {wdt.upper()} weights, n_ctx {n_ctx} with {kv_dtype} KV allocated at load.",
            "Token embeddings stay in host RAM; compute buffer ≈ n_ubatch × n_vocab fp32 logits.",
            *((f"Only {layers} of {L} layers fit on the GPU (-ngl {layers}); the rest run on "
               "the CPU, several times slower.",) if layers < L else ()),
        ),
    )
