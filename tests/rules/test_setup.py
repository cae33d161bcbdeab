"""Setup: rounds and dwarves from the rulebooks' tables, the custom automa options, the starting turn order from
the dice (ties re-rolled), and the automa's starting gold (no beer)."""

from __future__ import annotations

import pytest
from engine_helpers import automa, events, human, humans_setup
from pydantic import ValidationError

from companion.rules.engine.game import Game, IllegalInput
from companion.rules.setup import Options, Setup, standard_dwarves, standard_rounds

COLORS = ("blue", "red", "green", "yellow")

# (expansion, humans) -> (rounds, highest dwarf), read from the tables:
# base rulebook "Dwarf Meeples per Player" (4: 1-3, 3: 1-4, 2: 1-5) and the expansion's "Game Length"
# (base column 4: 5, 3: 6, 2: 7; expansion column 4: 4, 3: 5, 2: 6, 1: 5) and its dwarf table (4: 1-4,
# 3: 1-5, 2: 1-5, 1: 1-5). A base-game solo has no line of its own: it uses the expansion's solo line.
TABLE = {
    (False, 4): (5, 3),
    (False, 3): (6, 4),
    (False, 2): (7, 5),
    (False, 1): (5, 5),
    (True, 4): (4, 4),
    (True, 3): (5, 5),
    (True, 2): (6, 5),
    (True, 1): (5, 5),
}


def players_for(humans: int) -> list:
    """``humans`` human players; one human gets the two automa a solo game needs."""
    players = [human(c) for c in COLORS[:humans]]
    if humans == 1:
        players += [automa("red", "red"), automa("green", "green")]
    return players


@pytest.mark.parametrize(("expansion", "humans"), sorted(TABLE))
def test_rounds_and_dwarves_follow_the_tables(expansion, humans):
    rounds, dwarves = TABLE[(expansion, humans)]
    assert standard_rounds(expansion, humans) == rounds
    assert standard_dwarves(expansion, humans) == dwarves
    setup = Setup.build(players_for(humans), expansion=expansion)
    assert (setup.rounds, setup.dwarves) == (rounds, dwarves)
    # and the game puts exactly dwarves 1..N in every player's bed
    game = Game(setup)
    game.act({"type": "proceed"})
    assert {c: sorted(b) for c, b in game.state.beds.items()} == {
        p.color: list(range(1, dwarves + 1)) for p in setup.players
    }


def test_solo_shortcut_is_the_expansion_solo_line_in_both_editions():
    for expansion in (True, False):
        s = Setup.solo(seed=1, expansion=expansion)
        assert (s.rounds, s.dwarves) == (5, 5)
        assert [(p.color, p.kind, p.deck) for p in s.players] == [
            ("blue", "human", None), ("red", "automa", "red"), ("green", "automa", "green")]


def test_two_people_may_play_the_expansion_without_an_automa_on_the_same_line():
    """App's decision (Rules help): the expansion's two-player game adds an automa; without one the row is the
    same (6 rounds, dwarves 1 to 5)."""
    s = Setup.build([human("blue"), human("yellow")], expansion=True)
    assert (s.rounds, s.dwarves) == TABLE[(True, 2)] == (6, 5)


def test_automa_do_not_change_the_table_row():
    """Two humans and an automa play the two-human line: the automa fills a seat, it is not a player count."""
    s = Setup.build([human("blue"), human("yellow"), automa("green", "green")], expansion=True)
    assert (s.rounds, s.dwarves) == TABLE[(True, 2)]


@pytest.mark.parametrize("expansion", [True, False])
@pytest.mark.parametrize("humans", [1, 2, 3])
def test_custom_options_extra_dwarf_and_one_round_fewer(expansion, humans):
    players = [human(c) for c in ("blue", "red", "yellow")[:humans]] + [automa("green", "green")]
    rounds, dwarves = TABLE[(expansion, humans)]
    plain = Setup.build(players, expansion=expansion)
    extra = Setup.build(players, expansion=expansion, options=Options(extra_dwarf=True))
    shorter = Setup.build(players, expansion=expansion, options=Options(one_round_fewer=True))
    both = Setup.build(players, expansion=expansion, options=Options(extra_dwarf=True, one_round_fewer=True))
    assert (plain.rounds, plain.dwarves) == (rounds, dwarves)
    assert (extra.rounds, extra.dwarves) == (rounds, dwarves + 1)
    assert (shorter.rounds, shorter.dwarves) == (rounds - 1, dwarves)
    assert (both.rounds, both.dwarves) == (rounds - 1, dwarves + 1)


def test_custom_options_need_an_automa_and_three_humans_or_fewer():
    with pytest.raises(ValidationError, match="custom automa setups"):
        Setup.build([human(c) for c in COLORS[:3]], options=Options(extra_dwarf=True))
    with pytest.raises(ValidationError, match="custom automa setups"):
        Setup.build([human(c) for c in COLORS], options=Options(one_round_fewer=True))


def test_setup_rejects_negative_starting_gold():
    """The reference data may not hold negative gold; a setup (and so a record's header) may not either."""
    with pytest.raises(ValidationError, match="starting_gold"):
        Setup.solo(starting_gold=[-3, 0, 1, 2])
    assert Setup.solo(starting_gold=[0, 0, 0, 0]).starting_gold == [0, 0, 0, 0]


def test_setup_rejects_impossible_tables():
    with pytest.raises(ValidationError, match="at least two players"):
        Setup.build([human("blue")])
    with pytest.raises(ValidationError, match="colour appears twice"):
        Setup.build([human("blue"), human("blue")])
    with pytest.raises(ValidationError, match="red and green never mix"):
        Setup.build([human("blue"), automa("red", "red"), automa("green", "red")])
    with pytest.raises(ValueError, match="at least one human"):
        Setup.build([automa("red", "red"), automa("green", "green")])
    with pytest.raises(ValidationError, match="at least one human"):
        Setup(players=[automa("red", "red"), automa("green", "green")], rounds=5, dwarves=5, seed=0)


# ------------------------------------------------------------------------------------------- starting order


def test_starting_order_highest_roll_first():
    game = Game(humans_setup(["blue", "red", "green", "yellow"]))
    step = game.act({"type": "starting_rolls", "rolls": {"blue": 2, "red": 5, "green": 3, "yellow": 6}})
    assert events(step, "turn_order")[0]["order"] == ["yellow", "red", "green", "blue"]
    assert game.state.turn_order == ["yellow", "red", "green", "blue"]
    assert not [e for e in events(step, "roll") if e.get("reroll")]
    assert {e["color"]: e["by"] for e in events(step, "roll")} == dict.fromkeys(COLORS, "table")


def test_starting_rolls_not_entered_are_rolled_by_the_app():
    game = Game(humans_setup(["blue", "red"], seed=5))
    step = game.act({"type": "starting_rolls", "rolls": {"blue": 4}})
    rolls = events(step, "roll")
    assert rolls[0] == {**rolls[0], "color": "blue", "value": 4, "by": "table"}
    assert rolls[1]["color"] == "red" and rolls[1]["by"] == "app" and 1 <= rolls[1]["value"] <= 6


@pytest.mark.parametrize("seed", range(40))
def test_tied_players_reroll_and_only_among_themselves(seed):
    """Blue and yellow tie on 5 and re-roll; red rolled 2 and was never tied: red stays last whatever the
    re-rolls show, and red never re-rolls (a re-roll only breaks the tie it was rolled for)."""
    game = Game(humans_setup(["blue", "yellow", "red"], seed=seed))
    step = game.act({"type": "starting_rolls", "rolls": {"blue": 5, "yellow": 5, "red": 2}})
    rerolls = [e for e in events(step, "roll") if e.get("reroll")]
    assert rerolls and {e["color"] for e in rerolls} == {"blue", "yellow"}
    order = events(step, "turn_order")[0]["order"]
    assert order[2] == "red"
    # the winner of the re-rolls goes first: the last pair of re-rolls is the one that differed
    last_blue = [e["value"] for e in rerolls if e["color"] == "blue"][-1]
    last_yellow = [e["value"] for e in rerolls if e["color"] == "yellow"][-1]
    assert last_blue != last_yellow
    assert order[0] == ("blue" if last_blue > last_yellow else "yellow")


def test_a_tied_reroll_is_rolled_again():
    def rerolls(seed):
        game = Game(humans_setup(["blue", "yellow", "red"], seed=seed))
        step = game.act({"type": "starting_rolls", "rolls": {"blue": 5, "yellow": 5, "red": 2}})
        return [e["value"] for e in events(step, "roll") if e.get("reroll")]

    seed = next(s for s in range(200) if len(rerolls(s)) > 2)
    values = rerolls(seed)
    assert values[0] == values[1]  # the first re-roll tied, so it was rolled again
    assert len(values) % 2 == 0


def test_tied_people_re_roll_with_the_apps_die():
    """App's decision (Rules help): a tie among the table's own rolls is re-rolled by the app, not asked again."""
    game = Game(humans_setup(["blue", "yellow"], seed=1))
    step = game.act({"type": "starting_rolls", "rolls": {"blue": 4, "yellow": 4}})
    rerolls = [e for e in events(step, "roll") if e.get("reroll")]
    assert rerolls and all(e["by"] == "app" for e in rerolls)
    assert game.decision.kind == "place"


def test_two_separate_ties_each_reroll_within_their_group():
    for seed in range(30):
        game = Game(humans_setup(COLORS, seed=seed))
        step = game.act({"type": "starting_rolls", "rolls": {"blue": 6, "red": 6, "green": 1, "yellow": 1}})
        order = events(step, "turn_order")[0]["order"]
        assert set(order[:2]) == {"blue", "red"} and set(order[2:]) == {"green", "yellow"}


def test_an_automa_rolls_along_with_the_humans():
    game = Game(Setup.solo(seed=3))
    step = game.act({"type": "starting_rolls", "rolls": {"blue": 4}})
    first = {}
    for e in events(step, "roll"):
        first.setdefault(e["color"], e)
    assert set(first) == {"blue", "red", "green"}
    assert first["red"]["by"] == first["green"]["by"] == "app"


@pytest.mark.parametrize("bad", [{"red": 3}, {"blue": 0}, {"blue": 7}])
def test_starting_rolls_are_checked(bad):
    game = Game(Setup.solo(seed=3))
    with pytest.raises(IllegalInput):
        game.act({"type": "starting_rolls", "rolls": bad})
    assert game.decision.kind == "starting_rolls" and len(game.steps) == 1


# ------------------------------------------------------------------------------------------- starting gold


@pytest.mark.parametrize("seed", range(6))
def test_automa_get_starting_gold_by_their_position_and_humans_none(seed):
    setup = Setup.solo(seed=seed)
    game = Game(setup)
    step = game.act({"type": "proceed"})
    order = game.state.turn_order
    gains = events(step, "gain")
    assert {e["color"] for e in gains} == {"red", "green"}
    for e in gains:
        assert e["reason"] == "starting gold"
        assert e["gold"] == setup.starting_gold[order.index(e["color"])]
        assert set(e) == {"seq", "step", "type", "color", "gold", "reason"}  # gold only: no beer, no gems
    for color in ("red", "green"):
        assert game.state.stash[color].gold == setup.starting_gold[order.index(color)]


def test_starting_gold_rises_with_the_position():
    """The rulebook: first, second, third, fourth player receive increasing amounts."""
    gold = Setup.solo().starting_gold
    assert gold == sorted(gold) and len(set(gold)) == 4


def test_custom_starting_gold_is_used():
    setup = Setup.build([human("blue"), automa("red", "red")], starting_gold=[10, 20, 30, 40])
    game = Game(setup)
    step = game.act({"type": "starting_rolls", "rolls": {"blue": 1}})
    pos = game.state.turn_order.index("red")
    assert [e["gold"] for e in events(step, "gain")] == [[10, 20][pos]]
