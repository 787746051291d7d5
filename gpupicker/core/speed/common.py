"""What the speed modules share: per-model counts computed once, and memoized sentences.

The recommender evaluates the same model on hundreds of GPU × count options per input change;
:func:`model_facts` counts its parameters once per model object and :func:`memo_sentence` /
:func:`memo_notes` build each assumption sentence (an immutable Message) once per set of
values shown. The memos are bounded (cleared when full, :mod:`gpupicker.core.memo`).
"""

from __future__ import annotations

from collections.abc import Callable

from ..memo import KeyedMemo, by_identity
from ..messages import Message, join, msg
from ..model_arch import ModelArch

FactKey = str | tuple[str | int | float, ...]
"""A key of :func:`model_facts`: a count name ("params", "active", "linear") or a (kind, …) tuple."""


@by_identity(maxsize=256)
def model_facts(arch: ModelArch) -> dict[FactKey, float]:
    """Parameter counts of ``arch`` computed once per model object (keyed by identity)."""
    return {
        "params": arch.param_count(),
        "active": arch.active_param_count(),
        "linear": arch.linear_params() if arch.hidden_size else arch.param_count(),
    }


_SENTENCES: KeyedMemo[tuple[object, ...], Message] = KeyedMemo(maxsize=2048)
"""Assumption sentences by what they say (ids and formatted values): the recommender builds the
same ones for hundreds of options, and a Message is immutable."""
_NOTE_SETS: KeyedMemo[tuple[object, ...], tuple[Message, ...]] = KeyedMemo(maxsize=1024)
"""Tuples of assumption sentences by the values they show."""


def memo_sentence(id: str, **params: str | int | Message) -> Message:
    """``join([msg(id, **params)])`` (one sentence), memoized on the id and the values shown."""
    key = (id, *params.items())  # call sites pass their keywords in one order
    hit = _SENTENCES.peek(key)
    return hit if hit is not None else _SENTENCES.put(key, join([msg(id, **params)]))


def memo_notes(key: tuple[object, ...], build: Callable[[], tuple[Message, ...]]) -> tuple[Message, ...]:
    """The assumption sentences ``build()`` gives, memoized on ``key`` (the values shown)."""
    return _NOTE_SETS.get(key, build)


def memo_message(key: tuple[object, ...], build: Callable[[], Message]) -> Message:
    """The Message ``build()`` gives, memoized on ``key`` (the values shown)."""
    return _SENTENCES.get(key, build)
