"""A game being played, kept in step with the store: every step is committed the moment it is made.

The app and ``simulate --data-dir`` both go through this, so what survives a killed process is the same for
both. A second window on the same game is detected through the store's revision: the stale window reloads
instead of writing over the other. A step the store could not write (a full disk) is taken back: the game
in memory is always the last saved one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from companion.rules.engine.game import Game
from companion.rules.engine.inputs import Input, Json
from companion.rules.scoring import rank_order, solo_automa, solo_verdict
from companion.rules.setup import Setup
from companion.store import GameSummary, Store, StoreConflict, StoreError


def finished_summary(game: Game) -> GameSummary:
    """What the history keeps of a finished game: scores, winner, solo verdict and beard rank."""
    scores = dict(game.state.final_scores or {})
    humans = tuple(p.color for p in game.setup.humans)
    ahead = solo_automa([(p.color, p.kind) for p in game.setup.players])  # a solo tie goes to the automa
    winner = rank_order(scores, list(game.state.turn_order), ahead)[0]
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
        #: Called after each step is saved (the app tells the other devices at the table: companion/ui/shell/live.py).
        self.on_saved: Callable[[], object] | None = None

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
        if self.store is None or self.game_id is None:
            return  # nothing stored: nothing else can have changed it
        fresh = self.resume(self.store, self.game_id)
        self.game, self.revision = fresh.game, fresh.revision

    def act(self, inp: Input | Mapping[str, Json], *, seen: int | None = None) -> list[dict]:
        """Play one input and save its step (with the finish, when it ends the game, in one transaction).

        ``seen``: the revision of the game the screen showed when the input was made there (see :meth:`_check_seen`).
        """
        self._check_seen(seen)
        redo = self.game.redo_events()
        step = self.game.act(inp)

        def take_back() -> None:
            self.game.undo()
            self.game.redo_steps = redo

        finished = self.game.finished
        summary = finished_summary(self.game) if finished and self.store is not None else None
        self._write(
            lambda store, game_id: store.append_step(
                game_id, step, expect_revision=self.revision, finish=finished, summary=summary
            ),
            take_back,
        )
        return step

    def undo(self, *, seen: int | None = None) -> list[dict] | None:
        self._check_seen(seen)
        step = self.game.undo()
        if step is not None:
            self._write(lambda store, game_id: store.undo_step(game_id, expect_revision=self.revision), self.game.redo)
        return step

    def redo(self, *, seen: int | None = None) -> list[dict] | None:
        self._check_seen(seen)
        step = self.game.redo()
        if step is not None:
            self._write(lambda store, game_id: store.redo_step(game_id, expect_revision=self.revision), self.game.undo)
        return step

    def _check_seen(self, seen: int | None) -> None:
        """Refuse an input made on a screen that showed an older revision than this session holds.

        Another page's step reloads this session in the background (companion/ui/shell/live.py) while the page still
        shows the game as it was; a tap already on its way was aimed at that screen. Played on the reloaded
        game it would be a second step nobody chose (a second card drawn, a "Start round 2" taken as an automa's
        placement): it is a conflict, as a tap that reaches the store after another window's step is.
        """
        if seen is not None and self.store is not None and seen != self.revision:
            raise StoreConflict(f"game {self.game_id}: the screen showed revision {seen}, not {self.revision}")

    def _write(self, write: Callable[[Store, int], object], take_back: Callable[[], object]) -> None:
        """Save what the game just did; when the store refuses, the game goes back to the last saved step.

        A conflict (another window moved the game on) reloads the stored game. Any other store failure (a full
        disk, a read-only folder) takes the step back in memory with ``take_back``: what the screen shows is
        never ahead of what is saved, and the same tap works once the disk has room again.
        """
        if self.store is None or self.game_id is None:
            return
        try:
            write(self.store, self.game_id)
        except StoreConflict:
            self.reload()
            raise
        except StoreError:
            take_back()
            raise
        self.revision = (self.revision or 0) + 1  # a stored game's session always knows its revision
        if self.on_saved is not None:
            self.on_saved()
