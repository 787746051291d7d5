"""Unit constants and conversions.

Bytes are integers everywhere in core. Convert at the boundary with these
constants and never mix GB (10**9) with GiB (2**30) silently.
"""

from __future__ import annotations

from .messages import msg

KiB = 1024
MiB = 1024**2
GiB = 1024**3
GB = 10**9
MB = 10**6

TERA = 10**12
SECONDS_PER_HOUR = 3600.0
HOURS_PER_MONTH_DEFAULT = 730.0
"""Hours in an average month (8760 / 12). The seed guide uses 720; a setting."""


def bytes_to_gib(n_bytes: float) -> float:
    """Convert bytes to GiB (2**30 bytes), the unit PyTorch and nvidia-smi effectively report."""
    return n_bytes / GiB


def bytes_to_gb(n_bytes: float) -> float:
    """Convert bytes to GB (10**9 bytes), the unit vendors print on datasheets."""
    return n_bytes / GB


def gb_to_bytes(n_gb: float) -> int:
    """Convert a datasheet figure in GB (10**9 bytes) to integer bytes."""
    return int(round(n_gb * GB))


def gib_to_bytes(n_gib: float) -> int:
    """Convert GiB (2**30 bytes) to integer bytes."""
    return int(round(n_gib * GiB))


def format_bytes(n_bytes: float, unit: str = "GiB", digits: int = 1) -> str:
    """Format a byte count for display, always with its unit.

    Args:
        n_bytes: number of bytes.
        unit: ``"GiB"`` (default) or ``"GB"``.
        digits: decimals.

    Raises:
        ValueError: for an unknown unit.
    """
    if unit == "GiB":
        return f"{n_bytes / GiB:.{digits}f} GiB"
    if unit == "GB":
        return f"{n_bytes / GB:.{digits}f} GB"
    raise ValueError(msg("units.unknown_unit", unit=repr(unit)))
