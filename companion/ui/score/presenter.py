"""Score a game: the sheet being filled in, and the result as lines to show (no Flet here).

The presenter keeps what the players entered (players, human or automa, counts, final turn order) and turns
it into the engine's :class:`~companion.rules.scoring.ScoreSheet`; :meth:`ScorePresenter.result` scores it and
describes every line of every total, the ranking with the reason for each tie, and the solo verdict.

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

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field

from pydantic import ValidationError

from companion.rules import words
from companion.rules.scoring import (
    BASE_TILE_TYPES,
    COLOR_GEM,
    COLORS,
    DIFFICULTIES,
    MAX_COUNT,
    TILE_TYPES,
    ScoreResult,
    ScoreSheet,
    SetChart,
    SoloResult,
    load_scoring,
    score,
    sheet_error,
    solo_automa,
)

KINDS = ("human", "automa")
MARKS = {"estimate": "estimate", "owner": "your copy"}

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
#: An automa's result lines are named as the sheet asks for its counts: one name for one thing.
_AUTOMA_LABEL = dict(AUTOMA_FIELDS)
CATEGORY_LABELS = {
    "track": "Track",
    "mine_tiles": "Mine tiles",
    "gold": "Gold",
    "mined_gems": "Mined gems",
    "gems_in_mine": "Gems in the mine",
}


def colour_name(color: str) -> str:
    return color.capitalize()


@dataclass
class SeatState:
    color: str
    kind: str = "human"
    difficulty: str = "hard"
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


@dataclass(frozen=True)
class Line:
    """One line of a total: what it is, how it was counted, its points, and whether it used an estimate."""

    label: str
    detail: str
    points: int
    #: "estimate" (the app's guess), "your copy" (corrected in Settings) or "".
    mark: str = ""

    @property
    def estimate(self) -> bool:
        return self.mark == "estimate"


@dataclass(frozen=True)
class Row:
    rank: int
    color: str
    label: str
    total: int
    lines: tuple[Line, ...]
    #: Why this player ranks where it does when it tied with a neighbour, else "".
    tie_note: str = ""


@dataclass(frozen=True)
class SoloView:
    win: bool
    headline: str
    beard_rank: str | None


@dataclass(frozen=True)
class ResultView:
    rows: tuple[Row, ...] = ()
    solo: SoloView | None = None
    error: str | None = None
    estimates_used: bool = False


def _times(n: int, rate: int, unit: str) -> str:
    """ "3 gems x 2", "1 tile x 4" (``unit`` is singular)."""
    return f"{words.count(n, unit)} x {rate}"


class ScorePresenter:
    def __init__(self, seats: Sequence[SeatState] | None = None, expansion: bool = True):
        self.seats: list[SeatState] = list(seats) if seats else [SeatState("blue"), SeatState("yellow")]
        self.expansion = expansion
        self.turn_order: list[str] = [s.color for s in self.seats]

    # ------------------------------------------------------------------------------------------ presets
    @classmethod
    def solo(cls, difficulty: str = "hard") -> ScorePresenter:
        """One human (blue) against the red and green automa, expansion."""
        return cls(
            [
                SeatState("blue"),
                SeatState("red", "automa", difficulty),
                SeatState("green", "automa", difficulty),
            ],
            expansion=True,
        )

    @classmethod
    def group(cls, n: int = 4, expansion: bool = False) -> ScorePresenter:
        """``n`` humans, no automa."""
        order = ("blue", "red", "green", "yellow")
        return cls([SeatState(c) for c in order[:n]], expansion=expansion)

    # ------------------------------------------------------------------------------------------ the seats
    def seat(self, color: str) -> SeatState:
        return next(s for s in self.seats if s.color == color)

    def free_colours(self) -> list[str]:
        used = {s.color for s in self.seats}
        return [c for c in COLORS if c not in used]

    @property
    def can_add(self) -> bool:
        return len(self.seats) < 4

    @property
    def can_remove(self) -> bool:
        return len(self.seats) > 1

    def add_player(self, kind: str = "human") -> SeatState:
        if not self.can_add:
            raise ValueError("four players at most")
        seat = SeatState(self.free_colours()[0], kind)
        self.seats.append(seat)
        self.turn_order.append(seat.color)
        return seat

    def remove_player(self, color: str) -> None:
        if not self.can_remove:
            raise ValueError("at least one player")
        self.seats = [s for s in self.seats if s.color != color]
        self.turn_order = [c for c in self.turn_order if c != color]

    def set_kind(self, color: str, kind: str) -> None:
        if kind not in KINDS:
            raise ValueError(f"kind: human or automa, not {kind!r}")
        seat = self.seat(color)
        if seat.kind != kind:
            seat.kind = kind
            seat.counts = {k: v for k, v in seat.counts.items() if k in ("track", "gold", "mined_gems")}

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
            other.color = color
        seat.color = new
        self.turn_order = [new if c == color else color if c == new else c for c in self.turn_order]

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
        """The engine's score sheet; a ``ValidationError`` names the player by index (``players[1]...``)."""
        players: list[dict] = []
        for s in self.seats:
            if s.kind == "human":
                tiles = {t: s.count(t) for t in TILE_TYPES if self.expansion or t != "mana"}
                players.append(
                    {
                        "kind": "human",
                        "color": s.color,
                        "track": s.count("track"),
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
            return ResultView(error=self._error_line(str(sheet_error(err))))
        except ValueError as err:
            return ResultView(error=str(err).splitlines()[0])
        return self._describe(result)

    def _error_line(self, message: str) -> str:
        # "players[1].gem_mine_tiles: must be <= mine_tiles" -> "Red automa: gem mine tiles among them ..."
        head, _, what = message.partition(": ")
        if head.startswith("players[") and "]" in head:
            index = int(head[len("players[") : head.index("]")])
            key = head[head.index("]") + 2 :]
            if 0 <= index < len(self.seats):
                seat = self.seats[index]
                if key == "gem_mine_tiles":
                    return f"{seat.label}: it cannot have more gem tiles than tiles in its stack"
                label = dict(seat.fields(True)).get(key) or words.name_of(key)
                return f"{seat.label}: {label.lower()} {words.plain(what)}"
        return words.plain(message)

    def _describe(self, result: ScoreResult) -> ResultView:
        data = load_scoring()
        rows: list[Row] = []
        ahead = solo_automa([(p.color, p.kind) for p in result.players])
        notes = tie_notes(
            [(p.color, p.total) for p in result.players], self.turn_order, lambda c: self.seat(c).label, ahead
        )
        any_estimate = False
        for p in result.players:
            seat = self.seat(p.color)
            b = p.breakdown
            lines: list[Line] = [Line("Track", "points scored during the game", b.track)]
            if p.kind == "human":
                h = data.human
                start = _start(seat)
                sets = [
                    Line(
                        f"{s.tile.capitalize()} set",
                        words.count(s.tiles, "tile")
                        + (f", the starting tile counting as {h.starting_tile_counts_as}" if s.tile == start else ""),
                        s.points,
                        MARKS.get(s.source, ""),
                    )
                    for s in p.mine_tile_sets
                ]
                marks = {s.mark for s in sets}
                mark = "estimate" if "estimate" in marks else "your copy" if "your copy" in marks else ""
                any_estimate |= mark == "estimate"
                detail = words.join_and(words.count(s.tiles, f"{s.tile} tile") for s in p.mine_tile_sets) or "none"
                lines.append(Line("Mine tiles", detail, b.mine_tiles, mark))
                lines += sets
                lines.append(Line("Gold", _times(seat.count("gold"), h.gold, "gold"), b.gold))
                lines.append(Line("Mined gems", _times(seat.count("mined_gems"), h.mined_gem, "gem"), b.mined_gems))
                lines.append(
                    Line(
                        "Gems in the mine",
                        f"{words.count(seat.count('gems_in_mine'), 'gem')} / {h.gems_in_mine_per_point}, rounded up",
                        b.gems_in_mine,
                    )
                )
            else:
                a = data.automa[seat.difficulty]
                lines += [
                    Line(
                        _AUTOMA_LABEL["mine_tiles"], _times(seat.count("mine_tiles"), a.mine_tile, "tile"), b.mine_tiles
                    ),
                    Line("Gold", _times(seat.count("gold"), a.gold, "gold"), b.gold),
                    Line("Mined gems", _times(seat.count("mined_gems"), a.mined_gem, "gem"), b.mined_gems),
                    Line(
                        _AUTOMA_LABEL["gem_mine_tiles"],
                        _times(seat.count("gem_mine_tiles"), a.gem_mine_tile, "gem tile"),
                        b.gems_in_mine,
                    ),
                ]
            rows.append(Row(p.rank, p.color, seat.label, p.total, tuple(lines), notes[p.color]))
        solo = None
        if result.solo is not None:
            human = next(p for p in result.players if p.kind == "human")
            solo = solo_view(human.total, result.solo)
        return ResultView(tuple(rows), solo, None, any_estimate)


def tie_notes(
    ranked: Sequence[tuple[str, int]],
    turn_order: Sequence[str],
    label: Callable[[str], str],
    ahead_on_tie: Collection[str] = (),
) -> dict[str, str]:
    """Why each player ranks where it does when it tied with a neighbour in ``ranked`` (colour, total), else "".

    ``ahead_on_tie``: the automa of a solo game, ahead of the human on equal points (a solo tie is a loss).

    >>> tie_notes([("red", 96), ("blue", 96), ("green", 50)], ["red", "blue", "green"], str.capitalize)["blue"]
    'ties Red on 96 and ranks lower: later in the final turn order'
    >>> tie_notes([("red", 96), ("blue", 96)], ["blue", "red"], str.capitalize, ahead_on_tie=["red"])["blue"]
    'ties Red on 96 and ranks lower: a solo tie goes to the automa'
    """
    ahead = set(ahead_on_tie)
    totals = [total for _, total in ranked]
    notes: dict[str, str] = {}
    for i, (color, total) in enumerate(ranked):
        reasons: dict[str, list[str]] = {}
        for j in (i - 1, i + 1):
            if not 0 <= j < len(totals) or totals[j] != total:
                continue
            other = ranked[j][0]
            place = "higher" if j > i else "lower"
            if (color in ahead) != (other in ahead):
                why = "a solo tie goes to the automa"
            else:
                why = "earlier in the final turn order" if j > i else "later in the final turn order"
            reasons.setdefault(f"ranks {place}: {why}", []).append(label(other))
        notes[color] = "; ".join(f"ties {' and '.join(names)} on {total} and {what}" for what, names in reasons.items())
    return notes


def solo_view(human_total: int, solo: SoloResult) -> SoloView:
    """The solo verdict as a headline: a win needs more points than both automa (a tie is a loss)."""
    if solo.verdict == "win":
        headline = f"You win with {human_total} (the best automa has {solo.to_beat}). Beard rank: {solo.beard_rank}."
    else:
        headline = f"The automa win: you have {human_total} and needed more than {solo.to_beat} (a tie is not a win)."
    return SoloView(solo.verdict == "win", headline, solo.beard_rank)


def _start(seat: SeatState) -> str:
    return COLOR_GEM[seat.color]


__all__ = [
    "AUTOMA_FIELDS",
    "BASE_TILE_TYPES",
    "HUMAN_FIELDS",
    "KINDS",
    "Line",
    "ResultView",
    "Row",
    "ScorePresenter",
    "SeatState",
    "SoloView",
    "solo_view",
    "tie_notes",
]
