"""Helper process for tests/store/test_games_crash_safety.py and test_games_colliding_writers.py: writes to a
store as fast as it can until it is killed.

``python tests/store_writer.py DIR`` plays the store's in-progress game (or a new one): mostly new steps, now
and then an undo or a redo. After each committed operation it prints ``GAME REVISION ACTIVE_STEPS`` and
flushes, so the killer knows the last write that certainly reached the store. Every step's events say how
many events the step has (``of``) and which one each is (``i``), so a torn step is visible after a crash.

``python tests/store_writer.py DIR --contend GAME --seconds S`` appends to one game for S seconds, reloading
after each StoreConflict, then prints ``appended CONFLICTS``: run two at once to make them collide.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.store import GameSummary, SavedGame, Store, StoreConflict  # noqa: E402

HEADER = {
    "format": "treasure-companion-record",
    "version": 1,
    "setup": {"players": [{"color": "blue", "kind": "human"}, {"color": "red", "kind": "automa"}]},
}
STEPS_PER_GAME = 150


def next_step(saved: SavedGame, rng: random.Random, writer: str = "") -> list[dict]:
    """The events of the game's next step: 1 to 4 of them, each knowing the step's size."""
    seq = len(saved.events) + 1  # seq runs 1, 2, 3... over the live events
    n = rng.randint(1, 4)
    return [
        {"seq": seq + i, "step": saved.steps, "type": "place", "i": i, "of": n, "writer": writer, "pad": "x" * 40}
        for i in range(n)
    ]


def crash_loop(folder: str) -> None:
    rng = random.Random(os.getpid() ^ time.time_ns())
    store = Store.open(folder)
    game = store.in_progress() or store.create_game(HEADER)  # its step 0 has no events, like a game without automa
    while True:
        saved = store.load(game)
        if saved.steps >= STEPS_PER_GAME:
            summary = GameSummary(scores={"blue": 100, "red": 90}, winner="blue", humans=("blue",))
            store.finish(game, summary)
            game = store.create_game(HEADER)
            continue
        roll = rng.random()
        if roll < 0.1 and saved.steps > 1:  # like the engine, never undo the setup step
            store.undo_step(game, expect_revision=saved.revision)
        elif roll < 0.2 and saved.redo_steps:
            store.redo_step(game, expect_revision=saved.revision)
        else:
            store.append_step(game, next_step(saved, rng), expect_revision=saved.revision)
        print(game, saved.revision + 1, store.load(game).steps, flush=True)


def contend(folder: str, game: int, seconds: float) -> None:
    rng = random.Random(os.getpid())
    store = Store.open(folder)
    appended = conflicts = 0
    start = time.monotonic()
    deadline = start + seconds
    # Keep going past the deadline until this writer got some appends in (a loaded machine starts processes
    # slowly); never longer than 30 s.
    while time.monotonic() < deadline or (appended < 20 and time.monotonic() < start + 30):
        saved = store.load(game)
        try:
            store.append_step(game, next_step(saved, rng, str(os.getpid())), expect_revision=saved.revision)
            appended += 1
        except StoreConflict:
            conflicts += 1
    print(appended, conflicts, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("folder")
    parser.add_argument("--contend", type=int, metavar="GAME")
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args()
    if args.contend is not None:
        contend(args.folder, args.contend, args.seconds)
    else:
        crash_loop(args.folder)


if __name__ == "__main__":
    main()
