"""The package's shape holds: no import cycle anywhere in companion/, and the rules import nothing around them.

Read from the source (every ``import`` and ``from ... import`` at any depth, TYPE_CHECKING blocks included), so a
cycle hidden behind a lazy or type-only import counts too.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "companion"


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports() -> dict[str, set[str]]:
    """Module -> the companion modules it imports (a package's name when only the package is imported)."""
    modules = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
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
        graph[name] = {t for t in targets if t in modules and t != name}
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
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


def test_the_import_graph_is_read():
    graph = _imports()
    assert "companion.ui.round.forms.banner" in graph["companion.ui.round.bar"]
    assert "companion.rules.engine.game" in graph["companion.record.format"]


def test_no_import_cycle_in_companion():
    cycle = _cycle(_imports())
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_a_cycle_is_found_when_there_is_one():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_the_rules_import_nothing_of_the_app_around_them():
    outside = {
        name: sorted(t for t in targets if not t.startswith("companion.rules"))
        for name, targets in _imports().items()
        if name.startswith("companion.rules")
    }
    assert {name: t for name, t in outside.items() if t} == {}


def _source(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def test_the_round_screen_draws_from_its_view_model_never_from_the_game():
    """The round screen's view and forms know the game only as the ``RoundView`` its presenter builds: none reads
    the engine's ``Game`` (its setup, state, steps, decision or rules version) through ``presenter.game``."""
    round_ui = PACKAGE / "ui" / "round"
    reaching = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for path in sorted(round_ui.rglob("*.py"))
        if path.name != "presenter.py"
        for node in ast.walk(_source(path))
        if isinstance(node, ast.Attribute) and node.attr == "game"
    ]
    assert reaching == []


def test_the_round_view_model_is_plain_data():
    """No Flet and no engine in the view model: the presenter fills it, a form only reads it."""
    path = PACKAGE / "ui" / "round" / "view_model.py"
    imported = {a.name for node in ast.walk(_source(path)) if isinstance(node, ast.Import) for a in node.names}
    imported |= {node.module or "" for node in ast.walk(_source(path)) if isinstance(node, ast.ImportFrom)}
    assert {m for m in imported if m.split(".")[0] == "flet"} == set()
    assert _imports()["companion.ui.round.view_model"] <= {"companion.rules.words"}
