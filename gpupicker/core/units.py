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

SECONDS_PER_HOUR = 3600.0
HOURS_PER_MONTH_DEFAULT = 730.0
"""Hours in an average month (8760 / 12). The seed guide uses 720; a setting."""


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
