"""The scoring data (the set chart and the beard ranks, which values the rulebook prints) and the owner's
corrections of the set chart.

End-game scoring's other tests are in the other modules of tests/rules/scoring, their shared helpers in
scoring_helpers.py.
"""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from companion.rules.scoring import SetChart, human_points, load_scoring, score, set_points
from tests.rules.scoring.scoring_helpers import automa, by_color, human, sheet

# --- the data ---------------------------------------------------------------------------------------------


class TestData:
    def test_only_the_printed_points_claim_the_rulebook(self):
        chart = load_scoring().set_chart
        rulebook = {e.tiles for e in chart.entries if e.source == "rulebook"}
        assert rulebook == {1, 3, 5}  # the three printed examples; 0 -> 0 is the app's reading (an estimate)
        assert {e.source for e in chart.entries} <= {"rulebook", "estimate"}
        assert chart.beyond_source == "estimate"

    def test_chart_rises_and_passes_through_the_printed_points(self):
        chart = load_scoring().set_chart
        points = [chart.points(n)[0] for n in range(30)]
        assert points == sorted(points)
        assert (points[1], points[3], points[5]) == (0, 5, 10)

    def test_counts_past_the_table_keep_rising_and_are_estimates(self):
        chart = load_scoring().set_chart
        last = chart.entries[-1].tiles
        p_last, _ = chart.points(last)
        p_next, src = chart.points(last + 1)
        assert p_next == p_last + chart.beyond_per_tile > p_last
        assert src == "estimate"

    def test_beard_ranks_are_from_the_rulebook(self):
        ranks = load_scoring().beard_ranks
        assert len(ranks) == 10
        assert all(r.source == "rulebook" for r in ranks)

    @pytest.mark.parametrize(
        ("entries", "message"),
        [
            ([(0, 0), (2, 2)], "in order"),
            ([(0, 1), (1, 1)], "0 tiles"),
            ([(0, 0), (1, 5), (2, 3)], "less than"),
        ],
    )
    def test_malformed_chart_is_rejected(self, entries, message):
        data = {
            "entries": [{"tiles": t, "points": p, "source": "estimate"} for t, p in entries],
            "beyond_per_tile": 1,
            "beyond_source": "estimate",
        }
        with pytest.raises(ValidationError, match=message):
            SetChart.model_validate(data)


# --- the owner's corrections ----------------------------------------------------------------------------


class TestCorrectedChart:
    def test_corrected_value_is_used_and_marked_owner(self):
        chart = load_scoring().set_chart.corrected({2: 3})
        assert chart.points(2) == (3, "owner")
        b, sets, estimates = human_points(human("red"), chart=chart)  # the starting ruby alone: 2 tiles
        assert b.mine_tiles == 3
        assert sets[0].source == "owner"
        assert estimates == []

    def test_score_uses_the_given_chart(self):
        s = sheet(human("red", mine_tiles={"emerald": 4}), automa("green"))
        shipped = by_color(score(s))["red"]
        fixed = by_color(score(s, chart=load_scoring().set_chart.corrected({2: 4, 4: 9})))["red"]
        assert shipped.breakdown.mine_tiles == set_points(2)[0] + set_points(4)[0]
        assert fixed.breakdown.mine_tiles == 4 + 9
        assert shipped.estimates_used == ["set chart: 2 tiles", "set chart: 4 tiles"]
        assert fixed.estimates_used == []

    def test_rulebook_values_cannot_be_corrected(self):
        chart = load_scoring().set_chart
        with pytest.raises(ValueError, match="printed in the rulebook"):
            chart.corrected({5: 11})
        assert chart.corrected({5: 10}).points(5) == (10, "rulebook")

    def test_correction_keeps_the_chart_rising(self):
        with pytest.raises(ValidationError):
            load_scoring().set_chart.corrected({4: 4})  # below 3 tiles' 5 points

    def test_extending_the_chart(self):
        chart = load_scoring().set_chart
        n = chart.entries[-1].tiles + 3
        fixed = chart.corrected({n: 100}, beyond_per_tile=5)
        assert fixed.points(n) == (100, "owner")
        assert fixed.points(n - 1) == chart.points(n - 1)
        assert fixed.points(n + 2) == (110, "owner")
