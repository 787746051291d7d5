"""A launch config for a chosen option: the engine's command line and a cloud task YAML.

For serving it writes the vLLM / SGLang / llama.cpp / Ollama command with the
context length, GPU memory fraction, tensor-parallel size, KV-cache format and
quantization the estimate assumed; for training the launcher (TRL via
``accelerate launch``, torchtune ``tune run``, LitGPT) with batch, sequence length,
LoRA rank, precision, optimizer, gradient checkpointing and sharding; and a
SkyPilot and a dstack task YAML for the GPU type and count.

Flag names are the engines' own documented ones:

* vLLM ``vllm serve`` — ``--max-model-len``, ``--gpu-memory-utilization``,
  ``--tensor-parallel-size``, ``--quantization``, ``--kv-cache-dtype``
  (https://docs.vllm.ai/en/latest/cli/serve.html);
* SGLang ``python -m sglang.launch_server`` — ``--context-length``,
  ``--mem-fraction-static``, ``--tp-size``, ``--quantization``, ``--kv-cache-dtype``
  (https://docs.sglang.ai/advanced_features/server_arguments.html);
* llama.cpp ``llama-server`` — ``-c``, ``-ngl``, ``--parallel``, ``-sm``, ``-ctk/-ctv``,
  ``-fa`` (tools/server/README.md);
* Ollama — ``OLLAMA_CONTEXT_LENGTH``, ``OLLAMA_NUM_PARALLEL``, ``OLLAMA_KV_CACHE_TYPE``,
  ``OLLAMA_FLASH_ATTENTION`` (docs/faq.md);
* TRL — ``trl/scripts/sft.py`` with ``--use_peft --lora_r --lora_alpha
  --lora_target_modules --load_in_4bit --bnb_4bit_quant_type`` (ModelConfig) and the
  SFTConfig / TrainingArguments fields; ``accelerate launch --num_processes
  --use_deepspeed --zero_stage --use_fsdp`` (accelerate CLI);
* SkyPilot task YAML ``resources.accelerators: NAME:COUNT``, ``use_spot``
  (https://docs.skypilot.co/en/latest/reference/yaml-spec.html);
* dstack ``type: task`` with ``resources.gpu: NAME:MEMORY:COUNT`` and ``spot_policy``
  (https://dstack.ai/docs/reference/dstack.yml/task/).

A framework, GPU name or format gpupicker does not know how to launch is named in
``warnings`` — never silently replaced.
"""

from __future__ import annotations

import re
import shlex

from pydantic import BaseModel, ConfigDict

from .dtypes import GGUF_TYPES
from .messages import TEMPLATES, Message, Text, join, msg, verbatim
from .results import Option
from .workload import Workload

SKYPILOT_NAMES: dict[str, str] = {
    "h200_sxm": "H200", "h100_sxm": "H100", "h100_pcie": "H100", "b200": "B200",
    "a100_sxm_80gb": "A100-80GB", "a100_pcie_80gb": "A100-80GB", "a100_sxm_40gb": "A100",
    "a100_pcie_40gb": "A100", "l40s": "L40S", "l40": "L40", "l4": "L4", "a10g": "A10G",
    "a10": "A10", "a40": "A40", "t4": "T4", "v100_sxm2_16gb": "V100", "v100_pcie_16gb": "V100",
    "v100_sxm2_32gb": "V100-32GB", "rtx_a6000": "RTXA6000", "rtx_4090": "RTX4090",
    "rtx_3090": "RTX3090", "mi300x": "MI300X",
}
"""Catalog GPU id → SkyPilot accelerator name (``sky show-gpus``); others are warned about."""

TRAINING_LAUNCHERS = ("transformers", "deepspeed", "fsdp", "torchtune", "litgpt")
SERVING_ENGINES = ("vllm", "sglang", "llama.cpp", "ollama", "transformers")


class LaunchConfig(BaseModel):
    """How to start the chosen option.

    Attributes:
        engine: the engine or launcher named (``vllm``, ``trl``, ``torchtune`` …).
        command: the shell command (or a short Python snippet for plain transformers).
        setup: the install line the YAMLs run first.
        skypilot_yaml, dstack_yaml: task files for the GPU type and count.
        assumptions: what the command assumes (context, memory fraction, TP …).
        warnings: anything gpupicker could not translate (named, not guessed).
    """

    model_config = ConfigDict(frozen=True)

    engine: str
    command: str
    setup: str = ""
    skypilot_yaml: str = ""
    dstack_yaml: str = ""
    assumptions: tuple[Text, ...] = ()
    warnings: tuple[Text, ...] = ()


def _s(id: str, **params: str | int | Message) -> Message:
    """The sentence ``launch_config.<id>`` with its full stop (core.messages)."""
    return join([msg("launch_config." + id, **params)])


def _e(id: str, **params: str | int | Message) -> Message:
    """An error text ``launch_config.<id>`` (no full stop)."""
    return msg("launch_config." + id, **params)


def _pricing(pricing: str) -> Message:
    """A price kind (``on_demand``, ``spot`` …) as a translatable word; an unknown one as it is."""
    key = f"pricing.{pricing}"
    return msg(key) if key in TEMPLATES else verbatim(pricing)


def hf_repo_from_source(source: str) -> str | None:
    """The ``org/name`` Hugging Face repo in a catalog ``source`` text, or ``None``.

    >>> hf_repo_from_source("huggingface.co/mistralai/Mistral-7B-v0.1 config")
    'mistralai/Mistral-7B-v0.1'
    """
    m = re.search(r"huggingface\.co/([\w.-]+/[\w.-]+)", source or "")
    return m.group(1) if m else None


def model_repo(hf_repo: str, source: str) -> str | None:
    """The repo a launch command names for a catalog model.

    The row's ``hf_repo`` column, else the repo its ``source`` text names
    (:func:`hf_repo_from_source`, for a row saved before the column existed), else ``None``
    (the command then says ``YOUR_MODEL`` and warns).

    >>> model_repo("Qwen/Qwen3-30B-A3B", "THUDM/slime scripts")
    'Qwen/Qwen3-30B-A3B'
    """
    return hf_repo or hf_repo_from_source(source)


def _j(parts: list[str]) -> str:
    """Join a command with line continuations every flag (readable, copy-paste safe)."""
    out: list[str] = []
    line: list[str] = []
    for p in parts:
        if (p.startswith("-") or p.endswith(".py")) and line:
            out.append(" ".join(line))
            line = []
        line.append(shlex.quote(p))
    if line:
        out.append(" ".join(line))
    return " \\\n  ".join(out)


def _vllm_quant(w: Workload) -> tuple[str | None, Message | None]:
    """(--quantization value, warning)."""
    dt = w.weights_dtype
    if dt in ("bf16", "fp16", "fp32"):
        return None, None
    if dt == "fp8":
        return "fp8", None
    if dt in ("nf4", "int8"):
        return "bitsandbytes", None
    if dt == "int4":
        method = (w.quant_method or "awq").lower()
        if method not in ("awq", "gptq", "awq_marlin", "gptq_marlin"):
            return None, _s("unknown_quant_method", method=str(w.quant_method))
        return method, None if w.quant_method else _s("int4_awq")
    return None, _s("no_quantization_flag", dtype=dt)


def _serving(w: Workload, opt: Option, model: str
             ) -> tuple[str, str, str, list[Message], list[Message]]:
    fw = w.framework.lower()
    n = opt.num_gpus
    ctx = w.context_tokens()
    assumptions: list[Message] = []
    warnings: list[Message] = []
    if fw in ("vllm", "sglang"):
        quant, warn = _vllm_quant(w)
        if warn:
            warnings.append(warn)
        if quant in ("awq", "gptq", "awq_marlin", "gptq_marlin") and "/" in model:
            # AWQ/GPTQ weights come from a checkpoint quantized that way: the catalog's repo
            # holds 16-bit weights, and `vllm serve <it> --quantization awq` fails at start
            # (QA 22-2 F5)
            method = quant.split("_")[0].upper()
            warnings.append(_s("prequantized", method=method, repo=model))
            model = f"YOUR_{method}_CHECKPOINT"
        kv = w.kv_cache_dtype
        if fw == "vllm":
            parts = ["vllm", "serve", model, "--max-model-len", str(ctx), "--gpu-memory-utilization",
                     f"{w.gpu_memory_utilization:.2f}", "--tensor-parallel-size", str(n)]
            if quant:
                parts += ["--quantization", quant]
            if kv.startswith("fp8"):
                parts += ["--kv-cache-dtype", "fp8"]
            setup = "pip install vllm"
        else:
            parts = ["python", "-m", "sglang.launch_server", "--model-path", model,
                     "--context-length", str(ctx), "--mem-fraction-static",
                     f"{w.gpu_memory_utilization:.2f}", "--tp-size", str(n)]
            if quant:
                parts += ["--quantization", quant]
            if kv.startswith("fp8"):
                parts += ["--kv-cache-dtype", "fp8_e5m2"]
            setup = 'pip install "sglang[all]"'
        assumptions.append(_s("serving", engine=ENGINE_NAMES[fw], ctx=ctx,
                              frac=f"{w.gpu_memory_utilization:.2f}", n=n, kv=kv))
        if quant:
            assumptions.append(_s("quantization", quant=quant))
        if opt.memory.max_concurrent_seqs:
            assumptions.append(_s("kv_pool_holds", n=opt.memory.max_concurrent_seqs))
        return fw, _j(parts), setup, assumptions, warnings
    if fw in ("llama.cpp", "ollama") or w.weights_dtype in GGUF_TYPES:
        L = (w.model.num_hidden_layers if w.model is not None else 0) or 999
        ngl = opt.memory.gpu_layers if opt.memory.gpu_layers is not None else L
        n_ctx = ctx * w.batch
        kv = w.kv_cache_dtype if w.kv_cache_dtype != "bf16" else "f16"
        # the GGUF type the memory estimate used (memory.llamacpp.llamacpp_memory: GGUF types and 16/32-bit
        # as given, anything else read as Q4_K_M)
        wdt = w.weights_dtype
        quant = (wdt.upper() if wdt in GGUF_TYPES else
                 {"fp16": "F16", "bf16": "BF16", "fp32": "F32"}.get(wdt, "Q4_K_M"))
        if wdt not in GGUF_TYPES and wdt not in ("fp16", "bf16", "fp32"):
            warnings.append(_s("no_gguf_type", dtype=wdt))
        if fw == "ollama":
            env = [f"OLLAMA_CONTEXT_LENGTH={ctx}", f"OLLAMA_NUM_PARALLEL={w.batch}"]
            if kv in ("q8_0", "q4_0"):
                env += ["OLLAMA_FLASH_ATTENTION=1", f"OLLAMA_KV_CACHE_TYPE={kv}"]
            cmd = " ".join(env) + " ollama serve &\nollama run " + shlex.quote(model)
            assumptions.append(_s("ollama", ctx=ctx, n=w.batch, quant=quant, kv=kv))
            warnings.append(_s("ollama_tag", quant=quant))
            return "ollama", cmd, "curl -fsSL https://ollama.com/install.sh | sh", assumptions, warnings
        parts = ["llama-server", "-m", f"{model.split('/')[-1]}.{quant}.gguf", "-c", str(n_ctx),
                 "-ngl", str(ngl), "--parallel", str(w.batch)]
        if n > 1:
            parts += ["-sm", "layer"]
        if kv in ("q8_0", "q4_0"):
            parts += ["-fa", "on", "-ctk", kv, "-ctv", kv]
        assumptions.append(_s("llamacpp", n_ctx=n_ctx, n=w.batch, ctx=ctx, ngl=ngl, quant=quant,
                              kv=kv))
        if n > 1:
            assumptions.append(_s("layer_split", n=n))
        warnings.append(_s("gguf_placeholder"))
        return "llama.cpp", _j(parts), "", assumptions, warnings
    if fw == "transformers":
        qline = ""
        if w.weights_dtype == "nf4":
            qline = ("    quantization_config=BitsAndBytesConfig(load_in_4bit=True, "
                     "bnb_4bit_quant_type='nf4', bnb_4bit_compute_dtype=torch.bfloat16),\n")
        elif w.weights_dtype == "int8":
            qline = "    quantization_config=BitsAndBytesConfig(load_in_8bit=True),\n"
        cmd = ("python - <<'EOF'\nimport torch\nfrom transformers import AutoModelForCausalLM, "
               "AutoTokenizer, BitsAndBytesConfig\n"
               f"tok = AutoTokenizer.from_pretrained({model!r})\n"
               f"model = AutoModelForCausalLM.from_pretrained({model!r}, dtype=torch.bfloat16,\n"
               f"{qline}    device_map='auto')\n"
               f"# generate(max_new_tokens={w.new_tokens or w.avg_output_tokens}) on batches of "
               f"{w.batch} prompts of {w.prompt_len or w.seq_len or w.avg_prompt_tokens} tokens\n"
               "EOF")
        assumptions.append(_s("transformers", n=n, batch=w.batch, ctx=ctx))
        return "transformers", cmd, "pip install transformers accelerate bitsandbytes", \
            assumptions, warnings
    raise ValueError(_e("no_serving_command", framework=repr(w.framework),
                        choices=", ".join(SERVING_ENGINES)))


ENGINE_NAMES = {"vllm": "vLLM", "sglang": "SGLang"}


def _training_extras(w: Workload, fw: str) -> list[Message]:
    """One short sentence per training option the launcher sets (checkpointing, LoRA, sharding)."""
    out = []
    if w.grad_ckpt:
        out.append(_s("grad_ckpt"))
    if w.lora is not None:
        out.append(_s("lora_rank", n=w.lora.r))
    if w.parallelism.zero_stage:
        out.append(_s("zero_stage", n=w.parallelism.zero_stage))
    elif w.parallelism.fsdp or fw == "fsdp":
        out.append(_s("fsdp"))
    return out


def _training(w: Workload, opt: Option, model: str
              ) -> tuple[str, str, str, list[Message], list[Message]]:
    fw = w.framework.lower()
    n = opt.num_gpus
    seq = w.training_seq_len()
    par = w.parallelism
    assumptions: list[Message] = []
    warnings: list[Message] = []
    lora = w.lora
    if fw in ("transformers", "deepspeed", "fsdp"):
        launch = ["accelerate", "launch", "--num_processes", str(n), "--mixed_precision",
                  w.compute_dtype if w.compute_dtype in ("bf16", "fp16") else "no"]
        if n > 1:
            launch.append("--multi_gpu")
        if par.zero_stage:
            launch += ["--use_deepspeed", "--zero_stage", str(par.zero_stage)]
            if par.cpu_offload:
                launch += ["--offload_optimizer_device", "cpu"]
        elif par.fsdp or fw == "fsdp":
            launch += ["--use_fsdp", "--fsdp_sharding_strategy", "FULL_SHARD"]
        parts = [*launch, "trl/scripts/sft.py", "--model_name_or_path", model, "--dataset_name",
                 "YOUR_DATASET", "--per_device_train_batch_size", str(w.batch), "--max_length",
                 str(seq), "--optim", {"adamw": "adamw_torch", "adamw8bit": "adamw_bnb_8bit",
                                       "paged_adamw8bit": "paged_adamw_8bit", "sgd": "sgd",
                                       "adafactor": "adafactor", "lion": "lion_32bit"}[w.optimizer]]
        if w.compute_dtype in ("bf16", "fp16"):
            parts.append(f"--{w.compute_dtype}")
        if w.grad_ckpt:
            parts.append("--gradient_checkpointing")
        if lora is not None:
            parts += ["--use_peft", "--lora_r", str(lora.r), "--lora_alpha", f"{lora.alpha:g}",
                      "--lora_target_modules", *lora.targets]
        if w.task == "qlora":
            if w.weights_dtype == "nf4":
                parts += ["--load_in_4bit", "--bnb_4bit_quant_type", "nf4"]
            else:
                parts += ["--load_in_8bit"]
        parts += ["--output_dir", "out"]
        assumptions.append(_s("trl", n=n, batch=w.batch, seq=seq, opt=w.optimizer,
                              dtype=w.compute_dtype))
        assumptions += _training_extras(w, fw)
        if w.task == "pretrain":
            warnings.append(_s("pretrain"))
        return "trl", _j(parts), "pip install trl peft accelerate bitsandbytes deepspeed", \
            assumptions, warnings
    if fw == "torchtune":
        kind = {"lora": "lora", "qlora": "lora", "full_ft": "full"}.get(w.task)
        if kind is None:
            raise ValueError(_e("torchtune_tasks", task=repr(w.task)))
        recipe = f"{kind}_finetune_{'distributed' if n > 1 else 'single_device'}"
        cfg = f"YOUR_MODEL/{'qlora' if w.task == 'qlora' else kind}_" \
              f"{'distributed' if n > 1 else 'single_device'}"
        parts = ["tune", "run"] + (["--nproc_per_node", str(n)] if n > 1 else []) + [
            recipe, "--config", cfg, f"batch_size={w.batch}", f"tokenizer.max_seq_len={seq}",
            f"enable_activation_checkpointing={w.grad_ckpt}"]
        if lora is not None:
            parts += [f"model.lora_rank={lora.r}", f"model.lora_alpha={lora.alpha:g}"]
        assumptions.append(_s("torchtune", recipe=recipe, batch=w.batch, seq=seq))
        assumptions += _training_extras(w, fw)
        warnings.append(_s("torchtune_config"))
        return "torchtune", " ".join(parts), "pip install torchtune torchao", assumptions, warnings
    if fw == "litgpt":
        sub = {"lora": "finetune_lora", "qlora": "finetune_lora", "full_ft": "finetune_full",
               "pretrain": "pretrain"}[w.task]
        parts = ["litgpt", sub, model, "--devices", str(n), "--precision",
                 f"{w.compute_dtype}-true" if w.compute_dtype in ("bf16", "fp16") else "32-true",
                 "--train.micro_batch_size", str(w.batch), "--train.max_seq_length", str(seq)]
        if lora is not None:
            parts += ["--lora_r", str(lora.r), "--lora_alpha", f"{lora.alpha:g}"]
        if w.task == "qlora":
            parts += ["--quantize", "bnb.nf4" if w.weights_dtype == "nf4" else "bnb.int8"]
        assumptions.append(_s("litgpt", recipe=sub, n=n, batch=w.batch, seq=seq))
        assumptions += _training_extras(w, fw)
        return "litgpt", _j(parts), 'pip install "litgpt[all]"', assumptions, warnings
    raise ValueError(_e("no_training_launcher", framework=repr(w.framework),
                        choices=", ".join(TRAINING_LAUNCHERS)))


def accelerator_name(gpu_id: str) -> str:
    """SkyPilot / dstack accelerator name of a catalog GPU id (:data:`SKYPILOT_NAMES`).

    Else the id upper-cased with dashes (``rtx_6000_ada`` → ``RTX-6000-ADA``, flagged by the
    callers).
    """
    return SKYPILOT_NAMES.get(gpu_id) or gpu_id.upper().replace("_", "-")


def _skypilot(gpu_id: str, gpu_name: str, count: int, spot: bool, setup: str, run: str
              ) -> tuple[str, list[Message]]:
    name = accelerator_name(gpu_id)
    warnings = []
    check = ""
    if gpu_id not in SKYPILOT_NAMES:
        check = "  # CHECK: name not known to gpupicker, see `sky show-gpus`"
        warnings.append(_s("skypilot_name", gpu=gpu_name, name=name))
    lines = ["# SkyPilot task written by gpupicker: sky launch -c gpupicker task.yaml",
             "resources:", f"  accelerators: {name}:{count}{check}",
             f"  use_spot: {str(spot).lower()}"]
    if setup:
        lines += ["setup: |", f"  {setup}"]
    lines += ["run: |"] + [f"  {line}" for line in run.splitlines()]
    return "\n".join(lines) + "\n", warnings


def _dstack(gpu_id: str, gpu_name: str, mem_gb: int, count: int, spot: bool, setup: str,
            run: str) -> str:
    name = accelerator_name(gpu_id).replace("-80GB", "").replace("-32GB", "")
    cmds = ([setup] if setup else []) + [run.replace(" \\\n  ", " ")]
    lines = ["# dstack task written by gpupicker: dstack apply -f .dstack.yml", "type: task",
             "name: gpupicker-job", 'python: "3.11"', "commands:"]
    for c in cmds:
        if "\n" in c:
            lines.append("  - |")
            lines += [f"    {x}" for x in c.splitlines()]
        else:
            lines.append(f"  - {c}")
    lines += ["resources:", f"  gpu: {name}:{mem_gb}GB:{count}",
              f"spot_policy: {'spot' if spot else 'on-demand'}"]
    return "\n".join(lines) + "\n"


def launch_config(w: Workload, opt: Option, model_ref: str | None = None,
                  gpu_memory_gb: float | None = None) -> LaunchConfig:
    """The command line and cloud YAMLs for running ``w`` on option ``opt``.

    Args:
        w: the workload (model resolved).
        opt: the chosen option (GPU type, count, pricing, memory estimate).
        model_ref: Hugging Face repo or local path (e.g. from
            :func:`model_repo`); ``None`` writes ``YOUR_MODEL`` and warns.
        gpu_memory_gb: the card's memory in GB for the dstack ``gpu`` spec
            (``GpuSpec.memory_gb``; default: the usable capacity in GiB, rounded).

    Raises:
        ValueError: for a framework gpupicker has no launcher for, or image generation.
    """
    if w.task == "image_gen":
        raise ValueError(_e("image_gen"))
    warnings: list[Message] = []
    model = model_ref or "YOUR_MODEL"
    if model_ref is None:
        warnings.append(_s("no_hf_repo"))
    if w.is_training:
        engine, cmd, setup, assumptions, more = _training(w, opt, model)
    else:
        engine, cmd, setup, assumptions, more = _serving(w, opt, model)
    warnings += more
    spot = opt.pricing in ("spot", "interruptible", "preemptible")
    sky, sky_warn = _skypilot(opt.gpu_id, opt.gpu_name, opt.num_gpus, spot, setup, cmd)
    mem_gb = int(round(gpu_memory_gb if gpu_memory_gb else opt.capacity_bytes_per_gpu / 2**30))
    dstack = _dstack(opt.gpu_id, opt.gpu_name, mem_gb, opt.num_gpus, spot, setup, cmd)
    assumptions.append(_s("gpus_at_prices", n=opt.num_gpus, gpu=opt.gpu_name,
                          pricing=_pricing(opt.pricing or "on_demand")))
    return LaunchConfig(engine=engine, command=cmd, setup=setup, skypilot_yaml=sky,
                        dstack_yaml=dstack, assumptions=tuple(assumptions),
                        warnings=tuple(warnings + sky_warn))


__all__ = ["SKYPILOT_NAMES", "LaunchConfig", "hf_repo_from_source", "launch_config", "model_repo"]
