"""What each difficulty means in points: bands from simulated games (``companion/sim/calibrate.py``).

The shipped data (``data/calibration.json``, written by ``tests/bench/calibrate.py``) covers the shipped decks;
``treasure-companion calibrate --deck FILE`` and the Decks screen compute the same for a transcribed deck. The
data says which deck and which bot human each band came from; ``band()`` merges them into the range the
new-game screen shows ("Hard: the automa usually scores 95–130").

>>> percentile([5, 1, 3, 2, 4], 50)
3
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Literal

from pydantic import BaseModel, ConfigDict


class Band(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    difficulty: Literal["easy", "hard", "punishing"]
    bot: Literal["random", "greedy"]
    deck: Literal["red", "green"]
    games: int
    seed: int
    p10: int
    p50: int
    p90: int


class BotBand(BaseModel):
    """The bot human's own final score: how the automa's band compares with a player of that kind."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    difficulty: Literal["easy", "hard", "punishing"]
    bot: Literal["random", "greedy"]
    games: int
    seed: int
    p10: int
    p50: int
    p90: int


class Fingerprint(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    difficulty: Literal["easy", "hard", "punishing"]
    bot: Literal["random", "greedy"]
    seed: int
    games: int
    sha256: str


class Calibration(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    about: str
    source: Literal["simulation"]
    command: str
    bands: list[Band]
    bot_bands: list[BotBand] = []
    fingerprints: list[Fingerprint]
    #: Which decks were played: ``app`` for a shipped deck, else the sha256 of a transcription (``deck_digest``).
    decks: dict[Literal["red", "green"], str] = {}


def percentile(values: list[int], q: float) -> int:
    """Nearest-rank percentile (no interpolation): a score some game really had."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * q // 100))
    return ordered[int(rank) - 1]


@cache
def load_calibration() -> Calibration | None:
    """The shipped bands, or None when they have not been computed."""
    path = resources.files("companion.rules").joinpath("data/calibration.json")
    if not path.is_file():
        return None
    return Calibration.model_validate(json.loads(path.read_text("utf-8")))


def band(difficulty: str, calibration: Calibration | None = None) -> tuple[int, int, int] | None:
    """(p10, p50, p90) for a difficulty, over both decks and both bots (the widest honest range)."""
    cal = calibration or load_calibration()
    if cal is None:
        return None
    rows = [b for b in cal.bands if b.difficulty == difficulty]
    if not rows:
        return None
    return (min(b.p10 for b in rows), round(sum(b.p50 for b in rows) / len(rows)), max(b.p90 for b in rows))


def band_for(difficulty: str, bot: str, calibration: Calibration | None = None) -> tuple[int, int, int] | None:
    """(p10, p50, p90) for a difficulty against one kind of bot human, over both decks."""
    cal = calibration or load_calibration()
    rows = [b for b in (cal.bands if cal else []) if b.difficulty == difficulty and b.bot == bot]
    if not rows:
        return None
    return (min(b.p10 for b in rows), round(sum(b.p50 for b in rows) / len(rows)), max(b.p90 for b in rows))


def describe_band(difficulty: str, calibration: Calibration | None = None) -> str:
    """A line for the new-game screen: the usual range against a casual player, and against a greedy one."""
    casual, greedy = band_for(difficulty, "random", calibration), band_for(difficulty, "greedy", calibration)
    if casual is None or greedy is None:
        return f"{difficulty.capitalize()}: no simulated scores yet"
    return (f"{difficulty.capitalize()}: the automa usually scores {casual[0]}–{casual[2]} "
            f"({greedy[0]}–{greedy[2]} when you take the all-play spaces)")
