"""The values scoring reads, from ``data/scoring.toml``, each with its ``source``: the mine-tile set chart (printed
only at 1, 3 and 5 tiles; an owner may correct it), the humans' rates, the automa's table per difficulty, and the
solo beard ranks.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from companion.rules.scoring.terms import DIFFICULTIES, ChartSource, Difficulty


class SetChartEntry(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    tiles: int = Field(ge=0)
    points: int = Field(ge=0)
    source: ChartSource


def _weakest(*sources: ChartSource) -> ChartSource:
    """The least trustworthy of some sources: an estimate taints, then an owner's correction."""
    for s in ("estimate", "owner"):
        if s in sources:
            return s
    return "rulebook"


class SetChart(BaseModel):
    """Points for N mine tiles of one type; counts past the last entry add ``beyond_per_tile`` each.

    >>> chart = load_scoring().set_chart
    >>> chart.points(5), chart.points(13)
    ((10, 'rulebook'), (29, 'estimate'))
    >>> fixed = chart.corrected({2: 3, 4: 8})
    >>> fixed.points(2), fixed.points(4), fixed.points(6)
    ((3, 'owner'), (8, 'owner'), (12, 'estimate'))
    """

    model_config = ConfigDict(frozen=True, extra="forbid")
    entries: list[SetChartEntry] = Field(min_length=1)
    beyond_per_tile: int = Field(ge=0)
    beyond_source: ChartSource

    @model_validator(mode="after")
    def _well_formed(self) -> SetChart:
        for i, e in enumerate(self.entries):
            if e.tiles != i:
                raise ValueError(
                    f"set chart: entries must list 0, 1, 2, ... tiles in order (found {e.tiles})"
                )
        if self.entries[0].points != 0:
            raise ValueError("set chart: 0 tiles must score 0")
        for prev, cur in zip(self.entries, self.entries[1:], strict=False):
            if cur.points < prev.points:
                raise ValueError(f"set chart: {cur.tiles} tiles cannot score less than {prev.tiles}")
        return self

    def points(self, n_tiles: int) -> tuple[int, ChartSource]:
        """(points, source) for ``n_tiles`` tiles of one type."""
        if n_tiles < 0:
            raise ValueError(f"tile count cannot be negative: {n_tiles}")
        if n_tiles < len(self.entries):
            e = self.entries[n_tiles]
            return e.points, e.source
        last = self.entries[-1]
        extra = n_tiles - last.tiles
        return last.points + extra * self.beyond_per_tile, _weakest(last.source, self.beyond_source)

    def corrected(self, values: Mapping[int, int], beyond_per_tile: int | None = None) -> SetChart:
        """A copy with the owner's values from their own reference card; each gets source ``"owner"``.

        A count past the end extends the chart (the counts in between keep their current values). Values
        printed in the rulebook are the authority and cannot be changed.

        >>> load_scoring().set_chart.corrected({3: 6})
        Traceback (most recent call last):
        ...
        ValueError: set chart: 3 tiles is printed in the rulebook (5 points) and cannot be corrected
        """
        entries = list(self.entries)
        top = max(values, default=-1)
        for n in range(len(entries), top + 1):
            pts, src = self.points(n)
            entries.append(SetChartEntry(tiles=n, points=pts, source=src))
        for n, pts in values.items():
            if n < 0:
                raise ValueError(f"set chart: tile count cannot be negative: {n}")
            old = entries[n]
            if old.source == "rulebook" and old.points != pts:
                raise ValueError(
                    f"set chart: {n} tiles is printed in the rulebook ({old.points} points) "
                    "and cannot be corrected"
                )
            if old.source != "rulebook":
                entries[n] = SetChartEntry(tiles=n, points=pts, source="owner")
        data: dict[str, Any] = {
            "entries": [e.model_dump() for e in entries],
            "beyond_per_tile": self.beyond_per_tile,
            "beyond_source": self.beyond_source,
        }
        if beyond_per_tile is not None:
            data["beyond_per_tile"] = beyond_per_tile
            data["beyond_source"] = "owner"
        return SetChart.model_validate(data)

    def estimates(self) -> list[int]:
        """The tile counts whose value is an estimate, for the settings screen to mark."""
        return [e.tiles for e in self.entries if e.source == "estimate"]


class HumanRates(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    gold: int = Field(ge=0)
    mined_gem: int = Field(ge=0)
    gems_in_mine_per_point: int = Field(ge=1)
    starting_tile_counts_as: int = Field(ge=1)
    source: ChartSource


class AutomaRates(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    mine_tile: int = Field(ge=0)
    gold: int = Field(ge=0)
    mined_gem: int = Field(ge=0)
    gem_mine_tile: int = Field(ge=0)
    source: ChartSource


class BeardRank(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    min_points: int = Field(ge=0)
    name: str
    source: ChartSource


class ScoringData(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    human: HumanRates
    set_chart: SetChart
    automa: dict[Difficulty, AutomaRates]
    beard_ranks: list[BeardRank] = Field(min_length=1)

    @model_validator(mode="after")
    def _complete(self) -> ScoringData:
        if set(self.automa) != set(DIFFICULTIES):
            raise ValueError("automa: needs exactly easy, hard and punishing")
        mins = [b.min_points for b in self.beard_ranks]
        if mins[0] != 0 or mins != sorted(set(mins)):
            raise ValueError("beard_ranks: must start at 0 and rise strictly")
        return self


@cache
def load_scoring() -> ScoringData:
    """The shipped scoring data, validated.

    >>> data = load_scoring()
    >>> data.automa["punishing"].gem_mine_tile, data.automa["punishing"].source
    (2, 'rulebook')
    >>> data.set_chart.estimates()
    [0, 2, 4, 6, 7, 8, 9, 10, 11, 12]
    """
    text = resources.files("companion.rules").joinpath("data/scoring.toml").read_text("utf-8")
    return ScoringData.model_validate(tomllib.loads(text))
