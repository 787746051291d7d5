"""Message templates of this computer's detection: id → English template.

Written by core.detect and service.this_computer.

Part of :data:`gpupicker.core.messages.templates.TEMPLATES` (one English template per id;
zh_CN in resources/i18n/gpupicker_zh_CN.ts, context ``CoreText``).
"""

TEMPLATES: dict[str, str] = {
    "detect.unreadable": "{tool} output could not be read: {why}",
    "detect.unrecognised": (
        "not the output of nvidia-smi, rocm-smi, system_profiler, sysctl or "
        "/proc/meminfo (it starts with “{head}”)"
    ),
    "detect.unknown": (
        "{name}: no GPU of that name in the catalog — add it (catalog import gpus) and detect again"
    ),
    "detect.ambiguous": (
        "{name}: several catalog GPUs match ({candidates}) — add it by hand with owned add --gpu ID"
    ),
    "detect.no_variant": (
        "{name} ({memory}): the catalog has {candidates}, none with this memory or core count — not guessed"
    ),
    "detect.tool_missing": "{tool} is not installed or not on PATH",
    "detect.tool_failed": "{tool} failed: {why}",
    "detect.no_gpu": "no GPU was detected",
    "detect.purchase_unknown": (
        "saved with purchase price 0 (already paid): its hourly cost is "
        "electricity only; give the price with owned add to get a "
        "break-even"
    ),
    "detect.already_owned": "{gpu_id}: already in your owned GPUs (count {count}), left as it is",
}
