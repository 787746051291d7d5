"""A text built when first read: the reason of each of a recommendation's options.

A recommendation ranks some 400 options and shows a few (the visible rows of the results
table, the CLI's top N, a report's options): each option's reason is built from the figures it
already holds on the first read only (:attr:`gpupicker.core.results.Option.reason`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from typing_extensions import override

from .messages import Text


class LazyText:
    """A text built when first read, then kept: an option's reason.

    A recommendation ranks some 400 options and shows a few (the visible rows, the CLI's top
    N): ``build`` (a function of the figures the option already holds) runs on the first
    :meth:`get` only. Equal and hashed as the text; copied and pickled as the built text.
    """

    __slots__ = ("_build", "_text")

    def __init__(self, build: Callable[[], Text]) -> None:
        """A text ``build()`` returns, built on the first :meth:`get`."""
        self._build: Callable[[], Text] | None = build
        self._text: Text = ""

    def get(self) -> Text:
        """The text (built on the first call)."""
        build = self._build
        if build is not None:
            self._text = build()
            self._build = None
        return self._text

    @override
    def __eq__(self, other: object) -> bool:
        """Equal texts (both built)."""
        if isinstance(other, LazyText):
            return self.get() == other.get()
        return NotImplemented

    @override
    def __hash__(self) -> int:
        """The hash of the text (built): a frozen Option holding one stays hashable."""
        return hash(self.get())

    @override
    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle and copy as the built text."""
        return (_built_text, (self.get(),))


def _built_text(text: Text) -> LazyText:
    """A :class:`LazyText` already built (unpickling, copying)."""
    out = LazyText(str)
    out._build = None
    out._text = text
    return out


__all__ = ["LazyText"]
