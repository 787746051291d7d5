"""The task a new session starts with, shared by the first wizard page and the controller.

A module of its own so that :mod:`gpupicker.ui.controller` need not import the task page
(which types its controller: the two would import each other).
"""

from __future__ import annotations

from typing import Final

INITIAL_TASK: Final = "qlora"
"""The task of a new session (``WorkloadController``'s initial workload), checked on the
first page before the controller exists."""
