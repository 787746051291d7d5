"""Keys the catalog tables filter and sort rows by: case-folded row texts, and sort values
ordered as Qt's proxy compares them."""

from __future__ import annotations

_FOLD: dict[int, str] = {}
_FOLD_SEEN: set[str] = set()
_LOWER_FOLDS: set[str] = set()
"""Characters whose ``lower()`` is their simple case folding (most: ⚠, CJK, é…)."""


def _simple_fold(ch: str) -> str:
    """One character's simple case folding (one character), as a case-insensitive regular
    expression compares it: ``casefold`` where it gives one character, else ``lower``
    where that does (ẞ → ß), else the character itself (İ, ligatures)."""
    f = ch.casefold()
    if len(f) == 1:
        return f
    low = ch.lower()
    return low if len(low) == 1 else ch


def fold_text(text: str) -> str:
    """``text`` case-folded character by character (length kept), for a case-insensitive
    "contains" that matches what Qt's case-insensitive fixed-string filter accepts."""
    if text.isascii() or _LOWER_FOLDS.issuperset(text):
        return text.lower()
    new = set(text) - _FOLD_SEEN
    for ch in new:
        f = _simple_fold(ch)
        if f != ch:
            _FOLD[ord(ch)] = f
        if ch != "Σ" and ch.lower() == f:  # Σ: lower() depends on the next character
            _LOWER_FOLDS.add(ch)
    _FOLD_SEEN.update(new)
    if _LOWER_FOLDS.issuperset(text):
        return text.lower()
    return text.translate(_FOLD)


def sort_key(value: object) -> object:
    """A Python key ordering as Qt's proxy compares the sort role's values: numbers by value,
    text by UTF-16 code unit (QString::compare; Python compares code points)."""
    if isinstance(value, str):
        return value.encode("utf-16-be")
    if isinstance(value, bool):
        return int(value)
    return value
