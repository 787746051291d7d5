"""Counts the Chinese way (万 / 亿) and the display names of stored codes.

Plain Python (no Qt): the core-message renderer and the UI's number formatting both use it.
"""

from __future__ import annotations

_CN_UNITS = ((1e12, "万亿"), (1e8, "亿"), (1e4, "万"))
"""Chinese large-number units: 万 = 10⁴, 亿 = 10⁸, 万亿 = 10¹² (GB/T 15835 writes large
counts in 万 / 亿, not in millions)."""


def fmt_count_zh(n: float) -> str:
    """A count the Chinese way: ``15,000,000`` → ``1500 万``, ``1.4e11`` → ``1400 亿``.

    Four significant digits at most (``12,345,678`` → ``1235 万``), trailing zeros dropped
    (``1.5 万``); below 10,000 the number itself without group separators (``8192``).
    """
    a = abs(n)
    for size, unit in _CN_UNITS:
        if a >= size:
            return f"{_sig4(n / size)} {unit}"
    return _sig4(n) if a < 1 or n != int(n) else str(int(n))


def _sig4(x: float) -> str:
    """``x`` with at most four significant digits, plain (no exponent, no trailing zeros)."""
    if x == 0:
        return "0"
    digits = max(0, 3 - int(f"{abs(x):e}".split("e")[1]))
    text = f"{round(x, digits):.{digits}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


CODE_NAMES: dict[str, str] = {
    # weights / compute formats (gpupicker.core.dtypes)
    "nf4": "NF4",
    "int4": "INT4",
    "int8": "INT8",
    "fp8": "FP8",
    "fp4": "FP4",
    "mxfp4": "MXFP4",
    "nvfp4": "NVFP4",
    "bf16": "BF16",
    "fp16": "FP16",
    "fp32": "FP32",
    # optimizers (Workload.optimizer)
    "adamw": "AdamW",
    "adamw8bit": "8-bit AdamW",
    "paged_adamw8bit": "paged 8-bit AdamW",
    "sgd": "SGD",
    "adafactor": "Adafactor",
    "lion": "Lion",
    # training tasks (Workload.task) written into sentences
    "qlora": "QLoRA",
    "lora": "LoRA",
    # frameworks (gpupicker.core.stacks.frameworks), as their projects spell them
    "llama-factory": "LLaMA-Factory",
    "ms-swift": "ms-swift",
    "vllm": "vLLM",
    "sglang": "SGLang",
    "tensorrt-llm": "TensorRT-LLM",
    "llama.cpp": "llama.cpp",
    "ollama": "Ollama",
    "lmdeploy": "LMDeploy",
    "mindie": "MindIE",
    "vllm-ascend": "vllm-ascend",
    "mindspeed": "MindSpeed-LLM",
    "mindformers": "MindFormers",
    "deepspeed": "DeepSpeed",
    "fsdp": "FSDP",
    "transformers": "Transformers",
    "torchtune": "torchtune",
    "litgpt": "LitGPT",
    "megatron": "Megatron-LM",
    "axolotl": "Axolotl",
    "unsloth": "Unsloth",
    "tgi": "TGI",
    "diffusers": "Diffusers",
    "exllamav2": "ExLlamaV2",
    "exllama": "ExLlama",
    "lm-studio": "LM Studio",
    "mlx-lm": "mlx-lm",
    "mlc-llm": "MLC LLM",
}
"""Codes gpupicker stores (dtypes, optimizers, tasks, frameworks) → the name a sentence shows
(the projects' own spelling); a Chinese rendering shows these instead of the lower-case ids
core passes as message parameters (``优化器 adamw`` → ``优化器 AdamW``)."""


def code_name(code: str) -> str:
    """The display name of a stored code (:data:`CODE_NAMES`), else the code unchanged."""
    return CODE_NAMES.get(code, code)
