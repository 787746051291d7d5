"""Memoizing on an argument's identity, for figures asked for hundreds of times per ranking.

The recommender evaluates one model on every GPU × count and prices every offer of a frozen
catalog snapshot: per-model parameter counts and per-offer price kinds are the same for the
same object. Keying on identity costs one ``id()``; hashing a pydantic model by value costs a
hash of all its fields. The object is kept beside its result, so its ``id`` cannot be reused
while the entry lives; the memo is cleared when it holds ``maxsize`` entries.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")
R = TypeVar("R")


class IdentityMemo(Generic[T, R]):
    """``fn(obj)`` memoized on ``id(obj)`` (see the module docstring).

    Attributes:
        fn: the one-argument function memoized.
        maxsize: entries held before the memo is cleared.
    """

    def __init__(self, fn: Callable[[T], R], maxsize: int) -> None:
        """Wrap ``fn``; use :func:`by_identity` as a decorator."""
        self.fn = fn
        self.maxsize = maxsize
        self._hits: dict[int, tuple[T, R]] = {}
        self.__doc__ = fn.__doc__
        self.__wrapped__ = fn

    def __call__(self, obj: T) -> R:
        """``fn(obj)``, computed once per object."""
        hit = self._hits.get(id(obj))
        if hit is not None and hit[0] is obj:
            return hit[1]
        if len(self._hits) >= self.maxsize:
            self._hits.clear()
        result = self.fn(obj)
        self._hits[id(obj)] = (obj, result)
        return result

    def cache_clear(self) -> None:
        """Forget every entry."""
        self._hits.clear()


def by_identity(maxsize: int) -> Callable[[Callable[[T], R]], IdentityMemo[T, R]]:
    """Decorator: memoize a one-argument function on its argument's identity.

    Raises nothing itself; the wrapped function's errors pass through (and are not memoized).
    """
    def wrap(fn: Callable[[T], R]) -> IdentityMemo[T, R]:
        return IdentityMemo(fn, maxsize)
    return wrap


__all__ = ["IdentityMemo", "by_identity"]
