"""Score a game: the sheet being filled in, and the result as lines to show (no Flet here).

The presenter keeps what the players entered (players, human or automa, counts, final turn order; one
:class:`~companion.ui.score.seats.SheetSeat` a player) and turns it into the engine's
:class:`~companion.rules.scoring.ScoreSheet`; :meth:`ScorePresenter.result` scores it and describes every line
of every total, the ranking with the reason for each tie, and the solo verdict (:mod:`companion.ui.score.result`).

>>> p = ScorePresenter.solo()
>>> [s.label for s in p.seats]
['Blue', 'Red automa (Hard)', 'Green automa (Hard)']
>>> p.set_count("blue", "gold", "11")
>>> view = p.result()
>>> view.rows[0].color, view.rows[0].total
('blue', 24)
>>> view.solo.headline
'You win with 24 (the best automa has 0). Beard rank: Stubble.'
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import ValidationError

from companion.rules.names import GEM_TYPES, PLAYER_KINDS, Color, Difficulty, PlayerKind
from companion.rules.scoring import (
    BASE_TILE_TYPES,
    COLORS,
    DIFFICULTIES,
    MAX_COUNT,
    TILE_TYPES,
    ScoreSheet,
    SetChart,
    score,
    sheet_error,
)
from companion.ui.score.result import (
    Line,
    ResultView,
    Row,
    SoloView,
    describe,
    error_line,
    solo_view,
    tie_notes,
)
from companion.ui.score.seats import AUTOMA_FIELDS, HUMAN_FIELDS, SheetSeat, colour_name


class ScorePresenter:
    """The sheet being filled in: who plays, their counts and the final turn order."""

    def __init__(self, seats: Sequence[SheetSeat] | None = None, expansion: bool = True):
        self.seats: list[SheetSeat] = list(seats) if seats else [SheetSeat("blue"), SheetSeat("yellow")]
        self.expansion = expansion
        self.turn_order: list[str] = [s.color for s in self.seats]

    # ------------------------------------------------------------------------------------------ presets
    @classmethod
    def solo(cls, difficulty: Difficulty = "hard") -> ScorePresenter:
        """One human (blue) against the red and green automa, expansion."""
        return cls(
            [
                SheetSeat("blue"),
                SheetSeat("red", "automa", difficulty),
                SheetSeat("green", "automa", difficulty),
            ],
            expansion=True,
        )

    @classmethod
    def group(cls, n: int = 4, expansion: bool = False) -> ScorePresenter:
        """``n`` humans, no automa."""
        order: tuple[Color, ...] = ("blue", "red", "green", "yellow")
        return cls([SheetSeat(c) for c in order[:n]], expansion=expansion)

    # ------------------------------------------------------------------------------------------ the seats
    def seat(self, color: str) -> SheetSeat:
        return next(s for s in self.seats if s.color == color)

    def free_colours(self) -> list[Color]:
        used = {s.color for s in self.seats}
        return [c for c in COLORS if c not in used]

    @property
    def can_add(self) -> bool:
        return len(self.seats) < 4

    @property
    def can_remove(self) -> bool:
        return len(self.seats) > 1

    def add_player(self, kind: PlayerKind = "human") -> SheetSeat:
        if not self.can_add:
            raise ValueError("four players at most")
        seat = SheetSeat(self.free_colours()[0], kind)
        self.seats.append(seat)
        self.turn_order.append(seat.color)
        return seat

    def remove_player(self, color: str) -> None:
        if not self.can_remove:
            raise ValueError("at least one player")
        self.seats = [s for s in self.seats if s.color != color]
        self.turn_order = [c for c in self.turn_order if c != color]

    def set_kind(self, color: str, kind: str) -> None:
        if kind not in PLAYER_KINDS:
            raise ValueError(f"kind: human or automa, not {kind!r}")
        seat = self.seat(color)
        if seat.kind != kind:
            seat.kind = kind
            seat.counts = {k: v for k, v in seat.counts.items() if k in ("track", "gold", "mined_gems")}
            seat.starting_tile = None

    def set_difficulty(self, color: str, difficulty: str) -> None:
        if difficulty not in DIFFICULTIES:
            raise ValueError(f"difficulty: one of {', '.join(DIFFICULTIES)}")
        self.seat(color).difficulty = difficulty

    def set_colour(self, color: str, new: str) -> None:
        """Give the player ``color`` the colour ``new``; a player who had ``new`` takes ``color`` (a swap)."""
        if new not in COLORS:
            raise ValueError(f"colour: one of {', '.join(COLORS)}")
        if new == color:
            return
        seat = self.seat(color)
        other = next((s for s in self.seats if s.color == new), None)
        if other is not None:
            other.color, other.starting_tile = seat.color, None  # a starting tile goes with its colour
        seat.color, seat.starting_tile = new, None
        self.turn_order = [new if c == color else color if c == new else c for c in self.turn_order]

    def set_starting_tile(self, color: str, gem: str) -> None:
        """The type of a person's starting tile, as their tile shows it (the rulebooks print only blue's and
        red's: the others are the app's estimates)."""
        if gem not in GEM_TYPES:
            raise ValueError(f"starting tile: one of {', '.join(GEM_TYPES)}")
        seat = self.seat(color)
        if seat.kind != "human":
            raise ValueError(f"{seat.label}: an automa has no starting tile")
        seat.starting_tile = gem

    def set_expansion(self, on: bool) -> None:
        self.expansion = bool(on)

    # ------------------------------------------------------------------------------------------ counts
    def set_count(self, color: str, key: str, text: str | int) -> str | None:
        """Set a count from what was typed; returns an error line (and keeps the old value) if it is not one."""
        raw = str(text).strip()
        if raw == "":
            value = 0
        else:
            try:
                value = int(raw)
            except ValueError:
                return f"{colour_name(color)} {self._field_label(color, key).lower()}: enter a whole number"
        if not 0 <= value <= MAX_COUNT:
            return f"{colour_name(color)} {self._field_label(color, key).lower()}: enter 0 to {MAX_COUNT}"
        self.seat(color).counts[key] = value
        return None

    def step(self, color: str, key: str, delta: int) -> int:
        """Add ``delta`` to a count (never below 0); returns the new value."""
        seat = self.seat(color)
        value = min(MAX_COUNT, max(0, seat.count(key) + delta))
        seat.counts[key] = value
        return value

    def _field_label(self, color: str, key: str) -> str:
        return dict(self.seat(color).fields(True)).get(key, key)

    # ------------------------------------------------------------------------------------------ turn order
    def move(self, color: str, delta: int) -> None:
        """Move ``color`` up (``-1``) or down (``+1``) in the final turn order."""
        i = self.turn_order.index(color)
        j = max(0, min(len(self.turn_order) - 1, i + delta))
        order = self.turn_order
        order[i], order[j] = order[j], order[i]

    # ------------------------------------------------------------------------------------------ scoring
    def sheet(self) -> ScoreSheet:
        """The engine's score sheet; a ``ValidationError`` names the player by index (``("players", 1, ...)``)."""
        players: list[dict] = []
        for s in self.seats:
            if s.kind == "human":
                tiles = {t: s.count(t) for t in TILE_TYPES if self.expansion or t != "mana"}
                players.append(
                    {
                        "kind": "human",
                        "color": s.color,
                        "track": s.count("track"),
                        # always said: the sheet keeps the type it was scored with, whatever the data says later
                        "starting_tile": s.start,
                        "mine_tiles": tiles,
                        "gold": s.count("gold"),
                        "mined_gems": s.count("mined_gems"),
                        "gems_in_mine": s.count("gems_in_mine"),
                    }
                )
            else:
                players.append(
                    {
                        "kind": "automa",
                        "color": s.color,
                        "difficulty": s.difficulty,
                        **{key: s.count(key) for key, _ in AUTOMA_FIELDS},
                    }
                )
        raw = {"expansion": self.expansion, "final_turn_order": list(self.turn_order), "players": players}
        return ScoreSheet.model_validate(raw)

    def result(self, chart: SetChart | None = None) -> ResultView:
        try:
            result = score(self.sheet(), chart)
        except ValidationError as err:
            return ResultView(error=error_line(sheet_error(err), self.seats))
        except ValueError as err:
            return ResultView(error=str(err).splitlines()[0])
        return describe(result, self.seats, self.turn_order)


#: The sheet's parts live in ``seats`` and ``result``; the screens and tests take them from here too.
__all__ = [
    "AUTOMA_FIELDS",
    "BASE_TILE_TYPES",
    "HUMAN_FIELDS",
    "Line",
    "ResultView",
    "Row",
    "ScorePresenter",
    "SheetSeat",
    "SoloView",
    "colour_name",
    "solo_view",
    "tie_notes",
]
