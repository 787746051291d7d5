"""Training command lines read into a Workload.

TRL's ``trl sft`` (also ``trl dpo`` / ``kto`` / ``reward`` / ``grpo`` / ``rloo``, costed as
SFT with the stage named) and its ``sft.py`` script, ms-swift's ``swift sft``, and either under
``accelerate launch`` / ``torchrun``. Their flags are ``TrainingArguments`` fields
(``--per_device_train_batch_size 2``), so they are read as a TrainingArguments JSON is
(:func:`.job_configs._hf_trainer`), after ms-swift's own names are put in the
TrainingArguments / TRL ones (:data:`SWIFT_FLAGS`). The GPU count is the launcher's
(``--nproc_per_node``, ``--num_processes``, ms-swift's ``NPROC_PER_NODE``) or the cards
``CUDA_VISIBLE_DEVICES`` lists.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

from ..core.messages import msg
from .job_configs import _hf_trainer
from .job_model import JobRead, JobReadError, ModelLookup, _short

SWIFT_FLAGS = {
    "model": "model_name_or_path",
    "lora_rank": "lora_r",
    "target_modules": "lora_target_modules",
    "attn_impl": "attn_implementation",
}
"""ms-swift ``swift sft`` flags (its command-line docs) → the TrainingArguments / TRL
``ModelConfig`` names the TrainingArguments reader reads."""

SWIFT_TUNERS = {"lora": "lora", "full": "full"}
"""ms-swift ``--tuner_type`` (``--train_type`` before 3.x) values gpupicker models."""

_TRL_SCRIPT = re.compile(r"(?:^|/)trl/scripts/sft\.py$|(?:^|/)sft\.py$")

TRL_TRAINERS = ("sft", "dpo", "kto", "reward", "grpo", "rloo")
"""``trl <trainer>`` commands (huggingface/trl ``docs/source/clis.md`` at f2cd577): their flags
are the trainer's ``TrainingArguments`` subclass. All but ``sft`` are costed as supervised
fine-tuning with a warning naming the stage (the reference / reward model, and GRPO's and
RLOO's generation, are not counted), as LLaMA-Factory's ``stage`` is."""

_LAUNCHERS = {"accelerate": "--num_processes", "torchrun": "--nproc_per_node"}


def trainer_cli_kind(line: str) -> str | None:
    """``trl`` or ``ms-swift`` for a training command line gpupicker reads, else None."""
    try:
        words = shlex.split(line)
    except ValueError:
        return None
    for w in words:
        if "=" in w and not w.startswith("-"):
            continue  # FOO=bar environment prefixes
        name = Path(w).name
        if (name == "swift" and "sft" in words) or w.endswith("swift/cli/sft.py"):
            return "ms-swift"
        if (name == "trl" and any(t in words for t in TRL_TRAINERS)) or _TRL_SCRIPT.search(w):
            return "trl"
    return None


def _cli_values(words: list[str]) -> dict[str, Any]:
    """``--key value…`` pairs as a TrainingArguments dict.

    A flag alone is True, ``true`` / ``false`` are booleans, numbers are numbers, several
    values are one text.
    """
    out: dict[str, Any] = {}
    i = 0
    while i < len(words):
        w = words[i]
        i += 1
        if not w.startswith("--"):
            continue
        key, _, inline = w[2:].partition("=")
        values = [inline] if inline else []
        while not inline and i < len(words) and not words[i].startswith("--"):
            values.append(words[i])
            i += 1
        out[key.replace("-", "_")] = _value(values)
    return out


def _value(values: list[str]) -> Any:
    if not values:
        return True
    if len(values) > 1:
        return " ".join(values)
    v = values[0]
    if v.lower() in ("true", "false"):
        return v.lower() == "true"
    for cast in (int, float):
        try:
            return cast(v)
        except ValueError:
            pass
    return v


_LAUNCHER_NO_EFFECT = frozenset(
    {"main_process_port", "master_port", "master_addr", "main_process_ip", "machine_rank", "node_rank"}
)
"""Launcher flags (``accelerate launch --help``, ``torchrun --help``) that only place processes."""


def _launcher(env: dict[str, str], words: list[str], job: JobRead) -> None:
    """Account for the launcher's flags and read the GPU count.

    The launcher's process count, else ``NPROC_PER_NODE``, else ``CUDA_VISIBLE_DEVICES``. A
    launcher config file (``accelerate launch --config_file fsdp2.json``: FSDP or DeepSpeed) is
    named as not read.
    """
    launcher = next((w for w in words if Path(w).name in _LAUNCHERS), None)
    if launcher is not None:
        flags = _cli_values(words[words.index(launcher) + 1 :])
        count = _LAUNCHERS[Path(launcher).name].removeprefix("--")
        for k, v in flags.items():
            if k == count and isinstance(v, int):
                job.set(f"{Path(launcher).name} --{k}", "num_gpus", v)
                return
            if k in _LAUNCHER_NO_EFFECT:
                job.no_effect(f"{Path(launcher).name} --{k}")
            elif k != count:
                job.not_modelled(f"{Path(launcher).name} --{k}", v)
    if env.get("NPROC_PER_NODE", "").isdigit():
        job.set("NPROC_PER_NODE", "num_gpus", int(env["NPROC_PER_NODE"]))
    elif re.fullmatch(r"\d+(,\d+)*", env.get("CUDA_VISIBLE_DEVICES", "")):
        job.set("CUDA_VISIBLE_DEVICES", "num_gpus", len(env["CUDA_VISIBLE_DEVICES"].split(",")))


def read_trainer_command(line: str, lookup: ModelLookup) -> JobRead:
    """Read a ``trl sft`` / ``python …/sft.py`` / ``swift sft`` command line.

    The other :data:`TRL_TRAINERS` commands are read as ``trl sft`` is, with the stage named.

    Raises:
        JobReadError: for a line that is none of those, names no model, or a model gpupicker
            does not know (named).
    """
    kind = trainer_cli_kind(line)
    if kind is None:
        raise JobReadError(msg("job.unknown_kind", head=_short(line)))
    words = shlex.split(line)
    env = {}
    for w in words:
        k, eq, v = w.partition("=")
        if eq and not w.startswith("-") and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", k):
            env[k] = v
    start = next(
        i
        for i, w in enumerate(words)
        if (w in TRL_TRAINERS and kind == "trl")
        or w == "sft"
        or _TRL_SCRIPT.search(w)
        or w.endswith("swift/cli/sft.py")
    )
    data = _cli_values(words[start + 1 :])
    job = JobRead(kind)
    _launcher(env, words[:start], job)
    if kind == "ms-swift":
        data = _swift_to_trainer(data, job)
    if "model_name_or_path" not in data:
        raise JobReadError(msg("job.no_model_flag", kind=kind))
    _hf_trainer(data, job, lookup, None)
    if kind == "trl" and words[start] in TRL_TRAINERS and words[start] != "sft":
        job.read.append((f"trl {words[start]}", "(costed as supervised fine-tuning)"))
        job.warnings.append(msg("job.warning.stage", stage=words[start]))
    if "framework" not in job.workload:  # use_liger_kernel: the liger profile
        job.set(kind, "framework", "ms-swift" if kind == "ms-swift" else "trl")
    return job


def _swift_to_trainer(data: dict[str, Any], job: JobRead) -> dict[str, Any]:
    """Put ms-swift's flags under the TrainingArguments / TRL names (:data:`SWIFT_FLAGS`).

    ``--tuner_type`` becomes ``use_peft``, ``--quant_bits 4`` / ``8`` ``load_in_4bit`` / ``8bit``.
    """
    out = {SWIFT_FLAGS.get(k, k): v for k, v in data.items()}
    tuner = str(out.pop("tuner_type", out.pop("train_type", "lora"))).lower()
    if tuner not in SWIFT_TUNERS:
        job.not_modelled("--tuner_type", tuner)
    out["use_peft"] = SWIFT_TUNERS.get(tuner, "lora") == "lora"
    bits = out.pop("quant_bits", None)
    if bits in (4, 8):
        out[f"load_in_{bits}bit"] = True
    elif bits is not None:
        job.not_modelled("--quant_bits", bits)
    return out
