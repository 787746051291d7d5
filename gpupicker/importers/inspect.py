"""Inspect a model file or folder: what it is, its exact parameter count and bytes per dtype.

Entry point :func:`inspect_path` accepts a model folder (``config.json`` plus
safetensors, a sharded index, or GGUF files), a diffusers pipeline folder
(``model_index.json``), a Hugging Face cache repository folder
(``models--org--name``), a lone ``config.json``, a ``.safetensors`` file or a
``.gguf`` file (split GGUFs ``-00001-of-00003.gguf`` read all parts). Only
headers are read; pickles are refused (:func:`base.pickle_refusal`).
"""

from __future__ import annotations

import re
import threading
from pathlib import Path
from typing import Any, Literal

from ..core.messages import Text, msg
from .base import (
    PICKLE_SUFFIXES,
    Component,
    Format,
    ImportedModel,
    ModelImportError,
    TensorTotals,
    cancellable,
    confined_to,
    error_message,
    open_regular,
    pickle_refusal,
)
from .gguf_reader import read_gguf
from .hf_cache import snapshot_of
from .hf_config import arch_from_config, arch_from_gguf, facts, quantization_facts
from .safetensors_reader import read_index, read_json, read_safetensors

PARAM_CHECK_TOLERANCE = 0.02
"""Relative gap between the config's computed count and the tensors' count above which a
warning says the layout was not understood (tied/untied heads, vision towers …)."""

_SPLIT_GGUF = re.compile(r"^(.*)-(\d{5})-of-(\d{5})\.gguf$", re.I)
_DENOISERS = ("transformer", "transformer_2", "unet", "prior", "decoder")
_GGUF_FILE_TYPES = {
    0: "fp32",
    1: "f16",
    2: "q4_0",
    3: "q4_1",
    7: "q8_0",
    8: "q5_0",
    9: "q5_1",
    10: "q2_k",
    12: "q3_k_m",
    15: "q4_k_m",
    17: "q5_k_m",
    18: "q6_k",
    32: "bf16",
    38: "mxfp4",
}
"""``general.file_type`` (llama.cpp ``LlamaFileType``) → gpupicker weights dtype."""


def inspect_path(path: str | Path, cancel: threading.Event | None = None) -> ImportedModel:
    """Read what ``path`` holds (see the module docstring).

    Only regular files are opened (a FIFO or a device is refused), JSON is parsed within
    :mod:`gpupicker.core.text.json_limits`' bounds, and in a Hugging Face cache repository a link
    leading out of it is not followed (:func:`~.base.confined_to`).

    Args:
        path: the file or folder.
        cancel: set it (from another thread) to stop the reading: it then raises
            :class:`~.base.ImportCancelledError` within :data:`~.base.CANCEL_CHECK_EVERY` entries.

    Raises:
        ModelImportError: with a sentence for the user when nothing can be read, the file
            is a pickle, or a header is damaged.
    """
    p = Path(path).expanduser()
    if not p.exists():
        raise ModelImportError(msg("importers.not_found", path=str(p)))
    try:
        with cancellable(cancel), confined_to(_cache_repo(p)):
            return _inspect(p)
    except ModelImportError:
        raise
    except (
        ValueError,
        TypeError,
        AttributeError,
        KeyError,
        IndexError,
        OverflowError,
        RecursionError,
    ) as exc:
        # a header or config whose fields have shapes no reader check foresaw: still a
        # sentence naming the file, never a traceback
        raise ModelImportError(msg("importers.malformed", path=str(p), error=type(exc).__name__)) from exc


def _cache_repo(p: Path) -> Path | None:
    """The ``models--org--name`` cache folder ``p`` is or lies in, else None.

    By its path: links are not followed.
    """
    parts = p.absolute().parts
    for i in range(len(parts) - 1, -1, -1):
        if parts[i].startswith("models--") and (i == len(parts) - 1 or parts[i + 1] == "snapshots"):
            return Path(*parts[: i + 1])
    return None


def _inspect(p: Path) -> ImportedModel:
    if p.is_dir():
        return _inspect_dir(p)
    suffix = p.suffix.lower()
    if suffix in PICKLE_SUFFIXES:
        raise pickle_refusal(p)
    if suffix == ".gguf" or _has_gguf_magic(p):
        return _inspect_gguf(p)
    if p.name.endswith(".safetensors.index.json"):
        return _inspect_sharded(p, config_dir=p.parent)
    if p.name == "model_index.json":
        return _inspect_diffusers(p.parent)
    if suffix == ".json":
        return _inspect_config_file(p)
    if suffix == ".safetensors":
        return _inspect_safetensors_file(p)
    if suffix in (".onnx", ".h5", ".msgpack", ".tflite", ".npz", ".npy", ".zip", ".tar"):
        raise ModelImportError(msg("importers.unread_format", file=p.name, suffix=suffix))
    # no known suffix: a safetensors file without its suffix, or not a model at all
    try:
        return _inspect_safetensors_file(p)
    except ModelImportError as exc:
        raise ModelImportError(
            msg("importers.not_a_model_file", file=p.name, error=error_message(exc))
        ) from exc


def _has_gguf_magic(p: Path) -> bool:
    try:
        with open_regular(p) as f:
            return f.read(4) == b"GGUF"
    except (OSError, ModelImportError):
        return False  # not a regular file: the reader that opens it next says so


def _result(
    path: Path,
    fmt: Format,
    totals: TensorTotals | None,
    config: dict[str, Any] | None,
    name: str,
    warnings: list[Text],
) -> ImportedModel:
    arch = None
    arch_fields: dict[str, Any] = {}
    quant: dict[str, Any] = {}
    if config is not None:
        arch, w = arch_from_config(config, name=name)
        warnings.extend(w)
        arch_fields = facts(arch)
        quant = quantization_facts(config)
        if config.get("torch_dtype") or config.get("dtype"):
            arch_fields["torch_dtype"] = config.get("torch_dtype") or config.get("dtype")
    params = None
    source: Literal["tensors", "config"] | None = None
    if totals is not None and totals.count:
        params, source = totals.params, "tensors"
        if quant:
            # packed GPTQ/AWQ/bnb tensors do not hold one value per element
            warnings.append(msg("importers.warn.quantized", method=str(quant.get("quant_method"))))
            params, source = (arch.param_count() if arch else None), ("config" if arch else None)
        elif arch is not None:
            computed = arch.param_count()
            gap = abs(computed - params) / params if params else 0.0
            if gap > PARAM_CHECK_TOLERANCE:
                warnings.append(
                    msg(
                        "importers.warn.param_gap",
                        computed=f"{computed:,}",
                        params=f"{params:,}",
                        gap=f"{gap:.1%}",
                    )
                )
    elif arch is not None:
        params, source = arch.param_count(), "config"
    if arch is not None and params and source == "tensors":
        arch = arch.model_copy(update={"params": params})
    return ImportedModel(
        path=str(path),
        format=fmt,
        name=name,
        params=params,
        params_source=source,
        weights_bytes=totals.bytes if totals is not None and totals.count else None,
        bytes_by_dtype=dict(totals.bytes_by_dtype) if totals else {},
        params_by_dtype=dict(totals.params_by_dtype) if totals else {},
        arch=arch,
        config=arch_fields,
        quantization=quant,
        tensor_count=totals.count if totals else 0,
        warnings=warnings,
    )


def _name_for(folder: Path, config: dict[str, Any] | None = None) -> str:
    if folder.parent.name == "snapshots" and folder.parent.parent.name.startswith("models--"):
        return folder.parent.parent.name[len("models--") :].replace("--", "/", 1)
    if config and isinstance(config.get("_name_or_path"), str) and config["_name_or_path"]:
        n = str(config["_name_or_path"]).rstrip("/")
        if not n.startswith(("/", ".")):
            return n
    return folder.name


def _sibling_config(folder: Path) -> dict[str, Any] | None:
    cfg = folder / "config.json"
    # a config.json that is a FIFO or a device is named by read_json, not taken for absent
    return read_json(cfg) if cfg.exists() and not cfg.is_dir() else None


def _inspect_config_file(p: Path) -> ImportedModel:
    config = read_json(p)
    if "weight_map" in config:
        return _inspect_sharded(p, config_dir=p.parent)
    if "_class_name" in config and "_diffusers_version" in config and p.name == "model_index.json":
        return _inspect_diffusers(p.parent)
    return _result(p, "config", None, config, _name_for(p.parent, config), [])


def _inspect_safetensors_file(p: Path) -> ImportedModel:
    totals = read_safetensors(p)
    warnings: list[Text] = []
    config = _sibling_config(p.parent)
    if config is None:
        warnings.append(msg("importers.warn.no_config_beside"))
    return _result(
        p, "safetensors", totals, config, _name_for(p.parent, config) if config else p.stem, warnings
    )


def _read_shards(index: Path) -> tuple[TensorTotals, list[Text]]:
    weight_map, total_size = read_index(index)
    files = sorted(set(weight_map.values()))
    totals = TensorTotals()
    warnings: list[Text] = []
    missing = []
    for name in files:
        shard = index.parent / name
        if "/" in name or "\\" in name or name.startswith(".."):
            raise ModelImportError(msg("importers.shard_outside", index=index.name, shard=repr(name)))
        if not shard.is_file():
            missing.append(name)
            continue
        totals.merge(read_safetensors(shard))
    if missing:
        names = ", ".join(missing[:3]) + (" …" if len(missing) > 3 else "")
        raise ModelImportError(
            msg("importers.shards_missing", index=index.name, n=len(files), missing=len(missing), names=names)
        )
    if total_size is not None and abs(total_size - totals.bytes) > max(1024, totals.bytes // 1000):
        warnings.append(
            msg(
                "importers.warn.total_size",
                index=index.name,
                total=f"{total_size:,}",
                held=f"{totals.bytes:,}",
            )
        )
    if totals.count != len(weight_map):
        warnings.append(
            msg(
                "importers.warn.tensor_map",
                index=index.name,
                mapped=f"{len(weight_map):,}",
                held=f"{totals.count:,}",
            )
        )
    return totals, warnings


def _inspect_sharded(index: Path, config_dir: Path) -> ImportedModel:
    totals, warnings = _read_shards(index)
    config = _sibling_config(config_dir)
    return _result(index, "sharded_safetensors", totals, config, _name_for(config_dir, config), warnings)


def _inspect_gguf(p: Path) -> ImportedModel:
    parts = [p]
    if m := _SPLIT_GGUF.match(p.name):
        n = int(m.group(3))
        parts = [p.parent / f"{m.group(1)}-{i:05d}-of-{m.group(3)}.gguf" for i in range(1, n + 1)]
        missing = [q.name for q in parts if not q.is_file()]
        if missing:
            raise ModelImportError(
                msg("importers.split_gguf_missing", file=p.name, names=", ".join(missing[:3]))
            )
    totals = TensorTotals()
    meta: dict[str, Any] = {}
    for q in parts:
        m_q, t_q, _version = read_gguf(q)
        totals.merge(t_q)
        if not meta:
            meta = m_q
    name = str(meta.get("general.name") or p.stem)
    arch, warnings = arch_from_gguf(meta, totals.params, name=name)
    quant: dict[str, Any] = {}
    ft = meta.get("general.file_type")
    if isinstance(ft, int):
        quant = {"quant_method": "gguf", "file_type": ft, "weights_dtype": _GGUF_FILE_TYPES.get(ft)}
        if quant["weights_dtype"] is None:
            warnings.append(msg("importers.warn.gguf_file_type", type=str(ft)))
    return ImportedModel(
        path=str(p),
        format="gguf",
        name=name,
        params=totals.params or None,
        params_source="tensors" if totals.count else None,
        weights_bytes=totals.bytes,
        bytes_by_dtype=dict(totals.bytes_by_dtype),
        params_by_dtype=dict(totals.params_by_dtype),
        arch=arch,
        config=facts(arch) if arch and arch.has_architecture else {},
        quantization=quant,
        tensor_count=totals.count,
        warnings=warnings,
    )


def _weights_in(folder: Path) -> tuple[TensorTotals | None, list[Text], Path | None]:
    """Tensors of a model folder: a sharded index, else its .safetensors files."""
    indexes = sorted(folder.glob("*.safetensors.index.json"))
    if indexes:
        plain = [i for i in indexes if ".fp16." not in i.name] or indexes
        totals, warnings = _read_shards(plain[0])
        return totals, warnings, plain[0]
    files = sorted(folder.glob("*.safetensors"))
    if not files:
        return None, [], None
    variants = [f for f in files if re.search(r"\.(fp16|bf16|fp32)\.safetensors$", f.name)]
    chosen = [f for f in files if f not in variants] or variants[:1]
    totals = TensorTotals()
    for f in chosen:
        totals.merge(read_safetensors(f))
    warnings = []
    if variants and chosen != variants[:1]:
        warnings.append(msg("importers.warn.precision_variants", files=", ".join(v.name for v in variants)))
    return totals, warnings, chosen[0]


def _inspect_dir(d: Path) -> ImportedModel:
    if d.name.startswith("models--") and (d / "snapshots").is_dir():
        snap = snapshot_of(d)
        if snap is None:
            raise ModelImportError(msg("importers.no_snapshot", folder=d.name))
        d = snap
    if (d / "model_index.json").is_file():
        return _inspect_diffusers(d)
    config = _sibling_config(d)
    totals, warnings, _first = _weights_in(d)
    if config is not None:
        pickles = [f.name for f in d.iterdir() if f.suffix.lower() in PICKLE_SUFFIXES]
        if totals is None and pickles:
            warnings.append(msg("importers.warn.pickles_not_read", files=", ".join(sorted(pickles)[:3])))
        return _result(d, "folder", totals, config, _name_for(d, config), warnings)
    ggufs = sorted(d.glob("*.gguf"))
    if ggufs:
        first = [
            g
            for g in ggufs
            if not _SPLIT_GGUF.match(g.name) or _SPLIT_GGUF.match(g.name).group(2) == "00001"  # type: ignore[union-attr]
        ]
        res = _inspect_gguf(first[0])
        if len(first) > 1:
            res = res.model_copy(
                update={
                    "warnings": [
                        *res.warnings,
                        msg("importers.warn.several_gguf", n=len(first), file=first[0].name),
                    ]
                }
            )
        return res
    if totals is not None:
        return _result(
            d, "folder", totals, None, d.name, [*warnings, msg("importers.warn.no_config_in_folder")]
        )
    pickle_files = [f for f in d.iterdir() if f.suffix.lower() in PICKLE_SUFFIXES]
    if pickle_files:
        raise pickle_refusal(pickle_files[0])
    raise ModelImportError(msg("importers.nothing_in_folder", folder=str(d)))


def _inspect_diffusers(d: Path) -> ImportedModel:
    index = read_json(d / "model_index.json")
    warnings: list[Text] = []
    components: list[Component] = []
    totals_all = TensorTotals()
    denoiser = TensorTotals()
    for key, value in index.items():
        if key.startswith("_") or not isinstance(value, list) or len(value) != 2:
            continue
        lib, cls = value
        if lib is None or cls is None:
            continue
        sub = d / key
        if not sub.is_dir():
            continue
        totals, w, _ = _weights_in(sub)
        warnings.extend(msg("importers.warn.component", component=key, warning=x) for x in w)
        if totals is None:
            pick = [f.name for f in sub.iterdir() if f.suffix.lower() in PICKLE_SUFFIXES]
            if pick:
                warnings.append(msg("importers.warn.component_pickle", component=key, file=pick[0]))
            components.append(Component(name=key, class_name=str(cls)))
            continue
        components.append(
            Component(name=key, class_name=str(cls), params=totals.params, weights_bytes=totals.bytes)
        )
        totals_all.merge(totals)
        if key in _DENOISERS:
            denoiser.merge(totals)
    if not denoiser.count:
        raise ModelImportError(msg("importers.no_denoiser", folder=d.name))
    others = [c for c in components if c.name not in _DENOISERS and c.params]
    if others:
        warnings.append(
            msg("importers.warn.denoiser_only", others=", ".join(f"{c.name} {c.params:,}" for c in others))
        )
    name = str(index.get("_name_or_path") or _name_for(d))
    return ImportedModel(
        path=str(d),
        format="diffusers",
        name=name,
        kind="diffusion",
        params=denoiser.params,
        params_source="tensors",
        weights_bytes=denoiser.bytes,
        bytes_by_dtype=dict(denoiser.bytes_by_dtype),
        params_by_dtype=dict(denoiser.params_by_dtype),
        config={"pipeline": str(index.get("_class_name", ""))},
        components=components,
        tensor_count=totals_all.count,
        warnings=warnings,
    )
