"""Bring your own model: read model folders, safetensors, GGUF and the Hugging Face cache.

Qt-free (import-linter contract); the readers do file I/O, so they live here
rather than in ``core``. Nothing here unpickles or touches the network.
"""

from __future__ import annotations

import re

from ..catalog.model_arch_map import arch_columns
from ..catalog.records import ModelRecord
from ..core.messages import msg
from .base import (
    Component,
    ImportCancelledError,
    ImportedModel,
    ModelImportError,
    error_message,
    pickle_refusal,
)
from .hf_cache import CachedModel, cache_dir, list_cached_models
from .inspect import inspect_path

__all__ = [
    "CachedModel",
    "Component",
    "ImportCancelledError",
    "ImportedModel",
    "ModelImportError",
    "cache_dir",
    "error_message",
    "inspect_path",
    "list_cached_models",
    "pickle_refusal",
    "suggest_id",
    "to_record",
]


def suggest_id(name: str) -> str:
    """A catalog id from a display name: lower case, ``[a-z0-9_]``, ``user_`` prefix."""
    base = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")[:60] or "model"
    return f"user_{base}"


def to_record(model: ImportedModel, model_id: str | None = None, name: str | None = None) -> ModelRecord:
    """A catalog row for an imported model (saved as a user model, editable and exportable).

    LLMs keep their architecture fields (MoE layout and MLA ranks included);
    a model known by its parameter count only gets Llama-shaped layer sizes
    (``ModelArch.with_inferred_architecture``) and a note saying so. Diffusion
    pipelines carry the denoiser's parameter count.

    Raises:
        ModelImportError: when the model has no parameter count.
    """
    if not model.params:
        raise ModelImportError(msg("importers.no_param_count"))
    title = name or model.name or "Imported model"
    notes = [
        f"Imported from {model.path} ({model.format}); params {model.params:,} from "
        f"{model.params_source or 'unknown'}."
    ]
    if model.weights_bytes:
        notes.append(
            f"weights {model.weights_bytes:,} bytes ("
            + ", ".join(f"{k} {v:,}" for k, v in model.bytes_by_dtype.items())
            + ")."
        )
    if model.quantization.get("quant_method"):
        notes.append(
            f"quantization {model.quantization.get('quant_method')}"
            f" → weights dtype {model.quantization.get('weights_dtype') or 'unknown'}."
        )
    notes.extend(model.warnings)
    base = {
        "id": model_id or suggest_id(title),
        "name": title,
        "params_b": model.params / 1e9,
        "source": f"imported: {model.path}",
        "license": "",
    }
    if model.kind == "diffusion" or model.arch is None:
        if model.components:
            notes.append(
                "components: " + ", ".join(f"{c.name} {c.params:,}" for c in model.components if c.params)
            )
        if model.kind != "diffusion":
            from ..core.model_arch import ModelArch

            arch = ModelArch(name=title, params=model.params).with_inferred_architecture()
            notes.append("layer sizes assumed (Llama proportions): only the parameter count is known.")
            return ModelRecord.model_validate(
                {**base, "family": "imported", "notes": " ".join(notes), **arch_columns(arch)}
            )
        return ModelRecord.model_validate({**base, "family": "diffusion", "notes": " ".join(notes)})
    arch = model.arch
    if not arch.has_architecture:
        arch = arch.with_inferred_architecture()
        notes.append("layer sizes assumed (Llama proportions): only the parameter count is known.")
    active_params_b = (
        arch.model_copy(update={"params": None}).active_param_count() / 1e9
        if arch.is_moe and arch.has_architecture
        else None
    )
    return ModelRecord.model_validate(
        {
            **base,
            "family": arch.model_type,
            "notes": " ".join(notes),
            "active_params_b": active_params_b,
            **arch_columns(arch),
        }
    )
