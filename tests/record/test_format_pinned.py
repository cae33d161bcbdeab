"""The pinned solo records that fix the engine's behaviour: version 1 (it still replays under version 1's rules,
and its inputs still give it byte for byte, down to the final state worked out by hand) and version 2 (the rules
audit)."""

from __future__ import annotations

import json
from pathlib import Path

from engine_helpers import events

from companion.record import format as record
from companion.record.format import game_record, loads, parse
from companion.rules.engine.game import Game
from companion.rules.engine.summary import game_summary
from companion.rules.setup import Setup

PINNED = Path(__file__).resolve().parents[1] / "data" / "pinned_solo_v1.jsonl"
PINNED_V2 = Path(__file__).resolve().parents[1] / "data" / "pinned_solo_v2.jsonl"


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
        return {"type": "place", "space": next(s for s in PREFERENCES if d.spaces[s] is None)}
    if d.kind == "roll":
        return {"type": "proceed"} if n % 2 else {"type": "roll", "value": 1 + n % 6}
    if d.kind == "question":
        return {"type": "answer", "value": {
            "gems": ["ruby", "sapphire"], "dwarf_king": 3, "gem_market": 1,
            "tunnel": {"kind": "gem", "gem": "emerald", "gems": 2}, "wizards_cave": "mind_control",
        }[d.question]}
    if d.kind == "attack":
        return {"type": "attack_input",
                "tile": {"strength": 6, "treasure": "gold" if n % 2 else "gems", "points": 7},
                "players": {"blue": {"die": 3, "axes": 2}},
                "automa_axes": {c: k + (1 if k else 0) for c, k in d.axes.items()}}
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
    if d.kind == "keep_roll" and d.purpose == "attack":
        if d.temple:
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
    assert record.VERSION == 4 and record.SUPPORTED_VERSIONS == (1, 2, 3, 4)
