"""The models in the local Hugging Face cache (read-only; the Hub is never contacted).

Layout (huggingface_hub ``docs/source/en/guides/manage-cache.md``):
``<cache>/models--{org}--{name}/refs/main`` holds a commit hash,
``snapshots/<hash>/`` the files (symlinks into ``blobs/``). The cache is
``$HF_HUB_CACHE``, else ``$HF_HOME/hub``, else ``~/.cache/huggingface/hub``
(``huggingface_hub.constants``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

MAX_CACHE_ENTRIES = 10_000
"""Most cache folders listed (a larger cache is cut there, with no error)."""


def cache_dir() -> Path:
    """The Hugging Face hub cache folder this environment uses (it may not exist)."""
    if os.environ.get("HF_HUB_CACHE"):
        return Path(os.environ["HF_HUB_CACHE"]).expanduser()
    if os.environ.get("HF_HOME"):
        return Path(os.environ["HF_HOME"]).expanduser() / "hub"
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".cache"
    return base / "huggingface" / "hub"


@dataclass(frozen=True)
class CachedModel:
    """One model repository in the cache.

    Attributes:
        repo_id: ``org/name``.
        snapshot: the snapshot folder (``refs/main``'s, else the newest).
        size_bytes: bytes of the snapshot's files (symlink targets).
        has_config: a ``config.json`` or ``model_index.json`` is present.
    """

    repo_id: str
    snapshot: Path
    size_bytes: int
    has_config: bool


MAX_REF_BYTES = 256
"""Most bytes read from ``refs/main`` (a commit hash is 40)."""


def inside(path: Path, repo_dir: Path) -> bool:
    """Whether ``path``, with every symlink followed, stays inside ``repo_dir``.

    A cache snapshot's files are links into the repository's own ``blobs/``; a link that
    leads anywhere else (``/``, ``/etc``, another user's files) is not the cache's and is
    not followed.
    """
    try:
        return path.resolve().is_relative_to(repo_dir.resolve())
    except (OSError, RuntimeError):  # a link loop
        return False


def snapshot_of(repo_dir: Path) -> Path | None:
    """The snapshot a ``models--org--name`` folder points to (``refs/main``, else newest).

    Only a snapshot that resolves inside ``repo_dir`` (:func:`inside`) is returned, and
    ``refs/main`` is read only when it is a small regular file naming one folder.
    """
    snaps = repo_dir / "snapshots"
    ref = repo_dir / "refs" / "main"
    try:
        if ref.is_file():
            with ref.open("rb") as f:  # is_file: a regular file (after links), never a FIFO
                rev = f.read(MAX_REF_BYTES).decode("utf-8", errors="replace").strip()
            if (
                rev
                and "/" not in rev
                and "\\" not in rev
                and rev not in (".", "..")
                and (snaps / rev).is_dir()
                and inside(snaps / rev, repo_dir)
            ):
                return snaps / rev
        found = [p for p in snaps.iterdir() if p.is_dir() and inside(p, repo_dir)] if snaps.is_dir() else []
        return max(found, key=lambda p: p.stat().st_mtime) if found else None
    except OSError:
        return None


def list_cached_models(cache: Path | None = None) -> list[CachedModel]:
    """Models in the cache, sorted by repo id (datasets and spaces are skipped)."""
    root = cache or cache_dir()
    out: list[CachedModel] = []
    try:
        entries = sorted(p for p in root.iterdir() if p.name.startswith("models--"))
    except OSError:
        return []
    for repo in entries[:MAX_CACHE_ENTRIES]:
        snap = snapshot_of(repo)
        if snap is None:
            continue
        repo_id = repo.name[len("models--") :].replace("--", "/", 1)
        size = 0
        # os.walk does not descend into linked folders; a linked file counts only when it
        # stays inside the repository (its blobs/)
        for top, _dirs, names in os.walk(snap):
            for n in names:
                f = Path(top) / n
                try:
                    if f.is_file() and inside(f, repo):
                        size += f.stat().st_size
                except OSError:
                    continue
        has_cfg = (snap / "config.json").is_file() or (snap / "model_index.json").is_file()
        out.append(CachedModel(repo_id, snap, size, has_cfg))
    return out
