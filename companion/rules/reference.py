"""Reference values the rulebooks do not print in full, each with its source.

The shipped values are "rulebook" (printed: the authority, never corrected) or "estimate" (the app's guess); an
estimate the owner corrects in Settings becomes "owner". A game's setup carries the values it was played with,
not their sources, so a record replays the same way after a correction (and a game stored before any change of
source still loads).

>>> ref = load_reference()
>>> ref.dragon_track.length, ref.dragon_track.source
(5, 'estimate')
>>> ref.tavern_reward("tavern_4").reward
'gems'
>>> ref.starting_tile_of("yellow").gem, ref.starting_tile_of("yellow").source
('diamond', 'estimate')
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from companion.rules.board.spaces import TAVERN_SPACES
from companion.rules.names import COLORS, Color, GemType, Source


class DragonTrack(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    length: int = Field(ge=1, le=12)
    source: Source


class StartingGold(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    by_position: list[int] = Field(min_length=4, max_length=4)
    source: Source

    @model_validator(mode="after")
    def _non_negative(self) -> StartingGold:
        if any(g < 0 for g in self.by_position):
            raise ValueError("starting gold cannot be negative")
        return self


class TavernReward(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    space: Literal["tavern_1", "tavern_2", "tavern_3", "tavern_4"]
    reward: Literal["none", "gold", "beer", "gems"]
    amount: int = Field(ge=0, le=5)
    source: Source


class StartingTile(BaseModel):
    """The gem type of a colour's starting mine tile (it counts as two tiles of that type at the end)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    color: Color
    gem: GemType
    source: Source


#: The name Settings and the marks give the starting tiles' gems (one value: a type for each colour).
STARTING_TILE = "starting_tile"


class Reference(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    dragon_track: DragonTrack
    starting_gold: StartingGold
    tavern: list[TavernReward]
    starting_tile: list[StartingTile]

    @model_validator(mode="after")
    def _every_tavern_and_colour_once(self) -> Reference:
        if sorted(t.space for t in self.tavern) != list(TAVERN_SPACES):
            raise ValueError("tavern: each of tavern_1..tavern_4 exactly once")
        if sorted(t.color for t in self.starting_tile) != sorted(COLORS):
            raise ValueError(f"starting_tile: each of {', '.join(COLORS)} exactly once")
        return self

    def tavern_reward(self, space: str) -> TavernReward:
        return next(t for t in self.tavern if t.space == space)

    def starting_tile_of(self, color: str) -> StartingTile:
        """``color``'s starting tile."""
        return next(t for t in self.starting_tile if t.color == color)

    def estimates(self) -> list[str]:
        """Names of the values that are estimates, for the app to mark."""
        names = []
        if self.dragon_track.source == "estimate":
            names.append("dragon_track")
        if self.starting_gold.source == "estimate":
            names.append("starting_gold")
        names += [t.space for t in self.tavern if t.source == "estimate"]
        if any(t.source == "estimate" for t in self.starting_tile):
            names.append(STARTING_TILE)
        return names

    def printed(self) -> list[str]:
        """Names of the values a rulebook prints: the authority, so Settings offers no correction of them.

        >>> load_reference().printed()
        ['tavern_4']
        """
        values = [("dragon_track", self.dragon_track.source), ("starting_gold", self.starting_gold.source)]
        values += [(t.space, t.source) for t in self.tavern]
        return [name for name, source in values if source == "rulebook"]


@cache
def load_reference() -> Reference:
    raw = tomllib.loads(resources.files("companion.rules").joinpath("data/reference.toml").read_text("utf-8"))
    return Reference.model_validate(raw)
