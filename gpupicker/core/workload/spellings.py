"""How a workload may be written: the spellings read into the field each one means.

Formats, optimizers, attention kernels, back-ends and engine builds as a workload file, the CLI
or the wizard may write them, and the keys that are accepted without being read.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from typing import Any

from pydantic import BaseModel

from ..dtypes import bytes_per_weight, exl2_bits
from ..messages import msg
from ..model_arch import ModelArch
from ..tasks import TEXT_INFERENCE_TASKS, TRAINING_TASKS
from ..tasks.defaults import implied_fields
from .model_keys import model_keys_read
from .parts import LORA_NO_EFFECT, LORA_SPELLINGS, PARALLELISM_SPELLINGS, GpuPart, LoraConfig, Parallelism
from .trainer_spellings import (
    LOAD_FLAGS,
    TRAINER_ALIASES,
    lora_keys_read,
    merge_aliases,
    read_trainer_spellings,
)

WEIGHT_DTYPE_ALIASES = {
    "awq": "int4",
    "gptq": "int4",
    "int4_awq": "int4",
    "w4a16": "int4",
    "bnb4": "nf4",
    "4bit": "nf4",
    "bnb8": "int8",
    "8bit": "int8",
    "w8a16": "int8",
    "float16": "fp16",
    "half": "fp16",
    "bfloat16": "bf16",
    "float32": "fp32",
    "float": "fp32",
    "fp8_e4m3": "fp8",
    "fp8_e5m2": "fp8",
    "q4_k": "q4_k_m",
    "q5_k": "q5_k_m",
    "q3_k": "q3_k_m",
    "f32": "fp32",
}
"""Common spellings of weight formats (AWQ/GPTQ are 4-bit with group scales → ``int4``).
A ``gguf:`` prefix (``gguf:Q4_K_M``) names a llama.cpp file type and is dropped."""

QUANT_FORMAT_DTYPES: dict[str, tuple[str, str]] = {
    "w8a8": ("int8", "w8a8"),
    "w4a8": ("int4", "w4a8"),
    "modelslim_w8a8": ("int8", "modelslim"),
    "modelslim_w4a8": ("int4", "w4a8"),
}
"""Weight formats that name a quantization method as well as a width: Ascend ModelSlim
W8A8 (int8 weights and activations) and W4A8 (int4 weights, int8 activations), the formats
vLLM-Ascend and MindIE load (vllm-ascend quantization guide; MindIE quantization docs).
``weights_dtype: w8a8`` is int8 weights with ``quant_method`` ``w8a8`` unless the workload
names a method (``quant_support.weight_format`` reads the pair back as W8A8 / W4A8)."""

ATTENTION_ALIASES = {
    "flash_attention_2": "flash",
    "flash_attention_3": "flash",
    "flash_attention": "flash",
    "flash-attn": "flash",
    "flash_attn": "flash",
    "flashattention": "flash",
    "fa2": "flash",
    "fa3": "flash",
    "fa": "flash",
    "flashinfer": "flash",
    "sdpa": "sdpa",
    "eager": "eager",
    "flash": "flash",
    "torch_sdpa": "sdpa",
    "math": "eager",
    "flex": "flash",
    "flex_attention": "flash",
}
"""Spellings of ``attn_implementation`` (transformers ``flash_attention_2``, vLLM/llama.cpp
``-fa``) mapped to the three attention memory models. FlexAttention (transformers
``attn_implementation="flex_attention"``, torchtune/torchtitan ``flex``) is a fused, tiled
kernel that never materializes the score matrix (PyTorch ``torch.nn.attention.flex_attention``
docs), so it takes the ``flash`` memory model."""


def attention_spelling(v: object) -> object:
    """An ``attention`` as the memory model names it (:data:`ATTENTION_ALIASES`).

    A Hugging Face Hub kernel repo whose name says flash attention
    (``kernels-community/vllm-flash-attn3``, transformers' ``kernels`` integration, axolotl's
    gpt-oss examples) is ``flash``; anything else is returned for the field's own check.
    """
    if not isinstance(v, str):
        return v
    key = v.strip().lower()
    if key.startswith("kernels-community/") and "flash" in key:
        return "flash"
    return ATTENTION_ALIASES.get(key, v)


OPTIMIZER_ALIASES = {
    # Hugging Face TrainingArguments.optim (transformers.training_args.OptimizerNames)
    "adamw_torch": "adamw",
    "adamw_torch_fused": "adamw",
    "adamw_hf": "adamw",
    "adamw_apex_fused": "adamw",
    "adamw_torch_xla": "adamw",
    "adamw_torch_npu_fused": "adamw",
    "adam": "adamw",
    "adamw_bnb_8bit": "adamw8bit",
    "adamw_torch_8bit": "adamw8bit",
    "torchao.optim.adamw8bit": "adamw8bit",
    "adamw_8bit": "adamw8bit",
    "adam8bit": "adamw8bit",
    "adamw_8bit_bnb": "adamw8bit",
    "bnb_adamw8bit": "adamw8bit",
    "paged_adamw_8bit": "paged_adamw8bit",
    "paged_adamw8bit": "paged_adamw8bit",
    "pagedadamw8bit": "paged_adamw8bit",
    "paged_adamw_32bit": "adamw",
    "paged_adamw": "adamw",
    "lion_32bit": "lion",
    "paged_lion_32bit": "lion",
    "sgd": "sgd",
    "adafactor": "adafactor",
    # torchtune / torchao spellings
    "torch.optim.adamw": "adamw",
    "adamw8bit": "adamw8bit",
    "bitsandbytes.optim.pagedadamw8bit": "paged_adamw8bit",
    "bitsandbytes.optim.adamw8bit": "adamw8bit",
}
"""Optimizer names of public recipes → the optimizer whose state bytes gpupicker models:
torch AdamW (fused or not, apex, XLA: two states in the parameter dtype), bitsandbytes 8-bit
AdamW (two 8-bit states + block scales; torchao's ``AdamW8bit``, HF ``adamw_torch_8bit``,
keeps the same two int8 states with an fp32 scale per 256-value block: 2.03 bytes per
parameter, torchao ``optim/subclass_8bit.py``), its paged variant (same bytes; pages move to host RAM
only under memory pressure), paged 32-bit AdamW (torch AdamW's bytes), 32-bit Lion (one state).
Names whose state bytes gpupicker does not model — torchao 4-bit AdamW (``adamw_torch_4bit``),
8-bit Lion, GaLore, APOLLO, schedule-free — are refused with this list, never mapped to a
neighbour."""

OPTIMIZERS = ("adamw", "adamw8bit", "paged_adamw8bit", "sgd", "adafactor", "lion")
"""The optimizers whose state bytes gpupicker models (``Workload.optimizer``)."""


def optimizer_spelling(v: object) -> object:
    """An optimizer as gpupicker names it (:data:`OPTIMIZER_ALIASES`); other values unchanged.

    Raises:
        ValueError: ``workload.unknown_optimizer`` for a name that is neither one of
            :data:`OPTIMIZERS` nor an alias of one (GaLore, torchao 4-bit AdamW …), naming it,
            the known ones and a few of the Hugging Face names.
    """
    if not isinstance(v, str):
        return v
    key = OPTIMIZER_ALIASES.get(v.strip().lower(), v.strip().lower())
    if key not in OPTIMIZERS:
        raise ValueError(
            msg(
                "workload.unknown_optimizer",
                optimizer=repr(v),
                choices=", ".join(OPTIMIZERS),
                hf="adamw_torch_fused, adamw_bnb_8bit, paged_adamw_8bit, paged_adamw_32bit",
            )
        )
    return key


GRAD_CKPT_MODES = {"offload": "offload", "unsloth": "offload", "true": "on", "false": "off"}
"""String values of ``grad_ckpt``: Unsloth's ``use_gradient_checkpointing="unsloth"`` and
``"offload"`` checkpoint every layer and move the saved layer inputs to host RAM (Unsloth
README, "unsloth" gradient checkpointing)."""

TOKEN_ALIASES = {"avg_prompt_tokens": "prompt_len", "avg_output_tokens": "new_tokens"}
"""Older spellings of the per-request token counts (the serving fields of the architecture
contract). A job has one set of token fields: an alias is read into its field, and a workload
giving both spellings with different values is refused (:meth:`Workload._normalize`)."""

NATIVE_WEIGHTS = {
    "gpt_oss_20b": "mxfp4",
    "gpt_oss_120b": "mxfp4",
    "deepseek_v3": "fp8",
    "deepseek_r1": "fp8",
    "deepseek_v3_1": "fp8",
    "deepseek_v3_2_exp": "fp8",
    "kimi_k2": "fp8",
    "deepseek_v4_flash": "mxfp4",
}
"""Catalog models whose released checkpoint is not 16-bit, by the ``quantization_config`` of
their ``config.json``: openai/gpt-oss-20b and -120b ship MXFP4 MoE experts (``quant_method:
mxfp4``); deepseek-ai/DeepSeek-V3, -R1, -V3.1, -V3.2-Exp and moonshotai/Kimi-K2-Instruct ship
block-scaled FP8 (``quant_method: fp8``, ``weight_block_size [128, 128]``);
deepseek-ai/DeepSeek-V4-Flash ships its routed experts in FP4 (``expert_dtype: fp4``: e2m1
values with a ue8m0 scale per 32, the MXFP4 layout, ``I8 [2048, 2048]`` + ``F8_E8M0 [2048,
128]`` per expert matrix) and the rest in that FP8, sized as MXFP4 experts with the rest
16-bit (about 6 GB over its checkpoint, which holds the rest in 8 bits). An inference
workload that names one of them and no ``weights_dtype`` is sized in that format, as the engines
load it; a 16-bit estimate needs ``weights_dtype: bf16`` said."""

ANNOTATION_FIELDS = frozenset(
    {
        "id",
        "measured",
        "notes",
        "note",
        "source",
        "engine",
        "comment",
        "description",
        "name",
        "label",
        "source_id",
    }
)
"""Keys a workload file may carry for people (validation cases' ``id``/``measured`` …):
ignored without a warning; any other unknown key is named by :func:`unknown_fields`."""

SPECULATIVE_SPELLINGS = frozenset(
    {
        "speculative_config",
        "speculative_algorithm",
        "speculative_draft_model_path",
        "speculative_num_steps",
        "model_draft",
        "draft_max",
    }
)
"""Engine spellings of :attr:`Workload.speculative` read into it (vLLM, SGLang, llama.cpp)."""

SPECULATIVE_OBJECT_SPELLINGS = frozenset(
    {
        "speculative_algorithm",
        "algorithm",
        "model",
        "model_draft",
        "speculative_draft_model_path",
        "speculative_num_steps",
        "draft_max",
        "n_draft",
        "num_draft_tokens",
        "prompt_lookup_max",
        "prompt_lookup_min",
    }
)
"""Keys of a ``speculative`` (or vLLM ``speculative_config``) object that
:class:`~gpupicker.core.speculative.Speculative` reads besides its fields (vLLM's ``model``,
SGLang's and llama.cpp's names), and vLLM's n-gram window (``prompt_lookup_max`` / ``_min``:
no weights or KV; its effect on acceptance is inside the n-gram default's stated range):
accepted without a warning; any other key is named."""

_BUILD_NUMBER = re.compile(r"^\s*(?:build:?\s*)?(?:[0-9a-f]{7,40}\s+)?\(?b?(\d{1,6})\)?\s*$", re.IGNORECASE)


def build_number(text: str) -> int:
    """The number of an engine build as people write it (llama.cpp / Ollama's bundled ggml).

    ``"b4500"``, ``"4500"`` or ``llama-bench``'s ``"build: e598697d (4696)"``.

    Raises:
        ValueError: for any other text (named in the message).
    """
    m = _BUILD_NUMBER.match(text)
    if m is None:
        raise ValueError(msg("workload.bad_engine_build", build=repr(text)))
    return int(m.group(1))


BACKEND_ALIASES = {
    "cuda": "cuda",
    "hip": "hip",
    "rocm": "hip",
    "metal": "metal",
    "mps": "metal",
    "vulkan": "vulkan",
    "vk": "vulkan",
    "sycl": "sycl",
    "oneapi": "sycl",
    "cpu": "cpu",
}
"""Spellings of the ggml back-ends (llama.cpp ``-DGGML_<NAME>=ON``, ``llama-bench``'s
``backend`` column) mapped to the back-ends the speed model knows."""


def normalize_input(data: Any) -> Any:
    """A workload dict with its spellings read into the fields they mean (the before-validator).

    A ``weights_dtype`` naming a method (:data:`QUANT_FORMAT_DTYPES`), the token aliases
    (:data:`TOKEN_ALIASES`), a string ``grad_ckpt`` (:data:`GRAD_CKPT_MODES`), ``num_gpus`` from
    ``gpus``, the task's implied values (:func:`~gpupicker.core.tasks.defaults.implied_fields`),
    a catalog model's native format (:data:`NATIVE_WEIGHTS`), a framework's gradient
    checkpointing default, ``params`` into the model, and the engines' speculative spellings.
    Anything but a dict is returned as it is.

    Raises:
        ValueError: for a token alias that disagrees with its field, or an unknown
            ``grad_ckpt`` mode (both named in the message).
    """
    if not isinstance(data, dict):
        return data
    d = dict(data)
    fmt = d.get("weights_dtype")
    if isinstance(fmt, str) and fmt.strip().lower() in QUANT_FORMAT_DTYPES:
        dtype, method = QUANT_FORMAT_DTYPES[fmt.strip().lower()]
        d["weights_dtype"] = dtype
        if not d.get("quant_method"):
            d["quant_method"] = method
    merge_aliases(d, TOKEN_ALIASES, "workload.token_alias_disagrees")
    read_trainer_spellings(d)  # Unsloth / Hugging Face trainer spellings (trainer_spellings)
    ckpt = d.get("grad_ckpt")
    if isinstance(ckpt, str):
        mode = GRAD_CKPT_MODES.get(ckpt.strip().lower())
        if mode is None:
            raise ValueError(
                msg("workload.grad_ckpt_mode", value=repr(ckpt), known=", ".join(sorted(GRAD_CKPT_MODES)))
            )
        d["grad_ckpt"] = mode != "off"
        if mode == "offload":
            d["grad_ckpt_offload"] = True
    parts = d.get("gpus")
    if isinstance(parts, (list, tuple)) and "num_gpus" not in d:
        # num_gpus is the machine's card count (an item the part check refuses counts 1)
        d["num_gpus"] = (
            sum(
                int(c)
                if isinstance(c := p.get("count", 1) if isinstance(p, dict) else 1, int) and c > 0
                else 1
                for p in parts
            )
            or 1
        )
    # a task's implied values (QLoRA: NF4 base, peft's k-bit recipe; LoRA: an adapter;
    # full fine-tuning: bf16), defined with the wizard's starting values in tasks.defaults
    d.update(implied_fields(d))
    native = NATIVE_WEIGHTS.get(str(d.get("model_id") or ""))
    task = d.get("task")
    task = task if isinstance(task, str) else None  # a non-text task is refused by the field check
    if native and "weights_dtype" not in d and task in TEXT_INFERENCE_TASKS:
        d["weights_dtype"] = native
    if task in TRAINING_TASKS:
        from ..stacks.training_frameworks import fill_framework_defaults

        fill_framework_defaults(d, task)  # LLaMA-Factory/ms-swift/TRL checkpointing, torchtune's optimizer
    if isinstance(d.get("model"), dict) and d.get("params") and "params" not in d["model"]:
        d["model"] = {**d["model"], "params": d["params"]}
    if d.get("params") and d.get("model") is None and not d.get("model_id"):
        d["model"] = {"params": d["params"]}  # params-only workload (README): sizes assumed
    if d.get("speculative") is None:
        # vLLM's speculative_config object; SGLang's flat --speculative-* server arguments;
        # llama.cpp's --model-draft / --draft-max
        if isinstance(d.get("speculative_config"), dict):
            d["speculative"] = d["speculative_config"]
        else:
            flat = {
                k: d[k]
                for k in (
                    "speculative_algorithm",
                    "speculative_draft_model_path",
                    "speculative_num_steps",
                    "model_draft",
                    "draft_max",
                )
                if d.get(k) is not None
            }
            if flat:
                d["speculative"] = flat
    return d


def unknown_keys(
    data: object, fields: Collection[str], nested_fields: Mapping[str, type[BaseModel]]
) -> list[str]:
    """Keys of a workload dict, at every depth, that no field reads (:meth:`Workload.unknown_fields`).

    ``fields`` are the workload's own field names, ``nested_fields`` the field → model of each field
    that takes a nested object (:func:`~gpupicker.core.workload.nested_models`).
    """
    if not isinstance(data, dict):
        return []
    out = [
        k
        for k in data
        if isinstance(k, str)
        and k not in fields
        and k not in ANNOTATION_FIELDS
        and k not in TOKEN_ALIASES
        and k not in TRAINER_ALIASES
        and k not in LOAD_FLAGS
        and k not in SPECULATIVE_SPELLINGS
    ]
    parts = data.get("gpus")
    if isinstance(parts, list):
        known_part = set(GpuPart.model_fields)
        out += [
            f"gpus[{i}].{k}"
            for i, part in enumerate(parts)
            if isinstance(part, dict)
            for k in part
            if isinstance(k, str) and k not in known_part
        ]
    for key, model in nested_fields.items():
        nested = data.get(key)
        if isinstance(nested, dict):
            known = model_keys_read() if model is ModelArch else set(model.model_fields)
            if model is LoraConfig:
                known |= {*LORA_SPELLINGS, *LORA_NO_EFFECT, *lora_keys_read(nested)}
                if nested.get("bias") in (None, "none"):
                    known.add("bias")
            elif model is Parallelism:
                known |= set(PARALLELISM_SPELLINGS)
            elif key == "speculative":
                known |= SPECULATIVE_OBJECT_SPELLINGS
            out += [f"{key}.{k}" for k in nested if isinstance(k, str) and k not in known]
    spec = data.get("speculative_config")
    if isinstance(spec, dict) and data.get("speculative") is None and "speculative" in nested_fields:
        # vLLM's object, read as speculative: its keys are checked the same way
        known = {*nested_fields["speculative"].model_fields, *SPECULATIVE_OBJECT_SPELLINGS}
        out += [f"speculative_config.{k}" for k in spec if isinstance(k, str) and k not in known]
    return sorted(out)


def weights_dtype_spelling(v: object) -> object:
    """A ``weights_dtype`` as gpupicker spells it (:data:`WEIGHT_DTYPE_ALIASES`, one spelling per EXL2 width).

    Raises:
        ValueError: for a format :func:`~gpupicker.core.dtypes.bytes_per_weight` does not know.
    """
    if not isinstance(v, str):
        return v
    v = v.strip()
    if v.lower().startswith("gguf:"):
        v = v[5:]
    key = WEIGHT_DTYPE_ALIASES.get(v.lower(), v.lower())
    bits = exl2_bits(key)
    if bits is not None:
        return f"{bits:g}bpw"  # one spelling per EXL2 width: 4.0bpw, exl2_4bpw → 4bpw
    bytes_per_weight(key)
    return key


def backend_spelling(v: str | None) -> str | None:
    """The ggml back-end a spelling names (:data:`BACKEND_ALIASES`); None stays None.

    Raises:
        ValueError: for a back-end the speed model does not know (named, with the known ones).
    """
    if v is None:
        return v
    key = BACKEND_ALIASES.get(v.strip().lower())
    if key is None:
        raise ValueError(
            msg(
                "workload.unknown_backend",
                backend=repr(v),
                choices=", ".join(sorted(set(BACKEND_ALIASES.values()))),
            )
        )
    return key


def n_cpu_moe_spelling(v: object) -> object:
    """llama.cpp ``--n-cpu-moe`` as a count, ``"auto"`` or ``"all"`` (digits in text read as a count).

    Raises:
        ValueError: for other text or a count outside 0–100,000 (named in the message).
    """
    if isinstance(v, str):
        key = v.strip().lower()
        if key.isdigit():
            return int(key)
        if key not in ("auto", "all"):
            raise ValueError(msg("workload.n_cpu_moe", value=repr(v)))
        return key
    if isinstance(v, bool) or (isinstance(v, int) and not 0 <= v <= 100_000):
        raise ValueError(msg("workload.n_cpu_moe", value=repr(v)))
    return v
