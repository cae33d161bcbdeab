"""The game engine: inputs in, facts out, every fact in an append-only log grouped into undo steps.

How it fits together (boardgame.io's reducer, and its seeded generator kept in the game state, in plain Python):

- ``Game.decision`` says what the game waits for: the starting rolls, a human placement, an automa turn, a
  human's dragon roll, an answer the app cannot know (an achievement's points), a dragon attack's inputs, the
  next round, or the final scores.
- ``Game.act(inp)`` takes one input (an ``engine.inputs`` class, ``Place("forge")``, or its JSON form,
  ``{"type": "place", "space": "forge"}``) and runs the game forward until the next decision that needs a
  person. Everything that happens is emitted as an event (a JSON-able dict with ``seq``, ``step``, ``type``);
  the whole batch is one undo step. The input itself is the step's first event, marked ``"input": true``,
  written here and nowhere else; a step without an input event was a plain "go on" (``Proceed``).
- Chance comes only from the generator kept in the state (``state.rng``), so re-running the same inputs gives
  the same dice, cards and shuffles. Replay, undo and redo all rest on that: undo rebuilds the state from the
  steps before it (undo is never a free re-roll), redo re-runs the undone input, and a record replays by
  feeding its inputs and checking that every recorded fact is produced again.

Where each part lives: ``Game`` (this module) is the one public entry and the only owner of the steps: it
opens a step, hands the input to its part (``engine.routes``: the part follows from the input's class), writes
the input event from what that part records, runs the game on (``RoundFlow.advance``), and keeps undo and redo.
The parts are objects made for each game state (``engine.parts.wire``), each holding what it uses: the
``StepLog`` that files and numbers every event (with the facts every part records: a die, a gain, points), the
``GameState``, the game's ``Fixed`` facts, and the parts below it. A step's route through them can be read
from ``engine/parts.py``.

>>> from companion.rules.setup import Setup
>>> g = Game(Setup.solo(seed=3))
>>> g.decision.kind
'starting_rolls'
>>> _ = g.act({"type": "starting_rolls", "rolls": {"blue": 4}})
>>> g.decision.kind in ("place", "automa_turn")
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import chain

from companion.rules.automa.deck import Card, Deck, card_tables, load_builtin, shipped_card_tables
from companion.rules.board.placement import Blocked
from companion.rules.editions import expansion_parts
from companion.rules.engine.decisions import Decision
from companion.rules.engine.fixed import Fixed
from companion.rules.engine.inputs import PROCEED, Input, Json, parse
from companion.rules.engine.parts import Parts, wire
from companion.rules.engine.refusals import IllegalInput
from companion.rules.engine.replay import Diverged, ReplayProblem, compare, input_of, refused, saved_setup
from companion.rules.engine.routes import route
from companion.rules.engine.state import GameState
from companion.rules.engine.versions import KNOWN_VERSIONS, RULES_VERSION
from companion.rules.setup import Setup, shipped_tavern_rewards

__all__ = ["KNOWN_VERSIONS", "RULES_VERSION", "Decision", "Diverged", "Game", "IllegalInput", "input_of"]


class Game:
    """One game: its setup, the log of steps, the redo stack, and the state the log produces.

    ``version`` is the rules version the game is played under (``engine.versions``): the current one for a new
    game, the record's or the stored game's own when it is replayed or resumed.
    """

    def __init__(self, setup: Setup, decks: Mapping[str, Deck] | None = None, *, version: int = RULES_VERSION) -> None:
        if version not in KNOWN_VERSIONS:
            raise ReplayProblem("unknown_version", version=version)
        self.version = version
        self.setup = setup
        given: dict[str | None, Deck] = {  # the setup's decks, then those given here
            name: deck for name, deck in [*setup.custom_decks.items(), *(decks or {}).items()]}
        self.decks: dict[str, Deck] = {}
        tables: dict[str, tuple[tuple[str, ...], Mapping[str, Card]]] = {}
        for p in setup.automa:
            deck = given.get(p.deck)
            if deck is None:  # a shipped deck: its tables made once for every game
                deck, tables[p.color] = load_builtin(p.deck), shipped_card_tables(p.deck)
            else:
                tables[p.color] = card_tables(deck)
            self.decks[p.color] = deck
        self._fixed = Fixed.make(setup, version, self.decks, tables)
        #: Rules version 3: a base game refuses every input that holds the expansion's things (mana, a spell, an
        #: expansion space or tile, the golem) in one line, before any part reads it (``companion.rules.editions``).
        #: Version 2 refused spells, the golem and the Spell Chamber where each is read, and let mana through.
        self._refuses_expansion = version >= 3 and not setup.expansion
        self.steps: list[list[dict]] = []
        self.redo_steps: list[list[dict]] = []
        self._start()

    # ------------------------------------------------------------------ public API

    @classmethod
    def from_events(cls, setup: Setup, events: Sequence[Mapping], *, version: int = RULES_VERSION) -> Game:
        """Rebuild a game by feeding the inputs among ``events``; every other event must come out again.

        ``version``: the rules version the events were made under. Raises Diverged naming the first event that
        the rules do not produce.
        """
        game = cls(setup, version=version)
        done = len(game.steps[0])
        compare(game.steps[0], events, partial=True)
        while done < len(events):  # each step reads its own events in place: linear in the record's length
            done += len(game.replay_step(events, partial=True, start=done))
        return game

    @classmethod
    def from_saved(cls, header: Mapping, events: Sequence[Mapping], redo_steps: list[list[dict]]) -> Game:
        """A stored game: the active events replayed under its own rules version, the undone steps ready for redo."""
        version = header.get("version", 1)
        game = cls.from_events(saved_setup(header), events, version=version)
        game.redo_steps = [list(step) for step in redo_steps]
        return game

    def redo_events(self) -> list[list[dict]]:
        """The undone steps, the most recently undone last."""
        return [list(step) for step in self.redo_steps]

    @property
    def finished(self) -> bool:
        return self.state.phase == "over"

    def events(self) -> list[dict]:
        """The effective history: every event of every step, in order."""
        return list(chain.from_iterable(self.steps))

    def header(self) -> dict:
        """Line 1 of the game record."""
        # custom_decks appears only when the table played with transcribed decks, stash only when the table kept
        # the automa's things, tavern_rewards only when an owner corrected them: older records (and games like
        # them) stay byte for byte as they were.
        left_out = {name for name, default in (("custom_decks", {}), ("stash", "app"),
                                               ("tavern_rewards", shipped_tavern_rewards()))
                    if getattr(self.setup, name) == default}
        from_setup = self.setup.model_dump(mode="json", exclude=left_out or None)
        return {"format": "treasure-companion-record", "version": self.version, "setup": from_setup}

    def act(self, inp: Input | Mapping[str, Json]) -> list[dict]:
        """Apply one input (its JSON form is parsed first); returns the step's events. Raises IllegalInput (state
        unchanged) when not allowed."""
        step = self._execute(inp if isinstance(inp, Input) else parse(inp))
        if self.redo_steps:
            self.redo_steps.clear()
        return step

    @property
    def can_undo(self) -> bool:
        return len(self.steps) > 1

    def undo(self) -> list[dict] | None:
        """Take back the last step (never the setup). Returns it, or None when there is nothing to undo."""
        if not self.can_undo:
            return None
        step = self.steps.pop()
        self.redo_steps.append(step)
        self._rebuild()
        return step

    def redo(self) -> list[dict] | None:
        """Re-apply the last undone step: the same input gives the same events."""
        if not self.redo_steps:
            return None
        step = self.redo_steps.pop()
        self.replay_step(step)
        return step

    def replay_step(self, recorded: Sequence[Mapping], partial: bool = False, start: int = 0) -> list[dict]:
        """Re-run the step that ``recorded[start:]`` starts with and check that it produces the same events (raises
        Diverged). ``partial``: ``recorded`` may go on with later steps (a whole record being replayed)."""
        first = recorded[start]
        try:
            produced = self._execute(parse(input_of(first)) if first.get("input") else PROCEED)
        except IllegalInput as exc:
            raise refused(first, exc) from None
        compare(produced, recorded, partial=partial, start=start)
        return produced

    # ------------------------------------------------------------------ steps and the event log

    def _start(self) -> None:
        """A fresh state and its parts, with the setup's shuffles as step 0."""
        self._decision: Decision | None = None
        self.state = GameState.start(self.setup)
        self._parts: Parts = wire(self._fixed, self.state)
        step_log = self._parts.step_log
        step_log.begin(0)
        self._parts.automa_decks.shuffle_for_setup()
        self.steps.append(step_log.close())

    def _rebuild(self) -> None:
        kept = self.steps
        self.steps = []
        self._start()
        for step in kept[1:]:
            self.replay_step(step)

    def _execute(self, inp: Input) -> list[dict]:
        if self._refuses_expansion and (found := expansion_parts(inp.to_json())):
            raise IllegalInput("expansion_only", field=found[0].field, things=[p.what for p in found])
        parts = self._parts
        decision = self._decision or parts.decisions.make()  # ``self.decision``, one call less a step
        step_log = parts.step_log
        step_log.begin(len(self.steps))
        # A die stays open to Time Warp only until the next step: the step that casts it finds it here.
        state = self.state
        parts.rerolls.open_die, state.last_die = state.last_die, None
        self._decision = None
        try:
            recorded = route(parts, inp, decision)
            if recorded is not None:  # the one place an input event is written: first in its step
                step_log.record_input(inp.TYPE, recorded)
            self._decision = parts.round_flow.advance()
        except Exception:
            self._rebuild_silently()
            raise
        step = step_log.close()
        self.steps.append(step)  # only a failed step rebuilds
        return step

    def _rebuild_silently(self) -> None:
        redo = self.redo_steps
        self._rebuild()
        self.redo_steps = redo

    # ------------------------------------------------------------------ what views and bots read

    @property
    def decision(self) -> Decision:
        """What the game waits for now (worked out once per step: bots and views ask often)."""
        if self._decision is None:
            self._decision = self._parts.decisions.make()
        return self._decision

    def space_options(self, color: str, dwarf: int, spell: str | None = None) -> dict[str, Blocked | None]:
        """Every space of this game -> None when ``color #dwarf`` may take it, else the reason why not."""
        return self._parts.decisions.space_options(color, dwarf, spell)

    def aggression_threshold(self) -> int:
        """The lowest die that moves the dragon now."""
        return self._parts.dragon_track.threshold()

    # ------------------------------------------------------------------ for the score sheet

    def automa_line(self, color: str) -> dict:
        """The automa's end-game counts from its stash, for the scoring assistant. Only for a game whose app kept
        the stash: when the table keeps it (``setup.table_stash``) the counts come from the end-of-game
        sheet."""
        stash = self.state.stash[color]
        p = self.setup.player(color)
        return {
            "color": color,
            "kind": "automa",
            "difficulty": p.difficulty,
            "track": self.state.points[color],
            "mine_tiles": len(stash.tiles),
            "gem_mine_tiles": stash.gem_tiles,
            "gold": stash.gold,
            "mined_gems": stash.mined_gems,
        }

