"""``simulate --data-dir``: simulated games written through the store, step by step, as a played game is."""

from __future__ import annotations

from pathlib import Path

from companion.rules.engine.game import Game
from companion.store import Store
from companion.store.session import finished_summary


def store_writer(data_dir: Path):
    """An ``on_game_start`` hook for ``companion.sim.simulate.run`` that stores every step as it happens."""
    store = Store.open(data_dir)

    def on_game_start(game: Game):
        game_id = store.create_game(game.header(), events=game.steps[0])
        revision = store.revision(game_id)

        def on_step(step: list[dict]) -> None:
            # The last step and the finish are one write, as in the app: a kill between them cannot leave a
            # game that replays to its end but is listed as in progress.
            nonlocal revision
            summary = finished_summary(game) if game.finished else None
            store.append_step(game_id, step, expect_revision=revision, finish=game.finished, summary=summary)
            revision += 1

        return on_step

    return on_game_start
