"""Trainer spellings of a workload, read into the fields they mean.

Hugging Face / TRL trainer arguments and Unsloth's loader and ``get_peft_model`` arguments
(:func:`read_trainer_spellings`, called by :func:`.spellings.normalize_input`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..messages import msg
from ..tasks import ADAPTER_TASKS, FULL_TRAINING_TASKS, TEXT_INFERENCE_TASKS

TRAINER_ALIASES = {
    "max_seq_length": "seq_len",
    "per_device_train_batch_size": "batch",
    "num_train_epochs": "epochs",
    "optim": "optimizer",
    "use_gradient_checkpointing": "grad_ckpt",
    "gradient_checkpointing": "grad_ckpt",
}
"""The trainers' own spellings of training fields, as workloads written from their recipes use
them: Unsloth's ``FastLanguageModel.from_pretrained(max_seq_length=…)`` and
``get_peft_model(use_gradient_checkpointing=…)`` (unslothai/notebooks ``nb/*.ipynb``), Hugging
Face ``TrainingArguments`` / TRL ``SFTConfig`` ``per_device_train_batch_size``,
``num_train_epochs``, ``optim`` (its names: :data:`OPTIMIZER_ALIASES`) and
``gradient_checkpointing``. Read into the field like :data:`TOKEN_ALIASES`; both spellings with
different values are refused."""

LOAD_FLAGS = ("load_in_4bit", "load_in_8bit", "full_finetuning")
"""Unsloth's ``from_pretrained`` loading flags (also ``BitsAndBytesConfig`` / TRL
``ModelConfig``): ``load_in_4bit`` loads the base in bitsandbytes NF4 (a LoRA on it is QLoRA),
``load_in_8bit`` in LLM.int8, ``full_finetuning`` trains every weight. Read by
:func:`_load_flags`; one that disagrees with the task is refused."""


UNSLOTH_FINETUNE = {
    (True, True): ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"),
    (True, False): ("q_proj", "k_proj", "v_proj", "o_proj"),
    (False, True): ("gate_proj", "up_proj", "down_proj"),
}
"""Unsloth ``FastModel.get_peft_model(finetune_attention_modules=…, finetune_mlp_modules=…)``
with ``finetune_language_layers=True`` and ``finetune_vision_layers=False``: the language
model's attention and / or MLP projections (unslothai/unsloth-zoo ``peft_utils.get_peft_regex``),
read as ``lora.targets``. Vision-layer adapters are not modelled (the keys are then named)."""

_FINETUNE_KEYS = (
    "finetune_vision_layers",
    "finetune_language_layers",
    "finetune_attention_modules",
    "finetune_mlp_modules",
)


def _unsloth_targets(lora: Mapping[str, Any]) -> tuple[str, ...] | None:
    """The LoRA targets Unsloth's ``finetune_*`` flags in ``lora`` choose, or None.

    None when the flags are absent or choose something not modelled (:data:`UNSLOTH_FINETUNE`).
    """
    if not any(k in lora for k in _FINETUNE_KEYS):
        return None
    if (
        lora.get("finetune_vision_layers", True) is not False
        or lora.get("finetune_language_layers", True) is not True
    ):
        return None
    pair = (lora.get("finetune_attention_modules", True), lora.get("finetune_mlp_modules", True))
    return UNSLOTH_FINETUNE.get(pair) if all(isinstance(v, bool) for v in pair) else None


def _unsloth_lora(d: dict[str, Any]) -> None:
    """Read Unsloth's ``get_peft_model`` arguments in a ``lora`` object (in place).

    Its ``use_gradient_checkpointing`` is the workload's ``grad_ckpt``, its ``finetune_*`` flags
    the targets (:func:`_unsloth_targets`).

    Raises:
        ValueError: for a ``use_gradient_checkpointing`` that disagrees with ``grad_ckpt``.
    """
    lora = d.get("lora")
    if not isinstance(lora, dict):
        return
    lora = dict(lora)
    if "use_gradient_checkpointing" in lora:
        value = lora.pop("use_gradient_checkpointing")
        if d.get("grad_ckpt") is None:
            d["grad_ckpt"] = value
        elif d["grad_ckpt"] != value:
            raise ValueError(
                msg(
                    "workload.trainer_alias_disagrees",
                    alias="lora.use_gradient_checkpointing",
                    field="grad_ckpt",
                    alias_value=repr(value),
                    value=repr(d["grad_ckpt"]),
                )
            )
    targets = _unsloth_targets(lora)
    if targets is not None and "targets" not in lora and "target_modules" not in lora:
        for k in _FINETUNE_KEYS:
            lora.pop(k, None)
        lora["targets"] = list(targets)
    if lora.get("loftq_config", 0) is None:
        del lora["loftq_config"]  # peft's default: no LoftQ initialisation
    d["lora"] = lora


def _load_flags(d: dict[str, Any]) -> None:
    """Read :data:`LOAD_FLAGS` into ``task`` and ``weights_dtype`` (in place).

    ``load_in_4bit`` / ``load_in_8bit`` true: a LoRA is QLoRA on an NF4 / int8 base, an
    inference job loads NF4 / int8 weights; ``full_finetuning`` true is ``full_ft``. False is the
    loaders' default (16-bit, an adapter) and sets nothing.

    Raises:
        ValueError: for a flag that disagrees with the task or ``weights_dtype`` (named).
    """
    task = d.get("task")
    for flag, dtype in (("load_in_4bit", "nf4"), ("load_in_8bit", "int8")):
        on = d.pop(flag, None)
        if on is None or on is False:
            continue
        given = d.get("weights_dtype")
        if (
            on is not True
            or task not in ADAPTER_TASKS | TEXT_INFERENCE_TASKS
            or (given is not None and str(given).lower() not in (dtype, "bnb4" if dtype == "nf4" else "bnb8"))
        ):
            raise ValueError(msg("workload.load_flag_disagrees", flag=flag, value=repr(on), task=repr(task)))
        if task == "lora":
            d["task"] = task = "qlora"
        d.setdefault("weights_dtype", dtype)
    full = d.pop("full_finetuning", None)
    if full is True and task not in FULL_TRAINING_TASKS:
        raise ValueError(
            msg("workload.load_flag_disagrees", flag="full_finetuning", value="True", task=repr(task))
        )
    if full not in (None, True, False) or (full is False and task in FULL_TRAINING_TASKS):
        raise ValueError(
            msg("workload.load_flag_disagrees", flag="full_finetuning", value=repr(full), task=repr(task))
        )


def merge_aliases(d: dict[str, Any], aliases: Mapping[str, str], disagrees_id: str) -> None:
    """Move each ``alias`` key of the workload dict ``d`` to its ``field`` (in place).

    An alias whose field is unset (or None) sets it; one equal to the field, or None, is
    dropped as read.

    Raises:
        ValueError: ``disagrees_id``'s message (placeholders ``alias``, ``field``,
            ``alias_value``, ``value``) when the alias and its field give different values.
    """
    for alias, field in aliases.items():
        if alias not in d:
            continue
        value = d.pop(alias)
        if d.get(field) is None:
            d[field] = value
        elif value is not None and d[field] != value:
            raise ValueError(
                msg(disagrees_id, alias=alias, field=field, alias_value=repr(value), value=repr(d[field]))
            )


def read_trainer_spellings(d: dict[str, Any]) -> None:
    """Read the trainers' spellings of the workload dict ``d`` into its fields (in place).

    :data:`TRAINER_ALIASES`, :data:`LOAD_FLAGS` and Unsloth's ``lora`` arguments.

    Raises:
        ValueError: for a spelling that disagrees with the field it sets, or with the task.
    """
    merge_aliases(d, TRAINER_ALIASES, "workload.trainer_alias_disagrees")
    _load_flags(d)
    _unsloth_lora(d)


def lora_keys_read(lora: Mapping[str, Any]) -> set[str]:
    """Keys of a ``lora`` object that :func:`read_trainer_spellings` reads (Unsloth's)."""
    keys = {"use_gradient_checkpointing"}
    if lora.get("loftq_config", 0) is None:
        keys.add("loftq_config")
    if _unsloth_targets(lora) is not None:
        keys |= set(_FINETUNE_KEYS)
    return keys


__all__ = [
    "LOAD_FLAGS",
    "TRAINER_ALIASES",
    "UNSLOTH_FINETUNE",
    "lora_keys_read",
    "merge_aliases",
    "read_trainer_spellings",
]
