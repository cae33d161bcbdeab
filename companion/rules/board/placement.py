"""Dwarf placement: who places next, and which spaces a dwarf may take.

Rules (base rulebook, "Dwarf Actions" and "Action Space Dislodging"; expansion spells):
- the lowest beard number still in a bed places next; ties go by turn order;
- a dwarf may take an empty space, or dislodge another player's dwarf with a strictly lower number, never its
  own player's dwarf and never from a tavern space (they are locked);
- Grow Beard lets a dwarf dislodge an opponent whatever the numbers (the golem included); the tavern stays
  locked (the app's reading: the spell changes beard length, not the lock);
- Blood Sacrifice lets a dwarf dislodge its own player's dwarf with a smaller beard; that dwarf is captured.

>>> next_placer(["blue", "green", "yellow", "red"], {"blue": {2, 3}, "green": {2}, "yellow": {2}, "red": {1, 2}})
('red', 1)
>>> next_placer(["blue", "green", "yellow", "red"], {"blue": {2, 3}, "green": {2}, "yellow": {2}, "red": {2}})
('blue', 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache

from companion.rules.board.occupants import Occupant
from companion.rules.board.spaces import SPACES

SPELLS_FOR_PLACEMENT = ("grow_beard", "blood_sacrifice")
#: The tavern spaces, whose dwarves are locked (read once from the board: a game asks a few hundred times).
LOCKED_SPACES = frozenset(sid for sid, sp in SPACES.items() if sp.locked)


def next_placer(turn_order: Iterable[str], beds: Mapping[str, Iterable[int]]) -> tuple[str, int] | None:
    """The (color, beard) that places next, or None when every bed is empty."""
    best: str | None = None
    best_low = 0
    for color in turn_order:
        waiting = beds.get(color)
        if waiting:
            low = min(waiting)
            if best is None or low < best_low:
                best, best_low = color, low
    return None if best is None else (best, best_low)


def blocked_reason(
    occupant: Occupant | None, space: str, color: str, dwarf: int, spell: str | None = None, whose: str = "your"
) -> str | None:
    """Why ``color #dwarf`` may not take ``space`` (None when it may). The reason is shown to the player;
    ``whose`` is "its" when it is said of an automa."""
    if occupant is None:
        return None
    return occupied_reason(occupant, space, color, dwarf, spell, whose)


@lru_cache(maxsize=8192)
def occupied_reason(
    occupant: Occupant, space: str, color: str, dwarf: int, spell: str | None, whose: str
) -> str | None:
    """``blocked_reason`` for an occupied space, every argument given. Kept once worked out (a pure function of
    its arguments, all immutable): a game asks about 250 times, mostly of the same few occupants, and writing
    out a reason was most of the cost of a placement decision; the engine's loops over occupied
    spaces call this directly. At most 8,192 kept: a whole game makes a few hundred. Its dwarf numbers are the
    engine's own ints (never a bool or a float, which the cache would take for the same number)."""
    if space in LOCKED_SPACES:
        return f"held by {occupant.label} in the tavern (locked)"
    own = occupant.color == color
    if spell == "blood_sacrifice":
        if not own or occupant.golem:
            return "Blood Sacrifice only dislodges your own dwarf"
        if occupant.dwarf >= dwarf:
            return f"Blood Sacrifice needs a smaller beard than #{dwarf}"
        return None
    if own:
        return f"held by {whose} own {'golem' if occupant.golem else f'#{occupant.dwarf}'}"
    if spell == "grow_beard":
        return None
    if occupant.dwarf >= dwarf:
        return f"held by {occupant.label}: a dislodge needs a higher number"
    return None
