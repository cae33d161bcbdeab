"""A scored sheet as lines to show (no Flet): every line of every total with how it was counted, the ranking
with the reason for each tie, the solo verdict, and a sheet the engine refuses said in one line naming the
player.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from companion.rules import words
from companion.rules.scoring import (
    AutomaRates,
    HumanRates,
    PlayerScore,
    ScoreResult,
    SheetError,
    SoloResult,
    load_scoring,
    solo_automa,
)
from companion.ui.score.seats import AUTOMA_FIELDS, SheetSeat

MARKS = {"estimate": "estimate", "owner": "your copy"}
#: Why a starting tile's type is marked "estimate".
ESTIMATED_START = "The rulebooks print the gems of the blue and red starting tiles only; this one is the app's guess"
#: An automa's result lines are named as the sheet asks for its counts: one name for one thing.
_AUTOMA_LABEL = dict(AUTOMA_FIELDS)


@dataclass(frozen=True)
class Line:
    """One line of a total: what it is, how it was counted, its points, and whether it used an estimate."""

    label: str
    detail: str
    points: int
    #: "estimate" (the app's guess), "your copy" (corrected in Settings) or "".
    mark: str = ""
    #: What the mark is about, when not the set chart's value (a starting tile's type).
    tip: str = ""

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
    #: The people whose starting tile's type is the app's estimate: (their label, the type), for a note.
    estimated_starts: tuple[tuple[str, str], ...] = ()


def describe(result: ScoreResult, seats: Sequence[SheetSeat], turn_order: Sequence[str]) -> ResultView:
    """The engine's result for the players in ``seats`` as rows of lines, tie notes and the solo verdict."""

    def seat(color: str) -> SheetSeat:
        return next(s for s in seats if s.color == color)

    data = load_scoring()
    rows: list[Row] = []
    ahead = solo_automa([(p.color, p.kind) for p in result.players])
    notes = tie_notes([(p.color, p.total) for p in result.players], turn_order, lambda c: seat(c).label, ahead)
    any_estimate = False
    starts: list[tuple[str, str]] = []
    for p in result.players:
        lines = [Line("Track", "points scored during the game", p.breakdown.track)]
        if p.kind == "human":
            human = _human_lines(p, seat(p.color), data.human)
            any_estimate |= human[0].estimate  # the Mine tiles line, marked as its sets are
            lines += human
            if seat(p.color).start_estimated:
                starts.append((seat(p.color).label, seat(p.color).start))
        else:
            lines += _automa_lines(p, seat(p.color), data.automa[seat(p.color).difficulty])
        rows.append(Row(p.rank, p.color, seat(p.color).label, p.total, tuple(lines), notes[p.color]))
    solo = None
    if result.solo is not None:
        person = next(p for p in result.players if p.kind == "human")
        solo = solo_view(person.total, result.solo)
    return ResultView(tuple(rows), solo, None, any_estimate, tuple(starts))


def _human_lines(p: PlayerScore, seat: SheetSeat, h: HumanRates) -> list[Line]:
    """A human's lines after Track: mine tiles first (marked as its sets are), each set, gold, gems mined and in
    the mine."""
    b = p.breakdown
    start = f", the starting tile{' (its type estimated)' if seat.start_estimated else ''} counting as " \
            f"{h.starting_tile_counts_as}"
    sets = []
    for s in p.mine_tile_sets:
        mark, tip = MARKS.get(s.source, ""), ""
        if s.tile == seat.start and seat.start_estimated:
            mark, tip = "estimate", ESTIMATED_START
        sets.append(Line(f"{s.tile.capitalize()} set",
                         words.count(s.tiles, "tile") + (start if s.tile == seat.start else ""), s.points, mark, tip))
    # the Mine tiles line is marked as the set chart's values it used are (a starting tile has its own note)
    marks = {MARKS.get(s.source, "") for s in p.mine_tile_sets}
    mark = "estimate" if "estimate" in marks else "your copy" if "your copy" in marks else ""
    detail = words.join_and(words.count(s.tiles, f"{s.tile} tile") for s in p.mine_tile_sets) or "none"
    return [
        Line("Mine tiles", detail, b.mine_tiles, mark),
        *sets,
        Line("Gold", _times(seat.count("gold"), h.gold, "gold"), b.gold),
        Line("Mined gems", _times(seat.count("mined_gems"), h.mined_gem, "gem"), b.mined_gems),
        Line(
            "Gems in the mine",
            f"{words.count(seat.count('gems_in_mine'), 'gem')} / {h.gems_in_mine_per_point}, rounded up",
            b.gems_in_mine,
        ),
    ]


def _automa_lines(p: PlayerScore, seat: SheetSeat, a: AutomaRates) -> list[Line]:
    """An automa's lines after Track, at its difficulty's rates."""
    b = p.breakdown
    return [
        Line(_AUTOMA_LABEL["mine_tiles"], _times(seat.count("mine_tiles"), a.mine_tile, "tile"), b.mine_tiles),
        Line("Gold", _times(seat.count("gold"), a.gold, "gold"), b.gold),
        Line("Mined gems", _times(seat.count("mined_gems"), a.mined_gem, "gem"), b.mined_gems),
        Line(
            _AUTOMA_LABEL["gem_mine_tiles"],
            _times(seat.count("gem_mine_tiles"), a.gem_mine_tile, "gem tile"),
            b.gems_in_mine,
        ),
    ]


def error_line(err: SheetError, seats: Sequence[SheetSeat]) -> str:
    """What the engine finds wrong with the sheet, in one line naming the player and the field as the screen
    shows them: ``players[1].gem_mine_tiles`` is "Red automa (Hard): it cannot have more gem tiles ..."."""
    path = err.path
    if len(path) > 2 and path[0] == "players" and isinstance(path[1], int) and 0 <= path[1] < len(seats):
        seat = seats[path[1]]
        key = str(path[-1] if path[2] == "mine_tiles" and len(path) > 3 else path[2])
        label = dict(seat.fields(True)).get(key) or words.sheet_field(key)
        return words.sheet_said(err.code, err.fields, who=seat.label, label=label, more=err.more)
    label = " ".join(words.sheet_field(str(p)) for p in path if not isinstance(p, int))
    return words.sheet_said(err.code, err.fields, label=label, more=err.more)


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


def _times(n: int, rate: int, unit: str) -> str:
    """ "3 gems x 2", "1 tile x 4" (``unit`` is singular)."""
    return f"{words.count(n, unit)} x {rate}"
