"""The score sheet asks each person's starting tile, marked where its type is the app's estimate (rules audit B3).

The sheet said "your starting tile (diamond) is added for you" for yellow, a guess shown as fact, and no screen let
a player change it. Now the type is a choice on the sheet, starting from the reference data (green's and yellow's
marked "estimate"); the choice goes into the sheet's line, so the saved sheet keeps the type it was scored with.
"""

import pytest

from companion.rules.reference import load_reference
from companion.ui.rules_help.text import rules_sections
from companion.ui.score.presenter import ScorePresenter, SheetSeat


def yellow_and_blue() -> ScorePresenter:
    p = ScorePresenter([SheetSeat("yellow"), SheetSeat("blue")], expansion=False)
    for color in ("yellow", "blue"):
        assert p.set_count(color, "diamond", "2") is None
    return p


def lines(p: ScorePresenter, color: str) -> dict:
    return {line.label: line for line in next(r for r in p.result().rows if r.color == color).lines}


def test_a_guessed_starting_tile_is_marked_and_a_printed_one_is_not():
    p = yellow_and_blue()
    yellow, blue = lines(p, "yellow"), lines(p, "blue")
    assert yellow["Diamond set"].detail == "4 tiles, the starting tile (its type estimated) counting as 2"
    assert yellow["Diamond set"].mark == "estimate" and "starting tiles only" in yellow["Diamond set"].tip
    assert blue["Sapphire set"].detail == "2 tiles, the starting tile counting as 2"
    assert blue["Diamond set"].mark == "estimate" and blue["Diamond set"].tip == ""  # the set chart's value
    assert p.result().estimated_starts == (("Yellow", "diamond"),)
    assert p.seat("yellow").start_estimated and not p.seat("blue").start_estimated


def test_the_player_picks_what_their_tile_shows_and_the_score_follows():
    p = yellow_and_blue()
    before = next(r.total for r in p.result().rows if r.color == "yellow")  # 4 diamond tiles: 7 points
    p.set_starting_tile("yellow", "ruby")
    yellow = lines(p, "yellow")
    assert yellow["Ruby set"].detail == "2 tiles, the starting tile counting as 2"
    assert yellow["Ruby set"].tip == ""  # marked only for the set chart's 2 tiles, an estimate of its own
    assert yellow["Diamond set"].detail == "2 tiles"
    assert p.result().estimated_starts == ()
    assert next(r.total for r in p.result().rows if r.color == "yellow") == before - 7 + 2 + 2
    sheet = p.sheet().model_dump(mode="json")
    assert [(line["color"], line["starting_tile"]) for line in sheet["players"]] == [
        ("yellow", "ruby"), ("blue", "sapphire")]  # always said: the sheet keeps what it was scored with


def test_a_starting_tile_goes_with_its_colour_and_only_a_person_has_one():
    p = yellow_and_blue()
    p.set_starting_tile("yellow", "ruby")
    p.set_colour("yellow", "green")
    assert p.seat("green").start == "emerald" and p.seat("green").start_estimated
    with pytest.raises(ValueError, match="one of ruby, emerald, sapphire, diamond"):
        p.set_starting_tile("green", "mana")
    p.set_kind("green", "automa")
    with pytest.raises(ValueError, match="an automa has no starting tile"):
        p.set_starting_tile("green", "ruby")


def test_the_rules_help_marks_the_guessed_tiles():
    order = next(s for s in rules_sections(load_reference()) if s.key == "order")
    entry = order.entry("starting_tile")
    assert entry.mark == "estimate"
    assert "green emerald (estimate), yellow diamond (estimate)" in entry.text
    assert "blue sapphire, red ruby," in entry.text
