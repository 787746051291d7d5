"""Templates of the catalog's refusals: a value, a row, a file, a rate (``gpupicker.catalog``).

Besides a value, a row or a CSV file: a price-tracker or ledger file (``tracker.*``,
``ledger.*``), an exchange rate or a stored setting (``fx.*``, ``setting.*``) and a bundled
data row (``catalog.bundle.*``).

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
    # {what} and {action} are English text of the caller or SQLite, or one of these messages)
    "catalog.action.write_backup": "write a backup",
    "catalog.action.write_backup_to": "write a backup to",
    "catalog.not_a_backup": "not a gpupicker catalog backup",
    "catalog.no_backup": (
        "no backup '{name}': give a file path or a name listed by 'gpupicker catalog backups'"
    ),
    # a row the user named that is gone (catalog.errors.missing_row: a KeyError)
    "catalog.no_gpu": "no GPU with id '{key}'",
    "catalog.no_model": "no model with id '{key}'",
    "catalog.no_owned_gpu": "no owned GPU row {key}",
    "catalog.no_calibration_run": "no calibration run {key}",
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
    # a change the catalog refuses as a whole (catalog.prices, catalog.rows, catalog.seeding)
    "catalog.price.unknown_gpu": "unknown GPU {gpu_id}: add it to the GPUs first",
    "catalog.columns.unknown": "unknown column(s) for {table}: {columns}",
    "catalog.columns.frozen": "{columns} cannot be changed (add a new row instead)",
    "catalog.reset.user_price": (
        "price row {row} was added by the user; it has no bundled value (delete it instead)"
    ),
    "catalog.reset.user_gpu": "gpu {key} was added by the user; it has no bundled value (delete it instead)",
    "catalog.reset.user_model": (
        "model {key} was added by the user; it has no bundled value (delete it instead)"
    ),
    # exchange rates entered or stored (core.pricing.money.check_per_usd, catalog.settings;
    # {value} and {code} are the text given, quoted)
    "fx.not_a_number": "exchange rate must be a number, got {value}",
    "fx.out_of_range": "exchange rate must be a number from {low} to {high} units per US dollar, got {value}",
    "fx.not_positive": "exchange rate must be a positive number, got {value}",
    "fx.not_a_code": "currency {code} is not a 3-letter code",
    "fx.usd_is_base": "USD is the base currency; its rate is always 1",
    "fx.no_rate": "no exchange rate for {currency}: set one with set_fx_rate first",
    # a stored setting that cannot be read (the detail of catalog.setting_damaged)
    "setting.not_json": "not JSON text",
    "setting.not_a_table": "a {type}, not a table of rates",
    "setting.rate_of": "{code}: {reason}",
    "setting.not_a_code": "{value} is not a 3-letter currency code",
    "setting.not_currency": "{value} is not a currency code",
    "setting.not_bool": "not true or false",
    # a bundled CSV row that does not validate (a packaging bug; catalog.bundle)
    "catalog.bundle.bad_row": "bundled {file} line {line}: {reason}",
    # price-tracker files (catalog.trackers; {instance}, {name}, {count} and {key} are the file's
    # own text)
    "tracker.cell_too_long": "a cell is longer than {limit} KiB: not a tracker CSV row",
    "tracker.unreadable": (
        "{file} is not a readable CSV file from line {line} (a cell over 128 KiB, or broken quoting)"
    ),
    "tracker.unknown_format": (
        "{file}: not a SkyPilot vms.csv (InstanceType, AcceleratorName, AcceleratorCount, Price …) "
        "or gpuhunt CSV (instance_name, gpu_name, gpu_count, price …)"
    ),
    "tracker.unknown_provider_folder": (
        "which provider is {file}? give --provider (the folder name {key} is not one gpupicker knows)"
    ),
    "tracker.unknown_provider_file": (
        "which provider is {file}? give --provider (the file name {key} is not one gpupicker knows)"
    ),
    "tracker.no_gpu": "{instance}: no GPU",
    "tracker.no_price": "{instance}: no price",
    "tracker.unknown_accelerator": (
        "unknown accelerator {name} ({instance}): no catalog GPU id for it; add the GPU or leave the row out"
    ),
    "tracker.gpu_count": (
        "{instance}: GPU count {count} is not a whole number ≥ 1 (fractional GPUs are not modelled)"
    ),
    "tracker.no_rows": "no GPU price rows in the file",
    # price ledgers: Shadeform, Vast.ai and daily ledger CSV snapshots (catalog.ledgers)
    "ledger.bad_time": (
        "snapshot time {text} is not an ISO 8601 date or time (2026-11-30 or 2026-11-30T14:00:00Z)"
    ),
    "ledger.json_too_big": "{file} is {size} MiB: a ledger JSON is read whole, at most {limit} MiB",
    "ledger.json_limit": "{file}: {reason}",
    "ledger.not_json": "{file} is not readable JSON ({error})",
    "ledger.unknown_gpu": (
        "unknown GPU {name} ({where}): no catalog GPU id for it; add the GPU or leave the row out "
        "(--skip-unknown)"
    ),
    "ledger.offer": "offer {offer}",
    "ledger.no_instance_types": '{file}: no "instance_types" list (Shadeform /instances/types JSON)',
    "ledger.instance_not_object": "an instance type is not a JSON object",
    "ledger.unknown_cloud": "unknown cloud {cloud} ({instance}): no catalog provider for it",
    "ledger.num_gpus": "{instance}: num_gpus {value} is not a whole number ≥ 1",
    "ledger.no_hourly_price": "{instance}: no hourly_price",
    "ledger.no_offers": '{file}: no "offers" list (Vast.ai offer bundles JSON)',
    "ledger.offer_not_object": "an offer is not a JSON object",
    "ledger.offer_fractional": "offer {offer}: num_gpus {value} (fractional GPUs are not modelled)",
    "ledger.offer_no_price": "offer {offer}: no dph_total",
    "ledger.cell_too_long": "{file} line {line}: a cell is longer than {limit} KiB: not a ledger row",
    "ledger.unreadable_csv": "{file} is not a readable CSV file",
    "ledger.gpu_count": "{instance}: gpu_count {value} is not a whole number ≥ 1",
    "ledger.unknown_provider": "unknown provider {key} ({instance}): no catalog provider for it",
    "ledger.no_price_per_hour": "{instance}: no price_per_hour",
    "ledger.older_snapshot": (
        "{instance}: an older snapshot ({older}) of an offer the file lists again at {newer}"
    ),
    "ledger.unknown_format": (
        "{file}: not a Shadeform /instances/types JSON, a Vast.ai offers JSON or a daily ledger CSV "
        "(timestamp, provider, gpu_type, gpu_count, price_per_hour …)"
    ),
}
"""Catalog message id → English template (zh_CN in the .ts, context ``CoreText``)."""
