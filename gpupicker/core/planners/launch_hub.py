"""Where a launch config gets the weights: the download step and the official quantized checkpoints.

Weights from ModelScope (``modelscope download --model ID --local_dir DIR``, ModelScope's CLI) or
Hugging Face through the hf-mirror.com mirror (``HF_ENDPOINT=https://hf-mirror.com hf download
REPO --local-dir DIR``, huggingface_hub's ``hf`` CLI).

Official quantized checkpoints (:data:`OFFICIAL_QUANT`): the Qwen team's ``-AWQ`` /
``-GPTQ-Int4`` repositories (same ids on Hugging Face and ModelScope) and the W8A8 / W4A8
weights vllm-ascend publishes on ModelScope (vllm-project/vllm-ascend docs/source/user_guide/
feature_guide/quantization.md and tutorials/models/DeepSeek-R1.md @182b75ea, 2026-08-22).
"""

from __future__ import annotations

import shlex

OFFICIAL_QUANT: dict[str, dict[str, str]] = {
    "qwen2_5_1_5b": {"awq": "Qwen/Qwen2.5-1.5B-Instruct-AWQ", "gptq": "Qwen/Qwen2.5-1.5B-Instruct-GPTQ-Int4"},
    "qwen2_5_14b": {"awq": "Qwen/Qwen2.5-14B-Instruct-AWQ", "gptq": "Qwen/Qwen2.5-14B-Instruct-GPTQ-Int4"},
    "qwen2_5_72b": {"awq": "Qwen/Qwen2.5-72B-Instruct-AWQ", "gptq": "Qwen/Qwen2.5-72B-Instruct-GPTQ-Int4"},
    "qwen3_4b": {"awq": "Qwen/Qwen3-4B-AWQ"},
    "qwen3_8b": {"awq": "Qwen/Qwen3-8B-AWQ", "w4a8": "vllm-ascend/Qwen3-8B-W4A8"},
    "qwen3_14b": {"awq": "Qwen/Qwen3-14B-AWQ"},
    "qwen3_32b": {"awq": "Qwen/Qwen3-32B-AWQ", "w8a8": "vllm-ascend/Qwen3-32B-W8A8"},
    "deepseek_r1": {"w8a8": "vllm-ascend/DeepSeek-R1-W8A8"},
    "deepseek_v3": {"w8a8": "vllm-ascend/DeepSeek-V3-W8A8"},
    "kimi_k2": {"w8a8": "vllm-ascend/Kimi-K2-Instruct-W8A8"},
}
"""Catalog model id → format → official quantized repo. Only the catalog rows whose
``hf_repo`` is the checkpoint those exports were made from (the Qwen2.5 rows listed are the
Instruct models); the Qwen repos are on the Qwen organisation's Hugging Face and ModelScope
pages, the ``vllm-ascend/`` ones on ModelScope (vllm-ascend docs, module docstring)."""

MODEL_DIR = "./models"


def local_dir(repo: str) -> str:
    """Where the download step puts ``repo`` (``./models/<name>``)."""
    return f"{MODEL_DIR}/{repo.split('/')[-1]}"


def download_step(hf_repo: str | None, modelscope_id: str | None) -> str:
    """The shell lines that fetch the weights into :func:`local_dir` ('' with no repo).

    ModelScope first (``modelscope download``) when the model has a ModelScope id, then
    Hugging Face through hf-mirror.com as the alternative (module docstring).
    """
    lines: list[str] = []
    if modelscope_id:
        lines += [
            "# ModelScope (pip install modelscope)",
            f"modelscope download --model {shlex.quote(modelscope_id)} --local_dir "
            f"{shlex.quote(local_dir(modelscope_id))}",
        ]
    if hf_repo:
        if lines:
            lines.append("# or Hugging Face through hf-mirror.com (pip install huggingface_hub)")
        else:
            lines.append("# Hugging Face through hf-mirror.com (pip install huggingface_hub)")
        lines.append(
            f"HF_ENDPOINT=https://hf-mirror.com hf download {shlex.quote(hf_repo)} "
            f"--local-dir {shlex.quote(local_dir(hf_repo))}"
        )
    return "\n".join(lines)


def official_quant(model_id: str | None, fmt: str) -> str | None:
    """The official ``fmt`` (awq, gptq, w8a8, w4a8) checkpoint of a catalog model, or None."""
    return OFFICIAL_QUANT.get(model_id or "", {}).get(fmt)


__all__ = ["OFFICIAL_QUANT", "download_step", "local_dir", "official_quant"]
