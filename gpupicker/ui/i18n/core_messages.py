"""Core's :class:`~gpupicker.core.messages.Message` values rendered in the UI's language.

Each message id's English template is looked up with Qt's translator in the
``CoreText`` context (``QCoreApplication.translate("CoreText", template)``), the
parameters are rendered in turn (nested messages translated, GPU and provider names
given their Chinese display names in a Chinese UI, numbers as core formatted them)
and joiners use the language's punctuation (:data:`PUNCTUATION`). Without a
``CoreText`` translator (English) the text is the message itself.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from ...core.messages import SCALED_PARAMS, Message, Translate
from ...core.report.zh_names import zh_name

CONTEXT = "CoreText"

PUNCTUATION: dict[str, dict[str, str]] = {
    "zh": {". ": "。", ".": "。", "; ": "；", ", ": "、", " ": ""},
}
"""Joiner separators per language family (Chinese: full-width stops and no spaces between
sentences); languages not listed keep the English ones."""


LANGUAGE_CODE = QT_TRANSLATE_NOOP("CoreText", "language code")
"""Each .ts translates this source to its own locale name ("zh_CN"), so the language is read
through the same translator that renders the messages."""


def ui_language() -> str:
    """The locale name the loaded ``CoreText`` translation declares ('' without one: English)."""
    code = QCoreApplication.translate(CONTEXT, str(LANGUAGE_CODE))  # the NOOP's str, typed object
    return "" if code == LANGUAGE_CODE else code


def _translate(text: str, disambiguation: str | None = None) -> str:
    return QCoreApplication.translate(CONTEXT, text, disambiguation)


@lru_cache(maxsize=16)
def _renderer(lang: str) -> tuple[Translate, Callable[[str], str] | None]:
    """(translate, name) of :meth:`Message.render` for ``lang``: templates through Qt's
    ``CoreText`` translator, joiners with the language's punctuation, Chinese GPU and
    provider names in Chinese."""
    family = lang.split("_")[0].lower()
    punctuation = PUNCTUATION.get(family, {})
    chinese = family == "zh"

    def translate(text: str, disambiguation: str | None = None) -> str:
        return punctuation[text] if text in punctuation else _translate(text, disambiguation)

    return translate, zh_name if chinese else None


def _ids(message: Message) -> tuple[object, ...]:
    """The ids of ``message``'s tree: two Messages with the same English text may differ in
    them ("none" is the advisor's 不影响质量 and the report's 无), and a Message compares and
    hashes as its text."""
    out: list[object] = [message.id]
    for value in message.params.values():
        if isinstance(value, Message):
            out.append(_ids(value))
        elif isinstance(value, tuple):
            out.append(tuple(_ids(p) for p in value))
    return tuple(out)


def _render(message: Message, lang: str) -> str:
    return _render_cached(message, _ids(message), lang)


@lru_cache(maxsize=4096)
def _render_cached(message: Message, ids: tuple[object, ...], lang: str) -> str:
    if lang.split("_")[0].lower() == "zh":
        return zh_typography(zh_params(message).render(*_renderer(lang)))
    return message.render(*_renderer(lang))


def zh_params(message: Message) -> Message:
    """``message`` with its parameters as a Chinese sentence writes them.

    A count in millions or billions (core.messages.SCALED_PARAMS: ``mtokens="15.0"``) becomes
    万 / 亿 (``1500 万``; the zh template drops the English unit), and a parameter that is a
    stored code (``nf4``, ``adamw``, ``llama-factory``) its display name
    (formatting.CODE_NAMES). Nested messages are rewritten the same way; the English text is
    kept.
    """
    from .zh_counts import CODE_NAMES, fmt_count_zh

    changed = False
    params: dict[str, object] = {}
    for key, value in message.params.items():
        new: object = value
        if isinstance(value, Message):
            new = zh_params(value)
        elif isinstance(value, tuple):
            new = tuple(zh_params(p) for p in value)
        elif isinstance(value, str) and key in SCALED_PARAMS:
            try:
                new = fmt_count_zh(float(value.replace(",", "")) * SCALED_PARAMS[key])
            except ValueError:  # not a number: shown as core wrote it
                new = value
        elif isinstance(value, str) and value in CODE_NAMES:
            new = CODE_NAMES[value]
        changed = changed or new is not value
        params[key] = new
    if not changed:
        return message
    return Message(message.id, params, str(message))  # type: ignore[arg-type]


_SPACE_PERCENT = re.compile(r"(?<=\d) %(?![\d{])")
_LATIN_LIST_COMMA = re.compile(r"(?<=[A-Za-z0-9_)\]]), (?=[A-Za-z(])")
"""A comma and space between Latin names (``RTX 4090, NVIDIA L40S``); a number's own group
commas have no space after them."""


def zh_typography(text: str) -> str:
    """Chinese typography for text core formatted in English (resources/i18n/glossary_zh_CN.toml).

    A number's percent sign follows it without a space (``±30 %`` → ``±30%``; core writes
    the space, English style, inside parameters such as an accuracy range), and a list of
    Latin names is separated by 、 (``MindIE, vllm-ascend`` → ``MindIE、vllm-ascend``; core
    joins engine and platform names with ", "). Numbers keep their digit-group commas.
    """
    return _LATIN_LIST_COMMA.sub("、", _SPACE_PERCENT.sub("%", text))


def message_renderer() -> tuple[Translate | None, Callable[[str], str] | None]:
    """The UI language's ``(translate, name)`` for :meth:`Message.render` (and the report's
    ``core.report_render.TextRenderer``); ``(None, None)`` in English (no translator).

    What :func:`tr_message` renders with: the same templates, punctuation and names (a
    Chinese report also takes :func:`zh_params`, see ``report_export.report_renderer``).
    """
    lang = ui_language()
    if not lang:
        return None, None
    return _renderer(lang)


def tr_message(text: str) -> str:
    """``text`` from core in the UI's language.

    A :class:`Message` is rendered from its id and parameters; anything else is shown as
    it is (user-typed names, file paths).
    """
    if not text:
        return text
    if not isinstance(text, Message):
        return text  # not core's prose: a user-typed name, a path, an engine's own log line
    lang = ui_language()
    if not lang:
        return str(text)
    return _render(text, lang)


__all__ = ["PUNCTUATION", "message_renderer", "tr_message", "ui_language", "zh_params", "zh_typography"]
