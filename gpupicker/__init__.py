"""gpupicker: which GPU for an AI job, how much VRAM, how fast, and what it costs — offline."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("gpupicker")
except PackageNotFoundError:  # source checkout without install, or a frozen bundle
    __version__ = "0.1.0"
