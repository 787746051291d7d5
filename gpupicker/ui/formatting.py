"""Locale-aware display of bytes, money, time and rates (display only, no computing)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLocale

from ..core.units import GB, GiB


def unit_bytes(unit: str) -> int:
    """Bytes in one display unit (GiB or GB)."""
    return GB if unit == "GB" else GiB


def fmt_bytes(n: float, unit: str = "GiB", digits: int = 1) -> str:
    """``n`` bytes as e.g. "12.3 GiB" in the current locale."""
    return f"{QLocale().toString(n / unit_bytes(unit), 'f', digits)} {unit}"


def fmt_money(v: float | None, currency: str = "USD", digits: int = 2) -> str:
    """Money with its currency symbol; an em dash when unknown."""
    if v is None:
        return "—"
    sym = {"USD": "$", "CNY": "¥", "EUR": "€"}.get(currency, currency + " ")
    return sym + QLocale().toString(float(v), "f", digits)


def fmt_number(v: float | None, digits: int = 0) -> str:
    """A number with group separators; an em dash when unknown."""
    if v is None:
        return "—"
    return QLocale().toString(float(v), "f", digits)


def fmt_hours(h: float | None) -> str:
    """Hours, switching to days above 72 h."""
    if h is None:
        return "—"
    if h >= 72:
        return QCoreApplication.translate("Format", "%1 days").replace(
            "%1", QLocale().toString(h / 24.0, "f", 1))
    return QCoreApplication.translate("Format", "%1 h").replace(
        "%1", QLocale().toString(h, "f", 1))
