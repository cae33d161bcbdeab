"""What the game waits for: one small immutable class (a NamedTuple) per kind of decision, and ``Decisions``,
the one part that makes them.

A decision is a person's (or the app's own dice's) to answer next: the starting rolls, a human's placement, an
automa's turn, a human's dragon roll, a die to keep or re-roll, a question about the board, a dragon attack's
dice and its other inputs, the next round, the final scores; or nothing, once the game is over. Each holds what a
screen or a bot needs to answer it, typed; ``companion.rules.words.decisions`` says it in words.

``Decisions.make`` reads the state and changes nothing, so bots and views may ask as often as they like
(``Game`` keeps the answer until the next step); the run loop asks it too, once a step, for the decision it
stops at (``RoundFlow.advance``).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Literal, NamedTuple

from companion.rules.board.placement import Blocked, next_placer, occupied_reason
from companion.rules.engine.dragon_track import DragonTrack
from companion.rules.engine.fixed import Fixed
from companion.rules.engine.state import GameState


class StartingRollsDecision(NamedTuple):
    """The starting rolls: the ``humans`` may enter theirs (the app rolls the rest)."""

    humans: tuple[str, ...]
    color: None = None
    kind: Literal["starting_rolls"] = "starting_rolls"


class PlaceDecision(NamedTuple):
    """A human's dwarf to place: ``spaces`` maps every space of the game to None (it may take it) or why not."""

    color: str
    dwarf: int
    spaces: Mapping[str, Blocked | None]
    kind: Literal["place"] = "place"


class AutomaTurnDecision(NamedTuple):
    """An automa's dwarf to place: the app draws its card when told to go on."""

    color: str
    dwarf: int
    kind: Literal["automa_turn"] = "automa_turn"


class RollDecision(NamedTuple):
    """A human's dragon roll: entered from the table or rolled by the app; ``threshold``: the lowest face that
    moves the dragon."""

    color: str
    threshold: int
    kind: Literal["roll"] = "roll"


class KeepRollDecision(NamedTuple):
    """A die the app rolled for a human, shown before it counts (``rerolls``): its ``value``; ``purpose``
    "aggression" (``threshold``: the lowest face that moves the dragon) or "attack" (``black``: the Rahdo black
    die; ``blind``: asked before the axes and the tile, rules version 4); ``temple``: whether the Temple's
    re-roll is there for this die."""

    color: str
    value: int
    purpose: str
    temple: bool
    threshold: int | None = None
    black: bool = False
    blind: bool = False
    kind: Literal["keep_roll"] = "keep_roll"


class QuestionDecision(NamedTuple):
    """What the app asks about an automa's take, which only the table sees: ``question`` ``gems`` (``gem_count``
    gem colours), ``dwarf_king`` (the achievement at ``position``: its points), ``gem_market`` (the ``gem``
    contract: its coins), ``tunnel`` (the tile at ``position``) or ``wizards_cave`` (the spell at ``position``).
    ``card``: the all-play card that asks; ``after``: the humans who walk that all-play before the automa."""

    color: str
    question: str
    gem_count: int = 0
    position: int | None = None
    gem: str | None = None
    card: str | None = None
    after: tuple[str, ...] = ()
    kind: Literal["question"] = "question"


class AttackDiceDecision(NamedTuple):
    """Rules version 4: the dragon attacks, set off by ``color``, and every fighter rolls first. ``rollers``: the
    people whose die the table enters (or leaves to the app), in turn order; under Rahdo (``black``) only the
    trigger, who rolls the black die. ``dice``: the automa's, rolled by the app."""

    color: str
    rollers: tuple[str, ...]
    dice: Mapping[str, int]
    black: bool = False
    kind: Literal["attack_dice"] = "attack_dice"


class AttackDecision(NamedTuple):
    """The dragon attacks, set off by ``color``: the table enters the axes and reveals a tile (and, before rules
    version 4, the people's dice). ``dice``: the automa's fight dice, or with ``dice_first`` (version 4) every
    fighter's, in turn order; ``axes``: how many axe cards each automa drew; ``black_die``: the Rahdo black die
    once rolled (before version 4: when the app rolled it for an automa)."""

    color: str
    dice: Mapping[str, int]
    axes: Mapping[str, int]
    black_die: int | None = None
    dice_first: bool = False
    kind: Literal["attack"] = "attack"


class NextRoundDecision(NamedTuple):
    """``round`` is over: the table resets the board for the next one; ``order``: the new turn order."""

    round: int
    order: tuple[str, ...]
    color: None = None
    kind: Literal["next_round"] = "next_round"


class FinalScoresDecision(NamedTuple):
    """The last round is over: the final scores."""

    color: None = None
    kind: Literal["final_scores"] = "final_scores"


class OverDecision(NamedTuple):
    """The game is over: nothing to answer."""

    color: None = None
    kind: Literal["over"] = "over"


#: What the game waits for: one of the kinds above. ``kind`` says which (``DECISION_KINDS``,
#: companion/rules/names.py); ``color`` whose decision it is (None when it is the table's: the starting rolls,
#: the next round, the scores). Each is a NamedTuple: immutable and, made for every step of every game, about
#: five times quicker to make than a frozen dataclass (``python -m tests.bench.bench --engine``).
Decision = (StartingRollsDecision | PlaceDecision | AutomaTurnDecision | RollDecision | KeepRollDecision
            | QuestionDecision | AttackDiceDecision | AttackDecision | NextRoundDecision | FinalScoresDecision
            | OverDecision)


@cache
def _automa_turn(color: str, dwarf: int) -> AutomaTurnDecision:
    """An automa's turn, made once per dwarf: it holds nothing else, and a game waits for one about 60 times."""
    return AutomaTurnDecision(color=color, dwarf=dwarf)


FINAL_SCORES = FinalScoresDecision()
OVER = OverDecision()


class Decisions:
    """Makes the decision from the state; and the spaces a dwarf may take."""

    def __init__(self, fixed: Fixed, state: GameState, dragon_track: DragonTrack) -> None:
        self.fixed = fixed
        self.state = state
        self.dragon_track = dragon_track

    def make(self) -> Decision:
        """What the game waits for now: the first task queued, else the phase's (the one place a decision is made).
        """
        s = self.state
        if s.tasks:
            return self._task_decision(s.tasks[0])
        if s.phase == "placing":
            placer = next_placer(s.turn_order, s.beds)
            assert placer is not None, "a game is placing while a dwarf is in its bed"
            color, dwarf = placer
            if color in self.fixed.automa:
                return _automa_turn(color, dwarf)
            return PlaceDecision(color=color, dwarf=dwarf, spaces=self.space_options(color, dwarf))
        if s.phase == "start":
            return StartingRollsDecision(humans=tuple(p.color for p in self.fixed.setup.humans))
        if s.phase == "round_over":
            return NextRoundDecision(round=s.round, order=tuple(s.turn_order))
        if s.phase == "scoring":
            return FINAL_SCORES
        return OVER

    def _task_decision(self, task: dict) -> Decision:
        kind = task["kind"]
        if kind == "question":  # the most frequent first: a game asks about 50 questions
            return QuestionDecision(color=task["color"], question=task["question"], gem_count=task.get("count", 0),
                                    position=task.get("position"), gem=task.get("gem"), card=task.get("card"),
                                    after=tuple(task.get("after", ())))
        if kind == "roll":
            return RollDecision(color=task["color"], threshold=self.dragon_track.threshold())
        if kind == "keep_roll":
            purpose = task.get("purpose", "aggression")
            aggression = purpose == "aggression"
            return KeepRollDecision(color=task["color"], value=task["value"], purpose=purpose,
                                    temple=task.get("temple", True),
                                    threshold=self.dragon_track.threshold() if aggression else None,
                                    black=not aggression and bool(task.get("black")), blind=bool(task.get("blind")))
        return self._attack_decision(task)

    def _attack_decision(self, task: dict) -> AttackDiceDecision | AttackDecision:
        """A dragon attack's: the people's dice (version 4, first), or the axes and the tile."""
        trigger, stage = task["trigger"], task.get("stage")
        rahdo = self.fixed.setup.variant == "rahdo"
        if stage == "dice":
            return AttackDiceDecision(color=trigger, rollers=tuple(task["rollers"]), dice=dict(task["dice"]),
                                      black=rahdo)
        if stage is None:  # versions 1 to 3
            return AttackDecision(color=trigger, dice=dict(task["dice"]), axes=dict(task["axes"]),
                                  black_die=task.get("black_die"))
        dice = task["fight"]["dice"]
        return AttackDecision(color=trigger, dice=dict(dice), axes=dict(task["axes"]),
                              black_die=dice[trigger] if rahdo else None, dice_first=True)

    def space_options(self, color: str, dwarf: int, spell: str | None = None) -> dict[str, Blocked | None]:
        """Every space of this game -> None when ``color #dwarf`` may take it, else the reason why not."""
        options = self.fixed.open_spaces.copy()  # an empty space is open to every dwarf
        for sid, occupant in self.state.board.items():  # every occupant is there: no None to tell apart
            if sid in options:
                options[sid] = occupied_reason(occupant, sid, color, dwarf, spell)
        return options
