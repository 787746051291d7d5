"""The results page's lines about the rows it lists: how many the one-row-per-GPU-type view
hides (ranks jump 1, 5, 6 … because of it), and where the user's own GPU × count ranks.

The sentences are core's (:mod:`gpupicker.core.ranking.shown_rows`, as the CLI prints them),
rendered in the UI's language.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication

from ...core.ranking.shown_rows import (
    hidden_rows_message,
    one_per_gpu_options,
    preferred_option,
    preferred_rank_message,
)
from ...core.results import Option
from ..i18n.core_messages import tr_message
from ..i18n.placeholders import tr_fmt

translate = QCoreApplication.translate


def shown_rows_lines(
    options: Sequence[Option],
    preferred: tuple[str, int] | None,
    *,
    one_per_gpu: bool,
    only_fitting: bool,
) -> list[str]:
    """The lines for the table's head: the rows "One row per GPU type" hides among those the
    fit filter lists (``only_fitting``: the fitting ones, when any), and the preferred
    (GPU id, count)'s rank and fit (None: no line)."""
    lines: list[str] = []
    fitting = [o for o in options if o.fits]
    listed = fitting if only_fitting and fitting else list(options)
    mine = preferred_option(options, preferred)
    if one_per_gpu:
        firsts = one_per_gpu_options(listed)
        hidden = len(listed) - len(firsts) - (1 if mine in listed and mine not in firsts else 0)
        if hidden > 0:
            lines.append(
                tr_fmt(
                    translate("ResultsPage", "%1 (untick “One row per GPU type” to show them)."),
                    tr_message(hidden_rows_message(hidden)),
                )
            )
    if mine is not None:
        lines.append(tr_fmt(translate("ResultsPage", "%1."), tr_message(preferred_rank_message(mine))))
    return lines
