"""The round flow: the starting rolls, each round's start and end, the turn order, the run loop, the game's end.

``advance`` is the loop that runs the game on after every input until it needs a person again: it works off
the queued tasks (an automa's dragon roll, an all-play walk) and ends the round when every dwarf is placed.
As boardgame.io keeps the flow apart from the moves, this module holds when things happen; the parts it calls
hold what they do.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.rules.board.spaces import TAVERN_SPACES
from companion.rules.board.turn_order import from_tavern, order_from_rolls, tied_groups
from companion.rules.engine.automa_decks import AutomaDecks
from companion.rules.engine.automa_turn import AutomaTurn
from companion.rules.engine.decisions import Decision, Decisions, PlaceDecision
from companion.rules.engine.dragon_track import DragonTrack
from companion.rules.engine.fixed import Fixed
from companion.rules.engine.inputs import GameEnd
from companion.rules.engine.refusals import IllegalInput
from companion.rules.engine.state import GameState
from companion.rules.engine.step_log import Recorded, StepLog


class RoundFlow:
    """Starting rolls, rounds, the run loop and the game's end."""

    def __init__(self, fixed: Fixed, step_log: StepLog, state: GameState, automa_decks: AutomaDecks,
                 automa_turn: AutomaTurn, dragon_track: DragonTrack, decisions: Decisions) -> None:
        self.fixed = fixed
        self.step_log = step_log
        self.state = state
        self.automa_decks = automa_decks
        self.automa_turn = automa_turn
        self.dragon_track = dragon_track
        self.decisions = decisions

    def starting_rolls(self, given: Mapping[str, int | None]) -> Recorded | None:
        """The table's starting rolls (the app rolls any not given, and the automa's); the rolls given are the
        step's input. App's choice: tied players re-roll with the app's die, people too, and only among
        themselves."""
        s, setup, step_log = self.state, self.fixed.setup, self.step_log
        humans = {p.color for p in setup.humans}
        for color, value in given.items():
            if color not in humans:
                raise IllegalInput("not_human", field="rolls", color=color)
            if value is not None and value not in range(1, 7):
                raise IllegalInput("not_a_die", field=f"rolls.{color}")
        # Each player's rolls in order: the first roll ranks; a re-roll only breaks the tie it was rolled for,
        # so tied players stay between the players who rolled above and below them.
        rolls: dict[str, tuple[int, ...]] = {}
        for p in setup.players:
            value = given.get(p.color)
            rolls[p.color] = (step_log.roll(p.color, "turn_order", value),)
        while groups := tied_groups(rolls):
            for group in groups:
                for color in group:
                    rolls[color] += (step_log.roll(color, "turn_order", None, reroll=True),)
        s.turn_order = order_from_rolls(rolls)
        step_log.emit("turn_order", order=list(s.turn_order))
        for position, color in enumerate(s.turn_order):
            if color in self.fixed.automa:
                step_log.gain(color, "starting gold", gold=setup.starting_gold[position])
        self._begin_round(1)
        return {"rolls": dict(given)} if given else None

    def _begin_round(self, number: int) -> None:
        s = self.state
        s.round = number
        s.board.clear()
        s.golem_owner = None
        for p in self.fixed.setup.players:
            s.beds[p.color] = set(range(1, self.fixed.setup.dwarves + 1))
            s.captured[p.color].clear()
            s.benched[p.color].clear()
        s.phase = "placing"
        self.step_log.emit("round_start", round=number)

    def _end_round(self) -> None:
        s = self.state
        self.step_log.emit("round_end", round=s.round)
        tavern = {sp: occ.color for sp in TAVERN_SPACES if (occ := s.board.get(sp)) and not occ.golem}
        s.turn_order = from_tavern(s.turn_order, tavern)
        self.step_log.emit("turn_order", order=list(s.turn_order))
        s.phase = "scoring" if s.round >= self.fixed.setup.rounds else "round_over"

    def next_round(self) -> None:
        """The board reset: every automa's deck shuffled whole, then the next round."""
        for p in self.fixed.setup.automa:
            piles = self.state.decks[p.color]
            self.automa_decks.shuffle(p.color, piles.draw + piles.discard, "reset")
        self._begin_round(self.state.round + 1)

    def advance(self) -> Decision:
        """Run the game on until it needs a person, and return what it waits for then (``Decisions.make``): the
        automa's dragon rolls, the all-play walks and the end of a round need nobody."""
        s = self.state
        automa = self.fixed.automa
        while True:
            if s.tasks:
                task = s.tasks[0]
                kind = task["kind"]
                if kind == "roll" and task["color"] in automa:
                    s.tasks.pop(0)
                    self.dragon_track.aggression(task["color"], self.step_log.roll(task["color"], "aggression", None))
                    continue
                if kind == "walk":
                    self.automa_turn.walk(task)
                    continue
            elif s.phase == "placing" and not any(s.beds.values()):  # every dwarf placed (or out)
                self._end_round()
                continue
            decision = self.decisions.make()
            if type(decision) is not PlaceDecision or None in decision.spaces.values():
                return decision
            # App's choice, as for an automa: more dwarves than spaces (an automa at three humans, the extra dwarf
            # option) can leave a dwarf with no space it may take; it sits out the round instead of the game
            # waiting for a placement the rules forbid everywhere.
            s.beds[decision.color].discard(decision.dwarf)
            s.benched[decision.color].add(decision.dwarf)
            self.step_log.emit("sit_out", color=decision.color, dwarf=decision.dwarf,
                               reason="no open space for this dwarf")

    def game_end(self, inp: GameEnd) -> Recorded:
        """The final scores (and the sheet behind them): the game is over."""
        scores = inp.scores
        if set(scores) != {p.color for p in self.fixed.setup.players}:
            raise IllegalInput("scores_players")
        if any(not isinstance(v, int) or isinstance(v, bool) for v in scores.values()):
            raise IllegalInput("scores_whole")
        self.state.final_scores = dict(scores)
        self.state.final_sheet = inp.sheet
        self.state.phase = "over"
        # The score sheet behind the totals (the scoring assistant's JSON) is kept so the history can show every
        # line later; the engine stores it as given.
        return {"scores": dict(scores)} if inp.sheet is None else {"scores": dict(scores), "sheet": inp.sheet}
