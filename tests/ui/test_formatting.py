"""Numbers and durations as the UI writes them (ui/i18n/formatting.py)."""

from __future__ import annotations

import pytest


@pytest.mark.gui
def test_run_times_read_in_minutes_hours_days_or_years(qtbot):
    from gpupicker.ui.i18n.formatting import fmt_hours

    assert fmt_hours(0.005) == "< 1 min"
    assert fmt_hours(0.2) == "12 min"  # was "0.0 h"-style rounding for short runs
    assert fmt_hours(5.25) == "5.2 h" or fmt_hours(5.25) == "5.3 h"
    assert fmt_hours(100) == "4.2 days"
    assert fmt_hours(24 * 365.25 * 3) == "3.0 years"  # was "1,095.8 days"
