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
    # JSON text beyond core.json_limits' bounds (workload input, model files)
    "json.too_deep": "the JSON is nested deeper than {limit} levels, which no workload or model "
                     "file needs; it was not read",
    "json.number_too_long": "the JSON holds a number {n} characters long (at most {limit} are "
                            "read); it was not read",
}
