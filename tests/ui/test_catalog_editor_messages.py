"""The catalog window says why a value or a file is refused, with column headers and in the
UI's language."""

from __future__ import annotations

import pytest

from gpupicker.catalog.errors import refusal_message
from gpupicker.catalog.records import ModelRecord
from gpupicker.core.messages import msg, verbatim
from gpupicker.ui.catalog_editor.messages import refusal_text
from gpupicker.ui.catalog_editor.window import CatalogWindow

pytestmark = pytest.mark.gui


def _messages(model) -> list[str]:
    out: list[str] = []
    model.validationFailed.connect(out.append)
    return out


def _edit(model, column: str, value: str, row: int = 0) -> None:
    model.setData(model.index(row, model.columns.index(column)), value)


def test_a_latin1_file_shows_the_utf8_message_and_import_stays_off(qtbot, repo, tmp_path):
    w = CatalogWindow(repo)
    qtbot.addWidget(w)
    latin1 = tmp_path / "latin1.csv"
    latin1.write_bytes(b"gpu_id,provider,price_per_gpu_hour\nh100_sxm,Caf\xe9 GPU,2.5\n")
    binary = tmp_path / "binary.csv"
    binary.write_bytes(b"gpu_id,provider\n\x00\x01\x02\xff\xfe")
    for path, words in (
        (latin1, ("not UTF-8 text", "save the file as UTF-8 CSV", "line 2")),
        (binary, ("Cannot read the file",)),
    ):
        dlg = w.start_import(str(path), "prices")
        assert dlg is not None
        assert dlg.info.text().startswith("Cannot read the file: ")
        for word in words:
            assert word in dlg.info.text(), dlg.info.text()
        assert not dlg.import_button.isEnabled()
        dlg.table.setCurrentIndex(dlg.table.findData("gpus"))  # another table: still refused
        assert dlg.info.text().startswith("Cannot read the file: ")
        assert not dlg.import_button.isEnabled()
        dlg.close()


def test_cell_refusals_name_the_column_header(qtbot, repo):
    w = CatalogWindow(repo)
    qtbot.addWidget(w)
    pm = w.price_model
    msgs = _messages(pm)
    _edit(pm, "price_per_gpu_hour", "-1")
    assert msgs[-1] == "Not saved — Price / GPU-hour: must be greater than 0"
    _edit(pm, "observed", "yesterday")
    assert msgs[-1].startswith("Not saved — Observed: 'yesterday' is not a date: use YYYY-MM-DD")
    _edit(pm, "currency", "XYZ")
    assert msgs[-1] == (
        "Not saved — Currency: 'XYZ' is not a known ISO 4217 code (such as USD, "
        "EUR, CNY); add an exchange rate for it first"
    )
    gm = w.gpu_model
    gmsgs = _messages(gm)
    _edit(gm, "memory_gb", "1e12")
    assert gmsgs[-1] == "Not saved — Memory (GB): must be at most 100000"


def test_zh_cn_refusals_are_chinese(qtbot, repo, zh_cn, tmp_path):
    w = CatalogWindow(repo)
    qtbot.addWidget(w)
    pm = w.price_model
    msgs = _messages(pm)
    for column, value in (
        ("price_per_gpu_hour", "0"),
        ("observed", "2999-01-01"),
        ("observed", "yesterday"),
        ("currency", "XYZ"),
    ):
        _edit(pm, column, value)
        text = msgs[-1]
        assert text.startswith("未保存"), text
        for english in ("Input should", "observed", "currency", "is not a", "in the future"):
            assert english not in text, text
    bad = tmp_path / "bad.csv"
    bad.write_text(
        "gpu_id,provider,price_per_gpu_hour,observed\nh100_sxm,Foo,0,2024-01\nh100_sxm,Foo,2,yesterday\n",
        encoding="utf-8",
    )
    dlg = w.start_import(str(bad), "prices")
    assert dlg is not None and dlg.bad_rows
    assert dlg.bad_rows[0] == "第 2 行：每卡时价格：必须大于 0"
    assert dlg.bad_rows[1].startswith("第 3 行：采集日期：'yesterday' 不是日期")
    dlg.close()


def test_other_texts_are_shown_as_they_are():
    def header(f: str) -> str | None:
        return {"provider": "Provider"}.get(f)

    # an OS error's text, or any text that is not a catalog message: shown as it is
    assert refusal_text("[Errno 13] Permission denied", header) == "[Errno 13] Permission denied"
    # a pydantic error type the catalog does not translate: pydantic's English, never dropped
    odd = verbatim("Input should be a valid dictionary")
    assert refusal_text(msg("catalog.field", field="notes", reason=odd), header) == (
        "notes: Input should be a valid dictionary"
    )
    try:
        ModelRecord.model_validate({"id": "m"})
    except ValueError as exc:
        refusal = refusal_message(exc)
    # a column of the table by its header, a field that is not one by its name
    assert refusal.id == "join.clauses"
    assert refusal_text(refusal, header).startswith("name: is required; ")


def test_no_regular_expression_reads_a_refusal():
    """The window translates a refusal by its message id, never by matching its English."""
    import inspect

    from gpupicker.ui.catalog_editor import messages

    source = inspect.getsource(messages)
    assert "import re" not in source and "re.compile" not in source
