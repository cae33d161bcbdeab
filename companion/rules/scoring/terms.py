"""The words of a score sheet: colours, difficulties, mine-tile types, the five scoring categories, and the
bound on every count.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from companion.rules.names import (  # noqa: F401 - the sheet's words, named here for the scoring modules
    COLORS,
    DIFFICULTIES,
    TILE_TYPES,
    ChartSource,
    Color,
    Difficulty,
    GemType,
    TileType,
)
from companion.rules.reference import load_reference

BASE_TILE_TYPES: tuple[TileType, ...] = ("ruby", "emerald", "sapphire", "diamond", "special")
#: Each colour's starting tile as shipped (``data/reference.toml``; green's and yellow's are estimates): what a sheet
#: line without a ``starting_tile`` is scored with, so a stored sheet keeps its score whatever Settings say.
COLOR_GEM: dict[Color, GemType] = {t.color: t.gem for t in load_reference().starting_tile}
CATEGORIES: tuple[str, ...] = ("track", "mine_tiles", "gold", "mined_gems", "gems_in_mine")

# No real game comes near this; the bound keeps absurd input out and every result printable.
MAX_COUNT = 999
Count = Annotated[int, Field(ge=0, le=MAX_COUNT)]
