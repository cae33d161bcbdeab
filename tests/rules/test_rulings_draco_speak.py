"""The rules audit's ruling (f), from the rulebooks' text, and the board instructions for a spell that moves
the dragon:

(f) Draco Speak may move the dragon onto the head, and it attacks at once.

The other rulings are in the other tests/rules/test_rulings_*.py modules, their shared helpers in rulings_helpers.py.
"""

from __future__ import annotations

import pytest
from engine_helpers import events, place, roll

from companion.rules.engine.game import IllegalInput
from tests.rules.rulings_helpers import dragon_to, fight, head, two_humans

# ---------------------------------------------------------------------------------------------- (f) Draco Speak


def test_draco_speak_may_move_the_dragon_onto_the_head_and_it_attacks_at_once():
    game = two_humans()
    dragon_to(game, head(game) - 1)
    step = game.act({"type": "spell", "color": "yellow", "spell": "draco_speak", "direction": 1})
    assert [e["position"] for e in events(step, "dragon")] == [head(game)]
    d = game.decision
    assert d.kind == "attack_dice" and d.color == "yellow"  # the fight's dice first (rules version 4)
    # once the dragon is at the head the spell cannot be cast (expansion text)
    with pytest.raises(IllegalInput, match="top"):
        game.act({"type": "spell", "color": "blue", "spell": "draco_speak", "direction": -1})
    fight(game, 2, {"blue": {"die": 6}, "yellow": {"die": 6}})
    assert game.state.dragon == 0 and game.decision.kind == "place"


def test_draco_speak_onto_the_head_under_rahdo_the_caster_rolls_the_black_die():
    game = two_humans(variant="rahdo")
    dragon_to(game, head(game) - 1)
    game.act({"type": "spell", "color": "yellow", "spell": "draco_speak", "direction": 1})
    assert game.decision.kind == "attack_dice" and game.decision.rollers == ("yellow",)
    step = fight(game, 2, {"blue": {}, "yellow": {}}, black_die=5)
    (black,) = [e for e in step if e["type"] == "roll"]
    assert black["color"] == "yellow" and black["black"] is True and black["value"] == 5


def test_the_board_instructions_say_which_way_a_spell_moves_the_dragon():
    from companion.rules.words import board_instructions

    game = two_humans()
    dragon_to(game, 2)
    down = game.act({"type": "spell", "color": "blue", "spell": "draco_speak", "direction": -1})
    assert "Move the dragon down one: 1 of 5" in board_instructions(down, head(game))
    place(game, "treasure_hoard")
    roll(game, 6)
    warp = game.act({"type": "spell", "color": "blue", "spell": "time_warp", "value": 1})
    assert "Put the dragon on step 1 of 5" in board_instructions(warp, head(game))
