"""Bounded memos for figures and sentences asked for hundreds of times per ranking.

:func:`by_identity` memoizes a function on its arguments' identity; :class:`KeyedMemo` holds
values under a key the caller builds (the id and the formatted values of a sentence).

The recommender evaluates one job on every GPU × count and prices every offer of a frozen
catalog snapshot: per-model parameter counts, per-offer price kinds and per-job memory plans
are the same for the same objects. Keying on identity costs one ``id()``; hashing a pydantic
model by value costs a hash of all its fields. The objects are kept beside their result, so
their ``id`` cannot be reused while the entry lives.

Both hold at most ``maxsize`` entries and drop the oldest first: a steady size once full,
where clearing a full memo made memory rise and fall by its whole size (a 2,048-sentence memo
~700 KiB, which the 500-change session test read as growth) and rebuilt every entry at once.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")
K = TypeVar("K", bound=Hashable)


class IdentityMemo(Generic[P, R]):
    """``fn(*args)`` memoized on its first ``objects`` arguments' identity, the rest by value.

    The other arguments must be hashable; see the module docstring.

    Attributes:
        fn: the function memoized (positional arguments only).
        maxsize: most entries held (the oldest goes first).
        objects: how many leading arguments are keyed by identity.
    """

    def __init__(self, fn: Callable[P, R], maxsize: int, objects: int = 1) -> None:
        """Wrap ``fn``; use :func:`by_identity` as a decorator."""
        self.fn = fn
        self.maxsize = maxsize
        self.objects = objects
        self._hits: OrderedDict[tuple[Hashable, ...], tuple[tuple[Any, ...], R]] = OrderedDict()
        self.__doc__ = fn.__doc__
        self.__wrapped__ = fn

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        """``fn(*args)``, computed once per set of objects and values.

        Raises:
            TypeError: for keyword arguments (the key is positional).
        """
        if kwargs:
            raise TypeError(f"{self.fn.__name__}: memoized on positional arguments only")
        k = self.objects
        if k == 1:  # the usual case, kept short: one object and maybe some values
            key: tuple[Hashable, ...] = (id(args[0]), *args[1:])
            hit = self._hits.get(key)
            if hit is not None and hit[0][0] is args[0]:
                return hit[1]
        else:
            key = (*map(id, args[:k]), *args[k:])
            hit = self._hits.get(key)
            if hit is not None and all(a is b for a, b in zip(hit[0], args[:k], strict=True)):
                return hit[1]
        result = self.fn(*args)  # type: ignore[call-arg]  # no kwargs: checked above
        self._hits[key] = (args[:k], result)
        if len(self._hits) > self.maxsize:
            self._hits.popitem(last=False)  # the oldest entry
        return result

    def cache_clear(self) -> None:
        """Forget every entry."""
        self._hits.clear()


def by_identity(maxsize: int, objects: int = 1) -> Callable[[Callable[P, R]], IdentityMemo[P, R]]:
    """Decorator: memoize a function on its first ``objects`` arguments' identity.

    The other arguments are keyed by value.

    Raises nothing itself; the wrapped function's errors pass through (and are not memoized).
    """

    def wrap(fn: Callable[P, R]) -> IdentityMemo[P, R]:
        return IdentityMemo(fn, maxsize, objects)

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


__all__ = ["IdentityMemo", "KeyedMemo", "by_identity"]
