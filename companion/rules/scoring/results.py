"""What scoring gives back: each player's breakdown by category, the set-chart lines behind a human's mine-tile
points, the ranking, and a solo game's verdict.
"""

from __future__ import annotations

import json
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from companion.rules.scoring.terms import CATEGORIES, ChartSource, Color, Difficulty, TileType


class Breakdown(BaseModel):
    """Points per category; the total is their sum."""

    model_config = ConfigDict(frozen=True)
    track: int
    mine_tiles: int
    gold: int
    mined_gems: int
    gems_in_mine: int

    @property
    def total(self) -> int:
        return sum(getattr(self, c) for c in CATEGORIES)


class TileSet(BaseModel):
    """One line of a human's mine-tile score: a type, how many tiles (starting tile included), the points."""

    model_config = ConfigDict(frozen=True)
    tile: TileType
    tiles: int
    points: int
    source: ChartSource


class PlayerScore(BaseModel):
    model_config = ConfigDict(frozen=True)
    color: Color
    kind: Literal["human", "automa"]
    difficulty: Difficulty | None = None
    rank: int
    total: int
    breakdown: Breakdown
    mine_tile_sets: list[TileSet] = Field(default_factory=list)
    estimates_used: list[str] = Field(default_factory=list)


class SoloResult(BaseModel):
    """A solo game (one human, two automa): the human wins only with more points than both automa."""

    model_config = ConfigDict(frozen=True)
    verdict: Literal["win", "loss"]
    beard_rank: str | None = None
    to_beat: int = Field(description="The higher automa total; a win needs more than this.")


class ScoreResult(BaseModel):
    model_config = ConfigDict(frozen=True)
    expansion: bool
    players: list[PlayerScore] = Field(description="In rank order.")
    solo: SoloResult | None = None

    def to_json(self) -> str:
        """The printed form: absent values (an automa's tile sets, a loss's beard rank) are left out."""
        return json.dumps(self.model_dump(mode="json", exclude_none=True), indent=2, ensure_ascii=False)
