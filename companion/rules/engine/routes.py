"""Which part takes an input: found from the input's class and the decision the game waits for, in one ``match``.

Spells, special tiles and corrections may come at any time (their part checks the game's phase); so may the
golem, between dwarf actions (its part checks when). Any other input the game does not wait for is refused
with what it waits for. The part returns what the step's input event records (None: the input leaves no event,
as a plain "go on"); ``Game`` writes that event.
"""

from __future__ import annotations

from companion.rules.engine.decisions import (
    AttackDecision,
    AttackDiceDecision,
    AutomaTurnDecision,
    Decision,
    FinalScoresDecision,
    KeepRollDecision,
    NextRoundDecision,
    PlaceDecision,
    QuestionDecision,
    RollDecision,
    StartingRollsDecision,
)
from companion.rules.engine.inputs import (
    Answer,
    AttackDice,
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
    match inp, d:  # the most frequent first: a game has about 60 automa turns, 50 answers, 30 placements
        case Proceed(), AutomaTurnDecision():
            parts.automa_turn.place(d.color, d.dwarf)
            return None
        case Answer(), QuestionDecision():
            return parts.side_inputs.answer(inp)
        case Place(golem=True), _:
            return parts.placing.golem(inp, d)
        case Place(), PlaceDecision():
            return parts.placing.human(d.color, d.dwarf, inp)
        case (Proceed() | Roll()), RollDecision():
            return parts.rerolls.human_roll(d.color, inp.value if isinstance(inp, Roll) else None)
        case (Proceed() | Reroll()), KeepRollDecision():
            return parts.rerolls.keep_or_reroll(d.color, isinstance(inp, Reroll))
        case (Proceed() | AttackDice()), AttackDiceDecision():
            return parts.dragon_attack.dice(inp.rolls if isinstance(inp, AttackDice) else {})
        case AttackInput(), AttackDecision():
            return parts.dragon_attack.attack(inp)
        case Proceed(), NextRoundDecision():
            parts.round_flow.next_round()
            return None
        case (Proceed() | StartingRolls()), StartingRollsDecision():
            return parts.round_flow.starting_rolls(inp.rolls if isinstance(inp, StartingRolls) else {})
        case GameEnd(), FinalScoresDecision():
            return parts.round_flow.game_end(inp)
        case Spell(), _:
            return parts.side_inputs.spell(inp)
        case SpecialTile(), _:
            return parts.side_inputs.special_tile(inp)
        case Correction(), _:
            return parts.side_inputs.correction(inp)
    raise IllegalInput("not_now", input=inp.TYPE, waiting=d.kind)
