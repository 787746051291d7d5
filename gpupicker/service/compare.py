"""Scenarios for a comparison: each workload ranked on one catalog snapshot, its option picked.

What ``gpupicker compare`` and the window's Compare view both do; the layout and the marking of
differences are :func:`gpupicker.core.report.compare.compare`'s.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.messages import msg
from ..core.pricing.money import Money
from ..core.report.compare import Scenario
from ..core.results import Option
from ..core.workload import Workload
from .recommendation import CatalogSnapshot, rank_on_snapshot


def pick_option(w: Workload, options: Sequence[Option]) -> Option | None:
    """The option a scenario stands for.

    The workload's own GPU × count when it names a GPU (``gpu`` and ``num_gpus``) and that option
    is ranked, else the first of the ranking.
    """
    if w.gpu:
        own = [o for o in options if o.gpu_id == w.gpu]
        exact = [o for o in own if o.num_gpus == w.num_gpus]
        if exact or own:
            return (exact or own)[0]
    return options[0] if options else None


def scenarios(
    named: Sequence[tuple[str, Workload]], snap: CatalogSnapshot, money: Money | None = None
) -> list[Scenario]:
    """One :class:`~gpupicker.core.report.compare.Scenario` per (name, workload, model resolved).

    Each is ranked on ``snap`` (goal "cheapest", as ``recommend``'s default).

    A workload that cannot be ranked becomes a scenario without an option, saying why.
    """
    out = []
    for name, w in named:
        try:
            ranking = rank_on_snapshot(w, snap, money=money)
        except (ValueError, ArithmeticError) as exc:
            out.append(Scenario(name=name, workload=w, why=msg("text.verbatim", text=str(exc))))
            continue
        out.append(Scenario(name=name, workload=w, option=pick_option(w, ranking.recommendation.options)))
    return out


__all__ = ["pick_option", "scenarios"]
