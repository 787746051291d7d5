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

from ..core.messages import error_message, msg
from ..core.pricing.money import FxRate, check_per_usd, rate_looks_inverted
from ..core.text.json_limits import JsonLimitError, loads_bounded
from .connection import CatalogConnection
from .errors import CatalogSettingError, FxRateInvertedError
from .migrations import FX_SETTING

SETTING_KEYS = (FX_SETTING, "display_currency", "display_currency_chosen")
"""The settings gpupicker stores (checked by :meth:`SettingsMixin.settings_problems`)."""


class SettingsMixin(CatalogConnection):
    """The ``settings`` table: generic settings, exchange rates, display currency.

    A damaged value (not JSON, a wrong type, an exchange rate of 0 — reachable after a bug,
    a format change or a hand edit) never stops a reader: the reading methods leave it out
    and :meth:`settings_problems` names it; a write that would build on it raises
    :class:`~.errors.CatalogSettingError`; :meth:`reset_damaged_settings` (``gpupicker
    catalog recover``) resets it.
    """

    def get_setting(self, key: str, default: Any = None) -> Any:
        """A JSON setting stored in the catalog (``default`` when absent).

        Raises:
            CatalogSettingError: the stored text is not JSON (or beyond
                :mod:`gpupicker.core.text.json_limits`' bounds).
        """
        rows = self._query("SELECT value FROM settings WHERE key = ?", (key,))
        if not rows:
            return default
        try:
            return loads_bounded(rows[0]["value"])
        except JsonLimitError as exc:
            raise CatalogSettingError(self.path, key, error_message(exc)) from None
        except (TypeError, ValueError):  # json.JSONDecodeError; TypeError: not text at all
            raise CatalogSettingError(self.path, key, msg("setting.not_json")) from None

    def _fx_entries(self) -> tuple[dict[str, FxRate], list[CatalogSettingError]]:
        """The readable exchange rates and the problems of the unreadable ones."""
        try:
            raw = self.get_setting(FX_SETTING) or {}
        except CatalogSettingError as exc:
            return {}, [exc]
        if not isinstance(raw, dict):
            return {}, [
                CatalogSettingError(
                    self.path, FX_SETTING, msg("setting.not_a_table", type=type(raw).__name__)
                )
            ]
        out: dict[str, FxRate] = {}
        problems: list[CatalogSettingError] = []
        for code, v in raw.items():
            cur = str(code).upper()
            if cur == "USD":
                continue
            try:
                if len(cur) != 3 or not cur.isalpha():
                    raise ValueError(msg("setting.not_a_code", value=repr(cur[:20])))
                if isinstance(v, dict):
                    out[cur] = FxRate(
                        cur,
                        check_per_usd(v.get("per_usd")),
                        str(v.get("date") or ""),
                        str(v.get("source") or ""),
                    )
                else:
                    out[cur] = FxRate(cur, check_per_usd(v))
            except ValueError as exc:
                why = msg("setting.rate_of", code=cur[:20], reason=error_message(exc))
                problems.append(CatalogSettingError(self.path, FX_SETTING, why))
        return out, problems

    def settings_problems(self) -> list[CatalogSettingError]:
        """Every damaged setting of :data:`SETTING_KEYS` (empty when all are fine).

        Readers skip these (an exchange rate left out, the display currency back to USD), so
        callers show them as warnings that name the fix (``gpupicker catalog recover``).
        """
        problems = self._fx_entries()[1]
        for key in ("display_currency", "display_currency_chosen"):
            try:
                value = self.get_setting(key)
            except CatalogSettingError as exc:
                problems.append(exc)
                continue
            if (
                key == "display_currency"
                and value is not None
                and not (isinstance(value, str) and len(value) == 3 and value.isalpha())
            ):
                problems.append(
                    CatalogSettingError(
                        self.path, key, msg("setting.not_currency", value=repr(str(value)[:20]))
                    )
                )
            if key == "display_currency_chosen" and value is not None and not isinstance(value, bool):
                problems.append(CatalogSettingError(self.path, key, msg("setting.not_bool")))
        return problems

    def reset_damaged_settings(self) -> list[tuple[str, str]]:
        """Reset the damaged settings, keeping the good exchange rates.

        A bad exchange rate is removed (the good ones are kept),
        another damaged key goes back to its default.

        Returns:
            ``(key, the stored text before the reset)`` for each key changed (so a user can
            re-enter a rate), empty when nothing was damaged.

        Raises:
            CatalogReadOnlyError: the catalog is read-only.
        """
        keys = {p.key for p in self.settings_problems()}
        if not keys:
            return []
        changed: list[tuple[str, str]] = []
        good, _ = self._fx_entries()
        with self._write() as conn:
            for key in sorted(keys):
                row = conn.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
                changed.append((key, str(row[0]) if row else ""))
                if key == FX_SETTING and good:
                    kept = {
                        c: {"per_usd": q.per_usd, "date": q.date, "source": q.source} for c, q in good.items()
                    }
                    conn.execute(
                        "INSERT OR REPLACE INTO settings(key, value) VALUES (?, ?)", (key, json.dumps(kept))
                    )
                else:
                    conn.execute("DELETE FROM settings WHERE key = ?", (key,))
        return changed

    def set_setting(self, key: str, value: Any) -> None:
        """Store a JSON-serializable setting in the catalog.

        Raises:
            TypeError: when ``value`` is not JSON-serializable.
        """
        text = json.dumps(value)
        with self._write() as conn:
            conn.execute("INSERT OR REPLACE INTO settings(key, value) VALUES (?, ?)", (key, text))

    def get_fx_quotes(self) -> dict[str, FxRate]:
        """Exchange rates as people quote them (units per US dollar), by currency.

        Currency → :class:`~gpupicker.core.pricing.money.FxRate`
        (``1 USD = per_usd`` units, with the date and source it was entered with).

        A damaged rate is left out (:meth:`settings_problems` names it).
        """
        return self._fx_entries()[0]

    def get_fx_rates(self) -> dict[str, float]:
        """Exchange rates as USD per unit of each currency, for converting prices.

        For example ``{"USD": 1.0, "CNY": 0.1408}``: derived from the stored quotes
        (:meth:`get_fx_quotes`, units per USD) for the code that converts prices to USD.
        """
        rates = {cur: q.usd_per_unit for cur, q in self.get_fx_quotes().items()}
        rates["USD"] = 1.0
        return rates

    def set_fx_rate(
        self,
        currency: str,
        per_usd: float,
        *,
        date: str | None = None,
        source: str = "user",
        confirm_inverted: bool = False,
    ) -> FxRate:
        """Set ``1 USD = per_usd currency`` (e.g. ``"CNY", 7.10``), dated (today by default).

        Raises:
            CatalogSettingError: the stored rates are damaged (``catalog recover`` first).
            FxRateInvertedError: (a ValueError) unless ``confirm_inverted``, for a rate that
                looks entered upside down.
            ValueError: (an ``fx.*`` Message) for a non 3-letter code, USD itself, or a rate
                outside :func:`~gpupicker.core.pricing.money.check_per_usd`'s range. The upside-down
                test is :func:`~gpupicker.core.pricing.money.rate_looks_inverted` (e.g. CNY
                0.14): a question for the user, never silently flipped.
        """
        cur = currency.strip().upper()
        if len(cur) != 3 or not cur.isalpha():
            raise ValueError(msg("fx.not_a_code", code=repr(currency)))
        if cur == "USD":
            raise ValueError(msg("fx.usd_is_base"))
        rate = float(per_usd)
        if not math.isfinite(rate) or rate <= 0:
            raise ValueError(msg("fx.not_positive", value=repr(per_usd)))
        check_per_usd(rate)
        damaged = [p for p in self._fx_entries()[1]]
        if damaged:
            raise damaged[0]  # building on a damaged table would lose it: recover first
        if rate_looks_inverted(cur, rate) and not confirm_inverted:
            raise FxRateInvertedError(cur, rate)
        when = date if date is not None else _dt.date.today().isoformat()
        with self._write() as conn:
            row = conn.execute("SELECT value FROM settings WHERE key = ?", (FX_SETTING,)).fetchone()
            rates = loads_bounded(row[0]) if row else {}
            rates[cur] = {"per_usd": rate, "date": when, "source": source}
            conn.execute(
                "INSERT OR REPLACE INTO settings(key, value) VALUES (?, ?)", (FX_SETTING, json.dumps(rates))
            )
        return FxRate(cur, rate, when, source)

    def get_display_currency(self) -> str:
        """The currency prices are shown in (``"USD"`` by default).

        USD also when the stored value is
        damaged: :meth:`settings_problems` names it.
        """
        try:
            value = self.get_setting("display_currency", "USD")
        except CatalogSettingError:
            return "USD"
        if not (isinstance(value, str) and len(value) == 3 and value.isalpha()):
            return "USD"
        return value.upper()

    def set_display_currency(self, currency: str, chosen: bool = True) -> None:
        """Show prices in ``currency`` (USD or one with an exchange rate).

        Args:
            currency: ISO code.
            chosen: the user picked it (the default); False for a default the app set (the
                zh_CN UI's first start), which :meth:`display_currency_chosen` then reports.

        Raises:
            ValueError: when there is no exchange rate for ``currency`` (``fx.no_rate``).
        """
        cur = currency.strip().upper()
        if cur not in self.get_fx_rates():
            raise ValueError(msg("fx.no_rate", currency=cur))
        self.set_setting("display_currency", cur)
        self.set_setting("display_currency_chosen", chosen)

    def display_currency_chosen(self) -> bool:
        """True once the user has picked a display currency.

        Picked in the GUI's exchange-rate dialog or with
        ``gpupicker catalog currency``; a new catalog's USD is a default, not a choice.
        """
        try:
            return self.get_setting("display_currency_chosen", False) is True
        except CatalogSettingError:
            return False

    def to_usd(self, amount: float, currency: str) -> float | None:
        """Convert ``amount`` in ``currency`` to USD (None when no rate is known)."""
        rate = self.get_fx_rates().get(currency.upper())
        return None if rate is None else amount * rate
