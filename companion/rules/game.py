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

>>> from companion.rules.setup import Setup
>>> g = Game(Setup.solo(seed=3))
>>> g.decision.kind
'starting_rolls'
>>> _ = g.act({"type": "starting_rolls", "rolls": {"blue": 4}})
>>> g.decision.kind in ("place", "automa_turn")
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from . import automa as automa_rules
from .board import Occupant
from .deck import Deck, load_builtin
from .dragon import aggression_threshold, defence, resolve_attack, split_gem_loss, treasure_loss
from .placement import SPELLS_FOR_PLACEMENT, blocked_reason, next_placer
from .reference import load_reference
from .setup import Setup
from .spaces import SPACES, TAVERN_SPACES, spaces_for
from .state import DeckPiles, GameState
from .turn_order import from_tavern, order_from_rolls, tied_groups

INPUT_TYPES = frozenset(
    {
        "starting_rolls",
        "place",
        "roll",
        "reroll",
        "answer",
        "attack_input",
        "game_end",
        "spell",
        "special_tile",
        "correction",
    }
)
DRACO_SPEAK = "draco_speak"


class IllegalInput(ValueError):
    """An input the rules do not allow at this point. Its message is one line for the player."""


@dataclass(frozen=True)
class Decision:
    """What the game waits for. ``kind`` is one of: starting_rolls, place, automa_turn, roll, keep_roll, question,
    attack, next_round, final_scores, over."""

    kind: str
    color: str | None = None
    dwarf: int | None = None
    prompt: str = ""
    details: Mapping = field(default_factory=dict)


def _name(color: str) -> str:
    return color.capitalize()


class Game:
    """One game: its setup, the log of steps, the redo stack, and the state the log produces."""

    def __init__(self, setup: Setup, decks: Mapping[str, Deck] | None = None) -> None:
        self.setup = setup
        by_name = {**setup.custom_decks, **(decks or {})}
        for p in setup.automa:
            by_name.setdefault(p.deck, load_builtin(p.deck))
        self.decks: dict[str, Deck] = {p.color: by_name[p.deck] for p in setup.automa}
        self._automa = frozenset(p.color for p in setup.automa)
        self._cards = {color: {c.id: c for c in deck.cards} for color, deck in self.decks.items()}
        self._tavern_rewards = {t.space: (t.reward, t.amount) for t in load_reference().tavern}
        self._space_ids = [s.id for s in spaces_for(setup.expansion)]
        self.steps: list[list[dict]] = []
        self.redo_steps: list[list[dict]] = []
        self._start()

    # ------------------------------------------------------------------ public API

    @classmethod
    def from_events(cls, setup: Setup, events: list[Mapping]) -> Game:
        """Rebuild a game by feeding the inputs among ``events``; every other event must come out again.

        Raises Diverged naming the first event that the rules do not produce.
        """
        game = cls(setup)
        done = len(game.steps[0])
        _compare(game.steps[0], list(events[:done]), partial=True)
        while done < len(events):
            done += len(game.replay_step(list(events[done:]), partial=True))
        return game

    @classmethod
    def from_saved(cls, header: Mapping, events: list[Mapping], redo_steps: list[list[dict]]) -> Game:
        """A stored game: the active events replayed, and the undone steps ready for redo."""
        game = cls.from_events(Setup.model_validate(header["setup"]), events)
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
        return [e for step in self.steps for e in step]

    def header(self) -> dict:
        """Line 1 of the game record."""
        # custom_decks appears only when the table played with transcribed decks (older records stay as they were).
        from_setup = self.setup.model_dump(mode="json", exclude=None if self.setup.custom_decks else {"custom_decks"})
        return {"format": "treasure-companion-record", "version": 1, "setup": from_setup}

    def act(self, inp: Mapping) -> list[dict]:
        """Apply one input; returns the step's events. Raises IllegalInput (state unchanged) when not allowed."""
        step = self._execute(dict(inp))
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

    def replay_step(self, recorded: list[Mapping], partial: bool = False) -> list[dict]:
        """Re-run the step that ``recorded`` starts with and check that it produces the same events (raises
        Diverged). ``partial``: ``recorded`` may go on with later steps (a whole record being replayed)."""
        first = recorded[0]
        inp = input_of(first) if first.get("input") else {"type": "proceed"}
        try:
            produced = self._execute(inp)
        except IllegalInput as exc:
            raise Diverged(first.get("seq"), f"{first.get('type')} is not allowed here: {exc}") from None
        _compare(produced, recorded, partial=partial)
        return produced

    # ------------------------------------------------------------------ decision

    @property
    def decision(self) -> Decision:
        """What the game waits for now (computed once per step: bots and views ask often)."""
        if self._busy:
            return self._compute_decision()
        if self._decision is None:
            self._decision = self._compute_decision()
        return self._decision

    def _compute_decision(self) -> Decision:
        s = self.state
        if s.phase == "start":
            humans = [p.color for p in self.setup.humans]
            return Decision("starting_rolls", prompt="Roll for the starting turn order", details={"humans": humans})
        if s.tasks:
            return self._task_decision(s.tasks[0])
        if s.phase == "placing":
            color, dwarf = next_placer(s.turn_order, s.beds)
            if self._is_automa(color):
                return Decision("automa_turn", color, dwarf, f"{_name(color)} automa places #{dwarf}")
            return Decision(
                "place", color, dwarf, f"{_name(color)} #{dwarf} places", {"spaces": self.space_options(color, dwarf)}
            )
        if s.phase == "round_over":
            return Decision(
                "next_round", prompt=f"Round {s.round} is over: reset the board", details={"order": list(s.turn_order)}
            )
        if s.phase == "scoring":
            return Decision("final_scores", prompt="Score the game")
        return Decision("over", prompt="The game is over")

    def _task_decision(self, task: dict) -> Decision:
        kind = task["kind"]
        if kind == "roll":
            return Decision(
                "roll",
                task["color"],
                prompt=f"{_name(task['color'])} rolls for the dragon",
                details={"threshold": self.aggression_threshold()},
            )
        if kind == "keep_roll":
            return Decision(
                "keep_roll",
                task["color"],
                prompt=f"{_name(task['color'])} rolled {task['value']}: keep it or re-roll (Temple)?",
                details={"value": task["value"], "threshold": self.aggression_threshold()},
            )
        if kind == "question":
            return Decision(
                "question", task["color"], prompt=f"{_name(task['color'])} automa: {task['prompt']}", details=task
            )
        return Decision("attack", task["trigger"], prompt="The dragon attacks!", details=task)

    def space_options(self, color: str, dwarf: int, spell: str | None = None) -> dict[str, str | None]:
        """Every space of this game -> None when ``color #dwarf`` may take it, else the reason why not."""
        board = self.state.board
        return {sid: blocked_reason(board.get(sid), sid, color, dwarf, spell) for sid in self._space_ids}

    def _has_open_space(self, color: str, dwarf: int) -> bool:
        board = self.state.board
        return any(blocked_reason(board.get(sid), sid, color, dwarf) is None for sid in self._space_ids)

    def aggression_threshold(self) -> int:
        occ = self.state.board.get("treasure_hoard")
        song = occ is not None and "dragon_song" in self.state.special_tiles[occ.color]
        return aggression_threshold(song)

    # ------------------------------------------------------------------ steps

    def _start(self) -> None:
        self._decision: Decision | None = None
        self._busy = False
        self.state = GameState.start(self.setup)
        self._seq = 0
        self._current: list[dict] = []
        for p in self.setup.automa:
            cards = self.decks[p.color].ids()
            self.state.decks[p.color] = DeckPiles(draw=[])
            self._shuffle(p.color, list(cards), "setup")
        self.steps.append(self._current)

    def _rebuild(self) -> None:
        kept = self.steps
        self.steps = []
        self._start()
        for step in kept[1:]:
            self.replay_step(step)

    def _execute(self, inp: dict) -> list[dict]:
        self._current = []
        decision = self.decision
        self._busy = True
        self._decision = None
        try:
            self._dispatch(inp, decision)
            self._advance()
        except Exception:
            self._busy = False
            self._rebuild_silently()
            raise
        finally:
            self._busy = False
        step = self._current
        self.steps.append(step)
        return step

    def _rebuild_silently(self) -> None:
        redo = self.redo_steps
        self._rebuild()
        self.redo_steps = redo

    def _emit(self, type_: str, **fields) -> dict:
        self._seq += 1
        event = {"seq": self._seq, "step": len(self.steps), "type": type_, **fields}
        self._current.append(event)
        return event

    def _is_automa(self, color: str) -> bool:
        return color in self._automa

    # ------------------------------------------------------------------ dispatch

    def _dispatch(self, inp: dict, decision: Decision) -> None:
        _check_shape(inp)
        kind = inp.get("type")
        if kind in ("spell", "special_tile", "correction"):
            return self._side_input(kind, inp, decision)
        if kind == "place" and inp.get("golem"):
            return self._place_golem(inp, decision)
        expected = {
            "starting_rolls": ("starting_rolls",),
            "place": ("place",),
            "roll": ("roll",),
            "answer": ("question",),
            "attack_input": ("attack",),
            "game_end": ("final_scores",),
            "reroll": ("keep_roll",),
            "proceed": ("starting_rolls", "automa_turn", "roll", "keep_roll", "next_round"),
        }.get(kind)
        if expected is None:
            raise IllegalInput(f"unknown input '{kind}'")
        if decision.kind not in expected:
            raise IllegalInput(f"'{kind}' is not possible now: the game waits for {decision.kind}")
        match decision.kind, kind:
            case "starting_rolls", _:
                self._starting_rolls(inp.get("rolls") or {})
            case "automa_turn", _:
                self._automa_turn(decision.color, decision.dwarf)
            case "place", _:
                self._place_human(decision.color, decision.dwarf, inp)
            case "roll", _:
                self._human_roll(decision.color, inp.get("value") if kind == "roll" else None)
            case "keep_roll", _:
                self._keep_or_reroll(decision.color, kind == "reroll")
            case "next_round", _:
                self._next_round()
            case "question", _:
                self._answer(inp)
            case "attack", _:
                self._attack(inp)
            case "final_scores", _:
                self._game_end(inp)

    # ------------------------------------------------------------------ start and rounds

    def _starting_rolls(self, given: Mapping) -> None:
        s = self.state
        humans = {p.color for p in self.setup.humans}
        for color, value in given.items():
            if color not in humans:
                raise IllegalInput(f"rolls: {color} is not a human player")
            if value is not None and value not in range(1, 7):
                raise IllegalInput(f"rolls: {color} rolled {value}; a die shows 1 to 6")
        if given:
            self._emit("starting_rolls", rolls=dict(given), input=True)
        # Each player's rolls in order: the first roll ranks; a re-roll only breaks the tie it was rolled for,
        # so tied players stay between the players who rolled above and below them.
        rolls: dict[str, tuple[int, ...]] = {}
        for p in self.setup.players:
            value = given.get(p.color)
            rolls[p.color] = (self._roll(p.color, "turn_order", value),)
        while groups := tied_groups(rolls):
            for group in groups:
                for color in group:
                    rolls[color] += (self._roll(color, "turn_order", None, reroll=True),)
        s.turn_order = order_from_rolls(rolls)
        self._emit("turn_order", order=list(s.turn_order))
        for position, color in enumerate(s.turn_order):
            if self._is_automa(color):
                self._gain(color, "starting gold", gold=self.setup.starting_gold[position])
        self._begin_round(1)

    def _roll(self, color: str, purpose: str, value: int | None, **extra) -> int:
        by = "table" if value is not None else "app"
        if value is None:
            value = self.state.rng.die()
        self._emit("roll", color=color, value=value, purpose=purpose, by=by, **extra)
        return value

    def _begin_round(self, number: int) -> None:
        s = self.state
        s.round = number
        s.board.clear()
        s.golem_owner = None
        for p in self.setup.players:
            s.beds[p.color] = set(range(1, self.setup.dwarves + 1))
            s.captured[p.color].clear()
            s.benched[p.color].clear()
        s.phase = "placing"
        self._emit("round_start", round=number)

    def _end_round(self) -> None:
        s = self.state
        self._emit("round_end", round=s.round)
        tavern = {sp: occ.color for sp in TAVERN_SPACES if (occ := s.board.get(sp)) and not occ.golem}
        s.turn_order = from_tavern(s.turn_order, tavern)
        self._emit("turn_order", order=list(s.turn_order))
        s.phase = "scoring" if s.round >= self.setup.rounds else "round_over"

    def _next_round(self) -> None:
        for p in self.setup.automa:
            piles = self.state.decks[p.color]
            self._shuffle(p.color, piles.draw + piles.discard, "reset")
        self._begin_round(self.state.round + 1)

    # ------------------------------------------------------------------ the run loop

    def _advance(self) -> None:
        s = self.state
        while True:
            if s.tasks:
                task = s.tasks[0]
                if task["kind"] == "roll" and self._is_automa(task["color"]):
                    s.tasks.pop(0)
                    self._aggression(task["color"], self._roll(task["color"], "aggression", None))
                    continue
                if task["kind"] == "walk":
                    self._walk(task)
                    continue
                return
            if s.phase == "placing":
                placer = next_placer(s.turn_order, s.beds)
                if placer is None:
                    self._end_round()
                    continue
                color, dwarf = placer
                if not self._is_automa(color) and not self._has_open_space(color, dwarf):
                    # App's choice, as for an automa: more dwarves than spaces (an automa at three humans, the
                    # extra dwarf option) can leave a dwarf with no space it may take; it sits out the round
                    # instead of the game waiting for a placement that the rules forbid everywhere.
                    s.beds[color].discard(dwarf)
                    s.benched[color].add(dwarf)
                    self._emit("sit_out", color=color, dwarf=dwarf, reason="no open space for this dwarf")
                    continue
            return

    # ------------------------------------------------------------------ placement

    def _place_human(self, color: str, dwarf: int, inp: Mapping) -> None:
        space = inp.get("space")
        spell = inp.get("spell")
        if space not in self._space_ids:
            raise IllegalInput(f"space: '{space}' is not an action space of this game")
        if spell is not None and spell not in SPELLS_FOR_PLACEMENT:
            raise IllegalInput(f"spell: '{spell}' does not change a placement")
        occupant = self.state.board.get(space)
        why = blocked_reason(occupant, space, color, dwarf, spell)
        if why is not None:
            raise IllegalInput(f"{SPACES[space].name}: {why}")
        if spell is not None and occupant is None:
            raise IllegalInput(f"spell: {spell} is for a dislodge, and {SPACES[space].name} is empty")
        fact = {"color": color, "dwarf": dwarf, "space": space, "dislodged": occupant.as_fact() if occupant else None}
        if spell:
            fact["spell"] = spell
        app_roll = inp.get("roll") == "app"
        if app_roll:
            fact["roll"] = "app"
        self._emit("place", **fact, input=True)
        if spell:
            self._emit("spell", color=color, spell=spell)
        self.state.beds[color].discard(dwarf)
        self._put(Occupant(color, dwarf), space, occupant, sacrifice=spell == "blood_sacrifice")
        self._after_claim(color, space)
        if app_roll and SPACES[space].dragon:
            # "roll": "app" on a placement: the table plays with the app's dice, so the dragon roll the space
            # asks for is made at once (one tap for the placement and its roll; undo takes back both).
            self._human_roll(color, None)

    def _place_golem(self, inp: Mapping, decision: Decision) -> None:
        color, space = inp.get("color"), inp.get("space")
        s = self.state
        if s.phase != "placing" or s.tasks or decision.kind not in ("place", "automa_turn"):
            raise IllegalInput("the golem can be placed only between dwarf actions")
        if color not in {p.color for p in self.setup.humans}:
            raise IllegalInput(f"golem: {color} is not a human player")
        if space not in self._space_ids:
            raise IllegalInput(f"space: '{space}' is not an action space of this game")
        old = s.golem_space()
        cast = s.golem_owner != color or old is not None
        occupant = s.board.get(space)
        if occupant is not None:
            raise IllegalInput(f"{SPACES[space].name}: the golem (beard 1) can only take an empty space")
        self._emit("place", color=color, dwarf=1, space=space, dislodged=None, golem=True, input=True)
        if cast:
            self._emit("spell", color=color, spell="stone_golem")
        if old is not None:
            del s.board[old]
        s.golem_owner = color
        s.board[space] = Occupant(color, 1, golem=True)
        self._after_claim(color, space)

    def _put(self, occupant: Occupant, space: str, dislodged: Occupant | None, sacrifice: bool = False) -> None:
        s = self.state
        if dislodged is not None:
            if dislodged.golem:
                pass  # the golem leaves the board; its controller may place it again
            elif sacrifice:
                s.captured[dislodged.color].add(dislodged.dwarf)
            else:
                s.beds[dislodged.color].add(dislodged.dwarf)
        s.board[space] = occupant

    def _after_claim(self, color: str, space: str) -> None:
        """Queue what follows a human's (or the golem's) claim: a dragon roll, or the all-play walk."""
        sp = SPACES[space]
        if sp.dragon:
            self.state.tasks.append({"kind": "roll", "color": color})
        if sp.all_play:
            others = [c for c in self.state.turn_order if c != color]
            self.state.tasks.append({"kind": "walk", "space": space, "queue": others})

    def _automa_turn(self, color: str, dwarf: int) -> None:
        s = self.state
        deck = self.decks[color]
        tried: set[str] = set()
        while True:
            card = self._draw(color, "place")
            pick = automa_rules.choose_space(card, s.board, color, dwarf, self.setup.expansion)
            if pick.space is not None:
                break
            tried.add(card.id)
            if len(tried) < len(deck.cards):
                continue  # the rulebook: draw again until a card places the dwarf
            # App's choice: when no card of the whole deck fits (only possible in crowded custom setups),
            # the dwarf sits out the round rather than the deck looping for ever.
            s.beds[color].discard(dwarf)
            s.benched[color].add(dwarf)
            self._emit("sit_out", color=color, dwarf=dwarf, reason="no space on any card is open")
            return
        occupant = s.board.get(pick.space)
        self._emit(
            "place",
            color=color,
            dwarf=dwarf,
            space=pick.space,
            dislodged=occupant.as_fact() if occupant else None,
            card=card.id,
            choice=pick.choice,
            skipped=pick.skipped,
        )
        s.beds[color].discard(dwarf)
        self._put(Occupant(color, dwarf), pick.space, occupant)
        effect = automa_rules.claim(pick.space, self._tavern_rewards.get(pick.space))
        if effect.gold or effect.gems:
            self._gain(color, SPACES[pick.space].name, gold=effect.gold, gems=dict(effect.gems))
        if effect.points:
            self._score(color, effect.points, f"{SPACES[pick.space].name} all-play bonus")
        if effect.ask_gems:
            s.tasks.append(
                {
                    "kind": "question",
                    "color": color,
                    "question": "gems",
                    "count": effect.ask_gems,
                    "prompt": f"it takes {effect.ask_gems} gems: which colours do the humans give it?",
                }
            )
        if effect.roll:
            s.tasks.append({"kind": "roll", "color": color})
        if effect.all_play:
            others = [c for c in s.turn_order if c != color]
            s.tasks.append({"kind": "walk", "space": pick.space, "queue": [color, *others]})

    def _walk(self, task: dict) -> None:
        """One step of an all-play walk: the next automa in line draws a card and reads its all-play section.

        Humans take part at the board in the same order; the app asks nothing of them.
        """
        s = self.state
        if not task["queue"]:
            s.tasks.remove(task)
            return
        color = task["queue"].pop(0)
        humans_before = [c for c in task.setdefault("done", []) if not self._is_automa(c)]
        task["done"].append(color)
        if not self._is_automa(color) or task["space"] == "mine":
            return
        card = self._draw(color, "all_play")
        question = automa_rules.all_play_question(task["space"], card)
        if question is not None:
            s.tasks.insert(0, {"kind": "question", "color": color, "card": card.id, "after": humans_before, **question})

    # ------------------------------------------------------------------ automa decks

    def _draw(self, color: str, purpose: str):
        piles = self.state.decks[color]
        if not piles.draw:
            self._shuffle(color, piles.discard, "empty")
            piles = self.state.decks[color]
        card_id = piles.draw.pop(0)
        piles.discard.append(card_id)
        self._emit("automa_draw", color=color, card=card_id, purpose=purpose)
        return self._cards[color][card_id]

    def _shuffle(self, color: str, cards: list[str], reason: str) -> None:
        order = self.state.rng.shuffled(sorted(cards))
        self.state.decks[color] = DeckPiles(draw=list(order))
        self._emit("automa_shuffle", color=color, reason=reason, order=list(order))

    # ------------------------------------------------------------------ stash and points

    def _gain(
        self, color: str, reason: str, gold: int = 0, gems: Mapping[str, int] | None = None, tile: dict | None = None
    ) -> None:
        stash = self.state.stash[color]
        fact: dict = {"color": color}
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
        self._emit("gain", **fact, reason=reason)

    def _score(self, color: str, points: int, reason: str) -> None:
        self.state.points[color] += points
        self._emit("score", color=color, points=points, reason=reason)

    # ------------------------------------------------------------------ questions

    def _answer(self, inp: Mapping) -> None:
        s = self.state
        task = s.tasks[0]
        color, question, value = task["color"], task["question"], inp.get("value")
        if question == "gems":
            allowed = automa_rules.STASH_GEMS if self.setup.expansion else automa_rules.GEM_COLORS
            if not isinstance(value, list) or len(value) != task["count"] or any(v not in allowed for v in value):
                raise IllegalInput(f"value: name {task['count']} gem colours from {', '.join(allowed)}")
            self._emit("answer", color=color, question=question, value=list(value), input=True)
            gems: dict[str, int] = {}
            for v in value:
                gems[v] = gems.get(v, 0) + 1
            self._gain(color, "gems chosen by the humans", gems=gems)
        elif question in ("dwarf_king", "gem_market"):
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 99:
                raise IllegalInput("value: a whole number from 0 to 99")
            self._emit("answer", color=color, question=question, value=value, input=True)
            if question == "dwarf_king":
                self._score(color, value, "Dwarf King achievement")
            elif value:
                self._gain(color, f"coins on the {task['gem']} contract", gold=value)
        elif question == "tunnel":
            tile = self._check_tile(value)
            self._emit("answer", color=color, question=question, value=tile, input=True)
            if tile["kind"] == "gem":
                self._gain(color, "mine tile", gems={tile["gem"]: tile["gems"]}, tile=tile)
            else:
                self._gain(color, "special mine tile", tile=tile)
                self._special_tile(color, tile["tile"])
        elif question == "wizards_cave":
            if value not in automa_rules.SPELLS:
                raise IllegalInput(f"value: '{value}' is not a spell")
            self._emit("answer", color=color, question=question, value=value, input=True)
            points = automa_rules.SPELL_POINTS.get(value, 0)
            if points:
                self._score(color, points, f"spell {value}")
        s.tasks.pop(0)

    def _check_tile(self, value) -> dict:
        if not isinstance(value, Mapping):
            raise IllegalInput("value: a tile, {kind: gem, gem, gems} or {kind: special, tile}")
        if value.get("kind") == "gem":
            gems = automa_rules.STASH_GEMS if self.setup.expansion else automa_rules.GEM_COLORS
            n = value.get("gems")
            if value.get("gem") not in gems or not isinstance(n, int) or not 1 <= n <= 9:
                raise IllegalInput("value: a gem tile names its colour and 1 to 9 gems")
            return {"kind": "gem", "gem": value["gem"], "gems": n}
        if value.get("kind") == "special" and value.get("tile") in automa_rules.SPECIAL_TILES:
            return {"kind": "special", "tile": value["tile"]}
        raise IllegalInput("value: a special tile must be one of " + ", ".join(automa_rules.SPECIAL_TILES))

    def _special_tile(self, color: str, tile: str) -> None:
        self.state.special_tiles[color].add(tile)
        self._emit("special_tile", color=color, tile=tile)

    # ------------------------------------------------------------------ dragon

    def _human_roll(self, color: str, value: int | None) -> None:
        if value is not None and value not in range(1, 7):
            raise IllegalInput("value: a die shows 1 to 6")
        self.state.tasks.pop(0)
        if value is not None:
            self._emit("roll", color=color, value=value, purpose="aggression", by="table", input=True)
            self._aggression(color, value)
        else:
            rolled = self._roll(color, "aggression", None)
            if self._in_temple(color):
                # The Temple lets its occupant re-roll their own die once: ask before the dragon moves.
                self.state.tasks.insert(0, {"kind": "keep_roll", "color": color, "value": rolled})
                return
            self._aggression(color, rolled)

    def _in_temple(self, color: str) -> bool:
        occ = self.state.board.get("temple")
        return occ is not None and occ.color == color and not occ.golem

    def _keep_or_reroll(self, color: str, reroll: bool) -> None:
        task = self.state.tasks.pop(0)
        if reroll:
            self._emit("reroll", color=color, input=True)
            self._aggression(color, self._roll(color, "aggression", None, reroll=True))
        else:
            self._emit("roll_kept", color=color, value=task["value"])
            self._aggression(color, task["value"])

    def _aggression(self, color: str, value: int) -> None:
        s = self.state
        if value < self.aggression_threshold():
            return
        self._move_dragon(s.dragon + 1, color)

    def _move_dragon(self, position: int, color: str) -> None:
        s = self.state
        s.dragon = position
        self._emit("dragon", position=position)
        if position >= self.setup.dragon_track:
            self._start_attack(color)

    def _start_attack(self, trigger: str) -> None:
        """The dragon reached the head: roll the automa's dice and draw their axe cards, then ask the table."""
        s = self.state
        task: dict = {"kind": "attack", "trigger": trigger, "dice": {}, "axes": {}}
        automa = [c for c in s.turn_order if self._is_automa(c)]
        if self.setup.variant == "rahdo":
            if self._is_automa(trigger):
                task["black_die"] = self._roll(trigger, "attack", None, black=True)
        else:
            for color in automa:
                task["dice"][color] = self._roll(color, "attack", None)
        for color in automa:
            task["axes"][color] = self._draw(color, "axes").axes
        s.tasks.insert(0, task)

    def _attack(self, inp: Mapping) -> None:
        s = self.state
        task = s.tasks[0]
        tile = inp.get("tile") or {}
        strength, treasure, points = tile.get("strength"), tile.get("treasure"), tile.get("points")
        if not isinstance(strength, int) or not 0 <= strength <= 20:
            raise IllegalInput("tile.strength: a whole number from 0 to 20")
        if treasure not in ("gold", "gems"):
            raise IllegalInput("tile.treasure: gold or gems")
        if not isinstance(points, int) or not 0 <= points <= 50:
            raise IllegalInput("tile.points: a whole number from 0 to 50")
        humans = [c for c in s.turn_order if not self._is_automa(c)]
        given = inp.get("players") or {}
        automa_axes = inp.get("automa_axes") or {}
        for color in given:
            if color not in humans:
                raise IllegalInput(f"players: {color} is not a human player")
        for color in humans:
            entry = given.get(color) or {}
            die, axes = entry.get("die"), entry.get("axes", 0)
            if die is not None and die not in range(1, 7):
                raise IllegalInput(f"players.{color}.die: a die shows 1 to 6")
            if not isinstance(axes, int) or not 0 <= axes <= 40:
                raise IllegalInput(f"players.{color}.axes: the total of the axes spent, 0 or more")
            for spell in entry.get("spells", []):
                if spell not in ("frost_bolt", "ice_storm"):
                    raise IllegalInput(f"players.{color}.spells: only frost_bolt and ice_storm add defence")
        for color, count in task["axes"].items():
            total = automa_axes.get(color)
            if total is None and not self.setup.virtual_axes:
                raise IllegalInput(f"automa_axes.{color}: enter the total of the {count} axes drawn for it")
            if total is not None and not (isinstance(total, int) and count <= total <= 2 * count):
                raise IllegalInput(f"automa_axes.{color}: {count} axes total {count} to {2 * count}")
        black = inp.get("black_die")
        if black is not None and black not in range(1, 7):
            raise IllegalInput("black_die: a die shows 1 to 6")
        self._emit(
            "attack_input",
            tile=dict(tile),
            players={c: dict(v) for c, v in given.items()},
            automa_axes=dict(automa_axes),
            black_die=black,
            input=True,
        )

        dice: dict[str, int] = dict(task["dice"])
        if self.setup.variant == "rahdo":
            shared = task.get("black_die") or self._roll(task["trigger"], "attack", black, black=True)
            dice = dict.fromkeys(s.turn_order, shared)
        else:
            for color in humans:
                dice[color] = self._roll(color, "attack", (given.get(color) or {}).get("die"))
        defences: dict[str, int] = {}
        for color in s.turn_order:
            if self._is_automa(color):
                total = automa_axes.get(color)
                if total is None:
                    values = [2 if s.rng.below(4) == 0 else 1 for _ in range(task["axes"][color])]
                    self._emit("axes", color=color, values=values)
                    total = sum(values)
                defences[color] = defence(dice[color], total)
            else:
                entry = given.get(color) or {}
                for spell in entry.get("spells", []):
                    self._emit("spell", color=color, spell=spell)
                defences[color] = defence(dice[color], entry.get("axes", 0), entry.get("spells", []))
        result = resolve_attack(strength, defences, s.turn_order)
        captured = []
        for color in result.losers:
            if "stone_beards" in s.special_tiles[color]:
                continue
            free = [d for d in range(1, self.setup.dwarves + 1) if d not in s.captured[color]]
            if free:
                captured.append({"color": color, "dwarf": max(free)})
        self._emit(
            "attack",
            strength=strength,
            treasure=treasure,
            points=points,
            defence=defences,
            winner=result.winner,
            losers=result.losers,
            captured=captured,
        )
        for c in captured:
            self._capture(c["color"], c["dwarf"])
        for color in result.losers:
            if self._is_automa(color):
                self._automa_loss(color, treasure)
        if result.winner is not None:
            s.dragon_tiles[result.winner] += 1
            self._score(result.winner, points, "dragon tile")
        s.tasks.pop(0)
        s.dragon = 0
        self._emit("dragon", position=0)

    def _capture(self, color: str, dwarf: int) -> None:
        s = self.state
        for space, occ in list(s.board.items()):
            if occ.color == color and occ.dwarf == dwarf and not occ.golem:
                del s.board[space]
        s.beds[color].discard(dwarf)
        s.benched[color].discard(dwarf)
        s.captured[color].add(dwarf)

    def _automa_loss(self, color: str, treasure: str) -> None:
        stash = self.state.stash[color]
        stone = "stone_beards" in self.state.special_tiles[color]
        if treasure == "gold":
            lost = treasure_loss(stash.gold, stone)
            if lost:
                stash.gold -= lost
                self._emit("loss", color=color, gold=lost)
        else:
            taken = split_gem_loss(stash.gems, treasure_loss(stash.mined_gems, stone))
            if taken:
                for gem, n in taken.items():
                    stash.gems[gem] -= n
                self._emit("loss", color=color, gems=taken)

    # ------------------------------------------------------------------ side inputs

    def _side_input(self, kind: str, inp: Mapping, decision: Decision) -> None:
        s = self.state
        if s.phase in ("start", "over"):
            raise IllegalInput(f"'{kind}' is not possible {'before the start' if s.phase == 'start' else 'now'}")
        color = inp.get("color")
        if kind != "correction" or "color" in inp:
            if color not in {p.color for p in self.setup.players}:
                raise IllegalInput(f"color: '{color}' is not a player of this game")
        if kind == "spell":
            spell = inp.get("spell")
            if spell not in automa_rules.SPELLS:
                raise IllegalInput(f"spell: '{spell}' is not a spell")
            if self._is_automa(color):
                raise IllegalInput("spell: the automa cast no spells")
            if spell == DRACO_SPEAK:
                return self._draco_speak(color, inp.get("direction"))
            self._emit("spell", color=color, spell=spell, input=True)
        elif kind == "special_tile":
            tile = inp.get("tile")
            if tile not in automa_rules.SPECIAL_TILES:
                raise IllegalInput(f"tile: '{tile}' is not a special mine tile")
            self._emit("special_tile", color=color, tile=tile, input=True)
            s.special_tiles[color].add(tile)
        else:
            self._correction(inp)

    def _draco_speak(self, color: str, direction) -> None:
        """Move the dragon one step. App's choice: it may not reach the head (the spell is not a way to
        start an attack) and it cannot be cast once the dragon is at the head."""
        s = self.state
        if direction not in (1, -1):
            raise IllegalInput("direction: 1 (up) or -1 (down)")
        if s.dragon >= self.setup.dragon_track:
            raise IllegalInput("Draco Speak cannot be cast once the dragon has reached the top of the track")
        target = s.dragon + direction
        if not 0 <= target < self.setup.dragon_track:
            raise IllegalInput("Draco Speak: the dragon cannot move there")
        self._emit("spell", color=color, spell=DRACO_SPEAK, direction=direction, input=True)
        s.dragon = target
        self._emit("dragon", position=target)

    def _correction(self, inp: Mapping) -> None:
        """Make the model match the table: the dragon's position, an automa's points, gold or gems."""
        s = self.state
        target, value, color = inp.get("target"), inp.get("value"), inp.get("color")
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise IllegalInput("value: a whole number, 0 or more")
        fact = {"target": target, "value": value}
        if target == "dragon":
            if value >= self.setup.dragon_track:
                raise IllegalInput(f"value: the dragon's track runs 0 to {self.setup.dragon_track - 1}")
            self._emit("correction", **fact, input=True)
            s.dragon = value
            return
        if color is None or not self._is_automa(color):
            raise IllegalInput("color: corrections of points, gold and gems are for an automa")
        fact["color"] = color
        stash = s.stash[color]
        if target == "points":
            s.points[color] = value
        elif target == "gold":
            stash.gold = value
        elif target == "gems":
            gem = inp.get("gem")
            if gem not in automa_rules.STASH_GEMS:
                raise IllegalInput("gem: one of " + ", ".join(automa_rules.STASH_GEMS))
            fact["gem"] = gem
            stash.gems[gem] = value
        else:
            raise IllegalInput("target: dragon, points, gold or gems")
        self._emit("correction", **fact, input=True)

    # ------------------------------------------------------------------ end

    def _game_end(self, inp: Mapping) -> None:
        scores = inp.get("scores")
        colors = {p.color for p in self.setup.players}
        if not isinstance(scores, Mapping) or set(scores) != colors:
            raise IllegalInput("scores: one total for every player")
        if any(not isinstance(v, int) or isinstance(v, bool) for v in scores.values()):
            raise IllegalInput("scores: whole numbers")
        sheet = inp.get("sheet")
        if sheet is not None:
            # The score sheet behind the totals (the scoring assistant's JSON), kept so the history can show
            # every line later; the engine stores it as given.
            self._emit("game_end", scores=dict(scores), sheet=sheet, input=True)
        else:
            self._emit("game_end", scores=dict(scores), input=True)
        self.state.final_scores = dict(scores)
        self.state.final_sheet = sheet
        self.state.phase = "over"

    # ------------------------------------------------------------------ for the score sheet

    def automa_line(self, color: str) -> dict:
        """The automa's end-game counts from its stash, for the scoring assistant."""
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


# The JSON type of each field an input may carry (None: the field may be left out). Values are checked by the
# rules further on; this only makes sure that a record's input of the wrong shape is refused like any other
# input the rules do not allow, instead of failing inside the engine.
_INT, _STR, _MAP, _LIST = "a whole number", "a text", "an object", "a list"
_SHAPES: dict[str, dict[str, str]] = {
    "starting_rolls": {"rolls": _MAP},
    "place": {"space": _STR, "spell": _STR, "color": _STR, "roll": _STR},
    "roll": {"value": _INT},
    "attack_input": {"tile": _MAP, "players": _MAP, "automa_axes": _MAP, "black_die": _INT},
    "spell": {"color": _STR, "spell": _STR, "direction": _INT},
    "special_tile": {"color": _STR, "tile": _STR},
    "correction": {"target": _STR, "color": _STR, "gem": _STR, "value": _INT},
    "game_end": {"scores": _MAP, "sheet": _MAP},
}


def _is(value, shape: str) -> bool:
    if shape == _INT:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, {_STR: str, _MAP: Mapping, _LIST: list}[shape])


def _check_shape(inp: Mapping) -> None:
    """Raise IllegalInput when an input's fields are not of the JSON types the engine reads."""
    kind = inp.get("type")
    if not isinstance(kind, str):
        raise IllegalInput("type: the input's type must be a text")
    for name, shape in _SHAPES.get(kind, {}).items():
        value = inp.get(name)
        if value is not None and not _is(value, shape):
            raise IllegalInput(f"{name}: expected {shape}")
    if kind == "starting_rolls":
        for color, value in (inp.get("rolls") or {}).items():
            if value is not None and not _is(value, _INT):
                raise IllegalInput(f"rolls.{color}: expected {_INT}")
    if kind == "attack_input":
        for color, entry in (inp.get("players") or {}).items():
            if not isinstance(entry, Mapping):
                raise IllegalInput(f"players.{color}: expected {_MAP}")
            for name in ("die", "axes"):
                if entry.get(name) is not None and not _is(entry[name], _INT):
                    raise IllegalInput(f"players.{color}.{name}: expected {_INT}")
            if not isinstance(entry.get("spells", []), list):
                raise IllegalInput(f"players.{color}.spells: expected {_LIST}")
        for color, total in (inp.get("automa_axes") or {}).items():
            if total is not None and not _is(total, _INT):
                raise IllegalInput(f"automa_axes.{color}: expected {_INT}")


class Diverged(ValueError):
    """A record whose events the rules do not produce. ``seq`` names the first event that differs."""

    def __init__(self, seq: int | None, message: str) -> None:
        super().__init__(message)
        self.seq = seq


def input_of(event: Mapping) -> dict:
    """The input that produced a recorded input event."""
    return {k: v for k, v in event.items() if k not in ("seq", "step", "input")}


def _comparable(event: Mapping) -> dict:
    return {k: v for k, v in event.items() if k != "step"}


def _compare(produced: list[dict], recorded: list[Mapping], partial: bool = False) -> None:
    """Check that ``produced`` matches ``recorded`` event by event (``partial``: recorded may go on)."""
    for i, made in enumerate(produced):
        if i >= len(recorded):
            raise Diverged(made["seq"], f"the record ends where the rules still produce a {made['type']} event")
        if _comparable(made) != _comparable(recorded[i]):
            seq = recorded[i].get("seq")
            raise Diverged(seq, f"the record has {_comparable(recorded[i])}, the rules give {_comparable(made)}")
    if not partial and len(recorded) > len(produced):
        raise Diverged(recorded[len(produced)].get("seq"), "an event the rules do not produce here")
