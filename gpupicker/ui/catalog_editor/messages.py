"""Why a catalog value or CSV row was refused, in the UI's language.

The catalog (Qt-free) refuses a value with a core ``Message``
(:func:`gpupicker.catalog.errors.refusal_message`): ``catalog.field`` /
``catalog.field_named`` name the column by its field name and carry the reason, several of
them joined as clauses. :func:`refusal_text` renders that message through the translator
with each field shown as its column header ("Price / GPU-hour", "Observed"); the reasons are
translated by their ids, never recognised from their English text.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication

from ...core.messages import Message
from ..i18n.core_messages import PUNCTUATION, tr_message, ui_language
from ..i18n.placeholders import tr_fmt

translate = QCoreApplication.translate

Header = Callable[[str], "str | None"]
"""A field name → its column header (None: not a column of the table)."""

FIELD_IDS = frozenset({"catalog.field", "catalog.field_named"})
"""The ids of a refused column (``{field}`` and ``{reason}``)."""


def refusal_text(text: str, header: Header) -> str:
    """A refusal of the catalog in the UI's language, each refused field shown as its
    column header (``header(field)``; a field it does not know is shown by its name).

    ``text`` is a catalog Message; any other text (an OS error's, the user's) is shown as
    it is.
    """
    if not isinstance(text, Message):
        return text
    if text.id == "join.clauses":
        parts = text.params.get("parts", ())
        assert isinstance(parts, tuple)
        family = ui_language().split("_")[0].lower()
        sep = PUNCTUATION.get(family, {}).get("; ", "; ")
        return sep.join(refusal_text(p, header) for p in parts)
    if text.id in FIELD_IDS:
        field, reason = text.params["field"], text.params["reason"]
        name = header(field) if isinstance(field, str) else None
        if name is not None and isinstance(reason, Message):
            return tr_fmt(translate("Catalog", "%1: %2"), name, tr_message(reason))
    return tr_message(text)
