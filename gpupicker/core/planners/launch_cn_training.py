"""Training launch commands for the tools Chinese teams run: LLaMA-Factory, ms-swift, MindSpeed-LLM.

:mod:`.launch_training` calls these for the frameworks named here; each returns the tool's
command (a config file written inline by a quoted heredoc, so one copy-paste runs it), its
install line, what it assumes and what to check. Keys and flags are the tools' own, read from
their repositories and manuals (the tests compare every key written with those lists):

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
"""

from __future__ import annotations

from typing import Any

from ..messages import Message
from ..workload import Workload
from .launch_text import device_list, heredoc, to_yaml
from .launch_text import error as _e
from .launch_text import joined as _j
from .launch_text import sentence as _s

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

_OPTIM = {
    "adamw": "adamw_torch",
    "adamw8bit": "adamw_bnb_8bit",
    "paged_adamw8bit": "paged_adamw_8bit",
    "sgd": "sgd",
    "adafactor": "adafactor",
    "lion": "lion_32bit",
}
"""gpupicker optimizer → transformers ``OptimizerNames`` (the ``optim`` both trainers pass on)."""


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
            warnings.append(_s("launch_config.llama_factory_template", family=family or "?"))
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
            assumptions.append(_s("launch_config.fsdp_as_zero3", tool="LLaMA-Factory"))
        name = {1: "ds_z2", 2: "ds_z2", 3: "ds_z3"}[stage]
        if stage == 1:
            assumptions.append(_s("launch_config.zero1_as_zero2", tool="LLaMA-Factory"))
        offload = "_offload" if par.cpu_offload else ""
        doc["deepspeed"] = f"examples/deepspeed/{name}{offload}_config.json"
    env = ["USE_MODELSCOPE_HUB=1"] if modelscope else []
    if n > 1:
        env.append("FORCE_TORCHRUN=1")
        env.append(f"{'ASCEND_RT_VISIBLE_DEVICES' if npu else 'CUDA_VISIBLE_DEVICES'}={device_list(n)}")
    body = to_yaml("# LLaMA-Factory training file written by gpupicker\n", doc)
    cmd = (
        f"cd {LLAMA_FACTORY_DIR}\n"
        + heredoc("gpupicker_train.yaml", body)
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
            "launch_config.llama_factory",
            n=n,
            batch=w.batch,
            seq=seq,
            stage=str(doc["stage"]),
            kind=str(doc["finetuning_type"]),
        )
    )
    warnings.append(_s("launch_config.dataset_placeholder"))
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
            assumptions.append(_s("launch_config.fsdp_as_zero3", tool="ms-swift"))
        ds = f"zero{stage}"
        if par.cpu_offload:
            if stage == 1:
                ds = "zero2"
                assumptions.append(_s("launch_config.zero1_as_zero2", tool="ms-swift"))
            ds += "_offload"
        parts += ["--deepspeed", ds]
    parts += ["--output_dir", "output"]
    env = [f"NPROC_PER_NODE={n}"] if n > 1 else []
    cmd = " ".join(env) + " " + _j(parts) if env else _j(parts)
    setup = "pip install 'ms-swift>=4' deepspeed" + (" bitsandbytes" if w.task == "qlora" else "")
    assumptions.append(_s("launch_config.ms_swift", sub=sub, n=n, batch=w.batch, seq=seq))
    return cmd, setup, assumptions, [_s("launch_config.dataset_placeholder")]


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
        raise ValueError(_e("launch_config.mindspeed_parallel", tp=tp, pp=pp, n=n))
    m = w.model
    if m is None or not m.num_hidden_layers or not m.hidden_size:
        raise ValueError(_e("launch_config.mindspeed_shape"))
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
    assumptions = [_s("launch_config.mindspeed", n=n, tp=tp, pp=pp, dp=dp, batch=w.batch, seq=seq)]
    warnings = [_s("launch_config.mindspeed_check")]
    if w.task == "qlora":
        warnings.append(_s("launch_config.mindspeed_qlora"))
    setup = (
        "git clone --depth 1 https://gitcode.com/Ascend/MindSpeed-LLM.git && "
        "cd MindSpeed-LLM && pip install -r requirements.txt"
    )
    return "cd MindSpeed-LLM\n" + _j(parts), setup, assumptions, warnings


__all__ = ["LLAMA_FACTORY_TEMPLATES", "llama_factory", "mindspeed", "ms_swift"]
