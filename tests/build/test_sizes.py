"""Size limits of the source: no module in ``gpupicker/`` over 500 lines, no function over 100.

Short modules and functions are what a new maintainer can read in one sitting; the limits are
those of the structure review (napari's and httpx's p90 module and function sizes are well
under them). The modules and functions over a limit today are listed in :data:`PENDING_MODULES`
and :data:`PENDING_FUNCTIONS`, each waiting for its split. The lists only shrink: a new
offender fails, and so does an entry that is no longer over its limit (remove it when its
split lands).
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.support.paths import REPO

MAX_MODULE_LINES = 500
"""Most lines of a module (newline-terminated lines of the ruff-formatted file)."""

MAX_FUNCTION_LINES = 100
"""Most lines of a function or method, from its ``def`` (decorators excluded) to its last line."""

PENDING_MODULES: frozenset[str] = frozenset()
"""Modules over :data:`MAX_MODULE_LINES` whose split is under way (path from the repository root)."""

PENDING_FUNCTIONS: frozenset[str] = frozenset()
"""Functions over :data:`MAX_FUNCTION_LINES` whose split is under way (``path:qualified.name``)."""


def _modules() -> list[Path]:
    return sorted((REPO / "gpupicker").rglob("*.py"))


def _name(path: Path) -> str:
    return path.relative_to(REPO).as_posix() if path.is_relative_to(REPO) else path.as_posix()


def module_lines(path: Path) -> int:
    """Lines of ``path``: its newline count, as ``wc -l`` gives it."""
    return path.read_text(encoding="utf-8").count("\n")


def long_functions(path: Path, limit: int = MAX_FUNCTION_LINES) -> dict[str, int]:
    """``path:qualified.name`` → lines of every function in ``path`` longer than ``limit``.

    Nested functions and methods count on their own (``Class.method``, ``outer.inner``).
    """
    out: dict[str, int] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                qual = f"{prefix}{child.name}"
                if not isinstance(child, ast.ClassDef):
                    assert child.end_lineno is not None
                    n = child.end_lineno - child.lineno + 1
                    if n > limit:
                        out[f"{_name(path)}:{qual}"] = n
                visit(child, qual + ".")
            else:
                visit(child, prefix)

    visit(ast.parse(path.read_text(encoding="utf-8")), "")
    return out


def test_no_new_module_over_the_limit():
    over = {_name(p): n for p in _modules() if (n := module_lines(p)) > MAX_MODULE_LINES}
    new = {k: v for k, v in over.items() if k not in PENDING_MODULES}
    assert not new, f"modules over {MAX_MODULE_LINES} lines (split them by job): {new}"


def test_pending_modules_are_still_over_the_limit():
    sizes = {_name(p): module_lines(p) for p in _modules()}
    done = sorted(m for m in PENDING_MODULES if sizes.get(m, 0) <= MAX_MODULE_LINES)
    assert not done, f"split or gone: remove from PENDING_MODULES: {done}"


def test_no_new_function_over_the_limit():
    over: dict[str, int] = {}
    for p in _modules():
        over.update(long_functions(p))
    new = {k: v for k, v in over.items() if k not in PENDING_FUNCTIONS}
    assert not new, f"functions over {MAX_FUNCTION_LINES} lines (extract named helpers): {new}"


def test_pending_functions_are_still_over_the_limit():
    over: dict[str, int] = {}
    for p in _modules():
        over.update(long_functions(p))
    done = sorted(f for f in PENDING_FUNCTIONS if f not in over)
    assert not done, f"split or gone: remove from PENDING_FUNCTIONS: {done}"


def test_the_counts_are_those_of_the_source(tmp_path):
    src = tmp_path / "m.py"
    src.write_text("class A:\n    def f(self):\n        def g():\n            return 1\n\n        return g\n")
    assert module_lines(src) == 6
    assert long_functions(src, limit=1) == {f"{src.as_posix()}:A.f": 5, f"{src.as_posix()}:A.f.g": 2}
    assert long_functions(src, limit=5) == {}


MAX_CORE_TOP_LEVEL_MODULES = 12
"""Most modules directly in ``gpupicker/core/`` (``__init__`` aside): the rest live in the
folders that name their jobs (``memory/``, ``speed/``, ``pricing/`` …)."""


def test_core_keeps_its_top_level_small():
    top = sorted(p.stem for p in (REPO / "gpupicker" / "core").glob("*.py") if p.stem != "__init__")
    assert len(top) <= MAX_CORE_TOP_LEVEL_MODULES, top
