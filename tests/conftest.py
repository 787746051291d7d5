"""Test setup and the shared fixtures.

Offscreen Qt, and every user directory redirected to a temp folder (``_isolated_home``, autouse);
a session that writes to the real user folders fails. Fixtures: ``repo`` (a fresh catalog),
``cat`` (one catalog per module), ``built_translations``, and for the GUI tests ``window``,
``catalog`` (the catalog editor) and ``zh_cn``. Helpers that are not fixtures live in
``tests/support/``.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import tempfile as _tempfile
import types
from collections.abc import Iterator
from typing import TYPE_CHECKING

import platformdirs as _platformdirs
import pytest

from tests.support.paths import REPO

# The run's stand-in for the user's real folders: HOME and the XDG folders point at an empty
# sandbox before anything reads them, so a test (or a module/session fixture, which runs before
# the autouse redirect below) that writes to "the user's folders" writes there, and the session
# fails if anything appears in it. Checking the folders the run was given, not file times, keeps
# another gpupicker process on the machine from failing the run.
_SANDBOX = Path(_tempfile.mkdtemp(prefix="gpupicker-user-sandbox-"))
for _var, _sub in (
    ("HOME", "home"),
    ("XDG_CONFIG_HOME", "home/.config"),
    ("XDG_DATA_HOME", "home/.local/share"),
    ("XDG_STATE_HOME", "home/.local/state"),
    ("XDG_CACHE_HOME", "home/.cache"),
):
    os.environ[_var] = str(_SANDBOX / _sub)
(_SANDBOX / "home").mkdir()

_REAL_DIRS = [
    _platformdirs.user_data_path("gpupicker"),
    _platformdirs.user_config_path("gpupicker"),
    _platformdirs.user_log_path("gpupicker"),
    _platformdirs.user_cache_path("gpupicker"),
    _platformdirs.user_state_path("gpupicker"),
]

if TYPE_CHECKING:
    from gpupicker.catalog import CatalogRepository


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """Point GPUPICKER_HOME (config, data, log) and the catalog at a fresh temp folder."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("GPUPICKER_HOME", str(home))
    monkeypatch.setenv("GPUPICKER_CATALOG", str(home / "catalog.sqlite"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "xdg-config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "xdg-data"))
    return home


@pytest.fixture(scope="session")
def _seeded_catalog_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A catalog seeded from data/ once per worker and closed (its WAL checkpointed into the
    one file), which ``repo`` copies: seeding takes ~0.1 s of CPU (more under the coverage
    tracer), the copy ~6 ms, and ~200 tests and the ``window`` fixture ask for a fresh one.
    The copy holds the bytes seeding wrote, so the tests of seeded values read the same rows;
    opening it runs the same checks and migrations as opening the user's catalog."""
    from gpupicker.catalog import open_catalog

    path = tmp_path_factory.mktemp("seeded-catalog") / "catalog.sqlite"
    open_catalog(path).close()
    return path


@pytest.fixture
def repo(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, _seeded_catalog_file: Path
) -> Iterator[CatalogRepository]:
    """A fresh catalog at tmp_path/catalog.sqlite (a copy of one seeded from data/ this
    session), opened as the app opens it, closed afterwards.

    GPUPICKER_CATALOG points at the same file, so code that opens the default catalog (the GUI,
    the CLI) sees this one.
    """
    import shutil

    from gpupicker.catalog import open_catalog

    path = tmp_path / "catalog.sqlite"
    shutil.copyfile(_seeded_catalog_file, path)
    monkeypatch.setenv("GPUPICKER_CATALOG", str(path))
    r = open_catalog(path)
    yield r
    r.close()


@pytest.fixture(scope="module")
def cat(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CatalogRepository]:
    """One catalog for the module, in a temp folder (a module fixture runs before the autouse
    home redirect above, so it must never open the default path)."""
    from gpupicker.catalog import open_catalog

    with open_catalog(tmp_path_factory.mktemp("qa-cat") / "catalog.sqlite") as r:
        yield r


@pytest.fixture(scope="session")
def built_translations() -> Path:
    """Compile resources/i18n/*.ts to .qm once per session (as `make test` does)."""
    from gpupicker.ui.i18n import build as i18n_build

    folder = REPO / "resources" / "i18n"
    i18n_build.compile_all(sorted(folder.glob("*.ts")))
    return folder


@pytest.fixture
def window(qtbot, repo):
    """The main window, shown offscreen, results computed."""
    from gpupicker.ui.main_window import MainWindow

    w = MainWindow(repo)
    qtbot.addWidget(w)
    w.resize(1280, 860)
    w.show()
    qtbot.waitExposed(w)
    return w


@pytest.fixture
def catalog(qtbot, window):
    """The main window's catalog editor, open."""
    cw = window.open_catalog_editor()
    qtbot.addWidget(cw)
    return cw


@pytest.fixture
def zh_cn(qapp, built_translations):
    """The zh_CN translators installed for one test (removed afterwards)."""
    from PySide6.QtCore import QLocale

    from gpupicker.ui.i18n.translators import install_translators

    loaded = install_translators(qapp, "zh_CN")
    assert loaded["gpupicker"]
    try:
        yield qapp
    finally:
        for t in getattr(qapp, "_gpupicker_translators", []):
            qapp.removeTranslator(t)
        qapp._gpupicker_translators = []
        QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))


QT_FIXTURES = frozenset({"qtbot", "qapp", "qapp_cls", "qapp_args"})
"""pytest-qt's fixtures: a test that asks for one (directly or through ``window``, ``catalog``,
``zh_cn`` …) needs a Qt application."""
QT_IMPORTS = ("PySide6", "pyqtgraph", "gpupicker.ui", "from gpupicker import ui")
"""What a test's source names when it imports Qt or the UI inside its body."""


def _needs_qt(item: pytest.Item, src: str) -> bool:
    if QT_FIXTURES & set(getattr(item, "fixturenames", ())):
        return True
    return any(name in src for name in QT_IMPORTS)


_SOURCES: dict[object, str] = {}
"""Test function code object → its source lines (the parametrized items of one function share
them)."""


def _source(item: pytest.Item) -> str:
    """The test function's source, decorators included, as ``inspect.getsource`` gives it up to
    its last statement.

    Read from the code object's line span (its first line, a decorator's where it has one,
    to the last line of any expression in it or in the functions it defines) instead of
    ``inspect.getsource``, which tokenizes the block anew for every item: ~2,300 items cost
    ~3 s of CPU in each of the three collections of ``make test``."""
    import inspect
    import linecache

    fn = getattr(item, "function", None)
    code = getattr(inspect.unwrap(fn), "__code__", None) if fn is not None else None
    if code is None:
        return ""
    if code not in _SOURCES:
        lines = linecache.getlines(code.co_filename)
        src = "".join(lines[code.co_firstlineno - 1 : _last_line(code)])
        if f"def {code.co_name}(" not in src:  # a generated wrapper (hypothesis' @given)
            try:
                src = inspect.getsource(fn)
            except (OSError, TypeError):
                src = ""
        _SOURCES[code] = src
    return _SOURCES[code]


def _last_line(code: types.CodeType) -> int:
    """The last source line of ``code`` and of the code objects nested in it."""
    last = max((end for _, end, _, _ in code.co_positions() if end is not None), default=0)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            last = max(last, _last_line(const))
    return last


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test that needs Qt ``gui`` (a Qt fixture, or Qt/UI imported in its body), and
    every test that reads the wall clock ``timed``.

    So ``-m "not gui"`` and the Qt-less run (``tests/support/no_qt.py``) leave out exactly the
    tests that cannot run without Qt, ``make test`` runs the ``timed`` ones apart, without the
    coverage tracer that slows every call, and no test file has to remember a marker.
    """
    for item in items:
        src = _source(item)
        if item.get_closest_marker("gui") is None and _needs_qt(item, src):
            item.add_marker(pytest.mark.gui)
        if item.get_closest_marker("timed") is None and "perf_counter()" in src:
            item.add_marker(pytest.mark.timed)
    if os.environ.get("PYTEST_XDIST_WORKER"):
        _slow_first(items)


def _slow_first(items: list[pytest.Item]) -> None:
    """Under pytest-xdist, move the tests marked ``slow`` to the front (in their order).

    ``--dist worksteal`` hands the first half of the collection to one worker and the second
    half to the other, and a worker that runs out steals the tail of the other's queue; a long
    test met late in a queue (the long session: ~2 min of one core) then ends the run on
    one core while the other waits. Started first, every other test is stolen around it (the
    longest-first rule of scheduling). Every worker sorts the same collection the same way, as
    xdist requires; ``-n 0`` runs keep the file order.

    All of them start in the first worker's half, one after the other: ~300 s of CPU with the
    coverage tracer (2026-12, estimated from ``--durations`` at load ~10 scaled by the run's
    CPU / wall ratio), under half of its ~1,290 s of worker CPU, so the other worker's
    stealing still ends both queues together.
    """
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def _touched_real_dirs() -> list[str]:
    """Everything under the user folders this run was given in place of the real ones."""
    hits = []
    for d in _REAL_DIRS:
        if d.exists():
            hits.extend(str(p) for p in d.rglob("*"))
    return hits


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Fail the run when anything under the real user folders changed during it."""
    hits = _touched_real_dirs()
    if hits:
        print(f"\nERROR: the tests wrote to the real user folders: {', '.join(hits[:5])}")
        session.exitstatus = 1
