"""The mutable state of a game in progress. The engine (``game.py`` and its parts in ``engine/``) is the only writer.

State is never saved: it is rebuilt by replaying the log, so these are plain dataclasses.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.rules.automa.choices import STASH_GEMS
from companion.rules.board.occupants import Occupant
from companion.rules.engine.rng import Rng
from companion.rules.setup import Setup


@dataclass
class Stash:
    """An automa's hidden stash: kept out of view unless the table asks."""

    gold: int = 0
    gems: dict[str, int] = field(default_factory=lambda: dict.fromkeys(STASH_GEMS, 0))
    tiles: list[dict] = field(default_factory=list)

    @property
    def mined_gems(self) -> int:
        return sum(self.gems.values())

    @property
    def gem_tiles(self) -> int:
        return sum(1 for t in self.tiles if t["kind"] == "gem")


@dataclass
class DeckPiles:
    """One automa's cards: ``draw`` (top first) and ``discard``. A card is in exactly one of them."""

    draw: list[str]
    discard: list[str] = field(default_factory=list)


@dataclass
class GameState:
    setup: Setup
    rng: Rng
    phase: str = "start"  # start | placing | round_over | scoring | over
    round: int = 0
    turn_order: list[str] = field(default_factory=list)
    beds: dict[str, set[int]] = field(default_factory=dict)
    captured: dict[str, set[int]] = field(default_factory=dict)
    benched: dict[str, set[int]] = field(default_factory=dict)
    board: dict[str, Occupant] = field(default_factory=dict)
    dragon: int = 0
    decks: dict[str, DeckPiles] = field(default_factory=dict)
    stash: dict[str, Stash] = field(default_factory=dict)
    points: dict[str, int] = field(default_factory=dict)
    dragon_tiles: dict[str, int] = field(default_factory=dict)
    special_tiles: dict[str, set[str]] = field(default_factory=dict)
    golem_owner: str | None = None
    tasks: list[dict] = field(default_factory=list)
    final_scores: dict[str, int] | None = None
    final_sheet: Mapping[str, Any] | None = None
    #: The last die a human rolled for the dragon, while Time Warp may still re-roll it (rules version 2): the
    #: step right after it. Its colour, value, who rolled it, the dragon before it and the automa's piles then.
    last_die: dict | None = None

    @classmethod
    def start(cls, setup: Setup) -> GameState:
        colors = [p.color for p in setup.players]
        return cls(
            setup=setup,
            rng=Rng(setup.seed),
            turn_order=list(colors),
            beds={c: set() for c in colors},
            captured={c: set() for c in colors},
            benched={c: set() for c in colors},
            stash={p.color: Stash() for p in setup.automa},
            points=dict.fromkeys(colors, 0),
            dragon_tiles=dict.fromkeys(colors, 0),
            special_tiles={c: set() for c in colors},
        )

    def put(self, occupant: Occupant, space: str, dislodged: Occupant | None, sacrifice: bool = False) -> None:
        """``occupant`` takes ``space``; whoever it dislodges goes back to bed (the golem leaves the board; a Blood
        Sacrifice sends the dwarf to the capture box)."""
        if dislodged is not None:
            if dislodged.golem:
                pass  # the golem leaves the board; its controller may place it again
            elif sacrifice:
                self.captured[dislodged.color].add(dislodged.dwarf)
            else:
                self.beds[dislodged.color].add(dislodged.dwarf)
        self.board[space] = occupant

    def capture(self, color: str, dwarf: int) -> None:
        """The dragon captures ``color #dwarf``, wherever it was."""
        for space, occ in list(self.board.items()):
            if occ.color == color and occ.dwarf == dwarf and not occ.golem:
                del self.board[space]
        self.beds[color].discard(dwarf)
        self.benched[color].discard(dwarf)
        self.captured[color].add(dwarf)

    def in_temple(self, color: str) -> bool:
        """Whether a dwarf of ``color`` (not the golem) stands in the Temple."""
        occ = self.board.get("temple")
        return occ is not None and occ.color == color and not occ.golem

    def golem_space(self) -> str | None:
        return next((s for s, o in self.board.items() if o.golem), None)

    def where(self, color: str, dwarf: int) -> str:
        """'bed', 'captured', 'out' (benched) or the space id where the dwarf stands."""
        for space, occ in self.board.items():
            if occ.color == color and occ.dwarf == dwarf and not occ.golem:
                return space
        if dwarf in self.beds[color]:
            return "bed"
        if dwarf in self.captured[color]:
            return "captured"
        return "out"
