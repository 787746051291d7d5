"""``gpupicker catalog fx`` and ``gpupicker catalog currency``: exchange rates as quoted.

``catalog fx`` lists ``1 USD = N CODE`` with the date and source of each rate;
``catalog fx set CNY 7.10 [--date D] [--source S] [--yes]`` sets one (units per US
dollar; a rate that looks upside down, e.g. 0.14, is refused unless ``--yes`` confirms
it); ``catalog currency [CODE]`` prints or sets the display currency every amount of
the UI, the report and ``recommend`` is shown in.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
from typing import Any

from ..catalog.errors import FxRateInvertedError
from .common import cli_currency, open_catalog_or_say


def add_fx_parsers(sub: Any) -> None:
    """Add ``fx`` and ``currency`` under ``gpupicker catalog``."""
    fx = sub.add_parser("fx", help="list exchange rates (1 USD = N units) or set one")
    fx_sub = fx.add_subparsers(dest="fx_command", metavar="ACTION")
    fs = fx_sub.add_parser("set", help="set 1 USD = RATE CODE (e.g. 'set CNY 7.10')")
    fs.add_argument("code", metavar="CODE", help="3-letter currency code, e.g. CNY")
    fs.add_argument("rate", metavar="RATE", help="units of CODE one US dollar buys, e.g. 7.10")
    fs.add_argument("--date", default=None, help="when the rate was observed (default today)")
    fs.add_argument("--source", default="user", help="where the rate comes from")
    fs.add_argument(
        "--yes", action="store_true", help="keep a rate that looks upside down (e.g. 0.14 for CNY)"
    )
    fs.set_defaults(func=cmd_fx_set)
    fx.set_defaults(func=cmd_fx_list)
    cu = sub.add_parser("currency", help="print or set the display currency (e.g. CNY)")
    cu.add_argument("code", metavar="CODE", nargs="?", help="USD or a currency with a rate")
    cu.set_defaults(func=cmd_currency)


def _open(args: argparse.Namespace) -> Any:
    return open_catalog_or_say(args)


def cmd_fx_list(args: argparse.Namespace) -> int:
    """Print each rate as ``1 USD = 7.1000 CNY  (date, source)`` and the display currency."""
    repo = _open(args)
    if repo is None:
        return 2
    with repo:
        quotes = repo.get_fx_quotes()
        shown = cli_currency(repo)
    for code in sorted(quotes):
        q = quotes[code]
        print(f"1 USD = {q.per_usd:.4f} {code}  ({q.date or 'date unknown'}; {q.source or 'source unknown'})")
    print(f"display currency: {shown}")
    return 0


def cmd_fx_set(args: argparse.Namespace) -> int:
    """Set one rate (units per USD); refuse an upside-down-looking one without ``--yes``."""
    try:
        rate = float(str(args.rate).replace(",", "."))
    except ValueError:
        print(f"gpupicker catalog fx set: RATE must be a number, got {args.rate!r}", file=sys.stderr)
        return 2
    repo = _open(args)
    if repo is None:
        return 2
    with repo:
        try:
            q = repo.set_fx_rate(
                args.code, rate, date=args.date, source=args.source, confirm_inverted=args.yes
            )
        except FxRateInvertedError as exc:
            print(f"gpupicker catalog fx set: {exc} (add --yes to keep it)", file=sys.stderr)
            return 2
        except ValueError as exc:
            print(f"gpupicker catalog fx set: {exc}", file=sys.stderr)
            return 2
        except (OSError, sqlite3.Error) as exc:
            print(f"gpupicker catalog fx set: {exc}", file=sys.stderr)
            return 1
    print(f"1 USD = {q.per_usd:.4f} {q.currency}  ({q.date}; {q.source})")
    return 0


def cmd_currency(args: argparse.Namespace) -> int:
    """Print the display currency, or set it."""
    repo = _open(args)
    if repo is None:
        return 2
    with repo:
        if not args.code:
            print(cli_currency(repo))
            return 0
        try:
            repo.set_display_currency(args.code)
        except ValueError as exc:
            print(
                f"gpupicker catalog currency: {exc} (`gpupicker catalog fx set {args.code.upper()} RATE`)",
                file=sys.stderr,
            )
            return 2
        except (OSError, sqlite3.Error) as exc:
            print(f"gpupicker catalog currency: {exc}", file=sys.stderr)
            return 1
        print(repo.get_display_currency())
    return 0


__all__ = ["add_fx_parsers", "cmd_currency", "cmd_fx_list", "cmd_fx_set"]
