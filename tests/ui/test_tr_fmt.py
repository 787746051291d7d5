"""tr_fmt fills Qt's %1 … %9 placeholders in one pass."""

from __future__ import annotations

from gpupicker.ui.i18n.placeholders import tr_fmt


def test_placeholders_are_filled_by_number_in_one_pass():
    assert tr_fmt("Cannot read %1: %2", "a.csv", "no such file") == "Cannot read a.csv: no such file"
    # an argument holding "%2" is not substituted again (chained .replace() did that)
    assert tr_fmt("%1 and %2", "100%2 off", "x") == "100%2 off and x"
    assert tr_fmt("%2 before %1", 1, 2) == "2 before 1"
    assert tr_fmt("%1 of %3", "a") == "a of %3"  # no argument: the placeholder stays
