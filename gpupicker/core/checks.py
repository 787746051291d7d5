"""Checks of a workload against the model and the hardware that no byte count catches.

* **Context window**: a request, training sequence or ``max_model_len`` longer than the
  model's ``max_position_embeddings``. vLLM refuses to start
  (``vllm/config/model.py``: "User-specified max_model_len (…) is greater than the derived
  max_model_len (max_position_embeddings=… or model_max_length=None in model's config.json)…
  To allow overriding this maximum, set the env var VLLM_ALLOW_LONG_MAX_MODEL_LEN=1");
  the other engines and trainers run, but positions beyond the trained window give
  garbage unless RoPE scaling (YaRN) is configured — a named warning.
* **Engine × dtype × hardware pairs that cannot run as asked**: bitsandbytes NF4 under
  llama.cpp (GGUF only), GGUF files under the paged servers (vLLM's GGUF loader is
  experimental; gpupicker sizes vLLM's pool but times llama.cpp's kernels), FP8 weights with
  Hugging Face transformers on a GPU without FP8 tensor cores (transformers'
  FineGrainedFP8 / fbgemm_fp8 quantizers need compute capability 8.9+; vLLM runs FP8 weights
  on Ampere with its Marlin W8A16 kernels, so that pair is fine), and an inference job with
  a training-only framework (refused with the list).

* **Tensor-parallel sizes the engine refuses**: vLLM splits attention heads over the
  tensor-parallel ranks and refuses a size that does not divide them
  (``vllm/config/model.py`` ``verify_with_parallel_config``: "Total number of attention heads
  (…) must be divisible by tensor parallel size (…)"); its ``QKVParallelLinear``
  (``vllm/model_executor/layers/linear.py``) splits the KV heads when there are more of them
  than ranks and replicates them when there are fewer, so the KV head count divides the size
  or the size divides it. SGLang and the vLLM forks (vllm-ascend, MindIE) shard the same way.

* **Engines on hardware they have no backend for**: each engine's own install docs
  list its platforms (:data:`~gpupicker.core.stacks.platforms.ENGINE_PLATFORMS`);
  TensorRT-LLM on an AMD card or vLLM on an Apple GPU is refused, and ``recommend`` leaves
  such GPUs out with one note.

Everything here returns sentences for the ``warnings`` field (``estimate``) and the notes of
``recommend``, or raises :class:`ValueError` for a pair that is refused.
"""

from __future__ import annotations

from operator import attrgetter

from .dtypes import GGUF_TYPES
from .hardware.specs import GpuSpec
from .memo import KeyedMemo
from .messages import Message, join, msg
from .model_arch import ModelArch
from .results import MemoryEstimate
from .stacks.frameworks import framework_row, known_frameworks, speed_engine
from .stacks.platforms import (
    ALL_PLATFORMS,
    BACKEND_PLATFORMS,
    BITSANDBYTES_PLATFORMS,
    ENGINE_PLATFORMS,
    NATIVE_BACKEND,
    PLATFORM_NAMES,
    platform_of,
)
from .stacks.quant_support import quant_refusal
from .stacks.training_frameworks import training_framework
from .workload import Workload
from .workload.spellings import NATIVE_WEIGHTS


def _offloads_checkpoints(framework: str) -> bool:
    """Whether training framework ``framework`` offloads checkpointed layer inputs when asked."""
    try:
        return training_framework(framework).offloads_checkpoints
    except ValueError:  # an inference engine or an unknown name: named by the other checks
        return False


def _canonical(framework: str) -> str:
    try:
        return framework_row(framework).name
    except ValueError:
        return framework.strip().lower()


def _context_tokens(w: Workload) -> int:
    """Tokens that must fit the model's position window."""
    if w.is_text_inference:
        return w.max_model_len or w.context_tokens()
    return w.training_seq_len()


def _context_what(w: Workload) -> Message:
    """What :func:`_context_tokens` counts, in words ("max_model_len 16,384")."""
    if w.is_text_inference:
        if w.max_model_len:
            return msg("checks.what.max_model_len", tokens=f"{w.max_model_len:,}")
        if w.prompt_len is not None or w.new_tokens is not None:
            return msg("checks.what.prompt_and_new", tokens=f"{w.context_tokens():,}")
        return msg("checks.what.context", tokens=f"{w.context_tokens():,}")
    return msg("checks.what.seq_len", tokens=f"{w.training_seq_len():,}")


def context_window_message(w: Workload, arch: ModelArch) -> str:
    """The warning sentence (a Message) when the job exceeds the model's context window, else ''.

    '' also when the window is unknown; vLLM's refusal is :func:`vllm_context_refusal`.
    """
    limit = arch.max_position_embeddings
    if not limit or w.is_image or w.task == "pretrain" or arch.kind == "diffusion":
        return ""
    if _context_tokens(w) <= limit:
        return ""
    what = _context_what(w)
    name = arch.name or w.model_id
    which = "checks.context_window_inference" if w.is_text_inference else "checks.context_window_training"
    return join([msg(which, what=what, model=str(name), limit=f"{limit:,}")])


def vllm_error_text(max_model_len: int, limit: int) -> Message:
    """VLLM's start-up error for a ``max_model_len`` above the model's (vllm/config/model.py).

    Its wording is vLLM's (template ``checks.vllm_max_model_len``), numbers unformatted as vLLM
    prints them.
    """
    return msg("checks.vllm_max_model_len", tokens=max_model_len, limit=limit)


def vllm_context_refusal(w: Workload, arch: ModelArch, est: MemoryEstimate) -> MemoryEstimate:
    """``est``, refused with vLLM's error when ``max_model_len`` exceeds the model's window.

    ``engine_fits`` becomes False when the job's ``max_model_len`` (the request context when
    not given) exceeds ``max_position_embeddings``; else ``est`` is returned unchanged.
    """
    limit = arch.max_position_embeddings
    if not limit or _canonical(w.framework) != "vllm":
        return est
    tokens = _context_tokens(w)
    if tokens <= limit:
        return est
    error = vllm_error_text(tokens, limit)
    return est.model_copy(
        update={
            "engine_fits": False,
            "engine_message": error,
            "assumptions": (*est.assumptions, join([msg("checks.vllm_refuses", error=error)])),
        }
    )


TP_SHARDED_ENGINES = frozenset({"vllm", "sglang", "vllm-ascend", "mindie"})
"""Engines that shard attention heads over tensor-parallel ranks with vLLM's rule
(:func:`tensor_parallel_refusal`)."""


def tensor_parallel_refusal(arch: ModelArch, tp: int) -> Message | None:
    """The engine's start-up error for tensor-parallel size ``tp`` on ``arch``, or ``None``.

    vLLM's rule (``verify_with_parallel_config`` and ``QKVParallelLinear``): ``tp`` divides
    ``num_attention_heads``, and either ``tp`` divides the KV heads or the KV heads divide
    ``tp`` (replicated). ``None`` also when the head counts are unknown (0) or ``tp`` is 1.
    """
    heads, kv = arch.num_attention_heads, arch.kv_heads
    if tp <= 1 or not heads:
        return None
    if heads % tp:
        return msg("checks.tp_heads", heads=heads, tp=tp)
    if kv and (kv % tp if tp < kv else tp % kv):
        return msg("checks.tp_kv_heads", kv=kv, tp=tp)
    return None


def vllm_tensor_parallel_refusal(
    w: Workload, arch: ModelArch, est: MemoryEstimate, tp: int
) -> MemoryEstimate:
    """``est``, refused (``engine_fits`` False) when the engine cannot split ``arch`` over ``tp``.

    Only for :data:`TP_SHARDED_ENGINES`; else ``est`` unchanged (:func:`tensor_parallel_refusal`).
    """
    if _canonical(w.framework) not in TP_SHARDED_ENGINES:
        return est
    error = tensor_parallel_refusal(arch, tp)
    if error is None:
        return est
    return est.model_copy(
        update={
            "engine_fits": False,
            "engine_message": error,
            "max_concurrent_seqs": 0,
            "assumptions": (
                *est.assumptions,
                join(
                    [msg("checks.engine_refuses", engine=ENGINE_TITLES[_canonical(w.framework)], error=error)]
                ),
            ),
        }
    )


ENGINE_TITLES = {"vllm": "vLLM", "sglang": "SGLang", "vllm-ascend": "vllm-ascend", "mindie": "MindIE"}
"""How the engines of :data:`TP_SHARDED_ENGINES` spell their names."""


def require_inference_framework(w: Workload) -> None:
    """Refuse an inference job with a framework that only trains (unsloth, megatron …).

    Raises:
        ValueError: naming the framework and the inference frameworks gpupicker models.
    """
    if not w.is_text_inference:
        return
    try:
        row = framework_row(w.framework)
    except ValueError:
        return  # the framework table's own 'unknown framework' error is raised elsewhere
    if "inference" not in row.kinds:
        raise ValueError(
            msg(
                "checks.training_only",
                framework=repr(w.framework),
                choices=", ".join(known_frameworks("inference")),
            )
        )


def combination_warnings(w: Workload, gpu: GpuSpec | None = None) -> list[Message]:
    """Sentences (Messages) for engine × dtype × hardware pairs that do not run as asked."""
    out: list[Message] = []
    if not w.is_text_inference:
        return out
    fw = _canonical(w.framework)
    dt = w.weights_dtype
    # MXFP4 is a GGUF tensor type too (gguf GGMLQuantizationType.MXFP4 = 39, 17 bytes per 32
    # weights: the gpt-oss GGUF files)
    if fw in ("llama.cpp", "ollama") and dt not in GGUF_TYPES and dt not in ("bf16", "fp16", "mxfp4"):
        out.append(join([msg("checks.gguf_only", fw=fw, dt=dt)]))
    if fw in ("vllm", "sglang", "tgi", "tensorrt-llm") and dt in GGUF_TYPES and dt != "f16":
        out.append(join([msg("checks.gguf_on_server", fw=fw, dt=dt)]))
    if dt == "fp8" and fw == "transformers" and gpu is not None and not gpu.has_fp8:
        out.append(join([msg("checks.fp8_transformers", gpu=gpu.name)]))
    return out


def engine_build_warnings(w: Workload) -> list[Message]:
    """A sentence when ``engine_build`` / ``engine_date`` are given to a job without llama.cpp.

    They change nothing there, and nothing given is dropped silently.
    """
    if not (w.engine_build or w.engine_date):
        return []
    gguf = w.weights_dtype in GGUF_TYPES and w.weights_dtype != "f16"  # runs on llama.cpp
    if (
        w.is_text_inference
        and w.task != "decode_ceiling"
        and (gguf or speed_engine(w.framework) == "llama.cpp")
    ):
        return []
    return [join([msg("checks.engine_build_unused", fw=w.framework)])]


def backend_refusal(w: Workload, gpu: GpuSpec) -> Message | str:
    """Why ``w.backend`` cannot run ``w`` on ``gpu`` ('' when it can).

    ``cpu`` is no GPU plan; a back-end runs on the platforms of :data:`BACKEND_PLATFORMS`;
    engines that are no llama.cpp build run only their platform's own back-end.
    """
    plat = platform_of(gpu)
    if w.backend == "cpu":
        return msg("checks.backend_cpu", gpu=gpu.name)
    if w.backend is None or w.backend not in BACKEND_PLATFORMS:
        return ""
    if plat not in BACKEND_PLATFORMS[w.backend]:
        return msg(
            "checks.backend_platform", backend=w.backend.upper(), gpu=gpu.name, platform=PLATFORM_NAMES[plat]
        )
    gguf = w.weights_dtype in GGUF_TYPES and w.weights_dtype != "f16"
    if not (gguf or speed_engine(w.framework) == "llama.cpp") and w.backend != NATIVE_BACKEND.get(plat):
        return msg(
            "checks.backend_engine",
            engine=framework_row(_canonical(w.framework)).name,
            backend=w.backend.upper(),
        )
    return ""


def engine_hardware_refusal(w: Workload, gpu: GpuSpec) -> str:
    """Why ``w``'s engine cannot run on ``gpu`` (a Message; '' when it can).

    See :data:`ENGINE_PLATFORMS`, :data:`BITSANDBYTES_PLATFORMS` and, for inference, the
    quantization support table (:func:`gpupicker.core.stacks.quant_support.quant_refusal`).

    Decided once per GPU object and the job fields it reads (:data:`_REFUSAL_FIELDS`): the
    estimate and every GPU × count of a ranking ask it again for the same engine and formats.
    """
    key = (id(gpu), *_REFUSAL_FIELDS(w))
    hit = _REFUSALS.peek(key)
    if hit is not None and hit[0] is gpu:
        return hit[1]
    return _REFUSALS.put(key, (gpu, _engine_hardware_refusal(w, gpu)))[1]


_REFUSAL_FIELDS = attrgetter(
    "framework", "backend", "weights_dtype", "quant_method", "kv_cache_dtype", "task"
)
"""Every field of the job :func:`_engine_hardware_refusal` reads (``is_training`` and
``is_text_inference`` are the task's): a field it starts reading must be added here."""
_REFUSALS: KeyedMemo[tuple[object, ...], tuple[GpuSpec, str]] = KeyedMemo(maxsize=4096)
"""(GPU, refusal) by the GPU's identity and :data:`_REFUSAL_FIELDS` (the GPU is kept beside its
answer, so its ``id`` is not reused while the entry lives)."""


def _engine_hardware_refusal(w: Workload, gpu: GpuSpec) -> str:
    """:func:`engine_hardware_refusal`, decided."""
    plat = platform_of(gpu)
    fw = _canonical(w.framework)
    if w.backend:
        why = backend_refusal(w, gpu)
        if why:
            return why
    allowed = ENGINE_PLATFORMS.get(fw, ALL_PLATFORMS)
    if plat not in allowed:
        return msg(
            "checks.engine_platform",
            engine=framework_row(fw).name,
            gpu=gpu.name,
            platform=PLATFORM_NAMES[plat],
            platforms=", ".join(PLATFORM_NAMES[p] for p in sorted(allowed)),
        )
    bnb = (
        w.weights_dtype in ("nf4", "int8")
        and w.quant_method in (None, "", "bitsandbytes")
        # MLX's 4- and 8-bit weights are its own affine format (mlx.nn.quantize), not bitsandbytes
        and fw not in ("llama.cpp", "ollama", "mlc-llm", "mlx-lm")
    )
    if bnb and plat not in BITSANDBYTES_PLATFORMS:
        if w.is_training:  # llama.cpp / MLX GGUF only run inference: no use for a QLoRA job
            return msg(
                "checks.bitsandbytes_training",
                dtype=w.weights_dtype.upper(),
                platform=PLATFORM_NAMES[plat],
                gpu=gpu.name,
            )
        if plat == "ascend":  # the Ascend engines' 8- and 4-bit formats are ModelSlim's
            return msg(
                "checks.bitsandbytes_ascend",
                dtype=w.weights_dtype.upper(),
                gpu=gpu.name,
                fmt="W8A8" if w.weights_dtype == "int8" else "W4A8",
            )
        return msg(
            "checks.bitsandbytes_metal" if plat == "metal" else "checks.bitsandbytes_platform",
            dtype=w.weights_dtype.upper(),
            platform=PLATFORM_NAMES[plat],
            gpu=gpu.name,
        )
    if w.is_text_inference:
        quant = quant_refusal(fw, plat, gpu, w.weights_dtype, w.quant_method, w.kv_cache_dtype)
        if quant is not None:
            return quant
    return ""


def require_engine_runs_on(w: Workload, gpu: GpuSpec | None) -> None:
    """Raise when ``w``'s engine has no backend for ``gpu`` (nothing to check without a GPU).

    Raises:
        ValueError: the sentence of :func:`engine_hardware_refusal`.
    """
    if gpu is not None:
        why = engine_hardware_refusal(w, gpu)
        if why:
            raise ValueError(why)


def workload_warnings(w: Workload, gpu: GpuSpec | None = None) -> list[Message]:
    """All warnings (Messages) of this module for ``w`` (model resolved) on ``gpu`` (optional)."""
    out: list[Message] = []
    arch = w.model
    if isinstance(arch, ModelArch):
        window = context_window_message(w, arch)
        if window and _canonical(w.framework) == "vllm" and w.is_text_inference:
            error = vllm_error_text(_context_tokens(w), arch.max_position_embeddings or 0)
            out.append(join([msg("checks.vllm_refuses", error=error)]))
        elif isinstance(window, Message):
            out.append(window)
    out.extend(combination_warnings(w, gpu))
    out.extend(input_warnings(w))
    out.extend(engine_build_warnings(w))
    return out


def input_warnings(w: Workload) -> list[Message]:
    """Warnings for inputs accepted but costed with a stand-in or only partly modelled.

    None of them is followed silently: a framework costed with another's
    profile (:attr:`FrameworkRow.stand_in`), checkpointed activations offloaded to host RAM,
    a training data-parallel degree that disagrees with the GPU count, and expert
    parallelism. Serving replicas (``data_parallel`` for inference) are modelled by
    :func:`.report.estimate.estimate_report`.
    """
    out: list[Message] = []
    native = NATIVE_WEIGHTS.get(w.model_id or "")
    if native and w.weights_dtype == native and w.is_text_inference:
        out.append(join([msg("inputs.native_weights", model=w.model_id or "", dtype=native)]))
    stand_in = framework_row(w.framework).stand_in
    if stand_in:
        out.append(join([msg(stand_in)]))
    if w.grad_ckpt_offload and not _offloads_checkpoints(w.framework):
        # Unsloth, torchtune and TRL move them (their memory estimate does); the others keep them
        out.append(join([msg("inputs.grad_ckpt_offload")]))
    p = w.parallelism
    if p.data_parallel and w.is_training:
        derived = max(1, w.num_gpus // (p.tensor_parallel * p.pipeline_parallel))
        if p.data_parallel != derived:  # training: the DP degree is what num_gpus leaves
            out.append(join([msg("inputs.data_parallel_training", dp=p.data_parallel, derived=derived)]))
    if p.expert_parallel and p.expert_parallel > 1:
        if not expert_parallel_modelled(w):
            out.append(join([msg("inputs.expert_parallel", ep=p.expert_parallel)]))
        elif p.expert_parallel > w.num_gpus:
            out.append(join([msg("inputs.expert_parallel_gpus", ep=p.expert_parallel, n=w.num_gpus)]))
        elif w.model is not None and not w.model.is_moe:
            out.append(join([msg("inputs.expert_parallel_dense", ep=p.expert_parallel)]))
    return out


def expert_parallel_modelled(w: Workload) -> bool:
    """True when the memory model splits the routed experts over ``parallelism.expert_parallel``.

    Training (every framework) and the paged-KV servers (vLLM, SGLang, TensorRT-LLM, LMDeploy …:
    :mod:`gpupicker.core.memory.experts`); Hugging Face ``generate`` and llama.cpp hold every
    expert on each GPU, so there the setting is warned about.
    """
    if w.is_training:
        return True
    try:
        return framework_row(w.framework).memory == "paged"
    except ValueError:
        return False


__all__ = [
    "combination_warnings",
    "backend_refusal",
    "context_window_message",
    "engine_hardware_refusal",
    "expert_parallel_modelled",
    "input_warnings",
    "require_engine_runs_on",
    "require_inference_framework",
    "vllm_context_refusal",
    "vllm_error_text",
    "workload_warnings",
]
