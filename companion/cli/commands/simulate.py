"""``treasure-companion simulate``: bot humans against the automa, many games, one record each.

At most :data:`MAX_GAMES` games a run (about 20 minutes on one core): ``--games 10000000000`` would run for years,
so it is refused and the bound said; for more, run again with another ``--seed``. ``--records DIR`` never
overwrites a record: a run whose file names (``game-00001.jsonl`` on) are taken in DIR is refused in one line.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from companion.cli.help_notes import (
    DATA_FOLDER,
    DECK_SHAPE,
    EXITS_BAD_INPUT,
    SIMULATE_NOTES,
    SMALL_FILE_LIMITS,
    described,
)
from companion.files.oneline import one_line, shown
from companion.files.paths import data_dir_arg
from companion.files.reading import path_arg
from companion.rules.names import DIFFICULTIES
from companion.rules.setup import STASH_KEEPERS
from companion.sim.bots import BOTS
from companion.sim.decks import check_in_play, decks_from_files
from companion.sim.simulate import automa_decks, record_name, run
from companion.store import StoreError

#: Most games one run plays (``python -m tests.bench.bench --engine`` prints the games a second).
MAX_GAMES = 100_000


def register(sub) -> None:
    p = sub.add_parser("simulate", help="play whole games with bot humans against the automa",
                       **described(SIMULATE_NOTES, SMALL_FILE_LIMITS, DECK_SHAPE, DATA_FOLDER, EXITS_BAD_INPUT))
    p.add_argument("--games", type=int, default=100, help=f"how many games (default 100, at most {MAX_GAMES:,})")
    p.add_argument("--seed", type=int, default=1, help="the run's seed (same arguments, same records)")
    p.add_argument("--humans", type=int, choices=(1, 2), default=1, help="1: solo with two automa; 2: one automa")
    p.add_argument("--difficulty", choices=DIFFICULTIES, default="hard")
    p.add_argument("--base", action="store_true", help="the base game (no expansion)")
    p.add_argument("--bot", choices=BOTS, default="random", help="how the bot humans place (default random)")
    p.add_argument("--deck", action="append", type=path_arg, metavar="FILE", default=[],
                   help="play with a transcribed deck (its 'deck' key says which built-in deck it replaces); "
                        "repeatable; the records carry its cards")
    p.add_argument("--stash", choices=STASH_KEEPERS, default="app",
                   help="who keeps the automa's gold, gems and tiles: the app (asks what it cannot see) or the "
                        "table (nothing asked in play; counted on the end-of-game sheet); default app")
    p.add_argument("--records", type=path_arg, metavar="DIR",
                   help="write one game record per game into this folder (game-00001.jsonl, ...); a record "
                        "already there is never overwritten: the run is refused, use another folder")
    p.add_argument("--data-dir", metavar="DIR", type=data_dir_arg,
                   help="also store every game, event by event, in this data folder")
    p.set_defaults(handler=main)


def first_taken(folder: Path, games: int) -> Path | None:
    """The first of the run's record files (``game-00001.jsonl`` ... ``games``) that already exists, if any."""
    names = {p.name for p in folder.iterdir()}
    for number in range(1, games + 1):
        name = record_name(number)
        if name in names:
            return folder / name
    return None


def main(args) -> int:
    if not 1 <= args.games <= MAX_GAMES:
        print(f"simulate: --games must be from 1 to {MAX_GAMES:,} (about 20 minutes; for more "
              "games, run again with another --seed)", file=sys.stderr)
        return 2
    if not 0 <= args.seed < 2**63:
        print("simulate: --seed must be between 0 and 2^63-1", file=sys.stderr)
        return 2
    try:
        decks = decks_from_files(args.deck)
        check_in_play(decks, automa_decks(args.humans))
    except ValueError as err:
        print(f"simulate: {err}", file=sys.stderr)
        return 2
    if args.records is not None:
        try:
            args.records.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            why = "it is a file, not a folder" if isinstance(e, FileExistsError) else e.strerror or e
            print(f"simulate: cannot write records into {shown(args.records)}: {why}", file=sys.stderr)
            return 2
        taken = first_taken(args.records, args.games)
        if taken is not None:
            print(f"simulate: {shown(taken)} already exists and records are never overwritten: use another "
                  "--records folder (or move the earlier records away)", file=sys.stderr)
            return 2
    on_game_start = None
    try:
        if args.data_dir is not None:
            from companion.sim.stored import store_writer

            on_game_start = store_writer(args.data_dir)
        summary = run(args.games, args.seed, humans=args.humans, difficulty=args.difficulty,
                      expansion=not args.base, bot=args.bot, records=args.records, on_game_start=on_game_start,
                      custom_decks=decks, stash=args.stash)
    except StoreError as err:  # --data-dir: a file, a full disk, a read-only folder (the steps before are kept)
        print(f"simulate: --data-dir {shown(args.data_dir)}: {one_line(str(err))}", file=sys.stderr)
        return 2
    except FileExistsError as e:  # made by someone else since the check above: still not overwritten
        print(f"simulate: {shown(e.filename)} already exists and records are never overwritten", file=sys.stderr)
        return 2
    except OSError as e:  # a record that could not be written (disk full, folder removed)
        print(f"simulate: cannot write {shown(e.filename or args.records)}: {e.strerror or e}", file=sys.stderr)
        return 2
    print(json.dumps(summary.as_dict(), indent=2))
    return 0
