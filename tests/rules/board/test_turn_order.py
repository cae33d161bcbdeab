"""Phase 2, Set Turn Order: the tavern read top to bottom, a player's topmost dwarf counts, players outside the
tavern keep their relative order behind (base rulebook, both worked examples)."""

from __future__ import annotations

import pytest
from engine_helpers import drive, events, humans_setup, table_rolls

from companion.rules.board.turn_order import from_tavern, order_from_rolls, tied_groups
from companion.rules.engine.game import Game
from companion.rules.words.decisions import prompt


def play_round(order: list[str], plan: list[str]) -> tuple[Game, list[list[dict]]]:
    """A four-player base game (dwarves 1-3) whose first round places ``plan`` in placement order."""
    game = Game(humans_setup(order))
    game.act({"type": "starting_rolls", "rolls": table_rolls(order)})
    steps = drive(game, plan)
    assert game.decision.kind == "next_round", prompt(game.decision)
    return game, steps


def test_set_turn_order_example():
    """Tavern 1 empty, yellow on 2, 3 empty, green on 4; blue and red not in the tavern.
    Order blue, red, green, yellow becomes yellow, green, blue, red."""
    order = ["blue", "red", "green", "yellow"]
    plan = [
        "forge", "excavate", "tavern_4", "tavern_2",          # #1: blue, red, green, yellow
        "temple", "trading_post", "mine", "tunnel",           # #2
        "gem_market", "dwarf_king", "scout", "tribute",       # #3 (the dragon rolls show 1)
    ]
    game, steps = play_round(order, plan)
    assert game.state.board["tavern_2"].color == "yellow" and game.state.board["tavern_4"].color == "green"
    assert events(steps, "turn_order")[-1]["order"] == ["yellow", "green", "blue", "red"]
    assert game.decision.order == tuple(["yellow", "green", "blue", "red"])
    # the new order is the one the next round places in
    game.act({"type": "proceed"})
    assert (game.decision.color, game.decision.dwarf) == ("yellow", 1)


def test_set_turn_order_example_2():
    """Green on tavern 1 and 4, blue on 2, 3 empty; yellow and red not in the tavern, red ahead of yellow.
    Only green's topmost dwarf counts: green, blue, red, yellow."""
    order = ["red", "yellow", "blue", "green"]
    plan = [
        "forge", "excavate", "tavern_2", "tavern_1",          # #1: red, yellow, blue, green
        "temple", "trading_post", "mine", "tavern_4",         # #2
        "gem_market", "dwarf_king", "tunnel", "tribute",      # #3
    ]
    game, steps = play_round(order, plan)
    assert events(steps, "turn_order")[-1]["order"] == ["green", "blue", "red", "yellow"]


def test_turn_order_stays_when_nobody_is_in_the_tavern():
    order = ["green", "yellow", "red", "blue"]
    plan = ["forge", "excavate", "temple", "trading_post", "mine", "tunnel", "gem_market", "dwarf_king",
            "scout", "tribute", "supply_wagon", "treasure_hoard"]
    game, steps = play_round(order, plan)
    assert events(steps, "turn_order")[-1]["order"] == order


def test_the_tavern_decides_even_for_the_last_player():
    """All four in the tavern, in reverse of the old order: the tavern order is the new order."""
    order = ["blue", "red", "green", "yellow"]
    plan = ["tavern_4", "tavern_3", "tavern_2", "tavern_1",
            "forge", "excavate", "temple", "trading_post",
            "mine", "tunnel", "gem_market", "dwarf_king"]
    game, steps = play_round(order, plan)
    assert events(steps, "turn_order")[-1]["order"] == ["yellow", "green", "red", "blue"]


def test_a_dwarf_captured_from_the_tavern_no_longer_sets_the_order():
    """A loser's longest beard goes to the capture box even from a tavern space (base rulebook, Resolve
    Fight): it no longer stands in the tavern when the order is set."""
    order = ["blue", "red", "green", "yellow"]
    game = Game(humans_setup(order))
    game.act({"type": "starting_rolls", "rolls": table_rolls(order)})
    drive(game, ["forge", "excavate", "temple", "trading_post",
                 "mine", "tunnel", "gem_market", "dwarf_king",
                 "tavern_1", "tavern_2", "scout"])  # ... blue #3 tavern 1, red #3 tavern 2, green #3 scout
    assert game.decision.color == "yellow"
    game.act({"type": "correction", "target": "dragon", "value": game.setup.dragon_track - 1})
    drive(game, ["supply_wagon"], roll_value=6)  # yellow #3 makes the dragon attack
    assert game.decision.kind == "attack_dice"
    game.act({"type": "attack_dice", "rolls": {"blue": 1, "red": 6, "green": 6, "yellow": 6}})
    game.act({"type": "attack_input", "tile": {"strength": 5, "treasure": "gold", "points": 6}, "players": {}})
    assert "tavern_1" not in game.state.board and game.state.captured["blue"] == {3}
    assert game.decision.kind == "next_round"
    assert game.decision.order == tuple(["red", "blue", "green", "yellow"])


# ---------------------------------------------------------------------------------------- pure functions


@pytest.mark.parametrize(
    ("order", "tavern", "expected"),
    [
        (["blue", "red", "green", "yellow"], {"tavern_2": "yellow", "tavern_4": "green"},
         ["yellow", "green", "blue", "red"]),
        (["red", "yellow", "blue", "green"], {"tavern_1": "green", "tavern_2": "blue", "tavern_4": "green"},
         ["green", "blue", "red", "yellow"]),
        (["red", "blue"], {}, ["red", "blue"]),
        (["red", "blue", "green"], {"tavern_3": "green", "tavern_4": "green"}, ["green", "red", "blue"]),
    ],
)
def test_from_tavern(order, tavern, expected):
    assert from_tavern(order, tavern) == expected


def test_rolls_highest_first_and_ties_grouped():
    assert order_from_rolls({"blue": 4, "red": 6, "green": 2}) == ["red", "blue", "green"]
    assert sorted(map(sorted, tied_groups({"a": 3, "b": 3, "c": 5, "d": 5, "e": 1}))) == [["a", "b"], ["c", "d"]]
    with pytest.raises(ValueError):
        order_from_rolls({"blue": 4, "red": 4})
    # re-rolls only order the players who tied
    assert order_from_rolls({"blue": (5, 1), "yellow": (5, 6), "red": (2,)}) == ["yellow", "blue", "red"]
    assert tied_groups({"blue": (5, 3), "yellow": (5, 3), "red": (3,)}) == [["blue", "yellow"]]


def test_the_golem_in_the_tavern_does_not_set_the_order():
    """App's decision (Rules help): the golem is no dwarf of its controller, so it does not move them up the order
    from a tavern space; the tavern spaces it leaves empty are skipped as usual."""
    order = ["blue", "red", "green", "yellow"]
    game = Game(humans_setup(order, expansion=True))
    game.act({"type": "starting_rolls", "rolls": table_rolls(order)})
    game.act({"type": "place", "golem": True, "color": "yellow", "space": "tavern_1"})
    plan = ["forge", "excavate", "tavern_2", "temple",            # #1: blue, red, green, yellow
            "trading_post", "mine", "tunnel", "gem_market",       # #2
            "dwarf_king", "scout", "tribute", "supply_wagon",     # #3 (the dragon rolls show 1)
            "treasure_hoard", "wizards_cave", "mana_cave", "tavern_3"]  # #4: yellow's dwarf on tavern 3
    drive(game, plan)
    assert game.decision.kind == "next_round", prompt(game.decision)
    assert game.state.board["tavern_1"].golem
    # yellow's golem on the top space counts for nothing; green (tavern 2), then yellow's own #4 (tavern 3)
    assert game.decision.order == tuple(["green", "yellow", "blue", "red"])
