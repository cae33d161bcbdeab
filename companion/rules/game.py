"""The game engine: inputs in, facts out, every fact in an append-only log grouped into undo steps.

How it fits together (boardgame.io's reducer and OpenSpiel's explicit chance, in plain Python):

- ``Game.decision`` says what the game waits for: the starting rolls, a human placement, an automa turn, a
  human's dragon roll, an answer the app cannot know (an achievement's points), a dragon attack's inputs, the
  next round, or the final scores.
- ``Game.act(inp)`` takes one input (a dict with a ``type``) and runs the game forward until the next decision
  that needs a person. Everything that happens is emitted as an event (a JSON-able dict with ``seq``, ``step``,
  ``type``); the whole batch is one undo step. The input itself is the step's first event, marked
  ``"input": true``; a step without an input event was a plain "go on" (``{"type": "proceed"}``).
- Chance comes only from the generator kept in the state (``state.rng``), so re-running the same inputs gives
  the same dice, cards and shuffles. Replay, undo and redo all rest on that: undo rebuilds the state from the
  steps before it (undo is never a free re-roll), redo re-runs the undone input, and a record replays by
  feeding its inputs and checking that every recorded fact is produced again.

Where each part lives: ``Game`` (this module) is the one public entry and the only owner of the event log: the
steps, ``_emit``, undo and redo, and the dispatch of an input to its phase. Each phase reads alone in
``companion.rules.engine``: ``decision`` (what the game waits for), ``round_flow`` (starting rolls, rounds, turn
order, the run loop), ``placing`` (a human's dwarf or golem), ``automa_turn`` (cards, all-play walk, the automa's
deck), ``dragon_attack`` (aggression, the attack and its losses), ``side_inputs`` (spells, corrections, answers),
``table_stash`` (what to take when the table keeps the automa's things: instructions instead of questions),
and beside them ``inputs`` (input types and shapes, ``IllegalInput``) and ``replay`` (``Diverged``, ``input_of``).

>>> from companion.rules.setup import Setup
>>> g = Game(Setup.solo(seed=3))
>>> g.decision.kind
'starting_rolls'
>>> _ = g.act({"type": "starting_rolls", "rolls": {"blue": 4}})
>>> g.decision.kind in ("place", "automa_turn")
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from itertools import chain

from .deck import Card, Deck, card_tables, load_builtin, shipped_card_tables
from .engine.automa_turn import AutomaTurn, claims_by_space
from .engine.decision import Decision, Decisions
from .engine.dragon_attack import DragonAttack
from .engine.inputs import INPUT_TYPES, NO_FIELDS, IllegalInput, check_shape
from .engine.placing import Placing
from .engine.replay import Diverged, compare, input_of
from .engine.rerolls import Rerolls
from .engine.round_flow import RoundFlow
from .engine.side_inputs import SideInputs
from .engine.table_stash import TableStash
from .engine.versions import KNOWN_VERSIONS, RULES_VERSION
from .setup import Setup, shipped_tavern_rewards
from .spaces import spaces_for
from .state import DeckPiles, GameState

__all__ = ["INPUT_TYPES", "KNOWN_VERSIONS", "RULES_VERSION", "Decision", "Diverged", "Game", "IllegalInput", "input_of"]

#: Each input type -> the decisions it answers (a spell, a special tile or a correction may come at any time).
_EXPECTED: dict[str, tuple[str, ...]] = {
    "starting_rolls": ("starting_rolls",),
    "place": ("place",),
    "roll": ("roll",),
    "answer": ("question",),
    "attack_input": ("attack",),
    "game_end": ("final_scores",),
    "reroll": ("keep_roll",),
    "proceed": ("starting_rolls", "automa_turn", "roll", "keep_roll", "next_round"),
}


#: The inputs that may come at any time, beside the decision the game waits for.
_SIDE_INPUTS = frozenset({"spell", "special_tile", "correction"})


@cache
def _edition_spaces(expansion: bool) -> tuple[tuple[str, ...], Mapping[str, None]]:
    """The space ids of a base or an expansion game in board order, and every one of them -> None (open): what a
    placement's options start from, copied (a copy of a dict costs a fraction of building it again key by key).
    Made once per edition and shared by every game (nothing writes to them; issue 13: set-up was 4% of a
    simulated game)."""
    ids = tuple(s.id for s in spaces_for(expansion))
    return ids, dict.fromkeys(ids)


class Game(Decisions, RoundFlow, Placing, AutomaTurn, DragonAttack, Rerolls, SideInputs, TableStash):
    """One game: its setup, the log of steps, the redo stack, and the state the log produces.

    ``version`` is the rules version the game is played under (``engine.versions``): the current one for a new
    game, the record's or the stored game's own when it is replayed or resumed.
    """

    def __init__(self, setup: Setup, decks: Mapping[str, Deck] | None = None, *, version: int = RULES_VERSION) -> None:
        if version not in KNOWN_VERSIONS:
            raise ValueError(f"rules version {version!r} is not one this app knows")
        self.version = version
        self.setup = setup
        given = {**setup.custom_decks, **(decks or {})}
        self.decks: dict[str, Deck] = {}
        #: Each automa's card ids in order (what the set-up shuffles) and its cards by id (what a draw reads).
        self._card_ids: dict[str, tuple[str, ...]] = {}
        self._cards: dict[str, Mapping[str, Card]] = {}
        for p in setup.automa:
            deck = given.get(p.deck)
            if deck is None:  # a shipped deck: its tables made once for every game
                deck, tables = load_builtin(p.deck), shipped_card_tables(p.deck)
            else:
                tables = card_tables(deck)
            self.decks[p.color] = deck
            self._card_ids[p.color], self._cards[p.color] = tables
        self._automa = frozenset(self.decks)
        self._table_keeps_stash = setup.stash == "table"
        self._expansion = setup.expansion
        self._claims = claims_by_space(tuple(sorted(setup.tavern_rewards.items())))
        self._space_ids, self._open_spaces = _edition_spaces(setup.expansion)
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
    def from_saved(cls, header: Mapping, events: list[Mapping], redo_steps: list[list[dict]]) -> Game:
        """A stored game: the active events replayed under its own rules version, the undone steps ready for redo."""
        version = header.get("version", 1)
        game = cls.from_events(Setup.model_validate(header["setup"]), events, version=version)
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

    def act(self, inp: Mapping) -> list[dict]:
        """Apply one input; returns the step's events. Raises IllegalInput (state unchanged) when not allowed."""
        # A dict goes in as it is: no phase changes an input or keeps it (each reads its fields, and an event copies
        # what it logs of them), so a copy would only cost time, about 160 times a game (issue 13). Any other
        # mapping becomes a dict, which the phases read.
        step = self._execute(inp if type(inp) is dict else dict(inp))
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
        inp = input_of(first) if first.get("input") else {"type": "proceed"}
        try:
            produced = self._execute(inp)
        except IllegalInput as exc:
            raise Diverged(first.get("seq"), f"{first.get('type')} is not allowed here: {exc}") from None
        compare(produced, recorded, partial=partial, start=start)
        return produced

    # ------------------------------------------------------------------ steps and the event log

    def _start(self) -> None:
        self._decision: Decision | None = None
        self._waiting_placer: tuple[str, int] | None = None  # who places next, as the last step's run loop found
        self._busy = False
        self.state = GameState.start(self.setup)
        self._seq = 0
        self._step = 0  # the number of the step being made: len(self.steps) until it is appended
        self._current: list[dict] = []
        for color, cards in self._card_ids.items():
            self.state.decks[color] = DeckPiles(draw=[])
            self._shuffle(color, list(cards), "setup")
        self.steps.append(self._current)

    def _rebuild(self) -> None:
        kept = self.steps
        self.steps = []
        self._start()
        for step in kept[1:]:
            self.replay_step(step)

    def _execute(self, inp: dict) -> list[dict]:
        self._current = step = []
        self._step = len(self.steps)
        decision = self._decision or self._compute_decision()  # ``self.decision`` without the property's call
        # A die stays open to Time Warp only until the next step: the step that casts it finds it here.
        state = self.state
        self._open_die, state.last_die = state.last_die, None
        self._busy = True
        self._decision = None
        self._waiting_placer = None
        kind = inp.get("type")
        # The steps a game makes by the hundred go straight to their phase (``_ROUTES``), every other to _dispatch.
        route = _ROUTES.get(kind, _NO_ROUTE).get(decision.kind) if type(kind) is str else None
        try:
            if route is not None:
                route(self, inp, decision)
            else:
                self._dispatch(inp, decision)
            self._advance()
        except Exception:
            self._busy = False
            self._rebuild_silently()
            raise
        finally:
            self._busy = False
        self.steps.append(step)  # the list ``_current`` still is: only a failed step builds the state again
        return step

    def _rebuild_silently(self) -> None:
        redo = self.redo_steps
        self._rebuild()
        self.redo_steps = redo

    def _emit(self, type_: str, **fields) -> dict:
        """Log one event in the step being made: ``seq``, ``step`` and ``type`` first, then ``fields`` in order."""
        self._seq += 1
        event = {"seq": self._seq, "step": self._step, "type": type_, **fields}
        self._current.append(event)
        return event

    def _log(self, event: dict) -> dict:
        """Log an event its caller wrote out whole, ``{"seq": None, "step": None, "type": ..., ...}``: the two
        placeholders keep the keys in the order ``_emit`` gives them and are filled in here.

        Why: the events a game makes by the hundred (a placement, a die, a gain, an answer) cost half as much this
        way as through ``_emit``'s keyword arguments (issue 13: simulated games a second; ``_draw`` writes even
        this out for the card drawn, the most frequent event)."""
        self._seq += 1
        event["seq"] = self._seq
        event["step"] = self._step
        self._current.append(event)
        return event

    def _is_automa(self, color: str) -> bool:
        return color in self._automa

    # ------------------------------------------------------------------ facts every phase records

    def _roll(self, color: str, purpose: str, value: int | None, **extra) -> int:
        by = "table" if value is not None else "app"
        if value is None:
            value = self.state.rng.die()
        self._log({"seq": None, "step": None, "type": "roll", "color": color, "value": value, "purpose": purpose,
                   "by": by, **extra})
        return value

    def _gain(
        self, color: str, reason: str, gold: int = 0, gems: Mapping[str, int] | None = None, tile: dict | None = None
    ) -> None:
        stash = self.state.stash[color]
        fact: dict = {"seq": None, "step": None, "type": "gain", "color": color}
        if gold:
            stash.gold += gold
            fact["gold"] = gold
        if gems:
            for gem, n in gems.items():
                stash.gems[gem] += n
            fact["gems"] = dict(gems)
        if tile:
            stash.tiles.append(dict(tile))
            fact["tile"] = dict(tile)
        fact["reason"] = reason
        self._log(fact)

    def _score(self, color: str, points: int, reason: str) -> None:
        self.state.points[color] += points
        self._log({"seq": None, "step": None, "type": "score", "color": color, "points": points, "reason": reason})

    # ------------------------------------------------------------------ dispatch

    def _dispatch(self, inp: dict, decision: Decision) -> None:
        """An input ``_ROUTES`` does not take: its shape checked, then to its phase if the game waits for it."""
        kind = inp.get("type")
        if type(kind) is not str or kind not in NO_FIELDS:
            check_shape(inp)
        if kind in _SIDE_INPUTS:
            return self._side_input(kind, inp, decision)
        if kind == "place" and inp.get("golem"):
            return self._place_golem(inp, decision)
        expected = _EXPECTED.get(kind)
        if expected is None:
            raise IllegalInput(f"unknown input '{kind}'")
        if decision.kind not in expected:
            raise IllegalInput(f"'{kind}' is not possible now: the game waits for {decision.kind}")
        match decision.kind:
            case "automa_turn":
                self._automa_turn(decision.color, decision.dwarf)
            case "question":
                self._answer(inp)
            case "place":
                self._place_human(decision.color, decision.dwarf, inp)
            case "roll":
                self._human_roll(decision.color, inp.get("value") if kind == "roll" else None)
            case "keep_roll":
                self._keep_or_reroll(decision.color, kind == "reroll")
            case "next_round":
                self._next_round()
            case "starting_rolls":
                self._starting_rolls(inp.get("rolls") or {})
            case "attack":
                self._attack(inp)
            case "final_scores":
                self._game_end(inp)

    # ------------------------------------------------------------------ for the score sheet

    def automa_line(self, color: str) -> dict:
        """The automa's end-game counts from its stash, for the scoring assistant. Only for a game whose app kept
        the stash: when the table keeps it (``setup.stash == "table"``) the counts come from the end-of-game
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


def _place(game: Game, inp: dict, decision: Decision) -> None:
    """A placement answering a placement decision: its fields checked, then the golem or the dwarf.

    ``{"type": "place", "space": <a text>}`` alone (the bots' and most taps' placement) has nothing else to check:
    the whole check only for any other (issue 13: a game places about 30 times)."""
    if len(inp) != 2 or type(inp.get("space")) is not str:
        check_shape(inp)
    if inp.get("golem"):
        return game._place_golem(inp, decision)
    game._place_human(decision.color, decision.dwarf, inp)


#: input type -> decision kind -> the phase that takes it, for every input that answers the decision it is
#: expected for and whose fields only that phase reads (the inputs of ``NO_FIELDS``, and a placement, which
#: checks its fields first): two look-ups of a text instead of ``_dispatch``'s checks one by one (issue 13: a game
#: makes about 160 steps, 60 of them automa turns; a dict of dicts, as a pair for a key costs a tuple a step).
#: Any other pair (a side input, an input the game does not wait for, a shape to check) takes ``_dispatch``'s
#: whole way, which does the same for these pairs.
_ROUTES: dict[str, dict[str, Callable[[Game, dict, Decision], None]]] = {
    "proceed": {
        "automa_turn": lambda game, inp, d: game._automa_turn(d.color, d.dwarf),
        "roll": lambda game, inp, d: game._human_roll(d.color, None),
        "keep_roll": lambda game, inp, d: game._keep_or_reroll(d.color, False),
        "next_round": lambda game, inp, d: game._next_round(),
        "starting_rolls": lambda game, inp, d: game._starting_rolls(inp.get("rolls") or {}),
    },
    "answer": {"question": lambda game, inp, d: game._answer(inp)},
    "place": {"place": _place},
    "reroll": {"keep_roll": lambda game, inp, d: game._keep_or_reroll(d.color, True)},
}
_NO_ROUTE: Mapping[str, Callable[[Game, dict, Decision], None]] = {}
