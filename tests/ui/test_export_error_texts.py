"""Plot and report export errors read in the UI's language: a format gpupicker does not write,
nothing to report, a folder that does not exist (an OSError's errno worded by gpupicker)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from gpupicker.core.text.safe_write import file_error_message
from gpupicker.ui.i18n.core_messages import tr_message


def _plot_error(qtbot, tmp_path, name: str) -> str:
    import pyqtgraph as pg

    from gpupicker.ui.results.plot_export import export_plot

    widget = pg.PlotWidget()
    qtbot.addWidget(widget)
    with pytest.raises((ValueError, OSError)) as err:
        export_plot(widget.getPlotItem(), tmp_path / name)
    return tr_message(file_error_message(err.value))


def _no_results_error() -> str:
    from gpupicker.ui.results.report_export import current_report

    window = SimpleNamespace(live=SimpleNamespace(results=SimpleNamespace(error="", options=[])))
    with pytest.raises(ValueError) as err:
        current_report(window)  # type: ignore[arg-type]
    return tr_message(file_error_message(err.value))


def _report_format_error() -> str:
    from gpupicker.core.report.render import write_text_report

    with pytest.raises(ValueError) as err:
        write_text_report(None, "report.docx")  # type: ignore[arg-type]  # refused before reading r
    return tr_message(file_error_message(err.value))


def test_export_errors_in_english(qtbot, tmp_path):
    assert _plot_error(qtbot, tmp_path, "plot.bmp") == "cannot export a plot as .bmp; use .png, .svg or .csv"
    assert "without extension" in _plot_error(qtbot, tmp_path, "plot")
    missing = tmp_path / "no-such-folder"
    # the file written first is the temporary one beside the target (core.safe_write)
    said = _plot_error(qtbot, missing, "plot.png")
    assert said.startswith(f"{missing}/") and said.endswith(": no such file or folder"), said
    assert _no_results_error() == "no results to report yet"
    assert _report_format_error() == "report format .docx is not known; use .md, .html or .pdf"


def test_export_errors_in_chinese(qtbot, zh_cn, tmp_path):
    assert _plot_error(qtbot, tmp_path, "plot.bmp") == "无法把图表导出为 .bmp；请用 .png、.svg 或 .csv"
    assert "没有扩展名" in _plot_error(qtbot, tmp_path, "plot")
    missing = tmp_path / "no-such-folder"
    said = _plot_error(qtbot, missing, "plot.png")
    assert said.startswith(f"{missing}/") and said.endswith("：文件或文件夹不存在"), said
    assert _no_results_error() == "还没有可写入报告的结果"
    assert _report_format_error() == "未知的报告格式 .docx；请用 .md、.html 或 .pdf"


def test_the_report_action_shows_the_reason_in_chinese(qtbot, zh_cn, window, tmp_path):
    """File > Export report… to a folder that does not exist: the box's details are Chinese."""
    c = window.controller
    c.update(train_hours=6.0)
    c.recompute()
    target = tmp_path / "gone" / "r.md"
    window.ask_path = lambda *a, **k: str(target)
    window.report_action.trigger()
    assert window.last_error is not None
    said = window.last_error.detailedText()
    assert said.startswith(f"{target.parent}/") and said.endswith("：文件或文件夹不存在"), said
