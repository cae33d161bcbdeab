"""The log of the step being made: every fact a part records goes through here, grouped and numbered.

A ``StepLog`` is made with the game's state at the start of a game (and again when the game is rebuilt for an
undo); ``Game`` opens a step with ``begin``, writes the step's input event (``record_input``) once the part
that took the input says what it records, and ``close``s the step, which numbers its events (``seq`` counts
from 1 over the whole game): the input event stands first, before the facts it led to. The facts every part
records besides its own (a die rolled, treasure gained, points scored) live here too, as each changes the state
and logs the change in one call: the state and the log never disagree.

>>> from companion.rules.setup import Setup
>>> from companion.rules.engine.state import GameState
>>> log = StepLog(GameState.start(Setup.solo(seed=3)))
>>> step = log.begin(1)
>>> log.emit("dragon", position=1)
{'seq': None, 'step': 1, 'type': 'dragon', 'position': 1}
>>> log.score("red", 2, "Dwarf King all-play bonus")["points"], log.state.points["red"]
(2, 2)
>>> log.record_input("correction", {"target": "dragon", "value": 1})["input"]
True
>>> [(e["seq"], e["type"]) for e in log.close()]
[(1, 'correction'), (2, 'dragon'), (3, 'score')]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.rules.engine.state import GameState

#: An event as it is logged and recorded: ``seq``, ``step`` and ``type`` first, then its own fields.
Event = dict[str, Any]
#: What an input's event records besides ``seq``, ``step``, ``type`` and ``input``: the input's own fields and
#: the facts that go with them (the dwarf that placed, the question answered), in the record's order.
Recorded = dict[str, Any]


class StepLog:
    """Files the events of the step being made (``step``: 0 for the setup, then one per input) and numbers them
    when the step is closed."""

    __slots__ = ("state", "seq", "step", "current")

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.seq = 0
        self.step = 0
        self.current: list[Event] = []

    def begin(self, step: int) -> list[Event]:
        """Open step number ``step``: the events logged from now on go into the list returned."""
        self.step = step
        self.current = []
        return self.current

    def emit(self, type_: str, **fields: Any) -> Event:
        """Log one fact in the step being made: ``seq`` (given at ``close``), ``step`` and ``type`` first, then
        ``fields`` in order."""
        event = {"seq": None, "step": self.step, "type": type_, **fields}
        self.current.append(event)
        return event

    def record_input(self, type_: str, fields: Recorded) -> Event:
        """The step's input event, first in the step: ``Game`` writes it, from what the part that took the input
        records (``fields``), marked ``"input": true`` (a record replays by feeding these)."""
        event = {"seq": None, "step": self.step, "type": type_, **fields, "input": True}
        self.current.insert(0, event)
        return event

    def close(self) -> list[Event]:
        """Number the step's events, in order, after those of the steps before; returns the step."""
        seq = self.seq
        for event in self.current:
            seq += 1
            event["seq"] = seq
        self.seq = seq
        return self.current

    # The facts a game records most often are written out here (an event a game makes about 900 times costs a
    # quarter less this way than through ``emit``'s keyword arguments: ``python -m tests.bench.bench --engine``).

    def draw(self, color: str, card: str, purpose: str) -> Event:
        """An automa's card drawn ``purpose`` (to place, for an all-play, for its axes): about 110 a game."""
        event = {"seq": None, "step": self.step, "type": "automa_draw", "color": color, "card": card,
                 "purpose": purpose}
        self.current.append(event)
        return event

    def roll(self, color: str, purpose: str, value: int | None, **extra: Any) -> int:
        """A die for ``color``: ``value`` when the table rolled it, else the game's generator rolls it."""
        by = "table" if value is not None else "app"
        if value is None:
            value = self.state.rng.die()
        event = {"seq": None, "step": self.step, "type": "roll", "color": color, "value": value, "purpose": purpose,
                 "by": by}
        if extra:
            event.update(extra)
        self.current.append(event)
        return value

    def gain(
        self, color: str, reason: str, gold: int = 0, gems: Mapping[str, int] | None = None, tile: dict | None = None
    ) -> Event:
        """An automa's stash grows by ``gold``, ``gems`` and a mine ``tile``."""
        stash = self.state.stash[color]
        event: Event = {"seq": None, "step": self.step, "type": "gain", "color": color}
        if gold:
            stash.gold += gold
            event["gold"] = gold
        if gems:
            for gem, n in gems.items():
                stash.gems[gem] += n
            event["gems"] = dict(gems)
        if tile:
            stash.tiles.append(dict(tile))
            event["tile"] = dict(tile)
        event["reason"] = reason
        self.current.append(event)
        return event

    def score(self, color: str, points: int, reason: str) -> Event:
        """Points scored during play (an automa's all-play bonus, an achievement, a dragon tile)."""
        self.state.points[color] += points
        event = {"seq": None, "step": self.step, "type": "score", "color": color, "points": points, "reason": reason}
        self.current.append(event)
        return event
