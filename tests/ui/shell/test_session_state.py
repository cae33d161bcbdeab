"""What a browser session keeps beyond its views: one typed field per thing (``SessionState``), no string keys."""

from __future__ import annotations

import ast
import dataclasses
import typing
from pathlib import Path

from companion.ui.shell import session_state
from companion.ui.shell.context import AppContext
from companion.ui.shell.session_state import SessionState
from tests.ui.shell.test_views import FakePage

UI = Path(session_state.__file__).resolve().parents[1]
DICT_METHODS = {"get", "pop", "setdefault", "update", "keys", "items", "values"}


def test_a_context_starts_with_an_empty_session_state(tmp_path):
    ctx = AppContext.load(FakePage(), tmp_path)
    assert isinstance(ctx.state, SessionState)
    assert ctx.state == SessionState() and ctx.state.final_presenters == {}
    # A page on this computer alone unless its entry point says otherwise: not shared, no uploads, not in a browser.
    assert ctx.sharing is None and ctx.uploads is None and not ctx.platform.in_browser


def test_no_screen_keeps_what_outlives_its_view_under_a_string_key():
    """``ctx.state["session"]``, ``ctx.state.get("router")``: a typo was a new key, and nobody could see what a
    session keeps. Every use is a field of ``SessionState`` now."""
    found = []
    for path in sorted(UI.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            target = None
            if isinstance(node, ast.Subscript):
                target = node.value
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in DICT_METHODS:
                target = node.func.value
            if isinstance(target, ast.Attribute) and target.attr == "state":
                found.append(f"{path.relative_to(UI)}:{node.lineno}")
    assert found == []


def test_every_field_says_why_it_outlives_a_view():
    lines = Path(session_state.__file__).read_text(encoding="utf-8").splitlines()
    silent = []
    for f in dataclasses.fields(SessionState):
        at = next(i for i, line in enumerate(lines) if line.strip().startswith(f"{f.name}:"))
        if not lines[at - 1].strip().startswith("#:"):
            silent.append(f.name)
    assert silent == []


def test_every_field_s_type_names_a_class_that_exists():
    """The types are imported for the type checker only (a screen's presenter imports the shell, not the other way
    round): read them as a type checker would, so a class renamed or moved is noticed here."""
    tree = ast.parse(Path(session_state.__file__).read_text(encoding="utf-8"))
    guarded = next(n for n in tree.body if isinstance(n, ast.If) and getattr(n.test, "id", "") == "TYPE_CHECKING")
    names: dict = {}
    exec(compile(ast.Module(body=guarded.body, type_ignores=[]), session_state.__file__, "exec"), names)
    hints = typing.get_type_hints(SessionState, globalns={**vars(session_state), **names})
    assert set(hints) == {f.name for f in dataclasses.fields(SessionState)}
    assert hints["round_presenter"].__args__[0].__name__ == "RoundPresenter"
