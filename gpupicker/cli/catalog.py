"""``gpupicker catalog …``: the commands that read, change, back up and repair the catalog.

Its subcommands: path, export, import, history, backup, backups, restore, reset, recover.

No Qt. Exit codes: 0 success; 1 the command refused (read-only catalog, bad rows —
nothing was imported —, unconfirmed reset, unknown backup); 2 the catalog or a file
could not be opened.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..core.text.safe_write import NotARegularFileError
from .common import open_catalog_or_say

TABLES = ("gpus", "prices", "models")


def _open(args: argparse.Namespace) -> Any:
    """Open the catalog or print why not (returns None)."""
    return open_catalog_or_say(args)


def _refused(command: str, exc: Exception) -> int:
    """Print why a write was refused (read-only catalog, unwritable folder) on one line."""
    print(f"gpupicker catalog {command}: {exc}", file=sys.stderr)
    return 1


def _catalog_path(args: argparse.Namespace) -> Any:
    """The catalog path, or None after printing why it cannot be determined."""
    from ..catalog import CatalogError
    from ..catalog.catalog_file import resolve_catalog_path

    try:
        return resolve_catalog_path(getattr(args, "catalog", None))
    except CatalogError as exc:
        print(f"gpupicker: {exc}", file=sys.stderr)
        return None


def cmd_path(args: argparse.Namespace) -> int:
    """Print the catalog path (does not open or create it)."""
    path = _catalog_path(args)
    if path is None:
        return 2
    print(path)
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    """Export one table to CSV."""
    repo = _open(args)
    if repo is None:
        return 2
    with repo:
        try:
            if args.path == "-":
                repo.export_csv(args.table, sys.stdout)
                return 0
            n = repo.export_csv(args.table, args.path)
        except NotARegularFileError as exc:
            # /dev/stdout is a pipe or a terminal, which safe_write never replaces
            print(f"gpupicker catalog export: {exc}; write '-' as PATH for standard output", file=sys.stderr)
            return 2
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
    from ..catalog import CatalogError

    with repo:
        try:
            tracker = _tracker_format(args)
            ledger = _ledger_format(args) if tracker is None else None
            if ledger:
                from ..catalog.ledgers import import_ledger

                t = import_ledger(
                    repo,
                    args.path,
                    ledger,
                    snapshot_at=args.snapshot_at,
                    dry_run=args.dry_run,
                    skip_unknown=args.skip_unknown,
                )
                result = t.result
                print(
                    f"{t.format} ledger, providers {t.provider or '-'}: {result.rows} price "
                    f"rows with stock, {len(t.skipped)} rows left out",
                    file=sys.stderr,
                )
                for line, reason in t.skipped[:20]:
                    print(f"{args.path}:{line}: left out: {reason}", file=sys.stderr)
            elif tracker:
                from ..catalog.trackers import import_tracker_csv

                t = import_tracker_csv(
                    repo,
                    args.path,
                    tracker,
                    provider=args.provider,
                    observed=args.observed,
                    dry_run=args.dry_run,
                    skip_unknown=args.skip_unknown,
                )
                result = t.result
                print(
                    f"{t.format} file, provider {t.provider}: {result.rows} price rows, "
                    f"{len(t.skipped)} rows left out (no GPU, no price"
                    + (", unknown accelerator" if args.skip_unknown else "")
                    + ")",
                    file=sys.stderr,
                )
            else:
                result = repo.import_csv(
                    args.table, args.path, dry_run=args.dry_run, skip_duplicates=args.skip_duplicates
                )
        except ValueError as exc:
            print(f"gpupicker catalog import: {exc}", file=sys.stderr)
            return 1
        except CatalogError as exc:
            return _refused("import", exc)
        except OSError as exc:
            from ..catalog.catalog_file import is_disk_full
            from ..catalog.errors import CatalogDiskFullError

            if is_disk_full(exc):  # the import's scratch copy: nothing reached the catalog
                return _refused("import", CatalogDiskFullError(exc.filename or repo.path, "import the file"))
            print(f"gpupicker catalog import: cannot read {args.path}: {exc}", file=sys.stderr)
            return 2
        held = repo.price_count() if args.table == "prices" and result.ok else 0
    if not result.ok:
        _print_refusal(args.path, result.errors)
        return 1
    dup = ""
    if result.duplicates:
        dup = f"; {result.duplicates} rows repeat an earlier row of the file exactly" + (
            " and were skipped"
            if result.skipped
            else " (imported as separate rows; --skip-duplicates leaves them out)"
        )
    if result.dry_run:
        print(f"{result.rows} {args.table} rows are valid (dry run: nothing imported){dup}")
        return 0
    print(
        f"imported {result.rows - result.skipped} {args.table} rows: {result.inserted} added, "
        f"{result.updated} updated, {result.unchanged} unchanged{dup} "
        f"(backup before import: {result.backup_path})"
    )
    from ..catalog.prices import LARGE_CATALOG_PRICES

    if held > LARGE_CATALOG_PRICES:
        print(
            f"note: the catalog now holds {held:,} current prices; every ranking reads them "
            f"all (about {held / 100_000:,.0f} s per start or catalog change: 1 s per "
            "100,000 measured). Delete the providers you do not use, or keep them in a "
            "catalog of their own (--catalog PATH).",
            file=sys.stderr,
        )
    return 0


def _print_refusal(path: str, errors: list[tuple[int, str]]) -> None:
    """Print a refused import's errors on stderr, and that nothing was imported.

    One ``PATH:LINE: reason`` each (line 0: the whole file).
    """
    for line, reason in errors:
        where = f"{path}:{line}" if line else path
        print(f"{where}: {reason}", file=sys.stderr)
    if any(line == 0 for line, _ in errors):
        print("gpupicker catalog import: the file was rejected; nothing was imported", file=sys.stderr)
    else:
        print(
            f"gpupicker catalog import: {len(errors)} bad row(s); nothing was imported",
            file=sys.stderr,
        )


def cmd_history(args: argparse.Namespace) -> int:
    """Print each matching offer's price movement and its rent-now-or-wait note.

    The note is printed where the history supports one (core.price_moves states the rule).
    """
    repo = _open(args)
    if repo is None:
        return 2
    from ..core.pricing.price_moves import price_move

    shown = 0
    with repo:
        for rid, offer, _ in repo.price_rows():
            if args.gpu and offer.gpu_id != args.gpu:
                continue
            if args.provider and offer.provider.lower() != args.provider.lower():
                continue
            move = price_move(repo.price_history(rid))
            if move is None or (move.low == move.high and not args.all):
                continue
            shown += 1
            where = ", ".join(x for x in (offer.region, offer.pricing) if x)
            size = (
                f", {offer.gpus_per_instance} GPUs per instance"
                if offer.gpus_per_instance and offer.gpus_per_instance > 1
                else ""
            )
            print(f"#{rid} {offer.gpu_id} · {offer.provider} ({where}{size}), {move.currency} per GPU-hour:")
            print("  " + " → ".join(f"{p:g} ({when})" for when, p in move.points))
            if len(move.points) > 1:
                print(
                    f"  {move.change_pct:+.1f} % over {move.days:.0f} days; low {move.low:g}, "
                    f"high {move.high:g} ({len(move.points)} observations)"
                )
            if move.advice is not None:
                print(f"  {move.advice}.")
    if not shown:
        print(
            "no offer with a price history matches"
            + ("" if args.all else " (prices that never moved: --all)"),
            file=sys.stderr,
        )
    return 0


def _ledger_format(args: argparse.Namespace) -> str | None:
    """The ledger format of the prices file being imported, or None when it is no ledger.

    ``shadeform``/``vastai``/``ledger-csv``, given with ``--format`` or told by the file's
    first bytes.
    """
    fmt = getattr(args, "format", "auto")
    if args.table != "prices" or fmt in ("catalog", "skypilot", "gpuhunt"):
        return None
    from ..catalog.ledgers import LEDGER_FORMATS, detect_ledger

    if fmt in LEDGER_FORMATS:
        return str(fmt)
    try:
        return detect_ledger(Path(args.path))
    except OSError:
        return None  # the normal import reports it


def _tracker_format(args: argparse.Namespace) -> str | None:
    """``skypilot``/``gpuhunt`` when the prices file is a tracker's (given or by header)."""
    fmt = getattr(args, "format", "auto")
    if args.table != "prices" or fmt == "catalog":
        return None
    if fmt in ("skypilot", "gpuhunt"):
        return fmt
    import csv

    from ..catalog.trackers import detect_format

    try:  # the header line only, at most 64 KiB: a huge file is the normal import's to refuse
        with open(args.path, encoding="utf-8-sig", newline="") as f:
            line = f.readline(65536)
        header = next(csv.reader([line]), [])
    except (OSError, UnicodeDecodeError, csv.Error):
        return None  # the normal import reports it
    return detect_format(header)


def cmd_backup(args: argparse.Namespace) -> int:
    """Write a backup and print its path."""
    repo = _open(args)
    if repo is None:
        return 2
    from ..catalog import CatalogError

    with repo:
        try:
            print(repo.backup())
        except CatalogError as exc:
            return _refused("backup", exc)
    return 0


def cmd_reset(args: argparse.Namespace) -> int:
    """Factory reset of GPUs, models and prices (asks unless ``--yes``)."""
    if not args.yes:
        if not sys.stdin.isatty():
            print(
                "gpupicker catalog reset: this replaces your GPUs, models and prices with the "
                "bundled ones; re-run with --yes to confirm",
                file=sys.stderr,
            )
            return 1
        answer = input(
            "Replace your GPUs, models and prices with the bundled catalog? A backup is taken first. [y/N] "
        )
        if answer.strip().lower() not in ("y", "yes"):
            print("cancelled", file=sys.stderr)
            return 1
    repo = _open(args)
    if repo is None:
        return 2
    from ..catalog import CatalogError

    with repo:
        try:
            backup = repo.reset_all()
        except CatalogError as exc:
            return _refused("reset", exc)
    print(f"catalog reset to the bundled defaults (backup: {backup})")
    return 0


def _print_backups(backups: list[Any], out: Any) -> None:
    import datetime as dt

    for b in backups:
        try:
            st = b.stat()
        except OSError:
            continue
        when = dt.datetime.fromtimestamp(st.st_mtime, dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
        print(f"  {b.name}  ({when}, {st.st_size / 1024:,.0f} KiB)", file=out)


def _restore_hint(backups: list[Any], out: Any) -> None:
    if backups:
        print(f"To restore the newest backup run:\n  gpupicker catalog restore {backups[-1].name}", file=out)
    else:
        print("There are no backups of this catalog.", file=out)


def cmd_backups(args: argparse.Namespace) -> int:
    """List the backups of the catalog, oldest first (works when the catalog is damaged)."""
    from ..catalog import list_backups

    path = _catalog_path(args)
    if path is None:
        return 2
    backups = list_backups(path)
    if backups:
        print(f"backups of {path} (oldest first):")
        _print_backups(backups, sys.stdout)
    _restore_hint(backups, sys.stdout)
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    """Restore a backup by path or name (backs the current catalog up first)."""
    from ..catalog import CatalogCorruptError, CatalogError, restore_backup

    path = _catalog_path(args)
    if path is None:
        return 2
    try:
        result = restore_backup(args.backup, path)
    except FileNotFoundError as exc:
        print(f"gpupicker catalog restore: {exc}", file=sys.stderr)
        return 1
    except CatalogCorruptError as exc:
        print(
            f"gpupicker catalog restore: the backup {exc.path} cannot be used: {exc.detail}", file=sys.stderr
        )
        return 1
    except CatalogError as exc:
        return _refused("restore", exc)
    print(f"restored {result.restored_from.name} into {result.catalog}")
    if result.previous_backup is not None:
        print(f"the catalog as it was before is saved as {result.previous_backup.name}")
    if result.moved_aside is not None:
        print(f"the damaged catalog was moved to {result.moved_aside}")
    return 0


def cmd_recover(args: argparse.Namespace) -> int:
    """Move a damaged catalog aside, create a fresh one and list the backups to restore."""
    from ..catalog import CatalogCorruptError, CatalogError, list_backups, open_catalog, recover_corrupt

    path = _catalog_path(args)
    if path is None:
        return 2
    try:
        repo = open_catalog(path)
        try:
            reset = repo.reset_damaged_settings()
        finally:
            repo.close()
        if reset:
            for key, old in reset:
                print(
                    f"reset the damaged setting {key!r} (it held {old[:200]!r}); set it "
                    "again with 'gpupicker catalog fx' / 'gpupicker catalog currency'"
                )
            print(f"the rest of the catalog {path} is fine; rows and prices are untouched")
            return 0
        print(f"the catalog {path} is fine; nothing to recover")
        backups = list_backups(path)
        if backups:
            print(f"({len(backups)} backup(s) exist: 'gpupicker catalog backups' lists them)")
        return 0
    except CatalogCorruptError as exc:
        print(f"gpupicker: {exc.detail}", file=sys.stderr)
    except CatalogError as exc:
        print(f"gpupicker catalog recover: {exc}", file=sys.stderr)
        return 2
    try:
        moved = recover_corrupt(path)
    except (OSError, CatalogError) as exc:
        print(f"gpupicker catalog recover: failed: {exc}", file=sys.stderr)
        return 2
    print(
        f"moved the damaged catalog to {moved}; a fresh catalog was created at {path} from the bundled data"
    )
    backups = list_backups(path)
    if backups:
        print("Your rows are in these backups (oldest first):")
        _print_backups(backups, sys.stdout)
    _restore_hint(backups, sys.stdout)
    return 0
