"""Message templates of generic pieces any module writes: id → English template.

Part of :data:`gpupicker.core.messages.templates.TEMPLATES` (one English template per id;
zh_CN in resources/i18n/gpupicker_zh_CN.ts, context ``CoreText``).
"""

TEMPLATES: dict[str, str] = {
    "text.verbatim": "{text}",
    # a workload whose model is not resolved (core.workload.Workload.unresolved_model_error)
    "workload.model_not_resolved": "model {model} is not resolved",
    "workload.look_it_up": "look it up in the catalog first",
    # a price offer's pricing kind by its code (core.report.named, core.launch_config)
    "pricing.on_demand": "on_demand",
    "pricing.spot": "spot",
    "pricing.reserved": "reserved",
    "pricing.reserved_1y": "reserved_1y",
    "pricing.capacity_block": "capacity_block",
    "pricing.marketplace": "marketplace",
    "pricing.monthly": "monthly",
    "pricing.yearly": "yearly",
    "pricing.owned": "owned",
    "safe_write.not_regular": (
        "{path} is {kind}, not a regular file: gpupicker writes only "
        "regular files (or through a symlink to one), so it was left "
        "unchanged"
    ),
    "safe_write.kind.fifo": "a FIFO (named pipe)",
    "safe_write.kind.char_device": "a character device",
    "safe_write.kind.block_device": "a block device",
    "safe_write.kind.directory": "a directory",
    "safe_write.kind.socket": "a socket",
    "safe_write.kind.special": "a special file",
    # a failed file read or write (core.text.safe_write.file_error_message): path, then why
    "file_error.os": "{path}: {reason}",
    "file_error.permission": "permission denied",
    "file_error.disk_full": "the disk is full",
    "file_error.read_only_fs": "the file system is read-only",
    "file_error.not_found": "no such file or folder",
    "file_error.is_directory": "it is a folder",
    "file_error.not_a_directory": "a part of the path is not a folder",
    "file_error.name_too_long": "the file name is too long",
    # exporting a plot or the report (ui.results.plot_export / report_export / report_pdf)
    "export.plot_format": "cannot export a plot as {ext}; use .png, .svg or .csv",
    "export.plot_no_extension": "cannot export a plot as a file without extension; use .png, .svg or .csv",
    "export.no_results": "no results to report yet",
    "export.pdf_empty": "cannot write {path}: the PDF writer produced no file",
    # catalog errors about the file itself (catalog.errors; {detail}/{action} are English text)
    "catalog.setting_damaged": (
        "the catalog setting {key} in {path} is damaged ({detail}); it is left out. Run "
        "'gpupicker catalog recover' to reset it (your rows, prices and other settings are kept)"
    ),
    "catalog.disk_full": (
        "the disk holding {path} is full, so gpupicker could not {action}; nothing was changed "
        "and the catalog is intact. Free some space and try again (recommend and estimate "
        "still work)"
    ),
    "catalog.foreign": (
        "{path} is an SQLite database of another application (tables: {tables}), not a "
        "gpupicker catalog; it was not opened and is left unchanged. Give a gpupicker catalog, "
        "or a new file name, with --catalog PATH"
    ),
    "catalog.newer": (
        "the catalog {path} was written by a newer version of gpupicker (schema step(s) "
        "{steps} are unknown to this one); it was not opened and is left unchanged. Use the "
        "newer gpupicker, or another catalog with --catalog PATH"
    ),
    # JSON text beyond core.json_limits' bounds (workload input, model files)
    "json.too_deep": (
        "the JSON is nested deeper than {limit} levels, which no workload or model "
        "file needs; it was not read"
    ),
    "json.number_too_long": (
        "the JSON holds a number {n} characters long (at most {limit} are read); it was not read"
    ),
}
