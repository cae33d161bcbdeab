"""One-tap answers to an automa's question: which chips the question form shows, and what each answer costs in taps.

Flet-free, so the form (``companion/ui/round/forms/question.py``) and the tap benchmark (``tests/bench/taps.py``)
read the same choices: a count there is the count of the controls here.

- a number: a row of chips 0-9, the last answer given to the same question first when it is not among them;
  above 9, "More" opens a stepper that starts at 10 (one tap for More, one per step, one for OK);
- gems: every combination of colours as one chip when the automa takes one or two (the usual case); for more,
  one chip per gem, the answer sent with the last one, or one chip for "all of a colour";
- a tile: its gem and its count as one chip (a row a colour, 1 to 4 gems, "5+" opens a stepper), each special
  tile a chip;
- a spell: a chip each.

>>> number_chips(None)
[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
>>> number_chips(12)[:2]
[12, 0]
>>> gem_combinations(("ruby", "mana"), 2)
[('ruby', 'ruby'), ('ruby', 'mana'), ('mana', 'mana')]
>>> taps({"kind": "number"}, 4), taps({"kind": "number"}, 12), taps({"kind": "number"}, 12, last=12)
(1, 4, 1)
>>> taps({"kind": "gems", "count": 2}, ["ruby", "mana"]), taps({"kind": "gems", "count": 3}, ["ruby", "mana", "ruby"])
(1, 3)
>>> taps({"kind": "tile"}, {"kind": "gem", "gem": "ruby", "gems": 6})
3
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations_with_replacement

#: Numbers answered by one chip; a larger one goes through "More" and a stepper from ``CHIP_MAX + 1``.
CHIP_MAX = 9
#: The most gems a chip combination is offered for (the Mine and most taverns give two).
COMBINATION_MAX = 2
#: Gem tiles with this many gems or fewer are one chip; more go through "5+" and a stepper.
TILE_CHIP_MAX = 4


def number_chips(last: int | None) -> list[int]:
    """The chips of a number question: 0-9, with the last answer to the same question first if it is above 9."""
    chips = list(range(CHIP_MAX + 1))
    if last is not None and last > CHIP_MAX:
        chips.insert(0, last)
    return chips


def gem_combinations(colours: Sequence[str], count: int) -> list[tuple[str, ...]]:
    """Every choice of ``count`` gems from ``colours`` (order does not matter), as chips; [] when too many."""
    if not 1 <= count <= COMBINATION_MAX:
        return []
    return list(combinations_with_replacement(colours, count))


def tile_counts() -> list[int]:
    """The gem counts offered as chips in each colour's row."""
    return list(range(1, TILE_CHIP_MAX + 1))


def last_answer(events: Sequence[Mapping], question: str):
    """The value last given to ``question`` in this game (None if never asked)."""
    for e in reversed(events):
        if e.get("type") == "answer" and e.get("question") == question:
            return e.get("value")
    return None


def taps(question: Mapping, value, last=None) -> int:
    """Taps the question form needs to answer ``value`` (``question``: kind, and count for gems)."""
    kind = question["kind"]
    if kind == "number":
        if value in number_chips(last if isinstance(last, int) else None):
            return 1
        return 1 + (value - (CHIP_MAX + 1)) + 1  # More, steps up from 10, OK
    if kind == "gems":
        count = question["count"]
        if gem_combinations(("x",), count) or len(set(value)) == 1:
            return 1  # a combination chip, or "all of a colour"
        return count  # one chip per gem, sent with the last
    if kind == "tile":
        if value.get("kind") == "gem" and value["gems"] > TILE_CHIP_MAX:
            return 1 + (value["gems"] - (TILE_CHIP_MAX + 1)) + 1  # 5+, steps up from 5, OK
        return 1
    return 1  # a spell chip
