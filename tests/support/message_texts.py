"""Test helper: the texts of core results that are not Messages (every one must be).

Holds no tests. :func:`plain_texts` walks pydantic models, tuples, lists and dicts and returns
the path and value of each non-empty text held in a field typed ``core.messages.Text`` that is a
plain ``str`` instead of a :class:`~gpupicker.core.messages.Message`.
"""

from __future__ import annotations

import re
import typing
from typing import Any

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from gpupicker.core.messages import Message, Text


def _holds_text(annotation: Any) -> bool:
    if annotation is Text:
        return True
    return any(_holds_text(a) for a in typing.get_args(annotation))


def _is_text_field(field: FieldInfo) -> bool:
    # pydantic keeps ``Text``'s validator in the field's metadata for a bare ``Text`` field
    # (the annotation is then plain ``str``) and inside the annotation for ``tuple[Text, ...]``
    text_validator = typing.get_args(Text)[1]
    return text_validator in field.metadata or _holds_text(field.annotation)


def plain_texts(obj: Any, path: str = "") -> list[tuple[str, str]]:
    """(path, text) of every non-empty ``Text`` value under ``obj`` that is not a Message."""
    out: list[tuple[str, str]] = []
    if isinstance(obj, BaseModel):
        for name, field in type(obj).model_fields.items():
            value = getattr(obj, name)
            if _is_text_field(field):
                items = value if isinstance(value, tuple) else (value,)
                out += [
                    (f"{path}.{name}", v)
                    for v in items
                    if isinstance(v, str) and v and not isinstance(v, Message)
                ]
            else:
                out += plain_texts(value, f"{path}.{name}")
    elif isinstance(obj, (tuple, list)):
        for i, v in enumerate(obj):
            out += plain_texts(v, f"{path}[{i}]")
    elif isinstance(obj, dict):
        for k, v in obj.items():
            out += plain_texts(v, f"{path}[{k!r}]")
    return out


_CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


def has_cjk(text: str) -> bool:
    """True when ``text`` holds Chinese characters or full-width punctuation."""
    return bool(_CJK.search(text))
