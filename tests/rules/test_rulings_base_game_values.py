"""Ruling (c) made whole (issue 30): a base game refuses every value only the expansion has, in one line naming
it, wherever it comes from: an input to the engine (a correction, an answer, a placement, a fight, the final
sheet), a score sheet, a record, the command line. Mana exists only with Caverns of Gandûm (CoG, "New Gem
Type"), as do its spells, its spaces and the Spell Chamber. One check does it all: ``companion.rules.editions``.
Rules version 3; a version 2 game let mana through, and its records still replay.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from engine_helpers import place

from companion.record.format import RecordError, game_record, loads
from companion.rules.editions import expansion_parts, refusal
from companion.rules.engine.game import Game, IllegalInput
from companion.rules.engine.summary import game_summary
from companion.rules.scoring import SheetError, parse_sheet
from companion.rules.setup import Setup
from tests.rules.rulings_helpers import two_humans

ROOT = Path(__file__).resolve().parents[2]


def solo(expansion: bool, version: int | None = None) -> Game:
    setup = Setup.solo(seed=3, expansion=expansion)
    game = Game(setup) if version is None else Game(setup, version=version)
    game.act({"type": "starting_rolls", "rolls": {"blue": 4}})
    return game


MANA_CORRECTION = {"type": "correction", "target": "gems", "color": "red", "gem": "mana", "value": 2}


@pytest.mark.parametrize(("inp", "named"), [
    (MANA_CORRECTION, "gem: mana comes with"),
    ({"type": "place", "space": "mana_cave"}, "space: Mana Cave comes with"),
    ({"type": "place", "space": "wizards_cave"}, "space: Wizard's Cave comes with"),
    ({"type": "spell", "color": "blue", "spell": "charm"}, "spell: Charm comes with"),
    ({"type": "special_tile", "color": "blue", "tile": "spell_chamber"}, "tile: Spell Chamber comes with"),
    ({"type": "place", "golem": True, "color": "blue", "space": "scout"}, "golem: the golem comes with"),
    ({"type": "game_end", "scores": {"blue": 1, "red": 1, "green": 1},
      "sheet": {"expansion": False, "players": [{"mine_tiles": {"mana": 1}}]}}, "mine_tiles.mana: mana comes"),
])
def test_a_base_game_refuses_each_expansion_value_in_one_line_naming_it(inp, named):
    game = solo(expansion=False)
    before = game_summary(game)
    with pytest.raises(IllegalInput) as err:
        game.act(inp)
    message = str(err.value)
    assert named in message and message.endswith("Caverns of Gandûm: this game is the base game")
    assert "\n" not in message and game_summary(game) == before


def test_an_expansion_game_takes_the_mana_correction():
    game = solo(expansion=True)
    game.act(MANA_CORRECTION)
    assert game.state.stash["red"].gems["mana"] == 2


def test_a_version_2_base_game_still_takes_it_so_its_records_replay():
    game = solo(expansion=False, version=2)
    game.act(MANA_CORRECTION)
    text = game_record(game)
    assert game_record(loads(text)) == text


def test_the_shared_check_names_nothing_in_a_base_games_own_values():
    """A base game's values: gems with no mana (a count of 0 is no mana), its spaces, a sheet's zero mana tiles,
    free text that mentions the expansion (a reason, a name)."""
    assert expansion_parts({"gems": {"ruby": 2, "mana": 0}, "space": "mine", "reason": "spell mind_control",
                            "sheet": {"expansion": False, "players": [{"mine_tiles": {"mana": 0}}]}}) == []
    parts = expansion_parts({"players": {"blue": {"spells": ["ice_storm"]}}, "value": ["ruby", "mana"]})
    assert refusal(parts) == ("players.blue.spells: Ice Storm and mana come with Caverns of Gandûm: this game is "
                              "the base game")


def test_a_base_score_sheet_refuses_mana_tiles():
    text = ('{"expansion": false, "final_turn_order": ["red"], "players": [{"color": "red", "kind": "human", '
            '"track": 0, "mine_tiles": {"mana": 2}, "gold": 0, "mined_gems": 0, "gems_in_mine": 0}]}')
    with pytest.raises(SheetError, match=r"^players\[0\]\.mine_tiles\.mana: purple mana tiles need the expansion$"):
        parse_sheet(text)


def base_record_with_mana() -> str:
    """A version 3 base game's record, its correction relabelled to mana (as a hand edit or an old app would)."""
    game = solo(expansion=False)
    game.act({"type": "correction", "target": "gems", "color": "red", "gem": "ruby", "value": 2})
    text = game_record(game)
    assert '"gem":"ruby"' in text
    return text.replace('"gem":"ruby"', '"gem":"mana"')


def test_a_base_record_holding_mana_is_refused_naming_the_line():
    text = base_record_with_mana()
    with pytest.raises(RecordError) as err:
        loads(text)
    line = next(i for i, ln in enumerate(text.splitlines(), start=1) if '"gem":"mana"' in ln)
    assert err.value.code == 2
    assert str(err.value) == (f"malformed record: line {line}: gem: mana comes with Caverns of Gandûm: this game "
                              "is the base game")


@pytest.mark.parametrize("command", ["replay", "log", "import"])
def test_the_command_line_refuses_it_in_one_line(tmp_path, command):
    record = tmp_path / "game.jsonl"
    record.write_text(base_record_with_mana(), encoding="utf-8")
    args = [command, str(record)] + (["--data-dir", str(tmp_path / "data")] if command == "import" else [])
    done = subprocess.run([sys.executable, "-m", "companion", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 2, done.stderr
    assert len(done.stderr.splitlines()) == 1 and "mana comes with Caverns of Gandûm" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_base_game_fight_refuses_frost_bolt_naming_where():
    game = two_humans(expansion=False)
    place(game, "forge")
    with pytest.raises(IllegalInput, match=r"^players\.blue\.spells: Frost Bolt comes with"):
        game.act({"type": "attack_input", "tile": {"strength": 4, "treasure": "gold", "points": 5},
                  "players": {"blue": {"die": 3, "spells": ["frost_bolt"]}}})
