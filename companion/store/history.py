"""What the history keeps of a finished game (``GameSummary``) and the statistics over them, per automa
difficulty: games, solo wins and win rate, best and average human score, beard ranks reached.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from companion.store.errors import StoreError
from companion.store.rows import is_int, object_of

Verdict = Literal["win", "loss"]


@dataclass(frozen=True)
class GameSummary:
    """What the history keeps of a finished game: enough for the list and the statistics, no replay needed."""

    scores: dict[str, int]
    winner: str
    humans: tuple[str, ...]
    difficulty: str | None = None  # automa difficulty; None when no automa played
    verdict: Verdict | None = None  # solo only
    beard_rank: str | None = None  # solo win only

    def __post_init__(self) -> None:
        object.__setattr__(self, "humans", tuple(self.humans))
        if not self.scores or not all(is_int(v) for v in self.scores.values()):
            raise ValueError("summary: scores must map each colour to a whole number")
        if self.winner not in self.scores:
            raise ValueError(f"summary: winner {self.winner!r} has no score")
        if not self.humans or any(c not in self.scores for c in self.humans):
            raise ValueError("summary: humans must be one or more of the scored colours")
        if not all(isinstance(c, str) for c in (*self.scores, *self.humans)):
            raise ValueError("summary: colours must be text")
        if any(v is not None and not isinstance(v, str) for v in (self.difficulty, self.beard_rank)):
            raise ValueError("summary: difficulty and beard rank must be text or None")
        if self.verdict not in (None, "win", "loss"):
            raise ValueError(f"summary: verdict must be 'win', 'loss' or None, not {self.verdict!r}")

    def to_dict(self) -> dict[str, Any]:
        return {
            "scores": dict(self.scores), "winner": self.winner, "humans": list(self.humans),
            "difficulty": self.difficulty, "verdict": self.verdict, "beard_rank": self.beard_rank,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameSummary:
        return cls(
            scores=dict(d["scores"]), winner=d["winner"], humans=tuple(d["humans"]),
            difficulty=d.get("difficulty"), verdict=d.get("verdict"), beard_rank=d.get("beard_rank"),
        )

    @classmethod
    def read(cls, text: str | None) -> GameSummary | None:
        """The summary a games row holds, or None when it has none or it cannot be read (a row edited by hand):
        that game is then listed as finished without scores and left out of the statistics, and every other
        game is still shown."""
        if text is None:
            return None
        try:
            return cls.from_dict(object_of(text, "a summary"))
        except (StoreError, KeyError, TypeError, ValueError):
            return None


@dataclass(frozen=True)
class DifficultyStats:
    """The history for one automa difficulty (``difficulty=None``: games without automa)."""

    difficulty: str | None
    games: int = 0
    solo_games: int = 0
    solo_wins: int = 0
    best_human_score: int | None = None  # over every human's final score in these games
    average_human_score: float | None = None
    beard_ranks: dict[str, int] = field(default_factory=dict)  # rank -> times reached, lowest-scoring first

    @property
    def win_rate(self) -> float | None:
        """Solo wins / solo games; None before the first solo game."""
        return self.solo_wins / self.solo_games if self.solo_games else None


@dataclass(frozen=True)
class HistoryStats:
    by_difficulty: dict[str | None, DifficultyStats]  # easy, hard, punishing, other names, then None

    @property
    def games(self) -> int:
        return sum(s.games for s in self.by_difficulty.values())


def stats_by_difficulty(summaries: list[GameSummary]) -> HistoryStats:
    # Imported here: the `games` command lists the store without loading the rules (tests/cli/test_lazy_imports.py).
    from companion.rules.names import DIFFICULTIES

    order: dict[str, int] = {level: n for n, level in enumerate(DIFFICULTIES)}
    groups: dict[str | None, list[GameSummary]] = {}
    for s in summaries:
        groups.setdefault(s.difficulty, []).append(s)
    out: dict[str | None, DifficultyStats] = {}
    for difficulty in sorted(groups, key=lambda d: (d is None, order.get(d or "", 99), d or "")):
        games = groups[difficulty]
        human_scores = [s.scores[c] for s in games for c in s.humans]
        rank_scores: dict[str, list[int]] = {}
        for s in games:
            if s.beard_rank:
                rank_scores.setdefault(s.beard_rank, []).append(max(s.scores[c] for c in s.humans))
        ranks = sorted(rank_scores, key=lambda r: (min(rank_scores[r]), r))
        out[difficulty] = DifficultyStats(
            difficulty=difficulty,
            games=len(games),
            solo_games=sum(1 for s in games if s.verdict is not None),
            solo_wins=sum(1 for s in games if s.verdict == "win"),
            best_human_score=max(human_scores) if human_scores else None,
            average_human_score=sum(human_scores) / len(human_scores) if human_scores else None,
            beard_ranks={r: len(rank_scores[r]) for r in ranks},
        )
    return HistoryStats(out)
