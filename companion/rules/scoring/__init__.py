"""End-game scoring: humans through the mine-tile set chart, automa through their difficulty table.

Every value comes from ``data/scoring.toml`` with its ``source``. The set chart is printed in the rulebook
only at 1, 3 and 5 tiles; the other counts are estimates, and a player whose total used one lists it in
``estimates_used``. An owner can correct the chart (:meth:`SetChart.corrected`) and pass it to :func:`score`.

One concept a module: ``terms`` (colours, difficulties, tile types), ``tables`` (the set chart, the rates, the
automa's table per difficulty, the beard ranks, with their sources), ``sheet`` (the score sheet and reading it),
``results`` (what scoring gives back), ``points`` (the computation), ``ranking`` (the order, the solo verdict and
beard rank). Callers import from here.

>>> sheet = parse_sheet('''{"expansion": true, "final_turn_order": ["blue", "red"], "players": [
...  {"color": "blue", "kind": "human", "track": 57, "mine_tiles": {"ruby": 5, "sapphire": 1},
...   "gold": 11, "mined_gems": 9, "gems_in_mine": 7},
...  {"color": "red", "kind": "automa", "difficulty": "easy", "track": 40,
...   "mine_tiles": 12, "gem_mine_tiles": 11, "gold": 15, "mined_gems": 18}]}''')
>>> result = score(sheet)
>>> [(p.color, p.rank, p.total) for p in result.players]
[('red', 1, 123), ('blue', 2, 107)]
>>> result.players[1].breakdown
Breakdown(track=57, mine_tiles=15, gold=22, mined_gems=9, gems_in_mine=4)
>>> result.players[1].estimates_used
[]

The blue player's starting sapphire counts as two tiles, so 1 added sapphire makes a set of 3 (5 points, as
printed); the 5 rubies score 10 (printed). A set of 2 would use an estimate:

>>> set_points(2)
(2, 'estimate')
>>> set_points(3)
(5, 'rulebook')
"""

from __future__ import annotations

from companion.rules.scoring.points import automa_points, human_points, ranked_totals, score, set_points
from companion.rules.scoring.ranking import beard_rank, rank_order, solo_automa, solo_verdict
from companion.rules.scoring.results import Breakdown, PlayerScore, ScoreResult, SoloResult, TileSet
from companion.rules.scoring.sheet import (
    AutomaLine,
    HumanLine,
    MineTiles,
    PlayerLine,
    ScoreSheet,
    SheetError,
    parse_sheet,
    sheet_error,
)
from companion.rules.scoring.tables import (
    AutomaRates,
    BeardRank,
    HumanRates,
    ScoringData,
    SetChart,
    SetChartEntry,
    load_scoring,
)
from companion.rules.scoring.terms import (
    BASE_TILE_TYPES,
    CATEGORIES,
    COLOR_GEM,
    COLORS,
    DIFFICULTIES,
    MAX_COUNT,
    TILE_TYPES,
    ChartSource,
    Color,
    Count,
    Difficulty,
    GemType,
    TileType,
)

__all__ = [
    "AutomaLine",
    "AutomaRates",
    "BASE_TILE_TYPES",
    "BeardRank",
    "Breakdown",
    "CATEGORIES",
    "COLORS",
    "COLOR_GEM",
    "ChartSource",
    "Color",
    "Count",
    "DIFFICULTIES",
    "Difficulty",
    "GemType",
    "HumanLine",
    "HumanRates",
    "MAX_COUNT",
    "MineTiles",
    "PlayerLine",
    "PlayerScore",
    "ScoreResult",
    "ScoreSheet",
    "ScoringData",
    "SetChart",
    "SetChartEntry",
    "SheetError",
    "SoloResult",
    "TILE_TYPES",
    "TileSet",
    "TileType",
    "automa_points",
    "beard_rank",
    "human_points",
    "load_scoring",
    "parse_sheet",
    "rank_order",
    "ranked_totals",
    "score",
    "set_points",
    "sheet_error",
    "solo_automa",
    "solo_verdict",
]
