"""The results page's Launch config… button: open the dialog, say why there is none.

The button is disabled, its tooltip saying why, when the job has no launcher (e.g. an axolotl
job: core.launch_config names the framework); a dialog left open closes when the job changes,
so it never shows another job's command (real window: a ``trl sft … Mistral-7B`` command stayed
open over a later axolotl job).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from ...core.messages import error_message
from ..i18n.core_messages import tr_message
from ..i18n.placeholders import tr_fmt

if TYPE_CHECKING:
    from PySide6.QtWidgets import QLabel, QPushButton

    from ...core.results import Option
    from ..controller import WorkloadController
    from .launch_dialog import LaunchDialog


class ResultsPage(Protocol):
    """What these functions use of the results page (``page.ResultsPage``, which imports this
    module: a Protocol, not an import of it, so the two modules form no cycle)."""

    controller: WorkloadController
    launch_button: QPushButton
    launch_dialog: LaunchDialog | None
    notes: QLabel
    _result_notes: list[str]

    def selected_option(self) -> Option | None:
        """The option the table's selection (else the top fitting one) stands for."""


translate = QCoreApplication.translate


def launch_problem(page: ResultsPage) -> str | None:
    """Why there is no launch config for the page's selected (else top fitting) option, in the
    UI's language; None when there is one.

    Asks core's :func:`launch_config` with the snapshot's GPU and no model repo (whether it
    refuses does not depend on the repo name, which only fills the command): no catalog
    query on each recompute."""
    from ...core.planners.launch_config import launch_config

    o = page.selected_option()
    if o is None:
        return translate("ResultsPage", "No option fits, so there is nothing to launch.")
    gpu = next((g for g in page.controller.snapshot.gpus if g.id == o.gpu_id), None)
    try:
        launch_config(page.controller.workload, o, gpu=gpu)
    except ValueError as exc:  # core's Message in args[0], shown in the UI's language
        return tr_fmt(translate("ResultsPage", "No launch config: %1"), tr_message(error_message(exc)))
    return None


def refresh_launch_button(page: ResultsPage) -> None:
    """Enable Launch config… when the job has a launcher; else disable it, the tooltip why."""
    problem = launch_problem(page)
    page.launch_button.setEnabled(problem is None)
    page.launch_button.setToolTip(
        problem
        or translate(
            "ResultsPage",
            "The command line and SkyPilot / dstack task for the selected option (or the top one)",
        )
    )


def close_launch_dialog(page: ResultsPage) -> None:
    """Close a launch dialog left open: the job it was made for has changed."""
    if page.launch_dialog is not None:
        page.launch_dialog.close()
        page.launch_dialog = None


def open_launch_config(page: ResultsPage) -> LaunchDialog | None:
    """Open the launch config of the page's selected option; None (and a line under the
    notes saying why) when there is none."""
    from .launch_dialog import LaunchDialog, config_for

    problem = launch_problem(page)
    o = page.selected_option()
    if problem is not None or o is None:
        page.notes.setText("\n".join([*page._result_notes, problem or ""]))  # the notes stay
        page.notes.setVisible(True)
        return None
    close_launch_dialog(page)
    parent = page if isinstance(page, QWidget) else None  # the page is a QWizardPage
    dlg = LaunchDialog(
        config_for(page.controller.repo, page.controller.workload, o), f"{o.num_gpus} × {o.gpu_name}", parent
    )
    page.launch_dialog = dlg
    dlg.show()
    return dlg
