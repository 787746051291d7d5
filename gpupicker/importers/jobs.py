"""The job the user already has, read into a Workload: training configs and engine command lines.

Reads, without running anything:

* **axolotl** YAML (``base_model``, ``adapter``, ``load_in_4bit`` …; axolotl's ``examples/``),
* **LLaMA-Factory** YAML (``model_name_or_path``, ``finetuning_type``, ``quantization_bit``,
  ``cutoff_len`` …; LLaMA-Factory's ``examples/``),
* **torchtune** recipe configs (``model._component_: torchtune.models.llama3_1.qlora_llama3_1_8b``
  …; torchtune's ``recipes/configs/``),
* Hugging Face / TRL ``TrainingArguments`` JSON (``per_device_train_batch_size``, ``optim`` …),
* engine command lines: ``vllm serve``, ``python -m sglang.launch_server``, ``llama-server`` /
  ``llama-cli``, ``ollama run``, ``mlx_lm.server`` (flags as each engine's ``--help`` documents
  them),
* training command lines: ``trl sft`` / ``python trl/scripts/sft.py`` and ms-swift's ``swift sft``
  (TrainingArguments flags, :mod:`.job_trainer_cli`),
* **torchtitan** ``train_configs/*.toml`` (``[model] hf_assets_path``, ``[parallelism]``
  degrees, ``[activation_checkpoint] mode`` …; :mod:`.job_torchtitan`),
* **SkyPilot** task YAML (``resources.accelerators`` and the ``run:`` command, read as above).

Every key is accounted for: it is *read* (it set a Workload field, shown as ``key → field``),
or *not used* with the reason — it does not change memory or speed (a learning rate, a dataset
path, a logger), it was left empty or set to false, the estimate already assumes what it does
(``sample_packing``: full ``seq_len`` rows; ``tf32`` in a bf16/fp16 run), or gpupicker does not
model it (named, so the user can judge).
Nothing is dropped silently.

YAML is parsed with PyYAML's ``SafeLoader`` (no Python objects, no custom tags) after a size cap
(:data:`MAX_JOB_BYTES`) and an alias cap (:data:`MAX_YAML_ALIASES`) that refuses alias bombs
("billion laughs") before anything is built.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml
from typing_extensions import override

from ..core.messages import msg
from ..core.text.json_limits import loads_bounded
from .job_commands import _command_kind, _strip_shell, read_command
from .job_configs import _axolotl, _hf_trainer, _llama_factory, _skypilot, _torchtune
from .job_model import (
    MAX_JOB_BYTES,
    MAX_YAML_ALIASES,
    MAX_YAML_DEPTH,
    JobRead,
    JobReadError,
    ModelLookup,
    _short,
)
from .job_torchtitan import is_torchtitan, load_toml, looks_like_toml, read_torchtitan
from .job_trainer_cli import read_trainer_command, trainer_cli_kind

# --- parsing ------------------------------------------------------------------------------------


class _KeyCountingLoader(yaml.SafeLoader):
    """PyYAML's SafeLoader that records the keys a mapping repeats.

    PyYAML keeps the last value of a repeated key silently (YAML 1.2 section 3.2.1.1 requires
    keys to be unique). Keys brought in by a ``<<`` merge are not counted: overriding them is
    what a merge is for.
    """

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.duplicates: list[str] = []

    @override
    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[str] = set()
        for key_node, _value in node.value:
            if isinstance(key_node, yaml.ScalarNode) and key_node.tag != "tag:yaml.org,2002:merge":
                key = str(key_node.value)
                if key in seen and key not in self.duplicates:
                    self.duplicates.append(key)
                seen.add(key)
        return super().construct_mapping(node, deep=deep)


def _load_yaml(text: str) -> tuple[Any, list[str]]:
    """``text`` as YAML data and the keys it repeats (each once, in the order met).

    Alias bombs and deep nesting are refused before anything is built.
    """
    aliases = depth = 0
    try:
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            if isinstance(event, yaml.AliasEvent):
                aliases += 1
                if aliases > MAX_YAML_ALIASES:
                    raise JobReadError(msg("job.yaml_aliases", n=str(MAX_YAML_ALIASES)))
            elif isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_YAML_DEPTH:
                    raise JobReadError(msg("job.yaml_depth", n=str(MAX_YAML_DEPTH)))
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
        loader = _KeyCountingLoader(text)
        try:
            return loader.get_single_data(), loader.duplicates
        finally:
            loader.dispose()
    except yaml.YAMLError as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise JobReadError(msg("job.not_yaml", why=_short(first))) from None


def read_job_text(text: str, model_lookup: ModelLookup, *, base: Path | None = None) -> JobRead:
    """Read a job from its text: a YAML/JSON config or an engine command line.

    ``base`` is the folder relative paths in the job (a DeepSpeed config, a model folder) are
    read against (the job file's folder; None: not read).

    Raises:
        JobReadError: for text that is too big, not YAML/JSON/a known command line, an alias
            bomb, or a job of a kind gpupicker does not read.
    """
    if len(text.encode("utf-8", errors="replace")) > MAX_JOB_BYTES:
        raise JobReadError(msg("job.too_big", mib=str(MAX_JOB_BYTES // (1024 * 1024))))
    stripped = _strip_shell(text)
    if _command_kind(stripped):
        return read_command(stripped, model_lookup)
    if trainer_cli_kind(stripped):
        return read_trainer_command(stripped, model_lookup)
    toml = load_toml(text) if looks_like_toml(text) else None
    if toml is not None and is_torchtitan(toml):
        job = JobRead("torchtitan")
        read_torchtitan(toml, job, model_lookup)
        return job
    data, duplicates = _load_yaml(text)
    if not isinstance(data, dict):
        first = text.strip().splitlines()[0] if text.strip() else ""
        raise JobReadError(msg("job.unknown_kind", head=_short(first)))
    kind = sniff_config(data)
    if kind is None:
        raise JobReadError(msg("job.unknown_kind", head=_short(", ".join(list(map(str, data))[:6]))))
    reader = {
        "axolotl": _axolotl,
        "llama-factory": _llama_factory,
        "torchtune": _torchtune,
        "hf-trainer": _hf_trainer,
        "skypilot": _skypilot,
    }[kind]
    job = JobRead(kind)
    reader(data, job, model_lookup, base)
    if duplicates:
        job.warnings.append(msg("job.warning.duplicate_keys", keys=", ".join(duplicates)))
    if "model_id" not in job.workload and "model" not in job.workload:
        job.warnings.append(msg("job.no_model"))
    return job


def read_job_file(path: Path, model_lookup: ModelLookup) -> JobRead:
    """Read the job in the file ``path`` (a regular file of at most :data:`MAX_JOB_BYTES`).

    Raises:
        JobReadError: for a path that is not a regular file, is too big, is not text, or whose
            text :func:`read_job_text` refuses.
    """
    if not path.is_file():
        raise JobReadError(msg("job.not_a_file", path=str(path)))
    with open(path, "rb") as f:
        data = f.read(MAX_JOB_BYTES + 1)
    if len(data) > MAX_JOB_BYTES:
        raise JobReadError(msg("job.too_big", mib=str(MAX_JOB_BYTES // (1024 * 1024))))
    try:
        text = data.decode("utf-8-sig")  # a file saved by Excel or Notepad starts with a BOM
    except UnicodeDecodeError:
        raise JobReadError(msg("job.not_text", path=str(path))) from None
    return read_job_text(text, model_lookup, base=path.parent)


def is_job_file(path: str | os.PathLike[str]) -> bool:
    """True for a file that is a job config or command line rather than workload JSON.

    A ``.yml`` / ``.yaml`` / ``.sh`` / ``.txt`` name, or a regular JSON file of at most
    :data:`MAX_JOB_BYTES` holding an object with no ``task`` that another tool's config reader
    recognises (a TrainingArguments JSON). Used by ``gpupicker compare`` and File › Open.
    """
    p = Path(path)
    if p.suffix.lower() in (".yml", ".yaml", ".sh", ".txt"):
        return True
    try:
        if not p.is_file() or p.stat().st_size > MAX_JOB_BYTES:
            return False
        data = loads_bounded(p.read_bytes().decode("utf-8-sig"))
    except (OSError, ValueError):  # UnicodeDecodeError and JsonLimitError are ValueErrors
        return False
    return isinstance(data, dict) and "task" not in data and sniff_config(data) is not None


def sniff_config(data: dict[str, Any]) -> str | None:
    """Which tool's config ``data`` is (None when none of those gpupicker reads)."""
    keys = set(map(str, data))
    model = data.get("model")
    if isinstance(model, dict) and str(model.get("_component_", "")).startswith("torchtune."):
        return "torchtune"
    if "resources" in keys and ("run" in keys or "setup" in keys or "service" in keys):
        return "skypilot"
    if "model_name_or_path" in keys and keys & {"finetuning_type", "stage", "cutoff_len", "template"}:
        return "llama-factory"
    if "base_model" in keys and keys & {"adapter", "micro_batch_size", "sequence_len", "datasets"}:
        return "axolotl"
    if keys & {"per_device_train_batch_size", "optim", "gradient_accumulation_steps"}:
        return "hf-trainer"
    if "model_name_or_path" in keys and "dataset_name" in keys:
        return "hf-trainer"  # TRL's ``trl sft --config`` YAML: ModelConfig + ScriptArguments (clis.md)
    return None


__all__ = [
    "is_job_file",
    "read_job_file",
    "read_job_text",
    "sniff_config",
]
