"""The automa's turn: draw a card, place the dwarf where it says, take the space's reward; the all-play walk;
the automa's deck (draws and shuffles, each one logged).

Which space a card picks and what a claim gives are in ``companion.rules.automa``; this phase draws and records.
"""

from __future__ import annotations

from functools import cache
from itertools import filterfalse

from .. import automa as automa_rules
from ..automa import choose_space
from ..board import dwarf_on_space
from ..spaces import SPACES
from ..state import DeckPiles
from ..words.plural import count


@cache
def claims_by_space(tavern: tuple[tuple[str, tuple[str, int]], ...]) -> dict[str, automa_rules.Claim]:
    """Every space -> what an automa gets for claiming it (``automa.claim``, a tavern space with its reward from
    ``tavern``, the setup's (space, (reward, amount)) pairs): worked out once per set of rewards, one look-up a
    claim (read only: the games with the same rewards share it)."""
    rewards = dict(tavern)
    return {sid: automa_rules.claim(sid, rewards.get(sid)) for sid in SPACES}


class AutomaTurn:
    """Mixin of ``Game``: the automa's placement, its all-play cards, and its deck."""

    def _automa_turn(self, color: str, dwarf: int) -> None:
        s = self.state
        expansion = self._expansion
        tried: set[str] | None = None  # the cards that placed nothing (made only when one does not)
        while True:
            card = self._draw(color, "place")
            pick = choose_space(card, s.board, color, dwarf, expansion)
            if pick.space is not None:
                break
            if tried is None:
                tried = set()
            tried.add(card.id)
            if len(tried) < len(self.decks[color].cards):
                continue  # the rulebook: draw again until a card places the dwarf
            # App's choice: when no card of the whole deck fits (only possible in crowded custom setups),
            # the dwarf sits out the round rather than the deck looping for ever.
            s.beds[color].discard(dwarf)
            s.benched[color].add(dwarf)
            self._emit("sit_out", color=color, dwarf=dwarf, reason="no space on any card is open")
            return
        space = pick.space
        occupant = s.board.get(space)
        self._log({"seq": None, "step": None, "type": "place", "color": color, "dwarf": dwarf, "space": space,
                   "dislodged": occupant.as_fact() if occupant else None, "card": card.id, "choice": pick.choice,
                   "skipped": pick.skipped})
        s.beds[color].discard(dwarf)
        if occupant is None:  # most claims: nobody to send back to bed
            s.board[space] = dwarf_on_space(color, dwarf)
        else:
            self._put(dwarf_on_space(color, dwarf), space, occupant)
        effect = self._claims[space]
        if effect.gold or effect.gems:
            self._gain(color, SPACES[space].name, gold=effect.gold, gems=effect.gems)
        if effect.points:
            self._score(color, effect.points, f"{SPACES[space].name} all-play bonus")
        if effect.ask_gems and self._table_keeps_stash:
            self._table_gems(color, effect.ask_gems, space)
        elif effect.ask_gems:
            s.tasks.append(
                {
                    "kind": "question",
                    "color": color,
                    "question": "gems",
                    "count": effect.ask_gems,
                    # Read after "Red automa: " (one colon in the line, not two).
                    "prompt": f"which {count(effect.ask_gems, 'gem')} does it take? You choose the colours.",
                }
            )
        if effect.roll:
            s.tasks.append({"kind": "roll", "color": color})
        if effect.all_play:
            others = [c for c in s.turn_order if c != color]
            s.tasks.append({"kind": "walk", "space": space, "queue": [color, *others]})

    def _walk(self, task: dict) -> None:
        """One step of an all-play walk: the next automa in line draws a card and reads its all-play section.

        Humans take part at the board in the same order; the app asks nothing of them. App's choice: at the Mine
        the automa does nothing (the expansion: no mining action), so it draws no card there either.
        """
        s = self.state
        queue = task["queue"]
        done = task.setdefault("done", [])
        automa = self._automa
        # The humans (and, at the Mine, everyone) walk without the app: all of them up to the next automa that
        # draws go at once, instead of one a turn of the run loop (issue 13).
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
            # here rather than in one more turn of the run loop (issue 13). A question it asks goes first anyway.
            s.tasks.remove(task)
        card = self._draw(color, "all_play")
        question = automa_rules.all_play_question(task["space"], card)
        if question is None:
            return
        # The humans who walked before this automa (listed only when it asks: ``color`` itself is no human).
        humans_before = list(filterfalse(automa.__contains__, done))
        if self._table_keeps_stash:
            self._table_all_play(color, card.id, question, humans_before)
        else:
            s.tasks.insert(0, {"kind": "question", "color": color, "card": card.id, "after": humans_before, **question})

    def _draw(self, color: str, purpose: str):
        piles = self.state.decks[color]
        if not piles.draw:
            self._shuffle(color, piles.discard, "empty")
            piles = self.state.decks[color]
        card_id = piles.draw.pop(0)
        piles.discard.append(card_id)
        # ``_log`` written out: the event a game makes most often (about 110 cards drawn).
        self._seq += 1
        self._current.append({"seq": self._seq, "step": self._step, "type": "automa_draw", "color": color,
                              "card": card_id, "purpose": purpose})
        return self._cards[color][card_id]

    def _shuffle(self, color: str, cards: list[str], reason: str) -> None:
        order = self.state.rng.shuffled(sorted(cards))  # a new list: the draw pile, and a copy for the event
        self.state.decks[color] = DeckPiles(draw=order)
        self._emit("automa_shuffle", color=color, reason=reason, order=list(order))
