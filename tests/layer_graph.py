"""The package's import graph, read from the source for the layer rules (tests/test_layers.py): every ``import``
and ``from ... import`` at any depth, TYPE_CHECKING blocks included."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "companion"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def sources() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imported_names() -> dict[str, set[str]]:
    """Module -> every module it imports: a companion module by its full name (a package's name when only the
    package is imported), any other by its top-level name ("flet", "json"). A fresh copy each call."""
    return {name: set(targets) for name, targets in read_imports().items()}


@functools.cache
def read_imports() -> dict[str, frozenset[str]]:
    modules = sources()
    found: dict[str, frozenset[str]] = {}
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = name.split(".")
                    base = base[: len(base) - node.level + (1 if is_package else 0)]
                    module = ".".join(base + ([node.module] if node.module else []))
                else:
                    module = node.module or ""
                for alias in node.names:
                    sub = f"{module}.{alias.name}"
                    targets.add(sub if sub in modules else module)
        found[name] = frozenset(t if t in modules else t.split(".")[0] for t in targets if t and t != name)
    return found


def imports() -> dict[str, set[str]]:
    """Module -> the companion modules it imports (a package's name when only the package is imported)."""
    return {name: {t for t in targets if t.startswith("companion")} for name, targets in imported_names().items()}


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle, as the modules along it, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt) :] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (found := visit(start)):
            return found
    return None


def within(name: str, *packages: str) -> bool:
    """Whether module ``name`` is one of ``packages`` or inside one."""
    return any(name == p or name.startswith(p + ".") for p in packages)


def reach(graph: dict[str, set[str]], start: str, through: tuple[str, ...]) -> dict[str, list[str]]:
    """Everything ``start`` imports, directly or through companion modules (not through ``through``), each with
    the chain of modules that brings it in."""
    chains: dict[str, list[str]] = {}
    todo = [(start, [start])]
    while todo:
        module, chain = todo.pop()
        for target in sorted(graph.get(module, ())):
            if target in chains or target == start:
                continue
            chains[target] = chain + [target]
            if target in graph and target not in through:
                todo.append((target, chain + [target]))
    return chains
