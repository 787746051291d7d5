"""``gpupicker catalog …``: path, export, import, backup, reset, recover. No Qt.

Exit codes: 0 success; 1 the command refused or the import had bad rows (nothing
was imported); 2 the catalog or a file could not be opened.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from . import paths

TABLES = ("gpus", "prices", "models")


def add_catalog_parser(subparsers: Any) -> None:
    """Register ``catalog`` and its subcommands on the main parser's ``subparsers``."""
    c = subparsers.add_parser("catalog", help="show, export, import, back up or reset the catalog",
                              description="Manage the local catalog (GPUs, models, prices). "
                              "The file is --catalog PATH, else $GPUPICKER_CATALOG, else the "
                              "user data folder.")
    sub = c.add_subparsers(dest="catalog_command", metavar="COMMAND")
    sub.required = True

    p = sub.add_parser("path", help="print the catalog file's location")
    p.set_defaults(func=cmd_path)

    e = sub.add_parser("export", help="write a table as CSV (columns of the bundled data)")
    e.add_argument("table", choices=TABLES)
    e.add_argument("path", metavar="PATH", help="CSV file to write ('-' = stdout)")
    e.set_defaults(func=cmd_export)

    i = sub.add_parser("import", help="import a CSV into a table: all rows or none")
    i.add_argument("table", choices=TABLES)
    i.add_argument("path", metavar="PATH", help="CSV file with a header row")
    i.add_argument("--dry-run", action="store_true", help="only validate; change nothing")
    i.set_defaults(func=cmd_import)

    b = sub.add_parser("backup", help="write a backup copy (the last 10 are kept)")
    b.set_defaults(func=cmd_backup)

    r = sub.add_parser("reset", help="restore the bundled GPUs, models and prices "
                                     "(your rows are removed; a backup is taken first)")
    r.add_argument("--yes", action="store_true", help="do not ask for confirmation")
    r.set_defaults(func=cmd_reset)

    rc = sub.add_parser("recover", help="move a damaged catalog file aside and start a fresh one")
    rc.set_defaults(func=cmd_recover)


def _open(args: argparse.Namespace) -> Any:
    """Open the catalog or print why not (returns None)."""
    from .catalog import CatalogCorruptError, open_catalog

    try:
        return open_catalog(getattr(args, "catalog", None))
    except CatalogCorruptError as exc:
        print(f"gpupicker: {exc}\n  Run 'gpupicker catalog recover' to move it aside and "
              "start from the bundled catalog (the file is kept).", file=sys.stderr)
    except OSError as exc:
        print(f"gpupicker: cannot open the catalog: {exc}", file=sys.stderr)
    return None


def cmd_path(args: argparse.Namespace) -> int:
    """Print the catalog path (does not open or create it)."""
    print(paths.catalog_path(getattr(args, "catalog", None)))
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    """Export one table to CSV."""
    repo = _open(args)
    if repo is None:
        return 2
    with repo:
        try:
            if args.path == "-":
                import tempfile
                from pathlib import Path

                with tempfile.TemporaryDirectory() as d:
                    tmp = Path(d) / f"{args.table}.csv"
                    repo.export_csv(args.table, tmp)
                    sys.stdout.write(tmp.read_text(encoding="utf-8"))
                return 0
            n = repo.export_csv(args.table, args.path)
        except OSError as exc:
            print(f"gpupicker catalog export: cannot write {args.path}: {exc}", file=sys.stderr)
            return 2
    print(f"exported {n} {args.table} rows to {args.path}", file=sys.stderr)
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    """Import a CSV (all-or-nothing); bad rows go to stderr as ``PATH:LINE: reason``."""
    repo = _open(args)
    if repo is None:
        return 2
    with repo:
        try:
            result = repo.import_csv(args.table, args.path, dry_run=args.dry_run)
        except OSError as exc:
            print(f"gpupicker catalog import: cannot read {args.path}: {exc}", file=sys.stderr)
            return 2
    if not result.ok:
        for line, reason in result.errors:
            where = f"{args.path}:{line}" if line else args.path
            print(f"{where}: {reason}", file=sys.stderr)
        print(f"gpupicker catalog import: {len(result.errors)} bad row(s); nothing was imported",
              file=sys.stderr)
        return 1
    if result.dry_run:
        print(f"{result.rows} {args.table} rows are valid (dry run: nothing imported)")
        return 0
    print(f"imported {result.rows} {args.table} rows: {result.inserted} added, "
          f"{result.updated} updated, {result.unchanged} unchanged "
          f"(backup before import: {result.backup_path})")
    return 0


def cmd_backup(args: argparse.Namespace) -> int:
    """Write a backup and print its path."""
    repo = _open(args)
    if repo is None:
        return 2
    with repo:
        print(repo.backup())
    return 0


def cmd_reset(args: argparse.Namespace) -> int:
    """Factory reset of GPUs, models and prices (asks unless ``--yes``)."""
    if not args.yes:
        if not sys.stdin.isatty():
            print("gpupicker catalog reset: this replaces your GPUs, models and prices with the "
                  "bundled ones; re-run with --yes to confirm", file=sys.stderr)
            return 1
        answer = input("Replace your GPUs, models and prices with the bundled catalog? "
                       "A backup is taken first. [y/N] ")
        if answer.strip().lower() not in ("y", "yes"):
            print("cancelled", file=sys.stderr)
            return 1
    repo = _open(args)
    if repo is None:
        return 2
    with repo:
        backup = repo.reset_all()
    print(f"catalog reset to the bundled defaults (backup: {backup})")
    return 0


def cmd_recover(args: argparse.Namespace) -> int:
    """Move a damaged catalog aside and create a fresh one (does nothing to a healthy file)."""
    from .catalog import CatalogCorruptError, open_catalog, recover_corrupt

    path = paths.catalog_path(getattr(args, "catalog", None))
    try:
        open_catalog(path).close()
        print(f"the catalog {path} is fine; nothing to recover")
        return 0
    except CatalogCorruptError as exc:
        print(f"gpupicker: {exc.detail}", file=sys.stderr)
    try:
        moved = recover_corrupt(path)
    except (OSError, CatalogCorruptError) as exc:
        print(f"gpupicker catalog recover: failed: {exc}", file=sys.stderr)
        return 2
    print(f"moved the damaged catalog to {moved}; a fresh catalog was created at {path}")
    return 0
