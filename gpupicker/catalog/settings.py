"""Catalog settings: JSON values by key, exchange rates (dated quotes) and the display currency.

Rates are stored as people quote them (``1 USD = per_usd`` units, key
:data:`~gpupicker.catalog.migrations.FX_SETTING`, since migration m005);
:meth:`SettingsMixin.get_fx_rates` gives USD per unit for converting prices. No Qt.
"""

from __future__ import annotations

import datetime as _dt
import json
import math
from typing import Any

from ..core.money import FxRate, rate_looks_inverted
from .connection import CatalogConnection
from .migrations import FX_SETTING


class SettingsMixin(CatalogConnection):
    """The ``settings`` table: generic settings, exchange rates, display currency."""

    def get_setting(self, key: str, default: Any = None) -> Any:
        """A JSON setting stored in the catalog (``default`` when absent)."""
        rows = self._query("SELECT value FROM settings WHERE key = ?", (key,))
        return json.loads(rows[0]["value"]) if rows else default

    def set_setting(self, key: str, value: Any) -> None:
        """Store a JSON-serializable setting in the catalog.

        Raises:
            TypeError: when ``value`` is not JSON-serializable.
        """
        text = json.dumps(value)
        with self._write() as conn:
            conn.execute("INSERT OR REPLACE INTO settings(key, value) VALUES (?, ?)", (key, text))

    def get_fx_quotes(self) -> dict[str, FxRate]:
        """Exchange rates as people quote them: currency → :class:`~gpupicker.core.money.FxRate`
        (``1 USD = per_usd`` units, with the date and source it was entered with)."""
        raw = self.get_setting(FX_SETTING) or {}
        out: dict[str, FxRate] = {}
        for code, v in raw.items():
            cur = str(code).upper()
            if cur == "USD":
                continue
            if isinstance(v, dict):
                out[cur] = FxRate(cur, float(v["per_usd"]), str(v.get("date") or ""),
                                  str(v.get("source") or ""))
            else:
                out[cur] = FxRate(cur, float(v))
        return out

    def get_fx_rates(self) -> dict[str, float]:
        """Exchange rates as USD per unit of each currency (``{"USD": 1.0, "CNY": 0.1408}``),
        derived from the stored quotes (:meth:`get_fx_quotes`, units per USD) for the code
        that converts prices to USD."""
        rates = {cur: q.usd_per_unit for cur, q in self.get_fx_quotes().items()}
        rates["USD"] = 1.0
        return rates

    def set_fx_rate(self, currency: str, per_usd: float, *, date: str | None = None,
                    source: str = "user", confirm_inverted: bool = False) -> FxRate:
        """Set ``1 USD = per_usd currency`` (e.g. ``"CNY", 7.10``), dated (today by default).

        Raises:
            ValueError: for a non 3-letter code, USD itself, a rate that is not > 0, or —
                unless ``confirm_inverted`` — a rate that looks entered upside down
                (:func:`~gpupicker.core.money.rate_looks_inverted`, e.g. CNY 0.14): that
                is a question for the user, never silently flipped.
        """
        cur = currency.strip().upper()
        if len(cur) != 3 or not cur.isalpha():
            raise ValueError(f"currency {currency!r} is not a 3-letter code")
        if cur == "USD":
            raise ValueError("USD is the base currency; its rate is always 1")
        rate = float(per_usd)
        if not math.isfinite(rate) or rate <= 0:
            raise ValueError(f"exchange rate must be a positive number, got {per_usd!r}")
        if rate_looks_inverted(cur, rate) and not confirm_inverted:
            raise ValueError(
                f"1 USD = {rate:g} {cur} looks upside down (did you mean 1 USD = "
                f"{1 / rate:.4g} {cur}?); enter units of {cur} per US dollar, or confirm it")
        when = date if date is not None else _dt.date.today().isoformat()
        with self._write() as conn:
            row = conn.execute("SELECT value FROM settings WHERE key = ?",
                               (FX_SETTING,)).fetchone()
            rates = json.loads(row[0]) if row else {}
            rates[cur] = {"per_usd": rate, "date": when, "source": source}
            conn.execute("INSERT OR REPLACE INTO settings(key, value) VALUES (?, ?)",
                         (FX_SETTING, json.dumps(rates)))
        return FxRate(cur, rate, when, source)

    def get_display_currency(self) -> str:
        """The currency prices are shown in (``"USD"`` by default)."""
        return str(self.get_setting("display_currency", "USD")).upper()

    def set_display_currency(self, currency: str, chosen: bool = True) -> None:
        """Show prices in ``currency`` (USD or one with an exchange rate).

        Args:
            currency: ISO code.
            chosen: the user picked it (the default); False for a default the app set (the
                zh_CN UI's first start), which :meth:`display_currency_chosen` then reports.

        Raises:
            ValueError: when there is no exchange rate for ``currency``.
        """
        cur = currency.strip().upper()
        if cur not in self.get_fx_rates():
            raise ValueError(f"no exchange rate for {cur}: set one with set_fx_rate first")
        self.set_setting("display_currency", cur)
        self.set_setting("display_currency_chosen", chosen)

    def display_currency_chosen(self) -> bool:
        """True once the user has picked a display currency (the GUI's exchange-rate dialog,
        ``gpupicker catalog currency``); a new catalog's USD is a default, not a choice."""
        return bool(self.get_setting("display_currency_chosen", False))

    def to_usd(self, amount: float, currency: str) -> float | None:
        """Convert ``amount`` in ``currency`` to USD (None when no rate is known)."""
        rate = self.get_fx_rates().get(currency.upper())
        return None if rate is None else amount * rate
