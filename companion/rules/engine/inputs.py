"""What an input may be: its type, the JSON shape of its fields, and the error an input the rules refuse raises.

Every part raises ``IllegalInput``; ``check_shape`` runs first, in ``routes.route``, so that a record's input of
the wrong shape is refused like any other input instead of failing inside a part.
"""

from __future__ import annotations

from collections.abc import Mapping

INPUT_TYPES = frozenset(
    {
        "starting_rolls",
        "place",
        "roll",
        "reroll",
        "answer",
        "attack_input",
        "game_end",
        "spell",
        "special_tile",
        "correction",
    }
)


class IllegalInput(ValueError):
    """An input the rules do not allow at this point. Its message is one line for the player."""


# The JSON type of each field an input may carry (None: the field may be left out). Values are checked by the
# rules further on; this only makes sure that a record's input of the wrong shape is refused like any other
# input the rules do not allow, instead of failing inside the engine.
_INT, _STR, _MAP, _LIST = "a whole number", "a text", "an object", "a list"
_SHAPES: dict[str, dict[str, str]] = {
    "starting_rolls": {"rolls": _MAP},
    "place": {"space": _STR, "spell": _STR, "color": _STR, "roll": _STR},
    "roll": {"value": _INT},
    "attack_input": {"tile": _MAP, "players": _MAP, "automa_axes": _MAP, "black_die": _INT},
    "spell": {"color": _STR, "spell": _STR, "direction": _INT, "value": _INT},
    "special_tile": {"color": _STR, "tile": _STR},
    "correction": {"target": _STR, "color": _STR, "gem": _STR, "value": _INT},
    "game_end": {"scores": _MAP, "sheet": _MAP},
}


_TYPES = {_STR: str, _MAP: Mapping, _LIST: list}
#: Input types with no field to check: for them ``check_shape`` only checks that the type is a text.
NO_FIELDS = frozenset({"proceed", "answer", "reroll"})


def _is(value, shape: str) -> bool:
    if shape == _INT:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, _TYPES[shape])


def check_shape(inp: Mapping) -> None:
    """Raise IllegalInput when an input's fields are not of the JSON types the engine reads."""
    kind = inp.get("type")
    if not isinstance(kind, str):
        raise IllegalInput("type: the input's type must be a text")
    shapes = _SHAPES.get(kind)
    if shapes is None:  # proceed, answer, reroll: no field to check here
        return
    for name, shape in shapes.items():
        value = inp.get(name)
        if value is not None and not _is(value, shape):
            raise IllegalInput(f"{name}: expected {shape}")
    if kind == "starting_rolls":
        for color, value in (inp.get("rolls") or {}).items():
            if value is not None and not _is(value, _INT):
                raise IllegalInput(f"rolls.{color}: expected {_INT}")
    if kind == "attack_input":
        _check_attack_input(inp)


def _check_attack_input(inp: Mapping) -> None:
    """The fight's nested fields: each player's die, axes and spells, each automa's axes total."""
    for color, entry in (inp.get("players") or {}).items():
        if not isinstance(entry, Mapping):
            raise IllegalInput(f"players.{color}: expected {_MAP}")
        for name in ("die", "axes"):
            if entry.get(name) is not None and not _is(entry[name], _INT):
                raise IllegalInput(f"players.{color}.{name}: expected {_INT}")
        if not isinstance(entry.get("spells", []), list):
            raise IllegalInput(f"players.{color}.spells: expected {_LIST}")
    for color, total in (inp.get("automa_axes") or {}).items():
        if total is not None and not _is(total, _INT):
            raise IllegalInput(f"automa_axes.{color}: expected {_INT}")
