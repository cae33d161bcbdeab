"""The rules audit's ruling (e), from the rulebooks' text:

(e) the automa's Tunnel tiles lie face down: no power for it, still mine tiles at the end.

The other rulings are in the other tests/rules/test_rulings_*.py modules, their shared helpers in rulings_helpers.py.
"""

from __future__ import annotations

import pytest
from engine_helpers import events, place

from companion.rules.engine.game import IllegalInput
from tests.rules.rulings_helpers import automa_take, on_to_blue, red_with_stone_beards_loses_to_the_dragon, tunnel_game

# ---------------------------------------------------------------------------------------------- (e) face down


def test_stone_beards_face_down_does_not_save_the_automa():
    game, step = red_with_stone_beards_loses_to_the_dragon()
    assert [e["gold"] for e in events(step, "loss") if e["color"] == "red"] == [4]  # half of 7, rounded up
    assert "red" in {c["color"] for c in events(step, "attack")[0]["captured"]}


def test_dragon_song_face_down_does_not_lower_the_threshold():
    game = tunnel_game()
    automa_take(game, "dragon_song")
    on_to_blue(game)
    assert game.state.board["treasure_hoard"].color == "red"
    space = next(s for s in ("scout", "tribute", "supply_wagon", "mana_cave") if s not in game.state.board)
    place(game, space)
    assert game.decision.kind == "roll" and game.decision.threshold == 3


def test_the_automas_special_tile_still_counts_as_a_mine_tile():
    game = tunnel_game()
    automa_take(game, "stone_beards")
    line = game.automa_line("red")
    assert (line["mine_tiles"], line["gem_mine_tiles"]) == (1, 0)


def test_no_power_can_be_given_to_an_automa_by_hand():
    game = tunnel_game()
    automa_take(game, "smithy")
    with pytest.raises(IllegalInput, match="face down"):
        game.act({"type": "special_tile", "color": "red", "tile": "stone_beards"})
