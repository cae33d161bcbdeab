"""``simulate --data-dir``: simulated games written through the store, step by step, as a played game is."""

from __future__ import annotations

from pathlib import Path

from companion.rules.game import Game
from companion.session import GameSession
from companion.store import Store


def store_writer(data_dir: Path):
    """An ``on_game_start`` hook for ``companion.sim.simulate.run`` that stores every step as it happens."""
    store = Store.open(data_dir)

    def on_game_start(game: Game):
        session = GameSession(game, store, store.create_game(game.header(), events=game.steps[0]))
        session.revision = store.revision(session.game_id)

        def on_step(step: list[dict]) -> None:
            store.append_step(session.game_id, step, expect_revision=session.revision)
            session.revision += 1
            if game.finished:
                from companion.session import finished_summary

                store.finish(session.game_id, finished_summary(game))

        return on_step

    return on_game_start
