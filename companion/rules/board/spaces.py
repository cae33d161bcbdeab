"""The action spaces of the board, loaded from ``data/spaces.toml`` and validated.

>>> SPACES["treasure_hoard"].dragon
True
>>> [s.id for s in spaces_for(expansion=False)][-1]
'tavern_4'
>>> SPACES["dwarf_king"].all_play
True
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources

from pydantic import BaseModel, ConfigDict, Field

from companion.rules.names import Source

TAVERN_SPACES = ("tavern_1", "tavern_2", "tavern_3", "tavern_4")
ALL_PLAY_SPACES = ("tunnel", "mine", "gem_market", "dwarf_king", "wizards_cave")


class ActionSpace(BaseModel):
    """One placement circle on the board: one dwarf at a time."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    multiplier: int = Field(ge=1, le=3)
    all_play_bonus: str | None = None
    dragon: bool
    locked: bool
    expansion: bool
    source: Source

    @property
    def all_play(self) -> bool:
        return self.all_play_bonus is not None


class _SpaceFile(BaseModel):
    spaces: list[ActionSpace]


@cache
def _load() -> dict[str, ActionSpace]:
    raw = tomllib.loads(resources.files("companion.rules").joinpath("data/spaces.toml").read_text("utf-8"))
    spaces = _SpaceFile.model_validate(raw).spaces
    return {s.id: s for s in spaces}


SPACES: dict[str, ActionSpace] = _load()
SPACE_IDS: tuple[str, ...] = tuple(SPACES)
#: The spaces whose claim makes the placer roll for the dragon, and those that start an all-play walk, as sets
#: read once: a game asks after every placement (about 90 times).
DRAGON_SPACES = frozenset(sid for sid, sp in SPACES.items() if sp.dragon)
WALK_SPACES = frozenset(sid for sid, sp in SPACES.items() if sp.all_play)


def spaces_for(expansion: bool) -> list[ActionSpace]:
    """The spaces on the table for a base or an expansion game, in board order."""
    return [s for s in SPACES.values() if expansion or not s.expansion]
