"""The rules audit's rulings (a) and (b), each from the rulebooks' text: re-rolling a die.

(a) the Temple re-roll for every die the app rolls for its occupant (fight dice, the Rahdo black die of the
    player who set the dragon off), offered only when the die can change something;
(b) Time Warp re-rolls a die: the app's from the game's generator, the table's at the table.

The fight dice here are rules version 3's: asked about after the axes and the tile, and only when the die can
change the result. Version 4 rolls every fight die first and asks before anything else of the fight is known
(tests/rules/test_rulings_fight_order.py); a version 3 game keeps its rules, so these still hold for it.

The other rulings are in the other tests/rules/test_rulings_*.py modules, their shared helpers in rulings_helpers.py.
"""

from __future__ import annotations

import pytest
from engine_helpers import default_answer, events, place, roll

from companion.rules.engine.game import Game, IllegalInput
from companion.rules.engine.summary import game_summary
from companion.rules.setup import Setup
from tests.rules.rulings_helpers import dragon_to, fight, head, set_the_dragon_off, two_humans


def blue_in_temple_then_attack(game: Game, trigger_space: str = "treasure_hoard") -> None:
    """Blue #1 takes the Temple, yellow #1 the Forge; the dragon waits one step below the head; blue #2
    angers it (the table's 6): the dragon attacks."""
    place(game, "temple")
    place(game, "forge")
    dragon_to(game, head(game) - 1)
    place(game, trigger_space)
    roll(game, 6)
    assert game.decision.kind == "attack"


# ---------------------------------------------------------------------------------------------- (a) Temple


def test_the_temple_re_roll_is_offered_for_the_apps_fight_die():
    """TM, Temple: the occupant "may re-roll each new instance of a die roll once"; the fight die is a new
    instance. Strength 4 with no axes: blue's die decides whether blue beats the dragon."""
    game = two_humans(version=3)
    blue_in_temple_then_attack(game)
    step = fight(game, 4, {"blue": {"axes": 0}, "yellow": {"die": 6, "axes": 0}})
    (first,) = [e for e in step if e["type"] == "roll" and e["color"] == "blue"]
    assert first["by"] == "app" and first["purpose"] == "attack"
    assert not events(step, "attack")  # not resolved yet: blue may re-roll first
    d = game.decision
    assert (d.kind, d.color) == ("keep_roll", "blue")
    assert d.purpose == "attack" and d.value == first["value"]
    assert d.temple is True
    again = game.act({"type": "reroll"})
    assert again[0]["type"] == "reroll" and again[0]["input"] is True
    new = next(e for e in again if e["type"] == "roll")
    assert new["reroll"] is True and new["purpose"] == "attack" and new["color"] == "blue"
    # the Temple's one re-roll is spent; the die still decides, so the table may still cast Time Warp
    d = game.decision
    assert (d.kind, d.color, d.temple) == ("keep_roll", "blue", False)
    with pytest.raises(IllegalInput):
        game.act({"type": "reroll"})
    resolved = game.act({"type": "proceed"})
    (a,) = events(resolved, "attack")
    assert a["defence"]["blue"] == new["value"]


def test_keeping_the_fight_die_resolves_with_it():
    game = two_humans(version=3)
    blue_in_temple_then_attack(game)
    step = fight(game, 4, {"blue": {"axes": 0}, "yellow": {"die": 6, "axes": 0}})
    value = next(e for e in step if e["type"] == "roll" and e["color"] == "blue")["value"]
    kept = game.act({"type": "proceed"})
    (a,) = events(kept, "attack")
    assert a["defence"] == {"blue": value, "yellow": 6}


def test_no_re_roll_is_offered_when_no_face_can_change_the_fight():
    """Strength 1: blue beats the dragon on any face; yellow (6 + 5 axes = 11) takes the tile on any face of
    blue's die. The re-roll cannot change anything: the fight resolves at once."""
    game = two_humans(version=3)
    blue_in_temple_then_attack(game)
    step = fight(game, 1, {"blue": {"axes": 0}, "yellow": {"die": 6, "axes": 5}})
    (a,) = events(step, "attack")
    assert a["winner"] == "yellow" and a["losers"] == []
    assert game.decision.kind == "place"


def test_a_die_the_table_rolled_gets_no_pause():
    game = two_humans(version=3)
    blue_in_temple_then_attack(game)
    step = fight(game, 4, {"blue": {"die": 2, "axes": 0}, "yellow": {"die": 6, "axes": 0}})
    assert events(step, "attack")


def test_rahdo_the_trigger_in_the_temple_may_re_roll_the_black_die():
    """Rahdo appendix: the black die is shared; only the player whose action set the dragon off may re-roll
    it, and only with a dwarf in the Temple."""
    game = two_humans(variant="rahdo", version=3)
    blue_in_temple_then_attack(game)
    step = fight(game, 4, {"blue": {"axes": 0}, "yellow": {"axes": 0}})
    (black,) = [e for e in step if e["type"] == "roll"]
    assert black["black"] is True and black["color"] == "blue"
    d = game.decision
    assert (d.kind, d.color, d.temple) == ("keep_roll", "blue", True)
    again = game.act({"type": "reroll"})
    new = next(e for e in again if e["type"] == "roll")
    assert new["black"] is True and new["reroll"] is True
    assert not events(again, "attack") and game.decision.temple is False
    (a,) = events(game.act({"type": "proceed"}), "attack")
    assert a["defence"] == {"blue": new["value"], "yellow": new["value"]}


def test_rahdo_a_temple_occupant_who_did_not_trigger_gets_no_temple_re_roll():
    game = two_humans(variant="rahdo", version=3)
    place(game, "forge")  # blue #1
    place(game, "temple")  # yellow #1: in the Temple, but blue sets the dragon off
    dragon_to(game, head(game) - 1)
    place(game, "scout")  # blue #2
    roll(game, 6)
    fight(game, 4, {"blue": {"axes": 0}, "yellow": {"axes": 0}})
    d = game.decision  # the black die decides (strength 4, no axes): blue may cast Time Warp, nobody has a Temple
    assert (d.kind, d.color, d.temple) == ("keep_roll", "blue", False)
    with pytest.raises(IllegalInput):
        game.act({"type": "reroll"})


# ---------------------------------------------------------------------------------------------- (b) Time Warp


def test_time_warp_re_rolls_the_apps_dragon_die_from_the_games_generator():
    """Expansion, Time Warp: "Re-roll one die. The new result must be accepted." Undo is no free re-roll:
    the same spell after an undo gives the same new die."""
    game = two_humans(seed=21)
    place(game, "treasure_hoard")
    first = game.act({"type": "proceed"})  # the app's die for blue
    (die,) = events(first, "roll")
    assert game.decision.kind == "place" and game.decision.color == "yellow"
    warp = game.act({"type": "spell", "color": "blue", "spell": "time_warp"})
    assert warp[0]["type"] == "spell" and warp[0]["spell"] == "time_warp"
    (new,) = events(warp, "roll")
    assert new["by"] == "app" and new["reroll"] is True and new["purpose"] == "aggression"
    assert game.state.dragon == (1 if new["value"] >= 3 else 0)
    game.undo()
    assert game.state.dragon == (1 if die["value"] >= 3 else 0)
    again = game.act({"type": "spell", "color": "blue", "spell": "time_warp"})
    assert events(again, "roll")[0]["value"] == new["value"]


def test_time_warp_on_the_tables_die_asks_the_new_value():
    game = two_humans()
    place(game, "treasure_hoard")
    roll(game, 5)
    assert game.state.dragon == 1
    with pytest.raises(IllegalInput, match="table"):
        game.act({"type": "spell", "color": "blue", "spell": "time_warp"})
    step = game.act({"type": "spell", "color": "blue", "spell": "time_warp", "value": 2})
    (new,) = events(step, "roll")
    assert (new["value"], new["by"], new["reroll"]) == (2, "table", True)
    assert game.state.dragon == 0


@pytest.mark.parametrize("version", [3, 4])
def test_time_warp_that_calms_the_dragon_calls_the_attack_off(version):
    """Version 4: the spell comes while the fight waits for its dice (no axe card drawn yet); version 3 while it
    waited for the tile and the axes, the automa's axe cards drawn."""
    game = Game(Setup.solo(seed=3), version=version)
    game.act({"type": "starting_rolls", "rolls": {"blue": 6}})
    while game.decision.kind != "place":
        game.act(default_answer(game) if game.decision.kind == "question" else {"type": "proceed"})
    dragon_to(game, head(game) - 1)
    space = next(s for s in ("treasure_hoard", "scout", "tribute", "supply_wagon", "mana_cave")
                 if s not in game.state.board)
    place(game, space)
    before = game_summary(game)
    roll(game, 6)
    assert game.decision.kind == ("attack_dice" if version >= 4 else "attack")
    game.act({"type": "spell", "color": "blue", "spell": "time_warp", "value": 1})
    after = game_summary(game)
    assert game.decision.kind not in ("attack", "attack_dice") and not game.state.tasks
    assert after["dragon"] == head(game) - 1
    # the automa's axe cards drawn for the fight go back on their decks
    for color in ("red", "green"):
        assert after["automa"][color]["deck"] == before["automa"][color]["deck"]
        assert after["automa"][color]["discard"] == before["automa"][color]["discard"]


def test_time_warp_needs_a_die_of_the_casters_that_is_still_open():
    game = two_humans()
    with pytest.raises(IllegalInput, match="Time Warp"):
        game.act({"type": "spell", "color": "blue", "spell": "time_warp"})
    place(game, "treasure_hoard")
    roll(game, 5)
    with pytest.raises(IllegalInput, match="Time Warp"):  # a die of blue's, not yellow's
        game.act({"type": "spell", "color": "yellow", "spell": "time_warp", "value": 1})
    place(game, "forge")  # yellow acts: blue's die is settled
    with pytest.raises(IllegalInput, match="Time Warp"):
        game.act({"type": "spell", "color": "blue", "spell": "time_warp", "value": 1})


def test_time_warp_on_a_fight_die_the_app_rolled():
    game = two_humans(version=3)
    set_the_dragon_off(game)
    fight(game, 4, {"blue": {"axes": 0}, "yellow": {"die": 6, "axes": 0}})
    d = game.decision
    assert (d.kind, d.color, d.temple) == ("keep_roll", "blue", False)
    step = game.act({"type": "spell", "color": "blue", "spell": "time_warp"})
    new = next(e for e in step if e["type"] == "roll")
    assert new["purpose"] == "attack" and new["reroll"] is True and new["by"] == "app"
    assert not events(step, "attack")  # the new die still decides: the table may cast another
    resolved = game.act({"type": "proceed"})
    assert events(resolved, "attack")[0]["defence"]["blue"] == new["value"]


def test_time_warp_with_the_temple_on_the_same_die():
    """Time Warp "can be combined with the re-roll from the temple": at the Temple's question the spell
    re-rolls the die and the Temple's re-roll is still there."""
    game = two_humans(seed=5)
    place(game, "temple")
    place(game, "forge")
    place(game, "treasure_hoard")
    game.act({"type": "proceed"})
    assert game.decision.kind == "keep_roll"
    step = game.act({"type": "spell", "color": "blue", "spell": "time_warp"})
    new = events(step, "roll")[0]
    assert game.decision.kind == "keep_roll" and game.decision.value == new["value"]
    game.act({"type": "proceed"})
    assert game.state.dragon == (1 if new["value"] >= 3 else 0)
