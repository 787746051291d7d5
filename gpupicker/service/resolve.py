"""A workload against the catalog: its model and GPU by id, or an error naming the id.

The CLI (``estimate``, ``recommend``, ``fit``, ``report``, ``calibrate``, ``owned``) and the
UI's workload files (``ui.workload_files.read_workload``) resolve ids here, so an unknown id
reads the same everywhere.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from typing import Protocol

from ..core.hardware.specs import GpuSpec
from ..core.model_arch import ModelArch
from ..core.workload import Workload


class CatalogLookup(Protocol):
    """The catalog reads resolution needs (``gpupicker.catalog.CatalogRepository`` has them)."""

    def get_model(self, model_id: str) -> ModelArch | None:
        """The model's architecture by catalog id, or None."""

    def get_gpu(self, gpu_id: str) -> GpuSpec | None:
        """The GPU by catalog id, or None."""

    def gpus(self) -> Sequence[GpuSpec]:
        """Every catalog GPU."""


class UnknownModelError(ValueError):
    """``model_id`` names no catalog model.

    Attributes:
        model_id: the id asked for.
    """

    def __init__(self, model_id: str, known: Sequence[str] = ()) -> None:
        """Message: ``unknown model_id 'x' (not in the catalog)`` and the closest ids.

        The closest of ``known`` (:func:`close_gpu_ids`: ids are matched alike), or where to
        list them ("llama-2-13b" gave no hint of ``llama2_13b``).
        """
        self.model_id = model_id
        close = close_gpu_ids(model_id, known)
        hint = (
            f"; did you mean {', '.join(close)}?"
            if close
            else "; list the ids with 'gpupicker catalog export models FILE'"
        )
        super().__init__(f"unknown model_id {model_id!r} (not in the catalog){hint}")


class UnknownGpuError(ValueError):
    """A GPU id names no catalog GPU; the message offers the closest ids.

    Attributes:
        gpu_id: the id asked for.
        suggestions: up to three catalog ids close to it (:func:`close_gpu_ids`).
    """

    def __init__(self, gpu_id: str, known: Sequence[str]) -> None:
        """``known``: every catalog GPU id (for the suggestions)."""
        self.gpu_id = gpu_id
        self.suggestions = close_gpu_ids(gpu_id, known)
        super().__init__(unknown_gpu_message(gpu_id, known))


def close_gpu_ids(gpu_id: str, known: Sequence[str]) -> list[str]:
    """Up to three ids of ``known`` close to ``gpu_id``.

    Ids containing its normalized form (lower case, ``_`` for spaces and dashes: ``"RTX 4090"``
    → ``rtx_4090``) come first, then :func:`difflib.get_close_matches` (ratio ≥ 0.5).
    """
    key = gpu_id.lower().replace(" ", "_").replace("-", "_")
    close = [k for k in known if key and key in k]
    close += [k for k in difflib.get_close_matches(key, known, n=3, cutoff=0.5) if k not in close]
    return close[:3]


def unknown_gpu_message(gpu_id: str, known: Sequence[str]) -> str:
    """``unknown gpu 'x' (not in the catalog)`` with the closest catalog ids or where to list them.

    >>> unknown_gpu_message("rtx4090", ["rtx_4090", "h100_sxm"])
    "unknown gpu 'rtx4090' (not in the catalog); did you mean rtx_4090?"
    """
    close = close_gpu_ids(gpu_id, known)
    hint = (
        f"; did you mean {', '.join(close)}?"
        if close
        else "; list the ids with 'gpupicker catalog export gpus FILE'"
    )
    return f"unknown gpu {gpu_id!r} (not in the catalog){hint}"


def resolve_gpu(gpu_id: str, catalog: CatalogLookup) -> GpuSpec:
    """The catalog GPU ``gpu_id``.

    Raises:
        UnknownGpuError: when the catalog has no such GPU.
    """
    gpu = catalog.get_gpu(gpu_id)
    if gpu is None:
        raise UnknownGpuError(gpu_id, [g.id for g in catalog.gpus()])
    return gpu


def resolve_machine(w: Workload, catalog: CatalogLookup) -> tuple[GpuSpec, ...]:
    """The catalog GPU of each distinct card type in ``w.gpus`` (empty without ``gpus``).

    Raises:
        UnknownGpuError: for a card id the catalog does not have (with the closest ids).
    """
    seen: dict[str, GpuSpec] = {}
    for part in w.gpus or ():
        if part.gpu not in seen:
            seen[part.gpu] = resolve_gpu(part.gpu, catalog)
    return tuple(seen.values())


def resolve_model(w: Workload, catalog: CatalogLookup) -> Workload:
    """``w`` with its ``model`` (and a speculative ``draft_model``) read from the catalog.

    ``w`` itself when it carries a model (and draft) already.

    Raises:
        UnknownModelError: when the catalog has no model ``w.model_id``.
    """
    spec = w.speculative
    if spec is not None and spec.draft_model and spec.draft is None:
        draft = catalog.get_model(spec.draft_model)
        if draft is None:
            models = getattr(catalog, "models", None)
            raise UnknownModelError(spec.draft_model, [str(m.id) for m in models()] if models else ())
        w = w.model_copy(update={"speculative": spec.model_copy(update={"draft": draft})})
    if w.model is not None:
        return w
    model_id = w.model_id or ""  # Workload validation requires a model or a model_id
    arch = catalog.get_model(model_id)
    if arch is None:
        models = getattr(catalog, "models", None)
        raise UnknownModelError(model_id, [str(m.id) for m in models()] if models else ())
    return w.with_model(arch)


__all__ = [
    "CatalogLookup",
    "UnknownGpuError",
    "UnknownModelError",
    "close_gpu_ids",
    "resolve_gpu",
    "resolve_model",
    "unknown_gpu_message",
]
