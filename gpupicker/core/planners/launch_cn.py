"""Launch commands for the tools Chinese teams run, and the model download step.

Training: LLaMA-Factory, ms-swift, MindSpeed-LLM; serving: LMDeploy, vllm-ascend, MindIE;
weights from ModelScope or hf-mirror.com.

:mod:`.launch_config` calls these for the frameworks named here; each returns the engine's
command (config files written inline by a quoted heredoc, so one copy-paste runs it), its
install line, what it assumes and what to check. Keys and flags are the tools' own, read
from their repositories and manuals (the tests compare every key written with those lists):

* LLaMA-Factory ``llamafactory-cli train FILE.yaml`` — keys of ``examples/train_lora/
  qwen3_lora_sft.yaml``, ``examples/train_qlora/qwen3_lora_sft_otfq.yaml`` and
  ``examples/train_full/qwen3_full_sft.yaml`` and the ``src/llamafactory/hparams`` fields
  (hiyouga/LlamaFactory @ff6d4d12, 2026-08-18); ``USE_MODELSCOPE_HUB=1`` loads
  ``model_name_or_path`` as a ModelScope id and ``FORCE_TORCHRUN=1`` starts one process per
  device (README_zh.md "从魔搭社区下载", examples/README.md); chat templates from the README's
  supported-models table.
* ms-swift ``swift sft`` / ``swift pt`` — ``--tuner_type``, ``--quant_method bnb
  --quant_bits``, ``--deepspeed zero1|zero2|zero3|zero2_offload|zero3_offload`` and the
  ``NPROC_PER_NODE`` variable of docs/source_en/Instruction/Command-line-parameters.md and
  examples/train/{lora_sft.sh,qlora/bnb/train.sh,multi-gpu/deepspeed/train_zero3.sh}
  (modelscope/ms-swift @3602360a, 4.6.0.dev0, 2026-08-22; v4 renamed ``--train_type`` to
  ``--tuner_type``). ms-swift downloads from ModelScope unless ``--use_hf true``.
* MindSpeed-LLM ``torchrun … pretrain_gpt.py`` / ``posttrain_gpt.py --finetune --stage sft``
  with Megatron's parallel, batch and shape flags and ``--lora-r/--lora-alpha/
  --lora-target-modules`` as in examples/mcore/qwen25/pretrain_qwen25_72b_32k_ptd.sh and
  tune_qwen25_72b_4k_lora_ptd.sh (Ascend/MindSpeed-LLM @c77308a1, 2026-08-21).
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
* Download: ``modelscope download --model ID --local_dir DIR`` (ModelScope's CLI) or
  ``HF_ENDPOINT=https://hf-mirror.com hf download REPO --local-dir DIR`` (huggingface_hub's
  ``hf`` CLI through the hf-mirror.com mirror).

Official quantized checkpoints (:data:`OFFICIAL_QUANT`): the Qwen team's ``-AWQ`` /
``-GPTQ-Int4`` repositories (same ids on Hugging Face and ModelScope) and the W8A8 / W4A8
weights vllm-ascend publishes on ModelScope (its docs above name them).
"""

from __future__ import annotations

import json
import shlex
from typing import Any

from ..messages import Message
from ..workload import Workload
from .launch_text import error as _e
from .launch_text import joined as _j
from .launch_text import sentence as _s
from .launch_text import to_yaml

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

LLAMA_FACTORY_TEMPLATES: dict[str, str] = {
    "qwen": "qwen",
    "qwen1.5": "qwen",
    "qwen1.5-moe": "qwen",
    "qwen2.5": "qwen",
    "qwen3": "qwen3",
    "qwen3-coder": "qwen3",
    "qwen3-next": "qwen3",
    "qwen3_5": "qwen3_5",
    "llama2": "llama2",
    "llama3": "llama3",
    "llama3.1": "llama3",
    "llama3.2": "llama3",
    "llama3.3": "llama3",
    "llama4": "llama4",
    "deepseek-r1-distill": "deepseekr1",
    "deepseek-v3": "deepseek3",
    "deepseek-v2": "deepseek",
    "deepseek-moe": "deepseek",
    "glm4": "glm4",
    "glm4.5": "glm4_moe",
    "mistral": "mistral",
    "mixtral": "mistral",
    "mistral-small": "mistral",
    "mistral-large": "mistral",
    "gemma2": "gemma2",
    "gemma3": "gemma3",
    "phi3": "phi",
    "phi4": "phi4",
    "gpt-oss": "gpt_oss",
    "ernie4.5": "ernie_nothink",
    "internlm2.5": "intern2",
}
"""Catalog model family → LLaMA-Factory ``template`` (README.md "Supported Models" table,
hiyouga/LlamaFactory @ff6d4d12); a family not listed gets ``YOUR_TEMPLATE`` and a warning."""

LLAMA_FACTORY_DIR = "LlamaFactory"
LLAMA_FACTORY_SETUP = (
    "git clone --depth 1 https://github.com/hiyouga/LlamaFactory.git && "
    f"cd {LLAMA_FACTORY_DIR} && pip install -e . && pip install -r "
    "requirements/metrics.txt -r requirements/deepspeed.txt"
)
"""LLaMA-Factory's README install (the repository was renamed from LLaMA-Factory)."""

MINDIE_DIR = "/usr/local/Ascend/mindie/latest/mindie-service"
MINDIE_PORT = 1025
MINDIE_PREFILL_TOKENS = 8192
"""MindIE's default ``maxPrefillTokens`` (the manual's config.json; its daemon log prints
``max_prefill_tokens: 8192``)."""
LMDEPLOY_PORT = 23333
MODEL_DIR = "./models"

_OPTIM = {
    "adamw": "adamw_torch",
    "adamw8bit": "adamw_bnb_8bit",
    "paged_adamw8bit": "paged_adamw_8bit",
    "sgd": "sgd",
    "adafactor": "adafactor",
    "lion": "lion_32bit",
}
"""gpupicker optimizer → transformers ``OptimizerNames`` (the ``optim`` both trainers pass on)."""


def hub_id(hf_repo: str | None, modelscope_id: str | None) -> str | None:
    """The id a ModelScope-first command names: the ModelScope id, else the HF repo."""
    return modelscope_id or hf_repo


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


def _heredoc(name: str, body: str) -> str:
    """``cat > name <<'EOF' … EOF``: a quoted heredoc, so the shell expands nothing in it."""
    return f"cat > {name} <<'EOF'\n{body.rstrip()}\nEOF"


def _devices(n: int) -> str:
    return ",".join(str(i) for i in range(n))


# --------------------------------------------------------------------------- training


def llama_factory(
    w: Workload, n: int, model: str, family: str | None, npu: bool, modelscope: bool = False
) -> tuple[str, str, list[Message], list[Message], dict[str, Any]]:
    """(command, setup, assumptions, warnings, YAML document) of ``llamafactory-cli train``.

    ``model``: the ModelScope id (``modelscope``: loaded with ``USE_MODELSCOPE_HUB=1``) or
    the HF repo; ``npu``: Ascend, so the NPU requirements are installed and devices named by
    ``ASCEND_RT_VISIBLE_DEVICES``.
    """
    assumptions: list[Message] = []
    warnings: list[Message] = []
    lora = w.lora
    seq = w.training_seq_len()
    doc: dict[str, Any] = {"model_name_or_path": model, "trust_remote_code": True}
    if w.task == "qlora":
        doc["quantization_bit"] = 4 if w.weights_dtype == "nf4" else 8
        doc["quantization_method"] = "bnb"
    doc["stage"] = "pt" if w.task == "pretrain" else "sft"
    doc["do_train"] = True
    doc["finetuning_type"] = "lora" if lora is not None else "full"
    if lora is not None:
        doc["lora_rank"] = lora.r
        doc["lora_alpha"] = int(lora.alpha) if float(lora.alpha).is_integer() else lora.alpha
        doc["lora_target"] = (
            "all" if lora.targets == ("all-linear",) or not lora.targets else ",".join(lora.targets)
        )
    doc["dataset"] = "YOUR_DATASET"
    if w.task != "pretrain":
        template = LLAMA_FACTORY_TEMPLATES.get((family or "").lower())
        doc["template"] = template or "YOUR_TEMPLATE"
        if template is None:
            warnings.append(_s("llama_factory_template", family=family or "?"))
    doc["cutoff_len"] = seq
    doc["output_dir"] = "saves/gpupicker"
    doc["per_device_train_batch_size"] = w.batch
    doc["optim"] = _OPTIM[w.optimizer]
    if w.compute_dtype in ("bf16", "fp16"):
        doc[w.compute_dtype] = True
    if not w.grad_ckpt:
        # LLaMA-Factory checkpoints activations unless told not to (ModelArguments)
        doc["disable_gradient_checkpointing"] = True
    par = w.parallelism
    stage = par.zero_stage or (3 if par.fsdp or w.framework.lower() == "fsdp" else 0)
    if stage:
        if par.fsdp and not par.zero_stage:
            assumptions.append(_s("fsdp_as_zero3", tool="LLaMA-Factory"))
        name = {1: "ds_z2", 2: "ds_z2", 3: "ds_z3"}[stage]
        if stage == 1:
            assumptions.append(_s("zero1_as_zero2", tool="LLaMA-Factory"))
        offload = "_offload" if par.cpu_offload else ""
        doc["deepspeed"] = f"examples/deepspeed/{name}{offload}_config.json"
    env = ["USE_MODELSCOPE_HUB=1"] if modelscope else []
    if n > 1:
        env.append("FORCE_TORCHRUN=1")
        env.append(f"{'ASCEND_RT_VISIBLE_DEVICES' if npu else 'CUDA_VISIBLE_DEVICES'}={_devices(n)}")
    body = to_yaml("# LLaMA-Factory training file written by gpupicker\n", doc)
    cmd = (
        f"cd {LLAMA_FACTORY_DIR}\n"
        + _heredoc("gpupicker_train.yaml", body)
        + "\n"
        + " ".join([*env, "llamafactory-cli", "train", "gpupicker_train.yaml"])
    )
    setup = (
        LLAMA_FACTORY_SETUP
        + (" -r requirements/npu.txt" if npu else "")
        + (" && pip install bitsandbytes" if w.task == "qlora" else "")
    )
    assumptions.append(
        _s(
            "llama_factory",
            n=n,
            batch=w.batch,
            seq=seq,
            stage=str(doc["stage"]),
            kind=str(doc["finetuning_type"]),
        )
    )
    warnings.append(_s("dataset_placeholder"))
    return cmd, setup, assumptions, warnings, doc


def ms_swift(
    w: Workload, n: int, model: str, use_hf: bool = False
) -> tuple[str, str, list[Message], list[Message]]:
    """(command, setup, assumptions, warnings) of ``swift sft`` (``swift pt`` to pre-train).

    ``use_hf``: ``model`` is a Hugging Face repo (``--use_hf true``; ModelScope otherwise).
    """
    lora = w.lora
    seq = w.training_seq_len()
    sub = "pt" if w.task == "pretrain" else "sft"
    parts = [
        "swift",
        sub,
        "--model",
        model,
        *(["--use_hf", "true"] if use_hf else []),
        "--tuner_type",
        "lora" if lora is not None else "full",
        "--dataset",
        "YOUR_DATASET",
    ]
    if w.compute_dtype in ("bf16", "fp16", "fp32"):
        parts += [
            "--torch_dtype",
            {"bf16": "bfloat16", "fp16": "float16", "fp32": "float32"}[w.compute_dtype],
        ]
    if w.task == "qlora":
        parts += ["--quant_method", "bnb", "--quant_bits", "4" if w.weights_dtype == "nf4" else "8"]
        if w.weights_dtype == "nf4":
            parts += ["--bnb_4bit_quant_type", "nf4"]
    parts += ["--per_device_train_batch_size", str(w.batch), "--max_length", str(seq)]
    if lora is not None:
        parts += [
            "--lora_rank",
            str(lora.r),
            "--lora_alpha",
            f"{lora.alpha:g}",
            "--target_modules",
            *(lora.targets or ("all-linear",)),
        ]
    parts += ["--gradient_checkpointing", "true" if w.grad_ckpt else "false", "--optim", _OPTIM[w.optimizer]]
    par = w.parallelism
    assumptions: list[Message] = []
    stage = par.zero_stage or (3 if par.fsdp or w.framework.lower() == "fsdp" else 0)
    if stage:
        if par.fsdp and not par.zero_stage:
            assumptions.append(_s("fsdp_as_zero3", tool="ms-swift"))
        ds = f"zero{stage}"
        if par.cpu_offload:
            if stage == 1:
                ds = "zero2"
                assumptions.append(_s("zero1_as_zero2", tool="ms-swift"))
            ds += "_offload"
        parts += ["--deepspeed", ds]
    parts += ["--output_dir", "output"]
    env = [f"NPROC_PER_NODE={n}"] if n > 1 else []
    cmd = " ".join(env) + " " + _j(parts) if env else _j(parts)
    setup = "pip install 'ms-swift>=4' deepspeed" + (" bitsandbytes" if w.task == "qlora" else "")
    assumptions.append(_s("ms_swift", sub=sub, n=n, batch=w.batch, seq=seq))
    return cmd, setup, assumptions, [_s("dataset_placeholder")]


def mindspeed(w: Workload, n: int, model_dir: str) -> tuple[str, str, list[Message], list[Message]]:
    """(command, setup, assumptions, warnings) of MindSpeed-LLM's ``torchrun`` line.

    Parallel sizes from the workload's parallelism (tensor × pipeline must divide the
    NPUs), the model's shape from the catalog; the model-specific switches of its example
    script (rotary base, biases, fused kernels) are named as a check, not guessed.

    Raises:
        ValueError: tensor × pipeline does not divide ``n``, or the model's shape is unknown.
    """
    par = w.parallelism
    tp, pp = par.tensor_parallel, par.pipeline_parallel
    if n % (tp * pp):
        raise ValueError(_e("mindspeed_parallel", tp=tp, pp=pp, n=n))
    m = w.model
    if m is None or not m.num_hidden_layers or not m.hidden_size:
        raise ValueError(_e("mindspeed_shape"))
    seq = w.training_seq_len()
    dp = n // (tp * pp)
    script = "pretrain_gpt.py" if w.task == "pretrain" else "posttrain_gpt.py"
    parts = [
        "torchrun",
        "--nproc_per_node",
        str(n),
        script,
        "--use-mcore-models",
        "--tensor-model-parallel-size",
        str(tp),
        "--pipeline-model-parallel-size",
        str(pp),
    ]
    if tp > 1:
        parts.append("--sequence-parallel")
    parts += [
        "--num-layers",
        str(m.num_hidden_layers),
        "--hidden-size",
        str(m.hidden_size),
        "--ffn-hidden-size",
        str(m.intermediate_size),
        "--num-attention-heads",
        str(m.num_attention_heads),
    ]
    kv = m.num_key_value_heads
    if kv and kv != m.num_attention_heads:
        parts += ["--group-query-attention", "--num-query-groups", str(kv)]
    parts += [
        "--seq-length",
        str(seq),
        "--max-position-embeddings",
        str(seq),
        "--micro-batch-size",
        str(w.batch),
        "--global-batch-size",
        str(w.batch * dp),
        "--padded-vocab-size",
        str(m.vocab_size),
        "--tokenizer-type",
        "PretrainedFromHF",
        "--tokenizer-name-or-path",
        model_dir,
        "--use-flash-attn",
        "--use-distributed-optimizer",
    ]
    if w.compute_dtype in ("bf16", "fp16"):
        parts.append(f"--{w.compute_dtype}")
    if w.grad_ckpt:
        parts += [
            "--recompute-granularity",
            "full",
            "--recompute-method",
            "uniform",
            "--recompute-num-layers",
            "1",
        ]
    if w.task != "pretrain":
        parts += ["--finetune", "--stage", "sft"]
    if w.lora is not None:
        parts += [
            "--lora-r",
            str(w.lora.r),
            "--lora-alpha",
            f"{w.lora.alpha:g}",
            "--lora-target-modules",
            "linear_qkv",
            "linear_proj",
            "linear_fc1",
            "linear_fc2",
        ]
    parts += ["--data-path", "YOUR_DATA_PATH", "--load", "YOUR_MCORE_CKPT", "--save", "ckpt"]
    assumptions = [_s("mindspeed", n=n, tp=tp, pp=pp, dp=dp, batch=w.batch, seq=seq)]
    warnings = [_s("mindspeed_check")]
    if w.task == "qlora":
        warnings.append(_s("mindspeed_qlora"))
    setup = (
        "git clone --depth 1 https://gitcode.com/Ascend/MindSpeed-LLM.git && "
        "cd MindSpeed-LLM && pip install -r requirements.txt"
    )
    return "cd MindSpeed-LLM\n" + _j(parts), setup, assumptions, warnings


# --------------------------------------------------------------------------- serving


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
        raise ValueError(_e("ascend_format", dtype=fmt.upper()))
    return fmt, official_quant(model_id, fmt)


def lmdeploy(
    w: Workload, n: int, model: str, quant: str | None, served: bool, seqs: int, modelscope: bool = False
) -> tuple[str, str, list[Message], list[Message]]:
    """(command, setup, assumptions, warnings) of ``lmdeploy serve api_server`` (TurboMind).

    ``quant``: ``awq`` for int4 weights (LMDeploy's W4A16), else None; ``seqs``: sequences
    per batch (the estimate's KV pool); ``modelscope``: ``model`` is a ModelScope id.
    """
    ctx = w.context_tokens()
    parts = [
        "lmdeploy",
        "serve",
        "api_server",
        model,
        "--backend",
        "turbomind",
        "--tp",
        str(n),
        "--session-len",
        str(ctx),
        "--cache-max-entry-count",
        f"{w.gpu_memory_utilization:.2f}",
        "--max-batch-size",
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
    assumptions = [_s("lmdeploy", ctx=ctx, frac=f"{w.gpu_memory_utilization:.2f}", n=n, batch=max(seqs, 1))]
    warnings: list[Message] = []
    if kv.startswith("fp8"):
        warnings.append(_s("lmdeploy_kv_int8", kv=kv))
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
    env = [f"ASCEND_RT_VISIBLE_DEVICES={_devices(n)}"]
    if modelscope:
        env.insert(0, "VLLM_USE_MODELSCOPE=True")
    assumptions = [_s("vllm_ascend", ctx=ctx, frac=f"{w.gpu_memory_utilization:.2f}", n=n)]
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
    assumptions = [_s("mindie", n=n, ctx=ctx, prompt=prompt, batch=batch, port=MINDIE_PORT)]
    warnings = [_s("mindie_install")]
    return cmd, "", assumptions, warnings, keys


__all__ = [
    "LLAMA_FACTORY_TEMPLATES",
    "OFFICIAL_QUANT",
    "ascend_quant",
    "download_step",
    "hub_id",
    "llama_factory",
    "lmdeploy",
    "local_dir",
    "mindie",
    "mindspeed",
    "ms_swift",
    "official_quant",
    "vllm_ascend",
]
