"""What the game waits for, in words: a decision's prompt, and the question an automa's take asks the table.

>>> from companion.rules.engine.decisions import KeepRollDecision, QuestionDecision
>>> prompt(KeepRollDecision(color="blue", value=5, purpose="aggression", temple=True, threshold=4))
'Blue rolled 5: keep it or re-roll (Temple)?'
>>> prompt(QuestionDecision(color="red", question="gems", gem_count=2), Names({"blue": "Ann"}))
'Red automa: which 2 gems does it take? You choose the colours.'
>>> question(QuestionDecision(color="red", question="dwarf_king", position=2))
'discard the achievement in position 2 (from the left): how many points is it worth?'
"""

from __future__ import annotations

from companion.rules.automa.choices import TUNNEL_PRICES
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
from companion.rules.words.names import NO_NAMES, Names, colour
from companion.rules.words.plural import count


def prompt(d: Decision, names: Names = NO_NAMES) -> str:
    """The decision ``d`` as one line ("Blue #2 places", "Red automa: which 2 gems does it take? ..."), with the
    game's ``names`` for its people."""
    match d:
        case PlaceDecision():
            return f"{names.who(d.color)} #{d.dwarf} places"
        case AutomaTurnDecision():
            return f"{colour(d.color)} automa places #{d.dwarf}"
        case QuestionDecision():
            return f"{colour(d.color)} automa: {question(d)}"
        case RollDecision():
            return f"{names.who(d.color)} rolls for the dragon"
        case KeepRollDecision() if d.purpose == "aggression":
            return f"{names.who(d.color)} rolled {d.value}: keep it or re-roll (Temple)?"
        case KeepRollDecision():
            die = "the black die" if d.black else "the fight die"
            return f"{names.who(d.color)} rolled {d.value} on {die}: keep it, or re-roll it first?"
        case AttackDiceDecision() if d.black:
            return f"The dragon attacks: {names.who(d.color)} rolls the black die first"
        case AttackDiceDecision():
            return "The dragon attacks: roll the dice first"
        case AttackDecision() if d.dice_first:  # rules version 4: the dice are rolled already
            return "The dragon attacks: axes in turn order, then the tile"
        case AttackDecision():
            return "The dragon attacks!"
        case StartingRollsDecision():
            return "Roll for the starting turn order"
        case NextRoundDecision():
            return f"Round {d.round} is over: reset the board"
        case FinalScoresDecision():
            return "Score the game"
    return "The game is over"


def question(d: QuestionDecision) -> str:
    """What an automa's take asks the table (read after "Red automa: ")."""
    match d.question:
        case "gems":
            return f"which {count(d.gem_count, 'gem')} does it take? You choose the colours."
        case "dwarf_king":
            return f"discard the achievement in position {d.position} (from the left): how many points is it worth?"
        case "gem_market":
            return f"discard the {d.gem} contract above the gold icon: how many coins are on it?"
        case "tunnel":
            price = TUNNEL_PRICES.get(d.position or 0)
            return (f"take the mine tile that costs {price}: which tile is it (the app keeps it and its gems; set "
                    "the tile aside face down)?")
    return f"discard the spell in position {d.position} (from the left): which spell?"
