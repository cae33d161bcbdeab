"""The rules audit's golem rulings (E13), from the Caverns of Gandûm rulebook's Stone Golem and Grow Beard:

- any person may place or move the golem between two dwarf actions, not only on their own turn (the spell may
  be cast at any time in the round);
- moving your own golem while it stands on the board is a new Stone Golem cast; placing it again after another
  player dislodged it is not;
- Grow Beard, which the rulebook lets be cast on the golem, is read only as a dwarf with Grow Beard dislodging
  the golem (beard 1), so even a #1 dwarf may; never your own golem.

The other rulings are in the other tests/rules/test_rulings_*.py modules, their shared helpers in rulings_helpers.py.
"""

from __future__ import annotations

import pytest
from engine_helpers import events, humans_setup, place, table_rolls

from companion.rules.engine.game import Game, IllegalInput

ORDER = ["blue", "green", "yellow", "red"]


def four_people() -> Game:
    game = Game(humans_setup(ORDER, expansion=True))
    game.act({"type": "starting_rolls", "rolls": table_rolls(ORDER)})
    return game


def golem(game: Game, color: str, space: str) -> list[dict]:
    return game.act({"type": "place", "golem": True, "color": color, "space": space})


def casts(step: list[dict]) -> list[str]:
    return [e["color"] for e in events(step, "spell") if e["spell"] == "stone_golem"]


def whose_turn(game: Game) -> tuple[str, int]:
    return game.decision.color, game.decision.dwarf


def test_any_person_may_place_the_golem_between_dwarf_actions_not_only_on_their_turn():
    game = four_people()
    assert whose_turn(game) == ("blue", 1)
    assert casts(golem(game, "yellow", "forge")) == ["yellow"]  # on blue's turn
    assert whose_turn(game) == ("blue", 1)  # the golem is no dwarf action: blue still places
    place(game, "treasure_hoard")  # blue #1: its dragon roll is still to come, within blue's action
    with pytest.raises(IllegalInput, match="only between dwarf actions"):
        golem(game, "green", "scout")


def test_moving_your_own_golem_on_the_board_is_a_new_cast_placing_it_again_after_a_dislodge_is_not():
    game = four_people()
    assert casts(golem(game, "blue", "forge")) == ["blue"]
    assert casts(golem(game, "blue", "temple")) == ["blue"]  # moved while on the board: cast again
    assert "forge" not in game.state.board and game.state.board["temple"].golem
    place(game, "mine")  # blue #1
    step = place(game, "temple", spell="grow_beard")  # green #1 dislodges the golem (below)
    assert game.state.golem_space() is None and game.state.golem_owner == "blue"
    assert casts(golem(game, "blue", "trading_post")) == []  # blue's golem, placed again after the dislodge: no cast
    assert events(step, "place")[0]["dislodged"] == {"color": "blue", "dwarf": 1, "golem": True}
    assert casts(golem(game, "yellow", "excavate")) == ["yellow"]  # another player takes control: a cast
    assert game.state.golem_owner == "yellow"


def test_grow_beard_on_the_golem_is_a_dwarf_dislodging_it_even_a_first_dwarf():
    """The missing test: Grow Beard and the golem. The golem's beard is 1, so no #1 dwarf may dislodge it
    without the spell; with Grow Beard an opponent's #1 may, and the golem leaves the board (it is no dwarf
    of the order: the next dwarf action follows). Your own golem stays yours: Grow Beard does not take it."""
    game = four_people()
    golem(game, "blue", "forge")
    place(game, "mine")  # blue #1
    assert whose_turn(game) == ("green", 1)
    with pytest.raises(IllegalInput, match="a dislodge needs a higher number"):
        place(game, "forge")
    step = place(game, "forge", spell="grow_beard")
    assert events(step, "place")[0]["dislodged"] == {"color": "blue", "dwarf": 1, "golem": True}
    assert [e["spell"] for e in events(step, "spell")] == ["grow_beard"]
    assert game.state.board["forge"].label == "green #1" and game.state.golem_space() is None
    assert whose_turn(game) == ("yellow", 1)
    golem(game, "yellow", "excavate")
    with pytest.raises(IllegalInput, match="held by your own golem"):
        place(game, "excavate", spell="grow_beard")  # yellow #1 and yellow's own golem
