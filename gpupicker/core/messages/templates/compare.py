"""Message templates of comparing scenarios (core.compare): id → English template.

Part of :data:`gpupicker.core.messages.templates.TEMPLATES`; zh_CN in
resources/i18n/gpupicker_zh_CN.ts, context ``CoreText``.
"""

TEMPLATES: dict[str, str] = {
    "compare.metric.model": "Model",
    "compare.metric.task": "Task",
    "compare.metric.engine": "Engine / framework",
    "compare.metric.weights": "Weights",
    "compare.metric.plan": "Best plan",
    "compare.metric.fits": "Fits in VRAM",
    "compare.metric.memory": "Peak VRAM per GPU",
    "compare.metric.speed": "Speed",
    "compare.metric.hours": "Time",
    "compare.metric.per_hour": "Price per hour (all GPUs)",
    "compare.metric.per_month": "Cost per month",
    "compare.metric.total": "Total cost",
    "compare.yes": "yes",
    "compare.no": "no",
    "compare.no_option": "{name}: no option — {why}",
    "compare.nothing_ranked": "no GPU × price in the catalog fits this job",
}
