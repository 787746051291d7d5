"""Each paged-KV server's own name for the three settings of the serving box.

The window's "Server settings" box, the launch commands (core.planners.launch_serving and
.launch_cn_serving) and the memory notes name the job's engine's own flag for the Workload's
``max_model_len``, ``gpu_memory_utilization`` and ``max_num_seqs``. Names as the engines
document them:

* vLLM ``vllm serve`` (and vllm-ascend, the same CLI on the NPU plugin): ``--max-model-len``,
  ``--gpu-memory-utilization`` (default 0.9: weights + KV pool share of each GPU's memory),
  ``--max-num-seqs`` (https://docs.vllm.ai/en/latest/cli/serve.html).
* SGLang ``sglang.launch_server``: ``--context-length``, ``--mem-fraction-static`` (weights +
  KV pool share of the memory free at start-up; default by TP size), ``--max-running-requests``
  (https://docs.sglang.ai/advanced_features/server_arguments.html).
* TGI ``text-generation-launcher``: ``--max-total-tokens``, ``--cuda-memory-fraction``
  (default 1.0), ``--max-batch-size`` (``--max-concurrent-requests``, default 128, limits the
  requests admitted, not the batch) (huggingface/text-generation-inference
  docs/source/reference/launcher.md).
* TensorRT-LLM: ``max_seq_len``, ``kv_cache_free_gpu_mem_fraction`` (KV pool share of the memory
  free after the engine is loaded, default 0.9), ``max_batch_size`` (NVIDIA/TensorRT-LLM
  docs, ``KvCacheConfig`` and the build/serve options).
* LMDeploy ``lmdeploy serve api_server``: ``--session-len``, ``--cache-max-entry-count`` (KV
  cache share of the memory free after the weights, default 0.8), ``--max-batch-size``
  (InternLM/lmdeploy lmdeploy/cli/serve.py, cli/utils.py).
* MindIE Service ``config.json``: ``maxSeqLen``, ``maxBatchSize`` (hiascend.com MindIE 2.1.RC1
  "配置参数说明（服务化）"); it has no memory-fraction key (None).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..messages import Message, msg


@dataclass(frozen=True)
class ServingFlags:
    """One engine's names for the serving box's settings (None: the engine has none).

    Attributes:
        context: its ``max_model_len`` (longest prompt + output of one request).
        memory: its memory-fraction setting.
        seqs: its cap on the requests batched at once (``max_num_seqs``).
        memory_meaning: message id of what its memory fraction is a share of, and its default.
    """

    context: str
    memory: str | None
    seqs: str
    memory_meaning: str


_VLLM = ServingFlags(
    "--max-model-len", "--gpu-memory-utilization", "--max-num-seqs", "serving_flags.memory.vllm"
)

SERVING_FLAGS: dict[str, ServingFlags] = {
    "vllm": _VLLM,
    "vllm-ascend": _VLLM,
    "sglang": ServingFlags(
        "--context-length", "--mem-fraction-static", "--max-running-requests", "serving_flags.memory.sglang"
    ),
    "tgi": ServingFlags(
        "--max-total-tokens", "--cuda-memory-fraction", "--max-batch-size", "serving_flags.memory.tgi"
    ),
    "tensorrt-llm": ServingFlags(
        "max_seq_len", "kv_cache_free_gpu_mem_fraction", "max_batch_size", "serving_flags.memory.trtllm"
    ),
    "lmdeploy": ServingFlags(
        "--session-len", "--cache-max-entry-count", "--max-batch-size", "serving_flags.memory.lmdeploy"
    ),
    "mindie": ServingFlags("maxSeqLen", None, "maxBatchSize", "serving_flags.memory.mindie"),
}
"""Engine id (Workload ``framework``, lower case) → its flags; the paged-KV engines."""


def serving_flags(engine: str) -> ServingFlags:
    """The flags of ``engine`` (an id of :data:`SERVING_FLAGS`, any case).

    Raises:
        KeyError: for an engine without a paged KV pool (llama.cpp, transformers, …).
    """
    return SERVING_FLAGS[engine.lower()]


def memory_meaning(engine: str) -> Message:
    """What ``engine``'s memory fraction is a share of, its default, and what the estimate assumes."""
    return msg(serving_flags(engine).memory_meaning)


__all__ = ["SERVING_FLAGS", "ServingFlags", "memory_meaning", "serving_flags"]
