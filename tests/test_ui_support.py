"""Shared fixtures for the GUI tests (imported by the test_ui_* modules; holds no tests)."""

from __future__ import annotations

from pathlib import Path

import pytest

__all__ = ["REPO", "built_translations", "catalog", "repo", "window", "zh_cn"]

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def built_translations() -> Path:
    """Compile resources/i18n/*.ts to .qm once per session (as `make test` does)."""
    from gpupicker.ui.i18n import build as i18n_build

    folder = REPO / "resources" / "i18n"
    i18n_build.compile_all(sorted(folder.glob("*.ts")))
    return folder


@pytest.fixture
def repo():
    """A fresh catalog in the test's temp GPUPICKER_CATALOG (seeded from data/)."""
    from gpupicker.catalog import open_catalog

    return open_catalog()


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
