"""The ``gpupicker catalog …`` command line: its subcommands and their options.

The commands themselves are in :mod:`.catalog`.
"""

from __future__ import annotations

from typing import Any

from .catalog import (
    TABLES,
    cmd_backup,
    cmd_backups,
    cmd_export,
    cmd_history,
    cmd_import,
    cmd_path,
    cmd_recover,
    cmd_reset,
    cmd_restore,
)


def add_catalog_parser(subparsers: Any) -> None:
    """Register ``catalog`` and its subcommands on the main parser's ``subparsers``."""
    c = subparsers.add_parser(
        "catalog",
        help="export, import, back up, restore, reset or "
        "recover the catalog; exchange rates and display currency",
        description="Manage the local catalog (GPUs, models, prices). "
        "The file is --catalog PATH, else $GPUPICKER_CATALOG, else the "
        "user data folder.",
    )
    sub = c.add_subparsers(dest="catalog_command", metavar="COMMAND")
    sub.required = True

    p = sub.add_parser("path", help="print the catalog file's location")
    p.set_defaults(func=cmd_path)

    e = sub.add_parser("export", help="write a table as CSV (columns of the bundled data)")
    e.add_argument("table", choices=TABLES)
    e.add_argument("path", metavar="PATH", help="CSV file to write ('-' = stdout)")
    e.set_defaults(func=cmd_export)

    _add_import_parser(sub)

    h = sub.add_parser(
        "history",
        help="how offers' prices moved (from the price history), "
        "with a rent-now-or-wait note where it supports one",
    )
    h.add_argument("--gpu", metavar="ID", help="only offers of this GPU id (e.g. h100_sxm)")
    h.add_argument("--provider", metavar="NAME", help="only offers of this provider")
    h.add_argument(
        "--all", action="store_true", help="also offers whose price never moved (default: those that moved)"
    )
    h.set_defaults(func=cmd_history)

    b = sub.add_parser("backup", help="write a backup copy (the last 10 are kept)")
    b.set_defaults(func=cmd_backup)

    r = sub.add_parser(
        "reset",
        help="restore the bundled GPUs, models and prices (your rows are removed; a backup is taken first)",
    )
    r.add_argument("--yes", action="store_true", help="do not ask for confirmation")
    r.set_defaults(func=cmd_reset)

    bl = sub.add_parser("backups", help="list the backups (oldest first) that 'restore' accepts")
    bl.set_defaults(func=cmd_backups)

    rs = sub.add_parser(
        "restore",
        help="replace the catalog with a backup (the current catalog "
        "is backed up first; a damaged one is moved aside)",
    )
    rs.add_argument(
        "backup", metavar="BACKUP", help="a backup file, or a name listed by 'gpupicker catalog backups'"
    )
    rs.set_defaults(func=cmd_restore)

    rc = sub.add_parser(
        "recover",
        help="move a damaged catalog file aside, start a fresh one and list the backups you can restore",
    )
    rc.set_defaults(func=cmd_recover)

    from .fx import add_fx_parsers

    add_fx_parsers(sub)


def _add_import_parser(sub: Any) -> None:
    """Register ``catalog import`` (catalog CSVs, tracker files and ledgers) on ``sub``."""
    i = sub.add_parser("import", help="import a CSV into a table: all rows or none")
    i.add_argument("table", choices=TABLES)
    i.add_argument("path", metavar="PATH", help="CSV file with a header row")
    i.add_argument("--dry-run", action="store_true", help="only validate; change nothing")
    i.add_argument(
        "--format",
        choices=("auto", "catalog", "skypilot", "gpuhunt", "shadeform", "vastai", "ledger-csv"),
        default="auto",
        help="prices only: a SkyPilot vms.csv or gpuhunt CSV, or a "
        "daily ledger with stock: Shadeform /instances/types JSON, Vast.ai offers "
        "JSON, a ledger CSV (timestamp, provider, gpu_type, gpu_count, "
        "price_per_hour, available …) (auto: recognized by its content)",
    )
    i.add_argument(
        "--snapshot-at",
        metavar="TIME",
        help="ledgers: when the snapshot was taken, ISO 8601 (default: the file's "
        "own timestamps, else its modification time)",
    )
    i.add_argument(
        "--provider",
        help="tracker files: provider name (default: from the SkyPilot folder or gpuhunt file name)",
    )
    i.add_argument(
        "--observed", help="tracker files: observation date (default: the file's modification date)"
    )
    i.add_argument(
        "--skip-unknown",
        action="store_true",
        help="tracker files: leave out accelerators with no catalog GPU id instead of refusing the file",
    )
    i.add_argument(
        "--skip-duplicates",
        action="store_true",
        help="leave out rows that repeat an earlier row of the file exactly",
    )
    i.set_defaults(func=cmd_import)
