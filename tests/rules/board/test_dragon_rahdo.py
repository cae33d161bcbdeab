"""The dragon's attack under the Rahdo variant: one shared black die, entered by the table or rolled by the app
for an automa that set the dragon off (base rulebook Appendix 4 Rahdo).

The dragon's other tests are in the other tests/rules/board/test_dragon_*.py modules, their shared helpers in
dragon_helpers.py.
"""

from __future__ import annotations

import pytest
from engine_helpers import drive, events, find_seed, place, roll

from companion.rules.engine.game import Game, IllegalInput
from companion.rules.setup import Setup
from tests.rules.board.dragon_helpers import attack, dragon_to, four_player_game, head

# ---------------------------------------------------------------------------------------- Rahdo


def test_rahdo_one_shared_black_die_entered_by_the_table():
    game = four_player_game(variant="rahdo", expansion=True)  # green casts Ice Storm: the expansion
    dragon_to(game, head(game) - 1)
    place(game, "treasure_hoard")
    roll(game, 5)
    d = game.decision  # rules version 4: the black die first, rolled by blue, who set the dragon off
    assert (d.kind, d.black, d.rollers, d.dice) == ("attack_dice", True, ("blue",), {})
    step = attack(game, 6, players={"blue": {"axes": 0}, "red": {"axes": 1}, "yellow": {"axes": 2},
                                    "green": {"axes": 0, "spells": ["ice_storm"]}}, black_die=5)
    (a,) = events(step, "attack")
    # every defence is the black die plus axes (and spells); a player's own die plays no part
    assert a["defence"] == {"blue": 5, "red": 6, "yellow": 7, "green": 7}
    assert a["winner"] == "yellow"  # 7 ties with green; yellow is earlier in turn order
    rolls = events(step, "roll")
    assert len(rolls) == 1 and rolls[0]["black"] is True and rolls[0]["value"] == 5
    assert rolls[0]["color"] == "blue"  # the player whose action made the dragon attack


def test_rahdo_attack_example_everyone_at_least_four_is_safe():
    """Rahdo appendix example: strength 4; each defence is the one black die plus that player's axes, all of them
    4 or more, so nobody loses; the best defence takes the tile."""
    game = four_player_game(variant="rahdo")
    dragon_to(game, head(game) - 1)
    place(game, "treasure_hoard")
    roll(game, 4)
    step = attack(game, 4, "gems", 6, players={"blue": {"axes": 0}, "red": {"axes": 1}, "yellow": {"axes": 3},
                                              "green": {"axes": 2}}, black_die=4)
    (a,) = events(step, "attack")
    assert a["defence"] == {"blue": 4, "red": 5, "yellow": 7, "green": 6}
    assert a["losers"] == [] and a["captured"] == []
    assert a["winner"] == "yellow" and game.state.points["yellow"] == 6


@pytest.mark.parametrize("version", [3, 4])
def test_rahdo_black_die_rolled_by_the_app_for_an_automa_trigger(version):
    """The automa that set the dragon off has the app roll the black die as the dragon reaches the head. Rules
    version 4: no person rolls, so the game goes straight on to the axes (the automa's cards drawn) and refuses a
    black die with them; version 3 took one and kept the app's."""
    def make(seed):
        game = Game(Setup.solo(seed=seed, variant="rahdo"), version=version)
        game.act({"type": "starting_rolls", "rolls": {"blue": 1}})
        dragon_to(game, head(game) - 1)
        drive(game, ["forge", "excavate", "temple", "trading_post", "tavern_1"])
        return game

    seed = find_seed(make, lambda g: g.decision.kind == "attack")
    game = make(seed)
    d = game.decision
    black = d.black_die
    black_roll = [e for e in game.steps[-1] if e["type"] == "roll" and e.get("black")]
    assert [(e["color"], e["value"]) for e in black_roll] == [(d.color, black)]
    axes = d.axes
    assert set(axes) == {c for c in game.state.turn_order if c != "blue"}
    fight = {"tile": {"strength": 9, "treasure": "gems", "points": 8}, "players": {"blue": {"axes": 2}},
             "automa_axes": dict(axes)}
    if version >= 4:
        assert d.dice_first and d.dice == dict.fromkeys(game.state.turn_order, black)
        with pytest.raises(IllegalInput, match="rolled before the axes"):
            game.act({"type": "attack_input", **fight, "black_die": 1})
        step = game.act({"type": "attack_input", **fight})
    else:  # a black die entered then did not replace the one already rolled
        step = game.act({"type": "attack_input", **fight, "black_die": 1})
    (a,) = events(step, "attack")
    assert a["defence"] == {c: black + (2 if c == "blue" else axes[c]) for c in game.state.turn_order}
