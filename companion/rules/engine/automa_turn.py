"""The automa's turn: draw a card, place the dwarf where it says, take the space's reward; and the all-play walk,
where each automa in turn draws a card for an all-play action someone else claimed.

Which space a card picks and what a claim gives are in ``companion.rules.automa.choices``; this part draws and records.
"""

from __future__ import annotations

from itertools import filterfalse

from companion.rules.automa import choices as automa_rules
from companion.rules.automa.choices import choose_space
from companion.rules.board.occupants import dwarf_on_space
from companion.rules.board.spaces import SPACES
from companion.rules.engine.automa_decks import AutomaDecks
from companion.rules.engine.fixed import Fixed
from companion.rules.engine.state import GameState
from companion.rules.engine.step_log import StepLog
from companion.rules.engine.table_stash import TableStash


class AutomaTurn:
    """An automa's placement and its all-play cards."""

    def __init__(self, fixed: Fixed, step_log: StepLog, state: GameState, automa_decks: AutomaDecks,
                 table_stash: TableStash) -> None:
        self.fixed = fixed
        self.step_log = step_log
        self.state = state
        self.automa_decks = automa_decks
        self.table_stash = table_stash

    def place(self, color: str, dwarf: int) -> None:
        """Draw until a card places ``color #dwarf``, then apply what the claimed space gives the automa."""
        s = self.state
        expansion = self.fixed.expansion
        tried: set[str] | None = None  # the cards that placed nothing (made only when one does not)
        while True:
            card = self.automa_decks.draw(color, "place")
            pick = choose_space(card, s.board, color, dwarf, expansion)
            if pick.space is not None:
                break
            if tried is None:
                tried = set()
            tried.add(card.id)
            if len(tried) < self.automa_decks.size(color):
                continue  # the rulebook: draw again until a card places the dwarf
            # App's choice: when no card of the whole deck fits (only possible in crowded custom setups),
            # the dwarf sits out the round rather than the deck looping for ever.
            s.beds[color].discard(dwarf)
            s.benched[color].add(dwarf)
            self.step_log.emit("sit_out", color=color, dwarf=dwarf, reason="no space on any card is open")
            return
        space = pick.space
        occupant = s.board.get(space)
        self.step_log.emit("place", color=color, dwarf=dwarf, space=space,
                           dislodged=occupant.as_fact() if occupant else None, card=card.id, choice=pick.choice,
                           skipped=pick.skipped)
        s.beds[color].discard(dwarf)
        if occupant is None:  # most claims: nobody to send back to bed
            s.board[space] = dwarf_on_space(color, dwarf)
        else:
            s.put(dwarf_on_space(color, dwarf), space, occupant)
        self._take(color, space)

    def _take(self, color: str, space: str) -> None:
        """What claiming ``space`` gives the automa, and what it queues: a question, a dragon roll, a walk."""
        s = self.state
        effect = self.fixed.claims[space]
        if effect.gold or effect.gems:
            self.step_log.gain(color, SPACES[space].name, gold=effect.gold, gems=effect.gems)
        if effect.points:
            self.step_log.score(color, effect.points, f"{SPACES[space].name} all-play bonus")
        if effect.ask_gems and self.fixed.table_stash:
            self.table_stash.gems(color, effect.ask_gems, space)
        elif effect.ask_gems:
            s.tasks.append({"kind": "question", "color": color, "question": "gems", "count": effect.ask_gems})
        if effect.roll:
            s.tasks.append({"kind": "roll", "color": color})
        if effect.all_play:
            others = [c for c in s.turn_order if c != color]
            s.tasks.append({"kind": "walk", "space": space, "queue": [color, *others]})

    def walk(self, task: dict) -> None:
        """One step of an all-play walk: the next automa in line draws a card and reads its all-play section.

        Humans take part at the board in the same order; the app asks nothing of them. App's choice: at the Mine
        the automa does nothing (the expansion: no mining action), so it draws no card there either.
        """
        s = self.state
        queue = task["queue"]
        done = task.setdefault("done", [])
        automa = self.fixed.automa
        # The humans (and, at the Mine, everyone) walk without the app: all of them up to the next automa that
        # draws go at once, instead of one a turn of the run loop.
        walks = task["space"] != "mine"
        while queue and not (walks and queue[0] in automa):
            done.append(queue.pop(0))
        if not queue:
            s.tasks.remove(task)
            return
        color = queue.pop(0)
        done.append(color)
        if walks and automa.isdisjoint(queue):
            # No automa left to draw after this one: the humans behind it walk without the app, so the walk ends
            # here rather than in one more turn of the run loop. A question it asks goes first anyway.
            s.tasks.remove(task)
        card = self.automa_decks.draw(color, "all_play")
        question = automa_rules.all_play_question(task["space"], card)
        if question is None:
            return
        # The humans who walked before this automa (listed only when it asks: ``color`` itself is no human).
        humans_before = list(filterfalse(automa.__contains__, done))
        if self.fixed.table_stash:
            self.table_stash.all_play(color, card.id, question, humans_before)
        else:
            s.tasks.insert(0, {"kind": "question", "color": color, "card": card.id, "after": humans_before, **question})
