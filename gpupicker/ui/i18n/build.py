"""Compile resources/i18n/*.ts to .qm with pyside6-lrelease (``--update`` re-runs lupdate).

Run as ``python -m gpupicker.ui.i18n.build``. The Makefile calls it before run and test.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

from ... import paths

REPO = Path(__file__).resolve().parents[3]


def _tool(name: str) -> str:
    beside = Path(sys.executable).parent / name
    if beside.exists():
        return str(beside)
    found = shutil.which(name)
    if not found:
        raise SystemExit(f"i18n_build: {name} not found (install PySide6-Essentials in this venv)")
    return found


def ui_sources() -> list[str]:
    """Every Python file of gpupicker/ui (what lupdate scans)."""
    return sorted(str(p) for p in (REPO / "gpupicker" / "ui").rglob("*.py"))


def core_messages_source(folder: Path) -> Path:
    """Write every core message template (``gpupicker.core.messages.TEMPLATES``) as a
    ``QT_TRANSLATE_NOOP("CoreText", ...)`` line into ``folder`` for lupdate to scan (core is
    Qt-free, so lupdate cannot find its templates itself); returns the file."""
    from ...core.messages import DISAMBIGUATION, TEMPLATES

    out = folder / "core_messages_for_lupdate.py"
    plain = {t for i, t in TEMPLATES.items() if i not in DISAMBIGUATION}
    lines = [f"QT_TRANSLATE_NOOP({'CoreText'!r}, {t!r})" for t in sorted(plain)]
    lines += [
        f"QT_TRANSLATE_NOOP3({'CoreText'!r}, {TEMPLATES[i]!r}, {note!r})"
        for i, note in sorted(DISAMBIGUATION.items())
    ]
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out


def update(ts_files: list[Path]) -> None:
    """Re-scan the UI sources and core's message templates into each .ts (keeps existing
    translations, drops obsolete ones)."""
    folder = REPO / "build" / "i18n"
    folder.mkdir(parents=True, exist_ok=True)
    core = core_messages_source(folder)
    for ts in ts_files:
        subprocess.run(
            [_tool("pyside6-lupdate"), *ui_sources(), str(core), "-no-obsolete", "-ts", str(ts)], check=True
        )


def compile_all(ts_files: list[Path]) -> list[Path]:
    """lrelease each .ts next to itself; returns the .qm paths."""
    out = []
    for ts in ts_files:
        qm = ts.with_suffix(".qm")
        subprocess.run([_tool("pyside6-lrelease"), "-silent", str(ts), "-qm", str(qm)], check=True)
        out.append(qm)
    return out


def main(argv: list[str] | None = None) -> int:
    """Entry point."""
    p = argparse.ArgumentParser(prog="python -m gpupicker.ui.i18n.build", description=__doc__)
    p.add_argument("--update", action="store_true", help="run pyside6-lupdate first")
    args = p.parse_args(argv)
    folder = paths.resources_dir() / "i18n"
    ts_files = sorted(folder.glob("*.ts"))
    if not ts_files:
        print(f"i18n_build: no .ts files in {folder}")
        return 0
    if args.update:
        update(ts_files)
    for qm in compile_all(ts_files):
        print(f"i18n_build: wrote {qm}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
