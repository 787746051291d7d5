"""Rank the costed candidates by the user's goal and turn them into options (:class:`Option`).

Options that do not fit, or miss a limit, sort after those that do; within a tier a price its
own source doubts, then one listed out of stock, ranks last. The labels (cheapest, fastest,
best value, most headroom) go to trusted prices only, and each offer's price mark (stale,
low-trust) and stock line join its reason.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import UTC, date, datetime
from functools import partial

from ..hardware.specs import PriceOffer
from ..lazy_text import LazyText
from ..messages import Message, as_message, join, msg, sentence
from ..pricing.money import USD, Money
from ..pricing.offers import IMPLAUSIBLE_USD_PER_GPU_HOUR, doubted_price, too_low_price
from ..pricing.price_kind import DEFAULT_STALE_MONTHS, FLAG_NAMES, price_flag, price_kind
from ..pricing.providers import ProviderTerms
from ..pricing.spot import SpotRate
from ..pricing.stock import STALE_SNAPSHOT_DAYS, out_of_stock, snapshot_age_days, stock_sentence
from ..results import CostEstimate, Option
from ..workload import Workload
from .candidates import Candidate, candidates
from .evaluation import Evaluation


def build_options(
    w: Workload,
    evaluations: list[tuple[Evaluation, list[tuple[PriceOffer | None, float | None]]]],
    goal: str,
    serving: bool,
    hours_per_month: float,
    *,
    today: date | None = None,
    stale_months: int = DEFAULT_STALE_MONTHS,
    money: Money = USD,
    terms: dict[str, ProviderTerms] | None = None,
    spot_rates: Sequence[SpotRate] = (),
    now: datetime | None = None,
) -> list[Option]:
    """The ranked options of ``evaluations`` (each GPU × count with its offers) by ``goal``.

    Costs, misses and reasons from :func:`.candidates.candidates`; prices aged against
    ``today`` (stale after ``stale_months``) and ledger snapshots against ``now``; amounts in
    the reasons in ``money``. The first option is rank 1.
    """
    prelim = candidates(
        w, evaluations, serving, hours_per_month, money=money, terms=terms, spot_rates=spot_rates
    )
    labels, doubt = _rank(prelim, goal, w.prefer_in_stock)
    if now is None:  # one clock for the stale marks and the stock lines built later
        now = datetime.now(UTC)
    out = []
    # id(offer) → (kind, flag, why), once per offer
    marks: dict[int, tuple[str, str, Message | str]] = {}
    for i, p in enumerate(prelim, start=1):
        ev, offer = p.ev, p.offer
        if offer is not None and id(offer) not in marks:
            marks[id(offer)] = _price_mark(p, offer, today, stale_months, money)
        kind, flag, why = marks[id(offer)] if offer is not None else ("", "", "")
        reason = p.reason
        if offer is not None and ((flag and ev.fits) or offer.in_stock):
            # the price mark and the stock line join the reason when it is read
            reason = LazyText(partial(_marked_reason, p.reason, offer, flag if ev.fits else "", why, now))
        age = snapshot_age_days(offer, now) if offer is not None and offer.snapshot_at else None
        # validating nested models that are already instances only checks their type: with
        # pydantic 2 this is faster than model_construct
        out.append(
            Option(
                gpu_id=ev.gpu.id,
                gpu_name=ev.gpu.name,
                num_gpus=ev.total_gpus,
                fits=ev.fits,
                memory=ev.mem,
                capacity_bytes_per_gpu=ev.cap,
                headroom_bytes=ev.cap - ev.used,
                throughput=ev.t,
                cost=p.cost if p.cost is not None else CostEstimate(hours=ev.hours),
                provider=offer.provider if offer else "",
                pricing=offer.pricing if offer else "",
                price_observed=offer.observed if offer else "",
                within_budget=p.within,
                price_kind=kind,
                price_flag=flag,
                price_flag_reason=why,
                price_doubted=doubt[id(p)],
                calibration=ev.calibration,
                in_stock=offer.in_stock if offer else "",
                stock_gpus=offer.stock_gpus if offer else None,
                snapshot_at=offer.snapshot_at if offer else "",
                snapshot_stale=age is not None and age > STALE_SNAPSHOT_DAYS,
                labels=tuple(labels.get(id(p), ())),
                lazy_reason=reason,
                limit=p.limit,
                rank=i,
                serving=ev.plan,
            )
        )
    return out


def _rank(
    prelim: list[Candidate], goal: str, prefer_in_stock: bool
) -> tuple[dict[int, list[str]], dict[int, bool]]:
    """Sort ``prelim`` in place by ``goal`` and give the labels.

    Returns (labels by ``id`` of a candidate, whether each candidate's price is doubted by
    ``id``). Tiers first (fits, within the limits), then priced before unpriced, a doubted
    price and (``prefer_in_stock``) one listed out of stock last in a tier, then the goal's
    key; the labels go to the best trusted, in-stock candidate that fits within the limits.
    """
    doubt = {
        id(p): p.offer is not None and p.cost is not None and doubted_price(p.offer, _usd_per_gpu_hour(p))
        for p in prelim
    }
    # prefer_in_stock: an offer its ledger snapshot lists out of stock ranks after the others of
    # its tier and takes no label
    gone = {id(p): prefer_in_stock and out_of_stock(p.offer) for p in prelim}
    ok = [p for p in prelim if p.ev.fits and p.within and p.cost is not None]
    # labels go to trusted prices only: a "scraper artefact" is never 'cheapest', not even when
    # it is the only offer within the budget (it took all four labels then); the
    # trust note says the top pick rests on a doubted price
    ok_labels = [p for p in ok if not doubt[id(p)] and not gone[id(p)]]
    min_money = min((p.money for p in ok), default=1.0) or 1.0
    max_speed = max((p.speed for p in ok), default=1.0) or 1.0

    def value(p: Candidate) -> float:
        m = p.money
        if not math.isfinite(m):
            return math.inf
        return m / min_money + max_speed / max(p.speed, 1e-12)

    def headroom(p: Candidate) -> float:
        return (p.ev.cap - p.ev.used) / p.ev.cap

    def key(p: Candidate) -> tuple[float | str, ...]:
        tier = (0 if p.ev.fits else 2) + (0 if p.within else 1)
        priced = 0 if p.cost is not None else 1
        if goal == "cheapest":
            # equal cost (the same figure to a cent or 0.1 %, see _tie): fewer GPUs first (fewer
            # to rent, nothing to shard), then the faster
            k: tuple[float, ...] = (_tie(p), p.ev.total_gpus, -p.speed)
        elif goal == "fastest":
            k = (-p.speed, p.money)
        elif goal == "value":
            k = (value(p), p.money)
        else:
            k = (-headroom(p), p.money)
        if not p.ev.fits:
            k = (p.ev.used / p.ev.cap, *k)
        # within a tier, offers whose own source doubts the figure rank last
        return (tier, priced, doubt[id(p)], gone[id(p)], *k, p.ev.total_gpus, p.ev.gpu.id)

    prelim.sort(key=key)
    labels: dict[int, list[str]] = {}
    if ok_labels:
        for name, fn in (
            ("cheapest", lambda p: (_tie(p), p.ev.total_gpus, -p.speed)),
            ("fastest", lambda p: (-p.speed, p.money)),
            ("best value", lambda p: (value(p), p.money)),
            ("most headroom", lambda p: (-headroom(p), p.money)),
        ):
            labels.setdefault(id(min(ok_labels, key=fn)), []).append(name)
    return labels, doubt


def _marked_reason(
    reason: LazyText, offer: PriceOffer, flag: str, why: Message | str, now: datetime | None
) -> Message:
    """``reason`` with the price mark and the stock line after it.

    The "Price marked …" sentence of ``flag`` (none for ``""``), then the offer's stock line
    (:func:`~gpupicker.core.pricing.stock.stock_sentence`, aged against ``now``).
    """
    out = as_message(reason.get())
    if flag:
        marked = sentence(msg("recommend.price_marked", flag=FLAG_NAMES.get(flag, flag), why=why))
        out = join([out, marked], "space")
    stock = stock_sentence(offer, now) if offer.in_stock else None
    if stock is not None:
        out = join([out, stock], "space")
    return out


def _price_mark(
    p: Candidate, offer: PriceOffer, today: date | None, stale_months: int, money: Money
) -> tuple[str, str, Message | str]:
    """(kind, flag, why) of ``offer`` priced in ``p``.

    Its "Price marked …" sentence joins the reason (:func:`_marked_reason`) where ``flag`` is
    set. The offer's own flag (:func:`~gpupicker.core.pricing.price_kind.price_flag`: stale after
    ``stale_months``, guide, scraped …), or low-trust below
    :data:`~gpupicker.core.pricing.offers.IMPLAUSIBLE_USD_PER_GPU_HOUR`.
    """
    flag, why = price_flag(offer, today=today, stale_months=stale_months)
    if p.cost is not None and too_low_price(offer, _usd_per_gpu_hour(p)):
        flag, why = (
            "low-trust",
            msg(
                "price_kind.why.too_low",
                price=money.fmt(_usd_per_gpu_hour(p)),
                floor=money.fmt(IMPLAUSIBLE_USD_PER_GPU_HOUR),
            ),
        )
    return price_kind(offer), flag, why


def _tie(p: Candidate) -> float:
    """The cost figure of ``p`` as compared for a tie.

    A total or a monthly amount to the cent, and to four significant digits where a cent is
    coarser than that (under 10 dollars, where one cent is over 0.1 % of the amount: an
    SDXL batch of $0.0449 and one of $0.0403 are no tie); a rate ($ per 1M tokens, $ per
    hour) to four significant digits. So a tie means the same figure within 0.1 % or a cent,
    whatever its size. Infinity (no price) stays infinite.
    """
    m, c = p.money, p.cost
    if not math.isfinite(m) or m == 0:
        return m
    if c is not None and (c.usd_total is not None or c.usd_per_month is not None) and abs(m) >= 10:
        return round(m, 2)
    return float(f"{m:.4g}")


def _usd_per_gpu_hour(p: Candidate) -> float:
    return p.cost.usd_per_hour / max(1, p.ev.total_gpus) if p.cost is not None else 0.0


__all__ = ["build_options"]
