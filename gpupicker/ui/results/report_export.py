"""File > Export report…: the current answer as Markdown, HTML or PDF (``core.report``), in
the UI's language (:func:`report_renderer`) and display currency.

The report is built from the controller's workload and latest results and the catalog
snapshot — the same data the results page shows; nothing is recomputed here except
what ``core.report.build_report`` computes (fit answers and curves).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QKeySequence

from ..i18n.placeholders import tr_fmt

if TYPE_CHECKING:  # core is imported when a report is made, not with the window's menu
    from PySide6.QtWidgets import QMenu, QStatusBar

    from ...catalog import CatalogRepository
    from ...core.report.build import Report
    from ...core.report.render import TextRenderer
    from ..controller import WorkloadController

translate = QCoreApplication.translate


class ReportWindow(Protocol):
    """What the report needs of the main window (:class:`gpupicker.ui.main_window.MainWindow`,
    which imports this module: a protocol rather than an import back)."""

    @property
    def live(self) -> WorkloadController: ...  # noqa: D102
    @property
    def live_repo(self) -> CatalogRepository: ...  # noqa: D102
    def ask_path(
        self,
        kind: str,
        title: str,
        name_filter: str,  # noqa: D102
        default: str = "",
    ) -> str: ...
    def show_error(self, title: str, text: str, details: str = "") -> object: ...  # noqa: D102
    def statusBar(self) -> QStatusBar: ...  # noqa: D102, N802 - Qt's name


def current_report(window: ReportWindow) -> Report:
    """The report of ``window``'s current workload and results.

    Raises:
        ValueError: when the workload cannot be estimated (or there are no results).
    """
    from ...core.messages import msg
    from ...core.planners.launch_config import model_repo
    from ...core.report.build import build_report

    c = window.live
    view = c.results
    if view.error:
        raise ValueError(view.error)
    if not view.options:
        raise ValueError(msg("export.no_results"))
    w = c.workload
    name, ref, ms_id, family = "", None, None, None
    if w.model_id:
        cm = window.live_repo.get_catalog_model(w.model_id)
        if cm is not None:
            name, ref = cm.name, model_repo(cm.hf_repo, cm.source)
            ms_id, family = cm.modelscope_id or None, cm.family
    snap = c.snapshot
    return build_report(
        w,
        view.options,
        snap.gpus,
        snap.prices,
        notes=view.notes,
        model_name=name,
        model_ref=ref,
        goal=c.goal,
        money=snap.money,
        modelscope_id=ms_id,
        family=family,
    )


def report_renderer() -> TextRenderer:
    """The report's texts in the UI's language (English: as core wrote them).

    Messages through ``message_renderer`` (the translator, punctuation and Chinese names
    :func:`tr_message` uses).
    """
    from ...core.report.render import TextRenderer
    from ..i18n.core_messages import message_renderer, ui_language, zh_params

    translate, name = message_renderer()
    if translate is None and name is None:
        return TextRenderer()
    chinese = ui_language().split("_")[0].lower() == "zh"
    return TextRenderer(translate, name, zh_params if chinese else None)


def export_report(window: ReportWindow, path: str | Path) -> list[Path]:
    """Write the current report to ``path`` (format from the extension).

    Raises:
        ValueError: unknown extension or nothing to report. OSError: cannot write.
    """
    from ...core.report.render import write_text_report

    r = current_report(window)
    render = report_renderer()
    p = Path(path)
    if p.suffix.lower() == ".pdf":
        from .report_pdf import write_pdf

        return [write_pdf(r, p, render)]
    return write_text_report(r, p, render)


def add_report_action(window: ReportWindow, menu: QMenu) -> QAction:
    """Add File > Export report… to ``menu`` (its parent: the window's menu); errors go to
    ``window.show_error``."""
    action = QAction(translate("MainWindow", "Export &report…"), menu)
    action.setShortcut(QKeySequence(translate("MainWindow", "Ctrl+Shift+E")))

    def run() -> None:
        path = window.ask_path(
            "save",
            translate("MainWindow", "Export report"),
            translate("MainWindow", "PDF (*.pdf);;HTML (*.html);;Markdown (*.md)"),
            "gpupicker-report.pdf",
        )
        if not path:
            return
        if not Path(path).suffix:
            path += ".pdf"
        try:
            files = export_report(window, path)
        except (ValueError, OSError) as exc:
            from ...core.text.safe_write import file_error_message
            from ..i18n.core_messages import tr_message

            window.show_error(
                translate("MainWindow", "Cannot export the report"),
                tr_fmt(translate("MainWindow", "%1 was not written."), path),
                tr_message(file_error_message(exc)),
            )
            return
        window.statusBar().showMessage(
            tr_fmt(translate("MainWindow", "Report written: %1"), str(files[0])), 8000
        )

    action.triggered.connect(run)
    menu.addAction(action)
    return action
