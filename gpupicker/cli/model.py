"""``gpupicker model inspect PATH [--json]`` and ``gpupicker model import PATH``.

No Qt. Reads model folders, config.json, safetensors, GGUF, diffusers folders and
Hugging Face cache folders (``gpupicker.importers``); never unpickles. Exit
codes: 0 success; 1 the file could not be read as a model (the message says
why) or the catalog refused the row; 2 the catalog could not be opened.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


def add_model_parser(subparsers: Any) -> None:
    """Register ``model`` with ``inspect``, ``import`` and ``cache`` on the main parser."""
    m = subparsers.add_parser(
        "model",
        help="inspect or import a model folder, safetensors, GGUF or Hugging Face cache entry",
        description="Read a model's files offline (headers only; pickles "
        "are refused) and print or save what they say.",
    )
    sub = m.add_subparsers(dest="model_command", metavar="COMMAND")
    sub.required = True
    i = sub.add_parser(
        "inspect", help="print params, weights bytes, bytes per dtype and the architecture fields"
    )
    i.add_argument(
        "path",
        metavar="PATH",
        help="model folder, config.json, .safetensors, "
        ".gguf, sharded index, diffusers folder or HF cache folder",
    )
    i.add_argument("--json", action="store_true", help="one JSON object")
    i.set_defaults(func=cmd_inspect)
    im = sub.add_parser("import", help="save the model in the catalog as a user model")
    im.add_argument("path", metavar="PATH")
    im.add_argument("--id", dest="model_id", help="catalog id (default: from the name)")
    im.add_argument("--name", help="display name (default: from the files)")
    im.set_defaults(func=cmd_import)
    c = sub.add_parser("cache", help="list the models in the Hugging Face cache")
    c.add_argument("--json", action="store_true")
    c.set_defaults(func=cmd_cache)


def _inspect(path: str) -> Any:
    from ..importers import ModelImportError, inspect_path

    try:
        return inspect_path(path)
    except ModelImportError as exc:
        print(f"gpupicker model: {exc}", file=sys.stderr)
        return None


def cmd_inspect(args: argparse.Namespace) -> int:
    """Print what a model path holds (text, or JSON with ``--json``)."""
    model = _inspect(args.path)
    if model is None:
        return 1
    s = model.summary()
    if args.json:
        print(json.dumps(s, indent=2))
        return 0
    print(f"{s['name'] or s['path']}  ({s['format']}, {s['kind']})")
    print(f"params: {s['params']:,} (from {s['params_source']})" if s["params"] else "params: unknown")
    if s["weights_bytes"] is not None:
        print(f"weights_bytes: {s['weights_bytes']:,} ({s['weights_bytes'] / 2**30:.3f} GiB)")
    for d, b in sorted(s["bytes_by_dtype"].items(), key=lambda kv: -kv[1]):
        print(f"  {d}: {b:,} bytes, {s['params_by_dtype'].get(d, 0):,} values")
    for k, v in s["architecture"].items():
        print(f"{k}: {v}")
    for k, v in s["quantization"].items():
        print(f"quantization.{k}: {v}")
    for c in s["components"]:
        print(
            f"component {c['name']} ({c['class_name']}): "
            + (f"{c['params']:,} params" if c["params"] else "no weights read")
        )
    for w in s["warnings"]:
        print(f"warning: {w}")
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    """Save a model as a user row of the catalog (id made unique with a suffix)."""
    from ..importers import ModelImportError, to_record
    from .common import open_catalog_or_say as _open

    model = _inspect(args.path)
    if model is None:
        return 1
    try:
        record = to_record(model, model_id=args.model_id, name=args.name)
    except ModelImportError as exc:
        print(f"gpupicker model: {exc}", file=sys.stderr)
        return 1
    repo = _open(args)
    if repo is None:
        return 2
    with repo:
        rid = record.id
        if not args.model_id:
            n = 2
            while repo.get_catalog_model(rid) is not None:
                rid, n = f"{record.id}_{n}", n + 1
            record = record.model_copy(update={"id": rid})
        try:
            repo.upsert_model(record)
        except (ValueError, OSError) as exc:
            print(f"gpupicker model import: {exc}", file=sys.stderr)
            return 1
    print(
        f"imported {record.name!r} as model id {record.id} ({model.params:,} params); "
        "edit or export it with the catalog window or 'gpupicker catalog export models'"
    )
    for w in model.warnings:
        print(f"warning: {w}", file=sys.stderr)
    return 0


def cmd_cache(args: argparse.Namespace) -> int:
    """List the Hugging Face cache's models (repo id, size, snapshot folder)."""
    from ..importers import cache_dir, list_cached_models

    found = list_cached_models()
    if args.json:
        print(
            json.dumps(
                [
                    {
                        "repo_id": m.repo_id,
                        "path": str(m.snapshot),
                        "size_bytes": m.size_bytes,
                        "has_config": m.has_config,
                    }
                    for m in found
                ],
                indent=2,
            )
        )
        return 0
    if not found:
        print(f"no models in the Hugging Face cache ({cache_dir()})")
    for m in found:
        print(f"{m.repo_id}\t{m.size_bytes / 1e9:.2f} GB\t{m.snapshot}")
    return 0
