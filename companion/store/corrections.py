"""The owner's corrections of reference values, as the settings file holds them: bounded and checked together.

The rules of what may be corrected, and how a correction is applied, are :mod:`companion.store.settings`'s
(``correct``, ``effective_reference``); this is the value's shape alone.
"""

from __future__ import annotations

import logging
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from companion.rules.reference import load_reference

log = logging.getLogger(__name__)

TavernRewardKind = Literal["none", "gold", "beer", "gems"]
TavernSpace = Literal["tavern_1", "tavern_2", "tavern_3", "tavern_4"]


class TavernCorrection(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    reward: TavernRewardKind
    amount: int = Field(ge=0, le=5)


#: Bounds of the owner's corrections: wide enough for any printed copy, narrow enough that no number in a
#: settings file can make the app build a huge chart or score with absurd values.
GOLD_MAX = 50
CHART_TILES_MAX = 30
CHART_POINTS_MAX = 200

Gold = Annotated[int, Field(ge=0, le=GOLD_MAX)]
ChartTiles = Annotated[int, Field(ge=1, le=CHART_TILES_MAX)]
ChartPoints = Annotated[int, Field(ge=0, le=CHART_POINTS_MAX)]


class Corrections(BaseModel):
    """Reference values the owner read from their own copy of the game. ``None`` means "use the app's".

    Every value is bounded and checked together here, so a settings file that parses is also one the app can
    play with (:func:`read_settings` additionally builds the effective reference and set chart from it).
    """

    model_config = ConfigDict(frozen=True, extra="ignore")
    dragon_track: int | None = Field(default=None, ge=1, le=12)
    starting_gold: tuple[Gold, Gold, Gold, Gold] | None = None
    tavern: dict[TavernSpace, TavernCorrection] = Field(default_factory=dict)
    #: Points for N tiles of one type, from the owner's player reference card (only counts not printed in the
    #: rulebook).
    set_chart: dict[ChartTiles, ChartPoints] = Field(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _without_printed(cls, raw: Any) -> Any:
        """Drops a correction of a printed value: an older version offered one for the bottom tavern space, and
        its file must still load (the printed value is the authority)."""
        tavern = raw.get("tavern") if isinstance(raw, dict) else None
        printed = set(load_reference().printed())
        if isinstance(tavern, dict) and printed & tavern.keys():
            log.warning("settings: corrections of %s dropped: printed in the rulebook", sorted(printed & tavern.keys()))
            raw = {**raw, "tavern": {k: v for k, v in tavern.items() if k not in printed}}
        return raw

    @model_validator(mode="after")
    def _consistent(self) -> Corrections:
        gold = self.starting_gold
        if gold is not None and any(a >= b for a, b in zip(gold, gold[1:], strict=False)):
            raise ValueError("starting gold must rise from the 1st to the 4th player")
        for space, fix in self.tavern.items():
            if fix.reward == "none" and fix.amount != 0:
                raise ValueError(f"{space}: a tavern space with no reward has amount 0")
            if fix.reward != "none" and fix.amount == 0:
                raise ValueError(f"{space}: a tavern reward needs an amount of at least 1")
        return self
