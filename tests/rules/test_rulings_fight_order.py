"""A dragon fight in the rulebook's order (rules version 4): every die first, then the axes, then the tile.

TM "Dragon Attack Resolution": 1. all roll in plain view, 2. in turn order each spends axes face down, 3. the tile
is revealed, 4. the fight resolves, 5. the tile is awarded; Rahdo appendix: the trigger rolls the black die, and
only the trigger may re-roll it; CoG "Automa Fighting Dragons": the automa draws its card at its turn to declare
axes, its axes come out of the bag at the resolution; TM Temple and CoG Time Warp: a re-roll of your own die.
Version 3's order (the dice with the tile, the question only when a die could change the result) is in
test_rulings_rerolls.py and test_rulings_reroll_questions.py, still played by version 3 games.

The other rulings are in the other tests/rules/test_rulings_*.py modules, their shared helpers in rulings_helpers.py.
"""

from __future__ import annotations

import pytest
from engine_helpers import PROCEED, events, place, roll

from companion.record.format import game_record, loads
from companion.rules.engine.game import Game, IllegalInput
from companion.rules.setup import Setup
from tests.rules.rulings_helpers import dragon_to, fight, head, set_the_dragon_off, two_humans

TILE = {"strength": 4, "treasure": "gold", "points": 8}


def axes_and_tile(game: Game, players: dict | None = None, **extra) -> list[dict]:
    """The fight's input once its dice are settled: the axes (none unless given) and the tile."""
    return game.act({"type": "attack_input", "tile": TILE, "players": players or {}, **extra})


def blue_in_the_temple_sets_the_dragon_off(game: Game) -> None:
    place(game, "temple")
    place(game, "forge")
    dragon_to(game, head(game) - 1)
    place(game, "treasure_hoard")
    roll(game, 6)
    assert game.decision.kind == "attack_dice"


def fight_task(game: Game) -> dict:
    return next(t for t in game.state.tasks if t["kind"] == "attack")


# ---------------------------------------------------------------------------------------------- dice first


def test_the_apps_dice_for_the_people_are_rolled_before_the_axes_and_the_tile():
    """Step 1 before step 2: the app rolls the dice left to it when the dragon reaches the head, in turn order
    and in plain view (logged), and the fight's form then shows every die; its input names no die."""
    game = two_humans(expansion=False)  # a base game, nobody in the Temple: no die to ask about
    set_the_dragon_off(game)
    d = game.decision
    assert (d.kind, d.color, d.rollers, d.black) == ("attack_dice", "blue", ("blue", "yellow"), False)
    step = game.act(PROCEED)
    rolled = [(e["color"], e["by"], e["purpose"]) for e in events(step, "roll")]
    assert rolled == [("blue", "app", "attack"), ("yellow", "app", "attack")]
    assert not events(step, "attack") and not events(step, "attack_input")
    d = game.decision
    assert (d.kind, d.dice_first) == ("attack", True)
    assert d.dice == {e["color"]: e["value"] for e in events(step, "roll")}
    with pytest.raises(IllegalInput, match="rolled before the axes"):
        axes_and_tile(game, {"blue": {"die": 6, "axes": 1}})
    (a,) = events(axes_and_tile(game, {"blue": {"axes": 1}}), "attack")
    assert a["dice"] == d.dice and a["defence"] == {"blue": d.dice["blue"] + 1, "yellow": d.dice["yellow"]}


def test_dice_rolled_at_the_table_are_entered_and_the_rest_left_to_the_app():
    game = two_humans(expansion=False)
    set_the_dragon_off(game)
    step = game.act({"type": "attack_dice", "rolls": {"yellow": 5}})
    assert step[0]["type"] == "attack_dice" and step[0]["input"] is True and step[0]["rolls"] == {"yellow": 5}
    assert [(e["color"], e["by"]) for e in events(step, "roll")] == [("blue", "app"), ("yellow", "table")]
    assert game.decision.dice["yellow"] == 5


@pytest.mark.parametrize(("rolls", "says"), [({"blue": 7}, "rolls.blue: a die shows 1 to 6"),
                                             ({"green": 3}, "rolls: Green is not a human player")])
def test_a_fight_die_that_is_no_die_or_no_persons_is_refused(rolls, says):
    game = two_humans(expansion=False)
    set_the_dragon_off(game)
    with pytest.raises(IllegalInput) as refused:
        game.act({"type": "attack_dice", "rolls": rolls})
    assert str(refused.value) == says and game.decision.kind == "attack_dice"


# ---------------------------------------------------------------------------------------------- keep or re-roll


def test_keep_or_re_roll_comes_before_the_axes_and_the_tile_whatever_the_die():
    """TM Temple: the occupant may re-roll each new die of theirs once. Asked before step 2, the question can
    know nothing of the fight (no tile, no axes, no automa card), so it comes for every face."""
    faces = set()
    for seed in range(40):
        game = two_humans(seed=seed, expansion=False)
        blue_in_the_temple_sets_the_dragon_off(game)
        (die,) = [e for e in game.act({"type": "attack_dice", "rolls": {"yellow": 3}}) if e["type"] == "roll"
                  and e["color"] == "blue"]
        d = game.decision
        assert (d.kind, d.color, d.purpose, d.temple, d.blind, d.value) == (
            "keep_roll", "blue", "attack", True, True, die["value"])
        task = fight_task(game)
        assert task["axes"] == {} and "tile" not in task["fight"]
        faces.add(die["value"])
    assert len(faces) == 6


def test_the_temples_re_roll_then_the_die_stands_in_a_base_game():
    """TM Temple: "re-rolled only once and the new result must be accepted"."""
    game = two_humans(expansion=False)
    blue_in_the_temple_sets_the_dragon_off(game)
    game.act({"type": "attack_dice", "rolls": {"yellow": 3}})
    step = game.act({"type": "reroll"})
    (new,) = events(step, "roll")
    assert (new["color"], new["reroll"], new["by"]) == ("blue", True, "app")
    assert game.decision.kind == "attack" and game.decision.dice["blue"] == new["value"]


def test_with_the_expansion_time_warp_may_follow_the_temple_on_the_same_die():
    """CoG Time Warp: it "can be combined with the re-roll from the temple"; the app cannot know a person's
    spells, so after the Temple's re-roll the die is shown again."""
    game = two_humans(expansion=True)
    blue_in_the_temple_sets_the_dragon_off(game)
    game.act({"type": "attack_dice", "rolls": {"yellow": 3}})
    game.act({"type": "reroll"})
    d = game.decision
    assert (d.kind, d.temple, d.blind) == ("keep_roll", False, True)
    (warped,) = events(game.act({"type": "spell", "color": "blue", "spell": "time_warp"}), "roll")
    assert game.decision.kind == "keep_roll" and game.decision.value == warped["value"]
    kept = game.act(PROCEED)
    assert events(kept, "roll_kept")[0]["value"] == warped["value"]
    assert game.decision.kind == "attack" and game.decision.dice["blue"] == warped["value"]


def test_a_die_rolled_at_the_table_is_re_rolled_there_and_not_asked_about():
    game = two_humans(expansion=True)
    blue_in_the_temple_sets_the_dragon_off(game)
    game.act({"type": "attack_dice", "rolls": {"blue": 2, "yellow": 3}})
    assert game.decision.kind == "attack" and game.decision.dice == {"blue": 2, "yellow": 3}


def test_each_app_die_its_owner_may_re_roll_is_asked_in_turn_order():
    game = two_humans(expansion=True)
    set_the_dragon_off(game)
    game.act(PROCEED)
    assert (game.decision.kind, game.decision.color) == ("keep_roll", "blue")
    game.act(PROCEED)
    assert (game.decision.kind, game.decision.color) == ("keep_roll", "yellow")
    game.act(PROCEED)
    assert game.decision.kind == "attack"


# ---------------------------------------------------------------------------------------------- the axe cards


def solo_at_the_head(version: int) -> Game:
    """A solo game (red and green automa) whose blue sets the dragon off from a dragon space."""
    game = Game(Setup.solo(seed=3), version=version)
    game.act({"type": "starting_rolls", "rolls": {"blue": 6}})
    while game.decision.kind != "place":
        game.act({"type": "answer", "value": 0} if game.decision.kind == "question" else PROCEED)
    dragon_to(game, head(game) - 1)
    place(game, next(s for s in ("treasure_hoard", "scout", "tribute", "supply_wagon") if s not in game.state.board))
    return game


def axe_draws(step: list[dict]) -> list[str]:
    return [e["color"] for e in step if e["type"] == "automa_draw" and e["purpose"] == "axes"]


def test_the_automas_axe_cards_are_drawn_once_the_dice_are_settled_in_turn_order():
    """CoG: the automa draws its card "when it comes to the automa player's turn to declare axes", after every
    die. Version 4 draws them when the last die stands, logged in turn order; version 3 drew them as the dragon
    reached the head."""
    game = solo_at_the_head(4)
    at_head = roll(game, 6)
    assert {e["color"] for e in events(at_head, "roll") if e["purpose"] == "attack"} == {"red", "green"}
    assert axe_draws(at_head) == []
    rolled = game.act({"type": "attack_dice", "rolls": {"blue": 4}})
    automa = [c for c in game.state.turn_order if c != "blue"]
    assert axe_draws(rolled) == automa
    assert max(i for i, e in enumerate(rolled) if e["type"] == "roll") < rolled.index(
        next(e for e in rolled if e["type"] == "automa_draw"))
    assert set(game.decision.axes) == set(automa)
    old = solo_at_the_head(3)
    assert axe_draws(roll(old, 6)) == automa and old.decision.kind == "attack"


def test_the_virtual_axe_bag_draws_the_automas_axes_at_the_resolution():
    setup = Setup.solo(seed=3, virtual_axes=True)
    game = Game(setup)
    game.act({"type": "starting_rolls", "rolls": {"blue": 6}})
    while game.decision.kind != "place":
        game.act({"type": "answer", "value": 0} if game.decision.kind == "question" else PROCEED)
    dragon_to(game, head(game) - 1)
    place(game, next(s for s in ("treasure_hoard", "scout", "tribute", "supply_wagon") if s not in game.state.board))
    roll(game, 6)
    settled = game.act({"type": "attack_dice", "rolls": {"blue": 4}})
    assert not events(settled, "axes")
    step = axes_and_tile(game)
    kinds = [e["type"] for e in step]
    assert kinds.index("axes") < kinds.index("attack") and len(events(step, "axes")) == 2


# ---------------------------------------------------------------------------------------------- Rahdo


def test_rahdo_the_trigger_rolls_the_black_die_first_and_only_they_may_re_roll_it():
    """Rahdo appendix: the player whose action made the dragon attack rolls the black die, shared by all; only
    they may re-roll it, and only from the Temple."""
    game = two_humans(variant="rahdo", expansion=False)
    place(game, "forge")  # blue #1
    place(game, "temple")  # yellow #1: in the Temple, but blue sets the dragon off
    dragon_to(game, head(game) - 1)
    place(game, "scout")
    roll(game, 6)
    d = game.decision
    assert (d.kind, d.rollers, d.black) == ("attack_dice", ("blue",), True)
    with pytest.raises(IllegalInput, match="only Blue, who set the dragon off, rolls the black die"):
        game.act({"type": "attack_dice", "rolls": {"yellow": 4}})
    (black,) = events(game.act(PROCEED), "roll")
    assert (black["color"], black["black"], black["by"]) == ("blue", True, "app")
    d = game.decision  # blue is outside the Temple: no re-roll in a base game, so no question
    assert (d.kind, d.black_die, d.dice) == ("attack", black["value"], dict.fromkeys(("blue", "yellow"),
                                                                                     black["value"]))


def test_rahdo_example_in_the_new_order():
    """Rahdo appendix example: strength 4, every defence the black die plus that player's axes, all 4 or more:
    nobody loses, the best defence takes the tile."""
    from tests.rules.board.dragon_helpers import attack, four_player_game

    game = four_player_game(variant="rahdo")
    dragon_to(game, head(game) - 1)
    place(game, "treasure_hoard")
    roll(game, 4)
    assert game.decision.kind == "attack_dice"
    step = attack(game, 4, "gems", 6, players={"blue": {"axes": 0}, "red": {"axes": 1}, "yellow": {"axes": 3},
                                              "green": {"axes": 2}}, black_die=4)
    assert [e["type"] for e in step][:2] == ["attack_dice", "roll"]
    (a,) = events(step, "attack")
    assert a["dice"] == dict.fromkeys(("blue", "red", "yellow", "green"), 4)
    assert a["defence"] == {"blue": 4, "red": 5, "yellow": 7, "green": 6}
    assert a["losers"] == [] and a["winner"] == "yellow"


# ---------------------------------------------------------------------------------------------- records


def test_a_version_3_game_keeps_its_order_and_its_record_replays():
    game = two_humans(expansion=False, version=3)
    set_the_dragon_off(game)
    assert game.decision.kind == "attack" and not game.decision.dice_first
    step = fight(game, 4, {"blue": {"die": 2, "axes": 1}, "yellow": {"die": 6, "axes": 0}})
    (a,) = events(step, "attack")
    assert "dice" not in a and a["defence"] == {"blue": 3, "yellow": 6}
    text = game_record(game)
    again = loads(text)
    assert again.version == 3 and game_record(again) == text


def test_a_version_4_record_with_its_dice_steps_replays():
    game = two_humans(expansion=True)
    blue_in_the_temple_sets_the_dragon_off(game)
    game.act({"type": "attack_dice", "rolls": {"yellow": 6}})
    game.act({"type": "reroll"})
    game.act(PROCEED)
    axes_and_tile(game, {"blue": {"axes": 2}, "yellow": {"axes": 0}})
    text = game_record(game)
    again = loads(text)
    assert again.version == 4 and game_record(again) == text
    game.undo()
    assert game.decision.kind == "attack"
