"""History: every stored game, the record per difficulty, and the solo scores over time (no Flet here).

>>> format_rate(3, 4), format_rate(0, 0), _one_decimal(96.0), _one_decimal(112.25)
('75%', '-', '96', '112.2')
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, tzinfo
from typing import TypedDict

from companion.rules import words
from companion.rules.automa.calibration import band as calibration_band
from companion.rules.names import DIFFICULTIES
from companion.rules.words.game import replay_problem
from companion.store import DifficultyStats, GameInfo, GameSummary, Store, StoreError
from companion.store.calibration_file import bands_in_use, deck_bands
from companion.store.session import GameSession

#: (p10, p50, p90) of the automa's scores at a difficulty, or None when they have not been computed.
BandSource = Callable[[str], "tuple[int, int, int] | None"]



def colour_name(color: str) -> str:
    return color.capitalize()


def format_rate(wins: int, games: int) -> str:
    return f"{round(100 * wins / games)}%" if games else "-"


def format_when(when: datetime, tz: tzinfo | None = None) -> str:
    """ "12 Mar 2026, 20:14" in local time (``tz`` for tests)."""
    local = when.astimezone(tz)
    return f"{local.day} {local:%b %Y, %H:%M}"


@dataclass(frozen=True)
class GameRow:
    """One stored game in the list."""

    id: int
    title: str  # "Game 3"
    when: str  # "12 Mar 2026, 20:14" (started)
    players: str  # "Blue, Red automa (Hard), Green automa (Hard)"
    colors: tuple[str, ...]
    in_progress: bool
    status: str  # "in progress" | "finished"
    scores: str = ""  # "Blue 118, Red automa 104, Green automa 97" (finished games), best first
    winner: str = ""  # "Blue wins"
    verdict: str = ""  # "Solo win, beard rank Balbo" | "Solo loss"
    solo_win: bool | None = None
    open_label: str = ""  # "Continue game 3" (in progress)
    result_label: str = ""  # "Result of game 3" (finished)
    delete_label: str = ""  # "Delete game 3"


class _RowCommon(TypedDict):
    """What every :class:`GameRow` has, finished or not."""

    id: int
    title: str
    when: str
    players: str
    colors: tuple[str, ...]
    delete_label: str


@dataclass(frozen=True)
class StatsRow:
    """The record at one difficulty (or of the games without automa)."""

    difficulty: str | None
    title: str  # "Hard", "Without automa"
    games: int
    solo_games: int
    solo_wins: int
    win_rate: str  # "75%" or "-"
    best: int | None
    average: str  # "112.5" or "-"
    beard_ranks: tuple[tuple[str, int], ...]  # (rank, times reached), lowest first


@dataclass(frozen=True)
class ChartPoint:
    x: int  # the solo game's number at this difficulty, in time order, from 1
    y: int  # the player's score
    win: bool
    label: str  # "12 Mar 2026: 118, win"


@dataclass(frozen=True)
class ChartBand:
    p10: int
    p50: int
    p90: int


@dataclass(frozen=True)
class ChartModel:
    """The player's solo scores at one difficulty, against the automa's usual scores there."""

    difficulty: str | None  # None: no solo game yet
    #: The difficulties with solo games, to choose from: (difficulty, "Hard (3)").
    choices: tuple[tuple[str, str], ...]
    points: tuple[ChartPoint, ...]
    band: ChartBand | None
    #: Said under the chart: what the shading is, or that there is none (no solo game, no simulated band).
    note: str
    min_y: int
    max_y: int
    y_step: int
    x_labels: tuple[tuple[int, str], ...]  # (x, "12 Mar")
    summary: str  # one sentence for a screen reader


@dataclass(frozen=True)
class HistoryView:
    games: tuple[GameRow, ...]
    stats: tuple[StatsRow, ...]
    chart: ChartModel
    error: str | None = None

    @property
    def empty(self) -> bool:
        return not self.games


@dataclass(frozen=True)
class Confirm:
    """What the delete dialog says."""

    title: str
    text: str
    yes: str
    no: str = "Keep it"


class HistoryPresenter:
    def __init__(self, store: Store, band: BandSource = calibration_band, tz: tzinfo | None = None) -> None:
        self.store = store
        self.band = band
        self.tz = tz
        self.error: str | None = None
        #: The difficulty the chart shows (None: the one of the latest solo game).
        self.chart_difficulty: str | None = None
        self._difficulty: dict[int, dict[str, str]] = {}  # game id -> automa colour -> difficulty
        #: The data folder whose transcribed decks' bands the chart shows (None: the app's decks' only).
        self.data_dir: str | os.PathLike[str] | None = None

    @classmethod
    def with_deck_bands(cls, store: Store, data_dir: str | os.PathLike[str]) -> HistoryPresenter:
        """History whose chart shows the bands of the decks in use: a calibrated transcription's, else the app's."""
        p = cls(store, band=deck_bands(data_dir))
        p.data_dir = data_dir
        return p

    def bands_from(self) -> str:
        """Which decks' simulated games the chart's band comes from, in words ("the app's decks")."""
        return bands_in_use(self.data_dir)[1] if self.data_dir is not None else "the app's decks"

    # ------------------------------------------------------------------------------------------ the view
    def view(self) -> HistoryView:
        try:
            games = self.store.list_games()
            stats = self.store.history_stats()
        except StoreError as err:
            return HistoryView((), (), _chart([], None, self.tz, None), error=str(err))
        rows = tuple(self._row(g) for g in games)
        stats_rows = tuple(_stats_row(s) for s in stats.by_difficulty.values())
        chart = _chart(games, self.band, self.tz, self.chart_difficulty)
        return HistoryView(rows, stats_rows, chart, self.error)

    def _difficulties(self, info: GameInfo) -> dict[str, str]:
        """The automa's difficulties, from the game's setup (read once per game)."""
        if info.id not in self._difficulty:
            try:
                players = self.store.load(info.id).header.get("setup", {}).get("players", [])
                found = {p["color"]: p["difficulty"] for p in players if p.get("difficulty")}
            except (StoreError, AttributeError, KeyError, TypeError):
                found = {}
            self._difficulty[info.id] = found
        return self._difficulty[info.id]

    def _label(self, info: GameInfo, color: str, kind: str) -> str:
        if kind != "automa":
            named = next((p.get("name") for p in info.players if p["color"] == color and p.get("name")), None)
            return words.named(named, color)
        difficulty = info.summary.difficulty if info.summary and info.summary.difficulty else None
        difficulty = difficulty or self._difficulties(info).get(color)
        return f"{colour_name(color)} automa" + (f" ({difficulty.capitalize()})" if difficulty else "")

    def _row(self, info: GameInfo) -> GameRow:
        kinds = {p["color"]: p["kind"] for p in info.players}
        players = ", ".join(self._label(info, c, k) for c, k in kinds.items())
        title = f"Game {info.id}"
        common: _RowCommon = {
            "id": info.id,
            "title": title,
            "when": format_when(info.started, self.tz),
            "players": players,
            "colors": tuple(kinds),
            "delete_label": f"Delete game {info.id}",
        }
        if not info.finished:
            return GameRow(in_progress=True, status="in progress", open_label=f"Continue game {info.id}", **common)
        s = info.summary
        if s is None:
            return GameRow(
                in_progress=False,
                status="finished",
                scores="no scores kept",
                result_label=f"Result of game {info.id}",
                **common,
            )

        def name(c: str) -> str:
            return self._label(info, c, "human") if kinds.get(c) != "automa" else f"{colour_name(c)} automa"

        # A solo tie is a loss, so the automa ranks ahead of the human on equal points (also for games saved
        # before that ruling, whose stored winner may be the human).
        solo = s.verdict is not None
        ranked = sorted(s.scores, key=lambda c: (-s.scores[c], solo and c in s.humans, c != s.winner))
        verdict = ""
        if s.verdict == "win":
            verdict = f"Solo win, beard rank {s.beard_rank}" if s.beard_rank else "Solo win"
        elif s.verdict == "loss":
            verdict = "Solo loss"
        return GameRow(
            in_progress=False,
            status="finished",
            scores=", ".join(f"{name(c)} {s.scores[c]}" for c in ranked),
            winner=f"{name(ranked[0])} wins",
            verdict=verdict,
            solo_win=None if s.verdict is None else s.verdict == "win",
            result_label=f"Result of game {info.id}",
            **common,
        )

    # ------------------------------------------------------------------------------------------ actions
    def show_chart(self, difficulty: str) -> None:
        """Draw the solo scores of ``difficulty`` (one band at a time keeps the chart readable)."""
        self.chart_difficulty = difficulty

    def confirm_delete(self, game_id: int) -> Confirm:
        row = next((r for r in self.view().games if r.id == game_id), None)
        if row is None:
            return Confirm(f"Game {game_id} is gone", "It was already deleted.", "Close")
        what = f"{row.title} of {row.when} ({row.players}), {row.status}"
        if row.scores and row.winner:
            what += f": {row.winner.removesuffix(' wins')} won"
        return Confirm(
            f"Delete game {game_id}?",
            f"{what}. It is removed from this device for good, with its scores; this cannot be undone.",
            f"Yes, delete game {game_id}",
        )

    def delete(self, game_id: int) -> bool:
        try:
            self.store.delete_game(game_id)
        except StoreError as err:
            self.error = f"Game {game_id} was not deleted: {err}"
            return False
        self.error = None
        self._difficulty.pop(game_id, None)
        return True

    def open(self, game_id: int) -> GameSession | None:
        """The game in progress, resumed from the store (None, with an error line, when it cannot replay)."""
        try:
            session = GameSession.resume(self.store, game_id)
        except (StoreError, ValueError) as err:
            self.error = f"Game {game_id} could not be opened: {replay_problem(err)}"
            return None
        self.error = None
        return session


def _stats_row(s: DifficultyStats) -> StatsRow:
    return StatsRow(
        difficulty=s.difficulty,
        title=s.difficulty.capitalize() if s.difficulty else "Without automa",
        games=s.games,
        solo_games=s.solo_games,
        solo_wins=s.solo_wins,
        win_rate=format_rate(s.solo_wins, s.solo_games),
        best=s.best_human_score,
        average=_one_decimal(s.average_human_score),
        beard_ranks=tuple(s.beard_ranks.items()),
    )


def _one_decimal(value: float | None) -> str:
    """112.5 -> "112.5", 96.0 -> "96", None -> "-"."""
    if value is None:
        return "-"
    return f"{value:.1f}".removesuffix(".0")


def nice_step(span: int) -> int:
    """A round step for about five to eight labels over ``span`` points.

    >>> nice_step(200), nice_step(60), nice_step(20)
    (40, 10, 5)
    """
    for step in (1, 2, 5, 10, 20, 25, 40, 50, 100, 200):
        if span / step <= 7:
            return step
    return 500


#: A point's dot (radius 6, ring 3) needs about this part of the chart's height (about 210 px) between its
#: centre and the floor or the top, or it is drawn over the dates below (or cut at the top).
DOT_ROOM = 1 / 16


def _y_range(lo: int, hi: int, step: int) -> tuple[int, int]:
    """The chart's floor and top for scores from ``lo`` to ``hi``: on grid lines ``step`` apart, with room for a
    dot. A low score (under about 10 points) gets a floor below 0 rather than a dot on the dates; the left axis
    labels no value below 0.

    >>> _y_range(90, 118, 20), _y_range(3, 60, 20), _y_range(0, 0, 5)
    ((80, 140), (-3, 80), (-1, 5))
    """
    min_y = max(0, (lo - 5) // step * step)
    max_y = -(-(hi + 5) // step) * step
    if max_y - hi < (max_y - min_y) * DOT_ROOM:
        max_y += step
    if lo - min_y < (max_y - min_y) * DOT_ROOM:
        min_y = math.floor((lo - max_y * DOT_ROOM) / (1 - DOT_ROOM))
    return min_y, max_y


def _chart(games: list[GameInfo], band: BandSource | None, tz: tzinfo | None, wanted: str | None) -> ChartModel:
    """The player's solo scores at one difficulty in time order, and the automa's usual scores there."""
    solo = [
        (g, g.summary)
        for g in games
        if g.summary is not None and g.summary.verdict is not None and len(g.summary.humans) == 1
    ]
    solo.sort(key=lambda gs: (gs[0].ended or gs[0].started, gs[0].id))
    by_difficulty: dict[str, list[tuple[GameInfo, GameSummary]]] = {}
    for g, s in solo:
        by_difficulty.setdefault(s.difficulty or "mixed", []).append((g, s))
    order = [d for d in DIFFICULTIES if d in by_difficulty] + sorted(set(by_difficulty) - set(DIFFICULTIES))
    choices = tuple((d, f"{d.capitalize()} ({len(by_difficulty[d])})") for d in order)
    if not solo:
        note = "No solo game finished yet: your scores will be drawn here."
        return ChartModel(None, (), (), None, note, 0, 100, 20, (), note)
    difficulty = wanted if wanted in by_difficulty else (solo[-1][1].difficulty or "mixed")
    chosen = by_difficulty[difficulty]
    points = []
    for x, (g, s) in enumerate(chosen, start=1):
        y = s.scores[s.humans[0]]
        points.append(
            ChartPoint(x, y, s.verdict == "win", f"{format_when(g.ended or g.started, tz)}: {y}, {s.verdict}")
        )
    found = band(difficulty) if band is not None and difficulty in DIFFICULTIES else None
    b = ChartBand(*found) if found else None
    name = difficulty.capitalize()
    if b is None:
        note = f"The automa's usual scores at {name} have not been simulated yet, so only your scores are drawn."
    else:
        note = (
            f"Shaded: what the automa usually score at {name} (10th to 90th percentile; dashed line: the median). "
            "A win needs more than both automa."
        )
    ys = [p.y for p in points] + ([b.p10, b.p90] if b else [])
    lo, hi = min(ys), max(ys)
    step = nice_step(max(hi - lo, 10) + 10)
    min_y, max_y = _y_range(lo, hi, step)
    # At most about six dates along the bottom, each only where the day changes.
    every = max(1, -(-len(points) // 6))
    labels: list[tuple[int, str]] = []
    for p, (g, _s) in zip(points, chosen, strict=True):
        when = (g.ended or g.started).astimezone(tz)
        day = f"{when.day} {when:%b}"
        if (p.x - 1) % every == 0 and (not labels or labels[-1][1] != day):
            labels.append((p.x, day))
    wins = sum(p.win for p in points)
    summary = f"Your solo scores at {name}, {words.count(len(points), 'game')}, {wins} won: " + "; ".join(
        p.label for p in points[-10:]
    )
    if b:
        summary += f". At {name} the automa usually score {b.p10} to {b.p90}."
    return ChartModel(difficulty, choices, tuple(points), b, note, min_y, max_y, step, tuple(labels), summary)
