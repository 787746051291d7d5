"""Result and error types shared by the model-file readers (no Qt, no network).

Every reader returns an :class:`ImportedModel` or raises :class:`ModelImportError`
with a sentence that says what is wrong and, where it
helps, what to do instead. Readers never unpickle and never allocate what a
file claims: they read headers only, within the bounds below.
"""

from __future__ import annotations

import os
import stat
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import IO, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..core.messages import Message, Text, join, msg
from ..core.model_arch import ModelArch

MAX_SAFETENSORS_HEADER = 100_000_000
"""Largest accepted safetensors JSON header in bytes: the limit the safetensors library itself
enforces (``MAX_HEADER_SIZE`` in huggingface/safetensors ``safetensors/src/tensor.rs``)."""

MAX_TENSORS = 1_000_000
"""Most tensors accepted in one file (DeepSeek-V3 has ~92 k over 163 shards)."""

MAX_ELEMENTS = 1 << 50
"""Largest element count of one tensor (10^15: a thousand times the largest model)."""

MAX_GGUF_KV = 100_000
"""Most metadata entries accepted in a GGUF header (llama.cpp files have < 100)."""

MAX_GGUF_DIMS = 8
"""Most dimensions of a GGUF tensor (ggml's ``GGML_MAX_DIMS`` is 4)."""

PICKLE_SUFFIXES = frozenset({".bin", ".pt", ".pth", ".ckpt", ".pkl", ".pickle"})
"""PyTorch pickle checkpoints: refused, never opened."""

Format = Literal["safetensors", "sharded_safetensors", "gguf", "config", "folder", "diffusers"]


class ModelImportError(ValueError):
    """A model file or folder that cannot be read.

    ``args[0]`` is the :class:`~gpupicker.core.messages.Message` for the user (``str()`` its
    English text; the UI renders ``args[0]`` in its language).
    """


def error_message(exc: BaseException) -> Message:
    """The Message an importer error carries (``args[0]``), else a plain text is refused.

    Raises:
        TypeError: ``exc`` holds no Message (an importer error always does).
    """
    first = exc.args[0] if exc.args else None
    if not isinstance(first, Message):
        raise TypeError(f"{type(exc).__name__} without a Message: {exc!r}")
    return first


class ImportCancelledError(ModelImportError):
    """The reading was cancelled by the user (:func:`cancellable`)."""


_CANCEL: ContextVar[threading.Event | None] = ContextVar("cancel", default=None)
"""Set by :func:`cancellable`: the event that asks the readers running in this context to stop."""

CANCEL_CHECK_EVERY = 4096
"""Entries (tensors, GGUF keys, tokenizer strings) read between two cancel checks."""


@contextmanager
def cancellable(event: threading.Event | None) -> Iterator[None]:
    """While inside, :func:`check_cancelled` raises once ``event`` is set (``None``: never).

    The GUI reads model files on a worker thread and sets the event from its Cancel button;
    the readers check it between files and every :data:`CANCEL_CHECK_EVERY` entries, so even
    a 72 MB header with a million tensors stops within a fraction of a second.
    """
    token = _CANCEL.set(event)
    try:
        yield
    finally:
        _CANCEL.reset(token)


def check_cancelled() -> None:
    """Stop the current read when its :func:`cancellable` event is set.

    Raises:
        ImportCancelledError: the user cancelled (``importers.cancelled``).
    """
    event = _CANCEL.get()
    if event is not None and event.is_set():
        raise ImportCancelledError(msg("importers.cancelled"))


_CONFINED_TO: ContextVar[Path | None] = ContextVar("confined_to", default=None)
"""The Hugging Face cache repository folder being read, whose files must stay inside it."""


@contextmanager
def confined_to(folder: Path | None) -> Iterator[None]:
    """While inside, :func:`open_regular` opens only files that resolve into ``folder``.

    ``None``: no confinement. Used for a cache repository (``models--org--name``), whose
    files are symlinks into its own ``blobs/``; a link anywhere else is not followed.
    """
    token = _CONFINED_TO.set(folder.resolve() if folder is not None else None)
    try:
        yield
    finally:
        _CONFINED_TO.reset(token)


def open_regular(path: Path) -> IO[bytes]:
    """``path`` opened for reading in binary, refusing anything that is not a regular file.

    The file is opened without blocking and checked with ``fstat`` on the open descriptor, so a
    FIFO named ``*.safetensors`` (an ``open`` would wait forever for a writer) or a
    ``config.json`` that is a symlink to ``/dev/zero`` (a read would never end) is refused, and
    the file checked is the file read (no gap between a check and the open).

    Raises:
        ModelImportError: not a regular file (``importers.not_regular``), a cache file whose
            link leads out of its repository (``importers.link_leaves_cache``, see
            :func:`confined_to`), or it cannot be opened (``importers.cannot_read``).
    """
    check_cancelled()
    root = _CONFINED_TO.get()
    if root is not None:
        try:
            target = path.resolve()
        except (OSError, RuntimeError) as exc:  # a link loop
            raise ModelImportError(msg("importers.cannot_read", path=str(path), error=str(exc))) from exc
        if not target.is_relative_to(root):
            raise ModelImportError(msg("importers.link_leaves_cache", file=str(path), folder=str(root)))
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise ModelImportError(
            msg("importers.cannot_read", path=str(path), error=str(exc.strerror or exc))
        ) from exc
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ModelImportError(msg("importers.not_regular", file=str(path)))
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_capped(path: Path, limit: int) -> bytes:
    """All of the regular file ``path``, refusing one larger than ``limit`` bytes.

    Reads at most ``limit + 1`` bytes whatever ``st_size`` says (it can change under the
    reader), so memory stays bounded.

    Raises:
        ModelImportError: not a regular file, unreadable, or over ``limit``
            (``importers.json_too_large``).
    """
    with open_regular(path) as f:
        try:
            data = f.read(limit + 1)
        except OSError as exc:
            raise ModelImportError(
                msg("importers.cannot_read", path=str(path), error=str(exc.strerror or exc))
            ) from exc
    if len(data) > limit:
        raise ModelImportError(msg("importers.json_too_large", file=path.name, size=f"> {limit:,}"))
    return data


def pickle_refusal(path: Path) -> ModelImportError:
    """The error for a PyTorch pickle file (``.bin``/``.pt``/``.ckpt`` …), which is never opened.

    Loading a pickle runs arbitrary code it contains (Python ``pickle`` docs:
    "never unpickle data that could have come from an untrusted source").
    """
    return ModelImportError(
        join([join([msg("importers.pickle", file=path.name)]), msg("importers.pickle_convert")], "space")
    )


class Component(BaseModel):
    """One part of a diffusers pipeline (``model_index.json`` entry).

    Attributes:
        name: folder name (``transformer``, ``unet``, ``text_encoder_2``, ``vae`` …).
        class_name: the library class named in ``model_index.json``.
        params: parameter count from the tensor headers (None when no weights are present).
        weights_bytes: bytes of those tensors.
    """

    model_config = ConfigDict(frozen=True)

    name: str
    class_name: str = ""
    params: int | None = None
    weights_bytes: int | None = None


class ImportedModel(BaseModel):
    """What a reader found in a model file or folder.

    Attributes:
        path: the file or folder read.
        format: what was read (see :data:`Format`).
        name: a display name (folder, ``general.name`` or ``_name_or_path``).
        params: exact parameter count (elements) when tensors were read, else the count
            computed from the config (``params_source`` says which).
        params_source: ``"tensors"`` (safetensors/GGUF headers), ``"config"`` or ``None``.
        weights_bytes: bytes of all tensors (None when only a config was read).
        bytes_by_dtype / params_by_dtype: per safetensors dtype or GGML type name.
        arch: the architecture (LLMs; None for diffusion pipelines and bare tensor files).
        config: the architecture fields that change memory (see :func:`arch_facts`).
        quantization: ``quantization_config`` (or GGUF file type) fields, empty when none.
        components: diffusers pipeline parts; ``params`` then counts the denoiser only
            (UNet or transformer), as the bundled diffusion rows do.
        tensor_count: tensors read.
        warnings: sentences about what was guessed or left out.
    """

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    path: str
    format: Format
    name: str = ""
    kind: Literal["llm", "diffusion"] = "llm"
    params: int | None = None
    params_source: Literal["tensors", "config"] | None = None
    weights_bytes: int | None = None
    bytes_by_dtype: dict[str, int] = Field(default_factory=dict)
    params_by_dtype: dict[str, int] = Field(default_factory=dict)
    arch: ModelArch | None = None
    config: dict[str, Any] = Field(default_factory=dict)
    quantization: dict[str, Any] = Field(default_factory=dict)
    components: list[Component] = Field(default_factory=list)
    tensor_count: int = 0
    warnings: list[Text] = Field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        """JSON-ready dict: params, weights_bytes, bytes per dtype, architecture fields."""
        return {
            "path": self.path,
            "format": self.format,
            "name": self.name,
            "kind": self.kind,
            "params": self.params,
            "params_source": self.params_source,
            "weights_bytes": self.weights_bytes,
            "bytes_by_dtype": dict(self.bytes_by_dtype),
            "params_by_dtype": dict(self.params_by_dtype),
            "tensor_count": self.tensor_count,
            "architecture": dict(self.config),
            "quantization": dict(self.quantization),
            "components": [c.model_dump() for c in self.components],
            "warnings": list(self.warnings),
        }


class TensorTotals:
    """Running totals of tensor element counts and bytes, by dtype (plain ints, no arrays)."""

    def __init__(self) -> None:
        """Start from no tensors: 0 parameters, 0 bytes, no dtypes."""
        self.params = 0
        self.bytes = 0
        self.count = 0
        self.bytes_by_dtype: dict[str, int] = {}
        self.params_by_dtype: dict[str, int] = {}

    def add(self, dtype: str, elements: int, nbytes: int) -> None:
        """Count one tensor of ``elements`` values taking ``nbytes`` bytes."""
        self.params += elements
        self.bytes += nbytes
        self.count += 1
        self.bytes_by_dtype[dtype] = self.bytes_by_dtype.get(dtype, 0) + nbytes
        self.params_by_dtype[dtype] = self.params_by_dtype.get(dtype, 0) + elements

    def merge(self, other: TensorTotals) -> None:
        """Add another file's totals (a shard)."""
        self.params += other.params
        self.bytes += other.bytes
        self.count += other.count
        for d, v in other.bytes_by_dtype.items():
            self.bytes_by_dtype[d] = self.bytes_by_dtype.get(d, 0) + v
        for d, v in other.params_by_dtype.items():
            self.params_by_dtype[d] = self.params_by_dtype.get(d, 0) + v


def checked_elements(shape: list[Any] | tuple[Any, ...], what: Message) -> int:
    """Product of a tensor shape, refusing negative, non-integer or absurd dimensions.

    Raises:
        ModelImportError: naming ``what`` when a dimension is not a non-negative integer
            or the product exceeds :data:`MAX_ELEMENTS` (checked before it can overflow).
    """
    n = 1
    for d in shape:
        if isinstance(d, bool) or not isinstance(d, int) or d < 0:
            raise ModelImportError(msg("importers.invalid_shape", what=what, shape=repr(list(shape))))
        if d and n > MAX_ELEMENTS // d:
            raise ModelImportError(msg("importers.absurd_shape", what=what, shape=repr(list(shape))))
        n *= d
    return n
