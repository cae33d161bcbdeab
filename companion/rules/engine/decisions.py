"""What the game waits for: the ``Decision`` a person (or the app's own dice) must answer next.

A pure reading of the state: it changes nothing, so bots and views may ask as often as they like (``Game`` keeps
the answer until the next step).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, partial
from types import MappingProxyType
from typing import NamedTuple

from companion.rules.board.placement import Blocked, next_placer, occupied_reason
from companion.rules.engine.dragon_track import DragonTrack
from companion.rules.engine.fixed import Fixed
from companion.rules.engine.state import GameState
from companion.rules.names import DecisionKind

#: The details of a decision that has none: empty, and read-only since every such decision shares it.
NO_DETAILS: Mapping = MappingProxyType({})


class Decision(NamedTuple):
    """What the game waits for: ``kind`` one of ``DECISION_KINDS`` (companion/rules/names.py).

    A NamedTuple rather than a frozen dataclass: one is made for every step of every game (a simulated game makes
    about 160), and a tuple is quicker to make while staying just as immutable."""

    kind: DecisionKind
    color: str | None = None
    dwarf: int | None = None
    prompt: str = ""
    details: Mapping = NO_DETAILS


class _Names(dict):
    """A colour -> its name as a prompt says it, worked out the first time it is asked for: a game words about 90
    prompts, and a look-up in a dict costs less than a call of a function."""

    def __missing__(self, color: str) -> str:
        name = self[color] = color.capitalize()
        return name


_NAMES = _Names()


#: ``Decision(kind, color, dwarf, prompt, details)`` with every field given, made by ``tuple.__new__`` itself:
#: the NamedTuple's own ``__new__`` is a Python function (its defaults), one more call for each of the ~100
#: decisions a game makes.
_decision = partial(tuple.__new__, Decision)


@cache
def automa_turn_decision(color: str, dwarf: int) -> Decision:
    """An automa's turn to place, made once per dwarf: it holds nothing else, and a game waits for one about 60
    times."""
    return Decision("automa_turn", color, dwarf, f"{_NAMES[color]} automa places #{dwarf}")


def place_decision(color: str, dwarf: int, options: dict[str, Blocked | None]) -> Decision:
    """A human's dwarf to place; ``options`` as ``Decisions.space_options`` gives them."""
    return _decision(("place", color, dwarf, f"{_NAMES[color]} #{dwarf} places", {"spaces": options}))


def question_decision(task: dict) -> Decision:
    """A question about an automa's take (the task itself is the details)."""
    color = task["color"]
    return _decision(("question", color, None, f"{_NAMES[color]} automa: {task['prompt']}", task))


class Decisions:
    """Works out the decision from the state; and the spaces a dwarf may take."""

    def __init__(self, fixed: Fixed, state: GameState, dragon_track: DragonTrack) -> None:
        self.fixed = fixed
        self.state = state
        self.dragon_track = dragon_track

    def compute(self) -> Decision:
        """What the game waits for now."""
        s = self.state
        if s.phase == "start":
            humans = [p.color for p in self.fixed.setup.humans]
            return Decision("starting_rolls", prompt="Roll for the starting turn order", details={"humans": humans})
        if s.tasks:
            return self._task_decision(s.tasks[0])
        if s.phase == "placing":
            placer = next_placer(s.turn_order, s.beds)
            assert placer is not None, "a game is placing while a dwarf is in its bed"
            color, dwarf = placer
            if color in self.fixed.automa:
                return automa_turn_decision(color, dwarf)
            return place_decision(color, dwarf, self.space_options(color, dwarf))
        if s.phase == "round_over":
            return Decision(
                "next_round", prompt=f"Round {s.round} is over: reset the board", details={"order": list(s.turn_order)}
            )
        if s.phase == "scoring":
            return Decision("final_scores", prompt="Score the game")
        return Decision("over", prompt="The game is over")

    def _task_decision(self, task: dict) -> Decision:
        kind = task["kind"]
        if kind == "question":  # the most frequent first: a game asks about 50 questions
            return question_decision(task)
        if kind == "roll":
            return Decision(
                "roll",
                task["color"],
                prompt=f"{_NAMES[task['color']]} rolls for the dragon",
                details={"threshold": self.dragon_track.threshold()},
            )
        if kind == "keep_roll":
            return self._keep_roll_decision(task)
        return Decision("attack", task["trigger"], prompt="The dragon attacks!", details=task)

    def _keep_roll_decision(self, task: dict) -> Decision:
        """A die the app rolled for a human, shown before it counts (``rerolls``). ``details``: ``value``;
        ``purpose`` "aggression" (``threshold``: the lowest face that moves the dragon) or "attack" (``black``:
        the Rahdo black die); ``temple``: whether the Temple's re-roll is there for this die."""
        color, value = task["color"], task["value"]
        purpose = task.get("purpose", "aggression")
        details = {"value": value, "purpose": purpose, "temple": task.get("temple", True)}
        if purpose == "aggression":
            details["threshold"] = self.dragon_track.threshold()
            prompt = f"{_NAMES[color]} rolled {value}: keep it or re-roll (Temple)?"
        else:
            details["black"] = bool(task.get("black"))
            die = "the black die" if details["black"] else "the fight die"
            prompt = f"{_NAMES[color]} rolled {value} on {die}: keep it, or re-roll it first?"
        return Decision("keep_roll", color, prompt=prompt, details=details)

    def space_options(self, color: str, dwarf: int, spell: str | None = None) -> dict[str, Blocked | None]:
        """Every space of this game -> None when ``color #dwarf`` may take it, else the reason why not."""
        options = self.fixed.open_spaces.copy()  # an empty space is open to every dwarf
        for sid, occupant in self.state.board.items():  # every occupant is there: no None to tell apart
            if sid in options:
                options[sid] = occupied_reason(occupant, sid, color, dwarf, spell)
        return options
