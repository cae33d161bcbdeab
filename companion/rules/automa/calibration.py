"""What each difficulty means in points: bands from simulated games (``companion/sim/calibrate.py``).

The shipped data (``data/calibration.json``, written by ``tests/bench/calibrate.py``) covers the shipped decks;
``treasure-companion calibrate --deck FILE`` and the Decks screen compute the same for a transcribed deck. The
data says which deck and which bot human each band came from; ``band()`` merges them into the range the
new-game screen shows ("Hard: the red automa usually scores 107–181, median 144 ..."), for the decks the game's
automa play.

>>> percentile([5, 1, 3, 2, 4], 50)
3
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Collection, Mapping
from functools import cache
from importlib import resources
from typing import Literal

from pydantic import BaseModel, ConfigDict

from companion.rules.automa.deck import Deck
from companion.rules.names import DECK_NAMES, DeckName, Difficulty


class Band(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    difficulty: Difficulty
    bot: Literal["random", "greedy"]
    deck: DeckName
    games: int
    seed: int
    p10: int
    p50: int
    p90: int


class BotBand(BaseModel):
    """The bot human's own final score: how the automa's band compares with a player of that kind."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    difficulty: Difficulty
    bot: Literal["random", "greedy"]
    games: int
    seed: int
    p10: int
    p50: int
    p90: int


class Fingerprint(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    difficulty: Difficulty
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


def _merged(rows: list[Band]) -> tuple[int, int, int] | None:
    if not rows:
        return None
    return (min(b.p10 for b in rows), round(sum(b.p50 for b in rows) / len(rows)), max(b.p90 for b in rows))


def band(difficulty: str, calibration: Calibration | None = None,
         decks: Collection[str] | None = None) -> tuple[int, int, int] | None:
    """(p10, p50, p90) for a difficulty, over both bots and ``decks`` (default both: the widest honest range)."""
    cal = calibration or load_calibration()
    if cal is None:
        return None
    return _merged([b for b in cal.bands if b.difficulty == difficulty and (decks is None or b.deck in decks)])


def band_for(difficulty: str, bot: str, calibration: Calibration | None = None,
             decks: Collection[str] | None = None) -> tuple[int, int, int] | None:
    """(p10, p50, p90) for a difficulty against one kind of bot human, over ``decks`` (default both)."""
    cal = calibration or load_calibration()
    return _merged([b for b in (cal.bands if cal else []) if b.difficulty == difficulty and b.bot == bot
                    and (decks is None or b.deck in decks)])


def describe_band(difficulty: str, calibration: Calibration | None = None,
                  decks: Collection[str] = ("red", "green")) -> str:
    """A line for New game: the usual range of the automa that play ``decks`` against a casual player with each
    one's median, and the range against one who takes the all-play spaces.

    >>> line = describe_band("hard", decks=["red"])
    >>> line.startswith("Hard: the red automa usually scores ") and ", median " in line
    True
    """
    played = [d for d in ("red", "green") if d in decks]
    casual = band_for(difficulty, "random", calibration, played)
    greedy = band_for(difficulty, "greedy", calibration, played)
    if casual is None or greedy is None:
        return f"{difficulty.capitalize()}: no simulated scores yet"
    if len(played) == 1:
        who, medians = f"the {played[0]} automa usually scores", f"median {casual[1]}"
    else:
        each = [band_for(difficulty, "random", calibration, [d]) for d in played]
        who = "the automa usually score"
        medians = "medians " + ", ".join(f"{d} {m[1]}" for d, m in zip(played, each, strict=True) if m)
    return (f"{difficulty.capitalize()}: {who} {casual[0]}–{casual[2]}, {medians} "
            f"({greedy[0]}–{greedy[2]} when you take the all-play spaces)")


def deck_digest(deck: Deck) -> str:
    """A transcription's fingerprint: the sha256 of its cards, so bands are tied to the cards they came from."""
    text = json.dumps(deck.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def decks_label(custom_decks: Mapping[str, Deck]) -> dict[DeckName, str]:
    """``{"red": "app", "green": "<digest>"}``: which decks a calibration played."""
    return {name: deck_digest(custom_decks[name]) if name in custom_decks else "app" for name in DECK_NAMES}
