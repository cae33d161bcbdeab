"""The package's shape, rule by rule, read from the imports (companion/README.md, "The layer rules").

Each rule is one test: which modules it governs, what they may not import, and why; a broken rule names every
module that breaks it and the imports that do. Read from the source (every ``import`` and ``from ... import``
at any depth, TYPE_CHECKING blocks included), so an import hidden in a function or behind a type check counts too.
Each rule is also shown to catch a made-up breach, so none passes for want of anything to look at.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "companion"


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _sources() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _imported_names() -> dict[str, set[str]]:
    """Module -> every module it imports: a companion module by its full name (a package's name when only the
    package is imported), any other by its top-level name ("flet", "json"). A fresh copy each call."""
    return {name: set(targets) for name, targets in _read_imports().items()}


@functools.cache
def _read_imports() -> dict[str, frozenset[str]]:
    modules = _sources()
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


def _imports() -> dict[str, set[str]]:
    """Module -> the companion modules it imports (a package's name when only the package is imported)."""
    return {name: {t for t in targets if t.startswith("companion")} for name, targets in _imported_names().items()}


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


def _within(name: str, *packages: str) -> bool:
    """Whether module ``name`` is one of ``packages`` or inside one."""
    return any(name == p or name.startswith(p + ".") for p in packages)


# ---------------------------------------------------------------------------------------------- the rules

#: Modules of companion/ui that are plain logic without a presenter's name: they decide, they do not draw.
PLAIN_LOGIC = (
    "companion.ui.shell.routing",  # which screen an address opens
    "companion.ui.round.answers",  # the one-tap answers to an automa's question
    "companion.ui.rules_help.text",  # the rules help's sections and its search
    "companion.ui.decks.calibration",  # the running calibration: processes and progress
)
#: Logic that is handed the page's context (ui/shell/context.py: ``AppContext`` holds the Flet page, so it
#: imports flet). Such a module reaches flet through that context only, never by importing it itself.
HANDED_THE_PAGE = (
    "companion.ui.shell.game_access",
    "companion.ui.shell.live",
    "companion.ui.shell.screens",
    "companion.ui.round.whose",
)
CONTEXT = "companion.ui.shell.context"


def _flet(target: str) -> bool:
    """Flet itself or one of its extension packages (flet_charts, ...)."""
    return target == "flet" or target.startswith("flet_")


def _presenter_or_plain(name: str, _imports: set[str]) -> bool:
    return _within(name, "companion.ui") and (name.rsplit(".", 1)[-1].endswith("presenter") or name in PLAIN_LOGIC)


def _draws(name: str, imports: set[str]) -> bool:
    """A module of a screen or a widget: it imports flet itself. The shell (the page, the router, the context)
    and the patches of Flet's private code are not views."""
    return (
        _within(name, "companion.ui")
        and any(_flet(t) for t in imports)
        and not _within(name, "companion.ui.shell", "companion.ui.flet_patches")
    )


@dataclass(frozen=True)
class Rule:
    #: What must hold, said when it does not.
    says: str
    #: Whether the rule governs a module, from its name and what it imports itself.
    governs: Callable[[str, set[str]], bool]
    #: Whether an import (a companion module's full name, another package's top-level name) breaks the rule.
    forbidden: Callable[[str], bool]
    #: A module the rule governs and an import that breaks it: the rule is shown to catch it.
    breach: tuple[str, str]
    #: Also through the package: an import of a companion module counts with everything that module imports
    #: in turn, except through these modules (``()``: through all of them); None: the module's own imports only.
    through: tuple[str, ...] | None = None


RULES: dict[str, Rule] = {
    "files_import_nothing_of_the_package": Rule(
        "companion.files (paths, atomic writes, bounded reads) sits under everything: it imports nothing of the "
        "package outside itself",
        lambda name, _: _within(name, "companion.files"),
        lambda target: _within(target, "companion") and not _within(target, "companion.files"),
        ("companion.files.paths", "companion.store.settings"),
    ),
    "record_imports_only_rules_and_files": Rule(
        "companion.record (the game record's format, checks and writer) imports only companion.rules and "
        "companion.files",
        lambda name, _: _within(name, "companion.record"),
        lambda target: _within(target, "companion")
        and not _within(target, "companion.record", "companion.rules", "companion.files"),
        ("companion.record.format", "companion.store"),
    ),
    "rules_import_nothing_around_them": Rule(
        "companion.rules (the pure game model) imports nothing of the package outside itself: no UI, store, "
        "record, sim, command line or files",
        lambda name, _: _within(name, "companion.rules"),
        lambda target: _within(target, "companion") and not _within(target, "companion.rules"),
        ("companion.rules.engine.game", "companion.record.format"),
    ),
    "rules_import_no_flet": Rule(
        "companion.rules imports no flet",
        lambda name, _: _within(name, "companion.rules"),
        _flet,
        ("companion.rules.words.game", "flet"),
    ),
    "store_imports_no_ui_server_cli_sim_or_flet": Rule(
        "companion.store (games, settings, your decks, drafts, the calibration file) imports nothing of "
        "companion.ui, companion.server, companion.cli, companion.sim or flet, neither itself nor through another "
        "module: every screen, the server, the commands and the simulations use it",
        lambda name, _: _within(name, "companion.store"),
        lambda target: _within(target, "companion.ui", "companion.server", "companion.cli", "companion.sim")
        or _flet(target),
        ("companion.store.decks", "companion.ui.decks.presenter"),
        through=(),
    ),
    "presenters_import_no_flet": Rule(
        "a presenter (ui/**/*presenter.py) or plain logic of the UI (PLAIN_LOGIC) imports no flet, neither "
        "itself nor through another module: it runs and is tested without a page",
        _presenter_or_plain,
        _flet,
        ("companion.ui.round.presenter", "flet"),
        through=(),
    ),
    "logic_handed_the_page_imports_no_flet_itself": Rule(
        "logic handed the page's context (HANDED_THE_PAGE) reaches flet only through that context "
        "(ui/shell/context.py), never by importing it itself or through another module",
        lambda name, _: name in HANDED_THE_PAGE,
        _flet,
        ("companion.ui.shell.game_access", "flet"),
        through=(CONTEXT,),
    ),
    "views_import_no_store": Rule(
        "a view (a module of companion/ui that imports flet, outside ui/shell and ui/flet_patches) imports "
        "nothing of companion.store: it goes through its presenter or ui/shell/game_access",
        _draws,
        lambda target: _within(target, "companion.store"),
        ("companion.ui.final.view", "companion.store.session"),
    ),
    "the_ui_imports_no_file_helper": Rule(
        "companion.ui imports nothing of companion.files: no screen touches a file, the store keeps them",
        lambda name, _: _within(name, "companion.ui"),
        lambda target: _within(target, "companion.files"),
        ("companion.ui.decks.presenter", "companion.files.atomic"),
    ),
    "only_the_decks_screen_imports_the_decks_screen": Rule(
        "nothing outside companion.ui.decks imports it but the session's typed state (which keeps the open "
        "transcription): other screens take your decks and the calibration from companion.store",
        lambda name, _: not _within(name, "companion.ui.decks") and name != "companion.ui.shell.session_state",
        lambda target: _within(target, "companion.ui.decks"),
        ("companion.ui.new_game.view", "companion.ui.decks.presenter"),
    ),
    "only_main_imports_the_command_line": Rule(
        "nothing imports companion.cli but companion.__main__ (and the command line itself): the commands are "
        "an entry point, not a library",
        lambda name, _: name != "companion.__main__" and not _within(name, "companion.cli"),
        lambda target: _within(target, "companion.cli"),
        ("companion.store.games", "companion.cli.output"),
    ),
}


def _reach(graph: dict[str, set[str]], start: str, through: tuple[str, ...]) -> dict[str, list[str]]:
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


def breaches(rule: Rule, graph: dict[str, set[str]]) -> dict[str, list[str]]:
    """Module -> the imports that break ``rule`` (an import through other modules as its chain, "a -> b -> c")."""
    found: dict[str, list[str]] = {}
    for name in sorted(graph):
        if not rule.governs(name, graph[name]):
            continue
        if rule.through is None:
            bad = sorted(t for t in graph[name] if rule.forbidden(t))
        else:
            chains = _reach(graph, name, rule.through)
            bad = sorted(" -> ".join(chains[t][1:]) for t in chains if rule.forbidden(t))
        if bad:
            found[name] = bad
    return found


def _report(rule: Rule, found: dict[str, list[str]]) -> str:
    lines = [f"{name}: imports {', '.join(bad)}" for name, bad in found.items()]
    return f"{rule.says}. Broken by:\n  " + "\n  ".join(lines)


@pytest.mark.parametrize("name", RULES)
def test_rule(name):
    rule = RULES[name]
    graph = _imported_names()
    assert any(rule.governs(m, graph[m]) for m in graph), f"{name}: governs no module (renamed?)"
    found = breaches(rule, graph)
    assert not found, _report(rule, found)


@pytest.mark.parametrize("name", RULES)
def test_each_rule_catches_a_breach(name):
    rule = RULES[name]
    graph = _imported_names()
    module, target = rule.breach
    assert module in graph, f"{name}: its example module {module} is gone"
    graph[module] = graph[module] | {target}
    assert module in breaches(rule, graph), f"{name}: does not see {module} importing {target}"


def test_an_import_through_another_module_counts_where_the_rule_says_so():
    graph = {"companion.ui.a.presenter": {"companion.ui.b"}, "companion.ui.b": {"flet"}}
    found = breaches(RULES["presenters_import_no_flet"], graph)
    assert found == {"companion.ui.a.presenter": ["companion.ui.b -> flet"]}
    graph = {CONTEXT: {"flet"}, "companion.ui.shell.live": {CONTEXT}}
    assert breaches(RULES["logic_handed_the_page_imports_no_flet_itself"], graph) == {}


#: Calls that touch a file: a path's methods, ``os`` and ``shutil``'s file functions, the builtin ``open``.
#: (A method named ``open`` is left out: ``Store.open``, ``Transcription.open`` open no file themselves.)
PATH_CALLS = {"read_text", "write_text", "read_bytes", "write_bytes", "unlink", "mkdir", "rmdir", "exists",
              "is_file", "is_dir", "is_symlink", "stat", "lstat", "iterdir", "glob", "rglob", "touch", "samefile"}
OS_CALLS = {"open", "fdopen", "replace", "rename", "remove", "unlink", "mkdir", "makedirs", "rmdir", "stat",
            "lstat", "scandir", "listdir"}


def file_calls(source: str) -> list[str]:
    """The calls in ``source`` that touch a file, as "line: call"."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        if isinstance(f, ast.Name) and f.id == "open":
            found.append((node.lineno, "open()"))
        elif isinstance(f, ast.Attribute):
            owner = f.value.id if isinstance(f.value, ast.Name) else None
            if owner == "shutil" or (owner == "os" and f.attr in OS_CALLS):
                found.append((node.lineno, f"{owner}.{f.attr}()"))
            elif owner not in ("os", "shutil") and f.attr in PATH_CALLS:
                found.append((node.lineno, f".{f.attr}()"))
    return [f"{line}: {call}" for line, call in sorted(found)]


def test_no_screen_touches_a_file():
    """companion/ui reads and writes no file itself: imported decks, transcription drafts and the calibration
    are companion.store's (store/decks.py, store/drafts.py, store/calibration_file.py), settings and games too."""
    found = {
        name: calls for name, path in _sources().items()
        if _within(name, "companion.ui") and (calls := file_calls(path.read_text(encoding="utf-8")))
    }
    assert not found, "a module of companion/ui touches a file; the store keeps the files:\n  " + "\n  ".join(
        f"{name}: {', '.join(calls)}" for name, calls in found.items())


def test_file_calls_are_told_from_calls_of_the_same_name():
    source = "p.write_text('x')\nos.replace(a, b)\nopen(p)\nStore.open(d)\nsettings.replace(x=1)\nshutil.move(a, b)"
    assert file_calls(source) == ["1: .write_text()", "2: os.replace()", "3: open()", "6: shutil.move()"]


def test_the_lists_of_plain_logic_name_modules_that_exist():
    modules = _sources()
    assert [m for m in (*PLAIN_LOGIC, *HANDED_THE_PAGE, CONTEXT) if m not in modules] == []


def test_the_import_graph_is_read():
    graph = _imports()
    assert "companion.ui.round.forms.banner" in graph["companion.ui.round.bar"]
    assert "companion.rules.engine.game" in graph["companion.record.format"]
    assert "flet" in _imported_names()["companion.ui.round.view"]


def test_no_import_cycle_in_companion():
    cycle = _cycle(_imports())
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_a_cycle_is_found_when_there_is_one():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


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


# The phone site's runtime (what runs in the browser) and its builder, kept apart; read with the rules above.
RULES.update({
    "the_phone_runtime_imports_nothing_of_its_builder": Rule(
        "companion.phone (what runs in the phone's browser) imports nothing of companion.publish, the site's builder",
        lambda name, _: _within(name, "companion.phone"),
        lambda target: _within(target, "companion.publish"),
        ("companion.phone.browser", "companion.publish.site"),
        through=(),
    ),
    "the_phone_builder_reads_only_the_runtimes_constants": Rule(
        "companion.publish (the phone site's builder) imports nothing of the package but itself and the constants "
        "of companion.phone (its __init__: where the site's files are)",
        lambda name, _: _within(name, "companion.publish"),
        lambda target: _within(target, "companion") and not _within(target, "companion.publish")
        and target != "companion.phone",
        ("companion.publish.site", "companion.phone.storage"),
    ),
})
