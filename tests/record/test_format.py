"""The game record (JSON Lines): round trips, and the three kinds of load errors (malformed 2, unsupported 3,
diverged 4, each naming where); garbage never crashes the loader. The pinned solo records are in
test_format_pinned.py."""

from __future__ import annotations

import json
import random

import pytest
from engine_helpers import play_random, random_input

from companion.record.format import RecordError, dumps, game_record, loads, parse
from companion.rules.engine.game import Game
from companion.rules.engine.summary import game_summary
from companion.rules.setup import Setup


def played(seed: int = 1, **kw) -> Game:
    game = Game(Setup.solo(seed=seed, **kw))
    play_random(game, random.Random(seed))
    return game


@pytest.fixture(scope="module")
def game() -> Game:
    return played(1)


def lines(game: Game) -> list[dict]:
    """The record's rows as fresh copies (the tests change them; the game's own log must stay intact)."""
    return json.loads(json.dumps([game.header(), *game.events()]))


def text_of(rows: list[dict]) -> str:
    return dumps(rows[0], rows[1:])


def error_of(text: str) -> RecordError:
    with pytest.raises(RecordError) as err:
        loads(text)
    assert "\n" not in str(err.value)
    return err.value


# ---------------------------------------------------------------------------------------- round trip


def test_header_names_the_format_and_version(game):
    h = game.header()
    assert (h["format"], h["version"]) == ("treasure-companion-record", 4)
    assert Setup.model_validate(h["setup"]) == game.setup


def test_round_trip_gives_the_same_events_and_state(game):
    text = game_record(game)
    assert text.endswith("\n") and text.count("\n") == len(game.events()) + 1
    again = loads(text)
    assert again.events() == game.events()
    assert game_summary(again) == game_summary(game)
    assert game_record(again) == text


def test_a_record_of_an_unfinished_game_loads_at_the_same_decision():
    game = Game(Setup.solo(seed=4))
    rnd = random.Random(4)
    for _ in range(40):
        game.act(random_input(game, rnd))
    again = loads(game_record(game))
    assert game_summary(again) == game_summary(game)
    assert again.decision == game.decision


def test_blank_lines_are_ignored(game):
    text = game_record(game).replace("\n", "\n\n", 3)
    assert loads(text).events() == game.events()


# ---------------------------------------------------------------------------------------- malformed: 2


@pytest.mark.parametrize(
    ("mangle", "words"),
    [
        (lambda t: "", "empty"),
        (lambda t: "not json\n" + t, "line 1 is not JSON"),
        (lambda t: t.rstrip("\n")[:-7], "is not JSON"),  # a torn last line
        (lambda t: t.replace("\n", "\n[1, 2]\n", 1), "line 2 is not a JSON object"),
    ],
)
def test_malformed_text(game, mangle, words):
    err = error_of(mangle(game_record(game)))
    assert err.code == 2 and words in str(err)


def test_torn_last_line_names_its_line(game):
    text = game_record(game).rstrip("\n")
    err = error_of(text[:-5])
    assert err.code == 2 and f"line {len(game.events()) + 1} is not JSON" in str(err)


@pytest.mark.parametrize("key", ["seq", "type"])
def test_an_event_without_seq_or_type(game, key):
    rows = lines(game)
    del rows[5][key]
    err = error_of(text_of(rows))
    assert err.code == 2 and f"line 6 has no '{key}'" in str(err)


def test_events_out_of_sequence(game):
    rows = lines(game)
    rows[3], rows[4] = rows[4], rows[3]
    err = error_of(text_of(rows))
    assert err.code == 2 and "line 4 has seq 4, expected 3" in str(err)


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda s: s.update(rounds=0), "setup.rounds"),
        (lambda s: s.update(players=[]), "setup.players"),
        (lambda s: s.update(seed="abc"), "setup.seed"),
        (lambda s: s.update(colour="teal"), "setup.colour"),
        (lambda s: s["players"][1].update(deck="blue"), "setup.players.1.deck"),
        (lambda s: s.update(starting_gold=[-1, 2, 3, 4]), "setup.starting_gold.0"),
    ],
)
def test_a_setup_that_does_not_validate(game, change, where):
    rows = lines(game)
    setup = json.loads(json.dumps(rows[0]["setup"]))
    change(setup)
    rows[0] = {**rows[0], "setup": setup}
    err = error_of(text_of(rows))
    assert err.code == 2 and str(err).startswith(f"malformed record: {where}")


def test_a_header_without_setup(game):
    rows = lines(game)
    rows[0] = {k: v for k, v in rows[0].items() if k != "setup"}
    assert error_of(text_of(rows)).code == 2


# ---------------------------------------------------------------------------------------- unsupported: 3


@pytest.mark.parametrize(
    "header",
    [
        {"format": "treasure-companion-record", "version": 5},
        {"format": "treasure-companion-record", "version": 0},
        {"format": "treasure-companion-record"},
        {"format": "something-else", "version": 1},
        {"version": 1},
    ],
)
def test_unsupported_format_or_version(game, header):
    rows = lines(game)
    rows[0] = {**header, "setup": rows[0]["setup"]}
    err = error_of(text_of(rows))
    assert err.code == 3 and str(err).startswith("unsupported record")


# ---------------------------------------------------------------------------------------- diverged: 4


def first(rows: list[dict], pred) -> int:
    return next(i for i, e in enumerate(rows) if i and pred(e))


def test_a_changed_die_value_diverges_at_that_event(game):
    rows = lines(game)
    i = first(rows, lambda e: e["type"] == "roll" and e["by"] == "app" and e["purpose"] == "aggression")
    rows[i] = {**rows[i], "value": rows[i]["value"] % 6 + 1}
    err = error_of(text_of(rows))
    assert err.code == 4 and err.seq == rows[i]["seq"] and f"seq {rows[i]['seq']}" in str(err)


def test_a_changed_table_die_changes_the_game_and_its_facts_diverge(game):
    """A die the table entered is an input: changing it is allowed, but the facts recorded after it no
    longer follow (the dragon does or does not move)."""
    rows = lines(game)
    i = first(rows, lambda e: e["type"] == "roll" and e["by"] == "table" and e["purpose"] == "aggression")
    value = rows[i]["value"]
    rows[i] = {**rows[i], "value": 1 if value >= 3 else 6}
    err = error_of(text_of(rows))
    assert err.code == 4 and err.seq == rows[i]["seq"] + 1


def test_a_changed_card_diverges_at_that_draw(game):
    rows = lines(game)
    i = first(rows, lambda e: e["type"] == "automa_draw" and e["purpose"] == "place")
    other = "R01" if rows[i]["card"] != "R01" else "R02"
    rows[i] = {**rows[i], "card": other}
    err = error_of(text_of(rows))
    assert err.code == 4 and err.seq == rows[i]["seq"]


def test_a_changed_shuffle_diverges_in_the_setup_step(game):
    rows = lines(game)
    i = first(rows, lambda e: e["type"] == "automa_shuffle")
    rows[i] = {**rows[i], "order": list(reversed(rows[i]["order"]))}
    err = error_of(text_of(rows))
    assert err.code == 4 and err.seq == rows[i]["seq"] == 1


def test_an_illegal_placement_diverges_at_that_input(game):
    rows = lines(game)
    # the second human placement of the game goes onto the space the first one took: the player's own dwarf
    places = [i for i, e in enumerate(rows) if i and e["type"] == "place" and e.get("input")]
    i, j = places[0], places[1]
    assert rows[i]["color"] == rows[j]["color"] == "blue"
    rows[j] = {**rows[j], "space": rows[i]["space"]}
    err = error_of(text_of(rows))
    assert err.code == 4 and err.seq == rows[j]["seq"]
    assert "place is not allowed here" in str(err)


def test_an_input_that_is_not_possible_at_that_point(game):
    rows = lines(game)
    i = first(rows, lambda e: e["type"] == "place" and e.get("input"))
    rows[i] = {"seq": rows[i]["seq"], "step": rows[i]["step"], "type": "game_end",
               "scores": {"blue": 1, "red": 2, "green": 3}, "input": True}
    err = error_of(text_of(rows))
    assert err.code == 4 and err.seq == rows[i]["seq"]


def test_an_extra_event_at_the_end(game):
    rows = lines(game)
    extra = dict(rows[-1], seq=rows[-1]["seq"] + 1)
    err = error_of(text_of([*rows, extra]))
    assert err.code == 4 and err.seq == extra["seq"]


def test_an_extra_fact_inside_a_step(game):
    rows = lines(game)
    i = first(rows, lambda e: e["type"] == "dragon")
    extra = dict(rows[i])
    rows.insert(i + 1, extra)
    for k in range(i + 1, len(rows)):
        rows[k] = {**rows[k], "seq": k}
    err = error_of(text_of(rows))
    assert err.code == 4 and err.seq == i + 1


def test_a_missing_fact_inside_a_step(game):
    rows = lines(game)
    i = first(rows, lambda e: e["type"] == "gain" and e["reason"] != "starting gold")
    del rows[i]
    for k in range(i, len(rows)):
        rows[k] = {**rows[k], "seq": k}
    err = error_of(text_of(rows))
    assert err.code == 4 and err.seq == i


def test_a_record_that_stops_in_the_middle_of_a_step(game):
    rows = lines(game)
    cut = first(rows, lambda e: e["type"] == "round_end")
    err = error_of(text_of(rows[:cut]))
    assert err.code == 4 and err.seq == cut  # the first event the rules still produce


def test_a_record_that_stops_between_steps_is_a_game_in_progress(game):
    rows = lines(game)
    n = sum(len(s) for s in game.steps[:30])
    again = loads(text_of(rows[: n + 1]))
    assert len(again.steps) == 30 and again.events() == game.events()[:n]


def test_parse_checks_form_only(game):
    header, evs = parse(game_record(game))
    assert header == game.header() and evs == game.events()


# ---------------------------------------------------------------------------------------- garbage never crashes


ODD = [None, 0, -1, 7, 3, "x", "blue", [], [1], ["ruby", "ruby"], {}, {"a": 1}, {"kind": "gem"}, True, 2.5]


@pytest.mark.parametrize("seed", range(25))
def test_a_mangled_input_event_is_an_error_not_a_crash(game, seed):
    """Any field of any input replaced by a value of another type: loading raises RecordError, never another
    exception (the replay command then prints one line)."""
    rnd = random.Random(seed)
    rows = lines(game)
    inputs = [i for i, e in enumerate(rows) if i and e.get("input")]
    for _ in range(12):
        i = rnd.choice(inputs)
        event = json.loads(json.dumps(rows[i]))
        key = rnd.choice([k for k in event if k not in ("seq", "step", "input")])
        if isinstance(event[key], dict) and event[key] and rnd.random() < 0.6:
            sub = rnd.choice(list(event[key]))
            event[key][sub] = rnd.choice(ODD)
        else:
            event[key] = rnd.choice(ODD)
        mangled = [*rows[:i], event, *rows[i + 1:]]
        try:
            loads(text_of(mangled))
        except RecordError as err:
            assert err.code in (2, 4)
