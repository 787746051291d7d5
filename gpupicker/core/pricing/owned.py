"""The user's own GPUs as price offers: hourly cost of ownership and break-even vs renting.

Hourly cost per GPU-hour of use (straight-line write-off, formulas.md §8 "buy vs rent"):

* capital = purchase / (GPUs × years × 8760 h × utilization) — the purchase is spread over
  the hours the cards actually work during the write-off period;
* power = power draw (W per GPU while working) / 1000 × electricity price per kWh;
* hourly cost = capital + power (converted to USD with the user's exchange rates).

Break-even against the best rental option of a ranking: one hour of work on the owned GPUs
takes ``owned speed / rental speed`` hours on the rental, so the rent saved per hour of use
is ``rental $/h × owned speed / rental speed``; :func:`gpupicker.core.pricing.cost.buy_vs_rent`
turns purchase, that rent and the power bill over ``utilization × 730`` hours per month
into months.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field

from ..hardware.specs import GpuSpec, PriceOffer
from ..messages import Message, join, msg, verbatim
from ..results import Option
from ..units import HOURS_PER_MONTH_DEFAULT
from .cost import buy_vs_rent, to_usd
from .money import USD, Money

HOURS_PER_YEAR = 8760.0
OWNED_PROVIDER = "Owned"
"""``provider`` of owned-hardware offers."""


class OwnedGpu(BaseModel):
    """GPUs the user owns (one row of the catalog's ``owned_gpus`` table).

    Attributes:
        gpu_id: catalog GPU id (``rtx_4090``).
        count: how many of them (an option uses at most this many).
        purchase_price: what all ``count`` cards cost together (plus any host share), in
            ``currency``.
        power_w: draw per GPU while working, in watts (None → the GPU's TDP).
        electricity_per_kwh: electricity price per kWh, in ``electricity_currency``.
        years: write-off period in years.
        utilization: share of all hours the cards work (0–1].
    """

    model_config = ConfigDict(frozen=True, extra="ignore", allow_inf_nan=False)

    id: int | None = None
    gpu_id: str = Field(min_length=1)
    count: int = Field(default=1, ge=1, le=4096)
    purchase_price: float = Field(ge=0, le=1e9)
    currency: str = "USD"
    power_w: float | None = Field(default=None, ge=0, le=100_000)
    electricity_per_kwh: float = Field(default=0.15, ge=0, le=1000)
    electricity_currency: str = ""
    # a write-off under a quarter or a card busy under 1 % of the time is a typing slip (0.0001
    # years gave $20,547,945 per GPU-hour), refused rather than ranked
    years: float = Field(default=3.0, ge=0.25, le=50)
    utilization: float = Field(default=0.5, ge=0.01, le=1)
    label: str = ""


class OwnedCost(BaseModel):
    """Hourly cost of one owned set, USD per GPU-hour of use."""

    model_config = ConfigDict(frozen=True)

    capital_usd_per_gpu_hour: float
    power_usd_per_gpu_hour: float
    usd_per_gpu_hour: float
    purchase_usd: float
    power_w: float
    usd_per_kwh: float


def owned_cost(
    o: OwnedGpu, gpu: GpuSpec | None = None, fx_rates: dict[str, float] | None = None
) -> OwnedCost:
    """Hourly cost of ownership (module docstring formula).

    Raises:
        ValueError: no power figure (neither ``power_w`` nor the GPU's TDP), or a currency
            without exchange rate (``args[0]``: a Message).
    """
    watts = o.power_w if o.power_w is not None else (gpu.tdp_w if gpu else None)
    if watts is None:
        raise ValueError(msg("owned.no_power", gpu_id=o.gpu_id))
    purchase = to_usd(o.purchase_price, o.currency, fx_rates)
    kwh = to_usd(o.electricity_per_kwh, o.electricity_currency or o.currency, fx_rates)
    capital = purchase / (o.count * o.years * HOURS_PER_YEAR * o.utilization)
    power = watts / 1000.0 * kwh
    return OwnedCost(
        capital_usd_per_gpu_hour=capital,
        power_usd_per_gpu_hour=power,
        usd_per_gpu_hour=capital + power,
        purchase_usd=purchase,
        power_w=watts,
        usd_per_kwh=kwh,
    )


def owned_offer(
    o: OwnedGpu, gpu: GpuSpec | None = None, fx_rates: dict[str, float] | None = None
) -> PriceOffer:
    """The owned set as a USD price offer.

    ``pricing`` and ``price_kind`` are ``owned``; ``gpus_per_instance`` = ``count``, the most
    GPUs an option may use.
    """
    c = owned_cost(o, gpu, fx_rates)
    return PriceOffer(
        gpu_id=o.gpu_id,
        provider=OWNED_PROVIDER,
        pricing="owned",
        currency="USD",
        price_per_gpu_hour=max(c.usd_per_gpu_hour, 1e-9),
        gpus_per_instance=o.count,
        price_kind="owned",
        source=o.label or "your own hardware",
        notes=(
            f"{o.count} owned; write-off {o.years:g} years at {o.utilization:.0%} use = "
            f"${c.capital_usd_per_gpu_hour:.3f}/GPU-h, power {c.power_w:.0f} W × "
            f"${c.usd_per_kwh:.3f}/kWh = ${c.power_usd_per_gpu_hour:.3f}/GPU-h"
        ),
    )


def _speed(o: Option) -> float:
    t = o.throughput
    if t.train_tokens_per_s:
        return t.train_tokens_per_s
    if t.seconds_per_image:
        return 1.0 / t.seconds_per_image
    return t.aggregate_decode_tokens_per_s or t.decode_tokens_per_s or 0.0


def break_even(
    owned: Option,
    rental: Option,
    o: OwnedGpu,
    cost: OwnedCost,
    hours_per_month: float = HOURS_PER_MONTH_DEFAULT,
) -> float | None:
    """Months until the purchase is paid back by the rent saved vs ``rental`` (module docstring).

    None when the rental costs less than the power bill.
    """
    ratio = _speed(owned) / _speed(rental) if _speed(rental) > 0 and _speed(owned) > 0 else 1.0
    res = buy_vs_rent(
        cost.purchase_usd,
        rental.cost.usd_per_hour * ratio,
        1,
        hours_used_per_month=o.utilization * hours_per_month,
        tdp_w=cost.power_w * owned.num_gpus,
        utilization=1.0,
        usd_per_kwh=cost.usd_per_kwh,
    )
    return res.break_even_months


def for_serving(o: OwnedGpu, hours_per_month: float = HOURS_PER_MONTH_DEFAULT) -> OwnedGpu:
    """The owned set as a server runs it.

    Every hour of the month (``hours_per_month`` × 12 /
    8760, 1.0 for 730 h), whatever share of use the user entered for batch jobs — the
    write-off is spread over the hours the cards serve.
    """
    return o.model_copy(update={"utilization": min(1.0, hours_per_month * 12 / HOURS_PER_YEAR)})


def serving_break_even(
    owned: Option, rental: Option, cost: OwnedCost, hours_per_month: float = HOURS_PER_MONTH_DEFAULT
) -> float | None:
    """Months until the purchase is paid back when the owned GPUs serve the rental's load.

    Saving per month = the rental's monthly cost for the same request rate − the owned
    GPUs' power bill for ``hours_per_month`` (formulas.md §8); None when nothing is saved. The
    same GPUs against the same rental give the same figure whatever their layout.
    """
    rent = rental.cost.usd_per_month
    if rent is None:
        rent = rental.cost.usd_per_hour * hours_per_month
    power = cost.power_w * owned.num_gpus / 1000.0 * hours_per_month * cost.usd_per_kwh
    saving = rent - power
    return cost.purchase_usd / saving if saving > 0 else None


def _as_message(text: str) -> Message:
    """``text`` itself when it is a Message, else kept verbatim (a reason built by hand)."""
    return text if isinstance(text, Message) else verbatim(text)


def annotate_owned(
    options: Sequence[Option],
    owned: Sequence[OwnedGpu],
    gpus: Sequence[GpuSpec],
    fx_rates: dict[str, float] | None = None,
    hours_per_month: float = HOURS_PER_MONTH_DEFAULT,
    money: Money | None = None,
    *,
    serving: bool = False,
) -> list[Option]:
    """Add the break-even vs the best rental option to every owned option.

    The best rental option is the first-ranked one that fits, is in budget and has an unflagged
    price (else the first-ranked fitting one); the break-even goes in the option's
    ``break_even_months`` and reason. ``serving``: the owned GPUs run 24/7
    (:func:`for_serving`) and the break-even compares monthly costs for the same load
    (:func:`serving_break_even`).
    """
    rentals = [x for x in options if x.pricing not in ("owned", "") and x.fits and x.within_budget]
    best = next((x for x in rentals if not x.price_flag), rentals[0] if rentals else None)
    by_gpu = {g.id: g for g in gpus}
    sets = {o.gpu_id: o for o in owned}
    out = []
    for x in options:
        o = sets.get(x.gpu_id)
        if x.pricing != "owned" or o is None or best is None or not x.fits:
            out.append(x)
            continue
        if serving:
            o = for_serving(o, hours_per_month)
        cost = owned_cost(o, by_gpu.get(x.gpu_id), fx_rates)
        months = (
            serving_break_even(x, best, cost, hours_per_month)
            if serving
            else break_even(x, best, o, cost, hours_per_month)
        )
        rental: dict[str, str | int] = {
            "n": best.num_gpus,
            "gpu": best.gpu_name,
            "provider": best.provider,
            "per_hour": (money or USD).fmt(best.cost.usd_per_hour),
        }
        text = (
            msg("owned.break_even", **rental, months=f"{months:.1f}", share=f"{o.utilization:.0%}")
            if months is not None
            else msg("owned.break_even.never", **rental)
        )
        out.append(
            x.model_copy(
                update={
                    "break_even_months": months,
                    "lazy_reason": join([_as_message(x.reason), join([text], "sentences")], "space"),
                }
            )
        )
    return out


__all__ = [
    "OWNED_PROVIDER",
    "OwnedCost",
    "OwnedGpu",
    "annotate_owned",
    "break_even",
    "for_serving",
    "serving_break_even",
    "owned_cost",
    "owned_offer",
]
