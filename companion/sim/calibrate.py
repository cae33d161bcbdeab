"""Calibration: what each difficulty means in points, from many simulated solo games.

Each game's seeds come from (run seed, difficulty, bot, game index) alone, and results are merged in index
order, so the bands are the same however many processes play the games (``jobs``) and in whatever order they
finish. The shipped bands (``companion/rules/data/calibration.json``) are made by ``tests/bench/calibrate.py``
with this module; ``treasure-companion calibrate`` and the Decks screen use it for transcribed decks.

>>> game_seeds(2026, "hard", "random", 0) == game_seeds(2026, "hard", "random", 0)
True
>>> game_seeds(2026, "hard", "random", 0) != game_seeds(2026, "hard", "random", 1)
True
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor, as_completed

from companion.rules.automa.calibration import (
    Band,
    BotBand,
    Calibration,
    Fingerprint,
    decks_label,
    percentile,
)
from companion.rules.automa.deck import DECK_NAMES, Deck
from companion.rules.engine.game import Game
from companion.rules.names import DIFFICULTIES
from companion.sim.bots import Bot, play
from companion.sim.simulate import sim_setup

BOTS = ("random", "greedy")
FINGERPRINT_GAMES = 20
#: Games one worker plays before it reports back (small enough for a smooth progress bar).
CHUNK = 50
ABOUT = ("Automa final scores in simulated solo games (bot human + red and green automa, expansion, 5 rounds). "
         "The table's answers (achievement points, coins, tiles) come from the bots' simple ranges, so these "
         "bands are a guide, not a promise.")

#: ``progress(done, total)`` after every finished chunk of games.
Progress = Callable[[int, int], None]


def game_seeds(seed: int, difficulty: str, bot: str, index: int) -> tuple[int, int]:
    """The game's seed and its bot's seed, from the run's seed and the game's place in the run alone."""
    digest = hashlib.sha256(f"{seed}/{difficulty}/{bot}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1, int.from_bytes(digest[8:16], "big") >> 1


def play_one(seed: int, difficulty: str, bot: str, index: int, custom_decks: Mapping[str, Deck]) -> tuple:
    """One solo game: (red automa, green automa, bot human) final scores."""
    game_seed, bot_seed = game_seeds(seed, difficulty, bot, index)
    game = Game(sim_setup(game_seed, 1, difficulty, True, custom_decks))
    play(game, Bot(bot, bot_seed))
    scores = game.state.final_scores or {}
    human = game.setup.humans[0].color
    return (scores["red"], scores["green"], scores[human])


def _chunk(job: tuple) -> tuple:
    seed, difficulty, bot, start, stop, custom_decks = job
    return (difficulty, bot, start, [play_one(seed, difficulty, bot, i, custom_decks) for i in range(start, stop)])


def _jobs(games: int, seed: int, difficulties, bots, custom_decks) -> list[tuple]:
    return [(seed, d, b, start, min(start + CHUNK, games), dict(custom_decks))
            for d in difficulties for b in bots for start in range(0, games, CHUNK)]


def _exit_with_parent(parent: int, every: float = 0.5) -> None:
    """A worker's initializer: end the worker when ``parent``, the process that asked for the games, is gone.

    A ``calibrate`` or an app killed with SIGKILL (or by the out-of-memory killer) left its workers waiting
    forever for their next chunk: each holds the task pipe's write end too, so none ever saw it close (and a
    forkserver, the app's start method, waits for its workers before it ends).
    """

    def gone() -> bool:
        try:
            os.kill(parent, 0)
        except ProcessLookupError:
            return True
        except OSError:  # PermissionError: the number was taken by another user's process
            return True
        try:  # Linux: a dead parent that nobody reaped yet is a zombie, still there for os.kill
            with open(f"/proc/{parent}/stat", "rb") as f:
                return f.read().rsplit(b")", 1)[1].split()[0] == b"Z"
        except (OSError, IndexError):
            return False

    def watch() -> None:
        while not gone():
            time.sleep(every)
        os._exit(1)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


def _play_all(jobs: list[tuple], workers: int, progress: Progress | None, total: int, start_method: str | None) -> dict:
    """Every chunk's results by (difficulty, bot, start), whatever order they finish in."""
    results: dict[tuple, list] = {}
    done = 0

    def keep(result: tuple) -> None:
        nonlocal done
        difficulty, bot, start, rows = result
        results[(difficulty, bot, start)] = rows
        done += len(rows)
        if progress is not None:
            progress(done, total)

    if workers <= 1:
        for job in jobs:
            keep(_chunk(job))
        return results
    context = multiprocessing.get_context(start_method)
    if start_method == "forkserver":
        context.set_forkserver_preload(["companion.sim.calibrate"])  # each worker starts with the engine imported
    with ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_exit_with_parent,
                             initargs=(os.getpid(),)) as pool:
        for future in as_completed([pool.submit(_chunk, job) for job in jobs]):
            keep(future.result())
    return results


def calibrate(
    games: int, seed: int, *, custom_decks: Mapping[str, Deck] | None = None, jobs: int = 1,
    bots: tuple[str, ...] = BOTS, difficulties: tuple[str, ...] = DIFFICULTIES, progress: Progress | None = None,
    command: str = "", start_method: str | None = None,
) -> Calibration:
    """``games`` solo games per difficulty and bot; the p10/p50/p90 of each automa's and the bot's score.

    ``progress(done, total)`` is called after each chunk of games. ``start_method`` is the multiprocessing one
    for ``jobs > 1`` (the platform's default unless given; the app passes ``forkserver``, since a plain fork
    from a thread of a running server is unsafe).
    """
    if games < 1:
        raise ValueError("games must be at least 1")
    custom_decks = dict(custom_decks or {})
    jobs_list = _jobs(games, seed, difficulties, bots, custom_decks)
    total = games * len(difficulties) * len(bots)
    results = _play_all(jobs_list, max(1, jobs), progress, total, start_method)
    return _summary(results, games, seed, custom_decks, bots, difficulties, command)


async def calibrate_in_turns(
    games: int, seed: int, *, custom_decks: Mapping[str, Deck] | None = None, progress: Progress | None = None,
    command: str = "", slice_s: float = 0.05,
) -> Calibration:
    """:func:`calibrate` in the caller's event loop, for a browser (no threads, no processes): the games are
    played in slices of about ``slice_s`` seconds, each followed by a turn for the loop's other tasks, so a
    page's taps are answered while it calibrates. Same games, same seeds: the same bands as :func:`calibrate`.
    ``progress`` is called after each slice of games."""
    import asyncio  # noqa: PLC0415 (only the browser's calibration needs it)

    if games < 1:
        raise ValueError("games must be at least 1")
    custom_decks = dict(custom_decks or {})
    total = games * len(DIFFICULTIES) * len(BOTS)
    results: dict[tuple, list] = {}
    done = 0
    began = told = time.monotonic()
    for job in _jobs(games, seed, DIFFICULTIES, BOTS, custom_decks):
        seed_, difficulty, bot, start, stop, decks = job
        rows: list[tuple] = []
        for index in range(start, stop):
            rows.append(play_one(seed_, difficulty, bot, index, decks))
            done += 1
            if time.monotonic() - began < slice_s:
                continue
            if progress is not None and time.monotonic() - told >= 5 * slice_s:  # the bar moves a few times a second
                progress(done, total)
                told = time.monotonic()
            await asyncio.sleep(0)
            began = time.monotonic()
        results[(difficulty, bot, start)] = rows
    if progress is not None:
        progress(done, total)
    return _summary(results, games, seed, custom_decks, BOTS, DIFFICULTIES, command)


def _summary(results: dict, games: int, seed: int, custom_decks: Mapping[str, Deck], bots, difficulties,
             command: str) -> Calibration:
    """The bands of every game's scores (``results`` by difficulty, bot and first game of the chunk)."""
    bands, bot_bands, prints = [], [], []
    for d in difficulties:
        for b in bots:
            rows = [row for start in range(0, games, CHUNK) for row in results[(d, b, start)]]
            for column, deck in enumerate(DECK_NAMES):
                values = [row[column] for row in rows]
                bands.append(Band(difficulty=d, bot=b, deck=deck, games=games, seed=seed, p10=percentile(values, 10),
                                  p50=percentile(values, 50), p90=percentile(values, 90)))
            human = [row[2] for row in rows]
            bot_bands.append(BotBand(difficulty=d, bot=b, games=games, seed=seed, p10=percentile(human, 10),
                                     p50=percentile(human, 50), p90=percentile(human, 90)))
            first = rows[:FINGERPRINT_GAMES]
            prints.append(Fingerprint(difficulty=d, bot=b, seed=seed, games=len(first), sha256=scores_digest(first)))
    return Calibration(about=ABOUT, source="simulation", command=command, bands=bands, bot_bands=bot_bands,
                       fingerprints=prints, decks=decks_label(custom_decks))


def scores_digest(rows: list[tuple]) -> str:
    """The sha256 of games' (red, green, bot) scores in index order: a check that data is reproducible."""
    return hashlib.sha256(json.dumps([list(r) for r in rows], separators=(",", ":")).encode()).hexdigest()


def fingerprint(
    games: int, seed: int, difficulty: str, bot: str, custom_decks: Mapping[str, Deck] | None = None
) -> str:
    """:func:`scores_digest` of the first ``games`` games of one difficulty and bot, played afresh."""
    decks = dict(custom_decks or {})
    return scores_digest([play_one(seed, difficulty, bot, i, decks) for i in range(games)])


def format_table(cal: Calibration) -> str:
    """The bands as a plain-text table, one line per difficulty, bot and player."""
    games = cal.bands[0].games if cal.bands else 0
    decks = ", ".join(f"{name} ({'shipped' if which == 'app' else 'transcribed ' + which[:8]})"
                      for name, which in cal.decks.items())
    lines = [f"Final scores in {games} solo games per difficulty and bot (seed {cal.bands[0].seed}); decks: {decks}",
             f"{'difficulty':<10}  {'bot':<6}  {'player':<12}  {'p10':>4}  {'p50':>4}  {'p90':>4}"]
    for bb in cal.bot_bands:
        rows: list[tuple[str, Band | BotBand]] = [
            (f"{b.deck} automa", b) for b in cal.bands if (b.difficulty, b.bot) == (bb.difficulty, bb.bot)]
        for player, b in [*rows, ("bot human", bb)]:
            lines.append(f"{b.difficulty:<10}  {b.bot:<6}  {player:<12}  {b.p10:>4}  {b.p50:>4}  {b.p90:>4}")
    return "\n".join(lines)
