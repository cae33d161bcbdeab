"""A score sheet's problem is a code, a path and fields (``SheetError``), not a sentence: the command line and
the score screen word the same problem each their own way (``companion.rules.words.sheet``)."""

from __future__ import annotations

import json

import pytest

from companion.rules.scoring.sheet import SheetError, parse_sheet

SHEET = {"expansion": False, "final_turn_order": ["blue", "red"], "players": [
    {"kind": "human", "color": "blue", "track": 3, "mine_tiles": {"ruby": 1}, "gold": 2, "mined_gems": 1,
     "gems_in_mine": 0},
    {"kind": "automa", "color": "red", "difficulty": "hard", "track": 1, "mine_tiles": 2, "gem_mine_tiles": 1,
     "gold": 0, "mined_gems": 0}]}


def _problem(change) -> SheetError:
    sheet = json.loads(json.dumps(SHEET))
    change(sheet)
    with pytest.raises(SheetError) as caught:
        parse_sheet(json.dumps(sheet))
    return caught.value


def test_a_bound_is_a_code_with_its_limit():
    err = _problem(lambda s: s["players"][0].update(gold=-1))
    assert (err.code, err.path, err.fields, err.more) == ("at_least", ("players", 0, "gold"), {"low": 0}, 0)


def test_a_rule_of_the_sheet_lands_on_its_field():
    err = _problem(lambda s: s["players"][0]["mine_tiles"].update(mana=1))
    assert (err.code, err.path, err.fields) == ("needs_expansion", ("players", 0, "mine_tiles", "mana"),
                                                {"what": "mana"})
    order = _problem(lambda s: s.update(final_turn_order=["blue", "blue"]))
    assert order.code == "turn_order" and order.fields == {"missing": ["red"], "not_playing": [], "twice": ["blue"]}


def test_the_players_union_tag_is_not_part_of_the_path():
    err = _problem(lambda s: s["players"][1].update(mine_tiles=-1, gold=-2))
    assert (err.code, err.path, err.more) == ("at_least", ("players", 1, "mine_tiles"), 1)
    assert str(err) == "players[1].mine_tiles: must be >= 0 (and 1 more)"


def test_a_text_that_is_not_json_is_a_problem_of_the_whole_text():
    with pytest.raises(SheetError) as caught:
        parse_sheet("[1,")
    assert (caught.value.code, caught.value.path) == ("not_json", ())
    assert str(caught.value) == "not JSON: Expecting value (line 1, column 4)"
