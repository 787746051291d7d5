"""Core's sentences as data: ``Message(id, params)`` and the one English template per id.

Core never hands the UI a sentence it would have to parse. Every reason, note,
assumption, piece of advice and error core writes is a :class:`Message`: an id from
:data:`TEMPLATES` (or one of the :data:`JOINERS`) and its parameters. A Message *is*
its English rendering — a ``str`` subclass, like ``markupsafe.Markup`` — so the CLI,
the JSON output, logs and tests read today's English text unchanged, while the UI
renders ``id`` through Qt's translator (``gpupicker.ui`` message rendering) and the
JSON adds ``{"id", "params"}`` beside each text (:func:`with_message_ids`).

Parameters are already-formatted strings (numbers keep core's formatting, e.g.
``"13.3"``), nested Messages (translated in turn) or tuples of Messages (for the
joiners). Parameters named in :data:`NAME_PARAMS` hold display names (GPUs,
providers) that a translated rendering may show under their localized names.

Logic never inspects message text: a decision needs its own field (an option's
``limit``, a flag), not a substring of a sentence.

The templates, one per id, are in :mod:`.templates`. Rules for them: placeholders are
``{name}`` (``str.format`` syntax, no format
spec: core formats numbers before passing them); a literal brace is written ``{{``.
Changing an English template needs its zh_CN translation in
``resources/i18n/gpupicker_zh_CN.ts`` (context ``CoreText``): a test fails otherwise.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Union

from pydantic import SkipValidation
from typing_extensions import override

from .templates import DISAMBIGUATION, TEMPLATES

Param = Union[str, "Message", tuple["Message", ...]]
"""A message parameter: formatted text, a nested message, or messages to join."""

Translate = Callable[..., str]
"""Maps an English template (or joiner separator) to the UI language's version: called as
``translate(text)``, or ``translate(template, disambiguation)`` for the ids of
:data:`~.templates.DISAMBIGUATION` (Qt's ``QCoreApplication.translate`` comment)."""

JOINERS: dict[str, tuple[str, str]] = {
    # id: (separator, ending) — ". " between sentences ends with ".", clauses take no end
    "join.sentences": (". ", "."),
    "join.clauses": ("; ", ""),
    "join.list": (", ", ""),
    "join.space": (" ", ""),
    "join.none": ("", ""),
}
"""Ids that join their ``parts`` (a tuple of Messages) with a separator, and the text that
ends the whole (both translated: Chinese uses "。", "；", "、" and no spaces)."""

NAME_PARAMS: frozenset[str] = frozenset({"gpu", "gpus", "provider"})
"""Parameters holding display names of GPUs or providers (", "-separated for several):
a Chinese rendering may show them as ``gpupicker.core.report.zh_names.zh_name`` gives them."""

SCALED_PARAMS: dict[str, float] = {"mtokens": 1e6, "btokens": 1e9, "mparams": 1e6}
"""Parameters holding a count in millions or billions (``mtokens="15.0"`` is 15 million
tokens): the English templates write the unit (``15.0 M``); a rendering that counts in other
units (Chinese 万 / 亿) may rewrite the value from the count it stands for."""

_FORMATTER = string.Formatter()


def placeholders(template: str) -> frozenset[str]:
    """The ``{name}`` fields of ``template`` (``{{`` escapes excluded)."""
    return frozenset(f for _, f, _, _ in _FORMATTER.parse(template) if f)


class Message(str):
    """A sentence core writes: an id, its parameters, and (as the str value) its English text.

    Build one with :func:`msg` (a template id) or :func:`join` (several messages).

    Attributes:
        id: a key of :data:`TEMPLATES` or :data:`JOINERS`.
        params: parameter name → :data:`Param` (for joiners: ``{"parts": (Message, ...)}``).
    """

    __slots__ = ("id", "params")
    id: str
    params: Mapping[str, Param]

    def __new__(cls, id: str, params: Mapping[str, Param], english: str) -> Message:
        """Wrap ``english`` (already rendered from ``id`` and ``params``); use :func:`msg`."""
        self = str.__new__(cls, english)
        self.id = id
        self.params = params
        return self

    @override
    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle/copy as a Message (str's own reduce would drop id and params)."""
        return (Message, (self.id, dict(self.params), str(self)))

    def to_json(self) -> dict[str, Any]:
        """``{"id": ..., "params": {...}}`` with nested messages as the same kind of dict."""
        return {"id": self.id, "params": {k: _param_json(v) for k, v in self.params.items()}}

    def render(self, translate: Translate | None = None, name: Callable[[str], str] | None = None) -> str:
        """This message in another language.

        Args:
            translate: English template / separator → translated one (``None``: English).
            name: display name → localized display name, applied to :data:`NAME_PARAMS`.

        Returns:
            The rendered text; ``str(self)`` when both are ``None``.
        """
        if translate is None and name is None:
            return str(self)
        tr = translate or _same
        if self.id in JOINERS:
            sep, end = JOINERS[self.id]
            parts = self.params.get("parts", ())
            assert isinstance(parts, tuple)
            body = tr(sep).join(p.render(translate, name) for p in parts)
            return body + (tr(end) if end else "")
        values: dict[str, str] = {}
        for key, value in self.params.items():
            if isinstance(value, Message):
                values[key] = value.render(translate, name)
            elif isinstance(value, tuple):
                values[key] = "".join(p.render(translate, name) for p in value)
            elif name is not None and key in NAME_PARAMS:
                # one name may hold ", " itself ("RTX PRO 6000 Blackwell (Workstation, 96GB)")
                whole = name(value)
                values[key] = (
                    whole
                    if whole != value or ", " not in value
                    else ", ".join(name(v) for v in value.split(", "))
                )
            else:
                values[key] = value
        note = DISAMBIGUATION.get(self.id)
        template = tr(TEMPLATES[self.id]) if note is None else tr(TEMPLATES[self.id], note)
        return template.format_map(values)


def _same(text: str, disambiguation: str | None = None) -> str:
    return text


def _param_json(value: Param) -> Any:
    if isinstance(value, Message):
        return value.to_json()
    if isinstance(value, tuple):
        return [p.to_json() for p in value]
    return value


def msg(id: str, **params: str | int | Message) -> Message:
    """The message ``id`` with ``params`` (its English text rendered now).

    Args:
        id: a key of :data:`TEMPLATES`.
        **params: one value per placeholder: formatted text, an ``int`` (written with
            ``str``; format other numbers first) or a nested :class:`Message`.

    Raises:
        KeyError: ``id`` is not in :data:`TEMPLATES`.
        ValueError: ``params`` do not name exactly the template's placeholders.
        TypeError: a value is not text, an int or a Message.
    """
    spec = _SPECS.get(id)
    if spec is None:
        template = TEMPLATES[id]
        spec = _SPECS[id] = (template, placeholders(template))
    template, fields = spec
    if fields != params.keys():
        raise ValueError(f"message {id!r} takes {sorted(fields)}, got {sorted(params)}")
    values: dict[str, Param] = params  # type: ignore[assignment]  # all text: the usual case
    for key, value in params.items():
        if not isinstance(value, str):
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"message {id!r}: {key}={value!r} is not text, int or Message")
            if values is params:
                values = dict(params)  # type: ignore[arg-type]
            values[key] = str(value)
    # built without Message.__new__'s extra call: a ranking makes thousands
    m = _new_str(Message, template.format_map(values))
    m.id = id
    m.params = values
    return m


_SPECS: dict[str, tuple[str, frozenset[str]]] = {}
"""(template, placeholders) per id, parsed on first use."""
_new_str = str.__new__


def join(parts: Iterable[Message], how: str = "sentences") -> Message:
    """``parts`` joined as sentences, clauses, a list, with a space or with nothing.

    ``how``: "sentences" ("A. B."), "clauses" ("A; B"), "list" ("A, B"), "space" ("A B"),
    "none" ("AB").

    Raises:
        KeyError: ``how`` is not a joiner (``"join." + how`` not in :data:`JOINERS`).
        TypeError: a part is not a :class:`Message`.
    """
    id, sep, end = _JOINS[how]
    items = tuple(parts)
    for p in items:
        if p.__class__ is not Message:
            raise TypeError(f"join() takes Messages, got {type(p).__name__}: {p!r}")
    m = _new_str(Message, sep.join(items) + end)
    m.id = id
    m.params = {"parts": items}
    return m


_JOINS = {k.removeprefix("join."): (k, *v) for k, v in JOINERS.items()}
"""``how`` → (joiner id, separator, ending)."""


def sentence(m: Message) -> Message:
    """``m`` as a sentence of its own (English: with its full stop)."""
    return join([m], "sentences")


def fixed_sentence(id: str) -> Message:
    """``sentence(msg(id))`` for a template without parameters, built once per id.

    A Message is immutable, so the memory model's fixed assumptions ("Hugging Face generate
    …") are shared by every estimate instead of rendered again for each.

    Raises:
        KeyError: ``id`` is not in :data:`TEMPLATES`.
        ValueError: the template has placeholders.
    """
    hit = _FIXED.get(id)
    if hit is None:
        hit = _FIXED[id] = join([msg(id)])
    return hit


_FIXED: dict[str, Message] = {}
"""The sentences :func:`fixed_sentence` has built, by id (at most one per template)."""


def as_message(text: str) -> Message:
    """``text`` as the Message it is (a ``Text`` field's value, typed ``str`` for mypy).

    Raises:
        TypeError: ``text`` is a plain string — core writes every text as a Message.
    """
    if isinstance(text, Message):
        return text
    raise TypeError(f"core text is not a Message: {text!r}")


def error_message(exc: BaseException) -> Message:
    """The Message a core error carries, else the exception's own text verbatim.

    Core raises ``ValueError(msg(...))`` (the Message is ``args[0]``); other errors (pydantic's,
    Python's) are shown as their text.
    """
    first = exc.args[0] if len(exc.args) == 1 else None
    return first if isinstance(first, Message) else verbatim(str(exc))


def verbatim(text: str) -> Message:
    """``text`` as a message that is never translated.

    For a file path, an engine's own log line, a user-typed name. Use sparingly: prose
    belongs in a template.
    """
    return msg("text.verbatim", text=text)


Text = SkipValidation[str]
"""A pydantic field type for core's texts: a :class:`Message` is stored as it is (pydantic
would otherwise turn a ``str`` subclass into a plain ``str`` and drop its id). Not validated at
run time (a per-field Python validator cost ~10 % of a recommendation): mypy checks the type."""


def with_message_ids(obj: Any) -> Any:
    """A JSON-ready copy of ``obj``, each Message beside its ``{"id", "params"}``.

    Every key holding a Message (or a list of them) gains a sibling ``<key>_message`` /
    ``<key>_messages`` with :meth:`Message.to_json`.

    The text values stay as they are (the English rendering), so JSON readers of the text
    see no change. Lists and dicts are walked; other values pass through.
    """
    if isinstance(obj, dict):
        out: dict[Any, Any] = {}
        for key, value in obj.items():
            out[key] = with_message_ids(value)
            if isinstance(value, Message):
                out[f"{key}_message"] = value.to_json()
            elif isinstance(value, (list, tuple)) and value and all(isinstance(v, Message) for v in value):
                out[f"{key}_messages"] = [v.to_json() for v in value]
        return out
    if isinstance(obj, (list, tuple)) and not isinstance(obj, str):
        return [with_message_ids(v) for v in obj]
    if isinstance(obj, Message):
        return str(obj)
    return obj


__all__ = [
    "DISAMBIGUATION",
    "JOINERS",
    "NAME_PARAMS",
    "SCALED_PARAMS",
    "TEMPLATES",
    "Message",
    "Param",
    "Text",
    "Translate",
    "as_message",
    "error_message",
    "fixed_sentence",
    "join",
    "msg",
    "placeholders",
    "sentence",
    "verbatim",
    "with_message_ids",
]
