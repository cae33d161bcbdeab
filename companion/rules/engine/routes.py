"""The one table that routes an input to the part that takes it, by the input's type and the decision the game
waits for.

An input whose type is not in the table is unknown; one whose type is there but not for the decision waited for
(and that has no ``ANY`` route) is refused with what the game waits for. Spells, special tiles and corrections
may come at any time (``ANY``); so may the golem, between dwarf actions (its part checks when).

>>> sorted(ROUTES["proceed"])
['automa_turn', 'keep_roll', 'next_round', 'roll', 'starting_rolls']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import cast

from companion.rules.engine.decisions import Decision
from companion.rules.engine.inputs import NO_FIELDS, IllegalInput, check_shape
from companion.rules.engine.parts import Parts

Route = Callable[[Parts, dict, Decision], None]

#: The decision kind that stands for "whatever the game waits for".
ANY = "*"


def not_possible(kind: str, decision: Decision) -> IllegalInput:
    return IllegalInput(f"'{kind}' is not possible now: the game waits for {decision.kind}")


def _seat(d: Decision) -> tuple[str, int]:
    """The colour and dwarf a placement decision is for (every ``place`` and ``automa_turn`` decision has both)."""
    assert d.color is not None and d.dwarf is not None, d
    return d.color, d.dwarf


def _color(d: Decision) -> str:
    """The colour a die decision is for (every ``roll`` and ``keep_roll`` decision has one)."""
    assert d.color is not None, d
    return d.color


def _place(p: Parts, inp: dict, d: Decision) -> None:
    if inp.get("golem"):
        return p.placing.golem(inp, d)
    p.placing.human(*_seat(d), inp)


def _golem_only(p: Parts, inp: dict, d: Decision) -> None:
    """A placement while the game waits for something else: only the golem may come between dwarf actions."""
    if not inp.get("golem"):
        raise not_possible("place", d)
    p.placing.golem(inp, d)


def _side(p: Parts, inp: dict, d: Decision) -> None:
    p.side_inputs.side_input(inp["type"], inp, d)


#: input type -> decision kind (or ``ANY``) -> the part that takes it.
ROUTES: dict[str, dict[str, Route]] = {
    "proceed": {
        "automa_turn": lambda p, inp, d: p.automa_turn.place(*_seat(d)),
        "roll": lambda p, inp, d: p.rerolls.human_roll(_color(d), None),
        "keep_roll": lambda p, inp, d: p.rerolls.keep_or_reroll(_color(d), False),
        "next_round": lambda p, inp, d: p.round_flow.next_round(),
        "starting_rolls": lambda p, inp, d: p.round_flow.starting_rolls(inp.get("rolls") or {}),
    },
    "starting_rolls": {"starting_rolls": lambda p, inp, d: p.round_flow.starting_rolls(inp.get("rolls") or {})},
    "place": {"place": _place, ANY: _golem_only},
    "roll": {"roll": lambda p, inp, d: p.rerolls.human_roll(_color(d), inp.get("value"))},
    "reroll": {"keep_roll": lambda p, inp, d: p.rerolls.keep_or_reroll(_color(d), True)},
    "answer": {"question": lambda p, inp, d: p.side_inputs.answer(inp)},
    "attack_input": {"attack": lambda p, inp, d: p.dragon_attack.attack(inp)},
    "game_end": {"final_scores": lambda p, inp, d: p.round_flow.game_end(inp)},
    "spell": {ANY: _side},
    "special_tile": {ANY: _side},
    "correction": {ANY: _side},
}


def route(parts: Parts, inp: dict, decision: Decision) -> None:
    """Check the input's shape and hand it to its part, or raise ``IllegalInput`` (nothing changed yet)."""
    kind = inp.get("type")
    if type(kind) is not str:
        check_shape(inp)  # says what is wrong with the type
    kind = cast(str, kind)
    by_decision: Mapping[str, Route] | None = ROUTES.get(kind)
    if by_decision is None:
        raise IllegalInput(f"unknown input '{kind}'")
    # ``{"type": "place", "space": <a text>}`` alone (the bots' and most taps' placement) has nothing else to
    # check; the inputs of NO_FIELDS have no field to check.
    if kind not in NO_FIELDS and not (kind == "place" and len(inp) == 2 and type(inp.get("space")) is str):
        check_shape(inp)
    handler = by_decision.get(decision.kind) or by_decision.get(ANY)
    if handler is None:
        raise not_possible(kind, decision)
    handler(parts, inp, decision)
