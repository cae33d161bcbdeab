"""The round screen's dragon fight in the rulebook's order (rules version 4): the dice form first (one tap per
person, the app's dice rolled in the same tap that set the dragon off when the table plays with them), "keep or
re-roll?" before anything else of the fight, then the attack form: the dice shown, the axes in turn order, the
tile last."""

from __future__ import annotations

import flet as ft
from engine_helpers import events
from flet_helpers import walk

from companion.rules.setup import Setup
from companion.store.session import GameSession
from companion.ui.round.forms.attack import attack
from companion.ui.round.forms.dice import keep_roll_controls
from companion.ui.round.forms.rolls import fight_dice
from companion.ui.round.presenter import RoundPresenter
from companion.ui.round.view import RoundScreen
from companion.ui.shell.context import AppContext
from tests.rules.rulings_helpers import dragon_to, head, round_presenter, texts
from tests.ui.shell.test_views import FakePage


def at_the_head(p: RoundPresenter) -> None:
    """Blue takes the Forge, yellow Excavate; the dragon one step below its head; blue scouts: the table's 6."""
    assert p.tap_space("forge") and p.tap_space("excavate")
    dragon_to(p.game, head(p.game) - 1)
    assert p.tap_space("scout") and p.table_roll(6)


def solo_dragon_set_off() -> RoundPresenter:
    """A solo game, the table's dice: blue's first dwarf angers the dragon one step below its head (the table's
    6), and the fight's dice are asked of blue alone."""
    p = RoundPresenter(GameSession.new(Setup.solo(seed=3)), app_dice=False)
    assert p.starting_rolls({"blue": 6})
    while p.view().decision != "place":
        assert p.proceed() if p.view().decision != "question" else p.answer(
            ["ruby"] * p.view().question.count if p.view().question.kind == "gems" else 0)
    dragon_to(p.game, head(p.game) - 1)
    space = next(s for s in ("treasure_hoard", "scout", "tribute") if s not in p.game.state.board)
    assert p.tap_space(space) and p.table_roll(6)
    return p


def screen_of(p: RoundPresenter, tmp_path) -> RoundScreen:
    return RoundScreen(AppContext.load(FakePage(), tmp_path), p)


def said(controls: list[ft.Control]) -> list[str]:
    return [x for c in controls for x in texts(c)]


def button(controls: list[ft.Control], label: str) -> ft.Control:
    """The button (or die face) whose text or screen reader's label is ``label``."""
    for c in (x for part in controls for x in walk(part, ("content", "controls"))):
        named = getattr(getattr(c, "content", None), "semantics_label", None)
        if getattr(c, "on_click", None) and label in (named, *texts(c)):
            return c
    raise AssertionError(f"no button {label!r}")


def test_with_the_apps_dice_the_tap_that_sets_the_dragon_off_rolls_the_fight_dice_too():
    """Settings, the app's dice: no tap for dice nobody rolls at the table. The dice are a step of their own, so
    one undo brings the dice form back for a die rolled at the table."""
    p = round_presenter(expansion=False)  # a base game, nobody in the Temple: no die to ask about
    assert p.tap_space("forge") and p.tap_space("excavate")
    dragon_to(p.game, head(p.game) - 1)
    assert p.tap_space("scout")
    p.app_dice = True
    steps = len(p.game.steps)
    assert p.table_roll(6)
    assert len(p.game.steps) == steps + 2 and p.view().decision == "attack"
    rolled = events(p.game.steps[-1], "roll")
    assert [(e["color"], e["by"], e["purpose"]) for e in rolled] == [("blue", "app", "attack"),
                                                                     ("yellow", "app", "attack")]
    assert p.view().undo_label == f"Blue rolled {rolled[0]['value']} against the dragon"
    assert p.undo() and p.view().decision == "attack_dice"


def test_the_dice_form_of_two_people_fills_then_goes_on(tmp_path):
    p = round_presenter(expansion=False)
    at_the_head(p)
    v = p.view()
    assert v.decision == "attack_dice" and v.banner == "The dragon attacks: roll the dice first"
    assert (v.fight_dice.rollers, v.fight_dice.black) == (["blue", "yellow"], False)
    screen = screen_of(p, tmp_path)
    shown = said(fight_dice(screen, v))
    assert "Blue's die (or the app rolls)" in shown and "Yellow's die (or the app rolls)" in shown
    assert "Re-rolling with the Temple? Do it at the table, then tap the final face. A die the app rolls is shown to " \
           "you first when you can re-roll it." in shown
    assert screen.main.text.value == "Roll for everyone"
    button(fight_dice(screen, p.view()), "Yellow rolled 5").on_click(None)
    assert p.view().decision == "attack_dice" and screen.main.text.value == "Roll the rest"
    button(fight_dice(screen, p.view()), "Blue rolled 2").on_click(None)  # the last die: on at once
    d = p.view()
    assert d.decision == "attack" and d.attack.dice == {"blue": 2, "yellow": 5}


def test_the_main_button_rolls_the_dice_left_to_the_app(tmp_path):
    p = round_presenter(expansion=False)
    at_the_head(p)
    screen = screen_of(p, tmp_path)
    button(fight_dice(screen, p.view()), "Yellow rolled 5").on_click(None)
    button(fight_dice(screen, p.view()), "Yellow rolled 5").on_click(None)  # tapped again: taken back
    assert screen.main.text.value == "Roll for everyone"
    button(fight_dice(screen, p.view()), "Blue rolled 1").on_click(None)
    screen.main.button.on_click(None)
    assert p.view().decision == "attack"
    assert [(e["color"], e["by"]) for e in events(p.game.steps[-1], "roll")] == [("blue", "table"), ("yellow", "app")]


def test_one_person_to_roll_taps_the_face_and_goes_on(tmp_path):
    p = solo_dragon_set_off()
    v = p.view()
    screen = screen_of(p, tmp_path)
    shown = said(fight_dice(screen, v))
    automa = ", ".join(f"{c.capitalize()} automa {n}" for c, n in v.fight_dice.automa_dice.items())
    assert f"The app rolled for the automa: {automa}." in shown and screen.main.text.value == "Roll for me"
    button(fight_dice(screen, v), "Blue rolled 3").on_click(None)
    a = p.view().attack
    assert p.view().decision == "attack" and a.dice["blue"] == 3 and a.dice_first
    assert a.fighters == p.game.state.turn_order and set(a.automa_axes) == {"red", "green"}


def test_a_fight_die_the_app_rolled_is_asked_about_before_the_axes(tmp_path):
    p = round_presenter(expansion=True)
    at_the_head(p)
    assert p.fight_dice({"yellow": 4})
    v = p.view()
    assert (v.decision, v.keep.color, v.keep.blind) == ("keep_roll", "blue", True)
    shown = said([keep_roll_controls(screen_of(p, tmp_path), v, v.keep)])
    assert "Before any axe is spent or the dragon tile turned: keep this die or re-roll it." in shown
    assert "Keep it" in shown and "Time Warp" in shown


def test_the_attack_form_shows_the_dice_then_the_axes_in_turn_order_then_the_tile(tmp_path):
    p = solo_dragon_set_off()
    assert p.fight_dice({"blue": 5})
    v = p.view()
    assert v.banner == "The dragon attacks: axes in turn order, then the tile"
    shown = said(attack(screen_of(p, tmp_path), v))
    order = [f"{i}. {c.capitalize()} automa" if c in v.attack.automa_axes else f"{i}. {c.capitalize()}"
             for i, c in enumerate(p.game.state.turn_order, start=1)]  # numbered as the turn order's chips
    headings = [x for x in shown if x in ("The dice", "The dragon tile", *order)]
    assert headings == ["The dice", *order, "The dragon tile"]
    dice = ", ".join(f"{c.capitalize()} automa {n}" if c in v.attack.automa_axes else f"{c.capitalize()} {n}"
                     for c, n in v.attack.dice.items())
    assert dice in shown and not [x for x in shown if "Your die" in x or "The app rolled" in x]
    assert any(x.startswith("Every axe is down: now reveal the top dragon tile") for x in shown)
    resolved = p.attack({"strength": 4, "treasure": "gold", "points": 6}, {"blue": {"axes": 1, "spells": []}},
                        dict(v.attack.automa_axes))
    assert resolved and p.view().instructions[1].startswith("Defence: ")


def test_with_the_expansion_the_apps_dice_wait_while_time_warp_may_re_roll_the_dragon_roll(tmp_path):
    """CoG Time Warp re-rolls the dragon roll in the step right after it (it may call the attack off); rolling the
    fight's dice in the same tap would close that step. With the expansion the dice form waits: one tap more."""
    p = round_presenter(expansion=True)
    p.app_dice = True
    dragon_to(p.game, head(p.game) - 1)
    for space in ("scout", "treasure_hoard", "tribute", "supply_wagon"):  # the app's dragon roll, until one climbs
        assert p.tap_space(space)
        if p.view().decision == "attack_dice":
            break
    v = p.view()
    assert v.decision == "attack_dice" and v.warp is not None and v.warp.by == "app"
    assert p.time_warp(v.warp.color)  # allowed: the dragon roll is still open
    assert p.view().decision in ("attack_dice", "place")
