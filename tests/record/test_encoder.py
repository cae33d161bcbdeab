"""The record's one kept JSON encoder writes exactly what ``json.dumps`` writes, and refuses what it refuses."""

import enum
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.files.oneline import json_escaped
from companion.record.format import _LINE_MARK, _encode, dumps, game_record
from companion.record.plain_json import is_plain
from companion.rules.engine.game import Game
from companion.rules.engine.inputs import Answer
from companion.sim.bots import Bot, play
from companion.sim.simulate import sim_setup

_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@given(st.dictionaries(st.text(), _JSON, max_size=6))
def test_a_line_is_what_json_dumps_writes(value):
    assert _encode(value) == json.dumps(value, separators=(",", ":"), ensure_ascii=False)


@given(st.lists(st.dictionaries(st.text(), _JSON, max_size=4), max_size=5))
def test_a_record_escapes_every_line_break_a_reader_might_split_on(events):
    text = dumps({"format": "x"}, events)
    assert text.split("\n")[:-1] == text.splitlines() and len(text.splitlines()) == len(events) + 1
    assert [json.loads(line) for line in text.splitlines()[1:]] == events


@pytest.mark.parametrize("value, error", [({"a": {1, 2}}, TypeError), ({"a": float("nan")}, None)])
def test_what_json_dumps_refuses_is_refused_the_same_way(value, error):
    if error is None:
        assert _encode(value) == json.dumps(value, separators=(",", ":"), ensure_ascii=False)
        return
    with pytest.raises(error):
        _encode(value)


def test_a_cycle_is_refused_as_json_dumps_refuses_it():
    value: dict = {}
    value["self"] = value
    with pytest.raises(ValueError, match="Circular"):
        _encode(value)


def _line_by_line(header, events) -> str:
    return json_escaped("\n".join(json.dumps(v, separators=(",", ":"), ensure_ascii=False)
                                  for v in [header, *events]) + "\n")


@given(st.lists(st.dictionaries(st.text(), _JSON, max_size=4), max_size=5))
def test_a_record_encoded_in_one_call_is_its_lines_encoded_one_by_one(events):
    assert dumps({"format": "x"}, events) == _line_by_line({"format": "x"}, events)


@pytest.mark.parametrize("inside", [
    _LINE_MARK, [_LINE_MARK], {"k": [1, _LINE_MARK, 2]}, {_LINE_MARK: _LINE_MARK}, "," + _LINE_MARK + ",",
])
def test_an_event_holding_the_line_mark_is_still_written_as_it_is(inside):
    # The mark that stands between lines while a record is encoded in one call: an event that holds its text
    # makes the count come out wrong, and the record is written line by line instead.
    events = [{"seq": 1, "a": inside}, {"seq": 2, "b": [inside, inside]}, {"seq": 3}]
    text = dumps({"format": "x"}, events)
    assert text == _line_by_line({"format": "x"}, events)
    assert [json.loads(line) for line in text.splitlines()[1:]] == events


def _standard_record(game) -> str:
    """A game's record written line by line by the standard library's encoder (what orjson must match)."""
    lines = [json.dumps(v, separators=(",", ":"), ensure_ascii=False) for v in [game.header(), *game.events()]]
    return json_escaped("\n".join(lines) + "\n")


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**62), st.sampled_from([1, 2]), st.booleans(), st.sampled_from(["app", "table"]),
       st.sampled_from(["random", "greedy"]), st.sampled_from(["easy", "hard", "punishing"]))
def test_a_played_games_record_is_its_dumps_and_plain_wherever_its_inputs_are(
    seed, humans, expansion, stash, bot, difficulty
):
    """``game_record`` looks only at the header and the input events: every other event is plain then too. The
    bots' inputs are always plain, as ``simulate`` tells ``game_record`` (``plain_inputs``): then it looks only at
    the header."""
    game = play(Game(sim_setup(seed, humans, difficulty, expansion, stash=stash)), Bot(bot, seed))
    values = [game.header(), *game.events()]
    assert is_plain([v for v in values[1:] if v.get("input")] + values[:1])
    assert is_plain(values)
    expected = dumps(game.header(), game.events())
    assert game_record(game) == game_record(game, plain_inputs=True) == expected == _standard_record(game)


class _Count(enum.IntEnum):
    THREE = 3


class _Name(str):
    pass


def _played_to_the_end(answer):
    """A solo game whose first answer to an automa's question is ``answer(details)`` (the bot's otherwise)."""
    game, bot, given = Game(sim_setup(7, 1, "hard", True)), Bot("random", 7), False
    while game.decision.kind != "final_scores":
        inp = bot.input_for(game)
        if isinstance(inp, Answer) and not given and (value := answer(game.decision)) is not None:
            inp, given = Answer(value), True
        game.act(inp)
    assert given
    return game, bot


@pytest.mark.parametrize("answer", [
    lambda d: _Count.THREE if d.question in ("dwarf_king", "gem_market") else None,
    lambda d: [_Name("ruby")] * d.gem_count if d.question == "gems" else None,
])
def test_a_game_whose_inputs_are_not_plain_is_written_as_json_dumps_writes_it(answer):
    game, _ = _played_to_the_end(answer)
    assert not is_plain([e for e in game.events() if e.get("input")])
    assert game_record(game) == dumps(game.header(), game.events()) == _standard_record(game)


def test_a_float_on_the_score_sheet_is_written_as_json_dumps_writes_it():
    game, bot = _played_to_the_end(lambda d: None if d.question != "dwarf_king" else 4)
    scores, sheet = bot.final_sheet(game)
    game.act({"type": "game_end", "scores": scores, "sheet": {**sheet, "note": 1e16}})
    text = game_record(game)
    assert text == dumps(game.header(), game.events()) == _standard_record(game) and '"note":1e+16' in text
