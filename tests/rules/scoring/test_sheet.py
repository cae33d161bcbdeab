"""The score sheet: a sheet scored by hand, and every malformed sheet refused in one line that names the field.

End-game scoring's other tests are in the other modules of tests/rules/scoring, their shared helpers in
scoring_helpers.py.
"""

from __future__ import annotations

import copy
import json

import pytest

from companion.rules.scoring import SheetError, parse_sheet, score, set_points
from tests.rules.scoring.scoring_helpers import by_color

# --- the sheet ---------------------------------------------------------------------------------------------

ISSUE_SHEET = {
    "expansion": True,
    "final_turn_order": ["blue", "red", "green"],
    "players": [
        {"color": "blue", "kind": "human", "track": 57, "starting_tile": "sapphire",
         "mine_tiles": {"ruby": 1, "emerald": 0, "sapphire": 3, "diamond": 2, "mana": 1, "special": 2},
         "gold": 11, "mined_gems": 9, "gems_in_mine": 7},
        {"color": "red", "kind": "automa", "difficulty": "hard", "track": 40, "mine_tiles": 12,
         "gem_mine_tiles": 11, "gold": 15, "mined_gems": 18},
        {"color": "green", "kind": "automa", "difficulty": "punishing", "track": 10, "mine_tiles": 5,
         "gem_mine_tiles": 3, "gold": 4, "mined_gems": 6},
    ],
}  # fmt: skip


def test_issue_sheet_by_hand():
    result = score(parse_sheet(json.dumps(ISSUE_SHEET)))
    blue, red, green = (by_color(result)[c] for c in ("blue", "red", "green"))
    two = set_points(2)[0]
    # blue: sapphire 2+3 = 5 tiles -> 10, ruby 1 -> 0, diamond 2, special 2, mana 1 -> 0
    assert blue.breakdown.mine_tiles == 10 + 0 + two + two + 0
    assert (blue.breakdown.gold, blue.breakdown.mined_gems, blue.breakdown.gems_in_mine) == (22, 9, 4)
    assert blue.estimates_used == ["set chart: 2 tiles"]
    assert red.total == 40 + 3 * 12 + 3 * 15 + 18 + 11
    assert green.total == 10 + 4 * 5 + 3 * 4 + 6 + 2 * 3
    assert result.solo is not None


def mutate(path, value):
    data = copy.deepcopy(ISSUE_SHEET)
    target = data
    for key in path[:-1]:
        target = target[key]
    if value is DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return json.dumps(data)


DELETE = object()

BAD_SHEETS = [
    (("players", 0, "gold"), -1, "players[0].gold: must be >= 0"),
    (("players", 1, "gold"), -1, "players[1].gold: must be >= 0"),
    (("players", 0, "mine_tiles", "ruby"), -2, "players[0].mine_tiles.ruby: must be >= 0"),
    (("players", 0, "mine_tiles", "topaz"), 1, "players[0].mine_tiles.topaz: unknown field"),
    (("players", 0, "color"), "purple", "players[0].color: colour 'purple' is not one of red, yellow, green, blue"),
    (("players", 1, "difficulty"), "brutal", "players[1].difficulty: difficulty 'brutal' is not one of easy, hard,"),
    (("players", 1, "kind"), "robot", "players[1].kind: must be"),
    (("players", 1, "kind"), DELETE, "players[1].kind: missing"),
    (("players", 2, "gold"), DELETE, "players[2].gold: missing"),
    (("players", 0, "mine_tiles"), DELETE, "players[0].mine_tiles: missing"),
    (("expansion",), DELETE, "expansion: missing"),
    (("final_turn_order",), DELETE, "final_turn_order: missing"),
    (("expansion",), False, "players[0].mine_tiles.mana: purple mana tiles need the expansion"),
    (("players", 2, "color"), "blue", "players[2].color: blue appears twice"),
    (("final_turn_order",), ["blue", "red"], "final_turn_order: must list exactly the players' colours"),
    (("final_turn_order",), ["blue", "red", "red"], "final_turn_order: must list exactly"),
    (("final_turn_order",), ["blue", "red", "yellow"], "final_turn_order: must list exactly"),
    (("players", 1, "gem_mine_tiles"), 13, "players[1].gem_mine_tiles: must be <= mine_tiles"),
    (("players", 1, "gold"), "3", "players[1].gold: must be a whole number"),
    (("players", 1, "gold"), 2.5, "players[1].gold: must be a whole number"),
    (("players", 1, "gold"), True, "players[1].gold: must be a whole number"),
    (("players", 1, "gold"), 10**6, "players[1].gold: must be <= 999"),
    (("players", 0, "starting_tile"), "mana", "players[0].starting_tile: gem 'mana' is not one of ruby, emerald,"),
    (("players", 0, "track"), "57", "players[0].track: must be a whole number"),
    (("players", 0, "difficulty"), "easy", "players[0].difficulty: unknown field"),
    (("expansion",), "yes", "expansion: must be true or false"),
    (("players",), [], "players: must list 1 to 4 players"),
    (("players",), ISSUE_SHEET["players"] * 2, "players: must list 1 to 4 players"),
    (("players", 0), 7, "players[0]: must be an object"),
    (("colour",), "red", "colour: unknown field"),
]


@pytest.mark.parametrize(("path", "value", "message"), BAD_SHEETS, ids=[m for *_, m in BAD_SHEETS])
def test_bad_sheet_names_the_field_in_one_line(path, value, message):
    with pytest.raises(SheetError) as info:
        parse_sheet(mutate(path, value))
    text = str(info.value)
    assert text.startswith(message)
    assert "\n" not in text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not JSON"),
        ("{", "not JSON"),
        ("NaN", "not JSON"),
        ("[" * 100_000, "not JSON"),
        ("1" * 5000, "not JSON"),
        ("[]", "sheet: must be an object"),
        ("null", "sheet: must be an object"),
        ('{"expansion": true, "expansion": false}', "expansion: given twice"),
    ],
)
def test_unreadable_sheet(text, message):
    with pytest.raises(SheetError, match="^" + message) as info:
        parse_sheet(text)
    assert "\n" not in str(info.value)


def test_several_problems_report_the_first_and_count_the_rest():
    data = copy.deepcopy(ISSUE_SHEET)
    data["players"][0]["gold"] = -1
    data["players"][1]["gold"] = -1
    with pytest.raises(SheetError, match=r"^players\[0\]\.gold: must be >= 0 \(and 1 more\)$"):
        parse_sheet(json.dumps(data))


def test_base_game_without_mana_is_fine():
    data = copy.deepcopy(ISSUE_SHEET)
    data["expansion"] = False
    del data["players"][0]["mine_tiles"]["mana"]
    result = score(parse_sheet(json.dumps(data)))
    assert all(s.tile != "mana" for p in result.players for s in p.mine_tile_sets)
