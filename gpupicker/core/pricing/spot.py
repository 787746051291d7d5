"""Spot (interruptible) runs: expected wall-clock hours with the interruptions they bring.

A spot instance can be taken back at any time. A job of ``W`` hours of work that checkpoints
every ``τ`` hours loses, per interruption, on average the work since its last checkpoint
(``τ / 2``: the first-order model of J. W. Young, "A first order approximation to the optimum
checkpoint interval", CACM 17(9), 1974) plus a restart ``R``: a new instance reloads (image
pull, model download and load — :func:`gpupicker.core.pricing.billing.startup_hours`) and warms up
(:data:`WARMUP_HOURS`). Interruptions arrive at ``λ`` per hour of wall-clock time, during the
redone work and the restarts too, so the expected wall-clock time ``T`` solves
``T = W + λ·T·(R + τ/2)``:

    T = W / (1 − λ·(R + τ/2)),   interruptions = λ·T.

Every hour of ``T`` runs on a billed instance (the lost work was billed when it ran, the
restart is billed while it loads), so the spot total is ``T`` × the spot price.

The rate ``λ`` comes from a provider's published figure (``data/spot_rates.csv``:
:class:`SpotRate`, one row per provider and pricing, each with its source) as a range, low to
high. Without a published figure the range is :data:`UNKNOWN_RATE_PER_HOUR`, wider, and the
option says that no rate is known. The ranking uses the geometric middle of the range; the
cost assumptions show the hours and totals at both ends.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..messages import Message, msg
from ..workload import DEFAULT_CHECKPOINT_INTERVAL_HOURS

WARMUP_HOURS = 5.0 / 60.0
"""Warm-up after a reload before the job makes progress again: reading the last checkpoint
(optimizer state included), restoring the data-loader position and the first slow steps
(compilation, CUDA graphs). gpupicker's assumption: 5 minutes."""

UNKNOWN_RATE_PER_HOUR = (1.0 / 72.0, 1.0 / 3.0)
"""Interruptions per hour assumed for a spot offer whose provider publishes no rate: from one
per 72 h to one per 3 h. gpupicker's assumption, wide on purpose: it spans the published cloud
figures (``data/spot_rates.csv``) and marketplace hosts that hand a GPU to a higher bid."""

UNFINISHABLE = 0.95
"""Above this share ``λ·(R + τ/2)`` of every hour lost to interruptions the job is taken as
never finishing (the formula's ``T`` grows without bound as the share nears 1)."""


class SpotRate(BaseModel):
    """A provider's published interruption figure for one pricing (``data/spot_rates.csv``).

    Attributes:
        provider: the catalog's provider name (``prices.provider``).
        pricing: the price type the figure is for (``spot``).
        interruptions_per_hour_low / interruptions_per_hour_high: the published figure as a
            rate per instance-hour, low and high end (``-ln(1 − p) / hours`` of a share ``p``
            of instances interrupted per period).
        published: the figure as the source states it ("<5 % to >20 % per month").
        source / as_of: where it is published and when it was read.
    """

    model_config = ConfigDict(frozen=True, extra="ignore", allow_inf_nan=False)

    provider: str = Field(min_length=1)
    pricing: str = "spot"
    interruptions_per_hour_low: float = Field(gt=0, le=100)
    interruptions_per_hour_high: float = Field(gt=0, le=100)
    published: str = Field(min_length=1)
    source: str = Field(min_length=1)
    as_of: str = Field(min_length=7)

    @model_validator(mode="after")
    def _ordered(self) -> SpotRate:
        if self.interruptions_per_hour_low > self.interruptions_per_hour_high:
            raise ValueError(msg("cost.spot.rate_order", provider=self.provider))
        return self


class SpotRun(BaseModel):
    """Expected wall-clock hours of a spot run, at the middle and both ends of its rate range.

    Attributes:
        hours / hours_low / hours_high: expected wall-clock hours at the middle, low and high
            rate (``math.inf`` at a rate the job cannot finish at).
        interruptions: expected interruptions at the middle rate.
        per_hour / per_hour_low / per_hour_high: the rates used (interruptions per hour).
        restart_hours: reload + warm-up per interruption.
        lost_hours: work redone per interruption (half a checkpoint interval).
        rate_known: whether the rate is a published figure (else :data:`UNKNOWN_RATE_PER_HOUR`).
        note: the assumption sentence's message (without the money).
    """

    model_config = ConfigDict(frozen=True)

    hours: float
    hours_low: float
    hours_high: float
    interruptions: float
    per_hour: float
    per_hour_low: float
    per_hour_high: float
    restart_hours: float
    lost_hours: float
    rate_known: bool


def rate_for(provider: str, pricing: str, rates: Sequence[SpotRate]) -> SpotRate | None:
    """The published rate of ``provider`` for ``pricing`` (case-insensitive name), or None."""
    name = provider.strip().lower()
    return next((r for r in rates if r.provider.lower() == name and r.pricing == pricing), None)


def _wall_hours(work_hours: float, per_hour: float, cost_hours: float) -> float:
    share = per_hour * cost_hours
    if share >= UNFINISHABLE:
        return math.inf
    return work_hours / (1.0 - share)


def spot_run(
    work_hours: float,
    *,
    checkpoint_interval_hours: float,
    reload_hours: float,
    rate: SpotRate | None,
    warmup_hours: float = WARMUP_HOURS,
) -> SpotRun:
    """Expected wall-clock hours of ``work_hours`` of work on interruptible instances.

    ``T = W / (1 − λ·(R + τ/2))`` (module docstring; Young 1974 for the ``τ/2`` lost per
    interruption) at the middle (geometric mean), low and high end of the rate range.

    Args:
        work_hours: hours of work without interruptions (the run's own length), > 0.
        checkpoint_interval_hours: hours between checkpoints (``Workload``), > 0.
        reload_hours: hours to bring a new instance to the job (image, model, load).
        rate: the provider's published rate; None uses :data:`UNKNOWN_RATE_PER_HOUR`.
        warmup_hours: hours after the reload before progress resumes.

    Raises:
        ValueError: for a work length or checkpoint interval that is not positive
            (``args[0]`` a Message).
    """
    if not work_hours > 0 or not checkpoint_interval_hours > 0:
        raise ValueError(msg("cost.spot.not_positive"))
    low, high = (
        (rate.interruptions_per_hour_low, rate.interruptions_per_hour_high)
        if rate is not None
        else UNKNOWN_RATE_PER_HOUR
    )
    mid = math.sqrt(low * high)
    restart = max(0.0, reload_hours) + max(0.0, warmup_hours)
    lost = checkpoint_interval_hours / 2.0
    per = restart + lost
    hours = _wall_hours(work_hours, mid, per)
    return SpotRun(
        hours=hours,
        hours_low=_wall_hours(work_hours, low, per),
        hours_high=_wall_hours(work_hours, high, per),
        interruptions=mid * hours if math.isfinite(hours) else math.inf,
        per_hour=mid,
        per_hour_low=low,
        per_hour_high=high,
        restart_hours=restart,
        lost_hours=lost,
        rate_known=rate is not None,
    )


def _every(per_hour: float) -> str:
    """One interruption per … hours, as text ("one per 1,460 h")."""
    return f"{1.0 / per_hour:,.0f}" if per_hour < 1 / 9.5 else f"{1.0 / per_hour:.1f}"


def _hours(h: float) -> str:
    return f"{h:,.1f}" if math.isfinite(h) else "∞"


def spot_note(
    run: SpotRun,
    rate: SpotRate | None,
    provider: str,
    *,
    interval_hours: float,
    total: str,
    total_low: str,
    total_high: str,
) -> Message:
    """The sentence a spot option's cost assumptions carry (``cost.spot.run``).

    It names the rate and its source (or that none is published), the checkpoint interval,
    the restart and the work lost per interruption, the expected interruptions and the hours
    and totals at the middle and both ends of the range (``total*``: formatted amounts).
    """
    where = (
        msg("cost.spot.rate", published=rate.published, source=rate.source, as_of=rate.as_of)
        if rate is not None
        else (
            msg("cost.spot.rate_unknown", provider=provider)
            if provider
            else msg("cost.spot.rate_unknown_any")
        )
    )
    return msg(
        "cost.spot.run",
        where=where,
        low=_every(run.per_hour_high),
        high=_every(run.per_hour_low),
        interval=f"{interval_hours:g}",
        restart=f"{run.restart_hours * 60:.0f}",
        lost=f"{run.lost_hours * 60:.0f}",
        n=f"{run.interruptions:.1f}",
        hours=_hours(run.hours),
        hours_low=_hours(run.hours_low),
        hours_high=_hours(run.hours_high),
        total=total,
        total_low=total_low,
        total_high=total_high,
    )


__all__ = [
    "DEFAULT_CHECKPOINT_INTERVAL_HOURS",
    "UNKNOWN_RATE_PER_HOUR",
    "WARMUP_HOURS",
    "SpotRate",
    "SpotRun",
    "rate_for",
    "spot_note",
    "spot_run",
]
