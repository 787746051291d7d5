"""Engine command lines read into a Workload: ``vllm serve``, ``python -m sglang.launch_server``,
``llama-server`` / ``llama-cli``, ``ollama run`` and TGI's ``text-generation-launcher`` (flags as
each engine's ``--help`` documents them).
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

from ..core.messages import msg
from ..core.workload.spellings import NATIVE_WEIGHTS
from .job_flags import (
    ENGINE_NAMES,
    NO_EFFECT_FLAGS,
    flag_spelling,
    known_flag,
    mlx_weights_dtype,
    name_weights_dtype,
)
from .job_model import JobRead, JobReadError, ModelLookup, _short, set_float, set_int, set_quant
from .job_speculative import read_sglang_speculative, sglang_flag_name
from .job_tgi import tgi_flag, tgi_words

# --- engine command lines -----------------------------------------------------------------------


_ASSIGNMENT = re.compile(r"^\s*([A-Za-z_]\w*)=([^\s#`;|&]*)\s*(?:#.*)?$")
"""A shell line that only sets a variable (``model=meta-llama/Llama-2-7b-chat-hf``), as the
engines' docs write one before ``docker run … --model-id $model``."""


def _drop_inline_comment(line: str) -> str:
    """``line`` without a ``# …`` comment after a word (outside quotes), keeping a ``\\``
    continuation that came before it: vLLM's expert-parallel guide writes
    ``--tensor-parallel-size 1 \\   # Tensor parallelism``, which the shell itself would not
    join, but whose meaning is plain."""
    quote = ""
    for i, ch in enumerate(line):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and i > 0 and line[i - 1] in " \t" and line[:i].strip():
            return line[:i].rstrip()
    return line


def _strip_shell(text: str) -> str:
    """One command line from ``text``: comments dropped, ``\\`` continuations joined, and the
    variables that lines of their own set (``model=…``) put in place of ``$model`` /
    ``${model}`` (a variable set from another one, ``volume=$PWD/data``, is left as written;
    the assignments stay in front, as the command's environment).
    """
    text = "\n".join(_drop_inline_comment(ln) for ln in text.splitlines())
    lines = [
        ln for ln in text.replace("\\\n", " ").splitlines() if ln.strip() and not ln.lstrip().startswith("#")
    ]
    values: dict[str, str] = {}
    kept: list[str] = []
    for ln in lines:
        m = _ASSIGNMENT.match(ln)
        if m:  # kept too: NPROC_PER_NODE=2 on a line of its own is the launcher's environment
            if "$" not in m.group(2):
                values[m.group(1)] = m.group(2)
            kept.append(f"{m.group(1)}={m.group(2)}")
        else:
            kept.append(ln)
    line = " ".join(kept).strip()
    for name, value in values.items():
        line = re.sub(rf"\$(?:{name}\b|\{{{name}\}})", value.replace("\\", "\\\\"), line)
    return line


def _command_kind(line: str) -> str | None:
    try:
        words = shlex.split(line)
    except ValueError:
        return None
    if tgi_words(words) is not None:
        return "tgi"
    words = [w for w in words if "=" not in w or w.startswith("-")]  # FOO=bar env prefixes
    exe = [Path(w).name for w in words[:4]]
    joined = " ".join(words[:4])
    if exe and exe[0] == "vllm" and len(words) > 1 and words[1] == "serve":
        return "vllm"
    if "vllm.entrypoints.openai.api_server" in joined:
        return "vllm"
    if "sglang.launch_server" in joined:
        return "sglang"
    if exe and exe[0] in ("llama-server", "llama-cli", "server", "main") and "-m" in words + ["-hf"]:
        return "llama.cpp"
    if exe and exe[0] in ("llama-server", "llama-cli"):
        return "llama.cpp"
    if len(exe) >= 2 and exe[0] == "ollama" and words[1] in ("run", "serve", "pull"):
        return "ollama"
    if any(w in _MLX_ENTRY_POINTS for w in exe) or any(w in _MLX_ENTRY_POINTS for w in words[:4]):
        return "mlx-lm"
    return None


_MLX_ENTRY_POINTS = frozenset({"mlx_lm.server", "mlx_lm.generate", "mlx_lm.chat"})

MLX_DEFAULT_MODEL = "mlx-community/Llama-3.2-3B-Instruct-4bit"
"""The model ``mlx_lm.generate`` and ``mlx_lm.chat`` load without ``--model`` (``DEFAULT_MODEL``
of ml-explore/mlx-lm ``mlx_lm/generate.py`` and ``mlx_lm/chat.py`` at d78bf58)."""
_MLX_DEFAULT_MODEL_CMDS = frozenset({"mlx_lm.generate", "mlx_lm.chat"})
"""MLX LM's command-line entry points (``mlx_lm.server --model …``, also ``python -m
mlx_lm.server``)."""


def _speculative(job: JobRead, text: str | None) -> None:
    """VLLM's ``--speculative-config '{"method": …}'`` as the workload's ``speculative``, when the
    Workload models that method; else named as not modelled.
    """
    from ..core.workload import Workload

    try:
        cfg = json.loads(text or "")
        Workload.model_validate({"task": "inference", "model": {"params": 1_000_000_000}, "speculative": cfg})
    except (ValueError, TypeError):
        job.not_modelled("--speculative-config", text)
        return
    for key in Workload.unknown_fields({"speculative": cfg}):
        k = key.removeprefix("speculative.")
        job.not_modelled(f"--speculative-config.{k}", cfg.pop(k))  # enforce_eager …: named, not kept
    job.set("--speculative-config", "speculative", cfg)


def _is_flag(word: str) -> bool:
    """``--x`` / ``-x``, not a negative number."""
    return word.startswith("-") and len(word) > 1 and not re.fullmatch(r"-\d+(\.\d+)?", word)


def _flags(words: list[str]) -> tuple[list[str], list[tuple[str, str | None]]]:
    """Positional words and (flag, value) pairs; ``--flag=value`` and ``--flag value`` both."""
    pos: list[str] = []
    flags: list[tuple[str, str | None]] = []
    i = 0
    while i < len(words):
        w = words[i]
        if _is_flag(w):
            if "=" in w:
                k, v = w.split("=", 1)
                flags.append((k, v))
            elif i + 1 < len(words) and not _is_flag(words[i + 1]):
                flags.append((w, words[i + 1]))
                i += 1
            else:
                flags.append((w, None))
        else:
            pos.append(w)
        i += 1
    return pos, flags


_VLLM_QUANT = {
    "awq": ("int4", "awq"),
    "awq_marlin": ("int4", "awq"),
    "gptq": ("int4", "gptq"),
    "gptq_marlin": ("int4", "gptq"),
    "fp8": ("fp8", None),
    "bitsandbytes": ("nf4", None),
    "mxfp4": ("mxfp4", None),
}
"""vLLM/SGLang ``--quantization`` methods → (weights dtype, quant method)."""

_NO_EFFECT_SERVE = frozenset(
    {
        "--host",
        "--port",
        "--served-model-name",
        "--api-key",
        "--trust-remote-code",
        "--tokenizer",
        "--chat-template",
        "--tool-call-parser",
        "--enable-auto-tool-choice",
        "--reasoning-parser",
        "--log-level",
        "--uvicorn-log-level",
        "--disable-log-requests",
        "--disable-log-stats",
        "--download-dir",
        "--seed",
        "--revision",
        "--generation-config",
        "--tokenizer-mode",
        "--alias",
        "-a",
        "--api-key-file",
        "--jinja",
        "--no-webui",
        "--metrics",
        "--log-file",
        "--threads",
        "-t",
        "--timeout",
        "--path",
    }
)
"""Server flags that change neither memory nor speed (addresses, names, parsers, logging)."""


def _serve_flag(job: JobRead, kind: str, f: str, value: str | None, names: list[str]) -> None:
    """Record what the serving flag ``f`` (with ``value``) of a ``kind`` command line sets, or
    why it sets nothing (no effect on memory or speed, or not modelled); ``names`` are the
    line's flags.
    """
    if kind == "tgi" and tgi_flag(job, f, value, names):
        return
    if f in ("--tensor-parallel-size", "-tp", "--tp", "--tp-size"):
        set_int(job, f, value, "parallelism.tensor_parallel")
        set_int(job, f, value, "num_gpus")
    elif f in ("--pipeline-parallel-size", "-pp", "--pp", "--pp-size"):
        set_int(job, f, value, "parallelism.pipeline_parallel")
    elif f in ("--data-parallel-size", "-dp", "--dp", "--dp-size") and kind in ("vllm", "sglang"):
        set_int(job, f, value, "parallelism.data_parallel")
    elif f in ("--enable-expert-parallel", "--ep", "--ep-size", "--expert-parallel-size"):
        # vLLM: the experts are split over every rank of the TP × DP group (its expert
        # parallel deployment guide); SGLang names the size. Sized after all flags are read.
        if f != "--enable-expert-parallel":
            set_int(job, f, value, "parallelism.expert_parallel")
    elif f == "--dtype":
        dt = str(value).lower()
        if dt in ("auto", "bfloat16", "bf16"):
            job.no_effect(f)  # 16-bit weights and activations: the workload's default
        elif dt in ("half", "float16", "fp16"):
            job.set(f, "compute_dtype", "fp16")
        else:
            job.not_modelled(f, value)
    elif f in ("--max-model-len", "--context-length"):
        set_int(job, f, value, "max_model_len")
    elif f in ("-c", "--ctx-size"):
        set_int(job, f, value, "seq_len")
    elif f in ("--gpu-memory-utilization", "--mem-fraction-static"):
        set_float(job, f, value, "gpu_memory_utilization")
    elif f in ("--max-num-seqs", "--max-running-requests"):
        set_int(job, f, value, "max_num_seqs")
    elif f in ("-np", "--parallel"):
        set_int(job, f, value, "batch")
    elif f in ("--max-num-batched-tokens", "--chunked-prefill-size"):
        set_int(job, f, value, "max_num_batched_tokens")
    elif f in ("--kv-cache-dtype", "-ctk", "--cache-type-k"):
        dt = str(value).lower()
        job.set(
            f,
            "kv_cache_dtype",
            {"fp8_e4m3": "fp8", "fp8_e4m3fn": "fp8", "fp8_e5m2": "fp8", "auto": "bf16", "f16": "fp16"}.get(
                dt, dt
            ),
        )
    elif f in ("-ctv", "--cache-type-v"):
        job.no_effect(f)  # the K and V types are one kv_cache_dtype (set by -ctk)
    elif f in ("--quantization", "-q"):
        if str(value).lower() != "ascend":  # vllm-ascend's ModelSlim: width from the checkpoint's name
            set_quant(job, f, value, _VLLM_QUANT)
    elif f in ("-fa", "--flash-attn"):
        job.set(f, "attention", "flash" if value in (None, "on", "auto") else "sdpa")
    elif f in ("-ngl", "--n-gpu-layers", "--gpu-layers"):
        v = str(value).lower()
        if v in ("all", "auto") or (v.isdigit() and int(v) >= 99):
            job.no_effect(f)  # every layer on the GPU: what gpupicker places first
        elif v.isdigit() and kind == "llama.cpp":
            set_int(job, f, value, "n_gpu_layers")
        else:
            job.not_modelled(f, value)
    elif f in ("--n-cpu-moe", "-ncmoe") and kind == "llama.cpp":
        set_int(job, f, value, "n_cpu_moe")
    elif f in ("--cpu-moe", "-cmoe") and kind == "llama.cpp":
        job.set(f, "n_cpu_moe", "all")
    elif (
        f in ("-ot", "--override-tensor")
        and kind == "llama.cpp"
        and re.fullmatch(r"[.\\]*(?:ffn_\.\*_)?exps[.\\]*=CPU", str(value or ""), re.I)
    ):
        job.set(f, "n_cpu_moe", "all")  # every layer's routed experts in host RAM
    elif f in ("--no-kv-offload", "-nkvo") and kind == "llama.cpp":
        job.set(f, "kv_on_host", True)
    elif f == "--speculative-config" or (kind == "sglang" and f.startswith("--speculative-")):
        pass  # read_command reads them once every flag is known
    elif f in _NO_EFFECT_SERVE or f in NO_EFFECT_FLAGS.get(kind, frozenset()):
        job.no_effect(f)
    elif known_flag(kind, f) or kind not in NO_EFFECT_FLAGS:
        job.not_modelled(f, value)
    else:
        job.unknown_flag(f, ENGINE_NAMES[kind])


def read_command(line: str, lookup: ModelLookup) -> JobRead:
    """Read an engine command line (``vllm serve …``, ``python -m sglang.launch_server …``,
    ``llama-server …``, ``ollama run …``).

    Raises:
        JobReadError: for a line that is not one of those, or names no model gpupicker knows.
    """
    kind = _command_kind(line)
    if kind is None:
        raise JobReadError(msg("job.unknown_kind", head=_short(line)))
    words = shlex.split(line)
    while words and "=" in words[0] and not words[0].startswith("-"):
        words = words[1:]  # leading environment assignments (CUDA_VISIBLE_DEVICES=0 …)
    job = JobRead(kind)
    job.set(kind, "task", "inference")
    job.set(kind, "framework", kind)
    if kind == "ollama":
        return _ollama(words, job, lookup)
    if kind == "tgi":
        words = tgi_words(words) or []
    pos, flags = _flags(words)
    model: str | None = None
    if kind == "vllm" and "serve" in pos:
        after = pos[pos.index("serve") + 1 :]
        model = after[0] if after else None
    flags = [(flag_spelling(kind, f), v) for f, v in flags]
    if kind == "sglang":
        flags = [(sglang_flag_name(f), v) for f, v in flags]
    model_flags = {"mlx-lm": ("--model",), "tgi": ("--model-id",)}.get(
        kind, ("--model", "--model-path", "-m", "--hf-repo", "-hf", "-hfr")
    )
    for flag, value in flags:
        if flag in model_flags:
            model = value
        else:
            _serve_flag(job, kind, flag, value, [f for f, _ in flags])
    _parallel_sizes(job, flags)
    if kind == "llama.cpp" and job.workload.get("batch", 1) > 1 and "seq_len" in job.workload:
        # llama-server's -c is the context of all -np slots together (each slot gets c / np)
        slots = job.workload["batch"]
        job.set("-c / -np", "seq_len", max(1, job.workload["seq_len"] // slots))
    if kind == "sglang":
        read_sglang_speculative(job, flags, lookup)
    spec = next((v for f, v in flags if f == "--speculative-config"), None)
    if spec is not None:
        _speculative(job, spec)
    if not model and kind == "mlx-lm" and any(w in _MLX_DEFAULT_MODEL_CMDS for w in words[:3]):
        model = MLX_DEFAULT_MODEL
        job.read.append(("--model", f"(not given: {MLX_DEFAULT_MODEL}, mlx_lm's default)"))
    if not model:
        raise JobReadError(msg("job.no_model_flag", kind=kind))
    name = model
    if kind == "llama.cpp" or (kind == "vllm" and model.lower().endswith(".gguf")):
        name = _gguf_name(job, model)  # vLLM loads a single-file GGUF too (its GGUF docs)
    model_id = lookup(name)
    if model_id is None:
        raise JobReadError(msg("job.unknown_model", key="model", name=_short(model)))
    job.set("model" if kind != "vllm" else "serve", "model_id", model_id)
    if kind == "mlx-lm":
        _mlx_weights(job, model)
    named = name_weights_dtype(model) if kind in ("vllm", "sglang", "tgi") else None
    ascend = any(f in ("--quantization", "-q") and str(v).lower() == "ascend" for f, v in flags)
    if named is not None and "weights_dtype" not in job.workload:
        # the checkpoint's own quantization_config says the format; its name states it
        job.set("--quantization ascend" if ascend else "model (checkpoint name)", "weights_dtype", named)
    elif ascend:
        job.not_modelled("--quantization", "ascend")
    return job


def _mlx_weights(job: JobRead, model: str) -> None:
    """The weights of an MLX checkpoint as its name states them (:data:`.job_flags.MLX_BITS`):
    ``-4bit`` / ``-8bit`` read, another ``-Nbit`` named as not modelled, none = 16-bit."""
    dtype = mlx_weights_dtype(model)
    if dtype is not None:
        job.set("--model (checkpoint name)", "weights_dtype", dtype)
    elif re.search(r"(?i)(?:^|[-_])\d+bit(?:$|[-_])|dwq", model.rsplit("/", 1)[-1]):
        job.not_modelled("--model", model)


def _parallel_sizes(job: JobRead, flags: list[tuple[str, str | None]]) -> None:
    """The GPU count of a paged-KV server: tensor × pipeline × data parallel (vLLM and SGLang
    place one replica per ``--data-parallel-size``), and vLLM's ``--enable-expert-parallel``
    sized as tensor × data parallel (vLLM expert-parallel deployment docs: EP = TP × DP).
    """
    par = job.workload.get("parallelism", {})
    tp, pp = par.get("tensor_parallel", 1), par.get("pipeline_parallel", 1)
    dp = par.get("data_parallel") or 1
    if (pp > 1 or dp > 1) and tp * pp * dp != job.workload.get("num_gpus", 1):
        job.set("tensor × pipeline × data parallel", "num_gpus", tp * pp * dp)
    if any(f == "--enable-expert-parallel" for f, _ in flags) and "expert_parallel" not in par:
        job.set("--enable-expert-parallel", "parallelism.expert_parallel", tp * dp)


_GGUF_TYPE = re.compile(r"(?i)(?:^|[-_.])(i?q\d_[a-z0-9_]*|q8_0|f16|bf16|f32)(?=$|[-.])")


def _gguf_name(job: JobRead, model: str) -> str:
    """The model name in a llama.cpp ``-m file.gguf`` or ``-hf org/repo[:quant]``, recording the
    GGUF type as ``weights_dtype`` (``-hf`` without one: Q4_K_M, llama.cpp's documented default).
    """
    if model.lower().endswith(".gguf"):
        stem = Path(model).stem
        m = _GGUF_TYPE.search(stem)
        if m:
            job.set("-m", "weights_dtype", m.group(1).lower())
            stem = stem[: m.start()] + stem[m.end() :]
        else:
            job.not_modelled("-m", model)
        return re.sub(r"(?i)[-_.]gguf$", "", stem)
    repo, _, quant = model.partition(":")
    if quant:
        job.set("-hf", "weights_dtype", quant.lower())
    else:
        job.set("-hf", "weights_dtype", "q4_k_m")
        job.warnings.append(msg("job.warning.default_quant", quant="Q4_K_M", why="llama.cpp -hf"))
    return re.sub(r"(?i)[-_.]gguf$", "", repo)


def _ollama(words: list[str], job: JobRead, lookup: ModelLookup) -> JobRead:
    pos, flags = _flags(words[1:])
    tag = pos[1] if len(pos) > 1 else ""
    if not tag:
        raise JobReadError(msg("job.no_model_flag", kind="ollama"))
    name, _, variant = tag.partition(":")
    size = re.match(r"(\d+(?:\.\d+)?[bm])", variant.lower()) if variant else None
    quant = re.search(r"(q\d_[a-z0-9_]+|fp16|q8_0)", variant.lower()) if variant else None
    candidate = f"{name}:{size.group(1)}" if size else name
    model_id = lookup(candidate)
    if model_id is None:
        raise JobReadError(msg("job.unknown_model", key="model", name=_short(tag)))
    job.set("model", "model_id", model_id)
    if re.search(r"(?:^|[-:])cloud$", tag):
        # ollama/ollama docs/cloud.mdx: a cloud model runs on Ollama's service, not this GPU
        job.not_modelled("model", tag)
    if quant:
        job.set("model", "weights_dtype", quant.group(1))
    elif model_id in NATIVE_WEIGHTS:
        # gpt-oss: Ollama converts the released MXFP4 experts as they are
        # (ollama/ollama convert/convert_gptoss.go at fb30760), not to Q4_K_M
        job.read.append(("model", f"(weights as released: {NATIVE_WEIGHTS[model_id]})"))
    else:
        job.set("model", "weights_dtype", "q4_k_m")
        job.warnings.append(msg("job.warning.default_quant", quant="Q4_K_M", why="ollama"))
    for flag, value in flags:
        job.not_modelled(flag, value)
    return job
