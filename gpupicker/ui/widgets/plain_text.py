"""Catalog and user text shown by Qt as the text it is, never as markup.

A ``QLabel`` takes ``setTextFormat(Qt.TextFormat.PlainText)``; a tooltip has no such switch
(Qt renders it as rich text when it looks like markup), so :func:`plain_tooltip`
escapes it: a model named ``<font size=6>FAKE</font><img src="/home/…">`` shows those
characters and loads no image.
"""

from __future__ import annotations

from html import escape


def plain_tooltip(text: str) -> str:
    """``text`` for a tooltip: unchanged when it holds no ``<`` or ``&`` (nothing Qt could read
    as markup), else escaped into a paragraph that keeps its line breaks."""
    if "<" not in text and "&" not in text:
        return text
    return f"<p style='white-space:pre-wrap'>{escape(text)}</p>"
