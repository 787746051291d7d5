"""Typed numbers: the user's locale decimal separator and '.' both work, nothing is guessed.

:func:`parse_number` turns what the user typed into a finite float or raises
``ValueError`` with a plain message; it never drops characters (the old spin-box
delegate turned "0,39" into 39 and "1e12" into 112). :class:`NumberSpinBox` is a
QDoubleSpinBox that parses with it, and :class:`NumberDelegate` gives catalog cells a
plain line edit whose text goes to the model unchanged.
"""

from __future__ import annotations

import math
import re

from PySide6.QtCore import (
    QAbstractItemModel,
    QCoreApplication,
    QLocale,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import (
    QDoubleSpinBox,
    QLineEdit,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

translate = QCoreApplication.translate

_Index = QModelIndex | QPersistentModelIndex
_PLAIN = re.compile(r"^[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?$")


def parse_number(text: str, locale: QLocale | None = None) -> float:
    """``text`` as a finite number; ``ValueError`` with a message the user can act on.

    Accepted: ``0.39``, ``0,39`` (either separator as the decimal point), ``1e-3``, and
    numbers with the locale's group separators (``1,234.5`` in English). Rejected:
    ``nan``, ``inf``, words, overflow, and a lone separator before exactly three digits
    where the locale uses it to group thousands (``1,000`` in English: 1000 or 1.0?).
    """
    locale = locale or QLocale()
    s = (text or "").strip().replace("\u00a0", "").replace(" ", "")
    if not s:
        raise ValueError(translate("Numbers", "Enter a number."))
    dec, group = locale.decimalPoint(), locale.groupSeparator()
    if _PLAIN.match(s):
        seps = [c for c in s if c in ".,"]
        if len(seps) == 1:
            mantissa = re.split(r"[eE]", s)[0]
            after = mantissa.split(seps[0], 1)[1]
            if seps[0] == group and seps[0] != dec and len(after) == 3:
                raise ValueError(translate(
                    "Numbers", "“%1” is ambiguous: write it without the thousands separator, "
                               "or with the decimal point (%2).").replace("%1", text.strip())
                                 .replace("%2", dec))
        value = float(s.replace(",", "."))
    else:
        value, ok = locale.toDouble(s)
        if not ok:
            value, ok = QLocale.c().toDouble(s)
        if not ok:
            raise ValueError(translate("Numbers", "“%1” is not a number.").replace(
                "%1", text.strip()))
    if not math.isfinite(value):
        raise ValueError(translate("Numbers", "“%1” is not a finite number.").replace(
            "%1", text.strip()))
    return value


def parse_bounded(text: str, minimum: float | None = None, maximum: float | None = None,
                  integer: bool = False, locale: QLocale | None = None) -> float | int:
    """:func:`parse_number` plus range and integer checks (messages name the limit)."""
    v = parse_number(text, locale)
    if integer:
        if v != int(v):
            raise ValueError(translate("Numbers", "Enter a whole number (got %1).").replace(
                "%1", text.strip()))
        v = int(v)
    if minimum is not None and v < minimum:
        if minimum == 0:
            raise ValueError(translate("Numbers", "Enter a number of 0 or more."))
        raise ValueError(translate("Numbers", "Enter at least %1 (got %2).")
                         .replace("%1", _plain(minimum)).replace("%2", text.strip()))
    if maximum is not None and v > maximum:
        raise ValueError(translate("Numbers", "Enter at most %1 (got %2).")
                         .replace("%1", _plain(maximum)).replace("%2", text.strip()))
    return v


def _plain(v: float) -> str:
    return QLocale().toString(float(v), "g", 12)


class NumberSpinBox(QDoubleSpinBox):
    """A QDoubleSpinBox that reads "0,5" and "0.5" alike and never drops typed characters.

    Invalid text is kept while typing; on Enter / focus out it reverts to the last value
    and ``rejected(message)`` says why.

    Signals:
        rejected(str): the typed text was not a usable number.
    """

    rejected = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setCorrectionMode(QDoubleSpinBox.CorrectionMode.CorrectToPreviousValue)

    def _core(self, text: str) -> str:
        s = text.strip()
        if self.prefix() and s.startswith(self.prefix().strip()):
            s = s[len(self.prefix().strip()):]
        if self.suffix() and s.endswith(self.suffix().strip()):
            s = s[: len(s) - len(self.suffix().strip())]
        return s.strip()

    def _value_of(self, text: str) -> float:
        core = self._core(text)
        special = self.specialValueText()
        if special and (text.strip() == special or core == special):
            return self.minimum()
        return parse_bounded(core, self.minimum(), self.maximum(), locale=self.locale())

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        try:
            self._value_of(text)
        except ValueError:
            return QValidator.State.Intermediate, text, pos
        return QValidator.State.Acceptable, text, pos

    def valueFromText(self, text: str) -> float:
        try:
            return self._value_of(text)
        except ValueError:
            return self.value()

    def fixup(self, text: str) -> str:
        try:
            self._value_of(text)
        except ValueError as exc:
            self.rejected.emit(str(exc))
        return text

    def textFromValue(self, value: float) -> str:
        return self.locale().toString(float(value), "f", self.decimals()) \
            if not self.isGroupSeparatorShown() else super().textFromValue(value)


class NumberDelegate(QStyledItemDelegate):
    """Catalog cells: a plain QLineEdit; the typed text goes to ``setData`` as it is."""

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,
                     index: _Index) -> QWidget:
        editor = QLineEdit(parent)
        editor.setFrame(False)
        return editor

    def setEditorData(self, editor: QWidget, index: _Index) -> None:
        if not isinstance(editor, QLineEdit):
            super().setEditorData(editor, index)
            return
        v = index.data()
        raw = index.data(Qt.ItemDataRole.UserRole)  # the raw value
        if isinstance(raw, float) and raw >= 0:
            editor.setText(QLocale().toString(raw, "g", 15).replace(QLocale().groupSeparator(), "")
                           if abs(raw) < 1e15 else repr(raw))
        elif isinstance(raw, int) and not isinstance(raw, bool) and raw >= 0:
            editor.setText(str(raw))
        else:
            edit = index.data(Qt.ItemDataRole.EditRole)
            editor.setText("" if v is None or edit is None else str(edit))

    def setModelData(self, editor: QWidget, model: QAbstractItemModel,
                     index: _Index) -> None:
        if isinstance(editor, QLineEdit):
            model.setData(index, editor.text())
        else:
            super().setModelData(editor, model, index)
