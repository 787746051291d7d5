"""A launch config for a chosen option: the engine's command line and a cloud task YAML.

For serving it writes the vLLM / SGLang / llama.cpp / Ollama command with the
context length, GPU memory fraction, tensor-parallel size, KV-cache format and
quantization the estimate assumed; for training the launcher (TRL ``trl sft``,
torchtune ``tune run``, LitGPT) with batch, sequence length, LoRA rank, precision,
optimizer, gradient checkpointing and sharding; and a SkyPilot and a dstack YAML for the
GPU type and count. A serving plan of several replicas is launched as replicas: each
engine gets the plan's GPUs per replica as its tensor-parallel size, and the YAMLs are a
SkyPilot service (``service.replicas`` with a readiness probe on the engine's port) and a
dstack ``type: service`` with ``replicas`` — or, for plain transformers, which has no
server, one task on as many nodes as replicas.

The YAML is written by PyYAML's safe emitter from plain dicts, never by string
formatting, and every user string in a shell line goes through ``shlex.quote``: a GPU id,
name or model reference, whatever characters it holds, stays one YAML value and one shell
word.

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
* TRL — the ``trl sft`` CLI (https://huggingface.co/docs/trl/clis) with ``--use_peft
  --lora_r --lora_alpha --lora_target_modules --load_in_4bit --bnb_4bit_quant_type``
  (ModelConfig) and the SFTConfig / TrainingArguments fields; the accelerate launch
  arguments it passes on (``--num_processes``, ``--offload_optimizer_device``) and its
  predefined accelerate configs ``--accelerate_config zero1|zero2|zero3|fsdp2``;
* SkyPilot task YAML ``resources.accelerators: NAME:COUNT``, ``use_spot``, ``num_nodes``
  (https://docs.skypilot.co/en/latest/reference/yaml-spec.html) and the service section
  ``service.readiness_probe`` / ``service.replicas`` with ``resources.ports``, launched by
  ``sky serve up`` (https://docs.skypilot.co/en/latest/serving/service-yaml-spec.html);
* dstack ``type: task`` / ``type: service`` with ``resources.gpu: NAME:MEMORY:COUNT``,
  ``spot_policy``, ``nodes``, ``port`` and ``replicas``
  (https://dstack.ai/docs/reference/dstack.yml/task/ and
  https://dstack.ai/docs/reference/dstack.yml/service/);
* The engines' default ports: vLLM 8000, SGLang 30000, llama-server 8080, Ollama 11434;
  readiness paths vLLM ``/v1/models``, SGLang and llama-server ``/health``, Ollama
  ``/api/tags``.

The tools Chinese teams run — LLaMA-Factory, ms-swift, MindSpeed-LLM, LMDeploy,
vllm-ascend and MindIE — are written by :mod:`.launch_cn`, with ModelScope model ids, and
every config carries a ``download`` step (``modelscope download`` or ``hf download`` through
hf-mirror.com). An official AWQ / GPTQ / W8A8 checkpoint of the model
(:data:`.launch_cn.OFFICIAL_QUANT`) is named instead of a placeholder.

A framework, GPU name or format gpupicker does not know how to launch is named in
``warnings`` — never silently replaced.
"""

from __future__ import annotations

import json
import re
import shlex
from typing import Any, NamedTuple

from pydantic import BaseModel, ConfigDict

from ..checks import tensor_parallel_refusal
from ..dtypes import GGUF_TYPES
from ..messages import TEMPLATES, Message, Text, join, msg, verbatim
from ..results import Option
from ..stacks.frameworks import framework_row
from ..units import GiB
from ..workload import Workload
from . import launch_cn
from .launch_text import error as _e
from .launch_text import joined as _j
from .launch_text import sentence as _s
from .launch_text import to_yaml

SKYPILOT_NAMES: dict[str, str] = {
    "h200_sxm": "H200",
    "h100_sxm": "H100",
    "h100_pcie": "H100",
    "b200": "B200",
    "a100_sxm_80gb": "A100-80GB",
    "a100_pcie_80gb": "A100-80GB",
    "a100_sxm_40gb": "A100",
    "a100_pcie_40gb": "A100",
    "l40s": "L40S",
    "l40": "L40",
    "l4": "L4",
    "a10g": "A10G",
    "a10": "A10",
    "a40": "A40",
    "t4": "T4",
    "v100_sxm2_16gb": "V100",
    "v100_pcie_16gb": "V100",
    "v100_sxm2_32gb": "V100-32GB",
    "rtx_a6000": "RTXA6000",
    "rtx_4090": "RTX4090",
    "rtx_3090": "RTX3090",
    "mi300x": "MI300X",
}
"""Catalog GPU id → SkyPilot accelerator name (``sky show-gpus``); others are warned about."""

TRAINING_LAUNCHERS = (
    "transformers",
    "deepspeed",
    "fsdp",
    "torchtune",
    "litgpt",
    "llama-factory",
    "ms-swift",
    "mindspeed",
)
SERVING_ENGINES = (
    "vllm",
    "sglang",
    "llama.cpp",
    "ollama",
    "transformers",
    "lmdeploy",
    "vllm-ascend",
    "mindie",
)
SERVER_PORTS: dict[str, tuple[int, str]] = {
    "vllm": (8000, "/v1/models"),
    "sglang": (30000, "/health"),
    "llama.cpp": (8080, "/health"),
    "ollama": (11434, "/api/tags"),
    "lmdeploy": (23333, "/v1/models"),
    "vllm-ascend": (8000, "/v1/models"),
}
"""Engine → (port, readiness path) of its HTTP server (the engines' defaults, module docstring)."""
READINESS_DELAY_S = 1200
"""Seconds SkyServe ignores failed probes after a replica starts: SkyPilot's documented
default (20 minutes), room for downloading and loading the weights."""


class LaunchConfig(BaseModel):
    """How to start the chosen option.

    Attributes:
        engine: the engine or launcher named (``vllm``, ``trl``, ``torchtune`` …).
        command: the shell command (or a short Python snippet for plain transformers); a
            config file the tool reads is written by the command itself (a heredoc).
        setup: the install line the YAMLs run first.
        download: the shell lines that fetch the weights (ModelScope, else Hugging Face
            through hf-mirror.com); empty when the catalog names no repo.
        skypilot_yaml, dstack_yaml: task (or service) files for the GPU type and count.
        replicas, gpus_per_replica: engine instances launched and GPUs each (the serving
            plan's; 1 × all GPUs otherwise); the tensor-parallel size is ``gpus_per_replica``.
        assumptions: what the command assumes (context, memory fraction, TP …).
        warnings: anything gpupicker could not translate (named, not guessed).
    """

    model_config = ConfigDict(frozen=True)

    engine: str
    command: str
    setup: str = ""
    download: str = ""
    skypilot_yaml: str = ""
    dstack_yaml: str = ""
    replicas: int = 1
    gpus_per_replica: int = 1
    assumptions: tuple[Text, ...] = ()
    warnings: tuple[Text, ...] = ()


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


def _vllm_speculative(w: Workload) -> list[str]:
    """``--speculative-config`` for the workload's speculative decoding.

    vLLM ``SpeculativeConfig``: ``method`` mtp / eagle / ngram, ``model`` the draft,
    ``num_speculative_tokens``.
    """
    spec = w.speculative
    if spec is None:
        return []
    cfg: dict[str, object] = {"num_speculative_tokens": spec.tokens}
    if spec.method in ("mtp", "ngram", "eagle"):
        cfg["method"] = spec.method
    if spec.method == "ngram":
        cfg["prompt_lookup_max"] = 4
    if spec.method in ("draft", "eagle"):
        cfg["model"] = spec.draft_model or "YOUR_EAGLE_HEAD"
    return ["--speculative-config", json.dumps(cfg)]


def _sglang_speculative(w: Workload) -> list[str]:
    """SGLang's ``--speculative-algorithm`` (NEXTN / EAGLE / NGRAM / STANDALONE) arguments."""
    spec = w.speculative
    if spec is None:
        return []
    algo = {"mtp": "NEXTN", "eagle": "EAGLE", "ngram": "NGRAM", "draft": "STANDALONE"}
    parts = ["--speculative-algorithm", algo[spec.method], "--speculative-num-steps", str(spec.tokens)]
    if spec.method in ("draft", "eagle"):
        parts += ["--speculative-draft-model-path", spec.draft_model or "YOUR_EAGLE_HEAD"]
    return parts


_HUB_ID = re.compile(r"[A-Za-z0-9][\w.-]*/[\w.-]+")
"""A Hugging Face / ModelScope repository id (``org/name``), as the catalog stores them."""


class _Refs(NamedTuple):
    """The model's repository ids and family, and whether the option is an Ascend NPU."""

    hf_repo: str | None
    modelscope_id: str | None
    family: str | None
    npu: bool


def _canonical(framework: str) -> str:
    """The framework's table name (``swift`` → ``ms-swift``); an unknown one lower-cased."""
    try:
        return framework_row(framework).name
    except ValueError:
        return framework.strip().lower()


def _prequantized(
    w: Workload, quant: str, model: str, warnings: list[Message], assumptions: list[Message]
) -> tuple[str, str | None]:
    """(model to serve, its repo to download) for AWQ/GPTQ weights.

    AWQ/GPTQ weights come from a checkpoint quantized that way: the catalog's repo holds
    16-bit weights, and ``vllm serve <it> --quantization awq`` fails at start. The official
    export (launch_cn.OFFICIAL_QUANT) is named when there is one, else a placeholder with a
    warning.
    """
    method = quant.split("_")[0]
    official = launch_cn.official_quant(w.model_id, method)
    if official is not None:
        assumptions.append(_s("official_quant", method=method.upper(), repo=official))
        return official, official
    warnings.append(_s("prequantized", method=method.upper(), repo=model))
    return f"YOUR_{method.upper()}_CHECKPOINT", None


def _seqs(w: Workload, opt: Option) -> int:
    """Sequences a server batches at once: what the estimate's KV pool holds, else the batch."""
    return opt.memory.max_concurrent_seqs or max(w.batch, 1)


def _serving(
    w: Workload, opt: Option, model: str, n: int, served: bool, refs: _Refs
) -> tuple[str, str, str, list[Message], list[Message], str | None]:
    """(engine, command, setup, assumptions, warnings, repo to download) on ``n`` GPUs.

    One engine instance. ``served``: the instance is a replica of a service, so the server listens on all
    interfaces at its :data:`SERVER_PORTS` port.

    Raises:
        ValueError: a tensor-parallel size vLLM/SGLang refuses (checks.tensor_parallel_refusal),
            a weights format an Ascend server does not load, or an engine with no serving
            command.
    """
    fw = _canonical(w.framework)
    ctx = w.context_tokens()
    assumptions: list[Message] = []
    warnings: list[Message] = []
    fetch = refs.hf_repo
    if fw in ("vllm-ascend", "mindie") or (fw == "vllm" and refs.npu):
        fmt, official = launch_cn.ascend_quant(w, w.model_id)
        if fmt is not None:
            if official is not None:
                assumptions.append(_s("official_quant", method=fmt.upper(), repo=official))
                model = fetch = official
            else:
                warnings.append(_s("modelslim", fmt=fmt.upper(), repo=model))
                model, fetch = f"YOUR_{fmt.upper()}_CHECKPOINT", None
        elif refs.modelscope_id:
            model = refs.modelscope_id
        if w.model is not None and (refusal := tensor_parallel_refusal(w.model, n)) is not None:
            raise ValueError(_e("tp_refused", engine=ENGINE_NAMES.get(fw, fw), n=n, error=refusal))
        if fw == "mindie":
            where = launch_cn.local_dir(model) if "/" in model else model
            cmd, setup, a, more, _ = launch_cn.mindie(w, n, where, w.model_id or "model", _seqs(w, opt))
            return "mindie", cmd, setup, assumptions + a, warnings + more, fetch
        if fmt is not None:
            assumptions.append(_s("quantization", quant="ascend"))
        on_ms = model == refs.modelscope_id or (fmt is not None and model == fetch)
        cmd, setup, a, more = launch_cn.vllm_ascend(w, n, model, fmt, served, on_ms)
        return "vllm-ascend", cmd, setup, assumptions + a, warnings + more, fetch
    if fw == "lmdeploy":
        quant, warn = _vllm_quant(w)
        if warn:
            warnings.append(warn)
        if quant not in (None, "awq"):
            raise ValueError(_e("lmdeploy_format", dtype=w.weights_dtype, method=str(quant)))
        if quant == "awq" and "/" in model:
            model, fetch = _prequantized(w, quant, model, warnings, assumptions)
        elif refs.modelscope_id and "/" in model:
            model = refs.modelscope_id
        on_ms = model == refs.modelscope_id or (quant == "awq" and model == fetch)
        cmd, setup, a, more = launch_cn.lmdeploy(w, n, model, quant, served, _seqs(w, opt), on_ms)
        return "lmdeploy", cmd, setup, assumptions + a, warnings + more, fetch
    if fw in ("vllm", "sglang"):
        quant, warn = _vllm_quant(w)
        if warn:
            warnings.append(warn)
        if quant in ("awq", "gptq", "awq_marlin", "gptq_marlin") and "/" in model:
            model, fetch = _prequantized(w, quant, model, warnings, assumptions)
        kv = w.kv_cache_dtype
        if w.model is not None and (refusal := tensor_parallel_refusal(w.model, n)) is not None:
            raise ValueError(_e("tp_refused", engine=ENGINE_NAMES[fw], n=n, error=refusal))
        port = ["--host", "0.0.0.0", "--port", str(SERVER_PORTS[fw][0])] if served else []
        if fw == "vllm":
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
                parts += ["--quantization", quant]
            if kv.startswith("fp8"):
                parts += ["--kv-cache-dtype", "fp8"]
            elif kv == "nvfp4":
                parts += ["--kv-cache-dtype", "nvfp4"]
            parts += _vllm_speculative(w)
            setup = "pip install vllm"
        else:
            parts = [
                "python",
                "-m",
                "sglang.launch_server",
                "--model-path",
                model,
                "--context-length",
                str(ctx),
                "--mem-fraction-static",
                f"{w.gpu_memory_utilization:.2f}",
                "--tp-size",
                str(n),
            ]
            if quant:
                parts += ["--quantization", quant]
            if kv.startswith("fp8"):
                parts += ["--kv-cache-dtype", "fp8_e5m2"]
            parts += _sglang_speculative(w)
            setup = 'pip install "sglang[all]"'
        parts += port
        assumptions.append(
            _s(
                "serving",
                engine=ENGINE_NAMES[fw],
                ctx=ctx,
                frac=f"{w.gpu_memory_utilization:.2f}",
                n=n,
                kv=kv,
            )
        )
        if quant:
            assumptions.append(_s("quantization", quant=quant))
        if opt.memory.max_concurrent_seqs:
            assumptions.append(_s("kv_pool_holds", n=opt.memory.max_concurrent_seqs))
        return fw, _j(parts), setup, assumptions, warnings, fetch
    if fw in ("llama.cpp", "ollama") or w.weights_dtype in GGUF_TYPES:
        L = (w.model.num_hidden_layers if w.model is not None else 0) or 999
        # every layer on the GPU(s): -ngl counts the output layer too (llama.cpp load_tensors:
        # act_gpu_layers = min(n_gpu_layers, n_layer + 1); -ngl n_layer leaves it on the CPU)
        ngl = opt.memory.gpu_layers if opt.memory.gpu_layers is not None else L + 1
        n_ctx = ctx * w.batch
        kv = w.kv_cache_dtype if w.kv_cache_dtype != "bf16" else "f16"
        # the GGUF type the memory estimate used (memory.llamacpp.llamacpp_memory: GGUF types and 16/32-bit
        # as given, anything else read as Q4_K_M)
        wdt = w.weights_dtype
        quant = (
            wdt.upper()
            if wdt in GGUF_TYPES
            else {"fp16": "F16", "bf16": "BF16", "fp32": "F32"}.get(wdt, "Q4_K_M")
        )
        if wdt not in GGUF_TYPES and wdt not in ("fp16", "bf16", "fp32"):
            warnings.append(_s("no_gguf_type", dtype=wdt))
        if fw == "ollama":
            env = [f"OLLAMA_CONTEXT_LENGTH={ctx}", f"OLLAMA_NUM_PARALLEL={w.batch}"]
            if kv in ("q8_0", "q4_0"):
                env += ["OLLAMA_FLASH_ATTENTION=1", f"OLLAMA_KV_CACHE_TYPE={kv}"]
            if served:  # a replica: the server listens on all interfaces and keeps running
                env.append(f"OLLAMA_HOST=0.0.0.0:{SERVER_PORTS['ollama'][0]}")
                cmd = " ".join(env) + " ollama serve &\nollama pull " + shlex.quote(model) + "\nwait"
            else:
                cmd = " ".join(env) + " ollama serve &\nollama run " + shlex.quote(model)
            assumptions.append(_s("ollama", ctx=ctx, n=w.batch, quant=quant, kv=kv))
            if opt.memory.cards:
                warnings.append(_s("ollama_no_split"))
            warnings.append(_s("ollama_tag", quant=quant))
            return "ollama", cmd, "curl -fsSL https://ollama.com/install.sh | sh", assumptions, warnings, None
        cards = opt.memory.cards
        parts = [
            "llama-server",
            "-m",
            f"{model.split('/')[-1]}.{quant}.gguf",
            "-c",
            str(n_ctx),
            "-ngl",
            str(ngl),
            "--parallel",
            str(w.batch),
        ]
        if cards:
            # unlike cards (core.memory.mixed): the devices in the job's order and the split
            # that gives each card its layers
            devices = ",".join(str(c.index) for c in cards)
            parts = ["CUDA_DEVICE_ORDER=PCI_BUS_ID", f"CUDA_VISIBLE_DEVICES={devices}", *parts]
            split = ",".join(f"{x:g}" for x in opt.memory.tensor_split)
            parts += ["--tensor-split", split]
            assumptions.append(_s("mixed_split", cards=opt.gpu_name, split=split))
            assumptions.append(_s("mixed_devices", devices=devices))
        place = opt.memory.placement
        if place is not None and place.n_cpu_moe:
            parts += ["--n-cpu-moe", str(place.n_cpu_moe)]
            assumptions.append(
                _s(
                    "n_cpu_moe",
                    n=place.n_cpu_moe,
                    layers=place.moe_layers_on_host,
                    gib=f"{place.host_expert_bytes / GiB:.1f}",
                    ram=f"{place.ram_need_bytes / GiB:.1f}",
                )
            )
        if place is not None and place.kv_on_host:
            parts += ["--no-kv-offload"]
            assumptions.append(_s("no_kv_offload", gib=f"{place.host_kv_bytes / GiB:.1f}"))
        if n > 1:
            parts += ["-sm", "layer"]
        if kv in ("q8_0", "q4_0"):
            parts += ["-fa", "on", "-ctk", kv, "-ctv", kv]
        if served:
            parts += ["--host", "0.0.0.0", "--port", str(SERVER_PORTS["llama.cpp"][0])]
        assumptions.append(_s("llamacpp", n_ctx=n_ctx, n=w.batch, ctx=ctx, ngl=ngl, quant=quant, kv=kv))
        if n > 1:
            assumptions.append(_s("layer_split", n=n))
        warnings.append(_s("gguf_placeholder"))
        return "llama.cpp", _j(parts), "", assumptions, warnings, None
    if fw == "transformers":
        qline = ""
        if w.weights_dtype == "nf4":
            qline = (
                "    quantization_config=BitsAndBytesConfig(load_in_4bit=True, "
                "bnb_4bit_quant_type='nf4', bnb_4bit_compute_dtype=torch.bfloat16),\n"
            )
        elif w.weights_dtype == "int8":
            qline = "    quantization_config=BitsAndBytesConfig(load_in_8bit=True),\n"
        cmd = (
            "python - <<'EOF'\nimport torch\nfrom transformers import AutoModelForCausalLM, "
            "AutoTokenizer, BitsAndBytesConfig\n"
            f"tok = AutoTokenizer.from_pretrained({model!r})\n"
            f"model = AutoModelForCausalLM.from_pretrained({model!r}, dtype=torch.bfloat16,\n"
            f"{qline}    device_map='auto')\n"
            f"# generate(max_new_tokens={w.new_tokens or w.avg_output_tokens}) on batches of "
            f"{w.batch} prompts of {w.prompt_len or w.seq_len or w.avg_prompt_tokens} tokens\n"
            "EOF"
        )
        assumptions.append(_s("transformers", n=n, batch=w.batch, ctx=ctx))
        return (
            "transformers",
            cmd,
            "pip install transformers accelerate bitsandbytes",
            assumptions,
            warnings,
            fetch,
        )
    raise ValueError(
        _e(
            "no_serving_command",
            framework=repr(w.framework),
            choices=join([verbatim(x) for x in SERVING_ENGINES], "list"),
        )
    )


ENGINE_NAMES = {
    "vllm": "vLLM",
    "sglang": "SGLang",
    "vllm-ascend": "vllm-ascend",
    "mindie": "MindIE",
    "lmdeploy": "LMDeploy",
}


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


def _training(
    w: Workload, opt: Option, model: str, refs: _Refs
) -> tuple[str, str, str, list[Message], list[Message]]:
    fw = _canonical(w.framework)
    n = opt.num_gpus
    hub = refs.modelscope_id or model
    if fw == "llama-factory":
        cmd, setup, a, more, _ = launch_cn.llama_factory(
            w, n, hub, refs.family, refs.npu, refs.modelscope_id is not None
        )
        return "llama-factory", cmd, setup, a, more
    if fw == "ms-swift":
        # a Hugging Face repo only: ms-swift reads it from there with --use_hf true
        use_hf = refs.modelscope_id is None and "/" in model
        cmd, setup, a, more = launch_cn.ms_swift(w, n, hub, use_hf)
        return "ms-swift", cmd, setup, a, more
    if fw == "mindspeed":
        if not refs.npu:  # MindSpeed-LLM is Megatron on torch_npu: it needs CANN
            raise ValueError(_e("mindspeed_npu", gpu=opt.gpu_name))
        where = launch_cn.local_dir(hub) if "/" in hub else hub
        cmd, setup, a, more = launch_cn.mindspeed(w, n, where)
        return "mindspeed", cmd, setup, a, more
    seq = w.training_seq_len()
    par = w.parallelism
    assumptions: list[Message] = []
    warnings: list[Message] = []
    lora = w.lora
    if fw in ("transformers", "deepspeed", "fsdp"):
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
        assumptions.append(_s("trl", n=n, batch=w.batch, seq=seq, opt=w.optimizer, dtype=w.compute_dtype))
        assumptions += _training_extras(w, fw)
        if w.task == "pretrain":
            warnings.append(_s("pretrain"))
        return (
            "trl",
            _j(parts),
            "pip install trl peft accelerate bitsandbytes deepspeed",
            assumptions,
            warnings,
        )
    if fw == "torchtune":
        kind = {"lora": "lora", "qlora": "lora", "full_ft": "full"}.get(w.task)
        if kind is None:
            raise ValueError(_e("torchtune_tasks", task=repr(w.task)))
        recipe = f"{kind}_finetune_{'distributed' if n > 1 else 'single_device'}"
        cfg = (
            f"YOUR_MODEL/{'qlora' if w.task == 'qlora' else kind}_"
            f"{'distributed' if n > 1 else 'single_device'}"
        )
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
        assumptions.append(_s("torchtune", recipe=recipe, batch=w.batch, seq=seq))
        assumptions += _training_extras(w, fw)
        warnings.append(_s("torchtune_config"))
        return "torchtune", " ".join(parts), "pip install torchtune torchao", assumptions, warnings
    if fw == "litgpt":
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
            f"{w.compute_dtype}-true" if w.compute_dtype in ("bf16", "fp16") else "32-true",
            "--train.micro_batch_size",
            str(w.batch),
            "--train.max_seq_length",
            str(seq),
        ]
        if lora is not None:
            parts += ["--lora_r", str(lora.r), "--lora_alpha", f"{lora.alpha:g}"]
        if w.task == "qlora":
            parts += ["--quantize", "bnb.nf4" if w.weights_dtype == "nf4" else "bnb.int8"]
        assumptions.append(_s("litgpt", recipe=sub, n=n, batch=w.batch, seq=seq))
        assumptions += _training_extras(w, fw)
        return "litgpt", _j(parts), 'pip install "litgpt[all]"', assumptions, warnings
    raise ValueError(
        _e(
            "no_training_launcher",
            framework=repr(w.framework),
            choices=join([verbatim(x) for x in TRAINING_LAUNCHERS], "list"),
        )
    )


def accelerator_name(gpu_id: str) -> str:
    """SkyPilot / dstack accelerator name of a catalog GPU id (:data:`SKYPILOT_NAMES`).

    Else the id upper-cased with dashes (``rtx_6000_ada`` → ``RTX-6000-ADA``, flagged by the
    callers).
    """
    return SKYPILOT_NAMES.get(gpu_id) or gpu_id.upper().replace("_", "-")


def _skypilot(
    gpu_id: str,
    gpu_name: str,
    count: int,
    spot: bool,
    setup: str,
    run: str,
    replicas: int,
    service: tuple[int, str] | None,
) -> tuple[str, list[Message]]:
    """The SkyPilot YAML and its warnings.

    A task of ``replicas`` node(s) (``num_nodes``) of ``count`` GPUs, or with ``service`` =
    (port, readiness path) a SkyServe service of ``replicas`` replicas.
    """
    name = accelerator_name(gpu_id)
    warnings = []
    header = (
        "# SkyPilot service written by gpupicker: sky serve up task.yaml\n"
        if service
        else "# SkyPilot task written by gpupicker: sky launch -c gpupicker task.yaml\n"
    )
    if gpu_id not in SKYPILOT_NAMES:
        header += "# CHECK: the accelerator name is not known to gpupicker, see `sky show-gpus`\n"
        warnings.append(_s("skypilot_name", gpu=gpu_name, name=name))
    doc: dict[str, Any] = {}
    resources: dict[str, Any] = {"accelerators": f"{name}:{count}", "use_spot": spot}
    if service is not None:
        doc["service"] = {
            "readiness_probe": {"path": service[1], "initial_delay_seconds": READINESS_DELAY_S},
            "replicas": replicas,
        }
        resources["ports"] = service[0]
    doc["resources"] = resources
    if service is None and replicas > 1:
        doc["num_nodes"] = replicas
    if setup:
        doc["setup"] = setup + "\n"
    doc["run"] = run + "\n"
    return to_yaml(header, doc), warnings


def _dstack(
    gpu_id: str,
    mem_gb: int,
    count: int,
    spot: bool,
    setup: str,
    run: str,
    replicas: int,
    service: tuple[int, str] | None,
) -> str:
    """The dstack YAML.

    A task (``nodes`` = ``replicas`` when more than one) or, with ``service`` = (port,
    readiness path), a service of ``replicas`` replicas on that port.
    """
    name = accelerator_name(gpu_id).replace("-80GB", "").replace("-32GB", "")
    cmds = ([setup] if setup else []) + [run.replace(" \\\n  ", " ")]
    header = "# dstack {} written by gpupicker: dstack apply -f .dstack.yml\n".format(
        "service" if service else "task"
    )
    doc: dict[str, Any] = {
        "type": "service" if service else "task",
        "name": "gpupicker-service" if service else "gpupicker-job",
        "python": "3.11",
        "commands": cmds,
    }
    if service is not None:
        doc["port"] = service[0]
        doc["replicas"] = replicas
    elif replicas > 1:
        doc["nodes"] = replicas
    doc["resources"] = {"gpu": f"{name}:{mem_gb}GB:{count}"}
    doc["spot_policy"] = "spot" if spot else "on-demand"
    return to_yaml(header, doc)


def launch_config(
    w: Workload,
    opt: Option,
    model_ref: str | None = None,
    gpu_memory_gb: float | None = None,
    *,
    modelscope_id: str | None = None,
    family: str | None = None,
) -> LaunchConfig:
    """The command line and cloud YAMLs for running ``w`` on option ``opt``.

    Args:
        w: the workload (model resolved).
        opt: the chosen option (GPU type, count, pricing, memory estimate).
        model_ref: Hugging Face repo or local path (e.g. from
            :func:`model_repo`); ``None`` writes ``YOUR_MODEL`` and warns.
        gpu_memory_gb: the card's memory in GB for the dstack ``gpu`` spec
            (``GpuSpec.memory_gb``; default: the usable capacity in GiB, rounded).
        modelscope_id: the model's ModelScope id (``CatalogModel.modelscope_id``): the
            download step and the ModelScope-first tools (launch_cn) name it.
        family: the catalog model family (LLaMA-Factory's chat template is chosen by it).

    Raises:
        ValueError: for a framework gpupicker has no launcher for, image generation, a
            tensor-parallel size the engine refuses, a weights format the engine does not
            load, or a serving plan whose replicas × GPUs per replica is not the option's
            GPU count. Its ``args[0]`` is the Message (core.messages.error_message).
    """
    if w.task == "image_gen":
        raise ValueError(_e("image_gen"))
    warnings: list[Message] = []
    model = model_ref or "YOUR_MODEL"
    if model_ref is None:
        warnings.append(_s("no_hf_repo"))
    plan = opt.serving
    replicas = plan.replicas if plan is not None and not w.is_training else 1
    per = plan.gpus_per_replica if plan is not None and not w.is_training else opt.num_gpus
    if replicas * per != opt.num_gpus:
        raise ValueError(_e("plan_gpus", replicas=replicas, per=per, n=opt.num_gpus))
    service: tuple[int, str] | None = None
    npu = "ascend" in opt.gpu_id.lower() or "ascend" in opt.gpu_name.lower()
    # a download step only for a hub id (org/name); a local path or anything else is used as
    # given by the command, with nothing to fetch
    refs = _Refs(
        model_ref if model_ref and _HUB_ID.fullmatch(model_ref) else None,
        modelscope_id if modelscope_id and _HUB_ID.fullmatch(modelscope_id) else None,
        family,
        npu,
    )
    fetch = refs.hf_repo
    if w.is_training:
        engine, cmd, setup, assumptions, more = _training(w, opt, model, refs)
    else:
        served = plan is not None and _canonical(w.framework) in SERVER_PORTS
        engine, cmd, setup, assumptions, more, fetch = _serving(w, opt, model, per, served, refs)
        if served:
            service = SERVER_PORTS[engine]
            assumptions.append(_s("service", replicas=replicas, n=per, port=service[0], path=service[1]))
        elif replicas > 1:
            assumptions.append(_s("replica_nodes", replicas=replicas, n=per))
    warnings += more
    if fetch is None:
        download = ""
    elif fetch == refs.hf_repo:
        download = launch_cn.download_step(refs.hf_repo, refs.modelscope_id)
    elif fetch.startswith("vllm-ascend/"):  # published on ModelScope only
        download = launch_cn.download_step(None, fetch)
    else:  # an official Qwen export: the same id on both hubs
        download = launch_cn.download_step(fetch, fetch)
    first = next((line for line in download.split("\n") if line and not line.startswith("#")), "")
    if first:  # the YAMLs run on a fresh machine: install the download tool first
        first = (
            "pip install modelscope && "
            if first.startswith("modelscope")
            else "pip install huggingface_hub && "
        ) + first
    yaml_setup = "\n".join(x for x in (setup, first) if x)
    spot = opt.pricing in ("spot", "interruptible", "preemptible")
    if opt.memory.cards:
        # the user's own machine of unlike cards: no cloud sells it, so no cloud task
        sky = dstack = f"# {_e('machine_no_cloud', machine=opt.gpu_name)}\n"
        sky_warn: list[Message] = []
        assumptions.append(
            _s("machine_at_prices", machine=opt.gpu_name, pricing=_pricing(opt.pricing or "owned"))
        )
    else:
        sky, sky_warn = _skypilot(opt.gpu_id, opt.gpu_name, per, spot, yaml_setup, cmd, replicas, service)
        mem_gb = int(round(gpu_memory_gb if gpu_memory_gb else opt.capacity_bytes_per_gpu / 2**30))
        dstack = _dstack(opt.gpu_id, mem_gb, per, spot, yaml_setup, cmd, replicas, service)
        assumptions.append(
            _s(
                "gpus_at_prices",
                n=opt.num_gpus,
                gpu=opt.gpu_name,
                pricing=_pricing(opt.pricing or "on_demand"),
            )
        )
    return LaunchConfig(
        engine=engine,
        command=cmd,
        setup=setup,
        download=download,
        skypilot_yaml=sky,
        dstack_yaml=dstack,
        replicas=replicas,
        gpus_per_replica=per,
        assumptions=tuple(assumptions),
        warnings=tuple(warnings + sky_warn),
    )


__all__ = [
    "SERVER_PORTS",
    "SKYPILOT_NAMES",
    "LaunchConfig",
    "hf_repo_from_source",
    "launch_config",
    "model_repo",
    "to_yaml",
]
