"""One player's place on the score sheet (no Flet): colour, human or automa, the counts typed or stepped in, and
which counts the sheet asks of each kind of player, in the order the screen asks for them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.rules import words
from companion.rules.names import Color, Difficulty, PlayerKind

#: The count fields of each kind of player, in the order the screen asks for them: (key, label).
HUMAN_FIELDS: tuple[tuple[str, str], ...] = (
    ("track", "Track points"),
    ("ruby", "Ruby tiles"),
    ("emerald", "Emerald tiles"),
    ("sapphire", "Sapphire tiles"),
    ("diamond", "Diamond tiles"),
    ("special", "Special tiles"),
    ("mana", "Mana tiles"),
    ("gold", "Gold"),
    ("mined_gems", "Mined gems"),
    ("gems_in_mine", "Gems in mine"),
)
AUTOMA_FIELDS: tuple[tuple[str, str], ...] = (
    ("track", "Track points"),
    ("mine_tiles", "Tiles in stack"),
    ("gem_mine_tiles", "Gem tiles in stack"),
    ("gold", "Gold"),
    ("mined_gems", "Mined gems"),
)


def colour_name(color: str) -> str:
    return color.capitalize()


@dataclass
class SheetSeat:
    """A seat on the score sheet: its colour, a person or an automa (and its difficulty), the counts entered."""

    color: Color
    kind: PlayerKind = "human"
    difficulty: Difficulty = "hard"
    counts: dict[str, int] = field(default_factory=dict)
    name: str | None = None  # a human's name, when the table gave one

    @property
    def label(self) -> str:
        if self.kind == "automa":
            return f"{colour_name(self.color)} automa ({self.difficulty.capitalize()})"
        return words.named(self.name, self.color)

    def fields(self, expansion: bool) -> tuple[tuple[str, str], ...]:
        if self.kind == "automa":
            return AUTOMA_FIELDS
        return tuple(f for f in HUMAN_FIELDS if expansion or f[0] != "mana")

    def count(self, key: str) -> int:
        return self.counts.get(key, 0)
