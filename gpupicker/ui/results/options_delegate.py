"""The painter of the results table's cells, and the colours and font that mark fitting
and labelled options (shared with :class:`~.options_model.OptionsTableModel`'s roles)."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QAbstractProxyModel, QModelIndex, QObject, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics, QPalette
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem
from typing_extensions import override

from ...core.results import Option
from ..widgets.table_model import ModelIndex as _Index


class OptionRows(Protocol):
    """What the delegate reads of :class:`~.options_model.OptionsTableModel` (a protocol, so
    the delegate does not import the model that imports it)."""

    _options: list[Option]

    @property
    def COLUMNS(self) -> tuple[str, ...]:  # noqa: D102
        ...

    def shown_texts(self, row: int) -> tuple[str, ...]: ...


FIT_COLOR = QColor("#1b7f3b")
NO_FIT_COLOR = QColor("#b3261e")
RIGHT_COLUMNS = frozenset(("rank", "count", "vram", "headroom", "speed", "usd_per_hour", "usd_total"))
"""Columns whose cells align right (numbers)."""


def foreground(o: Option, col: str) -> QBrush | None:
    """The text colour of ``o``'s cell in ``col`` (None: the palette's)."""
    if col in ("fits", "headroom"):
        return _FIT_BRUSH if o.fits else _NO_FIT_BRUSH
    return None if o.fits else _GREY_BRUSH


def bold(o: Option, col: str) -> bool:
    """True when ``o``'s cell in ``col`` is bold (a labelled option's label and GPU)."""
    return col in ("label", "gpu") and bool(o.labels)


class OptionsDelegate(QStyledItemDelegate):
    """Paints the results table's cells from :class:`OptionsTableModel` directly.

    ``initStyleOption`` does what QStyledItemDelegate's does with the roles ``data`` answers
    (font, alignment, text colour, text; no check state, decoration or background), in one
    Python call per cell instead of a ``data`` call per role (7) through the proxy: a full
    table repaint (12 × 11 cells) takes 2.4 ms instead of 3.0, pixel for pixel the same.
    ``proxy`` is the view's model, a proxy whose source is ``model``.
    """

    def __init__(self, proxy: QAbstractProxyModel, model: OptionRows, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._proxy = proxy
        self._model = model

    @override
    def initStyleOption(
        self,
        option: QStyleOptionViewItem,  # noqa: N802 - Qt override
        index: _Index,
    ) -> None:
        """Fill ``option`` for the cell at the proxy's ``index``."""
        src = self._proxy.mapToSource(index)
        model, row, column = self._model, src.row(), src.column()
        if not (
            isinstance(index, QModelIndex)
            and 0 <= row < len(model._options)
            and 0 <= column < len(model.COLUMNS)
        ):
            super().initStyleOption(option, index)
            return
        o = model._options[row]
        col = model.COLUMNS[column]
        option.index = index
        if bold(o, col):
            font = bold_font().resolve(option.font)
            option.font = font
            option.fontMetrics = QFontMetrics(font)
        if col in RIGHT_COLUMNS:
            option.displayAlignment = _RIGHT_ALIGNMENT
        brush = foreground(o, col)
        if brush is not None:
            option.palette = _with_text_brush(option.palette, brush)
        text = model.shown_texts(row)[column]
        option.features = _with_display(option.features)
        option.text = self.displayText(text, option.locale) if "\n" in text else text
        option.backgroundBrush = _NO_BRUSH


def _with_display(features: QStyleOptionViewItem.ViewItemFeature) -> QStyleOptionViewItem.ViewItemFeature:
    """``features`` with ``HasDisplay``, worked out once per distinct ``features``: a Python
    enum flag's ``|`` costs ~15 µs, on every cell of every repaint."""
    out = _DISPLAY_FEATURES.get(features)
    if out is None:
        out = _DISPLAY_FEATURES[features] = features | QStyleOptionViewItem.ViewItemFeature.HasDisplay
    return out


def _with_text_brush(palette: QPalette, brush: QBrush) -> QPalette:
    """``palette`` with ``brush`` as its text colour, made once per palette (its
    ``cacheKey`` and current colour group) and brush: copying and changing the palette for
    each coloured cell cost ~14 µs a cell. Held for the palettes of the session (the view's
    palette in its few states)."""
    key = (palette.cacheKey(), palette.currentColorGroup(), id(brush))
    out = _TEXT_PALETTES.get(key)
    if out is None:
        out = QPalette(palette)  # a copy: ``palette`` may be the option's own, freed after it
        out.setBrush(QPalette.ColorRole.Text, brush)
        _TEXT_PALETTES[key] = out
    return out


_DISPLAY_FEATURES: dict[QStyleOptionViewItem.ViewItemFeature, QStyleOptionViewItem.ViewItemFeature] = {}
_TEXT_PALETTES: dict[tuple[int, QPalette.ColorGroup, int], QPalette] = {}
_RIGHT_ALIGNMENT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
_NO_BRUSH = QBrush()
_FIT_BRUSH = QBrush(FIT_COLOR)
_NO_FIT_BRUSH = QBrush(NO_FIT_COLOR)
_GREY_BRUSH = QBrush(QColor("#6b6b6b"))
_BOLD: list[QFont] = []


def bold_font() -> QFont:
    """The bold font of labelled rows, made once (a QFont needs the QApplication)."""
    if not _BOLD:
        f = QFont()
        f.setBold(True)
        _BOLD.append(f)
    return _BOLD[0]
