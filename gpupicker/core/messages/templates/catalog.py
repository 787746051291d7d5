"""Templates of the catalog's refusals of a value, a row or a CSV file (``gpupicker.catalog``).

A refused value is ``catalog.field`` (``{field}: {reason}``) or ``catalog.field_named``
(``{field} {reason}``, the catalog's older wording for ids, currencies and kinds): ``field`` is
the column's name as stored, so the catalog window can show the column's header instead, and
``reason`` a ``catalog.value.*`` / ``catalog.price.*`` / … message. Several refusals of one row
are joined as clauses (``; ``). The ``catalog.value.*`` reasons stand for pydantic's checks
(``Input should be greater than 0`` → ``must be greater than 0``: one sentence in every
language, the English one shorter).
"""

from __future__ import annotations

TEMPLATES: dict[str, str] = {
    # the catalog file or a change to it refused as a whole (catalog.errors; {detail},
    # {what} and {action} are English text of the caller or SQLite)
    "catalog.corrupt": (
        "the catalog file {path} is damaged or not a catalog: {detail}. Run 'gpupicker catalog "
        "recover' to move it aside (the file is kept), start from the bundled catalog and see "
        "which backups can be restored."
    ),
    "catalog.read_only": (
        "the catalog {path} is read-only (the file or its folder cannot be written), so gpupicker "
        "cannot {action}. Make it writable, or use another catalog with --catalog PATH or "
        "$GPUPICKER_CATALOG."
    ),
    "catalog.unavailable": (
        "cannot {what} {path}: {detail}. Use a writable place with --catalog PATH, "
        "$GPUPICKER_CATALOG or $GPUPICKER_HOME."
    ),
    "catalog.fx_inverted": (
        "1 USD = {rate} {currency} looks upside down (did you mean 1 USD = {inverse} {currency}?); "
        "enter units of {currency} per US dollar, or confirm it"
    ),
    "catalog.conflict.price": (
        "price row {row} was changed elsewhere: {field} is now {current} (you saw {seen}); "
        "reload and try again"
    ),
    "catalog.conflict.row": (
        "{table} {row} was changed elsewhere: {field} is now {current} (you saw {seen}); reload and try again"
    ),
    "catalog.in_use": (
        "GPU {gpu_id} still has {n} price row(s); delete them first, or delete the GPU together "
        "with its prices (cascade=True)"
    ),
    # a refused value of one column ({field} is the column name: the UI shows its header)
    "catalog.field": "{field}: {reason}",
    "catalog.field_named": "{field} {reason}",
    # pydantic's checks of a record's fields (catalog.errors.field_errors)
    "catalog.value.at_least": "must be at least {bound}",
    "catalog.value.greater_than": "must be greater than {bound}",
    "catalog.value.at_most": "must be at most {bound}",
    "catalog.value.less_than": "must be less than {bound}",
    "catalog.value.whole_number": "must be a whole number",
    "catalog.value.not_a_number": "is not a number",
    "catalog.value.finite": "must be a finite number",
    "catalog.value.required": "is required",
    "catalog.value.empty": "must not be empty",
    # the catalog's own checks (catalog.records)
    "catalog.value.not_finite": "{value} is not a finite number",
    "catalog.value.above_limit": "{value} is above the limit of {limit} (a typo?)",
    "catalog.value.below_lowest": (
        "{value} is below the lowest sensible value {limit} (a typo, or a unit slip?)"
    ),
    "catalog.price.above_limit": "{value} per GPU-hour is above the limit of {limit} (a typo?)",
    "catalog.price.below_lowest": (
        "{value} per GPU-hour is below the lowest sensible price {limit} (a typo, or a unit slip?)"
    ),
    "catalog.price.gpus_above_limit": "{value} is above the limit of {limit} GPUs in one instance (a typo?)",
    "catalog.price.unknown_pricing": "{value} is not one of {kinds}",
    "catalog.observed.not_a_date": (
        "{value} is not a date: use YYYY-MM-DD, YYYY-MM, YYYY, a quarter such as 2024Q3, "
        "'early/mid/late YYYY' or 'unknown'"
    ),
    "catalog.observed.future": "{value} is in the future (today is {today})",
    "catalog.currency.not_a_code": "{value} is not a 3-letter code such as USD or CNY",
    "catalog.currency.unknown": (
        "{value} is not a known ISO 4217 code (such as USD, EUR, CNY); add an exchange rate for it first"
    ),
    "catalog.id.bad_characters": "{value} may hold only a-z, 0-9, '_', '.' and '-' (at most 100 characters)",
    "catalog.id.repeats_line": "{value} repeats line {line}",
    "catalog.gpu.unknown_in_file": "unknown GPU {value} (add it to gpus first)",
    "catalog.model.llm_missing": "LLM row is missing {columns}",
    # a CSV file refused as a whole or a row of it (catalog.csv_read)
    "catalog.csv.unknown_table": "unknown table {table}: use one of {tables}",
    "catalog.csv.too_big": "the file is {size}; imports are limited to {limit} (split it into smaller files)",
    "catalog.csv.nul_byte": "not CSV text: binary data (a NUL byte at byte {offset})",
    "catalog.csv.not_utf8_near": "not UTF-8 text ({why} near byte {offset}); save the file as UTF-8 CSV",
    "catalog.csv.not_utf8_end": "not UTF-8 text ({why} at the end of the file)",
    "catalog.csv.not_utf8_at": "not UTF-8 text ({why} at byte {offset})",
    "catalog.csv.too_many_rows": "more than {n} rows; imports are limited to {n} rows (split the file)",
    "catalog.csv.line_too_long": "line {line} is longer than {limit}: not a catalog CSV",
    "catalog.csv.empty": "empty file: no header row",
    "catalog.csv.unknown_columns": (
        "unknown column(s): {columns} (expected columns of {table}.csv: {expected})"
    ),
    "catalog.csv.semicolons": (
        "the file separates its columns with ';', not ',' (as Excel does where the decimal mark "
        "is a comma): save it as CSV UTF-8 (comma delimited) with '.' as the decimal mark"
    ),
    "catalog.csv.repeated_columns": "repeated column(s): {columns}",
    "catalog.csv.missing_columns": "missing column(s): {columns}",
    "catalog.csv.cell_count": "{cells} cells but the header has {width}",
    "catalog.csv.cell_too_long": "the cell is longer than {limit}",
    "catalog.csv.unreadable": "not a readable CSV file: {error}",
    "catalog.csv.stopped": "stopped checking after {n} bad rows",
}
"""Catalog message id → English template (zh_CN in the .ts, context ``CoreText``)."""
