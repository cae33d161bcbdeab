"""The game record (JSON Lines): round trips, the three kinds of load errors (malformed 2, unsupported 3,
diverged 4, each naming where), and the pinned solo records that fix the engine's behaviour: version 1 (it still
replays under version 1's rules) and version 2 (the rules audit)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from engine_helpers import events, play_random, random_input

from companion.record import format as record
from companion.record.format import RecordError, dumps, game_record, loads, parse
from companion.rules.engine.game import Game
from companion.rules.engine.summary import game_summary
from companion.rules.setup import Setup

PINNED = Path(__file__).resolve().parents[1] / "data" / "pinned_solo_v1.jsonl"
PINNED_V2 = Path(__file__).resolve().parents[1] / "data" / "pinned_solo_v2.jsonl"


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
    assert (h["format"], h["version"]) == ("treasure-companion-record", 2)
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
        {"format": "treasure-companion-record", "version": 3},
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


# ---------------------------------------------------------------------------------------- the pinned record

# The pinned record is one whole solo game (expansion, Hard, seed 20240601) played by pinned_game() below. It
# pins the engine: if a rules change makes these inputs give other facts, this test fails, and the record
# format's version must be bumped (companion/record/format.py VERSION) with a new pinned record beside this one.

PREFERENCES = ["treasure_hoard", "mine", "dwarf_king", "tavern_1", "gem_market", "supply_wagon", "tunnel",
               "wizards_cave", "scout", "forge", "temple", "excavate", "trading_post", "tavern_2", "tavern_3",
               "tavern_4", "mana_cave", "tribute"]


def pinned_input(game: Game, n: int) -> dict:
    """The fixed input of the pinned game's ``n``-th step."""
    d = game.decision
    if d.kind == "starting_rolls":
        return {"type": "starting_rolls", "rolls": {"blue": 4}}
    if d.kind == "place":
        if game.state.round == 3 and not game.state.special_tiles["blue"]:
            return {"type": "special_tile", "color": "blue", "tile": "dragon_song"}
        return {"type": "place", "space": next(s for s in PREFERENCES if d.details["spaces"][s] is None)}
    if d.kind == "roll":
        return {"type": "proceed"} if n % 2 else {"type": "roll", "value": 1 + n % 6}
    if d.kind == "question":
        return {"type": "answer", "value": {
            "gems": ["ruby", "sapphire"], "dwarf_king": 3, "gem_market": 1,
            "tunnel": {"kind": "gem", "gem": "emerald", "gems": 2}, "wizards_cave": "mind_control",
        }[d.details["question"]]}
    if d.kind == "attack":
        return {"type": "attack_input",
                "tile": {"strength": 6, "treasure": "gold" if n % 2 else "gems", "points": 7},
                "players": {"blue": {"die": 3, "axes": 2}},
                "automa_axes": {c: k + (1 if k else 0) for c, k in d.details["axes"].items()}}
    if d.kind == "final_scores":
        return {"type": "game_end", "scores": {"blue": 120, "red": 95, "green": 88}}
    return {"type": "proceed"}


def pinned_input_v2(game: Game, n: int) -> dict:
    """Version 2's pinned inputs: version 1's, but blue leaves its fight die to the app, re-rolls it with the
    Temple when it may and else casts Time Warp on it once, and casts Time Warp on its first open dragon roll."""
    d, s = game.decision, game.state
    last = game.steps[-1][0] if game.steps[-1] else {}
    just_warped = last.get("type") == "spell" and last.get("spell") == "time_warp"
    warps = sum(1 for e in game.events() if e["type"] == "spell" and e["spell"] == "time_warp")
    if s.last_die is not None and s.last_die["color"] == "blue" and warps == 0:
        warp = {"type": "spell", "color": "blue", "spell": "time_warp"}
        return warp if s.last_die["by"] == "app" else {**warp, "value": 1 + n % 6}
    if d.kind == "keep_roll" and d.details["purpose"] == "attack":
        if d.details["temple"]:
            return {"type": "reroll"}
        if not just_warped:
            return {"type": "spell", "color": "blue", "spell": "time_warp"}
        return {"type": "proceed"}
    inp = pinned_input(game, n)
    if inp["type"] == "attack_input":
        inp["players"] = {"blue": {"axes": 2}}
    return inp


def pinned_game(version: int = 2) -> Game:
    game = Game(Setup.solo(seed=20240601, difficulty="hard"), version=version)
    choose = pinned_input if version == 1 else pinned_input_v2
    n = 0
    while not game.finished:
        n += 1
        game.act(choose(game, n))
    return game


def test_the_pinned_record_replays():
    game = loads(PINNED.read_text(encoding="utf-8"))
    assert game.finished and game.version == 1


def test_the_pinned_inputs_still_give_the_pinned_record():
    """Version 1's rules are kept for version 1 games: the same inputs give the same record, byte for byte."""
    assert game_record(pinned_game(version=1)) == PINNED.read_text(encoding="utf-8")


def test_the_pinned_version_2_record_replays_and_its_inputs_give_it():
    text = PINNED_V2.read_text(encoding="utf-8")
    game = loads(text)
    assert game.finished and game.version == 2
    assert game_record(pinned_game()) == text
    evs = game.events()
    # it pins what version 2 changed: a Time Warp on a dragon roll and on a fight die, the fight die shown first
    warps = [e for e in evs if e["type"] == "spell" and e["spell"] == "time_warp"]
    assert len(warps) >= 2
    assert any(e["type"] == "roll" and e["purpose"] == "attack" and e.get("reroll") for e in evs)
    assert any(e["type"] == "roll_kept" for e in evs)


def recount(evs: list[dict]) -> dict:
    """The automa's stash and the dragon worked out from the record's events alone (not by the engine)."""
    stash = {c: {"gold": 0, "gems": {}, "tiles": 0, "points": 0} for c in ("red", "green")}
    dragon = 0
    for e in evs:
        t, c = e["type"], e.get("color")
        if t == "gain":
            stash[c]["gold"] += e.get("gold", 0)
            for g, n in e.get("gems", {}).items():
                stash[c]["gems"][g] = stash[c]["gems"].get(g, 0) + n
            stash[c]["tiles"] += 1 if "tile" in e else 0
        elif t == "loss":
            stash[c]["gold"] -= e.get("gold", 0)
            for g, n in e.get("gems", {}).items():
                stash[c]["gems"][g] -= n
        elif t == "score" and c in stash:
            stash[c]["points"] += e["points"]
        elif t == "dragon":
            dragon = e["position"]
    for s in stash.values():
        s["gems"] = {g: n for g, n in sorted(s["gems"].items()) if n}
    return {"stash": stash, "dragon": dragon}


# Worked out once from the pinned events and checked by hand, event by event:
# - gold: red starts 3rd (4 gold) and takes 2 at the Treasure Hoard x5 and the Gem Market bonus x2, plus 11 coins
#   from contracts = 31; green starts 1st (2 gold), 2 Gem Market bonuses, 11 coins = 17. No gold dragon.
# - gems: the first attack (round 3, strength 6 for gems) beats green (defence 1 + 3 = 4) holding 14 gems: it
#   loses 7 (emerald 4, mana 2, ruby 1); the second (round 5) beats red (2 + 3 = 5) holding emerald 10, mana 4:
#   it loses 7 emerald. Left: red emerald 3, mana 4; green ruby 3, sapphire 4, emerald 6, mana 6.
# - tiles: five Tunnel all-plays, each a two-emerald tile for both automa.
# - points: Dwarf King 3 per all-play and 2 per claim, Mind Control 9 per Wizard's Cave, a 7-point tile each:
#   red 66, green 66.
# - dragon: back to 0 after the round-5 attack; turn order after round 5: blue (tavern 1), then green, red.
PINNED_FINAL = {
    "dragon": 0,
    "stash": {
        "red": {"gold": 31, "gems": {"emerald": 3, "mana": 4}, "tiles": 5, "points": 66},
        "green": {"gold": 17, "gems": {"emerald": 6, "mana": 6, "ruby": 3, "sapphire": 4}, "tiles": 5,
                  "points": 66},
    },
    "turn_order": ["blue", "green", "red"],
}


def test_the_pinned_final_state():
    text = PINNED.read_text(encoding="utf-8")
    game = loads(text)
    _, evs = parse(text)
    counted = recount(evs)
    summary = game_summary(game)
    assert counted["dragon"] == summary["dragon"] == PINNED_FINAL["dragon"]
    assert counted["stash"] == PINNED_FINAL["stash"]
    for color, s in counted["stash"].items():
        a = summary["automa"][color]
        assert a["gold"] == s["gold"]
        assert {g: n for g, n in a["gems"].items() if n} == s["gems"]
        assert len(a["tiles"]) == s["tiles"]
        assert summary["points"][color] == s["points"]
    assert summary["turn_order"] == PINNED_FINAL["turn_order"]
    assert summary["final_scores"] == {"blue": 120, "red": 95, "green": 88}
    assert [e["round"] for e in events([evs], "round_start")] == [1, 2, 3, 4, 5]
    assert json.loads(text.splitlines()[0])["version"] == 1 and game.version == 1
    assert record.VERSION == 2 and record.SUPPORTED_VERSIONS == (1, 2)
