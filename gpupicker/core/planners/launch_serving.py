"""The serving command of a launch config: the engine's command line for one instance.

vLLM / SGLang / llama.cpp / Ollama / plain transformers with the context length, GPU memory
fraction, tensor-parallel size, KV-cache format and quantization the estimate assumed; LMDeploy,
vllm-ascend and MindIE through :mod:`.launch_cn_serving`. Every user string in a shell line goes
through ``shlex.quote``.

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
* The engines' default ports: vLLM 8000, SGLang 30000, llama-server 8080, Ollama 11434;
  readiness paths vLLM ``/v1/models``, SGLang and llama-server ``/health``, Ollama
  ``/api/tags``.
"""

from __future__ import annotations

import json
import shlex

from ..checks import tensor_parallel_refusal
from ..dtypes import GGUF_TYPES
from ..messages import Message, join, verbatim
from ..results import Option
from ..stacks.serving_flags import SERVING_FLAGS
from ..units import GiB
from ..workload import Workload
from . import launch_cn_serving, launch_hub
from .launch_refs import Refs, canonical
from .launch_text import error as _e
from .launch_text import joined as _j
from .launch_text import sentence as _s

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
            return None, _s("launch_config.unknown_quant_method", method=str(w.quant_method))
        return method, None if w.quant_method else _s("launch_config.int4_awq")
    return None, _s("launch_config.no_quantization_flag", dtype=dt)


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


def _prequantized(
    w: Workload, quant: str, model: str, warnings: list[Message], assumptions: list[Message]
) -> tuple[str, str | None]:
    """(model to serve, its repo to download) for AWQ/GPTQ weights.

    AWQ/GPTQ weights come from a checkpoint quantized that way: the catalog's repo holds
    16-bit weights, and ``vllm serve <it> --quantization awq`` fails at start. The official
    export (launch_hub.OFFICIAL_QUANT) is named when there is one, else a placeholder with a
    warning.
    """
    method = quant.split("_")[0]
    official = launch_hub.official_quant(w.model_id, method)
    if official is not None:
        assumptions.append(_s("launch_config.official_quant", method=method.upper(), repo=official))
        return official, official
    warnings.append(_s("launch_config.prequantized", method=method.upper(), repo=model))
    return f"YOUR_{method.upper()}_CHECKPOINT", None


def _seqs(w: Workload, opt: Option) -> int:
    """Sequences a server batches at once: what the estimate's KV pool holds, else the batch."""
    return opt.memory.max_concurrent_seqs or max(w.batch, 1)


Served = tuple[str, str, str, list[Message], list[Message], str | None]
"""(engine, command, setup, assumptions, warnings, repo to download) of one engine instance."""


def serving(w: Workload, opt: Option, model: str, n: int, served: bool, refs: Refs) -> Served:
    """(engine, command, setup, assumptions, warnings, repo to download) on ``n`` GPUs.

    One engine instance. ``served``: the instance is a replica of a service, so the server listens on all
    interfaces at its :data:`SERVER_PORTS` port.

    Raises:
        ValueError: a tensor-parallel size vLLM/SGLang refuses (checks.tensor_parallel_refusal),
            a weights format an Ascend server does not load, or an engine with no serving
            command.
    """
    fw = canonical(w.framework)
    if fw in ("vllm-ascend", "mindie") or (fw == "vllm" and refs.npu):
        return _ascend_server(w, opt, model, n, served, refs, fw)
    if fw == "lmdeploy":
        return _lmdeploy_server(w, opt, model, n, served, refs)
    if fw in ("vllm", "sglang"):
        return _vllm_or_sglang(w, opt, model, n, served, refs, fw)
    if fw == "ollama":
        return _ollama(w, opt, model, served)
    if fw == "llama.cpp" or w.weights_dtype in GGUF_TYPES:
        return _llama_server(w, opt, model, n, served)
    if fw == "transformers":
        return _transformers_generate(w, model, n, refs.hf_repo)
    raise ValueError(
        _e(
            "launch_config.no_serving_command",
            framework=repr(w.framework),
            choices=join([verbatim(x) for x in SERVING_ENGINES], "list"),
        )
    )


def _ascend_server(w: Workload, opt: Option, model: str, n: int, served: bool, refs: Refs, fw: str) -> Served:
    """vllm-ascend or MindIE on ``n`` NPUs: msModelSlim weights, the ModelScope id, HCCS tensor parallel.

    Raises:
        ValueError: a weights format the Ascend servers do not load, or a tensor-parallel size
            the model's heads cannot be split by.
    """
    assumptions: list[Message] = []
    warnings: list[Message] = []
    fetch = refs.hf_repo
    fmt, official = launch_cn_serving.ascend_quant(w, w.model_id)
    if fmt is not None:
        if official is not None:
            assumptions.append(_s("launch_config.official_quant", method=fmt.upper(), repo=official))
            model = fetch = official
        else:
            warnings.append(_s("launch_config.modelslim", fmt=fmt.upper(), repo=model))
            model, fetch = f"YOUR_{fmt.upper()}_CHECKPOINT", None
    elif refs.modelscope_id:
        model = refs.modelscope_id
    if w.model is not None and (refusal := tensor_parallel_refusal(w.model, n)) is not None:
        raise ValueError(_e("launch_config.tp_refused", engine=ENGINE_NAMES.get(fw, fw), n=n, error=refusal))
    if fw == "mindie":
        where = launch_hub.local_dir(model) if "/" in model else model
        cmd, setup, a, more, _ = launch_cn_serving.mindie(w, n, where, w.model_id or "model", _seqs(w, opt))
        return "mindie", cmd, setup, assumptions + a, warnings + more, fetch
    if fmt is not None:
        assumptions.append(_s("launch_config.quantization", quant="ascend"))
    on_ms = model == refs.modelscope_id or (fmt is not None and model == fetch)
    cmd, setup, a, more = launch_cn_serving.vllm_ascend(w, n, model, fmt, served, on_ms)
    return "vllm-ascend", cmd, setup, assumptions + a, warnings + more, fetch


def _lmdeploy_server(w: Workload, opt: Option, model: str, n: int, served: bool, refs: Refs) -> Served:
    """LMDeploy's TurboMind server: 16-bit or AWQ weights, the ModelScope id where there is one.

    Raises:
        ValueError: a weights format TurboMind does not load (anything but 16-bit and AWQ).
    """
    assumptions: list[Message] = []
    warnings: list[Message] = []
    fetch = refs.hf_repo
    quant, warn = _vllm_quant(w)
    if warn:
        warnings.append(warn)
    if quant not in (None, "awq"):
        raise ValueError(_e("launch_config.lmdeploy_format", dtype=w.weights_dtype, method=str(quant)))
    if quant == "awq" and "/" in model:
        model, fetch = _prequantized(w, quant, model, warnings, assumptions)
    elif refs.modelscope_id and "/" in model:
        model = refs.modelscope_id
    on_ms = model == refs.modelscope_id or (quant == "awq" and model == fetch)
    cmd, setup, a, more = launch_cn_serving.lmdeploy(w, n, model, quant, served, _seqs(w, opt), on_ms)
    return "lmdeploy", cmd, setup, assumptions + a, warnings + more, fetch


def _vllm_or_sglang(
    w: Workload, opt: Option, model: str, n: int, served: bool, refs: Refs, fw: str
) -> Served:
    """``vllm serve`` or SGLang's ``launch_server``: the estimate's context, memory share, TP, formats.

    Raises:
        ValueError: a tensor-parallel size the engine refuses (checks.tensor_parallel_refusal).
    """
    ctx = w.context_tokens()
    assumptions: list[Message] = []
    warnings: list[Message] = []
    fetch = refs.hf_repo
    quant, warn = _vllm_quant(w)
    if warn:
        warnings.append(warn)
    if quant in ("awq", "gptq", "awq_marlin", "gptq_marlin") and "/" in model:
        model, fetch = _prequantized(w, quant, model, warnings, assumptions)
    kv = w.kv_cache_dtype
    if w.model is not None and (refusal := tensor_parallel_refusal(w.model, n)) is not None:
        raise ValueError(_e("launch_config.tp_refused", engine=ENGINE_NAMES[fw], n=n, error=refusal))
    port = ["--host", "0.0.0.0", "--port", str(SERVER_PORTS[fw][0])] if served else []
    if fw == "vllm":
        parts = [
            "vllm",
            "serve",
            model,
            SERVING_FLAGS["vllm"].context,
            str(ctx),
            SERVING_FLAGS["vllm"].memory or "",
            f"{w.gpu_memory_utilization:.2f}",
            "--tensor-parallel-size",
            str(n),
        ]
        if quant:
            parts += ["--quantization", quant]
        if w.compute_dtype == "fp16":  # a card without bf16 (launch_config._native_precision)
            parts += ["--dtype", "half"]
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
            SERVING_FLAGS["sglang"].context,
            str(ctx),
            SERVING_FLAGS["sglang"].memory or "",
            f"{w.gpu_memory_utilization:.2f}",
            "--tp-size",
            str(n),
        ]
        if quant:
            parts += ["--quantization", quant]
        if w.compute_dtype == "fp16":
            parts += ["--dtype", "half"]
        if kv.startswith("fp8"):
            parts += ["--kv-cache-dtype", "fp8_e5m2"]
        parts += _sglang_speculative(w)
        setup = 'pip install "sglang[all]"'
    parts += port
    assumptions.append(
        _s(
            "launch_config.serving",
            engine=ENGINE_NAMES[fw],
            ctx=ctx,
            frac=f"{w.gpu_memory_utilization:.2f}",
            n=n,
            kv=kv,
        )
    )
    if quant:
        assumptions.append(_s("launch_config.quantization", quant=quant))
    if opt.memory.max_concurrent_seqs:
        assumptions.append(_s("launch_config.kv_pool_holds", n=opt.memory.max_concurrent_seqs))
    return fw, _j(parts), setup, assumptions, warnings, fetch


def _gguf_types(w: Workload) -> tuple[str, str, list[Message]]:
    """(GGUF weights type, KV-cache type, warnings) of a llama.cpp / Ollama command.

    The weights type the memory estimate used (memory.llamacpp.llamacpp_memory: GGUF types and
    16/32-bit as given, anything else read as Q4_K_M, with a warning).
    """
    warnings: list[Message] = []
    kv = w.kv_cache_dtype if w.kv_cache_dtype != "bf16" else "f16"
    wdt = w.weights_dtype
    quant = (
        wdt.upper()
        if wdt in GGUF_TYPES
        else {"fp16": "F16", "bf16": "BF16", "fp32": "F32"}.get(wdt, "Q4_K_M")
    )
    if wdt not in GGUF_TYPES and wdt not in ("fp16", "bf16", "fp32"):
        warnings.append(_s("launch_config.no_gguf_type", dtype=wdt))
    return quant, kv, warnings


def _ollama(w: Workload, opt: Option, model: str, served: bool) -> Served:
    """``ollama serve`` with the context, parallel sequences and KV type as environment variables."""
    ctx = w.context_tokens()
    assumptions: list[Message] = []
    quant, kv, warnings = _gguf_types(w)
    env = [f"OLLAMA_CONTEXT_LENGTH={ctx}", f"OLLAMA_NUM_PARALLEL={w.batch}"]
    if kv in ("q8_0", "q4_0"):
        env += ["OLLAMA_FLASH_ATTENTION=1", f"OLLAMA_KV_CACHE_TYPE={kv}"]
    if served:  # a replica: the server listens on all interfaces and keeps running
        env.append(f"OLLAMA_HOST=0.0.0.0:{SERVER_PORTS['ollama'][0]}")
        cmd = " ".join(env) + " ollama serve &\nollama pull " + shlex.quote(model) + "\nwait"
    else:
        cmd = " ".join(env) + " ollama serve &\nollama run " + shlex.quote(model)
    assumptions.append(_s("launch_config.ollama", ctx=ctx, n=w.batch, quant=quant, kv=kv))
    if opt.memory.cards:
        warnings.append(_s("launch_config.ollama_no_split"))
    warnings.append(_s("launch_config.ollama_tag", quant=quant))
    return "ollama", cmd, "curl -fsSL https://ollama.com/install.sh | sh", assumptions, warnings, None


def _llama_server(w: Workload, opt: Option, model: str, n: int, served: bool) -> Served:
    """``llama-server``: every layer on the GPU(s) (or the estimate's split), KV type, host offloads."""
    ctx = w.context_tokens()
    assumptions: list[Message] = []
    quant, kv, warnings = _gguf_types(w)
    L = (w.model.num_hidden_layers if w.model is not None else 0) or 999
    # every layer on the GPU(s): -ngl counts the output layer too (llama.cpp load_tensors:
    # act_gpu_layers = min(n_gpu_layers, n_layer + 1); -ngl n_layer leaves it on the CPU)
    ngl = opt.memory.gpu_layers if opt.memory.gpu_layers is not None else L + 1
    n_ctx = ctx * w.batch
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
        assumptions.append(_s("launch_config.mixed_split", cards=opt.gpu_name, split=split))
        assumptions.append(_s("launch_config.mixed_devices", devices=devices))
    place = opt.memory.placement
    if place is not None and place.n_cpu_moe:
        parts += ["--n-cpu-moe", str(place.n_cpu_moe)]
        assumptions.append(
            _s(
                "launch_config.n_cpu_moe",
                n=place.n_cpu_moe,
                layers=place.moe_layers_on_host,
                gib=f"{place.host_expert_bytes / GiB:.1f}",
                ram=f"{place.ram_need_bytes / GiB:.1f}",
            )
        )
    if place is not None and place.kv_on_host:
        parts += ["--no-kv-offload"]
        assumptions.append(_s("launch_config.no_kv_offload", gib=f"{place.host_kv_bytes / GiB:.1f}"))
    if n > 1:
        parts += ["-sm", "layer"]
    if kv in ("q8_0", "q4_0"):
        parts += ["-fa", "on", "-ctk", kv, "-ctv", kv]
    if served:
        parts += ["--host", "0.0.0.0", "--port", str(SERVER_PORTS["llama.cpp"][0])]
    assumptions.append(
        _s("launch_config.llamacpp", n_ctx=n_ctx, n=w.batch, ctx=ctx, ngl=ngl, quant=quant, kv=kv)
    )
    if n > 1:
        assumptions.append(_s("launch_config.layer_split", n=n))
    warnings.append(_s("launch_config.gguf_placeholder"))
    return "llama.cpp", _j(parts), "", assumptions, warnings, None


TORCH_DTYPES = {"bf16": "torch.bfloat16", "fp16": "torch.float16", "fp32": "torch.float32"}
"""gpupicker's 16/32-bit float names → the ``torch`` dtype ``from_pretrained(dtype=…)`` takes."""


def torch_dtype(w: Workload) -> str:
    """The ``torch`` dtype the transformers script loads and computes in.

    An fp16 or fp32 checkpoint loads as it is stored; otherwise the workload's
    ``compute_dtype`` (bf16, or fp16 on a card without native bf16:
    :func:`~gpupicker.core.memory.fp16_kv_without_bf16`, which the estimate applies too), for
    a bitsandbytes NF4 model its ``bnb_4bit_compute_dtype`` as well. An fp8 ``compute_dtype``
    is no load dtype (an FP8 checkpoint's ``quantization_config`` loads its FP8 Linears
    itself): the script then loads in bf16.
    """
    if w.weights_dtype in ("fp16", "fp32"):
        return TORCH_DTYPES[w.weights_dtype]
    return TORCH_DTYPES.get(w.compute_dtype, TORCH_DTYPES["bf16"])


def _transformers_generate(w: Workload, model: str, n: int, fetch: str | None) -> Served:
    """A plain transformers ``generate`` snippet (no server): :func:`torch_dtype`, NF4 or int8."""
    ctx = w.context_tokens()
    assumptions: list[Message] = []
    warnings: list[Message] = []
    dtype = torch_dtype(w)
    qline = ""
    if w.weights_dtype == "nf4":
        qline = (
            "    quantization_config=BitsAndBytesConfig(load_in_4bit=True, "
            f"bnb_4bit_quant_type='nf4', bnb_4bit_compute_dtype={dtype}),\n"
        )
    elif w.weights_dtype == "int8":
        qline = "    quantization_config=BitsAndBytesConfig(load_in_8bit=True),\n"
    cmd = (
        "python - <<'EOF'\nimport torch\nfrom transformers import AutoModelForCausalLM, "
        "AutoTokenizer, BitsAndBytesConfig\n"
        f"tok = AutoTokenizer.from_pretrained({model!r})\n"
        f"model = AutoModelForCausalLM.from_pretrained({model!r}, dtype={dtype},\n"
        f"{qline}    device_map='auto')\n"
        f"# generate(max_new_tokens={w.new_tokens or w.avg_output_tokens}) on batches of "
        f"{w.batch} prompts of {w.prompt_len or w.seq_len or w.avg_prompt_tokens} tokens\n"
        "EOF"
    )
    assumptions.append(_s("launch_config.transformers", n=n, batch=w.batch, ctx=ctx))
    return (
        "transformers",
        cmd,
        "pip install transformers accelerate bitsandbytes",
        assumptions,
        warnings,
        fetch,
    )


ENGINE_NAMES = {
    "vllm": "vLLM",
    "sglang": "SGLang",
    "vllm-ascend": "vllm-ascend",
    "mindie": "MindIE",
    "lmdeploy": "LMDeploy",
}
