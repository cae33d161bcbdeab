"""The words of a score sheet: colours, difficulties, mine-tile types, the five scoring categories, and the
bound on every count.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

Color = Literal["red", "yellow", "green", "blue"]
Difficulty = Literal["easy", "hard", "punishing"]
GemType = Literal["ruby", "emerald", "sapphire", "diamond"]
TileType = Literal["ruby", "emerald", "sapphire", "diamond", "special", "mana"]
ChartSource = Literal["rulebook", "estimate", "owner"]

COLORS: tuple[str, ...] = ("red", "yellow", "green", "blue")
DIFFICULTIES: tuple[str, ...] = ("easy", "hard", "punishing")
TILE_TYPES: tuple[str, ...] = ("ruby", "emerald", "sapphire", "diamond", "special", "mana")
BASE_TILE_TYPES: tuple[str, ...] = ("ruby", "emerald", "sapphire", "diamond", "special")
COLOR_GEM: dict[str, str] = {"red": "ruby", "yellow": "diamond", "green": "emerald", "blue": "sapphire"}
CATEGORIES: tuple[str, ...] = ("track", "mine_tiles", "gold", "mined_gems", "gems_in_mine")

# No real game comes near this; the bound keeps absurd input out and every result printable.
MAX_COUNT = 999
Count = Annotated[int, Field(ge=0, le=MAX_COUNT)]
