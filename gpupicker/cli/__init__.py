"""Command line: the same engine without a window.

``gpupicker`` alone opens the GUI; ``gpupicker estimate|recommend|catalog …``
run headless. See ``gpupicker --help``.
"""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn

from ..typing_override import override

SUBCOMMANDS = (
    "estimate",
    "recommend",
    "fit",
    "report",
    "catalog",
    "model",
    "calibrate",
    "owned",
    "mcp",
    "schema",
    "job",
    "compare",
)
"""Every subcommand name (a test checks it against the full parser)."""


_REGISTRARS = {
    "estimate": "estimate",
    "recommend": "recommend",
    "fit": "fit",
    "report": "report",
    "catalog": "catalog_parser",
    "model": "model",
    "calibrate": "calibrate",
    "owned": "calibrate",
    "mcp": "mcp_server",
    "schema": "mcp_server",
    "job": "job",
    "compare": "compare",
}
"""Subcommand → the module of this package whose ``add_*_parser`` registers it."""


class _NotThisParserError(Exception):
    """A one-subcommand parser could not parse the arguments (the full one will say why)."""


class _OneSubcommandParser(argparse.ArgumentParser):
    """A parser that raises :class:`_NotThisParserError` where argparse would print an error."""

    @override
    def error(self, message: str) -> NoReturn:
        """Raise instead of printing ``message`` and exiting."""
        raise _NotThisParserError(message)


def build_parser(subcommands: bool = True, only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser for ``gpupicker`` and (with ``subcommands``) its subcommands.

    ``only`` names the one subcommand to register (the others' modules are not imported:
    the MCP server's and the report's cost ~40 % of a ``recommend`` run's imports); its
    parser raises :class:`_NotThisParserError` instead of printing an error (:func:`main` then
    parses again with every subcommand, so a message lists them all as before).
    """
    p = (_OneSubcommandParser if only else argparse.ArgumentParser)(
        prog="gpupicker",
        description="Which GPU for an AI job, how much VRAM, how fast, and what it costs — offline.",
    )
    p.add_argument("--version", action=_VersionAction)
    p.add_argument(
        "--catalog",
        metavar="PATH",
        help="catalog SQLite file (default: user data dir; or $GPUPICKER_CATALOG)",
    )
    p.add_argument("--screenshot", metavar="PATH", help="render a page offscreen to PNG and exit")
    p.add_argument(
        "--page",
        default="results",
        choices=["task", "model", "quantization", "budget", "results", "curves", "catalog"],
        help="page for --screenshot (default: results)",
    )
    p.add_argument(
        "--workload",
        dest="gui_workload",
        metavar="FILE",
        help="with --screenshot or the GUI: start from this workload JSON",
    )
    p.add_argument("--lang", metavar="LOCALE", help="UI language, e.g. zh_CN (default: system)")
    p.add_argument(
        "--selftest",
        action="store_true",
        help="build the window offscreen, load catalog and translations, compute one "
        "recommendation, print one line and exit",
    )
    p.add_argument(
        "--selftest-changes",
        type=int,
        default=0,
        metavar="N",
        help="with --selftest: also make N input changes through the wizard and check "
        "that no references or memory leak (the bundle smoke test uses 200)",
    )
    if not subcommands:
        return p
    sub = p.add_subparsers(dest="command")
    if only:
        from importlib import import_module

        module = _REGISTRARS[only]
        register = {"mcp_server": "add_mcp_parsers", "catalog_parser": "add_catalog_parser"}.get(
            module, f"add_{module}_parser"
        )
        getattr(import_module(f".{module}", __name__), register)(sub)
        return p

    from .calibrate import add_calibrate_parser
    from .catalog_parser import add_catalog_parser
    from .compare import add_compare_parser
    from .estimate import add_estimate_parser
    from .fit import add_fit_parser
    from .job import add_job_parser
    from .mcp_server import add_mcp_parsers
    from .model import add_model_parser
    from .recommend import add_recommend_parser
    from .report import add_report_parser

    add_estimate_parser(sub)
    add_recommend_parser(sub)
    add_fit_parser(sub)
    add_report_parser(sub)
    add_catalog_parser(sub)
    add_model_parser(sub)
    add_calibrate_parser(sub)
    add_mcp_parsers(sub)
    add_job_parser(sub)
    add_compare_parser(sub)
    return p


class _VersionAction(argparse.Action):
    """``--version`` (:class:`gpupicker.version_info.VersionAction`).

    Imported only when asked: it costs 9 ms of every start, the window's included.
    """

    def __init__(
        self,
        option_strings: list[str],
        dest: str = argparse.SUPPRESS,
        default: str = argparse.SUPPRESS,
        help: str | None = None,
    ) -> None:  # noqa: A002
        super().__init__(
            option_strings=option_strings,
            dest=dest,
            default=default,
            nargs=0,
            help=help or "print the version, commit and bundled data date and exit",
        )

    @override
    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        from ..version_info import VersionAction

        VersionAction(list(self.option_strings))(parser, namespace, values, option_string)


WINDOW_DEFAULTS: dict[str, object] = {
    "catalog": None,
    "screenshot": None,
    "page": "results",
    "gui_workload": None,
    "lang": None,
    "selftest": False,
    "selftest_changes": 0,
}
"""What ``build_parser(subcommands=False).parse_args([])`` gives (a test checks it): the
arguments of ``gpupicker`` started with none, the window's start, which therefore builds no
parser (building it was 10 M of the 721 M instructions to the first painted page, callgrind)."""


def main(argv: list[str] | None = None) -> int:
    """Entry point: parse ``argv`` and run a subcommand, a screenshot, or the GUI."""
    argv = sys.argv[1:] if argv is None else argv
    if not argv:  # the window, as a user starts it
        from ..ui.app.launch import launch

        return launch(argparse.Namespace(**WINDOW_DEFAULTS))
    # the window's start skips the subcommands' parsers: they import core and pydantic,
    # ~100 ms before the first page could paint
    wanted = {"-h", "--help", *SUBCOMMANDS}
    first = next((a for a in argv if a in wanted), None)
    args = None
    if first in SUBCOMMANDS:  # one subcommand's parser: the others' modules stay unimported
        try:
            args = build_parser(only=first).parse_args(argv)
        except _NotThisParserError:  # e.g. "catalog" was a --page value: parse as before
            args = None
    if args is None:
        args = build_parser(subcommands=first is not None).parse_args(argv)
    if getattr(args, "func", None):
        try:
            return int(args.func(args))
        except BrokenPipeError:  # `gpupicker recommend … | head`: stop quietly
            import os

            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            return 141
    from ..ui.app.launch import launch

    return launch(args)
