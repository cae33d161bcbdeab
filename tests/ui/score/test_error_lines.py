"""What the score screen says is wrong with the sheet: the player by their line's label and the field by its
label on the sheet, from the sheet's typed problem (``SheetError``: a code, a path, fields)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from companion.rules.scoring.sheet import ScoreSheet, SheetError, sheet_error
from companion.ui.score.result import error_line
from companion.ui.score.seats import SheetSeat

SEATS = [SheetSeat("blue", name="Ann"), SheetSeat("red", kind="automa")]
TILES = {"ruby": 0, "emerald": 0, "sapphire": 0, "diamond": 0, "special": 0}


def _human(**changes) -> dict:
    return {"kind": "human", "color": "blue", "track": 0, "starting_tile": "sapphire", "mine_tiles": dict(TILES),
            "gold": 0, "mined_gems": 0, "gems_in_mine": 0, **changes}


def _automa(**changes) -> dict:
    return {"kind": "automa", "color": "red", "difficulty": "hard", "track": 0, "mine_tiles": 0,
            "gem_mine_tiles": 0, "gold": 0, "mined_gems": 0, **changes}


def _problem(players: list[dict], order: tuple[str, ...] = ("blue", "red")) -> SheetError:
    with pytest.raises(ValidationError) as caught:
        ScoreSheet.model_validate({"expansion": False, "final_turn_order": list(order), "players": players})
    return sheet_error(caught.value)


LINES = [
    ([_human(gold=-1), _automa()], (), "Ann (Blue): gold must be 0 or more"),
    ([_human(), _automa(track=1000)], (), "Red automa (Hard): track points must be 999 or less"),
    ([_human(mine_tiles={**TILES, "ruby": -1}), _automa()], (), "Ann (Blue): ruby tiles must be 0 or more"),
    ([_human(mine_tiles={**TILES, "mana": 1}), _automa()], (), "Ann (Blue): mana tiles need Caverns of Gandûm"),
    ([_human(), _automa(mine_tiles=-1)], (), "Red automa (Hard): tiles in stack must be 0 or more"),
    ([_human(), _automa(gem_mine_tiles=2)], (),
     "Red automa (Hard): it cannot have more gem tiles than tiles in its stack"),
    ([_human(), _automa(color="blue")], (), "Red automa (Hard): another player has this colour too"),
    ([_human(), _automa()], ("blue",), "Final turn order: must list exactly the players' colours (red missing)"),
    ([_human(gold=-1, mined_gems=-1), _automa()], (), "Ann (Blue): gold must be 0 or more (and 1 more)"),
    ([_human(), _automa(difficulty="x")], (),
     "Red automa (Hard): difficulty 'x' is not one of easy, hard, punishing"),
]


@pytest.mark.parametrize(("players", "order", "line"), LINES, ids=[line for *_, line in LINES])
def test_each_problem_names_the_player_and_the_field_as_the_screen_shows_them(players, order, line):
    assert error_line(_problem(players, order or ("blue", "red")), SEATS) == line


def test_a_problem_of_no_seat_on_screen_starts_with_the_field():
    err = _problem([_human(), _automa(), _human(color="green"), _human(color="yellow"), _human(color="purple")])
    assert error_line(err, SEATS).startswith("Players: ")
