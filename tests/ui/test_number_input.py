"""Number entry (ui/widgets/number_input.py): both decimal points, locales, bounds, messages."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QLocale

from gpupicker.ui.widgets.number_input import parse_bounded, parse_number


# ---- 2. number entry --------------------------------------------------------------------
@pytest.mark.gui
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("0.39", 0.39),
        ("0,39", 0.39),
        ("1e12", 1e12),
        (" 2.5 ", 2.5),
        ("1,234.5", 1234.5),
        ("1e-7", 1e-7),
        ("12", 12.0),
    ],
)
def test_parse_number_accepts_both_decimal_points(text, value):
    assert parse_number(text, QLocale(QLocale.Language.English)) == pytest.approx(value)


@pytest.mark.gui
def test_parse_number_german_locale():
    de = QLocale(QLocale.Language.German, QLocale.Country.Germany)
    assert parse_number("0,39", de) == pytest.approx(0.39)
    assert parse_number("0.39", de) == pytest.approx(0.39)
    assert parse_number("1.234,5", de) == pytest.approx(1234.5)


@pytest.mark.gui
@pytest.mark.parametrize("text", ["nan", "inf", "-inf", "abc", "", "  ", "1e400", "1,000", "0..3", "1e"])
def test_parse_number_rejects_with_message(text):
    with pytest.raises(ValueError) as err:
        parse_number(text, QLocale(QLocale.Language.English))
    assert str(err.value)


@pytest.mark.gui
def test_parse_bounded_integer_and_range():
    assert parse_bounded("4", 1, integer=True) == 4
    with pytest.raises(ValueError, match="whole number"):
        parse_bounded("2.5", integer=True)
    with pytest.raises(ValueError, match="0 or more"):
        parse_bounded("-1", 0)
