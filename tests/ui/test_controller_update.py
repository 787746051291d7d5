"""WorkloadController.update() takes Workload fields only: a typo is an error, not a no-op."""

from __future__ import annotations

import pytest


def test_an_unknown_field_is_refused_and_changes_nothing(qtbot, repo):
    from gpupicker.ui.controller import WorkloadController
    from gpupicker.ui.settings.preferences import Preferences

    c = WorkloadController(repo, prefs=Preferences.load())
    before = c.workload
    with pytest.raises(TypeError, match="not Workload fields: seq_lenn"):
        c.update(seq_lenn=5)
    assert c.workload is before
    assert c.update(seq_len=1024) is True and c.workload.seq_len == 1024
