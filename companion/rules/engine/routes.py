"""Which part takes an input: found from the input's class and the decision the game waits for, in one ``match``.

Spells, special tiles and corrections may come at any time (their part checks the game's phase); so may the
golem, between dwarf actions (its part checks when). Any other input the game does not wait for is refused
with what it waits for. The part returns what the step's input event records (None: the input leaves no event,
as a plain "go on"); ``Game`` writes that event.
"""

from __future__ import annotations

from companion.rules.engine.decisions import Decision
from companion.rules.engine.inputs import (
    Answer,
    AttackInput,
    Correction,
    GameEnd,
    Input,
    Place,
    Proceed,
    Reroll,
    Roll,
    SpecialTile,
    Spell,
    StartingRolls,
)
from companion.rules.engine.parts import Parts
from companion.rules.engine.refusals import IllegalInput
from companion.rules.engine.step_log import Recorded


def route(parts: Parts, inp: Input, d: Decision) -> Recorded | None:
    """Hand ``inp`` to the part that takes it while the game waits for ``d`` (or raise ``IllegalInput``); returns
    what its input event records."""
    match inp, d.kind:
        case Place(golem=True), _:
            return parts.placing.golem(inp, d)
        case Place(), "place":
            return parts.placing.human(_color(d), _dwarf(d), inp)
        case Proceed(), "automa_turn":
            parts.automa_turn.place(_color(d), _dwarf(d))
            return None
        case Answer(), "question":
            return parts.side_inputs.answer(inp)
        case (Proceed() | Roll()), "roll":
            return parts.rerolls.human_roll(_color(d), inp.value if isinstance(inp, Roll) else None)
        case (Proceed() | Reroll()), "keep_roll":
            return parts.rerolls.keep_or_reroll(_color(d), isinstance(inp, Reroll))
        case AttackInput(), "attack":
            return parts.dragon_attack.attack(inp)
        case Proceed(), "next_round":
            parts.round_flow.next_round()
            return None
        case (Proceed() | StartingRolls()), "starting_rolls":
            return parts.round_flow.starting_rolls(inp.rolls if isinstance(inp, StartingRolls) else {})
        case GameEnd(), "final_scores":
            return parts.round_flow.game_end(inp)
        case Spell(), _:
            return parts.side_inputs.spell(inp)
        case SpecialTile(), _:
            return parts.side_inputs.special_tile(inp)
        case Correction(), _:
            return parts.side_inputs.correction(inp)
    raise IllegalInput("not_now", input=inp.TYPE, waiting=d.kind)


def _color(d: Decision) -> str:
    """The colour of a decision that has one (a placement, an automa's turn, a die)."""
    assert d.color is not None, d
    return d.color


def _dwarf(d: Decision) -> int:
    """The dwarf of a placement decision."""
    assert d.dwarf is not None, d
    return d.dwarf
