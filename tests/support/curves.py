"""Helpers for reading plotted curves."""

from __future__ import annotations


def crosses_at(xs, ys, cap):
    """(last x at or under cap, first x above it) along a plotted curve."""
    under = [x for x, y in zip(xs, ys, strict=True) if y <= cap]
    over = [x for x, y in zip(xs, ys, strict=True) if y > cap]
    return (max(under) if under else None), (min(over) if over else None)
