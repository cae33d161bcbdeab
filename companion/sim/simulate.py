"""Monte Carlo runs: whole games of bot humans against the automa, each written as a game record.

Every game's seed and its bot's seed come from the run's seed, so the same arguments give byte-identical
records on any machine.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, cast

from companion.files.atomic import write_new
from companion.record.format import game_record
from companion.rules.automa.deck import Deck
from companion.rules.engine.game import RULES_VERSION, Game
from companion.rules.engine.rng import Rng
from companion.rules.names import Color, DeckName, Difficulty
from companion.rules.setup import Player, Setup
from companion.sim.bots import Bot, play

AUTOMA_COLORS: tuple[DeckName, ...] = ("red", "green")
HUMAN_COLORS: tuple[Color, ...] = ("blue", "yellow")


def automa_decks(humans: int) -> tuple[DeckName, ...]:
    """The decks the automa play: both in solo, red alone with two humans (each automa plays its colour's deck)."""
    return AUTOMA_COLORS[: 3 - humans] if humans <= 2 else ()


def sim_setup(
    seed: int, humans: int, difficulty: str, expansion: bool, custom_decks: Mapping[str, Deck] | None = None,
    stash: str = "app",
) -> Setup:
    """Solo (1 human, red and green automa) or two humans with the red automa; ``custom_decks`` replace the
    built-in decks of the same name (and go into the record); ``stash``: who keeps the automa's things.

    Without custom decks, the setup is a copy of one made (and validated) once for the same arguments, with the
    game's seed: a run sets up thousands of games that differ only in their seed."""
    if not custom_decks and 0 <= seed < 2**63:  # a seed out of range goes to the validation below, which says so
        return _setup_template(humans, difficulty, expansion, stash).model_copy(update={"seed": seed})
    return _new_setup(seed, humans, difficulty, expansion, custom_decks, stash)


@cache
def _setup_template(humans: int, difficulty: str, expansion: bool, stash: str) -> Setup:
    return _new_setup(0, humans, difficulty, expansion, None, stash)


def _new_setup(
    seed: int, humans: int, difficulty: str, expansion: bool, custom_decks: Mapping[str, Deck] | None, stash: str
) -> Setup:
    players = [Player(color=c, kind="human") for c in HUMAN_COLORS[:humans]]
    automa = automa_decks(humans)
    level = cast(Difficulty, difficulty)  # any text: the Player model checks it
    players += [Player(color=c, kind="automa", deck=c, difficulty=level) for c in automa]
    return Setup.build(players, expansion=expansion, seed=seed, custom_decks=dict(custom_decks or {}), stash=stash)


@dataclass
class RunSummary:
    games: int = 0
    seconds: float = 0.0
    scores: dict[str, list[int]] = field(default_factory=dict)  # "<color> automa (<difficulty>)" -> totals
    human_wins: int = 0

    def as_dict(self) -> dict:
        out: dict[str, Any] = {
            "games": self.games, "games_per_second": round(self.games / self.seconds, 1) if self.seconds else None,
            "human_wins": self.human_wins, "automa": {}}
        for name, values in sorted(self.scores.items()):
            out["automa"][name] = {
                "mean": round(statistics.fmean(values), 1),
                "stdev": round(statistics.pstdev(values), 1),
                "min": min(values), "max": max(values),
            }
        return out


def record_name(number: int) -> str:
    """The file name of the run's ``number``-th record (from 1)."""
    return f"game-{number:05d}.jsonl"


def run(
    games: int, seed: int, humans: int = 1, difficulty: str = "hard", expansion: bool = True, bot: str = "random",
    records: Path | None = None, on_game_start: Callable[[Game], Callable[[list[dict]], None] | None] | None = None,
    custom_decks: Mapping[str, Deck] | None = None, stash: str = "app", version: int = RULES_VERSION,
) -> RunSummary:
    """Play ``games`` games. ``on_game_start(game)`` may return a per-step callback (the store uses it).

    ``version``: the rules version to play under (an older one only to check that its games stay the same)."""
    seeds = Rng(seed)
    summary = RunSummary()
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    for number in range(1, games + 1):
        game_seed = seeds.next64() >> 1
        bot_seed = seeds.next64() >> 1
        game = Game(sim_setup(game_seed, humans, difficulty, expansion, custom_decks, stash), version=version)
        on_step = on_game_start(game) if on_game_start else None
        play(game, Bot(bot, bot_seed), on_step)
        scores = game.state.final_scores or {}
        for p in game.setup.automa:
            summary.scores.setdefault(f"{p.color} automa ({p.difficulty})", []).append(scores[p.color])
        best_automa = max(scores[p.color] for p in game.setup.automa)
        if all(scores[p.color] > best_automa for p in game.setup.humans):
            summary.human_wins += 1
        if records is not None:
            # Whole or not at all, never over another file: a full disk leaves no empty record blocking a retry.
            write_new(records / record_name(number), game_record(game, plain_inputs=True))  # inputs: the bot's
        summary.games += 1
    summary.seconds = time.perf_counter() - start
    return summary
