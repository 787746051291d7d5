"""Serving launch commands for the tools Chinese teams run: LMDeploy, vllm-ascend, MindIE.

:mod:`.launch_serving` calls these for the engines named here; each returns the engine's
command, its install line, what it assumes and what to check. Flags and keys are the engines'
own, read from their repositories and manuals (the tests compare every key written with those
lists):

* LMDeploy ``lmdeploy serve api_server MODEL --tp --session-len --cache-max-entry-count
  --max-batch-size --model-format awq --quant-policy 8|4 --server-port`` (lmdeploy/cli/serve.py
  and cli/utils.py, InternLM/lmdeploy; default port 23333; ``LMDEPLOY_USE_MODELSCOPE=True``
  downloads from ModelScope).
* vllm-ascend: ``vllm serve`` on the NPU plugin, ``--quantization ascend`` for msModelSlim
  W8A8 / W4A8 weights, ``VLLM_USE_MODELSCOPE=True`` and ``ASCEND_RT_VISIBLE_DEVICES``
  (vllm-project/vllm-ascend docs/source/user_guide/feature_guide/quantization.md and
  tutorials/models/DeepSeek-R1.md @182b75ea, 2026-08-22).
* MindIE Service: ``{MindIE}/latest/mindie-service/conf/config.json`` — ``BackendConfig.
  npuDeviceIds``, ``BackendConfig.ModelDeployConfig.{maxSeqLen, maxInputTokenLen,
  ModelConfig[0].{modelName, modelWeightPath, worldSize}}``, ``BackendConfig.ScheduleConfig.
  {maxBatchSize, maxPrefillTokens}``, ``ServerConfig.port`` (1025) — then
  ``./bin/mindieservice_daemon`` (hiascend.com MindIE 2.1.RC1 "配置参数说明（服务化）",
  mindie_llm0004). The command edits those keys of the shipped file and keeps the rest (its
  TLS and log settings) as installed.
"""

from __future__ import annotations

import json
import shlex
from typing import Any

from ..memory.fraction_pool import pool_fraction
from ..messages import Message
from ..stacks.serving_flags import SERVING_FLAGS
from ..workload import Workload
from .launch_hub import official_quant
from .launch_text import device_list
from .launch_text import error as _e
from .launch_text import joined as _j
from .launch_text import sentence as _s

MINDIE_DIR = "/usr/local/Ascend/mindie/latest/mindie-service"
MINDIE_PORT = 1025
MINDIE_PREFILL_TOKENS = 8192
"""MindIE's default ``maxPrefillTokens`` (the manual's config.json; its daemon log prints
``max_prefill_tokens: 8192``)."""
LMDEPLOY_PORT = 23333


def ascend_quant(w: Workload, model_id: str | None) -> tuple[str | None, str | None]:
    """(msModelSlim format, official repo) for an Ascend server; (None, None) for 16-bit.

    The format as :func:`.quant_support.weight_format` reads the workload: int8 with
    ``quant_method`` w8a8 / modelslim is W8A8, int4 with w4a8 / modelslim is W4A8.

    Raises:
        ValueError: a weights format vllm-ascend and MindIE do not load (AWQ, GPTQ, NF4, FP8
            … have no Ascend kernel; vllm-ascend's quantization guide lists ModelSlim
            W8A8 / W4A8).
    """
    from ..stacks.quant_support import weight_format

    dt = w.weights_dtype
    if dt in ("bf16", "fp16"):
        return None, None
    fmt = weight_format(dt, w.quant_method)
    if fmt not in ("w8a8", "w4a8"):
        raise ValueError(_e("launch_config.ascend_format", dtype=fmt.upper()))
    return fmt, official_quant(model_id, fmt)


def lmdeploy(
    w: Workload, n: int, model: str, quant: str | None, served: bool, seqs: int, modelscope: bool = False
) -> tuple[str, str, list[Message], list[Message]]:
    """(command, setup, assumptions, warnings) of ``lmdeploy serve api_server`` (TurboMind).

    ``quant``: ``awq`` for int4 weights (LMDeploy's W4A16), else None; ``seqs``: sequences
    per batch (the estimate's KV pool); ``modelscope``: ``model`` is a ModelScope id.
    """
    ctx = w.context_tokens()
    # the share of the memory free after the weights the estimate gave the KV cache
    lmdeploy_fraction = pool_fraction(w, "lmdeploy", n)
    parts = [
        "lmdeploy",
        "serve",
        "api_server",
        model,
        "--backend",
        "turbomind",
        "--tp",
        str(n),
        SERVING_FLAGS["lmdeploy"].context,
        str(ctx),
        SERVING_FLAGS["lmdeploy"].memory or "",
        f"{lmdeploy_fraction:.2f}",
        SERVING_FLAGS["lmdeploy"].seqs,
        str(max(seqs, 1)),
    ]
    if quant:
        parts += ["--model-format", quant]
    kv = w.kv_cache_dtype
    if kv in ("int8", "fp8", "fp8_e4m3", "fp8_e5m2", "q8_0"):
        parts += ["--quant-policy", "8"]
    elif kv in ("int4", "q4_0"):
        parts += ["--quant-policy", "4"]
    parts += ["--server-port", str(LMDEPLOY_PORT)]
    if served:
        parts += ["--server-name", "0.0.0.0"]
    env = "LMDEPLOY_USE_MODELSCOPE=True " if modelscope else ""
    assumptions = [
        _s("launch_config.lmdeploy", ctx=ctx, frac=f"{lmdeploy_fraction:.2f}", n=n, batch=max(seqs, 1))
    ]
    warnings: list[Message] = []
    if kv.startswith("fp8"):
        warnings.append(_s("launch_config.lmdeploy_kv_int8", kv=kv))
    return env + _j(parts), "pip install lmdeploy", assumptions, warnings


def vllm_ascend(
    w: Workload, n: int, model: str, quant: str | None, served: bool, modelscope: bool = False
) -> tuple[str, str, list[Message], list[Message]]:
    """(command, setup, assumptions, warnings) of ``vllm serve`` with the vllm-ascend plugin.

    ``modelscope``: ``model`` is a ModelScope id (``VLLM_USE_MODELSCOPE=True``).
    """
    ctx = w.context_tokens()
    parts = [
        "vllm",
        "serve",
        model,
        "--max-model-len",
        str(ctx),
        "--gpu-memory-utilization",
        f"{w.gpu_memory_utilization:.2f}",
        "--tensor-parallel-size",
        str(n),
    ]
    if quant:
        parts += ["--quantization", "ascend"]
    if served:
        parts += ["--host", "0.0.0.0", "--port", "8000"]
    env = [f"ASCEND_RT_VISIBLE_DEVICES={device_list(n)}"]
    if modelscope:
        env.insert(0, "VLLM_USE_MODELSCOPE=True")
    assumptions = [_s("launch_config.vllm_ascend", ctx=ctx, frac=f"{w.gpu_memory_utilization:.2f}", n=n)]
    setup = (
        "pip install vllm vllm-ascend  # the same release of both, on CANN and torch_npu "
        "(vllm-ascend installation guide)"
    )
    return " ".join(env) + " " + _j(parts), setup, assumptions, []


def mindie(
    w: Workload, n: int, model_dir: str, name: str, seqs: int
) -> tuple[str, str, list[Message], list[Message], dict[str, Any]]:
    """(command, setup, assumptions, warnings, edited keys) of a MindIE Service start.

    The command sets the documented keys of the installed ``conf/config.json`` (module
    docstring) with a short Python edit and starts ``mindieservice_daemon``; the returned dict
    is those keys as ``{"path.to.key": value}`` (what the tests compare with the manual).
    ``model_dir`` is the weights folder relative to where the command starts (made absolute
    before it changes to the MindIE folder); ``seqs`` the sequences served at once (the
    estimate's KV pool).
    """
    ctx = w.context_tokens()
    prompt = min(w.avg_prompt_tokens, ctx)
    batch = max(seqs, 1)
    keys: dict[str, Any] = {
        "BackendConfig.npuDeviceIds": [list(range(n))],
        "BackendConfig.ModelDeployConfig.maxSeqLen": ctx,
        "BackendConfig.ModelDeployConfig.maxInputTokenLen": prompt,
        "BackendConfig.ModelDeployConfig.ModelConfig.0.modelName": name,
        "BackendConfig.ModelDeployConfig.ModelConfig.0.modelWeightPath": model_dir,
        "BackendConfig.ModelDeployConfig.ModelConfig.0.worldSize": n,
        "BackendConfig.ScheduleConfig.maxBatchSize": batch,
        # tokens prefilled in one step: the manual's default 8192, or one whole sequence
        "BackendConfig.ScheduleConfig.maxPrefillTokens": max(MINDIE_PREFILL_TOKENS, ctx),
        "ServerConfig.port": MINDIE_PORT,
    }
    lines = ["import json, os", "p = 'conf/config.json'", "c = json.load(open(p))"]
    for path, value in keys.items():
        *head, last = path.split(".")
        ref = "c" + "".join(f"[{int(k)}]" if k.isdigit() else f"[{k!r}]" for k in head)
        text = "os.environ['MINDIE_WEIGHTS']" if last == "modelWeightPath" else json.dumps(value)
        lines.append(f"{ref}[{last!r}] = {text}")
    lines.append("json.dump(c, open(p, 'w'), indent=4)")
    script = "python3 - <<'EOF'\n" + "\n".join(lines) + "\nEOF"
    cmd = (
        f'export MINDIE_WEIGHTS="$(realpath {shlex.quote(model_dir)})"\n'
        f"source /usr/local/Ascend/ascend-toolkit/set_env.sh\n"
        f"source /usr/local/Ascend/mindie/latest/mindie-service/set_env.sh\n"
        f"cd {MINDIE_DIR}\n{script}\n./bin/mindieservice_daemon"
    )
    assumptions = [_s("launch_config.mindie", n=n, ctx=ctx, prompt=prompt, batch=batch, port=MINDIE_PORT)]
    warnings = [_s("launch_config.mindie_install")]
    return cmd, "", assumptions, warnings, keys


__all__ = ["ascend_quant", "lmdeploy", "mindie", "vllm_ascend"]
