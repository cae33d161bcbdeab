"""Turn order: from the starting dice, and from the tavern at the end of every round.

The tavern's spaces are read top to bottom; a player's topmost tavern dwarf counts; players with no dwarf in
the tavern keep their relative order behind those who have one.

Set Turn Order Example (base rulebook): yellow on tavern 2, green on tavern 4, order blue, red, green, yellow.
>>> from_tavern(["blue", "red", "green", "yellow"], {"tavern_2": "yellow", "tavern_4": "green"})
['yellow', 'green', 'blue', 'red']

Example 2: green on tavern 1 and 4, blue on tavern 2; red was ahead of yellow and stays so:
>>> from_tavern(["red", "yellow", "blue", "green"], {"tavern_1": "green", "tavern_2": "blue", "tavern_4": "green"})
['green', 'blue', 'red', 'yellow']

>>> order_from_rolls({"blue": 4, "red": 6, "green": 2})
['red', 'blue', 'green']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.rules.board.spaces import TAVERN_SPACES


def from_tavern(order: Sequence[str], tavern: Mapping[str, str]) -> list[str]:
    """The next round's order. ``tavern`` maps tavern space id -> colour of the player standing there."""
    first: list[str] = []
    for space in TAVERN_SPACES:
        color = tavern.get(space)
        if color is not None and color not in first:
            first.append(color)
    return first + [c for c in order if c not in first]


def tied_groups(rolls: Mapping[str, int | tuple[int, ...]]) -> list[list[str]]:
    """Groups of players whose starting rolls tie: each group re-rolls."""
    by_value: dict[int | tuple[int, ...], list[str]] = {}
    for color, value in rolls.items():
        by_value.setdefault(value, []).append(color)
    return [group for group in by_value.values() if len(group) > 1]


def order_from_rolls(rolls: Mapping[str, int | tuple[int, ...]]) -> list[str]:
    """Highest roll first. Rolls must be free of ties (re-roll them first).

    A player's rolls may be a tuple (first roll, then the re-rolls of each tie): the first roll ranks, a
    re-roll only orders the players it was tied with (base rulebook: "Re-roll all ties").

    >>> order_from_rolls({"blue": (5, 1), "yellow": (5, 2), "red": (2,)})
    ['yellow', 'blue', 'red']
    """
    if tied_groups(rolls):
        raise ValueError("tied rolls must be re-rolled first")
    return sorted(rolls, key=lambda c: rolls[c], reverse=True)
