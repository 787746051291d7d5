"""The Import CSV dialog says a ';'-separated file is one (instead of "missing required"
columns), and lists every bad cell of a row at once, in English and zh_CN."""

from __future__ import annotations

import pytest

EU_CSV = "gpu_id;provider;price_per_gpu_hour;currency\nrtx_4090;RunPod;0,44;EUR\n"
TWO_BAD = "gpu_id,provider,price_per_gpu_hour,observed,currency\nrtx_4090,A,1,31/12/2025,EURO\n"


def _dialog(qtbot, repo, path):
    from gpupicker.ui.catalog_editor.csv_import_dialog import CsvImportDialog

    dlg = CsvImportDialog(repo, str(path), "prices")
    qtbot.addWidget(dlg)
    return dlg


@pytest.mark.gui
def test_a_semicolon_file_is_named_and_not_imported(qtbot, repo, tmp_path):
    f = tmp_path / "eu.csv"
    f.write_text(EU_CSV, encoding="utf-8")
    dlg = _dialog(qtbot, repo, f)
    assert "separates its columns with ';', not ','" in dlg.info.text()
    assert "Missing required" not in dlg.info.text()
    assert not dlg.import_button.isEnabled()


@pytest.mark.gui
def test_a_row_with_two_bad_cells_lists_both(qtbot, repo, tmp_path):
    f = tmp_path / "two.csv"
    f.write_text(TWO_BAD, encoding="utf-8")
    dlg = _dialog(qtbot, repo, f)
    text = dlg.errors.text()
    assert "1 bad rows" in text and "'31/12/2025'" in text and "'EURO'" in text
    assert not dlg.import_button.isEnabled()


@pytest.mark.gui
def test_the_semicolon_message_in_zh_cn(qtbot, zh_cn, repo, tmp_path):
    from tests.support.message_texts import has_cjk

    f = tmp_path / "eu.csv"
    f.write_text(EU_CSV, encoding="utf-8")
    dlg = _dialog(qtbot, repo, f)
    text = dlg.info.text()
    assert has_cjk(text) and "“;”" in text and "CSV UTF-8" in text


@pytest.mark.gui
def test_a_missing_file_and_a_folder_are_named_with_their_reason(qtbot, repo, tmp_path):
    missing = tmp_path / "gone.csv"
    dlg = _dialog(qtbot, repo, missing)
    assert dlg.info.text() == f"Cannot read the file: {missing}: no such file or folder"
    assert not dlg.import_button.isEnabled()
    dlg = _dialog(qtbot, repo, tmp_path)
    assert dlg.info.text() == f"Cannot read the file: {tmp_path}: it is a folder"


@pytest.mark.gui
def test_a_missing_file_and_a_folder_in_zh_cn(qtbot, zh_cn, repo, tmp_path):
    from tests.support.message_texts import has_cjk

    missing = tmp_path / "gone.csv"
    dlg = _dialog(qtbot, repo, missing)
    text = dlg.info.text()
    assert has_cjk(text) and f"{missing}：文件或文件夹不存在" in text and "No such" not in text
    folder = _dialog(qtbot, repo, tmp_path)
    text = folder.info.text()
    assert f"{tmp_path}：这是一个文件夹" in text and "Is a directory" not in text
