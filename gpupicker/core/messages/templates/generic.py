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
    "safe_write.not_regular": "{path} is {kind}, not a regular file: gpupicker writes only "
                              "regular files (or through a symlink to one), so it was left "
                              "unchanged",
    "safe_write.kind.fifo": "a FIFO (named pipe)",
    "safe_write.kind.char_device": "a character device",
    "safe_write.kind.block_device": "a block device",
    "safe_write.kind.directory": "a directory",
    "safe_write.kind.socket": "a socket",
    "safe_write.kind.special": "a special file",
}
