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
from typing import Any

from ..hardware.specs import PriceOffer
from ..lazy_text import LazyText
from ..messages import Message, Text, as_message, join, msg, sentence
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
    # what an offer gives its options (kind, flag, stock …), once per offer (by id)
    of_offer: dict[int, _OfferFields] = {}
    unpriced: dict[float | None, CostEstimate] = {}  # the cost of an option without a price
    for i, p in enumerate(prelim, start=1):
        ev, offer = p.ev, p.offer
        if offer is None:
            fields = _NO_OFFER_FIELDS
        elif (hit := of_offer.get(id(offer))) is not None:
            fields = hit
        else:
            fields = of_offer[id(offer)] = _offer_fields(p, offer, today, stale_months, money, now)
        provider, pricing, observed, kind, flag, why, in_stock, stock_gpus, snapshot_at, stale = fields
        reason: LazyText | Text = p.reason
        if offer is not None and ((flag and ev.fits) or in_stock):
            # the price mark and the stock line join the reason when it is read
            reason = LazyText(partial(_marked_reason, p.reason, offer, flag if ev.fits else "", why, now))
        cost = p.cost
        if cost is None:
            cost = unpriced.get(ev.hours)
            if cost is None:
                cost = unpriced[ev.hours] = CostEstimate(hours=ev.hours)
        gpu = ev.gpu
        # every field in its declared order (the test checks it against Option.model_fields)
        out.append(
            _built_option(
                {
                    "gpu_id": gpu.id,
                    "gpu_name": gpu.name,
                    "num_gpus": ev.total_gpus,
                    "fits": ev.fits,
                    "memory": ev.mem,
                    "capacity_bytes_per_gpu": ev.cap,
                    "headroom_bytes": ev.cap - ev.used,
                    "throughput": ev.t,
                    "cost": cost,
                    "provider": provider,
                    "pricing": pricing,
                    "price_observed": observed,
                    "price_kind": kind,
                    "price_flag": flag,
                    "price_flag_reason": why,
                    "price_doubted": doubt[id(p)],
                    "in_stock": in_stock,
                    "stock_gpus": stock_gpus,
                    "snapshot_at": snapshot_at,
                    "snapshot_stale": stale,
                    "break_even_months": None,
                    "calibration": ev.calibration,
                    "within_budget": p.within,
                    "labels": tuple(labels.get(id(p), ())),
                    "limit": p.limit,
                    "rank": i,
                    "serving": ev.plan,
                    "lazy_reason": reason,
                }
            )
        )
    return out


BUILT_FIELDS = frozenset(Option.model_fields) - {"break_even_months"}
"""The fields :func:`build_options` gives an option (the owned-GPU annotation adds the break-even
later, core.pricing.owned): its fields set, as ``Option(**fields)`` would have it."""

_new = Option.__new__
_set = object.__setattr__


def _built_option(fields: dict[str, Any]) -> Option:
    """The :class:`Option` of ``fields`` (every field, in its declared order), not validated.

    :func:`build_options`' ~400 options per ranking are built from validated parts (the
    evaluation's memory, throughput and serving plan, a cost estimate, a catalog price row's
    fields) and figures of the right type computed from them, so pydantic's validation would
    only check their types again: it was most of building an option (with the ``**`` merges of
    an earlier version of this, a tenth of a recommendation's instructions). The option is the
    one ``Option(**fields)`` gives: the same values in the same order (its JSON is the same),
    :data:`BUILT_FIELDS` set (tests/core/test_trusted_options.py compares every option of the
    bench's jobs with the validated build). Options from outside input go through
    ``Option(...)``, which refuses an unknown field (``extra="forbid"``).
    """
    o = _new(Option)
    _set(o, "__dict__", fields)
    _set(o, "__pydantic_fields_set__", set(BUILT_FIELDS))
    _set(o, "__pydantic_extra__", None)
    _set(o, "__pydantic_private__", None)
    return o


_OfferFields = tuple[str, str, str, str, str, "Message | str", str, "int | None", str, bool]
"""An offer's option fields: provider, pricing, price_observed, price_kind, price_flag,
price_flag_reason, in_stock, stock_gpus, snapshot_at, snapshot_stale."""

_NO_OFFER_FIELDS: _OfferFields = ("", "", "", "", "", "", "", None, "", False)
"""The offer fields of an option without a price."""


def _offer_fields(
    p: Candidate, offer: PriceOffer, today: date | None, stale_months: int, money: Money, now: datetime
) -> _OfferFields:
    """The option fields ``offer`` gives its options, ``p`` the first of them.

    Provider, pricing, observed date, kind and flag (:func:`_price_mark`), stock and snapshot
    (stale after :data:`~gpupicker.core.pricing.stock.STALE_SNAPSHOT_DAYS` at ``now``).
    """
    kind, flag, why = _price_mark(p, offer, today, stale_months, money)
    age = snapshot_age_days(offer, now) if offer.snapshot_at else None
    return (
        offer.provider,
        offer.pricing,
        offer.observed,
        kind,
        flag,
        why,
        offer.in_stock,
        offer.stock_gpus,
        offer.snapshot_at,
        age is not None and age > STALE_SNAPSHOT_DAYS,
    )


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
    gone = {id(p): out_of_stock(p.offer) for p in prelim} if prefer_in_stock else dict.fromkeys(doubt, False)
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

    # the cost figure compared for a tie, once per candidate that needs it
    tie = {id(p): _tie(p) for p in (prelim if goal == "cheapest" else ok_labels)}

    def key(p: Candidate) -> tuple[float | str, ...]:
        ev, i = p.ev, id(p)
        # the tier (fits, within the limits), priced before unpriced, then within a tier offers
        # whose own source doubts the figure and those listed out of stock last: the order of
        # the tuple (tier, unpriced, doubted, gone) as one number (fewer items to compare)
        head = ((0 if ev.fits else 2) + (0 if p.within else 1)) * 8 + (0 if p.cost is not None else 4)
        head += 2 * doubt[i] + gone[i]
        if goal == "cheapest":
            # equal cost (the same figure to a cent or 0.1 %, see _tie): fewer GPUs first (fewer
            # to rent, nothing to shard), then the faster
            k: tuple[float, ...] = (tie[i], ev.total_gpus, -p.speed)
        elif goal == "fastest":
            k = (-p.speed, p.money)
        elif goal == "value":
            k = (value(p), p.money)
        else:
            k = (-headroom(p), p.money)
        if ev.fits:
            return (head, *k, ev.total_gpus, ev.gpu.id)
        return (head, ev.used / ev.cap, *k, ev.total_gpus, ev.gpu.id)

    prelim.sort(key=key)
    labels: dict[int, list[str]] = {}
    if ok_labels:
        for name, fn in (
            ("cheapest", lambda p: (tie[id(p)], p.ev.total_gpus, -p.speed)),
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


__all__ = ["BUILT_FIELDS", "build_options"]
