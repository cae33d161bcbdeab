"""Each typed problem a file can have reaches the command line as ONE line naming what is wrong: a deck
(``decks check``), a score sheet (``score``) and a record that diverges (``replay``, ``import``), each kind
of problem once. The words come from ``companion.rules.words``; these tests hold the line's shape and what it
names, so a new wording cannot drop the card, the field or the event."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from engine_helpers import play_random

from companion.cli.main import main
from companion.rules.engine.game import Game
from companion.rules.setup import Setup

CARD = ('[[cards]]\nid = "G01"\nprimary = "mine"\nsecondary = "tunnel"\ntertiary = "scout"\naxes = 1\n'
        'all_play = { dwarf_king = 1, gem_market = "ruby", tunnel = 1, wizards_cave = 2 }\n')
GOOD_DECK = 'deck = "green"\n' + CARD


def one_line(capsys, argv: list[str], code: int) -> str:
    """The command's stderr, checked to be one line (and no traceback) after the command exits ``code``."""
    assert main(argv) == code
    out, err = capsys.readouterr()
    assert out == "" and err.endswith("\n") and err.count("\n") == 1 and "Traceback" not in err, err
    return err


DECKS = [
    ("unknown space", GOOD_DECK.replace('"tunnel"', '"pub"', 1), "card G01: secondary: unknown action space 'pub'"),
    ("same space", GOOD_DECK.replace('"tunnel"', '"mine"', 1), "card G01: secondary: same space as primary"),
    ("duplicate id", GOOD_DECK + CARD, "card G01: id: duplicate card id (card #1 has it too)"),
    ("over a bound", GOOD_DECK.replace("axes = 1", "axes = 9"), "card G01: axes: "),
    ("not a choice", GOOD_DECK.replace('"ruby"', '"opal"'), "card G01: all_play.gem_market: "),
    ("unknown field", GOOD_DECK + "colour = 1\n", "card G01: colour: not a field of the format"),
    ("no card id", GOOD_DECK.replace('"G01"', "7"), "card #1: id: "),
    ("no cards", 'deck = "green"\ncards = []\n', "cards: a deck needs at least one card"),
    ("too deep", "a" + ".a" * 20 + " = 1\n", "line 1: a key nested more than 8 levels deep"),
    ("not TOML", "x = \n", "not valid TOML: "),
]


@pytest.mark.parametrize(("text", "names"), [c[1:] for c in DECKS], ids=[c[0] for c in DECKS])
def test_a_bad_deck_is_one_line_naming_the_card_and_the_field(capsys, tmp_path, text, names):
    path = tmp_path / "deck.toml"
    path.write_text(text, encoding="utf-8")
    err = one_line(capsys, ["decks", "check", str(path)], 2)
    assert f"{path}: {names}" in err


def test_a_deck_that_is_not_text_is_one_line(capsys, tmp_path):
    path = tmp_path / "deck.toml"
    path.write_bytes(b"\xff\xfe")
    assert "not UTF-8 text" in one_line(capsys, ["decks", "check", str(path)], 2)


SHEET = {"expansion": False, "final_turn_order": ["blue", "red"], "players": [
    {"kind": "human", "color": "blue", "track": 3, "mine_tiles": {"ruby": 1}, "gold": 2, "mined_gems": 1,
     "gems_in_mine": 0},
    {"kind": "automa", "color": "red", "difficulty": "hard", "track": 1, "mine_tiles": 2, "gem_mine_tiles": 1,
     "gold": 0, "mined_gems": 0}]}


def _sheet(change: Callable[[dict], object]) -> dict:
    sheet = json.loads(json.dumps(SHEET))
    change(sheet)
    return sheet


SHEETS = [
    ("under a bound", _sheet(lambda s: s["players"][0].update(gold=-1)), "players[0].gold: must be >= 0"),
    ("over a bound", _sheet(lambda s: s["players"][1].update(track=1000)), "players[1].track: must be <= 999"),
    ("gem tiles", _sheet(lambda s: s["players"][1].update(gem_mine_tiles=3)), "players[1].gem_mine_tiles: "),
    ("colour twice", _sheet(lambda s: s["players"][1].update(color="blue")), "players[1].color: blue appears"),
    ("expansion", _sheet(lambda s: s["players"][0]["mine_tiles"].update(mana=1)),
     "players[0].mine_tiles.mana: purple mana tiles need the expansion"),
    ("turn order", _sheet(lambda s: s.update(final_turn_order=["blue"])), "final_turn_order: must list exactly"),
    ("no kind", _sheet(lambda s: s["players"][0].pop("kind")), "players[0].kind: missing (human or automa)"),
    ("given twice", '{"expansion": false, "expansion": true}', "expansion: given twice"),
    ("not JSON", "{", "not JSON: "),
]


@pytest.mark.parametrize(("sheet", "names"), [c[1:] for c in SHEETS], ids=[c[0] for c in SHEETS])
def test_a_bad_score_sheet_is_one_line_naming_the_field(capsys, tmp_path, sheet, names):
    path = tmp_path / "sheet.json"
    path.write_text(sheet if isinstance(sheet, str) else json.dumps(sheet), encoding="utf-8")
    assert one_line(capsys, ["score", str(path)], 2).startswith(f"error: {names}")


@pytest.fixture(scope="module")
def rows() -> list[dict]:
    g = Game(Setup.solo(seed=8))
    play_random(g, random.Random(8))
    return json.loads(json.dumps([g.header(), *g.events()]))


def _differs(r: list[dict]) -> int:
    i = next(i for i, e in enumerate(r) if i and e["type"] == "roll" and e["by"] == "app")
    r[i]["value"] = r[i]["value"] % 6 + 1
    return r[i]["seq"]


def _refused(r: list[dict]) -> int:
    i = next(i for i, e in enumerate(r) if i and e["type"] == "attack_input")
    r[i]["tile"] = 7
    return r[i]["seq"]


def _ends_early(r: list[dict]) -> int:
    r.pop()  # the game's end, a step of its own
    assert r[-1]["step"] == r[-2]["step"]  # the round's last step makes more than one event: cut its last
    return r.pop()["seq"]


def _extra(r: list[dict]) -> int:
    """An event after the game's end: a step the rules refuse (a record is read a step at a time, so an
    event after the last step starts a step of its own)."""
    r.append({**r[-2], "seq": r[-1]["seq"] + 1, "step": r[-1]["step"] + 1})
    return r[-1]["seq"]


DIVERGED = [
    ("differs", _differs, '"roll" event, field "value": the record has '),
    ("refused", _refused, "attack_input is not allowed here: "),
    ("ends early", _ends_early, "the record ends where the rules still produce a "),
    ("extra event", _extra, "turn_order is not allowed here: "),
]


@pytest.mark.parametrize("command", ["replay", "import"])
@pytest.mark.parametrize(("spoil", "says"), [c[1:] for c in DIVERGED], ids=[c[0] for c in DIVERGED])
def test_a_record_that_diverges_is_one_line_naming_the_event(capsys, tmp_path, rows, command, spoil, says):
    spoilt = json.loads(json.dumps(rows))
    seq = spoil(spoilt)
    path = Path(tmp_path / "game.jsonl")
    path.write_text("".join(json.dumps(r) + "\n" for r in spoilt), encoding="utf-8")
    extra = ["--data-dir", str(tmp_path / "data")] if command == "import" else []
    err = one_line(capsys, [command, str(path), *extra], 4)
    assert f"diverged at event seq {seq}: {says}" in err
