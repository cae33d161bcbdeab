"""The points: a set of mine tiles through the set chart, an automa through its difficulty's table, a human's
breakdown, and a whole sheet scored and ranked.
"""

from __future__ import annotations

from typing import cast

from companion.rules.scoring.ranking import rank_order, solo_automa, solo_result
from companion.rules.scoring.results import Breakdown, PlayerScore, ScoreResult, TileSet
from companion.rules.scoring.sheet import HumanLine, ScoreSheet
from companion.rules.scoring.tables import SetChart, load_scoring
from companion.rules.scoring.terms import BASE_TILE_TYPES, DIFFICULTIES, TILE_TYPES, ChartSource, Difficulty, TileType


def set_points(n_tiles: int, chart: SetChart | None = None) -> tuple[int, str]:
    """Points for ``n_tiles`` mine tiles of one type, and the source of that value.

    >>> set_points(5), set_points(1), set_points(0)
    ((10, 'rulebook'), (0, 'rulebook'), (0, 'estimate'))
    """
    return (chart or load_scoring().set_chart).points(n_tiles)


def _check_counts(**counts: int) -> None:
    for name, value in counts.items():
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{name}: must be a whole number")
        if value < 0:
            raise ValueError(f"{name}: must be >= 0")


def automa_points(
    difficulty: str, mine_tiles: int, gem_mine_tiles: int, gold: int, mined_gems: int, track: int = 0
) -> Breakdown:
    """An automa's end-game points by the expansion's table for its difficulty.

    The rulebook's Easy example: 12 tiles, 11 of them gem tiles, 15 gold, 18 gems.

    >>> b = automa_points("easy", mine_tiles=12, gem_mine_tiles=11, gold=15, mined_gems=18)
    >>> b.mine_tiles, b.gold, b.mined_gems, b.gems_in_mine, b.total
    (24, 30, 18, 11, 83)
    """
    return Breakdown(**_automa_categories(difficulty, mine_tiles, gem_mine_tiles, gold, mined_gems, track))


def _automa_categories(
    difficulty: str, mine_tiles: int, gem_mine_tiles: int, gold: int, mined_gems: int, track: int
) -> dict[str, int]:
    """``automa_points``'s categories as plain numbers (checked the same way)."""
    rates = load_scoring().automa.get(cast(Difficulty, difficulty))  # any text: checked here, as a sheet's is
    if rates is None:
        raise ValueError(f"difficulty: must be one of {', '.join(DIFFICULTIES)}")
    _check_counts(
        mine_tiles=mine_tiles, gem_mine_tiles=gem_mine_tiles, gold=gold, mined_gems=mined_gems, track=track
    )
    if gem_mine_tiles > mine_tiles:
        raise ValueError("gem_mine_tiles: must be <= mine_tiles")
    return {
        "track": track,
        "mine_tiles": rates.mine_tile * mine_tiles,
        "gold": rates.gold * gold,
        "mined_gems": rates.mined_gem * mined_gems,
        "gems_in_mine": rates.gem_mine_tile * gem_mine_tiles,
    }


def human_points(
    line: HumanLine, expansion: bool = True, chart: SetChart | None = None
) -> tuple[Breakdown, list[TileSet], list[str]]:
    """A human's breakdown, the set-chart lines behind its mine-tile points, and the estimates used.

    >>> from companion.rules.scoring.sheet import MineTiles
    >>> line = HumanLine(kind="human", color="yellow", track=3, mine_tiles=MineTiles(ruby=2),
    ...                  gold=15, mined_gems=14, gems_in_mine=19)
    >>> breakdown, sets, estimates = human_points(line, expansion=False)
    >>> breakdown
    Breakdown(track=3, mine_tiles=4, gold=30, mined_gems=14, gems_in_mine=10)
    >>> [(s.tile, s.tiles, s.points, s.source) for s in sets]
    [('ruby', 2, 2, 'estimate'), ('diamond', 2, 2, 'estimate')]
    >>> estimates
    ['set chart: 2 tiles']
    """
    categories, plain_sets = _human_categories(line, expansion, chart)
    sets = [TileSet(tile=tile, tiles=n, points=pts, source=src) for tile, n, pts, src in plain_sets]
    estimated = sorted({s.tiles for s in sets if s.source == "estimate"})
    return Breakdown(**categories), sets, [f"set chart: {n} tiles" for n in estimated]


def _human_categories(
    line: HumanLine, expansion: bool, chart: SetChart | None
) -> tuple[dict[str, int], list[tuple[TileType, int, int, ChartSource]]]:
    """``human_points``'s categories and set-chart lines (tile, tiles, points, source) as plain values."""
    data = load_scoring()
    chart = chart or data.set_chart
    rates = data.human
    counts = line.tile_counts(rates.starting_tile_counts_as)
    if not expansion and counts["mana"]:
        raise ValueError("mine_tiles.mana: purple mana tiles need the expansion")
    sets: list[tuple[TileType, int, int, ChartSource]] = []
    for tile in TILE_TYPES if expansion else BASE_TILE_TYPES:
        n = counts[tile]
        if n:
            pts, src = chart.points(n)
            sets.append((tile, n, pts, src))
    categories = {
        "track": line.track,
        "mine_tiles": sum(pts for _, _, pts, _ in sets),
        "gold": rates.gold * line.gold,
        "mined_gems": rates.mined_gem * line.mined_gems,
        "gems_in_mine": -(-line.gems_in_mine // rates.gems_in_mine_per_point),
    }
    return categories, sets


def score(sheet: ScoreSheet, chart: SetChart | None = None) -> ScoreResult:
    """Score a whole sheet: each player's breakdown and total, the ranking, and the solo verdict.

    ``chart`` replaces the shipped set chart (an owner's corrected copy); it does not change the automa.
    """
    lines: dict[str, PlayerScore] = {}
    for p in sheet.players:
        if isinstance(p, HumanLine):
            breakdown, sets, estimates = human_points(p, sheet.expansion, chart)
            lines[p.color] = PlayerScore(
                color=p.color,
                kind="human",
                rank=0,
                total=breakdown.total,
                breakdown=breakdown,
                mine_tile_sets=sets,
                estimates_used=estimates,
            )
        else:
            breakdown = automa_points(
                p.difficulty, p.mine_tiles, p.gem_mine_tiles, p.gold, p.mined_gems, p.track
            )
            lines[p.color] = PlayerScore(
                color=p.color,
                kind="automa",
                difficulty=p.difficulty,
                rank=0,
                total=breakdown.total,
                breakdown=breakdown,
            )
    ahead = solo_automa([(c, s.kind) for c, s in lines.items()])
    order = rank_order({c: s.total for c, s in lines.items()}, sheet.final_turn_order, ahead)
    ranked = [lines[c].model_copy(update={"rank": i}) for i, c in enumerate(order, start=1)]
    return ScoreResult(expansion=sheet.expansion, players=ranked, solo=solo_result(ranked))


def ranked_totals(sheet: ScoreSheet, chart: SetChart | None = None) -> dict[str, int]:
    """Each player's total, in rank order: ``{p.color: p.total for p in score(sheet, chart).players}``.

    Why a function of its own: a simulated game needs only the totals at its end, and making ``score``'s
    models (a breakdown per player, its copy with the rank, the result) is work it does not need;
    so it adds up the categories as plain numbers, without a ``Breakdown`` or a ``TileSet``.
    """
    totals: dict[str, int] = {}
    for p in sheet.players:
        if isinstance(p, HumanLine):
            categories = _human_categories(p, sheet.expansion, chart)[0]
        else:
            categories = _automa_categories(
                p.difficulty, p.mine_tiles, p.gem_mine_tiles, p.gold, p.mined_gems, p.track
            )
        totals[p.color] = sum(categories.values())  # as ``Breakdown.total``: the sum of its categories
    ahead = solo_automa([(p.color, p.kind) for p in sheet.players])
    return {c: totals[c] for c in rank_order(totals, sheet.final_turn_order, ahead)}
