r"""Catalog and user text made inert for each place gpupicker writes it.

GPU ids and names, provider and model names come from files the user imports, so they can
hold anything. Each output has one function here:

* spreadsheets (CSV cells): :func:`neutralize` — a cell that starts with ``=``, ``+``,
  ``-``, ``@``, tab or carriage return is what Excel, LibreOffice and Google Sheets run as a
  formula (OWASP "CSV Injection"); a leading ``'`` makes it text;
* Markdown: :func:`md_text` — HTML tags, entities, links and emphasis characters are
  backslash-escaped (CommonMark §2.4: any ASCII punctuation may be escaped), so a name shows
  as the text it is and no viewer renders raw HTML or a ``javascript:`` link from it;
  newlines become spaces (a table row or heading stays one line);
* terminals: :func:`terminal_text` — C0/C1 control characters (ESC sequences that set the
  title, colours or clear the screen; newlines that split a table row) are shown as
  ``\\xNN`` escapes.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Sequence

FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r")
"""First characters that make Excel/LibreOffice/Sheets treat a cell as a formula."""

_MD_SPECIAL = re.compile(r"([\\`*\[\]<>&|~]|(?<![0-9A-Za-z])_|_(?![0-9A-Za-z]))")
"""Characters that start Markdown syntax inside a line: HTML (``<`` ``&``), links and images
(``[`` ``]``), code, emphasis and strikethrough, table cells; ``_`` only where it could open
or close emphasis (not inside a word: ``rtx_4090`` stays as it is)."""
_MD_LEADING = re.compile(r"^([#>+=-])")
"""A first character that would make a block (heading, quote, list, setext underline) when
the text starts a line or a list item."""
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""C0 and C1 control characters, DEL, and the Unicode bidirectional overrides and isolates
(U+200E/F, U+202A–E, U+2066–9: "Trojan Source", CVE-2021-42574), which reorder what a terminal or
an editor shows."""


def neutralize(text: str) -> str:
    """Prefix a single quote to text a spreadsheet would run as a formula."""
    return "'" + text if text.startswith(FORMULA_PREFIXES) else text


def csv_text(header: Sequence[str], rows: Iterable[Sequence[str | int | float]]) -> str:
    r"""A CSV document: RFC 4180 quoting by the csv module, ``\n`` line ends.

    Every text cell is :func:`neutralize`-d, numbers are written as they are.
    """
    buf = io.StringIO()
    out = csv.writer(buf, lineterminator="\n")
    out.writerow([neutralize(h) for h in header])
    out.writerows([neutralize(c) if isinstance(c, str) else c for c in row] for row in rows)
    return buf.getvalue()


def md_text(text: str) -> str:
    r"""``text`` for Markdown prose or a table cell: punctuation escaped, one line, no raw HTML.

    ``<script>`` becomes ``\\<script\\>`` (shown as typed), ``[x](javascript:…)`` is no link,
    ``|`` does not end a table cell.
    """
    one_line = _CONTROL.sub(" ", text)
    return _MD_LEADING.sub(r"\\\1", _MD_SPECIAL.sub(r"\\\1", one_line))


def terminal_text(text: str) -> str:
    r"""``text`` with every control character escaped.

    ESC, newline, tab, DEL, C1 as ``\\xNN``; the bidirectional overrides as ``\\uNNNN``.
    """
    return _CONTROL.sub(
        lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100 else f"\\u{ord(m.group()):04x}", text
    )


__all__ = ["FORMULA_PREFIXES", "csv_text", "md_text", "neutralize", "terminal_text"]
