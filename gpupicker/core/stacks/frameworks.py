"""The frameworks gpupicker models: one table, with the task kinds each one serves.

``Workload.framework`` must name a row (or an alias of one); anything else is refused with
the list of known names — an engine gpupicker does not model must never silently become
another one. The training rows' memory and speed profiles are in :mod:`.training_frameworks`
(keyed by the canonical names here).

Columns of :data:`FRAMEWORKS`:

* ``kinds`` — task kinds the framework is modelled for: ``inference`` (LLM serving/generation,
  incl. ``decode_ceiling``), ``training`` (LoRA, QLoRA, full fine-tuning, pre-training),
  ``diffusion`` (image generation);
* ``speed`` — the inference speed profile (:data:`.speed.inference.ENGINES` key) or None;
* ``memory`` — the inference memory model: ``paged`` (vLLM-style KV pool), ``gguf``
  (llama.cpp), ``transformers`` (growing DynamicCache);
* ``aliases`` — other spellings that mean the same framework;
* ``stand_in`` — for a framework costed with another one's profile, the warning that says so.
"""

from __future__ import annotations

from typing import NamedTuple

from ..messages import msg


class FrameworkRow(NamedTuple):
    """One known framework (see the module docstring for the columns)."""

    name: str
    kinds: frozenset[str]
    speed: str | None
    memory: str
    aliases: tuple[str, ...] = ()
    stand_in: str | None = None
    """Message id of the warning every estimate of this framework carries when it is costed
    with another engine's profile (no measurement of its own checked)."""


_INF = frozenset({"inference"})
_TRAIN = frozenset({"training"})
_ALL = frozenset({"inference", "training", "diffusion"})

FRAMEWORKS: tuple[FrameworkRow, ...] = (
    # name            kinds      speed profile    memory        aliases
    FrameworkRow(
        "transformers",
        _ALL,
        "transformers",
        "transformers",
        ("hf", "huggingface", "hf_transformers", "accelerate", "peft", "trainer"),
    ),
    FrameworkRow("vllm", _INF, "vllm", "paged", ()),
    FrameworkRow("sglang", _INF, "sglang", "paged", ()),
    FrameworkRow("tgi", _INF, "vllm", "paged", ("text-generation-inference",)),
    FrameworkRow("tensorrt-llm", _INF, "tensorrt-llm", "paged", ("tensorrt_llm", "trtllm", "trt-llm")),
    FrameworkRow("llama.cpp", _INF, "llama.cpp", "gguf", ("llamacpp", "llama-cpp", "llama_cpp")),
    FrameworkRow("ollama", _INF, "llama.cpp", "gguf", ()),
    FrameworkRow("mlc-llm", _INF, "mlc-llm", "transformers", ("mlc", "mlc_llm", "mlcllm")),
    FrameworkRow("exllamav2", _INF, "exllamav2", "transformers", ("exllama2",)),
    # ExLlama (v1, turboderp/exllama): its own GPTQ kernels, slower than V2's on Ampere
    FrameworkRow("exllama", _INF, "exllama", "transformers", ("exllamav1", "exllama1")),
    FrameworkRow("diffusers", frozenset({"diffusion"}), None, "transformers", ()),
    FrameworkRow(
        "deepspeed", frozenset({"training", "inference"}), "transformers", "transformers", ("zero",)
    ),
    FrameworkRow(
        "fsdp", _TRAIN | {"inference"}, "transformers", "transformers", ("pytorch_fsdp", "fsdp1", "fsdp2")
    ),
    FrameworkRow("litgpt", _TRAIN | {"inference"}, "pytorch", "transformers", ()),
    FrameworkRow("torchtune", _TRAIN | {"inference"}, "pytorch", "transformers", ()),
    FrameworkRow("megatron", _TRAIN, None, "transformers", ("megatron-lm", "megatron_lm", "megatron-core")),
    FrameworkRow("llm-foundry", _TRAIN, None, "transformers", ("composer", "llmfoundry", "llm_foundry")),
    FrameworkRow("nemo", _TRAIN, None, "transformers", ()),
    # TRL's SFTTrainer: HF Trainer + peft with its own k-bit dtype handling (training_frameworks)
    FrameworkRow("trl", _TRAIN, None, "transformers", ("sfttrainer", "trl-sft", "trl_sft")),
    FrameworkRow("axolotl", _TRAIN, None, "transformers", ()),
    FrameworkRow("unsloth", _TRAIN, None, "transformers", ()),
    FrameworkRow("liger", _TRAIN, None, "transformers", ("liger-kernel", "liger_kernel")),
    FrameworkRow("llama-factory", _TRAIN, None, "transformers", ("llamafactory", "llama_factory")),
    FrameworkRow("torchtitan", _TRAIN, None, "transformers", ()),
    # the frameworks Chinese users run
    FrameworkRow("ms-swift", _TRAIN, None, "transformers", ("swift", "ms_swift", "msswift")),
    FrameworkRow("lmdeploy", _INF, "lmdeploy", "paged", ("turbomind",)),
    FrameworkRow("mindie", _INF, "mindie", "paged", ("mindie-llm", "mindie_llm")),
    FrameworkRow("vllm-ascend", _INF, "mindie", "paged", ("vllm_ascend",)),
    # LM Studio runs GGUF files on its bundled llama.cpp runtime (lmstudio.ai docs, "llama.cpp
    # engine"); MLX models in LM Studio are the mlx-lm row
    FrameworkRow("lm-studio", _INF, "llama.cpp", "gguf", ("lmstudio", "lm_studio", "lms")),
    FrameworkRow(
        "mlx-lm",
        _INF,
        "llama.cpp",
        "transformers",
        ("mlx", "mlx_lm", "mlx-lm.generate"),
        stand_in="inputs.stand_in.mlx",
    ),
    FrameworkRow(
        "olmo-core",
        _TRAIN,
        None,
        "transformers",
        ("olmo_core", "olmocore"),
        stand_in="inputs.stand_in.olmo_core",
    ),
    FrameworkRow(
        "mindspeed",
        _TRAIN,
        None,
        "transformers",
        ("mindspeed-llm", "mindspeed_llm", "ascendspeed"),
        stand_in="inputs.stand_in.mindspeed",
    ),
    FrameworkRow(
        "mindformers",
        _TRAIN,
        None,
        "transformers",
        ("mindspore", "mind_formers"),
        stand_in="inputs.stand_in.mindformers",
    ),
)
"""Every framework gpupicker models (see module docstring)."""

_BY_NAME: dict[str, FrameworkRow] = {}
for _row in FRAMEWORKS:
    for _key in (_row.name, *_row.aliases):
        _BY_NAME[_key.lower()] = _row


def known_frameworks(kind: str | None = None) -> list[str]:
    """Canonical names, in table order (only those serving ``kind`` when given)."""
    return [r.name for r in FRAMEWORKS if kind is None or kind in r.kinds]


def framework_row(name: str) -> FrameworkRow:
    """The row of ``name`` or one of its aliases (case-insensitive, ``_``/``-`` as written).

    Raises:
        ValueError: 'unknown framework …; known: …' for a name in no row.
    """
    row = _BY_NAME.get(name.strip().lower())
    if row is None:
        raise ValueError(msg("frameworks.unknown", name=repr(name), known=", ".join(known_frameworks())))
    return row


def normalize_framework(name: str) -> str:
    """The canonical name of a framework or alias (see :func:`framework_row`).

    Raises:
        ValueError: for an unknown framework (the message lists the known ones).
    """
    return framework_row(name).name


def speed_engine(name: str) -> str | None:
    """The inference speed profile of a framework (None when it has no inference profile)."""
    return framework_row(name).speed


__all__ = [
    "FRAMEWORKS",
    "FrameworkRow",
    "framework_row",
    "known_frameworks",
    "normalize_framework",
    "speed_engine",
]
