"""The wizard's first page (task) and what every page shares: the live summary label, the
scrolling page layout and the page base class.

Imports only Qt and the translated texts, so the main window can paint this page before
pydantic, core and the catalog are imported (cold start); the controller is
attached once it exists (:meth:`TaskPage.attach`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import (
    QButtonGroup,
    QLabel,
    QRadioButton,
    QWidget,
)

from ...typing_override import override
from ..i18n.texts import glossary, task_names
from ..initial_task import INITIAL_TASK
from .page_base import Page, scroll_page

MODEL_PAGE_ID = 1
"""The wizard's id of the model page, the page after this one
(``PAGE_NAMES.index("model")`` in :mod:`gpupicker.ui.wizard.plan_wizard`)."""

if TYPE_CHECKING:  # not imported before the first paint (cold start)
    from ...core.workload import Workload
    from ..controller import WorkloadController


class TaskPage(Page):
    """Choose what the GPU will do."""

    def __init__(self, controller: WorkloadController | None = None, parent: QWidget | None = None) -> None:
        super().__init__(controller, parent)
        self.setTitle(self.tr("What do you want to run?"))
        self.setSubTitle(
            self.tr("Pick the job. Each task starts with sensible settings you can change on the next pages.")
        )
        self.buttons: dict[str, QRadioButton] = {}
        self.group = QButtonGroup(self)
        tips = glossary()
        task_tips = {
            "lora": tips["lora_rank"],
            "qlora": tips["qlora"],
            "full_ft": tips["zero"],
            "pretrain": tips["mfu"],
            "inference": tips["kv_cache"],
        }
        layout, outer = scroll_page(self)
        for task, text in task_names().items():
            b = QRadioButton(text)
            b.setObjectName(f"task_{task}")
            b.setToolTip(task_tips.get(task, ""))
            self.buttons[task] = b
            self.group.addButton(b)
            layout.addWidget(b)
        layout.addSpacing(12)
        self.hint = QLabel(self.tr("Tip: press Enter to go to the next page, Alt+letter to pick an option."))
        self.hint.setObjectName("hint")
        self.hint.setWordWrap(True)
        layout.addWidget(self.hint)
        layout.addStretch(1)
        outer.addWidget(self.live)
        self._connect()

    def _connect(self) -> None:
        for task, b in self.buttons.items():
            b.toggled.connect(lambda on, t=task: self._on_task(t) if on else None)
        if self.controller is None:  # the first page, shown before the controller exists
            self.buttons[INITIAL_TASK].setChecked(True)
        else:
            self._connect_sync()

    def attach(self, controller: WorkloadController) -> None:
        """Start editing ``controller``'s workload; a task picked before it existed is
        applied now (the first page is usable while the rest is built)."""
        picked = next((t for t, b in self.buttons.items() if b.isChecked()), None)
        self.controller = controller
        self.live.attach(controller)
        if picked is not None and picked != INITIAL_TASK and picked != controller.workload.task:
            controller.set_task(picked)
        self._connect_sync()

    @override
    def nextId(self) -> int:
        """The model page's id, also before that page is built: QWizard decides whether it
        shows Next (and makes it the Enter key's default button) when it enters a page, and
        this page is entered and painted first, alone."""
        return MODEL_PAGE_ID

    @override
    def isComplete(self) -> bool:
        """True once the model page exists (Next is shown from the first paint, disabled
        until then; :class:`~gpupicker.ui.wizard.plan_wizard.PlanWizard` emits ``completeChanged``
        when it adds the page)."""
        wizard = self.wizard()
        return wizard is not None and wizard.page(MODEL_PAGE_ID) is not None

    def _on_task(self, task: str) -> None:
        if self.controller is not None:
            self.controller.set_task(task)

    @override
    def sync_from(self, w: Workload) -> None:
        b = self.buttons.get(w.task)
        if b is not None and not b.isChecked():
            with QSignalBlocker(b):
                b.setChecked(True)
