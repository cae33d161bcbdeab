"""Benchmarks: each figure printed as JSON with the machine's core count, median and 95th percentile.

Run with ``python -m tests.bench.bench`` (add ``--browser`` for the figures measured in headless Chromium,
``--calibrate`` for the time of ``calibrate --games 1000 --jobs 2`` alone, ``--engine`` for the simulated solo
games a second alone, without and with records, in CPU time).
Not part of the test run: timings are measured and reported, never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable

from companion.record.format import dumps, game_record, loads
from companion.rules.engine.game import Game
from companion.rules.setup import Setup
from companion.sim.bots import Bot, play
from companion.store import Store
from companion.store.session import GameSession


def _figure(name: str, samples_s: list[float], unit: str = "ms", **extra) -> dict:
    scale = 1000.0 if unit == "ms" else 1.0
    ordered = sorted(samples_s)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return {"name": name, "cores": os.cpu_count(), "samples": len(samples_s), "unit": unit,
            "median": round(statistics.median(ordered) * scale, 3), "p95": round(p95 * scale, 3), **extra}


def _time(fn: Callable[[], object], n: int) -> list[float]:
    out = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


def _finished_game(seed: int) -> Game:
    return play(Game(Setup.solo(seed=seed)), Bot("random", seed))


def bench_automa_placement(n: int = 2000) -> dict:
    """One automa placement decision: draw cards until one fits, place, apply the claim."""
    game = Game(Setup.solo(seed=1))
    game.act({"type": "starting_rolls", "rolls": {"blue": 3}})
    samples = []
    bot = Bot("random", 1)
    while len(samples) < n:
        if game.decision.kind == "automa_turn":
            t = time.perf_counter()
            game.act({"type": "proceed"})
            samples.append(time.perf_counter() - t)
        elif game.finished:
            game = Game(Setup.solo(seed=len(samples)))
        else:
            game.act(bot.input_for(game))
    return _figure("automa placement decision", samples)


def bench_games_per_second(games: int = 300, records: bool = False) -> dict:
    """Whole simulated solo games as ``simulate`` plays them (random bot human + two automa, 5 rounds), with
    ``records`` each written as ``simulate --records`` writes it.

    Each game's CPU time (``time.process_time``: the time this process ran on its one core) is the sample, and
    games a second are games / total CPU time: on a shared machine the wall clock also counts the time other
    programs held the core. The wall-clock rate and the load average are printed beside it.
    """
    from companion.rules.engine.rng import Rng
    from companion.sim.simulate import sim_setup

    seeds = Rng(1)
    cpu: list[float] = []
    load = os.getloadavg()[0]
    wall = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for number in range(1, games + 1):
            game_seed, bot_seed = seeds.next64() >> 1, seeds.next64() >> 1
            t = time.process_time()
            game = play(Game(sim_setup(game_seed, 1, "hard", True)), Bot("random", bot_seed))
            if records:
                path = os.path.join(tmp, f"game-{number:05d}.jsonl")
                with open(path, "w", encoding="utf-8") as f:
                    f.write(game_record(game, plain_inputs=True))  # as simulate --records writes it
            cpu.append(time.process_time() - t)
    wall = time.perf_counter() - wall
    name = "simulated solo game" + (" with its record written" if records else "")
    return _figure(name, cpu, games_per_second=round(games / sum(cpu), 1), clock="cpu (process_time)",
                   wall_games_per_second=round(games / wall, 1), load_average_before=round(load, 1),
                   load_average_after=round(os.getloadavg()[0], 1))


def bench_calibrate(games: int = 1000, jobs: int = 2) -> dict:
    """``treasure-companion calibrate --games N --jobs J``: N games per difficulty and bot (6N games), wall time.

    The machine's load average is printed beside it: on a shared machine the figure is only as good as that.
    """
    from companion.sim.calibrate import calibrate

    load = os.getloadavg()[0]
    t = time.perf_counter()
    calibrate(games, 1, jobs=jobs)
    seconds = time.perf_counter() - t
    return {"name": "calibrate", "cores": os.cpu_count(), "jobs": jobs, "games_per_difficulty_and_bot": games,
            "games": games * 6, "seconds": round(seconds, 1), "seconds_per_difficulty": round(seconds / 3, 1),
            "load_average_before": round(load, 1), "load_average_after": round(os.getloadavg()[0], 1)}


def bench_replay(n: int = 50) -> dict:
    text = dumps(*_header_events(_finished_game(3)))
    return _figure("replay a whole-game record", _time(lambda: loads(text), n), events=text.count("\n") - 1)


def bench_long_replay(steps: int, n: int = 3) -> dict:
    """Parse and replay a record of ``steps`` one-event correction steps (the shape of a crafted record that
    stalled the app): linear since replay stopped copying the rest of the record at every step."""
    game = Game(Setup.solo(seed=1))
    game.act({"type": "starting_rolls", "rolls": {"blue": 3}})
    for i in range(steps):
        game.act({"type": "correction", "target": "dragon", "value": i % 3})
    text = dumps(game.header(), game.events())
    return _figure(f"parse and replay {steps:,} events", _time(lambda: loads(text), n), unit="s",
                   events=len(game.events()), bytes=len(text.encode()))


def _header_events(game: Game):
    return game.header(), game.events()


def bench_store(n: int = 300) -> list[dict]:
    with tempfile.TemporaryDirectory() as tmp:
        store = Store.open(tmp)
        game = _finished_game(4)
        session = GameSession.new(game.setup, store)
        bot = Bot("random", 4)
        appends = []
        while not session.game.finished and len(appends) < n:
            inp = bot.input_for(session.game)
            step = session.game.act(inp)
            t = time.perf_counter()
            store.append_step(session.game_id, step, expect_revision=session.revision)
            appends.append(time.perf_counter() - t)
            session.revision += 1
        resumes = _time(lambda: GameSession.resume(store, session.game_id), 30)
        return [_figure("append one step to the store", appends),
                _figure("resume the game in progress from the store", resumes,
                        events=len(session.game.events()))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--browser", action="store_true", help="also measure in headless Chromium")
    parser.add_argument("--quick", action="store_true", help="fewer samples")
    parser.add_argument("--calibrate", action="store_true", help="only time calibrate --games 1000 --jobs 2")
    parser.add_argument("--engine", action="store_true", help="only the simulated games a second")
    args = parser.parse_args(argv)
    k = 5 if args.quick else 1
    if args.calibrate:
        print(json.dumps(bench_calibrate(1000 // k)))
        return 0
    if args.engine:
        for records in (False, True):
            print(json.dumps(bench_games_per_second(1000 // k, records=records)))
        return 0
    figures = [bench_automa_placement(2000 // k), bench_games_per_second(1000 // k),
               bench_games_per_second(1000 // k, records=True), bench_replay(50 // k),
               *bench_store(300 // k), bench_long_replay(10_000, 3), bench_long_replay(100_000, 3 // k or 1)]
    if args.browser:
        from tests.bench.browser import bench_browser

        figures += bench_browser(quick=args.quick)
    for f in figures:
        print(json.dumps(f))
    return 0


if __name__ == "__main__":
    sys.exit(main())
