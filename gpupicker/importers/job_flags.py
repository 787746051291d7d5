"""What the engines' serving flags are, for reading a command line.

The flags each engine has that change neither memory nor speed, the ones it has that gpupicker
does not model, and the weight format a checkpoint's name states. A flag in none of these sets
(nor among those :mod:`.job_commands` reads) is not one of the engine's flags that gpupicker
knows: a typo such as ``--tensor-paralel-size`` is said to be that, never "not modelled".
"""

from __future__ import annotations

import re

from .job_tgi_flags import TGI_NO_EFFECT, TGI_NOT_MODELLED

ENGINE_NAMES = {
    "vllm": "vLLM",
    "sglang": "SGLang",
    "llama.cpp": "llama.cpp",
    "ollama": "Ollama",
    "mlx-lm": "MLX LM",
    "tgi": "TGI",
}
"""How the messages name each command line's engine."""

NO_EFFECT_FLAGS: dict[str, frozenset[str]] = {
    "tgi": TGI_NO_EFFECT,  # job_tgi: the launcher's flags
    "vllm": frozenset(
        {
            "--enable-reasoning",
            "--reasoning-parser-plugin",
            "--tool-server",
            "--enable-prefix-caching",
            "--no-enable-prefix-caching",
            "--enable-chunked-prefill",
            "--distributed-executor-backend",
            "--data-parallel-rank",
            "--data-parallel-start-rank",
            "--data-parallel-size-local",
            "--data-parallel-address",
            "--data-parallel-rpc-port",
            "--data-parallel-backend",
            "--headless",
            "--model-loader-extra-config",
            "--safetensors-load-strategy",
            "--max-log-len",
            "--enable-log-requests",
            "--allowed-local-media-path",
            "--response-role",
            "--root-path",
            "--middleware",
            "--ssl-keyfile",
            "--ssl-certfile",
            "--api-server-count",
            "--enable-prompt-tokens-details",
            "--enable-force-include-usage",
            "--override-generation-config",
            "--structured-outputs-config",
            "--guided-decoding-backend",
            "--chat-template-content-format",
            "--hf-token",
            "--config-format",
            "--load-format",
        }
    ),
    "sglang": frozenset(
        {
            "--tool-server",  # gpt-oss built-in tools over MCP (sglang docs basic_usage/gpt_oss.md)
            "--dist-init-addr",
            "--nnodes",
            "--node-rank",
            "--enable-metrics",
            "--log-requests",
            "--show-time-cost",
            "--skip-server-warmup",
            "--load-format",
            "--dist-timeout",
            "--model-loader-extra-config",
        }
    ),
    "llama.cpp": frozenset(
        {
            "--temp",
            "--top-k",
            "--top-p",
            "--min-p",
            "--repeat-penalty",
            "--presence-penalty",
            "--frequency-penalty",
            "--repeat-last-n",
            "-n",
            "--n-predict",
            "--predict",
            "--color",
            "--reasoning-format",
            "--reasoning-budget",
            "--no-context-shift",
            "--context-shift",
            "--chat-template",
            "--chat-template-file",
            "-sys",
            "--system-prompt",
            "-p",
            "--prompt",
            "-cnv",
            "--conversation",
            "-no-cnv",
            "--no-conversation",
            "-i",
            "--interactive",
            "--verbose-prompt",
            "--no-display-prompt",
            "-s",
            "--seed",
            "--samplers",
            "--dry-multiplier",
            "--mirostat",
            "--grammar",
            "--grammar-file",
            "-hff",
            "--hf-file",
            "-v",
            "--verbose",
            "--slots",
            "--props",
            "--cache-reuse",
        }
    ),
    "mlx-lm": frozenset(
        {
            "--host",
            "--port",
            "--temp",
            "--top-p",
            "--top-k",
            "--min-p",
            "--seed",
            "--prompt",
            "-p",
            "--max-tokens",
            "-m",
            "--system-prompt",
            "--chat-template",
            "--use-default-chat-template",
            "--ignore-chat-template",
            "--chat-template-config",
            "--extra-eos-token",
            "--trust-remote-code",
            "--log-level",
            "--verbose",
            "--allowed-origins",
        }
    ),
}
"""Flags of each engine (its ``--help``) that change neither the memory a job needs nor its
speed: sampling, prompts and chat templates, logging, multi-node addresses, how the weights
are loaded. Prefix caching and chunked prefill are vLLM V1's defaults (the estimate's own)."""

KNOWN_NOT_MODELLED: dict[str, frozenset[str]] = {
    "tgi": TGI_NOT_MODELLED,
    "vllm": frozenset(
        {
            "--enforce-eager",
            "--no-enable-chunked-prefill",
            "--block-size",
            "--compilation-config",
            "-O",
            "-cc",  # --compilation-config's short name (vllm-project/recipes OpenAI/GPT-OSS.md)
            "--attention-backend",
            "--all2all-backend",  # EP all-to-all kernels (vLLM expert_parallel_deployment.md)
            "--language-model-only",  # the vision encoder not loaded (vllm-project/recipes Qwen3.5.md)
            "--mm-processor-cache-type",
            "--swap-space",
            "--cpu-offload-gb",
            "--kv-transfer-config",
            "--kv-events-config",
            "--rope-scaling",
            "--rope-theta",
            "--hf-overrides",
            "--max-seq-len-to-capture",
            "--enable-lora",
            "--max-loras",
            "--max-lora-rank",
            "--lora-modules",
            "--num-scheduler-steps",
            "--scheduling-policy",
            "--additional-config",
            "--async-scheduling",
            "--no-async-scheduling",
            "--enable-dbo",
            "--enable-eplb",
            "--eplb-config",
            "--limit-mm-per-prompt",
            "--mm-processor-kwargs",
            "--mm-encoder-tp-mode",
            "--max-num-partial-prefills",
            "--long-prefill-token-threshold",
            "--cuda-graph-sizes",
            "--kv-cache-memory",
            "--calculate-kv-scales",
            "--enable-sleep-mode",
            "--logits-processors",
            "--dtype",
            "--quantization",
            "--pipeline-parallel-size",
        }
    ),
    "sglang": frozenset(
        {
            "--json-model-override-args",
            "--enable-dp-attention",
            "--cuda-graph-max-bs",
            "--disable-cuda-graph",
            "--attention-backend",
            "--enable-torch-compile",
            "--disable-radix-cache",
            "--schedule-policy",
            "--page-size",
            "--moe-runner-backend",
            "--moe-a2a-backend",
            "--dtype",
            "--speculative-eagle-topk",
            "--speculative-num-draft-tokens",
            "--enable-mixed-chunk",
            "--max-prefill-tokens",
        }
    ),
    "llama.cpp": frozenset(
        {
            "-sm",
            "--split-mode",
            "-mg",
            "--main-gpu",
            "--mlock",
            "--no-mmap",
            "-b",
            "--batch-size",
            "-ub",
            "--ubatch-size",
            "-cb",
            "--cont-batching",
            "-nocb",
            "--no-cont-batching",
            "--rope-scaling",
            "--rope-scale",
            "--yarn-orig-ctx",
            "-ts",
            "--tensor-split",
            "-dev",
            "--device",
            "--numa",
            "-tb",
            "--threads-batch",
            "--swa-full",
            "--lora",
            "-md",
            "--model-draft",
            "--draft-max",
            "--draft-min",
            "-ngld",
            "--n-gpu-layers-draft",
            "--kv-unified",
            "--mmproj",
            "-ot",
            "--override-tensor",
            "-ncmoe",
            "--n-cpu-moe",
            "-cmoe",
            "--cpu-moe",
            "-nkvo",
            "--no-kv-offload",
        }
    ),
    "mlx-lm": frozenset(
        {
            "--adapter-path",
            "--draft-model",
            "--num-draft-tokens",
            "--max-kv-size",
            "--kv-bits",
            "--kv-group-size",
            "--quantized-kv-start",
            "--prompt-cache-file",
            "--decode-concurrency",
            "--prompt-concurrency",
        }
    ),
}
"""Flags each engine has (its ``--help``) that change memory or speed in a way gpupicker does not
model (or not in the value given): named as not modelled, with the value."""


def flag_spelling(kind: str, flag: str) -> str:
    """``flag`` as the engine's ``--help`` spells it.

    vLLM reads ``--max_model_len`` as ``--max-model-len`` (its ``FlexibleArgumentParser``
    turns underscores in a flag's name into dashes), so the recipes that write it so are read.
    """
    if kind == "vllm" and flag.startswith("--"):
        return "--" + flag[2:].replace("_", "-")
    return flag


def known_flag(kind: str, flag: str) -> bool:
    """True for a flag the engine ``kind`` has, as these sets list them.

    A vLLM dotted JSON field such as ``--speculative-config.method`` counts as its parent flag.
    """
    base = flag.split(".", 1)[0] if kind == "vllm" else flag
    return base in NO_EFFECT_FLAGS.get(kind, frozenset()) or base in KNOWN_NOT_MODELLED.get(kind, frozenset())


_NAME_FORMATS = (
    (re.compile(r"(?i)(?:^|[-_.])w4a8(?:$|[-_.])"), "w4a8"),
    (re.compile(r"(?i)(?:^|[-_.])w8a8(?:$|[-_.])"), "w8a8"),
    (re.compile(r"(?i)(?:^|[-_.])(?:awq|gptq|w4a16|int4)(?:$|[-_.])"), "int4"),
    (re.compile(r"(?i)(?:^|[-_.])fp8(?:$|[-_.])"), "fp8"),
    (re.compile(r"(?i)(?:^|[-_.])(?:bnb-4bit|nf4)(?:$|[-_.])"), "nf4"),
    (re.compile(r"(?i)(?:^|[-_.])(?:int8|w8a16)(?:$|[-_.])"), "int8"),
    (re.compile(r"(?i)(?:^|[-_.])mxfp4(?:$|[-_.])"), "mxfp4"),
    (re.compile(r"(?i)(?:^|[-_.])nvfp4(?:$|[-_.])"), "nvfp4"),
)
"""Weight formats a checkpoint's name states, as the quantizers name their exports
(``Qwen3-8B-AWQ``, ``Qwen2.5-7B-Instruct-GPTQ-Int4``, ``Meta-Llama-3.1-70B-Instruct-FP8``,
``DeepSeek-R1-W8A8``, ``Kimi-K2.5-w4a8``, ``unsloth/…-bnb-4bit``): vLLM and SGLang read the
format from the checkpoint's ``quantization_config``, so the command line does not repeat it.
The first match wins (W4A8 before a 4-bit name, so ``w4a8`` is not read as ``int4``)."""


def name_weights_dtype(name: str) -> str | None:
    """The weight format a checkpoint's name (repo id or folder) states, or None."""
    tail = name.strip().rstrip("/").split("/")[-1]
    for pattern, dtype in _NAME_FORMATS:
        if pattern.search(tail):
            return dtype
    return None


MLX_BITS = {"4bit": "q4_0", "8bit": "q8_0"}
"""An mlx-community checkpoint's ``-4bit`` / ``-8bit`` suffix → the GGUF type of the same size:
MLX's affine quantization stores a 16-bit scale and bias per 64 weights (``mlx.nn.quantize``,
group size 64), 4 + 32/64 = 4.5 and 8.5 bits per weight, as Q4_0 / Q8_0 (one 16-bit scale per
32). Other widths (3, 5, 6 bits, DWQ) are named as not modelled."""


def mlx_weights_dtype(name: str) -> str | None:
    """The weight format an MLX checkpoint's name states (:data:`MLX_BITS`), or None."""
    tail = name.strip().rstrip("/").split("/")[-1].lower()
    for suffix, dtype in MLX_BITS.items():
        if re.search(rf"(?:^|[-_]){suffix}(?:$|[-_])", tail):
            return dtype
    return None
