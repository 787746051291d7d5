"""What every wizard page shares: the live summary, the scrolling layout, the page base, helpers.

Qt only (the first page paints before core is imported), and not even Qt's ``Qt``
namespace: the first Python use of any of its enums builds all ~115 of them (11 ms of a
40 ms budget before the first paint, measured), so this module leaves it to the pages after
the first one. :mod:`..widgets.number_input` is imported by :func:`money_spin`, which the
budget page calls, not the first page.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSignalBlocker, Slot
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QFrame,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from ...typing_override import override
from ..i18n.placeholders import tr_fmt

if TYPE_CHECKING:  # not imported before the first paint (cold start)
    from PySide6.QtWidgets import QComboBox, QDoubleSpinBox, QSpinBox

    from ...core.workload import Workload
    from ..compute import RecommendationView
    from ..controller import WorkloadController
    from ..widgets.number_input import NumberSpinBox


class LiveSummary(QLabel):
    """One line under the inputs: the current best option, updated on every recompute."""

    def __init__(self, controller: WorkloadController | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller: WorkloadController | None = None
        self.setObjectName("live")
        self.setWordWrap(True)
        self._pending: RecommendationView | None = None
        if controller is not None:
            self.attach(controller)
        else:  # the first page, painted before the catalog opens: say so (keys typed wait)
            self.setText(self.tr("Loading the catalog… keys typed now are applied when it is ready."))

    def attach(self, controller: WorkloadController) -> None:
        """Follow ``controller``'s results (the window's first page is built, and painted,
        before the controller exists)."""
        self.controller = controller
        controller.resultsChanged.connect(self.show_results)
        self.show_results(controller.results)

    @Slot(object)
    def show_results(self, view: RecommendationView) -> None:
        """Render the top option of ``view`` — now when the label is shown, else when it next
        is (the four pages' labels are hidden while the results page is in front,
        and each render walks every option)."""
        if self.isVisible():
            self._pending = None
            self._render(view)
        else:
            self._pending = view

    @override
    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt override
        """Render the recommendation that arrived while the label was hidden."""
        if self._pending is not None:
            view, self._pending = self._pending, None
            self._render(view)
        super().showEvent(event)

    def _render(self, view: RecommendationView) -> None:
        from ..i18n.core_messages import tr_message
        from ..i18n.formatting import display_name, fmt_bytes

        assert self.controller is not None  # show_results is connected by attach()
        unit = self.controller.prefs.byte_unit
        if getattr(view, "error", ""):
            self.setText(tr_fmt(self.tr("Cannot estimate: %1"), tr_message(view.error)))
            return
        opts = getattr(view, "options", ())
        if not opts:
            self.setText("")
            return
        fits, ranked = view.fit_count()
        top = opts[0]
        peak = min(o.memory.total_bytes for o in opts if o.num_gpus == top.num_gpus)
        self.setText(
            tr_fmt(
                self.tr("Live estimate: %1 of %2 options fit · best: %3 × %4 (%5 per GPU)"),
                str(fits),
                str(ranked),
                display_name(top.gpu_name),
                str(top.num_gpus),
                fmt_bytes(top.memory.total_bytes or peak, unit),
            )
        )


def form_column(layout: QVBoxLayout, *widgets: QWidget) -> None:
    """Add ``widgets`` in a column of readable width (forms do not stretch to 1280 px)."""
    column = QWidget()
    column.setMaximumWidth(760)
    cl = QVBoxLayout(column)
    cl.setContentsMargins(0, 0, 0, 0)
    for w in widgets:
        cl.addWidget(w)
    from PySide6.QtWidgets import QHBoxLayout  # the later pages' forms, not the first page

    row = QHBoxLayout()
    row.addWidget(column, 1)
    row.addStretch(0)
    layout.addLayout(row)


def scroll_page(page: QWidget) -> tuple[QVBoxLayout, QVBoxLayout]:
    """(content layout inside a scroll area, the page's own layout) — forms stay usable on
    small screens (1366×768, or a 1000×640 window) instead of being cut off."""
    outer = QVBoxLayout(page)
    outer.setContentsMargins(0, 0, 0, 0)
    scroll = QScrollArea()
    scroll.setObjectName("pageScroll")
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QFrame.Shape.NoFrame)
    # the horizontal scroll bar shows as needed: QScrollArea's default, not set here (setting
    # it touched Qt.ScrollBarPolicy, which builds every Qt-namespace enum: module docstring)
    content = QWidget()
    content.setObjectName("pageContent")
    scroll.setWidget(content)
    outer.addWidget(scroll, 1)
    page.scroll_area = scroll  # type: ignore[attr-defined]
    return QVBoxLayout(content), outer


def keep_scroll_out_of_tab_chain(page: QWidget) -> None:
    """Take ``page``'s scroll area (:func:`scroll_page`) out of the Tab chain: focused, it
    showed no focus, swallowed Enter (no Next) and scrolled on the arrow keys, so Tab, an arrow
    key on Next, or the start left the keyboard on nothing visible. Tab still reaches every
    field inside, and the wheel still scrolls. Called once the first page is painted (the
    first use of Qt's ``Qt`` enums builds all of them: module docstring)."""
    from PySide6.QtCore import Qt

    scroll = getattr(page, "scroll_area", None)
    if isinstance(scroll, QScrollArea):
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)


class Page(QWizardPage):
    """Base: holds the controller and re-syncs widgets when the Workload changes."""

    def __init__(self, controller: WorkloadController | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller: WorkloadController | None = controller
        """None only on the first page before the controller exists (:class:`TaskPage`); the
        other pages are built with it and narrow the type."""
        self.live = LiveSummary(controller)

    def _connect_sync(self) -> None:
        assert self.controller is not None  # called once a controller is attached
        self.controller.workloadChanged.connect(self.sync_from)
        self.controller.inputRejected.connect(self._resync)
        self.sync_from(self.controller.workload)

    @Slot(str)
    def _resync(self, _msg: str) -> None:
        assert self.controller is not None  # connected by _connect_sync
        self.sync_from(self.controller.workload)

    def sync_from(self, w: Workload) -> None:  # pragma: no cover - overridden
        """Show ``w`` in the widgets without emitting edits."""


NO_LIMIT = 0.0


def set_combo(combo: QComboBox, value: object) -> None:
    i = combo.findData(value)
    if i >= 0 and i != combo.currentIndex():
        with QSignalBlocker(combo):
            combo.setCurrentIndex(i)


def set_spin(spin: QSpinBox | QDoubleSpinBox, value: float) -> None:
    if spin.value() != value:
        with QSignalBlocker(spin):
            spin.setValue(value)  # type: ignore[arg-type]


def money_spin(maximum: float, suffix: str, special: str) -> NumberSpinBox:
    """A money amount (the page sets the display currency's symbol as prefix) where 0 shows
    ``special`` (e.g. "No limit").

    Typed text is parsed with the locale's decimal point or '.', never mangled.
    """
    from ..widgets.number_input import NumberSpinBox

    s = NumberSpinBox()
    s.setRange(0.0, maximum)
    s.setDecimals(2)
    s.setSuffix(suffix)
    s.setGroupSeparatorShown(True)
    s.setSpecialValueText(special)
    return s


def buddy(text: str, widget: QWidget) -> QLabel:
    label = QLabel(text)
    label.setBuddy(widget)
    return label
