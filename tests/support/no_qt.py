"""A pytest plugin that runs tests with Qt absent, as on a server without PySide6.

``make test-noqt`` runs the core, catalog, service and importer tests with it
(``-p tests.support.no_qt -p no:pytestqt``): PySide6, shiboken6 and pyqtgraph are made
unimportable before any test module loads (an import raises ImportError, as when they are not
installed), and the tests marked ``gui`` — those that ask for a Qt fixture or import Qt or the
UI (``tests/conftest.py`` marks them) — are deselected. Everything else must pass without Qt:
core and catalog never import it.
"""

from __future__ import annotations

import sys

import pytest

BLOCKED = ("PySide6", "shiboken6", "pyqtgraph")

for _name in BLOCKED:
    sys.modules[_name] = None  # type: ignore[assignment]


def pytest_addoption(parser: pytest.Parser) -> None:
    """Declare pytest-qt's ini keys (pyproject.toml sets them; ``--strict-config`` would refuse
    them with the plugin not loaded)."""
    parser.addini("qt_api", "pytest-qt (not loaded: Qt is blocked)")
    parser.addini("qt_log_level_fail", "pytest-qt (not loaded: Qt is blocked)")
    parser.addini("qt_log_ignore", "pytest-qt (not loaded: Qt is blocked)", type="linelist")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Deselect the ``gui`` tests: they need Qt by definition."""
    keep = [i for i in items if i.get_closest_marker("gui") is None]
    dropped = [i for i in items if i.get_closest_marker("gui") is not None]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = keep
