"""Why a game does not replay is a code and fields (``ReplayProblem``), worded twice by
``companion.rules.words.replay``: the record's line (event type, field, values as JSON) and a screen's few
words (the event's number, no JSON)."""

from __future__ import annotations

import pytest

from companion.rules.engine.game import Game
from companion.rules.engine.replay import Diverged, ReplayProblem, compare
from companion.rules.setup import Setup
from companion.rules.words.game import replay_problem

ROLL = {"seq": 3, "step": 1, "type": "roll", "color": "blue", "value": 2, "by": "app"}
DRAW = {"seq": 4, "step": 1, "type": "automa_draw", "color": "red", "card": "R01"}


def _caught(action) -> ReplayProblem:
    with pytest.raises(ReplayProblem) as caught:
        action()
    return caught.value


def test_a_differing_field_is_named_with_both_values():
    err = _caught(lambda: compare([ROLL], [{**ROLL, "value": 5}]))
    assert isinstance(err, Diverged) and (err.code, err.seq) == ("differs", 3)
    assert err.fields == {"seq": 3, "type": "roll", "field": "value", "recorded": 5, "given": 2}
    assert str(err) == '"roll" event, field "value": the record has 5, the rules give 2'
    assert replay_problem(err) == "its event 3 is not what the rules give now"


def test_a_field_one_side_lacks_is_said_as_nothing():
    err = _caught(lambda: compare([ROLL], [{k: v for k, v in ROLL.items() if k != "by"}]))
    assert str(err) == '"roll" event, field "by": the record has nothing, the rules give "app"'


def test_a_record_that_ends_early_or_goes_on_names_the_event():
    early = _caught(lambda: compare([ROLL, DRAW], [ROLL]))
    assert (early.code, str(early)) == ("ends_early", "the record ends where the rules still produce a "
                                                      "automa_draw event")
    extra = _caught(lambda: compare([ROLL], [ROLL, DRAW]))
    assert (extra.code, str(extra)) == ("extra_event", "an event the rules do not produce here")
    assert replay_problem(extra) == "its event 4 is not what the rules give now"


def test_a_recorded_input_the_rules_refuse_says_the_refusal():
    game = Game(Setup.solo(seed=3))
    recorded = [{"seq": 99, "step": 1, "type": "roll", "input": True, "color": "blue", "value": 9}]
    err = _caught(lambda: game.replay_step(recorded))
    assert (err.code, err.fields["refusal"]) == ("refused", "not_now")
    assert str(err).startswith("roll is not allowed here: ") and "is not possible now" in str(err)


def test_a_rules_version_this_app_does_not_know():
    err = _caught(lambda: Game(Setup.solo(seed=3), version=99))
    assert str(err) == "rules version 99 is not one this app knows"
    assert replay_problem(err) == "it was played under rules version 99, which this app does not know"


def test_a_saved_setup_that_does_not_check_names_the_field():
    header = {"version": 3, "setup": {**Setup.solo(seed=3).model_dump(mode="json"), "rounds": "many"}}
    err = _caught(lambda: Game.from_saved(header, [], []))
    assert err.code == "bad_setup" and err.fields["field"] == "rounds"
    assert replay_problem(err).startswith("its setup is not one this app plays (rounds: ")
    assert replay_problem(_caught(lambda: Game.from_saved({"version": 3}, [], []))) == (
        "its setup is not one this app plays (setup: missing)")


def test_any_other_error_shows_a_persons_line_only():
    assert replay_problem(ValueError("the record has {'seq': 4}")) == "its record no longer replays"
    assert replay_problem(ValueError("spell: 'ice_storm' is not a spell")) == "its record no longer replays"
    assert replay_problem(LookupError("no game with id 9")) == "no game with id 9"
