"""Folders the tests read: the repository root and the shared material beside it."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
"""The repository root (the folder holding pyproject.toml)."""
DATA = REPO / "data"
"""The bundled catalog's CSV files."""
SCRIPTS = REPO / "scripts"
"""Developer scripts (accuracy, bench, import cycles …)."""
SHARED = REPO.parent / "shared"
"""The project's shared material (design, data, validation); absent outside the workspace."""
VALIDATION = REPO / "validation" / "h200.jsonl"
"""The H200 measurements, one JSON object per line (the project's copy of shared/validation)."""
