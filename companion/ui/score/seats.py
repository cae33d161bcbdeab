"""One player's place on the score sheet (no Flet): colour, human or automa, the counts typed or stepped in, and
which counts the sheet asks of each kind of player, in the order the screen asks for them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.rules import words
from companion.rules.names import Color, Difficulty, GemType, PlayerKind
from companion.rules.reference import StartingTile, load_reference

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
    """A seat on the score sheet: its colour, a person or an automa (and its difficulty), the counts entered, and
    a person's starting tile as chosen on the sheet (None: the reference data's type for the colour)."""

    color: Color
    kind: PlayerKind = "human"
    difficulty: Difficulty = "hard"
    counts: dict[str, int] = field(default_factory=dict)
    name: str | None = None  # a human's name, when the table gave one
    starting_tile: GemType | None = None

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

    @property
    def _reference_tile(self) -> StartingTile:
        return load_reference().starting_tile_of(self.color)

    @property
    def start(self) -> GemType:
        """The type of the starting tile: chosen on the sheet, else the colour's in the reference data."""
        return self.starting_tile or self._reference_tile.gem

    @property
    def start_guessable(self) -> bool:
        """Whether the rulebooks leave this colour's starting tile unprinted (so the sheet asks its type)."""
        return self._reference_tile.source != "rulebook"

    @property
    def start_estimated(self) -> bool:
        """Whether :attr:`start` is the app's estimate (the rulebooks print only blue's and red's, and nobody chose
        one on the sheet)."""
        return self.starting_tile is None and self._reference_tile.source == "estimate"
