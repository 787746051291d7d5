"""Lay a pyqtgraph plot out and draw its axes before it paints, so a change paints it once.

pyqtgraph's :class:`~pyqtgraph.AxisItem` measures its tick labels while it paints
(``AxisItem.paint`` → ``generateDrawSpecs`` → ``_updateMaxTextSize``, pyqtgraph 0.14.0,
``pyqtgraph/graphicsItems/AxisItem.py``): when the labels need more or less room than the
axis has, it changes its minimum width or height there, which posts a layout request; the plot
is laid out after that paint, moving the view box and the axes, and paints a second time (on
the results page's first visit each plot of its first tab painted three times).
:func:`settle` builds the axes' pictures the way their ``paint`` does, before the paint,
and lays the plot out again at once when one of them changed its size, until none does;
the paint then replays the pictures (``AxisItem.paint`` draws only when ``picture`` is None).
"""

from __future__ import annotations

from collections.abc import Callable

import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QEvent, QObject
from PySide6.QtGui import QPainter, QPicture
from PySide6.QtWidgets import QGraphicsLayout, QWidget
from typing_extensions import override

AXES = ("left", "bottom", "right", "top")
"""PlotItem's axis names (``PlotItem.axes``)."""
MAX_PASSES = 3
"""Layout passes at most: one for new tick labels, one when their new room moved the view,
and one to spare (tick labels that need another size after that are drawn at the paint, as
before)."""


def settle(widget: QWidget, plot: pg.PlotItem, outer: QGraphicsLayout | None = None) -> None:
    """Apply ``plot``'s layout (and first ``outer``, the layout holding it, if any), its view
    box's auto range and matrix, and draw the pictures of its visible axes, repeating while
    an axis' tick labels change the room it takes (at most :data:`MAX_PASSES`).

    ``widget`` is the plot's view: while it is hidden only the auto range and matrix are
    applied (its size is not final, and its resize draws the axes again)."""
    view = plot.getViewBox()
    if not widget.isVisible():
        view.prepareForPaint()
        return
    for _ in range(MAX_PASSES):
        if outer is not None:
            outer.activate()
        plot.layout.activate()
        view.prepareForPaint()
        if not _draw_axes(plot):
            return


def _draw_axes(plot: pg.PlotItem) -> bool:
    """Draw the picture of each shown axis of ``plot`` that has none, as ``AxisItem.paint``
    does (a QPicture painter with the tick font); True when one changed its minimum size."""
    resized = False
    for name in AXES:
        axis = plot.getAxis(name)
        if axis.picture is not None or not axis.isVisible():
            continue
        before = (axis.minimumWidth(), axis.minimumHeight())
        picture = QPicture()
        painter = QPainter(picture)
        try:
            if axis.style["tickFont"]:
                painter.setFont(axis.style["tickFont"])
            specs = axis.generateDrawSpecs(painter)
            if specs is not None:
                axis.drawPicture(painter, *specs)
        finally:
            painter.end()
        axis.picture = picture
        resized |= (axis.minimumWidth(), axis.minimumHeight()) != before
    return resized


_SETTLE = QEvent.Type(QEvent.registerEventType())
"""The event :class:`SettleAfterResize` posts to itself."""


class SettleAfterResize(QObject):
    """Calls ``settle`` once after ``widget``'s resizes, before the paint they cause.

    A plot view is resized several times while a page is laid out (twice each on the results
    page's first visit); settling at each resize would draw the axes for sizes that do not
    last. The event posted at the first resize comes back after the layout, and before the
    repaint: Qt posts a window's update request at low priority
    (``QWidgetRepaintManager::sendUpdateRequest``), this event at normal priority.
    """

    def __init__(self, widget: QWidget, settle: Callable[[], None]) -> None:
        super().__init__(widget)
        self._settle = settle
        self._posted = False
        widget.installEventFilter(self)

    @override
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Post the settle event at the first resize since the last settle."""
        if event.type() == QEvent.Type.Resize and not self._posted:
            self._posted = True
            QCoreApplication.postEvent(self, QEvent(_SETTLE))
        return False

    @override
    def event(self, event: QEvent) -> bool:
        """Settle the plot when the posted event comes back."""
        if event.type() == _SETTLE:
            self._posted = False
            self._settle()
            return True
        return super().event(event)
