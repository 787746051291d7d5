"""Dropping a file onto a window: the one drag-and-drop handler the model page and the
model import dialog share (a dragged URL list; the first local file is taken)."""

from __future__ import annotations

from PySide6.QtGui import QDragEnterEvent, QDropEvent


def accept_url_drag(event: QDragEnterEvent) -> None:
    """Accept a drag that carries URLs (``dragEnterEvent``); anything else is ignored."""
    if event.mimeData().hasUrls():
        event.acceptProposedAction()


def dropped_local_file(event: QDropEvent) -> str | None:
    """The first local file of a drop (``dropEvent``), accepting the drop; None when none is."""
    urls = [u for u in event.mimeData().urls() if u.isLocalFile()]
    if not urls:
        return None
    event.acceptProposedAction()
    return urls[0].toLocalFile()
