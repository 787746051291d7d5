"""What every ``gpupicker`` subcommand shares: reading workload input, error text, the catalog.

The parser (``cli/__init__.py``) and the subcommand modules of ``gpupicker.cli`` all import from
here, so none of them imports another's private helpers and the CLI modules form no import
cycle (``scripts/import_cycles.py``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import islice
from typing import IO, Any

MAX_WHOLE_INPUT_CHARS = 16 * 1024 * 1024
"""Inputs up to this size may be one JSON object or array; larger ones must be JSON Lines."""
MAX_LINE_CHARS = 1024 * 1024
"""A workload line longer than this is answered with an error and skipped, not parsed."""


def json_line(obj: Any, *, ids: bool = True) -> str:
    """``obj`` as one JSON line, each core Message beside its ``{"id", "params"}``.

    See :func:`gpupicker.core.messages.with_message_ids`: the texts stay today's English.
    ``ids=False`` writes the texts alone (a Message is a ``str``): ``recommend --json``
    without ``--message-ids``, where the ids doubled the output (831 KB for 251 options)
    and took a quarter of the command's time.
    """
    if not ids:
        return json.dumps(obj)
    from ..core.messages import with_message_ids

    return json.dumps(with_message_ids(obj))


class TooLong(str):
    """Marker for a line that exceeded :data:`MAX_LINE_CHARS` (its text is not kept)."""

    line: int | None = None
    """Its 1-based line number in a JSON Lines input (None: not known)."""


class NumberedLine(str):
    """One workload line of a JSON Lines input, with its 1-based line number in ``line``.

    An error about it can then say where it is (a whole JSON object or array has no line).
    """

    line: int | None = None


def _numbered(text: str, number: int) -> str:
    """``text`` (a line, or a :class:`TooLong`) carrying its line ``number``."""
    out = text if isinstance(text, TooLong) else NumberedLine(text)
    out.line = number
    return out


def where(text: str) -> str:
    """The start of an error's text: "line N: " for a line of a JSON Lines input, else ""."""
    number = getattr(text, "line", None)
    return f"line {number}: " if number else ""


def _whole(stripped: str) -> Any:
    """The input as one JSON value, or None when it is not one.

    It is then read as JSON Lines: a bad first line, or an array on the first line, must not
    take the other lines with it.
    """
    from ..core.text.json_limits import loads_bounded

    try:
        return loads_bounded(stripped)
    except ValueError:  # not JSON as a whole (JSONDecodeError), or beyond the bounds
        return None


def _split_small(text: str) -> Iterator[str]:
    stripped = text.strip()
    if not stripped:
        return
    whole = _whole(stripped) if stripped[0] in "[{" else None
    if isinstance(whole, list):  # one JSON array (on one line or pretty-printed)
        for item in whole:
            yield json.dumps(item)
        return
    if isinstance(whole, dict):  # one object (on one line or pretty-printed)
        yield stripped
        return
    # JSON Lines: each line answered on its own. Lines end at "\n" only: str.splitlines would
    # also cut at U+2028, U+0085 … which JSON allows raw inside a string
    for number, line in enumerate(text.split("\n"), start=1):
        line = line.removesuffix("\r")
        if len(line) > MAX_LINE_CHARS:
            yield _numbered(TooLong(), number)
        elif line.strip():
            yield _numbered(line, number)


def read_workload_lines(stream: IO[str]) -> Iterator[str]:
    """Yield one JSON text per workload, reading lazily.

    Up to :data:`MAX_WHOLE_INPUT_CHARS` the input may be a JSON object, a JSON
    array or JSON Lines. A larger input is read as JSON Lines, line by line, so
    a multi-gigabyte file never sits in memory; each line is capped at
    :data:`MAX_LINE_CHARS`.

    An input that is not one JSON value as a whole (a malformed array, a first line beyond
    the bounds of :mod:`gpupicker.core.text.json_limits`) is read as JSON Lines, so every line
    still gets its own answer.

    Raises:
        OSError, UnicodeDecodeError: when the stream cannot be read.
    """
    head = stream.read(MAX_WHOLE_INPUT_CHARS + 1)
    if len(head) <= MAX_WHOLE_INPUT_CHARS:
        yield from _split_small(head)
        return
    pending = head
    number = 0  # lines started so far
    while True:
        nl = pending.find("\n")
        if nl >= 0:
            line, pending = pending[:nl], pending[nl + 1 :]
            number += 1
            if len(line) > MAX_LINE_CHARS:
                yield _numbered(TooLong(), number)
            elif line.strip():
                yield _numbered(line, number)
            continue
        if len(pending) > MAX_LINE_CHARS:  # drop the rest of an over-long line
            while True:
                chunk = stream.read(64 * 1024)
                if not chunk:
                    pending = ""
                    break
                cut = chunk.find("\n")
                if cut >= 0:
                    pending = chunk[cut + 1 :]
                    break
            number += 1
            yield _numbered(TooLong(), number)
            continue
        chunk = stream.read(1024 * 1024)
        if not chunk:
            if pending.strip():
                yield _numbered(pending, number + 1)
            return
        pending += chunk


def cli_currency(repo: Any) -> str:
    """The display currency the command line uses.

    The one the user chose (`gpupicker catalog currency CODE` or the exchange-rate dialog),
    else US dollars.

    The Chinese window plans in 元 until a currency is chosen and records that as not chosen;
    the command line does not follow a window's language (one zh_CN screenshot
    left every later CLI ranking in ¥).
    """
    chosen = getattr(repo, "display_currency_chosen", None)
    if chosen is not None and not chosen():
        return "USD"
    return str(repo.get_display_currency())


def error_text(exc: Exception) -> str:
    """One line for an exception (catalog.errors.validation_text).

    A pydantic error as ``field: message; …`` (pydantic's own messages, "Value error, "
    kept), else ``str(exc)``.
    """
    from ..catalog.errors import validation_text  # (the catalog package loads on first use)

    return validation_text(exc, keep_value_error_prefix=True)


def print_error(command: str, exc: Exception, as_json: bool, text: str = "") -> None:
    """Answer one workload that failed.

    ``{"error": …}`` on stdout with ``--json`` (so the other lines still line up), else
    ``gpupicker COMMAND: …`` on stderr; either starts with "line N: " when ``text`` is a line
    of a JSON Lines input (:func:`where`).
    """
    if as_json:
        print(json_line({"error": where(text) + error_text(exc)}), flush=True)
    else:
        print(f"gpupicker {command}: {where(text)}{error_text(exc)}", file=sys.stderr)


def unknown_fields_warning(names: list[str]) -> str:
    """'unknown workload fields ignored: …' naming each key no Workload field reads."""
    return f"unknown workload field{'s' if len(names) > 1 else ''} ignored: {', '.join(names)}"


def workload_text_warnings(text: str | bytes, unknown: list[str]) -> list[str]:
    """The warnings about a workload's JSON text itself.

    The keys no Workload field reads (``unknown``, from ``Workload.from_json_text``) and the
    keys it gives twice or more (``json`` keeps the last value silently;
    :func:`gpupicker.core.text.json_limits.duplicate_keys`).
    """
    from ..core.text.json_limits import duplicate_keys

    out = [unknown_fields_warning(unknown)] if unknown else []
    repeated = duplicate_keys(text)
    if repeated:
        out.append(
            f"workload key{'s' if len(repeated) > 1 else ''} given more than once, "
            f"the last value used: {', '.join(repeated)}"
        )
    return out


def open_repo(catalog: str | None) -> Any | None:
    """The catalog at ``catalog`` (default location when None), or None with a warning on stderr."""
    try:
        from ..catalog import open_catalog

        repo = open_catalog(catalog)
    except Exception as exc:  # noqa: BLE001 - catalog problems must not stop memory estimates
        print(
            f"gpupicker: warning: catalog unavailable ({exc}); model_id and gpu lookups disabled",
            file=sys.stderr,
        )
        return None
    warn_settings(repo)
    return repo


def warn_settings(repo: Any) -> None:
    """One warning on stderr per damaged catalog setting (they are left out, not fatal)."""
    for problem in repo.settings_problems():
        print(f"gpupicker: warning: {problem}", file=sys.stderr)


def open_catalog_or_say(args: Any) -> Any | None:
    """The catalog of ``args.catalog`` for a catalog command, or None after printing why not.

    Unlike :func:`open_repo`, a catalog problem is the command's error, not a warning.
    """
    from ..catalog import CatalogError, open_catalog

    try:
        repo = open_catalog(getattr(args, "catalog", None))
        warn_settings(repo)
        return repo
    except CatalogError as exc:
        print(f"gpupicker: {exc}", file=sys.stderr)
    except OSError as exc:
        print(f"gpupicker: cannot open the catalog: {exc}", file=sys.stderr)
    return None


class WorkloadInputError(Exception):
    """The workload input cannot be read at all (missing file, not UTF-8, malformed array)."""


def _refuse_oversized(path: str) -> None:
    """Refuse a workload file above ``MAX_WORKLOAD_BYTES`` before reading it.

    File › Open's limit and sentence; a missing file is left to ``open`` to name.

    Raises:
        WorkloadInputError: the file is larger than 10 MiB.
    """
    import os

    from ..core.text.json_limits import MAX_WORKLOAD_BYTES

    try:
        size = os.stat(path).st_size
    except OSError:
        return
    if size > MAX_WORKLOAD_BYTES:
        raise WorkloadInputError(
            f"{os.path.basename(path)} is {size / 2**20:.1f} MiB; workload files are small JSON files "
            f"(at most {MAX_WORKLOAD_BYTES // 2**20} MiB)."
        )


def _not_json_hint(path: str, texts: list[str]) -> str | None:
    """One line for an input none of whose texts is JSON (a YAML recipe, a command line).

    It names ``gpupicker job read``, which reads such jobs; None when any text is JSON.
    """
    from ..core.text.json_limits import loads_bounded

    for text in texts:
        if isinstance(text, TooLong):
            return None  # answered per line: says nothing about the input's format
        try:
            loads_bounded(text)
        except ValueError as exc:
            if not isinstance(exc, json.JSONDecodeError):
                return None  # JSON beyond the bounds: answered per text with the reason
            continue
        return None
    first = texts[0].strip()
    shown = first[:60] + ("…" if len(first) > 60 else "")
    name = "the input" if path == "-" else path
    return (
        f"{name} is not workload JSON (line 1: {shown!r}); to use a job file (axolotl, "
        "LLaMA-Factory, torchtune, TrainingArguments, SkyPilot, an engine command line) run "
        f"`gpupicker job read {'FILE' if path == '-' else path}` and give the workload JSON it prints"
    )


@contextmanager
def open_workloads(path: str) -> Iterator[Iterator[str]]:
    """Open a workload file (``-`` = stdin) and yield its JSON texts lazily; closes the file.

    Raises:
        WorkloadInputError: when the input cannot be opened or read.
    """
    if path != "-":
        _refuse_oversized(path)
    try:
        stream = sys.stdin if path == "-" else open(path, encoding="utf-8")  # noqa: SIM115
    except OSError as exc:
        raise WorkloadInputError(f"cannot read {path}: {exc.strerror or exc}") from exc
    try:
        yield read_workload_lines(stream)
    except BrokenPipeError:
        raise  # the output was closed (`… | head`): not a read error; cli.main stops quietly
    except (OSError, UnicodeDecodeError) as exc:
        raise WorkloadInputError(f"cannot read {path}: {exc}") from exc
    finally:
        if stream is not sys.stdin:
            stream.close()


def read_workload_texts(path: str, command: str, limit: int | None = None) -> list[str] | None:
    """The workload JSON texts of ``path`` (``-`` = stdin; at most ``limit``).

    None after printing why there are none ("gpupicker COMMAND: …"): what fit, recommend and
    report share before their first workload.
    """
    try:
        with open_workloads(path) as lines:
            texts = list(islice(lines, limit))
    except WorkloadInputError as exc:
        print(f"gpupicker {command}: {exc}", file=sys.stderr)
        return None
    if not texts:
        print(f"gpupicker {command}: no workload in the input", file=sys.stderr)
        return None
    hint = _not_json_hint(path, texts)
    if hint is not None:
        print(f"gpupicker {command}: {hint}", file=sys.stderr)
        return None
    return texts


def int_in(lo: int, hi: int) -> Any:
    """An argparse ``type`` accepting a whole number from ``lo`` to ``hi`` (inclusive)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if not lo <= value <= hi:
            raise argparse.ArgumentTypeError(f"must be between {lo} and {hi}")
        return value

    return parse
