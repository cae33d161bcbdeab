"""Ruling (a) made whole (issue 30): "keep or re-roll?" is asked only when the die's owner has a re-roll for it.

A question whose one answer is "keep" is no question: in a base game (no Time Warp: it is one of the
expansion's spells) a fight die the app rolled for a player outside the Temple, the die the Temple has just
re-rolled (its new result must be accepted) and, under Rahdo, the black die of a trigger outside the Temple
simply stand. With the expansion Time Warp may always be in hand, so a die that decides the fight is still
shown (tests/rules/test_rulings_rerolls.py). Rules version 3; a version 2 game keeps asking, so its records
replay. The tests here play version 3's fight (the question after the axes and the tile); version 4 asks the
same of every app die first (tests/rules/test_rulings_fight_order.py).
"""

from __future__ import annotations

import pytest
from engine_helpers import events, place, roll

from companion.record.format import game_record, loads
from companion.rules.engine.game import Game
from companion.rules.words.decisions import prompt
from companion.sim.bots import Bot
from companion.sim.simulate import sim_setup
from tests.rules.rulings_helpers import dragon_to, fight, head, two_humans

#: Strength 4, no axes: blue's die (1 to 6) decides whether blue beats the dragon.
UNDECIDED = {"blue": {"axes": 0}, "yellow": {"die": 6, "axes": 0}}


def dragon_set_off_by_blue(game: Game, blue_first: str = "forge", yellow_first: str = "excavate") -> None:
    place(game, blue_first)
    place(game, yellow_first)
    dragon_to(game, head(game) - 1)
    place(game, "scout")
    roll(game, 6)
    assert game.decision.kind == "attack"


def test_a_base_game_fight_die_outside_the_temple_just_stands():
    """TM, Temple: only its occupant may re-roll; no Time Warp in a base game (CoG: a spell). The die blue's
    fight turns on is rolled and the fight resolved in the same step, with no "keep" asked or logged."""
    game = two_humans(expansion=False, version=3)
    dragon_set_off_by_blue(game)
    step = fight(game, 4, UNDECIDED)
    (die,) = [e for e in step if e["type"] == "roll" and e["color"] == "blue"]
    (attack,) = events(step, "attack")
    assert attack["defence"]["blue"] == die["value"]
    assert not events(step, "roll_kept")
    assert game.decision.kind != "keep_roll"


def test_a_base_game_die_the_temple_re_rolled_must_be_accepted():
    """TM, Temple: "re-rolled only once and the new result must be accepted": after the re-roll the fight
    resolves at once, whatever the new die."""
    game = two_humans(expansion=False, version=3)
    dragon_set_off_by_blue(game, blue_first="temple")
    fight(game, 4, UNDECIDED)
    d = game.decision
    assert (d.kind, d.color, d.temple) == ("keep_roll", "blue", True)
    again = game.act({"type": "reroll"})
    new = next(e for e in again if e["type"] == "roll")
    (attack,) = events(again, "attack")
    assert attack["defence"]["blue"] == new["value"]
    assert game.decision.kind != "keep_roll"


def test_rahdo_in_a_base_game_the_triggers_black_die_stands_outside_the_temple():
    """TM, Rahdo: only the trigger may re-roll the black die, and only from the Temple; yellow in the Temple
    did not set the dragon off."""
    game = two_humans(expansion=False, variant="rahdo", version=3)
    dragon_set_off_by_blue(game, yellow_first="temple")
    step = fight(game, 4, {"blue": {"axes": 0}, "yellow": {"axes": 0}})
    (black,) = [e for e in step if e["type"] == "roll"]
    (attack,) = events(step, "attack")
    assert black["black"] is True and attack["defence"] == {"blue": black["value"], "yellow": black["value"]}


def test_with_the_expansion_the_same_die_is_still_shown_for_time_warp():
    game = two_humans(expansion=True, version=3)
    dragon_set_off_by_blue(game)
    step = fight(game, 4, UNDECIDED)
    assert not events(step, "attack")
    d = game.decision
    assert (d.kind, d.color, d.temple) == ("keep_roll", "blue", False)


def test_a_version_2_base_game_still_asks_and_its_record_replays():
    """Version 2's question with "keep" only stays in version 2's games, so their records still replay."""
    game = two_humans(expansion=False, version=2)
    dragon_set_off_by_blue(game)
    fight(game, 4, UNDECIDED)
    assert game.decision.kind == "keep_roll" and game.decision.temple is False
    game.act({"type": "proceed"})
    text = game_record(game)
    assert game_record(loads(text)) == text


@pytest.mark.parametrize("humans", [1, 2])
@pytest.mark.parametrize("variant", ["standard", "rahdo"])
def test_the_bots_base_games_never_meet_a_question_with_one_answer(humans, variant):
    """The simulator's bots play base games: every "keep or re-roll?" they meet has the Temple's re-roll."""
    for seed in range(6):
        setup = sim_setup(seed, humans, "hard", False).model_copy(update={"variant": variant})
        game, bot = Game(setup), Bot("random", seed)
        while not game.finished:
            d = game.decision
            if d.kind == "keep_roll":
                assert d.temple is True, (seed, prompt(d))
            game.act(bot.input_for(game))
