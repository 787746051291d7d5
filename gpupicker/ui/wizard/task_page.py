"""The wizard's first page (task) and what every page shares: the live summary label, the
scrolling page layout and the page base class.

Imports only Qt and the translated texts, so the main window can paint this page before
pydantic, core and the catalog are imported (issue 17: cold start); the controller is
attached once it exists (:meth:`TaskPage.attach`).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSignalBlocker, Qt, Slot
from PySide6.QtWidgets import (
    QButtonGroup,
    QFrame,
    QHBoxLayout,
    QLabel,
    QRadioButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from ..i18n.texts import glossary, task_names

INITIAL_TASK = "qlora"
"""The task of a new session (``WorkloadController``'s initial workload), checked on the
first page before the controller exists."""


class LiveSummary(QLabel):
    """One line under the inputs: the current best option, updated on every recompute."""

    def __init__(self, controller: Any = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller: Any = None
        self.setObjectName("live")
        self.setWordWrap(True)
        self._pending: Any = None
        if controller is not None:
            self.attach(controller)

    def attach(self, controller: Any) -> None:
        """Follow ``controller``'s results (the window's first page is built, and painted,
        before the controller exists: issue 17)."""
        self.controller = controller
        controller.resultsChanged.connect(self.show_results)
        self.show_results(controller.results)

    @Slot(object)
    def show_results(self, view: Any) -> None:
        """Render the top option of ``view`` — now when the label is shown, else when it next
        is (issue 17: the four pages' labels are hidden while the results page is in front,
        and each render walks every option)."""
        if self.isVisible():
            self._pending = None
            self._render(view)
        else:
            self._pending = view

    def showEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        """Render the recommendation that arrived while the label was hidden."""
        if self._pending is not None:
            view, self._pending = self._pending, None
            self._render(view)
        super().showEvent(event)

    def _render(self, view: Any) -> None:
        from ..i18n.core_messages import tr_message
        from ..i18n.formatting import display_name, fmt_bytes

        unit = self.controller.prefs.byte_unit
        if getattr(view, "error", ""):
            self.setText(self.tr("Cannot estimate: %1").replace("%1",
                                                                tr_message(view.error)))
            return
        opts = getattr(view, "options", ())
        if not opts:
            self.setText("")
            return
        fitting = [o for o in opts if o.fits]
        top = opts[0]
        peak = min(o.memory.total_bytes for o in opts if o.num_gpus == top.num_gpus)
        self.setText(self.tr("Live estimate: %1 of %2 options fit · best: %3 × %4 "
                             "(%5 per GPU)")
                     .replace("%1", str(len(fitting))).replace("%2", str(len(opts)))
                     .replace("%3", display_name(top.gpu_name))
                     .replace("%4", str(top.num_gpus))
                     .replace("%5", fmt_bytes(top.memory.total_bytes or peak, unit)))


def _form_column(layout: QVBoxLayout, *widgets: QWidget) -> None:
    """Add ``widgets`` in a column of readable width (forms do not stretch to 1280 px)."""
    column = QWidget()
    column.setMaximumWidth(760)
    cl = QVBoxLayout(column)
    cl.setContentsMargins(0, 0, 0, 0)
    for w in widgets:
        cl.addWidget(w)
    row = QHBoxLayout()
    row.addWidget(column, 1)
    row.addStretch(0)
    layout.addLayout(row)


def _scroll_page(page: QWidget) -> tuple[QVBoxLayout, QVBoxLayout]:
    """(content layout inside a scroll area, the page's own layout) — forms stay usable on
    small screens (1366×768, or a 1000×640 window) instead of being cut off."""
    outer = QVBoxLayout(page)
    outer.setContentsMargins(0, 0, 0, 0)
    scroll = QScrollArea()
    scroll.setObjectName("pageScroll")
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QFrame.Shape.NoFrame)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
    content = QWidget()
    content.setObjectName("pageContent")
    scroll.setWidget(content)
    outer.addWidget(scroll, 1)
    page.scroll_area = scroll  # type: ignore[attr-defined]
    return QVBoxLayout(content), outer


class _Page(QWizardPage):
    """Base: holds the controller and re-syncs widgets when the Workload changes."""

    def __init__(self, controller: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.live = LiveSummary(controller)

    def _connect_sync(self) -> None:
        self.controller.workloadChanged.connect(self.sync_from)
        self.controller.inputRejected.connect(self._resync)
        self.sync_from(self.controller.workload)

    @Slot(str)
    def _resync(self, _msg: str) -> None:
        self.sync_from(self.controller.workload)

    def sync_from(self, w: Any) -> None:  # pragma: no cover - overridden
        """Show ``w`` in the widgets without emitting edits."""


class TaskPage(_Page):
    """Choose what the GPU will do."""

    def __init__(self, controller: Any = None, parent: QWidget | None = None) -> None:
        super().__init__(controller, parent)
        self.setTitle(self.tr("What do you want to run?"))
        self.setSubTitle(self.tr("Pick the job. Each task starts with sensible settings you can "
                                 "change on the next pages."))
        self.buttons: dict[str, QRadioButton] = {}
        self.group = QButtonGroup(self)
        tips = glossary()
        task_tips = {"lora": tips["lora_rank"], "qlora": tips["qlora"], "full_ft": tips["zero"],
                     "pretrain": tips["mfu"], "inference": tips["kv_cache"]}
        layout, outer = _scroll_page(self)
        for task, text in task_names().items():
            b = QRadioButton(text)
            b.setObjectName(f"task_{task}")
            b.setToolTip(task_tips.get(task, ""))
            self.buttons[task] = b
            self.group.addButton(b)
            layout.addWidget(b)
        layout.addSpacing(12)
        self.hint = QLabel(self.tr("Tip: press Enter to go to the next page, Alt+letter to pick "
                                   "an option."))
        self.hint.setObjectName("hint")
        self.hint.setWordWrap(True)
        layout.addWidget(self.hint)
        layout.addStretch(1)
        outer.addWidget(self.live)
        self._connect()

    def _connect(self) -> None:
        for task, b in self.buttons.items():
            b.toggled.connect(lambda on, t=task: on and self._on_task(t))
        if self.controller is None:  # the first page, shown before the controller exists
            self.buttons[INITIAL_TASK].setChecked(True)
        else:
            self._connect_sync()

    def attach(self, controller: Any) -> None:
        """Start editing ``controller``'s workload; a task picked before it existed is
        applied now (issue 17: the first page is usable while the rest is built)."""
        picked = next((t for t, b in self.buttons.items() if b.isChecked()), None)
        self.controller = controller
        self.live.attach(controller)
        if picked is not None and picked != INITIAL_TASK and picked != controller.workload.task:
            controller.set_task(picked)
        self._connect_sync()

    def _on_task(self, task: str) -> None:
        if self.controller is not None:
            self.controller.set_task(task)

    def sync_from(self, w: Any) -> None:
        b = self.buttons.get(w.task)
        if b is not None and not b.isChecked():
            with QSignalBlocker(b):
                b.setChecked(True)
