"""The log of the step being made: every fact a part records goes through here, numbered and grouped.

A ``StepLog`` is made with the game's state at the start of a game (and again when the game is rebuilt for an
undo); ``Game`` opens a step with ``begin`` and keeps the list it returns as the step. The facts every part
records besides its own (a die rolled, treasure gained, points scored) live here too, as each changes the state
and logs the change in one call: the state and the log never disagree.

>>> from companion.rules.setup import Setup
>>> from companion.rules.engine.state import GameState
>>> log = StepLog(GameState.start(Setup.solo(seed=3)))
>>> step = log.begin(1)
>>> log.emit("dragon", position=1)
{'seq': 1, 'step': 1, 'type': 'dragon', 'position': 1}
>>> log.score("red", 2, "Dwarf King all-play bonus")["points"], log.state.points["red"]
(2, 2)
>>> [e["seq"] for e in step]
[1, 2]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.rules.engine.state import GameState

#: An event as it is logged and recorded: ``seq``, ``step`` and ``type`` first, then its own fields.
Event = dict[str, Any]


class StepLog:
    """Numbers the events of a game (``seq`` counts from 1 over the whole game) and files them in the step being
    made (``step``: 0 for the setup, then one per input)."""

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
        """Log one event in the step being made: ``seq``, ``step`` and ``type`` first, then ``fields`` in order."""
        self.seq += 1
        event = {"seq": self.seq, "step": self.step, "type": type_, **fields}
        self.current.append(event)
        return event

    def log(self, event: Event) -> Event:
        """Log an event its caller wrote out whole, ``{"seq": None, "step": None, "type": ..., ...}``: the two
        placeholders keep the keys in the order ``emit`` gives them and are filled in here.

        Why: the events a game makes by the hundred (a placement, a die, a gain, an answer) cost half as much this
        way as through ``emit``'s keyword arguments, which build a second dict."""
        self.seq += 1
        event["seq"] = self.seq
        event["step"] = self.step
        self.current.append(event)
        return event

    def roll(self, color: str, purpose: str, value: int | None, **extra: Any) -> int:
        """A die for ``color``: ``value`` when the table rolled it, else the game's generator rolls it."""
        by = "table" if value is not None else "app"
        if value is None:
            value = self.state.rng.die()
        self.log({"seq": None, "step": None, "type": "roll", "color": color, "value": value, "purpose": purpose,
                  "by": by, **extra})
        return value

    def gain(
        self, color: str, reason: str, gold: int = 0, gems: Mapping[str, int] | None = None, tile: dict | None = None
    ) -> Event:
        """An automa's stash grows by ``gold``, ``gems`` and a mine ``tile``."""
        stash = self.state.stash[color]
        fact: Event = {"seq": None, "step": None, "type": "gain", "color": color}
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
        return self.log(fact)

    def score(self, color: str, points: int, reason: str) -> Event:
        """Points scored during play (an automa's all-play bonus, an achievement, a dragon tile)."""
        self.state.points[color] += points
        return self.log({"seq": None, "step": None, "type": "score", "color": color, "points": points,
                         "reason": reason})
