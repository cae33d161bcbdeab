"""The flow of a whole game: decisions in order, the right number of rounds, the last round without a reset,
final scores; undo and redo (never a free re-roll), refused inputs that change nothing, side inputs."""

from __future__ import annotations

import random

import pytest
from engine_helpers import (
    PROCEED,
    automa,
    drive,
    events,
    human,
    humans_setup,
    place,
    play_random,
    random_input,
    table_rolls,
)

from companion.rules.engine.decisions import StartingRollsDecision
from companion.rules.engine.game import Game, IllegalInput
from companion.rules.engine.summary import game_summary
from companion.rules.setup import Options, Setup
from companion.rules.words.decisions import prompt


def refused(game: Game, inp: dict, match: str | None = None) -> None:
    before, steps, redo = game_summary(game), len(game.steps), len(game.redo_steps)
    with pytest.raises(IllegalInput, match=match):
        game.act(inp)
    assert game_summary(game) == before and len(game.steps) == steps and len(game.redo_steps) == redo


# ---------------------------------------------------------------------------------------- rounds


@pytest.mark.parametrize(
    "setup",
    [
        Setup.solo(seed=2),
        Setup.solo(seed=3, expansion=False),
        Setup.solo(seed=4, options=Options(one_round_fewer=True)),
        humans_setup(["blue", "red", "green", "yellow"], seed=5),
        Setup.build([human("blue"), human("yellow"), automa("green", "green")], seed=6),
    ],
    ids=["solo", "solo-base", "solo-short", "four-base", "two-and-automa"],
)
def test_a_game_plays_exactly_its_rounds(setup):
    game = Game(setup)
    play_random(game, random.Random(setup.seed))
    evs = game.events()
    assert [e["round"] for e in evs if e["type"] == "round_start"] == list(range(1, setup.rounds + 1))
    assert [e["round"] for e in evs if e["type"] == "round_end"] == list(range(1, setup.rounds + 1))
    # the last round has no reset: no deck reshuffle after the final round_end, straight to the scores
    last_end = max(i for i, e in enumerate(evs) if e["type"] == "round_end")
    assert [e["type"] for e in evs[last_end:]] == ["round_end", "turn_order", "game_end"]
    resets = [e for e in evs if e["type"] == "automa_shuffle" and e["reason"] == "reset"]
    assert len(resets) == (setup.rounds - 1) * len(setup.automa)
    # every dwarf of every round placed (or sat out): one place per dwarf at least
    places = [e for e in evs if e["type"] == "place" and not e.get("golem")]
    assert len(places) >= setup.rounds * setup.dwarves * len(setup.players) - sum(
        1 for e in evs if e["type"] == "sit_out") - sum(len(e["captured"]) for e in evs if e["type"] == "attack")
    assert game.finished and game.decision.kind == "over"


def test_decisions_of_a_round_in_order():
    order = ["blue", "red", "green", "yellow"]
    game = Game(humans_setup(order))
    assert game.decision.kind == "starting_rolls" and list(game.decision.humans) == order
    game.act({"type": "starting_rolls", "rolls": table_rolls(order)})
    kinds = []
    plan = ["forge", "excavate", "temple", "trading_post", "mine", "tunnel", "gem_market", "dwarf_king",
            "tavern_1", "tavern_2", "tavern_3", "tavern_4"]
    for space in plan:
        d = game.decision
        kinds.append((d.kind, d.color, getattr(d, "dwarf", None)))
        place(game, space)
    assert kinds == [("place", c, n) for n in (1, 2, 3) for c in order]
    assert game.decision.kind == "next_round"
    assert prompt(game.decision) == "Round 1 is over: reset the board"
    step = game.act(PROCEED)
    assert [e["type"] for e in step] == ["round_start"]  # no automa: nothing to reshuffle
    assert game.state.board == {} and all(b == {1, 2, 3} for b in game.state.beds.values())


def test_final_scores_and_the_end():
    game = Game(Setup.solo(seed=9))
    play_random(game, random.Random(9), max_steps=10_000)
    assert game.state.final_scores is not None
    refused(game, PROCEED)
    refused(game, {"type": "correction", "target": "dragon", "value": 1})
    game2 = Game(Setup.solo(seed=9))
    rnd = random.Random(9)
    while game2.decision.kind != "final_scores":
        game2.act(random_input(game2, rnd))
    refused(game2, {"type": "game_end", "scores": {"blue": 1, "red": 2}}, "every player")
    refused(game2, {"type": "game_end", "scores": {"blue": 1, "red": 2, "green": "3"}})
    refused(game2, {"type": "game_end", "scores": {"blue": True, "red": 2, "green": 3}})
    step = game2.act({"type": "game_end", "scores": {"blue": 101, "red": 90, "green": 80}})
    assert step[0]["type"] == "game_end" and game2.finished
    assert game2.state.final_scores == {"blue": 101, "red": 90, "green": 80}


# ---------------------------------------------------------------------------------------- refused inputs


def test_refused_inputs_change_nothing():
    game = Game(Setup.solo(seed=1))
    refused(game, {"type": "place", "space": "forge"}, "waits for the starting rolls")
    refused(game, {"type": "dance"}, "unknown input")
    refused(game, {"type": "spell", "color": "blue", "spell": "charm"}, "before the start")
    refused(game, {"type": "starting_rolls", "rolls": [4]})
    game.act({"type": "starting_rolls", "rolls": {"blue": 4}})
    refused(game, {"type": "starting_rolls", "rolls": {"blue": 4}})
    refused(game, {"type": "answer", "value": 3})
    refused(game, {"type": "roll", "value": 3})
    refused(game, {"type": "spell", "color": "red", "spell": "charm"}, "automa cast no spells")
    refused(game, {"type": "spell", "color": "blue", "spell": "fireball"})
    refused(game, {"type": "special_tile", "color": "blue", "tile": "castle"})
    refused(game, {"type": "correction", "target": "points", "color": "blue", "value": 3}, "for an automa")
    refused(game, {"type": "correction", "target": "dragon", "value": game.setup.dragon_track})
    refused(game, {"type": "correction", "target": "gold", "color": "red", "value": -1})
    refused(game, {"type": "correction", "target": "gems", "color": "red", "gem": "gold", "value": 1})
    refused(game, {"type": "correction", "target": "beer", "color": "red", "value": 1})


def test_a_refused_input_keeps_the_redo_stack():
    game = Game(Setup.solo(seed=1))
    game.act({"type": "starting_rolls", "rolls": {"blue": 4}})
    drive(game, until=lambda g: g.decision.kind == "place")
    game.act({"type": "place", "space": "forge"})
    game.undo()
    refused(game, {"type": "roll", "value": 9})
    assert len(game.redo_steps) == 1
    game.redo()
    assert game.state.board["forge"].color == "blue"


# ---------------------------------------------------------------------------------------- undo and redo


def test_the_setup_step_cannot_be_undone():
    game = Game(Setup.solo(seed=1))
    assert not game.can_undo and game.undo() is None and game.redo() is None
    assert len(game.steps) == 1


def test_undo_then_the_same_input_gives_the_same_die():
    game = Game(humans_setup(["blue", "red"], seed=21))
    game.act({"type": "starting_rolls", "rolls": {"blue": 6, "red": 1}})
    place(game, "treasure_hoard")
    first = game.act(PROCEED)  # the app rolls for blue
    game.undo()
    again = game.act(PROCEED)
    assert again == first
    assert events(first, "roll")[0]["by"] == "app"


def test_undo_then_the_same_input_gives_the_same_card():
    game = Game(Setup.solo(seed=5))
    game.act({"type": "starting_rolls", "rolls": {"blue": 1}})
    assert game.decision.kind == "automa_turn"
    first = game.act(PROCEED)
    undone = game.undo()
    assert undone == first
    again = game.act(PROCEED)
    assert again == first and events(again, "automa_draw")


def test_undo_of_starting_rolls_rolls_the_same_app_dice():
    game = Game(Setup.solo(seed=5))
    first = game.act(PROCEED)
    game.undo()
    assert game.decision.kind == "starting_rolls"
    assert game.act(PROCEED) == first


def test_a_different_input_after_undo_clears_redo():
    game = Game(humans_setup(["blue", "red"], seed=21))
    game.act({"type": "starting_rolls", "rolls": {"blue": 6, "red": 1}})
    place(game, "forge")
    game.undo()
    assert len(game.redo_steps) == 1
    place(game, "temple")
    assert game.redo_steps == [] and game.redo() is None
    assert game.state.board["temple"].color == "blue"


def test_undo_and_redo_walk_the_log_step_by_step():
    game = Game(Setup.solo(seed=13))
    rnd = random.Random(13)
    summaries = [game_summary(game)]
    for _ in range(60):
        game.act(random_input(game, rnd))
        summaries.append(game_summary(game))
    steps = [list(s) for s in game.steps]
    for k in range(60, 0, -1):
        assert game.undo() == steps[k]
        assert game_summary(game) == summaries[k - 1]
    assert game.undo() is None
    for k in range(1, 61):
        assert game.redo() == steps[k]
        assert game_summary(game) == summaries[k]
    assert game.steps == steps


def test_from_saved_restores_redo():
    game = Game(Setup.solo(seed=13))
    rnd = random.Random(13)
    for _ in range(20):
        game.act(random_input(game, rnd))
    game.undo()
    game.undo()
    saved = Game.from_saved(game.header(), game.events(), game.redo_events())
    assert game_summary(saved) == game_summary(game)
    saved.redo()
    game.redo()
    assert game_summary(saved) == game_summary(game)


# ---------------------------------------------------------------------------------------- side inputs


def test_corrections_change_the_model_and_can_be_undone():
    game = Game(Setup.solo(seed=2))
    game.act({"type": "starting_rolls", "rolls": {"blue": 4}})
    before = game_summary(game)
    game.act({"type": "correction", "target": "dragon", "value": 3})
    game.act({"type": "correction", "target": "points", "color": "red", "value": 17})
    game.act({"type": "correction", "target": "gold", "color": "green", "value": 9})
    step = game.act({"type": "correction", "target": "gems", "color": "green", "gem": "mana", "value": 2})
    assert step == [{**step[0], "type": "correction", "target": "gems", "color": "green", "gem": "mana",
                     "value": 2, "input": True}]
    s = game.state
    assert (s.dragon, s.points["red"], s.stash["green"].gold, s.stash["green"].gems["mana"]) == (3, 17, 9, 2)
    assert game.decision.kind == before["next"]["kind"]  # the game still waits for the same thing
    for _ in range(4):
        game.undo()
    assert game_summary(game) == before


def test_a_special_tile_for_a_human_is_kept():
    game = Game(Setup.solo(seed=2))
    game.act({"type": "starting_rolls", "rolls": {"blue": 4}})
    game.act({"type": "special_tile", "color": "blue", "tile": "stone_beards"})
    assert game.state.special_tiles["blue"] == {"stone_beards"}


def test_decision_is_a_value():
    d = Game(Setup.solo(seed=1)).decision
    assert isinstance(d, StartingRollsDecision) and d == StartingRollsDecision(humans=("blue",))
    with pytest.raises(AttributeError):
        d.humans = ()  # type: ignore[misc]
