"""Catalog exceptions (all derive from :class:`CatalogError`).

The newer ones carry a core ``Message`` as ``args[0]`` (``catalog.*`` ids: ``str()`` is the
English text, the UI renders the id in its language).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from typing_extensions import override

from ..core.messages import Message, error_message, join, msg, verbatim


def _text(part: str) -> Message:
    """A message parameter: ``part`` when it is a Message, else its English text verbatim."""
    return part if isinstance(part, Message) else verbatim(part)


_MISSING_ROW = {
    "gpus": "catalog.no_gpu",
    "models": "catalog.no_model",
    "owned_gpus": "catalog.no_owned_gpu",
    "calibration_runs": "catalog.no_calibration_run",
}


def missing_row(table: str, key: object) -> KeyError:
    """The ``KeyError`` for a missing row ``key`` of ``table``, ``args[0]`` its Message.

    ``table``: gpus, models, owned_gpus or calibration_runs (a ``catalog.no_*`` id).
    """
    return KeyError(msg(_MISSING_ROW[table], key=str(key)))


class CatalogError(Exception):
    """Base class of the catalog's own errors."""


class CatalogCorruptError(CatalogError):
    """The catalog file is not a readable, intact SQLite database.

    Raised only when the file's header is not SQLite's or ``PRAGMA quick_check``
    (or SQLite itself) reports damage — never for a file or folder that is merely
    read-only (see :class:`CatalogReadOnlyError` and :class:`CatalogUnavailableError`).

    Attributes:
        path: the catalog file that failed to open.
        detail: what was wrong (``PRAGMA quick_check`` output, SQLite error, …).

    Recover with :func:`gpupicker.catalog.recover_corrupt` (``gpupicker catalog
    recover``), which moves the file aside (never deletes it) and creates a fresh
    catalog from the bundled data; then restore a backup with
    :func:`gpupicker.catalog.restore_backup` (``gpupicker catalog restore NAME``).
    """

    def __init__(self, path: Path | str, detail: str) -> None:
        """Record the failing ``path`` and a plain-language ``detail``."""
        self.path = Path(path)
        self.detail = detail
        super().__init__(msg("catalog.corrupt", path=str(self.path), detail=_text(detail)))


class CatalogReadOnlyError(CatalogError, PermissionError):
    """A write was attempted on a catalog that was opened read-only.

    The catalog is opened read-only when its file or its folder cannot be written
    (file permissions, ``chattr +i``, a read-only mount …); reads keep working.
    """

    def __init__(self, path: Path | str, action: str = "change it") -> None:
        """``action``: what was refused, e.g. ``"import prices"``."""
        self.path = Path(path)
        self.action = action
        super().__init__(msg("catalog.read_only", path=str(self.path), action=_text(action)))

    @override
    def __str__(self) -> str:
        """The plain message (not ``PermissionError``'s ``[Errno …]`` form)."""
        return str(self.args[0])


class CatalogUnavailableError(CatalogError, OSError):
    """The catalog cannot be opened or created at all (no permission, missing folder …).

    Not a sign of damage: the file, if any, is left alone.
    """

    def __init__(self, path: Path | str, detail: str, *, what: str = "use the catalog at") -> None:
        """Record the ``path`` and why it cannot be used (``what`` was attempted)."""
        self.path = Path(path)
        self.detail = detail
        super().__init__(
            msg("catalog.unavailable", what=_text(what), path=str(self.path), detail=_text(detail))
        )

    @override
    def __str__(self) -> str:
        """The plain message (not ``OSError``'s ``[Errno …]`` form)."""
        return str(self.args[0])


class CatalogDiskFullError(CatalogError, OSError):
    """A write failed because the disk (or the file-size limit) is full; nothing was changed.

    SQLite rolls the transaction back (``SQLITE_FULL``; ``SQLITE_IOERR`` under
    ``ulimit -f``), so the catalog is intact and reading it keeps working.

    Attributes:
        path: the file that could not grow (the catalog or a backup).
        action: what was not done, e.g. ``"import prices"``.
    """

    def __init__(self, path: Path | str, action: str = "save the change") -> None:
        """Record the file and the action that was not done."""
        self.path = Path(path)
        self.action = action
        super().__init__(msg("catalog.disk_full", path=str(self.path), action=_text(action)))

    @override
    def __str__(self) -> str:
        """The plain message (not ``OSError``'s ``[Errno …]`` form)."""
        return str(self.args[0])


class CatalogForeignError(CatalogUnavailableError):
    """An SQLite database of another application: refused, never modified.

    The file is an SQLite database of another application (or of no gpupicker version):
    it is refused and never modified (no tables added, no switch to WAL).

    Attributes:
        path: the file.
        tables: its tables (the first few, for the message).
    """

    def __init__(self, path: Path | str, tables: list[str]) -> None:
        """Record the file and the tables that show it is not a catalog."""
        shown = ", ".join(tables[:6]) + (f" … (+{len(tables) - 6})" if len(tables) > 6 else "")
        CatalogError.__init__(self, msg("catalog.foreign", path=str(Path(path)), tables=shown))
        self.path = Path(path)
        self.detail = "not a gpupicker catalog"
        self.tables = tables


class CatalogNewerError(CatalogUnavailableError):
    """A catalog written by a newer gpupicker: refused, never modified.

    The catalog was written by a newer gpupicker (its schema has steps this version does
    not know): it is refused and never modified, so its prices are not lost.

    Attributes:
        path: the file.
        unknown: the schema steps (migration names) this version does not know.
    """

    def __init__(self, path: Path | str, unknown: list[str]) -> None:
        """Record the file and the unknown schema steps."""
        CatalogError.__init__(self, msg("catalog.newer", path=str(Path(path)), steps=", ".join(unknown[:3])))
        self.path = Path(path)
        self.detail = "written by a newer gpupicker"
        self.unknown = unknown


class CatalogSettingError(CatalogError, ValueError):
    """A stored setting that cannot be read (not JSON, a wrong type, an exchange rate of 0).

    Readers leave such a value out; ``gpupicker catalog recover`` resets it.

    Attributes:
        path: the catalog file.
        key: the setting (``fx_per_usd``, ``display_currency`` …).
        detail: what is wrong with it.
    """

    def __init__(self, path: Path | str, key: str, detail: str) -> None:
        """Record the catalog, the setting and what is wrong with it.

        ``detail`` is a ``setting.*`` Message,
        translated in the UI; plain text is shown as it is.
        """
        self.path = Path(path)
        self.key = key
        self.detail = detail
        why = detail if isinstance(detail, Message) else verbatim(detail)
        super().__init__(msg("catalog.setting_damaged", key=repr(key), path=str(self.path), detail=why))

    @override
    def __str__(self) -> str:
        """The English message."""
        return str(self.args[0])


class FxRateInvertedError(ValueError):
    """An exchange rate that looks entered upside down (``1 USD = 0.14 CNY``), not confirmed.

    A question for the user, never flipped silently: the CLI names ``--yes``, the window asks.

    Attributes:
        currency: the 3-letter code.
        per_usd: the rate as given (units of ``currency`` per US dollar).
    """

    def __init__(self, currency: str, per_usd: float) -> None:
        """Record the currency and the rate, with the English sentence as ``args[0]``."""
        self.currency = currency
        self.per_usd = per_usd
        super().__init__(
            msg("catalog.fx_inverted", rate=f"{per_usd:g}", currency=currency, inverse=f"{1 / per_usd:.4g}")
        )


class CatalogConflictError(CatalogError, ValueError):
    """A field the caller is changing was changed by someone else since the caller read it.

    Raised by ``update_*_fields(…, expected=…)``; nothing was written.

    Attributes:
        table: ``"prices"``, ``"gpus"`` or ``"models"``.
        key: the row id.
        field: the first conflicting column.
        current: its value in the catalog now.
        seen: its value in the caller's copy (``expected``).
    """

    def __init__(self, table: str, key: Any, field: str, current: Any, seen: Any) -> None:
        """Record the conflicting field with the stored and the caller's values."""
        self.table, self.key, self.field = table, key, field
        self.current, self.seen = current, seen
        values = {"field": field, "current": repr(current), "seen": repr(seen)}
        if table == "prices":
            super().__init__(msg("catalog.conflict.price", row=str(key), **values))
        else:
            super().__init__(msg("catalog.conflict.row", table=table[:-1], row=repr(key), **values))


class CatalogInUseError(CatalogError, ValueError):
    """A row cannot be deleted because other rows depend on it (a GPU with prices).

    Attributes:
        gpu_id: the GPU.
        price_count: how many current price rows refer to it.
    """

    def __init__(self, gpu_id: str, price_count: int) -> None:
        """Record the GPU and how many prices still use it."""
        self.gpu_id = gpu_id
        self.price_count = price_count
        super().__init__(msg("catalog.in_use", gpu_id=repr(gpu_id), n=price_count))


def validation_text(
    exc: Exception,
    *,
    keep_value_error_prefix: bool = False,
    fields: bool = True,
    sep: str = "; ",
    limit: int | None = None,
    render: Callable[[str], str] | None = None,
) -> str:
    """How a rejected record or workload reads, in one place for every caller.

    A pydantic ``ValidationError`` becomes its errors as ``field.path: message`` (``fields``;
    else the messages alone), joined with ``sep``, the first ``limit`` only when given;
    ``keep_value_error_prefix`` keeps pydantic's ``"Value error, "`` before a validator's own
    message (the CLI's JSON has always carried it). Any other exception gives ``str(exc)``.
    ``render`` (the UI's ``tr_message``) shows a validator's own core Message — a
    ``ValueError(msg(...))`` — in the UI's language; without it the English text is used.

    Used by CSV import and record checks here, the model importers, the CLI
    (``cli.common.error_text``) and the UI (``ui.formatting.error_messages``, workload files).
    """
    from pydantic import ValidationError

    if not isinstance(exc, ValidationError):
        return str(exc)
    parts = []
    for e in exc.errors()[:limit]:
        msg = str(e.get("msg", ""))
        cause = (e.get("ctx") or {}).get("error")
        if (
            render is not None
            and isinstance(cause, ValueError)
            and len(cause.args) == 1
            and isinstance(cause.args[0], str)
        ):
            msg = "Value error, " + render(cause.args[0])
        if not keep_value_error_prefix:
            msg = msg.removeprefix("Value error, ")
        loc = ".".join(str(p) for p in e.get("loc", ())) if fields else ""
        parts.append(f"{loc}: {msg}" if loc else msg)
    return sep.join(parts)


_BOUNDS: dict[str, tuple[str, str]] = {
    "greater_than": ("catalog.value.greater_than", "gt"),
    "greater_than_equal": ("catalog.value.at_least", "ge"),
    "less_than": ("catalog.value.less_than", "lt"),
    "less_than_equal": ("catalog.value.at_most", "le"),
}
"""pydantic error type → (message id, the ``ctx`` key of its bound)."""

_PLAIN: dict[str, str] = {
    "int_from_float": "catalog.value.whole_number",
    "int_parsing": "catalog.value.whole_number",
    "int_type": "catalog.value.whole_number",
    "float_parsing": "catalog.value.not_a_number",
    "float_type": "catalog.value.not_a_number",
    "finite_number": "catalog.value.finite",
    "missing": "catalog.value.required",
}
"""pydantic error type → the message id of its refusal (no parameters)."""


def _pydantic_reason(error: Mapping[str, Any]) -> Message:
    """One pydantic error (an item of ``ValidationError.errors()``) as a catalog message.

    pydantic's error types (https://docs.pydantic.dev/latest/errors/validation_errors/) the
    catalog's columns raise become ``catalog.value.*``; a validator's own
    ``ValueError(msg(...))`` is its message. Any other type is pydantic's English sentence,
    shown as it is (never dropped).
    """
    kind = str(error.get("type", ""))
    ctx = error.get("ctx") or {}
    if kind in _BOUNDS:
        id_, key = _BOUNDS[kind]
        bound = ctx[key]
        # written as pydantic writes it: a whole float without ".0" (gt=0.0 → "greater than 0")
        return msg(
            id_, bound=str(int(bound)) if isinstance(bound, float) and bound.is_integer() else str(bound)
        )
    if kind in _PLAIN:
        return msg(_PLAIN[kind])
    if kind == "string_too_short" and ctx.get("min_length") == 1:
        return msg("catalog.value.empty")
    cause = ctx.get("error")
    if kind == "value_error" and isinstance(cause, ValueError):
        return error_message(cause)
    return verbatim(str(error.get("msg", "")).removeprefix("Value error, "))


def field_errors(exc: Exception) -> list[tuple[str, Message]]:
    """``(field, reason)`` for each refusal in a pydantic ``ValidationError``.

    ``field`` is
    the dotted location, ``""`` for the whole record); ``[]`` for any other exception.
    """
    from pydantic import ValidationError

    if not isinstance(exc, ValidationError):
        return []
    return [(".".join(str(p) for p in e.get("loc", ())), _pydantic_reason(e)) for e in exc.errors()]


def refusal_message(exc: Exception) -> Message:
    """Why a catalog record or CSV row was refused, as one message.

    A pydantic ``ValidationError`` gives its refusals as ``catalog.field`` messages
    (``field: reason``) joined as clauses (``; ``); a ``ValueError(msg(...))`` of the
    catalog's own checks (:func:`~.record_checks.check_price` …) its message; any other error its
    text, untranslated. The UI renders the result with column headers for the fields.
    """
    pairs = field_errors(exc)
    if pairs:
        return join([msg("catalog.field", field=f, reason=r) if f else r for f, r in pairs], "clauses")
    return error_message(exc)
