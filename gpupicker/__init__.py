"""gpupicker: which GPU for an AI job, how much VRAM, how fast, and what it costs — offline."""

from typing import Any


def __getattr__(name: str) -> Any:
    """``__version__`` read from the installed metadata on first use, not at import:
    ``importlib.metadata`` (and the ``email`` package it loads) cost 10–30 ms of every start,
    the window's included."""
    if name != "__version__":
        raise AttributeError(f"module 'gpupicker' has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version

    try:
        value = version("gpupicker")
    except PackageNotFoundError:  # source checkout without install, or a frozen bundle
        value = "0.1.0"
    globals()["__version__"] = value
    return value
