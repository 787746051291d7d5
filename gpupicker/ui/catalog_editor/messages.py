"""Why a catalog value or CSV row was refused, in the UI's language.

The catalog (Qt-free) and pydantic explain a refused value in English, naming the column by
its field name: ``price_per_gpu_hour: Input should be greater than 0``,
``observed: observed 'yesterday' is not a date: …``. :func:`reason_text` turns the common
kinds (greater / less than a bound, not a number, not a whole number, required, empty, not
finite, not a date, in the future, unknown currency, not a UTF-8 file…) into translated
sentences and leaves any other text as it is; :func:`fields_text` also puts the column's header
("Price / GPU-hour", "Observed") where the field name was.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication

from ..i18n.placeholders import tr_fmt

translate = QCoreApplication.translate

Header = Callable[[str], "str | None"]
"""A field name → its column header (None: not a column of the table)."""


def _patterns() -> list[tuple[re.Pattern[str], str]]:
    # pydantic 2's messages and the catalog's own (catalog.records.check_price, csv_io's scan)
    return [
        (
            re.compile(r"^Input should be greater than or equal to (\S+)$"),
            translate("Catalog", "must be at least %1"),
        ),
        (
            re.compile(r"^Input should be greater than (\S+)$"),
            translate("Catalog", "must be greater than %1"),
        ),
        (
            re.compile(r"^Input should be less than or equal to (\S+)$"),
            translate("Catalog", "must be at most %1"),
        ),
        (re.compile(r"^Input should be less than (\S+)$"), translate("Catalog", "must be less than %1")),
        (
            re.compile(r"^Input should be a valid integer, got a number with a fractional part$"),
            translate("Catalog", "must be a whole number"),
        ),
        (
            re.compile(r"^Input should be a valid integer(?:, .*)?$"),
            translate("Catalog", "must be a whole number"),
        ),
        (re.compile(r"^Input should be a valid number(?:, .*)?$"), translate("Catalog", "is not a number")),
        (re.compile(r"^Input should be a finite number$"), translate("Catalog", "must be a finite number")),
        (re.compile(r"^Field required$"), translate("Catalog", "is required")),
        (re.compile(r"^String should have at least 1 character$"), translate("Catalog", "must not be empty")),
        (
            re.compile(r"^(?:observed )?'(.*)' is not a date: use .*$"),
            translate(
                "Catalog",
                "“%1” is not a date: use YYYY-MM-DD, YYYY-MM, YYYY, a quarter "
                "such as 2024Q3, early/mid/late YYYY or unknown",
            ),
        ),
        (
            re.compile(r"^'(.*)' is in the future \(today is (.*)\)$"),
            translate("Catalog", "“%1” is in the future (today is %2)"),
        ),
        (
            re.compile(
                r"^'(.*)' is not a known ISO 4217 code \(such as USD, EUR, CNY\); add an "
                r"exchange rate for it first$"
            ),
            translate(
                "Catalog",
                "“%1” is not a known ISO 4217 code (such as USD, EUR, CNY); "
                "add an exchange rate for it first",
            ),
        ),
        (
            re.compile(r"^'(.*)' is not a 3-letter code such as USD or CNY$"),
            translate("Catalog", "“%1” is not a 3-letter code such as USD or CNY"),
        ),
        (re.compile(r"^(\S+) is not a finite number$"), translate("Catalog", "must be a finite number")),
        (
            re.compile(r"^(\S+) per GPU-hour is above the limit of (\S+) \(a typo\?\)$"),
            translate("Catalog", "%1 per GPU-hour is above the limit of %2 (a typo?)"),
        ),
        (
            re.compile(r"^not UTF-8 text \((.*)\); save the file as UTF-8 CSV$"),
            translate("Catalog", "not UTF-8 text (%1); save the file as UTF-8 CSV"),
        ),
        (
            re.compile(r"^not CSV text: binary data \(a NUL byte at byte (\S+)\)$"),
            translate("Catalog", "not CSV text: binary data (a NUL byte at byte %1)"),
        ),
    ]


#: ``currency 'XYZ' is …`` / ``pricing 'x' is …``: the field named without a colon.
_NAMED = re.compile(r"^([a-z_]+) ('.*)$")
_NEXT_FIELD = re.compile(r"; (?=[a-z_][a-z0-9_]*: )")
_FIELD = re.compile(r"^([a-z_][a-z0-9_]*): (.*)$", re.S)


def reason_text(reason: str) -> str:
    """One refusal (without its field) as a translated sentence; other text unchanged."""
    for pattern, sentence in _patterns():
        m = pattern.match(reason)
        if m:
            for i, value in enumerate(m.groups(), start=1):
                sentence = sentence.replace(f"%{i}", value)
            return sentence
    return reason


def fields_text(text: str, header: Header) -> str:
    """``field: reason; field: reason`` (the catalog's and pydantic's form) with each field
    shown as its column header and each reason by :func:`reason_text`."""
    return "; ".join(_field_part(p, header) for p in _NEXT_FIELD.split(text))


def _field_part(part: str, header: Header) -> str:
    m = _FIELD.match(part) or _NAMED.match(part)
    if m:
        name = header(m.group(1))
        if name is not None:
            rest = m.group(2)
            return tr_fmt(translate("Catalog", "%1: %2"), name, reason_text(rest))
    return reason_text(part)
