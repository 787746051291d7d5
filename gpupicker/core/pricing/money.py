"""The one money path: exchange rates as people quote them and one formatter.

Rates are **units of a currency per US dollar**, the way banks, the PBoC central parity
and Chinese users quote them ("1 USD = 7.10 CNY"), each with the date it was observed
and its source. Core computes in USD (every price converted once, with
:meth:`Money.to_usd` / :func:`usd_per_unit`); everything shown to a person — the table,
plots, reasons, notes, the report and the CLI — goes through :meth:`Money.fmt` in the
display currency. Nothing here guesses a rate's direction: :func:`rate_looks_inverted`
only lets the caller ask the user (the dialog asks; the CLI refuses without ``--yes``).

Reference rates for the sanity check (:data:`REFERENCE_PER_USD`): rounded 2026 market
rates (PBoC central parity ≈ 7.1 CNY per USD; ECB reference ≈ 0.92 EUR, 0.79 GBP,
150 JPY per USD). They are never used to convert money, only to spot a rate entered
upside down.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..messages import Message, join, msg

REFERENCE_PER_USD: dict[str, float] = {
    "USD": 1.0,
    "CNY": 7.1,
    "EUR": 0.92,
    "GBP": 0.79,
    "JPY": 150.0,
    "HKD": 7.8,
}
"""Rounded 2026 units per USD, only to spot an upside-down rate (never to convert)."""

SYMBOLS: dict[str, str] = {"USD": "$", "CNY": "¥", "EUR": "€", "GBP": "£", "JPY": "JP¥", "HKD": "HK$"}
"""Currency symbols of the formatter; other codes are written ``"XYZ 1.00"``."""


@dataclass(frozen=True)
class FxRate:
    """One exchange rate as people quote it: ``1 USD = per_usd currency``.

    Attributes:
        currency: ISO 4217 code (``"CNY"``).
        per_usd: units of ``currency`` one US dollar buys (``7.10``), > 0.
        date: when the rate was observed (ISO date, ``""`` unknown).
        source: where it came from (``"PBoC central parity"``, ``"user"``, …).
    """

    currency: str
    per_usd: float
    date: str = ""
    source: str = ""

    @property
    def usd_per_unit(self) -> float:
        """USD one unit of the currency is worth (``1 / per_usd``)."""
        return 1.0 / self.per_usd


FX_PER_USD_MIN = 0.001
"""Smallest accepted exchange rate (units of a currency per US dollar). The strongest
currency quoted, the Kuwaiti dinar, is about 0.31 per USD."""
FX_PER_USD_MAX = 1_000_000.0
"""Largest accepted exchange rate (units per US dollar). The weakest currencies quoted (the
Iranian rial, the Lebanese pound) are below 1,000,000 per USD."""


def check_per_usd(per_usd: object) -> float:
    """``per_usd`` as a float when it is a sensible exchange rate (units per USD).

    The range is :data:`FX_PER_USD_MIN` … :data:`FX_PER_USD_MAX`, as the catalog bounds prices.

    Raises:
        ValueError: not a finite number in that range (0 would divide prices by zero;
            1e308 printed a 309-digit rate and emptied every converted table).
    """
    if isinstance(per_usd, bool) or not isinstance(per_usd, (int, float)):
        raise ValueError(msg("fx.not_a_number", value=repr(per_usd)))
    rate = float(per_usd)
    if not math.isfinite(rate) or not FX_PER_USD_MIN <= rate <= FX_PER_USD_MAX:
        raise ValueError(
            msg(
                "fx.out_of_range",
                low=f"{FX_PER_USD_MIN:g}",
                high=f"{FX_PER_USD_MAX:,.0f}",
                value=repr(per_usd),
            )
        )
    return rate


def rate_looks_inverted(currency: str, per_usd: float) -> bool:
    """True when ``per_usd`` (units per USD) looks entered upside down (USD per unit).

    Its inverse is within 2× of the reference rate while it is more than 10× off itself
    (e.g. CNY 0.14 against the reference 7.1). Unknown currencies are never flagged.

    A True answer is a question for the user, never a reason to flip the rate.
    """
    ref = REFERENCE_PER_USD.get(currency.upper())
    if not ref or ref == 1.0 or per_usd <= 0 or not math.isfinite(per_usd):
        return False
    off = max(per_usd / ref, ref / per_usd)
    return off > 10 and 0.5 < (1.0 / per_usd) / ref < 2.0


AMOUNT_SIGNIFICANT = 3
"""Significant digits of an amount under 10 (in its currency): the one rounding rule of the
totals in the options table, the report and the options' reasons (``$1.17``, ``$0.0412``)."""


def amount_decimals(value: float) -> int:
    """Decimals of an amount by the one money rule.

    Whole from 1000, cents from 10, and :data:`AMOUNT_SIGNIFICANT` significant digits (at
    least cents) below 10.

    ``amount_decimals(1.6348) == 2`` ("1.63"), ``amount_decimals(0.0412) == 4`` ("0.0412"),
    ``amount_decimals(47.14) == 2``, ``amount_decimals(1234.5) == 0``.
    """
    v = abs(value)
    if not math.isfinite(v) or v == 0:
        return 2
    if v >= 1000:
        return 0
    if v >= 10:
        return 2
    return min(8, max(2, AMOUNT_SIGNIFICANT - 1 - math.floor(math.log10(v))))


def format_amount(value: float | None, currency: str = "USD", digits: int | None = 2) -> str:
    """``value`` (already in ``currency``) with its symbol and group separators.

    ``format_amount(1.98, "CNY") == "¥1.98"``; an em dash for None. ``digits=None``: the money
    rule (:func:`amount_decimals`).
    """
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return "—"
    cur = (currency or "USD").upper()
    sym = SYMBOLS.get(cur, cur + " ")
    sign = "-" if value < 0 else ""
    d = amount_decimals(value) if digits is None else digits
    return f"{sign}{sym}{abs(value):,.{d}f}"


@dataclass(frozen=True)
class Money:
    """The display currency and its rate: converts USD amounts for people and back.

    Attributes:
        currency: display currency (``"USD"`` default).
        per_usd: its units per USD (1.0 for USD).
    """

    currency: str = "USD"
    per_usd: float = 1.0

    @classmethod
    def for_display(cls, currency: str, usd_rates: dict[str, float] | None) -> Money:
        """The display money from the catalog's USD-per-unit rates (``get_fx_rates()``).

        Raises:
            ValueError: when ``currency`` has no rate.
        """
        cur = (currency or "USD").upper()
        if cur == "USD":
            return cls()
        return cls(cur, 1.0 / usd_per_unit(cur, usd_rates))

    def from_usd(self, usd: float | None) -> float | None:
        """``usd`` in the display currency (None stays None)."""
        return None if usd is None else usd * self.per_usd

    def to_usd(self, amount: float | None) -> float | None:
        """An amount entered in the display currency, in USD (None stays None)."""
        return None if amount is None else amount / self.per_usd

    def fmt(self, usd: float | None, digits: int | None = 2) -> str:
        """A USD amount shown in the display currency (``digits=None``: :func:`amount_decimals`).

        ``Money("CNY", 7.1).fmt(0.2789)`` → ``"¥1.98"``.
        """
        return format_amount(self.from_usd(usd), self.currency, digits)

    def fmt_native(self, value: float | None, digits: int | None = 2) -> str:
        """An amount already in the display currency, formatted."""
        return format_amount(value, self.currency, digits)


USD = Money()
"""Money shown in US dollars."""


def usd_per_unit(currency: str, usd_rates: dict[str, float] | None) -> float:
    """USD per 1 unit of ``currency`` from the catalog's rates.

    ``get_fx_rates()`` gives USD per unit, derived from the stored units-per-USD quotes. No
    default, no guessing.

    Raises:
        ValueError: for a currency with no rate (``args[0]``: :func:`no_rate_message`).
    """
    cur = (currency or "USD").upper()
    if cur == "USD":
        return 1.0
    rates = {k.upper(): v for k, v in (usd_rates or {}).items()}
    r = rates.get(cur)
    if r is None or not r > 0:
        raise ValueError(no_rate_message(cur))
    return float(r)


def no_rate_message(currency: str) -> Message:
    """The error for a currency without exchange rate.

    "no exchange rate for CNY; set one (1 USD = … CNY) with `gpupicker catalog fx set` or in
    the exchange-rate dialog".
    """
    return join(
        [msg("money.no_rate", currency=currency), msg("money.set_rate", currency=currency)], "clauses"
    )


__all__ = [
    "AMOUNT_SIGNIFICANT",
    "FxRate",
    "Money",
    "REFERENCE_PER_USD",
    "SYMBOLS",
    "USD",
    "amount_decimals",
    "format_amount",
    "no_rate_message",
    "rate_looks_inverted",
    "usd_per_unit",
]
