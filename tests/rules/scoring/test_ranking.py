"""The ranking and solo: beard ranks, ties in turn order, a solo verdict (a tie with an automa is a loss).

End-game scoring's other tests are in the other modules of tests/rules/scoring, their shared helpers in
scoring_helpers.py.
"""

from __future__ import annotations

import json

import pytest

from companion.rules.scoring import beard_rank, score, set_points
from tests.rules.scoring.scoring_helpers import automa, by_color, human, sheet

# --- beard ranks -------------------------------------------------------------------------------------------

BEARDS = [
    (0, "Stubble"), (50, "Stubble"),
    (51, "Goatee"), (70, "Goatee"),
    (71, "Van Dyke"), (90, "Van Dyke"),
    (91, "Mutton Chops"), (110, "Mutton Chops"),
    (111, "Balbo"), (130, "Balbo"),
    (131, "Short Boxed"), (150, "Short Boxed"),
    (151, "Dragon Fork"), (170, "Dragon Fork"),
    (171, "Imperial"), (190, "Imperial"),
    (191, "Garibaldi"), (200, "Garibaldi"),
    (201, "Dwarf Longbeard"), (999, "Dwarf Longbeard"),
]  # fmt: skip


@pytest.mark.parametrize(("points", "name"), BEARDS)
def test_beard_rank_boundaries(points, name):
    assert beard_rank(points) == name


def test_beard_rank_rejects_negative_points():
    with pytest.raises(ValueError):
        beard_rank(-1)


# --- ranking and solo -------------------------------------------------------------------------------------


class TestRanking:
    def test_most_points_wins(self):
        result = score(sheet(human("red", gold=10), human("blue", gold=11)))
        assert [(p.color, p.rank) for p in result.players] == [("blue", 1), ("red", 2)]

    @pytest.mark.parametrize("order", [["red", "blue", "yellow"], ["blue", "yellow", "red"]])
    def test_tie_goes_to_the_earlier_player_in_turn_order(self, order):
        players = (human("red", gold=10), human("blue", gold=10), human("yellow", gold=3))
        result = score(sheet(*players, order=order))
        assert result.players[0].total == result.players[1].total
        tied = [p.color for p in result.players[:2]]
        assert tied == [c for c in order if c in ("red", "blue")]
        assert [p.rank for p in result.players] == [1, 2, 3]

    def test_three_way_tie_follows_turn_order(self):
        order = ["green", "yellow", "red", "blue"]
        players = [human(c, track=20, mine_tiles={}) for c in ("red", "yellow", "blue", "green")]
        result = score(sheet(*players, order=order))
        assert [p.color for p in result.players] == order
        assert len({p.total for p in result.players}) == 1


class TestSolo:
    def solo(self, you: int, red: int, green: int, order=("yellow", "red", "green")):
        return score(
            sheet(
                human("yellow", track=you - set_points(2)[0]),  # plus the starting diamond alone
                automa("red", track=red),
                automa("green", track=green),
                order=list(order),
            )
        )

    def test_the_human_total_is_what_we_think(self):
        assert by_color(self.solo(100, 0, 0))["yellow"].total == 100

    def test_win_gets_a_beard_rank(self):
        result = self.solo(100, 90, 99)
        assert result.solo.verdict == "win"
        assert result.solo.beard_rank == beard_rank(by_color(result)["yellow"].total)
        assert result.solo.to_beat == 99

    @pytest.mark.parametrize(("you", "name"), [(200, "Garibaldi"), (201, "Dwarf Longbeard"), (51, "Goatee")])
    def test_win_at_the_edge_of_a_rank(self, you, name):
        assert self.solo(you, 10, 10).solo.beard_rank == name

    def test_a_tie_is_a_loss_even_first_in_turn_order(self):
        result = self.solo(100, 100, 50)
        you = by_color(result)["yellow"].total
        assert you == by_color(result)["red"].total
        assert result.solo.verdict == "loss"
        assert result.solo.beard_rank is None
        # The ranking agrees with the verdict (ruling g): on a solo tie the automa ranks ahead.
        assert by_color(result)["red"].rank == 1 and by_color(result)["yellow"].rank == 2

    def test_beating_one_automa_is_not_enough(self):
        assert self.solo(100, 50, 120).solo.verdict == "loss"

    def test_loss_has_no_beard_in_the_printed_json(self):
        printed = json.loads(self.solo(10, 50, 50).to_json())
        assert printed["solo"] == {"verdict": "loss", "to_beat": 50}

    @pytest.mark.parametrize(
        "players",
        [
            (human("red"), human("blue"), automa("green")),
            (human("red"), automa("green")),
            (human("red"), automa("green"), automa("blue"), automa("yellow")),
            (human("red"), human("blue")),
        ],
    )
    def test_no_solo_verdict_outside_solo(self, players):
        result = score(sheet(*players))
        assert result.solo is None
        assert "solo" not in json.loads(result.to_json())
