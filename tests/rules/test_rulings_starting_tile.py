"""Ruling (rules audit B3): a starting tile's gem type is data, marked where it is a guess.

The base rulebook seeds the blue starting tile with blue gems (sapphires) and has the red player mine red rubies;
which gems the green and yellow tiles show it does not print. The type decides which set the starting tile joins
(it counts as two tiles), so the guesses are reference data with ``source = "estimate"`` (``data/reference.toml``),
loaded and checked like the others; the rules' default for a sheet line without a ``starting_tile`` is that data
as shipped, so a stored sheet keeps its score.
"""

from __future__ import annotations

import tomllib
from importlib import resources

import pytest
from pydantic import ValidationError

from companion.rules.reference import Reference, load_reference
from companion.rules.scoring import COLOR_GEM, HumanLine, MineTiles, ranked_totals, score
from companion.rules.scoring.sheet import ScoreSheet

PRINTED = {"blue": "sapphire", "red": "ruby"}


def test_the_printed_tiles_are_the_rulebook_s_and_the_others_are_marked_estimates():
    ref = load_reference()
    assert {t.color: (t.gem, t.source) for t in ref.starting_tile} == {
        "blue": ("sapphire", "rulebook"), "red": ("ruby", "rulebook"),
        "green": ("emerald", "estimate"), "yellow": ("diamond", "estimate")}
    assert "starting_tile" in ref.estimates()
    assert COLOR_GEM == {t.color: t.gem for t in ref.starting_tile}  # the rules' default is the data, not a copy


def test_the_data_is_checked_like_the_other_reference_values():
    raw = tomllib.loads(resources.files("companion.rules").joinpath("data/reference.toml").read_text("utf-8"))
    without_yellow = {**raw, "starting_tile": [t for t in raw["starting_tile"] if t["color"] != "yellow"]}
    with pytest.raises(ValidationError, match="each of red, yellow, green, blue exactly once"):
        Reference.model_validate(without_yellow)
    mana = {**raw, "starting_tile": [{**t, "gem": "mana"} if t["color"] == "green" else t
                                     for t in raw["starting_tile"]]}
    with pytest.raises(ValidationError):
        Reference.model_validate(mana)
    unsourced = {**raw, "starting_tile": [{k: v for k, v in t.items() if k != "source"} for t in raw["starting_tile"]]}
    with pytest.raises(ValidationError):
        Reference.model_validate(unsourced)


@pytest.mark.parametrize("color", ["green", "yellow", "blue", "red"])
def test_a_sheet_line_without_a_starting_tile_scores_with_the_shipped_type(color):
    """A sheet stored before the type was asked (and the bots' sheets) name no starting tile: they score as they
    did, with the shipped type; a line that names one scores with it."""
    line = {"kind": "human", "color": color, "track": 0, "mine_tiles": {}, "gold": 0, "mined_gems": 0,
            "gems_in_mine": 0}
    sheet = ScoreSheet.model_validate({"expansion": True, "final_turn_order": [color], "players": [line]})
    (p,) = score(sheet).players
    assert [(s.tile, s.tiles) for s in p.mine_tile_sets] == [(COLOR_GEM[color], 2)]
    named = HumanLine(kind="human", color=color, track=0, starting_tile="ruby", mine_tiles=MineTiles(ruby=1),
                      gold=0, mined_gems=0, gems_in_mine=0)
    assert named.tile_counts()["ruby"] == 3
    assert ranked_totals(sheet) == {color: 2}
