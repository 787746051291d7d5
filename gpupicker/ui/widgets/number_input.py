"""Typed numbers: the user's locale decimal separator and '.' both work, nothing is guessed.

:func:`parse_number` turns what the user typed into a finite float or raises
``ValueError`` with a plain message; it never drops characters (the old spin-box
delegate turned "0,39" into 39 and "1e12" into 112). :class:`NumberSpinBox` is a
QDoubleSpinBox that parses with it, and :class:`NumberDelegate` gives catalog cells a
plain line edit whose text goes to the model unchanged. :class:`IntSpinBox` does for whole
numbers what :class:`NumberSpinBox` does for decimals; both apply a value on commit (Enter,
focus out, arrows), never per keystroke, and show text they cannot apply as invalid.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QAbstractItemModel,
    QCoreApplication,
    QEvent,
    QLocale,
    QObject,
    Qt,
    Signal,
    SignalInstance,
    Slot,
)
from PySide6.QtGui import QKeyEvent, QValidator
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QDoubleSpinBox,
    QLineEdit,
    QSpinBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)
from typing_extensions import override

from ..i18n.placeholders import tr_fmt
from .table_model import ModelIndex as _Index

translate = QCoreApplication.translate

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
                raise ValueError(
                    tr_fmt(
                        translate(
                            "Numbers",
                            "“%1” is ambiguous: write it without the thousands separator, "
                            "or with the decimal point (%2).",
                        ),
                        text.strip(),
                        dec,
                    )
                )
        value = float(s.replace(",", "."))
    else:
        value, ok = locale.toDouble(s)
        if not ok:
            value, ok = QLocale.c().toDouble(s)
        if not ok:
            raise ValueError(tr_fmt(translate("Numbers", "“%1” is not a number."), text.strip()))
    if not math.isfinite(value):
        raise ValueError(tr_fmt(translate("Numbers", "“%1” is not a finite number."), text.strip()))
    return value


def parse_bounded(
    text: str,
    minimum: float | None = None,
    maximum: float | None = None,
    integer: bool = False,
    locale: QLocale | None = None,
) -> float | int:
    """:func:`parse_number` plus range and integer checks (messages name the limit)."""
    v = parse_number(text, locale)
    if integer:
        if v != int(v):
            raise ValueError(tr_fmt(translate("Numbers", "Enter a whole number (got %1)."), text.strip()))
        v = int(v)
    if minimum is not None and v < minimum:
        if minimum == 0:
            raise ValueError(translate("Numbers", "Enter a number of 0 or more."))
        raise ValueError(
            tr_fmt(translate("Numbers", "Enter at least %1 (got %2)."), _plain(minimum), text.strip())
        )
    if maximum is not None and v > maximum:
        raise ValueError(
            tr_fmt(translate("Numbers", "Enter at most %1 (got %2)."), _plain(maximum), text.strip())
        )
    return v


def _plain(v: float) -> str:
    return QLocale().toString(float(v), "g", 12)


def _strip_affixes(spin: QAbstractSpinBox, text: str) -> str:
    """``text`` without the spin box's prefix and suffix (as typed or as shown)."""
    assert isinstance(spin, (QSpinBox, QDoubleSpinBox))
    s = text.strip()
    prefix, suffix = spin.prefix().strip(), spin.suffix().strip()
    if prefix and s.startswith(prefix):
        s = s[len(prefix) :]
    if suffix and s.endswith(suffix):
        s = s[: len(s) - len(suffix)]
    return s.strip()


class _CommitGuard(QObject):
    """What makes a spin box apply on commit only, and show typed text it cannot apply.

    Keyboard tracking is off: ``valueChanged`` comes on Enter, on focus out and on the arrow
    keys / buttons, never for a half-typed number ("1e12" applied 1, then 10, then stopped at
    10 when 1e12 was out of range). While the text is not a usable number the box carries the
    dynamic property ``invalid`` (red in ``style.qss``) and its tooltip says why. Enter on
    such text keeps it (the page stays, the reason goes to ``rejected``); leaving the box
    puts back the last value, and ``fixup`` reports why (``rejected``).
    """

    def __init__(
        self, spin: QSpinBox | QDoubleSpinBox, problem: Callable[[str], str], rejected: SignalInstance
    ) -> None:
        super().__init__(spin)
        self.spin, self.problem, self.rejected = spin, problem, rejected
        self._tooltip: str | None = None
        """The box's own tooltip while it shows a reason instead (None: not replaced)."""
        spin.setKeyboardTracking(False)
        spin.installEventFilter(self)
        spin.lineEdit().textChanged.connect(self._on_text)
        # Qt puts the value's text back (on commit, a step, setValue) with the line edit's
        # signals blocked: look again then
        spin.editingFinished.connect(self.refresh)
        spin.valueChanged.connect(self.refresh)

    @override
    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if obj is self.spin and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                reason = self.problem(self.spin.text())
                if reason:
                    self._mark(reason)
                    self.rejected.emit(reason)
                    return True  # not applied, and not the wizard's Next either
        return False

    @Slot(str)
    def _on_text(self, text: str) -> None:
        self._mark(self.problem(text))

    @Slot()
    def refresh(self) -> None:
        """Mark (or clear) the text the box shows now."""
        self._mark(self.problem(self.spin.text()))

    def _mark(self, reason: str) -> None:
        spin = self.spin
        if bool(spin.property("invalid")) != bool(reason):
            spin.setProperty("invalid", bool(reason))
            spin.style().unpolish(spin)
            spin.style().polish(spin)
        if reason:
            if self._tooltip is None:
                self._tooltip = spin.toolTip()
            spin.setToolTip(tr_fmt(translate("Numbers", "Not applied: %1"), reason))
        elif self._tooltip is not None:
            spin.setToolTip(self._tooltip)
            self._tooltip = None

    def is_invalid(self) -> bool:
        """True while the box shows text it cannot apply."""
        return bool(self.spin.property("invalid"))


if TYPE_CHECKING:  # the mixin's methods are those of a spin box (typing only)
    _SpinBoxBase = QAbstractSpinBox
else:
    _SpinBoxBase = object


class _CommittedNumberBox(_SpinBoxBase):
    """What both number boxes share: a value applied on commit (:class:`_CommitGuard`), typed
    text checked by the box's ``_value_of`` (the reason shown, never a dropped keystroke), and
    ``rejected(message)`` emitted when Qt fixes up text it cannot apply. A mixin before
    QSpinBox / QDoubleSpinBox (each declares its own ``rejected`` signal)."""

    rejected: SignalInstance
    _errors: tuple[type[Exception], ...] = (ValueError,)
    """What ``_value_of`` raises for text it cannot apply."""

    def _guard_commits(self) -> None:
        """Apply on commit only, and revert to the last value when the box loses focus."""
        self.setCorrectionMode(QAbstractSpinBox.CorrectionMode.CorrectToPreviousValue)
        assert isinstance(self, (QSpinBox, QDoubleSpinBox))
        self.guard = _CommitGuard(self, self.problem, self.rejected)

    def _value_of(self, text: str) -> float:
        """The value ``text`` stands for; raises one of :attr:`_errors` with the reason."""
        raise NotImplementedError

    def _special_value(self, text: str, core: str) -> bool:
        """True when ``text`` (``core``: without prefix and suffix) is the special-value text."""
        assert isinstance(self, (QSpinBox, QDoubleSpinBox))
        special = self.specialValueText()
        return bool(special) and (text.strip() == special or core == special)

    def problem(self, text: str) -> str:
        """Why ``text`` cannot be applied ("" when it can)."""
        try:
            self._value_of(text)
        except self._errors as exc:
            return str(exc)
        return ""

    @override
    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        state = QValidator.State.Intermediate if self.problem(text) else QValidator.State.Acceptable
        return state, text, pos

    @override
    def fixup(self, text: str) -> str:
        reason = self.problem(text)
        if reason:
            self.rejected.emit(reason)
        return text


class NumberSpinBox(_CommittedNumberBox, QDoubleSpinBox):
    """A QDoubleSpinBox that reads "0,5" and "0.5" alike and never drops typed characters.

    Applies on commit (:class:`_CommitGuard`): invalid text is kept while typing and shown
    as invalid; on Enter it stays (with the reason), on focus out it reverts to the last
    value; ``rejected(message)`` says why either way.

    Signals:
        rejected(str): the typed text was not a usable number.
    """

    rejected = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._guard_commits()

    @override
    def setValue(self, value: float) -> None:
        """Show ``value`` (its text replaces any invalid text, and the mark goes)."""
        super().setValue(value)
        self.guard.refresh()

    @override
    def _value_of(self, text: str) -> float:
        core = _strip_affixes(self, text)
        if self._special_value(text, core):
            return self.minimum()
        return parse_bounded(core, self.minimum(), self.maximum(), locale=self.locale())

    @override
    def valueFromText(self, text: str) -> float:
        try:
            return self._value_of(text)
        except ValueError:
            return self.value()

    @override
    def textFromValue(self, value: float) -> str:
        if self.isGroupSeparatorShown():
            return super().textFromValue(value)
        loc = self.locale()  # QLocale groups digits by default: "1,500.0", not "1500.0"
        loc.setNumberOptions(loc.numberOptions() | QLocale.NumberOption.OmitGroupSeparator)
        return loc.toString(float(value), "f", self.decimals())


class IntSpinBox(_CommittedNumberBox, QSpinBox):
    """A QSpinBox that takes any typed text and says what is wrong with it, applied on
    commit like :class:`NumberSpinBox` ("1e3" is 1000; "4,096" as shown with thousands
    separators is 4096; "2.5", "abc" or a number out of range are shown as invalid with the
    reason — QSpinBox's own validator dropped the keystroke, silently).

    Signals:
        rejected(str): the typed text was not a usable whole number.
    """

    rejected = Signal(str)
    _errors = (ValueError, OverflowError)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._guard_commits()

    @override
    def setValue(self, value: int) -> None:
        """Show ``value`` (its text replaces any invalid text, and the mark goes)."""
        super().setValue(value)
        self.guard.refresh()

    @override
    def _value_of(self, text: str) -> int:
        core = _strip_affixes(self, text)
        if self._special_value(text, core):
            return self.minimum()
        group = self.locale().groupSeparator()
        # as the box shows it with thousands separators ("4,096"): a whole number, never 4.096
        if group and re.fullmatch(rf"[+-]?\d{{1,3}}(?:{re.escape(group)}\d{{3}})+", core):
            core = core.replace(group, "")
        return int(parse_bounded(core, self.minimum(), self.maximum(), integer=True, locale=self.locale()))

    @override
    def valueFromText(self, text: str) -> int:
        try:
            return self._value_of(text)
        except (ValueError, OverflowError):
            return self.value()


class NumberDelegate(QStyledItemDelegate):
    """Catalog cells: a plain QLineEdit; the typed text goes to ``setData`` as it is."""

    @override
    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: _Index) -> QWidget:
        editor = QLineEdit(parent)
        editor.setFrame(False)
        return editor

    @override
    def setEditorData(self, editor: QWidget, index: _Index) -> None:
        if not isinstance(editor, QLineEdit):
            super().setEditorData(editor, index)
            return
        v = index.data()
        raw = index.data(Qt.ItemDataRole.UserRole)  # the raw value
        if isinstance(raw, float) and raw >= 0:
            editor.setText(
                QLocale().toString(raw, "g", 15).replace(QLocale().groupSeparator(), "")
                if abs(raw) < 1e15
                else repr(raw)
            )
        elif isinstance(raw, int) and not isinstance(raw, bool) and raw >= 0:
            editor.setText(str(raw))
        else:
            edit = index.data(Qt.ItemDataRole.EditRole)
            editor.setText("" if v is None or edit is None else str(edit))

    @override
    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: _Index) -> None:
        if isinstance(editor, QLineEdit):
            model.setData(index, editor.text())
        else:
            super().setModelData(editor, model, index)
