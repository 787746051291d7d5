"""Folders the tests read, all inside the repository."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
"""The repository root (the folder holding pyproject.toml)."""
DATA = REPO / "data"
"""The bundled catalog's CSV files."""
SCRIPTS = REPO / "scripts"
"""Developer scripts (accuracy, bench, import cycles …)."""
VALIDATION = REPO / "validation" / "h200.jsonl"
"""The H200 measurements, one JSON object per line (in the repository)."""
