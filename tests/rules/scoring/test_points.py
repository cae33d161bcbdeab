"""End-game points: every worked example in both rulebooks (the set chart, gold, gems, the automa's table) and
the estimates a player's points used.

End-game scoring's other tests are in the other modules of tests/rules/scoring, their shared helpers in
scoring_helpers.py.
"""

from __future__ import annotations

import pytest

from companion.rules.scoring import COLOR_GEM, automa_points, human_points, load_scoring, set_points
from tests.rules.scoring.scoring_helpers import human

# --- the rulebooks' worked examples -------------------------------------------------------------------------


class TestRulebookExamples:
    def test_set_chart_printed_points(self):
        assert set_points(5) == (10, "rulebook")  # five ruby tiles
        assert set_points(3) == (5, "rulebook")  # three sapphire, three special
        assert set_points(1) == (0, "rulebook")  # one diamond

    def test_five_ruby_tiles_score_10(self):
        # Yellow starts on a diamond, so all five rubies were added during the game.
        b, sets, _ = human_points(human("yellow", mine_tiles={"ruby": 5}))
        assert [(s.tile, s.tiles, s.points) for s in sets if s.tile == "ruby"] == [("ruby", 5, 10)]
        # Red's starting ruby counts as two: three more make five.
        b_red, sets_red, _ = human_points(human("red", mine_tiles={"ruby": 3}))
        assert b_red.mine_tiles == 10
        assert sets_red[0].tiles == 5

    def test_three_sapphire_tiles_score_5(self):
        b, _, est = human_points(human("blue", mine_tiles={"sapphire": 1}))
        assert b.mine_tiles == 5
        assert est == []

    def test_three_special_tiles_score_5(self):
        b, _, _ = human_points(human("red", mine_tiles={"special": 3, "ruby": 1}))
        assert b.mine_tiles == 5 + 5  # the special set, and the starting ruby (2) + 1 ruby

    def test_one_diamond_tile_scores_nothing(self):
        b, sets, _ = human_points(human("green", mine_tiles={"diamond": 1, "emerald": 1}))
        diamond = next(s for s in sets if s.tile == "diamond")
        assert (diamond.tiles, diamond.points) == (1, 0)
        assert b.mine_tiles == 5  # only the emeralds (starting 2 + 1) score

    def test_15_gold_scores_30(self):
        assert human_points(human(gold=15))[0].gold == 30

    def test_14_mined_gems_score_14(self):
        assert human_points(human(mined_gems=14))[0].mined_gems == 14

    def test_19_gems_in_the_mine_score_10(self):
        assert human_points(human(gems_in_mine=19))[0].gems_in_mine == 10

    @pytest.mark.parametrize(
        ("gems", "points"), [(0, 0), (1, 1), (2, 1), (3, 2), (18, 9), (19, 10), (20, 10)]
    )
    def test_gems_in_mine_round_up(self, gems, points):
        assert human_points(human(gems_in_mine=gems))[0].gems_in_mine == points

    def test_automa_easy_example_scores_83(self):
        b = automa_points("easy", mine_tiles=12, gem_mine_tiles=11, gold=15, mined_gems=18)
        assert (b.mine_tiles, b.gold, b.mined_gems, b.gems_in_mine) == (24, 30, 18, 11)
        assert b.total == 83
        assert b.track == 0

    def test_mana_tiles_score_through_the_set_chart(self):
        b, sets, _ = human_points(human("red", mine_tiles={"mana": 3}), expansion=True)
        assert ("mana", 3, 5) in [(s.tile, s.tiles, s.points) for s in sets]
        assert b.mine_tiles == 5 + set_points(2)[0]  # plus the starting ruby alone


class TestAutomaTable:
    # The printed table: per mine tile, per gold, per mined gem, per gem mine tile.
    PRINTED = {"easy": (2, 2, 1, 1), "hard": (3, 3, 1, 1), "punishing": (4, 3, 1, 2)}

    @pytest.mark.parametrize("difficulty", ["easy", "hard", "punishing"])
    def test_each_rate(self, difficulty):
        tile, gold, gem, gem_tile = self.PRINTED[difficulty]
        assert automa_points(difficulty, 1, 0, 0, 0).mine_tiles == tile
        assert automa_points(difficulty, 0, 0, 1, 0).gold == gold
        assert automa_points(difficulty, 0, 0, 0, 1).mined_gems == gem
        assert automa_points(difficulty, 1, 1, 0, 0).gems_in_mine == gem_tile

    def test_table_is_from_the_rulebook(self):
        assert {d: r.source for d, r in load_scoring().automa.items()} == dict.fromkeys(
            self.PRINTED, "rulebook"
        )

    def test_track_points_are_added(self):
        assert automa_points("hard", 12, 11, 15, 18, track=40).total == 40 + 36 + 45 + 18 + 11

    @pytest.mark.parametrize(
        ("args", "message"),
        [
            (("nightmare", 1, 0, 0, 0), "difficulty"),
            (("easy", -1, 0, 0, 0), "mine_tiles"),
            (("easy", 1, 2, 0, 0), "gem_mine_tiles"),
            (("easy", 0, 0, -3, 0), "gold"),
        ],
    )
    def test_bad_arguments(self, args, message):
        with pytest.raises(ValueError, match=message):
            automa_points(*args)


# --- estimates in the output --------------------------------------------------------------------------------


def test_estimates_used_names_each_estimated_count_once():
    line = human("green", mine_tiles={"ruby": 2, "sapphire": 4, "special": 3, "diamond": 2})
    _, sets, estimates = human_points(line)
    # emerald, ruby and diamond have 2 tiles, sapphire 4
    assert estimates == ["set chart: 2 tiles", "set chart: 4 tiles"]
    assert {s.tile for s in sets if s.source == "estimate"} == {"emerald", "ruby", "diamond", "sapphire"}


def test_no_estimates_when_only_printed_counts_are_used():
    line = human("blue", mine_tiles={"sapphire": 3, "ruby": 3, "special": 1})
    b, _, estimates = human_points(line)
    assert b.mine_tiles == 10 + 5 + 0
    assert estimates == []


def test_starting_tile_defaults_to_the_colour_gem_and_can_be_given():
    for color, gem in COLOR_GEM.items():
        assert human(color).tile_counts()[gem] == 2
    line = human("red", starting_tile="sapphire", mine_tiles={"sapphire": 1})
    counts = line.tile_counts()
    assert (counts["sapphire"], counts["ruby"]) == (3, 0)


def test_mana_needs_the_expansion():
    with pytest.raises(ValueError, match="mana"):
        human_points(human(mine_tiles={"mana": 1}), expansion=False)
