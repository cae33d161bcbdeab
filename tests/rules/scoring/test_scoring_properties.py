"""End-game scoring's properties over any score sheet: totals, ranks, estimates, a human's categories, beard
ranks and the bots' ranked totals.

End-game scoring's other tests are in the other modules of tests/rules/scoring, their shared helpers in
scoring_helpers.py.
"""

from __future__ import annotations

import json
import math

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.scoring import (
    CATEGORIES,
    COLOR_GEM,
    COLORS,
    AutomaLine,
    HumanLine,
    MineTiles,
    ScoreSheet,
    beard_rank,
    load_scoring,
    ranked_totals,
    score,
    set_points,
)
from tests.rules.scoring.scoring_helpers import by_color

# --- properties --------------------------------------------------------------------------------------------

counts = st.integers(min_value=0, max_value=40)


@st.composite
def sheets(draw):
    expansion = draw(st.booleans())
    colors = draw(st.lists(st.sampled_from(COLORS), min_size=1, max_size=4, unique=True))
    players = []
    for color in colors:
        if draw(st.booleans()):
            tiles = {t: draw(counts) for t in ("ruby", "emerald", "sapphire", "diamond", "special")}
            if expansion:
                tiles["mana"] = draw(counts)
            start = draw(st.one_of(st.none(), st.sampled_from(sorted(set(COLOR_GEM.values())))))
            players.append(
                HumanLine(
                    kind="human", color=color, track=draw(counts), starting_tile=start,
                    mine_tiles=MineTiles(**tiles), gold=draw(counts), mined_gems=draw(counts),
                    gems_in_mine=draw(counts),
                )
            )  # fmt: skip
        else:
            n = draw(counts)
            difficulty = draw(st.sampled_from(["easy", "hard", "punishing"]))
            players.append(
                AutomaLine(
                    kind="automa", color=color, difficulty=difficulty, track=draw(counts), mine_tiles=n,
                    gem_mine_tiles=draw(st.integers(0, n)), gold=draw(counts), mined_gems=draw(counts),
                )
            )  # fmt: skip
    order = draw(st.permutations(colors))
    return ScoreSheet(expansion=expansion, final_turn_order=list(order), players=players)


@settings(max_examples=300, deadline=None)
@given(sheets())
def test_total_is_always_the_sum_of_the_breakdown(s):
    result = score(s)
    for p in result.players:
        assert p.total == sum(getattr(p.breakdown, c) for c in CATEGORIES)
        printed = json.loads(result.to_json())
        line = next(q for q in printed["players"] if q["color"] == p.color)
        assert line["total"] == sum(line["breakdown"].values())
        assert set(line["breakdown"]) == set(CATEGORIES)


@settings(max_examples=300, deadline=None)
@given(sheets())
def test_ranks_are_a_permutation_in_score_then_turn_order(s):
    result = score(s)
    assert [p.rank for p in result.players] == list(range(1, len(s.players) + 1))
    position = {c: i for i, c in enumerate(s.final_turn_order)}
    kinds = [p.kind for p in s.players]
    solo = kinds.count("human") == 1 and kinds.count("automa") == 2
    # a solo tie goes to the automa; any other tie to the earlier player in the final turn order
    keys = [(-p.total, not (solo and p.kind == "automa"), position[p.color]) for p in result.players]
    assert keys == sorted(keys)


@settings(max_examples=300, deadline=None)
@given(sheets())
def test_estimates_listed_exactly_when_used(s):
    for p in score(s).players:
        estimated = sorted({t.tiles for t in p.mine_tile_sets if t.source == "estimate"})
        assert p.estimates_used == [f"set chart: {n} tiles" for n in estimated]
        if p.kind == "automa":
            assert p.estimates_used == [] and p.mine_tile_sets == []


@settings(max_examples=200, deadline=None)
@given(sheets())
def test_human_categories_follow_the_rules(s):
    result = by_color(score(s))
    for line in s.players:
        if not isinstance(line, HumanLine):
            continue
        b = result[line.color].breakdown
        assert b.gold == 2 * line.gold
        assert b.mined_gems == line.mined_gems
        assert b.gems_in_mine == math.ceil(line.gems_in_mine / 2)
        assert b.track == line.track
        counts = line.tile_counts()
        assert sum(counts.values()) == sum(line.mine_tiles.model_dump().values()) + 2
        assert b.mine_tiles == sum(set_points(n)[0] for n in counts.values())


@given(st.integers(min_value=0, max_value=500))
def test_beard_rank_is_the_highest_rank_reached(points):
    ranks = load_scoring().beard_ranks
    reached = [r.name for r in ranks if r.min_points <= points]
    assert beard_rank(points) == reached[-1]


@settings(max_examples=300, deadline=None)
@given(sheets())
def test_ranked_totals_are_the_totals_of_score_in_rank_order(s):
    # The bots end a simulated game with ranked_totals; its key order goes into the record's game_end event.
    assert list(ranked_totals(s).items()) == [(p.color, p.total) for p in score(s).players]
