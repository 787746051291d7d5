"""Money, time and energy: run cost, monthly serving, $/1M tokens, spot, buy vs rent, kWh.

Formulas from ``docs/formulas.md`` §8:

* run cost = GPU-hours × price per GPU-hour;
* serving per month = GPUs × $/h × hours per month (730 = 8760/12 by default; the
  seed guide uses 720: a setting);
* $ per 1M tokens = 1e6 · $/h · GPUs / 3600 / tokens/s;
* spot / interruptible: the run's wall-clock hours with its expected interruptions, each
  costing a restart and the work since the last checkpoint (:mod:`gpupicker.core.pricing.spot`);
* buy vs rent: purchase (+ host share) / (monthly rent − monthly power) →
  break-even months, power = TDP × utilization × $/kWh;
* energy = TDP × utilization × hours (board power, the upper bound most
  clouds bill against), tokens per joule = tokens/s / watts.

Prices in other currencies (the catalog keeps CNY rows) are converted to USD
with the user's exchange rates **before** any comparison.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from pydantic import BaseModel, ConfigDict

from ..messages import Message, Text, join, msg
from ..results import CostEstimate, Throughput
from ..units import HOURS_PER_MONTH_DEFAULT, SECONDS_PER_HOUR
from .billing import billed_hours, step_text
from .money import USD, Money, no_rate_message
from .spot import DEFAULT_CHECKPOINT_INTERVAL_HOURS, SpotRate, spot_note, spot_run

DEFAULT_USD_PER_UNIT: dict[str, float] = {"USD": 1.0, "CNY": 0.14, "EUR": 1.09, "GBP": 1.27, "JPY": 0.0067}
"""Fallback USD per 1 unit of each currency (rounded 2026 rates; same convention as the
catalog's ``get_fx_rates``); the user's own rates win."""

SUBSCRIPTION_HOURS: dict[str, float] = {"monthly": HOURS_PER_MONTH_DEFAULT, "yearly": 8760.0}
"""Billing period of a subscription price (包月 / 包年), in hours: the catalog stores its
per-GPU-hour equivalent (period price / period hours) and a run pays whole periods."""
SUBSCRIPTION_NAMES: dict[str, Message] = {
    "monthly": msg("cost.subscription.monthly"),
    "yearly": msg("cost.subscription.yearly"),
}
"""Display name of each subscription pricing (in the cost assumptions)."""

DEFAULT_UTILIZATION = 0.8
"""Share of board power (TDP) drawn on average while a job runs (assumption)."""
DEFAULT_USD_PER_KWH = 0.15


@dataclass(frozen=True, slots=True)
class SpotTerms:
    """What a spot run's interruptions cost (:func:`gpupicker.core.pricing.spot.spot_run`).

    Attributes:
        rate: the provider's published interruption rate (None: none is published).
        checkpoint_interval_hours: hours between the job's checkpoints.
        reload_hours: hours a new instance takes to reload the job (the start-up).
        provider: the offer's provider (named when no rate is known).
    """

    rate: SpotRate | None = None
    checkpoint_interval_hours: float = DEFAULT_CHECKPOINT_INTERVAL_HOURS
    reload_hours: float = 0.0
    provider: str = ""


def _sentence(m: Message) -> Message:
    """``m`` as a sentence of its own (English: with its full stop)."""
    return join([m], "sentences")


@lru_cache(maxsize=2048)
def _note(id: str, **params: str | int | Message) -> Message:
    """The sentence ``msg(id, **params)`` (English: with its full stop), memoized.

    ``estimate_cost`` runs once per option (thousands per recommendation, again on every input
    change): equal figures give the same Message. ``params`` are formatted text, ints and the
    constant :data:`SUBSCRIPTION_NAMES` (cached by value: no two differ only in their ids).
    """
    return _sentence(msg(id, **params))


def usd_per_unit(currency: str, fx_rates: dict[str, float] | None = None) -> tuple[float, bool]:
    """USD per 1 unit of ``currency``, and whether it came from the user's rates.

    The rate is used exactly as given: a rate that looks upside down is a question for
    the user when it is entered (:func:`gpupicker.core.pricing.money.rate_looks_inverted`), never
    flipped here.

    Args:
        currency: ISO code (``CNY`` …).
        fx_rates: currency → USD per unit, e.g. ``{"CNY": 0.1408}`` (the catalog's
            ``get_fx_rates()``, derived from its units-per-USD quotes).

    Raises:
        ValueError: for a currency with no known rate (``args[0]``: a Message,
            :func:`gpupicker.core.pricing.money.no_rate_message`).
    """
    cur = (currency or "USD").upper()
    if cur == "USD":
        return 1.0, True
    if fx_rates:
        rates = {k.upper(): v for k, v in fx_rates.items()}
        if cur in rates and rates[cur] > 0:
            return float(rates[cur]), True
    if cur in DEFAULT_USD_PER_UNIT:
        return DEFAULT_USD_PER_UNIT[cur], False
    raise ValueError(no_rate_message(cur))


def rate_looks_inverted(currency: str, rate: float) -> bool:
    """True when ``rate`` given as USD per unit looks like units per USD (e.g. CNY 7.2).

    :func:`gpupicker.core.pricing.money.rate_looks_inverted` of its inverse. A question for the user,
    never a reason to flip.
    """
    from .money import rate_looks_inverted as per_usd_inverted

    return rate > 0 and per_usd_inverted(currency, 1.0 / rate)


def to_usd(amount: float, currency: str, fx_rates: dict[str, float] | None = None) -> float:
    """Convert ``amount`` in ``currency`` to USD; ``fx_rates`` maps currency → USD per unit.

    Raises:
        ValueError: for a currency with no known rate.
    """
    rate, _ = usd_per_unit(currency, fx_rates)
    return amount * rate


def run_cost_usd(usd_per_gpu_hour: float, num_gpus: int, hours: float) -> float:
    """GPU-hours × price: ``num_gpus × hours × usd_per_gpu_hour``."""
    return usd_per_gpu_hour * num_gpus * hours


def monthly_serving_usd(
    usd_per_gpu_hour: float, num_gpus: int, hours_per_month: float = HOURS_PER_MONTH_DEFAULT
) -> float:
    """Always-on serving per month: GPUs × $/h × hours per month (730 default, 720 option)."""
    return usd_per_gpu_hour * num_gpus * hours_per_month


def usd_per_million_tokens(usd_per_gpu_hour: float, num_gpus: int, tokens_per_s: float) -> float:
    """``1e6 · $/h · GPUs / 3600 / tokens/s`` (formulas.md §8)."""
    if tokens_per_s <= 0:
        return math.inf
    return 1e6 * usd_per_gpu_hour * num_gpus / SECONDS_PER_HOUR / tokens_per_s


def energy_kwh(tdp_w: float, num_gpus: int, hours: float, utilization: float = DEFAULT_UTILIZATION) -> float:
    """GPU energy in kWh: TDP × utilization × GPUs × hours / 1000."""
    return tdp_w * utilization * num_gpus * hours / 1000.0


def kwh_per_million_tokens(
    tdp_w: float, num_gpus: int, tokens_per_s: float, utilization: float = DEFAULT_UTILIZATION
) -> float:
    """Energy to produce 1e6 tokens at ``tokens_per_s`` over all GPUs, in kWh."""
    if tokens_per_s <= 0:
        return math.inf
    return energy_kwh(tdp_w, num_gpus, 1e6 / tokens_per_s / SECONDS_PER_HOUR, utilization)


def tokens_per_joule(
    tdp_w: float, num_gpus: int, tokens_per_s: float, utilization: float = DEFAULT_UTILIZATION
) -> float:
    """Tokens per joule of GPU energy: tokens/s / (TDP × utilization × GPUs)."""
    watts = tdp_w * utilization * num_gpus
    return tokens_per_s / watts if watts > 0 else 0.0


class BuyVsRent(BaseModel):
    """Owning vs renting ``num_gpus`` GPUs. Money in USD; time in months.

    Attributes:
        purchase_usd: cards + host share.
        rent_usd_per_month: rental for the hours used per month.
        power_usd_per_month: electricity when owned (TDP × utilization × $/kWh).
        break_even_months: purchase / (rent − power) per month; ``None`` when renting
            is cheaper than the power bill alone.
    """

    model_config = ConfigDict(frozen=True)

    purchase_usd: float
    rent_usd_per_month: float
    power_usd_per_month: float
    break_even_months: float | None
    assumptions: tuple[Text, ...] = ()


def buy_vs_rent(
    purchase_usd_per_gpu: float,
    rent_usd_per_gpu_hour: float,
    num_gpus: int = 1,
    *,
    hours_used_per_month: float = HOURS_PER_MONTH_DEFAULT,
    tdp_w: float = 0.0,
    utilization: float = DEFAULT_UTILIZATION,
    usd_per_kwh: float = DEFAULT_USD_PER_KWH,
    host_share_usd: float = 0.0,
) -> BuyVsRent:
    """Break-even months of buying vs renting (formulas.md §8).

    ``purchase = num_gpus × purchase_usd_per_gpu + host_share_usd``;
    ``rent/month = num_gpus × $/h × hours used``; ``power/month = num_gpus × TDP ×
    utilization × hours used × $/kWh / 1000``; break-even = purchase / (rent − power).
    """
    purchase = num_gpus * purchase_usd_per_gpu + host_share_usd
    rent = num_gpus * rent_usd_per_gpu_hour * hours_used_per_month
    power = energy_kwh(tdp_w, num_gpus, hours_used_per_month, utilization) * usd_per_kwh
    saving = rent - power
    months = purchase / saving if saving > 0 else None
    return BuyVsRent(
        purchase_usd=purchase,
        rent_usd_per_month=rent,
        power_usd_per_month=power,
        break_even_months=months,
        assumptions=(
            _sentence(
                join(
                    [
                        msg("cost.hours_used", hours=f"{hours_used_per_month:.0f}"),
                        msg(
                            "cost.power",
                            watts=f"{tdp_w:.0f}",
                            utilization=f"{utilization:.0%}",
                            price=f"{usd_per_kwh:.2f}",
                        ),
                        msg("cost.no_resale"),
                    ],
                    "clauses",
                )
            ),
        ),
    )


def gpus_for_serving(
    requests_per_minute: float,
    avg_prompt_tokens: int,
    avg_output_tokens: int,
    replica_output_tokens_per_s: float,
    replica_prefill_tokens_per_s: float,
    gpus_per_replica: int = 1,
    target_utilization: float = 0.7,
) -> tuple[int, int]:
    """Replicas and GPUs needed to serve a request rate.

    A replica spends, per request, ``prompt / prefill_rate + output / aggregate decode rate``
    GPU-seconds (decode rate measured at the serving batch); replicas =
    ⌈rate × that / target utilization⌉ (queueing headroom: 70 % default).

    Returns:
        (replicas, total GPUs).
    """
    if requests_per_minute <= 0:
        return 1, gpus_per_replica
    if replica_output_tokens_per_s <= 0:
        raise ValueError(msg("cost.replica_speed_not_positive"))
    per_req_s = avg_output_tokens / replica_output_tokens_per_s
    if replica_prefill_tokens_per_s > 0:
        per_req_s += avg_prompt_tokens / replica_prefill_tokens_per_s
    load = requests_per_minute / 60.0 * per_req_s
    replicas = max(1, math.ceil(load / target_utilization - 1e-9))
    return replicas, replicas * gpus_per_replica


def estimate_cost(
    *,
    usd_per_gpu_hour: float,
    num_gpus: int,
    throughput: Throughput | None = None,
    hours: float | None = None,
    serving: bool = False,
    hours_per_month: float = HOURS_PER_MONTH_DEFAULT,
    pricing: str = "on_demand",
    tdp_w: float | None = None,
    tokens_out_per_s: float | None = None,
    utilization: float = DEFAULT_UTILIZATION,
    spot: SpotTerms | None = None,
    money: Money | None = None,
    startup: tuple[float, Message] | None = None,
    billing: tuple[str, int | None] | None = None,
) -> CostEstimate:
    """Combine price, duration and speed into a :class:`CostEstimate` (USD).

    Args:
        usd_per_gpu_hour: price per GPU-hour already converted to USD.
        num_gpus: GPUs rented.
        throughput: speed of the option (for $/1M tokens when ``tokens_out_per_s`` is not given).
        hours: run length when known (training, image batches, planned runs).
        serving: an always-on service: fills ``usd_per_month``.
        hours_per_month: 730 default, 720 as the seed guide.
        pricing: ``spot`` adds the expected interruptions to ``hours`` and ``usd_total``
            (:func:`gpupicker.core.pricing.spot.spot_run`) with ``spot``'s terms.
        spot: the provider's interruption rate, the checkpoint interval and the reload time
            of a spot run (:class:`SpotTerms`; None: no rate known, the default interval and
            ``startup``'s hours as the reload).
        utilization: average share of TDP drawn, for the energy figures.
        tdp_w: board power per GPU for the energy figures.
        tokens_out_per_s: tokens/s the option produces (all GPUs); default from ``throughput``.
        money: display currency of the assumption texts (default USD); amounts stay USD.
        startup: (hours, note) of start-up billed before a run of known length
            (:func:`~gpupicker.core.pricing.billing.startup_hours`); it adds to ``hours`` and the total.
        billing: (provider, billing step in seconds or None) the run is rounded up to
            (:func:`~gpupicker.core.pricing.billing.billed_hours`; ``ProviderTerms.billing_increment_s``).
    """
    per_hour = usd_per_gpu_hour * num_gpus
    m = money or USD
    notes: list[Message] = [
        _note("cost.per_hour", n=num_gpus, price=m.fmt(usd_per_gpu_hour), per_hour=m.fmt(per_hour))
    ]
    total = None
    run_hours = hours
    low_high: tuple[float, float] | None = None
    interruptions = None
    start = 0.0
    if hours is not None:
        run_hours = hours  # narrowed to float for the product below
        start = startup[0] if startup is not None and startup[0] > 0 else 0.0
        if pricing == "spot" and hours > 0:
            run_hours, interruptions, low_high = _spot_hours(hours, start, spot, per_hour, m, notes)
            if not math.isfinite(run_hours):
                return CostEstimate(
                    currency="USD",
                    usd_per_hour=per_hour,
                    hours=None,
                    assumptions=tuple(notes),
                    spot_interruptions=None,
                    spot_unfinishable=True,
                )
        if start > 0 and startup is not None:
            run_hours += start
            notes.append(join([startup[1]]))
        total = _billed_total(per_hour, run_hours, pricing, billing, m, notes)
    monthly = monthly_serving_usd(usd_per_gpu_hour, num_gpus, hours_per_month) if serving else None
    if serving:
        notes.append(_note("cost.serving_hours", hours=f"{hours_per_month:g}"))
    tps = tokens_out_per_s
    if tps is None and throughput is not None:
        tps = throughput.train_tokens_per_s or throughput.aggregate_decode_tokens_per_s
    per_m = usd_per_million_tokens(usd_per_gpu_hour, num_gpus, tps) if tps else None
    energy, kwh_per_m = _energy(tdp_w, num_gpus, run_hours, serving, hours_per_month, tps, utilization, notes)
    return CostEstimate(
        currency="USD",
        usd_per_hour=per_hour,
        hours=run_hours,
        usd_total=total,
        usd_per_month=monthly,
        hours_low=low_high[0] if low_high else None,
        hours_high=low_high[1] if low_high and math.isfinite(low_high[1]) else None,
        usd_total_low=per_hour * low_high[0] if low_high else None,
        usd_total_high=per_hour * low_high[1] if low_high and math.isfinite(low_high[1]) else None,
        spot_interruptions=interruptions,
        startup_hours=start if hours is not None and start > 0 else None,
        usd_per_million_tokens=per_m if per_m is not None and math.isfinite(per_m) else None,
        energy_kwh=energy,
        kwh_per_million_tokens=kwh_per_m,
        assumptions=tuple(notes),
    )


def _spot_hours(
    hours: float, start: float, spot: SpotTerms | None, per_hour: float, m: Money, notes: list[Message]
) -> tuple[float, float, tuple[float, float]]:
    """A spot run's hours with its expected interruptions (formulas.md §8, :func:`spot_run`).

    Returns (hours without the start-up, expected interruptions, (low, high) hours with the
    start-up ``start``); the hours are infinite when the run cannot finish. Appends the spot
    note, with totals at ``per_hour`` USD written in ``m``, to ``notes``.
    """
    terms = spot or SpotTerms(reload_hours=start)
    run = spot_run(
        hours,
        checkpoint_interval_hours=terms.checkpoint_interval_hours,
        reload_hours=terms.reload_hours,
        rate=terms.rate,
    )
    low_high = (run.hours_low + start, run.hours_high + start)
    notes.append(
        _sentence(
            spot_note(
                run,
                terms.rate,
                terms.provider,
                interval_hours=terms.checkpoint_interval_hours,
                total=m.fmt(per_hour * (run.hours + start)) if math.isfinite(run.hours) else "∞",
                total_low=m.fmt(per_hour * low_high[0]),
                total_high=m.fmt(per_hour * low_high[1]) if math.isfinite(low_high[1]) else "∞",
            )
        )
    )
    return run.hours, run.interruptions, low_high


def _billed_total(
    per_hour: float,
    run_hours: float,
    pricing: str,
    billing: tuple[str, int | None] | None,
    m: Money,
    notes: list[Message],
) -> float:
    """USD total of ``run_hours`` at ``per_hour``, as billed.

    In the provider's steps (:func:`~gpupicker.core.pricing.billing.billed_hours`), or in whole
    subscription periods (包月 / 包年, :data:`SUBSCRIPTION_HOURS`). Appends the billing notes to
    ``notes``.
    """
    total = per_hour * run_hours
    if billing is not None and pricing not in SUBSCRIPTION_HOURS:
        provider, step = billing
        if step is None:
            notes.append(_note("cost.billing.unknown", provider=provider))
        elif step > 1:
            billed = billed_hours(run_hours, step)
            total = per_hour * billed
            notes.append(
                _note("cost.billing", provider=provider, step=step_text(step), hours=f"{billed:.4g}")
            )
    period = SUBSCRIPTION_HOURS.get(pricing)
    if period is not None:
        # 包月 / 包年: a subscription is paid in whole periods, however short the run
        periods = max(1, math.ceil(run_hours / period - 1e-9))
        total = per_hour * periods * period
        notes.append(
            _note(
                "cost.subscription",
                kind=SUBSCRIPTION_NAMES[pricing],
                n=periods,
                period=f"{period:g}",
                run=f"{run_hours:,.1f}",
                total=m.fmt(total),
            )
        )
    return total


def _energy(
    tdp_w: float | None,
    num_gpus: int,
    run_hours: float | None,
    serving: bool,
    hours_per_month: float,
    tps: float | None,
    utilization: float,
    notes: list[Message],
) -> tuple[float | None, float | None]:
    """(kWh of the run, or of a serving month; kWh per 1M tokens), or None without a TDP.

    At ``utilization`` of the board power ``tdp_w`` (formulas.md §8). Appends their notes to
    ``notes``.
    """
    energy = None
    kwh_per_m = kwh_per_million_tokens(tdp_w, num_gpus, tps, utilization) if tdp_w and tps else None
    if tdp_w and run_hours is not None:
        energy = energy_kwh(tdp_w, num_gpus, run_hours, utilization)
    elif tdp_w and serving:
        energy = energy_kwh(tdp_w, num_gpus, hours_per_month, utilization)
    if energy is not None:
        notes.append(
            _note(
                "cost.energy",
                kwh=f"{energy:,.1f}",
                watts=f"{tdp_w:.0f}",
                share=f"{utilization:.0%}",
                n=num_gpus,
            )
        )
    if kwh_per_m is not None and math.isfinite(kwh_per_m):
        notes.append(_note("cost.kwh_per_million", kwh=f"{kwh_per_m:.3f}"))
    return energy, kwh_per_m


__all__ = [
    "BuyVsRent",
    "DEFAULT_USD_PER_UNIT",
    "buy_vs_rent",
    "energy_kwh",
    "estimate_cost",
    "gpus_for_serving",
    "kwh_per_million_tokens",
    "monthly_serving_usd",
    "rate_looks_inverted",
    "run_cost_usd",
    "SpotTerms",
    "to_usd",
    "tokens_per_joule",
    "usd_per_million_tokens",
    "usd_per_unit",
]
