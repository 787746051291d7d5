"""Bounded memos for figures and sentences asked for hundreds of times per ranking.

:func:`by_identity` memoizes a function on its arguments' identity, :func:`by_key` under a key
built from them (a plan many jobs share); :class:`KeyedMemo` holds values under a key the
caller builds (the id and the formatted values of a sentence).

The recommender evaluates one job on every GPU × count and prices every offer of a frozen
catalog snapshot: per-model parameter counts, per-offer price kinds and per-job memory plans
are the same for the same objects. Keying on identity costs one ``id()``; hashing a pydantic
model by value costs a hash of all its fields. The objects are kept beside their result, so
their ``id`` cannot be reused while the entry lives.

Both hold at most ``maxsize`` entries and drop the oldest first: a steady size once full,
where clearing a full memo made memory rise and fall by its whole size (a 2,048-sentence memo
~700 KiB, which the 500-change session test read as growth) and rebuilt every entry at once.

:func:`replaced` derives a variant of a memoized dataclass (one GPU count of a per-GPU roofline)
at the cost of its ``__init__``, without ``dataclasses.replace``'s per-field checks.
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import fields
from operator import attrgetter, is_
from typing import Any, Generic, ParamSpec, Protocol, TypeVar, cast

P = ParamSpec("P")
R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)
K = TypeVar("K", bound=Hashable)
D = TypeVar("D")


class IdentityMemo(Protocol[P, R_co]):
    """``fn(*args)`` memoized on its first ``objects`` arguments' identity, the rest by value.

    The other arguments must be hashable; see the module docstring. Made by
    :func:`by_identity`: a plain function (called through the interpreter's fast path: an
    object with ``__call__`` cost ~4,000 machine instructions per hit, a dozen hits per
    estimate) carrying these attributes.

    Attributes:
        fn: the function memoized (positional arguments only).
        maxsize: most entries held (the oldest goes first).
        objects: how many leading arguments are keyed by identity.
    """

    @property
    def fn(self) -> Callable[P, R_co]:
        """The function memoized."""

    @property
    def maxsize(self) -> int:
        """Most entries held."""

    @property
    def objects(self) -> int:
        """Leading arguments keyed by identity."""

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R_co:
        """``fn(*args)``, computed once per set of objects and values.

        Raises:
            TypeError: for keyword arguments (the key is positional).
        """

    def cache_clear(self) -> None:
        """Forget every entry."""


def by_identity(maxsize: int, objects: int = 1) -> Callable[[Callable[P, R]], IdentityMemo[P, R]]:
    """Decorator: memoize a function on its first ``objects`` arguments' identity.

    The other arguments are keyed by value; at most ``maxsize`` entries, the oldest dropped
    first. Errors are not memoized.

    Raises nothing itself; the wrapped function's errors pass through (and are not memoized).
    """

    def wrap(fn: Callable[P, R]) -> IdentityMemo[P, R]:
        hits: OrderedDict[Hashable, tuple[Any, R]] = OrderedDict()
        get = hits.get

        def keep(key: Hashable, held: Any, result: R) -> R:
            hits[key] = (held, result)
            if len(hits) > maxsize:
                hits.popitem(last=False)  # the oldest entry
            return result

        if objects == 1:  # the usual case, kept short: one object and maybe some values

            def call(first: Any, /, *rest: Any, **kwargs: Any) -> R:
                if kwargs:
                    raise TypeError(f"{fn.__name__}: memoized on positional arguments only")
                key = (id(first), *rest)
                hit = get(key)
                if hit is not None and hit[0] is first:
                    return hit[1]
                return keep(key, first, call.fn(first, *rest))  # type: ignore[attr-defined]

        else:

            def call(first: Any, /, *rest: Any, **kwargs: Any) -> R:
                if kwargs:
                    raise TypeError(f"{fn.__name__}: memoized on positional arguments only")
                args = (first, *rest)
                held = args[:objects]
                key = (*map(id, held), *args[objects:])
                hit = get(key)
                if hit is not None and all(map(is_, hit[0], held)):  # both `objects` long
                    return hit[1]
                return keep(key, held, call.fn(*args))  # type: ignore[attr-defined]

        # a miss calls ``call.fn``, so a test may swap the function (monkeypatch) as before
        functools.update_wrapper(call, fn)
        vars(call).update(fn=fn, maxsize=maxsize, objects=objects, cache_clear=hits.clear)
        return cast("IdentityMemo[P, R]", call)

    return wrap


def by_key(maxsize: int, key: Callable[..., Hashable]) -> Callable[[Callable[P, R]], IdentityMemo[P, R]]:
    """Decorator: memoize a function under ``key(*args)``, a key the caller builds.

    For a result that many argument objects share: the inference roofline of one model on one
    GPU is the same for every job with the same engine fields, whatever its batch or tokens
    (:func:`gpupicker.core.speed.plan_key.plan_key`). ``key`` may hold ``id()`` of argument
    objects: the arguments of the call that made an entry are kept beside it, so those ids
    cannot be reused while it lives. At most ``maxsize`` entries, the oldest dropped first;
    errors are not memoized. ``objects`` of the result is 0 (no argument is keyed by identity
    alone).

    Raises nothing itself; ``key``'s and the wrapped function's errors pass through.
    """

    def wrap(fn: Callable[P, R]) -> IdentityMemo[P, R]:
        hits: OrderedDict[Hashable, tuple[Any, R]] = OrderedDict()
        get = hits.get

        def call(*args: Any, **kwargs: Any) -> R:
            if kwargs:
                raise TypeError(f"{fn.__name__}: memoized on positional arguments only")
            k = key(*args)
            hit = get(k)
            if hit is not None:
                return hit[1]
            result: R = call.fn(*args)  # type: ignore[attr-defined]
            hits[k] = (args, result)
            if len(hits) > maxsize:
                hits.popitem(last=False)  # the oldest entry
            return result

        functools.update_wrapper(call, fn)
        vars(call).update(fn=fn, maxsize=maxsize, objects=0, cache_clear=hits.clear)
        return cast("IdentityMemo[P, R]", call)

    return wrap


class KeyedMemo(Generic[K, R]):
    """Values under a key the caller builds, each made once by ``build()``.

    At most ``maxsize`` entries, the oldest dropped first (bounded: a long session asks for new
    keys all the time).

    Attributes:
        maxsize: most entries held.
    """

    def __init__(self, maxsize: int) -> None:
        """An empty memo of at most ``maxsize`` entries."""
        self.maxsize = maxsize
        self._values: OrderedDict[K, R] = OrderedDict()

    def get(self, key: K, build: Callable[[], R]) -> R:
        """The value under ``key``, ``build()`` the first time (its errors pass through)."""
        hit = self._values.get(key)
        if hit is None:
            hit = self.put(key, build())
        return hit

    def peek(self, key: K) -> R | None:
        """The value under ``key``, or None (nothing is built)."""
        return self._values.get(key)

    def put(self, key: K, value: R) -> R:
        """Hold ``value`` under ``key``; returns it."""
        self._values[key] = value
        if len(self._values) > self.maxsize:
            self._values.popitem(last=False)  # the oldest entry
        return value

    def cache_clear(self) -> None:
        """Forget every entry."""
        self._values.clear()


_FIELDS: dict[type, tuple[attrgetter[Any], dict[str, int]]] = {}
"""Per dataclass: a getter of all its field values in order, and each field's position."""


def replaced(obj: D, **changes: object) -> D:
    """A copy of the dataclass instance ``obj`` with ``changes`` (field name → new value).

    What ``dataclasses.replace`` gives, for a dataclass whose fields are all ``__init__``
    arguments, in ~1.5 µs instead of ~20 µs for 36 fields (its checks per field; measured on
    the inference roofline, copied for every GPU count of a ranking). Other values are shared.

    Raises:
        TypeError: ``obj`` is not a dataclass instance, or one of its fields is not an
            ``__init__`` argument.
        KeyError: a name in ``changes`` is not a field.
    """
    cls = type(obj)
    hit = _FIELDS.get(cls)
    if hit is None:
        found = fields(obj)  # type: ignore[arg-type]  # TypeError for a non-dataclass
        if not all(f.init for f in found):
            raise TypeError(f"replaced: {cls.__name__} has fields outside __init__")
        names = [f.name for f in found]
        hit = _FIELDS[cls] = (attrgetter(*names), {n: i for i, n in enumerate(names)})
    values_of, index = hit
    values = list(values_of(obj))
    for name, value in changes.items():
        values[index[name]] = value
    return cls(*values)


__all__ = ["IdentityMemo", "KeyedMemo", "by_identity", "by_key", "replaced"]
