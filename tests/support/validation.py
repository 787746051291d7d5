"""The H200 measurements of ``validation/h200.jsonl`` as dicts."""

from __future__ import annotations

import json

from .paths import VALIDATION


def load_validation_cases() -> list[dict]:
    """All cases of validation/h200.jsonl (empty when the file is absent)."""
    if not VALIDATION.exists():
        return []
    return [json.loads(line) for line in VALIDATION.read_text().splitlines() if line.strip()]
