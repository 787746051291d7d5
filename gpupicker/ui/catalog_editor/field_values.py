"""A catalog cell's typed text → the record field's value: numbers parsed within bounds
(never mangled), an empty optional field as None."""

from __future__ import annotations

import typing

from pydantic import BaseModel
from PySide6.QtCore import QCoreApplication

from ..widgets.number_input import parse_bounded

translate = QCoreApplication.translate


def is_integer_field(record_type: type[BaseModel], col: str) -> bool:
    """True when ``record_type``'s field ``col`` holds an int (and no float)."""
    field = getattr(record_type, "model_fields", {}).get(col)
    if field is None:
        return False
    ann = field.annotation
    args = typing.get_args(ann) or (ann,)
    return int in args and float not in args


def is_optional_field(record_type: type[BaseModel], col: str) -> bool:
    """True when ``record_type``'s field ``col`` may be left out (or is not a field)."""
    field = getattr(record_type, "model_fields", {}).get(col)
    return field is None or not field.is_required()


def coerce_value(record_type: type[BaseModel], col: str, value: object, *, numeric: bool) -> object:
    """Typed text → the field's value (numbers parsed, never mangled) when the column is
    ``numeric``; anything else as it is.

    Raises:
        ValueError: an empty required number, or text that is not a number within bounds
            (``parse_bounded``'s translated sentence).
    """
    if not isinstance(value, str) or not numeric:
        return value
    if not value.strip():
        if is_optional_field(record_type, col):
            return None
        raise ValueError(translate("Numbers", "Enter a number."))
    return parse_bounded(value, integer=is_integer_field(record_type, col))
