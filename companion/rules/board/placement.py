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
from typing import Literal, NamedTuple

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


#: Why a dwarf may not take a space (``Blocked.why``).
BlockedWhy = Literal["locked", "sacrifice_own", "sacrifice_smaller", "own", "higher"]


class Blocked(NamedTuple):
    """Why a dwarf (``dwarf``: its beard) may not take a space ``occupant`` holds: ``locked`` (a tavern space),
    ``sacrifice_own`` (Blood Sacrifice takes only its player's own dwarf), ``sacrifice_smaller`` (... with a
    smaller beard), ``own`` (its player's own dwarf or golem), ``higher`` (a dislodge needs a higher beard).
    ``companion.rules.words.refusals.blocked`` words it; a NamedTuple, so a reason is never false."""

    why: BlockedWhy
    occupant: Occupant
    dwarf: int


def blocked_reason(
    occupant: Occupant | None, space: str, color: str, dwarf: int, spell: str | None = None
) -> Blocked | None:
    """Why ``color #dwarf`` may not take ``space`` (None when it may)."""
    if occupant is None:
        return None
    return occupied_reason(occupant, space, color, dwarf, spell)


@lru_cache(maxsize=8192)
def occupied_reason(occupant: Occupant, space: str, color: str, dwarf: int, spell: str | None) -> Blocked | None:
    """``blocked_reason`` for an occupied space, every argument given. Kept once worked out (a pure function of
    its arguments, all immutable): a game asks about 250 times, mostly of the same few occupants. At most
    8,192 kept: a whole game makes a few hundred. Its dwarf numbers are the engine's own ints (never a bool or a
    float, which the cache would take for the same number)."""
    if space in LOCKED_SPACES:
        return Blocked("locked", occupant, dwarf)
    own = occupant.color == color
    if spell == "blood_sacrifice":
        if not own or occupant.golem:
            return Blocked("sacrifice_own", occupant, dwarf)
        if occupant.dwarf >= dwarf:
            return Blocked("sacrifice_smaller", occupant, dwarf)
        return None
    if own:
        return Blocked("own", occupant, dwarf)
    if spell == "grow_beard":
        return None
    if occupant.dwarf >= dwarf:
        return Blocked("higher", occupant, dwarf)
    return None


def skip_reason(why: Blocked) -> str:
    """Why an automa's card skipped a space, as its ``place`` event records it (``skipped``: ``why``): the
    record's own text, which never changes (a screen words ``Blocked`` itself)."""
    match why.why:
        case "locked":
            return f"held by {why.occupant.label} in the tavern (locked)"
        case "own":
            return f"held by its own {'golem' if why.occupant.golem else f'#{why.occupant.dwarf}'}"
    return f"held by {why.occupant.label}: a dislodge needs a higher number"
