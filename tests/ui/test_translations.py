"""The zh_CN translation of the UI's own strings (resources/i18n/gpupicker_zh_CN.ts)."""

from __future__ import annotations

import pytest

from tests.support.paths import REPO


@pytest.mark.gui
def test_zh_cn_calls_the_catalog_jiageku_never_mulu(qtbot, repo, built_translations):
    """ "目录" reads as "directory"; the catalog is 价格库 (the zh_CN review's glossary)."""
    import xml.etree.ElementTree as ET

    from PySide6.QtCore import QLocale
    from PySide6.QtWidgets import QApplication

    from gpupicker.ui.i18n.translators import install_translators
    from gpupicker.ui.main_window import MainWindow

    ts = ET.parse(REPO / "resources" / "i18n" / "gpupicker_zh_CN.ts").getroot()  # noqa: F405
    assert not [
        m.find("source").text for m in ts.iter("message") if "目录" in (m.find("translation").text or "")
    ]
    app = QApplication.instance()
    install_translators(app, "zh_CN")
    try:
        win = MainWindow(repo)
        qtbot.addWidget(win)
        assert win.status_label.text().startswith("价格库：")
    finally:
        for t in getattr(app, "_gpupicker_translators", []):
            app.removeTranslator(t)
        app._gpupicker_translators = []
        QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))
