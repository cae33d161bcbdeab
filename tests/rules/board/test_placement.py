"""Dwarf placement: the order of dwarf actions, dislodging, locked tavern spaces, the placement spells, and a
dwarf that finds no space (base rulebook "Phase 1 - Dwarf Actions", "Action Space Dislodging", "Locked Action
Spaces"; expansion spells Grow Beard, Blood Sacrifice, Stone Golem)."""

from __future__ import annotations

import random

import pytest
from engine_helpers import (
    answer,
    automa,
    card,
    deck,
    drive,
    events,
    expected_placer,
    find_seed,
    human,
    humans_setup,
    place,
    play_random,
    roll,
    table_rolls,
)

from companion.rules.board.placement import blocked_reason, next_placer
from companion.rules.board.spaces import SPACES, TAVERN_SPACES
from companion.rules.engine.game import Game, IllegalInput
from companion.rules.engine.summary import game_summary
from companion.rules.setup import Options, Setup
from companion.rules.words.refusals import blocked

ORDER = ["blue", "green", "yellow", "red"]  # the turn order of the rulebook's Dwarf Action Order Example


def four_player_game(order=ORDER, expansion=False) -> Game:
    """Four humans (base game: dwarves 1-3), starting order fixed by the table's dice."""
    game = Game(humans_setup(order, expansion=expansion))
    game.act({"type": "starting_rolls", "rolls": table_rolls(order)})
    assert game.state.turn_order == list(order)
    return game


def who(game: Game) -> tuple[str, int]:
    d = game.decision
    return d.color, d.dwarf


def refused(game: Game, inp: dict) -> str:
    """The input is refused and the game is unchanged; returns the refusal's message."""
    before = game_summary(game)
    with pytest.raises(IllegalInput) as err:
        game.act(inp)
    assert game_summary(game) == before
    return str(err.value)


# ---------------------------------------------------------------------------------------- order of actions


def test_dwarf_action_order_example():
    """Turn order blue, green, yellow, red. Red's #1 is the lowest dwarf left, so red places next; then the
    #2 dwarves in turn order: blue, green, yellow, red."""
    game = four_player_game()
    place(game, "forge")       # blue #1
    place(game, "excavate")    # green #1
    place(game, "temple")      # yellow #1
    assert who(game) == ("red", 1)
    place(game, "trading_post")
    seen = []
    for space in ("tunnel", "mine", "gem_market", "dwarf_king"):
        seen.append(who(game))
        place(game, space)
    assert seen == [("blue", 2), ("green", 2), ("yellow", 2), ("red", 2)]
    assert who(game) == ("blue", 3)


def test_lowest_beard_first_even_when_later_in_turn_order():
    """Pure function check of the example's situation: red holds the only #1 left."""
    beds = {"blue": {2, 3}, "green": {2, 3}, "yellow": {2, 3}, "red": {1, 2, 3}}
    assert next_placer(ORDER, beds) == expected_placer(ORDER, beds) == ("red", 1)
    beds["red"] = {2, 3}
    assert next_placer(ORDER, beds) == ("blue", 2)
    assert next_placer(ORDER, {c: set() for c in ORDER}) is None


# ---------------------------------------------------------------------------------------- all-play walks

EXAMPLE_ORDER = ["green", "blue", "red", "yellow"]  # the base rulebook's All Play Example, green first


def test_all_play_example_green_claims_the_mine_then_blue_red_and_yellow_may_mine():
    """The base rulebook's All Play Example: green claims the Mine with his first dwarf, takes two gems and
    mines; then blue, red and yellow may mine, in turn order. People act at the board: the app asks nothing
    for the walk, and the next dwarf action is blue's #1."""
    game = four_player_game(EXAMPLE_ORDER)
    step = place(game, "mine")
    assert events(step, "place")[0] == {**events(step, "place")[0], "color": "green", "dwarf": 1, "space": "mine"}
    assert [e["type"] for e in step] == ["place"] and not game.state.tasks
    assert game.decision.kind == "place" and who(game) == ("blue", 1)


def test_the_example_s_walk_with_red_an_automa_goes_blue_red_yellow():
    """The same walk with red played by an automa: at the Mine it does nothing and draws no card (the app's
    reading); at the Dwarf King it draws once, after blue and before yellow: the example's order."""
    red = deck("red", card("R1", "forge", "temple", "excavate", dwarf_king=3))

    def make(seed: int) -> Game:
        setup = Setup.build([human("green"), human("blue"), automa("red", "red"), human("yellow")],
                            expansion=False, seed=seed)
        game = Game(setup, decks={"red": red})
        game.act({"type": "starting_rolls", "rolls": {"green": 6, "blue": 5, "yellow": 1}})
        return game

    game = make(find_seed(make, lambda g: g.state.turn_order == EXAMPLE_ORDER))
    step = place(game, "mine")  # green #1
    assert not events(step, "automa_draw") and who(game) == ("blue", 1)
    game = make(find_seed(make, lambda g: g.state.turn_order == EXAMPLE_ORDER))
    step = place(game, "dwarf_king")  # green #1 again, on an all-play space where the automa draws
    assert [(e["color"], e["purpose"]) for e in events(step, "automa_draw")] == [("red", "all_play")]
    d = game.decision
    assert (d.kind, d.color, list(d.after)) == ("question", "red", ["blue"])  # blue went first
    answer(game, 0)
    assert who(game) == ("blue", 1)  # yellow walks after red, at the board; then the next dwarf action


# ---------------------------------------------------------------------------------------- dislodging


def test_dislodging_example_the_dislodged_dwarf_places_next():
    """Yellow dislodges green's #1; green puts it back in its #1 bed and places it right after yellow."""
    game = four_player_game()
    drive(game, ["forge", "excavate", "temple", "trading_post", "tunnel", "mine"])
    assert who(game) == ("yellow", 2)
    step = place(game, "excavate")
    assert events(step, "place")[0]["dislodged"] == {"color": "green", "dwarf": 1}
    assert game.state.board["excavate"].label == "yellow #2"
    assert 1 in game.state.beds["green"]
    assert who(game) == ("green", 1)  # before red #2, which waited in turn order


def test_the_dislodged_dwarf_waits_until_the_dislodging_action_has_ended():
    """The dislodging action includes its dragon roll: the dislodged dwarf places after it."""
    game = four_player_game()
    drive(game, ["forge", "treasure_hoard", "temple", "trading_post", "tunnel", "mine"])
    assert who(game) == ("yellow", 2)
    place(game, "treasure_hoard")
    assert game.decision.kind == "roll" and game.decision.color == "yellow"
    roll(game, 2)
    assert who(game) == ("green", 1)


def test_a_dislodged_dwarf_may_dislodge_a_smaller_one():
    game = four_player_game()
    # #1s, #2s, then blue #3 and green #3
    drive(game, ["forge", "excavate", "temple", "trading_post",
                 "gem_market", "dwarf_king", "tavern_1", "mine", "tunnel", "tavern_2"])
    assert who(game) == ("yellow", 3)
    place(game, "dwarf_king")  # dislodges green #2
    assert who(game) == ("green", 2)
    options = game.decision.spaces
    assert options["trading_post"] is None  # red #1 is there: a smaller beard
    assert options["mine"] is not None  # red #2: same number
    step = place(game, "trading_post")
    assert events(step, "place")[0]["dislodged"] == {"color": "red", "dwarf": 1}
    assert who(game) == ("red", 1)


def test_a_dislodge_needs_a_strictly_higher_number():
    game = four_player_game()
    place(game, "forge")  # blue #1
    assert "higher number" in blocked(game.decision.spaces["forge"])
    msg = refused(game, {"type": "place", "space": "forge"})  # green #1
    assert "higher number" in msg


def test_never_your_own_dwarf():
    game = four_player_game()
    drive(game, ["forge", "excavate", "temple", "trading_post"])
    assert who(game) == ("blue", 2)
    why = game.decision.spaces["forge"]
    assert blocked(why) == "held by your own #1"
    refused(game, {"type": "place", "space": "forge"})
    assert game.decision.spaces["excavate"] is None  # green's #1: fine


@pytest.mark.parametrize("tavern", TAVERN_SPACES)
def test_the_tavern_is_locked(tavern):
    game = four_player_game()
    place(game, tavern)  # blue #1
    drive(game, ["excavate", "temple", "trading_post"])
    for _ in range(8):  # every #2 and #3 of the others, whatever their number, cannot take it
        if game.decision.color != "blue":
            assert "locked" in game.decision.spaces[tavern]
            refused(game, {"type": "place", "space": tavern})
        free = next(s for s, why in game.decision.spaces.items()
                    if why is None and s not in game.state.board and not SPACES[s].dragon)
        place(game, free)


def test_placing_refuses_spaces_not_in_the_game():
    game = four_player_game()  # a base game
    assert "wizards_cave" not in game.decision.spaces
    # rules version 3: an expansion space in a base game is named as the expansion's (companion.rules.editions)
    assert "Wizard's Cave comes with Caverns of Gandûm" in refused(game, {"type": "place", "space": "wizards_cave"})
    assert "not an action space" in refused(game, {"type": "place", "space": "moon"})


def test_placing_is_refused_when_not_awaited():
    game = four_player_game()
    place(game, "treasure_hoard")
    assert game.decision.kind == "roll"
    assert "waits for roll" in refused(game, {"type": "place", "space": "forge"})


# ---------------------------------------------------------------------------------------- spells


def test_grow_beard_dislodges_a_longer_beard_but_not_from_the_tavern():
    game = four_player_game(expansion=True)  # four dwarves each
    place(game, "forge")       # blue #1
    place(game, "tavern_1")    # green #1
    place(game, "temple")      # yellow #1
    place(game, "trading_post")  # red #1
    place(game, "excavate")    # blue #2
    assert who(game) == ("green", 2)
    refused(game, {"type": "place", "space": "tavern_1", "spell": "grow_beard"})  # own, and locked
    assert "higher number" in blocked(game.decision.spaces["excavate"])
    step = place(game, "excavate", spell="grow_beard")  # green #2 takes blue #2's space
    assert events(step, "place")[0]["dislodged"] == {"color": "blue", "dwarf": 2}
    assert events(step, "spell")[0]["spell"] == "grow_beard"
    assert who(game) == ("blue", 2)  # the dislodged dwarf places next, as after any dislodge
    place(game, "tavern_2")
    assert who(game) == ("yellow", 2)
    assert game.space_options("yellow", 2, "grow_beard")["tavern_1"].why == "locked"
    refused(game, {"type": "place", "space": "tavern_1", "spell": "grow_beard"})
    refused(game, {"type": "place", "space": "mine", "spell": "grow_beard"})  # an empty space needs no spell


def test_blood_sacrifice_captures_your_own_smaller_dwarf():
    game = four_player_game(expansion=True)
    drive(game, ["forge", "excavate", "temple", "trading_post"])
    assert who(game) == ("blue", 2)
    assert blocked_reason(game.state.board["forge"], "forge", "blue", 2, "blood_sacrifice") is None
    refused(game, {"type": "place", "space": "excavate", "spell": "blood_sacrifice"})  # not blue's dwarf
    step = place(game, "forge", spell="blood_sacrifice")
    assert events(step, "place")[0]["dislodged"] == {"color": "blue", "dwarf": 1}
    assert game.state.captured["blue"] == {1}
    assert 1 not in game.state.beds["blue"]
    assert who(game) == ("green", 2)  # the sacrificed dwarf does not place again


def test_the_golem_takes_an_empty_space_and_a_longer_beard_dislodges_it():
    game = four_player_game(expansion=True)
    step = game.act({"type": "place", "golem": True, "color": "blue", "space": "forge"})
    assert [e["type"] for e in step][:2] == ["place", "spell"]
    assert who(game) == ("blue", 1)  # the golem is not a dwarf action of the order
    refused(game, {"type": "place", "golem": True, "color": "green", "space": "forge"})  # not empty
    drive(game, ["temple", "excavate", "trading_post", "tunnel"])
    assert who(game) == ("blue", 2)
    assert blocked(game.decision.spaces["forge"]) == "held by your own golem"
    place(game, "mine")
    step = place(game, "forge")  # green #2 beats the golem (beard 1)
    assert events(step, "place")[0]["dislodged"] == {"color": "blue", "dwarf": 1, "golem": True}
    assert game.state.golem_space() is None


# ---------------------------------------------------------------------------------------- no space left


def crowded_game(seed: int = 0) -> Game:
    """Base game, blue and yellow with an automa green and the extra dwarf: 18 dwarves for 16 spaces.
    Green's cards name only the four tavern spaces and the Trading Post."""
    green = deck("green", card("G1", "tavern_1", "tavern_2", "tavern_3"),
                 card("G2", "tavern_4", "trading_post", "tavern_1"))
    setup = Setup.build([human("blue"), human("yellow"), automa("green", "green")], expansion=False,
                        options=Options(extra_dwarf=True), seed=seed)
    game = Game(setup, decks={"green": green})
    game.act({"type": "starting_rolls", "rolls": {"blue": 6, "yellow": 5}})
    return game


def test_a_dwarf_with_no_open_space_sits_out_and_the_game_goes_on():
    seed = next(s for s in range(50) if crowded_game(s).state.turn_order == ["blue", "yellow", "green"])
    game = crowded_game(seed)
    assert game.setup.dwarves == 6
    humans_spaces = ["treasure_hoard", "supply_wagon", "scout", "tribute", "mine", "excavate", "forge",
                     "temple", "tunnel", "gem_market", "dwarf_king"]
    drive(game, humans_spaces)  # blue and yellow #1-#5, then blue #6: the board is full
    assert len(game.state.board) == 16
    assert who(game) == ("yellow", 6)
    step = place(game, "treasure_hoard")  # yellow #6 dislodges blue's #1
    assert events(step, "place")[0]["dislodged"] == {"color": "blue", "dwarf": 1}
    dislodged = events(step, "place")[0]["dislodged"]
    assert not events(step, "sit_out")  # yellow's action is not over: the dragon roll
    step = roll(game, 1)
    passes = events(step, "sit_out")
    # blue's dislodged dwarf can take nothing: every space is full, and it is the smallest beard in play
    assert passes[0] == {**passes[0], "color": "blue", "dwarf": dislodged["dwarf"],
                         "reason": "no open space for this dwarf"}
    assert game.state.benched["blue"] == {dislodged["dwarf"]}
    assert len(passes) == 1
    # then green #6 finds no card with an open space and sits out too; the round ends
    assert who(game) == ("green", 6) and game.decision.kind == "automa_turn"
    step = game.act({"type": "proceed"})
    assert [(e["color"], e["dwarf"], e["reason"]) for e in events(step, "sit_out")] == [
        ("green", 6, "no space on any card is open")]
    assert {e["card"] for e in events(step, "automa_draw")} == {"G1", "G2"}  # both cards were tried
    assert events(step, "round_end")
    assert game.decision.kind == "next_round"
    game.act({"type": "proceed"})
    assert game.state.benched == {"blue": set(), "yellow": set(), "green": set()}
    assert game.state.beds["blue"] == set(range(1, 7))


def closed_to(game: Game, color: str, dwarf: int, space: str) -> bool:
    """The rulebook's test, written out: a space is closed to ``color #dwarf`` when it is held and either in
    the tavern, or held by the same player, or by a beard at least as long."""
    occ = game.state.board.get(space)
    return occ is not None and (space in TAVERN_SPACES or occ.color == color or occ.dwarf >= dwarf)


def test_only_a_dwarf_that_has_no_space_sits_out():
    """Random crowded games (three humans and an automa in the expansion: 20 dwarves for 18 spaces): a human
    dwarf is benched only when every space is closed to it, and a placement is never asked for when no space
    is open."""
    human_passes = 0
    for seed in range(15):
        setup = Setup.build([human("blue"), human("yellow"), human("red"), automa("green", "green")],
                            expansion=True, seed=seed)

        def before(g):
            d = g.decision
            if d.kind == "place":
                assert not all(closed_to(g, d.color, d.dwarf, s) for s in d.spaces)

        def after(g, inp, step):
            nonlocal human_passes
            for e in events(step, "sit_out"):
                if e["color"] != "green":
                    human_passes += 1
                    # nothing moves on the board after a pass within its step: this is the board it faced
                    assert all(closed_to(g, e["color"], e["dwarf"], s) for s in g.space_options(e["color"], e["dwarf"]))

        game = Game(setup)
        play_random(game, random.Random(seed), before=before, after=after)
    assert human_passes > 0  # the situation does arise, so the check above is exercised
