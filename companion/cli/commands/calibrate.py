"""``treasure-companion calibrate``: what each difficulty means in points with the decks you play.

Plays ``--games`` solo games per difficulty and bot human, and prints the 10th, 50th and 90th percentile of
each automa's and the bot's final score. The output depends only on the arguments, never on ``--jobs``;
progress goes to stderr.
"""

from __future__ import annotations

import json
import os
import sys
import time

from companion.cli.help_notes import DECK_SHAPE, EXITS_BAD_INPUT, SMALL_FILE_LIMITS, described
from companion.files.reading import path_arg
from companion.sim.calibrate import BOTS, calibrate, format_table
from companion.sim.decks import decks_from_files

#: Most games per difficulty and bot (120,000 games in all: several minutes on two cores).
MAX_GAMES = 20_000
MAX_JOBS = 64


def register(sub) -> None:
    p = sub.add_parser("calibrate", help="difficulty bands (p10/p50/p90 of final scores) from simulated solo games",
                       **described(SMALL_FILE_LIMITS, DECK_SHAPE, EXITS_BAD_INPUT))
    p.add_argument("--deck", action="append", type=path_arg, metavar="FILE", default=[],
                   help="a transcribed deck in place of the built-in one its 'deck' key names; repeatable")
    p.add_argument("--games", type=int, default=1000,
                   help=f"games per difficulty and bot (default 1000, at most {MAX_GAMES:,})")
    p.add_argument("--seed", type=int, default=1, help="the run's seed (same arguments, same output)")
    p.add_argument("--jobs", type=int, default=min(MAX_JOBS, os.cpu_count() or 1),
                   help="processes playing games (default: cores)")
    p.add_argument("--bot", choices=(*BOTS, "both"), default="both", help="which bot humans play (default both)")
    p.add_argument("--json", action="store_true", help="print the bands as JSON (the app's calibration format)")
    p.set_defaults(handler=main)


def main(args) -> int:
    problem = None
    if not 1 <= args.games <= MAX_GAMES:
        problem = f"--games must be from 1 to {MAX_GAMES:,} (games per difficulty and bot)"
    elif not 0 <= args.seed < 2**63:
        problem = "--seed must be between 0 and 2^63-1"
    elif not 1 <= args.jobs <= MAX_JOBS:
        problem = f"--jobs must be from 1 to {MAX_JOBS}"
    decks = {}
    if problem is None:
        try:
            decks = decks_from_files(args.deck)
        except ValueError as err:
            problem = str(err)
    if problem:
        print(f"calibrate: {problem}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    tty = sys.stderr.isatty()
    shown = {"tenth": -1}

    def progress(done: int, total: int) -> None:
        tenth = done * 10 // total
        if tty:
            print(f"\rcalibrate: {done}/{total} games", end="", file=sys.stderr, flush=True)
        elif tenth != shown["tenth"]:
            shown["tenth"] = tenth
            print(f"calibrate: {done}/{total} games", file=sys.stderr, flush=True)

    bots = BOTS if args.bot == "both" else (args.bot,)
    words = ["treasure-companion calibrate", *[f"--deck {f.name}" for f in args.deck], f"--games {args.games}",
             f"--seed {args.seed}", *([f"--bot {args.bot}"] if args.bot != "both" else [])]
    command = " ".join(words)
    cal = calibrate(args.games, args.seed, custom_decks=decks, jobs=args.jobs, bots=bots, progress=progress,
                    command=command)
    seconds = time.perf_counter() - start
    total = args.games * 3 * len(bots)
    print(("\n" if tty else "") + f"calibrate: {total} games in {seconds:.1f} s with {args.jobs} job(s)",
          file=sys.stderr)
    print(json.dumps(cal.model_dump(mode="json"), indent=2) if args.json else format_table(cal))
    return 0
