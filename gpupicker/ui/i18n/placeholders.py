"""Qt's ``%1`` … ``%9`` placeholders filled in one pass (stdlib only: the first page imports it).

The translated texts of the UI keep Qt's numbered placeholders (translators may reorder them);
:func:`tr_fmt` fills them. It lives apart from :mod:`.formatting` (which needs the catalog and
pydantic) so that what paints before the catalog is loaded can use it.
"""

from __future__ import annotations

import re

_PLACEHOLDER = re.compile(r"%(\d)")


def tr_fmt(text: str, *args: object) -> str:
    """A translated text with its Qt placeholders ``%1`` … ``%9`` filled by ``args``, in one pass.

    ``tr_fmt(self.tr("Cannot read %1: %2"), path, exc)``. One pass, so an argument that itself
    holds ``%2`` (a file name, an error text) is never substituted again, as chained
    ``.replace("%1", …).replace("%2", …)`` did; a placeholder without an argument stays as it is.
    """
    values = [str(a) for a in args]

    def fill(m: re.Match[str]) -> str:
        i = int(m.group(1))
        return values[i - 1] if 1 <= i <= len(values) else m.group(0)

    return _PLACEHOLDER.sub(fill, text)


__all__ = ["tr_fmt"]
