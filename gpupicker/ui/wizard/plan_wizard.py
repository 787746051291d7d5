"""The wizard embedded in the main window (task → model → quantization → budget → results).

Importing this module loads Qt and the first (task) page only; the other pages are added
once the controller exists (:meth:`PlanWizard.add_input_pages`, cold start)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Slot
from PySide6.QtWidgets import QWidget, QWizard, QWizardPage

from ...typing_override import override
from .page_base import keep_scroll_out_of_tab_chain
from .task_page import TaskPage

if TYPE_CHECKING:
    from PySide6.QtGui import QKeyEvent

    from ..controller import WorkloadController

PAGE_NAMES = ("task", "model", "quantization", "budget", "results")
"""The pages by id (a page's id is its index here)."""


class PlanWizard(QWizard):
    """The wizard embedded in the main window; Back/Next only, Enter = Next."""

    def __init__(self, controller: WorkloadController | None = None, parent: QWidget | None = None) -> None:
        # made without a parent, then given one: QWidget.setParent(parent) drops the window
        # type (the dialog type QWizard starts with), so the wizard is a plain child widget,
        # as setWindowFlags(Qt.WindowType.Widget) made it, without touching Qt's ``Qt``
        # namespace before the first paint: its first use builds all ~115 of its enums,
        # 11 ms (cold start; wizard/page_base.py's docstring)
        super().__init__(None)
        if parent is not None:
            self.setParent(parent)
        self.setWizardStyle(QWizard.WizardStyle.ClassicStyle)
        self.setOption(QWizard.WizardOption.NoCancelButton, True)
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage, True)
        self.setOption(QWizard.WizardOption.HaveHelpButton, False)
        self.setButtonLayout(
            [QWizard.WizardButton.Stretch, QWizard.WizardButton.BackButton, QWizard.WizardButton.NextButton]
        )
        self.task_page = TaskPage(controller)
        self.page_ids: dict[str, int] = {}
        self._add("task", self.task_page)
        if controller is not None:
            self.add_input_pages(controller)
            self.add_results_page(controller)

    def add_input_pages(self, controller: WorkloadController) -> None:
        """Add the model, quantization and budget pages (Next works from here on)."""
        from .budget_page import BudgetPage
        from .model_page import ModelPage
        from .quantization_page import QuantizationPage

        self.model_page = ModelPage(controller)
        self.quant_page = QuantizationPage(controller)
        self.budget_page = BudgetPage(controller)
        for name, page in zip(
            PAGE_NAMES[1:4], (self.model_page, self.quant_page, self.budget_page), strict=True
        ):
            self._add(name, page)
        # QWizard decides whether Next shows when it enters a page; the first page was
        # entered (and painted) before these pages existed: TaskPage.nextId names the model
        # page from the start, and its isComplete turns true now, which enables Next
        self.task_page.completeChanged.emit()
        for page in (self.task_page, self.model_page, self.quant_page, self.budget_page):
            keep_scroll_out_of_tab_chain(page)
        self.currentIdChanged.connect(self._log_page)
        self.currentIdChanged.connect(self._focus_page)

    @Slot(int)
    def _focus_page(self, _page_id: int) -> None:
        """Let the page just shown put the keyboard where its user starts (a page's
        ``focus_on_arrival``; QWizard has focused the page's first tab stop by now)."""
        focus = getattr(self.currentPage(), "focus_on_arrival", None)
        if callable(focus):
            focus()

    @Slot(int)
    def _log_page(self, page_id: int) -> None:
        """One log line per page change (connected once the input pages exist: the first
        page is shown before logging is set up): a bug report's log says where the user
        was, and the real-window test reads it to see Enter reach the next page."""
        import logging

        if 0 <= page_id < len(PAGE_NAMES):
            logging.getLogger(__name__).info("wizard page: %s", PAGE_NAMES[page_id])

    def add_results_page(self, controller: WorkloadController) -> None:
        """Add the results page (its plots are built by :meth:`MainWindow.start_steps`'s last
        step, or when the page is first shown if that comes first)."""
        from ..results.page import ResultsPage

        self.results_page = ResultsPage(controller)
        self._add("results", self.results_page)

    def _add(self, name: str, page: QWizardPage) -> None:
        """Add ``page`` under its fixed id, its index in :data:`PAGE_NAMES` (the task page's
        ``nextId`` names the model page before that page is built)."""
        page_id = PAGE_NAMES.index(name)
        self.setPage(page_id, page)
        self.page_ids[name] = page_id

    def show_page(self, name: str) -> None:
        """Jump to a page by name (task, model, quantization, budget, results)."""
        target = self.page_ids[name]
        if self.currentId() == -1:
            self.setStartId(target)
            self.restart()
            return
        while self.currentId() > target:
            self.back()
        while self.currentId() < target:
            self.next()

    @override
    def done(self, result: int) -> None:  # noqa: D102 - embedded: never close
        return None

    @override
    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        """Enter that no field took (a radio button, a list, a spin box or line edit after
        committing) is Next, as in a top-level wizard. Embedded, QDialog finds no default
        button (it looks only at buttons whose window is the dialog), so once the focus had
        been on Next and left it, Enter did nothing on any page (real window, Xvfb)."""
        from PySide6.QtCore import Qt

        plain = event.modifiers() in (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.KeypadModifier)
        if plain and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            nxt = self.button(QWizard.WizardButton.NextButton)
            if nxt.isVisible() and nxt.isEnabled():
                nxt.click()
                event.accept()
                return
        super().keyPressEvent(event)
