"""The package's shape, rule by rule, read from the imports (companion/README.md, "The layer rules").

Each rule is one test: which modules it governs, what they may not import, and why; a broken rule names every
module that breaks it and the imports that do. Read from the source (every ``import`` and ``from ... import``
at any depth, TYPE_CHECKING blocks included), so an import hidden in a function or behind a type check counts too.
Each rule is also shown to catch a made-up breach, so none passes for want of anything to look at.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.flet_reach import flet_reaches, private_writes
from tests.layer_graph import PACKAGE, ROOT, cycle, imported_names, imports, reach, sources, within

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
#: The one folder that touches Flet's insides (companion/flet_seam/__init__.py).
SEAM = "companion.flet_seam"


def _flet(target: str) -> bool:
    """Flet itself or one of its extension packages (flet_charts, ...)."""
    return target == "flet" or target.startswith("flet_")


def _presenter_or_plain(name: str, imports: set[str]) -> bool:
    return within(name, "companion.ui") and (name.rsplit(".", 1)[-1].endswith("presenter") or name in PLAIN_LOGIC)


def _draws(name: str, imports: set[str]) -> bool:
    """A module of a screen or a widget: it imports flet itself. The shell (the page, the router, the context)
    is not a view."""
    return (
        within(name, "companion.ui")
        and any(_flet(t) for t in imports)
        and not within(name, "companion.ui.shell")
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
        lambda name, _: within(name, "companion.files"),
        lambda target: within(target, "companion") and not within(target, "companion.files"),
        ("companion.files.paths", "companion.store.settings"),
    ),
    "record_imports_only_rules_and_files": Rule(
        "companion.record (the game record's format, checks and writer) imports only companion.rules and "
        "companion.files",
        lambda name, _: within(name, "companion.record"),
        lambda target: within(target, "companion")
        and not within(target, "companion.record", "companion.rules", "companion.files"),
        ("companion.record.format", "companion.store"),
    ),
    "rules_import_nothing_around_them": Rule(
        "companion.rules (the pure game model) imports nothing of the package outside itself: no UI, store, "
        "record, sim, command line or files",
        lambda name, _: within(name, "companion.rules"),
        lambda target: within(target, "companion") and not within(target, "companion.rules"),
        ("companion.rules.engine.game", "companion.record.format"),
    ),
    "rules_import_no_flet": Rule(
        "companion.rules imports no flet",
        lambda name, _: within(name, "companion.rules"),
        _flet,
        ("companion.rules.words.game", "flet"),
    ),
    "store_imports_no_ui_server_cli_sim_or_flet": Rule(
        "companion.store (games, settings, your decks, drafts, the calibration file) imports nothing of "
        "companion.ui, companion.server, companion.cli, companion.sim or flet, neither itself nor through another "
        "module: every screen, the server, the commands and the simulations use it",
        lambda name, _: within(name, "companion.store"),
        lambda target: within(target, "companion.ui", "companion.server", "companion.cli", "companion.sim")
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
        "a view (a module of companion/ui that imports flet, outside ui/shell) imports "
        "nothing of companion.store: it goes through its presenter or ui/shell/game_access",
        _draws,
        lambda target: within(target, "companion.store"),
        ("companion.ui.final.view", "companion.store.session"),
    ),
    "the_ui_imports_no_file_helper": Rule(
        "companion.ui imports nothing of companion.files: no screen touches a file, the store keeps them",
        lambda name, _: within(name, "companion.ui"),
        lambda target: within(target, "companion.files"),
        ("companion.ui.decks.presenter", "companion.files.atomic"),
    ),
    "only_the_decks_screen_imports_the_decks_screen": Rule(
        "nothing outside companion.ui.decks imports it but the session's typed state (which keeps the open "
        "transcription): other screens take your decks and the calibration from companion.store",
        lambda name, _: not within(name, "companion.ui.decks") and name != "companion.ui.shell.session_state",
        lambda target: within(target, "companion.ui.decks"),
        ("companion.ui.new_game.view", "companion.ui.decks.presenter"),
    ),
    "only_main_imports_the_command_line": Rule(
        "nothing imports companion.cli but companion.__main__ (and the command line itself): the commands are "
        "an entry point, not a library",
        lambda name, _: name != "companion.__main__" and not within(name, "companion.cli"),
        lambda target: within(target, "companion.cli"),
        ("companion.store.games", "companion.cli.output"),
    ),
    "the_ui_imports_no_server_or_phone_site": Rule(
        "companion.ui imports nothing of companion.server or companion.phone, neither itself nor through another "
        "module: a screen asks the page's context what it can do where it runs (ui/shell/capabilities.py), which "
        "the entry point that serves the app fills in",
        lambda name, _: within(name, "companion.ui"),
        lambda target: within(target, "companion.server", "companion.phone"),
        ("companion.ui.settings.share", "companion.server.sharing"),
        through=(),
    ),
    "the_server_imports_no_ui_phone_site_or_command_line": Rule(
        "companion.server imports nothing of companion.ui, companion.phone or companion.cli, neither itself nor "
        "through another module: the app command hands it the app to serve",
        lambda name, _: within(name, "companion.server"),
        lambda target: within(target, "companion.ui", "companion.phone", "companion.cli"),
        ("companion.server.web", "companion.ui.shell.app"),
        through=(),
    ),
    "the_flet_seam_imports_nothing_of_the_app": Rule(
        "companion.flet_seam (every touch of Flet's insides) imports nothing of the package outside itself: the "
        "screens, the server and the phone site stand on it",
        lambda name, _: within(name, SEAM),
        lambda target: within(target, "companion") and not within(target, SEAM),
        ("companion.flet_seam.connection", "companion.ui.shell.context"),
    ),
    "the_phone_runtime_imports_nothing_of_its_builder": Rule(
        "companion.phone (what runs in the phone's browser) imports nothing of companion.publish, the site's builder",
        lambda name, _: within(name, "companion.phone"),
        lambda target: within(target, "companion.publish"),
        ("companion.phone.browser", "companion.publish.site"),
        through=(),
    ),
    "the_phone_builder_reads_only_the_runtimes_constants": Rule(
        "companion.publish (the phone site's builder) imports nothing of the package but itself and the constants "
        "of companion.phone (its __init__: where the site's files are)",
        lambda name, _: within(name, "companion.publish"),
        lambda target: within(target, "companion") and not within(target, "companion.publish")
        and target != "companion.phone",
        ("companion.publish.site", "companion.phone.storage"),
    ),
}


def breaches(rule: Rule, graph: dict[str, set[str]]) -> dict[str, list[str]]:
    """Module -> the imports that break ``rule`` (an import through other modules as its chain, "a -> b -> c")."""
    found: dict[str, list[str]] = {}
    for name in sorted(graph):
        if not rule.governs(name, graph[name]):
            continue
        if rule.through is None:
            bad = sorted(t for t in graph[name] if rule.forbidden(t))
        else:
            chains = reach(graph, name, rule.through)
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
    graph = imported_names()
    assert any(rule.governs(m, graph[m]) for m in graph), f"{name}: governs no module (renamed?)"
    found = breaches(rule, graph)
    assert not found, _report(rule, found)


@pytest.mark.parametrize("name", RULES)
def test_each_rule_catches_a_breach(name):
    rule = RULES[name]
    graph = imported_names()
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
        name: calls for name, path in sources().items()
        if within(name, "companion.ui") and (calls := file_calls(path.read_text(encoding="utf-8")))
    }
    assert not found, "a module of companion/ui touches a file; the store keeps the files:\n  " + "\n  ".join(
        f"{name}: {', '.join(calls)}" for name, calls in found.items())


def test_file_calls_are_told_from_calls_of_the_same_name():
    source = "p.write_text('x')\nos.replace(a, b)\nopen(p)\nStore.open(d)\nsettings.replace(x=1)\nshutil.move(a, b)"
    assert file_calls(source) == ["1: .write_text()", "2: os.replace()", "3: open()", "6: shutil.move()"]


def test_the_lists_of_plain_logic_name_modules_that_exist():
    modules = sources()
    assert [m for m in (*PLAIN_LOGIC, *HANDED_THE_PAGE, CONTEXT) if m not in modules] == []


def test_the_import_graph_is_read():
    graph = imports()
    assert "companion.ui.round.forms.banner" in graph["companion.ui.round.bar"]
    assert "companion.rules.engine.game" in graph["companion.record.format"]
    assert "flet" in imported_names()["companion.ui.round.view"]


def test_no_import_cycle_in_companion():
    found = cycle(imports())
    assert found is None, "import cycle: " + " -> ".join(found)


def test_a_cycle_is_found_when_there_is_one():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None


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
    assert imports()["companion.ui.round.view_model"] <= {"companion.rules.words"}


# ------------------------------------------------------------------------------------- Flet behind one seam
def _flet_reaches_outside_the_seam(check: Callable[[str], list[str]]) -> dict[str, list[str]]:
    return {name: found for name, path in sources().items()
            if not within(name, SEAM) and (found := check(path.read_text(encoding="utf-8")))}


def test_outside_the_seam_flet_is_used_by_its_public_face_only():
    """Outside companion/flet_seam the app uses Flet as a package's top shows it: ``import flet as ft`` and its
    attributes, a name ``from flet import X``, flet-web's and flet-charts' top-level functions (``from flet_web
    import patch_index_html``: what their ``__init__`` exports). Decided: a module below a package's top
    (``flet.controls.types``, ``flet_web.fastapi``, ``flet.messaging.*``) is Flet's own layout even when nothing
    in its name is private, so it is the seam's, as are Flet's runtime packages (``flet_js``, ``flet_desktop``),
    any name starting with ``_``, an attribute of a package that is one of its modules (``ft.controls``), and a
    write to an attribute of Flet's own objects (``ft.Text.update = ...``). Read from companion only: the tests
    drive real Flet sessions on fake connections and may use Flet's insides."""
    found = _flet_reaches_outside_the_seam(flet_reaches)
    assert not found, "Flet's insides reached outside companion/flet_seam:\n  " + "\n  ".join(
        f"{name}: {', '.join(hits)}" for name, hits in found.items())


def test_outside_the_seam_no_private_attribute_of_another_object_is_written():
    """A write to an attribute named ``_...`` of an object the module does not own (``self``, ``cls``, a class
    or function it defines, an instance it makes of one) is a reach into someone's insides, Flet's above all
    (``control._isolated = True``): also through ``setattr(o, "_x", ...)`` and ``vars(o)``."""
    found = _flet_reaches_outside_the_seam(private_writes)
    assert not found, "private attributes written outside companion/flet_seam:\n  " + "\n  ".join(
        f"{name}: {', '.join(hits)}" for name, hits in found.items())


def test_the_seam_is_where_flets_insides_are_touched():
    """Both rules read something: the seam itself breaks them (it exists to), so a rename that hid its modules
    from the rules would show here."""
    seam = {name: path.read_text(encoding="utf-8") for name, path in sources().items() if within(name, SEAM)}
    assert any(flet_reaches(source) for source in seam.values())
    assert any(private_writes(source) for source in seam.values())


def test_the_flet_rules_catch_made_up_breaches():
    bar = (PACKAGE / "ui" / "round" / "bar.py").read_text(encoding="utf-8")
    assert not flet_reaches(bar) and not private_writes(bar)
    for breach in ("from flet.messaging.session import Session", "import flet_web.fastapi", "import flet_js",
                   "from flet import _private", "x = ft.controls.base_control", "ft.Text.update = None"):
        assert flet_reaches(f"{bar}\n{breach}\n"), breach
    assert not flet_reaches(f"{bar}\nfrom flet_web import patch_index_html\nx = ft.Colors.RED\n")
    for breach in ("def f(c):\n    c._isolated = True", "setattr(ft.Text, '_x', 1)", "vars(ft)['y'] = 1"):
        assert private_writes(f"{bar}\n{breach}\n"), breach
    own = "class A:\n    @classmethod\n    def make(cls):\n        made = cls()\n        made._seen = 1\n"
    assert not private_writes(own)  # an instance the class made of itself is its own
