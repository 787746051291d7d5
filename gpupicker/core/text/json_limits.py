"""JSON text parsed within bounds: nesting depth and number length are limited, with a message.

Python's ``json`` raises ``RecursionError`` on deep nesting (its C scanner recurses once per
level) and ``ValueError: Exceeds the limit (4300 digits)`` on a long integer
(``sys.get_int_max_str_digits``, CPython 3.11 "Integer string conversion length limitation").
Neither is a sentence for a user, and both escaped as tracebacks from the workload readers and
the model-file readers. :func:`loads_bounded` refuses such text with a core Message instead.
Pure: no I/O.
"""

from __future__ import annotations

import json
from typing import Any

from ..messages import msg

MAX_WORKLOAD_BYTES = 10 * 1024 * 1024
"""Workload files above 10 MiB are refused before reading, by File › Open and the CLI's
``--workload`` alike (a real one is a few hundred bytes; a JSON Lines batch of 10 MiB holds
tens of thousands of workloads)."""

MAX_JSON_DEPTH = 64
"""Deepest nesting of arrays and objects accepted. A workload is 3 levels deep, a Hugging Face
``config.json`` at most about 4, a safetensors header 3; 64 leaves room for any real file."""

MAX_NUMBER_CHARS = 100
"""Longest number literal accepted, in characters. An int64 has 19 digits and a float's
``repr`` at most 24 characters; a longer literal is damage, not data."""


class JsonLimitError(ValueError):
    """JSON text beyond :data:`MAX_JSON_DEPTH` or :data:`MAX_NUMBER_CHARS`.

    ``args[0]`` is the core Message (``json.too_deep`` / ``json.number_too_long``).
    """


def _number(text: str, kind: type[int] | type[float]) -> int | float:
    if len(text) > MAX_NUMBER_CHARS:
        raise JsonLimitError(msg("json.number_too_long", n=len(text), limit=MAX_NUMBER_CHARS))
    return kind(text)


def _int(text: str) -> int | float:
    return _number(text, int)


def _float(text: str) -> int | float:
    return _number(text, float)


def _depth(value: Any) -> int:
    """Nesting depth of a parsed value (a scalar is 0), walked without recursion."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, dict):
            children: Any = v.values()
        elif isinstance(v, list):
            children = v
        else:
            continue
        d += 1
        if d > deepest:
            deepest = d
            if d > MAX_JSON_DEPTH:
                break
        stack.extend((c, d) for c in children)
    return deepest


def loads_bounded(text: str | bytes) -> Any:
    """``json.loads(text)`` with the nesting depth and number length bounded.

    Args:
        text: JSON text (``bytes`` are decoded as UTF-8 by ``json``).

    Returns:
        The parsed value.

    Raises:
        JsonLimitError: nested deeper than :data:`MAX_JSON_DEPTH`, or a number literal longer
            than :data:`MAX_NUMBER_CHARS` characters.
        json.JSONDecodeError: the text is not JSON (a ``ValueError`` too).
        UnicodeDecodeError: ``bytes`` that are not UTF-8.
    """
    try:
        value = json.loads(text, parse_int=_int, parse_float=_float)
    except RecursionError:
        raise JsonLimitError(msg("json.too_deep", limit=MAX_JSON_DEPTH)) from None
    if _depth(value) > MAX_JSON_DEPTH:
        raise JsonLimitError(msg("json.too_deep", limit=MAX_JSON_DEPTH))
    return value


def duplicate_keys(text: str | bytes) -> list[str]:
    """The keys that occur twice or more in one JSON object of ``text``, in the order met.

    Python's ``json`` keeps the last value of a repeated key and says nothing; RFC 8259
    section 4 says names within an object SHOULD be unique and that receivers differ on
    which value they take, so a reader names these keys as a warning.

    Args:
        text: JSON text (``bytes`` are decoded as UTF-8 by ``json``).

    Returns:
        Each repeated key once (the key as written, not a path); ``[]`` when there is none or
        when ``text`` is not JSON within the bounds (:func:`loads_bounded` says why then).
    """
    found: list[str] = []

    def pairs_hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen and key not in found:
                found.append(key)
            seen.add(key)
        return dict(pairs)

    try:
        json.loads(text, object_pairs_hook=pairs_hook, parse_int=_int, parse_float=_float)
    except (ValueError, RecursionError):
        return []
    return found
