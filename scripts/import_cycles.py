"""Find import cycles inside the gpupicker package, counting imports made inside functions.

``lint-imports`` reads only module-level imports and its contracts cannot see a cycle that an
import inside a function hides. This script reads every ``gpupicker/**/*.py`` with :mod:`ast`,
resolves relative imports to module names, treats ``from X import Y`` as importing ``X.Y`` when
``Y`` is a submodule (otherwise as importing ``X``), and prints each strongly connected component
of the resulting module graph that holds more than one module (or a module importing itself),
with one shortest cycle through it.

Usage: ``python scripts/import_cycles.py [package_dir]``; exit status 1 when a cycle exists.
``tests/build/test_layering.py`` runs :func:`find_cycles` in ``make test``.
"""

from __future__ import annotations

import ast
import sys
from collections import deque
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "gpupicker"


def module_names(package_dir: Path) -> dict[str, Path]:
    """Map each dotted module name under ``package_dir`` to its file (packages as ``__init__``)."""
    base = package_dir.parent
    names: dict[str, Path] = {}
    for path in sorted(package_dir.rglob("*.py")):
        parts = list(path.relative_to(base).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def _resolve(module: str, is_package: bool, level: int, target: str | None) -> str:
    """Absolute name of ``from <level dots><target> import ...`` written in ``module``."""
    if level == 0:
        return target or ""
    parts = module.split(".")
    if not is_package:
        parts = parts[:-1]
    if level > 1:
        parts = parts[: len(parts) - (level - 1)]
    return ".".join(parts + ([target] if target else []))


def import_graph(package_dir: Path = ROOT) -> dict[str, set[str]]:
    """Edges module -> modules of the same package it imports anywhere in its body."""
    names = module_names(package_dir)
    root = package_dir.name
    graph: dict[str, set[str]] = {name: set() for name in names}
    for name, path in names.items():
        is_package = path.name == "__init__.py"
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = _resolve(name, is_package, node.level, node.module)
                for alias in node.names:
                    sub = f"{base}.{alias.name}"
                    targets.append(sub if sub in names else base)
            for target in targets:
                if target != root and not target.startswith(root + "."):
                    continue
                # `import a.b.c` also loads a and a.b; count the deepest module that exists.
                while target not in names and "." in target:
                    target = target.rsplit(".", 1)[0]
                if target in names and target != name:
                    graph[name].add(target)
    return graph


def _components(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components (Tarjan, iterative) with more than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    result: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    comp = []
                    while True:
                        top = stack.pop()
                        on_stack.discard(top)
                        comp.append(top)
                        if top == node:
                            break
                    if len(comp) > 1:
                        result.append(sorted(comp))
            elif child not in index:
                index[child] = low[child] = counter
                counter += 1
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return sorted(result)


def _shortest_cycle(graph: dict[str, set[str]], comp: list[str]) -> list[str]:
    """One shortest cycle through the first module of ``comp`` (BFS inside the component)."""
    members = set(comp)
    start = comp[0]
    parent: dict[str, str] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for child in sorted(graph[node] & members):
            if child == start:
                path = [node]
                while path[-1] != start:
                    path.append(parent[path[-1]])
                return [*reversed(path), start]
            if child not in parent:
                parent[child] = node
                queue.append(child)
    return comp


def find_cycles(package_dir: Path = ROOT) -> list[list[str]]:
    """One cycle (first module repeated at the end) per strongly connected component."""
    graph = import_graph(package_dir)
    return [_shortest_cycle(graph, comp) for comp in _components(graph)]


def main(argv: list[str]) -> int:
    package_dir = Path(argv[1]).resolve() if len(argv) > 1 else ROOT
    graph = import_graph(package_dir)
    comps = _components(graph)
    for comp in comps:
        print(f"cycle among {len(comp)} modules: {', '.join(comp)}")
        print("  e.g. " + " -> ".join(_shortest_cycle(graph, comp)))
    if not comps:
        print(f"no import cycle in {package_dir.name} ({len(graph)} modules)")
    return 1 if comps else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
