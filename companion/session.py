"""A game being played, kept in step with the store: every step is committed the moment it is made.

The app and ``simulate --data-dir`` both go through this, so what survives a killed process is the same for
both. A second window on the same game is detected through the store's revision: the stale window reloads
instead of writing over the other.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.rules.game import Game
from companion.rules.scoring import rank_order, solo_verdict
from companion.rules.setup import Setup
from companion.store import GameSummary, Store, StoreConflict


def finished_summary(game: Game) -> GameSummary:
    """What the history keeps of a finished game: scores, winner, solo verdict and beard rank."""
    scores = dict(game.state.final_scores or {})
    humans = tuple(p.color for p in game.setup.humans)
    winner = rank_order(scores, list(game.state.turn_order))[0]
    difficulties = {p.difficulty for p in game.setup.automa}
    difficulty = difficulties.pop() if len(difficulties) == 1 else None
    verdict = rank = None
    if len(humans) == 1 and len(game.setup.automa) == 2:
        solo = solo_verdict(scores[humans[0]], [scores[p.color] for p in game.setup.automa])
        verdict, rank = solo.verdict, solo.beard_rank
    return GameSummary(scores=scores, winner=winner, humans=humans, difficulty=difficulty, verdict=verdict,
                       beard_rank=rank)


class GameSession:
    """One game and its place in the store (``store`` may be None: nothing is saved, as in tests)."""

    def __init__(self, game: Game, store: Store | None = None, game_id: int | None = None,
                 revision: int | None = None) -> None:
        self.game = game
        self.store = store
        self.game_id = game_id
        self.revision = revision

    @classmethod
    def new(cls, setup: Setup, store: Store | None = None) -> GameSession:
        game = Game(setup)
        if store is None:
            return cls(game)
        game_id = store.create_game(game.header(), events=game.steps[0])
        return cls(game, store, game_id, store.revision(game_id))

    @classmethod
    def resume(cls, store: Store, game_id: int) -> GameSession:
        saved = store.load(game_id)
        game = Game.from_saved(saved.header, saved.events, saved.redo_steps)
        return cls(game, store, game_id, saved.revision)

    def reload(self) -> None:
        """Take the stored game as it is now (another window changed it)."""
        fresh = self.resume(self.store, self.game_id)
        self.game, self.revision = fresh.game, fresh.revision

    def act(self, inp: Mapping) -> list[dict]:
        step = self.game.act(inp)
        self._write(lambda: self.store.append_step(self.game_id, step, expect_revision=self.revision))
        if self.game.finished and self.store is not None:
            self.store.finish(self.game_id, finished_summary(self.game))
        return step

    def undo(self) -> list[dict] | None:
        step = self.game.undo()
        if step is not None:
            self._write(lambda: self.store.undo_step(self.game_id, expect_revision=self.revision))
        return step

    def redo(self) -> list[dict] | None:
        step = self.game.redo()
        if step is not None:
            self._write(lambda: self.store.redo_step(self.game_id, expect_revision=self.revision))
        return step

    def _write(self, write) -> None:
        if self.store is None:
            return
        try:
            write()
        except StoreConflict:
            self.reload()
            raise
        self.revision += 1
