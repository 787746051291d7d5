"""The Preferences dialog says, where the language is chosen, that a new language needs a
restart (the translators are installed once, at start-up)."""

from __future__ import annotations

from gpupicker.ui.settings.dialogs import PreferencesDialog
from gpupicker.ui.settings.preferences import Preferences


def test_choosing_another_language_shows_the_restart_notice(qtbot):
    dlg = PreferencesDialog(Preferences(lang="en_US"))
    qtbot.addWidget(dlg)
    assert dlg.lang_notice.isHidden()
    dlg.lang.setCurrentIndex(dlg.lang.findData("zh_CN"))
    assert not dlg.lang_notice.isHidden()
    assert dlg.lang_notice.text() == "Restart gpupicker to see the new language."
    dlg.lang.setCurrentIndex(dlg.lang.findData("en_US"))  # back to the running language
    assert dlg.lang_notice.isHidden()


def test_the_restart_notice_is_translated(qtbot, zh_cn):
    dlg = PreferencesDialog(Preferences(lang="zh_CN"))
    qtbot.addWidget(dlg)
    dlg.lang.setCurrentIndex(dlg.lang.findData("en_US"))
    assert not dlg.lang_notice.isHidden()
    assert dlg.lang_notice.text() == "重启 gpupicker 后新语言才会生效。"
