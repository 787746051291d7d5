"""The training command of a launch config: the launcher's command line.

TRL ``trl sft``, torchtune ``tune run`` and LitGPT with batch, sequence length, LoRA rank,
precision, optimizer, gradient checkpointing and sharding; LLaMA-Factory, ms-swift and
MindSpeed-LLM through :mod:`.launch_cn_training`.

* TRL — the ``trl sft`` CLI (https://huggingface.co/docs/trl/clis) with ``--use_peft
  --lora_r --lora_alpha --lora_target_modules --load_in_4bit --bnb_4bit_quant_type``
  (ModelConfig) and the SFTConfig / TrainingArguments fields; the accelerate launch
  arguments it passes on (``--num_processes``, ``--offload_optimizer_device``) and its
  predefined accelerate configs ``--accelerate_config zero1|zero2|zero3|fsdp2``;
* SkyPilot task YAML ``resources.accelerators: NAME:COUNT``, ``use_spot``, ``num_nodes``
"""

from __future__ import annotations

from ..messages import Message, join, verbatim
from ..results import Option
from ..workload import Workload
from . import launch_cn_training, launch_hub
from .launch_refs import Refs, canonical
from .launch_text import error as _e
from .launch_text import joined as _j
from .launch_text import sentence as _s

TRAINING_LAUNCHERS = (
    "transformers",
    "trl",
    "deepspeed",
    "fsdp",
    "torchtune",
    "litgpt",
    "llama-factory",
    "ms-swift",
    "mindspeed",
)


def _training_extras(w: Workload, fw: str) -> list[Message]:
    """One short sentence per training option the launcher sets (checkpointing, LoRA, sharding)."""
    out = []
    if w.grad_ckpt:
        out.append(_s("launch_config.grad_ckpt"))
    if w.lora is not None:
        out.append(_s("launch_config.lora_rank", n=w.lora.r))
    if w.parallelism.zero_stage:
        out.append(_s("launch_config.zero_stage", n=w.parallelism.zero_stage))
    elif w.parallelism.fsdp or fw == "fsdp":
        out.append(_s("launch_config.fsdp"))
    return out


Launched = tuple[str, str, str, list[Message], list[Message]]
"""(engine, command, setup, assumptions, warnings) of a training launcher."""


def training(w: Workload, opt: Option, model: str, refs: Refs) -> Launched:
    """(engine, command, setup, assumptions, warnings) of the training launcher on the option's GPUs.

    Raises:
        ValueError: a framework with no training launcher, a task the launcher has no recipe
            for (torchtune), MindSpeed-LLM on a card that is not an Ascend NPU, or a parallel
            layout MindSpeed-LLM refuses.
    """
    fw = canonical(w.framework)
    n = opt.num_gpus
    hub = refs.modelscope_id or model
    if fw == "llama-factory":
        cmd, setup, a, more, _ = launch_cn_training.llama_factory(
            w, n, hub, refs.family, refs.npu, refs.modelscope_id is not None
        )
        return "llama-factory", cmd, setup, a, more
    if fw == "ms-swift":
        # a Hugging Face repo only: ms-swift reads it from there with --use_hf true
        use_hf = refs.modelscope_id is None and "/" in model
        cmd, setup, a, more = launch_cn_training.ms_swift(w, n, hub, use_hf)
        return "ms-swift", cmd, setup, a, more
    if fw == "mindspeed":
        if not refs.npu:  # MindSpeed-LLM is Megatron on torch_npu: it needs CANN
            raise ValueError(_e("launch_config.mindspeed_npu", gpu=opt.gpu_name))
        where = launch_hub.local_dir(hub) if "/" in hub else hub
        cmd, setup, a, more = launch_cn_training.mindspeed(w, n, where)
        return "mindspeed", cmd, setup, a, more
    if fw in ("transformers", "trl", "deepspeed", "fsdp"):
        return _trl(w, model, opt.num_gpus, fw)
    if fw == "torchtune":
        return _torchtune(w, opt.num_gpus, fw)
    if fw == "litgpt":
        return _litgpt(w, model, opt.num_gpus, fw)
    raise ValueError(
        _e(
            "launch_config.no_training_launcher",
            framework=repr(w.framework),
            choices=join([verbatim(x) for x in TRAINING_LAUNCHERS], "list"),
        )
    )


def _trl(w: Workload, model: str, n: int, fw: str) -> Launched:
    """``trl sft`` through accelerate: batch, length, optimizer, precision, LoRA/QLoRA and sharding."""
    par = w.parallelism
    seq = w.training_seq_len()
    assumptions: list[Message] = []
    warnings: list[Message] = []
    lora = w.lora
    # the `trl sft` CLI launches itself through accelerate: --num_processes and the
    # sharding profile (TRL's predefined accelerate configs) go on the same line
    launch = ["trl", "sft", "--num_processes", str(n)]
    if par.zero_stage:
        launch += ["--accelerate_config", f"zero{par.zero_stage}"]
        if par.cpu_offload:
            launch += ["--offload_optimizer_device", "cpu"]
    elif par.fsdp or fw == "fsdp":
        launch += ["--accelerate_config", "fsdp2"]
    elif n > 1:
        launch += ["--accelerate_config", "multi_gpu"]
    parts = [
        *launch,
        "--model_name_or_path",
        model,
        "--dataset_name",
        "YOUR_DATASET",
        "--per_device_train_batch_size",
        str(w.batch),
        "--max_length",
        str(seq),
        "--optim",
        {
            "adamw": "adamw_torch",
            "adamw8bit": "adamw_bnb_8bit",
            "paged_adamw8bit": "paged_adamw_8bit",
            "sgd": "sgd",
            "adafactor": "adafactor",
            "lion": "lion_32bit",
        }[w.optimizer],
    ]
    if w.compute_dtype in ("bf16", "fp16"):
        parts.append(f"--{w.compute_dtype}")
    if w.grad_ckpt:
        parts.append("--gradient_checkpointing")
    if lora is not None:
        parts += [
            "--use_peft",
            "--lora_r",
            str(lora.r),
            "--lora_alpha",
            f"{lora.alpha:g}",
            "--lora_target_modules",
            *lora.targets,
        ]
    if w.task == "qlora":
        if w.weights_dtype == "nf4":
            parts += ["--load_in_4bit", "--bnb_4bit_quant_type", "nf4"]
        else:
            parts += ["--load_in_8bit"]
    parts += ["--output_dir", "out"]
    assumptions.append(
        _s("launch_config.trl", n=n, batch=w.batch, seq=seq, opt=w.optimizer, dtype=w.compute_dtype)
    )
    assumptions += _training_extras(w, fw)
    if w.task == "pretrain":
        warnings.append(_s("launch_config.pretrain"))
    return (
        "trl",
        _j(parts),
        "pip install trl peft accelerate bitsandbytes deepspeed",
        assumptions,
        warnings,
    )


def _torchtune(w: Workload, n: int, fw: str) -> Launched:
    """The torchtune ``tune run`` LoRA or full fine-tuning recipe with the batch and length overrides.

    Raises:
        ValueError: a task torchtune has no recipe for (pre-training).
    """
    seq = w.training_seq_len()
    assumptions: list[Message] = []
    warnings: list[Message] = []
    lora = w.lora
    kind = {"lora": "lora", "qlora": "lora", "full_ft": "full"}.get(w.task)
    if kind is None:
        raise ValueError(_e("launch_config.torchtune_tasks", task=repr(w.task)))
    recipe = f"{kind}_finetune_{'distributed' if n > 1 else 'single_device'}"
    cfg = f"YOUR_MODEL/{'qlora' if w.task == 'qlora' else kind}_{'distributed' if n > 1 else 'single_device'}"
    parts = (
        ["tune", "run"]
        + (["--nproc_per_node", str(n)] if n > 1 else [])
        + [
            recipe,
            "--config",
            cfg,
            f"batch_size={w.batch}",
            f"tokenizer.max_seq_len={seq}",
            f"enable_activation_checkpointing={w.grad_ckpt}",
        ]
    )
    if lora is not None:
        parts += [f"model.lora_rank={lora.r}", f"model.lora_alpha={lora.alpha:g}"]
    assumptions.append(_s("launch_config.torchtune", recipe=recipe, batch=w.batch, seq=seq))
    assumptions += _training_extras(w, fw)
    warnings.append(_s("launch_config.torchtune_config"))
    return "torchtune", " ".join(parts), "pip install torchtune torchao", assumptions, warnings


def _litgpt(w: Workload, model: str, n: int, fw: str) -> Launched:
    """LitGPT's ``finetune_lora`` / ``finetune_full`` / ``pretrain`` with precision and the batch shape."""
    seq = w.training_seq_len()
    assumptions: list[Message] = []
    warnings: list[Message] = []
    lora = w.lora
    sub = {
        "lora": "finetune_lora",
        "qlora": "finetune_lora",
        "full_ft": "finetune_full",
        "pretrain": "pretrain",
    }[w.task]
    parts = [
        "litgpt",
        sub,
        model,
        "--devices",
        str(n),
        "--precision",
        # Lightning's precision names: bf16 weights, or fp16 autocast with loss scaling
        {"bf16": "bf16-true", "fp16": "16-mixed"}.get(w.compute_dtype, "32-true"),
        "--train.micro_batch_size",
        str(w.batch),
        "--train.max_seq_length",
        str(seq),
    ]
    if lora is not None:
        parts += ["--lora_r", str(lora.r), "--lora_alpha", f"{lora.alpha:g}"]
    if w.task == "qlora":
        parts += ["--quantize", "bnb.nf4" if w.weights_dtype == "nf4" else "bnb.int8"]
    assumptions.append(_s("launch_config.litgpt", recipe=sub, n=n, batch=w.batch, seq=seq))
    assumptions += _training_extras(w, fw)
    return "litgpt", _j(parts), 'pip install "litgpt[all]"', assumptions, warnings
