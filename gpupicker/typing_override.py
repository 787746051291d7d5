"""``@override`` (PEP 698) for the modules a window start imports before its first paint.

Python 3.11 has no ``typing.override`` (3.12 added it); ``typing_extensions`` has it, but
importing that module costs ~8 ms of a cold start (it defines its whole backport set), before
the first page could paint, where nothing else needs it yet (pydantic imports it right after
the paint). Type checkers see ``typing_extensions.override`` itself (mypy's
``explicit-override`` check, pyproject.toml, still applies); at run time the decorator below
does what ``typing_extensions.override`` 4.16 does (its source, ``typing_extensions.py``
``def override``): sets ``__override__ = True`` where the object allows it and returns it
unchanged.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing_extensions import override as override
elif sys.version_info >= (3, 12):
    from typing import override as override
else:
    import contextlib
    from collections.abc import Callable
    from typing import Any, TypeVar

    _F = TypeVar("_F", bound=Callable[..., Any])

    def override(arg: _F, /) -> _F:
        """Mark ``arg`` as overriding a base class's method (``arg.__override__ = True``)."""
        with contextlib.suppress(AttributeError, TypeError):  # __slots__, read-only, builtin
            arg.__override__ = True
        return arg


__all__ = ["override"]
