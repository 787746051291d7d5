"""``sqlite_utils`` without numpy and pandas.

``sqlite_utils.db`` imports numpy and pandas at import time whenever they are installed, only
to map numpy scalar types to SQLite column types. gpupicker never writes numpy or pandas values
to the catalog, yet numpy is installed (pyqtgraph needs it), so every CLI command and the GUI's
start paid ~40–90 ms for numpy before the first line of output (``python -X importtime``).

This module imports ``sqlite_utils`` with ``numpy`` and ``pandas`` marked absent in
``sys.modules`` (``importlib.import_module`` then raises ``ImportError``, which sqlite_utils
catches), and removes the marks right after, so a later ``import numpy`` (the results page's
plots) works as usual. When numpy is already imported nothing is blocked.

Import ``Database`` and ``Migrations`` from here, not from ``sqlite_utils``.
"""

from __future__ import annotations

import sys

_BLOCKED = ("numpy", "pandas")

_marked = [name for name in _BLOCKED if name not in sys.modules]
for _name in _marked:
    sys.modules[_name] = None  # type: ignore[assignment]
try:
    from sqlite_utils import Database
    from sqlite_utils.migrations import Migrations
finally:
    for _name in _marked:
        if sys.modules.get(_name, 0) is None:
            del sys.modules[_name]

__all__ = ["Database", "Migrations"]
