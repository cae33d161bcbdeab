"""The side panel's automa corrections: a stepper each for points and gold, and a button that sets the value."""

from __future__ import annotations

import flet as ft
from engine_helpers import automa, human, table_rolls
from flet_helpers import walk

from companion.rules.setup import Setup
from companion.store.session import GameSession
from companion.ui.round.forms.extras import extras
from companion.ui.round.presenter import RoundPresenter
from companion.ui.round.view import RoundScreen
from companion.ui.shell.context import AppContext
from tests.ui.shell.test_views import FakePage

#: The round side panel's children: a control's content and controls.
PANEL = ("content", "controls")


def stepper_row(root: ft.Control, label: str) -> ft.Row:
    rows = [c for c in walk(root, PANEL) if isinstance(c, ft.Row) and c.controls
            and isinstance(c.controls[0], ft.Text) and c.controls[0].value == label]
    assert len(rows) == 1, label
    return rows[0]


def button(root: ft.Control, label: str) -> ft.Control:
    """The button a screen reader names ``label`` (its text, or the label its text gives a screen reader)."""
    found = [c for c in walk(root, PANEL) if isinstance(c, ft.FilledTonalButton) and label in (
        c.content, getattr(c.content, "semantics_label", None))]
    assert len(found) == 1, label
    return found[0]


def test_the_automa_points_and_gold_steppers_set_each_its_own_value(tmp_path):
    setup = Setup.build([human("blue"), automa("red", "red")], seed=3)
    p = RoundPresenter(GameSession.new(setup), app_dice=False)
    assert p.starting_rolls(table_rolls(["blue"])), p.error
    screen = RoundScreen(AppContext.load(FakePage(), tmp_path), p)
    screen.refresh = lambda part: None  # not on a page: the test rebuilds the panel itself
    screen.act = lambda ok: None
    points, gold = p.game.state.points["red"], p.game.state.stash["red"].gold
    # each correction is a step, and after a step the panel starts again from the game's values
    for _ in range(2):
        stepper_row(extras(screen, p.view()), "Red automa gold").controls[3].on_click(None)
    stepper_row(extras(screen, p.view()), "Red automa points").controls[3].on_click(None)
    assert p.game.state.points["red"] == points and p.game.state.stash["red"].gold == gold  # not set yet
    button(extras(screen, p.view()), "Set Red gold").on_click(None)
    assert p.error is None, p.error
    assert p.game.state.stash["red"].gold == gold + 2 and p.game.state.points["red"] == points
    for _ in range(3):
        stepper_row(extras(screen, p.view()), "Red automa points").controls[3].on_click(None)
    button(extras(screen, p.view()), "Set Red points").on_click(None)
    assert p.game.state.points["red"] == points + 3 and p.game.state.stash["red"].gold == gold + 2
    # the bounds: points up to 500, gold up to 200
    extras(screen, p.view())  # the panel after the last step: from here the form keeps what is typed
    form = screen.forms.extras
    form["points_red"], form["gold_red"] = 500, 200
    assert stepper_row(extras(screen, p.view()), "Red automa points").controls[3].disabled
    assert stepper_row(extras(screen, p.view()), "Red automa gold").controls[3].disabled
    form["points_red"], form["gold_red"] = 499, 199
    assert not stepper_row(extras(screen, p.view()), "Red automa points").controls[3].disabled
    assert not stepper_row(extras(screen, p.view()), "Red automa gold").controls[3].disabled


def test_the_panel_says_first_what_it_is_for(tmp_path):
    """Its dropdowns open already set (Tunnel, Dragon Song, Charm): a newcomer needs one line on when to use them."""
    for expansion in (True, False):
        setup = Setup.build([human("blue"), automa("red", "red")], seed=3, expansion=expansion)
        p = RoundPresenter(GameSession.new(setup), app_dice=False)
        assert p.starting_rolls(table_rolls(["blue"])), p.error
        screen = RoundScreen(AppContext.load(FakePage(), tmp_path), p)
        first = extras(screen, p.view()).content.controls[0]
        assert isinstance(first, ft.Text) and first.value.startswith("When ")
        assert ("spell cast" in first.value) == expansion and "special tile" in first.value
