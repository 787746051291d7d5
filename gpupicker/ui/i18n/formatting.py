"""Locale-aware display of bytes, money, time and rates (display only, no computing)."""

from __future__ import annotations

from pydantic import ValidationError
from PySide6.QtCore import QCoreApplication, QLocale

from ...catalog.errors import validation_text
from ...core.pricing.money import format_amount
from ...core.report.zh_names import zh_name
from ...core.units import GB, GiB
from .placeholders import tr_fmt
from .zh_counts import fmt_count_zh


def display_locale() -> QLocale:
    """The locale numbers are shown in; the C/POSIX locale falls back to English so large
    numbers still get thousands separators."""
    loc = QLocale()
    if loc.language() == QLocale.Language.C:
        return QLocale(QLocale.Language.English, QLocale.Country.UnitedStates)
    return loc


def ui_is_chinese() -> bool:
    """True when the UI runs in Chinese (install_translators sets the default QLocale)."""
    return QLocale().language() == QLocale.Language.Chinese


def list_separator() -> str:
    """What separates the items of a list in the UI's language: 、 in Chinese (最便宜、性价比最高),
    ", " otherwise."""
    return "、" if ui_is_chinese() else ", "


def display_name(name: str) -> str:
    """A GPU or provider name as the UI shows it: its Chinese name (core.zh_names) in a
    Chinese UI, else unchanged."""
    return zh_name(name) if name and ui_is_chinese() else name


def error_messages(exc: ValidationError) -> str:
    """pydantic's messages joined with "; ", each without its "Value error, " prefix; core's
    own validator Messages in the UI's language."""
    from .core_messages import tr_message

    return validation_text(exc, fields=False, render=tr_message)


def unit_bytes(unit: str) -> int:
    """Bytes in one display unit (GiB or GB)."""
    return GB if unit == "GB" else GiB


def fmt_bytes(n: float, unit: str = "GiB", digits: int = 1) -> str:
    """``n`` bytes as e.g. "12.3 GiB" in the current locale."""
    return f"{display_locale().toString(n / unit_bytes(unit), 'f', digits)} {unit}"


def fmt_money(v: float | None, currency: str = "USD", digits: int | None = 2) -> str:
    """Money with its currency symbol; an em dash when unknown (``digits=None``: the money rule)."""
    return format_amount(v, currency, digits)


def fmt_number(v: float | None, digits: int = 0) -> str:
    """A number with group separators; an em dash when unknown."""
    if v is None:
        return "—"
    return display_locale().toString(float(v), "f", digits)


def fmt_rate(v: float | None) -> str:
    """A rate (tokens/s): one decimal below 100 ("3.5"), whole with group separators above
    ("1,252")."""
    if v is None:
        return "—"
    return display_locale().toString(float(v), "f", 1 if abs(v) < 100 else 0)


HOURS_PER_YEAR = 24 * 365.25
"""Julian year, hours (for run times of years)."""


def fmt_hours(h: float | None) -> str:
    """A run time given in hours: minutes below 1 h ("12 min", "< 1 min"; was "0.0 h"),
    hours up to 72 h, days up to two years, years above (was "41,667 days")."""
    if h is None:
        return "—"
    loc = display_locale()
    if h < 1:
        minutes = h * 60
        if minutes < 1:
            return QCoreApplication.translate("Format", "< 1 min")
        return tr_fmt(QCoreApplication.translate("Format", "%1 min"), loc.toString(round(minutes)))
    if h >= 2 * HOURS_PER_YEAR:
        return tr_fmt(
            QCoreApplication.translate("Format", "%1 years"), loc.toString(h / HOURS_PER_YEAR, "f", 1)
        )
    if h >= 72:
        return tr_fmt(QCoreApplication.translate("Format", "%1 days"), loc.toString(h / 24.0, "f", 1))
    return tr_fmt(QCoreApplication.translate("Format", "%1 h"), loc.toString(h, "f", 1))


def fmt_count(n: float | None) -> str:
    """A large count (tokens, parameters, requests) in the UI's language: 万 / 亿 in Chinese
    (:func:`fmt_count_zh`), else the number with group separators; an em dash when unknown."""
    if n is None:
        return "—"
    if ui_is_chinese():
        return fmt_count_zh(n)
    return display_locale().toString(float(round(n)), "f", 0)


def large_count_unit() -> tuple[float, str]:
    """(tokens per step, suffix) of a token-count input: 万 (10,000) in Chinese, else millions."""
    if ui_is_chinese():
        return 1e4, QCoreApplication.translate("Format", " × 10,000 tokens")
    return 1e6, QCoreApplication.translate("Format", " M tokens")


def label_value(label: str, value: str) -> str:
    """``label: value`` with the UI language's colon (``权重：3.91 GiB`` in Chinese)."""
    return tr_fmt(QCoreApplication.translate("Format", "%1: %2"), label, value)
