"""Qt's file dialog in zh_CN: its labels and file types in Chinese, not only the buttons.

The qtbase_zh_CN.qm of PySide6 6.11 lacks Qt 6's "&Look in:", "Files of &type:" and the
disambiguated "Folder" (ui.i18n.qt_gaps): a real zh_CN window showed them in English. The
widget dialog (what Linux without a desktop portal, and every test, gets) is built here as
``QFileDialog.getSaveFileName`` builds it.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QLabel, QTreeView

from tests.support.message_texts import has_cjk


def _dialog(qtbot, folder: Path) -> QFileDialog:
    d = QFileDialog(None, "Export", str(folder), "PDF (*.pdf)")
    d.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    d.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    qtbot.addWidget(d)
    d.show()
    return d


def test_file_dialog_labels_and_folder_type_are_chinese(qtbot, zh_cn, tmp_path):
    from gpupicker.ui.i18n.qt_gaps import QT_GAPS, qt_gap_texts

    (tmp_path / "sub").mkdir()
    d = _dialog(qtbot, tmp_path)
    labels = [lb.text() for lb in d.findChildren(QLabel) if lb.text()]
    assert "查找范围(&L)：" in labels and "文件类型(&T)：" in labels, labels
    assert all(has_cjk(t) for t in labels), labels
    view = d.findChild(QTreeView)
    model, root = view.model(), view.rootIndex()
    qtbot.waitUntil(lambda: model.rowCount(view.rootIndex()) == 1)
    root = view.rootIndex()
    assert model.index(0, 2, root).data() == "文件夹"
    for context, source, note in QT_GAPS:  # every listed gap has its Chinese
        assert has_cjk(zh_cn.translate(context, source, note)), (context, source)
    assert len(qt_gap_texts()) == len(QT_GAPS) and all(has_cjk(t) for t in qt_gap_texts())


def test_file_dialog_stays_qts_english_without_a_translator(qtbot, qapp, tmp_path):
    d = _dialog(qtbot, tmp_path)
    labels = [lb.text() for lb in d.findChildren(QLabel) if lb.text()]
    assert "&Look in:" in labels and "Files of &type:" in labels, labels
